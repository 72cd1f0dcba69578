"""The play state for search: equal positions share a key, equivalent plays a group.

:meth:`_Equivalence.key` names a trick start by the order of the cards still out, not
their levels; :meth:`_Equivalence.distinct` groups the plays that take interchangeable
cards (:meth:`_Equivalence.classes`), so a search tries one of each group.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from notation.rules.cards import SUITS, Card
from notation.rules.game_base import _Base
from notation.rules.game_data import Cards, Play, _SuitKey
from notation.rules.order import TRUMP, EffectiveSuit
from notation.rules.seats import SEATS, Seat

_EFFECTIVE_SUITS: tuple[EffectiveSuit, ...] = (TRUMP, *SUITS)
_Classes = dict[Card, tuple[int, int]]


class _Equivalence(_Base):
    """Equal positions, equivalent plays (see :class:`~notation.rules.game.PlayState`)."""

    __slots__ = ()

    # --- equal positions, equivalent plays ------------------------------------------------

    def key(self) -> Hashable:
        """A key that two trick starts share only if they have the same value.

        The value from a trick start on depends on the cards still out only through
        their order, their points, who holds each copy, and which levels are adjacent
        where a seat holds pairs at both (a tractor can only form from pairs held). So
        each effective suit is written as its levels in order, each with its cards'
        points and holders, and a mark where a seat holds pairs at two adjacent levels;
        the levels themselves are dropped (after ♠A is played, ♠K is the top spade as ♠A
        was). The side suits play the same part, so they are sorted. Only for a trick
        start (nothing on the table).
        """
        memo = self._memo.suit_keys
        sides: list[_SuitKey] = []
        trump_key: _SuitKey = ()
        splits = [self.suits(s) for s in SEATS]
        for suit in _EFFECTIVE_SUITS:
            raw = (
                splits[0].get(suit, ()),
                splits[1].get(suit, ()),
                splits[2].get(suit, ()),
                splits[3].get(suit, ()),
            )
            described = memo.get(raw)
            if described is None:
                described = memo[raw] = self._describe(raw)
            if suit == TRUMP:
                trump_key = described
            else:
                sides.append(described)
        sides.sort()
        return (self.leader, trump_key, tuple(sides))

    def _describe(self, raw: tuple[Cards, Cards, Cards, Cards]) -> _SuitKey:
        """One suit's cards still out, their levels replaced by their order (see :meth:`key`).

        Levels that follow each other among the cards out and are held by one seat alone
        form a block; in a block with no pair next to another pair of that seat, the
        order of its cards does not matter (see :meth:`classes`), so the block is written
        as the seat and the sorted points and copies of its cards.
        """
        table = self.trump.table
        holders: dict[Card, list[int]] = {}
        for s, seat_cards in enumerate(raw):
            for card in seat_cards:
                held = holders.get(card)
                if held is None:
                    held = holders[card] = [card.points, 0, 0, 0, 0]
                held[s + 1] += 1
        levels: dict[int, list[tuple[int, ...]]] = {}
        for card, held in holders.items():
            levels.setdefault(table[card][1], []).append(tuple(held))
        order = sorted(levels)
        pairs = {
            lv: {s for held in levels[lv] for s in (1, 2, 3, 4) if held[s] >= 2} for lv in order
        }
        alone = {}  # level → the one seat that holds every card at it (0: several)
        for lv in order:
            seats = {s for held in levels[lv] for s in (1, 2, 3, 4) if held[s]}
            alone[lv] = seats.pop() if len(seats) == 1 else 0
        described: list[tuple[str, int, tuple[tuple[int, ...], ...]]] = []
        i = 0
        while i < len(order):
            level = order[i]
            seat = alone[level]
            j = i + 1
            while j < len(order) and seat and alone[order[j]] == seat:
                j += 1
            block = order[i:j]
            free = not any(
                seat in pairs.get(lv + step, ())
                for lv in block
                if seat in pairs[lv]
                for step in (-1, 1)
            )
            if seat and len(block) > 1 and free:
                items = sorted((held[0], held[seat]) for lv in block for held in levels[lv])
                described.append(("block", seat, tuple(items)))
            else:
                for lv in block:
                    linked = lv - 1 in pairs and bool(pairs[lv] & pairs[lv - 1])
                    described.append(("level", linked, tuple(sorted(levels[lv]))))
            i = j
        return tuple(described)

    def classes(self, seat: Seat) -> _Classes:
        """Cards of ``seat`` that are interchangeable: card → (class, copies held).

        Two cards of one suit that ``seat`` holds in the same number (once, or as a
        pair), with the same points, and with no card of anyone else (in a hand or on
        the table) level with them or between them, win, lose and tie alike against
        every other card. How they stand against ``seat``'s own other cards does not
        change the value: it only decides which unit a failed throw forces, and a
        failed throw is never better than leading its unit (the solver never searches
        it). Pairs must not be next to another pair of ``seat`` (then no tractor is made
        or broken by taking one for the other), and are interchangeable only as whole
        pairs (see :meth:`distinct`). Cards not listed are in a class of their own.

        Found once a trick for each seat: while a seat has not played, the cards still
        out are those of the trick's start, some of them moved to the table.
        """
        memo = self.trick_memo.classes
        found = memo.get(seat)
        if found is None:
            found = memo[seat] = self._classes(seat)
        return found

    def _classes(self, seat: Seat) -> _Classes:
        table = self.trump.table
        classes: _Classes = {}
        number = 0
        for suit, cards in self.suits(seat).items():
            if len(cards) < 2:
                continue
            # The levels of the suit held by anyone else or on the table, as bits.
            others = 0
            for s in SEATS:
                if s != seat:
                    for card in self.suits(s).get(suit, ()):
                        others |= 1 << table[card][1]
            for p in self.table:
                for card in p.cards:
                    if table[card][0] == suit:
                        others |= 1 << table[card][1]
            held: list[tuple[Card, int]] = []  # this seat's cards, each with its copies
            for card in cards:  # sorted: copies are side by side
                if held and held[-1][0] is card:
                    held[-1] = (card, 2)
                else:
                    held.append((card, 1))
            pairs = {table[c][1] for c, n in held if n == 2}
            groups: dict[tuple[int, int, int], list[tuple[Card, int]]] = {}
            for card, n in held:
                level = table[card][1]
                if others >> level & 1:
                    continue  # level with another seat's card: ties decide
                if n == 2 and (level - 1 in pairs or level + 1 in pairs):
                    continue  # a pair next to another pair: part of a tractor
                between = (others & ((1 << level) - 1)).bit_count()  # others' cards below
                groups.setdefault((n, card.points, between), []).append((card, n))
            base = 100 * _EFFECTIVE_SUITS.index(suit)
            for group in groups.values():
                if len(group) > 1:
                    number += 1
                    for card, n in group:
                        classes[card] = (base + number, n)
        return classes

    def distinct(self, plays: Sequence[Play]) -> list[list[Play]]:
        """``plays`` (all by the seat to move) in groups of equal value: plays that take
        the same number of whole members from each class of :meth:`classes` and the same
        other cards. The first play of each group stands for it."""
        if len(plays) < 2:
            return [list(plays)]
        classes = self.classes(plays[0].seat)
        if not classes:
            return [[p] for p in plays]
        groups: dict[Hashable, list[Play]] = {}
        for play in plays:
            groups.setdefault(_signature(play.shown, classes), []).append(play)
        return list(groups.values())


def _signature(cards: Cards, classes: dict[Card, tuple[int, int]]) -> Hashable:
    """What a play takes, up to interchangeable cards: from each class, how many whole
    members (or exactly which copies, when it takes part of a pair). ``cards`` sorted."""
    plain: list[tuple[Card, int]] = []
    by_class: dict[int, list[tuple[Card, int]]] = {}
    i = 0
    while i < len(cards):
        card = cards[i]
        n = 1
        while i + n < len(cards) and cards[i + n] is card:
            n += 1
        i += n
        cls = classes.get(card)
        if cls is None:
            plain.append((card, n))
        else:
            by_class.setdefault(cls[0], []).append((card, n))
    parts: list[Hashable] = [tuple(plain)]
    for number, members in sorted(by_class.items()):
        copies = classes[members[0][0]][1]
        if all(n == copies for _, n in members):
            parts.append((number, len(members)))
        else:
            parts.append((number, tuple(members)))
    return tuple(parts)
