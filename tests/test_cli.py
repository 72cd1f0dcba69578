"""The ``shengji`` command: help, version, clean errors, rule sets named on the command line."""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from notation import __version__
from notation.cli import build_parser, main
from notation.psn import write
from notation.rulesets import RULES_DIR_ENV, load_ruleset
from notation.simulate import simulate_hand


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "notation", *args], capture_output=True, text=True, timeout=60
    )


def test_help_lists_the_command() -> None:
    result = run("--help")
    assert result.returncode == 0
    assert "usage: shengji" in result.stdout


def test_version() -> None:
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"shengji {__version__}"


def test_unknown_subcommand_is_a_clean_error() -> None:
    result = run("frobnicate")
    assert result.returncode == 2
    assert "invalid choice" in result.stderr
    assert "Traceback" not in result.stderr


def test_no_subcommand_is_a_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main([])
    assert exc.value.code == 2
    assert "required" in capsys.readouterr().err


CLUB = "base: tractor\nname: club\n"


@pytest.fixture
def records(tmp_path: Path) -> Path:
    """Two clean records that say nothing of their rule set but qq."""
    folder = tmp_path / "records"
    folder.mkdir()
    for seed in (1, 2):
        text = write(simulate_hand("qq", seed=seed))
        (folder / f"hand-{seed}.psn").write_text(text, encoding="utf-8")
    return folder


def test_rules_may_name_a_file_the_user_typed(
    records: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    club = tmp_path / "club.yaml"
    club.write_text(CLUB, encoding="utf-8")
    # Two files on two processes: the worker processes find the file too.
    code = main(["validate", str(records), "--rules", str(club), "-j", "2", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code in (0, 1)
    assert report["summary"]["files"] == 2
    assert all(
        f["code"] != "unknown-rules"
        for file in report["files"]
        for h in file["hands"]
        for f in h["findings"]
    )


def test_a_file_named_on_the_command_line_is_forgotten_afterwards(tmp_path: Path) -> None:
    club = tmp_path / "club.yaml"
    club.write_text(CLUB, encoding="utf-8")
    assert main(["rules", str(club), "--json"]) == 0
    with pytest.raises(ValueError, match="not a rule-set name"):
        load_ruleset(str(club))


def test_a_broken_rules_file_on_the_command_line_is_reported_once(
    records: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    club = tmp_path / "club.yaml"
    club.write_text("base: qq\nkitty:\n  size: eight\n", encoding="utf-8")
    assert main(["validate", str(records), "--rules", str(club)]) == 2
    err = capsys.readouterr().err
    assert err.count("kitty.size: expected a whole number") == 1


def test_rules_dir_lets_records_name_a_clubs_rule_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "club.yaml").write_text(CLUB, encoding="utf-8")
    record = tmp_path / "club.psn"
    hand = write(simulate_hand("tractor", seed=3)).replace('[Rules "tractor"]', '[Rules "club"]')
    record.write_text(hand, encoding="utf-8")
    assert main(["validate", str(record), "-q"]) == 1  # no such rule set here
    assert "unknown-rules" in capsys.readouterr().out
    assert main(["validate", str(record), "-q", "--rules-dir", str(folder)]) == 0
    assert "unknown-rules" not in capsys.readouterr().out
    assert RULES_DIR_ENV not in os.environ or str(folder) not in os.environ[RULES_DIR_ENV]


def test_rules_dir_must_be_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "qq", "--rules-dir", str(tmp_path / "none")]) == 2
    assert "no such folder" in capsys.readouterr().err


@pytest.mark.parametrize(
    "command", ["validate", "report", "show", "simulate", "judge", "rules", "view"]
)
def test_every_command_that_takes_a_rule_set_takes_a_rules_folder(command: str) -> None:
    parser = build_parser()
    subcommands = next(
        a for a in parser._actions if isinstance(a, argparse._SubParsersAction)
    ).choices
    assert "--rules-dir" in subcommands[command].format_help()


def test_judge_takes_a_rules_file_and_a_rules_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "club.yaml").write_text(CLUB, encoding="utf-8")
    line = {
        "rules": "club",
        "trump": {"rank": "10", "suit": "H"},
        "leader": 1,
        "plays": [["S9"], ["SJ"], ["S3"], ["H3"]],
    }
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(line) + "\n"))
    assert main(["judge", "--rules-dir", str(folder)]) == 0
    assert json.loads(capsys.readouterr().out)["winner"] == 4
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps({**line, "rules": None}) + "\n"))
    assert main(["judge", "--rules", str(folder / "club.yaml")]) == 0
    assert json.loads(capsys.readouterr().out)["winner"] == 4


