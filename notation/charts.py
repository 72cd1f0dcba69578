"""A hand's charts for paper: the numbers behind them and their drawing as inline SVG.

The defenders' points trick by trick over the level table's bands (who goes up how many
levels at each total), each failed throw's penalty a step where it happens and the kitty
bonus a last point, and the points won in each trick. The numbers
(:func:`defenders_series`, :func:`trick_rows`) are the viewer's too, which plots them
with plotly; here they are drawn by hand, so that ``notation`` needs no plotting library
and a printed page needs no script. Dark lines, labelled bands, crosses for penalties
and a hatched bar for team 2&4 keep them readable in black and white.
"""

from __future__ import annotations

import html
import itertools
import math
from typing import Literal

from notation.frozen import frozen
from notation.labels import label
from notation.messages import outcome_words
from notation.psn.model import CardSlot, PlayNode, Trick
from notation.replay import HandReplay, StepKind
from notation.rules.ruleset import LevelTable, Side
from notation.rules.seats import Seat, team

__all__ = [
    "TEAM_COLOURS",
    "Band",
    "PointsStep",
    "TrickRow",
    "defenders_series",
    "defenders_svg",
    "level_bands",
    "step_x",
    "trick_rows",
    "tricks_svg",
]

TEAM_COLOURS = {1: "#1f6fb5", 2: "#c0392b"}  # team 1&3 blue, team 2&4 red, as in the viewer
_SIDE_COLOURS = {Side.DEALER: "#1f6fb5", Side.DEFENDERS: "#c0392b"}
_KITTY_GOLD = "#d4a017"
_PENALTY_RED = "#c62828"


@frozen
class Band:
    """One row of the level table as a band of the defenders' points."""

    low: int
    high: int
    side: Side
    levels: int

    def label(self, lang: str) -> str:
        """``dealer +2``, ``defenders +0`` (take over), ``defenders +1`` in ``lang``."""
        return outcome_words(self.side.value, self.levels).render(lang)


def level_bands(table: LevelTable, top: int) -> list[Band]:
    """The level table's rows as bands up to at least ``top`` points; a table that grows
    beyond its last row (``step``) is extended one band per step.

    >>> bands = level_bands(LevelTable.named("forty"), 100)
    >>> [(b.low, b.high, str(b.side), b.levels) for b in bands][:4]
    [(0, 5, 'dealer', 3), (5, 40, 'dealer', 2), (40, 80, 'dealer', 1), (80, 120, 'defenders', 0)]
    """
    rows = list(table.rows)
    bands = [
        Band(row.points, nxt.points, row.winner, row.levels)
        for row, nxt in itertools.pairwise(rows)
    ]
    last = rows[-1]
    step = table.step or 40  # a capped table's last band is drawn 40 points high
    low, levels = last.points, last.levels
    while True:
        bands.append(Band(low, low + step, last.winner, levels))
        if low + step > top or not table.step:
            return bands
        low, levels = low + step, levels + 1


@frozen
class TrickRow:
    """One finished trick: its plays, who won it, and the points it moved."""

    number: int
    step: int  # the replay step at which the trick is complete
    trick: Trick  # the record's trick: failed throws, glyphs and comments
    plays: tuple[tuple[Seat, tuple[CardSlot, ...]], ...]  # the cards on the table
    winner: Seat | None
    points: int  # card points the winner's team took
    defenders_total: int  # the defenders' points after the trick, penalties so far counted


def trick_rows(replay: HandReplay) -> list[TrickRow]:
    """Every finished trick of the replay, in order."""
    rows: list[TrickRow] = []
    taken = 0  # both teams' points so far
    for state in replay.states:
        if state.kind is StepKind.TRICK and isinstance(state.event, Trick):
            now = sum(state.points)
            rows.append(
                TrickRow(
                    state.trick_number,
                    state.step,
                    state.event,
                    state.trick,
                    state.turn,  # the winner leads next
                    now - taken,
                    state.defenders_points + state.penalty_points,
                )
            )
            taken = now
    return rows


@frozen
class PointsStep:
    """One point of the defenders' running total, as the graph draws it."""

    x: float  # the trick it ends (a penalty: half a trick before; the end: after the last)
    total: int  # the defenders' points after it: tricks, penalties, at the end the kitty
    step: int  # the replay step it stands for (a click jumps there)
    kind: Literal["start", "trick", "penalty", "end"]
    change: int  # what it added: a trick's points, a penalty, the kitty bonus
    seat: Seat | None = None  # a penalty: the seat whose throw failed

    @property
    def trick(self) -> int:
        """The trick it belongs to (a penalty: the trick its failed throw leads)."""
        return math.ceil(self.x)


