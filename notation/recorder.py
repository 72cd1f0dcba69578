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

The module reads in the order of a recording: the values (an entry, an entry waiting),
then :class:`Recorder` — keeping a recording, what the record is now and entering an
entry, the headers, deal and result, the auction, the play card by card, and accepting,
discarding and undoing.

>>> from notation.psn import BidNode, BidKind
>>> rec = Recorder.new(rules="qq", levels="2 2", dealer=1)
>>> rec.set_deal(None).findings
()
>>> entry = rec.add(BidNode(BidKind.DECLARE, 1, (parse_card("H2"),)))
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

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Final, Literal

from notation.findings import Finding
from notation.frozen import frozen
from notation.messages import Param, error_message, msg
from notation.messages.core import MessageError
from notation.psn import (
    UNKNOWN,
    BidNode,
    CardSlot,
    Comment,
    Deal,
    Deck,
    Fallback,
    Hand,
    Header,
    KittyExchange,
    PlayNode,
    PSNError,
    Result,
    Trick,
    parse_hand,
    write_hand,
)
from notation.replay import HandReplay, State, StepKind, replay
from notation.rules.cards import Card, parse_card
from notation.rules.follow import legal_follows
from notation.rules.seats import SEATS, Seat, check_seat, seats_from
from notation.rules.throw import judge_throw
from notation.rules.units import decompose

