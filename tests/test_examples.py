"""The example library in examples/: every record reads, is canonical, and gets exactly
the verdict it states.

Each hand carries a ``[Verdict "..."]`` header (format in examples/README.md): ``clean``,
or the findings the validator reports for that hand, in its order, separated by ``;``,
each as ``code [trick [seat]]`` with ``-`` for a trick or seat the finding does not name.
Every finding of every severity (errors, warnings and notes) is compared, so a record
whose verdict is ``clean`` has no finding at all.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from notation.presets import load_ruleset
from notation.psn import parse, write
from notation.replay import replay
from notation.rules.scoring import apply_outcome
from notation.validate import FileReport, validate_path

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
FILES = sorted(EXAMPLES.rglob("*.psn"))
FOLDERS = ("teaching", "disputes", "matches")
CJK = re.compile(r"[\u4e00-\u9fff]")
LATIN = re.compile(r"[A-Za-z]{3,}")

Expected = tuple[str, int | None, int | None]


def ids(path: Path) -> str:
    return str(path.relative_to(EXAMPLES))


def parse_verdict(text: str) -> list[Expected]:
    """``clean`` → []; ``"follow-suit 7 3; result-level"`` → [(code, trick, seat), …]."""
    if text.strip() == "clean":
        return []
    found: list[Expected] = []
    for item in text.split(";"):
        parts = item.split()
        assert 1 <= len(parts) <= 3, f"bad verdict item {item!r}"
        code, *where = parts
        where += ["-"] * (2 - len(where))
        trick, seat = (None if w == "-" else int(w) for w in where)
        found.append((code, trick, seat))
    return found


@cache
def report(path: Path) -> FileReport:
    return validate_path(path)


def test_the_library_is_there() -> None:
    for folder in FOLDERS:
        assert list((EXAMPLES / folder).glob("*.psn")), folder
    assert len(FILES) >= 20


@pytest.mark.parametrize("path", FILES, ids=ids)
def test_reads_without_errors_and_is_canonical(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    record = parse(text, str(path))
    assert not record.errors, record.errors
    assert record.hands
    assert write(record.hands) == text


@pytest.mark.parametrize("path", FILES, ids=ids)
def test_findings_are_exactly_the_verdict(path: Path) -> None:
    rep = report(path)
    assert rep.unreadable is None
    for hand in rep.hands:
        assert "Verdict" in hand.headers, f"hand {hand.number} states no verdict"
        expected = parse_verdict(hand.headers["Verdict"])
        actual = [(f.code, f.trick, f.seat) for f in hand.findings]
        assert actual == expected, f"hand {hand.number}"


@pytest.mark.parametrize("path", FILES, ids=ids)
def test_every_hand_tells_its_story_in_both_languages(path: Path) -> None:
    for hand in parse(path.read_text(encoding="utf-8")).hands:
        texts = [c.text for c in hand.comments]
        texts += [c.text for e in hand.auction for c in e.comments]
        texts += [c.text for t in hand.tricks for c in t.comments]
        texts += [c.text for t in hand.tricks for p in t.plays for c in p.comments]
        texts += [c.text for c in hand.result.comments] if hand.result else []
        assert any(CJK.search(t) and LATIN.search(t) for t in texts), hand.header("Event")


@pytest.mark.parametrize("path", [p for p in FILES if p.parent.name == "teaching"], ids=ids)
def test_teaching_hands_are_legal(path: Path) -> None:
    for hand in report(path).hands:
        assert hand.headers["Verdict"] == "clean"
        assert hand.computed is not None and hand.computed["complete"]


@pytest.mark.parametrize("path", [p for p in FILES if p.parent.name == "disputes"], ids=ids)
def test_every_dispute_rests_on_a_rule_clause(path: Path) -> None:
    findings = report(path).findings
    assert any(f.is_error for f in findings), "a dispute must be an error"
    first = findings[0]
    assert first.is_error
    assert first.clause is not None and first.clause.ref and first.clause.text


@pytest.mark.parametrize("path", [p for p in FILES if p.parent.name == "matches"], ids=ids)
def test_a_match_runs_from_level_two_until_a_team_wins(path: Path) -> None:
    assert all(not hand.findings for hand in report(path).hands)
    hands = parse(path.read_text(encoding="utf-8")).hands
    assert len(hands) >= 2
    assert hands[0].header("Levels") == "2 2" and hands[0].header("Dealer") is None
    winners = []
    for number, hand in enumerate(hands, start=1):
        computed = replay(hand, number=number, timeline=False).computed
        assert computed.outcome and computed.levels and computed.dealer
        rules = load_ruleset(hand.rules or "qq")
        after = apply_outcome(rules, computed.levels, computed.dealer, computed.outcome)
        winners.append(after.winner)
    assert all(w is None for w in winners[:-1]), "the match went on after it was won"
    assert winners[-1] is not None, "the match does not end"


def test_readme_lists_every_file() -> None:
    readme = (EXAMPLES / "README.md").read_text(encoding="utf-8")
    for path in FILES:
        assert ids(path) in readme, ids(path)
