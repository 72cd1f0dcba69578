"""The tricks of a hand and their plays: numbered in order, four plays at most, a failed
throw and a recorded winner; written one by one or as a fast form."""

from __future__ import annotations

from lark import Token

from notation.messages import msg
from notation.psn import fast
from notation.psn.builder.base import _Base
from notation.psn.fast import _plain_run, _ReadAgain
from notation.psn.grammar import _column, _Node, _subtree, _token, _tokens
from notation.psn.model import Cards, Play, Trick, plain_play, plain_trick
from notation.rules.seats import Seat

# Bound by assignment, not imported by name: see the note in notation.psn.fast.
_RUNS, _SEATS, _TRICK_PART = fast._RUNS, fast._SEATS, fast._TRICK_PART


class _Tricks(_Base):
    """The tricks and their plays."""

    def plain_tricks(self, token: Token) -> list[Trick]:
        """The tricks of a TRICKS token (a fast form: tricks without annotations).

        Only what holds within the token is checked here: seats, cards, four plays at most.
        Numbering, and the first play of a variation, are checked where the tricks are used.
        """
        out: list[Trick] = []
        text = token.value
        line = self._line(token)
        before = -_column(token)  # the offset before the current line's first character
        offset = number = trick_line = trick_column = 0
        plays: list[Play] = []
        winner: Seat | None = None
        # The parts follow each other without a gap: their lengths give their places.
        # (A play after "won by" cannot be: the grammar ends the trick there.)
        for part, digits, kind, run, thrown, blocker, won in _TRICK_PART.findall(text):
            start = offset
            offset += len(part)
            if kind == ":":  # a play, the most frequent part
                seat = _SEATS.get(digits)  # None for "5", "0" or "01": read again
                if seat is None or len(plays) == 4 or not number:
                    raise _ReadAgain
                cards = _RUNS.get(run) or _plain_run(run)
                if not thrown:
                    plays.append(plain_play(seat, cards, line, start - before))
                else:
                    by = _SEATS.get(blocker) if blocker else None
                    if blocker and by is None:
                        raise _ReadAgain
                    played = _RUNS.get(thrown) or _plain_run(thrown)
                    plays.append(plain_play(seat, played, line, start - before, cards, by))
            elif kind:  # a trick number
                if plays:
                    out.append(plain_trick(number, tuple(plays), trick_line, trick_column, winner))
                    plays, winner = [], None
                elif number:  # a trick without plays: cannot be, the grammar says so
                    raise _ReadAgain
                number, trick_line, trick_column = int(digits), line, start - before
                if number < 1:
                    raise _ReadAgain
            else:  # "won by 2": ends the trick
                winner = _SEATS.get(won)
                if winner is None or not plays:
                    raise _ReadAgain
            if "\n" in part:
                line += part.count("\n")
                before = start + part.rindex("\n")
        if offset != len(text) or not plays:  # cannot be: the grammar says so
            raise _ReadAgain
        out.append(plain_trick(number, tuple(plays), trick_line, trick_column, winner))
        return out

    def trick_number(self, node: _Node | Trick) -> int:
        """The number of a trick ("12." gives 12)."""
        if isinstance(node, Trick):
            return node.number
        token = _token(node.children[0])
        return self.number(token, token.value.rstrip()[:-1])

    def trick_token(self, item: _Node | Trick) -> Token:
        """The number token of a trick read token by token; a fast form's error reads again."""
        if isinstance(item, Trick):
            raise _ReadAgain
        return _token(item.children[0])

    def tricks(self, nodes: list[_Node | Trick], first_number: int | None) -> tuple[Trick, ...]:
        """Tricks numbered one after another; the first from ``first_number`` if given."""
        out: list[Trick] = []
        expected = first_number
        for node in nodes:
            if isinstance(node, Trick):  # from a fast form: its own checks are made
                if expected is not None and node.number != expected:
                    raise _ReadAgain
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

    def trick(self, node: _Node | Trick, first_seat: Seat | None = None, offset: int = 0) -> Trick:
        if isinstance(node, Trick):  # from a fast form: the checks of plays() below
            if node.plays[0].seat != first_seat or offset + len(node.plays) > 4:
                raise _ReadAgain
            return node
        number = max(1, self.trick_number(node))
        comments: list[Token] = []
        play_nodes: list[_Node] = []
        winner: _Node | None = None
        for child in node.children[1:]:
            if isinstance(child, Token):
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
        self, number: int, nodes: list[_Node], seat: Seat, offset: int, winner: _Node | None
    ) -> Trick:
        plays = self.plays(number, nodes, seat, offset)
        line, column = self._where(nodes[0])
        return Trick(number, plays, (), self.winner(winner), line, column)

    def winner(self, node: _Node | None) -> Seat | None:
        """The seat of a recorded winner, "won by 2"."""
        return None if node is None else self.seat(_token(node.children[2]))

    def plays(
        self, number: int, nodes: list[_Node], first_seat: Seat | None, offset: int
    ) -> tuple[Play, ...]:
        """The plays of trick ``number`` from place ``offset`` on, four plays at most."""
        out: list[Play] = []
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

    def play(self, node: _Node, number: int, place: int) -> Play:
        kids = node.children
        head = _token(kids[0])
        seat, cards = self.seat_cards(head)
        if len(kids) == 1:  # most plays: no throw, no annotation
            return Play(seat, cards, line=self._line(head), column=_column(head))
        attempted: Cards | None = None
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
        return Play(
            seat,
            cards,
            attempted,
            blocker,
            nags,
            comments,
            variations,
            self._line(head),
            _column(head),
        )
