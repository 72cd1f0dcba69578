"""What a seat holds as far as a record shows it: known cards and a count of unknown ones.

A record may lack cards: a hand not dealt in the record, a ``??`` played or buried. A
:class:`Holding` keeps the cards known to be held (as counts) and how many more are held
unknown; it is exact when every card held is known. The replay keeps one per seat
through the deal and the auction, and the play phase's game state
(:class:`~notation.rules.game.PlayState`) takes them over for the play.

>>> from notation.rules.cards import parse_cards
>>> h = Holding((*parse_cards("SA SK"), UNKNOWN))
>>> h.exact, h.size()
(False, 3)
>>> h.remove(tuple(parse_cards("SA D3")))  # D3 was the unknown card
[]
>>> h.exact, [str(c) for c in h.slots(None)]
(True, ['SK'])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import cast

from notation.rules.cards import DECK, UNKNOWN, Card, CardSlot, Slots
from notation.rules.order import Trump

__all__ = ["HAND_SIZE", "TWO_DECKS", "Holding", "has_unknown", "known_cards"]

HAND_SIZE = 25
TWO_DECKS: Counter[Card] = Counter(DECK)


class Holding:
    """What one seat holds, as far as the record shows it."""

    __slots__ = ("blurred", "exact", "known", "recorded", "unknown")

    def __init__(self, cards: Slots | None) -> None:
        self.recorded = cards is not None
        counts: Counter[CardSlot] = Counter(cards or ())
        unknown = counts.pop(UNKNOWN, 0)
        self.known = cast(Counter[Card], counts)
        self.unknown = HAND_SIZE if cards is None else unknown
        self.blurred = False  # a ?? was played from known cards: which one is not known
        self.exact = self.recorded and not self.unknown  # every card held is known

    def _settle(self) -> None:
        self.exact = self.recorded and not self.unknown and not self.blurred

    def add(self, cards: Slots) -> None:
        for c in cards:
            if c is UNKNOWN:
                self.unknown += 1
            else:
                self.known[c] += 1
        self._settle()

    def remove(self, cards: Slots) -> list[Card]:
        """Take cards out; return the known cards that were not there."""
        missing: list[Card] = []
        known = self.known
        for c in cards:
            if c is UNKNOWN:
                if self.unknown:
                    self.unknown -= 1
                else:
                    self.blurred = True
            elif (held := known.get(c, 0)) > 1:
                known[c] = held - 1
            elif held == 1:
                known.pop(c)  # only cards held stay: the hand is read whole at every check
            elif self.unknown:
                self.unknown -= 1
            else:
                missing.append(c)
        if not self.exact or self.blurred:
            self._settle()
        return missing

    def size(self) -> int:
        return sum(self.known.values()) + self.unknown

    def slots(self, trump: Trump | None) -> Slots:
        cards = list(self.known.elements())
        ordered = trump.sorted(cards) if trump else sorted(cards)
        return (*ordered, *(UNKNOWN for _ in range(self.unknown)))


def known_cards(cards: Iterable[CardSlot]) -> list[Card]:
    """The known cards among ``cards``."""
    return [c for c in cards if c is not UNKNOWN]


def has_unknown(cards: Slots) -> bool:
    """True if some card is ``??``."""
    return UNKNOWN in cards  # cards and UNKNOWN compare by identity, in C
