"""Bid shapes and strength: what a bid's cards show (a single, a pair, a joker with
them, a pair of jokers, and in which suit), the rank they must be of, and whether a
counter's showing beats the declaration standing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from notation.rules.bidding_data import (
    BidKind,
    BidState,
    JokersCannotDeclare,
    NotABid,
    NotRankCard,
    Showing,
)
from notation.rules.cards import Card, Rank, Suit, format_symbols
from notation.rules.ruleset import BidShape, Ruleset
from notation.rules.seats import Seat, partner

__all__ = ["bid_rank", "classify_bid"]


# ---------------------------------------------------------------------------- shapes


def classify_bid(cards: Sequence[Card], rank: Rank) -> tuple[BidShape, Suit | None]:
    """The shape and suit of a bid's cards at trump rank ``rank`` (``None``: no-trump)."""
    jokers = [c for c in cards if c.is_joker]
    others = [c for c in cards if not c.is_joker]
    for card in others:
        if card.rank is not rank:
            raise NotRankCard(
                f"{card.symbol} is not a card of the trump rank {rank.value}",
                key="not-rank",
                cards=(card,),
                rank=rank.value,
            )
    if not others:
        if len(jokers) == 2 and jokers[0] == jokers[1]:
            return BidShape.TWO_JOKERS, None
        if len(jokers) == 2:
            raise NotABid(
                f"{format_symbols(cards)}: a big and a little joker are not a pair",
                key="jokers-not-pair",
                cards=tuple(cards),
            )
        raise JokersCannotDeclare(
            f"{format_symbols(cards)}: jokers alone cannot declare (常主不可进行报主)",
            key="jokers-alone",
            cards=tuple(cards),
        )
    suit = others[0].suit
    if any(c != others[0] for c in others):
        raise NotABid(
            f"{format_symbols(cards)}: the rank cards of a bid are of one suit",
            key="one-suit",
            cards=tuple(cards),
        )
    assert suit is not None
    if len(others) > 2 or len(jokers) > 1:
        raise NotABid(
            f"{format_symbols(cards)}: too many cards for a bid", key="too-many", cards=tuple(cards)
        )
    if not jokers:
        return (BidShape.SINGLE if len(others) == 1 else BidShape.PAIR), suit
    joker = jokers[0]
    if (joker.rank is Rank.BIG_JOKER) != suit.is_red:
        raise NotABid(
            f"{format_symbols(cards)}: the big joker goes with ♥ or ♦, "
            "the little joker with ♠ or ♣",
            key="joker-colour",
            cards=tuple(cards),
        )
    return (BidShape.JOKER_WITH_SINGLE if len(others) == 1 else BidShape.JOKER_WITH_PAIR), suit


def _showing(seat: Seat, cards: Sequence[Card], rank: Rank) -> Showing:
    shape, suit = classify_bid(cards, rank)
    return Showing(seat, shape, suit, tuple(cards), rank)


def bid_rank(rules: Ruleset, state: BidState, seat: Seat, kind: BidKind) -> Rank:
    """The rank whose cards a bid by ``seat`` must show: the hand's rank, except where
    the deal passes to the other side when the dealer's side declares nothing
    (谁亮主谁坐庄): that side declares at its own level, at which it would deal; a
    counter or reinforcement shows the rank of the declaration standing."""
    if kind is not BidKind.DECLARE and state.showing is not None:
        return state.showing.rank
    dealer = state.dealer
    if (
        state.other_rank is None
        or dealer is None
        or state.first_hand
        or not rules.bidding.deal_passes_to_declarer
        or seat in (dealer, partner(dealer))
    ):
        return state.rank
    return state.other_rank


def _stronger(rules: Ruleset, new: Showing, old: Showing) -> bool:
    """More identical cards beat fewer; jokers beat suits; then the suit order, if allowed."""
    a = (new.shape.copies, new.shape is BidShape.TWO_JOKERS)
    b = (old.shape.copies, old.shape is BidShape.TWO_JOKERS)
    if a != b:
        return a > b
    if not rules.bidding.equal_shape_counters:
        return False
    order = rules.bidding
    return order.suit_strength(new.bid_suit) > order.suit_strength(old.bid_suit)


_SHAPE_WORDS = {
    BidShape.SINGLE: "a single rank card",
    BidShape.PAIR: "a pair of rank cards",
    BidShape.JOKER_WITH_SINGLE: "a joker with a rank card",
    BidShape.JOKER_WITH_PAIR: "a joker with a pair of rank cards",
    BidShape.TWO_JOKERS: "a pair of jokers",
}


def _shape_words(shape: BidShape) -> str:
    return _SHAPE_WORDS[shape]


def _shapes(shapes: Iterable[BidShape]) -> str:
    return " or ".join(_SHAPE_WORDS[s] for s in shapes) or "nothing"
