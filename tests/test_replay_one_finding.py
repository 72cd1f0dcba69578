"""One mistake, one finding: a rejected bid, bury or fallback, a typed card, a mistyped
header must each be reported once, and never change the state the rest of the hand is
judged under (a referee must not drown in false errors)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from notation.findings import Finding
from notation.psn import Bid, BidKind, Hand, parse, write
from notation.replay import replay
from notation.rules.cards import Card, parse_card
from notation.simulate import simulate_hand


def codes(hand: Hand) -> list[tuple[str, int | None]]:
    text = write(hand)
    record = parse(text)
    assert not record.errors, record.errors
    found = replay(record.hands[0]).findings
    return [(f.code, f.seat) for f in found if f.code != "unchecked"]


def without_header(hand: Hand, tag: str) -> Hand:
    return replace(hand, headers=tuple(h for h in hand.headers if h.tag != tag))


def dealt(hand: Hand, seat: int) -> list[Card]:
    deck = hand.deal
    assert deck is not None and hasattr(deck, "first")
    return [c for c in deck.cards[(seat - deck.first) % 4 : 100 : 4] if isinstance(c, Card)]


def weak_counters(preset: str) -> Iterator[tuple[Hand, Bid]]:
    """Simulated later hands declared with one card, and a single rank card of the lowest
    suit that another seat was dealt: under match-a (♠ > ♥ > ♦ > ♣) it cannot counter."""
    for seed in range(60):
        hand = simulate_hand(preset, seed=seed, dealer=1)
        bids = [e for e in hand.auction if isinstance(e, Bid)]
        if not bids or len(bids[0].cards) != 1 or bids[0].cards[0].suit is None:
            continue
        declared = bids[0]
        low = parse_card(f"C{declared.cards[0].rank.value}")
        if declared.cards[0].suit is low.suit:
            continue
        for seat in (2, 3, 4):
            if seat != declared.seat and low in dealt(hand, seat):
                yield hand, Bid(BidKind.COUNTER, seat, (low,))
                break


def with_counter(hand: Hand, counter: Bid) -> Hand:
    auction = list(hand.auction)
    at = next(i for i, e in enumerate(auction) if isinstance(e, Bid)) + 1
    auction.insert(at, counter)
    return replace(hand, auction=tuple(auction))


@pytest.mark.parametrize("keep_trump_header", [True, False])
def test_a_counter_too_weak_is_reported_and_does_not_change_the_trump(
    keep_trump_header: bool,
) -> None:
    # match-a: a single ♣ cannot counter a single of another suit (000§2 四). The players
    # went on under the declared trump: only the counter is wrong.
    checked = 0
    for hand, counter in weak_counters("match-a"):
        changed = with_counter(hand, counter)
        if not keep_trump_header:
            changed = without_header(changed, "Trump")
        assert codes(changed) == [("bid-too-weak", counter.seat)]
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_without_a_trump_header_a_rejected_counter_the_players_followed_is_taken() -> None:
    # qq first hand: seat 4's ♦2♦2 cannot counter ♥2♥2, but the players went on with ♦
    # trump and seat 4 dealing (反主反打). With no Trump or Dealer header, the record's
    # own play (who buried, who led, what was followed) shows which state they played
    # under: the counter is the only finding.
    path = Path(__file__).parent / "data" / "weak_counter_first_hand.psn"
    record = parse(path.read_text(encoding="utf-8"))
    hand = without_header(record.hands[0], "Trump")
    assert codes(hand) == [("bid-too-weak", 4)]


def _finding(hand: Hand, code: str) -> Finding:
    record = parse(write(hand))
    return next(f for f in replay(record.hands[0]).findings if f.code == code)
