"""Duplicate matches: two players on the same deals, each deal played twice with the
teams' seats swapped, so that the luck of the cards cancels.

Each deal is set up by the simulator (:func:`notation.simulate.set_up_hand`): shuffled,
bid and buried by bots, so both plays of a deal start from the same position (the same
hands, trump, dealer and kitty). The players only play the cards: player A holds seats 1
and 3 in the first play and seats 2 and 4 in the second, player B the others. The dealer
rotates over the deals (seat 1, 2, 3, 4, 1, …) at the rule set's starting level.

What a deal says about A against B, each number paired over the two plays of one deal:

* **points**: A's total as defenders minus B's total as defenders on the same cards.
  Only the defenders' total counts in Shengji, so this one number holds both what a
  side makes defending and what it concedes dealing;
* **levels**: the levels A's team goes up minus the levels B's team goes up, over both
  plays (the rule set's level table: a hand can be won by the dealer's side or taken
  over by the defenders).

:class:`MatchResult` gives each as a mean with a confidence interval over the deals
(the normal approximation: mean ± z·s/√n, with s the deals' standard deviation).

>>> from notation.bots import Bot, RandomPlayer
>>> result = duplicate_match(Bot, RandomPlayer, deals=2, seed=1)
>>> len(result.deals), result.points.mean > 0
(2, True)
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from math import sqrt
from statistics import NormalDist, fmean, stdev

from notation.bots import Bot, Player, RandomPlayer
from notation.frozen import frozen
from notation.messages import MessageError, Seq, msg
from notation.presets import load_ruleset
from notation.rules.game import PlayState, Position
from notation.rules.ruleset import Ruleset, Side
from notation.rules.scoring import start_levels
from notation.rules.seats import Seat
from notation.simulate import play_hand, set_up_hand

__all__ = [
    "PLAYERS",
    "DealResult",
    "Interval",
    "MatchResult",
    "PlayerMaker",
    "duplicate_match",
    "interval",
    "match_deals",
    "play_deal",
    "player_maker",
]

PlayerMaker = Callable[[random.Random], Player]
"""Makes a player from the random numbers it is to use (one player holds a team's two
seats for one play of a deal). A player class taking ``rng`` is one."""

PLAYERS: dict[str, PlayerMaker] = {"bot": Bot, "random": RandomPlayer}
"""Players by name, for :func:`player_maker`."""


@frozen
class DealResult:
    """One deal played twice: the defenders' totals and the level results."""

    number: int
    dealer: Seat
    a_defending: int  # the defenders' total when A's team defends
    b_defending: int  # the defenders' total when B's team defends
    levels: int  # levels A's team went up less the levels B's team went up, both plays

    @property
    def points(self) -> int:
        """A's edge in points on this deal: its total defending less B's."""
        return self.a_defending - self.b_defending


@frozen
class Interval:
    """A mean and its confidence interval."""

    mean: float
    low: float
    high: float
    confidence: float

    def __str__(self) -> str:
        half = (self.high - self.low) / 2
        return f"{self.mean:+.2f} ± {half:.2f} ({self.confidence:.0%})"

    @property
    def standard_error(self) -> float:
        """The standard error of the mean, s/√n: the half-width over z.

        >>> round(interval([10, 20, 30]).standard_error, 2)
        5.77
        """
        return (self.high - self.low) / 2 / NormalDist().inv_cdf((1 + self.confidence) / 2)


def interval(values: Sequence[float], confidence: float = 0.95) -> Interval:
    """The mean of ``values`` with its confidence interval (normal approximation).

    >>> str(interval([10, 20, 30]))
    '+20.00 ± 11.32 (95%)'
    """
    if not values:
        raise ValueError("no values: no mean")
    mean = fmean(values)
    if len(values) < 2:
        return Interval(mean, float("-inf"), float("inf"), confidence)
    z = NormalDist().inv_cdf((1 + confidence) / 2)
    half = z * stdev(values) / sqrt(len(values))
    return Interval(mean, mean - half, mean + half, confidence)


