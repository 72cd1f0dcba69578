"""The evaluator: the value of every candidate play at one decision, where exact search
is too big, with a confidence interval on each.

A *decision* is a position of the play (the seat to move, the trick on the table) and,
for the player's view, what that seat knows there (:class:`~notation.rules.holding.
Knowledge`). Its *candidates* are the seat's plays, equivalent ones merged
(:meth:`~notation.rules.game.PlayState.distinct`); the play actually made is always one.
A candidate's *value* is the defenders' final points after it (the game state's
:meth:`~notation.rules.game.PlayState.outcome`); the defenders want it high, the dealer's
team low.

**Futures.** Every candidate is valued on the same futures (common random numbers, so
that the noise of a comparison is the noise of the *difference*, not of each value):

* *hindsight*: all hands are known (what the record shows); future *i* is the policy's
  random choices from seed *i*;
* *the player's view*: the unseen cards are dealt at random consistently with the seat's
  knowledge (:class:`~notation.analysis.sampling.Dealer`); future *i* is deal *i* and the
  policy's choices from seed *i*. This is perfect-information Monte Carlo (PIMC, as GIB
  plays bridge): each deal is then played with every hand open, so a play that needs a
  guess looks better than it is (*strategy fusion*); values in this view are estimates
  of that kind, never exact.

**A future's value**: the candidate is made, then every seat plays the rollout policy
(:func:`_policy_play`, the bots of :mod:`notation.bots`) until each hand holds at most
:data:`LEAF_CARDS` cards at a trick start, and the exact solver
(:meth:`~notation.analysis.solver.Solver.value`) gives the rest. Where the decision
itself is that small, the solver values every candidate: exactly in hindsight (up to
:data:`EXACT_CARDS` cards a hand: the value is *exact*, proved), in each sampled deal in
the player's view.

**Allocation** (a race, as best-arm identification does it): every candidate gets a few
futures (the *screen*), then the played play and the :data:`FOCUS` best others get more
in batches, a candidate being dropped once it is significantly worse than the best,
until the budget is spent or the race is *settled*: every sampling error left (of a
value raced, and of its paired loss) at most :data:`SETTLED` times the policy's own
error, which no number of futures removes, so that more futures would narrow no
interval by much. The budget is counted in *modelled* seconds (a play of the
policy, a leaf solve and a dealt deal each cost a fixed, measured number of
microseconds; see :data:`COST_PLAY_US`), never on the clock, so that a seed gives the
same analysis on any machine, under any load and in any process.

**Confidence**: a rollout value's interval holds two errors, added in quadrature:
the sampling error of the mean over its futures (Student's t (95%) × the standard
error) and the rollout policy's own error against exact play, which no number of
futures removes (the bots misplay some positions the same way in every future):
``half = sqrt((t·s/√n)² + (z·σ)²)``, with σ = :func:`policy_sigma` of the tricks the
policy plays before the solver takes over, measured against the solver on simulated
positions (``tests/calibrate_policy.py``; the numbers at :data:`POLICY_SIGMA`). In the
player's view a future is another deal, and the bots misplay each layout in its own way:
most of that error is then in the spread of the futures (the sampling error), and σ is
only the part common to the view's deals, measured the same way against the mean exact
value over deals (:data:`POLICY_SIGMA_PLAYER`): a fraction of the hindsight σ. A
comparison of two candidates uses the paired differences over the futures they share,
which is far narrower than the two intervals: a policy error common to both plays
cancels there, and what does not cancel is measured too (:data:`LOSS_SIGMA`; in the
player's view :data:`LOSS_SIGMA_PLAYER`).

>>> from notation.analysis.positions import hand_positions
>>> from notation.simulate import simulate_hand
>>> position, played = list(hand_positions(simulate_hand("qq", seed=7)))[-10]
>>> evaluation = Evaluator("hindsight").evaluate(position, played=played.cards)
>>> evaluation.exact, evaluation.best.points.mean >= evaluation.played.points.mean
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from enum import StrEnum
from math import sqrt
from statistics import fmean
from typing import Final

from notation.analysis.sampling import Dealer
from notation.analysis.solver import Solver
from notation.bots import RandomPlayer, bot_play
from notation.frozen import frozen
from notation.rules.cards import Card, Cards
from notation.rules.game import Play, PlayState, Position
from notation.rules.holding import Knowledge, unseen
from notation.rules.order import TRUMP, Trump
from notation.rules.ruleset import Ruleset, Side
from notation.rules.scoring import card_points
from notation.rules.seats import SEATS, Seat

__all__ = [
    "CONFIDENCE",
    "DEFAULT_BUDGET",
    "EXACT_CARDS",
    "LEAF_CARDS",
    "LOSS_SIGMA",
    "LOSS_SIGMA_PLAYER",
    "POLICY_SIGMA",
    "POLICY_SIGMA_PLAYER",
    "Candidate",
    "Comparison",
    "Estimate",
    "Evaluation",
    "Evaluator",
    "View",
    "level_score",
    "policy_sigma",
]


class View(StrEnum):
    """What the evaluator may see."""

    PLAYER = "player"  # the mover's knowledge; the unseen cards dealt at random
    HINDSIGHT = "hindsight"  # every hand, as the record shows them


# --- the named constants, each measured on simulated qq hands (see the README) ----------

DEFAULT_BUDGET: Final = 1.0  # modelled seconds a decision (a whole hand: about 70)
CONFIDENCE: Final = 0.95  # the confidence of every interval
LEAF_CARDS: Final = 3  # a rollout ends in an exact solve when every hand holds this many
EXACT_CARDS: Final = 5  # a decision this small is solved: in hindsight, or in every deal
SCREEN_MIN: Final = 2  # futures every candidate gets, whatever the budget
SCREEN_MAX: Final = 8  # ... and at most, in the screen
# The share of the budget the screen may take. 0.4 until the race stopped once settled
# (SETTLED); the screen was then most of a decision's cost. At 0.2, over 48 decisions of
# tricks 1-7 with 6 candidates or more (simulated qq hands 0-2, the player's view), the
# best found was worth 0.3 ± 1.1 points (95%) less, valued on 32 other futures of every
# candidate (mean regret 4.7 points, 4.4 at 0.4), and cost 18% less (`python
# tests/calibrate_policy.py --screen 0.4 0.2 --seed 0 --hands 3 --sizes`, 2026-12-02).
SCREEN_SHARE: Final = 0.2
FOCUS: Final = 3  # candidates followed after the screen, besides the play made
BATCH: Final = 4  # futures added at a time to the candidates followed
MIN_FUTURES: Final = 8  # the play made and the best have at least this many futures
MAX_FUTURES: Final = 400  # ... and at most this many, whatever the budget
MAX_CANDIDATES: Final = 24  # more distinct plays are cut to this many (see _shortlist)
# A race stops before its budget once no interval would narrow by much: every sampling
# error at most this share of the policy's error (see _settled), at the default budget;
# at a budget b, SETTLED·√(1/b), so that a larger budget still buys narrower intervals.
# At 1, an interval is at most √2 times its width with endless futures; in a review
# (simulated qq hands of seeds 0 and 1, the player's view) the median half-width of the
# plays of tricks 1-7 went from 31.2 to 34.2 points, and the CPU time from 38 to 11 s
# a hand (README, "Speed").
SETTLED: Final = 1.0
# The share of a rollout's plays made at random among the legal ones, by view. In
# hindsight (every hand known) the bots choose alike whatever the seed, so rollouts
# without it would all be the same future, one sample counted many times. In the
# player's view the futures differ already by their deals, and random plays would only
# value each candidate against a weaker table than the bots (the strength match played
# worse with them: see the README).
EXPLORE: Final = {View.HINDSIGHT: 0.1, View.PLAYER: 0.0}

# The cost model, in microseconds on the reference machine (2-core x86_64, Python 3.11):
# a play of the policy (the bots: 96 µs measured over whole rollouts), a deal of the
# unseen cards with its state, and a solve by the number of cards each hand holds
# (medians of Solver.value at a trick start; Solver.solve, every play, about twice).
COST_PLAY_US: Final = 100.0
COST_DEAL_US: Final = 150.0
COST_SOLVE_US: Final = {0: 0.0, 1: 20.0, 2: 150.0, 3: 900.0, 4: 4_400.0, 5: 13_000.0}
_ALL_PLAYS_FACTOR: Final = 2.0  # Solver.solve (every play's value) over Solver.value

# The rollout policy's own error against exact play, in points (one standard deviation
# of a rollout mean's bias), by the tricks the policy plays before the solver takes over
# (cards in the largest hand at the decision, less LEAF_CARDS). Measured with
# `python tests/calibrate_policy.py --hands 40 --sizes 4 5 6` (hindsight, simulated qq
# hands of seeds 100-139, two decisions a hand and size, every candidate valued on at
# least MIN_FUTURES futures at budget 0.05, against the solver; 2026-12-01): for each
# size the σ that makes 95% of the intervals hold the exact value, 7.7 (183 candidates;
# RMS error 7.3), 11.8 (166; 8.0) and 10.2 (198; 8.3) for 1, 2 and 3 tricks; without it
# the intervals held 80%, 77% and 70%. On other hands (seeds 200-229) with it: 98.8%,
# 98.9% and 98.2% of 166, 175 and 167 (there the σ needed was 4.4, 6.0 and 8.0).
# At 7 cards a hand (4 tricks; `--sizes 7`, the compiled build, 2026-12-02, seeds 100-139
# and `--seed 200 --hands 30`) it needed 9.9 (199 candidates; RMS error 8.0) and 8.8
# (153; 8.0): the intervals held 99.5% and 99.3% with what it had there (12.8).
# At 8 cards a hand (5 tricks; `--sizes 8`, the same seeds, the compiled build,
# 2026-12-02) it needed 12.7 (183 candidates; RMS error 11.9) and 7.9 (102; 8.9): with the
# 10.9 extrapolated there the intervals held 95.1% and 100%. The error grew by 2.8 from 4
# tricks to 5 in the first run, more than the point a trick extrapolated.
# policy_sigma takes the largest at or below, so the error never shrinks as positions
# grow. Beyond the sizes measured (9 cards a hand and more: 6 tricks) it is extrapolated:
# it grows by POLICY_SIGMA_GROWTH a trick (linearly: from 1 to 5 tricks it grew by 1.2 a
# trick), up to POLICY_SIGMA_MAX (± 58 points at 25 cards a hand).
POLICY_SIGMA: Final = {1: 7.7, 2: 11.8, 3: 10.2, 4: 9.9, 5: 12.7}
POLICY_SIGMA_GROWTH: Final = 1.0
POLICY_SIGMA_MAX: Final = 30.0
# The same error in the player's view, where every future is another deal of the unseen
# cards. The bots misplay each layout in its own way, so most of one layout's error
# varies from deal to deal and is in the spread of the futures already (the sampling
# error, which more deals shrink); what no number of deals removes is the part common
# to the view's deals. Measured with `python tests/calibrate_policy.py --view player
# --hands 20 --sizes 4 5` (simulated qq hands of seeds 100-119, two decisions a hand and
# size; each candidate's rollout mean over its deals, at budget 0.05 and at least
# MIN_FUTURES deals, against the mean exact value of 32 other deals of the same view,
# each solved; 2026-12-01): the σ that makes 95% of the intervals hold it (the
# reference's own sampling error allowed for), 1.5 (96 candidates; RMS error 3.6, mean
# error +0.3) and 2.6 (92; 3.7, -0.1) for 1 and 2 tricks, a fifth of the hindsight σ;
# with it the intervals held 99.0% and 95.7% (with the hindsight σ, 99.0% and 100%).
# The losses there (a paired difference, against the paired loss over the same solved
# deals) need 0 and 2.6 (46 and 59 pairs; with the sampling error alone their intervals
# held 98% and 90%, and 1 of 10 losses called was none): LOSS_SIGMA, measured in
# hindsight, is kept for both views. At 6 cards a hand (3 tricks; `--sizes 6`,
# 2026-12-02, two runs: seeds 100-119 and `--seed 200`) the σ needed was 3.6 (101
# candidates; RMS error 7.2) and 5.9 (107; 8.5): with the 2.6 of 2 tricks the intervals
# held only 94.1% and 86.0%. The larger of the two runs is kept, as for LOSS_SIGMA.
# Since races stop once settled, at the default budget (`--budget 1 --hands 12 --sizes
# 5`, seeds 100-111 and `--seed 200`, 2026-12-02) 2 tricks needed 3.1 and 3.2 (60 and 87
# candidates; with 2.6 the intervals held 90.0% and 89.7%), and with 3.2 in place 4.5 and
# 3.0 (held 91.7% and 95.4%: a wider σ stops a race sooner); with 4.5 they held 100% and
# 97.7% (needed 2.3 and 2.8), so 2 tricks carry 4.5, the largest measured. 1 and 3 tricks
# needed 1.0 there (4 and 6 cards, 75 and 136 candidates, held 97.3% and 97.8%). At 7
# cards (4 tricks; `--view player --budget 1 --hands 12 --sizes 7`, the compiled build,
# seeds 100-111 and `--seed 200`, 2026-12-02) it needed 5.9 and 3.4 (106 and 81
# candidates; RMS error 6.5 and 8.4), no more than at 3 tricks; the intervals held 100%.
# At 8 cards (5 tricks; `--sizes 8`, seeds 100-111 and `--seed 200`, the same build,
# 2026-12-02) the intervals held 100% and 95% (49 and 20 candidates; 68 of 69) with the
# 7.6 extrapolated there, which is kept: both runs meet the 95%. The σ needed was 5.6
# and 11.3, but the second run's "95th percentile" of 20 candidates is its worst one;
# 11 and 12 of 24 decisions were left out (a reference deal not solved within
# SOLVE_CAP). With the faster solver (`--seed 300` and `--seed 306`, 6 hands each, the
# compiled build, 2026-12-02) only 2 of 12 were left out in each run, and the intervals
# held 100% and 100% of 60 and 22 candidates (σ needed 3.6 and 2.9).
# Beyond the sizes measured it is the hindsight error (POLICY_SIGMA, extrapolated as
# there) times the largest ratio of the two measured at the same tricks (1.5/7.7,
# 2.6/11.8, 5.9/10.2, 5.9/9.9), POLICY_SIGMA_PLAYER_SHARE: the same shape of growth, on
# the evidence of how much of it the deals average out where the solver can see it (at
# 25 cards a hand: ± 35 points). The share grew with the size measured (0.19, 0.22, 0.58,
# 0.60): the deals average out less of the policy's error the longer the bots play.
POLICY_SIGMA_PLAYER: Final = {1: 1.6, 2: 4.5, 3: 6.0, 4: 6.0}  # 1.5, 4.5, 5.9, 5.9: rounded up
POLICY_SIGMA_PLAYER_SHARE: Final = 0.60
# A small decision in the player's view has no policy error: each deal is solved. Deals
# are added until its values are as sure as a rollout's of one trick can be (its σ).
SOLVED_SIGMA: Final = POLICY_SIGMA_PLAYER[1]
# The same for a loss (the paired difference of the best and another candidate on the
# futures they share): a policy error common to both plays cancels, but not all of it
# does. Measured in the same run and in a second one on other hands (`--seed 200
# --hands 30`): without it the loss intervals held the exact loss for 86%, 77% and 84%
# of 85, 102 and 130 pairs (1, 2 and 3 tricks), and of the losses called significant
# (the interval clear of 0) 3 of 10, 6 of 14 and 6 of 18 were no loss in exact play.
# The σ that makes 95% of them hold, the larger of the two runs: 6.7, 5.1 and 10.3.
# Unlike a value's error it does not grow clearly with the tricks, so it is held at the
# largest measured (grown like a value's, it would call nearly every loss early in a
# hand fine, on no evidence). At 7 cards a hand (4 tricks; the runs of POLICY_SIGMA's
# 4 tricks) the loss intervals with 10.3 held only 92.1% and 93.5% of 139 and 107 pairs,
# and of the 8 losses called 5 were no loss: 12.0 and 12.5 were needed. So it grows
# after all (5.1, 10.3, 12.5 from 2 tricks on). At 8 cards a hand (5 tricks; the runs of
# POLICY_SIGMA's 5 tricks) 12.5 was too narrow again: the loss intervals held 90.2% and
# 97.2% of 123 and 71 pairs, and 2 of the 3 losses called were no loss; 17.3 and 5.2 were
# needed. Held at the largest measured, it was too narrow at each size measured next, so
# beyond the sizes measured it grows as a value's error does (POLICY_SIGMA_GROWTH a
# trick, up to POLICY_SIGMA_MAX): a loss of points early in a hand is called only when it
# is large. A loss of level result is not widened (its sampling error alone), so a play
# that changes the hand's result is still called.
LOSS_SIGMA: Final = {1: 6.7, 2: 5.1, 3: 10.3, 4: 12.5, 5: 17.3}
# The same for a loss in the player's view, against the mean over the view's deals of
# the exact loss (`python tests/calibrate_policy.py --view player --budget 1 --hands 12
# --sizes 4 5 6 7`, seeds 100-111 and `--seed 200`, the compiled build, 2026-12-02; at 8
# cards `--hands 6`, seeds 300 and 306, earlier the same day): the σ that makes 95% of
# the loss intervals hold it was 0 and 0 at 1 trick (25 and 46 pairs), 2.6 and 0.5 at 2
# (36 and 60; 2.6 at budget 0.05 too, 2026-12-01), 0.8 and 2.1 at 3 (104 and 78), 6.1
# and 1.9 at 4 (68 and 57) and 2.1 and 0.3 at 5 (47 and 18): at most half the hindsight
# σ at the same tricks, and at 5 tricks an eighth (the bots misplay each deal in its own
# way, so most of a loss's error is in the spread of its paired differences, the
# sampling error). The hindsight table, which this view carried before, made a loss
# early in a hand ± 59 points wide, so a review in this view (the default) called a
# loss only when it was huge. The larger run, rounded up, is kept; the largest at or
# below is held (it never shrinks as positions grow). Beyond the sizes measured it is
# the hindsight LOSS_SIGMA (extrapolated there) times the largest ratio measured at the
# same tricks, LOSS_SIGMA_PLAYER_SHARE (2.6/5.1; 6.2/12.5 is 0.50), as for a value:
# ± 30 points at 25 cards a hand.
LOSS_SIGMA_PLAYER: Final = {1: 0.0, 2: 2.6, 3: 2.1, 4: 6.2, 5: 2.1}
LOSS_SIGMA_PLAYER_SHARE: Final = 0.51
_Z975: Final = 1.959964  # the normal quantile at 97.5%: a 95% interval is ± z·σ

_LEAVES_KEPT: Final = 200_000  # leaf values remembered before they are forgotten
_LeafKey = tuple[Trump, int | None, Seat, int, tuple[Cards, Cards, Cards, Cards], Cards]

# Student's t at 97.5% by degrees of freedom (the largest tabled at or below is used).
_T975: Final = {
    1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306,
    9: 2.262, 10: 2.228, 12: 2.179, 15: 2.131, 20: 2.086, 25: 2.060, 30: 2.042,
    40: 2.021, 60: 2.000, 120: 1.980, 1000: 1.962,
}  # fmt: skip


def _t(df: int) -> float:
    return _T975[max(k for k in _T975 if k <= df)]


def policy_sigma(tricks: int, *, loss: bool = False, view: View = View.HINDSIGHT) -> float:
    """The rollout policy's error (points, one standard deviation) when it plays
    ``tricks`` tricks before the solver: the largest measured at or below (so it never
    shrinks as positions grow), extrapolated beyond (see :data:`POLICY_SIGMA`); with
    ``loss``, the part that does not cancel in a paired loss (:data:`LOSS_SIGMA`); in the
    player's ``view``, the part common to the deals (:data:`POLICY_SIGMA_PLAYER`,
    :data:`LOSS_SIGMA_PLAYER`), beyond the sizes measured a share of the hindsight
    error."""
    if tricks <= 0:
        return 0.0
    if view is View.PLAYER:
        table, share = (
            (LOSS_SIGMA_PLAYER, LOSS_SIGMA_PLAYER_SHARE)
            if loss
            else (POLICY_SIGMA_PLAYER, POLICY_SIGMA_PLAYER_SHARE)
        )
    else:
        table = LOSS_SIGMA if loss else POLICY_SIGMA
    top = max(table)
    measured = max(v for k, v in table.items() if k <= min(tricks, top))
    if view is View.PLAYER:
        return measured if tricks <= top else max(measured, share * policy_sigma(tricks, loss=loss))
    return min(measured + POLICY_SIGMA_GROWTH * max(0, tricks - top), POLICY_SIGMA_MAX)


def _index(card: Card) -> int:
    return card.index


def _sorted(cards: Sequence[Card]) -> Cards:
    return tuple(sorted(cards, key=_index))


def _indices(cards: Cards) -> tuple[int, ...]:
    return tuple(c.index for c in cards)


# --- the rollout policy -------------------------------------------------------------------


def _policy_play(state: PlayState, rng: random.Random, explore: float) -> Play:
    """The rollout policy's play for the seat to move: the one place the policy is called
    (the bots of :mod:`notation.bots`, on the same game state; every random choice from
    ``rng``; a share ``explore`` of them a random legal play, :data:`EXPLORE`)."""
    if explore and rng.random() < explore:
        return RandomPlayer(rng).choose(state)
    return bot_play(state, rng)


# --- values and their intervals --------------------------------------------------------------


@frozen
class Estimate:
    """A mean over futures with its confidence interval (``half``: half its width;
    0 for a proved value)."""

    mean: float
    half: float
    n: int

    @classmethod
    def of(cls, values: Sequence[float], *, exact: bool = False, sigma: float = 0.0) -> Estimate:
        """The mean of ``values`` and its interval at :data:`CONFIDENCE`: the sampling
        error and ``sigma`` (an error no number of values removes, one standard
        deviation) added in quadrature."""
        n = len(values)
        mean = fmean(values)
        if exact:
            return cls(mean, 0.0, n)
        fixed = _Z975 * sigma
        if n < 2:
            return cls(mean, fixed, n)
        variance = sum((v - mean) ** 2 for v in values) / (n - 1)
        sampling = _t(n - 1) * sqrt(variance / n)
        return cls(mean, sqrt(sampling**2 + fixed**2), n)

    @property
    def lower(self) -> float:
        """The interval's lower end."""
        return self.mean - self.half

    @property
    def upper(self) -> float:
        """The interval's upper end."""
        return self.mean + self.half

    def __str__(self) -> str:
        return f"{self.mean:.1f} ± {self.half:.1f}" if self.half else f"{self.mean:g}"


