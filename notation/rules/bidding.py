"""Bidding: declaring, reinforcing and countering the trump (亮主, 上保险, 反主).

Pure functions over a :class:`BidState`, in three forms per action: ``verify_bid``
raises a :class:`BidError` subclass that names the reason, ``can_bid`` answers yes or
no, and ``bid`` returns the new state. What may declare, counter and reinforce, and
when, comes from the rule set's ``bidding`` section.

The hand moves through phases: the deal (``deal``), the deal done but the kitty not yet
picked up (``dealt``), the kitty buried (``buried``, when 炒底 counters come in turn),
and play (``play``): see :func:`end_deal`, :func:`bury` and :func:`start_play`.

The module reads in the order of the deal: the values and the errors, the bid shapes
and which beats which, the auction's verify, can and bid, and the phases after the bids
with the fallback when nobody declares.

>>> from notation.rules.cards import Rank, parse_cards
>>> shape, suit = classify_bid(parse_cards("BJ H2"), Rank.TWO)
>>> shape.value, suit.value
('joker_with_single', 'H')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import field, fields, replace
from enum import StrEnum
from typing import ClassVar, Final, TypedDict, Unpack

from notation.errors import KeyedError
from notation.frozen import dataclass_by_build
from notation.rules.cards import Card, Rank, Suit, format_cards, parse_cards
from notation.rules.clauses import Rule
from notation.rules.order import Trump
from notation.rules.ruleset import (
    BidShape,
    BidSuit,
    CounterWindow,
    FallbackRule,
    Reinforcer,
    Ruleset,
)
from notation.rules.seats import Seat, check_seat, next_seat, partner, seats_from

__all__ = [
    "AlreadyDeclared",
    "Bid",
    "BidChanges",
    "BidError",
    "BidKind",
    "BidPhase",
    "BidState",
    "JokersCannotDeclare",
    "NoDirectNoTrump",
    "NotABid",
    "NotRankCard",
    "NothingToCounter",
    "OutOfTurn",
    "OutsideWindow",
    "ReinforceMismatch",
    "ReinforceNotAllowed",
    "SelfCounter",
    "ShapeNotAllowed",
    "Showing",
    "TooWeak",
    "apply_fallback",
    "bid",
    "bid_rank",
    "bury",
    "can_bid",
    "cards_needed",
    "classify_bid",
    "end_deal",
    "fallback_trump",
    "record_bid",
    "start_play",
    "verify_bid",
]


# ---------------------------------------------------------------------------- errors


class BidError(KeyedError):
    """A bid that the rule set does not allow; ``rule`` names the rule it breaks, ``key``
    and ``facts`` the reason (the catalogue's ``bid.why.<key>``)."""

    kind = "bid"
    # Each class's rule, given to ``rule`` when none is named: a class variable of its own
    # (compiled, a field's class-level default does not reach the subclasses).
    default_rule: ClassVar[Rule] = Rule.DECLARE

    def __init__(self, key: str, rule: Rule | None = None, **facts: object) -> None:
        super().__init__(key, **facts)
        self.rule: Rule = rule if rule is not None else self.default_rule


class NotRankCard(BidError):
    """A bid shows a card that is not of the trump rank."""


class JokersCannotDeclare(BidError):
    """Jokers alone cannot declare (常主不可进行报主)."""


class NoDirectNoTrump(BidError):
    """A pair of jokers cannot be the first declaration (不能直接亮无主)."""


class NotABid(BidError):
    """Cards that form no bid shape (two suits, BJ with a black suit, too many cards), or
    a bid that cannot have been made (after more cards than a deal has)."""


class ShapeNotAllowed(BidError):
    """A bid shape the rule set does not allow for this kind of bid."""


class AlreadyDeclared(BidError):
    """A declaration when a trump is already declared: counter or reinforce instead."""


class NothingToCounter(BidError):
    """A counter or reinforcement when nothing has been declared."""

    default_rule = Rule.COUNTER


class TooWeak(BidError):
    """A counter that does not beat the declaration standing."""

    default_rule = Rule.COUNTER


class SelfCounter(BidError):
    """A player countering their own declaration."""

    default_rule = Rule.COUNTER


class OutsideWindow(BidError):
    """A bid outside the time the rule set allows for it."""

    default_rule = Rule.BID_WINDOW


class OutOfTurn(BidError):
    """A 炒底 counter out of turn (they go round from the dealer's next player)."""

    default_rule = Rule.BID_WINDOW


class ReinforceNotAllowed(BidError):
    """A reinforcement by someone the rule set does not allow."""

    default_rule = Rule.REINFORCE


class ReinforceMismatch(BidError):
    """A reinforcement that does not strengthen the standing declaration's suit."""

    default_rule = Rule.REINFORCE


# ---------------------------------------------------------------------------- values


class BidKind(StrEnum):
    """What a bid does: the first declaration, strengthening one's own, or overturning
    it; the value is the notation's word (``declare 1: H2``)."""

    DECLARE = "declare"  # 亮主, 报主, 叫主
    REINFORCE = "reinforce"  # 上保险, 加固, 自保, 防反, 对家保
    COUNTER = "counter"  # 反主, 炒地皮, 反无主, and 炒底 after a bury


class BidPhase(StrEnum):
    """Where the hand is, as far as bidding cares."""

    DEAL = "deal"  # cards are being dealt
    DEALT = "dealt"  # the deal is over, the dealer has not picked up the kitty
    BURIED = "buried"  # the dealer has buried the kitty: 炒底 counters in turn
    CLOSED = "closed"  # the kitty is buried and the rule set has no 炒底: no more bids
    PLAY = "play"  # the first trick has started: no more bids


@dataclass_by_build(frozen=True, slots=True, init=False)
class Bid:
    """One bid: who, what kind, which cards, and optionally after how many cards dealt."""

    seat: Seat
    kind: BidKind
    cards: tuple[Card, ...]
    draw: int | None = None

    # Written out, not generated (see BidState): a bid is made at every bid of every hand.
    def __init__(
        self, seat: Seat, kind: BidKind, cards: tuple[Card, ...], draw: int | None = None
    ) -> None:
        check_seat(seat)
        cards = tuple(cards)
        if not cards:
            raise NotABid("no-cards")
        if draw is not None and not 0 <= draw <= 100:
            raise NotABid("draw-count", draw=draw)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "draw", draw)

    def __str__(self) -> str:
        draw = f" @{self.draw}" if self.draw is not None else ""
        return f"{self.seat} {self.kind.value} {format_cards(self.cards)}{draw}"

    @classmethod
    def parse(cls, text: str) -> Bid:
        """A bid from ``"2 counter S2 S2 @57"`` (seat, kind, cards, optional draw count)."""
        words = text.split()
        try:
            draw = int(words.pop()[1:]) if words[-1].startswith("@") else None
            return cls(int(words[0]), BidKind(words[1]), tuple(parse_cards(words[2:])), draw)
        except (IndexError, ValueError) as e:
            if isinstance(e, BidError):
                raise
            raise NotABid(
                "bid-text",
                text=repr(text),
            ) from e


