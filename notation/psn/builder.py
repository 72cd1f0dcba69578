"""The builder: one hand's parse tree turned into the typed model, with the semantic
errors (seat 5, card S11, trick 4 after trick 2) found without any rule set.

The tree comes from one of the two parsers of :mod:`.grammar`; a plain hand's tokens,
the same as the first parser's, come from :mod:`.plain` without a tree (read by
:meth:`Builder.plain_hand` as :meth:`Builder.hand` reads the tree lark would make of
them). The parser of every hand reads a plainly written run (header lines, bids and
buries, tricks, a result line) as one token of a fast form, which the patterns below take
apart; there the first error raises :class:`ReadAgain`, and the hand is read again by the
exact parser, the reader of hands with errors: its tree holds only the ordinary tokens,
so that every error is found, placed and worded as they give it.

It is not a lark ``Transformer``: what a node means depends on where it stands (a
variation on the play it follows: its trick, its seat, its place in the trick; a trick's
number on the trick before), and errors are reported in reading order (a trick out of
sequence before the errors of its plays). A ``Transformer`` builds the children before
their parent, so a variation would be built loose and checked again by its parent, and
the errors would come in another order; an ``Interpreter`` goes top-down but hands a
rule's method nothing but its node. Lark's dispatch alone, one method a rule, also costs
half of what this builder takes on an annotated hand (the examples read token by token:
153 µs of 318 µs a hand).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import fields
from typing import TYPE_CHECKING, Final

from notation.errors import CardError
from notation.messages import Message, msg
from notation.programs import kept_regexp
from notation.psn.errors import PSNError, PSNSemanticError
from notation.psn.model import (
    GLYPHS,
    UNKNOWN,
    AuctionEvent,
    BidKind,
    BidNode,
    CardSlot,
    Comment,
    Deal,
    Deck,
    Event,
    Fallback,
    FallbackSource,
    Hand,
    Header,
    KittyExchange,
    PlayNode,
    Result,
    Side,
    Strain,
    Trick,
    Variation,
)
from notation.psn.plain import Located, PlainToken, column_of
from notation.rules.cards import Slots, parse_card
from notation.rules.seats import Seat

if TYPE_CHECKING:  # lark is imported only to read a hand that is not plain
    from lark import Token

    from notation.psn.grammar import Node

# No number in a hand comes near a million (tricks, seats, points, marks, draw counts);
# the fast forms' patterns say the same with [0-9]{1,6}.
MAX_DIGITS = 6
_WORD = kept_regexp(r"\S+")
_HEADER_PARTS = kept_regexp(r'\[[ \t]*([A-Za-z0-9_]+)[ \t]+"((?:[^"\\\n]|\\.)*)"[ \t]*\]')
_STRAIN_ALIASES = {
    "♠": "S",
    "♤": "S",
    "♥": "H",
    "♡": "H",
    "♣": "C",
    "♧": "C",
    "♦": "D",
    "♢": "D",
    "无主": "NT",
}


# ---- Unchecked constructors for the reader ---------------------------------------------
# The reader builds about a hundred plays and tricks per hand from values it has already
# checked (seats 1 to 4, cards from the card cache, one to four plays, a trick number of
# 1 or more), so it skips ``__init__`` and ``__post_init__`` and sets the slots directly,
# about three times faster. Programs use the ordinary constructors, which check everything.
# They are here, in a module the compiled build compiles, and not in the model's (which it
# cannot: these make its objects with object.__new__): compiled, a call costs less. (The
# setters are Final: compiled, a Final name is read from a C variable, another from the
# module's dict, at every play.)

_Setter = Callable[[object, object], None]
_new: Final = object.__new__


def _setter(cls: type, name: str) -> _Setter:
    """The setter of the slot ``name`` of a frozen dataclass."""
    setter: _Setter = getattr(cls, name).__set__
    return setter


def _setters(cls: type) -> tuple[_Setter, ...]:
    """The slot setters of a frozen dataclass, in field order."""
    return tuple(_setter(cls, f.name) for f in fields(cls))


_play_seat: Final = _setter(PlayNode, "seat")
_play_cards: Final = _setter(PlayNode, "cards")
_play_attempted: Final = _setter(PlayNode, "attempted")
_play_blocker: Final = _setter(PlayNode, "blocker")
_play_nags: Final = _setter(PlayNode, "nags")
_play_comments: Final = _setter(PlayNode, "comments")
_play_variations: Final = _setter(PlayNode, "variations")
_play_line: Final = _setter(PlayNode, "line")
_play_column: Final = _setter(PlayNode, "column")
_trick_number: Final = _setter(Trick, "number")
_trick_plays: Final = _setter(Trick, "plays")
_trick_comments: Final = _setter(Trick, "comments")
_trick_winner: Final = _setter(Trick, "winner")
_trick_line: Final = _setter(Trick, "line")
_trick_column: Final = _setter(Trick, "column")
_header_tag: Final = _setter(Header, "tag")
_header_value: Final = _setter(Header, "value")
_header_line: Final = _setter(Header, "line")
_header_column: Final = _setter(Header, "column")
_BID_SETTERS: Final = _setters(BidNode)
_BURY_SETTERS: Final = _setters(KittyExchange)


def plain_bid(
    kind: BidKind,
    seat: Seat,
    cards: Slots,
    strain: Strain | None,
    draw: int | None,
    line: int,
    column: int,
) -> BidNode:
    """``BidNode(kind, seat, cards, strain, draw, line=line, column=column)`` without its
    checks (for the reader, which has checked the seat and that there are cards; the draw
    is digits)."""
    bid: BidNode = _new(BidNode)
    values = (kind, seat, cards, strain, draw, (), (), (), line, column)
    for set_slot, value in zip(_BID_SETTERS, values, strict=True):
        set_slot(bid, value)
    return bid


def plain_bury(
    seat: Seat, buried: Slots, held: Slots | None, line: int, column: int
) -> KittyExchange:
    """``KittyExchange(seat, buried, held, line=line, column=column)`` without its checks
    (for the reader, which has checked the seat and that ``held`` has cards)."""
    bury: KittyExchange = _new(KittyExchange)
    values = (seat, buried, held, (), (), (), line, column)
    for set_slot, value in zip(_BURY_SETTERS, values, strict=True):
        set_slot(bury, value)
    return bury


def plain_header(tag: str, value: str, line: int, column: int) -> Header:
    """``Header(tag, value, line, column)`` without its checks (for the reader, whose
    grammar admits only a good tag and a one-line value)."""
    header: Header = _new(Header)
    _header_tag(header, tag)
    _header_value(header, value)
    _header_line(header, line)
    _header_column(header, column)
    return header


def plain_play(
    seat: Seat,
    cards: Slots,
    line: int,
    column: int,
    attempted: Slots | None = None,
    blocker: Seat | None = None,
) -> PlayNode:
    """``PlayNode(seat, cards, attempted, blocker, line=line, column=column)`` without its
    checks (for the reader)."""
    play: PlayNode = _new(PlayNode)
    _play_seat(play, seat)
    _play_cards(play, cards)
    _play_attempted(play, attempted)
    _play_blocker(play, blocker)
    _play_nags(play, ())
    _play_comments(play, ())
    _play_variations(play, ())
    _play_line(play, line)
    _play_column(play, column)
    return play


def plain_trick(
    number: int, plays: tuple[PlayNode, ...], line: int, column: int, winner: Seat | None = None
) -> Trick:
    """``Trick(number, plays, winner=winner, line=line, column=column)`` without its
    checks (for the reader)."""
    trick: Trick = _new(Trick)
    _trick_number(trick, number)
    _trick_plays(trick, plays)
    _trick_comments(trick, ())
    _trick_winner(trick, winner)
    _trick_line(trick, line)
    _trick_column(trick, column)
    return trick


class ReadAgain(Exception):
    """A hand read with the fast forms has an error: read it again token by token."""


# ---- Cards as written, and the fast forms' tokens taken apart ------------------------------

_CARD_CACHE: Final[dict[str, CardSlot]] = {"??": UNKNOWN}  # every card word read so far
_CARD: Final = _CARD_CACHE.__getitem__
_RUNS: Final[dict[str, Slots]] = {}  # runs of cards in fast forms, as written ("SA SA ")
_SEATS: Final[dict[str, Seat]] = {"1": 1, "2": 2, "3": 3, "4": 4}  # seats as in fast forms
# The parts of a TRICKS token: a trick number "12.", a play "3: S10 S10" with perhaps a
# failed throw "/ S10 by 2", or the recorded winner "won by 2" (a card word never starts
# with a digit; "by" and "won" are no cards).
_ITEM = r"""(?:\?\?|[^\s0-9{}()\[\]/:;$@!?"][^\s{}()\[\]/:;$@!?"]*)\s*"""
_END = r"""(?![^\s{}()\[\]/:;$@!?"])"""  # the end of a word
# A card of a play: as _ITEM, but not "won" (only a word starting with w is looked at
# closer: this is the reader's hottest pattern, and a look-ahead at every card shows).
_PLAY_ITEM = (
    r"""(?:\?\?|[^\s0-9{}()\[\]/:;$@!?"w][^\s{}()\[\]/:;$@!?"]*"""
    rf"""|w(?!on{_END})[^\s{{}}()\[\]/:;$@!?"]*)\s*"""
)
_TRICK_PART: Final = kept_regexp(
    rf"(([0-9]{{1,6}})[ \t]*([.:])\s*((?:{_PLAY_ITEM})*+)"  # *+: nothing to give back
    rf"(?:/\s*((?:(?!(?:by|won){_END}){_ITEM})*)(?:by\s*([0-9]{{1,6}})\s*)?)?"
    rf"|won{_END}\s*by\s*([0-9]{{1,6}})\s*)",
    re.IGNORECASE,
)
# The parts of an AUCTION token: a bid, a fallback or a bury with its cards (no keyword is
# a card, "to" names the strain, "from" starts the hand held after the pick-up).
_KEYWORD = (
    r"(?:deal|deck|kitty|declare|reinforce|counter|fallback|flip|bury|from|to|by|won|result"
    rf"|points|level|next){_END}"
)
_AUCTION_PART: Final = kept_regexp(
    r"((declare|reinforce|counter|fallback|bury)\s*(?:(kitty|flip)\s*)?(?:([0-9]{1,6})[ \t]*:\s*)?"
    rf"((?:(?!{_KEYWORD}){_ITEM})*)(?:to\s*(nt|[shcd♠♤♥♡♣♧♦♢]|无主)\s*)?"
    rf"(?:@[ \t]*([0-9]{{1,6}})\s*)?(?:from\s*((?:(?!{_KEYWORD}){_ITEM})*))?)",
    re.IGNORECASE,
)
_RESULT_LINE: Final = kept_regexp(
    r"result\s*(?:points\s*([0-9]{1,6})\s*)?(?:kitty\s*([0-9]{1,6})\s*(?:[x×*]([0-9]{1,6})\s*)?)?"
    r"(?:level\s*(dealer|defenders)\s*([+-]?[0-9]{1,6})\s*)?(?:next\s*([0-9]{1,6})\s*)?",
    re.IGNORECASE,
)


def _plain_run(text: str) -> Slots:
    """The cards of a run in a fast form (kept for the next time); an unknown card means
    reading the hand again, token by token."""
    words = text.split()
    try:
        cards = tuple(map(_CARD, words))
    except KeyError:
        for word in words:
            if word not in _CARD_CACHE:
                try:
                    _CARD_CACHE[word] = parse_card(word)
                except CardError:
                    raise ReadAgain from None
        cards = tuple(map(_CARD, words))
    if len(_RUNS) >= 4096:  # the runs of plays repeat; a deck's never does
        _RUNS.clear()
    _RUNS[text] = cards
    return cards


# ---- Reading the trees ------------------------------------------------------------------


# (lark's tokens are strings and its trees are not: lark need not be imported to tell them.)


def _token(item: Token | Node) -> Token:
    assert isinstance(item, str)
    return item


def _tokens(tree: Node) -> list[Token]:
    return [c for c in tree.children if isinstance(c, str)]


def _subtree(items: list[Token | Node], index: int, name: str) -> Node | None:
    """``items[index]`` if it is a subtree of rule ``name``."""
    if index < len(items):
        item = items[index]
        if not isinstance(item, str) and item.data == name:
            return item
    return None


def _is(item: Token | Node, kind: str) -> bool:
    return isinstance(item, str) and item.type == kind


def _first_token(tree: Node) -> Token:
    item: Token | Node = tree
    while not isinstance(item, str):
        item = item.children[0]
    return item


# What ends the deal among a plain hand's tokens: the parts of the hand after it.
_AFTER_THE_DEAL = frozenset({"AUCTION", "TRICKS", "RESULT_LINE"})


def _deal_entries(tokens: list[PlainToken]) -> list[list[PlainToken]]:
    """The entries of a deal, ``SEAT_CARDS`` or ``KITTY COLON CARDS``, as its tree holds
    them."""
    entries: list[list[PlainToken]] = []
    at = 0
    while at < len(tokens):
        width = 3 if tokens[at].type == "KITTY" else 1
        entries.append(tokens[at : at + width])
        at += width
    return entries


# ---- The builder ----------------------------------------------------------------------------


class Builder:
    """Turns one hand's parse tree into the model, collecting semantic errors; the
    phases of a hand (the deal, the auction, the tricks, their variations, the result)
    are read in turn.

    With ``exact=False`` the tree may hold the grammar's fast forms, and the first error
    raises :class:`ReadAgain` instead of being collected: the hand is then read again by
    the exact parser, whose tree this builder reads with ``exact=True``.
    """

    def __init__(self, text: str, first_line: int, filename: str | None, exact: bool) -> None:
        self.text = text  # the hand's own text; its first line is line ``first_line``
        self.first_line = first_line
        self.filename = filename
        self.exact = exact
        self.errors: list[PSNError] = []
        self.bad_seats: set[int] = set()  # where a seat out of range was read as seat 1

    # -- errors and positions

    def error(self, message: Message, line: int, column: int, width: int = 1) -> None:
        if not self.exact:
            raise ReadAgain
        self.errors.append(
            PSNSemanticError(
                message.render(),
                text=message,
                source=self.text,
                first_line=self.first_line,
                line=line,
                column=column,
                filename=self.filename,
                width=width,
            )
        )

    def error_at(self, token: Located, message: Message) -> None:
        # A seat with its cards is underlined up to the colon: the seat is the point.
        text = token.value.split("\n")[0].rstrip()
        width = text.index(":") + 1 if token.type == "SEAT_CARDS" else len(text)
        self.error(message, self._line(token), column_of(token), width)

    def position(self, offset: int) -> tuple[int, int]:
        line = self.text.count("\n", 0, offset) + self.first_line
        return line, offset - self.text.rfind("\n", 0, offset)

    def _line(self, token: Located) -> int:
        return (token.line or 1) + self.first_line - 1

    def _where(self, item: Token | Node) -> tuple[int, int]:
        token = item if isinstance(item, str) else _first_token(item)
        return self._line(token), column_of(token)

    def _comment(self, token: Located) -> Comment:
        return Comment(token.value.rstrip()[1:-1], self._line(token), column_of(token))

    # -- leaves: cards, numbers, seats, comments

    def cards(self, token: Located, skip: int = 0) -> Slots:
        """The cards of a run token, from character ``skip`` on."""
        words = token.value[skip:].split()
        try:
            return tuple(map(_CARD, words))  # the usual case: every word seen before
        except KeyError:
            pass
        out: list[CardSlot] = []
        for word in words:
            card = _CARD_CACHE.get(word)
            if card is None:
                try:
                    card = parse_card(word)
                except CardError:
                    return self.cards_with_errors(token, skip)
                _CARD_CACHE[word] = card
            out.append(card)
        return tuple(out)

    def cards_with_errors(self, token: Located, skip: int) -> Slots:
        """The cards of a run with unknown words: each reported at its place, read as ??."""
        out: list[CardSlot] = []
        for m in _WORD.finditer(token.value, skip):
            try:
                out.append(_CARD_CACHE.get(m[0]) or parse_card(m[0]))
            except CardError as e:
                line, column = self.position((token.start_pos or 0) + m.start())
                self.error(e.text, line, column, len(m[0]))
                out.append(UNKNOWN)
        return tuple(out)

    def number(self, token: Located, text: str | None = None) -> int:
        """The number ``text`` written in ``token`` (default: the token itself); one of more
        than :data:`MAX_DIGITS` digits is a located error (Python reads at most 4300)."""
        text = token.value if text is None else text
        digits = text.strip().lstrip("+-")
        if len(digits.lstrip("0")) > MAX_DIGITS:
            message = msg("psn.digits", n=len(digits), most=MAX_DIGITS)
            self.error_at(token, message)
            raise ValueError(message.render())  # the hand stops here: the error above says why
        return int(text)

    def seat(self, token: Located, text: str | None = None) -> Seat:
        value = self.number(token, text)
        if not 1 <= value <= 4:
            self.error_at(token, msg("psn.no-seat", value=value))
            # Read on as seat 1 to find the other errors; checks of turn skip this one.
            self.bad_seats.add(token.start_pos or 0)
            return 1
        return value

    def seat_cards(self, token: Located) -> tuple[Seat, Slots]:
        colon = token.value.index(":")
        return self.seat(token, token.value[:colon]), self.cards(token, colon + 1)

    def comments(self, tokens: Sequence[Located]) -> tuple[Comment, ...]:
        return tuple(self._comment(t) for t in tokens)

    # -- the hand

    def hand(self, tree: Node) -> Hand:
        """The hand of ``tree``, the parse tree of the hand's text."""
        headers: list[Header] = []
        comments: list[Token] = []
        deal: Deal | Deck | None = None
        auction: list[AuctionEvent] = []
        result: Result | None = None
        tricks: list[Node | Trick] = []
        for child in tree.children:
            if isinstance(child, str):
                if child.type == "HEADERS":
                    headers.extend(self.headers(child))
                elif child.type == "TRICKS":
                    tricks.extend(self.plain_tricks(child))
                elif child.type == "AUCTION":
                    auction.extend(self.plain_auction(child))
                elif child.type == "HEADER":
                    headers.append(self.header(child))
                else:
                    comments.append(child)
            elif child.data == "hands":
                deal = self.deal(child)
            elif child.data == "deck":
                deal = self.deck(child)
            elif child.data == "trick":
                tricks.append(child)
            elif child.data == "result":
                result = self.result(child)
            else:
                auction.append(self.auction_event(child))
        first = tree.children[0] if tree.children else None
        where = self._where(first) if first is not None else (0, 0)
        return self.whole_hand(headers, comments, deal, auction, tricks, result, where)

    def plain_hand(self, tokens: list[PlainToken]) -> Hand:
        """The hand of a plain hand's tokens (notation/psn/plain.py), read as :meth:`hand`
        reads the tree lark makes of them: they come in an order lark's parser accepts,
        psn.lark's start rule, and only these (the deal as its rules have it:
        ``DEAL (SEAT_CARDS | KITTY COLON CARDS)+ COMMENT*`` or ``DECK SEAT_CARDS COMMENT*``).
        """
        headers: list[Header] = []
        comments: list[PlainToken] = []
        deal: Deal | Deck | None = None
        auction: list[AuctionEvent] = []
        result: Result | None = None
        tricks: list[Node | Trick] = []
        count = len(tokens)
        at = 0
        while at < count:
            token = tokens[at]
            kind = token.type
            at += 1
            if kind == "HEADERS":
                headers.extend(self.headers(token))
            elif kind == "COMMENT":
                comments.append(token)
            elif kind == "AUCTION":
                auction.extend(self.plain_auction(token))
            elif kind == "TRICKS":
                tricks.extend(self.plain_tricks(token))
            elif kind == "RESULT_LINE":
                result = self.result_line(token)
            else:  # DEAL or DECK: the deal, up to the next part of the hand
                end = at
                while end < count and tokens[end].type not in _AFTER_THE_DEAL:
                    end += 1
                items = [t for t in tokens[at:end] if t.type != "COMMENT"]
                notes = [t for t in tokens[at:end] if t.type == "COMMENT"]
                if kind == "DECK":
                    deal = self.deck_of(token, items[0], notes)
                else:
                    deal = self.deal_of(token, _deal_entries(items), notes)
                at = end
        where = (self._line(tokens[0]), column_of(tokens[0])) if tokens else (0, 0)
        return self.whole_hand(headers, comments, deal, auction, tricks, result, where)

    def whole_hand(
        self,
        headers: list[Header],
        comments: Sequence[Located],
        deal: Deal | Deck | None,
        auction: list[AuctionEvent],
        tricks: list[Node | Trick],
        result: Result | None,
        where: tuple[int, int],
    ) -> Hand:
        """The hand of its parts as read (the tricks' numbering is checked here)."""
        line, column = where
        return Hand(
            headers=tuple(headers),
            comments=self.comments(comments),
            deal=deal,
            auction=tuple(auction),
            tricks=self.tricks(tricks, None),
            result=result,
            line=line,
            column=column,
        )

    # -- headers, and the deal or the deck

    def headers(self, token: Located) -> list[Header]:
        """The headers of a HEADERS token (a fast form: header lines in a row)."""
        out: list[Header] = []
        text = token.value
        line = self._line(token)
        line_start = 1 - column_of(token)  # where the token's first line starts, in ``text``
        previous = 0
        for m in _HEADER_PARTS.finditer(text):
            start = m.start()
            newlines = text.count("\n", previous, start)
            if newlines:
                line += newlines
                line_start = text.rindex("\n", previous, start) + 1
            previous = start
            tag, value = m[1], m[2]
            if "\\" in value:
                value = re.sub(r"\\(.)", r"\1", value)
            out.append(plain_header(tag, value, line, start - line_start + 1))
        return out

    def header(self, token: Token) -> Header:
        m = _HEADER_PARTS.fullmatch(token.value.rstrip())
        assert m is not None
        tag = m[1]
        value = re.sub(r"\\(.)", r"\1", m[2])
        return Header(tag, value, self._line(token), column_of(token))

    def deal(self, tree: Node) -> Deal:
        comments: list[Token] = []
        entries: list[list[Token]] = []
        for child in tree.children[1:]:
            if isinstance(child, str):
                comments.append(child)
            else:
                entries.append(_tokens(child))
        return self.deal_of(_first_token(tree), entries, comments)

    def deal_of(
        self, head: Located, entries: Sequence[Sequence[Located]], comments: Sequence[Located]
    ) -> Deal:
        """The deal of its entries, each a seat with its cards or ``kitty: CARDS``."""
        hands: list[Slots | None] = [None, None, None, None]
        kitty: Slots | None = None
        for entry in entries:
            first = entry[0]
            if first.type == "KITTY":
                if kitty is not None:
                    self.error_at(first, msg("psn.kitty-twice"))
                kitty = self.cards(entry[-1])
            else:
                seat, cards = self.seat_cards(first)
                if hands[seat - 1] is not None:
                    self.error_at(first, msg("psn.dealt-twice", seat=seat))
                hands[seat - 1] = cards
        return Deal(
            (hands[0], hands[1], hands[2], hands[3]),
            kitty,
            self.comments(comments),
            self._line(head),
            column_of(head),
        )

    def deck(self, tree: Node) -> Deck:
        tokens = _tokens(tree)
        return self.deck_of(tokens[0], tokens[1], tokens[2:])

    def deck_of(self, head: Located, cards: Located, comments: Sequence[Located]) -> Deck:
        """The deck of its seat-and-cards token (the first seat to draw, the cards)."""
        seat, slots = self.seat_cards(cards)
        return Deck(seat, slots, self.comments(comments), self._line(head), column_of(head))

    # -- the auction: bids, fallbacks and buries

    def auction_event(self, tree: Node) -> AuctionEvent:
        line, column = self._where(tree)
        kids = tree.children
        head = kids[0]
        assert isinstance(head, str)
        if tree.data == "bid":
            seat, cards = self.seat_cards(_token(kids[1]))
            strain, draw, rest = None, None, 2
            target = _subtree(kids, rest, "target")
            if target is not None:
                strain = self.strain(target)
                rest += 1
            if rest < len(kids) and _is(kids[rest], "DRAW"):
                draw_token = _token(kids[rest])
                draw = self.number(draw_token, draw_token.value[1:])
                rest += 1
            nags, comments, variations = self.suffixes(kids[rest:], ("auction",))
            kind = BidKind(head.value.rstrip().lower())
            return BidNode(
                kind, seat, cards, strain, draw, nags, comments, variations, line, column
            )
        if tree.data == "fallback":
            source = FallbackSource(_token(kids[1]).value.rstrip().lower())
            cards = self.cards(_token(kids[2]))
            strain, rest = None, 3
            target = _subtree(kids, rest, "target")
            if target is not None:
                strain = self.strain(target)
                rest += 1
            nags, comments, variations = self.suffixes(kids[rest:], ("auction",))
            return Fallback(source, cards, strain, nags, comments, variations, line, column)
        # bury
        holder = _token(kids[1])
        if holder.type == "SEAT":
            seat, cards = self.seat(holder, holder.value.split(":")[0]), ()
        else:
            seat, cards = self.seat_cards(holder)
        held: Slots | None = None
        rest = 2
        after = _subtree(kids, rest, "held")
        if after is not None:
            held = self.cards(_token(after.children[1]))
            rest += 1
        nags, comments, variations = self.suffixes(kids[rest:], ("auction",))
        return KittyExchange(seat, cards, held, nags, comments, variations, line, column)

    def plain_auction(self, token: Located) -> list[AuctionEvent]:
        """The bids, fallbacks and buries of an AUCTION token (a fast form)."""
        out: list[AuctionEvent] = []
        text = token.value
        line = self._line(token)
        before = -column_of(token)  # the offset before the current line's first character
        offset = 0
        # The parts follow each other without a gap: their lengths give their places.
        for part, keyword, source, digits, run, strain, draw, held in _AUCTION_PART.findall(text):
            start = offset
            offset += len(part)
            column = start - before
            cards = _RUNS.get(run) or _plain_run(run)
            target = Strain(_STRAIN_ALIASES.get(strain.upper(), strain.upper())) if strain else None
            kind = keyword.lower()
            if source:
                source_ = FallbackSource(source.lower())
                out.append(Fallback(source_, cards, target, line=line, column=column))
            else:
                seat = int(digits)
                if not 1 <= seat <= 4:
                    raise ReadAgain
                if kind == "bury":
                    after = (_RUNS.get(held) or _plain_run(held)) if held else None
                    if after is not None and not after:
                        raise ReadAgain
                    out.append(plain_bury(seat, cards, after, line, column))
                else:
                    if not cards:
                        raise ReadAgain
                    count = int(draw) if draw else None
                    out.append(plain_bid(BidKind(kind), seat, cards, target, count, line, column))
            if "\n" in part:
                line += part.count("\n")
                before = start + part.rindex("\n")
        if offset != len(text):  # cannot be: the grammar says so
            raise ReadAgain
        return out

    def strain(self, tree: Node) -> Strain:
        text = _token(tree.children[-1]).value.rstrip().upper()
        return Strain(_STRAIN_ALIASES.get(text, text))

    # -- tricks and their plays

    def plain_tricks(self, token: Located) -> list[Trick]:
        """The tricks of a TRICKS token (a fast form: tricks without annotations).

        Only what holds within the token is checked here: seats, cards, four plays at most.
        Numbering, and the first play of a variation, are checked where the tricks are used.
        """
        out: list[Trick] = []
        text = token.value
        line = self._line(token)
        before = -column_of(token)  # the offset before the current line's first character
        offset = number = trick_line = trick_column = 0
        plays: list[PlayNode] = []
        winner: Seat | None = None
        # The parts follow each other without a gap: their lengths give their places.
        # (A play after "won by" cannot be: the grammar ends the trick there.)
        for part, digits, kind, run, thrown, blocker, won in _TRICK_PART.findall(text):
            start = offset
            offset += len(part)
            if kind == ":":  # a play, the most frequent part
                seat = _SEATS.get(digits)  # None for "5", "0" or "01": read again
                if seat is None or len(plays) == 4 or not number:
                    raise ReadAgain
                cards = _RUNS.get(run) or _plain_run(run)
                if not thrown:
                    plays.append(plain_play(seat, cards, line, start - before))
                else:
                    by = _SEATS.get(blocker) if blocker else None
                    if blocker and by is None:
                        raise ReadAgain
                    played = _RUNS.get(thrown) or _plain_run(thrown)
                    plays.append(plain_play(seat, played, line, start - before, cards, by))
            elif kind:  # a trick number
                if plays:
                    out.append(plain_trick(number, tuple(plays), trick_line, trick_column, winner))
                    plays, winner = [], None
                elif number:  # a trick without plays: cannot be, the grammar says so
                    raise ReadAgain
                number, trick_line, trick_column = int(digits), line, start - before
                if number < 1:
                    raise ReadAgain
            else:  # "won by 2": ends the trick
                winner = _SEATS.get(won)
                if winner is None or not plays:
                    raise ReadAgain
            if "\n" in part:
                line += part.count("\n")
                before = start + part.rindex("\n")
        if offset != len(text) or not plays:  # cannot be: the grammar says so
            raise ReadAgain
        out.append(plain_trick(number, tuple(plays), trick_line, trick_column, winner))
        return out

    def trick_number(self, node: Node | Trick) -> int:
        """The number of a trick ("12." gives 12)."""
        if isinstance(node, Trick):
            return node.number
        token = _token(node.children[0])
        return self.number(token, token.value.rstrip()[:-1])

    def trick_token(self, item: Node | Trick) -> Token:
        """The number token of a trick read token by token; a fast form's error reads again."""
        if isinstance(item, Trick):
            raise ReadAgain
        return _token(item.children[0])

    def tricks(self, nodes: list[Node | Trick], first_number: int | None) -> tuple[Trick, ...]:
        """Tricks numbered one after another; the first from ``first_number`` if given."""
        out: list[Trick] = []
        expected = first_number
        for node in nodes:
            if isinstance(node, Trick):  # from a fast form: its own checks are made
                if expected is not None and node.number != expected:
                    raise ReadAgain
                out.append(node)
                expected = node.number + 1
                continue
            token = _token(node.children[0])
            number = self.trick_number(node)
            if expected is not None and number != expected:
                message = msg("psn.trick-sequence", number=number, expected=expected)
                self.error_at(token, message)
            elif number < 1:
                self.error_at(token, msg("psn.trick-from-1"))
            out.append(self.trick(node))
            expected = number + 1
        return tuple(out)

    def trick(self, node: Node | Trick, first_seat: Seat | None = None, offset: int = 0) -> Trick:
        if isinstance(node, Trick):  # from a fast form: the checks of plays() below
            if node.plays[0].seat != first_seat or offset + len(node.plays) > 4:
                raise ReadAgain
            return node
        number = max(1, self.trick_number(node))
        comments: list[Token] = []
        play_nodes: list[Node] = []
        winner: Node | None = None
        for child in node.children[1:]:
            if isinstance(child, str):
                comments.append(child)
            elif child.data == "winner":
                winner = child
            else:
                play_nodes.append(child)
        plays = self.plays(number, play_nodes, first_seat, offset)
        line, column = self._where(node)
        won = self.winner(winner)
        return Trick(number, plays, self.comments(comments), won, line, column)

    def partial_trick(
        self, number: int, nodes: list[Node], seat: Seat, offset: int, winner: Node | None
    ) -> Trick:
        plays = self.plays(number, nodes, seat, offset)
        line, column = self._where(nodes[0])
        return Trick(number, plays, (), self.winner(winner), line, column)

    def winner(self, node: Node | None) -> Seat | None:
        """The seat of a recorded winner, "won by 2"."""
        return None if node is None else self.seat(_token(node.children[2]))

    def plays(
        self, number: int, nodes: list[Node], first_seat: Seat | None, offset: int
    ) -> tuple[PlayNode, ...]:
        """The plays of trick ``number`` from place ``offset`` on, four plays at most."""
        out: list[PlayNode] = []
        for index, node in enumerate(nodes):
            play = self.play(node, number, offset + index)
            token = _token(node.children[0])
            if token.start_pos in self.bad_seats:
                out.append(play)
                continue
            if index == 0 and first_seat is not None and play.seat != first_seat:
                self.error_at(token, msg("psn.variation-seat", seat=first_seat))
            # A play out of turn is a rules matter: the replay reports it (out-of-turn)
            # and the hand is still read.
            if offset + index == 4:
                self.error_at(token, msg("psn.four-plays", number=number))
                break
            out.append(play)
        return tuple(out)

    def play(self, node: Node, number: int, place: int) -> PlayNode:
        kids = node.children
        head = _token(kids[0])
        seat, cards = self.seat_cards(head)
        if len(kids) == 1:  # most plays: no throw, no annotation
            return PlayNode(seat, cards, line=self._line(head), column=column_of(head))
        attempted: Slots | None = None
        blocker: Seat | None = None
        rest = 1
        failed = _subtree(kids, rest, "failed_throw")
        if failed is not None:
            throw = _tokens(failed)
            attempted, cards = cards, self.cards(throw[1])
            if len(throw) > 3:
                blocker = self.seat(throw[3])
            rest += 1
        nags, comments, variations = self.suffixes(kids[rest:], ("play", number, seat, place))
        return PlayNode(
            seat,
            cards,
            attempted,
            blocker,
            nags,
            comments,
            variations,
            self._line(head),
            column_of(head),
        )

    # -- annotations and variations of a bid or a play

    def suffixes(
        self, items: list[Token | Node], context: tuple[object, ...]
    ) -> tuple[tuple[int, ...], tuple[Comment, ...], tuple[Variation, ...]]:
        nags: list[int] = []
        comments: list[Comment] = []
        variations: list[Variation] = []
        for item in items:
            if not isinstance(item, str):
                variation = self.variation(item, context)
                if variation is not None:
                    variations.append(variation)
            elif item.type == "GLYPH":
                nags.append(GLYPHS[item.value.rstrip()])
            elif item.type == "NAG":
                nags.append(self.number(item, item.value[1:]))
            else:
                comments.append(self._comment(item))
        return tuple(nags), tuple(comments), tuple(variations)

    def variation(self, tree: Node, context: tuple[object, ...]) -> Variation | None:
        lpar = _token(tree.children[0])
        comments: list[Token] = []
        loose: list[Node] = []
        winner: Node | None = None  # after the loose plays
        auction: list[AuctionEvent] = []
        tricks: list[Node | Trick] = []
        for child in tree.children[1:-1]:
            if isinstance(child, str):
                if child.type == "TRICKS":
                    tricks.extend(self.plain_tricks(child))
                elif child.type == "AUCTION":
                    if context[0] == "play":  # an error: read again to report it
                        raise ReadAgain
                    auction.extend(self.plain_auction(child))
                else:
                    comments.append(child)
            elif child.data == "play":
                loose.append(child)
            elif child.data == "winner":
                winner = child
            elif child.data == "trick":
                tricks.append(child)
            else:
                if context[0] == "play" and not auction:
                    self.error_at(_first_token(child), msg("psn.play-variation-bids"))
                auction.append(self.auction_event(child))
        events: list[Event] = list(auction)
        if context[0] == "play":
            _, number, seat, offset = context
            assert isinstance(number, int) and isinstance(seat, int) and isinstance(offset, int)
            if loose:
                partial = self.partial_trick(number, loose, seat, offset, winner)
                events.append(partial)
                if tricks and self.trick_number(tricks[0]) == number:
                    self.error_at(
                        self.trick_token(tricks[0]), msg("psn.trick-under-way", number=number)
                    )
                events.extend(self.tricks(tricks, number + 1))
            elif tricks:
                if self.trick_number(tricks[0]) != number:
                    self.error_at(
                        self.trick_token(tricks[0]), msg("psn.variation-trick", number=number)
                    )
                first = self.trick(tricks[0], first_seat=seat, offset=offset)
                events.append(first)
                events.extend(self.tricks(tricks[1:], number + 1))
        else:
            if loose:
                self.error_at(_first_token(loose[0]), msg("psn.variation-number"))
            events.extend(self.tricks(tricks, None))
        if not events:
            if not self.errors:
                self.error_at(lpar, msg("psn.empty-variation"))
            return None
        line, column = self._line(lpar), column_of(lpar)
        return Variation(tuple(events), self.comments(comments), line, column)

    # -- the result

    def result(self, tree: Node) -> Result:
        values: dict[str, object] = {}
        comments: list[Token] = []
        first = tree.children[0]
        if isinstance(first, str) and first.type == "RESULT_LINE":
            return self.result_line(first)
        for child in tree.children[1:]:
            if isinstance(child, str):
                comments.append(child)
                continue
            tokens = _tokens(child)
            if child.data == "points":
                values["points"] = self.number(tokens[1])
            elif child.data == "kitty_score":
                values["kitty_points"] = self.number(tokens[1])
                if len(tokens) > 2:
                    values["multiplier"] = self.number(tokens[2], tokens[2].value[1:])
            elif child.data == "level":
                values["side"] = Side(tokens[1].value.rstrip().lower())
                values["levels"] = self.number(tokens[2])
            else:
                values["next_dealer"] = self.seat(tokens[1])
        line, column = self._where(tree)
        return Result(
            comments=self.comments(comments),
            line=line,
            column=column,
            **values,  # type: ignore[arg-type]
        )

    def result_line(self, token: Located) -> Result:
        """The result of a RESULT_LINE token (a fast form: a result with no comment)."""
        m = _RESULT_LINE.match(token.value)
        if m is None or m.end() != len(token.value):  # a number too long for the fast form
            raise ReadAgain
        points, kitty, multiplier, side, levels, seat = m.groups()
        return Result(
            points=None if points is None else int(points),
            kitty_points=None if kitty is None else int(kitty),
            multiplier=None if multiplier is None else int(multiplier),
            side=None if side is None else Side(side.lower()),
            levels=None if levels is None else int(levels),
            next_dealer=None if seat is None else self.seat(token, seat),
            line=self._line(token),
            column=column_of(token),
        )