@frozen
class Candidate:
    """One candidate play and its value: the defenders' final points in each future
    (``samples[i]``: future ``i``), their mean and interval."""

    cards: Cards  # as put down (a throw as thrown), sorted by card
    points: Estimate
    samples: tuple[int, ...]
    exact: bool  # proved by the solver, not estimated


@frozen
class Comparison:
    """How much worse one play is than another for the seat to move, over the futures
    they share: in points, in levels (:func:`level_score`), and the share of futures
    in which the level result differs."""

    points: Estimate
    levels: Estimate
    changed: float
    exact: bool

    def significant(self, which: Estimate) -> bool:
        """True if ``which`` (``points`` or ``levels``) is surely above 0: proved, or
        its interval clear of 0."""
        return which.mean > 0 if self.exact else which.lower > 0


def level_score(rules: Ruleset, points: int) -> int:
    """The level result of ``points`` as one number for the defenders: their levels up
    (0 for taking over), or minus the dealer's team's."""
    outcome = rules.outcome(points)
    return outcome.levels if outcome.winner is Side.DEFENDERS else -outcome.levels


@frozen
class Evaluation:
    """The candidates of one decision, the best for the seat to move first."""

    seat: Seat
    maximize: bool  # the seat to move is a defender: more points are better for it
    view: View
    rules: Ruleset
    candidates: tuple[Candidate, ...]
    played: Candidate | None  # the play made, when one was given
    exact: bool  # every value proved (hindsight, small enough to solve)
    cost: float  # the modelled seconds spent
    policy_tricks: int = 0  # tricks the rollout policy plays (0: no rollouts, solved)

    @property
    def best(self) -> Candidate:
        """The best candidate (of those valued on the most futures)."""
        return self.candidates[0]

    @property
    def futures(self) -> int:
        """The futures the best was valued on."""
        return self.best.points.n

    def compare(self, better: Candidate, worse: Candidate) -> Comparison:
        """How much ``worse`` loses against ``better`` for the seat to move (paired)."""
        n = min(len(better.samples), len(worse.samples))
        sign = 1 if self.maximize else -1
        pairs = list(zip(better.samples[:n], worse.samples[:n], strict=True))
        scores: dict[int, int] = {}

        def score(points: int) -> int:
            found = scores.get(points)
            if found is None:
                found = scores[points] = level_score(self.rules, points)
            return found

        exact = better.exact and worse.exact
        sigma = policy_sigma(self.policy_tricks, loss=True, view=self.view)
        points = Estimate.of([sign * (a - b) for a, b in pairs], exact=exact, sigma=sigma)
        levels = Estimate.of([sign * (score(a) - score(b)) for a, b in pairs], exact=exact)
        changed = sum(score(a) != score(b) for a, b in pairs) / n
        return Comparison(points, levels, changed, exact)

    def surely_better(self, better: Candidate, worse: Candidate) -> bool:
        """True if ``better`` beats ``worse`` for the seat to move beyond the sampling
        error of their paired difference (proved, for solved values). Unlike
        :meth:`compare` it leaves out the policy's own error: the question is which of
        two plays the same rollouts favour, as a player deciding on them asks."""
        if better.exact and worse.exact:
            sign = 1 if self.maximize else -1
            return sign * (better.points.mean - worse.points.mean) > 0
        return _surely_worse(better.samples, worse.samples, 1 if self.maximize else -1)


