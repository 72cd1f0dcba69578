"""``shengji export``: a handout or a picture from the command line; bad input is a
located error with exit status 2, never a traceback."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from notation.cli import main

EXAMPLES = Path(__file__).parents[1] / "examples"
ALTERNATIVE = str(EXAMPLES / "teaching" / "20-alternative-lines.psn")  # 125 steps
MATCH = str(EXAMPLES / "matches" / "match-a-full-match.psn")


def test_html_handout_to_a_file(tmp_path: Path) -> None:
    out = tmp_path / "hand.html"
    assert main(["export", ALTERNATIVE, "--format", "html", "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<h2>Tricks</h2>" in page


def test_html_handout_of_a_later_hand_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", MATCH, "--hand", "3", "--lang", "zh"]) == 0
    page = capsys.readouterr().out
    assert "第 3 局" in page and "<h2>出牌</h2>" in page


def test_png_at_a_step(tmp_path: Path) -> None:
    out = tmp_path / "table.png"
    assert main(["export", ALTERNATIVE, "--step", "30", "--format", "png", "-o", str(out)]) == 0
    assert Image.open(out).size == (1280, 944)


def test_the_format_follows_the_files_suffix_and_the_step_defaults_to_the_last(
    tmp_path: Path,
) -> None:
    default, last = tmp_path / "default.png", tmp_path / "last.png"
    assert main(["export", ALTERNATIVE, "-o", str(default)]) == 0
    assert main(["export", ALTERNATIVE, "--format", "png", "--step", "124", "-o", str(last)]) == 0
    assert default.read_bytes() == last.read_bytes()
    assert main(["export", ALTERNATIVE, "--step", "-125", "-o", str(last)]) == 0  # the first
    assert default.read_bytes() != last.read_bytes()


def test_png_to_standard_output_when_it_is_not_a_terminal(
    capsysbinary: pytest.CaptureFixture[bytes],
) -> None:
    assert main(["export", ALTERNATIVE, "--format", "png", "--step", "5"]) == 0
    assert Image.open(io.BytesIO(capsysbinary.readouterr().out)).size == (1280, 944)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--step", "125", "--format", "png"], "hand 1 has no step 125: its steps are 0 to 124"),
        (["--step", "-126", "--format", "png"], "has no step -126"),
        (["--hand", "2"], "no hand 2; the file has 1"),
        (["--hand", "0", "--format", "png"], "no hand 0; the file has 1"),
        (["--step", "3"], "--step goes with --format png"),
    ],
)
def test_bad_steps_and_hands_are_located_errors(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    assert main(["export", ALTERNATIVE, *args, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not out.exists()


def test_a_missing_file_an_unreadable_hand_and_an_unwritable_output_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["export", str(tmp_path / "none.psn")]) == 2
    assert "none.psn: no such file" in capsys.readouterr().err
    broken = tmp_path / "broken.psn"
    broken.write_text('[Event "x"]\n\n1. 1: SA 2: S3 3: XX\n', encoding="utf-8")
    assert main(["export", str(broken)]) == 2
    assert "broken.psn:3:" in capsys.readouterr().err  # the line and column of the fault
    out = tmp_path / "no-folder" / "hand.html"
    assert main(["export", ALTERNATIVE, "-o", str(out)]) == 2
    assert "hand.html: cannot write" in capsys.readouterr().err


def test_export_takes_a_rules_folder(tmp_path: Path) -> None:
    out = tmp_path / "hand.html"
    assert (
        main(["export", ALTERNATIVE, "--rules-dir", str(EXAMPLES / "rules"), "-o", str(out)]) == 0
    )
    assert main(["export", ALTERNATIVE, "--rules", "match-b", "-o", str(out)]) == 0
    assert "(match-b)" in out.read_text(encoding="utf-8")
