"""Mistakes: the classes and their thresholds, the level result weighed on its own
scale, the per-seat summary, and a hand analysed up to its first illegal play."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from notation.analysis.evaluate import Comparison, Estimate, Evaluator, View, level_score
from notation.analysis.positions import hand_positions
from notation.analysis.review import (
    LEVELS_BLUNDER,
    LEVELS_INACCURACY,
    LEVELS_MISTAKE,
    POINTS_BLUNDER,
    POINTS_INACCURACY,
    POINTS_MISTAKE,
    Decision,
    PlayReview,
    Verdict,
    classify,
    judge_play,
    plan_hand,
    review_decision,
    review_hand,
    summarize,
)
from notation.analysis.solver import Solver
from notation.presets import load_ruleset
from notation.psn import parse
from notation.rules.cards import Card
from notation.simulate import simulate_hand
from tests.conftest import cards

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def proved(points: float, levels: float = 0.0) -> Comparison:
    """A loss proved by the solver (no interval)."""
    return Comparison(Estimate(points, 0.0, 1), Estimate(levels, 0.0, 1), float(levels > 0), True)


def estimated(
    points: float, half: float, levels: float = 0.0, level_half: float = 0.0
) -> Comparison:
    """A loss estimated over 40 futures, with the given intervals."""
    return Comparison(Estimate(points, half, 40), Estimate(levels, level_half, 40), 0.0, False)


# --- the thresholds -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "verdict"),
    [
        (0, Verdict.FINE),
        (POINTS_INACCURACY - 5, Verdict.FINE),
        (POINTS_INACCURACY, Verdict.INACCURACY),
        (POINTS_MISTAKE - 5, Verdict.INACCURACY),
        (POINTS_MISTAKE, Verdict.MISTAKE),
        (POINTS_BLUNDER - 5, Verdict.MISTAKE),
        (POINTS_BLUNDER, Verdict.BLUNDER),
        (120, Verdict.BLUNDER),
    ],
)
def test_a_proved_loss_inside_one_band_is_classed_by_its_points(
    points: int, verdict: Verdict
) -> None:
    assert classify(proved(points)) is verdict


def test_a_loss_that_changes_the_level_result_is_a_blunder_however_few_points() -> None:
    # 5 points that take the defenders from 80 (they take over) to 75 (the dealer's team
    # goes up a level) cost the hand's result: the game is played for levels.
    assert classify(proved(5, levels=1)) is Verdict.BLUNDER
    assert classify(proved(5, levels=0)) is Verdict.FINE


def test_the_same_points_weigh_more_when_they_cross_a_band() -> None:
    inside, across = classify(proved(15, levels=0)), classify(proved(15, levels=1))
    assert (inside, across) == (Verdict.INACCURACY, Verdict.BLUNDER)


@pytest.mark.parametrize(
    ("levels", "verdict"),
    [
        (LEVELS_INACCURACY - 0.05, Verdict.FINE),
        (LEVELS_INACCURACY, Verdict.INACCURACY),
        (LEVELS_MISTAKE - 0.05, Verdict.INACCURACY),
        (LEVELS_MISTAKE, Verdict.MISTAKE),
        (LEVELS_BLUNDER - 0.05, Verdict.MISTAKE),
        (LEVELS_BLUNDER, Verdict.BLUNDER),
    ],
)
def test_an_expected_level_loss_has_its_own_thresholds(levels: float, verdict: Verdict) -> None:
    # Over sampled futures the level lost is an expectation: a quarter, a half, a whole level.
    assert classify(estimated(2, 1, levels=levels, level_half=0.04)) is verdict


def test_a_loss_inside_its_interval_of_zero_is_fine() -> None:
    assert classify(estimated(35, 36)) is Verdict.FINE
    assert classify(estimated(35, 20)) is Verdict.MISTAKE  # clear of zero: as estimated


def test_a_level_loss_within_noise_does_not_count() -> None:
    assert classify(estimated(4, 1, levels=0.8, level_half=0.9)) is Verdict.FINE
    assert classify(estimated(4, 1, levels=0.8, level_half=0.5)) is Verdict.MISTAKE


def test_the_level_score_follows_the_rule_sets_table() -> None:
    qq, match_a = load_ruleset("qq"), load_ruleset("match-a")  # forty and twenty tables
    assert [level_score(qq, p) for p in (0, 35, 75, 80, 115, 120, 160)] == [-3, -2, -1, 0, 0, 1, 2]
    assert [level_score(match_a, p) for p in (50, 55, 80, 95, 100)] == [-2, -1, 0, 0, 1]


# --- plays judged --------------------------------------------------------------------------


def _late_decisions(seeds: range) -> list[tuple[Decision, Evaluator]]:
    """Decisions of simulated hands small enough for hindsight to prove every value."""
    found = []
    for seed in seeds:
        plan = plan_hand(simulate_hand("qq", seed=seed, dealer=1 + seed % 4))
        found += [d for d in plan.decisions if max(map(len, d.position.hands)) <= 5]
    return [(d, Evaluator(View.HINDSIGHT)) for d in found]


def test_a_proved_loss_is_the_solvers_difference_and_classed_by_it() -> None:
    solver = Solver()
    judged = 0
    for decision, evaluator in _late_decisions(range(8)):
        review = judge_play(decision, evaluator.evaluate(decision.position, None, decision.shown))
        solution = solver.solve(decision.position)
        sign = 1 if review.maximize else -1
        values = {
            tuple(sorted(p.play.shown, key=lambda c: c.index)): p.value for p in solution.plays
        }
        made = values[tuple(sorted(decision.shown, key=lambda c: c.index))]
        assert review.exact and review.value.mean == made
        assert review.best_value.mean == solution.value
        assert review.loss.mean == sign * (solution.value - made)
        rules = decision.position.rules
        lost_levels = sign * (level_score(rules, solution.value) - level_score(rules, made))
        assert review.result_changes == (lost_levels != 0)
        assert review.verdict is classify(proved(review.loss.mean, max(lost_levels, 0)))
        judged += review.loss.mean > 0
    assert judged >= 3  # the bots leave some points on the table


def test_the_best_play_loses_nothing_and_names_itself() -> None:
    decision, evaluator = _late_decisions(range(1))[0]
    best = evaluator.evaluate(decision.position, None, decision.shown).best.cards
    decision = replace(decision, play=replace(decision.play, cards=best, attempted=None))
    review = judge_play(decision, evaluator.evaluate(decision.position, None, best))
    assert review.loss.mean == 0 and review.verdict is Verdict.FINE and review.is_best


def _key(shown: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(shown, key=lambda c: c.index))


def _review(seat: int, verdict: Verdict, loss: float, exact: bool = False) -> PlayReview:
    value = Estimate(80.0, 0.0 if exact else 5.0, 1 if exact else 30)
    lost = Estimate(loss, 0.0 if exact else 3.0, value.n)
    return PlayReview(
        0, 1, seat, tuple(cards("SA")), value, tuple(cards("SK")), value, lost,
        Estimate(0.0, 0.0, value.n), False, verdict, exact, 3, seat % 2 == 0,
    )  # fmt: skip


def test_the_summary_counts_each_class_and_averages_the_losses_that_count() -> None:
    plays = [
        _review(1, Verdict.FINE, 0),
        _review(1, Verdict.FINE, 4),  # within noise: counts 0
        _review(1, Verdict.MISTAKE, 24),
        _review(1, Verdict.FINE, 5, exact=True),  # proved: counts
        _review(2, Verdict.BLUNDER, 45),
        _review(2, Verdict.INACCURACY, 12),
    ]
    summary = summarize(plays)
    one, two, three = summary[1], summary[2], summary[3]
    assert (one.plays, one.fine, one.mistake, one.average_loss) == (4, 3, 1, (24 + 5) / 4)
    assert (two.inaccuracy, two.blunder, two.average_loss) == (1, 1, (45 + 12) / 2)
    assert three.plays == 0 and three.average_loss == 0


# --- where the analysis stops -------------------------------------------------------------------


def test_an_illegal_play_stops_the_analysis_there_and_says_so() -> None:
    # Seat 2 revokes in trick 8 (it plays ♥7 to ♦A holding diamonds).
    record = parse((EXAMPLES / "disputes" / "01-revoke-discovered-later.psn").read_text())
    plan = plan_hand(record.hands[0])
    assert plan.stopped is not None and (plan.stopped.trick, plan.stopped.seat) == (8, 2)
    assert "follow-suit" in plan.stopped.reason
    assert [d.trick for d in plan.decisions][-1] == 8 and len(plan.decisions) == 7 * 4 + 1
    assert "trick 8, seat 2" in str(plan.stopped)


def test_a_hand_whose_play_breaks_a_rule_at_once_has_no_play_judged() -> None:
    record = parse((EXAMPLES / "disputes" / "10-throw-wrongly-called-failed.psn").read_text())
    review = review_hand(record.hands[0], Evaluator(View.HINDSIGHT, 0.01))
    assert review.plays == () and review.stopped is not None
    assert review.to_dict()["stopped"]["trick"] == 1


def test_a_hand_with_unknown_cards_cannot_be_analysed() -> None:
    hand = simulate_hand("qq", seed=1)
    text = (EXAMPLES / "disputes" / "01-revoke-discovered-later.psn").read_text()
    unknown = parse(text.replace("deck 1: HQ", "deck 1: ??")).hands[0]
    assert plan_hand(unknown).error is not None
    assert plan_hand(hand).error is None


@pytest.mark.parametrize(
    ("play", "seat", "reason"),
    [
        ("1: ??", 1, "Seat 1 led ??, which was not in its hand"),
        ("1: H10 HA / ?? by 3", 1, "the record's forced cards are not those the rules force"),
    ],
)
def test_a_play_with_an_unknown_card_stops_the_analysis_there(
    play: str, seat: int, reason: str
) -> None:
    # The deal is known, so is every position; the record does not say the play's
    # cards (a failed throw's forced cards once made the analysis crash).
    text = (EXAMPLES / "analysis" / "01-kitty-keep-the-pair.psn").read_text()
    assert "\n1. 1: H10 2: H9 " in text
    hand = parse(text.replace("\n1. 1: H10 2: H9 ", f"\n1. {play} 2: H9 ")).hands[0]
    plan = plan_hand(hand)
    assert plan.error is None and plan.decisions == ()
    assert plan.stopped is not None and (plan.stopped.trick, plan.stopped.seat) == (1, seat)
    assert reason in plan.stopped.reason


def test_the_play_is_judged_under_the_trump_the_players_followed() -> None:
    # A counter the rules reject: the replay judges the play under the trump the players
    # followed (the counter's), and so does the analysis: no play is taken to be illegal.
    record = parse((EXAMPLES / "disputes" / "11-chaodi-not-allowed.psn").read_text())
    plan = plan_hand(record.hands[0])
    assert plan.stopped is None and len(plan.decisions) == 76


def test_positions_of_the_plan_are_the_record_s() -> None:
    hand = simulate_hand("qq", seed=2)
    plan = plan_hand(hand)
    assert [d.position for d in plan.decisions] == [p for p, _ in hand_positions(hand)]


def test_the_open_hands_value_is_the_solver_s_late_and_the_value_itself_in_hindsight() -> None:
    plan = plan_hand(simulate_hand("qq", seed=4))
    solver = Solver()
    player, hindsight = Evaluator(View.PLAYER, 0.02), Evaluator(View.HINDSIGHT, 0.02)
    for decision in plan.decisions[-8:]:
        seen = review_decision(plan, decision, player, 0)
        assert isinstance(seen, PlayReview) and seen.open_value is not None
        values = {_key(p.play.shown): p.value for p in solver.solve(decision.position).plays}
        # the graph's scale: every hand open, proved this late, whatever the seat knew
        assert seen.open_value.half == 0 and seen.open_value.mean == values[_key(decision.shown)]
        opened = review_decision(plan, decision, hindsight, 0)
        assert isinstance(opened, PlayReview) and opened.open_value == opened.value
    early = review_decision(plan, plan.decisions[0], player, 0)
    assert isinstance(early, PlayReview) and early.open_value is not None
    assert early.open_value.half > 0  # estimated by rollouts, with its interval
    assert early.to_dict(plan.decisions[0].position.trump)["open_interval"] == [
        round(early.open_value.lower, 1),
        round(early.open_value.upper, 1),
    ]
