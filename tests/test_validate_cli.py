"""``shengji validate``, ``report`` and ``show`` as a referee uses them."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from notation.messages import cite
from notation.psn import write
from notation.simulate import simulate_hand, simulate_match
from notation.validate import JSON_SCHEMA, validate_text
from tests.test_replay import _revoke, sims


def shengji(
    *args: str, cwd: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "notation", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        env=None if env is None else {**os.environ, **env},
    )


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("records")
    (folder / "clean.psn").write_text(write(simulate_hand("qq", seed=2)), encoding="utf-8")
    hand, _, _ = _revoke(sims("match-a", 3)[0])
    (folder / "dispute.psn").write_text(write(hand), encoding="utf-8")
    sub = folder / "more"
    sub.mkdir()
    (sub / "match.psn").write_text(
        write([simulate_hand("tractor", seed=s, dealer=1) for s in (4, 5)]), encoding="utf-8"
    )
    (folder / "notes.txt").write_text("not a record", encoding="utf-8")
    return folder


def test_clean_file_exits_0(files: Path) -> None:
    result = shengji("validate", str(files / "clean.psn"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[-1] == "1 file, 1 hand: 0 errors, 0 warnings, 0 notes"


def test_dispute_is_reported_like_a_compiler_and_exits_1(files: Path) -> None:
    result = shengji("validate", str(files / "dispute.psn"))
    assert result.returncode == 1
    first = result.stdout.splitlines()[0]
    path, line, column, rest = first.split(":", 3)
    assert path.endswith("dispute.psn") and int(line) > 0 and int(column) > 0
    assert "error: follow-suit:" in rest
    assert "^" in result.stdout.splitlines()[2]
    assert "= rule" in result.stdout and "= penalty" in result.stdout


def test_a_syntax_error_is_underlined_as_wide_as_its_word(tmp_path: Path) -> None:
    bad = tmp_path / "typo.psn"
    bad.write_text('[Event "x"]\n\n1. 1: SA 2: SXX 3: S4 4: S5\n', encoding="utf-8")
    text = shengji("validate", str(bad))
    assert text.returncode == 2  # a hand that cannot be read
    assert text.stdout.splitlines()[2] == "              ^^^"  # under SXX, two spaces of margin
    document = json.loads(shengji("validate", "--json", str(bad)).stdout)
    jsonschema.validate(document, JSON_SCHEMA)
    (finding,) = document["files"][0]["hands"][0]["findings"]
    assert (finding["code"], finding["column"], finding["width"]) == ("syntax", 13, 3)


def test_folders_are_searched_for_psn_files(files: Path) -> None:
    result = shengji("validate", str(files), "-j", "2")
    # The .psn files only, in subfolders too; the errors are the dispute's (a revoke and
    # what follows from it), as the library finds them.
    dispute = (files / "dispute.psn").read_text(encoding="utf-8")
    errors = sum(f.is_error for h in validate_text(dispute).hands for f in h.findings)
    assert errors >= 1
    assert f"3 files, 4 hands: {errors} error{'s' if errors > 1 else ''}," in result.stdout
    assert result.returncode == 1


def test_json_report_follows_its_schema(files: Path) -> None:
    result = shengji("validate", str(files), "--json")
    document = json.loads(result.stdout)
    jsonschema.validate(document, JSON_SCHEMA)
    # Written hand by hand, laid out as one json.dump; the same from one process or many.
    assert result.stdout == json.dumps(document, ensure_ascii=False, indent=2) + "\n"
    assert shengji("validate", str(files), "--json", "-j", "1").stdout == result.stdout
    by_path = {Path(f["path"]).name: f for f in document["files"]}
    dispute = by_path["dispute.psn"]["hands"][0]
    assert dispute["findings"][0]["code"] == "follow-suit"
    assert dispute["findings"][0]["clause"]["ref"]
    assert by_path["clean.psn"]["hands"][0]["computed"]["points"] is not None
    assert document["summary"]["files"] == 3 and document["summary"]["errors"] >= 1


def test_missing_file_and_unreadable_hand_exit_2(files: Path, tmp_path: Path) -> None:
    result = shengji("validate", str(tmp_path / "nope.psn"))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    broken = tmp_path / "broken.psn"
    broken.write_text(
        write(simulate_hand("qq", seed=2)) + '\n[Event "x"]\n\n1. 1: ZZ9\n', encoding="utf-8"
    )
    result = shengji("validate", str(broken))
    assert result.returncode == 2
    assert "syntax" in result.stdout or "unknown card" in result.stdout


def test_the_summary_says_a_file_could_not_be_read(files: Path, tmp_path: Path) -> None:
    result = shengji("validate", str(tmp_path / "nope.psn"), str(files / "clean.psn"))
    assert result.returncode == 2
    assert f"{tmp_path / 'nope.psn'}: cannot read: no such file" in result.stderr
    assert result.stdout.splitlines()[-1] == (
        "2 files, 1 hand: 0 errors, 0 warnings, 0 notes; 1 file could not be read"
    )


def test_a_file_that_holds_no_hand_is_a_warning(tmp_path: Path) -> None:
    (tmp_path / "empty.psn").write_text("", encoding="utf-8")
    (tmp_path / "comment.psn").write_text("{only a comment}\n", encoding="utf-8")
    result = shengji("validate", str(tmp_path))
    assert result.returncode == 0  # a warning: nothing is wrong with what is there
    for name in ("comment.psn", "empty.psn"):
        assert f"{tmp_path / name}: warning: holds no hand" in result.stdout
    assert result.stdout.splitlines()[-1].endswith("; 2 files hold no hand")
    document = json.loads(shengji("validate", "--json", str(tmp_path)).stdout)
    jsonschema.validate(document, JSON_SCHEMA)
    assert [f["empty"] for f in document["files"]] == [True, True]
    assert document["summary"]["empty_files"] == 2


def _crash_on(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """Make the reader fail inside the file called ``name``, as a bug in it would (where
    the hands are read: here, or in the workers of the pool, forked with the patch)."""
    import notation.psn.parser

    real = notation.psn.parser._read_hand

    def reader(chunk: str, first_line: int, filename: str | None) -> Any:
        if filename is not None and filename.endswith(name):
            raise RuntimeError("boom")
        return real(chunk, first_line, filename)

    monkeypatch.setattr(notation.psn.parser, "_read_hand", reader)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_file_that_crashes_the_reader_is_that_files_error(
    files: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], jobs: str
) -> None:
    # In this process and in the workers of the pool (forked, so they share the patch).
    from notation.cli import main

    _crash_on(monkeypatch, "dispute.psn")
    assert main(["validate", "-j", jobs, str(files)]) == 2
    out, err = capsys.readouterr()
    assert f"{files / 'dispute.psn'}: cannot read: internal error while reading: " in err
    assert "RuntimeError: boom" in err and "please report" in err
    assert out.splitlines()[-1] == (
        "3 files, 3 hands: 0 errors, 0 warnings, 0 notes; 1 file could not be read"
    )
    assert main(["validate", "--json", "-j", jobs, str(files)]) == 2
    document = json.loads(capsys.readouterr().out)
    jsonschema.validate(document, JSON_SCHEMA)
    by_path = {Path(f["path"]).name: f for f in document["files"]}
    assert by_path["dispute.psn"]["unreadable"].startswith("internal error while reading:")
    assert len(by_path["match.psn"]["hands"]) == 2 and len(by_path["clean.psn"]["hands"]) == 1


def test_a_huge_line_is_echoed_as_a_window(tmp_path: Path) -> None:
    path = tmp_path / "long.psn"
    path.write_text('[Event "x"]\n\n1. 1: ' + "SA " * 60_000 + "ZZ\n", encoding="utf-8")
    result = shengji("validate", str(path))
    assert result.returncode == 2
    _head, text, caret, *_ = result.stdout.splitlines()
    assert len(text) < 130 and text.startswith("  …") and caret.endswith("^^")
    assert text[caret.index("^") : caret.index("^") + 2] == "ZZ"


def test_memory_stays_flat_however_many_findings_a_file_has(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Findings are printed as each hand is checked, text or JSON, and not kept: 3,000
    # more broken hands must take next to no more memory (before: 640 bytes a hand).
    import tracemalloc

    from notation.cli import main

    # Each hand's text is long enough that both files are read in many of the reader's
    # 64 KiB blocks: a file smaller than one block costs less to read whatever is held
    # per hand, and the difference (up to 0.6 MB) hid in the bound, or broke it.
    hand = '[Event "' + "x" * 200 + '"]\n\n1. 1: ZZ\n\n'

    def peak(hands: int, *options: str) -> int:
        path = tmp_path / f"tiny-{hands}.psn"
        path.write_text(hand * hands, encoding="utf-8")
        with (tmp_path / "out.txt").open("w", encoding="utf-8") as out:
            monkeypatch.setattr(sys, "stdout", out)
            tracemalloc.start()
            try:
                assert main(["validate", "-j", "1", *options, str(path)]) == 2
                return tracemalloc.get_traced_memory()[1]
            finally:
                tracemalloc.stop()

    for options in ((), ("--json",)):
        peak(10, *options)  # the reader and the rule set are built once, on first use
        small, large = peak(1_000, *options), peak(4_000, *options)
        # measured: 36-72 kB more, whatever the hash seed (before: 640 bytes a hand)
        assert large - small < 250_000, (options, small, large)


def test_strict_stops_at_the_first_error(files: Path) -> None:
    result = shengji("validate", "--strict", str(files / "dispute.psn"))
    assert result.returncode == 1
    assert result.stdout.count("error: ") == 1


def test_codes_lists_the_catalogue() -> None:
    result = shengji("validate", "--codes")
    assert result.returncode == 0
    assert "follow-pair" in result.stdout and "throw-failed" in result.stdout


def test_report_markdown_and_html(files: Path, tmp_path: Path) -> None:
    result = shengji("report", str(files / "dispute.psn"))
    assert result.returncode == 1
    text = result.stdout
    assert "# Adjudication report" in text and "follow-suit" in text
    assert "Position before the play" in text and "Penalty" in text
    assert "| Level change |" in text and "Levels after the hand" in text
    out = tmp_path / "report.html"
    result = shengji("report", str(files / "dispute.psn"), "--format", "html", "-o", str(out))
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!doctype html>") and "<style>" in page
    assert "http://" not in page and "https://" not in page  # self-contained
    assert "follow-suit" in page


def test_report_of_a_clean_hand_says_so(files: Path) -> None:
    result = shengji("report", str(files / "clean.psn"))
    assert result.returncode == 0
    assert "No rule was broken" in result.stdout


def test_report_names_a_missing_hand(files: Path) -> None:
    result = shengji("report", str(files / "clean.psn"), "--hand", "5")
    assert result.returncode == 2 and "no hand 5" in result.stderr


def test_show_draws_a_state(files: Path) -> None:
    result = shengji("show", str(files / "clean.psn"), "--step", "3")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith("step 3/")
    assert sum(1 for line in lines if line.startswith("  ") and line[2] in "1234") == 4
    coloured = shengji("show", str(files / "clean.psn"), "--color", "always")
    assert "\033[" in coloured.stdout


def _steps(path: Path) -> int:
    """How many steps the first hand of ``path`` has, read from ``show``'s last step."""
    last = shengji("show", str(path)).stdout.splitlines()[0]  # "step 99/99: …": 100 steps
    return int(last.split()[1].split("/")[1].rstrip(":")) + 1


