"""What is compiled once and kept (notation/programs.py): a regular expression made from
its kept program is the pattern ``re.compile`` makes, a kept code object the code
``compile`` makes; a later run takes them from the file without compiling; a damaged
file or no cache folder only means compiling again."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from notation.programs import kept_code, kept_regexp

ROOT = Path(__file__).resolve().parent.parent

# Patterns of every kind the engine has: groups named and not, back references, look
# arounds, possessive and lazy repeats, atomic groups, conditionals, classes and flags.
PATTERNS: list[tuple[str, int]] = [
    (r"(?P<rank>[0-9]{1,2}|[JQKA])(?P<suit>[SHCD])", 0),
    (r"(a)(?:b|c)*+\1(?=d)(?<!x)e{2,}?", 0),
    (r"(?>ab|a)c|(x)?(?(1)y|z)", 0),
    (r"[^\s0-9{}()\[\]/:;$@!?\"w][^\s]*\s*", re.IGNORECASE),
    (r"无主|[♠♤♥♡♣♧♦♢]|\w+", re.IGNORECASE | re.UNICODE),
    (r"^ a  b # spaced \n $", re.VERBOSE | re.MULTILINE),
    (r".+", re.DOTALL | re.ASCII),
    (r"\bdeal\b(?i:deck)", 0),
]
TEXTS = ["QS", "10h", "abcbad", "abce", "xy", "z", "won by 2", "无主 ♠", " a b\n", "deal DECK"]


def _same(pattern: str, flags: int) -> None:
    made = kept_regexp(pattern, flags)
    plain = re.compile(pattern, flags)
    assert made == plain  # a pattern's equality compares text, flags and program
    assert (made.flags, made.groups, made.groupindex) == (
        plain.flags,
        plain.groups,
        plain.groupindex,
    )
    for text in TEXTS:
        assert [m.span() for m in made.finditer(text)] == [m.span() for m in plain.finditer(text)]


@pytest.mark.parametrize(("pattern", "flags"), PATTERNS)
def test_a_kept_pattern_is_the_pattern_re_compiles(pattern: str, flags: int) -> None:
    _same(pattern, flags)


def test_the_lexers_terminals_are_kept_as_re_compiles_them() -> None:
    from notation.psn.grammar import fast_parser
    from notation.psn.plain import ascii_regexp

    lexer = fast_parser().parser.lexer
    for terminal in lexer.root_lexer.terminals:
        regexp = terminal.pattern.to_regexp()
        _same(regexp, 0)
        _same(ascii_regexp(regexp), 0)


def test_kept_code_is_the_code_compile_makes() -> None:
    source = "def __init__(self, _0):\n    _set(self, 'a', _0)\n"
    assert kept_code(source, "<string>") == compile(source, "<string>", "exec", dont_inherit=True)


# A later run: compiling refused, everything must come from the file.
_LATER = """
import re, re._compiler, builtins, sys
sys.path.insert(0, {root!r})
from tests.test_programs import PATTERNS
from notation.programs import kept_code, kept_regexp
def refused(*args, **kwargs):
    raise AssertionError("compiled again")
real_compile, real_builtin = re._compiler.compile, builtins.compile
re._compiler.compile = refused
builtins.compile = refused
made = [kept_regexp(p, f) for p, f in PATTERNS]
code = kept_code({source!r}, "<string>")
re._compiler.compile, builtins.compile = real_compile, real_builtin
assert made == [re.compile(p, f) for p, f in PATTERNS]
assert code == compile({source!r}, "<string>", "exec", dont_inherit=True)
print("from the file")
"""
_FIRST = """
import sys
sys.path.insert(0, {root!r})
from tests.test_programs import PATTERNS
from notation.programs import kept_code, kept_regexp
for p, f in PATTERNS:
    kept_regexp(p, f)
kept_code({source!r}, "<string>")
"""


def _run(code: str, cache: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k != "SHENGJI_NO_CACHE"}
    environ.update(XDG_CACHE_HOME=str(cache), **env)
    source = "x = 1\n"
    return subprocess.run(
        [sys.executable, "-c", code.format(root=str(ROOT), source=source)],
        capture_output=True,
        text=True,
        env=environ,
        check=False,
    )


def test_a_later_run_takes_them_from_the_file_without_compiling(tmp_path: Path) -> None:
    first = _run(_FIRST, tmp_path)
    assert first.returncode == 0, first.stderr
    kept = list((tmp_path / "shengji").glob("programs-python-*.marshal"))
    assert len(kept) == 1
    later = _run(_LATER, tmp_path)
    assert later.returncode == 0, later.stderr
    assert later.stdout.strip() == "from the file"


def test_a_damaged_file_is_compiled_again_and_written_anew(tmp_path: Path) -> None:
    assert _run(_FIRST, tmp_path).returncode == 0
    (kept,) = (tmp_path / "shengji").glob("programs-python-*.marshal")
    kept.write_bytes(b"\x00not marshal")
    damaged = _run(_FIRST, tmp_path)
    assert damaged.returncode == 0, damaged.stderr
    assert damaged.stderr == ""
    later = _run(_LATER, tmp_path)
    assert later.stdout.strip() == "from the file", later.stderr


def test_without_a_cache_folder_nothing_is_written(tmp_path: Path) -> None:
    done = _run(_FIRST, tmp_path, SHENGJI_NO_CACHE="1")
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "shengji").exists() or not list((tmp_path / "shengji").iterdir())
