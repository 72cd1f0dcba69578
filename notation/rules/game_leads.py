"""The play state's leads: every lead of the seat to move, throws judged.

A throw is judged against the other hands by the core's
:func:`~notation.rules.throw.judge_throw`; one that fails becomes its forced unit, with
the rule set's penalty (:func:`~notation.rules.scoring.throw_penalty`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import product

from notation.rules.cards import Card
from notation.rules.game_base import _Base
from notation.rules.game_data import Cards, Play, _sorted
from notation.rules.scoring import throw_penalty
from notation.rules.seats import seats_from
from notation.rules.throw import judge_throw


class _Leads(_Base):
    """The legal leads (see :class:`~notation.rules.game.PlayState`)."""

    __slots__ = ()

    def lead_options(self) -> list[tuple[Cards, int]]:
        """Every lead the leader could attempt, as ``(cards, number of units)``: every
        sub-multiset of each effective suit it holds. One unit is a plain lead, more is
        a throw."""
        options: list[tuple[Cards, int]] = []
        for cards in self.suits(self.to_move).values():
            options.extend(self._suit_options(cards))
        return options

    def _suit_options(self, cards: Cards) -> list[tuple[Cards, int]]:
        memo = self._memo.subsets
        found = memo.get(cards)
        if found is None:
            found = memo[cards] = [(s, len(self.units(s))) for s in _submultisets(cards)]
        return found

    def unit_leads(self) -> list[Play]:
        """The leads of one unit (a single, a pair, a tractor): never a throw."""
        seat = self.to_move
        return [Play(seat, cards) for cards, units in self.lead_options() if units == 1]

    def leads(self, *, failing: bool = True) -> list[Play]:
        """Every lead of the seat to move, throws judged; ``failing=False`` leaves out the
        throws that fail (each is no better for its side than its forced unit)."""
        seat = self.to_move
        plays: list[Play] = []
        splits = [self.suits(s) for s in seats_from(seat)[1:]]
        memo = self._memo.leads
        for suit, cards in self.suits(seat).items():
            others = (splits[0].get(suit, ()), splits[1].get(suit, ()), splits[2].get(suit, ()))
            key = (seat, cards, *others, failing)
            found = memo.get(key)
            if found is None:
                found = memo[key] = self._suit_leads(cards, others, failing)
            plays.extend(found)
        return plays

    def _suit_leads(
        self, cards: Cards, others: tuple[Cards, Cards, Cards], failing: bool
    ) -> tuple[Play, ...]:
        """The leads of one suit: its units, and its throws judged."""
        seat = self.to_move
        options = self._suit_options(cards)
        found = [Play(seat, lead) for lead, units in options if units == 1]
        if not failing:
            # A throw stands only if each of its units does: each single must be as high
            # as any card the others hold. Only throws of such cards and of pairs held
            # (a pair may stand as part of a tractor) need judging.
            table = self.trump.table
            top = max((table[c][1] for held in others for c in held), default=-1)
            pool = tuple(c for c in cards if table[c][1] >= top or cards.count(c) > 1)
            if pool != cards:
                options = self._suit_options(pool)
        for lead, units in options:
            if units > 1:
                play = self.judge_lead(lead)
                if failing or not play.failed:
                    found.append(play)
        return tuple(found)

    def judge_lead(self, cards: Sequence[Card]) -> Play:
        """The lead ``cards`` by the seat to move, a throw judged against the other hands:
        as thrown if it stands, else its forced unit with the penalty.

        When two failing units tie for the lowest (rank cards of two side suits, which
        share a level), the core forces the one thrown first, so the order of ``cards``
        counts there, and only there (the replay reads a record the same way).
        """
        seat = self.to_move
        given = tuple(cards)
        units = self.units(given)
        if len(units) == 1:
            return Play(seat, _sorted(given))
        suit = units[0].suit
        order = seats_from(seat)[1:]
        others = tuple(self.suits(s).get(suit, ()) for s in order)
        key = (seat, given, others)
        memo = self._memo.throws
        play = memo.get(key)
        if play is None:
            verdict = judge_throw(given, seat, dict(zip(order, others, strict=True)), self.trump)
            if not verdict.failed:
                play = Play(seat, _sorted(given))
            else:
                penalty = throw_penalty(
                    self.rules,
                    withdrawn=verdict.penalty_cards("withdrawn"),
                    beaten=verdict.penalty_cards("beaten"),
                )
                play = Play(seat, _sorted(verdict.forced), _sorted(given), penalty)
            memo[key] = play
        return play


def _submultisets(cards: Cards) -> Iterator[Cards]:
    """Every non-empty sub-multiset of sorted ``cards``, each once, sorted."""
    counts = list(Counter(cards).items())
    for takes in product(*(range(n + 1) for _, n in counts)):
        chosen = tuple(c for (c, _), k in zip(counts, takes, strict=True) for _ in range(k))
        if chosen:
            yield chosen
