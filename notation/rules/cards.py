"""Cards, suits, ranks and their names.

A card's canonical token is its suit letter then its rank (``S10``, ``HK``, ``C2``);
the jokers are ``BJ`` (big joker, 大王) and ``LJ`` (little joker, 小王). ``str(card)``
is the token and ``repr(card)`` is code you can paste back.

>>> parse_card("♠10"), parse_card("红桃K"), parse_card("大王")
(Card.parse('S10'), Card.parse('HK'), Card.parse('BJ'))
>>> str(parse_card("st"))
'S10'

A card's order is not a property of the card: it depends on the trump, see
:mod:`notation.rules.order`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import field
from enum import Enum, StrEnum
from typing import Any, Final, Literal

from notation.errors import CardError
from notation.frozen import frozen
from notation.programs import kept_regexp

__all__ = [
    "ALL_CARDS",
    "DECK",
    "RANKS",
    "SUITS",
    "UNKNOWN",
    "Card",
    "CardCounts",
    "CardSlot",
    "Cards",
    "Rank",
    "Slots",
    "Suit",
    "Unknown",
    "counted",
    "format_cards",
    "format_symbols",
    "parse_card",
    "parse_cards",
    "tally",
]


class Suit(StrEnum):
    """The four suits; the value is the notation's letter."""

    SPADES = "S"
    HEARTS = "H"
    CLUBS = "C"
    DIAMONDS = "D"

    @property
    def symbol(self) -> str:
        """The suit symbol: ♠ ♥ ♣ ♦."""
        return _SUIT_SYMBOL[self]

    @property
    def chinese(self) -> str:
        """The suit's Chinese name: 黑桃 红桃 梅花 方块."""
        return _SUIT_CHINESE[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


class Rank(StrEnum):
    """Ranks 2..A, plus the two jokers (which have no suit)."""

    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"
    LITTLE_JOKER = "LJ"
    BIG_JOKER = "BJ"

    @property
    def is_joker(self) -> bool:
        """True for the two jokers."""
        return self in (Rank.LITTLE_JOKER, Rank.BIG_JOKER)

    @property
    def natural(self) -> int:
        """Position in the natural order: 2 is 2, ..., A is 14, LJ 15, BJ 16."""
        return _RANK_NATURAL[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """A rank from ``"10"``, ``"T"``, ``"j"``, ``"A"`` ...; jokers are not levels."""
        rank = _RANK_ALIASES.get(text.strip().upper())
        if rank is None or rank.is_joker:
            raise CardError("rank", token=text)
        return rank


SUITS: Final = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
RANKS: Final = tuple(r for r in Rank if not r.is_joker)  # 2..A, a level's possible values

_SUIT_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.CLUBS: "♣", Suit.DIAMONDS: "♦"}
_SUIT_CHINESE = {
    Suit.SPADES: "黑桃",
    Suit.HEARTS: "红桃",
    Suit.CLUBS: "梅花",
    Suit.DIAMONDS: "方块",
}
_INTERNED: dict[tuple[Suit | None, Rank], Card] = {}  # the 54 cards
_RANK_NATURAL = {r: i + 2 for i, r in enumerate(Rank)}
_RANK_ALIASES: dict[str, Rank] = {r.value: r for r in Rank}
_RANK_ALIASES.update({"T": Rank.TEN, "1": Rank.ACE})
_POINTS = {Rank.FIVE: 5, Rank.TEN: 10, Rank.KING: 10}


@frozen(eq=False, init=False)
class Card:
    """One card: a suit and a rank, or a joker (suit ``None``).

    There are 54 different cards; a deal uses two of each. Each of them exists once:
    ``Card(suit, rank)``, :func:`parse_card`, pickling and copying all give the same
    object, so cards compare and hash by identity, in C (the replay hashes cards in
    every count of a hand), and the two copies of ``S10`` are equal.
    """

    suit: Suit | None
    rank: Rank
    index: int = field(init=False, repr=False, compare=False)
    points: int = field(init=False, repr=False, compare=False)
    """Card points: every 5 is 5, every 10 and K is 10, the rest 0."""

    def __new__(cls, suit: Suit | None, rank: Rank) -> Card:
        card = _INTERNED.get((suit, rank))
        return card if card is not None else object.__new__(cls)

    def __init__(self, suit: Suit | None, rank: Rank) -> None:
        if _INTERNED.get((suit, rank)) is self:
            return  # the card exists: it is never changed (``Card("S", "10")`` is S10 too)
        given = (suit, rank)
        try:
            suit = None if suit is None else Suit(suit)
            rank = Rank(rank)
        except ValueError:
            raise CardError("suit-rank", suit=repr(given[0]), rank=repr(given[1])) from None
        if rank.is_joker != (suit is None):
            shown = rank.value if suit is None else suit.value + rank.value
            raise CardError("joker-suit", card=shown)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "rank", rank)
        suit_index = 4 if suit is None else SUITS.index(suit)
        object.__setattr__(self, "index", suit_index * 16 + rank.natural)
        object.__setattr__(self, "points", _POINTS.get(rank, 0))
        _INTERNED.setdefault((suit, rank), self)

    def __reduce__(self) -> tuple[Any, tuple[Suit | None, Rank]]:
        return (Card, (self.suit, self.rank))  # unpickled as the one card of its kind

    def __lt__(self, other: Card) -> bool:
        # A fixed order for sorting and keys only; play order comes from the trump.
        return self.index < other.index

    def __str__(self) -> str:
        if self.suit is None:
            return self.rank.value
        return self.suit.value + self.rank.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @classmethod
    def parse(cls, token: str) -> Card:
        """The card named by ``token`` in any accepted form (see :func:`parse_card`)."""
        return parse_card(token)

    @property
    def is_joker(self) -> bool:
        """True for BJ and LJ."""
        return self.suit is None

    @property
    def is_red(self) -> bool:
        """Printed in red: hearts, diamonds and the big joker.

        >>> Card.parse("H10").is_red, Card.parse("BJ").is_red, Card.parse("LJ").is_red
        (True, True, False)
        """
        return self.rank is Rank.BIG_JOKER if self.suit is None else self.suit.is_red

    @property
    def symbol(self) -> str:
        """The card with a suit symbol (``♠10``, ``BJ``)."""
        if self.suit is None:
            return self.rank.value
        return self.suit.symbol + self.rank.value

    @property
    def chinese(self) -> str:
        """The card's Chinese name (``黑桃10``, ``大王``)."""
        if self.rank is Rank.BIG_JOKER:
            return "大王"
        if self.rank is Rank.LITTLE_JOKER:
            return "小王"
        assert self.suit is not None
        return self.suit.chinese + self.rank.value