@dataclass_by_build(frozen=True, slots=True, init=False)
class Showing:
    """The declaration standing on the table: who holds it and what it shows."""

    seat: Seat
    shape: BidShape
    suit: Suit | None  # None: no-trump (a pair of jokers)
    cards: tuple[Card, ...]
    rank: Rank  # the trump rank it declares at

    # Written out, not generated (see BidState): one is made at every declaration checked.
    def __init__(
        self, seat: Seat, shape: BidShape, suit: Suit | None, cards: tuple[Card, ...], rank: Rank
    ) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "shape", shape)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "rank", rank)

    @property
    def bid_suit(self) -> BidSuit:
        """Its place in the suit order: the joker of a joker pair, else the suit."""
        if self.suit is None:
            joker = self.cards[0].rank
            return BidSuit.BIG_JOKER if joker is Rank.BIG_JOKER else BidSuit.LITTLE_JOKER
        return BidSuit(self.suit.value)

    def __str__(self) -> str:
        return f"{self.seat} {self.shape.value} {format_cards(self.cards)}"


@dataclass_by_build(frozen=True, slots=True, init=False)
class BidState:
    """Bidding so far in one hand at one trump rank.

    ``dealer`` is ``None`` in a first hand until someone declares (抢报, the first to
    declare deals). ``kitty_holder`` is who buries the kitty last: the dealer, or the
    last 炒底 counter.
    """

    rank: Rank
    dealer: Seat | None = None
    first_hand: bool = field(default=False)
    other_rank: Rank | None = None  # the other side's level, where the deal may pass to it
    phase: BidPhase = BidPhase.DEAL
    showing: Showing | None = None
    declarer: Seat | None = None  # who made the first declaration
    counters: int = 0
    kitty_holder: Seat | None = None
    last_in_round: Seat | None = None  # the last 炒底 counter of the round after the bury
    fallback_suit: Suit | None = None
    fallback_used: bool = False
    redeal: bool = False
    bids: tuple[Bid, ...] = ()

    # Written out, not generated: compiled, a dataclass's own __init__ runs interpreted
    # (see game.Play), and a state is made at every bid and phase of every hand.
    def __init__(
        self,
        rank: Rank,
        dealer: Seat | None = None,
        first_hand: bool = False,
        other_rank: Rank | None = None,
        phase: BidPhase = BidPhase.DEAL,
        showing: Showing | None = None,
        declarer: Seat | None = None,
        counters: int = 0,
        kitty_holder: Seat | None = None,
        last_in_round: Seat | None = None,
        fallback_suit: Suit | None = None,
        fallback_used: bool = False,
        redeal: bool = False,
        bids: tuple[Bid, ...] = (),
    ) -> None:
        if rank.is_joker:
            raise ValueError("the trump rank is a level 2..A, not a joker")
        if dealer is not None:
            check_seat(dealer)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "first_hand", first_hand)
        object.__setattr__(self, "other_rank", other_rank)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "showing", showing)
        object.__setattr__(self, "declarer", declarer)
        object.__setattr__(self, "counters", counters)
        object.__setattr__(self, "kitty_holder", kitty_holder)
        object.__setattr__(self, "last_in_round", last_in_round)
        object.__setattr__(self, "fallback_suit", fallback_suit)
        object.__setattr__(self, "fallback_used", fallback_used)
        object.__setattr__(self, "redeal", redeal)
        object.__setattr__(self, "bids", bids)

    @classmethod
    def start(
        cls, rank: Rank, dealer: Seat | None = None, other_rank: Rank | None = None
    ) -> BidState:
        """A new hand at ``rank``; no ``dealer`` means a first hand (the dealer is grabbed).
        ``other_rank``: the other side's level, at which it declares where the deal can
        pass to it (谁亮主谁坐庄)."""
        return cls(
            rank=rank,
            dealer=dealer,
            first_hand=dealer is None,
            kitty_holder=dealer,
            other_rank=other_rank,
        )

    def changed(self, **changes: Unpack[BidChanges]) -> BidState:
        """This state with ``changes`` (fields by name, typed by :class:`BidChanges`), as
        ``dataclasses.replace`` makes it, without its generic walk over the fields: a
        state is made at every bid and phase of every hand, and this costs half as much."""
        if not changes.keys() <= _BID_STATE_FIELDS:
            raise TypeError(f"BidState has no field {sorted(changes.keys() - _BID_STATE_FIELDS)}")
        return BidState(
            changes.get("rank", self.rank),
            changes.get("dealer", self.dealer),
            changes.get("first_hand", self.first_hand),
            changes.get("other_rank", self.other_rank),
            changes.get("phase", self.phase),
            changes.get("showing", self.showing),
            changes.get("declarer", self.declarer),
            changes.get("counters", self.counters),
            changes.get("kitty_holder", self.kitty_holder),
            changes.get("last_in_round", self.last_in_round),
            changes.get("fallback_suit", self.fallback_suit),
            changes.get("fallback_used", self.fallback_used),
            changes.get("redeal", self.redeal),
            changes.get("bids", self.bids),
        )

    def trump(self, rules: Ruleset) -> Trump | None:
        """The trump as bid so far, or ``None`` if nothing sets it yet."""
        if not self.decided:
            return None
        rank = self.showing.rank if self.showing is not None else self.rank
        return rules.trump(rank, self.suit)

    @property
    def suit(self) -> Suit | None:
        """The trump suit so far (``None``: no-trump or nothing declared yet)."""
        if self.showing is not None:
            return self.showing.suit
        return self.fallback_suit

    @property
    def decided(self) -> bool:
        """True once a declaration or the fallback has set a trump."""
        return self.showing is not None or self.fallback_used


