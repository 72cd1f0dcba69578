"""Plotly figures of a hand and of a match. Every point carries the step (or the hand
number) it stands for in ``customdata``, so a click on it can jump there."""

from __future__ import annotations

import math
from typing import Any

import plotly.graph_objects as go

from notation.charts import PointsStep, level_bands
from notation.replay import HandReplay
from notation.rules.cards import RANKS
from notation.rules.ruleset import Side
from notation.rules.scoring import apply_outcome
from viewer.i18n import PLOTLY_ZH, PLOTLY_ZH_DATES, tr
from viewer.view import TrickPoints

__all__ = [
    "TEAM_COLOURS",
    "defenders_figure",
    "levels_figure",
    "mark_now",
    "plotly_config",
    "tricks_figure",
]

TEAM_COLOURS = {1: "#1f6fb5", 2: "#c0392b"}
_BAND_COLOURS = {Side.DEALER: "rgba(31,111,181,{a})", Side.DEFENDERS: "rgba(192,57,43,{a})"}


def plotly_config(lang: str) -> dict[str, Any]:
    """The charts' plotly config (``st.plotly_chart(config=...)``): in Chinese, plotly's
    own words (its mode bar's tooltips, its notices) in Chinese; in English, plotly's."""
    if lang != "zh":
        return {}
    locale = {"dictionary": PLOTLY_ZH, "format": PLOTLY_ZH_DATES}
    return {"locale": "zh-CN", "locales": {"zh-CN": locale}}


def _frame(
    fig: go.Figure, title: str, height: int, xaxis: dict[str, Any], yaxis: dict[str, Any]
) -> None:
    """A chart's title, axes and legend, apart: the title at the top left and the legend
    (every symbol named) at the bottom, both outside the plot, which plotly shrinks to
    make room (on a phone the legend takes two rows); the axes start at 0."""
    fig.update_layout(
        title={
            "text": title,
            "x": 0,
            "xanchor": "left",
            "xref": "paper",
            "yref": "container",
            "y": 1,
            "yanchor": "top",
            "pad": {"t": 6},
            "automargin": True,
        },
        height=height,
        margin={"l": 40, "r": 10, "t": 10, "b": 10},
        showlegend=True,
        legend={
            "orientation": "h",
            "xref": "container",
            "x": 0,
            "xanchor": "left",
            "yref": "container",
            "y": 0,
            "yanchor": "bottom",
        },
        xaxis={"automargin": True, **xaxis},
        yaxis={"automargin": True, "rangemode": "tozero", **yaxis},
        clickmode="event+select",
    )


def mark_now(fig: go.Figure, x: float, span: tuple[float, float], name: str) -> None:
    """Where the hand (or the match) is: a dotted line at ``x`` across ``span`` of the y
    axis, a trace the legend names ``name``, not a shape no legend explains."""
    fig.add_trace(
        go.Scatter(
            x=[x, x],
            y=list(span),
            mode="lines",
            name=name,
            line={"color": "#2e7d32", "width": 2, "dash": "dot"},
            hoverinfo="skip",
        )
    )


def defenders_figure(
    replay: HandReplay,
    series: list[PointsStep],
    lang: str,
    tricks: int | None = None,
    current: float | None = None,
) -> go.Figure:
    """The defenders' running points over the level table's bands: a point after each
    trick, a red cross at each failed throw's penalty, and at the end the result (a gold
    star: the kitty bonus when the defenders took the last trick); with ``current``, a
    dotted line where the hand is (its x: :func:`notation.charts.step_x`). The x axis
    spans ``tricks`` tricks from 0 (the whole hand, so it does not move as a student
    steps on)."""
    top = max([*(p.total for p in series), 120])
    fig = go.Figure()
    for band in level_bands(replay.rules.scoring.level_table, top):
        alpha = 0.06 + 0.05 * min(band.levels, 4)
        fig.add_hrect(
            y0=band.low,
            y1=band.high,
            fillcolor=_BAND_COLOURS[band.side].format(a=round(alpha, 2)),
            line_width=0,
            layer="below",
            annotation_text=band.label(lang),
            # a narrow band (0 points: dealer +3) is labelled on the right, apart from the next
            annotation_position="bottom left" if band.high - band.low >= 10 else "bottom right",
            annotation_font_size=10,
        )
    fig.add_trace(
        go.Scatter(
            x=[p.x for p in series],
            y=[p.total for p in series],
            customdata=[p.step for p in series],
            text=[_point_text(lang, p, replay) for p in series],
            mode="lines+markers",
            name=tr(lang, "defenders"),
            line={"color": "#333", "width": 2},
            marker={"size": 8},
            hovertemplate="%{text}<extra></extra>",
            cliponaxis=False,  # the start's point sits on the axis: drawn whole
        )
    )
    for kind, name, marker in (
        ("penalty", tr(lang, "chart_penalty"), {"size": 13, "symbol": "x", "color": "#c62828"}),
        ("end", tr(lang, "chart_result"), {"size": 14, "symbol": "star", "color": "#d4a017"}),
    ):
        marked = [p for p in series if p.kind == kind]
        if not marked:
            continue
        fig.add_trace(
            go.Scatter(
                x=[p.x for p in marked],
                y=[p.total for p in marked],
                customdata=[p.step for p in marked],
                text=[_point_text(lang, p, replay) for p in marked],
                mode="markers",
                name=name,
                marker=marker,
                hovertemplate="%{text}<extra></extra>",
                cliponaxis=False,
            )
        )
    last_x = max([float(tricks or 0), *(p.x for p in series), 1.0])
    if current is not None:
        mark_now(fig, current, (0, top + 20), tr(lang, "chart_now"))
    _frame(
        fig,
        tr(lang, "chart_defenders"),
        340,
        {
            "title": tr(lang, "trick"),
            "dtick": 1 if last_x < 30 else 5,
            "range": [0, last_x + 0.5],
        },
        {"title": tr(lang, "points"), "range": [0, top + 20]},
    )
    return fig