# Every distinct card once, in a fixed order (spades 2..A, hearts, clubs, diamonds, LJ, BJ).
ALL_CARDS: Final = tuple(
    [Card(s, r) for s in SUITS for r in RANKS]
    + [Card(None, Rank.LITTLE_JOKER), Card(None, Rank.BIG_JOKER)]
)
# The 108 cards of two decks.
DECK: Final = ALL_CARDS + ALL_CARDS


class Unknown(Enum):
    """The type of :data:`UNKNOWN`, a card nobody recorded."""

    CARD = "??"

    def __str__(self) -> str:
        return "??"

    def __repr__(self) -> str:
        return "UNKNOWN"


# A card a record does not show (``??``): a hand, a play or the kitty may hold some.
UNKNOWN: Final = Unknown.CARD
# A place where a card stands: a known card or UNKNOWN.
CardSlot = Card | Literal[Unknown.CARD]
# Known cards, in order (a hand, a play).
Cards = tuple[Card, ...]
# Cards as a record shows them: known cards and UNKNOWN.
Slots = tuple[CardSlot, ...]

_CANONICAL: dict[str, Card] = {str(c): c for c in ALL_CARDS}
_SUIT_ALIASES: dict[str, Suit] = {s.value: s for s in SUITS}
_SUIT_ALIASES.update(
    {
        "♠": Suit.SPADES,
        "♤": Suit.SPADES,
        "♥": Suit.HEARTS,
        "♡": Suit.HEARTS,
        "♣": Suit.CLUBS,
        "♧": Suit.CLUBS,
        "♦": Suit.DIAMONDS,
        "♢": Suit.DIAMONDS,
        "黑桃": Suit.SPADES,
        "红桃": Suit.HEARTS,
        "梅花": Suit.CLUBS,
        "方块": Suit.DIAMONDS,
        "方片": Suit.DIAMONDS,
        "草花": Suit.CLUBS,
    }
)
_JOKER_ALIASES: dict[str, Card] = {
    "BJ": _CANONICAL["BJ"],
    "大王": _CANONICAL["BJ"],
    "大鬼": _CANONICAL["BJ"],
    "LJ": _CANONICAL["LJ"],
    "小王": _CANONICAL["LJ"],
    "小鬼": _CANONICAL["LJ"],
}
_SUITED = kept_regexp(r"(♠|♤|♥|♡|♣|♧|♦|♢|黑桃|红桃|梅花|方块|方片|草花|[SHCD])(10|[2-9TJQKA])")


