"""Variations are held to the rules: every alternative line, at any depth, is replayed
from where it branches off, and what it breaks is reported where it is written."""

from __future__ import annotations

from pathlib import Path

from notation.psn import parse, write
from notation.replay import replay
from notation.simulate import simulate_hand
from notation.validate import validate_text
from notation.variations import has_variations, splice_variation, variation_findings
from tests.test_validate_cli import shengji
from viewer.edit import Target, add_variation


def _hand_and_seat_cards(seed: int = 3):  # type: ignore[no-untyped-def]
    hand = simulate_hand("qq", seed=seed, dealer=1)
    rp = replay(hand)
    return hand, rp


def _before(rp, play):  # type: ignore[no-untyped-def]
    lead_step = next(s.step for s in rp.states if s.event is play)
    return rp.states[lead_step - 1]


def test_a_legal_alternative_is_clean_and_an_illegal_one_is_found_where_it_is_written() -> None:
    hand, rp = _hand_and_seat_cards()
    trick = next(t for t in hand.tricks if len(t.plays[0].cards) == 1)
    ti = hand.tricks.index(trick)
    lead, play = trick.plays[0], trick.plays[1]
    trump = rp.computed.trump
    assert trump is not None
    held = _before(rp, lead).hand(play.seat)
    suit = trump.effective_suit(lead.cards[0])
    in_suit = [c for c in held if trump.effective_suit(c) == suit]
    off_suit = [c for c in held if trump.effective_suit(c) != suit]
    assert in_suit and off_suit, "the seed gives a seat with both"
    legal = add_variation(hand, Target("play", ti, 1), f"{play.seat}: {in_suit[-1]}")
    assert validate_text(write(legal)).findings == []
    illegal = add_variation(legal, Target("play", ti, 1), f"{play.seat}: {off_suit[0]}")
    text = write(illegal)
    (finding,) = validate_text(text, "lesson.psn").findings
    assert finding.code == "follow-suit" and finding.seat == play.seat
    assert finding.message.startswith(f"in variation 2 of seat {play.seat}'s play in trick ")
    written = text.splitlines()[finding.line - 1]
    assert written[finding.column - 1 :].startswith(f"{play.seat}: {off_suit[0]}")  # in ( )
    assert "(" in written[: finding.column]
    branch = next(s.step for s in rp.states if s.event is play)
    assert finding.step == branch  # where the variation hangs in the record


def test_a_nested_variation_and_a_bid_variation_are_checked_too() -> None:
    hand, _ = _hand_and_seat_cards(5)
    trick = hand.tricks[4]
    lead, play = trick.plays[0], trick.plays[1]
    # A legal alternative (the recorded play itself), then inside it a wrong card count.
    outer = add_variation(hand, Target("play", 4, 1), str(play))
    alt = outer.tricks[4].plays[1].variations[0].events[0].plays[0]
    line = splice_variation(outer, outer.tricks[4].plays[1], 0)
    inner_target = Target("play", 4, 1)
    assert line.tricks[4].plays[1] is alt
    nested_line = add_variation(
        line, inner_target, f"{play.seat}: {lead.cards[0]} {lead.cards[0]}", into=outer
    )
    text = write(nested_line)
    found = validate_text(text).findings
    assert [f.code for f in found] in (["wrong-count"], ["wrong-count", "not-held"])
    where = f"variation 1 of seat {play.seat}'s play in trick {trick.number}"
    assert found[0].message.startswith(f"in {where}, then {where}: ")
    written = text.splitlines()[found[0].line - 1][: found[0].column]
    assert written.count("(") - written.count(")") == 2  # inside the variation's variation
    branch = next(s.step for s in replay(outer).states if s.event is outer.tricks[4].plays[1])
    assert found[0].step == branch  # the record's step where the outer variation hangs
    # A counter that cannot beat the declaration, as an alternative to the first bid.
    bid = hand.auction[0]
    assert bid.kind.value == "declare"
    weak = add_variation(hand, Target("auction", 0), f"counter {bid.seat % 4 + 1}: {bid.cards[0]}")
    codes = [f.code for f in validate_text(write(weak)).findings]
    assert codes and all(c.startswith("bid") for c in codes)


