"""The best line: every judged play's line replays legally to its end (the end of the
hand where the solver plays it, the end of the trick where the policy does), a proved
line scores the best play's proved value, and a line reads back as it was written."""

from __future__ import annotations

import pytest

from notation.analysis.evaluate import Evaluator, View
from notation.analysis.line import LineSource, best_line, parse_line
from notation.analysis.review import Decision, PlayReview, plan_hand, review_decision
from notation.analysis.solver import Solver
from notation.rules.game import PlayState
from notation.simulate import simulate_hand


def _judged(view: View, seed: int, every: int) -> list[tuple[Decision, PlayReview]]:
    """Every ``every``-th play of a simulated hand and the last 14, judged in ``view``
    at a small budget."""
    plan = plan_hand(simulate_hand("qq", seed=seed, dealer=1 + seed % 4))
    evaluator = Evaluator(view, 0.02)
    chosen = [
        d for d in plan.decisions if d.index % every == 0 or d.index >= len(plan.decisions) - 14
    ]
    found = []
    for decision in chosen:
        review = review_decision(plan, decision, evaluator, seed)
        assert isinstance(review, PlayReview)
        found.append((decision, review))
    return found


@pytest.mark.parametrize("view", list(View))
def test_every_judged_play_s_line_replays_legally_to_its_end(view: View) -> None:
    sources = set()
    for seed in (3, 11):
        for decision, review in _judged(view, seed, every=9):
            line = review.line
            assert line is not None
            first = line.plays[0]
            assert (first.trick, first.seat) == (decision.trick, decision.seat)
            assert sorted(first.cards, key=lambda c: c.index) == list(review.best)
            state = PlayState(decision.position)
            trick = decision.trick
            for play in line.plays:
                assert play.trick == trick + state.tricks  # numbered as the tricks pass
                made = state.play(play.cards)  # raises if the rules do not allow it
                assert made.seat == play.seat
            if line.source is LineSource.SOLVER:
                assert state.is_over()  # to the end of the hand
                if view is View.HINDSIGHT:  # the line scores what the best play is worth
                    assert review.exact
                    assert state.outcome().points == review.best_value.mean
            else:
                assert not state.table and state.tricks == 1  # to the end of its trick
            sources.add(line.source)
    assert sources == set(LineSource)  # both kinds were met


def test_a_line_reads_back_as_it_was_written() -> None:
    plan = plan_hand(simulate_hand("qq", seed=5))
    solver = Solver()
    for decision in plan.decisions[-12:]:
        line = best_line(decision.position, decision.shown, decision.trick, solver)
        trump = decision.position.trump
        command = line.command(trump)
        assert command.startswith("[%line solver ") and command.endswith("]")
        again = parse_line(command[len("[%line ") : -1], decision.trick)
        assert again is not None and again.source is line.source
        sort = trump.sorted
        assert [(p.trick, p.seat, sort(p.cards)) for p in again.plays] == [
            (p.trick, p.seat, sort(p.cards)) for p in line.plays
        ]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "proof 3: SK",
        "solver",
        "solver SK",
        "solver 3:",
        "solver 3: SK 4:",
        "solver 5: SK",
        "solver 3: S1",
    ],
)
def test_a_command_that_is_no_line_reads_as_none(text: str) -> None:
    assert parse_line(text, 1) is None


def test_a_line_does_not_depend_on_what_the_solver_solved_before() -> None:
    # One solver serves every line of a hand, its tables kept: the line is the same
    # from a solver that has solved it before as from a new one.
    plan = plan_hand(simulate_hand("qq", seed=2))
    decision = next(d for d in plan.decisions if max(map(len, d.position.hands)) <= 5)
    solver = Solver()
    first = best_line(decision.position, decision.shown, decision.trick, solver)
    again = best_line(decision.position, decision.shown, decision.trick, solver)
    fresh = best_line(decision.position, decision.shown, decision.trick, Solver())
    assert first == again == fresh and len(first.plays) > 4