def test_show_a_step_out_of_range_is_an_error(files: Path) -> None:
    steps = _steps(files / "clean.psn")
    for step in (str(steps), "9999", str(-steps - 1)):
        result = shengji("show", str(files / "clean.psn"), "--step", step)
        assert result.returncode == 2 and not result.stdout
        assert result.stderr == (
            f"shengji: {files / 'clean.psn'}: hand 1 has no step {step}: its steps are 0 to "
            f"{steps - 1} (or -1, the last, back to -{steps}, the first)\n"
        )


def test_show_counts_a_negative_step_back_from_the_last(files: Path) -> None:
    counted = shengji("show", str(files / "clean.psn"), "--step", "-5").stdout
    steps = _steps(files / "clean.psn")
    assert counted.startswith(f"step {steps - 5}/")
    assert "-1 is the last" in shengji("show", "--help").stdout


DISPUTES = sorted((Path(__file__).parents[1] / "examples" / "disputes").glob("*.psn"))


@pytest.mark.parametrize("path", DISPUTES, ids=lambda p: p.name)
def test_the_report_of_every_dispute_names_violation_rule_and_outcome(path: Path) -> None:
    from notation.report import build_report, render_html, render_markdown
    from notation.validate import validate_text

    checked = validate_text(path.read_text(encoding="utf-8"), path.name, timeline=True)
    reports = [build_report(h.replay, h.findings) for h in checked.hands if h.replay]
    report = next(r for r in reports if r.violations)
    first = report.violations[0].finding
    text = render_markdown(report)
    assert first.code in text and first.message in text
    assert first.clause is not None and cite(first.clause, "en") in text  # document and quote
    page = render_html(report)
    assert first.code in page and "<table>" in page and first.clause.quote in page
    ruled = dict((what, rules) for what, _recorded, rules in report.result_rows)
    assert ruled["result_level"] in text


