"""Mistakes: every play of a record valued against the best alternative, and classed.

For each play of a hand, in order: its value (the defenders' final points after it,
:mod:`notation.analysis.evaluate`), the best alternative and its value, the loss for the
side of the seat that played (in points, ≥ 0), how much of the level result that loss
costs, and a class, as lichess classes chess moves by the winning chances they lose:

=============  ===========================  =============================  =======
class          points lost, at least         or level result lost, at least  glyph
=============  ===========================  =============================  =======
inaccuracy     :data:`POINTS_INACCURACY` 10  :data:`LEVELS_INACCURACY` 0.25   ``?!``
mistake        :data:`POINTS_MISTAKE` 20     :data:`LEVELS_MISTAKE` 0.5       ``?``
blunder        :data:`POINTS_BLUNDER` 40     :data:`LEVELS_BLUNDER` 1         ``??``
=============  ===========================  =============================  =======

Why these numbers. Points are what a trick is fought for: 10 is one counting card (a
10 or a K) given away or not taken, 20 two of them, 40 the width of a band of the usual
level table (``forty``: qq, match-b, tractor), so a blunder by points moves the result a
level wherever the hand stands. But the game is played for levels: the level result of
the hand (:func:`~notation.analysis.evaluate.level_score`, under the rule set's own
table) is what a loss costs in the end, so it is weighed on its own scale, in levels
expected: a loss that changes the result in every future (one level) is a blunder
however few points it is, as lichess calls a move that turns a draw into a loss a
blunder; half a level, a mistake; a quarter, an inaccuracy. Where the values spread over
a band, points and levels agree (10 points ≈ a quarter of a 40-point band); near a
band's edge the level scale is the stricter, inside a settled band the points scale is.
The twenty table (match-a) has bands of 20 to 25 points, so there the levels scale
weighs about twice as much, as it should.

Noise: an estimated loss counts only if its confidence interval (paired over the
futures the two plays share) is clear of 0; a loss inside the interval of zero is
*fine*, and counts 0 in the averages. A proved loss (hindsight, small enough to solve)
counts as it is.

The bury and the declaration are judged alike (:mod:`notation.analysis.choices`), and
a hand's *key moments* are the :data:`KEY_MOMENTS` decisions that cost the most
(:func:`key_moments`). The analysis of a hand's plays stops before the first play the
rules do not allow, and says so.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final, cast

from notation.analysis.evaluate import (
    Candidate,
    Comparison,
    Estimate,
    Evaluation,
    Evaluator,
    View,
)
from notation.analysis.knowledge import knowledge_at
from notation.analysis.line import Line, LineSource, best_line
from notation.analysis.positions import play_start
from notation.errors import ShengjiError
from notation.findings import meaning_of
from notation.frozen import frozen
from notation.messages import Message, error_message, msg, reason
from notation.psn.model import Hand, PlayNode
from notation.replay import HandReplay, StepKind, replay
from notation.rules.cards import Cards
from notation.rules.game import GameError, Play, PlayState, Position
from notation.rules.holding import Knowledge, KnowledgeError
from notation.rules.order import Trump
from notation.rules.ruleset import Ruleset
from notation.rules.seats import SEATS, Seat

if TYPE_CHECKING:  # the choices module judges with this one's classes
    from notation.analysis.choices import ChoiceReview

__all__ = [
    "GLYPHS",
    "JSON_SCHEMA",
    "JSON_SCHEMA_VERSION",
    "KEY_MOMENTS",
    "LEVELS_BLUNDER",
    "LEVELS_INACCURACY",
    "LEVELS_MISTAKE",
    "OPEN_SHARE",
    "POINTS_BLUNDER",
    "POINTS_INACCURACY",
    "POINTS_MISTAKE",
    "Decision",
    "HandPlan",
    "HandReview",
    "PlayReview",
    "SeatSummary",
    "Stop",
    "Verdict",
    "classify",
    "hand_review",
    "judge_play",
    "key_moments",
    "open_hands",
    "plan_hand",
    "review_decision",
    "review_hand",
    "summarize",
    "weigh",
]


class Verdict(StrEnum):
    """The class of a play, by what it loses against the best alternative."""

    FINE = "fine"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


POINTS_INACCURACY: Final = 10  # one counting card
POINTS_MISTAKE: Final = 20  # two
POINTS_BLUNDER: Final = 40  # a band of the forty table
LEVELS_INACCURACY: Final = 0.25  # levels of the result lost, expected
LEVELS_MISTAKE: Final = 0.5
LEVELS_BLUNDER: Final = 1.0  # the result changed
GLYPHS: Final = {Verdict.INACCURACY: "?!", Verdict.MISTAKE: "?", Verdict.BLUNDER: "??"}
_SEVERITY: Final = (Verdict.BLUNDER, Verdict.MISTAKE, Verdict.INACCURACY)
_POINTS: Final = {
    Verdict.BLUNDER: POINTS_BLUNDER,
    Verdict.MISTAKE: POINTS_MISTAKE,
    Verdict.INACCURACY: POINTS_INACCURACY,
}
_LEVELS: Final = {
    Verdict.BLUNDER: LEVELS_BLUNDER,
    Verdict.MISTAKE: LEVELS_MISTAKE,
    Verdict.INACCURACY: LEVELS_INACCURACY,
}


def classify(comparison: Comparison) -> Verdict:
    """The class of a play that loses ``comparison`` against the best: the worse of its
    class by points and by levels, each counted only if surely above 0."""
    points = comparison.points.mean if comparison.significant(comparison.points) else 0.0
    levels = comparison.levels.mean if comparison.significant(comparison.levels) else 0.0
    for verdict in _SEVERITY:
        if points >= _POINTS[verdict] or levels >= _LEVELS[verdict]:
            return verdict
    return Verdict.FINE


# --- one play ----------------------------------------------------------------------------


@frozen
class PlayReview:
    """One play judged: its value, the best alternative's, the loss and the class."""

    index: int  # the play's place in the hand, from 0
    trick: int
    seat: Seat
    cards: Cards  # as put down (a failed throw as thrown), in the record's order
    value: Estimate  # the defenders' final points after the play
    best: Cards  # the best play (the play itself when nothing is better)
    best_value: Estimate
    loss: Estimate  # points lost for the seat's side (mean ≥ 0)
    level_loss: Estimate  # levels of the result lost, expected (mean ≥ 0)
    result_changes: bool  # the level result differs in most futures (proved: differs)
    verdict: Verdict
    exact: bool  # proved by the solver, not estimated
    candidates: int  # distinct plays valued
    maximize: bool  # the seat is a defender
    line: Line | None = None  # the best play and what follows it (notation.analysis.line)
    open_value: Estimate | None = None  # the value after the play with every hand open

    @property
    def counted_loss(self) -> float:
        """The loss as the averages count it: 0 within noise (a *fine* play)."""
        return self.loss.mean if self.verdict is not Verdict.FINE or self.exact else 0.0

    @property
    def counted_level_loss(self) -> float:
        """The level loss as the averages count it: 0 within noise."""
        return self.level_loss.mean if self.verdict is not Verdict.FINE or self.exact else 0.0

    @property
    def is_best(self) -> bool:
        """True if no candidate was valued above the play."""
        return self.best == tuple(sorted(self.cards, key=lambda c: c.index))

    def to_dict(self, trump: Trump) -> dict[str, Any]:
        """The play as the JSON report writes it (see :data:`JSON_SCHEMA`)."""
        return {
            "trick": self.trick,
            "seat": self.seat,
            "cards": [str(c) for c in self.cards],
            "value": _round(self.value.mean),
            "best": [str(c) for c in trump.sorted(self.best)],
            "best_value": _round(self.best_value.mean),
            "loss": _round(self.loss.mean),
            "class": self.verdict.value,
            "exact": self.exact,
            "interval": _interval(self.value),
            "loss_interval": _interval(self.loss),
            "level_loss": round(self.level_loss.mean, 2),
            "result_changes": self.result_changes,
            "futures": self.value.n,
            "candidates": self.candidates,
            "line": None if self.line is None else self.line.to_dict(trump),
            **_open_dict(self.open_value),
        }

    def moment(self, trump: Trump) -> dict[str, Any]:
        """As a key moment of the JSON report."""
        return {
            "kind": "play",
            "seat": self.seat,
            "trick": self.trick,
            "cards": [str(c) for c in self.cards],
            "best": [str(c) for c in trump.sorted(self.best)],
            "class": self.verdict.value,
            "loss": _round(self.loss.mean),
            "level_loss": round(self.level_loss.mean, 2),
        }