# --- the evaluator ------------------------------------------------------------------------


class Evaluator:
    """Values the candidates of decisions (see the module's notes).

    One evaluator keeps one :class:`~notation.analysis.solver.Solver`, whose tables
    serve the positions of a hand one after another; the values never depend on what
    it solved before (a solve is exact).
    """

    def __init__(
        self,
        view: View | str = View.PLAYER,
        budget: float = DEFAULT_BUDGET,
        *,
        leaf_cards: int = LEAF_CARDS,
        exact_cards: int = EXACT_CARDS,
        solver: Solver | None = None,
        settle: float = SETTLED,
    ) -> None:
        self.view = View(view)
        self.budget = budget
        # The share of the policy's error at which a race stops (SETTLED); 0: never
        # settled, every decision spends its budget (the strength match's player).
        self.settle = settle
        self.leaf_cards = leaf_cards
        self.exact_cards = exact_cards
        self.solver = solver or Solver()
        self._cost = 0.0  # modelled microseconds spent on the decision under way
        # The exact value of each rollout leaf met in the decisions of a hand, to spare
        # work, never to change a value: a leaf comes back in other futures and after
        # other candidates (its modelled cost is still charged).
        self._leaf_rules: Ruleset | None = None
        self._leaves: dict[_LeafKey, int] = {}

    def evaluate(
        self,
        position: Position,
        knowledge: Knowledge | None = None,
        played: Sequence[Card] | None = None,
        seed: int | str = 0,
    ) -> Evaluation:
        """Value the candidates of the seat to move in ``position``.

        ``knowledge`` is the mover's view (needed for the player's view; only the cards
        of the mover, the table and the points are then read from ``position``);
        ``played`` the play made, as put down (a throw as thrown, in the record's order);
        ``seed`` fixes every random choice.
        """
        self._cost = 0.0
        root = PlayState(position)
        seat = root.to_move
        maximize = root.is_defender(seat)
        made = tuple(played) if played is not None else None
        largest = max(len(h) for h in position.hands)
        if self.view is View.HINDSIGHT:
            if largest <= self.exact_cards:
                candidates = self._solved(position, made)
                return self._evaluation(root, candidates, made, exact=True)
            futures: _Futures = _Hindsight(root, str(seed))
            merge = root
        else:
            if knowledge is None:
                raise ValueError("the player's view needs the mover's knowledge")
            futures = _Deals(position, knowledge, str(seed), self._charge)
            merge = _merge_state(position, knowledge)
        cards = _candidates(merge, made)
        tricks = 0  # the tricks the policy plays in a rollout: its error grows with them
        if largest <= self.exact_cards:
            mine = cards.index(_sorted(made)) if made is not None else None
            samples = self._solve_deals(futures, cards, mine, maximize)
        else:
            tricks = max(0, largest - self.leaf_cards)
            samples = self._race(futures, cards, made, maximize, tricks)
        sigma = policy_sigma(tricks, view=self.view)
        candidates = [
            Candidate(c, Estimate.of(s, sigma=sigma), tuple(s), False)
            for c, s in zip(cards, samples, strict=True)
        ]
        return self._evaluation(root, candidates, made, exact=False, tricks=tricks)

    def evaluate_options(
        self,
        seat: Seat,
        options: Sequence[Cards],
        root: Callable[[int, int], PlayState],
        made: int,
        seed: int | str = 0,
    ) -> Evaluation:
        """Value choices made before the play (a bury, a declaration) by rollouts of the
        whole play: option ``k`` in future ``i`` is the play from ``root(k, i)`` (the
        caller makes future ``i`` the same deal for every option), every seat played by
        the rollout policy with the same random choices for every option (common random
        numbers). Every option gets the same futures, as many as the budget buys (at
        least :data:`MIN_FUTURES`) until they are settled (:func:`_settled`).
        ``options`` name the options by their cards (what a :class:`Candidate` holds:
        the cards buried, the cards declared); ``made`` is the index of the option made;
        ``seat`` the seat that chose."""
        if not options or not 0 <= made < len(options):
            raise ValueError("the option made must be one of the options")
        self._cost = 0.0
        rngs = _Futures(str(seed))
        explore = EXPLORE[self.view]
        samples: list[list[int]] = [[] for _ in options]
        budget = self.budget * 1e6
        first = root(made, 0)
        tricks = max(0, max(len(h) for h in first.hands) - self.leaf_cards)
        sigma = policy_sigma(tricks, view=self.view)
        n = 0
        while n < MAX_FUTURES and (n < MIN_FUTURES or self._cost < budget):
            if n >= MIN_FUTURES and self._settled(
                samples, made, sigma, policy_sigma(tricks, loss=True, view=self.view)
            ):
                break
            if self.view is View.PLAYER:
                self._cost += COST_DEAL_US
            for k, sample in enumerate(samples):
                state = root(k, n)
                rng = rngs.rng(n)
                sample.append(self._rollout(state, _policy_play(state, rng, explore), rng))
            n += 1
        candidates = [
            Candidate(_sorted(c), Estimate.of(s, sigma=sigma), tuple(s), False)
            for c, s in zip(options, samples, strict=True)
        ]
        played = candidates[made]
        maximize = first.is_defender(seat)
        sign = 1 if maximize else -1
        order = sorted(candidates, key=lambda c: -sign * c.points.mean)
        cost = self._cost / 1e6
        return Evaluation(
            seat, maximize, self.view, first.rules, tuple(order), played, False, cost, tricks
        )

    # --- the three ways to value ------------------------------------------------------------

    def _solved(self, position: Position, made: Cards | None) -> list[Candidate]:
        """Hindsight, small enough: every legal play's value proved."""
        solution = self.solver.solve(position)
        found: dict[Cards, Candidate] = {}
        for row in solution.plays:
            key = _sorted(row.play.shown)
            if key not in found:
                found[key] = Candidate(key, Estimate(row.value, 0.0, 1), (row.value,), True)
        if made is not None and _sorted(made) not in found:
            raise ValueError(f"the play made is not legal here: {' '.join(map(str, made))}")
        return list(found.values())

    def _solve_deals(
        self, futures: _Futures, cards: list[Cards], mine: int | None, maximize: bool
    ) -> list[list[int]]:
        """Every candidate's value proved in each future's deal (the player's view when
        the decision is small), deals added until the budget is spent or the values are
        as sure as a rollout's of one trick can be (:data:`SOLVED_SIGMA`; ``mine``: the
        play made, the anchor of the paired losses, else the best)."""
        sign = 1 if maximize else -1
        samples: list[list[int]] = [[] for _ in cards]
        budget = self.budget * 1e6
        size = max(len(h) for h in futures.state(0).hands)
        cost = _ALL_PLAYS_FACTOR * COST_SOLVE_US.get(size, COST_SOLVE_US[max(COST_SOLVE_US)])
        i = 0
        while i < MAX_FUTURES and (i < MIN_FUTURES or self._cost < budget):
            if i >= MIN_FUTURES:
                anchor = mine if mine is not None else _best(samples, sign)
                if self._settled(samples, anchor, SOLVED_SIGMA, SOLVED_SIGMA):
                    break
            solution = self.solver.solve(futures.state(i).position())
            values = {_sorted(row.play.shown): row.value for row in solution.plays}
            for sample, key in zip(samples, cards, strict=True):
                sample.append(values[key])
            self._cost += cost
            i += 1
        return samples

    def _race(
        self,
        futures: _Futures,
        cards: list[Cards],
        made: Cards | None,
        maximize: bool,
        tricks: int,
    ) -> list[list[int]]:
        """Rollouts: a screen of every candidate, then the play made and the best few
        raced on more futures until the budget is spent or the race is settled
        (:func:`_settled`: more futures would narrow no interval by much; ``tricks``: the
        tricks the policy plays, whose error no future removes)."""
        samples: list[list[int]] = [[] for _ in cards]
        budget = self.budget * 1e6
        sign = 1 if maximize else -1
        mine = cards.index(_sorted(made)) if made is not None else None
        given = list(cards)
        if made is not None and mine is not None:
            given[mine] = made  # a throw as written: its order settles a tie in a failure

        def run(k: int, i: int) -> None:
            state = futures.state(i)
            play = _play_in(state, given[k])
            samples[k].append(self._rollout(state, play, futures.rng(i)))

        everyone = list(range(len(cards)))
        n = 0
        while n < SCREEN_MAX and (n < SCREEN_MIN or self._cost < SCREEN_SHARE * budget):
            for k in everyone:
                run(k, n)
            n += 1
        if len(cards) == 1:
            while n < MIN_FUTURES:
                run(0, n)
                n += 1
            return samples

        def mean(k: int) -> float:
            return sign * fmean(samples[k])

        ranked = sorted(everyone, key=lambda k: (-mean(k), k))
        value_sigma = policy_sigma(tricks, view=self.view)
        loss_sigma = policy_sigma(tricks, loss=True, view=self.view)
        racing = [k for k in ranked if k != mine][:FOCUS]
        if mine is not None:
            racing.append(mine)
        while n < MAX_FUTURES and (n < MIN_FUTURES or self._cost < budget):
            if n >= MIN_FUTURES:
                anchor = mine if mine is not None else max(racing, key=lambda k: (mean(k), -k))
                values = [samples[k] for k in racing]
                if self._settled(values, racing.index(anchor), value_sigma, loss_sigma):
                    break
            for i in range(n, n + BATCH):
                for k in racing:
                    run(k, i)
            n += BATCH
            best = max(racing, key=lambda k: (mean(k), -k))
            racing = [k for k in racing if k in (best, mine) or not _surely_worse(
                samples[best], samples[k], sign)]  # fmt: skip
        return samples

    def _rollout(self, state: PlayState, play: Play, rng: random.Random) -> int:
        """The defenders' final points when ``play`` is made and the policy plays on,
        the solver taking over once every hand holds at most :attr:`leaf_cards` cards."""
        made = state.made
        state.apply(play)
        leaf = self.leaf_cards
        explore = EXPLORE[self.view]
        plays = 0
        try:
            while True:
                if not state.table:
                    size = len(state.hands[state.leader - 1])
                    if not size:
                        return state.outcome().points
                    if size <= leaf:
                        self._cost += COST_SOLVE_US.get(size, COST_SOLVE_US[max(COST_SOLVE_US)])
                        return self._leaf_value(state)
                state.apply(_policy_play(state, rng, explore))
                plays += 1
        finally:
            self._cost += plays * COST_PLAY_US
            while state.made > made:
                state.undo()

    def _leaf_value(self, state: PlayState) -> int:
        """The exact value of a rollout's leaf (a trick start), solved once: the same
        leaf met again, in another future or after another candidate, is looked up."""
        if state.rules is not self._leaf_rules:
            self._leaves.clear()
            self._leaf_rules = state.rules
        elif len(self._leaves) >= _LEAVES_KEPT:
            self._leaves.clear()
        hands = state.hands
        key = (
            state.trump,
            state.dealer,
            state.leader,
            state.points + state.penalties,
            (hands[0], hands[1], hands[2], hands[3]),
            state.kitty,
        )
        value = self._leaves.get(key)
        if value is None:
            value = self._leaves[key] = self.solver.value(state.position())
        return value

    def _settled(
        self,
        racing: Sequence[Sequence[int]],
        anchor: int,
        value_sigma: float,
        loss_sigma: float,
    ) -> bool:
        """:func:`_settled` at this evaluator's budget: its ``settle`` share
        (:data:`SETTLED`; 0: never) at the default,
        less in proportion to ``1/√budget`` (so that the futures a settled race takes
        grow with the budget, as the sampling error falls with ``1/√futures``)."""
        if self.budget <= 0 or self.settle <= 0:
            return False
        share = self.settle * sqrt(DEFAULT_BUDGET / self.budget)
        return _settled(racing, anchor, value_sigma, loss_sigma, share)

    def _charge(self, microseconds: float) -> None:
        self._cost += microseconds

    def play_value(
        self, position: Position, played: Sequence[Card], seed: int | str = 0
    ) -> Estimate:
        """The value of one play alone, every hand as ``position`` holds them (the
        futures of hindsight; no other candidate valued): proved by the solver where
        every hand holds at most :attr:`exact_cards` cards, else the mean of rollouts
        added until the budget is spent (at least :data:`MIN_FUTURES`), its interval
        with the policy's error. For the analysis's one scale
        (:func:`notation.analysis.review.open_hands`)."""
        self._cost = 0.0
        root = PlayState(position)
        made = tuple(played)
        largest = max(len(h) for h in position.hands)
        if largest <= self.exact_cards:
            key = _sorted(made)
            solution = self.solver.solve(position)
            value = next(r.value for r in solution.plays if _sorted(r.play.shown) == key)
            return Estimate(value, 0.0, 1)
        futures = _Hindsight(root, str(seed))
        budget = self.budget * 1e6
        tricks = max(0, largest - self.leaf_cards)
        samples: list[int] = []
        while len(samples) < MAX_FUTURES and (len(samples) < MIN_FUTURES or self._cost < budget):
            if len(samples) >= MIN_FUTURES and self._settled(
                [samples], 0, policy_sigma(tricks), 0.0
            ):
                break
            i = len(samples)
            state = futures.state(i)
            samples.append(self._rollout(state, _play_in(state, made), futures.rng(i)))
        return Estimate.of(samples, sigma=policy_sigma(tricks))

    def _evaluation(
        self,
        root: PlayState,
        candidates: list[Candidate],
        made: Cards | None,
        *,
        exact: bool,
        tricks: int = 0,
    ) -> Evaluation:
        """The candidates in order, best first: the most futures, then the best mean."""
        seat = root.to_move
        maximize = root.is_defender(seat)
        sign = 1 if maximize else -1
        order = sorted(candidates, key=lambda c: (-c.points.n, -sign * c.points.mean))
        played = None
        if made is not None:
            key = _sorted(made)
            played = next(c for c in order if c.cards == key)
        cost = self._cost / 1e6
        return Evaluation(
            seat, maximize, self.view, root.rules, tuple(order), played, exact, cost, tricks
        )


