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
from dataclasses import field, replace
from typing import Final

import plotly.graph_objects as go

from notation.analysis.annotate import KeyMoment, annotate_hand
from notation.analysis.annotations import (
    ChoiceNote,
    HandAnalysis,
    PlayNote,
    Value,
    verdict_words,
)
from notation.analysis.annotations import choice_words as choice_judgement_words
from notation.analysis.annotations import play_words as judgement_words
from notation.analysis.choices import ChoiceReview, review_choices
from notation.analysis.evaluate import EXACT_CARDS, Evaluator, View
from notation.analysis.review import (
    Decision,
    HandPlan,
    HandReview,
    PlayReview,
    Stop,
    hand_review,
    judge_play,
    plan_hand,
    review_decision,
)
from notation.analysis.solver import solve
from notation.charts import PointsStep
from notation.frozen import frozen, mutable
from notation.messages import Message, error_message, say_cards_in
from notation.psn import CardSlot, Hand, Trick
from notation.replay import HandReplay, StepKind
from notation.rules.cards import Card, format_cards
from notation.rules.game import GameError, PlayState, Position
from notation.rules.order import Trump
from notation.rules.seats import same_team
from viewer import charts, edit
from viewer.i18n import seat_name, tr
from viewer.view import StepButton, next_step

__all__ = [
    "CLASS_STYLE",
    "DEFAULT_BUDGET",
    "SOLVE_BUDGET",
    "SOLVE_CARDS",
    "AnalysisJob",
    "AnalysisRun",
    "CardValues",
    "Grade",
    "TableTurn",
    "analyse_hand",
    "best_cards_at",
    "card_values",
    "choice_at",
    "choice_words",
    "eval_figure",
    "grade",
    "grade_words",
    "has_line",
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
    return dealer is not None and not same_team(seat, dealer)


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
    """The evaluation graph: one number a play on one scale, the defenders' final points
    after it with every hand open (exact late, rollouts early), as a line with its 95%
    interval as a band, over the defenders' points chart (its level bands and the actual
    points); the judgements (in the player's view, from what the seat knew) marked on
    it by class. A record analysed in the player's view before the open-hands value was
    written draws its values instead. Every point carries its step in ``customdata``."""
    fig = charts.defenders_figure(replay, series, lang, len(replay.hand.tricks))
    steps = play_steps(replay)
    plays = [p for p in analysis.plays if (p.trick, p.play) in steps]
    opened: dict[int, Value | None] = {id(p): analysis.open_value(p) for p in plays}
    traced = [p for p in plays if opened[id(p)] is not None]
    name = "an_open"
    if not traced:  # an older analysis in the player's view: its own values, as before
        opened, traced, name = {id(p): p.value for p in plays}, plays, "an_expected"

    def value(note: PlayNote) -> Value:
        found = opened[id(note)]
        return found if found is not None else note.value

    def y(note: PlayNote) -> float:
        return value(note).mean

    def band(note: PlayNote, side: int) -> float:
        return value(note).mean + side * (value(note).half or 0.0)

    xs = [_x(replay, p) for p in traced]
    if any(value(p).half for p in traced):
        fig.add_trace(
            go.Scatter(
                x=xs,
                y=[band(p, 1) for p in traced],
                mode="lines",
                line={"width": 0},
                showlegend=False,
                hoverinfo="skip",
            )
        )
        fig.add_trace(
            go.Scatter(
                x=xs,
                y=[band(p, -1) for p in traced],
                mode="lines",
                line={"width": 0},
                fill="tonexty",
                fillcolor="rgba(106, 27, 154, 0.15)",
                name=tr(lang, "an_band"),
                hoverinfo="skip",
            )
        )
    fig.add_trace(
        go.Scatter(
            x=xs,
            y=[y(p) for p in traced],
            customdata=[steps[(p.trick, p.play)] for p in traced],
            text=[_hover(p, lang, opened[id(p)]) for p in traced],
            mode="lines+markers",
            name=tr(lang, name),
            line={"color": "#6a1b9a", "width": 2},
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
                y=[y(p) for p in marked],
                customdata=[steps[(p.trick, p.play)] for p in marked],
                text=[_hover(p, lang, opened[id(p)]) for p in marked],
                mode="markers",
                name=f"{glyph} {tr(lang, f'class_{verdict}')}",
                marker={"size": 14, "color": colour, "symbol": symbol, "line": {"width": 1}},
                hovertemplate="%{text}<extra></extra>",
            )
        )
    top = max([*(band(p, 1) for p in traced), float(fig.layout.yaxis.range[1]) - 20])
    if current is not None:
        at = next((p for p in plays if steps[(p.trick, p.play)] == current), None)
        if at is not None:
            charts.mark_now(fig, _x(replay, at), (0, top + 20), tr(lang, "chart_now"))
    fig.update_layout(  # the points chart's frame: its title, axes and legend kept apart
        title_text=tr(lang, "an_chart"),
        showlegend=True,
        height=360,
        yaxis={"range": [0, top + 20]},
    )
    return fig


def _hover(note: PlayNote, lang: str, opened: Value | None) -> str:
    """``Seat 2: ♠BJ ?? · 240`` for a point's hover; with the player's view's value
    beside the open-hands one where they differ (``· 240 · 🂠 230 ±8``)."""
    glyph = CLASS_STYLE[note.verdict][2] if note.verdict in CLASS_STYLE else ""
    shown = opened if opened is not None else note.value
    text = f"{seat_name(lang, note.seat)}: {say_cards_in(note.cards, lang)} {glyph} · {shown}"
    if opened is not None and opened != note.value:
        text += f" · {tr(lang, 'an_player_value', value=str(note.value))}"
    return text


def summary_rows(analysis: HandAnalysis, lang: str) -> list[dict[str, object]]:
    """The per-seat table under the graph: plays, counts per class, average loss (to
    one decimal, as the summary says it)."""
    rows: list[dict[str, object]] = []
    for seat, tally in analysis.tally.items():
        rows.append(
            {
                tr(lang, "seat"): seat_name(lang, seat),
                tr(lang, "an_plays"): tally.plays,
                f"?! {tr(lang, 'class_inaccuracy')}": tally.inaccuracy,
                f"? {tr(lang, 'class_mistake')}": tally.mistake,
                f"?? {tr(lang, 'class_blunder')}": tally.blunder,
                tr(lang, "an_average_loss"): f"{tally.average_loss:.1f}",
            }
        )
    return rows


def play_words(replay: HandReplay, note: PlayNote, lang: str) -> list[str]:
    """A play's judgement in the page's language, from the commands alone (never the
    engine's English words)."""
    return judgement_words(note, is_defender(replay, note.seat), lang)


def choice_at(replay: HandReplay, analysis: HandAnalysis, step: int) -> ChoiceNote | None:
    """The analysis's judgement of the bury or the bid made at ``step``, if it has one."""
    target = edit.target_of(replay.hand, replay.states[step])
    if target is None or target.kind != "auction":
        return None
    return next((c for c in analysis.choices if c.index == target.index), None)


def moment_step(replay: HandReplay, analysis: HandAnalysis, moment: KeyMoment) -> int | None:
    """The step of a key moment: its play's, or its judged bury's or bid's; None for a
    decision no event of the record holds (a counter not made)."""
    if moment.kind == "play":
        trick = (moment.trick or 0) - 1  # the replay numbers the tricks from 1, in order
        if not 0 <= trick < len(replay.hand.tricks):
            return None
        plays = replay.hand.tricks[trick].plays
        place = next((p for p, play in enumerate(plays) if play.seat == moment.seat), None)
        return None if place is None else play_steps(replay).get((trick, place))
    if moment.kind == "counter":  # a counter not made: no bid holds it
        return None
    bury = moment.kind == "bury"  # else the declaration: the bid that set the trump
    choice = next(
        (c for c in analysis.choices if (c.kind == "bury") == bury and c.seat == moment.seat),
        None,
    )
    if choice is None:
        return None
    event = replay.hand.auction[choice.index]
    return next((s.step for s in replay.states if s.event is event), None)


def choice_words(replay: HandReplay, choice: ChoiceNote, lang: str) -> list[str]:
    """A bury's or a bid's judgement in the page's language, from the commands alone
    (:func:`notation.analysis.annotations.choice_words`)."""
    return choice_judgement_words(choice, is_defender(replay, choice.seat), lang)


def best_cards_at(note: PlayNote | None) -> dict[int, tuple[Card, ...]]:
    """The cards to highlight on the table: the best play's, in its seat's hand."""
    if note is None or not note.is_mistake or note.best is None:
        return {}
    seat, cards = note.best
    return {seat: cards}


def best_line(note: PlayNote, trump: Trump | None) -> str:
    """The best line written as a variation of the play judged (``23. 2: H3 3: H6 …``),
    or the best play alone where the analysis wrote no line (``2: H3``)."""
    if note.line is not None:
        return note.line.moves(trump)
    assert note.best is not None
    seat, cards = note.best
    return f"{seat}: {format_cards(trump.sorted(cards) if trump is not None else cards)}"


def has_line(note: PlayNote) -> bool:
    """True if the play's best line can be stepped into: the analysis wrote one, or
    (a mistake) the best play at least."""
    return note.line is not None or (note.is_mistake and note.best is not None)


# ---------------------------------------------------------------------------- analysing


@mutable
class AnalysisRun:
    """The analysis of one hand made a trick at a time, so that a page can show each
    trick's judgements as they come and stop between two (:meth:`step`); once the plays
    are judged, the choices before the play (the bury, the declarations), if the whole
    hand is analysed; the hand with the analysis so far written in (:meth:`annotated`)
    is what ``shengji analyze`` writes for the decisions judged.

    >>> from notation.simulate import simulate_hand
    >>> run = AnalysisRun.start(simulate_hand("qq", seed=1), view="hindsight", budget=0.01,
    ...                         first_trick=17)
    >>> run.step(), run.progress, run.done
    (4, (4, 8), False)
    """

    hand: Hand
    number: int
    plan: HandPlan
    evaluator: Evaluator
    judged: tuple[Decision, ...]  # the decisions to judge, in order
    budget: float
    seed: int
    lang: str
    results: list[PlayReview | Stop] = field(default_factory=list)
    wants_choices: bool = False  # the whole hand is analysed: its choices too, last
    choices: tuple[ChoiceReview, ...] | None = None  # judged (None: not yet)

    @classmethod
    def start(
        cls,
        hand: Hand,
        number: int = 1,
        *,
        view: str = View.PLAYER.value,
        budget: float = DEFAULT_BUDGET,
        seed: int = 0,
        first_trick: int = 1,
        lang: str = "en",
    ) -> AnalysisRun:
        """A run over the plays of ``hand`` (hand ``number`` of its file) from trick
        ``first_trick`` on; nothing is judged yet. A hand that cannot be analysed gives a
        run that is done at once, its :attr:`error` said."""
        plan = plan_hand(hand, None, number)
        judged = tuple(d for d in plan.decisions if d.trick >= first_trick)
        evaluator = Evaluator(view, budget)
        choices = first_trick <= 1 and plan.error is None
        return cls(hand, number, plan, evaluator, judged, budget, seed, lang, [], choices)

    @property
    def error(self) -> str | None:
        """Why the hand cannot be analysed (in the run's language), if it cannot."""
        return None if self.plan.error is None else self.plan.error.render(self.lang)

    @property
    def done(self) -> bool:
        """True when every play is judged, or the analysis had to stop."""
        stopped = bool(self.results) and isinstance(self.results[-1], Stop)
        if self.error is not None or stopped:
            return True
        judged = len(self.results) == len(self.judged)
        return judged and (not self.wants_choices or self.choices is not None)

    @property
    def progress(self) -> tuple[int, int]:
        """The decisions judged so far and the decisions to judge (the choices before
        the play counted as one)."""
        extra = int(self.wants_choices)
        return len(self.results) + int(self.choices is not None), len(self.judged) + extra

    def step(self) -> int:
        """Judge the plays of the next trick (of its plays not judged yet), or, the
        plays judged, the choices before the play; the number judged."""
        if self.done:
            return 0
        if len(self.results) == len(self.judged):
            view = self.evaluator.view
            self.choices = review_choices(self.plan, view, self.budget, self.seed)
            return 1
        trick = self.judged[len(self.results)].trick
        made = 0
        while (
            not self.done
            and len(self.results) < len(self.judged)
            and self.judged[len(self.results)].trick == trick
        ):
            decision = self.judged[len(self.results)]
            self.results.append(review_decision(self.plan, decision, self.evaluator, self.seed))
            made += 1
        return made

    def annotated(self) -> Hand:
        """The hand with the analysis so far written in, as ``shengji analyze`` writes it
        (the hand as it was, when it cannot be analysed)."""
        if self.error is not None:
            return self.hand
        view = self.evaluator.view
        return annotate_hand(
            self.hand, self.review(), view=view, budget=self.budget, seed=self.seed, lang=self.lang
        )

    def review(self) -> HandReview:
        """The review so far: the plays judged, and the choices once judged."""
        return hand_review(self.plan, self.evaluator.view, self.results, self.choices or ())


@mutable
class AnalysisJob:
    """An analysis under way in the page: the run, and the file it was started on (the
    page shows it with the plays judged so far written in)."""

    run: AnalysisRun
    text: str  # the file as it was when the analysis started
    key: tuple[str, int, str, float, int, str]  # the hand's text and the settings
    file: tuple[str, int]  # the file shown and its edits when it started: the same, or stop

    def step(self) -> str:
        """Judge the next trick's plays; the file with the analysis so far."""
        self.run.step()
        return self.written()

    def written(self) -> str:
        """The file with the analysis so far written into the hand."""
        return edit.replace_hand(self.text, self.run.number, self.run.annotated())


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
    (its words in ``lang``); ``progress(done, total)`` after each trick. Returns the hand
    and why it could not be analysed, if it could not (the hand is then returned as it
    was)."""
    run = AnalysisRun.start(
        hand, number, view=view, budget=budget, seed=seed, first_trick=first_trick, lang=lang
    )
    while not run.done:
        run.step()
        if progress is not None:
            progress(*run.progress)
    return run.annotated(), run.error


def with_best_line(hand: Hand, note: PlayNote, trump: Trump | None) -> tuple[Hand, int]:
    """``hand`` with the best line as a variation of the play ``note`` judges (unless
    it has that variation already), and the variation's index."""
    play = hand.tricks[note.trick].plays[note.play]
    if note.line is not None:
        wanted = [(p.seat, _key(p.cards)) for p in note.line.plays]
    else:
        assert note.best is not None
        wanted = [(note.best[0], _key(note.best[1]))]
    for index, variation in enumerate(play.variations):
        plays = [p for event in variation.events if isinstance(event, Trick) for p in event.plays]
        if [(p.seat, _key(p.cards)) for p in plays] == wanted:
            return hand, index
    target = edit.Target("play", note.trick, note.play)
    return edit.add_variation(hand, target, best_line(note, trump)), len(play.variations)


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


@frozen
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


@frozen
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


def _key(cards: Sequence[object]) -> tuple[Card, ...]:
    """Cards in a fixed order, to compare plays (an unknown card left out)."""
    return tuple(sorted((c for c in cards if isinstance(c, Card)), key=lambda c: c.index))


# ---------------------------------------------------------------------------- teaching


@frozen
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
