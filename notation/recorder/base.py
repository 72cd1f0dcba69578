"""The recorder's data and what the record is now: the hand recorded and its replay, the
cards chosen, the entry waiting; the state after the last entry, the open trick, the seat
to play and the cards it holds; and entering a hand, taken at once or kept waiting when
it breaks a rule where it stands.

:class:`_Base` holds every field of :class:`~notation.recorder.Recorder`; the phases
build on it and add methods only (their ``__slots__`` are empty): the headers, deal and
result (:mod:`.headers`), the auction (:mod:`.auction`), the play card by card
(:mod:`.play`), and the decisions on an entry waiting and undo (:mod:`.decisions`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from notation.findings import Finding
from notation.psn import UNKNOWN, CardSlot, Hand, write_hand
from notation.recorder.values import Entry, EntryKind, RecorderError, _Waiting
from notation.replay import HandReplay, State, StepKind, replay
from notation.rules.cards import Card
from notation.rules.seats import Seat, check_seat


def _key(finding: Finding) -> tuple[str, str, int | None, int | None]:
    return finding.code, finding.message, finding.trick, finding.seat


def _settled(rp: HandReplay) -> tuple[Finding, ...]:
    """The findings of a recording so far. While the last trick is still being played,
    what the replay says at the end of the hand (a seat that has not played its last
    card yet, the result not computed) is not said: the hand is not over."""
    tricks = rp.hand.tricks
    if not tricks or len(tricks[-1].plays) == 4:
        return rp.findings
    end = len(rp.states) - 1
    return tuple(f for f in rp.findings if f.step != end)


def _new_findings(before: HandReplay, after: HandReplay) -> list[Finding]:
    """The findings of ``after`` that ``before`` did not have (compared by what they say,
    not by where: an entry moves the steps after it)."""
    seen = Counter(_key(f) for f in _settled(before))
    new: list[Finding] = []
    for finding in _settled(after):
        key = _key(finding)
        if seen[key] > 0:
            seen[key] -= 1
        else:
            new.append(finding)
    return new


def _last_state(rp: HandReplay, trick_open: bool) -> State:
    """The state after the last event: the last play while a trick is open (the replay
    closes even an unfinished trick with a state of its own), else the state before the
    end of the hand."""
    states = rp.states
    if trick_open:
        return next(s for s in reversed(states) if s.kind is StepKind.PLAY)
    return states[-2] if len(states) > 1 else states[-1]


class _Base:
    """The recording's data, what the record is now, and entering an entry."""

    __slots__ = ("_follows", "_hand", "_replay", "_waiting", "last", "pending")

    def __init__(self, hand: Hand | None = None) -> None:
        self._hand = hand if hand is not None else Hand()
        self._replay = replay(self._hand)
        self.pending: tuple[CardSlot, ...] = ()
        self._waiting: _Waiting | None = None
        self.last: Entry | None = None  # the last entry made, for the page to show
        self._follows: tuple[Any, frozenset[Card] | None] | None = None  # legal cards, cached

    # ---- what the record is now -------------------------------------------------------

    @property
    def hand(self) -> Hand:
        """The hand as recorded (an entry waiting is not in it)."""
        return self._hand

    @property
    def replay(self) -> HandReplay:
        """The replay of :attr:`hand`."""
        return self._replay

    @property
    def findings(self) -> tuple[Finding, ...]:
        """What the replay finds in the record so far (the end of the hand's findings
        only once its last trick is over)."""
        return _settled(self._replay)

    @property
    def waiting(self) -> Entry | None:
        """The entry that breaks a rule and waits for :meth:`accept` or :meth:`discard`."""
        return None if self._waiting is None else self._waiting.entry

    def write(self) -> str:
        """The record so far as canonical PSN (an entry waiting is not in it)."""
        return write_hand(self._hand)

    @property
    def state(self) -> State:
        """The replay's state after the last entry (while a trick is open: after its last
        play, with the seat whose turn it is)."""
        return _last_state(self._replay, self.trick_open)

    @property
    def trick_open(self) -> bool:
        """True if the last trick has a lead and not every seat has played to it."""
        tricks = self._hand.tricks
        return bool(tricks) and len(tricks[-1].plays) < 4

    @property
    def lead(self) -> tuple[CardSlot, ...] | None:
        """The cards the followers of the open trick must match (after a failed throw,
        the cards played), or ``None`` when the next play is a lead."""
        if not self.trick_open:
            return None
        return self._hand.tricks[-1].plays[0].cards

    @property
    def leading(self) -> bool:
        """True if the next play leads a trick."""
        return not self.trick_open

    @property
    def trick_number(self) -> int:
        """The number of the trick the next play belongs to."""
        tricks = self._hand.tricks
        if not tricks:
            return 1
        return tricks[-1].number + (0 if self.trick_open else 1)

    @property
    def to_play(self) -> Seat | None:
        """The seat whose play comes next, as the replay gives it: the next seat in the
        trick, the last trick's winner, or the dealer for the first lead; ``None`` when
        the record cannot say (a trick with unknown cards, no dealer known)."""
        state = self.state
        if state.kind in (StepKind.PLAY, StepKind.TRICK):
            return state.turn
        return self._replay.computed.dealer

    @property
    def needed(self) -> int | None:
        """How many cards the next play must have (the lead's), or ``None`` for a lead."""
        lead = self.lead
        return None if lead is None else len(lead)

    def held(self, seat: Seat) -> tuple[CardSlot, ...]:
        """The cards ``seat`` holds now, as far as the record shows (``??`` for those not
        known), in the order a player sorts them under the trump."""
        return self.state.hand(seat)

    def knows_hand(self, seat: Seat) -> bool:
        """True if every card ``seat`` holds is known (the deal was recorded)."""
        cards = self.held(seat)
        return bool(cards) and UNKNOWN not in cards

    @property
    def complete(self) -> bool:
        """True when the hand is over: the last trick is finished and the seats have
        played their hands out (as the replay counts them)."""
        return self._replay.computed.complete and not self.trick_open

    # ---- the inside ------------------------------------------------------------------------

    def _no_waiting(self) -> None:
        if self._waiting is not None:
            raise RecorderError.of("rec.rule-waiting")

    def _seat(self, seat: Seat | None) -> Seat:
        who = self.to_play if seat is None else seat
        if who is None:
            raise RecorderError.of("rec.who-next")
        return check_seat(who)

    def _apply(self, hand: Hand, kind: EntryKind, node: Any) -> Entry:
        """Make ``hand`` the record (no entry waits on it) and say what it found."""
        after = replay(hand)
        entry = Entry(kind, node, tuple(_new_findings(self._replay, after)), (), True)
        self._hand, self._replay, self.last = hand, after, entry
        self._follows = None
        return entry

    def _propose(
        self, hand: Hand, kind: EntryKind, node: Any, *, before: tuple[CardSlot, ...] = ()
    ) -> Entry:
        """Replay ``hand`` (the record with ``node`` entered): taken at once if ``node``
        breaks no rule where it stands, else kept waiting."""
        after = replay(hand)
        new = _new_findings(self._replay, after)
        first = next((s.step for s in after.states if s.event is node), len(after.states) - 1)
        end = len(after.states) - 1
        blocking = tuple(
            f for f in new if f.is_error and f.step is not None and first <= f.step < end
        )
        entry = Entry(kind, node, tuple(new), blocking, not blocking)
        if blocking:
            self._waiting = _Waiting(hand, entry, before)
        else:
            self._hand, self._replay = hand, after
            self._follows = None
        self.last = entry
        return entry
