"""The analysis in the viewer: the evaluation graph, mistakes to step to, a play's
judgement in words, the per-seat table, analysing a hand, grading a student's play.

Pure functions (no Streamlit): the panels (:mod:`viewer.panels.analyse`) draw what they return. The
analysis is read from the record's comments (:mod:`notation.analysis.annotations`), never
run again to be shown; :func:`analyse_hand` runs it when the user asks, and
:func:`grade` values a student's play with the engine.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Final

import plotly.graph_objects as go

from notation.analysis.annotate import annotate_hand
from notation.analysis.annotations import HandAnalysis, PlayNote
from notation.analysis.evaluate import EXACT_CARDS, Evaluator, View
from notation.analysis.review import (
    Decision,
    HandPlan,
    PlayReview,
    Stop,
    hand_review,
    judge_play,
    plan_hand,
    review_decision,
)
from notation.analysis.solver import solve
from notation.charts import PointsStep
from notation.messages import Message, error_message, say_cards_in
from notation.psn import CardSlot, Hand, Trick
from notation.replay import HandReplay, StepKind
from notation.rules.cards import Card, format_cards
from notation.rules.game import GameError, PlayState, Position
from notation.rules.order import Trump
from viewer import charts, edit
from viewer.i18n import seat_name, tr
from viewer.view import StepButton, next_step

__all__ = [
    "CLASS_STYLE",
    "DEFAULT_BUDGET",
    "SOLVE_BUDGET",
    "SOLVE_CARDS",
    "CardValues",
    "Grade",
    "TableTurn",
    "analyse_hand",
    "best_cards_at",
    "card_values",
    "eval_figure",
    "grade",
    "grade_words",
    "illegal_play",
    "is_defender",
    "mistake_buttons",
    "mistake_steps",
    "note_at",
    "play_steps",
    "play_words",
    "position_at",
    "summary_rows",
    "table_play",
    "verdict_words",
    "with_alternative",
    "with_best_line",
]

# Small, so that a hand's endgame is analysed in seconds; the CLI's default is 1.
DEFAULT_BUDGET: Final = 0.25
BUDGETS: Final = (0.1, 0.25, 0.5, 1.0, 2.0)  # the budgets the page offers
# lichess's colours: inaccuracy blue, mistake orange, blunder red; a symbol each too, so
# that the classes differ without colour.
CLASS_STYLE: Final = {
    "inaccuracy": ("#56b4e9", "circle", "?!"),
    "mistake": ("#e69f00", "diamond", "?"),
    "blunder": ("#db3031", "x", "??"),
}


def play_steps(replay: HandReplay) -> dict[tuple[int, int], int]:
    """The step of every play: ``(trick's place, play's place) -> step``."""
    where = {
        id(play): (t, p)
        for t, trick in enumerate(replay.hand.tricks)
        for p, play in enumerate(trick.plays)
    }
    return {
        where[id(s.event)]: s.step
        for s in replay.states
        if s.kind is StepKind.PLAY and id(s.event) in where
    }


def mistake_steps(replay: HandReplay, analysis: HandAnalysis, seat: int | None = None) -> list[int]:
    """The steps of the plays below fine (only ``seat``'s if given), in order."""
    steps = play_steps(replay)
    found = (steps.get((p.trick, p.play)) for p in analysis.mistakes(seat))
    return sorted(s for s in found if s is not None)


def mistake_buttons(
    lang: str, replay: HandReplay, analysis: HandAnalysis, step: int, seat: int | None
) -> tuple[StepButton, ...]:
    """The buttons to the previous and next play below fine (only ``seat``'s if given)."""
    mistakes = mistake_steps(replay, analysis, seat)
    return tuple(
        StepButton(f"jump_{name}", tr(lang, name), next_step(mistakes, step, forward), keys)
        for name, forward, keys in (
            ("prev_mistake", False, "Shift+Left"),
            ("next_mistake", True, "Shift+Right"),
        )
    )


def note_at(replay: HandReplay, analysis: HandAnalysis, step: int) -> PlayNote | None:
    """The judgement of the play made at ``step``, if that step is a judged play."""
    steps = play_steps(replay)
    return next((p for p in analysis.plays if steps.get((p.trick, p.play)) == step), None)


def is_defender(replay: HandReplay, seat: int) -> bool:
    """True if ``seat`` is on the defenders' team (the dealer's team is not)."""
    dealer = replay.computed.dealer
    return dealer is not None and (seat - dealer) % 2 == 1


def _x(replay: HandReplay, note: PlayNote) -> float:
    """A play's place on the trick axis: trick N's plays between N-1 and N."""
    trick = replay.hand.tricks[note.trick]
    return trick.number - 1 + (note.play + 1) / max(len(trick.plays), 1)


def eval_figure(
    replay: HandReplay,
    analysis: HandAnalysis,
    series: list[PointsStep],
    lang: str,
    current: int | None = None,
) -> go.Figure:
    """The evaluation graph: the defenders' expected final points after every judged
    play, over the defenders' points chart (its level bands and the actual points);
    mistakes marked by class. Every point carries its step in ``customdata``."""
    fig = charts.defenders_figure(replay, series, lang, len(replay.hand.tricks))
    steps = play_steps(replay)
    plays = [p for p in analysis.plays if (p.trick, p.play) in steps]
    fig.add_trace(
        go.Scatter(
            x=[_x(replay, p) for p in plays],
            y=[p.value.mean for p in plays],
            customdata=[steps[(p.trick, p.play)] for p in plays],
            text=[_hover(p, lang) for p in plays],
            mode="lines+markers",
            name=tr(lang, "an_expected"),
            line={"color": "#6a1b9a", "width": 2, "dash": "dot"},
            marker={"size": 5},
            hovertemplate="%{text}<extra></extra>",
        )
    )
    for verdict, (colour, symbol, glyph) in CLASS_STYLE.items():
        marked = [p for p in plays if p.verdict == verdict]
        if not marked:
            continue
        fig.add_trace(
            go.Scatter(
                x=[_x(replay, p) for p in marked],
                y=[p.value.mean for p in marked],
                customdata=[steps[(p.trick, p.play)] for p in marked],
                text=[_hover(p, lang) for p in marked],
                mode="markers",
                name=f"{glyph} {tr(lang, f'class_{verdict}')}",
                marker={"size": 14, "color": colour, "symbol": symbol, "line": {"width": 1}},
                hovertemplate="%{text}<extra></extra>",
            )
        )
    if current is not None:
        at = next((p for p in plays if steps[(p.trick, p.play)] == current), None)
        if at is not None:
            fig.add_vline(x=_x(replay, at), line_dash="dot", line_color="#888")
    top = max([p.value.mean for p in plays] + [float(fig.layout.yaxis.range[1]) - 20])
    fig.update_layout(  # the points chart's frame: its title, axes and legend kept apart
        title_text=tr(lang, "an_chart"),
        height=360,
        yaxis={"range": [0, top + 20]},
    )
    return fig


def _hover(note: PlayNote, lang: str) -> str:
    """``Seat 2: ♠BJ ?? · 240`` for a point's hover."""
    glyph = CLASS_STYLE[note.verdict][2] if note.verdict in CLASS_STYLE else ""
    return f"{seat_name(lang, note.seat)}: {say_cards_in(note.cards, lang)} {glyph} · {note.value}"


def summary_rows(analysis: HandAnalysis, lang: str) -> list[dict[str, object]]:
    """The per-seat table under the graph: plays, counts per class, average loss."""
    rows: list[dict[str, object]] = []
    for seat, tally in analysis.tally.items():
        rows.append(
            {
                tr(lang, "seat"): seat_name(lang, seat),
                tr(lang, "an_plays"): tally.plays,
                f"?! {tr(lang, 'class_inaccuracy')}": tally.inaccuracy,
                f"? {tr(lang, 'class_mistake')}": tally.mistake,
                f"?? {tr(lang, 'class_blunder')}": tally.blunder,
                tr(lang, "an_average_loss"): round(tally.average_loss, 1),
            }
        )
    return rows


def play_words(replay: HandReplay, note: PlayNote, lang: str) -> list[str]:
    """A play's judgement in the page's language, from the commands alone (never the
    engine's English words)."""
    value = _number(note.value.mean)
    how = tr(lang, "an_proved") if note.value.proved else tr(lang, "an_estimated")
    lines = [tr(lang, "an_value", value=value, how=how)]
    if not note.is_mistake or note.loss is None:
        lines.append(tr(lang, "an_fine"))
        return lines
    defender = is_defender(replay, note.seat)
    side = tr(lang, "an_side_defenders" if defender else "an_side_dealer")
    verdict = verdict_words(note.verdict, lang)
    lines.append(tr(lang, "an_loss", loss=_number(note.loss.mean), side=side, verdict=verdict))
    if note.best is not None:
        best_value = note.best_value(defender)
        seat, cards = note.best
        lines.append(
            tr(
                lang,
                "an_best",
                seat=seat_name(lang, seat),
                cards=say_cards_in(cards, lang),
                value=_number(best_value if best_value is not None else note.value.mean),
            )
        )
    return lines


def verdict_words(verdict: str, lang: str) -> str:
    """A class in words with its glyph: ``?? blunder``, ``fine``."""
    glyph = CLASS_STYLE[verdict][2] if verdict in CLASS_STYLE else ""
    return f"{glyph} {tr(lang, f'class_{verdict}')}".strip()


def _number(value: float) -> str:
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


def best_cards_at(note: PlayNote | None) -> dict[int, tuple[Card, ...]]:
    """The cards to highlight on the table: the best play's, in its seat's hand."""
    if note is None or not note.is_mistake or note.best is None:
        return {}
    seat, cards = note.best
    return {seat: cards}


# ---------------------------------------------------------------------------- analysing


def analyse_hand(
    hand: Hand,
    number: int = 1,
    *,
    view: str = View.PLAYER.value,
    budget: float = DEFAULT_BUDGET,
    seed: int = 0,
    first_trick: int = 1,
    progress: Callable[[int, int], None] | None = None,
    lang: str = "en",
) -> tuple[Hand, str | None]:
    """``hand`` (hand ``number`` of its file) analysed, the plays of tricks from
    ``first_trick`` on, with the analysis written in as ``shengji analyze`` writes it
    (its words in ``lang``);
    ``progress(done, total)`` after each play. Returns the hand and why it could not be
    analysed, if it could not (the hand is then returned as it was)."""
    plan = plan_hand(hand, None, number)
    if plan.error is not None:
        return hand, plan.error.render(lang)
    evaluator = Evaluator(view, budget)
    judged = [d for d in plan.decisions if d.trick >= first_trick]
    results: list[PlayReview | Stop] = []
    for done, decision in enumerate(judged, 1):
        results.append(review_decision(plan, decision, evaluator, seed))
        if progress is not None:
            progress(done, len(judged))
        if isinstance(results[-1], Stop):
            break
    review = hand_review(plan, evaluator.view, results)
    return annotate_hand(hand, review, view=view, budget=budget, seed=seed, lang=lang), None


def with_best_line(hand: Hand, note: PlayNote, trump: Trump | None) -> tuple[Hand, int]:
    """``hand`` with the best play as a one-play variation of the play ``note`` judges
    (unless it has that variation already), and the variation's index."""
    assert note.best is not None
    seat, cards = note.best
    return with_alternative(hand, edit.Target("play", note.trick, note.play), seat, cards, trump)


def with_alternative(
    hand: Hand,
    target: edit.Target,
    seat: int,
    cards: Sequence[Card],
    trump: Trump | None,
    into: Hand | None = None,
) -> tuple[Hand, int]:
    """``hand`` with ``seat`` playing ``cards`` as a one-play variation of the play at
    ``target`` (unless it has that variation already), and the variation's index;
    ``into``: the file's hand when ``hand`` is a line entered from it (then ``into`` is
    returned, changed, as :func:`viewer.edit.add_variation` says)."""
    play = hand.tricks[target.index].plays[target.play]
    for index, variation in enumerate(play.variations):
        first = variation.events[0] if variation.events else None
        if isinstance(first, Trick) and first.plays:
            alternative = first.plays[0]
            if alternative.seat == seat and Counter(alternative.cards) == Counter(cards):
                return into if into is not None else hand, index
    shown = trump.sorted(cards) if trump is not None else tuple(cards)
    text = f"{seat}: {format_cards(shown)}"
    return edit.add_variation(hand, target, text, into=into), len(play.variations)


# ---------------------------------------------------------------------------- values on the cards

# The solver values every card of the seat to move once no hand holds more than this
# (every hand known): an endgame's values in a moment, within the budget (seconds).
SOLVE_CARDS: Final = 6
SOLVE_BUDGET: Final = 2.0


def position_at(replay: HandReplay, step: int) -> Position | None:
    """The play phase at ``step`` as the rules core sees it (every hand known), when a
    seat is to play next: before a recorded play, or after the last play of a line that
    ends there. ``None`` where the deal is not known card by card, a rule was broken
    before, or no card is left to play."""
    plan = plan_hand(replay.hand, replay.rules, replay.number)
    for decision in plan.decisions:
        if decision.step == step:
            return decision.position
    if not plan.decisions or plan.stopped is not None:
        return None
    last = plan.decisions[-1]
    if step <= last.step or replay.states[step].kind is StepKind.END:
        return None  # a step before the last play, or the hand over
    state = PlayState(last.position)
    state.play(last.play.shown)
    position = state.position()
    return position if any(position.hands) else None


@dataclass(frozen=True, slots=True)
class CardValues:
    """What the cards of the seat to move are worth: for each card, the defenders' final
    points after the best play that puts it down (the solver's, proved when ``exact``,
    or the analysis's where the record has one); ``best``: the best play."""

    seat: int
    values: dict[Card, float]
    best: tuple[Card, ...]
    exact: bool
    solved: bool  # by the solver here, not read from the analysis


def card_values(
    replay: HandReplay,
    step: int,
    analysis: HandAnalysis | None = None,
    budget: float = SOLVE_BUDGET,
    position: Position | None = None,
) -> CardValues | None:
    """The values to show on the cards of the seat to move at ``step``: the solver's
    when every hand is known and holds at most :data:`SOLVE_CARDS` cards; earlier, the
    analysis's values of the play made and of its best alternative (if the record has
    an analysis of the next play); ``None`` otherwise. ``position``: the step's, if
    already known."""
    position = position if position is not None else position_at(replay, step)
    if position is not None and max(len(h) for h in position.hands) <= SOLVE_CARDS:
        solution = solve(position, budget)
        defender = (position.to_move - position.dealer) % 2 == 1
        pick = max if defender else min
        values: dict[Card, float] = {}
        for row in solution.plays:
            for card in row.play.shown:
                values[card] = pick(values.get(card, row.value), row.value)
        best = solution.best[0].shown if solution.best else ()
        return CardValues(position.to_move, values, tuple(best), solution.exact, True)
    note = None if analysis is None else note_at(replay, analysis, step + 1)
    if note is None:
        return None
    values = dict.fromkeys(note.cards, float(note.value.mean))
    best_cards = note.cards
    after_best = note.best_value(is_defender(replay, note.seat))
    if note.best is not None and after_best is not None:
        best_cards = note.best[1]
        values.update(dict.fromkeys(best_cards, after_best))
    return CardValues(note.seat, values, best_cards, note.value.proved, False)


@dataclass(frozen=True, slots=True)
class TableTurn:
    """The seat to move at a step as the table offers it: who (``None``: no seat is to
    play, or the rules core cannot tell), the cards some legal play puts down, and the
    values to show on its cards."""

    seat: int | None
    legal: frozenset[Card] | None
    values: CardValues | None


def table_play(replay: HandReplay, step: int, analysis: HandAnalysis | None) -> TableTurn:
    """The seat to move at ``step``, its legal cards and their values (every hand known;
    the values as :func:`card_values` gives them)."""
    position = position_at(replay, step)
    if position is None:
        return TableTurn(None, None, card_values(replay, step, analysis))
    legal = frozenset(c for play in PlayState(position).legal_plays() for c in play.shown)
    values = card_values(replay, step, analysis, position=position)
    return TableTurn(position.to_move, legal, values)


def illegal_play(replay: HandReplay, step: int, cards: Sequence[Card]) -> Message | None:
    """Why the rules refuse ``cards`` as the next play at ``step`` (the rules core's
    reason, as the catalogue words it), or ``None`` if they allow it or cannot tell
    (the deal not known card by card)."""
    position = position_at(replay, step)
    if position is None:
        return None
    try:
        PlayState(position).play(tuple(cards))
    except (GameError, ValueError) as e:
        return error_message(e)
    return None


# ---------------------------------------------------------------------------- teaching


@dataclass(frozen=True, slots=True)
class Grade:
    """The engine's judgement of a student's play, as the analysis judges a recorded
    one: its loss against the best play (counted as the analysis counts it: an estimated
    loss within the noise, a *fine* play, is 0) and its class."""

    legal: bool
    loss: float = 0.0
    best: tuple[Card, ...] = ()
    exact: bool = False  # proved by the solver
    verdict: str = "fine"  # the analysis's class: fine, inaccuracy, mistake, blunder


def grade(
    replay: HandReplay,
    step: int,
    guess: Sequence[CardSlot],
    analysis: HandAnalysis | None,
) -> Grade | None:
    """The student's play before ``step + 1`` valued against the best: by the solver
    where every hand holds at most ``EXACT_CARDS`` cards (hindsight, proved); from the
    analysis when the record has one and the choice is the play made or the best; by
    the engine with the analysis's settings otherwise (the last two where a hand holds
    more). Judged and classed as the analysis judges the record's plays. ``None`` where
    neither the solver nor the analysis's settings can grade it."""
    plan = plan_hand(replay.hand, replay.rules, replay.number)
    decision = next((d for d in plan.decisions if d.step == step), None)
    if decision is None:
        return None
    cards = tuple(c for c in guess if isinstance(c, Card))
    try:
        PlayState(decision.position).play(cards)
    except (GameError, ValueError):
        return Grade(False)
    small = max(len(h) for h in decision.position.hands) <= EXACT_CARDS
    note = None if analysis is None else note_at(replay, analysis, step + 1)
    if not small and note is not None:
        if Counter(cards) == Counter(note.cards):
            loss = note.loss.mean if note.loss is not None and note.is_mistake else 0.0
            best = note.best[1] if note.best is not None else note.cards
            return Grade(True, loss, best, note.value.proved, note.verdict)
        if note.best is not None and Counter(cards) == Counter(note.best[1]):
            return Grade(True, 0.0, note.best[1], note.value.proved)
    if not small and (analysis is None or analysis.engine is None):
        return None
    return _engine_grade(plan, decision, cards, analysis if not small else None)


def _engine_grade(
    plan: HandPlan, decision: Decision, cards: tuple[Card, ...], analysis: HandAnalysis | None
) -> Grade:
    """The student's play valued by the evaluator (the solver in hindsight for a small
    position, else the settings the record was analysed with) and judged as the
    analysis judges the record's plays (:func:`~notation.analysis.review.judge_play`):
    against the best the evaluation finds, the loss counted only where it is sure."""
    if analysis is None or analysis.engine is None:
        evaluator = Evaluator(View.HINDSIGHT)
        knowledge = None
    else:
        evaluator = Evaluator(analysis.engine.view, analysis.engine.budget)
        knowledge = plan.knowledge(decision) if evaluator.view is View.PLAYER else None
    evaluation = evaluator.evaluate(decision.position, knowledge, cards, seed="teach")
    student = replace(decision, play=replace(decision.play, cards=cards, attempted=None))
    review = judge_play(student, evaluation)
    return Grade(True, review.counted_loss, review.best, review.exact, review.verdict.value)


def grade_words(graded: Grade, lang: str) -> tuple[bool, str]:
    """What the page says of a legal grade, and whether the play is as good as the best:
    one number, the loss in whole points, decides that and is the number said (never
    "loses 0 points"); a loss is said with its class, and a proof told from an
    estimate."""
    best = say_cards_in(graded.best, lang)
    how = tr(lang, "an_proved" if graded.exact else "an_estimated")
    lost = math.floor(graded.loss + 0.5)
    if lost == 0:
        return True, tr(lang, "teach_grade_best", best=best, how=how)
    verdict = verdict_words(graded.verdict, lang)
    return False, tr(lang, "teach_grade_loss", loss=lost, best=best, verdict=verdict, how=how)
