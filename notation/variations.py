"""Variations: the alternative lines a record gives, and what they break.

A variation of a bid, fallback, bury or play stands for that event and what follows.
:func:`splice_variation` makes the hand as it would have gone; the replay then checks it
like the record. :func:`variation_findings` does so for every variation of a hand, at
any depth, so that a teaching file's alternatives are held to the rules too (as a PGN
reader holds a game's variations to the rules of chess).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from notation.findings import Finding
from notation.messages import Message, MessageError, Seq, msg
from notation.psn.model import (
    AuctionEvent,
    BidNode,
    Fallback,
    Hand,
    KittyExchange,
    PlayNode,
    Trick,
    Variation,
)
from notation.replay import HandReplay, State, StepKind, replay

__all__ = ["has_variations", "splice_variation", "variation_findings"]

_EVENTS = (StepKind.BID, StepKind.FALLBACK, StepKind.KITTY, StepKind.PLAY)


def splice_variation(hand: Hand, node: Any, index: int) -> Hand:
    """The hand as it would have gone with variation ``index`` of ``node`` (a bid,
    fallback, bury or play of ``hand``): the variation replaces the node and what follows.

    Raises :class:`~notation.messages.MessageError` (a ``ValueError``) if the node has no
    such variation or the line cannot stand.
    """
    variations: tuple[Variation, ...] = getattr(node, "variations", ())
    if not 0 <= index < len(variations):
        raise MessageError(msg("variation.none"))
    events = variations[index].events
    if isinstance(node, PlayNode):
        for ti, trick in enumerate(hand.tricks):
            for pi, play in enumerate(trick.plays):
                if play is node:
                    first = events[0]
                    if not isinstance(first, Trick):
                        raise MessageError(msg("variation.not-a-trick"))
                    spliced = Trick(
                        trick.number, trick.plays[:pi] + first.plays, trick.comments, first.winner
                    )
                    rest = tuple(e for e in events[1:] if isinstance(e, Trick))
                    tricks = (*hand.tricks[:ti], spliced, *rest)
                    return replace(hand, tricks=tricks, result=None)
        raise MessageError(msg("variation.not-in-hand"))
    if isinstance(node, BidNode | Fallback | KittyExchange):
        for ai, event in enumerate(hand.auction):
            if event is node:
                auction: list[AuctionEvent] = [
                    e for e in events if isinstance(e, BidNode | Fallback | KittyExchange)
                ]
                tricks_v = tuple(e for e in events if isinstance(e, Trick))
                return replace(
                    hand,
                    auction=(*hand.auction[:ai], *auction),
                    tricks=tricks_v,
                    result=None,
                )
        raise MessageError(msg("variation.not-in-hand"))
    raise MessageError(msg("variation.no-variations"))


def has_variations(hand: Hand) -> bool:
    """True if some bid, fallback, bury or play of ``hand`` has a variation."""
    return any(e.variations for e in hand.auction) or any(
        p.variations for t in hand.tricks for p in t.plays
    )


def variation_findings(result: HandReplay) -> list[Finding]:
    """The findings of every variation of a replayed hand, at any depth.

    Each alternative line is replayed from where it branches off; what it breaks is
    reported at its own place in the variation (line and column), its message saying
    which variation, and its ``step`` the step of the record where the variation
    hangs. ``result`` needs its states: replay with ``timeline=True``.
    """
    found: list[Finding] = []
    _walk(result, 0, None, (), found)
    return found


def _walk(
    line: HandReplay, start: int, top: int | None, path: tuple[Message, ...], found: list[Finding]
) -> None:
    """The variations of the events of ``line`` from step ``start`` on; ``top`` is the
    record's step of the outermost branch, ``path`` the variations taken to get here."""
    for state in line.states[start:]:
        if state.kind not in _EVENTS:
            continue
        node = state.event
        for index in range(len(node.variations)):
            try:
                spliced = splice_variation(line.hand, node, index)
            except ValueError:
                continue  # the reader lets no such variation through
            branch = replay(spliced, line.rules, number=line.number)
            where = (*path, _branch(state, node, index))
            step = state.step if top is None else top
            for f in branch.findings:
                # The Trump header tells the recorded bidding's outcome, not an
                # alternative's: another trump there is no fault of the line.
                if f.code == "trump-header" and not isinstance(node, PlayNode):
                    continue
                if f.step is not None and f.step >= state.step:
                    places = Seq(where, "sep.then")
                    text = msg("variation.in", where=places, message=f.text)
                    found.append(replace(f, text=text, step=step))
            # From the branch on: the alternative itself may have variations of its own.
            _walk(branch, state.step, step, where, found)


def _branch(state: State, node: Any, index: int) -> Message:
    n = index + 1
    if isinstance(node, PlayNode):
        return msg("variation.play", n=n, seat=node.seat, trick=state.trick_number)
    if isinstance(node, BidNode):
        return msg("variation.bid", n=n, seat=node.seat, kind=msg(f"kind.{node.kind.value}"))
    if isinstance(node, KittyExchange):
        return msg("variation.bury", n=n, seat=node.seat)
    return msg("variation.fallback", n=n)
