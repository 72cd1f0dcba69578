"""``shengji stats``: a corpus report, the same on every executor."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import jsonschema
import pytest

from notation.cli import main
from notation.psn import Comment, Hand, parse, write
from notation.replay import StepKind, replay
from notation.simulate import simulate_hand, simulate_match
from notation.stats import JSON_SCHEMA
from notation.stats_html import render_html
from notation.validate import validate_text
from tests.test_replay import _revoke, sims
from viewer.session import from_query


def _mark(hand: Hand, trick: int, place: int, glyph: int | None, comment: str | None) -> Hand:
    """The hand with the ``place``-th play of ``trick`` marked and commented."""
    tricks = list(hand.tricks)
    t = tricks[trick - 1]
    plays = list(t.plays)
    play = plays[place]
    plays[place] = replace(
        play,
        nags=(glyph,) if glyph else (),
        comments=(Comment(comment),) if comment else (),
    )
    tricks[trick - 1] = replace(t, plays=tuple(plays))
    return replace(hand, tricks=tuple(tricks))


def _named(hand: Hand, names: tuple[str, str, str, str]) -> Hand:
    headers = [h for h in hand.headers if not h.tag.startswith("Seat")]
    seats = [replace(hand.headers[0], tag=f"Seat{i}", value=n) for i, n in enumerate(names, 1)]
    return replace(hand, headers=tuple(headers + seats))


NAMES = ("Ann", "Bo", "Cai", "Du")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Named players with marked mistakes, a match, a revoke, a broken hand."""
    folder = tmp_path_factory.mktemp("stats")
    one = _named(simulate_hand("qq", seed=1), NAMES)
    one = _mark(one, 3, 0, 2, "[%eval 40] [%best 1: SA] [%loss 15]")  # ? and a loss
    one = _mark(one, 5, 1, None, "[%loss 40] a blunder unmarked")  # a loss alone
    one = _mark(one, 7, 2, 6, None)  # ?! with no loss known
    (folder / "annotated.psn").write_text(write(one), encoding="utf-8")
    two = _mark(_named(simulate_hand("qq", seed=2), NAMES), 2, 0, 4, "[%loss 5]")
    (folder / "second.psn").write_text(write(two), encoding="utf-8")
    (folder / "match.psn").write_text(write(list(simulate_match("match-a", seed=3))), "utf-8")
    hand, _, _ = _revoke(sims("match-a", 3)[0])
    (folder / "revoke.psn").write_text(write(hand) + '\n[Event "x"]\n\n1. 1: ZZ\n', "utf-8")
    return folder


def _stats(*args: str) -> tuple[int, dict[str, Any]]:
    result = subprocess.run(
        [sys.executable, "-m", "notation", "stats", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )
    return result.returncode, json.loads(result.stdout)


def test_the_report_follows_its_schema_and_counts_every_hand(corpus: Path) -> None:
    status, report = _stats(str(corpus), "-j", "1")
    assert status == 2  # a hand that is not PSN
    jsonschema.validate(report, JSON_SCHEMA)
    assert report["files"] == 4 and report["unreadable_hands"] == 1
    checked = [validate_text(p.read_text("utf-8"), str(p)) for p in sorted(corpus.glob("*"))]
    hands = [h for r in checked for h in r.hands]
    assert report["hands"] == len(hands)
    codes: dict[str, int] = {}
    for h in hands:
        for f in h.findings:
            codes[f.code] = codes.get(f.code, 0) + 1
    assert report["findings"]["by_code"] == dict(
        sorted(codes.items(), key=lambda kv: (-kv[1], kv[0]))
    )
    by_rules: dict[str, dict[str, int]] = {}
    for h in hands:
        counts = by_rules.setdefault(h.rules or "?", {})
        for f in h.findings:
            counts[f.code] = counts.get(f.code, 0) + 1
    assert {r: dict(c) for r, c in report["findings"]["by_rules"].items()} == {
        r: dict(sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))) for r, c in by_rules.items()
    }
    assert report["findings"]["by_rules"]["match-a"]["follow-suit"] >= 1
    # The level results and points are the validator's, hand by hand.
    computed = [h.computed for h in hands if h.computed and h.computed["winner"]]
    results = report["level_results"]
    assert sum(sum(side.values()) for side in results.values()) == len(computed)
    for side in ("dealer", "defenders"):
        want: dict[str, int] = {}
        for c in computed:
            if c["winner"] == side:
                want[str(c["levels"])] = want.get(str(c["levels"]), 0) + 1
        assert results[side] == dict(sorted(want.items(), key=lambda kv: int(kv[0])))
    assert report["points"]["hands"] == sum(
        1 for h in hands if h.computed and h.computed["points"] is not None
    )
    captures = [c for c in computed if c["multiplier"]]
    assert report["kitty"]["captures"] == len(captures)
    throws = sum(
        1 for r in checked for h in r.hands if h.replay for t in h.replay.hand.tricks
        for p in t.plays if p.attempted is not None
    )  # fmt: skip
    assert report["failed_throws"]["throws"] == throws


