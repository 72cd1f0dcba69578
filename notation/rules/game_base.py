"""The play state's data: reading a position, the bookkeeping, who is to move.

:class:`_Base` holds what :class:`~notation.rules.game.PlayState` keeps (the hands, the
trick on the table, the points, the history that ``undo`` takes back, the remembered
answers) and reads a :class:`~notation.rules.game_data.Position` into it, checked. The
phases of the play build on it: the leads (:mod:`.game_leads`), the follows
(:mod:`.game_follows`), playing and taking back (:mod:`.game_playing`), equal positions
and equivalent plays (:mod:`.game_equivalence`), the end (:mod:`.game_outcome`). They
add methods only (their ``__slots__`` are empty): every field is declared here, and
:meth:`_Base.copy` copies them all.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, Self

from notation.rules.cards import Card
from notation.rules.follow import check_follow, check_lead, legal_follows, sample_follow
from notation.rules.game_data import (
    Cards,
    GameError,
    Play,
    Position,
    TrickMemo,
    _cards_text,
    _Last,
    _Memo,
    _sorted,
)
from notation.rules.order import EffectiveSuit
from notation.rules.seats import SEATS, Seat, next_seat, seats_from
from notation.rules.throw import judge_throw
from notation.rules.trick import OpenTrick
from notation.rules.units import Unit, decompose
from notation.rules.violations import Violation

_History = tuple[
    int, Cards, tuple[Play, ...], OpenTrick | None, Any, int, int, Seat, int, int, _Last | None,
    int, int, "TrickMemo | None",
]  # fmt: skip


class _Base:
    """The state a hand being played keeps, read from a position; the phases of the
    play build on it (see :class:`~notation.rules.game.PlayState`)."""

    __slots__ = (
        "_history",
        "_memo",
        "_trick_memo",
        "dealer",
        "hand_points",
        "hands",
        "kitty",
        "kitty_points",
        "last",
        "leader",
        "penalties",
        "points",
        "rules",
        "table",
        "trick",
        "tricks",
        "trump",
    )

    def __init__(self, position: Position, *, check: bool = True) -> None:
        self.rules = position.rules
        self.trump = position.trump
        self.dealer = position.dealer
        self.kitty = position.kitty
        self.kitty_points = sum(c.points for c in position.kitty)
        self._memo = _Memo()
        self._history: list[_History] = []
        self._trick_memo: TrickMemo | None = None
        self.hands: list[Cards] = list(position.hands)
        self.hand_points = sum(c.points for h in self.hands for c in h)
        self.leader = position.leader
        self.table: tuple[Play, ...] = ()
        self.trick: OpenTrick | None = None
        self.points = position.points  # the defenders' points, penalties included
        self.penalties = 0  # penalties from throws made in this state, signed for the defenders
        self.last: _Last | None = None  # the last trick, once the hand is over
        self.tricks = 0  # tricks completed in this state
        if check:
            self._check(position)
        self._lay(position)

    # --- reading a position -------------------------------------------------------------

    def _check(self, position: Position) -> None:
        """Raise :class:`GameError` for a position the rules cannot reach."""
        if position.dealer not in SEATS or position.leader not in SEATS:
            raise GameError("the dealer and the leader are seats 1, 2, 3 or 4", key="seats")
        if len(position.trick) > 3:
            raise GameError(
                "the trick on the table has 4 plays: it is over; give the position after it, "
                "its winner leading",
                key="trick-over",
            )
        # The hands as they were when the trick began: each seat that played holds its play.
        before = list(position.hands)
        order = seats_from(position.leader)
        for seat, cards in zip(order, position.trick, strict=False):
            before[seat - 1] = _sorted(before[seat - 1] + cards)
        sizes = {len(h) for h in before}
        if len(sizes) != 1:
            shown = ", ".join(f"seat {s}: {len(before[s - 1])}" for s in SEATS)
            raise GameError(
                "every seat holds as many cards as the others when a trick begins "
                f"(counting what it played to this one): {shown}",
                key="sizes",
                sizes=tuple((s, len(before[s - 1])) for s in SEATS),
            )
        if sizes == {0}:
            raise GameError(
                "every hand is empty: the hand is over, there is nothing to play", key="empty"
            )
        everything = Counter(c for h in before for c in h) + Counter(position.kitty)
        extra = sorted(c for c, n in everything.items() if n > 2)
        if extra:
            raise GameError(
                f"more than two of {_cards_text(extra)} in the hands and kitty",
                key="too-many",
                cards=tuple(extra),
            )
        if not position.trick:
            return
        trump = self.trump
        lead = position.trick[0]
        leader = position.leader
        problems = check_lead(lead, before[leader - 1], trump)
        if problems:
            raise GameError(problems[0].sentence(leader), problems)
        units = decompose(lead, trump)
        if len(units) > 1:
            others = {s: before[s - 1] for s in order[1:]}
            verdict = judge_throw(lead, leader, others, trump, units)
            if verdict.failed:
                forced = _cards_text(verdict.forced)
                raise GameError(
                    f"seat {leader}'s throw {_cards_text(lead)} fails (seat {verdict.beaten_by} "
                    f"can beat {forced}): the trick's lead is the forced unit {forced}",
                    key="throw-fails",
                    leader=leader,
                    lead=tuple(lead),
                    by=verdict.beaten_by,
                    forced=tuple(verdict.forced),
                )
        for seat, cards in zip(order[1:], position.trick[1:], strict=False):
            problems = self._follow_problems(lead, cards, before[seat - 1], units)
            if problems:
                raise GameError(problems[0].sentence(seat), problems)

    def _lay(self, position: Position) -> None:
        """Put the trick already played on the table (the hands no longer hold it)."""
        if not position.trick:
            return
        order = seats_from(position.leader)
        lead = position.trick[0]
        self.trick = OpenTrick(self.leader, lead, self.trump, self.units(lead))
        self.table = (Play(self.leader, lead),)
        for seat, cards in zip(order[1:], position.trick[1:], strict=False):
            self.trick.add(seat, cards)
            self.table = (*self.table, Play(seat, cards))
        # The table's points count when the trick is won, not before.

    def position(self) -> Position:
        """The current moment as a :class:`Position` (penalties folded into the points)."""
        hands = self.hands
        return Position(
            self.rules,
            self.trump,
            self.dealer,
            (hands[0], hands[1], hands[2], hands[3]),
            self.leader,
            tuple(p.cards for p in self.table),
            self.points + self.penalties,
            self.kitty,
        )

    def copy(self) -> Self:
        """An independent state at the same moment (sharing the remembered answers)."""
        cls = type(self)
        other = cls.__new__(cls)
        for name in _Base.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = list(self.hands)
        other._trick_memo = None
        other._history = []  # the copy starts here: it cannot take back earlier plays
        if self.trick is not None:
            trick = OpenTrick(self.leader, self.table[0].cards, self.trump, self.trick.lead_units)
            for p in self.table[1:]:
                trick.add(p.seat, p.cards)
            other.trick = trick
        return other

    def share_memo(self, other: _Base) -> None:
        """Use ``other``'s remembered rules answers, if it plays under the same rules and
        trump (the answers depend on nothing else)."""
        if other.trump == self.trump and other.rules == self.rules:
            self._memo = other._memo

    def trim_memo(self) -> None:
        """Forget the remembered rules answers if they grew large."""
        self._memo.trim()

    @property
    def made(self) -> int:
        """How many plays :meth:`undo` can take back."""
        return len(self._history)

    @property
    def trick_memo(self) -> TrickMemo:
        """Answers remembered for the rest of the current trick (see :class:`TrickMemo`)."""
        memo = self._trick_memo
        if memo is None:
            memo = self._trick_memo = TrickMemo()
        return memo

    # --- who, what ----------------------------------------------------------------------

    @property
    def to_move(self) -> Seat:
        """The seat whose turn it is."""
        return next_seat(self.leader, len(self.table))

    def is_defender(self, seat: Seat) -> bool:
        """True for the two seats not on the dealer's team."""
        return (seat - self.dealer) % 2 == 1

    def is_over(self) -> bool:
        """True when every card has been played."""
        return not self.table and not any(self.hands)

    def hand(self, seat: Seat) -> Cards:
        """The cards ``seat`` holds, sorted."""
        return self.hands[seat - 1]

    # --- the rules core, in one place ---------------------------------------------------
    # Every follow the state generates, samples or checks goes through these three calls:
    # a follow rule of the rule set is given to the core here and nowhere else.

    def _legal_follows(self, lead: Cards, hand: Cards) -> list[Cards]:
        return legal_follows(lead, hand, self.trump, self.rules.follow.shorter_tractor)

    def _follow_problems(
        self, lead: Cards, play: Sequence[Card], hand: Cards, units: Sequence[Unit] | None = None
    ) -> list[Violation]:
        return check_follow(lead, play, hand, self.trump, units, self.rules.follow.shorter_tractor)

    def _sample_follow(self, lead: Cards, hand: Cards, rng: random.Random) -> list[Card]:
        return sample_follow(lead, hand, self.trump, rng, self.rules.follow.shorter_tractor)

    def units(self, cards: Cards) -> list[Unit]:
        """``cards`` (sorted) broken into units, biggest first (see :func:`decompose`)."""
        units = self._memo.units.get(cards)
        if units is None:
            units = self._memo.units[cards] = decompose(cards, self.trump)
        return units

    def suits(self, seat: Seat) -> dict[EffectiveSuit, Cards]:
        """``seat``'s cards by effective suit."""
        hand = self.hands[seat - 1]
        memo = self._memo.split
        split = memo.get(hand)
        if split is None:
            table = self.trump.table
            groups: dict[EffectiveSuit, list[Card]] = {}
            for card in hand:
                groups.setdefault(table[card][0], []).append(card)
            split = memo[hand] = {s: tuple(cs) for s, cs in groups.items()}
        return split