def defenders_series(replay: HandReplay, upto: int | None = None) -> list[PointsStep]:
    """The defenders' points step by step: after each trick, at each failed throw's
    penalty (where it happens: the lead of its trick), and at the end the result when the
    kitty counts (they took the last trick) or it differs (a total is never below
    nothing), so the last point is always the result's total.

    With ``upto``, only what happened by that step.
    """
    series = [PointsStep(0, 0, 0, "start", 0)]
    total = 0
    for state in replay.states:
        if upto is not None and state.step > upto:
            break
        running = state.defenders_points + state.penalty_points
        if state.kind is StepKind.TRICK:
            series.append(
                PointsStep(state.trick_number, running, state.step, "trick", running - total)
            )
        elif running != total and state.kind is StepKind.PLAY:
            seat = state.event.seat if isinstance(state.event, PlayNode) else None
            x = state.trick_number - 0.5
            series.append(PointsStep(x, running, state.step, "penalty", running - total, seat))
        elif state.kind is StepKind.END:
            result, multiplier = replay.computed.points, replay.computed.multiplier
            if result is not None and (result != total or multiplier):
                x = series[-1].x + 1 if series[-1].kind == "trick" else series[-1].x + 0.5
                series.append(PointsStep(x, result, state.step, "end", result - total))
            break
        total = running
    return series


def step_x(replay: HandReplay, series: list[PointsStep], step: int) -> float:
    """Where ``step`` stands on the defenders' graph of ``series``: at its point if it
    has one (a trick won, a penalty, the result), else a play a quarter of a trick on
    from the trick before, and before the first lead at 0.

    >>> from notation.psn import parse_hand
    >>> from notation.replay import replay
    >>> rp = replay(parse_hand('[Trump "H 2"]\\n\\n1. 1: SA 2: S3 3: S4 4: S5\\n'))
    >>> [step_x(rp, defenders_series(rp), s) for s in range(len(rp.states))]
    [0, 0.25, 0.5, 0.75, 1.0, 1, 1]
    """
    for point in series:
        if point.step == step:
            return point.x
    state = replay.states[max(0, min(step, len(replay.states) - 1))]
    if state.kind is StepKind.PLAY:
        return state.trick_number - 1 + len(state.trick) / 4
    if state.kind is StepKind.END:
        return series[-1].x
    return max((p.x for p in series if p.step <= state.step), default=0)


# --- drawing ---------------------------------------------------------------------------


@frozen
class _Frame:
    """A plot area inside an SVG: data coordinates to pixels."""

    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    x_max: float
    y_max: float

    def x(self, value: float) -> float:
        span = self.width - self.left - self.right
        return round(self.left + span * value / self.x_max, 1)

    def y(self, value: float) -> float:
        span = self.height - self.top - self.bottom
        return round(self.height - self.bottom - span * value / self.y_max, 1)

    def open(self, title: str) -> list[str]:
        """The SVG element's start, with its accessible title."""
        return [
            f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" '
            f'viewBox="0 0 {self.width} {self.height}" width="100%" '
            f'font-family="DejaVu Sans, Noto Sans CJK SC, sans-serif" font-size="11">',
            f"<title>{html.escape(title)}</title>",
        ]

    def axes(self, x_ticks: list[int], x_title: str, y_title: str) -> list[str]:
        """The axes, the tricks along the bottom and the axis titles."""
        x0, y0 = self.x(0), self.y(0)
        x1, y1 = self.x(self.x_max), self.y(self.y_max)
        out = [
            f'<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y0}" stroke="#222"/>',
            f'<line x1="{x0}" y1="{y0}" x2="{x0}" y2="{y1}" stroke="#222"/>',
        ]
        for tick in x_ticks:
            out.append(f'<text x="{self.x(tick)}" y="{y0 + 13}" text-anchor="middle">{tick}</text>')
        out.append(
            f'<text x="{(x0 + x1) / 2}" y="{self.height - 3}" text-anchor="middle">'
            f"{html.escape(x_title)}</text>"
        )
        out.append(
            f'<text x="11" y="{(y0 + y1) / 2}" text-anchor="middle" '
            f'transform="rotate(-90 11 {(y0 + y1) / 2})">{html.escape(y_title)}</text>'
        )
        return out


def _ticks(last: int) -> list[int]:
    """Trick numbers to write under the axis: every one, or every fifth in a long hand."""
    every = 1 if last < 30 else 5
    return list(range(0, last + 1, every))


