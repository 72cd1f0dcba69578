"""The player's view of a replayed record: what one seat knows at a step of the play.

The view itself (:class:`~notation.rules.holding.Knowledge`: the seat's cards, the plays
it saw, what they showed about the other hands) is the rules core's model of what a seat
is known to hold; :func:`knowledge_at` builds it from a record: the seat's hand before
the first lead, the kitty if it buried it last, where the cards shown in the auction are,
and every play up to the step.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import cast

from notation.psn.model import (
    UNKNOWN,
    BidNode,
    CardSlot,
    Fallback,
    FallbackSource,
    KittyExchange,
    PlayNode,
)
from notation.replay import HandReplay, StepKind
from notation.rules.cards import Card, Cards
from notation.rules.holding import KITTY, Knowledge, KnowledgeError, Place, Whereabouts
from notation.rules.seats import SEATS, Seat

__all__ = ["knowledge_at"]


def knowledge_at(replay: HandReplay, step: int, seat: Seat) -> Knowledge:
    """What ``seat`` knows at state ``step`` of a replayed hand (after its event).

    The step must be in the play: the last state of the auction (before the first
    lead) or later. The seat's own cards and every card played up to the step must be
    known; the rule set's ``follow.shorter_tractor`` says what a shorter tractor shows.
    """
    states = replay.states
    if not 0 <= step < len(states):
        raise KnowledgeError("no-step", step=step, last=len(states) - 1)
    if seat not in SEATS:
        raise KnowledgeError("no-seat", seat=seat)
    first_play = next((i for i, s in enumerate(states) if s.kind is StepKind.PLAY), len(states))
    if step < first_play - 1 or first_play == len(states):
        raise KnowledgeError("before-play", step=step)
    start = states[first_play - 1]
    trump = start.trump
    if trump is None:
        raise KnowledgeError("no-trump")
    auction = [s.event for s in states[:first_play]]
    kitty_size = replay.rules.kitty.size
    own_kitty = _own_kitty(auction, seat, start.kitty)
    sizes = cast(tuple[int, int, int, int], tuple(len(h) for h in start.hands))
    view = Knowledge.start(
        seat,
        trump,
        _known(start.hand(seat), "hand", seat),
        sizes=sizes,
        kitty=own_kitty,
        kitty_size=kitty_size if own_kitty is None else len(own_kitty),
        whereabouts=_auction_whereabouts(auction, seat),
        shorter_tractor=replay.rules.follow.shorter_tractor,
    )
    number = 0
    for state in states[first_play : step + 1]:
        if state.kind is not StepKind.PLAY:
            continue
        leads, number = state.trick_number != number, state.trick_number
        event = cast(PlayNode, state.event)
        cards = _known(event.cards, "play", event.seat, state.trick_number)
        attempted = (
            None
            if event.attempted is None
            else _known(event.attempted, "throw", event.seat, state.trick_number)
        )
        view = view.after(event.seat, cards, attempted, event.blocker, leads=leads)
    return view


def _known(cards: Sequence[CardSlot], what: str, seat: Seat, trick: int = 0) -> Cards:
    if UNKNOWN in cards:
        raise KnowledgeError("unknown-cards", what=what, seat=seat, trick=trick)
    return cast(Cards, tuple(cards))


def _own_kitty(auction: list[object], seat: Seat, kitty: Sequence[CardSlot] | None) -> Cards | None:
    """The kitty, if ``seat`` buried it last and its cards are recorded."""
    buries = [e for e in auction if isinstance(e, KittyExchange)]
    if not buries or buries[-1].seat != seat or kitty is None or UNKNOWN in kitty:
        return None
    return cast(Cards, tuple(kitty))


def _auction_whereabouts(auction: list[object], seat: Seat) -> list[Whereabouts]:
    """Where the cards shown in the auction are when the play begins, as ``seat`` sees it.

    A card shown in a bid stays with its seat, unless that seat buried after the bid:
    then it may be in the kitty, or with any seat that took the kitty after. The same
    holds for the fallback's kitty card, and for the cards ``seat`` buried itself before
    another seat took the kitty (炒底).
    """
    buries = [(i, e.seat) for i, e in enumerate(auction) if isinstance(e, KittyExchange)]

    def takers(after: int) -> frozenset[Place]:
        return frozenset({KITTY} | {s for i, s in buries if i > after})

    def where(holder: Seat, at: int) -> frozenset[Place]:
        own = next((i for i, s in buries if i > at and s == holder), None)
        return frozenset({holder}) if own is None else takers(own) | {holder}

    found: list[Whereabouts] = []
    for i, shown_seat, cards in _showings(auction):
        if shown_seat != seat:
            places = where(shown_seat, i)
            found.extend(Whereabouts(c, n, places) for c, n in Counter(cards).items())
    for i, event in enumerate(auction):
        if isinstance(event, Fallback) and event.source is FallbackSource.KITTY:
            shown = [c for c in event.cards if isinstance(c, Card)]
            found.extend(Whereabouts(c, n, takers(i)) for c, n in Counter(shown).items())
        if isinstance(event, KittyExchange) and event.seat == seat:
            later = takers(i)
            if len(later) > 1:  # another seat took the kitty this seat buried
                buried = [c for c in event.buried if isinstance(c, Card)]
                found.extend(Whereabouts(c, n, later) for c, n in Counter(buried).items())
    return found


def _showings(auction: list[object]) -> list[tuple[int, Seat, Cards]]:
    """The cards each bid shows its seat to hold: its own cards. A reinforcement that
    adds a card to the seat's declaration (``declare 1: S2``, ``reinforce 1: S2``) makes a
    pair showing, but the replay accepts it from a seat holding one ♠2, so only what each
    bid puts on the table is taken as held (the same card shown twice counts once)."""
    return [
        (i, e.seat, tuple(c for c in e.cards if isinstance(c, Card)))
        for i, e in enumerate(auction)
        if isinstance(e, BidNode)
    ]
