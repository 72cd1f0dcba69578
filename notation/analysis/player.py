"""A player that picks its plays with the evaluator, in the player's view.

At each of its decisions the :class:`EvaluatorPlayer` builds what its seat knows (a
:class:`~notation.rules.holding.Knowledge`: its cards, every play it was told of,
the voids and missing pairs they showed, the kitty if its seat buried it), asks an
:class:`~notation.analysis.evaluate.Evaluator` in the player's view for the value of
every candidate play (the unseen cards dealt at random consistently with that knowledge,
rollouts by the bots, the solver at the end) and weighs them as a review weighs a play
made: the bot's choice (:class:`~notation.bots.Bot`) is the play to beat, and another is
made only where the evaluator finds it surely better (their paired difference over the
same futures clear of 0; a review's test is the same with the policy's own error added,
:data:`~notation.analysis.evaluate.LOSS_SIGMA_PLAYER`). So it leaves the bots' play only on the
evaluator's evidence that it loses points. It is the player of the strength check of the
evaluator (issue 12): in a duplicate match (:mod:`notation.analysis.duplicate`) against
the plain bots it must come out ahead, which is the evidence that what the evaluator
calls a mistake is one. Its races run to their budget, where a review's stop once
settled (:data:`~notation.analysis.evaluate.SETTLED`): a review's test carries the
policy's error, which more futures do not remove, but the player's test does not.

It knows no more than its seat may: it reads the state only for its own hand, the table
and the public facts of the hand (trump, dealer, points so far); the other hands reach
the evaluator only through the sampled deals.

Its first decision of a deal (a duplicate match of it against the bots is
``duplicate_match(evaluator_player(), Bot, deals)``, which tests/test_player.py runs):

>>> from notation.presets import load_ruleset
>>> from notation.simulate import set_up_hand
>>> state = PlayState(set_up_hand(load_ruleset("qq"), random.Random(3)).position)
>>> player = EvaluatorPlayer(random.Random(1), budget=0.02)
>>> player.start(state)
>>> play = player.choose(state)
>>> play.seat == state.to_move, play.cards in [p.cards for p in state.leads()]
(True, True)
"""

from __future__ import annotations

import random
from functools import partial

from notation.analysis.evaluate import Evaluator, View
from notation.bots import Bot
from notation.rules.game import Play, PlayState
from notation.rules.holding import Knowledge
from notation.rules.seats import SEATS, Seat

__all__ = ["STRENGTH_BUDGET", "EvaluatorPlayer", "evaluator_player"]

STRENGTH_BUDGET = 0.5
"""The budget of the strength check, in the evaluator's modelled seconds a decision:
half the review's default of 1.0, so that a duplicate match of 50 deals, each
played twice, fits in about half an hour on two cores."""


class EvaluatorPlayer:
    """Plays the seats it is asked for with the evaluator's best play (player's view).

    One player may hold several seats (a team's two in a duplicate match): it keeps one
    view for each seat it has been asked to play, built from the hand's start and every
    play it is told of, and a bot told every play too (the voids it has seen). ``rng``
    gives the bot's choices and each decision's seed.
    """

    def __init__(self, rng: random.Random, budget: float = STRENGTH_BUDGET) -> None:
        self.rng = rng
        # Every future sharpens the player's one paired test (no policy error in it), so
        # its races spend their budget rather than stop once settled: settled at the
        # review's share, the player came out 3.9 points a deal weaker against the
        # rival (README, "Strength").
        self.evaluator = Evaluator(View.PLAYER, budget, settle=0.0)
        self.bot = Bot(rng)
        self.views: dict[Seat, Knowledge] = {}

    def start(self, state: PlayState) -> None:
        """A hand's play begins: each seat's view is its cards (and the kitty it buried)."""
        self.views = {seat: self._view(state, seat) for seat in SEATS}
        self.bot.start(state)

    def observe(self, state: PlayState, play: Play) -> None:
        """Every seat's view learns ``play`` (a failed throw: the forced cards, the throw)."""
        leads = not state.table
        for seat, view in self.views.items():
            self.views[seat] = view.after(play.seat, play.cards, play.attempted, None, leads=leads)
        self.bot.observe(state, play)

    def choose(self, state: PlayState) -> Play:
        """The bot's play, unless the evaluator finds another surely better."""
        seat = state.to_move
        if state.table:
            follows = state.follows()
            if len(state.distinct(list(follows))) == 1:
                return follows[0]  # nothing to choose: spare the evaluation
        default = self.bot.choose(state)
        evaluation = self.evaluator.evaluate(
            state.position(), self.views[seat], default.shown, seed=self.rng.getrandbits(64)
        )
        best, made = evaluation.best, evaluation.played
        if made is None or best.cards == made.cards or not evaluation.surely_better(best, made):
            return default
        return state.judge_lead(best.cards) if not state.table else Play(seat, best.cards)

    @staticmethod
    def _view(state: PlayState, seat: Seat) -> Knowledge:
        """What ``seat`` knows before the first lead of ``state`` (a hand's start): its
        cards, how many each seat holds, and the kitty if it is the dealer (who buried
        it; the auction's shown cards are not passed to a player, so not used)."""
        position = state.position()
        sizes = (
            len(position.hands[0]),
            len(position.hands[1]),
            len(position.hands[2]),
            len(position.hands[3]),
        )
        own_kitty = position.kitty if seat == position.dealer else None
        return Knowledge.start(
            seat,
            state.trump,
            state.hand(seat),
            sizes=sizes,
            kitty=own_kitty,
            kitty_size=len(position.kitty),
            shorter_tractor=state.rules.follow.shorter_tractor,
        )


def evaluator_player(budget: float = STRENGTH_BUDGET) -> partial[EvaluatorPlayer]:
    """A maker of evaluator players at ``budget`` (for :func:`~notation.analysis.
    duplicate.duplicate_match`; a ``partial`` of a class, so it can go to other
    processes)."""
    return partial(EvaluatorPlayer, budget=budget)
