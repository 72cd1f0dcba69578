"""The play phase's values: a play, a position, the state's remembered answers.

The plain values :class:`~notation.rules.game.PlayState` reads and keeps (see
:mod:`notation.rules.game`): a :class:`Play`, a :class:`Position`, the answers a state
remembers, and :class:`GameError` for a position or play the rules do not allow.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from notation.errors import KeyedError
from notation.rules.cards import Card
from notation.rules.order import EffectiveSuit, Trump
from notation.rules.ruleset import Ruleset
from notation.rules.seats import Seat, next_seat
from notation.rules.units import Unit
from notation.rules.violations import Violation

__all__ = ["Cards", "GameError", "Play", "Position", "TrickMemo"]

Cards = tuple[Card, ...]
# One suit's cards still out, in order: ("level", whether it makes a tractor with the level
# below for some seat, each card's points and copies held by seats 1..4), or ("block", the
# seat, its cards' points and copies) for levels one seat holds alone (see game_equivalence).
_SuitKey = tuple[tuple[str, int, tuple[tuple[int, ...], ...]], ...]


class GameError(KeyedError):
    """A position the rules cannot reach, or a play they do not allow: ``violations``
    the broken rules of a play, else ``key`` and ``facts`` the reason (said in Chinese
    by ``notation.messages.rulesets.position_words``)."""

    def __init__(
        self,
        message: str,
        violations: Sequence[Violation] = (),
        *,
        key: str = "",
        **facts: object,
    ) -> None:
        super().__init__(message, key=key, **facts)
        self.violations = tuple(violations)


def _sorted(cards: Sequence[Card]) -> Cards:
    return tuple(sorted(cards, key=_index))


def _index(card: Card) -> int:
    return card.index


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


@dataclass(frozen=True, slots=True)
class Play:
    """One seat's play: the cards it puts on the table.

    A throw that fails (甩牌失败) keeps the cards as thrown in ``attempted``; ``cards`` is
    then the forced unit and ``penalty`` the points the failure costs the thrower's side
    (0 when the rule set has no point penalty).
    """

    seat: Seat
    cards: Cards
    attempted: Cards | None = None
    penalty: int = 0

    def __str__(self) -> str:
        if self.attempted is None:
            return f"{self.seat}: {_cards_text(self.cards)}"
        return f"{self.seat}: {_cards_text(self.attempted)} / {_cards_text(self.cards)}"

    @property
    def failed(self) -> bool:
        """True for a throw that could be beaten, and so became its forced unit."""
        return self.attempted is not None

    @property
    def shown(self) -> Cards:
        """The cards as the player put them down: a failed throw as thrown."""
        return self.attempted if self.attempted is not None else self.cards


@dataclass(frozen=True, slots=True)
class Position:
    """A moment of the play phase, as plain values.

    ``hands`` are what seats 1..4 hold now; ``trick`` the plays already made in the
    current trick, in playing order from ``leader`` (a failed throw as its forced unit);
    ``points`` the defenders' points so far, penalties included, the trick on the
    table not included; ``kitty`` the buried cards, scored if the defenders win the last
    trick.
    """

    rules: Ruleset
    trump: Trump
    dealer: Seat
    hands: tuple[Cards, Cards, Cards, Cards]
    leader: Seat
    trick: tuple[Cards, ...] = ()
    points: int = 0
    kitty: Cards = ()

    def __post_init__(self) -> None:
        # Any sequences in, sorted tuples kept: equal positions compare equal.
        hands = tuple(_sorted(h) for h in self.hands)
        if len(hands) != 4:
            raise GameError(
                f"a position has four hands, not {len(hands)}", key="hands", n=len(hands)
            )
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "trick", tuple(_sorted(p) for p in self.trick))
        object.__setattr__(self, "kitty", _sorted(self.kitty))

    @property
    def to_move(self) -> Seat:
        """The seat whose turn it is."""
        return next_seat(self.leader, len(self.trick))


@dataclass(slots=True)
class TrickMemo:
    """Answers that hold for the rest of one trick: each seat's classes of equivalent
    cards (see :meth:`~.game.PlayState.classes`) and, for a search, the plays of a seat in the
    order it tries them. A new one at each trick start; a seat's entries hold until it
    plays (its hand does not change, and the cards still out are those of the trick's
    start)."""

    classes: dict[Seat, dict[Card, tuple[int, int]]] = field(default_factory=dict)
    plays: dict[Hashable, list[Play]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class _Last:
    """The last trick played: who won it, the lead's biggest shape, won with trumps?"""

    winner: Seat
    shape: tuple[int, int]
    by_trump: bool


@dataclass(slots=True)
class _Memo:
    """The rules core's answers for one trump, remembered: a search asks the same
    questions (this hand facing this lead) many times. Shared by copies of a state."""

    follows: dict[tuple[Seat, Cards, Cards], tuple[Play, ...]] = field(default_factory=dict)
    units: dict[Cards, list[Unit]] = field(default_factory=dict)
    subsets: dict[Cards, list[tuple[Cards, int]]] = field(default_factory=dict)
    throws: dict[tuple[Seat, Cards, tuple[Cards, ...]], Play] = field(default_factory=dict)
    leads: dict[tuple[Seat, Cards, Cards, Cards, Cards, bool], tuple[Play, ...]] = field(
        default_factory=dict
    )
    values: dict[tuple[Cards, Cards], tuple[int, int] | None] = field(default_factory=dict)
    split: dict[Cards, dict[EffectiveSuit, Cards]] = field(default_factory=dict)
    suit_keys: dict[tuple[Cards, Cards, Cards, Cards], _SuitKey] = field(default_factory=dict)

    def trim(self) -> None:
        """Forget everything once the memo grows large (a long search on a big position)."""
        tables = (
            self.follows,
            self.units,
            self.subsets,
            self.throws,
            self.leads,
            self.values,
            self.split,
            self.suit_keys,
        )
        if sum(len(t) for t in tables) > 300_000:
            for table in tables:
                table.clear()