def _open_dict(estimate: Estimate | None) -> dict[str, Any]:
    """The open-hands value as the JSON report writes it (nothing when there is none)."""
    if estimate is None:
        return {}
    return {"open_value": _round(estimate.mean), "open_interval": _interval(estimate)}


def _round(value: float) -> float:
    return round(value, 1)


def _interval(estimate: Estimate) -> list[float]:
    return [_round(estimate.lower), _round(estimate.upper)]


def weigh(evaluation: Evaluation) -> tuple[Candidate, Comparison]:
    """The best candidate of an evaluation and what the choice made loses against it:
    nothing (the choice made is the best) when it is valued at or above the best on the
    futures they share; a loss in levels below 0 counted 0."""
    played = evaluation.played
    assert played is not None
    best = evaluation.best
    comparison = evaluation.compare(best, played)
    loss, levels = comparison.points, comparison.levels
    if best is played or loss.mean <= 0:
        zero = Estimate(0.0, 0.0, played.points.n)
        return played, Comparison(zero, zero, 0.0, comparison.exact)
    if levels.mean < 0:
        levels = Estimate(0.0, levels.half, levels.n)
    return best, replace(comparison, levels=levels)


def judge_play(decision: Decision, evaluation: Evaluation, line: Line | None = None) -> PlayReview:
    """A play judged from the evaluation of its decision (``line``: its best line)."""
    played = evaluation.played
    assert played is not None
    best, comparison = weigh(evaluation)
    loss, levels = comparison.points, comparison.levels
    return PlayReview(
        decision.index,
        decision.trick,
        decision.seat,
        decision.shown,
        played.points,
        best.cards,
        best.points,
        loss,
        levels,
        comparison.changed > 0.5,
        classify(comparison),
        evaluation.exact,
        len(evaluation.candidates),
        evaluation.maximize,
        line,
    )