def _surely_worse(best: Sequence[int], other: Sequence[int], sign: int) -> bool:
    """True if ``other`` is worse than ``best`` for the mover beyond the interval of
    their paired difference."""
    n = min(len(best), len(other))
    return Estimate.of([sign * (a - b) for a, b in zip(best[:n], other[:n], strict=True)]).lower > 0


def _best(samples: Sequence[Sequence[int]], sign: int) -> int:
    """The candidate with the best mean for the mover (the first of equals)."""
    return max(range(len(samples)), key=lambda k: (sign * fmean(samples[k]), -k))


def _settled(
    racing: Sequence[Sequence[int]],
    anchor: int,
    value_sigma: float,
    loss_sigma: float,
    share: float = SETTLED,
) -> bool:
    """True if more futures would change little of what a race reports: for every
    candidate still racing (``racing``: each one's values over the same futures), the
    sampling error of its value is at most ``share`` (:data:`SETTLED` at the default
    budget) times the error no number of futures removes (``value_sigma``: the
    policy's, one standard deviation), and so is the sampling error of its paired
    difference from the candidate ``anchor`` (the play made) against ``loss_sigma``.
    Each interval is then at most ``sqrt(1 + share²)`` times as wide as it would be
    with endless futures."""
    value = share * _Z975 * value_sigma
    loss = share * _Z975 * loss_sigma
    if not value:
        return False  # no error to measure against: the budget decides
    mine = racing[anchor]  # (Estimate.of without a sigma: the sampling error alone)
    for k, values in enumerate(racing):
        if Estimate.of(values).half > value:
            return False
        if (
            k != anchor
            and Estimate.of([a - b for a, b in zip(values, mine, strict=True)]).half > loss
        ):
            return False
    return True


