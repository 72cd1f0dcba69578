"""Card order under a trump: effective suit and level.

Every card has an *effective suit* (``"T"`` for trump, else its own suit) and a
*level* inside that suit. A higher level beats a lower one; equal levels tie (the
card played first wins). Two pairs are consecutive, and so can form a tractor, when
their levels differ by exactly one: the trump rank is removed from the side suits
(with rank 6, ♣55 ♣77 is a tractor) and the trump chain runs
big joker > little joker > trump-suit rank card > other rank cards > trump-suit A.
Rank cards of the non-trump suits share one level, so two such pairs are never a
tractor.

>>> t = Trump(Rank.TEN, Suit.SPADES)
>>> [t.level(parse_card(c)) for c in ("BJ", "LJ", "S10", "H10", "SA")]
[27, 26, 25, 24, 23]
>>> str(t.effective_suit(parse_card("H10"))), str(t.effective_suit(parse_card("HA")))
('T', 'H')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import field
from functools import lru_cache
from typing import Final, Literal

from notation.frozen import frozen
from notation.rules.cards import ALL_CARDS, RANKS, SUITS, Card, Rank, Suit, parse_card

__all__ = ["TRUMP", "EffectiveSuit", "Trump"]

TRUMP: Final = "T"
EffectiveSuit = Suit | Literal["T"]

# Display order of effective suits: trump first, then the side suits alternating colour.
_SUIT_DISPLAY: Final = {TRUMP: 0, Suit.SPADES: 1, Suit.HEARTS: 2, Suit.CLUBS: 3, Suit.DIAMONDS: 4}

_Table = dict[Card, tuple[EffectiveSuit, int]]


@frozen
class Trump:
    """The trump of a hand: the trump rank, the trump suit (``None`` for no-trump) and
    the card-order options of the rule set."""

    rank: Rank
    suit: Suit | None
    permanent_twos: bool = False
    rank_above_jokers: bool = False
    table: Mapping[Card, tuple[EffectiveSuit, int]] = field(init=False, repr=False, compare=False)
    """``(effective suit, level)`` of every card: the look-up behind the methods below,
    for loops that read many cards (cards hash by identity, so a look-up is cheap)."""

    def __post_init__(self) -> None:
        if self.rank.is_joker:
            raise ValueError("the trump rank is a level 2..A, not a joker")
        table = _build_table(self.rank, self.suit, self.permanent_twos, self.rank_above_jokers)
        object.__setattr__(self, "table", table)

    def __str__(self) -> str:
        suit = self.suit.value if self.suit is not None else "NT"
        return f"{suit} {self.rank.value}"

    @property
    def symbol(self) -> str:
        """The trump as players say it: ``♠2``, or ``NT 2`` for no-trump at rank 2."""
        if self.suit is None:
            return f"NT {self.rank.value}"
        return f"{self.suit.symbol}{self.rank.value}"

    @property
    def is_no_trump(self) -> bool:
        """True when no suit is trump (无主)."""
        return self.suit is None

    def effective_suit(self, card: Card) -> EffectiveSuit:
        """``"T"`` for a trump card, else the card's suit."""
        return self.table[card][0]

    def level(self, card: Card) -> int:
        """The card's level inside its effective suit; higher beats lower."""
        return self.table[card][1]

    def key(self, card: Card) -> tuple[EffectiveSuit, int]:
        """``(effective suit, level)`` in one look-up."""
        return self.table[card]

    def is_trump(self, card: Card) -> bool:
        """True if the card is a trump (主牌) under this trump."""
        return self.effective_suit(card) == TRUMP

    def sort_key(self, card: Card) -> tuple[int, int, int]:
        """How a player sorts a hand: trumps first, high to low, then each side suit."""
        suit, level = self.key(card)
        return (_SUIT_DISPLAY[suit], -level, card.index)

    def sorted(self, cards: Iterable[Card]) -> list[Card]:
        """``cards`` sorted as a player holds them under this trump."""
        return sorted(cards, key=self.sort_key)

    def suit_cards(self, suit: EffectiveSuit) -> list[Card]:
        """Every distinct card of one effective suit, lowest level first."""
        cards = [c for c in ALL_CARDS if self.effective_suit(c) == suit]
        return sorted(cards, key=self.level)

    @classmethod
    def parse(cls, text: str, **options: bool) -> Trump:
        """A trump from ``"S 10"`` (suit, rank) or ``"NT 10"`` (no-trump)."""
        suit_text, rank_text = text.split()
        suit = None if suit_text.upper() == "NT" else Suit(suit_text.upper())
        return cls(Rank.parse(rank_text), suit, **options)


@lru_cache(maxsize=256)
def _build_table(rank: Rank, suit: Suit | None, twos: bool, rank_above_jokers: bool) -> _Table:
    """Effective suit and level of every card."""
    extra_twos = twos and rank is not Rank.TWO
    table: _Table = {}

    # Side suits: 2..A without the trump rank (and without the 2s when they are trump).
    side_ranks = [r for r in RANKS if r is not rank and not (extra_twos and r is Rank.TWO)]
    for s in SUITS:
        if s is suit:
            continue
        for level, r in enumerate(side_ranks):
            table[parse_card(s.value + r.value)] = (s, level)

    # Trump, lowest tier first. Each tier is a set of cards of equal level.
    tiers: list[list[Card]] = []
    if suit is not None:
        tiers.extend([[parse_card(suit.value + r.value)] for r in side_ranks])
    if extra_twos:
        tiers.append([parse_card(s.value + "2") for s in SUITS if s is not suit])
        if suit is not None:
            tiers.append([parse_card(suit.value + "2")])
    jokers = [[parse_card("LJ")], [parse_card("BJ")]]
    rank_tiers = [[parse_card(s.value + rank.value) for s in SUITS if s is not suit]]
    if suit is not None:
        rank_tiers.append([parse_card(suit.value + rank.value)])
    tiers.extend(jokers + rank_tiers if rank_above_jokers else rank_tiers + jokers)
    # Trump levels start above every side level so that a sorted mixed list reads well.
    base = len(side_ranks)
    for i, tier in enumerate(tiers):
        for card in tier:
            table[card] = (TRUMP, base + i)
    assert len(table) == len(ALL_CARDS)
    return table