# --- a hand made ready --------------------------------------------------------------------


@frozen
class Stop:
    """Where the analysis of a hand stopped: a play the rules do not allow (``index``:
    its place in the hand, from 0; ``text``: the reason in both languages, ``reason``
    in English)."""

    trick: int
    seat: Seat
    reason: str
    index: int = -1
    text: Message | None = None

    def __str__(self) -> str:
        return f"analysed up to trick {self.trick}, seat {self.seat}'s play: {self.reason}"

    def why(self) -> Message:
        """Why, as a message (in words in either language)."""
        return self.text if self.text is not None else Message("text", (("text", self.reason),))

    def words(self) -> Message:
        """Where and why, as a message."""
        return msg("analysis.stopped", trick=self.trick, seat=self.seat, why=self.why())

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """As the JSON report writes it (the reason in ``lang``)."""
        return {"trick": self.trick, "seat": self.seat, "reason": self.why().render(lang)}


@frozen
class Decision:
    """The moment before one recorded play, and the play as the rules take it."""

    index: int  # the play's place in the hand, from 0
    trick: int
    seat: Seat
    play: Play  # in the record's order; a failed throw as the record writes it
    position: Position
    step: int  # the replay's state just before the play

    @property
    def shown(self) -> Cards:
        """The cards as put down (a failed throw as thrown), in the record's order."""
        return self.play.shown


