"""The corpus report's HTML page (``shengji stats --format html``): the report of
:class:`notation.stats.CorpusStats` (its :meth:`~notation.stats.CorpusStats.to_dict`) as
one self-contained page, its tables and its plotly charts, its words in English or
Chinese.

The charts are plotly figures written as JSON specs and drawn by plotly.js, inlined from
the plotly package's own copy so that the page needs no network. The Python plotly
package is not imported: ``notation`` imports neither plotly nor streamlit (STYLE.md),
and a figure spec is plain data.
"""

from __future__ import annotations

import html
import importlib.util
import json
from functools import partial
from pathlib import Path
from typing import Any

from notation.labels import label
from notation.messages import MessageError, Param, msg, outcome_words

__all__ = ["plotly_js", "render_html", "script_json"]

_SIDE_COLOURS = {"dealer": "#1f6fb5", "defenders": "#c0392b"}  # as the viewer's charts


def plotly_js() -> str:
    """The text of plotly.js as the installed plotly package ships it (not imported)."""
    spec = importlib.util.find_spec("plotly")
    if spec is None or spec.origin is None:
        raise MessageError(msg("stats.no-plotly"))
    return (Path(spec.origin).parent / "package_data" / "plotly.min.js").read_text("utf-8")


# What a JSON text inside a <script> must not hold as is: "<" ">" "&" (a record's "</script>"
# ends the script, its "<!--<script>" puts the HTML parser in the double-escaped state and
# the rest of the page is script text), and U+2028/9 (line ends to older JavaScript).
_IN_SCRIPT = str.maketrans(
    {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}
)


def script_json(value: Any) -> str:
    """``value`` as JSON to put inside a ``<script>`` of a page: the same value to
    JavaScript, and no text of it is HTML.

    >>> script_json({"name": "<!--<script>&"})
    '{"name": "\\\\u003c!--\\\\u003cscript\\\\u003e\\\\u0026"}'
    """
    return json.dumps(value, ensure_ascii=False, allow_nan=False).translate(_IN_SCRIPT)


def _words(lang: str, key: str, **params: Param) -> str:
    """A word or sentence of the report's page (``stats.KEY``) in ``lang``."""
    return msg(f"stats.{key}", **params).render(lang)


def _bar(
    title: str, counts: dict[str, int], x: str, colour: str = "#1f6fb5", y: str = "hands"
) -> dict[str, Any]:
    """A bar chart of counts, as a plotly figure spec."""
    return {
        "data": [
            {
                "type": "bar",
                "x": list(counts),
                "y": list(counts.values()),
                "marker": {"color": colour},
            }
        ],
        "layout": {
            "title": {"text": title},
            "xaxis": {"title": {"text": x}, "type": "category"},
            "yaxis": {"title": {"text": y}},
            "height": 360,
        },
    }


def _where(mistake: dict[str, Any], lang: str) -> str:
    """Where a mistake is: its trick, or the bid or the bury it is."""
    file, hand, step = Path(mistake["path"]).name, mistake["hand"], mistake["step"]
    kind = mistake.get("kind", "play")
    if kind == "play":
        return _words(lang, "at", file=file, hand=hand, trick=mistake["trick"], step=step)
    what = label(lang, kind)
    seat = mistake["seat"]
    return _words(lang, "at-choice", file=file, hand=hand, seat=seat, what=what, step=step)


def _charts(report: dict[str, Any], lang: str = "en") -> list[dict[str, Any]]:
    """The report's charts, as plotly figure specs, their words in ``lang``."""
    say = partial(_words, lang)
    hands = say("hands")
    charts = [
        _bar(
            say("by-code"), report["findings"]["by_code"], say("code"), "#7f8c8d", say("findings")
        ),
        _bar(say("defenders-points"), report["points"]["defenders"], say("points"), y=hands),
    ]
    sides = report["level_results"]
    charts.append(
        {
            "data": [
                {
                    "type": "bar",
                    "name": say(f"side.{side}"),
                    "x": [outcome_words(side, int(k)).render(lang) for k in counts],
                    "y": list(counts.values()),
                    "marker": {"color": _SIDE_COLOURS[side]},
                }
                for side, counts in sides.items()
            ],
            "layout": {
                "title": {"text": say("level-results")},
                "height": 360,
                "xaxis": {"type": "category"},
                "yaxis": {"title": {"text": hands}},
            },
        }
    )
    charts.append(_bar(say("multipliers"), report["kitty"]["multipliers"], "×", y=hands))
    players = report["players"]
    if players:
        # plotly reads tags in a label (<b>, <a href>): a player's name is shown as written
        names = [html.escape(name, quote=False) for name in players]
        charts.append(
            {
                "data": [
                    {
                        "type": "bar",
                        "name": say("mistakes-per-hand"),
                        "x": names,
                        "y": [p["mistakes_per_hand"] for p in players.values()],
                    },
                    {
                        "type": "bar",
                        "name": say("average-loss"),
                        "x": names,
                        "yaxis": "y2",
                        "y": [p["average_loss"] for p in players.values()],
                    },
                ],
                "layout": {
                    "title": {"text": say("players")},
                    "barmode": "group",
                    "height": 380,
                    "yaxis": {"title": {"text": say("mistakes-per-hand")}},
                    "yaxis2": {
                        "title": {"text": say("loss-in-points")},
                        "overlaying": "y",
                        "side": "right",
                    },
                },
            }
        )
    return charts


