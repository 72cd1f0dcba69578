"""Recording the auction: a bid, a fallback or a bury, after the auction so far (a bid
that breaks a rule waits for a decision).
"""

from __future__ import annotations

from dataclasses import replace

from notation.psn import Bid, Fallback, KittyExchange
from notation.recorder.base import _Base
from notation.recorder.values import AuctionNode, Entry, RecorderError


class _Auction(_Base):
    """The auction, entry by entry."""

    __slots__ = ()

    def add(self, event: AuctionNode) -> Entry:
        """Enter a bid, a fallback or a bury (after the auction so far)."""
        self._no_waiting()
        if not isinstance(event, Bid | Fallback | KittyExchange):
            raise RecorderError.of("rec.auction-only")
        hand = replace(self._hand, auction=(*self._hand.auction, event))
        return self._propose(hand, "auction", event)