@frozen
class HandPlan:
    """A recorded hand made ready for analysis: the decision before every play up to the
    first one the rules do not allow (``stopped``), or why nothing can be analysed
    (``error``)."""

    number: int
    replay: HandReplay | None
    decisions: tuple[Decision, ...]
    stopped: Stop | None = None
    error: Message | None = None
    start: Position | None = None  # the first lead: the hands after the bury

    def knowledge(self, decision: Decision) -> Knowledge:
        """What the seat to move knows before ``decision``'s play."""
        assert self.replay is not None
        return knowledge_at(self.replay, decision.step, decision.seat)


def plan_hand(hand: Hand, rules: Ruleset | str | None = None, number: int = 1) -> HandPlan:
    """The decisions of ``hand``: a position before each play (the deal and the kitty
    must be known card by card), up to the first play the rules do not allow."""
    try:
        replayed = replay(hand, rules, number=number)
        steps = [i for i, s in enumerate(replayed.states) if s.kind is StepKind.PLAY]
        start = play_start(hand, replayed.rules)
        played_under = replayed.states[steps[0]].trump if steps else None
        if played_under is not None and played_under != start.trump:
            # A rejected bid: the replay judges the play under the trump the players
            # followed, which the auction's last state does not show.
            start = replace(start, trump=played_under)
        state = PlayState(start)
    except (ShengjiError, GameError) as e:
        return HandPlan(number, None, (), error=error_message(e))
    decisions: list[Decision] = []
    stopped: Stop | None = None
    for index, step in enumerate(steps):
        found = replayed.states[step]
        node = cast(PlayNode, found.event)
        errors = [f for f in found.findings if f.is_error]
        if errors:
            first = errors[0]
            code, means = first.code, meaning_of(first.code)  # in Chinese, what it means
            text = msg("analysis.stop-finding", code=code, meaning=means, message=first.text)
            stopped = Stop(found.trick_number, node.seat, text.render("en"), index, text)
            break
        position = state.position()
        try:
            if node.seat != state.to_move:
                raise GameError("not-turn", seat=node.seat, turn=state.to_move)
            # As put down, a failed throw as thrown; a card not known (??) is not held.
            made = state.play(cast(Cards, node.attempted or node.cards))
            recorded = node.play  # None: a failed throw's forced cards are not known
            if recorded is None or Counter(made.cards) != Counter(recorded.cards):
                raise GameError("forced")
        except GameError as e:
            why = e.text  # the game's reason, as solve says it
            stopped = Stop(found.trick_number, node.seat, str(e), index, why)
            break
        decisions.append(
            Decision(index, found.trick_number, node.seat, recorded, position, step - 1)
        )
    return HandPlan(number, replayed, tuple(decisions), stopped, start=start)


def review_decision(
    plan: HandPlan, decision: Decision, evaluator: Evaluator, seed: int | str
) -> PlayReview | Stop:
    """One play judged (``seed``: the run's; the decision's own seed is made from it, the
    hand's number and the play's place, so that it does not depend on the others), or
    where the analysis must stop: a view no deal of the unseen cards agrees with (a rule
    broken that the replay only warned of)."""
    try:
        knowledge = plan.knowledge(decision) if evaluator.view is View.PLAYER else None
        evaluation = evaluator.evaluate(
            decision.position,
            knowledge,
            decision.shown,
            seed=f"{seed}:{plan.number}:{decision.index}",
        )
    except KnowledgeError as e:
        why = reason(e, "knowledge")  # in Chinese, that no deal agrees with it
        text = msg("analysis.stop-view", seat=decision.seat, why=why)
        return Stop(decision.trick, decision.seat, text.render("en"), decision.index, text)
    review = judge_play(decision, evaluation)
    if evaluator.view is View.HINDSIGHT:
        open_value = review.value
    else:
        open_value = open_hands(decision, evaluator, f"{seed}:{plan.number}:{decision.index}")
    line = best_line(
        decision.position,
        decision.shown if review.is_best else review.best,  # a throw as thrown
        decision.trick,
        evaluator.solver,
        exact_cards=evaluator.exact_cards,
        seed=f"{seed}:{plan.number}:{decision.index}",
    )
    return replace(review, line=line, open_value=open_value)


