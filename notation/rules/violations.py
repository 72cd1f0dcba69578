"""Violations: what the rules core says is wrong with a play, in plain words.

A violation has a stable code, the rule it breaks and the cards that prove it (the
pair or tractor a player still held). The validator turns violations into findings
with a position in the file, the rule set's clause and its penalty.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from notation.rules.cards import Card
from notation.rules.clauses import Rule
from notation.rules.order import TRUMP, EffectiveSuit

__all__ = ["Code", "Violation", "suit_word"]


class Code(StrEnum):
    """Stable codes of the things a play can get wrong."""

    NOT_HELD = "not-held"  # a card the player does not hold
    WRONG_COUNT = "wrong-count"  # not as many cards as the lead
    OUT_OF_TURN = "out-of-turn"  # played before their turn
    MIXED_LEAD = "mixed-lead"  # a lead of several effective suits
    FOLLOW_SUIT = "follow-suit"  # failed to follow the led suit
    FOLLOW_PAIR = "follow-pair"  # failed to play a pair they held
    FOLLOW_TRACTOR = "follow-tractor"  # failed to play a tractor they held
    THROW_FAILED = "throw-failed"  # a throw that could be beaten was let stand
    WRONG_FORCED_PLAY = "wrong-forced-play"  # after a failed throw, not the failing unit


_RULE_OF = {
    Code.NOT_HELD: Rule.CARD_HELD,
    Code.WRONG_COUNT: Rule.CARD_COUNT,
    Code.OUT_OF_TURN: Rule.TURN,
    Code.MIXED_LEAD: Rule.LEAD,
    Code.FOLLOW_SUIT: Rule.FOLLOW_SUIT,
    Code.FOLLOW_PAIR: Rule.FOLLOW_PAIR,
    Code.FOLLOW_TRACTOR: Rule.FOLLOW_TRACTOR,
    Code.THROW_FAILED: Rule.THROW,
    Code.WRONG_FORCED_PLAY: Rule.THROW,
}


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule of one play."""

    code: Code
    message: str
    cards: tuple[Card, ...] = ()

    @property
    def rule(self) -> Rule:
        """The rule this violation breaks."""
        return _RULE_OF[self.code]

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


_SUIT_WORDS = {TRUMP: "trumps", "S": "spades", "H": "hearts", "C": "clubs", "D": "diamonds"}


def suit_word(suit: EffectiveSuit) -> str:
    """An effective suit in plain words: ``spades`` ... ``trumps``."""
    return _SUIT_WORDS[str(suit)]