@frozen
class MatchResult:
    """A duplicate match: every deal's result, and the means over the deals."""

    deals: tuple[DealResult, ...]
    confidence: float = 0.95

    @property
    def points(self) -> Interval:
        """A's edge in points per deal (its total defending less B's, same cards)."""
        return interval([d.points for d in self.deals], self.confidence)

    @property
    def levels(self) -> Interval:
        """A's edge in levels per deal (both plays)."""
        return interval([d.levels for d in self.deals], self.confidence)

    @property
    def a_defending(self) -> float:
        """A's mean total when defending."""
        return fmean(d.a_defending for d in self.deals)

    @property
    def b_defending(self) -> float:
        """B's mean total when defending."""
        return fmean(d.b_defending for d in self.deals)

    def summary(self, a: str = "A", b: str = "B") -> str:
        """The result in a few lines of plain words."""
        return "\n".join(
            [
                f"{len(self.deals)} deals, each played twice with the seats swapped",
                f"{a} defending: {self.a_defending:.1f} points a hand; "
                f"{b} defending: {self.b_defending:.1f}",
                f"{a} - {b}, points a deal: {self.points}",
                f"{a} - {b}, levels a deal: {self.levels}",
            ]
        )


def play_deal(
    position: Position, a: PlayerMaker, b: PlayerMaker, *, number: int = 1, seed: object = 0
) -> DealResult:
    """Play ``position`` twice, A on seats 1 and 3 and then on 2 and 4."""
    totals: dict[bool, int] = {}
    levels = 0
    for a_first in (True, False):
        # Each play's random numbers are its own, and the same whatever the other does.
        team_a = a(random.Random(f"{seed} {number} {a_first} A"))
        team_b = b(random.Random(f"{seed} {number} {a_first} B"))
        players = [team_a, team_b] * 2 if a_first else [team_b, team_a] * 2
        state = PlayState(position)
        for _ in play_hand(state, players):
            pass
        outcome = state.outcome()
        a_deals = (position.dealer % 2 == 1) == a_first  # seats 1 and 3 are odd
        totals[not a_deals] = outcome.points
        a_won = (outcome.result.winner is Side.DEALER) == a_deals
        levels += outcome.result.levels if a_won else -outcome.result.levels
    return DealResult(number, position.dealer, totals[True], totals[False], levels)


def duplicate_match(
    a: PlayerMaker,
    b: PlayerMaker,
    deals: int,
    *,
    rules: Ruleset | str = "qq",
    seed: int = 0,
    confidence: float = 0.95,
    jobs: int = 1,
) -> MatchResult:
    """A duplicate match of ``deals`` deals between the players ``a`` and ``b``.

    ``jobs`` > 1 plays the deals in that many processes (the players' makers must then
    be picklable: a class, or a ``functools.partial`` of one); each deal's result is
    the same whatever ``jobs``."""
    played = match_deals(a, b, range(1, deals + 1), rules=rules, seed=seed, jobs=jobs)
    return MatchResult(tuple(played), confidence)


def match_deals(
    a: PlayerMaker,
    b: PlayerMaker,
    numbers: Iterable[int],
    *,
    rules: Ruleset | str = "qq",
    seed: int = 0,
    jobs: int = 1,
) -> Iterator[DealResult]:
    """The deals ``numbers`` of the match of :func:`duplicate_match` (its deals are
    numbered from 1), each given as soon as it and the deals before it are played, so
    that a long match can be kept deal by deal and taken up where it stopped.

    >>> from notation.bots import Bot, RandomPlayer
    >>> whole = duplicate_match(Bot, RandomPlayer, deals=3, seed=1).deals
    >>> list(match_deals(Bot, RandomPlayer, [2, 3], seed=1)) == list(whole[1:])
    True
    """
    ruleset = rules if isinstance(rules, Ruleset) else load_ruleset(rules)
    run = partial(_deal, ruleset, a, b, seed)
    numbers = list(numbers)
    if jobs > 1 and len(numbers) > 1:
        with ProcessPoolExecutor(min(jobs, len(numbers))) as pool:
            yield from pool.map(run, numbers)
    else:
        yield from map(run, numbers)


def _deal(ruleset: Ruleset, a: PlayerMaker, b: PlayerMaker, seed: int, number: int) -> DealResult:
    """Deal ``number`` of a match: set up by the simulator, then played twice."""
    rng = random.Random(f"duplicate {seed} {number}")
    dealer = 1 + (number - 1) % 4
    setup = set_up_hand(ruleset, rng, levels=start_levels(ruleset), dealer=dealer)
    return play_deal(setup.position, a, b, number=number, seed=seed)


def player_maker(spec: str) -> PlayerMaker:
    """A player by name (see :data:`PLAYERS`) or as ``module:attribute``."""
    if spec in PLAYERS:
        return PLAYERS[spec]
    module, _, name = spec.partition(":")
    if not name:
        known = Seq(tuple(sorted(PLAYERS)))
        raise MessageError(msg("player.unknown", spec=spec, known=known))
    try:
        maker: PlayerMaker = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as error:
        raise MessageError(msg("player.cannot-load", spec=spec, error=str(error))) from error
    return maker