def _point_text(lang: str, point: PointsStep, replay: HandReplay) -> str:
    """What a point of the defenders' graph says under the pointer."""
    if point.kind == "penalty":
        return tr(
            lang,
            "chart_penalty_at",
            n=math.ceil(point.x),
            seat=point.seat or "?",
            change=f"{point.change:+d}",
            total=point.total,
        )
    if point.kind == "end":
        computed = replay.computed
        if computed.multiplier and computed.kitty_points is not None:
            return tr(
                lang,
                "chart_kitty_at",
                kitty=computed.kitty_points,
                times=computed.multiplier,
                total=point.total,
            )
        return tr(lang, "chart_result_at", total=point.total)
    return tr(lang, "chart_after_trick", n=int(point.x), total=point.total)


def tricks_figure(rows: list[TrickPoints], lang: str, tricks: int | None = None) -> go.Figure:
    """Points won in each trick, a bar per team in the team's colour, over ``tricks``
    tricks (the whole hand)."""
    last = max([tricks or 0, *(r.trick for r in rows), 1])
    top = max([sum(r.points) for r in rows] + [20])  # a trick's points, both teams' stacked
    fig = go.Figure()
    for team_index, key in ((0, "team13"), (1, "team24")):
        fig.add_trace(
            go.Bar(
                x=[r.trick for r in rows],
                y=[r.points[team_index] for r in rows],
                customdata=[r.step for r in rows],
                name=tr(lang, key),
                marker_color=TEAM_COLOURS[team_index + 1],
                hovertemplate=(
                    f"{tr(lang, key)} · {tr(lang, 'trick')} %{{x}}: %{{y}}<extra></extra>"
                ),
            )
        )
    fig.update_layout(barmode="stack", legend_traceorder="normal")  # team 1&3 first
    _frame(
        fig,
        tr(lang, "chart_tricks"),
        340,
        {
            "title": tr(lang, "trick"),
            "dtick": 1 if last < 30 else 5,
            "range": [0, last + 0.6],
        },
        # from 0 even before a trick is won (a student at the start: no bar yet)
        {"title": tr(lang, "points"), "range": [0, 10 * math.ceil(top / 10) + 5]},
    )
    return fig


def levels_figure(
    points: list[tuple[int, str, str, int]], lang: str, current: int | None = None
) -> go.Figure:
    """Both teams' levels hand by hand: ``(hand number, team 1&3's, team 2&4's, hand to
    jump to)``; the last point is after the last hand."""
    order = [r.value for r in RANKS]
    fig = go.Figure()
    for team_index, key in ((1, "team13"), (2, "team24")):
        fig.add_trace(
            go.Scatter(
                x=[p[0] for p in points],
                y=[order.index(str(p[team_index])) for p in points],
                customdata=[p[3] for p in points],
                text=[str(p[team_index]) for p in points],
                mode="lines+markers",
                name=tr(lang, key),
                line={"color": TEAM_COLOURS[team_index], "shape": "hv"},
                hovertemplate=(
                    f"{tr(lang, 'hand')} %{{x}} · {tr(lang, key)}: %{{text}}<extra></extra>"
                ),
            )
        )
    if current is not None and points:
        shown = [order.index(str(p[i])) for p in points for i in (1, 2)]
        mark_now(fig, current, (min(shown), max(shown)), tr(lang, "chart_hand_now"))
    _frame(
        fig,
        tr(lang, "chart_levels"),
        320,
        {"title": tr(lang, "hand"), "dtick": 1},
        {"tickvals": list(range(len(order))), "ticktext": order, "title": tr(lang, "levels")},
    )
    return fig


def match_levels(replays: list[tuple[int, HandReplay]]) -> list[tuple[int, str, str, int]]:
    """Both teams' levels before each readable hand (its ``Levels`` header), and after the
    last one as the rules give them: ``(x, team 1&3's, team 2&4's, hand to jump to)``."""
    out: list[tuple[int, str, str, int]] = []
    for number, replay in replays:
        levels = replay.computed.levels
        if levels is not None:
            out.append((number, levels[0].value, levels[1].value, number))
    if replays:
        number, last = replays[-1]
        computed = last.computed
        if computed.levels and computed.dealer is not None and computed.outcome is not None:
            after = apply_outcome(last.rules, computed.levels, computed.dealer, computed.outcome)
            out.append((number + 1, after.levels[0].value, after.levels[1].value, number))
    return out


def selected_point(selection: object) -> int | None:
    """The ``customdata`` of the first point of a plotly selection event, or ``None``."""
    points = None
    if isinstance(selection, dict):
        sel = selection.get("selection")
        points = sel.get("points") if isinstance(sel, dict) else None
    else:
        sel = getattr(selection, "selection", None)
        points = getattr(sel, "points", None) if sel is not None else None
        if points is None and isinstance(sel, dict):
            points = sel.get("points")
    if not points:
        return None
    data = points[0].get("customdata") if isinstance(points[0], dict) else None
    if isinstance(data, list):
        data = data[0] if data else None
    return int(data) if isinstance(data, int | float) else None