class BidChanges(TypedDict, total=False):
    """What :meth:`BidState.changed` may change: every field of a :class:`BidState`, of
    its type (a test checks that the two list the same fields)."""

    rank: Rank
    dealer: Seat | None
    first_hand: bool
    other_rank: Rank | None
    phase: BidPhase
    showing: Showing | None
    declarer: Seat | None
    counters: int
    kitty_holder: Seat | None
    last_in_round: Seat | None
    fallback_suit: Suit | None
    fallback_used: bool
    redeal: bool
    bids: tuple[Bid, ...]


_BID_STATE_FIELDS: Final = frozenset(f.name for f in fields(BidState))


# ---------------------------------------------------------------------------- shapes


def classify_bid(cards: Sequence[Card], rank: Rank) -> tuple[BidShape, Suit | None]:
    """The shape and suit of a bid's cards at trump rank ``rank`` (``None``: no-trump)."""
    jokers = [c for c in cards if c.is_joker]
    others = [c for c in cards if not c.is_joker]
    for card in others:
        if card.rank is not rank:
            raise NotRankCard(
                "not-rank",
                cards=(card,),
                rank=rank.value,
            )
    if not others:
        if len(jokers) == 2 and jokers[0] == jokers[1]:
            return BidShape.TWO_JOKERS, None
        if len(jokers) == 2:
            raise NotABid(
                "jokers-not-pair",
                cards=tuple(cards),
            )
        raise JokersCannotDeclare(
            "jokers-alone",
            cards=tuple(cards),
        )
    suit = others[0].suit
    if any(c != others[0] for c in others):
        raise NotABid(
            "one-suit",
            cards=tuple(cards),
        )
    assert suit is not None
    if len(others) > 2 or len(jokers) > 1:
        raise NotABid("too-many", cards=tuple(cards))
    if not jokers:
        return (BidShape.SINGLE if len(others) == 1 else BidShape.PAIR), suit
    joker = jokers[0]
    if (joker.rank is Rank.BIG_JOKER) != suit.is_red:
        raise NotABid(
            "joker-colour",
            cards=tuple(cards),
        )
    return (BidShape.JOKER_WITH_SINGLE if len(others) == 1 else BidShape.JOKER_WITH_PAIR), suit


