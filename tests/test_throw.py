"""Throws: when they fail, the forced play, the penalty's card count (RULES.md §1.8)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from notation.psn import parse
from notation.replay import replay
from notation.rules.cards import ALL_CARDS, Rank, Suit
from notation.rules.order import Trump
from notation.rules.throw import can_beat, judge_throw
from notation.rules.units import decompose, format_value
from tests.conftest import cards

HEARTS_10 = Trump(Rank.TEN, Suit.HEARTS)


def verdict(lead: str, **hands: str):  # type: ignore[no-untyped-def]
    seats = {int(k[1:]): cards(v) for k, v in hands.items()}
    return judge_throw(cards(lead), 1, seats, HEARTS_10)


def test_throw_98844_fails_to_a_jack_and_the_9_must_be_played() -> None:
    v = verdict("S9 S8 S8 S4 S4", s2="SJ S2", s3="C3", s4="D3")
    assert v.failed and [str(c) for c in v.forced] == ["S9"] and v.beaten_by == 2


@pytest.mark.parametrize("holder", ["S5 S5", "SQ SQ"])
def test_throw_98844_fails_to_a_pair_and_the_44_must_be_played(holder: str) -> None:
    v = verdict("S9 S8 S8 S4 S4", s2="C2", s3=holder, s4="D3")
    assert v.failed and [str(c) for c in v.forced] == ["S4", "S4"] and v.beaten_by == 3


def test_throw_stands_when_nobody_can_beat_any_unit() -> None:
    v = verdict("S9 S8 S8 S4 S4", s2="S7 S6 S5", s3="S3 S3", s4="S2")
    assert not v.failed and v.forced == tuple(cards("S9 S8 S8 S4 S4"))


def test_clubs_10_j_q_stand_when_the_higher_clubs_are_gone() -> None:
    # 000§6.二.4: both ♣A, both ♣K, one ♣Q, one ♣J, one ♣10 already played.
    trump = Trump(Rank.TWO, Suit.HEARTS)
    others = {2: cards("C9 C9 C8"), 3: cards("C3 C4"), 4: cards("C7 D5")}
    assert not judge_throw(cards("C10 CJ CQ"), 1, others, trump).failed
    others[4] = cards("CQ")  # had the other ♣Q not been played, the ♣10 and ♣J fall
    v = judge_throw(cards("C10 CJ CQ"), 1, others, trump)
    assert v.failed and [str(c) for c in v.forced] == ["C10"]


def test_clubs_k_and_jj_stand_after_aa_and_qq_are_gone() -> None:
    trump = Trump(Rank.TWO, Suit.HEARTS)
    others = {2: cards("CK C9 C9"), 3: cards("C10 C10"), 4: cards("C3")}
    v = judge_throw(cards("CK CJ CJ"), 1, others, trump)
    assert not v.failed  # the other ♣K only ties


def test_an_off_suit_rank_card_beats_the_trump_ace_but_not_the_trump_suit_rank_card() -> None:
    v = judge_throw(cards("H10 HA"), 1, {2: cards("D10")}, HEARTS_10)
    assert v.failed and [str(c) for c in v.forced] == ["HA"]


def test_an_equal_off_suit_rank_card_does_not_beat_another() -> None:
    v = judge_throw(
        cards("D10 HA"), 1, {2: cards("C10"), 3: cards("S3"), 4: cards("C4")}, HEARTS_10
    )
    assert v.failed and [str(c) for c in v.forced] == ["HA"]  # C10 ties D10, beats HA


def test_tractor_unit_fails_to_a_higher_tractor_only() -> None:
    v = verdict("SA S7 S7 S6 S6", s2="S9 S9 S8 S8", s3="", s4="")
    assert v.failed and [str(c) for c in v.forced] == ["S7", "S7", "S6", "S6"]
    v = verdict("SA S7 S7 S6 S6", s2="S9 S9 S8", s3="SJ SJ", s4="")
    assert not v.failed


def test_penalty_counts_withdrawn_or_beaten_cards() -> None:
    v = verdict("S9 S8 S8 S4 S4", s2="SQ SQ", s3="", s4="")
    assert [str(c) for c in v.forced] == ["S4", "S4"]
    assert v.penalty_cards("withdrawn") == 3  # five thrown, two played
    assert v.penalty_cards("beaten") == 5  # ♠9, ♠88 and ♠44 were all beatable


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_can_beat_finds_a_higher_unit_of_the_same_shape_exactly_when_one_exists(
    data: st.DataObject,
) -> None:
    trumps = [HEARTS_10, Trump(Rank.FOUR, None), Trump(Rank.TWO, Suit.SPADES)]
    trump = data.draw(st.sampled_from(trumps))
    suit = trump.effective_suit(data.draw(st.sampled_from(ALL_CARDS)))
    pool = [c for c in ALL_CARDS if trump.effective_suit(c) == suit]
    doubled = st.lists(st.sampled_from(pool), max_size=5).map(lambda cs: cs * 2)  # pairs
    lead = data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=8)) + data.draw(doubled)
    lead = list((Counter(lead) & Counter(pool * 2)).elements())
    unit = data.draw(st.sampled_from(decompose(lead, trump)))
    hand = data.draw(st.lists(st.sampled_from(pool + list(ALL_CARDS[:6])), max_size=8))
    hand += data.draw(doubled)
    hand = list((Counter(hand) & Counter(ALL_CARDS * 2)).elements())  # two decks
    event(f"{unit.kind.value}, beaten: {can_beat(unit, hand, trump)}")
    # By brute force: some cards of the hand in the unit's shape, of a higher value.
    size = len(unit.cards)
    higher = any(
        (value := format_value([unit], list(cards), trump)) is not None and value > unit.top
        for cards in set(combinations(sorted(hand, key=lambda c: c.index), size))
        if all(trump.effective_suit(c) == suit for c in cards)
    )
    assert can_beat(unit, hand, trump) is higher
    assert can_beat(unit, Counter(hand), trump) is higher


def test_failing_units_tied_in_level_force_the_same_unit_whatever_order_they_are_written() -> None:
    # Trump ♠2: ♥2 and ♣2 are rank cards of side suits, equal in level. A big joker beats
    # both, so the throw fails on either; the forced unit must not depend on the writing.
    trump = Trump.parse("S 2")
    others = {2: cards("BJ C3"), 3: cards("D3 D4"), 4: cards("D5 D6")}
    one = judge_throw(cards("H2 C2"), 1, others, trump)
    two = judge_throw(cards("C2 H2"), 1, others, trump)
    assert one.forced == two.forced
    assert sorted(str(u) for u in one.forced_options) == ["C2", "H2"]


def test_either_of_two_tied_failing_units_is_a_right_forced_play() -> None:
    head = '[Rules "qq"]\n[Levels "2 2"]\n[Dealer "1"]\n[Trump "S 2"]\n\n'
    deal = "deal\n1: H2 C2 D7 D8\n2: BJ C3 D9 D10\n3: D3 D4 DJ DQ\n4: D5 D6 DK DA\n"
    for forced in ("H2", "C2"):
        text = head + deal + f"1. 1: H2 C2 / {forced} by 2 2: BJ 3: D3 4: D5\n"
        (hand,) = parse(text).hands
        codes = [f.code for f in replay(hand).findings if f.code == "wrong-forced-play"]
        assert codes == [], forced
