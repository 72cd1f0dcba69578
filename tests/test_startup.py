"""Start-up: a command imports what it needs and no more, the parser's analysis is kept
between runs in a private cache, and the default -j starts no pool for a small input."""

from __future__ import annotations

import argparse
import os
import stat
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

from notation.cli import build_parser, command_of
from notation.cli.validate import POOL_MIN_BYTES, local_jobs
from notation.resources import cache_dir

ROOT = Path(__file__).resolve().parent.parent
ONE_HAND = ROOT / "examples/teaching/11-kitty-qq-single.psn"


@pytest.mark.parametrize(
    ("words", "command"),
    [
        (["validate", "x.psn"], "validate"),
        (["--lang", "zh", "validate", "x.psn"], "validate"),
        (["--lang", "validate", "fmt"], "fmt"),  # a --lang value is not the command
        (["show", "x.psn"], "show"),
        (["--version"], ""),
        (["--help"], None),
        (["-h", "validate"], None),
        (["nosuch"], None),
        ([], None),
    ],
)
def test_the_command_a_line_names_is_found_before_parsing(
    words: list[str], command: str | None
) -> None:
    assert command_of(words) == command


def test_a_parser_for_one_command_reads_it_as_the_whole_parser_does() -> None:
    words = ["validate", "a.psn", "-j", "1", "--lang", "zh", "--rules-dir", "d"]
    whole = vars(build_parser("en").parse_args(words))
    alone = vars(build_parser("en", "validate").parse_args(words))
    assert whole == alone
    shown = build_parser("en", "show")  # the report's module makes both report and show
    assert shown.parse_args(["show", "x.psn"]).command == "show"
    assert shown.parse_args(["report", "x.psn"]).command == "report"
    with pytest.raises(SystemExit):
        shown.parse_args(["validate", "x.psn"])  # not registered: its module not imported


def _said(code: str, cache: Path | None = None) -> list[str]:
    """The lines ``code`` prints, run in a fresh interpreter from the repository (with
    ``cache`` as the user's cache folder, kept files allowed)."""
    env = dict(os.environ)
    if cache is not None:
        env["XDG_CACHE_HOME"] = str(cache)
        env.pop("SHENGJI_NO_CACHE", None)
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT, env=env
    )
    return done.stdout.splitlines()


def _last_line(code: str) -> str:
    """The last line ``code`` prints (see :func:`_said`)."""
    return _said(code)[-1]


def test_validate_imports_none_of_the_other_commands_modules() -> None:
    code = (
        "import sys\n"
        "from notation.cli import main\n"
        f"status = main(['validate', {str(ONE_HAND)!r}])\n"
        "wanted = ('notation', 'concurrent.futures.process')\n"
        "loaded = sorted(m for m in sys.modules if m.startswith(wanted))\n"
        "print(status, ' '.join(loaded))\n"
    )
    out = _last_line(code)
    status, *loaded = out.split()
    assert status == "0"
    for heavy in (
        "notation.analysis.evaluate",
        "notation.handout",
        "notation.image",
        "notation.stats",
        "notation.simulate",
        "notation.cli.analyze",
        "notation.cli.export",
        "concurrent.futures.process",  # no pool for one small file
        "notation.corpus",  # nor the batches' machinery
    ):
        assert heavy not in loaded, heavy


def _args(jobs: int = 0, executor: str = "local") -> argparse.Namespace:
    return argparse.Namespace(jobs=jobs, executor=executor, scheduler=None)


def test_the_default_jobs_start_no_pool_for_a_small_input(tmp_path: Path) -> None:
    small = tmp_path / "small.psn"
    small.write_text("x" * 1000)
    big = tmp_path / "big.psn"
    with big.open("wb") as f:
        f.truncate(POOL_MIN_BYTES)  # its size is what counts
    assert local_jobs(_args(), [small]) == 1
    assert local_jobs(_args(), [small, tmp_path / "missing.psn"]) == 1
    assert local_jobs(_args(), [small, big]) == 0  # every core
    assert local_jobs(_args(jobs=3), [small]) == 3  # -j is obeyed
    assert local_jobs(_args(executor="dask"), [small]) == 0


def test_the_cache_folder_is_private_and_refused_if_others_may_write_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SHENGJI_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    folder = cache_dir()
    assert folder == tmp_path / "shengji"
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    os.chmod(folder, 0o777)
    assert cache_dir() is None  # another user could have put a pickle there
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")
    assert cache_dir() is None
    monkeypatch.setenv("SHENGJI_NO_CACHE", "1")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "other"))
    assert cache_dir() is None


def test_the_exact_parser_read_back_from_the_cache_still_has_no_fast_forms(
    tmp_path: Path,
) -> None:
    # lark leaves edit_terminals out of its cache key: the exact parser has its own file.
    code = (
        "from notation.psn.grammar import exact_parser, fast_parser\n"
        "fast = {t.name: t.pattern.value for t in fast_parser().terminals}\n"
        "exact = {t.name: t.pattern.value for t in exact_parser().terminals}\n"
        "print(fast['TRICKS'] != '(?!)x', exact['TRICKS'] == '(?!)x')\n"
    )
    for _ in range(2):  # made, then read back from the cache
        assert _said(code, tmp_path)[-1].split() == ["True", "True"]
    assert len(list((tmp_path / "shengji").glob("*.lark-cache"))) == 2


