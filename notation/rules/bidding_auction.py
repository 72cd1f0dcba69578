"""The auction: whether a bid is allowed now and the state after it, in three forms
(``verify_bid`` raises the reason, ``can_bid`` answers yes or no, ``bid`` returns the new
state), and ``record_bid`` for a record that goes on as the players did.

What may declare, reinforce and counter, and when, comes from the rule set's ``bidding``
section; the shapes and their strength from :mod:`.bidding_shapes`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from notation.rules.bidding_data import (
    AlreadyDeclared,
    Bid,
    BidError,
    BidKind,
    BidPhase,
    BidState,
    NoDirectNoTrump,
    NothingToCounter,
    NotRankCard,
    OutOfTurn,
    OutsideWindow,
    ReinforceMismatch,
    ReinforceNotAllowed,
    SelfCounter,
    ShapeNotAllowed,
    Showing,
    TooWeak,
)
from notation.rules.bidding_shapes import _shape_words, _shapes, _showing, _stronger, bid_rank
from notation.rules.cards import Card, format_symbols
from notation.rules.clauses import Rule
from notation.rules.ruleset import BidShape, CounterWindow, Reinforcer, Ruleset
from notation.rules.seats import Seat, next_seat, partner, seats_from

__all__ = ["bid", "can_bid", "cards_needed", "record_bid", "verify_bid"]


# ---------------------------------------------------------------------------- verify / can / bid


def _check_draw(state: BidState, new: Bid) -> None:
    if new.draw is None:
        return
    for earlier in state.bids:
        if earlier.draw is not None and earlier.draw > new.draw:
            raise OutsideWindow(
                f"bid after {new.draw} cards dealt comes after a bid at {earlier.draw}",
                Rule.BID_WINDOW,
                key="draw-order",
                draw=new.draw,
                earlier=earlier.draw,
            )


def _resulting(rules: Ruleset, state: BidState, new: Bid) -> Showing:
    """The showing ``new`` would leave on the table; raises the reason it cannot."""
    b = rules.bidding
    _check_draw(state, new)
    if state.phase is BidPhase.PLAY:
        raise OutsideWindow(
            "bidding is over once play has started", Rule.BID_WINDOW, key="play-started"
        )
    if state.phase is BidPhase.CLOSED:
        when = "the first hand" if state.first_hand else "a later hand"
        raise OutsideWindow(
            f"bidding closed when seat {state.kitty_holder} picked up the kitty: in {when} "
            "this rule set has no counters after the bury (炒底)",
            Rule.BID_WINDOW,
            key="closed",
            seat=state.kitty_holder,
            first=state.first_hand,
        )

    if new.kind is BidKind.DECLARE:
        if state.showing is not None:
            raise AlreadyDeclared(
                f"seat {state.showing.seat} has declared already: counter or reinforce instead",
                key="declared",
                seat=state.showing.seat,
            )
        if state.phase not in (BidPhase.DEAL, BidPhase.DEALT) or state.fallback_used:
            raise OutsideWindow(
                "a trump is declared during the deal", Rule.DECLARE, key="declare-in-deal"
            )
        rank = bid_rank(rules, state, new.seat, new.kind)
        try:
            showing = _showing(new.seat, new.cards, rank)
        except NotRankCard:
            if rank is state.rank or not all(c.is_joker or c.rank is state.rank for c in new.cards):
                raise
            shown = tuple(c for c in new.cards if not c.is_joker)
            raise NotRankCard(
                f"{format_symbols(shown)} is of the dealer's rank "
                f"{state.rank.value}, at which only the dealer's side declares; the other side "
                f"declares at its own rank, {rank.value}, and then deals (谁亮主谁坐庄)",
                Rule.DECLARE,
                key="not-own-rank",
                cards=shown,
                rank=rank.value,
                dealer_rank=state.rank.value,
            ) from None
        if showing.shape is BidShape.TWO_JOKERS and not b.direct_no_trump:
            raise NoDirectNoTrump(
                "a pair of jokers cannot declare directly (不能直接亮无主): it only counters",
                key="no-direct-nt",
            )
        if showing.shape not in b.declare_with:
            raise ShapeNotAllowed(
                f"{_shape_words(showing.shape)} cannot declare: declare with "
                f"{_shapes(b.declare_with)}",
                Rule.DECLARE,
                key="shape-declare",
                shape=showing.shape,
                allowed=tuple(b.declare_with),
            )
        return showing

    if new.kind is BidKind.REINFORCE:
        old = state.showing
        if old is None:
            raise NothingToCounter(
                "nothing has been declared to reinforce", Rule.REINFORCE, key="nothing-reinforce"
            )
        if state.phase not in (BidPhase.DEAL, BidPhase.DEALT):
            raise OutsideWindow(
                "reinforcing happens during the deal", Rule.REINFORCE, key="reinforce-in-deal"
            )
        allowed = set(b.reinforce_by)
        if not allowed:
            raise ReinforceNotAllowed(
                "this rule set has no reinforcing (上保险)", key="no-reinforcing"
            )
        own = new.seat == old.seat and Reinforcer.SELF in allowed
        ally = new.seat == partner(old.seat) and Reinforcer.PARTNER in allowed
        if not (own or ally):
            who = " or partner" if Reinforcer.PARTNER in allowed else ""
            raise ReinforceNotAllowed(
                f"only the declarer{who} may reinforce seat {old.seat}'s declaration",
                key="reinforce-who",
                seat=old.seat,
                partner=bool(who),
            )
        showing = _reinforced(state, new, old)  # (at the declaration's rank)
        if showing.suit != old.suit:
            raise ReinforceMismatch(
                f"a reinforcement shows the declared suit, not {format_symbols(new.cards)}",
                key="reinforce-suit",
                cards=new.cards,
            )
        if showing.shape not in b.reinforce_with:
            raise ShapeNotAllowed(
                f"{_shape_words(showing.shape)} cannot reinforce: reinforce with "
                f"{_shapes(b.reinforce_with)}",
                Rule.REINFORCE,
                key="shape-reinforce",
                shape=showing.shape,
                allowed=tuple(b.reinforce_with),
            )
        if showing.shape.copies <= old.shape.copies:
            raise ReinforceMismatch(
                f"{format_symbols(showing.cards)} is no stronger than {format_symbols(old.cards)}",
                key="reinforce-weak",
                cards=showing.cards,
                old=old.cards,
            )
        return replace(showing, seat=old.seat)

    # A counter.
    if not state.decided:
        raise NothingToCounter(
            "nothing has been declared to counter: declare instead", key="nothing-counter"
        )
    window = b.window(state.first_hand)
    when = "the first hand" if state.first_hand else "a later hand"
    if window is CounterWindow.NONE:
        raise OutsideWindow(f"no counters in {when}", key="no-counters", first=state.first_hand)
    if window is CounterWindow.BEFORE_PICKUP and state.phase not in (
        BidPhase.DEAL,
        BidPhase.DEALT,
    ):
        raise OutsideWindow(
            f"in {when} counters come before the dealer picks up the kitty",
            key="counter-before-pickup",
            first=state.first_hand,
        )
    if window is CounterWindow.AFTER_BURY and state.phase is not BidPhase.BURIED:
        raise OutsideWindow(
            f"in {when} counters come after the dealer has buried (炒底)",
            key="counter-after-bury",
            first=state.first_hand,
        )
    if state.fallback_used and not b.counter_after_fallback:
        raise OutsideWindow(
            "a trump set by turning a card cannot be countered", key="fallback-final"
        )
    old = state.showing
    if old is not None and new.seat == old.seat and not b.self_counter:
        raise SelfCounter(
            f"seat {new.seat} cannot counter their own declaration", key="self", seat=new.seat
        )
    if window is CounterWindow.AFTER_BURY:
        _check_turn(state, new.seat)
    showing = _showing(new.seat, new.cards, bid_rank(rules, state, new.seat, new.kind))
    if showing.shape not in b.counter_with:
        raise ShapeNotAllowed(
            f"{_shape_words(showing.shape)} cannot counter: counter with {_shapes(b.counter_with)}",
            Rule.COUNTER,
            key="shape-counter",
            shape=showing.shape,
            allowed=tuple(b.counter_with),
        )
    if old is not None and not _stronger(rules, showing, old):
        raise TooWeak(
            f"{format_symbols(showing.cards)} does not beat {format_symbols(old.cards)}",
            key="too-weak",
            cards=showing.cards,
            old=old.cards,
        )
    return showing


def _reinforced(state: BidState, new: Bid, old: Showing) -> Showing:
    """The full showing after a reinforcement: the cards as shown, or added to the old."""
    if any(not c.is_joker and c.suit is not old.suit for c in new.cards):
        raise ReinforceMismatch(
            f"a reinforcement shows the declared suit, not {format_symbols(new.cards)}",
            key="reinforce-suit",
            cards=new.cards,
        )
    try:
        alone = _showing(new.seat, new.cards, old.rank)
    except BidError:
        alone = None
    if alone is not None and alone.shape.copies > old.shape.copies:
        return alone
    return _showing(new.seat, old.cards + new.cards, old.rank)


def cards_needed(state: BidState, new: Bid) -> Counter[Card]:
    """The cards ``new``'s bidder must hold for it: the cards it shows, and, for a
    reinforcement of its own declaration with fewer cards than that shows, the declared
    cards too (declaring ♠2 and reinforcing with ♠2 shows a pair: two ♠2 held).

    >>> from notation.rules.cards import Rank, Suit, parse_card
    >>> s2 = parse_card("S2")
    >>> old = Showing(1, BidShape.SINGLE, Suit.SPADES, (s2,), Rank.TWO)
    >>> state = BidState(Rank.TWO, showing=old)
    >>> cards_needed(state, Bid(1, BidKind.REINFORCE, (s2,)))[s2]
    2
    >>> cards_needed(state, Bid(1, BidKind.REINFORCE, (s2, s2)))[s2]
    2
    """
    shown = Counter(new.cards)
    old = state.showing
    if (
        new.kind is BidKind.REINFORCE
        and old is not None
        and old.seat == new.seat
        and len(new.cards) <= len(old.cards)
    ):
        shown += Counter(old.cards)
    return shown


def _check_turn(state: BidState, seat: Seat) -> None:
    """炒底 counters go round once from the dealer's next player, ending with the dealer."""
    assert state.dealer is not None
    order = seats_from(next_seat(state.dealer))
    if state.last_in_round is not None and order.index(seat) <= order.index(state.last_in_round):
        raise OutOfTurn(
            f"seat {seat} cannot counter after seat {state.last_in_round}: after the bury "
            f"counters go round from seat {order[0]} to seat {order[-1]}",
            key="out-of-turn",
            seat=seat,
            last=state.last_in_round,
            first_seat=order[0],
            last_seat=order[-1],
        )


