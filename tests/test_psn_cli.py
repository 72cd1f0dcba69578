"""``shengji fmt`` and ``shengji convert``: canonical text, --check, --in-place, JSON and
back, and clean errors."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from notation.cli import main
from notation.psn import load, parse, to_json, write
from notation.simulate import simulate_hand

DATA = Path(__file__).parent / "data"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "notation", *args],
        capture_output=True,
        text=True,
        timeout=60,
        input=stdin,
    )


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    path = tmp_path / "sample.psn"
    shutil.copy(DATA / "sample.psn", path)
    return path


def test_fmt_prints_the_canonical_text(sample: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fmt", str(sample)]) == 0
    out = capsys.readouterr().out
    assert out == write(load(sample))
    assert "3: S10 SA S10" in out  # ♠10 黑桃A st


def test_fmt_check_names_a_file_that_would_change(
    sample: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["fmt", "--check", str(sample)]) == 1
    assert capsys.readouterr().out == f"would reformat {sample}\n"


def test_fmt_in_place_then_check_passes(sample: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = load(sample)
    assert main(["fmt", "--in-place", str(sample)]) == 0
    assert main(["fmt", "--check", str(sample)]) == 0
    assert capsys.readouterr().out == ""
    assert load(sample) == before


@pytest.mark.parametrize("options", [[], ["--check"], ["--in-place"]])
def test_fmt_of_a_folder_of_no_records_says_it_has_nothing_to_do(
    options: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.txt").write_text("not a record", encoding="utf-8")
    assert main(["fmt", *options, str(tmp_path)]) == 0  # as black and ruff: nothing to do
    assert "no *.psn files found: nothing to do" in capsys.readouterr().err


def test_fmt_check_passes_on_canonical_data_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fmt", "--check", str(DATA / "canonical.psn")]) == 0
    assert capsys.readouterr().out == ""


def test_fmt_reads_standard_input() -> None:
    result = run("fmt", "-", stdin="1. 1: sa 2: ♠3\n")
    assert result.returncode == 0
    assert result.stdout == "1. 1: SA 2: S3\n"


def test_fmt_reports_a_broken_hand_with_its_place_and_leaves_the_file_alone(
    tmp_path: Path,
) -> None:
    path = tmp_path / "broken.psn"
    shutil.copy(DATA / "broken_middle.psn", path)
    before = path.read_text()
    result = run("fmt", "--in-place", str(path))
    assert result.returncode == 2
    assert f"{path}:11:12: expected a card like S10 or BJ after seat 3:" in result.stderr
    assert "^" in result.stderr and "Traceback" not in result.stderr
    assert path.read_text() == before


def test_fmt_missing_file_is_a_clean_error() -> None:
    result = run("fmt", "no-such-file.psn")
    assert result.returncode == 2
    assert "no-such-file.psn: no such file" in result.stderr
    assert "Traceback" not in result.stderr


def test_fmt_goes_on_after_a_missing_file(sample: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fmt", "--check", "missing.psn", str(sample)]) == 2
    captured = capsys.readouterr()
    assert f"would reformat {sample}" in captured.out
    assert "missing.psn: no such file" in captured.err


def test_fmt_check_says_in_one_line_that_all_is_well(capsys: pytest.CaptureFixture[str]) -> None:
    # As black does: nothing to change is said too, on standard error.
    assert main(["fmt", "--check", str(DATA / "canonical.psn")]) == 0
    assert capsys.readouterr().err == "1 file would be left unchanged\n"


def test_fmt_check_counts_what_would_change_and_what_could_not_be_read(
    sample: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    canonical = str(DATA / "canonical.psn")
    assert main(["fmt", "--check", "missing.psn", str(sample), canonical, canonical]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "1 file would be reformatted, 2 files would be left unchanged, 1 file could not be read"
    )


def test_fmt_in_place_counts_the_files_it_rewrote(
    sample: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["fmt", "--in-place", str(sample), str(DATA / "canonical.psn")]) == 0
    assert capsys.readouterr().err == (
        f"reformatted {sample}\n1 file reformatted, 1 file left unchanged\n"
    )


def test_convert_to_json_and_back_is_the_canonical_text(
    sample: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "sample.json"
    assert main(["convert", str(sample), "--to", "json", "-o", str(out)]) == 0
    doc = json.loads(out.read_text())
    assert doc["format"] == "psn" and doc["version"] == 1
    first = doc["hands"][0]
    assert first["headers"][0] == ["Event", "Club night"]
    assert first["deal"]["hands"][2] == ["S10", "SA", "S10"]
    play = first["tricks"][1]["plays"][0]
    assert play["attempted"] == ["SA", "SK", "SQ"] and play["cards"] == ["SQ"]
    assert play["blocker"] == 3 and play["nags"] == [4]
    assert main(["convert", str(out), "--from", "json"]) == 0
    assert capsys.readouterr().out == write(load(sample))


def test_fmt_and_convert_keep_the_hand_held_and_the_recorded_winners(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "log.psn"
    path.write_text(
        "bury 1: s3 FROM s3 sa h2\nbury 2:  from ?? ??\n1. 1: SA 2: S4 {mine} Won  By 2\n",
        encoding="utf-8",
    )
    canonical = "bury 1: S3 from S3 SA H2\nbury 2: from ?? ??\n1. 1: SA 2: S4 {mine} won by 2\n"
    assert main(["fmt", str(path)]) == 0
    assert capsys.readouterr().out == canonical
    out = tmp_path / "log.json"
    assert main(["convert", str(path), "--to", "json", "-o", str(out)]) == 0
    doc = json.loads(out.read_text())
    first, second = doc["hands"][0]["auction"]
    assert first["cards"] == ["S3"] and first["held"] == ["S3", "SA", "H2"]
    assert second["cards"] == [] and second["held"] == ["??", "??"]
    assert doc["hands"][0]["tricks"][0]["winner"] == 2
    assert main(["convert", str(out), "--from", "json"]) == 0
    assert capsys.readouterr().out == canonical


def test_the_other_programs_log_is_canonical(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fmt", "--check", str(DATA / "other_program.psn")]) == 0
    assert capsys.readouterr().out == ""


def test_convert_to_json_prints_to_standard_output(sample: Path) -> None:
    result = run("convert", str(sample), "--to", "json")
    assert result.returncode == 0
    assert parse(sample.read_text()) == parse(
        run("convert", "-", "--from", "json", stdin=result.stdout).stdout
    )


def test_convert_refuses_a_broken_file_with_located_errors() -> None:
    result = run("convert", str(DATA / "broken_middle.psn"), "--to", "json")
    assert result.returncode == 2
    assert "broken_middle.psn:11:12:" in result.stderr
    assert result.stdout == ""


def test_convert_from_bad_json_is_a_clean_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "pgn"}')
    result = run("convert", str(path), "--from", "json")
    assert result.returncode == 2
    assert "not a PSN JSON document" in result.stderr
    assert "Traceback" not in result.stderr


def test_convert_missing_file_is_a_clean_error() -> None:
    result = run("convert", "nowhere.psn", "--to", "json")
    assert result.returncode == 2
    assert "nowhere.psn: no such file" in result.stderr


def test_convert_needs_a_direction() -> None:
    result = run("convert", "x.psn")
    assert result.returncode == 2
    assert "one of the arguments --to --from is required" in result.stderr


def test_fmt_takes_folders_like_validate(tmp_path: Path) -> None:
    from notation.cli import main

    sub = tmp_path / "club"
    sub.mkdir()
    (sub / "a.psn").write_text('[Event "a"]\n\n1. 1: SA 2: S3 3: S4 4: S5\n', encoding="utf-8")
    (sub / "b.psn").write_text('[Event "b"]\n\n1. 1: sa 2: S3 3: S4 4: S5\n', encoding="utf-8")
    (sub / "notes.txt").write_text("not a record", encoding="utf-8")
    assert main(["fmt", "--check", str(tmp_path)]) == 1  # b.psn is not canonical
    assert main(["fmt", "--in-place", str(tmp_path)]) == 0
    assert main(["fmt", "--check", str(tmp_path)]) == 0


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("header", "\ud800", "hands[0].headers[0]: header Event: U+D800 is half of a character"),
        ("header", "a\rb", "hands[0].headers[0]: header Event: a value is one line"),
        ("comment", "a\rb", "hands[0].comments[0]: a comment's lines end with a line feed"),
        ("points", float("nan"), "not JSON: Expecting value at line"),
    ],
)
def test_convert_refuses_json_no_psn_file_can_hold_with_exit_2(
    field: str, value: object, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = json.loads(to_json(parse('[Event "x"]\n\n1. 1: SA\nresult points 40\n')))
    hand = doc["hands"][0]
    if field == "header":
        hand["headers"][0][1] = value
    elif field == "comment":
        hand["comments"] = [value]
    else:
        hand["result"]["points"] = value
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8")  # "\ud800" as JSON writes it
    out = tmp_path / "out.psn"
    assert main(["convert", str(path), "--from", "json", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err and "internal error" not in err
    assert not out.exists()


@pytest.fixture(scope="module")
def canonical_hands() -> list[str]:
    return [write(simulate_hand(preset, seed=2)) for preset in ("qq", "match-a", "tractor")]


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(
    st.lists(st.tuples(st.integers(0, 2), st.sampled_from(["\n", "", "\n\n", " \n", "\r\n"])),
             min_size=1, max_size=5),
    st.sampled_from(["", "\n", "\ufeff", "{a note}\n"]),
)  # fmt: skip
def test_fmt_streamed_hand_by_hand_says_what_the_whole_text_compared_says(
    canonical_hands: list[str], parts: list[tuple[int, str]], lead: str
) -> None:
    # fmt reads and writes a hand at a time (memory: one hand); its verdict, its text
    # and convert's JSON are those of the record read whole.
    import tempfile

    text = lead + "".join(canonical_hands[i] + gap for i, gap in parts)
    record = parse(text.removeprefix("\ufeff").replace("\r\n", "\n"))
    canonical = write(record)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.psn"
        path.write_bytes(text.encode("utf-8"))
        capture = io.StringIO()
        with contextlib.redirect_stdout(capture), contextlib.redirect_stderr(io.StringIO()):
            checked = main(["fmt", "--check", str(path)])
            main(["fmt", str(path)])
            main(["convert", str(path), "--to", "json"])
    same = canonical == text.removeprefix("\ufeff").replace("\r\n", "\n")
    assert checked == (0 if same else 1)
    assert capture.getvalue() == ("" if same else f"would reformat {path}\n") + canonical + (
        to_json(record)
    )
