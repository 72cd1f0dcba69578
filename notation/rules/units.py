"""Units: singles, pairs and tractors, and how a set of cards breaks into them.

A pair is two identical cards. A tractor is two or more pairs of one effective suit
whose levels follow each other without a gap (see :mod:`notation.rules.order`). A lead
is read the way a player reads it: the longest tractors first, then pairs, then singles.

>>> from notation.rules.cards import Rank, Suit, parse_cards
>>> t = Trump(Rank.TEN, Suit.SPADES)
>>> [str(u) for u in decompose(parse_cards("C9 C8 C8 C4 C4"), t)]
['C8 C8', 'C4 C4', 'C9']
>>> [str(u) for u in decompose(parse_cards("LJ LJ S10 S10 H10 H10"), t)]
['LJ LJ S10 S10 H10 H10']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum

from notation.frozen import dataclass_by_build
from notation.rules.cards import Card, CardCounts, counted, tally
from notation.rules.order import EffectiveSuit, Trump

__all__ = [
    "PairIndex",
    "Unit",
    "UnitKind",
    "best_tractor_cover",
    "decompose",
    "format_value",
    "lead_shape",
    "longest_run",
    "pair_index",
    "place_tractors",
]


class UnitKind(StrEnum):
    """The three shapes a unit can have."""

    SINGLE = "single"
    PAIR = "pair"
    TRACTOR = "tractor"


@dataclass_by_build(frozen=True, slots=True, init=False)
class Unit:
    """A single, a pair, or a tractor of ``length`` pairs, in one effective suit."""

    cards: tuple[Card, ...]
    suit: EffectiveSuit
    copies: int  # 1 for a single, 2 for a pair or tractor
    length: int  # 1 for a single or a pair, the number of pairs for a tractor
    top: int  # level of the highest card

    def __init__(
        self, cards: tuple[Card, ...], suit: EffectiveSuit, copies: int, length: int, top: int
    ) -> None:
        # Written out, not generated: compiled, as a dataclass's is not (see game.Play).
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "copies", copies)
        object.__setattr__(self, "length", length)
        object.__setattr__(self, "top", top)

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)

    @property
    def kind(self) -> UnitKind:
        """Single, pair or tractor."""
        if self.copies == 1:
            return UnitKind.SINGLE
        return UnitKind.PAIR if self.length == 1 else UnitKind.TRACTOR

    @property
    def shape(self) -> tuple[int, int]:
        """``(copies, length)``: (1, 1) single, (2, 1) pair, (2, n) tractor of n pairs."""
        return (self.copies, self.length)

    @property
    def size(self) -> int:
        """Number of cards."""
        return self.copies * self.length

    @property
    def bigness(self) -> tuple[int, int]:
        """Orders shapes: longer tractors first, then pairs, then singles."""
        return (self.length if self.copies == 2 else 0, self.copies)

    def describe(self) -> str:
        """Plain words: ``"the pair S8 S8"``, ``"the tractor C5 C5 C4 C4"``."""
        return f"the {self.kind.value} {self}"


class PairIndex:
    """The pairs among some cards of one effective suit, by level.

    A level can hold several pairs only where cards share a level (rank cards of the
    non-trump suits), and a tractor takes at most one pair from each level.
    """

    __slots__ = ("by_level",)

    def __init__(self, by_level: dict[int, list[Card]]) -> None:
        self.by_level = by_level

    def count(self) -> int:
        """Number of pairs."""
        return sum(len(v) for v in self.by_level.values())

    def counts(self) -> dict[int, int]:
        """Pairs per level."""
        return {level: len(cards) for level, cards in self.by_level.items() if cards}


def pair_index(cards: Iterable[Card] | CardCounts, trump: Trump) -> PairIndex:
    """Index the pairs among ``cards`` (assumed to be of one effective suit): the cards
    themselves, or how many of each card (see :func:`~notation.rules.cards.counted`)."""
    by_level: dict[int, list[Card]] = {}
    table = trump.table
    for card, n in counted(cards).items():
        if n >= 2:
            by_level.setdefault(table[card][1], []).append(card)
    for same in by_level.values():
        if len(same) > 1:  # only rank cards share a level
            same.sort(key=_by_index)
    return PairIndex(by_level)


def _by_index(card: Card) -> int:
    return card.index


def longest_run(counts: dict[int, int], at_least: int = 2) -> tuple[int, int] | None:
    """The longest run of consecutive levels that each hold a pair: ``(top, length)``.

    Ties go to the highest run. ``None`` if no run is ``at_least`` long.
    """
    best: tuple[int, int] | None = None
    for level in sorted(lv for lv, n in counts.items() if n > 0):
        if counts.get(level - 1, 0) > 0:
            continue  # not the bottom of a run
        top = level
        while counts.get(top + 1, 0) > 0:
            top += 1
        length = top - level + 1
        if length >= at_least and (best is None or length >= best[1]):
            best = (top, length)
    return best


def decompose(cards: Sequence[Card], trump: Trump) -> list[Unit]:
    """Break cards into units, biggest first: longest tractors, then pairs, then singles.

    Cards of several effective suits are broken suit by suit.
    """
    table = trump.table
    if len(cards) == 1:
        suit, level = table[cards[0]]
        return [Unit((cards[0],), suit, 1, 1, level)]
    if len(cards) == 2 and cards[0] is cards[1]:  # a pair: the next most common lead
        suit, level = table[cards[0]]
        return [Unit((cards[0], cards[1]), suit, 2, 1, level)]
    by_suit: dict[EffectiveSuit, list[Card]] = {}
    for card in cards:
        by_suit.setdefault(table[card][0], []).append(card)
    units: list[Unit] = []
    for suit, suit_cards in by_suit.items():
        units.extend(_decompose_suit(suit_cards, suit, trump))
    units.sort(key=_biggest, reverse=True)
    return units


def _biggest(unit: Unit) -> tuple[int, int, int]:
    # Unit.bigness, then the top: inlined, as leads are sorted in every trick.
    return (unit.length if unit.copies == 2 else 0, unit.copies, unit.top)


def _decompose_suit(cards: list[Card], suit: EffectiveSuit, trump: Trump) -> list[Unit]:
    counts = tally(cards)
    index = pair_index(counts, trump)
    units: list[Unit] = []
    if index.by_level:
        by_level = {level: list(v) for level, v in index.by_level.items()}
        pairs = index.counts()
        if any(level + 1 in pairs for level in pairs):  # some tractor: take the longest first
            while (run := longest_run(pairs)) is not None:
                top, length = run
                run_cards: list[Card] = []
                for level in range(top, top - length, -1):
                    card = by_level[level].pop(0)
                    pairs[level] -= 1
                    run_cards.extend((card, card))
                units.append(Unit(tuple(run_cards), suit, 2, length, top))
        for level in sorted(by_level, reverse=True):
            for card in by_level[level]:
                units.append(Unit((card, card), suit, 2, 1, level))
    table = trump.table
    for card, n in counts.items():
        # Each card with two copies went into one pair or tractor; the rest are singles.
        for _ in range(n - 2 if n >= 2 else n):
            units.append(Unit((card,), suit, 1, 1, table[card][1]))
    return units


def lead_shape(units: Sequence[Unit]) -> tuple[tuple[int, ...], int, int]:
    """The format of a lead: tractor lengths (longest first), pair units, single units."""
    tractors: list[int] = []
    pairs = singles = 0
    for u in units:
        if u.copies == 1:
            singles += 1
        elif u.length == 1:
            pairs += 1
        else:
            tractors.append(u.length)
    tractors.sort(reverse=True)
    return tuple(tractors), pairs, singles


# A placement of the lead's tractors: the lengths matched, their tops, the pairs left.
_Placement = tuple[tuple[int, ...], tuple[int, ...], dict[int, int]]


def place_tractors(
    lengths: Sequence[int], counts: dict[int, int], *, all_required: bool
) -> list[_Placement]:
    """Every way to cover the lead's tractors with disjoint tractors from ``counts``.

    ``lengths`` are the lead's tractor lengths, longest first; ``counts`` the pairs per
    level of the cards that answer. Returns ``(matched lengths, their tops, pairs left
    per level)`` for each placement; with ``all_required`` only placements that cover
    every tractor, otherwise tractors may stay unmatched (a follower who cannot match).
    A longer tractor in the answer can be split to cover shorter ones.
    """
    results: list[_Placement] = []
    _place(lengths, all_required, results, 0, dict(counts), (), ())
    return results


def _place(
    lengths: Sequence[int],
    all_required: bool,
    results: list[_Placement],
    i: int,
    counts: dict[int, int],
    matched: tuple[int, ...],
    tops: tuple[int, ...],
) -> None:
    """Add to ``results`` each placement of ``lengths[i:]`` after ``matched`` at ``tops``
    (a module function, not a closure over itself: that would make a reference cycle at
    every call)."""
    if i == len(lengths):
        results.append((matched, tops, counts))
        return
    length = lengths[i]
    for top in sorted(lv for lv, n in counts.items() if n > 0):
        if all(counts.get(top - k, 0) > 0 for k in range(length)):
            left = dict(counts)
            for k in range(length):
                left[top - k] -= 1
            _place(lengths, all_required, results, i + 1, left, (*matched, length), (*tops, top))
    if not all_required:  # this tractor stays unmatched
        _place(lengths, all_required, results, i + 1, counts, matched, tops)


def best_tractor_cover(lengths: Sequence[int], counts: dict[int, int]) -> tuple[int, ...]:
    """The best cover of the lead's tractors that some cards allow, as matched lengths.

    Compared longest first: covering the lead's longest tractor matters most.
    """
    if not lengths:
        return ()
    best: tuple[int, ...] = ()
    for matched, _tops, _left in place_tractors(lengths, counts, all_required=False):
        key = tuple(sorted(matched, reverse=True))
        best = max(best, key)
    return best


Shape = tuple[tuple[int, ...], int, int]


def format_value(
    lead: Sequence[Unit], cards: Sequence[Card], trump: Trump, shape: Shape | None = None
) -> int | None:
    """How strong ``cards`` are as an answer of the lead's exact format, or ``None``.

    The cards must be of one effective suit and break into the lead's units (a longer
    tractor may be split, a pair may serve as two singles). The value is the level of
    the highest answering unit of the lead's biggest shape, which decides the trick.
    ``shape`` is :func:`lead_shape` of the lead, when the caller has it already.
    """
    tractors, pair_units, _singles = shape or lead_shape(lead)
    if len(cards) == 2 and pair_units == 1 and not tractors:  # a pair against a pair
        return trump.level(cards[0]) if cards[0] == cards[1] else None
    counts = pair_index(cards, trump).counts()
    if tractors:
        best: int | None = None
        for matched, tops, left in place_tractors(tractors, counts, all_required=True):
            if sum(left.values()) < pair_units:
                continue
            value = max(
                top for length, top in zip(matched, tops, strict=True) if length == tractors[0]
            )
            best = value if best is None else max(best, value)
        return best
    if pair_units:
        if sum(counts.values()) < pair_units:
            return None
        return max(level for level, n in counts.items() if n > 0)
    return max(trump.level(c) for c in cards)