def verify_bid(rules: Ruleset, state: BidState, new: Bid) -> None:
    """Raise the :class:`BidError` that says why ``new`` is not allowed, if it is not."""
    _resulting(rules, state, new)


def can_bid(rules: Ruleset, state: BidState, new: Bid) -> bool:
    """True if the rule set allows ``new`` now."""
    try:
        _resulting(rules, state, new)
    except BidError:
        return False
    return True


def bid(rules: Ruleset, state: BidState, new: Bid) -> BidState:
    """The state after ``new`` (verified first)."""
    return _apply(rules, state, new, _resulting(rules, state, new))


def record_bid(rules: Ruleset, state: BidState, new: Bid) -> BidState:
    """The state after ``new`` as a record has it, allowed or not.

    A replay reports an illegal bid and then goes on as the players did: the bid stands,
    with all it brings (a first-hand counter still takes the deal). A defender who showed
    the hand's rank where its own was due (谁亮主谁坐庄) is taken at the hand's rank. Cards
    that name no trump at all (:func:`classify_bid` raises) leave the state as it was.
    """
    ranks = dict.fromkeys((bid_rank(rules, state, new.seat, new.kind), state.rank))
    for rank in ranks:  # a defender who showed the dealer's rank (谁亮主谁坐庄) went on at it
        try:
            showing = _showing(new.seat, new.cards, rank)
            break
        except BidError:
            continue
    else:
        return state
    if new.kind is BidKind.REINFORCE and state.showing is not None:
        showing = replace(showing, seat=state.showing.seat)
    return _apply(rules, state, new, showing)


def _apply(rules: Ruleset, state: BidState, new: Bid, showing: Showing) -> BidState:
    changes: dict[str, object] = {"showing": showing, "bids": (*state.bids, new)}
    if new.kind is BidKind.DECLARE:
        changes["declarer"] = new.seat
        if state.dealer is None:  # a first hand: the first to declare deals (抢报)
            changes["dealer"] = new.seat
            changes["kitty_holder"] = new.seat
    elif new.kind is BidKind.COUNTER:
        changes["counters"] = state.counters + 1
        if state.phase in (BidPhase.BURIED, BidPhase.CLOSED):
            # 炒底: the counter takes the kitty and re-buries (as the players went on, when
            # the rule set has no 炒底: :func:`record_bid`)
            changes["kitty_holder"] = new.seat
            changes["last_in_round"] = new.seat
        elif state.first_hand and rules.bidding.first_hand_counter_takes_deal:
            changes["dealer"] = new.seat  # 反主反打: the counter becomes the dealer
            changes["kitty_holder"] = new.seat
    return replace(state, **changes)  # type: ignore[arg-type]