def test_players_mistakes_a_hand_and_average_loss(corpus: Path) -> None:
    _, report = _stats(str(corpus / "annotated.psn"), str(corpus / "second.psn"))
    players = report["players"]
    assert set(players) == set(NAMES)
    assert all(p["hands"] == 2 for p in players.values())
    one = parse((corpus / "annotated.psn").read_text("utf-8")).hands[0]
    seats = {t: [p.seat for p in one.tricks[t - 1].plays] for t in (3, 5, 7)}
    first, second, third = seats[3][0], seats[5][1], seats[7][2]
    by_seat = {i + 1: n for i, n in enumerate(NAMES)}
    mistakes: dict[str, list[float | None]] = {n: [] for n in NAMES}
    mistakes[by_seat[first]].append(15)
    mistakes[by_seat[second]].append(40)
    mistakes[by_seat[third]].append(None)
    two = parse((corpus / "second.psn").read_text("utf-8")).hands[0]
    mistakes[by_seat[two.tricks[1].plays[0].seat]].append(5)
    for name, losses in mistakes.items():
        assert players[name]["mistakes"] == len(losses)
        assert players[name]["mistakes_per_hand"] == round(len(losses) / 2, 4)
        known = [x for x in losses if x is not None]
        assert players[name]["average_loss"] == (
            round(sum(known) / len(known), 4) if known else None
        )
    assert report["mistakes"] == 4


def test_the_costliest_mistakes_link_to_the_viewer_at_the_play(corpus: Path) -> None:
    path = corpus / "annotated.psn"
    _, report = _stats(str(path), str(corpus / "second.psn"), "--viewer", "http://h:9/")
    costly = report["costliest"]
    assert [m["loss"] for m in costly] == [40, 15, 5]  # the ?! without a loss is not listed
    top = costly[0]
    assert top["link"].startswith("http://h:9/?")
    query = {k: v[0] for k, v in parse_qs(urlsplit(top["link"]).query).items()}
    assert query["file"] == str(path.resolve())
    opened = from_query(query)  # what the viewer reads from the link
    assert (opened["hand"], opened["step"]) == (1, top["step"])
    # That step is the play itself, in the replay the viewer steps through.
    hand = parse(path.read_text("utf-8")).hands[0]
    state = replay(hand).states[top["step"]]
    assert state.kind is StepKind.PLAY and state.event == hand.tricks[4].plays[1]


@pytest.mark.parametrize("options", [("-j", "2"), ("--executor", "dask", "-j", "2")])
def test_the_same_report_on_every_executor(corpus: Path, options: tuple[str, ...]) -> None:
    assert _stats(str(corpus), *options) == _stats(str(corpus), "-j", "1")


def test_html_draws_plotly_charts_in_one_file(corpus: Path, tmp_path: Path) -> None:
    out = tmp_path / "stats.html"
    assert main(["stats", str(corpus), "--format", "html", "-o", str(out)]) == 2
    page = out.read_text(encoding="utf-8")
    assert "Plotly.newPlot" in page and page.count('class="chart"') == 5
    assert "Level results by side" in page and "Ann" in page
    # plotly.js (the plotly package's own copy) inlined: the page needs no network
    assert "<script src" not in page and len(page) > 1_000_000
    assert "?file=" in page