# The share of a play's budget the open-hands value takes in the player's view (it is
# valued again with every hand open, for the graph's one scale: see open_hands).
OPEN_SHARE: Final = 0.1


def open_hands(decision: Decision, evaluator: Evaluator, seed: str) -> Estimate:
    """The value after ``decision``'s play with every hand open (hindsight), as the
    graph draws every play on one scale (as bridge's double-dummy trace does): proved
    where the position is small enough to solve, else by rollouts of the play alone at
    :data:`OPEN_SHARE` of ``evaluator``'s budget (at least a few futures), its solver
    reused."""
    open_evaluator = Evaluator(
        View.HINDSIGHT,
        evaluator.budget * OPEN_SHARE,
        leaf_cards=evaluator.leaf_cards,
        exact_cards=evaluator.exact_cards,
        solver=evaluator.solver,
    )
    return open_evaluator.play_value(decision.position, decision.shown, seed=seed)


# --- a hand judged --------------------------------------------------------------------------


@frozen
class SeatSummary:
    """One seat's plays in a hand (or several): counts per class, the average loss."""

    plays: int
    fine: int
    inaccuracy: int
    mistake: int
    blunder: int
    average_loss: float  # points, losses within noise counted 0
    average_level_loss: float  # levels, likewise

    def to_dict(self) -> dict[str, Any]:
        """As the JSON report writes it."""
        return {
            "plays": self.plays,
            "fine": self.fine,
            "inaccuracy": self.inaccuracy,
            "mistake": self.mistake,
            "blunder": self.blunder,
            "average_loss": round(self.average_loss, 1),
            "average_level_loss": round(self.average_level_loss, 3),
        }


def summarize(plays: Iterable[PlayReview]) -> dict[Seat, SeatSummary]:
    """Each seat's summary, seats 1 to 4 (like lichess's table under a game)."""
    by_seat: dict[Seat, list[PlayReview]] = {s: [] for s in SEATS}
    for play in plays:
        by_seat[play.seat].append(play)
    summary: dict[Seat, SeatSummary] = {}
    for seat, mine in by_seat.items():
        counts = {v: sum(p.verdict is v for p in mine) for v in Verdict}
        n = len(mine)
        levels = [p.counted_level_loss for p in mine]
        summary[seat] = SeatSummary(
            n,
            counts[Verdict.FINE],
            counts[Verdict.INACCURACY],
            counts[Verdict.MISTAKE],
            counts[Verdict.BLUNDER],
            sum(p.counted_loss for p in mine) / n if n else 0.0,
            sum(levels) / n if n else 0.0,
        )
    return summary


KEY_MOMENTS: Final = 3  # the decisions a hand's key moments name, at most


def key_moments(
    plays: Iterable[PlayReview], choices: Iterable[ChoiceReview] = ()
) -> list[PlayReview | ChoiceReview]:
    """The decisions that cost the most, for a coach's "where was it lost": those whose
    counted loss is above 0, by the level result lost, then the points; the choices
    before the play first where equal, then the plays in order; :data:`KEY_MOMENTS` of
    them at most."""
    found: list[PlayReview | ChoiceReview] = [*choices, *plays]
    found = [d for d in found if d.counted_loss > 0 or d.counted_level_loss > 0]
    ranked = sorted(
        enumerate(found), key=lambda e: (-e[1].counted_level_loss, -e[1].counted_loss, e[0])
    )
    return [d for _, d in ranked[:KEY_MOMENTS]]


