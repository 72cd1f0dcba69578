"""The best line: what makes a judged play's best play best, play by play.

For each judged play the analysis names the best play; its *line* is that play and what
follows it, every seat in turn, on the record's hands (what the hand really held):

* *solver* (:attr:`LineSource.SOLVER`): where the decision is small enough for the
  exact solver (every hand holds at most the evaluator's ``exact_cards``), every play
  after the best is the solver's best play there, to the end of the hand. The line is
  then optimal for both teams with every hand open (hindsight): in the player's view,
  where the best play was found over dealt futures, it shows how that play works out
  against the cards the other seats really held;
* *policy* (:attr:`LineSource.POLICY`): earlier, where the value comes from rollouts,
  the line runs to the end of the trick by the rollout policy (the bots of
  :mod:`notation.bots`, each of its random choices from the analysis's seed): the
  continuation the rollouts themselves play, not a proof.

The line is written as a variation of the play judged (PSN.md §7, §9): trick numbers
and ``seat: cards``, so ``[%line solver 12. 3: SK 4: S3 1: S4 2: S5 13. 3: HA …]`` can
be replayed, validated and stepped through like any variation.

>>> from notation.analysis.positions import hand_positions
>>> from notation.analysis.solver import Solver
>>> from notation.simulate import simulate_hand
>>> position, played = list(hand_positions(simulate_hand("qq", seed=7)))[-10]
>>> line = best_line(position, played.cards, 23, Solver())
>>> line.source, len(line.plays), line.plays[0].seat == position.to_move
(<LineSource.SOLVER: 'solver'>, 10, True)
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from enum import StrEnum
from typing import Final

from notation.analysis.solver import Solver
from notation.bots import bot_play
from notation.frozen import frozen
from notation.rules.cards import Card, Cards
from notation.rules.game import PlayState, Position
from notation.rules.order import Trump
from notation.rules.seats import Seat

__all__ = ["EXACT_LINE_CARDS", "Line", "LinePlay", "LineSource", "best_line", "parse_line"]

# The largest hand at which the line is the solver's to the end of the hand: the
# evaluator's own exact size (EXACT_CARDS), so that a proved value has a proved line.
EXACT_LINE_CARDS: Final = 5


class LineSource(StrEnum):
    """Where a line's plays after the best come from."""

    SOLVER = "solver"  # the exact solver's best play at every step, to the end of the hand
    POLICY = "policy"  # the rollout policy's plays, to the end of the trick


@frozen
class LinePlay:
    """One play of a line: its trick's number, the seat, the cards as put down (a
    failed throw as thrown)."""

    trick: int
    seat: Seat
    cards: Cards

    def to_dict(self, trump: Trump) -> dict[str, object]:
        """As the JSON report writes it: ``{"trick": 12, "seat": 3, "cards": ["SK"]}``."""
        return {
            "trick": self.trick,
            "seat": self.seat,
            "cards": [str(c) for c in trump.sorted(self.cards)],
        }


@frozen
class Line:
    """The best play and the plays after it, and where they come from."""

    source: LineSource
    plays: tuple[LinePlay, ...]

    def moves(self, trump: Trump | None = None) -> str:
        """The line as PSN moves, a trick's number before its first play:
        ``12. 3: SK 4: S3 13. 4: HA``."""
        words: list[str] = []
        trick = 0
        for play in self.plays:
            if play.trick != trick:
                words.append(f"{play.trick}.")
                trick = play.trick
            cards = trump.sorted(play.cards) if trump is not None else play.cards
            words.append(f"{play.seat}: {' '.join(str(c) for c in cards)}")
        return " ".join(words)

    def command(self, trump: Trump | None = None) -> str:
        """The line as the annotation writes it: ``[%line solver 12. 3: SK 4: S3]``."""
        return f"[%line {self.source.value} {self.moves(trump)}]"

    def to_dict(self, trump: Trump) -> dict[str, object]:
        """As the JSON report writes it (``source`` and the plays, seat by seat)."""
        return {"source": self.source.value, "plays": [p.to_dict(trump) for p in self.plays]}


def best_line(
    position: Position,
    best: Sequence[Card],
    trick: int,
    solver: Solver,
    *,
    exact_cards: int = EXACT_LINE_CARDS,
    seed: int | str = 0,
) -> Line:
    """The line of ``best`` (a play of the seat to move in ``position``, trick number
    ``trick``): the solver's to the end of the hand where every hand holds at most
    ``exact_cards`` cards, else the rollout policy's to the end of the trick (its
    random choices from ``seed``). ``solver`` is reused, with its tables."""
    state = PlayState(position)
    proved = max(len(h) for h in position.hands) <= exact_cards
    first = state.play(tuple(best))
    plays = [LinePlay(trick, first.seat, first.shown)]
    rng = random.Random(f"line/{seed}")
    while not state.is_over() and (proved or state.table):
        done = state.tricks
        play = solver.solve(state.position()).best[0] if proved else bot_play(state, rng)
        state.play(play.shown)
        plays.append(LinePlay(trick + done, play.seat, play.shown))
    source = LineSource.SOLVER if proved else LineSource.POLICY
    return Line(source, tuple(plays))


def parse_line(text: str, trick: int) -> Line | None:
    """A ``[%line]`` command's arguments read back (``trick``: the number of the judged
    play's trick, for a line that leaves it out), or None if they are not a line.

    >>> line = parse_line("solver 12. 3: SK SK 4: S3 S4 13. 4: HA", 12)
    >>> [(p.trick, p.seat, " ".join(map(str, p.cards))) for p in line.plays]
    [(12, 3, 'SK SK'), (12, 4, 'S3 S4'), (13, 4, 'HA')]
    >>> parse_line("solver 12. 3: XX", 12) is None, parse_line("guess 3: SK", 12) is None
    (True, True)
    """
    words = text.split()
    if not words or words[0] not in {s.value for s in LineSource}:
        return None
    plays: list[LinePlay] = []
    seat: Seat | None = None
    cards: list[Card] = []

    def close() -> bool:
        if seat is None:
            return True
        if not cards:
            return False
        plays.append(LinePlay(trick, seat, tuple(cards)))
        return True

    for word in words[1:]:
        if _TRICK.fullmatch(word):
            if not close():
                return None
            seat, cards, trick = None, [], int(word[:-1])
        elif _SEAT.fullmatch(word):
            if not close():
                return None
            seat, cards = int(word[0]), []
        elif seat is None:
            return None
        else:
            try:
                cards.append(Card.parse(word))
            except ValueError:
                return None
    if not close() or not plays:
        return None
    return Line(LineSource(words[0]), tuple(plays))


_TRICK: Final = re.compile(r"\d{1,3}\.")  # a trick's number, "12."
_SEAT: Final = re.compile(r"[1-4]:")  # a seat, "3:"
