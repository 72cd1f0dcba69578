"""The ``shengji`` command: help, version, clean errors, rule sets named on the command line."""

from __future__ import annotations

import argparse
import gc
import io
import json
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from notation import __version__
from notation.cli import build_parser, main
from notation.presets import RULES_DIR_ENV, load_ruleset
from notation.psn import write
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


def test_the_command_sets_its_start_up_aside_from_the_collector() -> None:
    # Run as the command (no argv given), what start-up made is frozen: the garbage
    # collector does not walk it again in every full collection of a long run. Called
    # with argv (as the tests do), main leaves the collector as it is.
    script = (
        "import gc, sys\n"
        "from notation.cli import main\n"
        "def run(argv):\n"
        "    try:\n"
        "        main(argv)\n"
        "    except SystemExit:\n"
        "        pass\n"
        "run(['--version'])\n"
        "before = gc.get_freeze_count()\n"
        "sys.argv = ['shengji', '--version']\n"
        "run(None)\n"
        "print(before, gc.get_freeze_count() > 0)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-2:] == ["0", "True"]


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
CONTROLS = "\x1b]0;owned\x07\x1b[2J\x9b\u202e\u2066\r"  # retitle, ring, clear, 8-bit CSI,
# a right-to-left override and isolate (a line read otherwise than it is), CR


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
    assert "\u202e" not in said and "\u2066" not in said
    assert "\\x1b]0;owned\\x07" in said or "\\x1b" in said


# ---- files and streams: what the file system and standard input can say -------------------


def strict(
    *args: str, stdin: bytes = b"", encoding: str | None = "utf-8", cwd: Path | None = None
) -> subprocess.CompletedProcess[bytes]:
    """``shengji ARGS`` in another process; ``encoding="utf-8"``: its standard streams
    strict UTF-8 (PYTHONIOENCODING), so that a byte that is not UTF-8 can neither be read
    nor printed through them; None: the locale's (bytes kept as surrogates)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONIOENCODING"}
    if encoding is not None:
        env["PYTHONIOENCODING"] = encoding
    return subprocess.run(
        [sys.executable, "-m", "notation", *args],
        input=stdin,
        capture_output=True,
        timeout=120,  # a FIFO waited on for ever fails the test instead of hanging it
        env=env,
        cwd=cwd,
    )


LATIN1 = '[Event "Café"]\n\n1. 1: SA 2: S3 3: S4 4: S5\n'.encode("latin-1")


@pytest.mark.parametrize("encoding", ["utf-8", None], ids=["strict", "locale"])
@pytest.mark.parametrize(
    "command", [["fmt"], ["convert", "--to", "json"], ["convert", "--from", "json"]], ids=" ".join
)
def test_standard_input_that_is_not_utf8_is_refused_as_a_named_file_is(
    command: list[str], encoding: str | None, tmp_path: Path
) -> None:
    # Before: under a strict stdin an internal error; under the locale's, the bytes were
    # written out again, not UTF-8, with exit 0.
    piped = strict(*command, "-", stdin=LATIN1, encoding=encoding)
    assert piped.returncode == 2 and piped.stdout == b""
    assert b"shengji: -: is not UTF-8 text (byte 0xe9 at offset 11)" in piped.stderr
    named = tmp_path / "latin1.psn"
    named.write_bytes(LATIN1)
    said = strict(*command, str(named), encoding=encoding)
    assert said.returncode == 2 and said.stdout == b""
    assert said.stderr.replace(str(named).encode(), b"-") == piped.stderr


@pytest.mark.parametrize("command", ["judge", "solve"])
def test_a_line_that_is_not_utf8_is_that_line_s_error_and_the_lines_after_are_answered(
    command: str,
) -> None:
    # Before: under a strict stdin the command died (exit 3) and every later line was lost.
    good = json.dumps(
        {
            "judge": {"trump": {"rank": "2", "suit": "H"}, "leader": 1,
                      "plays": [["S9"], ["SJ"], ["S3"], ["H3"]]},
            "solve": {"trump": {"rank": "2", "suit": "H"}, "leader": 1, "dealer": 2,
                      "points": 40, "kitty": ["C5"],
                      "hands": {"1": ["SA"], "2": ["SK"], "3": ["S5"], "4": ["D3"]}},
        }[command]
    ).encode()  # fmt: skip
    done = strict(command, stdin=good + b"\n" + b'{"rules": "caf\xe9"}\n' + good + b"\n")
    answers = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert len(answers) == 3 and done.returncode == 2, done.stderr
    assert answers[1] == {"error": "line 2: not UTF-8 text (byte 0xe9 at offset 14)"}
    first, last = ({k: v for k, v in a.items() if k != "ms"} for a in (answers[0], answers[2]))
    assert "error" not in first and first == last


@pytest.fixture
def hostile_folder(records: Path) -> Path:
    """The clean records, and beside them what a folder may hold under a record's name:
    a link to a device that never ends, a FIFO nobody writes to, a link to itself."""
    (records / "zero.psn").symlink_to("/dev/zero")
    os.mkfifo(records / "fifo.psn")
    (records / "loop.psn").symlink_to(records / "loop.psn")
    return records


HOSTILE = {
    "fifo.psn": "not a regular file (a pipe, a device or a socket)",
    "loop.psn": "its symbolic links make a loop",
    "zero.psn": "not a regular file (a pipe, a device or a socket)",
}


@pytest.mark.parametrize(
    "command",
    [["validate"], ["fmt", "--check"], ["fmt"], ["stats"],
     ["analyze", "--json", "--budget", "0.01", "--tricks", "25", "-j", "1"]],
    ids=" ".join,
)  # fmt: skip
def test_what_is_not_a_regular_file_in_a_folder_is_refused_unread_and_the_rest_is_read(
    command: list[str], hostile_folder: Path
) -> None:
    # Before: validate waited for ever on the FIFO; fmt and analyze read /dev/zero until
    # memory ran out and lost the other files' results (exit 3).
    done = strict(*command, str(hostile_folder))
    err = done.stderr.decode()
    assert done.returncode == 2 and "internal error" not in err, err
    out = done.stdout.decode()
    if command[0] == "stats":
        report = json.loads(out)
        assert report["hands"] == 2
        said = {Path(u["path"]).name: u["reason"] for u in report["unreadable"]}
        assert said == HOSTILE
        return
    for name, why in HOSTILE.items():
        assert f"{hostile_folder / name}: cannot read: {why}" in err + out
    if command[0] == "validate":
        assert "5 files, 2 hands: 0 errors, 0 warnings, 0 notes; 3 files could not be read" in out
    elif command == ["fmt", "--check"]:
        assert "2 files would be left unchanged, 3 files could not be read" in err
    elif command == ["fmt"]:
        assert out == "".join(
            (hostile_folder / f"hand-{seed}.psn").read_text(encoding="utf-8") for seed in (1, 2)
        )
    else:
        files = {Path(f["path"]).name: f for f in json.loads(out)["files"]}
        assert [len(files[f"hand-{seed}.psn"]["hands"]) for seed in (1, 2)] == [1, 1]
        assert all(why in files[name]["error"] for name, why in HOSTILE.items())


@pytest.mark.parametrize("command", [*ONE_FILE_COMMANDS, ["fmt"]], ids=" ".join)
def test_a_link_loop_is_said_as_every_other_unreadable_file(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before: exit 3, "internal error (OSError: [Errno 40] Too many levels of symbolic links".
    loop = tmp_path / "loop.psn"
    loop.symlink_to(loop)
    assert main([*command, str(loop)]) == 2
    err = capsys.readouterr().err
    assert f"{loop}: cannot read: its symbolic links make a loop" in err
    assert main([*command, str(loop), "--lang", "zh"]) == 2
    assert f"{loop}：无法读取：符号链接形成了循环" in capsys.readouterr().err


UNWRITABLE = [
    (["report", "{record}", "-o", "{tmp}/no/such/r.md"], "{tmp}/no/such/r.md", "no such folder"),
    (["report", "{record}", "-o", "{tmp}"], "{tmp}", "is a folder"),
    (["export", "{record}", "-o", "{tmp}"], "{tmp}", "is a folder"),
    (["stats", "{record}", "-o", "{tmp}/no/s.json"], "{tmp}/no/s.json", "no such folder"),
    (["convert", "{record}", "--to", "json", "-o", "{tmp}"], "{tmp}", "is a folder"),
    (["simulate", "--out", "{notes}"], "{notes}", "is a file, not a folder"),
    (["simulate", "--out", "{record}/x/y.psn"], "{record}/x/y.psn",
     "a part of the path is not a folder"),
    (["analyze", "{record}", "--tricks", "25", "--out", "{record}/x.psn"], "{record}/x.psn",
     "a part of the path is not a folder"),
    (["analyze", "{record}", "--tricks", "25", "--out", "/proc/version"], "/proc/version", ""),
]  # fmt: skip


@pytest.mark.parametrize(("command", "path", "why"), UNWRITABLE, ids=lambda x: str(x))
def test_an_output_that_cannot_be_written_is_exit_2_with_why(
    command: list[str],
    path: str,
    why: str,
    records: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Before: exit 3 (report -o, simulate --out, analyze --out: an OSError escaped).
    if path == "/proc/version" and not Path(path).exists():
        path, why = str(records), "is a folder"  # not Linux: a target no system writes
        command = [*command[:-1], path]
    names = {"record": str(records / "hand-1.psn"), "tmp": tmp_path, "notes": tmp_path / "a.txt"}
    (tmp_path / "a.txt").write_text("notes", encoding="utf-8")
    assert main([word.format(**names) for word in command]) == 2
    err = capsys.readouterr().err
    assert f"{path.format(**names)}: cannot write: {why}" in err, err


def test_a_file_name_that_is_not_utf8_is_printed_escaped_on_a_strict_stdout(
    records: Path,
) -> None:
    # Before: validate --json was cut short at the name; analyze --json exited 3.
    latin = os.fsdecode(b"caf\xe9.psn")
    (records / "hand-1.psn").rename(records / latin)
    shown = str(records / "caf\\xe9.psn")
    done = strict("validate", "--json", str(records))
    assert done.returncode == 0, done.stderr
    assert shown in [f["path"] for f in json.loads(done.stdout)["files"]]
    done = strict("analyze", "--json", "--budget", "0.01", "--tricks", "25", str(records))
    assert done.returncode == 0, done.stderr
    assert shown in [f["path"] for f in json.loads(done.stdout)["files"]]
    done = strict("fmt", "--check", str(records / latin))
    assert done.returncode == 0 and done.stderr.decode().endswith(
        "1 file would be left unchanged\n"
    )
    (records / latin).write_bytes(b"1. 1: ZZ\n")
    done = strict("validate", str(records))
    assert done.returncode == 2 and f"{shown}:1:7: error: syntax:".encode() in done.stdout


def _hands_file(path: Path, n: int) -> Path:
    """A file of ``n`` whole hands, one after the other, each an event of its own."""
    one = write(simulate_hand("qq", seed=1))
    event = '[Event "Simulated hand"]'
    hands = (one.replace(event, f'[Event "Simulated hand {i}"]') for i in range(n))
    path.write_text("\n".join(hands), encoding="utf-8")
    return path


def _peak(argv: list[str], capsys: pytest.CaptureFixture[str]) -> int:
    """The most memory ``shengji ARGV`` held at once, in bytes (what it prints aside)."""
    tracemalloc.start()
    try:
        assert main(argv) in (0, 1), capsys.readouterr().err
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        capsys.readouterr()


@pytest.mark.parametrize(
    "command",
    [["show", "{file}", "--hand", "{n}"], ["report", "{file}", "--hand", "{n}", "-o", "{out}"],
     ["export", "{file}", "--hand", "{n}", "-o", "{out}"], ["fmt", "--check", "{file}"],
     ["fmt", "{file}"], ["convert", "{file}", "--to", "json", "-o", "{out}"],
     ["analyze", "{file}", "--tricks", "25", "--budget", "0.01", "-j", "1", "--out", "{out}"]],
    ids=lambda c: " ".join(c[:2]),
)  # fmt: skip
def test_every_command_reads_a_file_hand_by_hand_in_flat_memory(
    command: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Before: show and report held every hand's replay (a 50 MB file of a million tiny
    # hands: past 4 GB), fmt and convert the whole record (fmt --check: 700 MB), analyze
    # each file's hands and plans: memory grew with the file, 16 to 185 KB a hand here.
    # Now only the hand at hand (and the one before), and what is written goes to a
    # temporary file (here from its first byte) until it is whole.
    monkeypatch.setattr("notation.files.SPOOL_BYTES", 1)
    out = str(tmp_path / "out")

    def argv(n: int) -> list[str]:
        # Each run writes afresh: an output left by the run before would make analyze
        # resume (read it, keep the hands analysed there), another work than a first run.
        Path(out).unlink(missing_ok=True)
        file = _hands_file(tmp_path / f"hands-{n}.psn", n)
        return [word.format(file=file, n=n, out=out) for word in command]

    _peak(argv(4), capsys)  # the grammar compiled, the presets read: once a process
    # Garbage in reference cycles waits for the collector, whose full passes grow rarer as
    # a process holds more: analyze's peak then rose with the hands read (40 to 240 hands:
    # 0.8 to 1.2 MB) though what it holds does not (a collection kept often: 0.6 to 0.75
    # MB). Collected often here, the peak is what the command holds.
    threshold = gc.get_threshold()
    gc.set_threshold(50, 1, 1)
    try:
        few, many = _peak(argv(40), capsys), _peak(argv(120), capsys)
    finally:
        gc.set_threshold(*threshold)
    assert many - few < 80 * 4_000  # under 4 KB for each hand more


_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text()
)
_DOCUMENTS = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text() | st.integers() | st.booleans() | st.none(), inner, max_size=4)
    ),
    max_leaves=30,
)


@given(_DOCUMENTS)
def test_json_text_is_json_dumps_indented_without_its_garbage(document: object) -> None:
    # validate --json and analyze --json write each hand with json_text: the json
    # module's indenting encoder leaves reference cycles for every call.
    from notation.cli.common import json_text

    assert json_text(document) == json.dumps(
        document, ensure_ascii=False, indent=2, allow_nan=False
    )


# A file's opening remarks (a comment above the first headers) are kept with the file but
# are no hand: every command numbers the hand after them 1. They were once "hand 1" to
# some commands (report --hand 1: "no hand 1; the file has 0") and a hand to others
# (validate said "hand 2" of a file of one; analyze reported them, unanalysable).
REMARKS = "{ Hands of the club's autumn evenings. }\n\n"
_DISPUTES = Path(__file__).parent.parent / "examples" / "disputes"


def _numbers(out: str, hands: str, key: str) -> list[int]:
    return [h[key] for f in json.loads(out)["files"] for h in f[hands]]


@pytest.mark.parametrize(
    ("argv", "check"),
    [
        (["validate", "--json"], lambda out: _numbers(out, "hands", "hand") == [1, 2]),
        (["validate", "--json", "-j", "2"], lambda out: _numbers(out, "hands", "hand") == [1, 2]),
        (["report", "--hand", "1"], lambda out: "revoke" in out),
        (["report", "--hand", "2"], lambda out: "forced" in out),
        (["show", "--hand", "2", "--step", "0"], lambda out: out.startswith("step 0/")),
        (["show", "--hand", "3"], lambda err: "no hand 3; the file has 2" in err),
        (["stats"], lambda out: json.loads(out)["hands"] == 2),
        (
            ["analyze", "--json", "--tricks", "25-25"],
            lambda out: _numbers(out, "hands", "number") == [1, 2],
        ),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, list) else "",
)
def test_a_file_s_opening_remarks_are_no_hand_and_its_first_hand_is_hand_1(
    argv: list[str], check: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "club.psn"
    names = ("01-revoke-discovered-later.psn", "03-wrong-forced-play.psn")
    hands = [(_DISPUTES / name).read_text(encoding="utf-8") for name in names]
    path.write_text(REMARKS + "\n".join(hands), encoding="utf-8")
    code = main([*argv[:1], str(path), *argv[1:]])
    said = capsys.readouterr()
    assert check(said.out if code in (0, 1) else said.err), (code, said.out[:2000], said.err)