@frozen
class HandReview:
    """A hand's plays judged, in order, and where the analysis stopped, or why it could
    not be analysed (``error``); the choices before the play judged (``choices``: the
    declaration, the bury, those that could be)."""

    number: int
    view: View
    plays: tuple[PlayReview, ...]
    stopped: Stop | None = None
    error: Message | None = None
    trump: Trump | None = None
    choices: tuple[ChoiceReview, ...] = ()

    @property
    def summary(self) -> dict[Seat, SeatSummary]:
        """Each seat's counts and average loss."""
        return summarize(self.plays)

    @property
    def bury(self) -> ChoiceReview | None:
        """The bury judged, if it was."""
        return next((c for c in self.choices if c.kind == "bury"), None)

    @property
    def declarations(self) -> tuple[ChoiceReview, ...]:
        """The declarations judged."""
        return tuple(c for c in self.choices if c.kind != "bury")

    @property
    def key_moments(self) -> list[PlayReview | ChoiceReview]:
        """The decisions that cost the most (:func:`key_moments`)."""
        return key_moments(self.plays, self.choices)

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """As the JSON report writes it (see :data:`JSON_SCHEMA`), its words in ``lang``."""
        trump = self.trump
        summary = {str(s): v.to_dict() for s, v in self.summary.items()}
        for choice in self.choices:  # the seat's choices before the play, by class
            summary[str(choice.seat)][choice.kind.value] = choice.verdict.value
        if trump is None:
            return {
                "number": self.number,
                "analysed": self.error is None,
                "error": None if self.error is None else self.error.render(lang),
                "stopped": None if self.stopped is None else self.stopped.to_dict(lang),
                "plays": [],
                "summary": summary,
                "bury": None,
                "declarations": [],
                "key_moments": [],
            }
        bury = self.bury
        return {
            "number": self.number,
            "analysed": self.error is None,
            "error": None if self.error is None else self.error.render(lang),
            "stopped": None if self.stopped is None else self.stopped.to_dict(lang),
            "plays": [p.to_dict(trump) for p in self.plays],
            "summary": summary,
            "bury": None if bury is None else bury.to_dict(trump),
            "declarations": [d.to_dict(trump) for d in self.declarations],
            "key_moments": [m.moment(trump) for m in self.key_moments],
        }


def review_hand(
    hand: Hand,
    evaluator: Evaluator,
    seed: int | str = 0,
    *,
    rules: Ruleset | str | None = None,
    number: int = 1,
    progress: Callable[[], None] | None = None,
) -> HandReview:
    """Every play of ``hand`` judged, one after another (``progress`` is called after
    each)."""
    plan = plan_hand(hand, rules, number)
    results: list[PlayReview | Stop] = []
    for decision in plan.decisions:
        results.append(review_decision(plan, decision, evaluator, seed))
        if progress is not None:
            progress()
        if isinstance(results[-1], Stop):
            break
    return hand_review(plan, evaluator.view, results)


def hand_review(
    plan: HandPlan,
    view: View,
    results: Sequence[PlayReview | Stop],
    choices: Sequence[ChoiceReview] = (),
) -> HandReview:
    """A plan's plays, judged, as a review: up to the first play whose analysis had to
    stop, if one had; with the choices before the play judged."""
    plays: list[PlayReview] = []
    stopped = plan.stopped
    for result in results:
        if isinstance(result, Stop):
            stopped = result
            break
        plays.append(result)
    trump = plan.decisions[0].position.trump if plan.decisions else None
    error = None if plan.error is None else msg("analysis.cannot", why=plan.error)
    trump = trump or (plan.start.trump if plan.start is not None else None)
    return HandReview(plan.number, view, tuple(plays), stopped, error, trump, tuple(choices))


