"""Calibrate the rollout policy's error against exact play (the evaluator's
``POLICY_SIGMA``), and check the loss intervals, on positions of simulated hands.

    python tests/calibrate_policy.py [--hands 20] [--seed 100] [--sizes 4 5 6 7]
    python tests/calibrate_policy.py --review-hands 2 --seed 300 --sizes
    python tests/calibrate_policy.py --budget 1 --sizes 5 6   # where races stop settled
    python tests/calibrate_policy.py --screen 0.4 0.2 --seed 0 --hands 3 --sizes
    python tests/calibrate_policy.py --settle 1 0 --seed 0 --hands 3 --sizes [--budget 0.5]

For each size (cards in the largest hand at a decision) it takes decisions of simulated
qq hands, values every candidate by rollouts in hindsight (the evaluator with
``exact_cards=0`` at the budget of the coverage test, ``POLICY_SIGMA`` off) and exactly
by the solver, and prints:

* ``sigma``: the policy error to add in quadrature to the sampling error so that 95% of
  the candidates' intervals hold the exact value (for each candidate the smallest σ with
  ``|mean - exact| <= sqrt(half² + (z·σ)²)``; their 95th percentile), and the RMS error;
* the loss intervals (paired differences of the best and each other candidate valued on
  as many futures): how often they hold the exact loss, how often a loss called
  significant (interval clear of 0) is not one exactly, and the σ that makes 95% of them
  hold it;
* with ``--review-hands N``: the classes of every play of N simulated hands reviewed in
  the player's view, and the reviews' CPU, with the loss intervals widened by
  ``LOSS_SIGMA_PLAYER``, by the hindsight ``LOSS_SIGMA`` and by neither.

Not a test: the numbers move with the seeds; the constants in
``notation/analysis/evaluate.py`` were set from a run of this script (seeds 100 on; the
coverage test uses seeds 0 to 29).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import replace
from math import sqrt
from pathlib import Path
from statistics import NormalDist, fmean

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from notation.analysis import evaluate
from notation.analysis.evaluate import (
    MIN_FUTURES,
    Candidate,
    Estimate,
    Evaluation,
    Evaluator,
    View,
)
from notation.analysis.review import Decision, plan_hand, review_hand
from notation.analysis.sampling import sample_deals
from notation.analysis.solver import Solver
from notation.rules.cards import Cards
from notation.simulate import simulate_hand

Z = NormalDist().inv_cdf(0.975)
BUDGET = 0.05  # the evaluator's budget a decision, as in the coverage test
SOLVE_CAP = 20.0  # seconds at most for a position's exact solve (else it is left out)


def decisions_at(seed: int, size: int, per_hand: int) -> list[Decision]:
    """Up to ``per_hand`` decisions of simulated hand ``seed`` where the largest hand
    holds ``size`` cards (seats at different places in the trick)."""
    plan = plan_hand(simulate_hand("qq", seed=seed, dealer=1 + seed % 4))
    found = [d for d in plan.decisions if max(len(h) for h in d.position.hands) == size]
    step = max(1, len(found) // per_hand)
    return found[::step][:per_hand]


def quantile95(values: list[float]) -> float:
    """The 95th percentile of ``values`` (0 if none)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else 0.0


def loss_samples(evaluation: Evaluation, best: Candidate, other: Candidate) -> list[int]:
    """The paired losses of ``other`` against ``best`` for the seat to move, future by
    future."""
    sign = 1 if evaluation.maximize else -1
    return [sign * (a - b) for a, b in zip(best.samples, other.samples, strict=False)]


