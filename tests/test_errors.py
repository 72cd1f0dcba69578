"""The error family: where an error is, and the line drawn with a caret under it."""

from __future__ import annotations

from notation.errors import CONTEXT_WIDTH, SourceError


def drawn(error: SourceError) -> tuple[str, str]:
    """The line and the caret line of an error's context, without their margin."""
    text, caret = error.context().split("\n")
    assert text.startswith("  ") and caret.startswith("  ")
    return text[2:], caret[2:]


def test_a_short_line_is_drawn_whole_with_the_caret_under_the_column() -> None:
    error = SourceError("x", source="[Deal]\n1: S11 HK", line=2, column=4, width=3)
    assert drawn(error) == ("1: S11 HK", "   ^^^")


def test_a_huge_line_shows_a_window_around_the_column() -> None:
    # A 1 MB line: the caret still points at the card at fault, and only about
    # CONTEXT_WIDTH characters around it are printed, with … where the line goes on.
    line = "1. 1: " + "SA " * 350_000 + "S11 " + "HK " * 10_000
    column = line.index("S11") + 1
    text, caret = drawn(SourceError("x", source=line, line=1, column=column, width=3))
    assert text.startswith("…") and text.endswith("…")
    assert len(text) <= CONTEXT_WIDTH + 2 and len(caret) <= CONTEXT_WIDTH + 2
    at = caret.index("^")
    assert caret == " " * at + "^^^"
    assert text[at : at + 3] == "S11"


def test_a_column_near_either_end_of_a_huge_line_marks_only_the_other_end() -> None:
    line = "S11 " + "SA " * 400_000
    text, caret = drawn(SourceError("x", source=line, line=1, column=1, width=3))
    assert text.startswith("S11 SA") and text.endswith("…") and caret == "^^^"
    end = len(line) + 1  # "the line ended here"
    text, caret = drawn(SourceError("x", source=line, line=1, column=end))
    assert text.startswith("…") and not text.endswith("…")
    assert caret == " " * len(text) + "^"


def test_a_caret_as_wide_as_a_huge_word_is_cut_to_the_window() -> None:
    word = "Z" * 1_000_000
    text, caret = drawn(SourceError("x", source=f"1: {word}", line=1, column=4, width=len(word)))
    assert text.startswith("1: ZZZ") and text.endswith("…")
    assert caret.strip() == "^" * (len(text) - 1 - 3)  # under every Z shown, up to the …


def test_the_line_is_found_by_its_number_in_a_long_text() -> None:
    source = "".join(f"line {n}\n" for n in range(1, 100_001))
    error = SourceError("x", source=source, line=70_000, column=6, first_line=1)
    assert drawn(error) == ("line 70000", "     ^")
    beyond = SourceError("x", source=source, line=100_001, column=1)
    assert beyond.context() == ""


def test_windows_line_endings_are_not_drawn() -> None:
    error = SourceError("x", source="a\r\nb S11\r\n", line=2, column=3, width=3)
    assert drawn(error) == ("b S11", "  ^^^")