# --- the JSON report ------------------------------------------------------------------------

JSON_SCHEMA_VERSION: Final = 1
_CARDS: Final = {"type": "array", "items": {"type": "string"}}
_RANGE: Final = {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2}
# A play's best line (notation.analysis.line): the best play and what follows it, seat by
# seat, on the record's hands; "solver": the solver's best plays to the end of the hand,
# "policy": the rollout policy's to the end of the trick.
_LINE: Final = {
    "oneOf": [
        {"type": "null"},
        {
            "type": "object",
            "required": ["source", "plays"],
            "properties": {
                "source": {"enum": [s.value for s in LineSource]},
                "plays": {
                    "type": "array",
                    "minItems": 1,
                    "items": {
                        "type": "object",
                        "required": ["trick", "seat", "cards"],
                        "properties": {
                            "trick": {"type": "integer", "minimum": 1},
                            "seat": {"enum": [1, 2, 3, 4]},
                            "cards": _CARDS,
                        },
                    },
                },
            },
        },
    ]
}
_SUMMARY: Final = {
    "type": "object",
    "required": ["plays", "fine", "inaccuracy", "mistake", "blunder", "average_loss"],
    "properties": {
        "plays": {"type": "integer", "minimum": 0},
        "fine": {"type": "integer", "minimum": 0},
        "inaccuracy": {"type": "integer", "minimum": 0},
        "mistake": {"type": "integer", "minimum": 0},
        "blunder": {"type": "integer", "minimum": 0},
        "average_loss": {"type": "number", "minimum": 0},
        "average_level_loss": {"type": "number", "minimum": 0},
        # the class of the seat's choices before the play, where it made one judged
        "bury": {"enum": [v.value for v in Verdict]},
        "declaration": {"enum": [v.value for v in Verdict]},
        "counter": {"enum": [v.value for v in Verdict]},
    },
}
_OPTION: Final = {
    "type": "object",
    "required": ["cards", "value", "interval"],
    "properties": {
        "cards": _CARDS,
        "value": {"type": "number"},
        "interval": _RANGE,
        "plans": {"type": "array", "items": {"enum": [
            "made", "low", "void", "void-two", "pairs", "points",
        ]}},  # a bury's: the plans that give it
        "trump": {"type": "string"},  # a declaration's: the trump it makes ("S 2", "NT 2")
    },
}  # fmt: skip
_CHOICE: Final = {
    "type": "object",
    "required": [
        "seat", "cards", "value", "best", "best_value", "loss", "class", "level_loss",
        "options",
    ],
    "properties": {
        "seat": {"enum": [1, 2, 3, 4]},
        "cards": _CARDS,  # buried, or shown in the bid
        "value": {"type": "number"},
        "best": _CARDS,
        "best_value": {"type": "number"},
        "loss": {"type": "number", "minimum": 0},
        "class": {"enum": [v.value for v in Verdict]},
        "interval": _RANGE,
        "loss_interval": _RANGE,
        "level_loss": {"type": "number", "minimum": 0},
        "result_changes": {"type": "boolean"},
        "futures": {"type": "integer", "minimum": 1},
        "options": {"type": "array", "items": _OPTION, "minItems": 1},  # the best first
        # a declaration's: which (the bid that set the trump, or a counter not made), the
        # trump made and the best's
        "kind": {"enum": ["declaration", "counter"]},
        "trump": {"type": "string"},
        "best_trump": {"type": "string"},
    },
}  # fmt: skip
_MOMENT: Final = {
    "type": "object",
    "required": ["kind", "seat", "trick", "cards", "best", "class", "loss", "level_loss"],
    "properties": {
        "kind": {"enum": ["play", "bury", "declaration", "counter"]},
        "seat": {"enum": [1, 2, 3, 4]},
        "trick": {"type": ["integer", "null"]},  # a play's; null for a choice before the play
        "cards": _CARDS,
        "best": _CARDS,
        "class": {"enum": [v.value for v in Verdict]},
        "loss": {"type": "number", "minimum": 0},
        "level_loss": {"type": "number", "minimum": 0},
    },
}
JSON_SCHEMA: Final[dict[str, Any]] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "shengji analyze report",
    "type": "object",
    "required": ["version", "engine", "files"],
    "properties": {
        "version": {"const": JSON_SCHEMA_VERSION},
        "engine": {
            "type": "object",
            "required": ["name", "version", "view", "budget", "seed"],
            "properties": {
                "name": {"const": "shengji"},
                "version": {"type": "string"},
                "view": {"enum": [v.value for v in View]},
                "budget": {"type": "number", "exclusiveMinimum": 0},
                "seed": {"type": "integer"},
                "rules": {"type": ["string", "null"]},
            },
        },
        "files": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["path", "error", "hands"],
                "properties": {
                    "path": {"type": "string"},
                    "error": {"type": ["string", "null"]},
                    "hands": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": [
                                "number", "analysed", "error", "stopped", "plays", "summary",
                                "bury", "declarations", "key_moments",
                            ],
                            "properties": {
                                "number": {"type": "integer", "minimum": 1},
                                "analysed": {"type": "boolean"},
                                # analysed before with the same settings: not again
                                "skipped": {"const": True},
                                "error": {"type": ["string", "null"]},
                                "stopped": {
                                    "oneOf": [
                                        {"type": "null"},
                                        {
                                            "type": "object",
                                            "required": ["trick", "seat", "reason"],
                                            "properties": {
                                                "trick": {"type": "integer", "minimum": 1},
                                                "seat": {"enum": [1, 2, 3, 4]},
                                                "reason": {"type": "string"},
                                            },
                                        },
                                    ]
                                },
                                "plays": {
                                    "type": "array",
                                    "items": {
                                        "type": "object",
                                        "required": [
                                            "trick", "seat", "cards", "value", "best",
                                            "best_value", "loss", "class", "exact",
                                        ],
                                        "properties": {
                                            "trick": {"type": "integer", "minimum": 1},
                                            "seat": {"enum": [1, 2, 3, 4]},
                                            "cards": _CARDS,
                                            "value": {"type": "number", "minimum": 0},
                                            "best": _CARDS,
                                            "best_value": {"type": "number", "minimum": 0},
                                            "loss": {"type": "number", "minimum": 0},
                                            "class": {"enum": [v.value for v in Verdict]},
                                            "exact": {"type": "boolean"},
                                            "interval": _RANGE,
                                            "loss_interval": _RANGE,
                                            "level_loss": {"type": "number", "minimum": 0},
                                            "result_changes": {"type": "boolean"},
                                            "futures": {"type": "integer", "minimum": 1},
                                            "candidates": {"type": "integer", "minimum": 1},
                                            "line": _LINE,
                                            # the value with every hand open (hindsight)
                                            "open_value": {"type": "number", "minimum": 0},
                                            "open_interval": _RANGE,
                                        },
                                    },
                                },
                                "summary": {
                                    "type": "object",
                                    "required": ["1", "2", "3", "4"],
                                    "additionalProperties": _SUMMARY,
                                },
                                # the last bury judged (null: not recorded card by card)
                                "bury": {"oneOf": [{"type": "null"}, _CHOICE]},
                                # the bid that set the trump, where its seat had another;
                                # each counter a seat could have made and did not
                                "declarations": {"type": "array", "items": _CHOICE},
                                # the decisions that cost the most: the level result
                                # lost, then the points (key_moments in review.py)
                                "key_moments": {
                                    "type": "array", "items": _MOMENT, "maxItems": 3,
                                },
                            },
                        },
                    },
                },
            },
        },
    },
}  # fmt: skip
