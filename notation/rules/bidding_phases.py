"""Bidding's phases after the bids: the end of the deal (where the deal may pass to the
declarer, 谁亮主谁坐庄), the bury (炒底 counters may follow), the first lead, and the
trump when nobody declares (the rule set's fallback: a kitty card, a card turned, or a
redeal).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from notation.rules.bidding_data import (
    AlreadyDeclared,
    BidPhase,
    BidState,
    NothingToCounter,
    OutsideWindow,
)
from notation.rules.cards import Card, Rank
from notation.rules.clauses import Rule
from notation.rules.order import Trump
from notation.rules.ruleset import CounterWindow, Fallback, Ruleset
from notation.rules.seats import partner

__all__ = ["apply_fallback", "bury", "end_deal", "fallback_trump", "start_play"]


# ---------------------------------------------------------------------------- phases


def end_deal(state: BidState, rules: Ruleset | None = None) -> BidState:
    """The deal is over; the kitty waits for the dealer.

    With ``rules``: in a later hand whose dealer's side declared nothing, the deal passes
    to the first player of the other side who declared, where the rule set says so
    (谁亮主谁坐庄, 000§3 二.4).
    """
    if state.phase is not BidPhase.DEAL:
        raise OutsideWindow(f"the deal is already over (phase {state.phase.value})", key="dealt")
    state = replace(state, phase=BidPhase.DEALT)
    if rules is None or not rules.bidding.deal_passes_to_declarer or state.first_hand:
        return state
    dealer, declarer = state.dealer, state.declarer
    if dealer is None or declarer is None:
        return state  # nobody declared: the fallback decides
    if any(b.seat in (dealer, partner(dealer)) for b in state.bids):
        return state
    rank = state.other_rank or state.rank  # the new dealer's level: the hand is played at it
    return replace(state, dealer=declarer, kitty_holder=declarer, rank=rank, other_rank=state.rank)


def bury(rules: Ruleset, state: BidState) -> BidState:
    """The dealer has picked up and buried the kitty; 炒底 counters may follow."""
    if state.phase is BidPhase.DEAL:
        state = end_deal(state, rules)
    if state.phase is not BidPhase.DEALT:
        raise OutsideWindow(
            f"the kitty is buried once, after the deal (phase {state.phase.value})",
            key="bury-once",
        )
    if state.dealer is None:
        raise NothingToCounter(
            "nobody has declared in this first hand, so nobody deals: nobody can bury",
            Rule.NO_DECLARATION,
            key="bury-no-dealer",
        )
    if not state.decided:
        raise NothingToCounter(
            f"seat {state.dealer} buried before a trump was set: nobody has declared, and no "
            "fallback turned a trump",
            Rule.NO_DECLARATION,
            key="bury-no-trump",
            seat=state.dealer,
        )
    window = rules.bidding.window(state.first_hand)
    next_phase = BidPhase.BURIED if window is CounterWindow.AFTER_BURY else BidPhase.CLOSED
    return replace(state, phase=next_phase)


def start_play(state: BidState) -> BidState:
    """The first lead: bidding is over."""
    return replace(state, phase=BidPhase.PLAY)


# ---------------------------------------------------------------------------- nobody declares


def fallback_trump(
    rules: Ruleset,
    rank: Rank,
    *,
    kitty: Sequence[Card] | None = None,
    flipped: Card | None = None,
) -> Trump | None:
    """The trump when nobody declares, or ``None`` when the rule set deals again.

    ``kitty``: the kitty in order (for the kitty-card rule); ``flipped``: the card turned
    before the deal. A joker sets no-trump.
    """
    b = rules.bidding
    if b.fallback is Fallback.REDEAL:
        return None
    if b.fallback is Fallback.KITTY_CARD:
        if kitty is None or len(kitty) < b.fallback_kitty_card:
            raise ValueError(f"the kitty-card rule needs kitty card {b.fallback_kitty_card}")
        card = kitty[b.fallback_kitty_card - 1]
    else:
        if flipped is None:
            raise ValueError("the flipped-card rule needs the card flipped before the deal")
        card = flipped
    return rules.trump(rank, card.suit)


def apply_fallback(
    rules: Ruleset,
    state: BidState,
    *,
    kitty: Sequence[Card] | None = None,
    flipped: Card | None = None,
) -> BidState:
    """The state after the deal when nobody declared: the fallback trump, or a redeal."""
    if state.showing is not None:
        raise AlreadyDeclared(
            f"seat {state.showing.seat} declared: no fallback",
            Rule.NO_DECLARATION,
            key="no-fallback",
            seat=state.showing.seat,
        )
    if state.phase is BidPhase.DEAL:
        state = end_deal(state, rules)
    trump = fallback_trump(rules, state.rank, kitty=kitty, flipped=flipped)
    if trump is None or state.dealer is None:
        return replace(state, redeal=True)
    return replace(state, fallback_suit=trump.suit, fallback_used=True)