__all__ = [
    "HEADER_ORDER",
    "ILLEGAL",
    "AuctionNode",
    "Entry",
    "EntryKind",
    "Recorder",
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


AuctionNode = BidNode | Fallback | KittyExchange


EntryKind = Literal["headers", "deal", "auction", "play", "result"]


class RecorderError(MessageError):
    """An entry the recorder cannot take at this point (not a rule broken: those are
    findings), e.g. a card while an entry waits for a decision; ``text`` says it in both
    languages (``str`` in English)."""

    @classmethod
    def of(cls, key: str, **params: Param) -> RecorderError:
        """The error of the catalogue's message ``key``."""
        return cls(msg(key, **params))


@frozen
class Entry:
    """What one entry did: the node entered and what the rules find now that they did not
    before.

    ``blocking`` are the findings of severity error about the entry itself (at its own
    steps of the replay): while there are some, the entry waits (``accepted`` is False)
    for :meth:`Recorder.accept` or :meth:`Recorder.discard`. The other findings (a note,
    a revoke by an earlier play that this card shows) never hold an entry back.
    """

    kind: EntryKind
    node: Any  # the BidNode, Fallback, KittyExchange, PlayNode, Deal/Deck, Result, or None
    findings: tuple[Finding, ...]
    blocking: tuple[Finding, ...]
    accepted: bool


@frozen
class _Waiting:
    """An entry that breaks a rule, with the hand it would make and the cards chosen
    before it (given back if it is discarded)."""

    hand: Hand
    entry: Entry
    pending: tuple[CardSlot, ...]


def illegal_codes(node: Any) -> tuple[str, ...]:
    """The finding codes an entry was accepted with (its ``[%illegal …]`` marks).

    >>> from notation.psn import Comment, PlayNode
    >>> from notation.rules.cards import parse_card
    >>> illegal_codes(PlayNode(2, (parse_card("S3"),), comments=(Comment("[%illegal not-held]"),)))
    ('not-held',)
    """
    codes: list[str] = []
    for comment in getattr(node, "comments", ()):
        for command in comment.commands:
            if command.name == ILLEGAL:
                codes.extend(command.args.split())
    return tuple(codes)


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


def _with_header(headers: list[Header], tag: str, value: str | None) -> list[Header]:
    """``headers`` with ``tag`` set to ``value`` (removed if empty), in its place."""
    wanted = tag.lower()
    at = next((i for i, h in enumerate(headers) if h.tag.lower() == wanted), None)
    if not value:
        return [h for h in headers if h.tag.lower() != wanted]
    header = Header(tag, value)
    if at is not None:
        headers[at] = header
        return headers
    order = [t.lower() for t in HEADER_ORDER]
    rank = order.index(wanted) if wanted in order else len(order)
    place = next(
        (
            i
            for i, h in enumerate(headers)
            if (order.index(h.tag.lower()) if h.tag.lower() in order else len(order)) > rank
        ),
        len(headers),
    )
    headers.insert(place, header)
    return headers


# Past this many ways to choose a follow, the legal cards are not worked out (a long
# throw against a void hand): every card stays clickable and none is marked.
MAX_FOLLOWS: Final = 4000


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


class Recorder:
    """A hand being recorded: the entries so far, the cards the seat to play has chosen
    (``pending``), and an entry waiting for a decision, if one breaks a rule."""

    __slots__ = ("_follows", "_hand", "_replay", "_waiting", "last", "pending")

    # --- the recording: what the record is now, and entering an entry -----------------

    def __init__(self, hand: Hand | None = None) -> None:
        self._hand = hand if hand is not None else Hand()
        self._replay = replay(self._hand)
        self.pending: tuple[CardSlot, ...] = ()
        self._waiting: _Waiting | None = None
        self.last: Entry | None = None  # the last entry made, for the page to show
        self._follows: tuple[Any, frozenset[Card] | None] | None = None  # legal cards, cached

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

    # --- a new recording, and keeping one ---------------------------------------------

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
            raise RecorderError.of("rec.not-a-recording", why=error_message(e)) from None

    # --- the headers, the deal and the result -----------------------------------------

    def rules_result(self) -> Result | None:
        """The result the rules give for the hand, as a ``result`` line, once it is
        complete and the kitty is known; else ``None``."""
        computed = self._replay.computed
        outcome = computed.outcome
        if not self.complete or outcome is None or computed.points is None:
            return None
        return Result(
            points=computed.points,
            kitty_points=computed.kitty_points,
            multiplier=computed.multiplier if computed.kitty_points is not None else None,
            side=outcome.winner,
            levels=outcome.levels,
            next_dealer=computed.next_dealer,
        )

    def set_headers(self, values: Mapping[str, str | None]) -> Entry:
        """Set headers (``None`` or an empty value removes one), in :data:`HEADER_ORDER`;
        headers not named are kept. Returns what the replay finds now (a value it
        cannot read is a ``bad-header`` finding: headers never wait)."""
        headers = list(self._hand.headers)
        for tag, value in values.items():
            headers = _with_header(headers, tag, None if value is None else value.strip())
        return self._apply(replace(self._hand, headers=tuple(headers)), "headers", None)

    def set_deal(self, deal: Deal | Deck | None) -> Entry:
        """Record the deal (four hands and the kitty, any of them ``None``; or the deck),
        or ``None``: the cards are not known, any card may then be entered."""
        return self._apply(replace(self._hand, deal=deal), "deal", deal)

    def set_result(self, result: Result | None) -> Entry:
        """Write the result the players agreed on (or take it away with ``None``)."""
        return self._apply(replace(self._hand, result=result), "result", result)

    # --- the auction ------------------------------------------------------------------

    def add(self, event: AuctionNode) -> Entry:
        """Enter a bid, a fallback or a bury (after the auction so far)."""
        self._no_waiting()
        if not isinstance(event, BidNode | Fallback | KittyExchange):
            raise RecorderError.of("rec.auction-only")
        hand = replace(self._hand, auction=(*self._hand.auction, event))
        return self._propose(hand, "auction", event)

    # --- the play, card by card -------------------------------------------------------

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
        node = PlayNode(
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
        node: PlayNode = waiting.entry.node
        trump = self._replay.computed.trump
        play = node.play  # None: a card of the lead is not known
        if trump is None or play is None:
            return None
        lead = list(play.cards)
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
        play: PlayNode = self._waiting.entry.node
        pending = self._waiting.pending
        self._waiting = None
        return self.play(
            forced, attempted=play.cards, blocker=blocker, seat=play.seat, _before=pending
        )

    # --- an entry waiting: accepted or discarded; undo --------------------------------

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
