"""The recorder's values: what an entry did (:class:`Entry`), an entry the recorder
cannot take (:class:`RecorderError`), an entry waiting for a decision, the headers a
recording sets and their order, and the ``[%illegal CODE]`` mark of an entry accepted
although it breaks a rule (:func:`illegal_codes`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal

from notation.findings import Finding
from notation.messages import Param, msg
from notation.messages.core import MessageError
from notation.psn import Bid, CardSlot, Fallback, Hand, KittyExchange

__all__ = [
    "HEADER_ORDER",
    "ILLEGAL",
    "AuctionNode",
    "Entry",
    "EntryKind",
    "RecorderError",
    "illegal_codes",
]

# The headers a recording sets, in the order they are written (others are kept after).
HEADER_ORDER: Final = (
    "Event",
    "Site",
    "Date",
    "Round",
    "Hand",
    "Seat1",
    "Seat2",
    "Seat3",
    "Seat4",
    "Rules",
    "Levels",
    "Dealer",
    "Trump",
)
# The comment command that marks an entry accepted although it breaks a rule:
# ``{[%illegal follow-suit]}``. The validator still reports it; the mark says the
# recorder saw the finding and wrote down what was played.
ILLEGAL: Final = "illegal"

AuctionNode = Bid | Fallback | KittyExchange
EntryKind = Literal["headers", "deal", "auction", "play", "result"]


class RecorderError(MessageError):
    """An entry the recorder cannot take at this point (not a rule broken: those are
    findings), e.g. a card while an entry waits for a decision; ``text`` says it in both
    languages (``str`` in English)."""

    @classmethod
    def of(cls, key: str, **params: Param) -> RecorderError:
        """The error of the catalogue's message ``key``."""
        return cls(msg(key, **params))


@dataclass(frozen=True, slots=True)
class Entry:
    """What one entry did: the node entered and what the rules find now that they did not
    before.

    ``blocking`` are the findings of severity error about the entry itself (at its own
    steps of the replay): while there are some, the entry waits (``accepted`` is False)
    for :meth:`Recorder.accept` or :meth:`Recorder.discard`. The other findings (a note,
    a revoke by an earlier play that this card shows) never hold an entry back.
    """

    kind: EntryKind
    node: Any  # the Bid, Fallback, KittyExchange, Play, Deal/Deck, Result, or None
    findings: tuple[Finding, ...]
    blocking: tuple[Finding, ...]
    accepted: bool


@dataclass(frozen=True, slots=True)
class _Waiting:
    """An entry that breaks a rule, with the hand it would make and the cards chosen
    before it (given back if it is discarded)."""

    hand: Hand
    entry: Entry
    pending: tuple[CardSlot, ...]


def illegal_codes(node: Any) -> tuple[str, ...]:
    """The finding codes an entry was accepted with (its ``[%illegal …]`` marks).

    >>> from notation.psn import Comment, Play
    >>> from notation.rules.cards import parse_card
    >>> illegal_codes(Play(2, (parse_card("S3"),), comments=(Comment("[%illegal not-held]"),)))
    ('not-held',)
    """
    codes: list[str] = []
    for comment in getattr(node, "comments", ()):
        for command in comment.commands:
            if command.name == ILLEGAL:
                codes.extend(command.args.split())
    return tuple(codes)
