"""The builder's base: its errors and their places in the file, and the leaves of a tree
(cards, numbers, seats, comments) that every phase of a hand reads."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from lark import Token

from notation.errors import CardError
from notation.messages import Both, Message, msg
from notation.psn import fast
from notation.psn.errors import PSNError, PSNSemanticError
from notation.psn.fast import _CARD, _ReadAgain
from notation.psn.grammar import _column, _first_token, _Node
from notation.psn.model import UNKNOWN, Cards, CardSlot, Comment, Variation
from notation.rules.cards import parse_card
from notation.rules.seats import Seat

# Bound by assignment, not imported by name: see the note in notation.psn.fast.
_CARD_CACHE = fast._CARD_CACHE

# No number in a hand comes near a million (tricks, seats, points, marks, draw counts);
# the fast forms' patterns say the same with [0-9]{1,6}.
MAX_DIGITS = 6
_WORD = re.compile(r"\S+")


class _Base:
    """One hand's text and the errors found in it; the leaves every phase reads. The
    phases of a hand (:mod:`.deal`, :mod:`.auction`, :mod:`.tricks`, :mod:`.variations`,
    :mod:`.result`) build on it."""

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
            raise _ReadAgain
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

    def error_at(self, token: Token, message: Message) -> None:
        # A seat with its cards is underlined up to the colon: the seat is the point.
        text = token.value.split("\n")[0].rstrip()
        width = text.index(":") + 1 if token.type == "SEAT_CARDS" else len(text)
        self.error(message, self._line(token), _column(token), width)

    def position(self, offset: int) -> tuple[int, int]:
        line = self.text.count("\n", 0, offset) + self.first_line
        return line, offset - self.text.rfind("\n", 0, offset)

    def _line(self, token: Token) -> int:
        return (token.line or 1) + self.first_line - 1

    def _where(self, item: Token | _Node) -> tuple[int, int]:
        token = item if isinstance(item, Token) else _first_token(item)
        return self._line(token), _column(token)

    def _comment(self, token: Token) -> Comment:
        return Comment(token.value.rstrip()[1:-1], self._line(token), _column(token))

    # -- leaves

    def cards(self, token: Token, skip: int = 0) -> Cards:
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

    def cards_with_errors(self, token: Token, skip: int) -> Cards:
        """The cards of a run with unknown words: each reported at its place, read as ??."""
        out: list[CardSlot] = []
        for m in _WORD.finditer(token.value, skip):
            try:
                out.append(_CARD_CACHE.get(m[0]) or parse_card(m[0]))
            except CardError as e:
                line, column = self.position((token.start_pos or 0) + m.start())
                why = msg("psn.unknown-card", reason=Both(str(e), repr(m[0])))
                self.error(why, line, column, len(m[0]))
                out.append(UNKNOWN)
        return tuple(out)

    def number(self, token: Token, text: str | None = None) -> int:
        """The number ``text`` written in ``token`` (default: the token itself); one of more
        than :data:`MAX_DIGITS` digits is a located error (Python reads at most 4300)."""
        text = token.value if text is None else text
        digits = text.strip().lstrip("+-")
        if len(digits.lstrip("0")) > MAX_DIGITS:
            message = msg("psn.digits", n=len(digits), most=MAX_DIGITS)
            self.error_at(token, message)
            raise ValueError(message.render())  # the hand stops here: the error above says why
        return int(text)

    def seat(self, token: Token, text: str | None = None) -> Seat:
        value = self.number(token, text)
        if not 1 <= value <= 4:
            self.error_at(token, msg("psn.no-seat", value=value))
            # Read on as seat 1 to find the other errors; checks of turn skip this one.
            self.bad_seats.add(token.start_pos or 0)
            return 1
        return value

    def seat_cards(self, token: Token) -> tuple[Seat, Cards]:
        colon = token.value.index(":")
        return self.seat(token, token.value[:colon]), self.cards(token, colon + 1)

    def comments(self, tokens: list[Token]) -> tuple[Comment, ...]:
        return tuple(self._comment(t) for t in tokens)

    if TYPE_CHECKING:
        # A bid and a play may carry annotations and variations (:mod:`.variations`).

        def suffixes(
            self, items: list[Token | _Node], context: tuple[object, ...]
        ) -> tuple[tuple[int, ...], tuple[Comment, ...], tuple[Variation, ...]]: ...
