"""The auction of a hand: bids, fallbacks and buries, written one by one or as a fast
form."""

from __future__ import annotations

from lark import Token

from notation.psn import fast
from notation.psn.builder.base import _Base
from notation.psn.fast import _plain_run, _ReadAgain
from notation.psn.grammar import _column, _is, _Node, _subtree, _token
from notation.psn.model import (
    AuctionEvent,
    Bid,
    BidKind,
    Cards,
    Fallback,
    FallbackSource,
    KittyExchange,
    Strain,
)

# Bound by assignment, not imported by name: see the note in notation.psn.fast.
_AUCTION_PART, _RUNS = fast._AUCTION_PART, fast._RUNS

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


class _Auction(_Base):
    """The bids, fallbacks and buries."""

    def auction_event(self, tree: _Node) -> AuctionEvent:
        line, column = self._where(tree)
        kids = tree.children
        head = kids[0]
        assert isinstance(head, Token)
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
            return Bid(kind, seat, cards, strain, draw, nags, comments, variations, line, column)
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
        held: Cards | None = None
        rest = 2
        after = _subtree(kids, rest, "held")
        if after is not None:
            held = self.cards(_token(after.children[1]))
            rest += 1
        nags, comments, variations = self.suffixes(kids[rest:], ("auction",))
        return KittyExchange(seat, cards, held, nags, comments, variations, line, column)

    def plain_auction(self, token: Token) -> list[AuctionEvent]:
        """The bids, fallbacks and buries of an AUCTION token (a fast form)."""
        out: list[AuctionEvent] = []
        text = token.value
        line = self._line(token)
        before = -_column(token)  # the offset before the current line's first character
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
                    raise _ReadAgain
                if kind == "bury":
                    after = (_RUNS.get(held) or _plain_run(held)) if held else None
                    out.append(KittyExchange(seat, cards, after, line=line, column=column))
                else:
                    count = int(draw) if draw else None
                    bid = Bid(BidKind(kind), seat, cards, target, count, line=line, column=column)
                    out.append(bid)
            if "\n" in part:
                line += part.count("\n")
                before = start + part.rindex("\n")
        if offset != len(text):  # cannot be: the grammar says so
            raise _ReadAgain
        return out

    def strain(self, tree: _Node) -> Strain:
        text = _token(tree.children[-1]).value.rstrip().upper()
        return Strain(_STRAIN_ALIASES.get(text, text))