def measure(size: int, seeds: range, per_hand: int, budget: float = BUDGET) -> dict[str, object]:
    """Rollouts against the exact values at ``size`` cards (see the module's notes)."""
    solver = Solver()
    needed: list[float] = []
    needed_loss: list[float] = []
    errors: list[float] = []
    inside = total = 0
    loss_inside = loss_total = called = false_calls = 0
    skipped = 0
    for seed in seeds:
        for decision in decisions_at(seed, size, per_hand):
            solution = solver.solve(decision.position, budget=SOLVE_CAP)
            if not solution.exact:
                skipped += 1
                continue
            exact = {tuple(sorted(r.play.shown, key=lambda c: c.index)): r.value
                     for r in solution.plays}  # fmt: skip
            evaluator = Evaluator(View.HINDSIGHT, budget=budget, exact_cards=0, solver=solver)
            evaluation = evaluator.evaluate(decision.position, played=decision.shown, seed=seed)
            sign = 1 if evaluation.maximize else -1
            best = evaluation.best
            for candidate in evaluation.candidates:
                if candidate.points.n < MIN_FUTURES:
                    continue
                value = exact[candidate.cards]
                error = abs(candidate.points.mean - value)
                sampling = Estimate.of(candidate.samples).half
                errors.append(error)
                needed.append(sqrt(max(0.0, error**2 - sampling**2)) / Z)
                total += 1
                inside += candidate.points.lower <= value <= candidate.points.upper
                if candidate is best or candidate.points.n != best.points.n:
                    continue
                loss = evaluation.compare(best, candidate).points
                truth = sign * (exact[best.cards] - value)
                loss_total += 1
                paired = Estimate.of(loss_samples(evaluation, best, candidate)).half
                needed_loss.append(sqrt(max(0.0, (loss.mean - truth) ** 2 - paired**2)) / Z)
                loss_inside += loss.lower <= truth <= loss.upper
                if loss.lower > 0:
                    called += 1
                    false_calls += truth <= 0
    q95 = quantile95(needed)
    return {
        "size": size,
        "candidates": total,
        "skipped_positions": skipped,
        "coverage": inside / total if total else None,
        "rms_error": sqrt(sum(e * e for e in errors) / len(errors)) if errors else None,
        "sigma_95": q95,
        "losses": loss_total,
        "loss_coverage": loss_inside / loss_total if loss_total else None,
        "loss_sigma_95": quantile95(needed_loss),
        "losses_called": called,
        "false_calls": false_calls,
    }


def _key(shown: Cards) -> Cards:
    return tuple(sorted(shown, key=lambda c: c.index))


def measure_player(
    size: int, seeds: range, per_hand: int, reference: int, budget: float = BUDGET
) -> dict[str, object]:
    """Rollouts in the player's view against the value they estimate, the mean over
    deals of the exact value of each deal played open (PIMC), at ``size`` cards: the
    candidates' rollout means (the evaluator with ``exact_cards=0``; the coverage is of
    its intervals, which carry the view's policy error) against the exact values of
    ``reference`` other deals of the same view, each solved.

    For each candidate the σ needed is the smallest with ``|mean - ref| <= sqrt(half² +
    ref_half² + (z·σ)²)`` (the rollouts' sampling error and the reference's own); their
    95th percentile is the policy error to add in this view. Also the bias: the mean
    signed error (rollouts less exact), for the defenders; and the same for the losses
    (the best less each other candidate on as many futures, paired, against the paired
    loss over the reference deals): the σ a loss needs in this view, how often the loss
    intervals (sampling error only) hold it, and the losses called that are none."""
    solver = Solver()
    needed: list[float] = []
    needed_loss: list[float] = []
    signed: list[float] = []
    inside = total = skipped = 0
    loss_inside = loss_total = called = false_calls = 0
    for seed in seeds:
        plan = plan_hand(simulate_hand("qq", seed=seed, dealer=1 + seed % 4))
        for decision in decisions_at(seed, size, per_hand):
            knowledge = plan.knowledge(decision)
            values: dict[Cards, list[int]] = {}
            proved = True
            for deal in sample_deals(knowledge, reference, seed=10_000 + seed):
                position = replace(decision.position, hands=deal.hands, kitty=deal.kitty)
                solution = solver.solve(position, budget=SOLVE_CAP)
                proved = proved and solution.exact
                for row in solution.plays:
                    values.setdefault(_key(row.play.shown), []).append(row.value)
            if not proved:
                skipped += 1
                continue
            evaluator = Evaluator(View.PLAYER, budget=budget, exact_cards=0, solver=solver)
            evaluation = evaluator.evaluate(
                decision.position, knowledge, played=decision.shown, seed=seed
            )
            for candidate in evaluation.candidates:
                if candidate.points.n < MIN_FUTURES or candidate.cards not in values:
                    continue
                exact = Estimate.of(values[candidate.cards])
                error = candidate.points.mean - exact.mean
                sampling = Estimate.of(candidate.samples).half
                signed.append(error)
                needed.append(sqrt(max(0.0, error**2 - sampling**2 - exact.half**2)) / Z)
                total += 1
                reach = sqrt(candidate.points.half**2 + exact.half**2)
                inside += abs(error) <= reach
            best = evaluation.best
            sign = 1 if evaluation.maximize else -1
            for candidate in evaluation.candidates:
                if candidate is best or candidate.points.n != best.points.n:
                    continue
                if candidate.cards not in values or best.cards not in values:
                    continue
                pairs = zip(values[best.cards], values[candidate.cards], strict=True)
                truth = Estimate.of([sign * (a - b) for a, b in pairs])
                loss = Estimate.of(loss_samples(evaluation, best, candidate))
                loss_total += 1
                error = loss.mean - truth.mean
                needed_loss.append(sqrt(max(0.0, error**2 - loss.half**2 - truth.half**2)) / Z)
                loss_inside += abs(error) <= sqrt(loss.half**2 + truth.half**2)
                if loss.lower > 0:
                    called += 1
                    false_calls += truth.mean <= 0
    return {
        "view": "player",
        "size": size,
        "candidates": total,
        "skipped_positions": skipped,
        "coverage": inside / total if total else None,
        "bias": sum(signed) / len(signed) if signed else None,
        "rms_error": sqrt(sum(e * e for e in signed) / len(signed)) if signed else None,
        "sigma_95": quantile95(needed),
        "losses": loss_total,
        "loss_coverage_sampling_only": loss_inside / loss_total if loss_total else None,
        "loss_sigma_95": quantile95(needed_loss),
        "losses_called_sampling_only": called,
        "false_calls": false_calls,
    }