def parse_card(token: str) -> Card:
    """The card named by ``token``.

    Accepts the canonical token (``S10``, ``BJ``), lower case, ``T`` for 10, suit
    symbols (♠♥♣♦ and ♤♡♧♢) and Chinese names (黑桃A, 红桃10, 梅花K, 方块5, 大王, 小王).

    >>> [str(parse_card(t)) for t in ("s10", "♤T", "方块5", "小王", "bj")]
    ['S10', 'S10', 'D5', 'LJ', 'BJ']
    """
    card = _CANONICAL.get(token)
    if card is not None:
        return card
    text = token.strip().upper()
    card = _CANONICAL.get(text) or _JOKER_ALIASES.get(text)
    if card is not None:
        return card
    match = _SUITED.fullmatch(text)
    if match is not None:
        suit = _SUIT_ALIASES[match.group(1)]
        rank = _RANK_ALIASES[match.group(2)]
        return _CANONICAL[suit.value + rank.value]
    raise CardError("unknown", token=token)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Cards from a space-separated string or an iterable of tokens."""
    tokens = text.split() if isinstance(text, str) else text
    return [parse_card(t) for t in tokens]


CardCounts = Mapping[Card, int]
"""How many of each card a hand holds: a :class:`~collections.Counter` of cards, say. A
count of 0 or less means none."""


def counted(cards: Iterable[Card] | CardCounts) -> CardCounts:
    """``cards`` as counts: a hand given by its counts already is taken as it is."""
    # A dict (a Counter) is the quick check; ``dict | Mapping`` would make a union each call.
    if isinstance(cards, dict) or isinstance(cards, Mapping):  # noqa: SIM101
        return cards
    return Counter(cards)


def tally(cards: Iterable[Card]) -> dict[Card, int]:
    """How many of each card, in the order first met: a plain dict, made faster than a
    :class:`~collections.Counter` for the few cards of a play (a missing card is not 0).

    >>> [(str(card), n) for card, n in tally(parse_cards("S5 S5 H2")).items()]
    [('S5', 2), ('H2', 1)]
    """
    counts: dict[Card, int] = {}
    get = counts.get
    for card in cards:
        counts[card] = get(card, 0) + 1
    return counts


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical tokens separated by spaces."""
    return " ".join(str(c) for c in cards)


def format_symbols(cards: Iterable[Card]) -> str:
    """Cards as a player reads them, with suit symbols: ``♦Q ♦9 ♦5`` (jokers ``BJ``,
    ``LJ``); for messages, where the canonical tokens are for files."""
    return " ".join(c.symbol for c in cards)
