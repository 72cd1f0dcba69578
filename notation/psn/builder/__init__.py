"""The builder: one hand's parse tree turned into the typed model, with the semantic
errors (seat 5, card S11, trick 4 after trick 2) found without any rule set; one
module a phase of the hand, joined in :class:`_Builder`."""

from __future__ import annotations

from lark import Token

from notation.psn.builder.deal import _Deal
from notation.psn.builder.result import _Result
from notation.psn.builder.variations import _Variations
from notation.psn.grammar import _Node
from notation.psn.model import AuctionEvent, Deal, Deck, Hand, Header, Result, Trick


class _Builder(_Deal, _Variations, _Result):
    """Turns one hand's parse tree into the model, collecting semantic errors.

    With ``exact=False`` the tree may hold the grammar's fast forms, and the first error
    raises :class:`_ReadAgain` instead of being collected: the hand is then read again
    without fast forms, whose tree this builder reads with ``exact=True``.
    """

    def hand(self, tree: _Node) -> Hand:
        headers: list[Header] = []
        comments: list[Token] = []
        deal: Deal | Deck | None = None
        auction: list[AuctionEvent] = []
        result: Result | None = None
        tricks: list[_Node | Trick] = []
        for child in tree.children:
            if isinstance(child, Token):
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
        line, column = self._where(first) if first is not None else (0, 0)
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
