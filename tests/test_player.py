"""The evaluator's player (notation/analysis/player.py): it keeps the rules, its views
agree with the deal, it reads no hidden card, and the duplicate harness runs with it.
Its strength is measured by the benchmark (``tests/benchmark.py --strength-only``),
not asserted here."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from notation.analysis.duplicate import duplicate_match
from notation.analysis.evaluate import Evaluation, Evaluator, View
from notation.analysis.player import EvaluatorPlayer, evaluator_player
from notation.bots import Bot
from notation.presets import load_ruleset
from notation.rules.game import PlayState
from notation.simulate import play_hand, set_up_hand

TINY = 0.01  # modelled seconds a decision: the fewest futures the evaluator allows


def test_the_evaluator_player_keeps_the_rules_and_its_views_agree_with_the_deal() -> None:
    rules = load_ruleset("qq")
    position = set_up_hand(rules, random.Random(11), dealer=3).position
    state = PlayState(position)
    player = EvaluatorPlayer(random.Random(1), budget=TINY)
    # Every play goes through the state, which refuses an illegal one.
    for _ in play_hand(state, [player, Bot(random.Random(2))] * 2):
        for seat, view in player.views.items():
            assert view.problems(state.hands, state.kitty) == [], seat
    assert state.is_over() and not any(state.hands)
    assert state.outcome().points >= 0


def test_the_evaluator_player_reads_no_hidden_card() -> None:
    # The same decision with the unseen cards of the other hands swapped among them:
    # the same play, for the player sees only its own cards, the table and the plays.
    rules = load_ruleset("qq")
    position = set_up_hand(rules, random.Random(5), dealer=1).position
    state = PlayState(position)
    player = EvaluatorPlayer(random.Random(3), budget=TINY)
    player.start(state)
    hands = list(position.hands)
    # Seat 1 leads; seats 2 and 4 swap their hands (same sizes), seat 3 keeps its own.
    hands[1], hands[3] = hands[3], hands[1]
    other = PlayState(replace(position, hands=tuple(hands)))
    again = EvaluatorPlayer(random.Random(3), budget=TINY)
    again.start(other)
    assert player.choose(state) == again.choose(other)


def test_a_duplicate_match_runs_with_the_evaluator_player() -> None:
    result = duplicate_match(evaluator_player(TINY), Bot, deals=1, seed=2)
    (deal,) = result.deals
    assert deal.points == deal.a_defending - deal.b_defending
    assert deal.a_defending >= 0 and deal.b_defending >= 0


class _Spy(Evaluator):
    """An evaluator that keeps every evaluation it gives."""

    def __init__(self) -> None:
        super().__init__(View.PLAYER, TINY)
        self.seen: list[Evaluation] = []

    def evaluate(self, *args: Any, **kwargs: Any) -> Evaluation:
        found = super().evaluate(*args, **kwargs)
        self.seen.append(found)
        return found


def test_the_player_leaves_the_bot_s_play_only_for_one_surely_better() -> None:
    rules = load_ruleset("qq")
    state = PlayState(set_up_hand(rules, random.Random(20), dealer=2).position)
    player = EvaluatorPlayer(random.Random(4), budget=TINY)
    spy = player.evaluator = _Spy()
    kept = left = 0
    for play in play_hand(state, [player, Bot(random.Random(5))] * 2):
        if play.seat % 2 == 0 or not spy.seen:
            continue
        evaluation = spy.seen.pop()
        made = evaluation.played
        assert made is not None  # the bot's choice is the play the evaluator weighs
        if tuple(sorted(play.shown, key=lambda c: c.index)) == made.cards:
            kept += 1
        else:
            left += 1
            assert evaluation.surely_better(evaluation.best, made)
            assert tuple(sorted(play.shown, key=lambda c: c.index)) == evaluation.best.cards
    assert kept and left and state.is_over()  # this deal has one play of each kind


def test_surely_better_is_proved_or_the_paired_interval_clear_of_zero() -> None:
    rules = load_ruleset("qq")
    state = PlayState(set_up_hand(rules, random.Random(8), dealer=1).position)
    bot = Bot(random.Random(3))
    while state.table or max(len(h) for h in state.hands) > 5:
        state.apply(bot.choose(state))  # down to 5 cards a hand: solved in hindsight
    while state.table or len(state.distinct(list(state.leads(failing=False)))) < 2:
        state.apply(bot.choose(state))  # a lead with a choice
    evaluation = Evaluator(View.HINDSIGHT).evaluate(state.position())
    assert evaluation.exact
    best, *others = evaluation.candidates
    assert others
    sign = 1 if evaluation.maximize else -1
    for other in others:
        better = sign * (best.points.mean - other.points.mean) > 0
        assert evaluation.surely_better(best, other) is better
        assert not evaluation.surely_better(other, best)


def test_the_player_s_races_spend_their_budget_where_a_review_s_stop_settled() -> None:
    # The player's one paired test carries no policy error, so every future sharpens
    # it: its evaluator never stops a race once settled, as a review's does.
    rules = load_ruleset("qq")
    state = PlayState(set_up_hand(rules, random.Random(6), dealer=1).position)
    player = EvaluatorPlayer(random.Random(1), budget=1.0)
    player.start(state)
    view, made = player.views[state.to_move], player.bot.choose(state).shown
    review = Evaluator(View.PLAYER, 1.0)
    settled, spent = (
        evaluator.evaluate(state.position(), view, made, seed=1)
        for evaluator in (review, player.evaluator)
    )
    assert settled.cost < 1.0 <= spent.cost
    assert spent.futures > settled.futures
