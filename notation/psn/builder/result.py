"""The result line of a hand: points, the kitty's score, the level change, the next
dealer."""

from __future__ import annotations

from lark import Token

from notation.psn import fast
from notation.psn.builder.base import _Base
from notation.psn.fast import _ReadAgain
from notation.psn.grammar import _column, _Node, _tokens
from notation.psn.model import Result, Side

# Bound by assignment, not imported by name: see the note in notation.psn.fast.
_RESULT_LINE = fast._RESULT_LINE


class _Result(_Base):
    """The result line."""

    def result(self, tree: _Node) -> Result:
        values: dict[str, object] = {}
        comments: list[Token] = []
        first = tree.children[0]
        if isinstance(first, Token) and first.type == "RESULT_LINE":
            return self.result_line(first)
        for child in tree.children[1:]:
            if isinstance(child, Token):
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

    def result_line(self, token: Token) -> Result:
        """The result of a RESULT_LINE token (a fast form: a result with no comment)."""
        m = _RESULT_LINE.match(token.value)
        if m is None or m.end() != len(token.value):  # a number too long for the fast form
            raise _ReadAgain
        points, kitty, multiplier, side, levels, seat = m.groups()
        return Result(
            points=None if points is None else int(points),
            kitty_points=None if kitty is None else int(kitty),
            multiplier=None if multiplier is None else int(multiplier),
            side=None if side is None else Side(side.lower()),
            levels=None if levels is None else int(levels),
            next_dealer=None if seat is None else self.seat(token, seat),
            line=self._line(token),
            column=_column(token),
        )
