"""Violations: what the rules core says is wrong with a play, as facts and as a sentence.

A violation has a stable code, the rule it breaks, the cards that prove it (the cards
of the suit, the pair or the tractor a player still held) and the counts a referee
quotes: what the lead asked for, what the player held, what they played. The sentence
is made from those facts for a seat (:meth:`Violation.sentence`), so that another
language can be written from the same fields. The validator turns violations into
findings with a position in the file, the rule set's clause and its penalty.

>>> from notation.rules.cards import Suit, parse_cards
>>> v = Violation(Code.FOLLOW_SUIT, tuple(parse_cards("DQ D9 D5")), Suit.DIAMONDS, 1, 3, 0)
>>> print(v.sentence(2))  # doctest: +NORMALIZE_WHITESPACE
Seat 2 did not follow diamonds: a diamond was led and seat 2 played no diamond, though it
still held ♦Q ♦9 ♦5.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from notation.rules.cards import Card, format_symbols
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

    @property
    def rule(self) -> Rule:
        """The rule this violation breaks."""
        return _RULE_OF[self.code]

    def sentence(self, seat: int | None = None) -> str:
        """The violation as a referee says it, with ``seat`` as the subject."""
        who = f"seat {seat}" if seat is not None else "the player"
        text = _ENGLISH[self.code](self, who)
        return text[0].upper() + text[1:]

    def __str__(self) -> str:
        return f"{self.code}: {self.sentence()}"


_SUIT_WORDS = {TRUMP: "trumps", "S": "spades", "H": "hearts", "C": "clubs", "D": "diamonds"}
_SUIT_WORD = {TRUMP: "trump", "S": "spade", "H": "heart", "C": "club", "D": "diamond"}


def suit_word(suit: EffectiveSuit) -> str:
    """An effective suit in plain words: ``spades`` ... ``trumps``."""
    return _SUIT_WORDS[str(suit)]


# --- English ---------------------------------------------------------------------------
# One function per code, from the violation's fields; another language is another table.


_cards = format_symbols  # ♦Q ♦9 ♦5; the jokers stay BJ and LJ


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _suit(v: Violation) -> tuple[str, str]:
    """The led suit in words, one and several: ``("diamond", "diamonds")``."""
    key = str(v.suit)
    return _SUIT_WORD.get(key, "card"), _SUIT_WORDS.get(key, "cards")


def _not_held(v: Violation, who: str) -> str:
    verb = "led" if v.leading else "played"
    were = "was" if len(v.cards) == 1 else "were"
    return f"{who} {verb} {_cards(v.cards)}, which {were} not in its hand."


def _wrong_count(v: Violation, who: str) -> str:
    if v.leading and not v.played:
        return f"{who} led no cards."
    return f"{who} played {_count(v.played, 'card', 'cards')} to a lead of {v.asked}."


def _mixed_lead(v: Violation, who: str) -> str:
    words = " and ".join(sorted(suit_word(s) for s in v.suits))
    return f"{who} led {words} together, but a lead must be of one suit."


def _follow_suit(v: Violation, who: str) -> str:
    one, many = _suit(v)
    led = f"a {one} was led" if v.asked == 1 else f"{v.asked} {many} were led"
    did = f"no {one if v.asked == 1 else many}" if not v.played else f"only {v.played}"
    return (
        f"{who} did not follow {many}: {led} and {who} played {did}, "
        f"though it still held {_cards(v.cards)}."
    )


def _follow_pair(v: Violation, who: str) -> str:
    _, many = _suit(v)
    if v.asked == 1:
        head, led, none = "a pair", f"a pair of {many} was led", "no pair"
    else:
        head, led, none = "pairs", f"{v.asked} pairs of {many} were led", "no pairs"
    did = none if not v.played else f"only {v.played}"
    held = _count(v.held, "pair", "pairs")
    proof = f"split {_cards(v.cards)}" if v.split else f"kept {_cards(v.cards)}"
    return (
        f"{who} did not follow with {head}: {led} and {who} played {did}, "
        f"though it held {held} of {many}; it {proof}."
    )


def _follow_tractor(v: Violation, who: str) -> str:
    _, many = _suit(v)
    led = f"a tractor of {v.asked} pairs of {many} was led"
    if v.another:
        held = f"another tractor {_cards(v.cards)}, which it had to play too"
    elif v.held < v.asked:
        held = f"the shorter tractor {_cards(v.cards)}, which it had to play"
    else:
        held = f"the tractor {_cards(v.cards)}"
    if v.played:
        did = f"only a tractor of {v.played} pairs"
    else:
        did = "no other tractor" if v.another else "no tractor"
    return f"{who} did not follow with a tractor: {led} and {who} held {held}, but played {did}."


def _out_of_turn(v: Violation, who: str) -> str:
    return f"{who} played out of turn."


def _throw_failed(v: Violation, who: str) -> str:
    return f"{who}'s throw should have failed: {who} had to play {_cards(v.cards)}."


def _wrong_forced_play(v: Violation, who: str) -> str:
    return f"{who} did not play what its failed throw forced: it had to play {_cards(v.cards)}."


_ENGLISH: dict[Code, Callable[[Violation, str], str]] = {
    Code.NOT_HELD: _not_held,
    Code.WRONG_COUNT: _wrong_count,
    Code.OUT_OF_TURN: _out_of_turn,
    Code.MIXED_LEAD: _mixed_lead,
    Code.FOLLOW_SUIT: _follow_suit,
    Code.FOLLOW_PAIR: _follow_pair,
    Code.FOLLOW_TRACTOR: _follow_tractor,
    Code.THROW_FAILED: _throw_failed,
    Code.WRONG_FORCED_PLAY: _wrong_forced_play,
}
