"""Simple but sensible players for the simulator.

They keep every obligation (they only choose among legal plays), win tricks cheaply,
feed points to a partner who is winning, ruff when void, throw when no unseen card
can beat the throw and, now and then, when one might, and bury low side cards.
Every choice comes from the ``random.Random`` they are given, so a seed replays.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from notation.rules.cards import DECK, Card
from notation.rules.follow import DEFAULT_SHORTER_TRACTOR, legal_follows, sample_follow
from notation.rules.order import TRUMP, Trump
from notation.rules.ruleset import ShorterTractor
from notation.rules.seats import Seat, same_team
from notation.rules.throw import can_beat
from notation.rules.trick import trick_winner
from notation.rules.units import Unit, decompose

__all__ = ["Bot"]

_FULL = Counter(DECK)


class Bot:
    """A player's choices: what to lead, how to follow, what to bury."""

    def __init__(
        self,
        rng: random.Random,
        *,
        risky_throws: float = 0.08,
        samples: int = 16,
        shorter_tractor: ShorterTractor = DEFAULT_SHORTER_TRACTOR,
    ):
        self.rng = rng
        self.shorter_tractor = shorter_tractor  # the rule set's follow policy
        self.risky_throws = risky_throws
        self.samples = samples

    # --- leading --------------------------------------------------------------------

    def lead(self, hand: Sequence[Card], trump: Trump, seen: Counter[Card]) -> list[Card]:
        """A lead: a safe throw if there is one, else the best safe unit, else a low card."""
        unseen = list((_FULL - seen - Counter(hand)).elements())
        by_suit: dict[str, list[Unit]] = {}
        for unit in decompose(list(hand), trump):
            by_suit.setdefault(str(unit.suit), []).append(unit)
        if len(by_suit) == 1:
            # The whole hand is one suit: lead it all and let the rules judge the throw
            # (the way the kitty is taken with a pair or a tractor, 抠底).
            return list(hand)
        safe = {s: [u for u in us if not can_beat(u, unseen, trump)] for s, us in by_suit.items()}
        throws = [us for s, us in safe.items() if len(us) > 1 and s != TRUMP]
        if throws:
            return _cards(max(throws, key=lambda us: sum(u.size for u in us)))
        if self.rng.random() < self.risky_throws:
            multi = [us for us in by_suit.values() if len(us) > 1]
            if multi:
                units = self.rng.choice(multi)
                return _cards(self.rng.sample(units, self.rng.randint(2, min(3, len(units)))))
        # A trump tractor is kept for the last trick, where it multiplies the kitty most.
        winners = [
            u
            for us in safe.values()
            for u in us
            if (u.size > 1 or u.suit != TRUMP) and not (u.suit == TRUMP and u.length > 1)
        ]
        if winners:
            return list(max(winners, key=lambda u: (u.bigness, u.suit != TRUMP)).cards)
        counts = Counter(hand)
        side = [c for c in hand if not trump.is_trump(c)] or list(hand)
        return [min(side, key=lambda c: (counts[c] > 1, c.points, trump.level(c)))]

    # --- following ------------------------------------------------------------------

    def follow(
        self,
        seat: Seat,
        hand: Sequence[Card],
        trump: Trump,
        plays: Sequence[tuple[Seat, Sequence[Card]]],
    ) -> list[Card]:
        """A legal follow: feed a winning partner, else win cheaply, else play low."""
        lead = list(plays[0][1])
        candidates = self._candidates(lead, hand, trump)
        current = trick_winner(list(plays), trump).winner
        partner_winning = same_team(current, seat)
        last_to_play = len(plays) == 3
        points_on_table = sum(c.points for _, cards in plays for c in cards)

        counts = Counter(hand)

        def cost(play: Iterable[Card]) -> int:
            # High cards and trumps are dear; so is splitting a pair kept for later.
            played = Counter(play)
            split = sum(1 for c, n in played.items() if n < counts[c])
            return sum(trump.level(c) + (20 if trump.is_trump(c) else 0) for c in play) + 12 * split

        def points(play: Iterable[Card]) -> int:
            return sum(c.points for c in play)

        if partner_winning and (last_to_play or self.rng.random() < 0.7):
            return list(max(candidates, key=lambda p: (points(p), -cost(p))))
        winning = [p for p in candidates if self._wins(plays, seat, p, trump)]
        if winning and (points_on_table or last_to_play or self.rng.random() < 0.5):
            return list(min(winning, key=cost))
        return list(min(candidates, key=lambda p: (points(p), cost(p))))

    @staticmethod
    def _wins(
        plays: Sequence[tuple[Seat, Sequence[Card]]], seat: Seat, play: Sequence[Card], trump: Trump
    ) -> bool:
        return trick_winner([*plays, (seat, play)], trump).winner == seat

    def _candidates(
        self, lead: Sequence[Card], hand: Sequence[Card], trump: Trump
    ) -> list[tuple[Card, ...]]:
        suited = sum(1 for c in hand if trump.effective_suit(c) == trump.effective_suit(lead[0]))
        if suited >= len(lead) and suited <= 12:
            plays = legal_follows(lead, hand, trump, self.shorter_tractor)
            if len(plays) <= 200:
                return plays
        found = {
            tuple(sorted(sample_follow(lead, hand, trump, self.rng, self.shorter_tractor)))
            for _ in range(self.samples)
        }
        return sorted(found)

    # --- the kitty ------------------------------------------------------------------

    def bury(self, hand: Sequence[Card], trump: Trump, size: int) -> list[Card]:
        """The cards to bury: low side cards without points, keeping pairs where possible."""
        counts = Counter(hand)

        def keep(card: Card) -> tuple[int, int, int, int]:
            return (
                1 if trump.is_trump(card) else 0,
                1 if card.points else 0,
                1 if counts[card] > 1 else 0,
                trump.level(card),
            )

        return sorted(hand, key=keep)[:size]


def _cards(units: Sequence[Unit]) -> list[Card]:
    return [c for u in units for c in u.cards]
