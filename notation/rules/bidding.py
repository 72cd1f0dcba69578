"""Bidding: declaring, reinforcing and countering the trump (亮主, 上保险, 反主).

Pure functions over a :class:`BidState`, in three forms per action: ``verify_bid``
raises a :class:`BidError` subclass that names the reason, ``can_bid`` answers yes or
no, and ``bid`` returns the new state. What may declare, counter and reinforce, and
when, comes from the rule set's ``bidding`` section.

The hand moves through phases: the deal (``deal``), the deal done but the kitty not yet
picked up (``dealt``), the kitty buried (``buried``, when 炒底 counters come in turn),
and play (``play``): see :func:`end_deal`, :func:`bury` and :func:`start_play`.

This module gathers bidding's parts, one module each: the values and the errors
(:mod:`.bidding_data`), the bid shapes and which beats which (:mod:`.bidding_shapes`),
the auction's verify, can and bid (:mod:`.bidding_auction`), and the phases after the
bids with the fallback when nobody declares (:mod:`.bidding_phases`).

>>> from notation.rules.cards import Rank, parse_cards
>>> shape, suit = classify_bid(parse_cards("BJ H2"), Rank.TWO)
>>> shape.value, suit.value
('joker_with_single', 'H')
"""

from __future__ import annotations

from notation.rules.bidding_auction import bid, can_bid, cards_needed, record_bid, verify_bid
from notation.rules.bidding_data import (
    AlreadyDeclared,
    Bid,
    BidError,
    BidKind,
    BidPhase,
    BidState,
    JokersCannotDeclare,
    NoDirectNoTrump,
    NotABid,
    NothingToCounter,
    NotRankCard,
    OutOfTurn,
    OutsideWindow,
    ReinforceMismatch,
    ReinforceNotAllowed,
    SelfCounter,
    ShapeNotAllowed,
    Showing,
    TooWeak,
)
from notation.rules.bidding_phases import apply_fallback, bury, end_deal, fallback_trump, start_play
from notation.rules.bidding_shapes import bid_rank, classify_bid

__all__ = [
    "AlreadyDeclared",
    "Bid",
    "BidError",
    "BidKind",
    "BidPhase",
    "BidState",
    "JokersCannotDeclare",
    "NoDirectNoTrump",
    "NotABid",
    "NotRankCard",
    "NothingToCounter",
    "OutOfTurn",
    "OutsideWindow",
    "ReinforceMismatch",
    "ReinforceNotAllowed",
    "SelfCounter",
    "ShapeNotAllowed",
    "Showing",
    "TooWeak",
    "apply_fallback",
    "bid",
    "bid_rank",
    "bury",
    "can_bid",
    "cards_needed",
    "classify_bid",
    "end_deal",
    "fallback_trump",
    "record_bid",
    "start_play",
    "verify_bid",
]