def _star(cx: float, cy: float, r: float) -> str:
    """A five-pointed star's points, for the kitty bonus."""
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = math.pi / 2 + i * math.pi / 5
        points.append(f"{cx + radius * math.cos(angle):.1f},{cy - radius * math.sin(angle):.1f}")
    return " ".join(points)


def _cross(r: float) -> str:
    """An x-shaped cross's path around ``(0, 0)``, for a penalty (placed by its group)."""
    return f"M{-r},{-r} L{r},{r} M{-r},{r} L{r},{-r}"


def defenders_svg(replay: HandReplay, lang: str = "en") -> str:
    """The defenders' running points over the level table's bands, as SVG: a point after
    each trick, a red cross where a failed throw's penalty moves them (the lead of its
    trick), and a gold star for the result when the kitty bonus (they took the last
    trick) or the floor at nothing changes it: the line ends on the result's points.
    Every point says what it is under the pointer (its ``<title>``)."""
    series = defenders_series(replay)
    computed = replay.computed
    tricks = sum(1 for p in series if p.kind == "trick")
    top = max([*(p.total for p in series), 120])
    frame = _Frame(680, 266, 46, 14, 26, 34, max(1.0, series[-1].x, tricks), top + 20)
    last_tick = frame.y(0) + 20.0  # where the last number on the points axis was written
    out = frame.open(label(lang, "chart_defenders"))
    for band in level_bands(replay.rules.scoring.level_table, top):
        if band.low >= frame.y_max:
            break
        y_high, y_low = frame.y(min(band.high, frame.y_max)), frame.y(band.low)
        opacity = round(0.06 + 0.05 * min(band.levels, 4), 2)
        out.append(
            f'<rect x="{frame.x(0)}" y="{y_high}" width="{frame.x(frame.x_max) - frame.x(0)}" '
            f'height="{round(y_low - y_high, 1)}" fill="{_SIDE_COLOURS[band.side]}" '
            f'fill-opacity="{opacity}" stroke="#999" stroke-width="0.5"/>'
        )
        # a narrow band (0 points: dealer +3) is labelled on the right, apart from the next
        wide = band.high - band.low >= 10
        x, anchor = (frame.x(0) + 4, "start") if wide else (frame.x(frame.x_max) - 4, "end")
        out.append(
            f'<text x="{x}" y="{y_low - 3}" text-anchor="{anchor}" font-size="9" '
            f'fill="#333">{html.escape(band.label(lang))}</text>'
        )
        if last_tick - y_low >= 10:  # 0 and 5 would overlap: the 5 is left out
            out.append(
                f'<text x="{frame.left - 4}" y="{y_low + 3}" text-anchor="end">{band.low}</text>'
            )
            last_tick = y_low
    # the result's point, drawn apart (gold, dashed): the tricks and penalties end before it
    line = [p for p in series if p.kind != "end"]
    points = " ".join(f"{frame.x(p.x)},{frame.y(p.total)}" for p in line)
    out.append(f'<polyline points="{points}" fill="none" stroke="#222" stroke-width="2"/>')
    defenders = label(lang, "defenders")
    for p in line:
        x, y = frame.x(p.x), frame.y(p.total)
        trick = label(lang, "trick_n", n=p.trick)
        if p.kind == "penalty":
            said = f"{trick} · {label(lang, 'penalties')} {p.change:+d} → {p.total}"
            out.append(
                f'<g class="penalty" transform="translate({x} {y})">'
                f"<title>{html.escape(said)}</title>"
                f'<path d="{_cross(5)}" stroke="{_PENALTY_RED}" stroke-width="2.5"/>'
                f'<text x="0" y="-8" text-anchor="middle" font-size="9" '
                f'fill="{_PENALTY_RED}">{p.change:+d}</text></g>'
            )
        else:
            said = f"{trick} · {defenders} {p.total}" if p.kind == "trick" else ""
            title = f"<title>{html.escape(said)}</title>" if said else ""
            out.append(f'<circle cx="{x}" cy="{y}" r="3" fill="#222">{title}</circle>')
    end = series[-1]
    if end.kind == "end":
        x, y = frame.x(end.x), frame.y(end.total)
        if computed.multiplier and computed.kitty_points is not None:
            kitty = f"{computed.kitty_points}×{computed.multiplier}"
            text = f"{label(lang, 'chart_kitty')} {kitty} → {end.total}"
        else:  # the floor: a total is never below nothing
            text = f"{label(lang, 'result')} {end.total}"
        before = line[-1]
        out.append(
            f'<line x1="{frame.x(before.x)}" y1="{frame.y(before.total)}" x2="{x}" y2="{y}" '
            f'stroke="{_KITTY_GOLD}" stroke-width="1.5" stroke-dasharray="4 3"/>'
        )
        out.append(
            f'<polygon points="{_star(x, y, 7)}" fill="{_KITTY_GOLD}" stroke="#222">'
            f"<title>{html.escape(text)}</title></polygon>"
        )
        out.append(
            f'<text x="{x - 10}" y="{y - 8}" text-anchor="end" font-weight="bold">'
            f"{html.escape(text)}</text>"
        )
    out += _defenders_legend(series, lang)
    out += frame.axes(_ticks(tricks), label(lang, "trick"), label(lang, "points"))
    out.append("</svg>")
    return "\n".join(out)