def _showing(seat: Seat, cards: Sequence[Card], rank: Rank) -> Showing:
    shape, suit = classify_bid(cards, rank)
    return Showing(seat, shape, suit, tuple(cards), rank)


def bid_rank(rules: Ruleset, state: BidState, seat: Seat, kind: BidKind) -> Rank:
    """The rank whose cards a bid by ``seat`` must show: the hand's rank, except where
    the deal passes to the other side when the dealer's side declares nothing
    (谁亮主谁坐庄): that side declares at its own level, at which it would deal; a
    counter or reinforcement shows the rank of the declaration standing."""
    if kind is not BidKind.DECLARE and state.showing is not None:
        return state.showing.rank
    dealer = state.dealer
    if (
        state.other_rank is None
        or dealer is None
        or state.first_hand
        or not rules.bidding.deal_passes_to_declarer
        or seat in (dealer, partner(dealer))
    ):
        return state.rank
    return state.other_rank


def _stronger(rules: Ruleset, new: Showing, old: Showing) -> bool:
    """More identical cards beat fewer; jokers beat suits; then the suit order, if allowed."""
    a = (new.shape.copies, new.shape is BidShape.TWO_JOKERS)
    b = (old.shape.copies, old.shape is BidShape.TWO_JOKERS)
    if a != b:
        return a > b
    if not rules.bidding.equal_shape_counters:
        return False
    order = rules.bidding
    return order.suit_strength(new.bid_suit) > order.suit_strength(old.bid_suit)


# ---------------------------------------------------------------------------- verify / can / bid


