"""Who wins a trick, and what it is worth.

A follow can win only if it has exactly the lead's format in one effective suit: all
of the led suit, or all trumps (a ruff). A ruff must match the lead's shape: a trump
pair beats a side pair, two trump singles do not. Plays of the right format are
compared by the highest answering unit of the lead's biggest shape; a later play
wins only if strictly higher, so identical cards go to the one played first
(000§5: against side ♦5♦4♦4, trump 9 7 7 ruffs and 8 8 4 over-ruffs it; against side
♦5 ♦6 ♦7, trump 9 7 7 ruffs and 8 8 4 cannot over-ruff).
"""

from __future__ import annotations

from collections.abc import Sequence

from notation.frozen import dataclass_by_build
from notation.rules.cards import Card
from notation.rules.order import TRUMP, Trump
from notation.rules.seats import Seat
from notation.rules.units import Shape, Unit, decompose, format_value, lead_shape

__all__ = ["OpenTrick", "TrickResult", "play_value", "trick_points", "trick_winner"]


def trick_points(plays: Sequence[Sequence[Card]]) -> int:
    """The card points in a trick."""
    return sum(c.points for cards in plays for c in cards)


def play_value(
    lead_units: Sequence[Unit], cards: Sequence[Card], trump: Trump, shape: Shape | None = None
) -> tuple[int, int] | None:
    """``(1 if trump else 0, level)`` of a play that can win against the lead, else ``None``.

    Only a play all of the led suit or all trumps, in the lead's format, can win.
    """
    if not cards:
        return None
    table = trump.table
    suit, level = table[cards[0]]
    lead_suit = lead_units[0].suit
    # Effective suits compared by identity (each is a Suit or TRUMP, one object each):
    # compiled, ``!=`` is a generic call at every card.
    if suit is not lead_suit and suit is not TRUMP:
        return None
    if len(cards) == 1:  # a single against a single: the common case, decided at once
        return (1 if suit is not lead_suit else 0, level)
    for card in cards:
        if table[card][0] is not suit:
            return None
    value = format_value(lead_units, cards, trump, shape)
    if value is None:
        return None
    return (1 if suit == TRUMP and lead_suit != TRUMP else 0, value)


@dataclass_by_build(frozen=True, slots=True)
class TrickResult:
    """The outcome of one trick."""

    winner: Seat
    winning_play: int  # index into the plays, 0 = the lead
    points: int
    shape: tuple[int, int]  # (copies, length) of the lead's biggest unit, for the kitty

    def to_dict(self) -> dict[str, object]:
        """Plain values for JSON."""
        return {
            "winner": self.winner,
            "winning_play": self.winning_play,
            "points": self.points,
            "shape": list(self.shape),
        }


class OpenTrick:
    """A trick as it is played: who is winning after each play.

    >>> from notation.rules.cards import parse_cards
    >>> t = OpenTrick(1, parse_cards("H5 H5"), Trump.parse("S 10"))
    >>> follows = [(2, "S9 S7"), (3, "S7 S7"), (4, "S8 S8")]
    >>> [t.add(seat, parse_cards(cards)) for seat, cards in follows]
    [1, 3, 4]
    """

    __slots__ = ("best", "index", "lead_units", "plays", "points", "shape", "trump")

    def __init__(
        self, leader: Seat, lead: Sequence[Card], trump: Trump, units: list[Unit] | None = None
    ) -> None:
        self.trump = trump
        self.lead_units = lead_units = units if units is not None else decompose(lead, trump)
        self.shape = lead_shape(lead_units)
        first = lead_units[0]
        # Loops, not generators: a trick is opened at every lead of every hand replayed.
        for unit in lead_units:
            if unit.suit != first.suit:
                raise ValueError("a lead of several suits has no winner")
        # The lead in its own format: its biggest unit of the highest top, which
        # decompose puts first (no other reading of the lead has a higher one).
        self.best = (0, first.top)
        self.index = 0
        self.plays: list[Seat] = [leader]
        points = 0
        for card in lead:
            points += card.points
        self.points = points

    def add(self, seat: Seat, cards: Sequence[Card]) -> Seat:
        """Add a follow; return the seat now winning."""
        points = 0
        for card in cards:
            points += card.points
        return self.add_valued(
            seat, points, play_value(self.lead_units, cards, self.trump, self.shape)
        )

    def add_valued(self, seat: Seat, points: int, value: tuple[int, int] | None) -> Seat:
        """Add a follow of ``points`` card points whose :func:`play_value` against this
        trick's lead is ``value`` (a caller that knows both: the game state's search);
        return the seat now winning."""
        self.plays.append(seat)
        self.points += points
        if value is not None and value > self.best:
            self.best, self.index = value, len(self.plays) - 1
        return self.plays[self.index]

    @property
    def winning(self) -> Seat:
        """The seat winning so far."""
        return self.plays[self.index]

    def result(self) -> TrickResult:
        """The outcome so far, as if the trick ended now."""
        return TrickResult(self.winning, self.index, self.points, self.lead_units[0].shape)


def trick_winner(plays: Sequence[tuple[Seat, Sequence[Card]]], trump: Trump) -> TrickResult:
    """The winner of a trick given its plays in order, the lead first.

    The lead is taken as played; a failed throw's lead is the forced unit.
    """
    if not plays:
        raise ValueError("a trick needs at least its lead")
    trick = OpenTrick(plays[0][0], plays[0][1], trump)
    for seat, cards in plays[1:]:
        trick.add(seat, cards)
    return trick.result()