def test_html_escapes_what_the_records_say() -> None:
    report = json.loads(json.dumps(_empty_report()))
    report["players"] = {"<b>x</b>": {"hands": 1, "mistakes": 0, "mistakes_per_hand": 0,
                                      "average_loss": None, "glyphs": {}}}  # fmt: skip
    page = render_html(report, script="")
    assert "&lt;b&gt;x&lt;/b&gt;" in page and "<b>x</b>" not in page.split("const figures")[0]


def _empty_report() -> dict[str, Any]:
    from notation.stats import CorpusStats

    return CorpusStats().to_dict()


def test_import_notation_stats_imports_no_plotly() -> None:
    code = (
        "import sys, notation.stats, notation.stats_html, notation.cli.stats\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('plotly', 'streamlit')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "[]", done.stderr


# --- with the analysis `shengji analyze` writes ---------------------------------------------

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "analysis"


def test_the_analysis_examples_give_each_player_the_plays_judged_and_the_loss() -> None:
    _, report = _stats(str(EXAMPLES))
    bo = report["players"]["Bo 博"]
    # Bo (seat 2) is judged in every example; each hand's summary comment says how often.
    summaries = [
        parse(p.read_text("utf-8")).hands[0].comments[-1].text
        for p in sorted(EXAMPLES.glob("*.psn"))
    ]
    plays = [int(s.split("seat 2: ")[1].split(" play")[0]) for s in summaries]
    assert bo["analysed_hands"] == 4 and bo["analysed_plays"] == sum(plays)
    costly = [m for m in report["costliest"] if m["player"] == "Bo 博"]
    assert bo["loss_per_play"] == round(sum(m["loss"] for m in costly) / sum(plays), 4)
    assert {m["class"] for m in report["costliest"]} <= {"inaccuracy", "mistake", "blunder"}
    assert all(m["class"] is not None for m in report["costliest"])


def test_stats_read_what_analyze_writes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "analysed"
    folder.mkdir()
    for seed in (1, 2, 3):
        hand = _named(simulate_hand("qq", seed=seed), NAMES)
        (folder / f"h{seed}.psn").write_text(write(hand), encoding="utf-8")
    fast = ["--budget", "0.01", "--tricks", "11", "-j", "1"]
    assert main(["analyze", str(folder), *fast, "--in-place", "--json"]) == 0
    analysis = json.loads(capsys.readouterr().out)
    _, report = _stats(str(folder))
    for seat, name in enumerate(NAMES, start=1):
        judged = [p for f in analysis["files"] for h in f["hands"] for p in h["plays"]
                  if p["seat"] == seat]  # fmt: skip
        wrong = [p for p in judged if p["class"] != "fine"]
        player = report["players"][name]
        assert player["analysed_hands"] == 3 and player["analysed_plays"] == len(judged)
        assert player["mistakes"] == len(wrong)
        assert player["mistakes_per_analysed_hand"] == round(len(wrong) / 3, 4)
        # [%loss] is written rounded to a point
        lost = sum(p["loss"] for p in wrong)
        assert player["loss_per_play"] == pytest.approx(lost / len(judged), abs=0.5)
    assert report["mistakes"] == sum(
        p["class"] != "fine" for f in analysis["files"] for h in f["hands"] for p in h["plays"]
    )


def _no_constant(word: str) -> None:
    raise AssertionError(f"{word} is not JSON")


@pytest.mark.parametrize(
    "loss", ["inf", "nan", "-inf", "Infinity", "1e400", "9" * 400, "9" * 400 + " ±3"]
)
def test_a_loss_past_any_number_is_no_loss_and_the_report_stays_json(
    loss: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = _named(simulate_hand("qq", seed=1), NAMES)
    hand = _mark(hand, 3, 0, None, f"[%loss {loss}]")  # unmarked: the loss alone would count
    hand = _mark(hand, 4, 0, 2, f"[%eval {loss}] [%loss {loss}] [%engine shengji]")
    (tmp_path / "inf.psn").write_text(write(hand), encoding="utf-8")
    assert main(["stats", str(tmp_path / "inf.psn")]) == 0
    report = json.loads(capsys.readouterr().out, parse_constant=_no_constant)
    mistakes = [(p["mistakes"], p["average_loss"]) for p in report["players"].values()]
    assert sorted(mistakes) == [(0, None), (0, None), (0, None), (1, None)]  # the ? alone
    assert report["mistakes"] == 1 and report["costliest"] == []  # none with a loss known


HOSTILE_NAMES = (
    "<!--<script>",  # puts the HTML parser in a script's double-escaped state
    "</script><script>alert(1)</script>",
    "Bo & <b>Cai</b>",
    "Du\u2028\u2029",  # line ends to older JavaScript
)


@pytest.mark.browser
def test_html_draws_every_chart_whatever_the_players_are_called(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    from tests.test_viewer_browser import CHROMIUM_ARGS, chromium_path

    hand = _named(simulate_hand("qq", seed=1), HOSTILE_NAMES)
    for seat in range(4):  # each player a mistake: each name in the players' chart
        hand = _mark(hand, 3 + seat, 0, 2, "[%loss 10]")
    (tmp_path / "names.psn").write_text(write(hand), encoding="utf-8")
    out = tmp_path / "stats.html"
    assert main(["stats", str(tmp_path / "names.psn"), "--format", "html", "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    inline = page[page.index("const figures") :]  # the figures' script: no record's HTML
    assert "<!--" not in inline and "<script>" not in inline and page.count("<script>") == 2
    charts = page.count('class="chart"')
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            tab = browser.new_page()
            dialogs: list[str] = []
            tab.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
            errors: list[str] = []
            tab.on("pageerror", lambda e: errors.append(str(e)))
            tab.goto(out.as_uri(), wait_until="load")
            tab.wait_for_function(
                "n => document.querySelectorAll('.chart .main-svg').length >= n",
                arg=charts,
                timeout=30000,
            )
            drawn = tab.evaluate("[...document.querySelectorAll('.chart')].map(c => c.innerText)")
            table = tab.evaluate("document.querySelectorAll('table')[2].innerText")
        finally:
            browser.close()
    assert dialogs == [] and errors == []
    assert len(drawn) == charts == 5
    players_chart = drawn[-1]
    for name in HOSTILE_NAMES:
        shown = name.strip("\u2028\u2029")
        assert shown in table and shown in players_chart, name


def test_a_judged_bury_and_declaration_are_their_player_s_mistakes(tmp_path: Path) -> None:
    """The engine's judgement of a declaration and a bury (on the bid and the bury) makes
    them mistakes of the seat's player, with their kind, their step and a link there;
    the loss per play judged stays the plays' alone."""
    from notation.analysis.annotate import annotate_hand, strip_analysis
    from notation.analysis.choices import review_choices
    from notation.analysis.evaluate import View
    from notation.analysis.review import hand_review, plan_hand

    hand = strip_analysis(
        parse((EXAMPLES / "01-kitty-keep-the-pair.psn").read_text("utf-8")).hands[0]
    )
    plan = plan_hand(hand)
    review = hand_review(plan, View.HINDSIGHT, (), review_choices(plan, "hindsight", 0.01))
    annotated = annotate_hand(hand, review, view="hindsight", budget=0.01, seed=0)
    path = tmp_path / "kitty.psn"
    path.write_text(write(annotated), encoding="utf-8")
    status, report = _stats(str(path))
    assert status == 0
    jsonschema.validate(report, JSON_SCHEMA)
    made = {c.kind.value: c for c in review.choices if c.verdict.value != "fine"}
    assert set(made) == {"bury", "declaration"}  # both lose in this hand
    found = {m["kind"]: m for m in report["costliest"]}
    assert set(found) == {"bury", "declare"}
    steps = {s.kind: s.step for s in replay(annotated).states if s.kind in (StepKind.KITTY,)}
    assert found["bury"]["trick"] == 0 and found["bury"]["step"] == steps[StepKind.KITTY]
    assert found["bury"]["loss"] == round(made["bury"].loss.mean)
    assert found["bury"]["class"] == made["bury"].verdict.value
    assert parse_qs(urlsplit(found["bury"]["link"]).query)["step"] == [str(steps[StepKind.KITTY])]
    dealer = annotated.header("Seat1")
    assert dealer is not None and report["players"][dealer]["mistakes"] == 2
    assert report["players"][dealer]["loss_per_play"] is None  # no play was judged
    page = render_html(report, lang="zh")
    assert "1 号位扣底（第" in page and "1 号位亮主（第" in page
