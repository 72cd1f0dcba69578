"""Solve play-phase positions from plain JSON values: the engine behind ``shengji solve``.

A request gives every hand (hindsight: all four are known), the trump, the trick on the
table, who led it, the dealer, the defenders' points so far and the buried kitty; the
answer gives the value of the position and of every legal play of the seat to move: the
defenders' final points under best play by both teams (see
:mod:`notation.analysis.solver`).

>>> answer = solve_request({"rules": "match-a", "trump": {"rank": "2", "suit": "H"},
...     "hands": {"1": ["SA", "S3"], "2": ["SK", "S4"], "3": ["S5", "C9"], "4": ["D3", "D4"]},
...     "leader": 1, "dealer": 2, "points": 40, "kitty": ["C5"]})
>>> answer["to_move"], answer["value"], answer["best"]
(1, 50, [['S3']])
>>> [(p["cards"], p["value"]) for p in answer["plays"]]
[(['S3'], 50), (['SA'], 45), (['SA', 'S3'], 40)]

Seat 1 (a defender) does best to lead low: seat 2 must then give its SK or let seat 3's
S5 win and lead the club that takes the last trick and the kitty. The throw fails
(seat 2's SK beats S3): S3 is played, and match-a takes 10 points for the SA withdrawn.

>>> answer["plays"][2]["forced"], answer["plays"][2]["penalty"]
(['S3'], 10)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from notation.analysis.solver import PlayValue, Solution, Solver
from notation.lines.fields import (
    RequestError,
    read_cards,
    read_field,
    read_seat,
    read_setting,
)
from notation.messages import Seq, msg
from notation.messages.commands import described
from notation.presets import load_ruleset
from notation.psn.parser import MAX_DIGITS
from notation.rules.cards import Card
from notation.rules.game import GameError, Position
from notation.rules.order import Trump
from notation.rules.ruleset import Ruleset
from notation.rules.seats import SEATS

__all__ = ["SolveError", "read_position", "solution_answer", "solve_request"]


# The defenders' points so far: any number a record can hold (PSN writes six digits at
# most); past it an answer could not even be written (Python writes 4,300 digits at most).
_LARGEST = 10**MAX_DIGITS - 1


class SolveError(RequestError):
    """A request that describes no position: a missing field, an unknown card or seat."""


def read_position(
    request: Mapping[str, Any],
    rules: Ruleset | None = None,
    load: Callable[[str], Ruleset] = load_ruleset,
) -> Position:
    """The position a request describes (``rules``: when the request names none)."""
    try:
        return _read_position(request, rules, load)
    except SolveError:
        raise
    except RequestError as e:  # a field's reader, shared with ``judge``
        raise SolveError(e.text if e.text is not None else str(e)) from None


def _read_position(
    request: Mapping[str, Any], rules: Ruleset | None, load: Callable[[str], Ruleset]
) -> Position:
    rules, trump = read_setting(request, rules, load)
    raw_hands = read_field(request, "hands", dict)
    hands: dict[int, list[Card]] = {}
    for key, cards in raw_hands.items():
        hands[read_seat(key, "hands")] = read_cards(cards, f"hands.{key}")
    missing = [str(s) for s in SEATS if s not in hands]
    if missing:
        raise SolveError(msg("solve.hands-missing", seats=Seq(tuple(missing))))
    raw_trick = request.get("trick") or []
    if not isinstance(raw_trick, list):
        raise SolveError(msg("solve.trick-list"))
    trick = tuple(tuple(read_cards(p, f"trick[{i}]")) for i, p in enumerate(raw_trick))
    points = request.get("points", 0)
    if (
        not isinstance(points, int)
        or isinstance(points, bool)
        or not -_LARGEST <= points <= _LARGEST
    ):
        words = msg("solve.points", low=-_LARGEST, high=_LARGEST, value=described(points))
        raise SolveError(words)
    if "kitty" not in request:
        raise SolveError(msg("solve.kitty"))
    return Position(
        rules,
        trump,
        read_seat(read_field(request, "dealer", (int, str)), "dealer"),
        (tuple(hands[1]), tuple(hands[2]), tuple(hands[3]), tuple(hands[4])),
        read_seat(read_field(request, "leader", (int, str)), "leader"),
        trick,
        points,
        tuple(read_cards(request["kitty"], "kitty")),
    )


def solve_request(
    request: Mapping[str, Any],
    rules: Ruleset | None = None,
    *,
    budget: float | None = None,
    solver: Solver | None = None,
    load: Callable[[str], Ruleset] = load_ruleset,
) -> dict[str, Any]:
    """Solve one request; see the module docstring for the request and the answer.

    ``budget`` is a time limit in seconds; ``solver`` keeps its tables between requests
    (positions of one hand share them).
    """
    position = read_position(request, rules, load)
    try:
        solution = (solver or Solver()).solve(position, budget)
    except GameError as e:  # hands, trick or kitty the rules cannot reach
        raise SolveError(e.text) from None
    return solution_answer(solution, position.trump)


def solution_answer(solution: Solution, trump: Trump) -> dict[str, Any]:
    """A solution as plain values for JSON; cards are sorted as a player holds them."""
    answer: dict[str, Any] = {
        "to_move": solution.to_move,
        "value": solution.value,
        "exact": solution.exact,
    }
    if not solution.exact:
        answer["confidence"] = {"lower": solution.lower, "upper": solution.upper}
    answer["plays"] = [_play_answer(p, trump) for p in solution.plays]
    answer["best"] = [_tokens(p.shown, trump) for p in solution.best]
    answer["nodes"] = solution.nodes
    answer["ms"] = round(solution.seconds * 1000, 1)
    return answer


def _play_answer(row: PlayValue, trump: Trump) -> dict[str, Any]:
    play = row.play
    shown: dict[str, Any] = {"cards": _tokens(play.shown, trump), "value": row.value}
    if play.failed:
        shown["forced"] = _tokens(play.cards, trump)
        shown["penalty"] = play.penalty
    if not row.exact:
        shown["lower"] = row.lower
        shown["upper"] = row.upper
    return shown


def _tokens(cards: Sequence[Card], trump: Trump) -> list[str]:
    return [str(c) for c in trump.sorted(cards)]
