"""Rule identifiers: every rule the validator enforces has one.

A rule set maps each identifier to a clause: where the rule stands in the user's rule
documents (the document's title, the place in it, the sentence quoted as written) and
the rule's text in English and Chinese, so that a finding can quote the rule it rests
on to a reader who has never seen the documents (in the catalogue's words:
:func:`notation.messages.cite`).
"""

# No ``from __future__ import annotations``: a field's annotation is its type, as
# notation.presets reads it (see notation/rules/ruleset.py).
from enum import StrEnum
from typing import Final

from notation.frozen import frozen

__all__ = ["Clause", "Rule", "Text", "Title", "english_numbers"]


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


@frozen
class Title:
    """A name in English and Chinese: a rule set's title, a rule document's title."""

    en: str
    zh: str

    def __str__(self) -> str:
        return f"{self.en} ({self.zh})"


@frozen
class Text:
    """Words in English and, where given, in Chinese (a rule set's description)."""

    en: str
    zh: str = ""

    def __str__(self) -> str:
        return self.en

    def get(self, lang: str = "en") -> str:
        """The words in ``lang`` (English where no Chinese was given)."""
        return self.zh if lang == "zh" and self.zh else self.en


# The rule documents number their parts 一、二、… and their items 1．2．…
_NUMERALS: Final = {
    "十二": "12",
    "十一": "11",
    "十": "10",
    "九": "9",
    "八": "8",
    "七": "7",
    "六": "6",
    "五": "5",
    "四": "4",
    "三": "3",
    "二": "2",
    "一": "1",
}


def english_numbers(section: str) -> str:
    """A place in a document with its Chinese numerals as digits: ``五.2`` → ``5.2``,
    ``五、七`` → ``5, 7``."""
    for chinese, digits in _NUMERALS.items():  # 十二 before 十 and 二
        section = section.replace(chinese, digits)
    return section.replace("、", ", ")


@frozen
class Clause:
    """Where a rule stands and what it says.

    ``ref`` is the machine's reference into the seed files (``000§6.五.2``); ``doc``,
    ``section`` and ``quote`` are what a reader is shown: the rule document's title, the
    place in it (``五.2``, ``【出牌规则】``) and its words as written. ``text`` is the
    rule in English, ``zh`` in Chinese. A club's clause may give only ``ref`` and
    ``text``.
    """

    ref: str
    text: str
    zh: str = ""
    doc: Title | None = None
    section: str = ""
    quote: str = ""

    def __str__(self) -> str:
        return f"{self.ref}: {self.text}"

    def words(self, lang: str = "en", *, fallback: bool = True) -> str:
        """The rule's text in ``lang`` as the rule set gives it; where it gives none in
        ``lang``, the English (``""`` if not ``fallback``)."""
        given = {"en": self.text, "zh": self.zh}.get(lang, "")
        return given or (self.text if fallback else "")