def review_classes(hands: int, seed: int, budget: float) -> dict[str, object]:
    """The classes of every play of ``hands`` simulated qq hands reviewed in the player's
    view at ``budget``, and the CPU seconds of the reviews, with the loss intervals
    widened as shipped (``LOSS_SIGMA_PLAYER``), as in hindsight (``LOSS_SIGMA``, what
    the player's view carried before it had its own) and by the sampling error only:
    what the widening turns fine."""
    counts: dict[str, dict[str, object]] = {}
    kept = dict(evaluate.LOSS_SIGMA), dict(evaluate.LOSS_SIGMA_PLAYER)
    kept_share = evaluate.LOSS_SIGMA_PLAYER_SHARE
    variants = {
        "player's table": (kept[0], kept[1], kept_share),
        "hindsight's table": (kept[0], kept[0], 1.0),
        "sampling only": (dict.fromkeys(kept[0], 0.0), dict.fromkeys(kept[1], 0.0), 0.0),
    }
    for name, (hindsight, player, share) in variants.items():
        # read at each comparison
        evaluate.LOSS_SIGMA, evaluate.LOSS_SIGMA_PLAYER = hindsight, player  # type: ignore[misc]
        evaluate.LOSS_SIGMA_PLAYER_SHARE = share  # type: ignore[misc]
        found: Counter[str] = Counter()
        start = time.process_time()
        for s in range(seed, seed + hands):
            hand = simulate_hand("qq", seed=s, dealer=1 + s % 4)
            review = review_hand(hand, Evaluator(View.PLAYER, budget), seed=s)
            found.update(str(p.verdict) for p in review.plays)
        counts[name] = {"classes": dict(found), "cpu_s": round(time.process_time() - start, 1)}
    evaluate.LOSS_SIGMA, evaluate.LOSS_SIGMA_PLAYER = kept  # type: ignore[misc]
    evaluate.LOSS_SIGMA_PLAYER_SHARE = kept_share  # type: ignore[misc]
    return {"review_hands": hands, "budget": budget, "variants": counts}


SCREEN_TRICKS = 7  # the tricks whose decisions the screen's measure takes
SCREEN_CANDIDATES = 6  # ... with at least this many candidates (where the screen chooses)


