"""Recording the play, card by card: the cards chosen for the seat to play, a follow
entered once it has as many cards as the lead, a lead when the recorder finishes it (it
may be a throw), a play typed whole, a failed throw as the rules force it, and the cards
that can still make a legal follow.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from notation.psn import UNKNOWN, CardSlot, Play, Trick
from notation.recorder.base import _Base
from notation.recorder.values import Entry, RecorderError
from notation.rules.cards import Card
from notation.rules.follow import legal_follows
from notation.rules.seats import Seat, seats_from
from notation.rules.throw import judge_throw
from notation.rules.units import decompose

# Past this many ways to choose a follow, the legal cards are not worked out (a long
# throw against a void hand): every card stays clickable and none is marked.
MAX_FOLLOWS: Final = 4000


class _Play(_Base):
    """The play, card by card, and the cards legal to follow."""

    __slots__ = ()

    def legal_cards(self, seat: Seat | None = None) -> frozenset[Card] | None:
        """The cards that ``seat`` (default: the seat to play) can add to the cards chosen
        so far and still make a legal follow, by the rules core's
        :func:`~notation.rules.follow.legal_follows`. ``None`` when that cannot be said:
        a lead (any held card may start one), a hand or lead not known, no trump yet, or
        too many ways to follow to count."""
        seat = self.to_play if seat is None else seat
        lead, trump = self.lead, self._replay.computed.trump
        if seat is None or lead is None or trump is None or not self.knows_hand(seat):
            return None
        if UNKNOWN in lead or UNKNOWN in self.pending:
            return None
        stamp = (seat, self.pending)
        if self._follows is not None and self._follows[0] == stamp:
            return self._follows[1]
        hand = [c for c in self.held(seat) if isinstance(c, Card)]
        known_lead = [c for c in lead if isinstance(c, Card)]
        legal: frozenset[Card] | None = None
        if math.comb(len(hand), len(known_lead)) <= MAX_FOLLOWS or self._suit_holds(
            hand, known_lead
        ):
            chosen = Counter(c for c in self.pending if isinstance(c, Card))
            rules = self._replay.rules
            options = legal_follows(known_lead, hand, trump, rules.follow.shorter_tractor)
            found: set[Card] = set()
            for option in options:
                left = Counter(option) - chosen
                if sum(left.values()) == len(option) - sum(chosen.values()):
                    found.update(left)
            legal = frozenset(found)
        self._follows = (stamp, legal)
        return legal

    def _suit_holds(self, hand: Sequence[Card], lead: Sequence[Card]) -> bool:
        """True if ``hand`` holds more cards of the led suit than the lead has: the ways to
        follow are then chosen among that suit's cards only, a small number."""
        trump = self._replay.computed.trump
        assert trump is not None and lead
        suit = trump.effective_suit(lead[0])
        in_suit = [c for c in hand if trump.effective_suit(c) == suit]
        return len(in_suit) > len(lead) and math.comb(len(in_suit), len(lead)) <= MAX_FOLLOWS

    def pick(self, card: CardSlot, seat: Seat | None = None) -> Entry | None:
        """The seat to play (or ``seat``) puts down ``card``. A follow is entered as soon
        as it has as many cards as the lead (its :class:`Entry` is returned); a lead waits
        for :meth:`finish` (``None`` is returned)."""
        self._no_waiting()
        self._seat(seat)  # a seat must be known before a card is chosen
        if not isinstance(card, Card) and card is not UNKNOWN:
            raise RecorderError.of("rec.not-a-card", card=repr(card))
        self.pending = (*self.pending, card)
        needed = self.needed
        if needed is not None and len(self.pending) >= needed:
            return self.finish(seat)
        return None

    def unpick(self, card: CardSlot) -> None:
        """Take back one ``card`` from the cards chosen so far (the last copy chosen)."""
        self._no_waiting()
        for i in range(len(self.pending) - 1, -1, -1):
            if self.pending[i] is card:
                self.pending = self.pending[:i] + self.pending[i + 1 :]
                return
        raise RecorderError.of("rec.not-chosen", card=str(card))

    def finish(self, seat: Seat | None = None) -> Entry:
        """Enter the cards chosen so far as the play of the seat to play (or ``seat``):
        how a lead, which may be a throw, is completed."""
        self._no_waiting()
        if not self.pending:
            raise RecorderError.of("rec.none-chosen")
        cards, self.pending = self.pending, ()
        try:
            return self.play(cards, seat=seat, _before=cards)
        except RecorderError:
            self.pending = cards
            raise

    def play(
        self,
        cards: Sequence[CardSlot],
        *,
        attempted: Sequence[CardSlot] | None = None,
        blocker: Seat | None = None,
        seat: Seat | None = None,
        _before: tuple[CardSlot, ...] = (),
    ) -> Entry:
        """Enter a whole play at once (typed on the keyboard): ``cards`` played, and for
        a failed throw the cards ``attempted`` (and the seat that could beat it)."""
        self._no_waiting()
        who = self._seat(seat)
        node = Play(
            who,
            tuple(cards),
            None if attempted is None else tuple(attempted),
            blocker if attempted is not None else None,
        )
        tricks = list(self._hand.tricks)
        if self.trick_open:
            last = tricks[-1]
            tricks[-1] = replace(last, plays=(*last.plays, node))
        else:
            tricks.append(Trick(self.trick_number, (node,)))
        hand = replace(self._hand, tricks=tuple(tricks))
        pending, self.pending = self.pending, ()
        return self._propose(hand, "play", node, before=_before or pending)

    def failed_throw(self) -> tuple[tuple[Card, ...], Seat] | None:
        """For a waiting lead that the rules call a failed throw (``throw-failed``), when
        every other hand is known: the cards the thrower must play instead and the seat
        that beats the throw, by :func:`~notation.rules.throw.judge_throw`."""
        waiting = self._waiting
        if waiting is None or waiting.entry.kind != "play":
            return None
        if not any(f.code == "throw-failed" for f in waiting.entry.blocking):
            return None
        play: Play = waiting.entry.node
        trump = self._replay.computed.trump
        if trump is None or UNKNOWN in play.cards:
            return None
        lead = [c for c in play.cards if isinstance(c, Card)]
        others: dict[Seat, list[Card]] = {}
        for other in seats_from(play.seat)[1:]:
            if not self.knows_hand(other):
                return None
            others[other] = [c for c in self.held(other) if isinstance(c, Card)]
        verdict = judge_throw(lead, play.seat, others, trump, decompose(lead, trump))
        if verdict.beaten_by is None:
            return None
        return verdict.forced, verdict.beaten_by

    def accept_failed_throw(self) -> Entry:
        """Write the waiting throw as failed: the cards tried, the cards the rules force,
        and the seat that beats it (``1: SA SK SQ / SQ by 3``)."""
        option = self.failed_throw()
        if option is None or self._waiting is None:
            raise RecorderError.of("rec.no-failed-throw")
        forced, blocker = option
        play: Play = self._waiting.entry.node
        pending = self._waiting.pending
        self._waiting = None
        return self.play(
            forced, attempted=play.cards, blocker=blocker, seat=play.seat, _before=pending
        )