def _defenders_legend(series: list[PointsStep], lang: str) -> list[str]:
    """What each symbol of the defenders' graph is, in a row above it: the points after
    each trick, and where the hand has them a failed throw's cross and the result's star."""
    items = [
        (
            '<polyline points="-8,0 8,0" stroke="#222" stroke-width="2"/>'
            '<circle cx="0" cy="0" r="3" fill="#222"/>',
            label(lang, "defenders"),
        )
    ]
    if any(p.kind == "penalty" for p in series):
        cross = f'<path d="{_cross(5)}" stroke="{_PENALTY_RED}" stroke-width="2.5"/>'
        items.append((cross, label(lang, "chart_penalty")))
    if series[-1].kind == "end":
        star = f'<polygon points="{_star(0, 0, 7)}" fill="{_KITTY_GOLD}" stroke="#222"/>'
        items.append((star, label(lang, "chart_result")))
    out = ['<g class="legend">']
    for i, (symbol, words) in enumerate(items):
        x = 56 + 200 * i
        out.append(
            f'<g transform="translate({x} 12)">{symbol}'
            f'<text x="14" y="4">{html.escape(words)}</text></g>'
        )
    out.append("</g>")
    return out


def tricks_svg(replay: HandReplay, lang: str = "en") -> str:
    """The points won in each trick, a bar in the winning team's colour (team 2&4's
    hatched, for black and white), as SVG."""
    rows = trick_rows(replay)
    top = max([r.points for r in rows] + [20])
    top = 10 * math.ceil(top / 10)
    frame = _Frame(680, 190, 46, 14, 22, 34, len(rows) + 1, top)
    out = frame.open(label(lang, "chart_tricks"))
    out.append(
        '<defs><pattern id="hatch24" width="5" height="5" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="5" height="5" fill="#f3c9c4"/>'
        f'<line x1="0" y1="0" x2="0" y2="5" stroke="{TEAM_COLOURS[2]}" stroke-width="2.5"/>'
        "</pattern></defs>"
    )
    fills = {1: TEAM_COLOURS[1], 2: "url(#hatch24)"}
    for value in range(0, top + 1, 10 if top <= 60 else 20):
        y = frame.y(value)
        out.append(
            f'<line x1="{frame.x(0)}" y1="{y}" x2="{frame.x(frame.x_max)}" y2="{y}" stroke="#ddd"/>'
        )
        out.append(f'<text x="{frame.left - 4}" y="{y + 3}" text-anchor="end">{value}</text>')
    width = min(24.0, max(3.0, (frame.x(1) - frame.x(0)) * 0.6))
    for row in rows:
        if not row.points or row.winner is None:
            continue
        x, y = frame.x(row.number) - width / 2, frame.y(row.points)
        out.append(
            f'<rect x="{x:.1f}" y="{y}" width="{width:.1f}" height="{frame.y(0) - y:.1f}" '
            f'fill="{fills[team(row.winner)]}" stroke="{TEAM_COLOURS[team(row.winner)]}"/>'
        )
        out.append(
            f'<text x="{x + width / 2:.1f}" y="{y - 2}" text-anchor="middle" font-size="9">'
            f"{row.points}</text>"
        )
    for i, key in enumerate(("team13", "team24")):
        x = frame.width - frame.right - 190 + 100 * i
        out.append(
            f'<rect x="{x}" y="4" width="12" height="12" fill="{fills[i + 1]}" '
            f'stroke="{TEAM_COLOURS[i + 1]}"/><text x="{x + 16}" y="14">'
            f"{html.escape(label(lang, key))}</text>"
        )
    out += frame.axes(_ticks(len(rows)), label(lang, "trick"), label(lang, "points"))
    out.append("</svg>")
    return "\n".join(out)