def best_regret(
    variants: list[tuple[float, float]], seeds: range, reference: int, budget: float
) -> dict[str, object]:
    """How good the best play the evaluator finds is, by its screen's share of the
    budget (``SCREEN_SHARE``) and the share of the policy's error at which its races
    stop settled (``settle``, :data:`~notation.analysis.evaluate.SETTLED`; 0: never): for
    each ``(screen, settle)`` of ``variants``, at every decision of tricks 1 to
    :data:`SCREEN_TRICKS` with :data:`SCREEN_CANDIDATES` candidates or more (the
    player's view, at ``budget``), every candidate is valued by rollouts over
    ``reference`` other futures (a screen of that many futures and nothing after it);
    the regret of the best found is the best candidate's value there less its own
    (points, for the mover). The mean regret and modelled cost by variant, and each
    variant's regret less the first's, paired."""
    kept = evaluate.SCREEN_SHARE, evaluate.SCREEN_MAX, evaluate.MAX_FUTURES
    regrets: list[list[float]] = [[] for _ in variants]
    costs: list[list[float]] = [[] for _ in variants]
    for seed in seeds:
        plan = plan_hand(simulate_hand("qq", seed=seed, dealer=1 + seed % 4))
        for decision in plan.decisions:
            if decision.trick > SCREEN_TRICKS:
                break
            knowledge = plan.knowledge(decision)
            tag = f"{seed}:{decision.index}"
            evaluate.SCREEN_SHARE, evaluate.SCREEN_MAX, evaluate.MAX_FUTURES = (
                1.0,
                reference,
                reference,
            )  # type: ignore[misc]
            every = Evaluator(View.PLAYER, budget=1e9).evaluate(
                decision.position, knowledge, decision.shown, seed=f"ref:{tag}"
            )
            evaluate.SCREEN_SHARE, evaluate.SCREEN_MAX, evaluate.MAX_FUTURES = kept  # type: ignore[misc]
            if len(every.candidates) < SCREEN_CANDIDATES:
                continue
            sign = 1 if every.maximize else -1
            values = {c.cards: sign * c.points.mean for c in every.candidates}
            for k, (share, settle) in enumerate(variants):
                evaluate.SCREEN_SHARE = share  # type: ignore[misc]
                evaluation = Evaluator(View.PLAYER, budget, settle=settle).evaluate(
                    decision.position, knowledge, decision.shown, seed=f"0:{tag}"
                )
                regrets[k].append(max(values.values()) - values[evaluation.best.cards])
                costs[k].append(evaluation.cost)
            evaluate.SCREEN_SHARE = kept[0]  # type: ignore[misc]
    rows: dict[str, object] = {
        "decisions": len(regrets[0]),
        "reference_futures": reference,
        "budget": budget,
    }
    for k, (share, settle) in enumerate(variants):
        paired = [a - b for a, b in zip(regrets[k], regrets[0], strict=True)]
        rows[f"screen_{share:g}_settle_{settle:g}"] = {
            "mean_regret": round(fmean(regrets[k]), 2),
            "mean_cost_s": round(fmean(costs[k]), 3),
            "regret_less_first": str(Estimate.of(paired)) if len(paired) > 1 else None,
        }
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=100, help="the first hand's seed")
    parser.add_argument("--per-hand", type=int, default=2, help="decisions a hand and size")
    parser.add_argument("--sizes", type=int, nargs="*", default=[4, 5, 6, 7])
    parser.add_argument(
        "--review-hands", type=int, default=0, help="hands reviewed to count the classes"
    )
    parser.add_argument("--review-budget", type=float, default=0.2)
    parser.add_argument(
        "--view",
        choices=["hindsight", "player"],
        default="hindsight",
        help="player: rollouts over deals against the mean exact value of other deals",
    )
    parser.add_argument("--reference", type=int, default=32, help="deals solved (player)")
    parser.add_argument(
        "--budget", type=float, default=BUDGET, help="the evaluator's budget a decision"
    )
    parser.add_argument(
        "--screen", type=float, nargs="*", default=[], help="screen shares to compare"
    )
    parser.add_argument(
        "--settle", type=float, nargs="*", default=[], help="settle shares to compare (0: never)"
    )
    args = parser.parse_args()
    variants = [(s, evaluate.SETTLED) for s in args.screen]
    variants += [(evaluate.SCREEN_SHARE, s) for s in args.settle]
    if variants:
        seeds = range(args.seed, args.seed + args.hands)
        budget = args.budget if args.budget != BUDGET else evaluate.DEFAULT_BUDGET
        print(json.dumps(best_regret(variants, seeds, args.reference, budget)))
    if args.review_hands:
        print(json.dumps(review_classes(args.review_hands, args.seed, args.review_budget)))
    seeds = range(args.seed, args.seed + args.hands)
    for size in args.sizes:
        start = time.perf_counter()
        if args.view == "player":
            row = measure_player(size, seeds, args.per_hand, args.reference, args.budget)
        else:
            row = measure(size, seeds, args.per_hand, args.budget)
        row["seconds"] = round(time.perf_counter() - start, 1)
        print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
