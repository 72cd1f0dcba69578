"""The headers and the deal of a hand: header lines, each seat's cards and the kitty, or
a deck in the order it was dealt."""

from __future__ import annotations

import re

from lark import Token

from notation.messages import msg
from notation.psn.builder.base import _Base
from notation.psn.grammar import _column, _Node, _tokens
from notation.psn.model import Cards, Deal, Deck, Header, plain_header

_HEADER_PARTS = re.compile(r'\[[ \t]*([A-Za-z0-9_]+)[ \t]+"((?:[^"\\\n]|\\.)*)"[ \t]*\]')


class _Deal(_Base):
    """The headers, and the deal or the deck."""

    def headers(self, token: Token) -> list[Header]:
        """The headers of a HEADERS token (a fast form: header lines in a row)."""
        out: list[Header] = []
        text = token.value
        line = self._line(token)
        line_start = 1 - _column(token)  # where the token's first line starts, in ``text``
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
        return Header(tag, value, self._line(token), _column(token))

    def deal(self, tree: _Node) -> Deal:
        hands: list[Cards | None] = [None, None, None, None]
        kitty: Cards | None = None
        comments: list[Token] = []
        for child in tree.children[1:]:
            if isinstance(child, Token):
                comments.append(child)
                continue
            first = child.children[0]
            assert isinstance(first, Token)
            if first.type == "KITTY":
                if kitty is not None:
                    self.error_at(first, msg("psn.kitty-twice"))
                last = child.children[-1]
                assert isinstance(last, Token)
                kitty = self.cards(last)
            else:
                seat, cards = self.seat_cards(first)
                if hands[seat - 1] is not None:
                    self.error_at(first, msg("psn.dealt-twice", seat=seat))
                hands[seat - 1] = cards
        line, column = self._where(tree)
        return Deal(
            (hands[0], hands[1], hands[2], hands[3]),
            kitty,
            self.comments(comments),
            line,
            column,
        )

    def deck(self, tree: _Node) -> Deck:
        tokens = _tokens(tree)
        seat, cards = self.seat_cards(tokens[1])
        line, column = self._where(tree)
        return Deck(seat, cards, self.comments(tokens[2:]), line, column)
