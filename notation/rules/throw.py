"""Throws (甩牌): a lead of several units of one suit at once, and when it fails.

A throw stands only if no other player can beat **any** of its units with a unit of
the same shape in that suit: a higher single, a higher pair, a higher tractor of the
same length. If it fails, the thrower must play the failing unit instead; if several
fail, the lowest-ranked of them. Throwing ♠9 ♠8♠8 ♠4♠4 (000§5): someone holds ♠J →
play ♠9; someone holds ♠5♠5 → play ♠4♠4; someone holds ♠Q♠Q, which beats ♠9, ♠8♠8
and ♠4♠4 → play ♠4♠4.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from notation.frozen import dataclass_by_build
from notation.rules.cards import Card, CardCounts, counted
from notation.rules.order import EffectiveSuit, Trump
from notation.rules.seats import Seat, next_seat
from notation.rules.units import Unit, decompose, place_tractors

__all__ = ["Holder", "ThrowVerdict", "can_beat", "judge_throw"]


def can_beat(unit: Unit, cards: Sequence[Card] | CardCounts, trump: Trump) -> bool:
    """True if ``cards`` (the cards, or their counts) hold a unit of the same shape and
    suit that beats ``unit``."""
    return Holder(counted(cards), unit.suit, trump).beats(unit)


class Holder:
    """One player's cards of a suit (or the cards a player has not seen): the highest
    single and the pairs by level, worked out once for all the units of a throw (or all
    the units a bot weighs)."""

    __slots__ = ("counts", "highest")

    def __init__(self, cards: CardCounts, suit: EffectiveSuit, trump: Trump) -> None:
        table = trump.table
        highest = -1
        counts: dict[int, int] = {}
        for card, n in cards.items():
            if n > 0:
                card_suit, level = table[card]
                if card_suit is suit:  # (one object each: see trick.play_value)
                    if level > highest:
                        highest = level
                    if n >= 2:
                        counts[level] = counts.get(level, 0) + 1
        self.highest = highest
        self.counts = counts

    def beats(self, unit: Unit) -> bool:
        """True if these cards hold a unit of ``unit``'s shape that beats it."""
        if unit.copies == 1:
            return self.highest > unit.top
        if unit.length == 1:
            return any(level > unit.top for level in self.counts)
        placements = place_tractors([unit.length], self.counts, all_required=True)
        return any(tops[0] > unit.top for _m, tops, _left in placements)


@dataclass_by_build(frozen=True, slots=True, init=False)
class ThrowVerdict:
    """Whether a throw stands, and if not, what must be played instead."""

    units: tuple[Unit, ...]
    failing: tuple[tuple[Unit, Seat], ...]  # each beatable unit, with the first seat that beats it
    forced: tuple[Card, ...]  # the cards to play: the whole throw, or the failing unit

    def __init__(
        self,
        units: tuple[Unit, ...],
        failing: tuple[tuple[Unit, Seat], ...],
        forced: tuple[Card, ...],
    ) -> None:
        # Written out, not generated: compiled, as a dataclass's is not (see game.Play).
        object.__setattr__(self, "units", units)
        object.__setattr__(self, "failing", failing)
        object.__setattr__(self, "forced", forced)

    @property
    def failed(self) -> bool:
        """True if some unit of the throw can be beaten."""
        return bool(self.failing)

    @property
    def forced_unit(self) -> Unit | None:
        """The unit the thrower must play after a failure."""
        if not self.failing:
            return None
        return _lowest([u for u, _ in self.failing])

    @property
    def forced_options(self) -> tuple[Unit, ...]:
        """Every failing unit the thrower may play: the lowest, and any tied with it in
        level and shape (the rules name "the lowest", and these are equally low)."""
        forced = self.forced_unit
        if forced is None:
            return ()
        return tuple(u for u, _ in self.failing if _rank_key(u) == _rank_key(forced))

    @property
    def beaten_by(self) -> Seat | None:
        """The first seat, in playing order, that beats the forced unit."""
        forced = self.forced_unit
        for unit, seat in self.failing:
            if unit is forced:
                return seat
        return None

    def penalty_cards(self, counts: str) -> int:
        """Cards a penalty counts: ``withdrawn`` (thrown but taken back) or ``beaten``."""
        if not self.failing:
            return 0
        if counts == "beaten":
            return sum(u.size for u, _ in self.failing)
        return sum(u.size for u in self.units) - len(self.forced)


def _rank_key(unit: Unit) -> tuple[int, tuple[int, int]]:
    return (unit.top, unit.bigness)


def _lowest(units: Sequence[Unit]) -> Unit:
    # The lowest-ranked failing unit; between equal levels, the smaller shape; between
    # units tied on both (♥2 and ♣2 under a ♠ trump: rank cards of two side suits share a
    # level), the first in a fixed card order, so the order the cards are written in does
    # not decide (either may be played: see ThrowVerdict.forced_options).
    return min(units, key=lambda u: (_rank_key(u), u.cards[0].index))


def judge_throw(
    lead: Sequence[Card],
    leader: Seat,
    hands: Mapping[Seat, Sequence[Card] | CardCounts],
    trump: Trump,
    units: Sequence[Unit] | None = None,
) -> ThrowVerdict:
    """Judge a lead of one suit against the other players' hands.

    ``hands`` maps each other seat to the cards it holds at the lead (or their counts);
    the leader's own entry, if present, is ignored. A lead of one unit always stands.
    ``units`` is the lead already broken into units, when the caller has it.
    """
    units = tuple(units if units is not None else decompose(lead, trump))
    failing: list[tuple[Unit, Seat]] = []
    if len(units) > 1:
        suit = units[0].suit
        order = [next_seat(leader, step) for step in (1, 2, 3)]
        holders = [(s, Holder(counted(hands[s]), suit, trump)) for s in order if s in hands]
        for unit in units:
            seat_beating = next((s for s, holder in holders if holder.beats(unit)), None)
            if seat_beating is not None:
                failing.append((unit, seat_beating))
    forced = tuple(lead) if not failing else _lowest([u for u, _ in failing]).cards
    return ThrowVerdict(units, tuple(failing), forced)
