"""The play state's end: the defenders' total and the level result it gives."""

from __future__ import annotations

from dataclasses import dataclass

from notation.rules.game_base import _Base
from notation.rules.game_data import GameError
from notation.rules.ruleset import Outcome
from notation.rules.scoring import final_total, never_negative

__all__ = ["HandOutcome"]


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """The end of a hand: the defenders' total and the level result it gives."""

    card_points: int  # the defenders' points from tricks
    penalty_points: int  # failed-throw penalties, signed for the defenders
    kitty_points: int
    multiplier: int | None  # the kitty's multiplier, when the defenders took the last trick
    points: int  # the total: cards, kitty × multiplier, penalties; never below 0
    result: Outcome  # which side goes up, by how many levels (the rule set's level table)


class _Outcome(_Base):
    """The end of the hand (see :class:`~notation.rules.game.PlayState`)."""

    __slots__ = ()

    # --- the end --------------------------------------------------------------------------

    def outcome(self) -> HandOutcome:
        """The defenders' total and the level result, once every card is played."""
        if not self.is_over() or self.last is None:
            raise GameError("the hand is not over: the outcome is not known yet", key="not-over")
        last = self.last
        won = self.is_defender(last.winner)
        multiplier = self.rules.kitty_multiplier(*last.shape, trump=last.by_trump) if won else None
        card_points = self.points
        total = final_total(
            self.rules,
            card_points,
            self.kitty_points,
            penalty_points=self.penalties,
            defenders_won_last=won,
            copies=last.shape[0],
            pairs=last.shape[1],
            trump=last.by_trump,
        )
        return HandOutcome(
            card_points, self.penalties, self.kitty_points, multiplier, total,
            self.rules.outcome(total),
        )  # fmt: skip

    def total(self, future: int) -> int:
        """The defenders' final total if they gain ``future`` more points from here (the
        kitty bonus included): what a search returns, turned into the hand's total."""
        return never_negative(self.points + self.penalties + future)
