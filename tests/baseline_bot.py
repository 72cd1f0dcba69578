"""The simulator's first bot, kept for comparison: the duplicate-match benchmark and
tests/test_bots.py measure the bot in notation/bots.py against it.

Its choices are the first bot's, moved onto the game state (PlayState) unchanged: a
safe throw, else the best safe unit, else a low card; follows fed to a winning partner
70% of the time, else the cheapest winning play, else the lowest.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from notation.bots import unseen
from notation.rules.cards import Card
from notation.rules.game import Play, PlayState
from notation.rules.holding import Voids
from notation.rules.order import TRUMP
from notation.rules.throw import can_beat
from notation.rules.units import Unit


class BaselineBot:
    """The first bot, as it played before the analysis issue, on the game state."""

    def __init__(self, rng: random.Random, *, risky_throws: float = 0.08, samples: int = 16):
        self.rng = rng
        self.risky_throws = risky_throws
        self.samples = samples
        self.voids = Voids()

    def start(self, state: PlayState) -> None:
        """A new hand: forget the last one's voids."""
        self.voids.clear()

    def observe(self, state: PlayState, play: Play) -> None:
        """Note the suits a follow shows its seat lacks."""
        self.voids.note(state.trump, state.table, play)

    def choose(self, state: PlayState) -> Play:
        """The play of the seat to move."""
        return self.follow(state) if state.table else self.lead(state)

    # --- leading --------------------------------------------------------------------

    def lead(self, state: PlayState) -> Play:
        """A lead: a safe throw if there is one, else the best safe unit, else a low card."""
        seat = state.to_move
        trump = state.trump
        hand = state.hand(seat)
        suits = state.suits(seat)
        if len(suits) == 1:
            # The whole hand is one suit: lead it all and let the rules judge the throw
            # (the way the kitty is taken with a pair or a tractor, 抠底).
            return state.judge_lead(hand)
        by_suit = {s: state.units(cards) for s, cards in suits.items()}
        safe = {
            s: [u for u in us if not can_beat(u, unseen(state, seat, s), trump)]
            for s, us in by_suit.items()
        }
        throws = [us for s, us in safe.items() if len(us) > 1 and s != TRUMP]
        if throws:
            return state.judge_lead(_cards(max(throws, key=lambda us: sum(u.size for u in us))))
        if self.rng.random() < self.risky_throws:
            multi = [us for us in by_suit.values() if len(us) > 1]
            if multi:
                units = self.rng.choice(multi)
                chosen = self.rng.sample(units, self.rng.randint(2, min(3, len(units))))
                return state.judge_lead(_cards(chosen))
        # A trump tractor is kept for the last trick, where it multiplies the kitty most.
        winners = [
            u
            for us in safe.values()
            for u in us
            if (u.size > 1 or u.suit != TRUMP) and not (u.suit == TRUMP and u.length > 1)
        ]
        if winners:
            return state.judge_lead(max(winners, key=lambda u: (u.bigness, u.suit != TRUMP)).cards)
        counts = Counter(hand)
        side = [c for c in hand if not trump.is_trump(c)] or list(hand)
        return state.judge_lead(
            [min(side, key=lambda c: (counts[c] > 1, c.points, trump.level(c)))]
        )

    # --- following ------------------------------------------------------------------

    def follow(self, state: PlayState) -> Play:
        """A legal follow: feed a winning partner, else win cheaply, else play low."""
        seat = state.to_move
        trump = state.trump
        hand = state.hand(seat)
        candidates = self._candidates(state)
        partner_winning = (state.winning() or seat) % 2 == seat % 2
        last_to_play = len(state.table) == 3
        trick = state.trick
        points_on_table = trick.points if trick is not None else 0
        counts = Counter(hand)

        def cost(play: Play) -> int:
            # High cards and trumps are dear; so is splitting a pair kept for later.
            played = Counter(play.cards)
            split = sum(1 for c, n in played.items() if n < counts[c])
            return (
                sum(trump.level(c) + (20 if trump.is_trump(c) else 0) for c in play.cards)
                + 12 * split
            )

        if partner_winning and (last_to_play or self.rng.random() < 0.7):
            return max(candidates, key=lambda p: (_points(p.cards), -cost(p)))
        winning = [p for p in candidates if state.would_win(p.cards)]
        if winning and (points_on_table or last_to_play or self.rng.random() < 0.5):
            return min(winning, key=cost)
        return min(candidates, key=lambda p: (_points(p.cards), cost(p)))

    def _candidates(self, state: PlayState) -> list[Play]:
        seat = state.to_move
        lead = state.table[0].cards
        suit = state.trump.table[lead[0]][0]
        suited = len(state.suits(seat).get(suit, ()))
        if suited >= len(lead) and suited <= 12:
            plays = state.follows()
            if len(plays) <= 200:
                return list(plays)
        found = {state.sample_follow(self.rng) for _ in range(self.samples)}
        return sorted(found, key=lambda p: [c.index for c in p.cards])


def _points(cards: Iterable[Card]) -> int:
    return sum(c.points for c in cards)


def _cards(units: Sequence[Unit]) -> list[Card]:
    return [c for u in units for c in u.cards]
