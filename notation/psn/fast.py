"""The grammar's fast forms: the runs of cards, plays, bids and results in a fast-form
token are taken apart by the patterns below. Any error in such a hand raises
:class:`_ReadAgain`: it is then read again token by token, by the exact parser."""

from __future__ import annotations

import re

from notation.errors import CardError
from notation.psn.model import UNKNOWN, Cards, CardSlot
from notation.rules.cards import parse_card
from notation.rules.seats import Seat

# The builder's phases call methods of the caches and patterns below in the reader's
# hottest loops (``_RUNS.get`` for every play), so they bind them by assignment
# (``_RUNS = fast._RUNS``), never by ``from ... import``: Python 3.11 compiles a method
# call on a from-imported name as an attribute load and a call (it takes the name for a
# module's), which makes reading a hand a few per cent slower.
_CARD_CACHE: dict[str, CardSlot] = {"??": UNKNOWN}
_CARD = _CARD_CACHE.__getitem__
_RUNS: dict[str, Cards] = {}  # runs of cards in fast forms, as written ("SA SA ")
_SEATS: dict[str, Seat] = {"1": 1, "2": 2, "3": 3, "4": 4}  # seats as written in fast forms
# The parts of a TRICKS token: a trick number "12.", a play "3: S10 S10" with perhaps a
# failed throw "/ S10 by 2", or the recorded winner "won by 2" (a card word never starts
# with a digit; "by" and "won" are no cards).
_ITEM = r"""(?:\?\?|[^\s0-9{}()\[\]/:;$@!?"][^\s{}()\[\]/:;$@!?"]*)\s*"""
_END = r"""(?![^\s{}()\[\]/:;$@!?"])"""  # the end of a word
# A card of a play: as _ITEM, but not "won" (only a word starting with w is looked at
# closer: this is the reader's hottest pattern, and a look-ahead at every card shows).
_PLAY_ITEM = (
    r"""(?:\?\?|[^\s0-9{}()\[\]/:;$@!?"w][^\s{}()\[\]/:;$@!?"]*"""
    rf"""|w(?!on{_END})[^\s{{}}()\[\]/:;$@!?"]*)\s*"""
)
_TRICK_PART = re.compile(
    rf"(([0-9]{{1,6}})[ \t]*([.:])\s*((?:{_PLAY_ITEM})*+)"  # *+: nothing to give back
    rf"(?:/\s*((?:(?!(?:by|won){_END}){_ITEM})*)(?:by\s*([0-9]{{1,6}})\s*)?)?"
    rf"|won{_END}\s*by\s*([0-9]{{1,6}})\s*)",
    re.IGNORECASE,
)
# The parts of an AUCTION token: a bid, a fallback or a bury with its cards (no keyword is
# a card, "to" names the strain, "from" starts the hand held after the pick-up).
_KEYWORD = (
    r"(?:deal|deck|kitty|declare|reinforce|counter|fallback|flip|bury|from|to|by|won|result"
    rf"|points|level|next){_END}"
)
_AUCTION_PART = re.compile(
    r"((declare|reinforce|counter|fallback|bury)\s*(?:(kitty|flip)\s*)?(?:([0-9]{1,6})[ \t]*:\s*)?"
    rf"((?:(?!{_KEYWORD}){_ITEM})*)(?:to\s*(nt|[shcd♠♤♥♡♣♧♦♢]|无主)\s*)?"
    rf"(?:@[ \t]*([0-9]{{1,6}})\s*)?(?:from\s*((?:(?!{_KEYWORD}){_ITEM})*))?)",
    re.IGNORECASE,
)
_RESULT_LINE = re.compile(
    r"result\s*(?:points\s*([0-9]{1,6})\s*)?(?:kitty\s*([0-9]{1,6})\s*(?:[x×*]([0-9]{1,6})\s*)?)?"
    r"(?:level\s*(dealer|defenders)\s*([+-]?[0-9]{1,6})\s*)?(?:next\s*([0-9]{1,6})\s*)?",
    re.IGNORECASE,
)


def _plain_run(text: str) -> Cards:
    """The cards of a run in a fast form (kept for the next time); an unknown card means
    reading the hand again, token by token."""
    words = text.split()
    try:
        cards = tuple(map(_CARD, words))
    except KeyError:
        for word in words:
            if word not in _CARD_CACHE:
                try:
                    _CARD_CACHE[word] = parse_card(word)
                except CardError:
                    raise _ReadAgain from None
        cards = tuple(map(_CARD, words))
    if len(_RUNS) >= 4096:  # the runs of plays repeat; a deck's never does
        _RUNS.clear()
    _RUNS[text] = cards
    return cards


class _ReadAgain(Exception):
    """A hand read with the fast forms has an error: read it again token by token."""