def _play_in(state: PlayState, cards: Cards) -> Play:
    """The play of ``cards`` by the seat to move in ``state``: a lead judged there (a
    throw may stand in one deal and fail in another)."""
    if state.table:
        return Play(state.to_move, _sorted(cards))
    return state.judge_lead(cards)


# --- the futures ----------------------------------------------------------------------------


class _Futures:
    """The futures of one decision: future ``i``'s root state and the policy's seed."""

    def __init__(self, seed: str) -> None:
        self.seed = seed

    def state(self, i: int) -> PlayState:
        """The root of future ``i`` (shared: a rollout takes back every play it makes)."""
        raise NotImplementedError

    def rng(self, i: int) -> random.Random:
        """The policy's random choices in future ``i``: the same for every candidate."""
        return random.Random(f"{self.seed}/{i}")


class _Hindsight(_Futures):
    """Every hand known: one root, the futures differ by the policy's choices."""

    def __init__(self, root: PlayState, seed: str) -> None:
        super().__init__(seed)
        self.root = root

    def state(self, i: int) -> PlayState:
        return self.root


class _Deals(_Futures):
    """The player's view: future ``i`` is deal ``i`` of the unseen cards, dealt in turn
    from one stream, so that deal ``i`` does not depend on how many are asked for."""

    def __init__(
        self,
        position: Position,
        knowledge: Knowledge,
        seed: str,
        charge: Callable[[float], None],
    ) -> None:
        super().__init__(seed)
        self.position = position
        self.dealer = Dealer(knowledge)
        self.deals = random.Random(f"{seed}/deals")
        self.states: list[PlayState] = []
        self.charge = charge

    def state(self, i: int) -> PlayState:
        while len(self.states) <= i:
            deal = self.dealer.deal(self.deals)
            state = PlayState(replace(self.position, hands=deal.hands, kitty=deal.kitty))
            if self.states:
                state.share_memo(self.states[0])
            self.states.append(state)
            self.charge(COST_DEAL_US)
        return self.states[i]


