"""The command line's own words in Chinese: every command's ``--help``, argparse's usage
and error lines, and the errors of the options' values; laid out by the columns a
terminal gives each character.

A Chinese player typing ``shengji validate --help --lang zh`` reads no English sentence
(``english_in``: a run of three English words): option names, their choices, the JSON
keys of judge's and solve's protocol, paths and file patterns are what is typed, not
prose, and are taken out before the search.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.cli import COMMANDS, build_parser, main
from notation.cli.columns import display_width, wrap_display
from notation.cli.language import (
    Said,
    argparse_in,
    argparse_words,
    lang_of,
    parser_texts,
)
from notation.messages import has, keys, template
from tests.test_messages import english_in

# argparse's words about a parser built wrongly (a bug of ours, never the user's) and
# about FileType and Action internals we do not use: not translated.
_NOT_FOR_USERS = {
    ".__call__() not defined",
    'argument "-" with mode %r',
    "cannot have multiple subparser arguments",
    "cannot merge actions - two groups are named %r",
    "conflicting option string: %s",
    "conflicting option strings: %s",
    "conflicting subparser: %s",
    "conflicting subparser alias: %s",
    "dest= is required for options like %r",
    "invalid conflict_resolution value: %r",
    "invalid option string %(option)r: must start with a character %(prefix_chars)r",
    "mutually exclusive arguments must be optional",
    "'required' is an invalid argument for positionals",
    "unknown parser %(parser_name)r (choices: %(choices)s)",
    "%r is not callable",
    "subcommands",
    "expected %s arguments",  # ngettext's plural: the singular is the key
}


# argparse's words on a newer Python than this one's (3.13 added these): the catalogue holds
# them for a user on that Python, so they are not stale where the installed argparse lacks
# them (CI runs this test on 3.11 and on the newest Python the machine has).
_NEWER_ARGPARSE = {
    "%(heading)s:",
    " (default: %(default)s)",
    "%(prog)s: warning: %(message)s\n",
    "option '%(option)s' is deprecated",
    "command '%(parser_name)s' is deprecated",
    "argument '%(argument_name)s' is deprecated",
}


def _argparse_message_ids() -> set[str]:
    """Every text the installed argparse passes to gettext (``_('…')``, ``ngettext``)."""
    source = Path(argparse.__file__).read_text(encoding="utf-8")
    literal = r"""(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")"""
    found: set[str] = set()
    for call in re.finditer(r"(?<![\w.])(?:_|ngettext)\(\s*" + literal, source):
        found.add(call.group(1) if call.group(1) is not None else call.group(2))
    for call in re.finditer(r"ngettext\(\s*" + literal + r",\s*" + literal, source):
        found.add(call.group(3) if call.group(3) is not None else call.group(4))
    # Literals split over lines ('invalid option string %(option)r: ' 'must start …').
    joined = {
        "invalid option string %(option)r: ": (
            "invalid option string %(option)r: must start with a character %(prefix_chars)r"
        )
    }
    return {joined.get(text, text).encode().decode("unicode_escape") for text in found}


def _placeholders(text: str) -> list[str]:
    return sorted(re.findall(r"%\(\w+\)[sr]|%[sr]", text))


def test_every_word_argparse_can_say_to_a_user_is_in_the_catalogue() -> None:
    ids = _argparse_message_ids()
    assert "usage: " in ids and "the following arguments are required: %s" in ids
    words = argparse_words()
    missing = sorted(ids - _NOT_FOR_USERS - words.keys())
    assert missing == []
    # What the catalogue holds is argparse's (the --version help is a default, not gettext's).
    stale = words.keys() - ids - {"show program's version number and exit"} - _NEWER_ARGPARSE
    assert stale == set()
    for english, key in words.items():
        zh = template(key, "zh")
        assert _placeholders(english) == _placeholders(zh) or "%(type)s" in english, english
        assert english_in(re.sub(r"%\(\w+\)[sr]|%[sr]", " ", zh)) is None, english


def test_every_text_of_every_command_is_a_message_of_the_catalogue_and_every_help_is_used() -> None:
    texts = list(parser_texts(build_parser("en")))
    helps = [text for _, name, text in texts if name != "metavar"]
    metavars = {text for _, name, text in texts if name == "metavar"}
    words = argparse_words()
    untranslated = sorted(t for t in helps if not isinstance(t, Said) and t not in words)
    assert untranslated == []  # every help said by id, or argparse's own (-h, --version)
    assert sorted(m for m in metavars if not has(f"metavar.{m}")) == []
    used = {t.message.key for t in helps if isinstance(t, Said)}
    assert sorted(k for k in keys() if k.startswith("help.") and k not in used) == []
    shown = {f"metavar.{m}" for m in metavars}
    assert sorted(k for k in keys() if k.startswith("metavar.") and k not in shown) == []
    for key in used:
        assert _placeholders(template(key)) == _placeholders(template(key, "zh")), key


def _typed_not_prose(text: str) -> str:
    """``text`` without what a user types rather than reads: option names and choices,
    the program's name and commands, JSON keys, paths and file patterns, environment
    variables."""
    text = re.sub(r"(?<![\w-])--?[A-Za-z][\w-]*", " ", text)  # -j, --rules-dir
    text = re.sub(r"\{[^{}]*\}", " ", text)  # {en,zh}, and JSON objects
    text = re.sub(r"[\w.*$-]+(?:/[\w.*-]+)+", " ", text)  # grammars/PSN.md
    text = re.sub(r"\bshengji(?: [a-z]+)?", " ", text)  # shengji validate
    return re.sub(r"\$?[A-Z]+_[A-Z_]+", " ", text)  # $SHENGJI_RULES_DIR, LC_ALL


def _help(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("command", [None, *COMMANDS, "show"])
def test_help_of_every_command_in_chinese_holds_no_english_sentence(
    command: str | None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    argv = ([] if command is None else [command]) + ["--help", "--lang", "zh"]
    text = _help(argv, capsys)
    assert text.startswith("用法：shengji") and "选项：" in text
    assert english_in(_typed_not_prose(text)) is None, english_in(_typed_not_prose(text))
    # Every line fits the terminal, Chinese characters counted two columns.
    wide = [line for line in text.splitlines() if display_width(line) > 80]
    assert wide == []
    # The search finds the English of the same help (it would find what was missed).
    english = _help([*argv[:-1], "en"], capsys)
    assert english_in(_typed_not_prose(english)) is not None


@pytest.mark.parametrize("command", [None, *COMMANDS, "show"])
def test_help_in_english_fits_the_terminal_too(
    command: str | None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    argv = ([] if command is None else [command]) + ["--help", "--lang", "en"]
    text = _help(argv, capsys)
    assert text.startswith("usage: shengji") and "options:" in text
    assert [line for line in text.splitlines() if len(line) > 80] == []


def test_chinese_help_aligns_the_option_column_by_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    text = _help(["validate", "--help", "--lang", "zh"], capsys)
    # The help of each option starts in the same column, whatever its Chinese metavar.
    starts = {
        display_width(line[: line.index(help_start)])
        for line in text.splitlines()
        for help_start in ("文件或文件夹", "遇到第一个错误", "预设规则或 YAML")
        if help_start in line
    }
    assert len(starts) == 1
    # The usage's continuation lines start under the first option, not three columns off.
    usage = text.split("\n\n")[0].splitlines()
    assert display_width("用法：shengji validate ") == len(usage[1]) - len(usage[1].lstrip())


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["validate", "--jobs", "x"], "参数 -j/--jobs：无效的值"),
        (["analyze", "--budget", "x", "a.psn"], "参数 --budget：不是秒数：'x'"),
        (["analyze", "--budget", "0", "a.psn"], "时间预算必须大于 0 秒"),
        (["analyze", "--tricks", "0", "a.psn"], "参数 --tricks：轮次从 1 开始"),
        (["analyze", "--tricks", "x", "a.psn"], "不是轮次 起[-止]"),
        (["analyze"], "缺少以下参数：路径"),
        (["anlyze"], "参数 命令：无效的选择：'anlyze'（可选 'validate'"),
        (["validate", "--bogus"], "无法识别的参数：--bogus"),
        (["validate", "--rules"], "参数 --rules：需要一个值"),
        (["analyze", "--out", "x", "--in-place", "a.psn"], "不能与参数 --out 同时使用"),
        (["export", "x.psn", "--format", "pdf"], "无效的选择：'pdf'"),
        ([], "缺少以下参数：命令"),
    ],
)
def test_argparse_errors_in_chinese(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as done:
        main([*argv, "--lang", "zh"] if argv else ["--lang", "zh"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("用法：shengji") and "错误：" in err and said in err, err
    assert english_in(_typed_not_prose(err)) is None, err
    # argparse speaks English again once the command line is read.
    assert argparse._("usage: ") == "usage: "  # type: ignore[attr-defined]


def test_the_same_errors_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["analyze", "--budget", "x", "a.psn", "--lang", "en"])
    err = capsys.readouterr().err
    assert "usage: shengji analyze" in err
    assert "error: argument --budget: not a number of seconds: 'x'" in err


def test_the_language_comes_from_lang_anywhere_on_the_line_or_else_the_locale(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert lang_of(["validate", "--lang", "zh", "x"], "en") == "zh"
    assert lang_of(["--lang=zh", "validate"], "en") == "zh"
    assert lang_of(["--lang", "zh", "--lang", "en"], "en") == "en"  # the last, as argparse
    assert lang_of(["--lang", "fr"], "zh") == "zh"  # argparse refuses it, in zh
    assert lang_of(["fmt", "--", "--lang", "zh"], "en") == "en"  # a file named --lang
    monkeypatch.setenv("LC_ALL", "zh_CN.UTF-8")
    text = _help(["rules", "--help"], capsys)
    assert text.startswith("用法：")
    # A --lang before the command holds for the command (its messages too).
    assert build_parser("zh").parse_args(["--lang", "zh", "rules", "qq"]).lang == "zh"
    monkeypatch.setenv("LC_ALL", "C")
    assert main(["--lang", "zh", "rules", "nope"]) == 2
    assert "没有预设规则" in capsys.readouterr().err


def test_argparse_words_are_restored_when_the_block_ends() -> None:
    english = argparse._  # type: ignore[attr-defined]
    with pytest.raises(SystemExit), argparse_in("zh"):
        assert argparse._("options") == "选项"  # type: ignore[attr-defined]
        assert argparse.ngettext("expected %s argument", "expected %s arguments", 2) == (
            "需要 %s 个值"
        )
        raise SystemExit(2)
    assert argparse._ is english  # type: ignore[attr-defined]
    assert argparse._("options") == "options"  # type: ignore[attr-defined]


def test_display_width_counts_chinese_characters_two_columns() -> None:
    assert display_width("abc") == 3
    assert display_width("用法：abc") == 9
    assert display_width("♠10") == 3


def test_wrapping_breaks_between_chinese_characters_never_inside_a_word() -> None:
    text = template("help.lang", "zh")
    for width in (20, 31, 40, 57):
        lines = wrap_display(text, width)
        assert all(display_width(line) <= width for line in lines), lines
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")
        # No line starts with a closing mark; no English word is cut.
        assert not any(line[0] in "，。、；：）" for line in lines), lines
        for word in ("LC_MESSAGES", "zh_CN.UTF-8", "LC_ALL"):
            assert any(word in line for line in lines), (word, lines)
    # English wraps at spaces as argparse's own wrapping does.
    english = "files or folders to check, every one of them"
    assert wrap_display(english, 20) == ["files or folders to", "check, every one of", "them"]
    # A piece longer than the line stands alone on its line.
    assert wrap_display("一个 https://example.org/a/very/long/address 地址", 12) == [
        "一个",
        "https://example.org/a/very/long/address",
        "地址",
    ]


# --- any command line: read, or refused in words, never a crash -------------------------

_WORDS = [
    *COMMANDS,
    "show",
    "--lang",
    "--lang=zh",
    "--lang=en",
    "zh",
    "en",
    "fr",
    "--help",
    "-h",
    "--budget",
    "--tricks",
    "--jobs",
    "-j",
    "--rules",
    "--rules-dir",
    "--out",
    "--in-place",
    "--format",
    "--step",
    "--hand",
    "--points",
    "--",
    "-",
    "0",
    "-1",
    "1-",
    "x",
    "规则",
    "a.psn",
]


@settings(max_examples=300, deadline=None)
@given(
    argv=st.lists(st.sampled_from(_WORDS) | st.text(max_size=8), max_size=8),
    columns=st.integers(min_value=1, max_value=200),
)
def test_any_command_line_is_read_or_refused_never_crashes(argv: list[str], columns: int) -> None:
    english = argparse._  # type: ignore[attr-defined]
    lang = lang_of(argv, "en")
    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(columns)
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            with argparse_in(lang):
                args = build_parser(lang).parse_args(argv)
            assert args.lang in ("en", "zh") and callable(args.run)
    except SystemExit as done:
        assert done.code in (0, 2)
        if done.code == 2:  # refused: the usage, then why, in the language asked for
            said = err.getvalue()
            assert said.startswith("用法：" if lang == "zh" else "usage: "), said
            assert ("：错误：" if lang == "zh" else ": error: ") in said, said
    finally:
        if old is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = old
    assert argparse._ is english  # type: ignore[attr-defined]
