"""The annotations of a bid or a play: glyphs, NAGs, comments and variations, a variation
holding bids or tricks in its turn."""

from __future__ import annotations

from lark import Token, Tree

from notation.messages import msg
from notation.psn.builder.auction import _Auction
from notation.psn.builder.tricks import _Tricks
from notation.psn.fast import _ReadAgain
from notation.psn.grammar import _column, _first_token, _Node, _token
from notation.psn.model import GLYPHS, AuctionEvent, Comment, Event, Trick, Variation


class _Variations(_Auction, _Tricks):
    """The annotations and variations of a bid or a play."""

    def suffixes(
        self, items: list[Token | _Node], context: tuple[object, ...]
    ) -> tuple[tuple[int, ...], tuple[Comment, ...], tuple[Variation, ...]]:
        nags: list[int] = []
        comments: list[Comment] = []
        variations: list[Variation] = []
        for item in items:
            if isinstance(item, Tree):
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

    def variation(self, tree: _Node, context: tuple[object, ...]) -> Variation | None:
        lpar = _token(tree.children[0])
        comments: list[Token] = []
        loose: list[_Node] = []
        winner: _Node | None = None  # after the loose plays
        auction: list[AuctionEvent] = []
        tricks: list[_Node | Trick] = []
        for child in tree.children[1:-1]:
            if isinstance(child, Token):
                if child.type == "TRICKS":
                    tricks.extend(self.plain_tricks(child))
                elif child.type == "AUCTION":
                    if context[0] == "play":  # an error: read again to report it
                        raise _ReadAgain
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
        line, column = self._line(lpar), _column(lpar)
        return Variation(tuple(events), self.comments(comments), line, column)
