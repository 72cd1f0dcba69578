"""Violations: what the rules core says is wrong with a play, as facts.

A violation has a stable code, the rule it breaks, the cards that prove it (the cards
of the suit, the pair or the tractor a player still held) and the counts a referee
quotes: what the lead asked for, what the player held, what they played. The sentence
is the message catalogue's (``notation.messages.violation_message``), filled from those
facts for a seat, in any language (:meth:`Violation.sentence`). The validator turns
violations into findings with a position in the file, the rule set's clause and its
penalty.

>>> from notation.rules.cards import Suit, parse_cards
>>> v = Violation(Code.FOLLOW_SUIT, tuple(parse_cards("DQ D9 D5")), Suit.DIAMONDS, 1, 3, 0)
>>> print(v.sentence(2))  # doctest: +NORMALIZE_WHITESPACE
Seat 2 did not follow diamonds: a diamond was led and seat 2 played no diamond, though it
still held ♦Q ♦9 ♦5.
"""

from __future__ import annotations

from enum import StrEnum

from notation.frozen import frozen
from notation.rules.cards import Card
from notation.rules.clauses import Rule
from notation.rules.order import EffectiveSuit

__all__ = ["Code", "Violation"]


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
    THROW_STOOD = "throw-stood"  # a throw recorded as failed that nobody could beat
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
    Code.THROW_STOOD: Rule.THROW,
    Code.WRONG_FORCED_PLAY: Rule.THROW,
}


@frozen
class Violation:
    """One broken rule of one play: its code and the facts that prove it.

    What the fields hold depends on the code:

    * ``not-held``: ``cards`` the player played (or led) without holding them.
    * ``wrong-count``: ``asked`` cards led, ``played`` cards played (a lead of none:
      ``leading`` and 0 played).
    * ``mixed-lead``: the effective ``suits`` led together.
    * ``follow-suit``: ``asked`` cards of ``suit`` led, ``held`` of them in hand,
      ``played`` of them played; ``cards`` the ones of the suit still held.
    * ``follow-pair``: ``asked`` pairs of ``suit`` led, ``held`` pairs of the suit in
      hand, ``played`` pairs played; ``cards`` a pair not played as a pair (kept whole
      where there is one, else ``split``: one card of it was played).
    * ``follow-tractor``: a tractor of ``asked`` pairs of ``suit`` led, a tractor of
      ``held`` pairs owed (shorter than ``asked`` when the rule set asks for a shorter
      one), a tractor of ``played`` pairs played for it (0: none); ``cards`` that tractor;
      ``another``: a second tractor owed, one tractor led (two shorter ones fit in it).
    * ``out-of-turn``: ``turn`` the seat whose turn it was; or, every seat having
      played, ``played`` the play's place in the trick (5 for a fifth play).
    * ``throw-failed``: ``cards`` the throw let stand, ``by`` a seat that could beat
      it, ``forced`` the unit that had to be played alone.
    * ``throw-stood``: ``cards`` a throw recorded as failed that nobody could beat
      (``asked`` 1: a single unit, which is no throw and cannot fail).
    * ``wrong-forced-play``: ``cards`` played after a failed throw, ``forced`` the
      unit the rules force, ``by`` the seat that beat the throw.

    (Without those facts, the last four are said in general words.)
    """

    code: Code
    cards: tuple[Card, ...] = ()
    suit: EffectiveSuit | None = None
    asked: int = 0
    held: int = 0
    played: int = 0
    suits: tuple[EffectiveSuit, ...] = ()
    leading: bool = False
    split: bool = False
    another: bool = False
    turn: int = 0
    by: int = 0
    forced: tuple[Card, ...] = ()

    @property
    def rule(self) -> Rule:
        """The rule this violation breaks."""
        return _RULE_OF[self.code]

    def sentence(self, seat: int | None = None, lang: str = "en") -> str:
        """The violation as a referee says it, with ``seat`` (or the player) as the
        subject, in ``lang``: the words are the message catalogue's, filled from these
        facts (the rules core keeps no text)."""
        from notation.messages import violation_message  # the catalogue imports the core

        return violation_message(self, seat).render(lang)

    def __str__(self) -> str:
        return f"{self.code}: {self.sentence()}"
