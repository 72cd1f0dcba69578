"""Units and tractors, with the worked examples of RULES.md §4 (000§1, 000§5)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from notation.rules.cards import ALL_CARDS, RANKS, SUITS, Card, Rank, Suit
from notation.rules.order import TRUMP, Trump
from notation.rules.units import UnitKind, decompose, format_value
from tests.conftest import cards


def kinds(text: str, trump: Trump) -> list[str]:
    return [f"{u.kind.value}:{u}" for u in decompose(cards(text), trump)]


def test_rank_4_makes_clubs_3355_a_tractor() -> None:
    trump = Trump(Rank.FOUR, Suit.HEARTS)
    (unit,) = decompose(cards("C3 C3 C5 C5"), trump)
    assert unit.kind is UnitKind.TRACTOR and unit.length == 2


@pytest.mark.parametrize(
    "text",
    [
        "LJ LJ S10 S10",  # little joker pair + trump-suit rank pair
        "S10 S10 H10 H10",  # trump-suit rank pair + off-suit rank pair
        "H10 H10 SA SA",  # off-suit rank pair + trump-suit A pair
        "CJ CJ C9 C9",  # across the removed rank 10
        "BJ BJ LJ LJ",
        "LJ LJ S10 S10 H10 H10 SA SA",  # the whole trump chain
    ],
)
def test_tractors_with_rank_10_spades_trump(text: str, spades_10: Trump) -> None:
    (unit,) = decompose(cards(text), spades_10)
    assert unit.kind is UnitKind.TRACTOR


@pytest.mark.parametrize(
    "text",
    [
        "C5 C5 C3 C3",  # a gap (the 4s)
        "H10 H10 D10 D10",  # two off-suit rank pairs are equal, not consecutive
        "CJ CJ C10 C10",  # C10 is a trump rank card, CJ a club
        "CA CA C2 C2",  # no wraparound
    ],
)
def test_not_tractors_with_rank_10_spades_trump(text: str, spades_10: Trump) -> None:
    assert all(u.kind is not UnitKind.TRACTOR for u in decompose(cards(text), spades_10))


def test_clubs_qqjj_is_a_tractor_at_rank_10(spades_10: Trump) -> None:
    # RULES.md §5: 000§5's "JJQQ is not a tractor" is read as a typo.
    (unit,) = decompose(cards("CQ CQ CJ CJ"), spades_10)
    assert unit.kind is UnitKind.TRACTOR


def test_permanent_twos_chain() -> None:
    # 000§5 with 2s permanent: BJ LJ S10 (other 10s) S2 (other 2s) SA ...
    trump = Trump(Rank.TEN, Suit.SPADES, permanent_twos=True)
    assert kinds("H10 H10 S2 S2", trump) == ["tractor:H10 H10 S2 S2"]
    assert kinds("S2 S2 H2 H2", trump) == ["tractor:S2 S2 H2 H2"]
    assert kinds("H2 H2 SA SA", trump) == ["tractor:H2 H2 SA SA"]
    assert kinds("H2 H2 D2 D2", trump) == ["pair:H2 H2", "pair:D2 D2"]


def test_rank_cards_above_jokers_chain() -> None:
    # seed-001 (001§5): trump-suit rank > other rank > BJ > LJ > trump-suit A
    trump = Trump(Rank.FIVE, Suit.HEARTS, rank_above_jokers=True)
    assert kinds("C5 C5 BJ BJ", trump) == ["tractor:C5 C5 BJ BJ"]
    assert kinds("LJ LJ HA HA", trump) == ["tractor:LJ LJ HA HA"]


def test_no_trump_chain(no_trump_10: Trump) -> None:
    assert kinds("LJ LJ S10 S10", no_trump_10) == ["tractor:LJ LJ S10 S10"]
    assert kinds("S10 S10 H10 H10", no_trump_10) == ["pair:S10 S10", "pair:H10 H10"]


def test_lead_is_read_biggest_units_first(spades_10: Trump) -> None:
    assert kinds("C9 C8 C8 C4 C4", spades_10) == ["pair:C8 C8", "pair:C4 C4", "single:C9"]
    assert kinds("C3 C3 C4 C4 C5 C5 C7 C7 C8 C8", spades_10) == [
        "tractor:C5 C5 C4 C4 C3 C3",
        "tractor:C8 C8 C7 C7",
    ]


@st.composite
def one_suit(draw: st.DrawFn) -> tuple[list[Card], Trump]:
    """Up to two copies of cards of one effective suit, under any kind of trump."""
    rank = draw(st.sampled_from(RANKS))
    suit = draw(st.sampled_from([*SUITS, None]))
    trump = Trump(rank, suit, draw(st.booleans()), draw(st.booleans()))
    effective = draw(st.sampled_from([TRUMP, *(s for s in SUITS if s is not suit)]))
    pool = [c for c in ALL_CARDS if trump.effective_suit(c) == effective]
    counts = draw(st.lists(st.integers(0, 2), min_size=len(pool), max_size=len(pool)))
    chosen = [c for c, n in zip(pool, counts, strict=True) for _ in range(n)]
    assume(chosen)
    return draw(st.permutations(chosen)), trump


@settings(max_examples=400, deadline=None)
@given(one_suit())
def test_decompose_splits_the_cards_biggest_first_and_the_lead_holds_its_own_top(
    situation: tuple[list[Card], Trump],
) -> None:
    lead, trump = situation
    units = decompose(lead, trump)
    assert Counter(c for u in units for c in u.cards) == Counter(lead)
    pairs = sum(u.length for u in units if u.copies == 2)
    assert pairs == sum(1 for n in Counter(lead).values() if n >= 2)  # every pair is used
    order = [((u.length if u.copies == 2 else 0), u.copies, u.top) for u in units]
    assert order == sorted(order, reverse=True)
    for u in units:
        assert u.top == max(trump.level(c) for c in u.cards)
        levels = sorted({trump.level(c) for c in u.cards})
        assert levels == list(range(levels[0], levels[0] + u.length))  # a tractor has no gap
    # OpenTrick takes the lead's value as its first unit's top, without reading it again.
    assert format_value(units, lead, trump) == units[0].top
