"""Follow obligations: suit, pairs, tractors, throws; the checker and the generator agree."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from notation.rules.cards import ALL_CARDS, Card
from notation.rules.follow import check_follow, legal_follows, sample_follow
from notation.rules.order import Trump
from notation.rules.violations import Code
from tests.conftest import cards


def codes(lead: str, play: str, hand: str, trump: Trump) -> list[str]:
    return [v.code.value for v in check_follow(cards(lead), cards(play), cards(hand), trump)]


def test_single_lead_must_be_followed_in_suit(spades_10: Trump) -> None:
    assert codes("H3", "C4", "H5 C4", spades_10) == ["follow-suit"]
    assert codes("H3", "H5", "H5 C4", spades_10) == []


def test_void_player_may_discard_or_ruff(spades_10: Trump) -> None:
    assert codes("H3", "C4", "C4 S5", spades_10) == []
    assert codes("H3", "S5", "C4 S5", spades_10) == []


def test_trump_lead_must_be_followed_with_trumps_including_rank_cards(spades_10: Trump) -> None:
    # H10 is a trump when 10 is the rank: it must follow a trump lead.
    assert codes("S3", "HA", "H10 HA", spades_10) == ["follow-suit"]
    assert codes("S3", "H10", "H10 HA", spades_10) == []


def test_pair_lead_must_be_followed_by_pair(spades_10: Trump) -> None:
    assert codes("H3 H3", "HQ H5", "HQ HQ H5", spades_10) == ["follow-pair"]
    assert codes("H3 H3", "HQ HQ", "HQ HQ H5", spades_10) == []


def test_pair_lead_without_a_pair_takes_singles_of_the_suit(spades_10: Trump) -> None:
    assert codes("H3 H3", "HQ H5", "HQ H5 C2", spades_10) == []
    assert codes("H3 H3", "HQ C2", "HQ H5 C2", spades_10) == ["follow-suit"]


def test_pair_inside_a_tractor_must_answer_a_pair(spades_10: Trump) -> None:
    assert codes("H3 H3", "HQ HQ", "HQ HQ HJ HJ H2", spades_10) == []
    assert codes("H3 H3", "HQ H2", "HQ HQ HJ HJ H2", spades_10) == ["follow-pair"]


def test_tractor_lead_must_be_followed_by_a_tractor_of_the_same_length(spades_10: Trump) -> None:
    hand = "HQ HQ HJ HJ H5 H5 H2"
    assert codes("H4 H4 H3 H3", "HQ HQ H5 H5", hand, spades_10) == ["follow-tractor"]
    assert codes("H4 H4 H3 H3", "HQ HQ HJ HJ", hand, spades_10) == []
    v = check_follow(cards("H4 H4 H3 H3"), cards("HQ HQ H5 H5"), cards(hand), spades_10)[0]
    assert "HQ HQ HJ HJ" in v.message and v.cards == tuple(cards("HQ HQ HJ HJ"))


def test_tractor_lead_without_a_tractor_takes_as_many_pairs_as_possible(spades_10: Trump) -> None:
    hand = "HQ HQ H8 H8 H5 H2"
    assert codes("H4 H4 H3 H3", "HQ HQ H8 H8", hand, spades_10) == []
    assert codes("H4 H4 H3 H3", "HQ HQ H5 H2", hand, spades_10) == ["follow-pair"]


def test_throw_obligations_per_unit(spades_10: Trump) -> None:
    # a throw of a pair and a single: a held pair must be played
    assert codes("HA HK HK", "HQ HQ H2", "HQ HQ H2 H3", spades_10) == []
    assert codes("HA HK HK", "HQ H2 H3", "HQ HQ H2 H3", spades_10) == ["follow-pair"]


def test_wrong_count_and_cards_not_held(spades_10: Trump) -> None:
    assert codes("H3 H3", "H5", "H5 H6", spades_10) == ["wrong-count"]
    assert codes("H3", "HK", "H5 H6", spades_10) == ["not-held"]
    assert codes("H3 H3", "H5 H5", "H5 H6", spades_10) == ["not-held"]


# --- the generator and the checker agree ---------------------------------------------

SMALL = [
    c
    for c in ALL_CARDS
    if str(c)
    in {
        "S3",
        "S4",
        "S5",
        "S9",
        "S10",
        "SJ",
        "SA",
        "H3",
        "H4",
        "H5",
        "H10",
        "HK",
        "C10",
        "C7",
        "LJ",
        "BJ",
    }
]


@st.composite
def situations(draw: st.DrawFn) -> tuple[list[Card], list[Card], Trump]:
    trump = draw(st.sampled_from([Trump.parse("S 10"), Trump.parse("H 4"), Trump.parse("NT 10")]))
    pool = [c for c in SMALL for _ in range(2)]
    hand = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=12))
    hand = list((Counter(hand) & Counter(pool)).elements())
    leader_cards = list((Counter(pool) - Counter(hand)).elements())
    suit = trump.effective_suit(draw(st.sampled_from(leader_cards)))
    in_suit = [c for c in leader_cards if trump.effective_suit(c) == suit]
    lead = draw(st.lists(st.sampled_from(in_suit), min_size=1, max_size=min(6, len(hand))))
    lead = list((Counter(lead) & Counter(in_suit)).elements())
    return lead, hand, trump


@settings(max_examples=300, deadline=None)
@given(situations())
def test_legal_follows_are_exactly_the_plays_the_checker_accepts(
    situation: tuple[list[Card], list[Card], Trump],
) -> None:
    lead, hand, trump = situation
    generated = set(legal_follows(lead, hand, trump))
    everything = {
        tuple(sorted(combo, key=lambda c: c.index)) for combo in combinations(hand, len(lead))
    }
    accepted = {play for play in everything if not check_follow(lead, play, hand, trump)}
    assert generated == accepted
    assert generated, "there is always at least one legal follow"


@settings(max_examples=200, deadline=None)
@given(situations(), st.integers(0, 2**32))
def test_sampled_follows_are_legal(
    situation: tuple[list[Card], list[Card], Trump], seed: int
) -> None:
    lead, hand, trump = situation
    play = sample_follow(lead, hand, trump, random.Random(seed))
    assert check_follow(lead, play, hand, trump) == []


def test_generator_answers_a_tractor_with_both_cards_of_each_pair(spades_10: Trump) -> None:
    hand = cards("H8 H8 H7 H7 H10 H4 C2")  # hearts 10 8 8 7 7 4: the tractor 8877 must go
    plays = legal_follows(cards("HA HA HK HK"), hand, Trump.parse("D 5"))
    assert plays == [tuple(sorted(cards("H8 H8 H7 H7")))]


def test_codes_are_stable_strings() -> None:
    assert Code.FOLLOW_PAIR == "follow-pair" and Code.NOT_HELD == "not-held"


@settings(max_examples=200, deadline=None)
@given(situations(), st.data())
def test_a_hand_given_by_its_counts_is_checked_as_its_cards(
    situation: tuple[list[Card], list[Card], Trump], data: st.DataObject
) -> None:
    # The replay passes counts that keep cards already played at 0; they are not held.
    lead, hand, trump = situation
    counts = Counter(hand)
    for gone in data.draw(st.lists(st.sampled_from(SMALL), max_size=4)):
        counts.setdefault(gone, 0)
    play = tuple(data.draw(st.permutations(hand))[: len(lead)])
    stranger = data.draw(st.sampled_from(SMALL))
    for attempt in (play, (*play[:-1], stranger)):
        assert check_follow(lead, attempt, counts, trump) == check_follow(
            lead, attempt, hand, trump
        )