def test_a_progress_bar_on_a_terminal_and_none_in_a_pipe(tmp_path: Path) -> None:
    # More than five files, standard error a terminal (a pseudo-terminal here): the bar
    # counts the files; in a pipe nothing but the findings and the summary is written.
    import os
    import pty

    for n in range(7):
        (tmp_path / f"h{n}.psn").write_text(write(simulate_hand("qq", seed=n)), encoding="utf-8")
    leader, follower = pty.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "notation", "validate", "-j", "1", str(tmp_path)],
            stdout=subprocess.PIPE,
            stderr=follower,
            text=True,
            timeout=120,
        )
        os.close(follower)
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the terminal is closed: all is read
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(leader)
    shown = b"".join(chunks).decode("utf-8")
    assert done.returncode == 0
    assert "\r[" + "#" * 30 + "] 7/7 files" in shown and "1/7 files" in shown
    piped = shengji("validate", "-j", "1", str(tmp_path))
    assert "files" not in piped.stderr and "#" not in piped.stderr


def test_the_hands_before_a_byte_that_is_not_utf8_are_reported(tmp_path: Path) -> None:
    # Hands are read 64 at a time before they are checked; those read before the bad
    # byte (every line before it is decoded) are still checked and reported, then the
    # file is said to be unreadable, with the byte's offset in the file. (Before: none of
    # them; then most of them, and the offset in the last 8 KB decoded.)
    path = tmp_path / "latin1.psn"
    hands = write([simulate_hand("qq", seed=s) for s in range(20)]).encode()
    path.write_bytes(hands + b'\n[Event "y"]\n\n{caf\xe9}\n')
    result = shengji("validate", "--json", "-j", "1", str(path))
    assert result.returncode == 2
    (entry,) = json.loads(result.stdout)["files"]
    assert [h["hand"] for h in entry["hands"]] == list(range(1, 21))
    offset = len(hands) + len(b'\n[Event "y"]\n\n{caf')
    assert entry["unreadable"] == f"not UTF-8 text (byte 0xe9 at offset {offset})"


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Single hands, a match, a dispute, a broken hand, an empty and a non-UTF-8 file."""
    folder = tmp_path_factory.mktemp("corpus")
    for seed in range(8):
        (folder / f"h{seed}.psn").write_text(write(simulate_hand("qq", seed=seed)), "utf-8")
    match = write(list(simulate_match("match-a", seed=3)))
    (folder / "match.psn").write_text(match, encoding="utf-8")
    hand, _, _ = _revoke(sims("match-a", 3)[0])
    (folder / "dispute.psn").write_text(write(hand) + '\n[Event "x"]\n\n1. 1: ZZ\n', "utf-8")
    (folder / "empty.psn").write_text("", encoding="utf-8")
    hands = write([simulate_hand("qq", seed=s) for s in range(20)])
    (folder / "latin1.psn").write_bytes(hands.encode() + b'\n[Event "y"]\n\n{caf\xe9}\n')
    return folder


@contextlib.contextmanager
def _dashboard_port_held() -> Iterator[None]:
    """Port 8787, Dask's usual dashboard, held as another cluster on this machine would."""
    with socket.socket() as holder:
        holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        with contextlib.suppress(OSError):  # held by someone else already: as wanted
            holder.bind(("127.0.0.1", 8787))
            holder.listen()
        yield