def _merge_state(position: Position, knowledge: Knowledge) -> PlayState:
    """A state to find the mover's candidates from in the player's view: its own hand,
    the table, and every card it cannot place in one other hand, so that a throw is
    kept only if no unseen cards can beat it, and two cards are merged only if no
    unseen card lies between them."""
    seat = position.to_move
    mine = position.hands[seat - 1]
    out = +unseen(mine, knowledge.played(), knowledge.kitty or ())
    other = next(s for s in SEATS if s != seat)
    hands = [() if s != seat else mine for s in SEATS]
    hands[other - 1] = _sorted(list(out.elements()))
    merged = replace(position, hands=(hands[0], hands[1], hands[2], hands[3]), kitty=())
    return PlayState(merged, check=False)


def _candidates(state: PlayState, made: Cards | None) -> list[Cards]:
    """The distinct plays worth valuing, as put down (sorted): a follower's legal
    follows, a leader's single units and the throws that stand, equivalent plays merged,
    at most :data:`MAX_CANDIDATES` of them; the play made always among them (in place of
    the plays equivalent to it)."""
    plays = list(state.follows()) if state.table else state.leads(failing=False)
    groups = state.distinct(plays)
    key = _sorted(made) if made is not None else None
    found: list[Cards] = []
    placed = False
    for group in groups:
        shown = [_sorted(p.shown) for p in group]
        if key is not None and key in shown:
            found.append(key)
            placed = True
        else:
            found.append(shown[0])
    if key is not None and not placed:
        found.append(key)
    if len(found) > MAX_CANDIDATES:
        found = _shortlist(state, found, key)
    return found


