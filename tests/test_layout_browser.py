"""Layout checked in headless Debian Chromium, on pages made without a server: the handout
on a phone (390×844), the chips above the table at a phone's width, a joker's face in a
fanned hand, and the charts' titles, legends and axis titles kept apart. Chromium must be
installed (``apt-get install chromium``): without it this test fails, it never skips."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import plotly.offline
import pytest

from notation.charts import defenders_series, step_x
from notation.handout import handout_html
from notation.psn import parse
from notation.replay import HandReplay, replay
from notation.rules.cards import parse_cards
from tests.test_viewer_browser import ARTIFACTS, CHROMIUM_ARGS, chromium_path
from viewer import charts, render, samples, view

pytestmark = pytest.mark.browser

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def rp() -> HandReplay:
    """Hand 1 of the full match: jokers, two failed throws, a wide table of tricks."""
    path = EXAMPLES / "matches" / "match-a-full-match.psn"
    return replay(parse(path.read_text(encoding="utf-8")).hands[0])


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def _phone(browser: Any) -> Any:
    """A page as a phone shows it: 390 px wide, a mobile viewport (a page that does not
    say its width is laid out 980 px wide and shrunk)."""
    return browser.new_context(
        viewport=PHONE, device_scale_factor=3, is_mobile=True, has_touch=True
    ).new_page()


# --- the handout on a phone -----------------------------------------------------------------

_OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  for (const e of document.querySelectorAll('.compass, .hand, .facts, h1, p, svg, figure')) {
    const box = e.getBoundingClientRect();
    if (box.width > 0 && (box.left < -0.5 || box.right > width + 0.5))
      out.push(`${e.tagName}.${e.className.baseVal ?? e.className}: ${box.left}..${box.right}`);
  }
  return {width, scroll: document.documentElement.scrollWidth, out};
}"""


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_handout_reflows_on_a_phone(browser: Any, rp: HandReplay, lang: str) -> None:
    page = _phone(browser)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "handout.html"
        path.write_text(handout_html(rp, lang=lang), encoding="utf-8")
        page.goto(path.as_uri())
        found = page.evaluate(_OVERFLOW)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"handout-390-{lang}.png"))
    assert found["width"] == PHONE["width"]  # laid out at the phone's width, not shrunk
    assert found["scroll"] <= PHONE["width"], found  # nothing past the edge
    assert not found["out"], found["out"]  # the deal's four hands whole
    page.context.close()


# --- the chips and a joker's face -------------------------------------------------------------

_PAST_EDGE = """() => [...document.querySelectorAll('.sj-info .box')]
  .filter(b => b.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
  .map(b => b.innerText)"""


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_points_chip_stays_on_a_phone_s_screen(browser: Any, rp: HandReplay, lang: str) -> None:
    page = _phone(browser)
    table = view.table_view(rp, len(rp.states) - 1, lang=lang)
    info = render.info_html(table, lang, rp.computed.trump, view.rules_label(lang, rp.rules))
    page.set_content(f'<meta name="viewport" content="width=device-width"/>{info}')
    assert page.evaluate(_PAST_EDGE) == []
    page.context.close()


# Where the next card begins, and where the 王 of the joker before it ends.
_JOKER = """() => {
  const joker = document.querySelector('.sj-seat .card.joker');
  const next = joker.nextElementSibling;
  const text = [...joker.childNodes].filter(n => n.nodeType === Node.TEXT_NODE).pop();
  const range = document.createRange();
  range.selectNodeContents(text);
  const glyph = range.getBoundingClientRect();
  return {text: text.nodeValue, right: glyph.right, next: next.getBoundingClientRect().left};
}"""


@pytest.mark.parametrize("joker", ["LJ", "BJ"])
def test_no_card_covers_the_name_of_the_joker_before_it(browser: Any, joker: str) -> None:
    rp = replay(samples.annotated_hand(7))
    table = view.table_view(rp, 0, lang="zh")
    trump = rp.computed.trump
    held = tuple(parse_cards(f"{joker} HA HK"))
    seat = table.seats[0]
    seats = (replace(seat, cards=held, count=len(held)), *table.seats[1:])
    page = browser.new_page(viewport={"width": 1200, "height": 800})
    page.set_content(render.table_html(replace(table, seats=seats), "zh", trump))
    found = page.evaluate(_JOKER)
    page.close()
    assert found["text"] == "王"
    assert found["right"] <= found["next"] + 0.5, found  # 王 whole, left of the next card


# --- the charts ---------------------------------------------------------------------------------

# The boxes of a chart's title, legend and axis titles, where plotly drew them, and of
# its plot (the area plotly's layout gives it).
_PARTS = """() => {
  const chart = document.getElementById('chart'), size = chart._fullLayout._size;
  const at = chart.getBoundingClientRect();
  const plot = () => [at.left + size.l, at.top + size.t, at.left + size.l + size.w,
                      at.top + size.t + size.h];
  const part = s => { const e = document.querySelector(s);
    if (!e) return null; const b = e.getBoundingClientRect();
    return b.width > 0 ? [b.left, b.top, b.right, b.bottom] : null; };
  return {title: part('.gtitle'), legend: part('g.legend'), x: part('.xtitle'),
          y: part('.ytitle'), plot: plot()};
}"""


# what must not meet: the title, the legend, the x axis's title and the plot
PAIRS = [
    ("title", "legend"),
    ("title", "x"),
    ("title", "plot"),
    ("legend", "x"),
    ("legend", "plot"),
    ("x", "plot"),
]


def _meet(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def _figures(rp: HandReplay, lang: str) -> dict[str, Any]:
    series = defenders_series(rp)
    current = step_x(rp, series, 40)
    levels = [(1, "2", "2", 1), (2, "3", "2", 2), (3, "3", "5", 3)]
    return {
        "defenders": charts.defenders_figure(rp, series, lang, 19, current),
        "student": charts.defenders_figure(rp, defenders_series(rp, upto=0), lang, 19),
        "tricks": charts.tricks_figure(view.trick_points(rp), lang, 19),
        "levels": charts.levels_figure(levels, lang, current=2),
    }


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_chart_s_title_legend_and_axis_titles_do_not_meet(
    browser: Any, rp: HandReplay, lang: str
) -> None:
    page = browser.new_page(viewport={"width": 800, "height": 600})
    page.set_content('<div id="chart"></div>')
    page.add_script_tag(content=plotly.offline.get_plotlyjs())
    met = []
    for name, fig in _figures(rp, lang).items():
        for width in (340, 680):  # a phone's column, half a laptop's screen
            fig.update_layout(width=width)
            page.evaluate(
                "f => Plotly.newPlot('chart', f.data, f.layout, {staticPlot: true})",
                fig.to_plotly_json() | {"data": [t.to_plotly_json() for t in fig.data]},
            )
            parts = {k: v for k, v in page.evaluate(_PARTS).items() if v is not None}
            assert {"title", "legend", "x", "y", "plot"} <= set(parts), (name, parts)
            for a, b in PAIRS:
                if _meet(parts[a], parts[b]):
                    met.append((name, width, a, b, parts[a], parts[b]))
            for a, box in parts.items():
                if box[0] < -0.5 or box[2] > width + 0.5:
                    met.append((name, width, a, "the edge", box))
            if width == 340:
                page.locator("#chart").screenshot(
                    path=str(ARTIFACTS / f"chart-{name}-{width}-{lang}.png")
                )
    page.close()
    assert not met, met
