"""Whole hands played at random through the rules core: the properties that always hold."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from notation.rules.cards import DECK, RANKS, SUITS, Card
from notation.rules.follow import check_follow, check_lead, sample_follow
from notation.rules.order import Trump
from notation.rules.seats import seats_from
from notation.rules.throw import judge_throw
from notation.rules.trick import trick_winner
from notation.rules.units import decompose


def random_lead(hand: list[Card], trump: Trump, rng: random.Random) -> list[Card]:
    """A unit, or now and then a throw of several units, of one suit from ``hand``."""
    suit = trump.effective_suit(rng.choice(hand))
    units = decompose([c for c in hand if trump.effective_suit(c) == suit], trump)
    if len(units) > 1 and rng.random() < 0.3:
        chosen = rng.sample(units, rng.randint(2, min(4, len(units))))
        return [c for u in chosen for c in u.cards]
    return list(rng.choice(units).cards)


def play_hand(seed: int, trump: Trump) -> tuple[int, list[Card]]:
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    hands = {seat: deck[(seat - 1) * 25 : seat * 25] for seat in (1, 2, 3, 4)}
    kitty = deck[100:]
    leader = rng.randint(1, 4)
    points = 0
    while hands[leader]:
        attempt = random_lead(hands[leader], trump, rng)
        assert check_lead(attempt, hands[leader], trump) == []
        others = {s: hands[s] for s in (1, 2, 3, 4) if s != leader}
        verdict = judge_throw(attempt, leader, others, trump)
        lead = list(verdict.forced)
        if verdict.failed:
            assert verdict.forced_unit in verdict.units  # a unit of the attempted cards
            assert not (Counter(lead) - Counter(attempt))
        plays = [(leader, lead)]
        for seat in seats_from(leader)[1:]:
            follow = sample_follow(lead, hands[seat], trump, rng)
            assert check_follow(lead, follow, hands[seat], trump) == []
            plays.append((seat, follow))
        result = trick_winner(plays, trump)
        assert [seat for seat, _ in plays].count(result.winner) == 1
        points += result.points
        for seat, cards in plays:
            left = Counter(hands[seat]) - Counter(cards)
            assert sum(left.values()) == len(hands[seat]) - len(cards)
            hands[seat] = list(left.elements())
        leader = result.winner
    assert all(not h for h in hands.values())
    return points, kitty


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, 2**32),
    st.sampled_from(RANKS),
    st.sampled_from([*SUITS, None]),
    st.booleans(),
)
def test_random_hands_conserve_points_and_every_trick_has_one_winner(
    seed: int,
    rank,
    suit,
    twos: bool,  # type: ignore[no-untyped-def]
) -> None:
    trump = Trump(rank, suit, permanent_twos=twos)
    points, kitty = play_hand(seed, trump)
    assert points + sum(c.points for c in kitty) == 200
