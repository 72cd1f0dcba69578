"""What the viewer computes once and shares: the file read and replayed, a variation
line's replay, the figures, an analysis run, a student's grade. Each is cached by its
inputs (the file's text among them), so a step, a rerun or a second session reuses it.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from notation.analysis.annotations import read_analysis
from notation.charts import defenders_series, step_x
from notation.messages import Message
from notation.replay import HandReplay
from notation.rules.cards import Card
from viewer import analysis_view, charts, document, view

__all__ = [
    "eval_figure",
    "example_list",
    "hand_figures",
    "line_replay",
    "load",
    "match_figure",
    "refusal",
    "table_play",
    "teach_grade",
]

VariationPath = tuple[tuple[int, int], ...]  # the variations entered: (step, variation index)


@st.cache_resource(max_entries=32, show_spinner=False)
def load(text: str, name: str) -> document.Document:
    """The file read, replayed and validated (shared by every session: it is immutable)."""
    return document.load_document(text, name)


@st.cache_resource(max_entries=64, show_spinner=False)
def line_replay(text: str, name: str, number: int, line: VariationPath) -> HandReplay:
    """The replay of a hand, or of the variation line entered from it."""
    entry = load(text, name).entry(number)
    assert entry is not None and entry.replay is not None
    return document.follow_line(entry.replay, line)


@st.cache_data(max_entries=256, show_spinner=False)
def hand_figures(
    text: str,
    name: str,
    number: int,
    line: VariationPath,
    lang: str,
    upto: int | None,
    step: int,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The two charts of a hand (up to step ``upto`` in teaching mode), as plotly dicts;
    the points graph marks ``step``."""
    rp = line_replay(text, name, number, line)
    tricks = len(rp.hand.tricks)  # the axis spans the hand, however far a student is
    series = defenders_series(rp, upto=upto)
    current = step_x(rp, defenders_series(rp), step)
    return (
        charts.defenders_figure(rp, series, lang, tricks, current).to_dict(),
        charts.tricks_figure(view.trick_points(rp, upto=upto), lang, tricks).to_dict(),
    )


@st.cache_data(max_entries=64, show_spinner=False)
def match_figure(text: str, name: str, lang: str, current: int) -> dict[str, Any]:
    """Both teams' levels hand by hand, as a plotly dict."""
    doc = load(text, name)
    levels = charts.match_levels([(e.number, e.replay) for e in doc.readable if e.replay])
    figure: dict[str, Any] = charts.levels_figure(levels, lang, current=current).to_dict()
    return figure


@st.cache_data(max_entries=16, ttl=60, show_spinner=False)
def example_list() -> list[str]:
    """The bundled examples (looked at again after a minute: a file may be added)."""
    return document.example_files()


@st.cache_data(max_entries=64, show_spinner=False)
def eval_figure(text: str, name: str, number: int, lang: str, current: int) -> dict[str, Any]:
    """The evaluation graph of a hand's analysis, as a plotly dict."""
    rp = line_replay(text, name, number, ())
    analysis = read_analysis(rp.hand)
    assert analysis is not None
    series = defenders_series(rp)
    figure: dict[str, Any] = analysis_view.eval_figure(
        rp, analysis, series, lang, current
    ).to_dict()
    return figure


@st.cache_data(max_entries=128, show_spinner=False)
def teach_grade(
    text: str, name: str, number: int, step: int, guess: tuple[str, ...]
) -> analysis_view.Grade | None:
    """The engine's grade of a student's play (see :func:`viewer.analysis_view.grade`)."""
    rp = line_replay(text, name, number, ())
    cards = [Card.parse(token) for token in guess]
    return analysis_view.grade(rp, step, cards, read_analysis(rp.hand))


@st.cache_data(max_entries=256, show_spinner=False)
def table_play(
    text: str, name: str, number: int, line: VariationPath, step: int
) -> analysis_view.TableTurn:
    """At a step of a hand (or of a line entered): the seat to move, the cards the rules
    allow it and the values on its cards (see :func:`viewer.analysis_view.table_play`)."""
    rp = line_replay(text, name, number, line)
    analysis = read_analysis(rp.hand) if not line else None
    return analysis_view.table_play(rp, step, analysis)


@st.cache_data(max_entries=256, show_spinner=False)
def refusal(
    text: str, name: str, number: int, line: VariationPath, step: int, cards: tuple[str, ...]
) -> Message | None:
    """Why the rules refuse ``cards`` as the next play at a step (see
    :func:`viewer.analysis_view.illegal_play`)."""
    rp = line_replay(text, name, number, line)
    return analysis_view.illegal_play(rp, step, [Card.parse(c) for c in cards])