_PRESETS_SAID = (
    "import sys\n"
    "from notation.presets import load_ruleset, preset_names\n"
    "for name in preset_names():\n"
    "    print(repr(load_ruleset(name)))\n"
    "print('yaml' in sys.modules)\n"
)


def _presets_said(cache: Path) -> list[str]:
    return _said(_PRESETS_SAID, cache)


def test_a_preset_kept_from_its_yaml_is_read_back_the_same_without_yaml(tmp_path: Path) -> None:
    # The first start reads every preset's YAML and keeps its tree (JSON); the next reads
    # the same rule sets from what was kept, without importing PyYAML (13 ms a start).
    *first, first_yaml = _presets_said(tmp_path)
    *again, again_yaml = _presets_said(tmp_path)
    assert (first_yaml, again_yaml) == ("True", "False")
    assert again == first and len(first) == len(list((ROOT / "notation/presets").glob("*.yaml")))
    kept = sorted((tmp_path / "shengji").glob("preset-*.json"))
    assert len(kept) == len(first)
    broken = ['{"name": "qq", "cards": []}', "{not json", "[" * 990 + "]" * 990, "[]"]
    for n, path in enumerate(kept):  # broken, or another tree: read from the YAML again
        path.write_text(broken[n % len(broken)], encoding="utf-8")
    *again, again_yaml = _presets_said(tmp_path)
    assert again == first and again_yaml == "True"


def test_a_new_version_s_kept_presets_remove_old_versions_files_of_ours_only(
    tmp_path: Path,
) -> None:
    # Files of older versions (other digests) not written for over 30 days go when a
    # preset's tree is kept; recent ones stay (another version in use); so does every
    # file shengji did not name, and a link of our naming (its target untouched).
    folder = tmp_path / "shengji"
    folder.mkdir(mode=0o700)
    old, recent = "0" * 20, "1" * 20
    gone = [
        f"preset-qq-{old}.json",
        f"preset-qq-super-{old}.json",
        f"psn-fast-{old}.lark-cache",
        f"psn-exact-{old}.lark-cache",
        f"preset-qq-{old}.json.123.part",
    ]
    kept = [
        f"preset-qq-{recent}.json",
        f"psn-fast-{recent}.lark-cache",
        "notes.txt",
        f"preset-qq-{old}.yaml",
        f"mine-{old}.json",
        f"preset-qq-{old}.json.bak",
    ]
    outside = tmp_path / "elsewhere.json"
    outside.write_text("{}", encoding="utf-8")
    (folder / f"preset-link-{old}.json").symlink_to(outside)
    month_ago = time.time() - 31 * 86400
    for name in gone + kept:
        (folder / name).write_text("{}", encoding="utf-8")
        if recent not in name:
            os.utime(folder / name, (month_ago, month_ago))
    os.utime(outside, (month_ago, month_ago))
    os.utime(folder / f"preset-link-{old}.json", (month_ago, month_ago), follow_symlinks=False)
    _presets_said(tmp_path)
    left = {p.name for p in folder.iterdir()}
    assert not left & set(gone)
    assert set(kept) | {f"preset-link-{old}.json"} <= left
    assert outside.read_text(encoding="utf-8") == "{}"
    assert (
        len([n for n in left if n.startswith("preset-") and n.endswith(".json")])
        == len(list((ROOT / "notation/presets").glob("*.yaml"))) + 2
    )  # this version's, the recent one, the link


def test_a_new_grammar_alone_removes_the_old_versions_parsers(tmp_path: Path) -> None:
    # lark writes its own cache file: when this version's is not there yet (a new grammar
    # or lark, the presets unchanged and already kept), old versions' parsers go.
    code = "from notation.psn.grammar import fast_parser\nfast_parser()\n"
    _said(_PRESETS_SAID + code, tmp_path)  # this version's presets and parser kept
    folder = tmp_path / "shengji"
    (current,) = folder.glob("psn-fast-*.lark-cache")
    month_ago = time.time() - 31 * 86400
    old = [folder / f"psn-fast-{'0' * 20}.lark-cache", folder / f"psn-exact-{'0' * 20}.lark-cache"]
    for path in old:
        path.write_text("{}", encoding="utf-8")
        os.utime(path, (month_ago, month_ago))
    presets = sorted(folder.glob("preset-*.json"))
    _said(code, tmp_path)  # this version's parser still there: nothing is looked at
    assert all(path.exists() for path in old)
    current.unlink()  # as a new grammar's first start finds it
    _said(code, tmp_path)
    assert not any(path.exists() for path in old)
    assert current.exists() and sorted(folder.glob("preset-*.json")) == presets


def test_the_command_imports_with_the_collector_off_and_turns_it_on_again() -> None:
    # ``shengji`` (and ``python -m notation``) import the command's modules with the
    # garbage collector off (what they make lives as long as the process), then set it
    # all aside from the collector and turn the collector on for the hands.
    code = (
        "import gc, sys\n"
        f"sys.argv = ['shengji', 'validate', {str(ONE_HAND)!r}]\n"
        "from notation.__main__ import main\n"
        "status = main()\n"
        "print(status, 'notation.cli' in sys.modules, gc.isenabled(), gc.get_freeze_count())\n"
    )
    out = _last_line(code)
    status, imported, enabled, frozen = out.split()
    assert (status, imported, enabled) == ("0", "True", "True")
    assert int(frozen) > 10_000  # the modules and classes start-up made
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert scripts["project"]["scripts"]["shengji"] == "notation.__main__:main"
