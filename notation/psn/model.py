"""The PSN record as typed values: hands, the deal, bids, kitty exchanges, tricks, plays,
the agreed result, and the annotations attached to them.

Every node is a frozen dataclass. ``line`` and ``column`` (1-based, in the file) say
where the node was read; they take no part in equality, so a record read back from its
canonical text equals the record that was written.

An unknown card (``??`` in the text) is :data:`UNKNOWN` (the rules core's, from
:mod:`notation.rules.cards`), never ``None``.

A play or a bid of the record is a node (:class:`PlayNode`, :class:`BidNode`): the
event as written, with its annotations, and unknown cards where the record has them.
The rules' own values (:class:`~notation.rules.game.Play`,
:class:`~notation.rules.bidding.Bid`) are what a node gives once every card is known.

>>> node = PlayNode(seat=3, cards=(Card.parse("S10"), UNKNOWN))
>>> str(node), node.is_failed_throw, node.play
('3: S10 ??', False, None)
>>> node = BidNode(BidKind.COUNTER, 3, (Card.parse("BJ"), Card.parse("BJ")), Strain.NO_TRUMP, 51)
>>> str(node), str(node.bid)
('counter 3: BJ BJ to NT @51', '3 counter BJ BJ @51')
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import field
from enum import StrEnum
from typing import Final, cast

from notation.errors import KeyedError
from notation.frozen import frozen
from notation.programs import kept_regexp
from notation.psn.errors import PSNError
from notation.rules.bidding import Bid, BidKind
from notation.rules.cards import UNKNOWN, Card, CardSlot, Rank, Slots, Suit, Unknown
from notation.rules.game import Play
from notation.rules.order import Trump
from notation.rules.ruleset import Side
from notation.rules.seats import Seat, check_seat

__all__ = [
    "LANG_COMMAND",
    "UNKNOWN",
    "BidKind",
    "BidNode",
    "CardSlot",
    "Command",
    "Comment",
    "Deal",
    "Deck",
    "Event",
    "Fallback",
    "FallbackSource",
    "Hand",
    "Header",
    "KittyExchange",
    "ModelError",
    "PlayNode",
    "Record",
    "Result",
    "Side",
    "Strain",
    "Trick",
    "Variation",
    "comment_spans",
    "format_slots",
    "without_comments",
]


def format_slots(cards: Slots) -> str:
    """Cards (and ``??``) as canonical tokens separated by spaces."""
    return " ".join(str(c) for c in cards)


# The types of card slots, for a quick look at a whole deck (UNKNOWN is its type's only value).
_SLOT_TYPES: Final = frozenset({Card, Unknown})


class ModelError(KeyedError):
    """A node the record model refuses (a trick of five plays, a comment with ``}``): its
    key and facts (the catalogue's ``model.why.<key>``)."""

    kind = "model"


def _check_cards(cards: Slots, holder: str, *, seat: int = 0, empty: bool = False) -> None:
    """Cards must be cards or UNKNOWN, and (unless ``empty``) there must be some;
    ``holder``: what holds them (``bid``, ``play``, ``kitty`` …, the catalogue's
    ``model.holder.*``), or ``hand`` with the ``seat`` whose it is."""
    if not empty and not cards:
        if holder == "hand":
            raise ModelError("hand-empty", seat=seat)
        raise ModelError("needs-card", holder=holder)
    if _SLOT_TYPES.issuperset(map(type, cards)):
        return  # the usual case, checked in one go
    for c in cards:
        if not isinstance(c, Card) and c is not UNKNOWN:
            raise TypeError(f"{holder} {seat or ''}: {c!r} is not a card")  # a bug, not input


def _check_nags(nags: tuple[int, ...]) -> None:
    if nags and any(n < 0 for n in nags):
        raise ModelError("nag")


class Strain(StrEnum):
    """The trump a bid names: a suit, or no-trump (无主)."""

    SPADES = "S"
    HEARTS = "H"
    CLUBS = "C"
    DIAMONDS = "D"
    NO_TRUMP = "NT"

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or ``None`` for no-trump."""
        return None if self is Strain.NO_TRUMP else Suit(self.value)


class FallbackSource(StrEnum):
    """Where the trump comes from when nobody declares."""

    KITTY = "kitty"  # a card of the kitty is turned over
    FLIP = "flip"  # a card flipped before the deal


# A command ``[%name args]``: the name runs to a space or "]", the arguments to the next
# "]", and nothing is given back (possessive). Commands are looked for only up to the
# text's last "]": past it none can close, and a search there would try every "[%"
# against the rest of the text (a comment of "[%[%[%..." took cubic time).
_COMMAND = kept_regexp(r"\[%([^\s\]]++)\s*+([^\]]*+)\]")
# ``[%lang zh]``: the comment's text in that language follows, up to the next marker.
LANG_COMMAND: Final = "lang"
_LANG = kept_regexp(r"\[%lang\s+([^\s\]]+)\s*\]")


@frozen
class Command:
    """A ``[%name args]`` command inside a comment, e.g. ``[%clk 0:01:02]``."""

    name: str
    args: str

    def __str__(self) -> str:
        return f"[%{self.name} {self.args}]" if self.args else f"[%{self.name}]"


@frozen
class Comment:
    """A ``{comment}``; its text is kept exactly, commands included."""

    text: str
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        _check_writable(self.text, "comment-surrogate")
        if "\r" in self.text:  # a reader takes it for a line break: "\n" is the one kept
            raise ModelError("comment-cr")
        if "}" in self.text:
            raise ModelError("comment-brace")

    def __str__(self) -> str:
        return "{" + self.text + "}"

    @property
    def commands(self) -> tuple[Command, ...]:
        """The ``[%name args]`` commands in the text, known or not."""
        text = self.text
        return tuple(
            Command(m[1], m[2].strip()) for m in _COMMAND.finditer(text, 0, text.rfind("]") + 1)
        )

    @property
    def remark(self) -> str:
        """The text without its commands."""
        return _remark(self.text)

    def remark_in(self, lang: str) -> str:
        """The text without its commands, in ``lang`` (``zh``, ``en``) when the comment
        gives it in several languages (``{[%lang zh] 甩牌失败 [%lang en] A failed throw}``):
        the text before the first ``[%lang]`` in every language, then the text marked
        ``lang`` (``zh-CN`` is ``zh``), or else the first language given."""
        parts = _LANG.split(self.text)
        if len(parts) == 1:
            return _remark(self.text)
        common, tags, texts = parts[0], parts[1::2], parts[2::2]
        wanted = lang.split("-")[0].lower()
        chosen = next(
            (t for tag, t in zip(tags, texts, strict=True) if tag.split("-")[0].lower() == wanted),
            texts[0],
        )
        return _remark(f"{common} {chosen}")

    def in_languages(self) -> tuple[str, dict[str, str]]:
        """The text every language shares (before the first ``[%lang]``) and each
        language's own (``zh-CN`` is ``zh``; the first of a language given twice), their
        commands taken out: what an editor shows a field a language.

        >>> Comment("[%lang zh] 好牌 [%lang en] A good play").in_languages()
        ('', {'zh': '好牌', 'en': 'A good play'})
        >>> Comment("well played").in_languages()
        ('well played', {})
        """
        parts = _LANG.split(self.text)
        own: dict[str, str] = {}
        for tag, text in zip(parts[1::2], parts[2::2], strict=True):
            own.setdefault(tag.split("-")[0].lower(), _remark(text))
        return _remark(parts[0]), own


def _remark(text: str) -> str:
    end = text.rfind("]") + 1  # no command closes past the last "]" (see _COMMAND)
    return " ".join((_COMMAND.sub(" ", text[:end]) + text[end:]).split())


# A ``{comment}`` in PSN text. As for commands, one is looked for only up to the last "}":
# a search past it would try every "{" against the rest of the text.
_BRACES = kept_regexp(r"\{[^}]*+\}")


def comment_spans(text: str) -> Iterator[re.Match[str]]:
    """The ``{comments}`` of PSN ``text``, each as a match, found in linear time.

    >>> [m.group() for m in comment_spans("1. 1: SA {good} 2: S3 {{ {late}")]
    ['{good}', '{{ {late}']
    """
    return _BRACES.finditer(text, 0, text.rfind("}") + 1)


def without_comments(text: str) -> str:
    """PSN ``text`` with its ``{comments}`` taken out (brackets in them are words).

    >>> without_comments("2: SK {(maybe)} 3: S3 {")
    '2: SK  3: S3 {'
    """
    end = text.rfind("}") + 1
    return _BRACES.sub("", text[:end]) + text[end:]


_SURROGATE = kept_regexp("[\ud800-\udfff]")


def _check_writable(text: str, key: str, **facts: object) -> None:
    """Refuse text that no file can hold: a lone surrogate (``"\\ud800"`` in JSON) is no
    character, and UTF-8 cannot write it."""
    found = _SURROGATE.search(text)
    if found is not None:
        code = f"U+{ord(found.group()):04X}"
        raise ModelError(key, code=code, **facts)


Comments = tuple[Comment, ...]
# NAG numbers of the glyphs: ! ? !! ?? !? ?! are $1 .. $6, as in PGN.
GLYPHS: Final = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
GLYPH_OF: Final = {n: g for g, n in GLYPHS.items()}


_TAG = kept_regexp(r"[A-Za-z0-9_]+")


@frozen
class Header:
    """A header ``[Tag "value"]``; unknown tags are kept like known ones."""

    tag: str
    value: str
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        if not _TAG.fullmatch(self.tag):
            raise ModelError("tag", tag=self.tag)
        _check_writable(self.value, "header-surrogate", tag=self.tag)
        if "\n" in self.value or "\r" in self.value:  # either ends a line for a reader
            raise ModelError("one-line", tag=self.tag)

    def __str__(self) -> str:
        value = self.value.replace("\\", "\\\\").replace('"', '\\"')
        return f'[{self.tag} "{value}"]'


@frozen
class Deal:
    """The four hands and the kitty as dealt; a hand not recorded is ``None``."""

    hands: tuple[Slots | None, Slots | None, Slots | None, Slots | None] = (None,) * 4
    kitty: Slots | None = None
    comments: Comments = ()
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        if len(self.hands) != 4:
            raise ModelError("deal-four")
        if all(h is None for h in self.hands) and self.kitty is None:
            raise ModelError("deal-empty")
        for seat, cards in enumerate(self.hands, start=1):
            if cards is not None:
                _check_cards(cards, "hand", seat=seat)
        if self.kitty is not None:
            _check_cards(self.kitty, "kitty")

    def hand(self, seat: Seat) -> Slots | None:
        """The cards dealt to ``seat``, or ``None`` if not recorded."""
        return self.hands[seat - 1]


@frozen
class Deck:
    """The whole deck in drawing order; ``first`` draws the first card, then in turn.

    The cards left when every seat has drawn its share form the kitty.
    """

    first: Seat
    cards: Slots
    comments: Comments = ()
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        check_seat(self.first)
        _check_cards(self.cards, "deck")


@frozen
class BidNode:
    """A declaration, reinforcement or counter as the record has it: who showed which
    cards (``??`` for one not known), and when, with its annotations. :attr:`bid` is the
    rules' bid it makes."""

    kind: BidKind
    seat: Seat
    cards: Slots
    strain: Strain | None = None  # written only when the cards alone do not say it
    draw: int | None = None  # how many cards had been drawn when it was made (@37)
    nags: tuple[int, ...] = ()
    comments: Comments = ()
    variations: tuple[Variation, ...] = ()
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        check_seat(self.seat)
        _check_cards(self.cards, "bid")
        if self.draw is not None and self.draw < 0:
            raise ModelError("draw")
        _check_nags(self.nags)

    def __str__(self) -> str:
        text = f"{self.kind.value} {self.seat}: {format_slots(self.cards)}"
        if self.strain is not None:
            text += f" to {self.strain.value}"
        return text if self.draw is None else f"{text} @{self.draw}"

    @classmethod
    def from_bid(cls, bid: Bid) -> BidNode:
        """The node that records the rules' ``bid``, without annotations."""
        return cls(bid.kind, bid.seat, bid.cards, draw=bid.draw)

    @property
    def bid(self) -> Bid | None:
        """The rules' bid, or ``None`` while a card of it is unknown (``??``). Raises
        :class:`ValueError` for a draw count the deal cannot have reached (``@101``)."""
        if UNKNOWN in self.cards:
            return None
        return Bid(self.seat, self.kind, cast("tuple[Card, ...]", self.cards), self.draw)


@frozen
class Fallback:
    """Nobody declared: the trump came from a kitty card or a flipped card."""

    source: FallbackSource
    cards: Slots
    strain: Strain | None = None
    nags: tuple[int, ...] = ()
    comments: Comments = ()
    variations: tuple[Variation, ...] = ()
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        _check_cards(self.cards, "fallback")
        _check_nags(self.nags)

    def __str__(self) -> str:
        text = f"fallback {self.source.value} {format_slots(self.cards)}"
        return text if self.strain is None else f"{text} to {self.strain.value}"


@frozen
class KittyExchange:
    """``seat`` picks up the kitty and buries ``buried`` (empty when not recorded).

    ``held`` is the seat's whole hand right after picking up the kitty, the buried cards
    included (``from`` in the text), when a record gives that instead of the cards dealt:
    other programs log the dealer's 33 cards after the pick-up, not its 25 dealt ones.

    >>> str(KittyExchange(1, (Card.parse("C2"),), (Card.parse("SA"), Card.parse("C2"))))
    'bury 1: C2 from SA C2'
    """

    seat: Seat
    buried: Slots = ()
    held: Slots | None = None
    nags: tuple[int, ...] = ()
    comments: Comments = ()
    variations: tuple[Variation, ...] = ()
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        check_seat(self.seat)
        _check_cards(self.buried, "bury", empty=True)
        if self.held is not None:
            _check_cards(self.held, "held")
        _check_nags(self.nags)

    def __str__(self) -> str:
        text = f"bury {self.seat}: {format_slots(self.buried)}".rstrip()
        if self.held is None:
            return text
        return f"{text} from {format_slots(self.held)}"


@frozen
class PlayNode:
    """One seat's cards in a trick as the record has them (``??`` for a card not known),
    with their annotations. :attr:`play` is the rules' play it makes.

    For a failed throw (甩牌失败) ``attempted`` holds the cards the seat tried to throw,
    ``cards`` the cards it actually had to play, and ``blocker`` the seat that could beat
    the throw, if recorded.
    """

    seat: Seat
    cards: Slots
    attempted: Slots | None = None
    blocker: Seat | None = None
    nags: tuple[int, ...] = ()
    comments: Comments = ()
    variations: tuple[Variation, ...] = ()
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        check_seat(self.seat)
        _check_cards(self.cards, "play")
        if self.attempted is not None:
            _check_cards(self.attempted, "throw")
        elif self.blocker is not None:
            raise ModelError("blocker")
        if self.blocker is not None:
            check_seat(self.blocker)
        _check_nags(self.nags)

    def __str__(self) -> str:
        if self.attempted is None:
            return f"{self.seat}: {format_slots(self.cards)}"
        text = f"{self.seat}: {format_slots(self.attempted)} / {format_slots(self.cards)}"
        return text if self.blocker is None else f"{text} by {self.blocker}"

    @property
    def is_failed_throw(self) -> bool:
        """True if the seat tried to throw more than it could."""
        return self.attempted is not None

    @classmethod
    def from_play(cls, play: Play, blocker: Seat | None = None) -> PlayNode:
        """The node that records the rules' ``play`` (a failed throw with the seat that
        beat it, ``blocker``, when known), without annotations."""
        return cls(play.seat, play.cards, play.attempted, blocker)

    @property
    def play(self) -> Play | None:
        """The rules' play, or ``None`` while a card of it is unknown (``??``). A record
        writes no penalty: a failed throw's is the game state's to judge, as
        :meth:`~notation.rules.game.PlayState.play` does from the cards shown."""
        cards, attempted = self.cards, self.attempted
        if UNKNOWN in cards or (attempted is not None and UNKNOWN in attempted):
            return None
        return Play(
            self.seat,
            cast("tuple[Card, ...]", cards),
            None if attempted is None else cast("tuple[Card, ...]", attempted),
        )


@frozen
class Trick:
    """A numbered trick, its plays in playing order (the leader first).

    A trick inside a variation may start mid-way: its first play is the alternative to the
    play the variation follows.
    """

    number: int
    plays: tuple[PlayNode, ...]
    comments: Comments = ()  # before the lead, written right after the number
    # The seat the record says won the trick ("won by 2"), as claimed: the replay
    # checks it against the rules.
    winner: Seat | None = None
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        if self.number < 1:
            raise ModelError("trick-number")
        if not 1 <= len(self.plays) <= 4:
            raise ModelError("trick-plays")
        if self.winner is not None:
            check_seat(self.winner)

    def __str__(self) -> str:
        text = " ".join([f"{self.number}.", *(str(p) for p in self.plays)])
        return text if self.winner is None else f"{text} won by {self.winner}"

    @property
    def leader(self) -> Seat:
        """The seat of the first play."""
        return self.plays[0].seat


AuctionEvent = BidNode | Fallback | KittyExchange
Event = BidNode | Fallback | KittyExchange | Trick


@frozen
class Variation:
    """An alternative line: it replaces the event it follows and what comes after.

    A variation of a play starts with a (partial) trick of the same number whose first
    play replaces that play; a variation of a bid or bury starts with the replacing event.
    """

    events: tuple[Event, ...]
    comments: Comments = ()  # before its first event
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        if not self.events:
            raise ModelError("variation")


@frozen
class Result:
    """The result the players agreed on; each part is optional."""

    points: int | None = None  # the defenders' points, kitty included
    kitty_points: int | None = None  # points in the kitty
    multiplier: int | None = None  # what the kitty points were multiplied by
    side: Side | None = None  # the side that goes up
    levels: int | None = None  # by how many levels (0: the defenders take over)
    next_dealer: Seat | None = None
    comments: Comments = ()
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        if (self.side is None) != (self.levels is None):
            raise ModelError("level-change")
        if self.multiplier is not None and self.kitty_points is None:
            raise ModelError("kitty-points")
        if self.next_dealer is not None:
            check_seat(self.next_dealer)
        for value in (self.points, self.kitty_points, self.multiplier):
            if value is not None and value < 0:
                raise ModelError("negative")


@frozen
class Hand:
    """One hand: headers, the deal, the auction (bids, fallback, kitty exchanges in the
    order they happened), the tricks and the agreed result."""

    headers: tuple[Header, ...] = ()
    comments: Comments = ()  # before everything else
    deal: Deal | Deck | None = None
    auction: tuple[AuctionEvent, ...] = ()
    tricks: tuple[Trick, ...] = ()
    result: Result | None = None
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)

    def header(self, tag: str, default: str | None = None) -> str | None:
        """The value of the first header ``tag`` (any case), or ``default``."""
        wanted = tag.lower()
        for h in self.headers:
            if h.tag.lower() == wanted:
                return h.value
        return default

    def header_in(self, tag: str, lang: str) -> str | None:
        """The header ``tag`` as a reader of ``lang`` sees it: ``Tag_LANG``
        (``[Event_zh "教学：亮主"]``) when the record gives it, else ``Tag``'s value."""
        return self.header(f"{tag}_{lang.split('-')[0]}") or self.header(tag)

    @property
    def has_content(self) -> bool:
        """False for a "hand" of comments only (a file's opening remarks): no headers, no
        deal, no events, no result. It is kept, so that the file is written back whole,
        but there is nothing in it to judge or count."""
        return bool(self.headers or self.deal or self.events or self.result)

    @property
    def events(self) -> tuple[Event, ...]:
        """The auction then the tricks: every event in the order it happened."""
        return self.auction + self.tricks

    @property
    def bids(self) -> tuple[BidNode, ...]:
        """Declarations, reinforcements and counters, in order."""
        return tuple(e for e in self.auction if isinstance(e, BidNode))

    @property
    def kitty_exchanges(self) -> tuple[KittyExchange, ...]:
        """Each pick-up and bury of the kitty, in order (more than one after 炒底)."""
        return tuple(e for e in self.auction if isinstance(e, KittyExchange))

    @property
    def fallback(self) -> Fallback | None:
        """How the trump was chosen when nobody declared, if that happened."""
        return next((e for e in self.auction if isinstance(e, Fallback)), None)

    @property
    def dealer(self) -> Seat | None:
        """The ``Dealer`` header as a seat."""
        value = self.header("Dealer")
        return int(value) if value is not None and value.strip() in ("1", "2", "3", "4") else None

    @property
    def levels(self) -> tuple[Rank, Rank] | None:
        """The ``Levels`` header: team 1&3's level, then team 2&4's."""
        value = self.header("Levels")
        if value is None:
            return None
        first, second = value.split()
        return Rank.parse(first), Rank.parse(second)

    @property
    def trump(self) -> Trump | None:
        """The ``Trump`` header (``"H 5"``, ``"NT 5"``) without rule-set options."""
        value = self.header("Trump")
        return None if value is None else Trump.parse(value)

    @property
    def rules(self) -> str | None:
        """The ``Rules`` header: the name of a rule set (never a file: see notation.presets)."""
        return self.header("Rules")


@frozen
class Record:
    """The hands of one file, in order; ``errors`` lists what could not be read."""

    hands: tuple[Hand, ...] = ()
    errors: tuple[PSNError, ...] = field(default=(), compare=False)
    filename: str | None = field(default=None, compare=False)

    def __iter__(self) -> Iterator[Hand]:
        return iter(self.hands)

    def __len__(self) -> int:
        return len(self.hands)
