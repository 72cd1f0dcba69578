"""Positions of a recorded hand: where the play phase starts, and the moment before
each play, as :class:`~notation.rules.game.Position` values for the solver.

The record is replayed (:func:`notation.replay.replay`) for the deal, the trump, the
dealer and the buried kitty; the plays are then made on a
:class:`~notation.rules.game.PlayState`, which judges every throw again.

>>> from notation.simulate import simulate_hand
>>> hand = simulate_hand("qq", seed=7)
>>> first, play = next(hand_positions(hand))
>>> [len(h) for h in first.hands], play.seat == first.leader
([25, 25, 25, 25], True)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

from notation.messages import MessageError, msg
from notation.psn.model import UNKNOWN, Hand, PlayNode
from notation.replay import StepKind, replay
from notation.rules.cards import Card
from notation.rules.game import PlayState, Position
from notation.rules.ruleset import Ruleset

__all__ = ["hand_positions", "play_start"]


def play_start(hand: Hand, rules: Ruleset | str | None = None) -> Position:
    """The position at the first lead of ``hand``: hands after the bury, the trump, the
    dealer leading. The deal and the kitty must be known card by card."""
    replayed = replay(hand, rules)
    before = None
    for state in replayed.states:
        if state.kind is StepKind.PLAY:
            break
        before = state
    if before is None or before.trump is None or before.dealer is None:
        raise MessageError(msg("analysis.no-start"))
    slots = [*before.hands, before.kitty or ()]
    if any(card is UNKNOWN for cards in slots for card in cards) or before.kitty is None:
        raise MessageError(msg("analysis.unknown-deal"))
    hands = tuple(cast(tuple[Card, ...], h) for h in before.hands)
    return Position(
        replayed.rules,
        before.trump,
        before.dealer,
        (hands[0], hands[1], hands[2], hands[3]),
        before.dealer,
        kitty=cast(tuple[Card, ...], before.kitty),
    )


def hand_positions(
    hand: Hand, rules: Ruleset | str | None = None
) -> Iterator[tuple[Position, PlayNode]]:
    """The position before every play of ``hand``, with the recorded play made there."""
    state = PlayState(play_start(hand, rules))
    for trick in hand.tricks:
        for node in trick.plays:
            yield state.position(), node
            # As put down, a failed throw as thrown; a card not known (??) is not held.
            state.play(cast(tuple[Card, ...], node.attempted or node.cards))
