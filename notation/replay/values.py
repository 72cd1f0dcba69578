"""What a replay gives: the states of a hand, the computed result, the findings."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from notation.errors import ShengjiError
from notation.findings import Finding
from notation.frozen import frozen
from notation.messages import Message, msg
from notation.psn.model import Hand
from notation.rules.cards import Rank, Slots
from notation.rules.order import Trump
from notation.rules.ruleset import Outcome, Ruleset
from notation.rules.seats import Seat


class StepKind(StrEnum):
    """What happened at a step."""

    START = "start"  # the deal
    BID = "bid"
    FALLBACK = "fallback"
    KITTY = "kitty"  # a pick-up and bury
    PLAY = "play"
    TRICK = "trick"  # a trick is complete: its winner takes the points
    END = "end"  # the hand is over: kitty, result


class RulesFrom(StrEnum):
    """Where the rule set a hand is judged under came from."""

    RECORD = "record"  # the hand's Rules header
    GIVEN = "given"  # the caller's (--rules, a variation replayed under its line's)
    DEFAULT = "default"  # no Rules header: the default rule set, said in a note
    FALLBACK = "fallback"  # a name no rule set has: the default, and an unknown-rules error


@frozen
class State:
    """Everything a viewer shows at one step of a hand."""

    step: int
    kind: StepKind
    label: str
    event: Any  # the model node (Bid, Fallback, KittyExchange, Play, Trick) or None
    hands: tuple[Slots, Slots, Slots, Slots]  # each seat's cards, as far as known
    trump: Trump | None
    dealer: Seat | None
    declarer: Seat | None
    kitty: Slots | None
    trick_number: int  # 0 before the first trick
    trick: tuple[tuple[Seat, Slots], ...]  # the cards on the table
    winning: Seat | None  # who is winning the trick on the table
    points: tuple[int, int]  # points taken by team 1&3 and team 2&4
    defenders_points: int
    turn: Seat | None
    findings: tuple[Finding, ...] = ()
    line: int = 0
    column: int = 0
    penalty_points: int = 0  # failed-throw penalties so far, signed for the defenders

    def hand(self, seat: Seat) -> Slots:
        """The cards ``seat`` holds at this step, as far as known."""
        return self.hands[seat - 1]


@frozen
class Computed:
    """The result the rules give for the hand, as far as the record shows it."""

    complete: bool  # every card was played
    card_points: int  # the defenders' points from tricks
    kitty_points: int | None
    multiplier: int | None  # applied when the defenders took the last trick
    penalty_points: int  # failed-throw penalties, signed for the defenders
    points: int | None  # the defenders' total
    outcome: Outcome | None
    dealer: Seat | None
    next_dealer: Seat | None
    trump: Trump | None
    levels: tuple[Rank, Rank] | None  # before the hand
    last_winner: Seat | None
    no_change: bool = False  # both sides held a wrong count: nobody goes up, no next dealer

    def to_dict(self) -> dict[str, Any]:
        """Plain values for JSON."""
        return {
            "complete": self.complete,
            "card_points": self.card_points,
            "kitty_points": self.kitty_points,
            "multiplier": self.multiplier,
            "penalty_points": self.penalty_points,
            "points": self.points,
            "winner": self.outcome.winner.value if self.outcome else None,
            "levels": self.outcome.levels if self.outcome else None,
            "dealer": self.dealer,
            "next_dealer": self.next_dealer,
            "trump": str(self.trump) if self.trump else None,
            "no_change": self.no_change,
        }


@frozen
class HandReplay:
    """A replayed hand: its states, its findings and the computed result."""

    hand: Hand
    number: int
    rules: Ruleset
    states: tuple[State, ...]
    findings: tuple[Finding, ...]
    computed: Computed
    rules_from: RulesFrom = RulesFrom.GIVEN  # assumed (DEFAULT, FALLBACK) or chosen

    def rules_assumed(self) -> Message | None:
        """Why the hand is judged under a rule set it does not name (no Rules header, or
        one naming no rule set), for the report and the viewer; ``None`` if it names it or
        the caller chose it."""
        if self.rules_from is RulesFrom.DEFAULT:
            return msg("rules.default", name=self.rules.name)
        if self.rules_from is RulesFrom.FALLBACK:
            return msg("rules.fallback", name=repr(self.hand.rules), default=self.rules.name)
        return None

    @property
    def errors(self) -> tuple[Finding, ...]:
        """Findings of severity error."""
        return tuple(f for f in self.findings if f.is_error)


class StrictStop(ShengjiError):
    """Raised in strict mode at the first error finding."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(f"{finding.code}: {finding.message}")
        self.finding = finding