def _check_draw(state: BidState, new: Bid) -> None:
    if new.draw is None:
        return
    for earlier in state.bids:
        if earlier.draw is not None and earlier.draw > new.draw:
            raise OutsideWindow(
                "draw-order",
                Rule.BID_WINDOW,
                draw=new.draw,
                earlier=earlier.draw,
            )


def _resulting(rules: Ruleset, state: BidState, new: Bid) -> Showing:
    """The showing ``new`` would leave on the table; raises the reason it cannot."""
    b = rules.bidding
    _check_draw(state, new)
    if state.phase is BidPhase.PLAY:
        raise OutsideWindow("play-started", Rule.BID_WINDOW)
    if state.phase is BidPhase.CLOSED:
        raise OutsideWindow(
            "closed",
            Rule.BID_WINDOW,
            seat=state.kitty_holder,
            first=state.first_hand,
        )

    if new.kind is BidKind.DECLARE:
        if state.showing is not None:
            raise AlreadyDeclared(
                "declared",
                seat=state.showing.seat,
            )
        if state.phase not in (BidPhase.DEAL, BidPhase.DEALT) or state.fallback_used:
            raise OutsideWindow("declare-in-deal", Rule.DECLARE)
        rank = bid_rank(rules, state, new.seat, new.kind)
        try:
            showing = _showing(new.seat, new.cards, rank)
        except NotRankCard:
            if rank is state.rank or not all(c.is_joker or c.rank is state.rank for c in new.cards):
                raise
            shown = tuple(c for c in new.cards if not c.is_joker)
            raise NotRankCard(
                "not-own-rank",
                Rule.DECLARE,
                cards=shown,
                rank=rank.value,
                dealer_rank=state.rank.value,
            ) from None
        if showing.shape is BidShape.TWO_JOKERS and not b.direct_no_trump:
            raise NoDirectNoTrump("no-direct-nt")
        if showing.shape not in b.declare_with:
            raise ShapeNotAllowed(
                "shape-declare",
                Rule.DECLARE,
                shape=showing.shape,
                allowed=tuple(b.declare_with),
            )
        return showing

    if new.kind is BidKind.REINFORCE:
        old = state.showing
        if old is None:
            raise NothingToCounter("nothing-reinforce", Rule.REINFORCE)
        if state.phase not in (BidPhase.DEAL, BidPhase.DEALT):
            raise OutsideWindow("reinforce-in-deal", Rule.REINFORCE)
        allowed = set(b.reinforce_by)
        if not allowed:
            raise ReinforceNotAllowed("no-reinforcing")
        own = new.seat == old.seat and Reinforcer.SELF in allowed
        ally = new.seat == partner(old.seat) and Reinforcer.PARTNER in allowed
        if not (own or ally):
            raise ReinforceNotAllowed(
                "reinforce-who", seat=old.seat, partner=Reinforcer.PARTNER in allowed
            )
        showing = _reinforced(state, new, old)  # (at the declaration's rank)
        if showing.suit != old.suit:
            raise ReinforceMismatch(
                "reinforce-suit",
                cards=new.cards,
            )
        if showing.shape not in b.reinforce_with:
            raise ShapeNotAllowed(
                "shape-reinforce",
                Rule.REINFORCE,
                shape=showing.shape,
                allowed=tuple(b.reinforce_with),
            )
        if showing.shape.copies <= old.shape.copies:
            raise ReinforceMismatch(
                "reinforce-weak",
                cards=showing.cards,
                old=old.cards,
            )
        return replace(showing, seat=old.seat)

    # A counter.
    if not state.decided:
        raise NothingToCounter("nothing-counter")
    window = b.window(state.first_hand)
    if window is CounterWindow.NONE:
        raise OutsideWindow("no-counters", first=state.first_hand)
    if window is CounterWindow.BEFORE_PICKUP and state.phase not in (
        BidPhase.DEAL,
        BidPhase.DEALT,
    ):
        raise OutsideWindow(
            "counter-before-pickup",
            first=state.first_hand,
        )
    if window is CounterWindow.AFTER_BURY and state.phase is not BidPhase.BURIED:
        raise OutsideWindow(
            "counter-after-bury",
            first=state.first_hand,
        )
    if state.fallback_used and not b.counter_after_fallback:
        raise OutsideWindow("fallback-final")
    old = state.showing
    if old is not None and new.seat == old.seat and not b.self_counter:
        raise SelfCounter("self", seat=new.seat)
    if window is CounterWindow.AFTER_BURY:
        _check_turn(state, new.seat)
    showing = _showing(new.seat, new.cards, bid_rank(rules, state, new.seat, new.kind))
    if showing.shape not in b.counter_with:
        raise ShapeNotAllowed(
            "shape-counter",
            Rule.COUNTER,
            shape=showing.shape,
            allowed=tuple(b.counter_with),
        )
    if old is not None and not _stronger(rules, showing, old):
        raise TooWeak(
            "too-weak",
            cards=showing.cards,
            old=old.cards,
        )
    return showing


