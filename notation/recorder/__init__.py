"""Recording a hand live, entry by entry, as a club table or a referee sees it played.

A :class:`Recorder` holds the :class:`~notation.psn.Hand` being built: the headers, the
deal (or none: the cards are then not known), the bids, fallback and buries, then each
play, card by card. After every entry the hand is replayed by :func:`notation.replay.replay`,
the engine the validator uses, and the entry's :class:`Entry` says what the rules find
that they did not find before. An entry that breaks a rule where it is made (a revoke, a
card not held, a bid too weak) waits: the recorder sees the finding and its rule, then
accepts it anyway (it is written as played and marked with a ``[%illegal CODE]``
comment, since the point of a record may be what really happened) or discards it.

A follow is complete when the seat has put down as many cards as the lead; a lead is
complete when the recorder says so (:meth:`Recorder.finish`), since a lead may be a
throw. Who plays next, what the trick's winner is and which cards are legal come from
the replay and the rules core (:func:`notation.rules.follow.legal_follows`), never from
here. :meth:`Recorder.write` gives the canonical PSN at any moment, and
:meth:`Recorder.to_dict` / :meth:`Recorder.from_dict` keep a recording, the cards
chosen so far and an entry waiting included.

The class is composed by phase, one module each: the values (:mod:`.values`), the data,
what the record is now and entering an entry (:mod:`.base`), the headers, deal and
result (:mod:`.headers`), the auction (:mod:`.auction`), the play card by card
(:mod:`.play`), and accepting, discarding and undoing (:mod:`.decisions`).

>>> from notation.psn import Bid, BidKind
>>> rec = Recorder.new(rules="qq", levels="2 2", dealer=1)
>>> rec.set_deal(None).findings
()
>>> entry = rec.add(Bid(BidKind.DECLARE, 1, (parse_card("H2"),)))
>>> entry.accepted, rec.to_play
(True, 1)
>>> rec.pick(parse_card("SA")) is None   # a lead waits for the recorder to finish it
True
>>> rec.finish().accepted
True
>>> print(rec.write(), end="")
[Rules "qq"]
[Levels "2 2"]
[Dealer "1"]
<BLANKLINE>
declare 1: H2
1. 1: SA
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from notation.messages import Both, error_words
from notation.psn import UNKNOWN, CardSlot, Hand, PSNError, parse_hand, write_hand
from notation.recorder.auction import _Auction
from notation.recorder.decisions import _Decisions
from notation.recorder.headers import _Headers
from notation.recorder.play import _Play
from notation.recorder.values import HEADER_ORDER, ILLEGAL, Entry, RecorderError, illegal_codes
from notation.rules.cards import parse_card
from notation.rules.seats import SEATS, Seat, check_seat

__all__ = ["HEADER_ORDER", "ILLEGAL", "Entry", "Recorder", "RecorderError", "illegal_codes"]


class Recorder(_Headers, _Auction, _Play, _Decisions):
    """A hand being recorded: the entries so far, the cards the seat to play has chosen
    (``pending``), and an entry waiting for a decision, if one breaks a rule."""

    __slots__ = ()  # the data is the base's (base._Base): no instance dict

    @classmethod
    def new(
        cls,
        *,
        rules: str | None = "qq",
        levels: str | None = None,
        dealer: Seat | None = None,
        names: Mapping[Seat, str] | None = None,
        **headers: str,
    ) -> Recorder:
        """A new recording with these headers (``levels`` as in the header: ``"5 3"``)."""
        values: dict[str, str | None] = dict(headers)
        values.update({"Rules": rules, "Levels": levels})
        values["Dealer"] = None if dealer is None else str(check_seat(dealer))
        for seat, name in (names or {}).items():
            values[f"Seat{check_seat(seat)}"] = name
        recorder = cls()
        recorder.set_headers(values)
        recorder.last = None
        return recorder

    # ---- keeping a recording -------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The recording as plain values (JSON): the record, the cards chosen, and an
        entry waiting (the hand it would make)."""
        waiting = None
        if self._waiting is not None:
            waiting = {
                "psn": write_hand(self._waiting.hand),
                "kind": self._waiting.entry.kind,
                "pending": [str(c) for c in self._waiting.pending],
            }
        return {
            "version": 1,
            "psn": self.write(),
            "pending": [str(c) for c in self.pending],
            "waiting": waiting,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Recorder:
        """A recording from :meth:`to_dict`'s values. Raises :class:`RecorderError` for
        values that are not a recording (a file changed by hand, a wrong version)."""
        try:
            if data.get("version") != 1:
                raise RecorderError.of("rec.version")
            recorder = cls(_read_hand(str(data["psn"])))
            pending = _read_cards(data.get("pending") or [])
            waiting = data.get("waiting")
            if waiting:
                held = _read_hand(str(waiting["psn"]))
                kind = waiting["kind"]
                if kind == "play" and held.tricks and held.tricks[-1].plays:
                    node: Any = held.tricks[-1].plays[-1]
                elif kind == "auction" and held.auction:
                    node = held.auction[-1]
                else:
                    raise RecorderError.of("rec.waiting-unreadable")
                # Checked again: taken into the record if it breaks no rule after all.
                before = _read_cards(waiting.get("pending") or [])
                recorder._propose(held, kind, node, before=before)
            else:
                recorder.pending = pending
            return recorder
        except (PSNError, KeyError, TypeError, AttributeError, ValueError) as e:
            if isinstance(e, RecorderError):
                raise
            raise RecorderError.of(
                "rec.not-a-recording", why=Both(str(e), error_words(e, "zh"))
            ) from None


def _read_hand(text: str) -> Hand:
    return Hand() if not text.strip() else parse_hand(text)


def _read_cards(tokens: Iterable[Any]) -> tuple[CardSlot, ...]:
    cards: list[CardSlot] = []
    for token in tokens:
        text = str(token)
        cards.append(UNKNOWN if text == "??" else parse_card(text))
        if len(cards) > 2 * len(SEATS) * 27:
            raise RecorderError.of("rec.too-many")
    return tuple(cards)