def test_the_validator_exits_1_for_an_illegal_variation(tmp_path: Path) -> None:
    hand, rp = _hand_and_seat_cards()
    trick = next(t for t in hand.tricks if len(t.plays[0].cards) == 1)  # a single led
    ti = hand.tricks.index(trick)
    play = trick.plays[1]
    unknown = add_variation(hand, Target("play", ti, 1), f"{play.seat}: ??")  # not provable
    assert has_variations(unknown)
    assert not [f for f in validate_text(write(unknown)).findings if f.is_error]
    stranger = next(
        c
        for c in ("SA", "HA", "CA", "DA")
        if c not in str(_before(rp, trick.plays[0]).hand(play.seat))
    )
    bad = add_variation(hand, Target("play", ti, 1), f"{play.seat}: {stranger}")
    path = tmp_path / "bad-line.psn"
    path.write_text(write(bad), encoding="utf-8")
    result = shengji("validate", str(path))
    assert result.returncode == 1 and "in variation 1 of seat" in result.stdout
    assert parse(write(bad)).hands[0] == bad


def test_variation_findings_need_the_timeline() -> None:
    hand, _ = _hand_and_seat_cards()
    play = hand.tricks[0].plays[1]
    with_line = add_variation(hand, Target("play", 0, 1), f"{play.seat}: BJ BJ BJ")
    assert variation_findings(replay(with_line, timeline=False)) == []  # no states to walk
    assert variation_findings(replay(with_line))


def test_the_teaching_example_s_alternative_would_be_caught_as_a_revoke() -> None:
    # examples/teaching/20: seat 1's alternative C5 is legal; the D5 its comment warns of
    # is a revoke, reported inside the brackets.
    path = Path(__file__).parent.parent / "examples" / "teaching" / "20-alternative-lines.psn"
    text = path.read_text(encoding="utf-8")
    assert validate_text(text).findings == []
    revoke = text.replace("(1. 1: C5 ", "(1. 1: D5 ", 1)
    assert revoke != text
    (finding,) = validate_text(revoke).findings
    assert (finding.code, finding.trick, finding.seat) == ("follow-suit", 1, 1)
    assert finding.message.startswith("in variation 1 of seat 1's play in trick 1: ")


def test_an_alternative_bid_may_end_in_another_trump_than_the_header_says() -> None:
    # The Trump header tells the recorded bidding's outcome, not the alternative's.
    path = Path(__file__).parent.parent / "examples" / "teaching" / "20-alternative-lines.psn"
    text = path.read_text(encoding="utf-8")
    assert "declare 4: H2 @16\n" in text and '[Trump "H 2"]' in text
    other = text.replace("declare 4: H2 @16\n", "declare 4: H2 @16 (declare 2: S2 @16)\n")
    assert validate_text(other).findings == []  # seat 2 has drawn S2 by then: legal


def test_strict_stops_at_an_error_in_a_variation() -> None:
    hand, _ = _hand_and_seat_cards()
    play = hand.tricks[0].plays[1]
    bad = add_variation(hand, Target("play", 0, 1), f"{play.seat}: BJ BJ BJ")
    report = validate_text(write([bad, hand]), strict=True)
    assert report.stopped and len(report.hands) == 1
    assert report.findings[-1].message.startswith("in variation 1")


def test_a_branch_of_the_bidding_keeps_the_rank_when_no_levels_are_written() -> None:
    # Without a Levels header the rank comes from the Trump header: a variation of the
    # bidding is read at that rank too (an identical alternative is clean).
    path = Path(__file__).parent.parent / "examples" / "disputes" / "12-skipped-level-ten.psn"
    first = path.read_text(encoding="utf-8").split("\n\n[Event")[0] + "\n"
    first = first.replace('[Levels "9 4"]\n', "")
    assert validate_text(first).findings == []
    same = first.replace("declare 4: D9 @44", "declare 4: D9 @44 (declare 4: D9 @44)", 1)
    assert same != first and validate_text(same).findings == []