def _reinforced(state: BidState, new: Bid, old: Showing) -> Showing:
    """The full showing after a reinforcement: the cards as shown, or added to the old."""
    if any(not c.is_joker and c.suit is not old.suit for c in new.cards):
        raise ReinforceMismatch(
            "reinforce-suit",
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
            "out-of-turn",
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
    changes: BidChanges = {"showing": showing, "bids": (*state.bids, new)}
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
    return state.changed(**changes)


# ---------------------------------------------------------------------------- phases


def end_deal(state: BidState, rules: Ruleset | None = None) -> BidState:
    """The deal is over; the kitty waits for the dealer.

    With ``rules``: in a later hand whose dealer's side declared nothing, the deal passes
    to the first player of the other side who declared, where the rule set says so
    (谁亮主谁坐庄, 000§3 二.4).
    """
    if state.phase is not BidPhase.DEAL:
        raise OutsideWindow("dealt", phase=state.phase)
    state = state.changed(phase=BidPhase.DEALT)
    if rules is None or not rules.bidding.deal_passes_to_declarer or state.first_hand:
        return state
    dealer, declarer = state.dealer, state.declarer
    if dealer is None or declarer is None:
        return state  # nobody declared: the fallback decides
    if any(b.seat in (dealer, partner(dealer)) for b in state.bids):
        return state
    rank = state.other_rank or state.rank  # the new dealer's level: the hand is played at it
    return state.changed(dealer=declarer, kitty_holder=declarer, rank=rank, other_rank=state.rank)


def bury(rules: Ruleset, state: BidState) -> BidState:
    """The dealer has picked up and buried the kitty; 炒底 counters may follow."""
    if state.phase is BidPhase.DEAL:
        state = end_deal(state, rules)
    if state.phase is not BidPhase.DEALT:
        raise OutsideWindow("bury-once", phase=state.phase)
    if state.dealer is None:
        raise NothingToCounter("bury-no-dealer", Rule.NO_DECLARATION)
    if not state.decided:
        raise NothingToCounter(
            "bury-no-trump",
            Rule.NO_DECLARATION,
            seat=state.dealer,
        )
    window = rules.bidding.window(state.first_hand)
    next_phase = BidPhase.BURIED if window is CounterWindow.AFTER_BURY else BidPhase.CLOSED
    return state.changed(phase=next_phase)


def start_play(state: BidState) -> BidState:
    """The first lead: bidding is over."""
    return state.changed(phase=BidPhase.PLAY)


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
    if b.fallback is FallbackRule.REDEAL:
        return None
    if b.fallback is FallbackRule.KITTY_CARD:
        if kitty is None or len(kitty) < b.fallback_kitty_card:
            raise BidError("no-kitty-card", Rule.NO_DECLARATION, n=b.fallback_kitty_card)
        card = kitty[b.fallback_kitty_card - 1]
    else:
        if flipped is None:
            raise BidError("no-flipped-card", Rule.NO_DECLARATION)
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
            "no-fallback",
            Rule.NO_DECLARATION,
            seat=state.showing.seat,
        )
    if state.phase is BidPhase.DEAL:
        state = end_deal(state, rules)
    trump = fallback_trump(rules, state.rank, kitty=kitty, flipped=flipped)
    if trump is None or state.dealer is None:
        return state.changed(redeal=True)
    return state.changed(fallback_suit=trump.suit, fallback_used=True)