def _shortlist(state: PlayState, found: list[Cards], keep: Cards | None) -> list[Cards]:
    """At most :data:`MAX_CANDIDATES` of many plays (a void follower's discards, mostly):
    plays alike in what they do to this trick (whether they win it, the points they
    give, how many trumps they spend, the suits they take from) are represented by the
    cheapest and the dearest of them; then the plays that win, and the cheap ones,
    first. The play made is always kept."""
    table = state.trump.table

    def does(cards: Cards) -> tuple[bool, int, int, tuple[str, ...]]:
        wins = state.would_win(cards) if state.table else True
        points = card_points(cards)
        trumps = sum(1 for c in cards if table[c][0] == TRUMP)
        suits = tuple(sorted({str(table[c][0]) for c in cards}))
        return (wins, points, trumps, suits)

    def cost(cards: Cards) -> int:
        return sum(table[c][1] for c in cards)

    alike: dict[tuple[bool, int, int, tuple[str, ...]], list[Cards]] = {}
    for cards in found:
        alike.setdefault(does(cards), []).append(cards)
    chosen: list[Cards] = []
    for group in alike.values():
        group.sort(key=lambda c: (cost(c), _indices(c)))
        chosen.extend(dict.fromkeys([group[0], group[-1]]))
    chosen.sort(key=lambda c: (not does(c)[0], cost(c), _indices(c)))
    short = chosen[:MAX_CANDIDATES]
    if keep is not None and keep not in short:
        short[-1] = keep
    return short
