"""The play state's follows: the legal follows of the seat to move, or one at random.

Every follow comes from the core's :func:`~notation.rules.follow.legal_follows`,
through the one place the state calls it (:class:`~notation.rules.game_base._Base`).
"""

from __future__ import annotations

import random

from notation.rules.game_base import _Base
from notation.rules.game_data import Play, _sorted


class _Follows(_Base):
    """The legal follows (see :class:`~notation.rules.game.PlayState`)."""

    __slots__ = ()

    def follows(self) -> tuple[Play, ...]:
        """The legal follows of the seat to move (a trick must be on the table)."""
        seat = self.to_move
        lead = self.table[0].cards
        hand = self.hands[seat - 1]
        memo = self._memo.follows
        key = (seat, lead, hand)
        plays = memo.get(key)
        if plays is None:
            plays = memo[key] = tuple(Play(seat, p) for p in self._legal_follows(lead, hand))
        return plays

    def sample_follow(self, rng: random.Random) -> Play:
        """One legal follow of the seat to move, chosen at random."""
        seat = self.to_move
        cards = self._sample_follow(self.table[0].cards, self.hands[seat - 1], rng)
        return Play(seat, _sorted(cards))
