"""The decisions on an entry that breaks a rule (accept it, marked ``[%illegal CODE]``,
or discard it) and undo (take back the last thing entered).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from notation.psn import Comment, Hand
from notation.recorder.base import _Base
from notation.recorder.values import ILLEGAL, Entry, RecorderError, _Waiting


class _Decisions(_Base):
    """Accepting or discarding the entry waiting, and undo."""

    __slots__ = ()

    def accept(self) -> Entry:
        """Record the waiting entry as it was made, marked ``[%illegal CODE …]``."""
        waiting = self._waiting
        if waiting is None:
            raise RecorderError.of("rec.nothing-waiting")
        entry = waiting.entry
        codes = " ".join(dict.fromkeys(f.code for f in entry.blocking))
        mark = Comment(f"[%{ILLEGAL} {codes}]")
        marked = replace(entry.node, comments=(*entry.node.comments, mark))
        self._waiting = None
        self._apply(_replaced(waiting.hand, entry.node, marked), entry.kind, marked)
        # What the entry found is what the recorder accepted: it is said with the entry.
        self.last = replace(entry, node=marked, accepted=True)
        return self.last

    def discard(self) -> None:
        """Drop the waiting entry; the cards chosen for it are chosen again."""
        waiting = self._waiting
        if waiting is None:
            raise RecorderError.of("rec.nothing-waiting")
        self._waiting = None
        self.pending = waiting.pending[:-1] if self._auto(waiting) else waiting.pending
        self.last = None

    def _auto(self, waiting: _Waiting) -> bool:
        """True if the waiting play was entered by its last card (a follow): discarding
        it takes that card back and keeps the others chosen."""
        return (
            waiting.entry.kind == "play"
            and bool(waiting.pending)
            and self.needed is not None
            and len(waiting.pending) == self.needed
        )

    def undo(self) -> str | None:
        """Take back the last thing entered: the waiting entry, the last card chosen, the
        result, the last play or the last bid or bury. Returns what was taken back, as
        PSN, or ``None`` if there is nothing to take back (headers and the deal are
        changed, not undone)."""
        if self._waiting is not None:
            node = self._waiting.entry.node
            self.discard()
            return str(node)
        if self.pending:
            card, self.pending = self.pending[-1], self.pending[:-1]
            return str(card)
        hand = self._hand
        if hand.result is not None:
            undone, hand = "result", replace(hand, result=None)
        elif hand.tricks:
            last = hand.tricks[-1]
            undone, rest = str(last.plays[-1]), hand.tricks[:-1]
            if len(last.plays) > 1:
                rest = (*rest, replace(last, plays=last.plays[:-1]))
            hand = replace(hand, tricks=rest)
        elif hand.auction:
            undone, hand = str(hand.auction[-1]), replace(hand, auction=hand.auction[:-1])
        else:
            return None
        self._apply(hand, "play", None)
        self.last = None  # what the record was before: nothing new to say
        return undone


def _replaced(hand: Hand, old: Any, new: Any) -> Hand:
    """``hand`` with its last play or last auction event ``old`` (by identity) become
    ``new``."""
    if hand.tricks and hand.tricks[-1].plays[-1] is old:
        last = hand.tricks[-1]
        trick = replace(last, plays=(*last.plays[:-1], new))
        return replace(hand, tricks=(*hand.tricks[:-1], trick))
    if hand.auction and hand.auction[-1] is old:
        return replace(hand, auction=(*hand.auction[:-1], new))
    raise RecorderError.of("rec.waiting-not-last")