def _table(head: list[str], rows: list[list[str]]) -> str:
    """An HTML table; cells are HTML already."""
    top = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{top}</tr></thead><tbody>{body}</tbody></table>"


def render_html(report: dict[str, Any], script: str | None = None, lang: str = "en") -> str:
    """The report (:meth:`CorpusStats.to_dict` in ``lang``) as one self-contained HTML
    page with plotly charts, its words in ``lang``; ``script``: plotly.js (default:
    :func:`plotly_js`)."""
    e = html.escape
    say = partial(_words, lang)
    charts = _charts(report, lang)
    summary = _table(
        [
            say(k)
            for k in (
                "files",
                "hands",
                "unreadable-hands",
                "hands-with-errors",
                "kitty-captures",
                "failed-throws",
                "mistakes",
            )
        ],
        [
            [
                str(report[k]) if k in report else ""
                for k in ("files", "hands", "unreadable_hands", "hands_with_errors")
            ]
            + [
                str(report["kitty"]["captures"]),
                str(report["failed_throws"]["throws"]),
                str(report["mistakes"]),
            ]
        ],
    )
    by_rules = _table(
        [say("rule-set"), say("hands"), say("findings")],
        [
            [
                e(rules),
                str(report["findings"]["hands_by_rules"].get(rules, 0)),
                e(", ".join(f"{code} {n}" for code, n in codes.items()) or say("none")),
            ]
            for rules, codes in report["findings"]["by_rules"].items()
        ],
    )
    players = _table(
        [
            say(k)
            for k in (
                "player",
                "hands",
                "mistakes",
                "mistakes-a-hand",
                "average-loss",
                "marks",
                "hands-analysed",
                "plays-judged",
                "mistakes-analysed",
                "loss-a-play",
            )
        ],
        [
            [
                e(name),
                str(p["hands"]),
                str(p["mistakes"]),
                _num(p["mistakes_per_hand"]),
                _num(p["average_loss"]),
                e(", ".join(f"{g} {n}" for g, n in p["glyphs"].items())),
                str(p.get("analysed_hands", "")),
                str(p.get("analysed_plays", "")),
                _num(p.get("mistakes_per_analysed_hand")),
                _num(p.get("loss_per_play")),
            ]
            for name, p in report["players"].items()
        ],
    )
    costly = _table(
        [say(k) for k in ("loss", "player", "seat", "cards", "mark", "where")],
        [
            [
                _num(m["loss"]),
                e(m["player"] or ""),
                str(m["seat"]),
                e(m["cards"]),
                e(m["glyph"] or ""),
                f'<a href="{e(m["link"])}">' + e(_where(m, lang)) + "</a>",
            ]
            for m in report["costliest"]
        ],
    )
    unread = "".join(
        f"<li>{e(u['path'])}: {e(u['reason'])}</li>" for u in report.get("unreadable", [])
    )
    divs = "".join(f'<div class="chart" id="chart{i}"></div>' for i in range(len(charts)))
    figures = script_json(charts)
    js = (script if script is not None else plotly_js()).replace("</script", "<\\/script")
    return f"""<!DOCTYPE html>
<html lang="{e(lang)}"><head><meta charset="utf-8"><title>{e(say("title"))}</title>
<style>body{{font-family:sans-serif;margin:2em;max-width:70em}}
table{{border-collapse:collapse;margin:1em 0}}
td,th{{border:1px solid #ccc;padding:.2em .6em;text-align:left}}.chart{{margin:1em 0}}</style>
<script>{js}</script></head><body>
<h1>{e(say("heading"))}</h1>
{summary}
<h2>{e(say("charts"))}</h2>
{divs}
<h2>{e(say("by-rules"))}</h2>
{by_rules}
<h2>{e(say("players"))}</h2>
<p>{e(say("players-about"))}</p>
{players}
<h2>{e(say("costliest"))}</h2>
<p>{e(say("costliest-about"))}</p>
{costly}
{f"<h2>{e(say('unread'))}</h2><ul>{unread}</ul>" if unread else ""}
<script>
const figures = {figures};
figures.forEach((f, i) => Plotly.newPlot("chart" + i, f.data, f.layout, {{responsive: true}}));
</script>
</body></html>
"""


def _num(value: float | None) -> str:
    return "" if value is None else f"{value:g}"
