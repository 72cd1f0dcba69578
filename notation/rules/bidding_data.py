"""Bidding's values: the bid, the declaration standing, the bidding state, and the
errors that say why a bid is refused (:class:`BidError` and one subclass per reason).

The functions over them are in :mod:`.bidding_shapes` (what cards a bid shows and which
beats which), :mod:`.bidding_auction` (verify, can, bid) and :mod:`.bidding_phases` (the
end of the deal, the bury, the fallback); :mod:`notation.rules.bidding` gathers them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from notation.errors import KeyedError
from notation.rules.cards import Card, Rank, Suit, format_cards, parse_cards
from notation.rules.clauses import Rule
from notation.rules.order import Trump
from notation.rules.ruleset import BidShape, BidSuit, Ruleset
from notation.rules.seats import Seat, check_seat

__all__ = [
    "AlreadyDeclared",
    "Bid",
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
]


# ---------------------------------------------------------------------------- errors


class BidError(KeyedError):
    """A bid that the rule set does not allow; ``rule`` names the rule it breaks, ``key``
    and ``facts`` the reason (said in Chinese by ``notation.messages.reason``)."""

    rule: Rule = Rule.DECLARE

    def __init__(
        self, message: str, rule: Rule | None = None, *, key: str = "", **facts: object
    ) -> None:
        super().__init__(message, key=key, **facts)
        if rule is not None:
            self.rule = rule


class NotRankCard(BidError):
    """A bid shows a card that is not of the trump rank."""


class JokersCannotDeclare(BidError):
    """Jokers alone cannot declare (常主不可进行报主)."""


class NoDirectNoTrump(BidError):
    """A pair of jokers cannot be the first declaration (不能直接亮无主)."""


class NotABid(BidError):
    """Cards that form no bid shape (two suits, BJ with a black suit, too many cards)."""


class ShapeNotAllowed(BidError):
    """A bid shape the rule set does not allow for this kind of bid."""


class AlreadyDeclared(BidError):
    """A declaration when a trump is already declared: counter or reinforce instead."""


class NothingToCounter(BidError):
    """A counter or reinforcement when nothing has been declared."""

    rule = Rule.COUNTER


class TooWeak(BidError):
    """A counter that does not beat the declaration standing."""

    rule = Rule.COUNTER


class SelfCounter(BidError):
    """A player countering their own declaration."""

    rule = Rule.COUNTER


class OutsideWindow(BidError):
    """A bid outside the time the rule set allows for it."""

    rule = Rule.BID_WINDOW


class OutOfTurn(BidError):
    """A 炒底 counter out of turn (they go round from the dealer's next player)."""

    rule = Rule.BID_WINDOW


class ReinforceNotAllowed(BidError):
    """A reinforcement by someone the rule set does not allow."""

    rule = Rule.REINFORCE


class ReinforceMismatch(BidError):
    """A reinforcement that does not strengthen the standing declaration's suit."""

    rule = Rule.REINFORCE


# ---------------------------------------------------------------------------- values


class BidKind(StrEnum):
    """The three kinds of bid."""

    DECLARE = "declare"  # 亮主, 报主, 叫主
    REINFORCE = "reinforce"  # 上保险, 自保, 防反, 对家保
    COUNTER = "counter"  # 反主, 炒地皮, 反无主


class BidPhase(StrEnum):
    """Where the hand is, as far as bidding cares."""

    DEAL = "deal"  # cards are being dealt
    DEALT = "dealt"  # the deal is over, the dealer has not picked up the kitty
    BURIED = "buried"  # the dealer has buried the kitty: 炒底 counters in turn
    CLOSED = "closed"  # the kitty is buried and the rule set has no 炒底: no more bids
    PLAY = "play"  # the first trick has started: no more bids


@dataclass(frozen=True, slots=True)
class Bid:
    """One bid: who, what kind, which cards, and optionally after how many cards dealt."""

    seat: Seat
    kind: BidKind
    cards: tuple[Card, ...]
    draw: int | None = None

    def __post_init__(self) -> None:
        check_seat(self.seat)
        object.__setattr__(self, "cards", tuple(self.cards))
        if not self.cards:
            raise NotABid("a bid shows at least one card", key="no-cards")
        if self.draw is not None and not 0 <= self.draw <= 100:
            raise ValueError(f"the draw count is 0..100 (cards dealt), not {self.draw}")

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
                f"{text!r}: expected seat, kind and cards, like '2 counter S2 S2'",
                key="bid-text",
                text=repr(text),
            ) from e


@dataclass(frozen=True, slots=True)
class Showing:
    """The declaration standing on the table: who holds it and what it shows."""

    seat: Seat
    shape: BidShape
    suit: Suit | None  # None: no-trump (a pair of jokers)
    cards: tuple[Card, ...]
    rank: Rank  # the trump rank it declares at

    @property
    def bid_suit(self) -> BidSuit:
        """Its place in the suit order: the joker of a joker pair, else the suit."""
        if self.suit is None:
            joker = self.cards[0].rank
            return BidSuit.BIG_JOKER if joker is Rank.BIG_JOKER else BidSuit.LITTLE_JOKER
        return BidSuit(self.suit.value)

    def __str__(self) -> str:
        return f"{self.seat} {self.shape.value} {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
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

    def __post_init__(self) -> None:
        if self.rank.is_joker:
            raise ValueError("the trump rank is a level 2..A, not a joker")
        if self.dealer is not None:
            check_seat(self.dealer)

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