def test_an_internal_error_is_no_traceback_and_exits_3(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(args: argparse.Namespace) -> int:
        raise KeyError("a bug")

    monkeypatch.setattr("notation.cli.rules.run", broken)
    assert main(["rules", "qq"]) == 3
    err = capsys.readouterr().err
    assert "internal error" in err and "please report" in err
    assert "Traceback" not in err


# Every command that reads one file says what a path is when it cannot be read.
ONE_FILE_COMMANDS = [
    ["show"],
    ["report"],
    ["export", "-o", "out.html"],
    ["convert", "--to", "json"],
    ["convert", "--from", "json"],
    ["view", "--dry-run"],
]


@pytest.mark.parametrize("command", ONE_FILE_COMMANDS, ids=" ".join)
def test_a_folder_is_said_to_be_a_folder(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "hands.psn"
    folder.mkdir()
    assert main([*command, str(folder)]) == 2
    err = capsys.readouterr().err
    assert f"{folder}: is a folder, not a file" in err and "no such file" not in err


@pytest.mark.parametrize("command", [*ONE_FILE_COMMANDS, ["fmt"], ["fmt", "--check"]], ids=" ".join)
def test_bytes_that_are_not_utf8_are_said_to_be_so_with_where(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "latin1.psn"
    path.write_bytes('[Event "Café"]\n'.encode("latin-1"))
    assert main([*command, str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: is not UTF-8 text (byte 0xe9 at offset 11)" in err, err


def test_a_missing_file_is_still_no_such_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for command in ONE_FILE_COMMANDS:
        assert main([*command, str(tmp_path / "gone.psn")]) == 2
        assert f"{tmp_path / 'gone.psn'}: no such file" in capsys.readouterr().err, command


# ---- a record's control characters reach no terminal (issue 20) ----------------------------
CONTROLS = "\x1b]0;owned\x07\x1b[2J\x9b\r"  # retitle, ring, clear the screen, 8-bit CSI, CR


def _with_controls(tmp_path: Path) -> Path:
    """A file whose players, event and comments hold control characters, and a second
    hand whose broken line holds them too (quoted under its syntax error)."""
    text = write(simulate_hand("qq", seed=2))
    text = text.replace('[Seat1 "', f'[Seat1 "{CONTROLS}', 1).replace("\r", "")
    text = text.replace('[Event "', f'[Event "{CONTROLS}'.replace("\r", ""), 1)
    broken = f'\n[Event "two"]\n\n1. 1: SA {CONTROLS.replace(chr(13), "")} 2: S3\n'
    path = tmp_path / "controls.psn"
    path.write_text(text + broken, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "argv",
    [
        ["validate", "{psn}"],
        ["validate", "{psn}", "--lang", "zh"],
        ["fmt", "--check", "{psn}"],
        ["fmt", "--check", "{psn}", "--lang", "zh"],
        ["show", "{psn}"],
        ["show", "{psn}", "--lang", "zh"],
        ["show", "{psn}", "--color", "always"],
        ["report", "{psn}"],
        ["report", "{psn}", "--lang", "zh"],
        ["show", "{psn}", "--hand", "2"],
    ],
)
def test_a_records_control_characters_are_shown_escaped_never_sent(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    psn = _with_controls(tmp_path)
    main([a.format(psn=psn) for a in argv])
    out, err = capsys.readouterr()
    if "--color" in argv:  # show's own colours, and nothing else
        for sgr in ("\x1b[31m", "\x1b[1m", "\x1b[0m"):
            out = out.replace(sgr, "")
    said = out + err
    assert not [c for c in said if (c < " " and c not in "\n\t") or "\x7f" <= c <= "\x9f"]
    assert "\\x1b]0;owned\\x07" in said or "\\x1b" in said
