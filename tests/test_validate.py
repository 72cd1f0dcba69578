"""The validator's library API: the streaming form, the file report, a finding printed."""

from __future__ import annotations

import io
import tracemalloc
from pathlib import Path

from notation.diagnostics import format_finding
from notation.psn import write
from notation.psn.parser import MAX_HAND_CHARS
from notation.validate import iter_validate, validate_path, validate_text
from tests.test_replay import _revoke, sims


def test_iter_validate_yields_each_hand_as_validate_text_reports_it() -> None:
    hand, _, _ = _revoke(sims()[0])
    text = write([hand, sims()[1]]) + '\n[Event "broken"]\n\n1. 1: SA 2: @@@\n'
    whole = validate_text(text, "x.psn")
    streamed = list(iter_validate(io.StringIO(text), "x.psn", keep_replays=False))
    assert [c.report.findings for c in streamed] == [h.findings for h in whole.hands]
    assert [c.report.computed for c in streamed] == [h.computed for h in whole.hands]
    assert all(c.report.replay is None for c in streamed)  # plain values only
    assert not any(c.stops for c in streamed)
    # Each comes with the text it was read from, for the lines its findings point at.
    broken = streamed[-1]
    assert broken.read.text.startswith('[Event "broken"]')


def test_iter_validate_stops_after_the_first_error_when_strict() -> None:
    hand, _, _ = _revoke(sims()[0])
    streamed = list(iter_validate(io.StringIO(write([hand, sims()[1]])), strict=True))
    assert len(streamed) == 1 and streamed[0].stops


def test_a_file_of_comments_only_holds_no_hand() -> None:
    assert validate_text("").empty and validate_text("{a note}\n").empty
    assert not validate_text(write(sims()[0])).empty
    assert not validate_text('[Event "x"]\n\n1. 1: ZZ\n').empty  # broken, but a hand
    missing = validate_path("/nonexistent/x.psn")
    assert missing.unreadable is not None and not missing.empty
    assert missing.unreadable.render("en") == "no such file"
    assert missing.to_dict("zh")["unreadable"] == "没有这个文件"


def test_opening_remarks_before_the_first_hand_are_not_a_hand_to_judge() -> None:
    # A comment above the first headers is read as a "hand" of comments only (so that the
    # file is written back whole); it used to be judged, with a note that it had no
    # Rules header, and counted: "1 file, 2 hands" for a file of one.
    alone = validate_text("{ remarks }\n")
    assert alone.empty and alone.hands == [] and alone.findings == []
    report = validate_text("{ remarks }\n\n" + write(sims()[0]))
    assert not report.empty and len(report.hands) == 1 and report.findings == []


def test_a_finding_is_printed_with_its_line_found_in_the_hands_text() -> None:
    text = '[Event "x"]\n\n1. 1: SA 2: SXX 3: S4 4: S5\n'
    (finding,) = validate_text(text, "typo.psn").findings
    printed = format_finding(finding, "typo.psn", text, 1)
    assert printed.splitlines()[1:] == ["  1. 1: SA 2: SXX 3: S4 4: S5", "              ^^^"]
    # The line alone (its own first line) gives the same drawing.
    alone = format_finding(finding, "typo.psn", "1. 1: SA 2: SXX 3: S4 4: S5")
    assert alone == printed


def test_a_one_line_hand_of_many_megabytes_is_refused_while_it_is_read(tmp_path: Path) -> None:
    # Before: the 20 MB line was read whole (and a 100 MB one held 100 MB and more) before
    # the reader's limit refused its hand. Now the line is cut as it is read.
    path = tmp_path / "pasted.psn"
    with path.open("w", encoding="utf-8") as f:
        f.write('[Event "pasted"]\n\n1. 1: ')
        for _ in range(200):
            f.write("SA S3 " * 16_667)
        f.write('\n\n[Event "next"]\n\n1. 1: SA 2: S3 3: S4 4: S5\n')
    tracemalloc.start()
    try:
        report = validate_path(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    first, second = report.hands
    assert [f.code for f in first.findings] == ["syntax"]
    assert f"more than {MAX_HAND_CHARS:,} characters" in first.findings[0].message
    assert second.headers["Event"] == "next" and second.line == 5
    assert peak < 4_000_000  # the limit's worth of text a few times, not the 20 MB line