@pytest.mark.parametrize("form", [(), ("--json",), ("--quiet",)])
def test_the_same_bytes_with_one_process_two_and_dask(corpus: Path, form: tuple[str, ...]) -> None:
    # Text, JSON and --quiet: what -j 1 prints, -j 2 and a local Dask cluster of two
    # workers print too, byte for byte, with the same exit status; the cluster says
    # nothing more on stderr though another one holds Dask's usual dashboard port.
    one = shengji("validate", "-j", "1", *form, str(corpus))
    assert one.returncode == 2 and one.stdout
    for options in (("-j", "2"), ("--executor", "dask", "-j", "2")):
        with _dashboard_port_held():
            other = shengji("validate", *options, *form, str(corpus))
        assert (other.returncode, other.stdout, other.stderr) == (
            one.returncode,
            one.stdout,
            one.stderr,
        ), options


def test_dask_not_installed_names_the_extra(
    files: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from notation.cli import main

    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    assert main(["validate", "--executor", "dask", str(files)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.strip() == (
        "shengji: --executor dask needs Dask: pip install 'shengji[dask]' "
        "(from a checkout: pip install '.[dask]')"
    )


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_scheduler_that_is_not_there_is_exit_2(files: Path, lang: str) -> None:
    # Dask's own setting says how long to wait for a scheduler (30 s unless set); why it
    # failed is said in the language asked for, not in Dask's English
    result = shengji(
        "validate", "--lang", lang, "--executor", "dask", "--scheduler", "tcp://127.0.0.1:9",
        str(files), env={"DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "1s"},
    )  # fmt: skip
    assert result.returncode == 2 and result.stdout == ""
    assert (
        result.stderr
        == {
            "en": "shengji: cannot reach the Dask scheduler at tcp://127.0.0.1:9: "
            "no answer within the connect timeout\n",
            "zh": "shengji：无法连接 位于 tcp://127.0.0.1:9 的 Dask 调度器："
            "在连接超时之内没有应答\n",
        }[lang]
    )


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_local_cluster_whose_workers_do_not_start_is_exit_2(
    files: Path, lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # distributed raises RuntimeError("Nanny failed to start.") when a worker process
    # cannot start (a loaded machine, a process limit): said, never a traceback
    import distributed

    from notation.cli import main

    def fails(*args: object, **kwargs: object) -> None:
        raise RuntimeError("Nanny failed to start.")

    monkeypatch.setattr(distributed, "LocalCluster", fails)
    assert main(["validate", "--lang", lang, "--executor", "dask", str(files)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert (
        err.strip()
        == {
            "en": "shengji: cannot reach a local Dask cluster: its worker processes did not start",
            "zh": "shengji：无法连接 本机的 Dask 集群：其工作进程未能启动",
        }[lang]
    )


def test_a_scheduler_is_for_dask(files: Path) -> None:
    result = shengji("validate", "--scheduler", "tcp://127.0.0.1:9", str(files))
    assert result.returncode == 2
    assert result.stderr == "shengji: --scheduler is for --executor dask\n"


def test_validating_leaves_the_collectors_thresholds_as_they_were(
    files: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command collects its youngest generation less often while it checks hands
    (README, "The validator's speed"), and gives back the thresholds it found."""
    import gc

    from notation.cli import main
    from notation.validate import iter_validate

    seen: list[tuple[int, int, int]] = []

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(gc.get_threshold())
        return iter_validate(*args, **kwargs)

    monkeypatch.setattr("notation.cli.validate.iter_validate", spy)
    before = gc.get_threshold()
    assert main(["validate", "-j", "1", str(files / "clean.psn")]) == 0
    assert gc.get_threshold() == before
    assert seen == [(20_000, *before[1:])]
    capsys.readouterr()
