"""Rule identifiers: every rule the validator enforces has one.

A rule set maps each identifier to a clause (its reference in the seed documents and
the rule's text), so that a finding can quote the rule it rests on.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = ["Clause", "Rule"]


class Rule(StrEnum):
    """The rules a record can break, one per reason."""

    DEAL = "deal.decks"  # two full decks, 25 cards each, 8 in the kitty
    DECLARE = "bid.declare"  # what may declare a trump, and when
    REINFORCE = "bid.reinforce"  # strengthening one's own side's declaration
    COUNTER = "bid.counter"  # overriding a declaration (反主)
    BID_WINDOW = "bid.window"  # when counters are allowed (before pickup, 炒底)
    NO_DECLARATION = "bid.fallback"  # trump when nobody declares
    KITTY = "kitty.exchange"  # pick up 8, bury 8 held cards
    TURN = "play.turn"  # the winner of a trick leads, then counter-clockwise
    CARD_HELD = "play.held"  # a player plays only cards they hold
    CARD_COUNT = "play.count"  # a follow has as many cards as the lead
    LEAD = "play.lead"  # a lead is one effective suit
    FOLLOW_SUIT = "follow.suit"  # follow the led effective suit as far as possible
    FOLLOW_PAIR = "follow.pair"  # pairs for pairs, as many as possible
    FOLLOW_TRACTOR = "follow.tractor"  # a tractor for a tractor of the same length
    THROW = "throw.validity"  # a throw fails if any unit can be beaten
    THROW_PENALTY = "throw.penalty"  # what a failed throw costs
    TRICK_WINNER = "trick.winner"  # same shape or no win; ties to the first played
    RUFF = "trick.ruff"  # a ruff must match the lead's shape
    POINTS = "score.points"  # 5s, 10s and Ks; defenders' points only
    KITTY_MULTIPLIER = "score.kitty"  # kitty points × multiplier on a defenders' last trick
    LEVEL_TABLE = "score.levels"  # defenders' total → level change
    NEXT_DEALER = "score.next_dealer"  # who deals the next hand
    MATCH = "match.progress"  # levels and dealers follow from the previous hand
    MUST_PLAY = "match.must_play"  # levels that cannot be skipped (逢10必打)
    MISPLAY = "match.misplay"  # penalties for revokes and take-backs
    WRONG_COUNT = "match.card_count"  # 多牌少牌: a player with too many or too few cards


@dataclass(frozen=True, slots=True)
class Clause:
    """Where a rule stands: a reference into the seeds (``000§6.五.2``) and its text."""

    ref: str
    text: str

    def __str__(self) -> str:
        return f"{self.ref}: {self.text}"
