"""End to end: the real viewer (``streamlit run``) driven in headless Debian Chromium.

Starts the app on a free localhost port, waits for its health check, steps through a
hand with the buttons and the keyboard, clicks a point of the chart, downloads the file,
and saves a screenshot under ``tests/artifacts/``. Chromium must be installed
(``apt-get install chromium``; CI does it): without it this test fails, it never skips.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from notation.analysis.annotations import read_analysis
from notation.psn import Deal, KittyExchange, parse, write
from notation.recorder import Recorder
from notation.replay import replay
from notation.rules.cards import Card
from notation.simulate import simulate_hand
from tests.test_messages import english_in
from viewer import analysis_view, record_view, samples, session, view
from viewer.i18n import card_name, tr

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "tests" / "artifacts"
EXAMPLES = ROOT / "examples"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

pytestmark = pytest.mark.browser


def _key(name: str) -> str:
    """The element of Streamlit key ``name`` drawn by the latest run: while a run is under
    way the page may still hold the last run's copy, marked stale, beside the new one."""
    return f".st-key-{name}:not([data-stale='true'])"


# How many cards the bid-cards field of the latest run holds (none while it is redrawn).
_CHOSEN_COUNT = """n => {
    const field = document.querySelector('.st-key-rec_bid_cards:not([data-stale=true]) input');
    return field !== null && field.value.split(' ').filter(Boolean).length === n;
}"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
            return bool(response.status == 200)
    except OSError:
        return False


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("viewer") / "lesson.psn"
    path.write_text(samples.annotated_text(), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def match(record: Path) -> Path:
    path = record.parent / "match.psn"
    path.write_text(samples.match_text(), encoding="utf-8")
    return path


@contextmanager
def _viewer(record: Path) -> Iterator[tuple[str, Callable[[], None]]]:
    """The viewer on a free port, headless, opened on ``record``, and what stops it; what
    it keeps (uploads, recordings) goes to a folder of the test's own."""
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    env = {**os.environ, "SHENGJI_VIEWER_DRAFTS": str(record.parent / "drafts")}
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "streamlit",
                "run",
                str(ROOT / "viewer" / "app.py"),
                "--server.port",
                str(port),
                "--server.address",
                "127.0.0.1",
                "--server.headless",
                "true",
                "--browser.gatherUsageStats",
                "false",
                "--server.fileWatcherType",
                "none",
                "--",
                str(record),
            ],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

        def stop() -> None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()

        try:
            deadline = time.monotonic() + 90
            while not _healthy(url):
                if process.poll() is not None or time.monotonic() > deadline:
                    log.seek(0)
                    pytest.fail(f"the viewer did not start:\n{log.read().decode(errors='replace')}")
                time.sleep(0.3)
            yield url, stop
        finally:
            if process.poll() is None:
                stop()


@pytest.fixture(scope="module")
def server(record: Path) -> Iterator[str]:
    """The viewer, served for the tests of this module."""
    with _viewer(record) as (url, _stop):
        yield url


def chromium_path() -> str:
    path = shutil.which("chromium") or (CHROMIUM if Path(CHROMIUM).exists() else None)
    if path is None:
        pytest.fail(
            "Debian's chromium is needed for the browser test: "
            "apt-get update && apt-get install -y chromium"
        )
    return path


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium, started once for the module's tests; each test opens its own
    context (its own cookies, storage and downloads), closed at the test's end."""
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@contextmanager
def _page(browser: Any, **options: Any) -> Iterator[Any]:
    """A page of a context of its own, with ``options`` (viewport, downloads)."""
    context = browser.new_context(**options)
    try:
        page = context.new_page()
        page.set_default_timeout(PATIENCE)
        yield page
    finally:
        context.close()


def _step(page) -> int:  # type: ignore[no-untyped-def]
    match = re.search(r"[?&]step=(\d+)", page.url)
    assert match, page.url
    return int(match[1])


# The page's own state is looked at every POLL ms, not at every frame: reading the text of
# a whole page 60 times a second takes the CPU from the app the test waits for.
POLL = 100
# How long a condition may take to hold: a first run on a busy machine is slow.
PATIENCE = 90000
# The app's script is not running (Streamlit's own mark on the page).
_IDLE = """() => document.querySelector('[data-testid=stApp]')
    ?.getAttribute('data-test-script-state') === 'notRunning'"""

# The moment in the link (written at the end of a run, after the table) is ``n``, and the
# page says so ("Step n / last").
_AT_STEP = """([n, said]) => {
    const at = /[?&]step=([0-9]+)/.exec(location.search);
    return at !== null && Number(at[1]) === n && document.body.innerText.includes(said);
}"""


# True once the link's step and the app's state (not running) have stayed as they are
# for ``ms`` milliseconds.
_STAYS = f"""ms => {{
    const now = performance.now(), step = /[?&]step=([0-9]+)/.exec(location.search)?.[1];
    const seen = window.__stays, idle = ({_IDLE})();
    if (!idle || seen === undefined || seen.step !== step) window.__stays = {{step, since: now}};
    return idle && now - window.__stays.since >= ms;
}}"""


def _wait_step(page, wanted: int, lang: str = "en") -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    said = f"{tr(lang, 'step')} {wanted} /"
    try:
        page.wait_for_function(_AT_STEP, arg=[wanted, said], polling=POLL, timeout=PATIENCE)
    except PlaywrightTimeout:
        raise AssertionError(f"step {wanted} not reached: {page.url}") from None


def test_step_through_a_hand_in_chromium(
    browser: Any, server: str, record: Path, match: Path
) -> None:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    hand = parse(record.read_text(encoding="utf-8")).hands[0]
    trick_steps = view.trick_steps(replay(hand))
    with _page(browser, viewport={"width": 1500, "height": 1400}, accept_downloads=True) as page:
        page.goto(server, wait_until="domcontentloaded")
        page.wait_for_selector(".sj-table", timeout=PATIENCE)
        _wait_step(page, 0)
        table = page.locator(".sj-table")
        at_start = table.inner_html()
        seat_names = page.locator(".sj-seat .name").all_inner_texts()
        assert [n.split(" (")[0] for n in seat_names] == [
            "Seat 1 · Bot 1", "Seat 2 · Bot 2", "Seat 3 · Bot 3", "Seat 4 · Bot 4",
        ]  # fmt: skip

        # the Next button, then the keyboard's right arrow, then a trick at a time
        page.locator(f"{_key('nav_next')} button").click()
        _wait_step(page, 1)
        page.locator("h1").first.click()  # focus on the page, not a widget
        page.keyboard.press("ArrowRight")
        _wait_step(page, 2)
        page.keyboard.press("PageDown")
        page.wait_for_function(
            "() => /[?&]step=([0-9]+)/.exec(location.search)[1] > 2", timeout=PATIENCE, polling=POLL
        )
        trick_step = _step(page)
        assert trick_step == trick_steps[0]
        page.wait_for_selector(".sj-played.win")
        assert page.locator(".sj-centre .sj-played").count() == 4
        after_trick = table.inner_html()
        assert after_trick != at_start
        assert "Trick 1" in page.locator(".sj-centre .mid").inner_text()
        for n in range(1, 4):
            page.keyboard.press("ArrowRight")
            _wait_step(page, trick_step + n)
        assert table.inner_html() != after_trick
        page.keyboard.press("ArrowLeft")
        _wait_step(page, trick_step + 2)

        # a click on the chart's point for trick 2 jumps there
        points = page.locator(".js-plotly-plot .scatterlayer .trace").first.locator(".points path")
        points.nth(2).click(force=True)
        _wait_step(page, trick_steps[1])
        assert "Trick 2" in page.locator(".sj-centre .mid").inner_text()

        # the file downloads as it is, annotations included
        with page.expect_download() as download_info:
            page.locator(f"{_key('download')} button").click()
        downloaded = Path(download_info.value.path()).read_text(encoding="utf-8")
        assert parse(downloaded).hands[0] == hand

        page.locator(f"{_key('nav_first')} button").click()
        _wait_step(page, 0)
        page.locator(f"{_key('nav_next_trick')} button").click()
        _wait_step(page, trick_steps[0])
        page.wait_for_selector(".sj-played.win")
        _settled(page)
        shot = ARTIFACTS / "viewer.png"
        page.screenshot(animations="disabled", path=str(shot), full_page=True)
        assert shot.stat().st_size > 20000

        # auto-play steps on by itself until switched off
        start = _step(page)
        page.locator(f"{_key('autoplay')} label").click()
        _wait_step(page, start + 2)
        page.locator(f"{_key('autoplay')} label").click()
        # switched off, the link's step stays with the app idle for two and a half of
        # auto-play's periods (a step already under way may still land first)
        period = float(session.DEFAULTS[session.SessionKey.SPEED])  # type: ignore[arg-type]
        page.evaluate("() => { delete window.__stays; }")
        try:
            page.wait_for_function(_STAYS, arg=2500 * period, polling=POLL, timeout=PATIENCE)
        except PlaywrightTimeout:
            raise AssertionError(f"auto-play did not stop: {page.url}") from None

        # a match in Chinese: a click on the levels chart opens that hand
        page.goto(f"{server}/?file={quote(str(match))}&lang=zh", wait_until="domcontentloaded")
        page.wait_for_selector(".sj-table", timeout=PATIENCE)
        page.wait_for_function(
            "() => document.body.innerText.includes('号位')", timeout=PATIENCE, polling=POLL
        )
        assert "下一步" in page.locator(f"{_key('nav_next')} button").inner_text()
        levels = page.locator(".js-plotly-plot").nth(2)
        levels.locator(".scatterlayer .trace").first.locator(".points path").nth(1).click(
            force=True
        )
        page.wait_for_function(
            "() => /[?&]hand=2/.test(location.search)", timeout=PATIENCE, polling=POLL
        )
        page.locator(f"{_key('nav_next_trick')} button").click()
        page.wait_for_selector(".sj-played.win")
        _settled(page)
        page.screenshot(
            animations="disabled", path=str(ARTIFACTS / "viewer-zh.png"), full_page=True
        )
        page.locator(".js-plotly-plot").first.scroll_into_view_if_needed()
        page.screenshot(animations="disabled", path=str(ARTIFACTS / "viewer-charts.png"))


def test_step_to_the_next_mistake_of_an_analysed_example_in_chromium(
    browser: Any, server: str
) -> None:
    example = "analysis/04-endgame-only-the-solver.psn"
    hand = parse((EXAMPLES / example).read_text(encoding="utf-8")).hands[0]
    rp = replay(hand)
    analysis = read_analysis(hand)
    assert analysis is not None
    [blunder] = analysis_view.mistake_steps(rp, analysis)
    with _recording_page(browser, f"{server}/?ex={quote(example)}&step=100", height=1600) as page:
        _wait_step(page, 100)
        page.wait_for_selector(f"{_key('chart_eval')} .js-plotly-plot")
        page.locator("h1").first.click()  # focus on the page, not a widget
        page.keyboard.press("Shift+ArrowRight")  # the next mistake's shortcut
        _wait_step(page, blunder)
        _shows(page, "costs the defenders 100 points")
        assert page.locator(".sj-seat .card.best").count() == 1  # ♥3, the best play
        page.locator(f"{_key('nav_last')} button").click()
        _wait_step(page, len(rp.states) - 1)
        page.locator(f"{_key('jump_prev_mistake')} button").click()
        _wait_step(page, blunder)
        _settled(page)
        page.screenshot(animations="disabled", path=str(ARTIFACTS / "viewer-analysis.png"))
        page.locator(_key("chart_eval")).scroll_into_view_if_needed()
        page.screenshot(animations="disabled", path=str(ARTIFACTS / "viewer-analysis-graph.png"))
        # the best line: stepped into, Next through it, back out
        _shows(page, "Best line (the solver's")
        page.locator(f"{_key('an_try_best')} button").click()
        page.wait_for_selector(f"{_key('back_main')} button")
        for k in (1, 2):
            page.locator(f"{_key('nav_next')} button").click()
            _shows(page, f"Step {blunder + k} /")
        page.locator(f"{_key('back_main')} button").click()
        _wait_step(page, blunder)


def test_analyse_a_hand_fills_in_trick_by_trick_and_stops_in_chromium(
    browser: Any, server: str
) -> None:
    """The analysis run from the page shows each trick's judgements as they come (the
    page's timer goes on to the next trick with nobody clicking) until Stop."""
    example = "analysis/04-endgame-only-the-solver.psn"
    with _recording_page(browser, f"{server}/?ex={quote(example)}&step=0", height=1600) as page:
        _wait_step(page, 0)
        page.locator("[data-testid='stExpander'] summary").filter(
            has_text="Analyse this hand"
        ).click()
        page.locator(f"{_key('analyse_run')} button").click()
        # a trick takes about 2 s of CPU; on a loaded machine far longer on the clock
        slow = 240000
        page.wait_for_selector(f"{_key('analyse_stop')} button", timeout=slow)
        for shown in ("Analysing play 4 of", "Analysing play 8 of"):
            # the first trick, shown while the rest runs; the next, on the page's timer
            page.wait_for_function(
                "t => document.body.innerText.includes(t)", arg=shown, timeout=slow, polling=POLL
            )
        page.screenshot(animations="disabled", path=str(ARTIFACTS / "viewer-analysis-progress.png"))
        page.locator(f"{_key('analyse_stop')} button").click()
        page.wait_for_function(
            "t => document.body.innerText.includes(t)",
            arg="Analysis stopped after",
            timeout=slow,
            polling=POLL,
        )
        page.wait_for_selector(f"{_key('analyse_run')} button", timeout=slow)


@contextmanager
def _recording_page(browser: Any, address: str, height: int = 2000) -> Iterator[Any]:
    """A page of its own on ``address`` (downloads kept), once its table is drawn."""
    with _page(browser, viewport={"width": 1500, "height": height}, accept_downloads=True) as page:
        page.goto(address, wait_until="domcontentloaded")
        page.wait_for_selector(".sj-table", timeout=PATIENCE)
        yield page


def _record_text(page) -> str:  # type: ignore[no-untyped-def]
    """The record as the recording page shows it (its PSN block)."""
    return str(page.locator(".stCode").last.inner_text())


def _idle(page) -> None:  # type: ignore[no-untyped-def]
    """Wait until the app's script is not running (Streamlit's own mark on the page)."""
    page.wait_for_function(_IDLE, polling=POLL, timeout=PATIENCE)


def _settled(page) -> None:  # type: ignore[no-untyped-def]
    """Wait until the page is as its reader will see it, for a picture: the app's run
    over, nothing of an earlier run left on the page (Streamlit marks it stale), the
    fonts loaded and the charts drawn."""
    page.wait_for_function(
        f"""() => ({_IDLE})() && document.fonts.status === 'loaded'
            && document.querySelector('[data-stale=true]') === null
            && [...document.querySelectorAll('.js-plotly-plot')].every(
                c => c.querySelector('.main-svg') !== null)""",
        polling=POLL,
        timeout=PATIENCE,
    )


def _shows(page, text: str) -> None:  # type: ignore[no-untyped-def]
    page.wait_for_function(
        "t => document.body.innerText.includes(t)", arg=text, polling=POLL, timeout=PATIENCE
    )


def _choose(page, selector: str, option: str) -> None:  # type: ignore[no-untyped-def]
    """Choose ``option`` in the select box at ``selector``.

    The list is opened once the app's run is over; a run that draws the box anew closes
    an open list (in CI, once, the option then never showed in 90 s), so a list whose
    option has not shown in a few seconds is opened again. Opening is idempotent: only
    the click on the option chooses."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    wanted = page.get_by_role("option", name=option)
    for attempt in range(6):
        _idle(page)
        page.keyboard.press("Escape")  # a list left open by a lost run is closed first
        page.locator(selector).click()
        try:
            wanted.wait_for(state="visible", timeout=5000 if attempt < 5 else PATIENCE)
        except PlaywrightTimeout:
            continue
        wanted.click()
        page.get_by_role("option").first.wait_for(state="detached")  # the list closed
        return
    raise AssertionError(f"{option!r} never showed in the list of {selector}")


def _click_until(page, button, text: str) -> None:  # type: ignore[no-untyped-def]
    """Click ``button`` (a card of a component) until the page shows ``text``.

    A click can land on a component the app's run is about to draw anew, and be lost
    (it happened under load, even after waiting for the run to end). A click whose run
    is only slow is told apart: after the run, the page shows its result. Only a click
    that left no trace is made again, so no card is ever picked twice."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _ in range(3):
        _idle(page)
        button.click()
        try:
            page.wait_for_function(
                "t => document.body.innerText.includes(t)", arg=text, timeout=15000, polling=POLL
            )
            return
        except PlaywrightTimeout:
            _idle(page)
            if page.evaluate("t => document.body.innerText.includes(t)", text):
                return
    _shows(page, text)


def test_record_a_short_hand_in_chromium(browser: Any, server: str) -> None:
    """A recorder enters a hand as it is played: a declaration, then cards by clicking
    (one click per card, a lead ended with Play) and by typing (aliases, Chinese too);
    a wrong number of cards waits with its rule and is discarded; a revoke shows when
    the suit appears later; undo; the download reads back as the record; a reload opens
    the recording where it was."""
    with _recording_page(browser, f"{server}/record") as page:
        page.wait_for_function("() => /[?&]rec=[0-9a-f]{32}/.test(location.search)", polling=POLL)
        address = page.url

        # seat 1 declares hearts with the 2 of hearts (the auction line)
        cards = page.locator(f"{_key('rec_bid_cards')} input")
        cards.fill("h2")
        cards.press("Enter")
        _click_until(page, page.locator(f"{_key('rec_auction_enter')} button"), "declare 1: H2")
        page.locator(f"{_key('rec_mode')} label").filter(has_text="Play").click()
        page.wait_for_selector('.sj-tray button[data-key="rec_pick_SA"]')

        def click(token: str, shown: str) -> None:
            # the card by its name, as a screen reader says it: ♠A
            name = card_name("en", Card.parse(token))
            card = page.locator(".sj-tray").get_by_role("button", name=name, exact=True)
            _click_until(page, card, shown)

        # trick 1 by clicking: a pair of aces led (ended with Play), pairs follow
        click("SA", "1 card(s) chosen")
        click("SA", "2 card(s) chosen")
        page.locator(f"{_key('rec_play')} button").click()
        _shows(page, "1. 1: SA SA")
        click("S3", "1 of 2 card(s)")
        click("S4", "2: S3 S4")
        click("S5", "1 of 2 card(s)")
        click("S5", "3: S5 S5")
        click("SK", "1 of 2 card(s)")
        click("SQ", "4: SK SQ")
        page.wait_for_selector(".sj-played.win")
        assert "won by seat 1" in page.locator(".sj-centre .mid").inner_text()
        _settled(page)
        page.screenshot(animations="disabled", path=str(ARTIFACTS / "record.png"))

        # trick 2 typed: trumps led; seat 2 discards a club (its hand is not known)
        box = page.locator(f"{_key('rec_typed')} input")
        for typed, shown in (("hk", "2. 1: HK"), ("c3", "2: C3"), ("红桃5", "3: H5")):
            box.fill(typed)
            box.press("Enter")
            _shows(page, shown)
        box.fill("♥10")
        box.press("Enter")
        _shows(page, "4: H10")
        # trick 3: seat 2 ruffs with a heart: it had one in trick 2, a revoke found now
        for typed, shown in (("d5", "3. 1: D5"), ("h6", "2: H6")):
            box.fill(typed)
            box.press("Enter")
            _shows(page, shown)
        _shows(page, "Seat 2 did not follow")
        for typed, shown in (("d7", "3: D7"), ("d8", "4: D8")):
            box.fill(typed)
            box.press("Enter")
            _shows(page, shown)
        # trick 4: seat 2 (it won with the ruff) leads a pair; one card is not enough
        box.fill("c9 c9")
        box.press("Enter")
        _shows(page, "4. 2: C9 C9")
        click("C10", "1 of 2 card(s)")
        page.locator(f"{_key('rec_play')} button").click()  # played as it is: one card
        _shows(page, "breaks a rule")
        _shows(page, "wrong-count")  # the finding, drawn after its icon's font is loaded
        _settled(page)
        page.screenshot(animations="disabled", path=str(ARTIFACTS / "record-waiting.png"))
        page.locator(f"{_key('rec_discard')} button").click()
        page.wait_for_function(
            "() => !document.body.innerText.includes('breaks a rule')", polling=POLL
        )
        click("CJ", "3: C10 CJ")  # the ten is still chosen: one more click
        page.locator(f"{_key('rec_undo')} button").click()
        _shows(page, "Taken back: 3: C10 CJ")
        box.fill("cq cj")
        box.press("Enter")
        _shows(page, "3: CQ CJ")

        expected = (
            "declare 1: H2\n"
            "1. 1: SA SA 2: S3 S4 3: S5 S5 4: SK SQ\n"
            "2. 1: HK 2: C3 3: H5 4: H10\n"
            "3. 1: D5 2: H6 3: D7 4: D8\n"
            "4. 2: C9 C9 3: CQ CJ\n"
        )
        shown_text = _record_text(page)
        assert shown_text.endswith(expected.rstrip("\n")), shown_text
        with page.expect_download() as download_info:
            page.locator(f"{_key('rec_download')} button").click()
        downloaded = Path(download_info.value.path()).read_text(encoding="utf-8")
        assert downloaded.endswith(expected)
        hand = parse(downloaded).hands[0]
        assert hand.header("Rules") == "qq" and len(hand.tricks) == 4
        _settled(page)
        page.screenshot(animations="disabled", path=str(ARTIFACTS / "record-typed.png"))

        # a reload (the same link) opens the recording where it was
        page.goto(address, wait_until="domcontentloaded")
        page.wait_for_selector(".sj-table", timeout=PATIENCE)
        _shows(page, "4. 2: C9 C9 3: CQ CJ")
        assert "seat 4 follows" in page.locator("body").inner_text()


def test_record_with_the_deal_known_in_chromium(
    browser: Any, server: str, revoke_chance: Callable[..., tuple[int, int, Card]]
) -> None:
    """With the deal typed in, the seat to play's own cards are the buttons, the cards the
    rules allow framed; a throw that fails is written as failed with one click, and a
    revoke is shown with its rule, then accepted and marked."""
    hand = simulate_hand("qq", seed=1)
    start = replay(hand).states[0]
    at_trick, at_play, stranger = revoke_chance(hand, 1)
    mirror = Recorder.new(levels="2 2", Date="x")  # the same entries, to name the buttons
    with _recording_page(browser, f"{server}/record", height=2300) as page:

        def commit(selector: str, text: str) -> None:
            field = page.locator(f"{selector} input")
            field.fill(text)
            field.press("Enter")
            page.wait_for_function(
                "([s, t]) => document.querySelector(s + ' input')?.value === t",
                arg=[selector, text],
                polling=POLL,
            )

        page.locator(f"{_key('rec_deal_known')} label").click()
        page.wait_for_selector(f"{_key('rec_deal1')} input")
        for seat in (1, 2, 3, 4):
            commit(_key(f"rec_deal{seat}"), " ".join(str(c) for c in start.hand(seat)))
        assert start.kitty is not None
        commit(_key("rec_deal_kitty"), " ".join(str(c) for c in start.kitty))
        page.locator(f"{_key('rec_deal_set')} button").click()
        _shows(page, "Deal set.")
        mirror.set_deal(Deal(start.hands, start.kitty))

        def click_card(card: object, mode: str = "play") -> None:
            seat = mirror.to_play if mode == "play" else 1
            key = next(
                i.key
                for i in record_view.tray(mirror, seat, mode)  # type: ignore[arg-type]
                if i.card is card and not i.takes_back
            )
            before = _record_text(page)
            page.locator(f'.sj-tray button[data-key="{key}"]').click()
            if mode == "play":
                mirror.pick(card)  # type: ignore[arg-type]
                if mirror.pending:  # a click the page lost would desynchronise the mirror
                    page.wait_for_selector(f'.sj-tray button[data-key="{key}"][aria-pressed=true]')
                elif mirror.waiting is None:
                    record_changed(before)
            _idle(page)  # (the click's run under way: its result is on the page)

        def record_changed(before: str) -> None:
            page.wait_for_function(
                "b => document.querySelectorAll('.stCode')[document"
                ".querySelectorAll('.stCode').length - 1].innerText !== b",
                arg=before,
                polling=POLL,
            )

        # seat 1 declares; then picks up the kitty and buries, clicking its 33 cards
        commit(_key("rec_bid_cards"), "d2")
        page.locator(f"{_key('rec_auction_enter')} button").click()
        _shows(page, "declare 1: D2")
        mirror.add(hand.auction[0])  # type: ignore[arg-type]
        _choose(page, _key("rec_bid_kind"), "Pick up the kitty and bury")
        _idle(page)  # (each card clicked below is waited for on the page)
        bury = next(a for a in hand.auction if isinstance(a, KittyExchange))
        taken: set[str] = set()
        for card in bury.buried:
            key = next(
                i.key
                for i in record_view.tray(mirror, 1, "auction")
                if i.card is card and i.key not in taken
            )
            taken.add(key)
            page.locator(f'.sj-tray button[data-key="{key}"]:not([disabled])').click()
            page.wait_for_function(  # each click seen before the next (none lost under load)
                _CHOSEN_COUNT, arg=len(taken), polling=POLL
            )
        page.wait_for_function(_CHOSEN_COUNT, arg=len(bury.buried), polling=POLL)
        page.locator(f"{_key('rec_auction_enter')} button").click()
        _shows(page, f"bury 1: {' '.join(str(c) for c in bury.buried)}")
        mirror.add(bury)
        page.wait_for_selector(_key("rec_play"))  # the bury done, the play begins

        # the tricks, card by card, up to the revoke
        for ti, trick in enumerate(hand.tricks):
            for i, play in enumerate(trick.plays):
                if (ti, i) == (at_trick, at_play):
                    break
                for card in play.attempted or play.cards:
                    click_card(card)
                if i == 0:
                    before = _record_text(page)
                    page.locator(f"{_key('rec_play')} button").click()
                    mirror.finish()
                    if mirror.waiting is None:
                        record_changed(before)
                if play.attempted is not None:
                    _shows(page, "throw-failed")
                    _settled(page)
                    page.screenshot(animations="disabled", path=str(ARTIFACTS / "record-throw.png"))
                    page.locator(f"{_key('rec_failed_throw')} button").click()
                    mirror.accept_failed_throw()
                    _shows(page, f"/ {' '.join(str(c) for c in play.cards)} by")
            else:
                continue
            break
        # the legal cards framed, the others plain, once the page has drawn the tray for
        # the seat to play (under load the last click's run may still be drawing it)
        page.wait_for_selector(".sj-tray button.legal")
        framed = page.locator(".sj-tray button.legal").count()
        plain = page.locator(".sj-tray button.off").count()
        assert framed and plain
        _settled(page)
        page.screenshot(animations="disabled", path=str(ARTIFACTS / "record-known.png"))
        click_card(stranger)
        _shows(page, "breaks a rule")
        _shows(page, "follow-suit")  # the finding, drawn after its icon's font is loaded
        _settled(page)
        page.screenshot(animations="disabled", path=str(ARTIFACTS / "record-revoke.png"))
        page.locator(f"{_key('rec_accept')} button").click()
        _shows(page, f"{hand.tricks[at_trick].plays[at_play].seat}: {stranger} {{[%illegal")
        assert "[%illegal follow-suit]" in _record_text(page)


MATCH_EXAMPLE = ROOT / "examples" / "matches" / "match-a-full-match.psn"

# Labels whose text does not fit their box (Streamlit cuts them with "…").
_CLIPPED = """() => [...document.querySelectorAll('button')].filter(b => b.offsetParent).flatMap(
  b => [b, ...b.querySelectorAll('*')].some(e => e.clientWidth > 0 && e.scrollWidth >
  e.clientWidth + 1) ? [b.innerText.split('\\n')[0]] : [])"""
# A seat's card count that wraps inside itself ("(25 / cards)").
_WRAPPED_COUNTS = """() => [...document.querySelectorAll('.sj-seat .name small')].filter(
  s => s.getClientRects().length > 1).map(s => s.innerText)"""


def test_one_screen_at_1400_by_1000_in_both_languages(browser: Any, server: str) -> None:
    """A new user's first screen (1400 x 1000): the title, the step controls and the
    whole table, every hand open at the deal, fit without scrolling; no button's label is
    cut; no seat's card count wraps; no "Deploy" toolbar; the defenders' graph spans the
    hand's tricks; after switching to Chinese every choice is still shown chosen."""
    size = {"width": 1400, "height": 1000}
    with _page(browser, viewport=size) as page:
        page.goto(
            f"{server}/?file={quote(str(MATCH_EXAMPLE))}&hand=1&step=0",
            wait_until="domcontentloaded",
        )
        page.wait_for_selector(".sj-table", timeout=PATIENCE)
        _wait_step(page, 0)
        page.wait_for_selector(".js-plotly-plot .xtick")
        _settled(page)

        def fits(selector: str) -> None:
            box = page.locator(selector).first.bounding_box()
            assert box is not None, selector
            inside = box["y"] >= 0 and box["y"] + box["height"] <= size["height"]
            assert inside and box["x"] + box["width"] <= size["width"], (selector, box)

        for selector in ("h1", _key("nav_first"), _key("nav_next_trick")):
            fits(selector)
        for selector in (_key("step_slider"), _key("jump_next_note"), ".sj-table"):
            fits(selector)
        assert page.evaluate(_CLIPPED) == []
        assert page.evaluate(_WRAPPED_COUNTS) == []
        assert page.locator("[data-testid='stAppDeployButton']").count() == 0
        assert "Deploy" not in page.locator("header").inner_text()
        x_range = page.evaluate(
            "() => document.querySelector('.js-plotly-plot')._fullLayout.xaxis.range"
        )
        assert x_range == [0, 19.5]  # from 0
        page.screenshot(animations="disabled", path=str(ARTIFACTS / "viewer-1400.png"))

        # the end of hand 1: the chip counts the failed throws' penalties, as the result
        page.locator(f"{_key('nav_last')} button").click()
        first = parse(MATCH_EXAMPLE.read_text(encoding="utf-8")).hands[0]
        _wait_step(page, len(replay(first).states) - 1)
        assert "85 (65 · penalties +20)" in page.locator(".sj-info").inner_text()
        fits(".sj-table")
        page.screenshot(animations="disabled", path=str(ARTIFACTS / "viewer-1400-end.png"))

        # 中文: the choices keep showing as chosen, the seat box speaks Chinese
        page.locator(f"{_key('lang')} label").filter(has_text="中文").click()
        _shows(page, "号位")
        _settled(page)
        for key in ("lang", "source", "mode"):
            checked = page.locator(f"{_key(key)} input[type='radio']:checked")
            assert checked.count() == 1, key
        assert "本机路径" in page.locator(_key("source")).inner_text()
        assert page.locator(f"{_key('seat')} input").first.input_value() == "1 号位"
        assert page.evaluate(_CLIPPED) == []
        assert page.evaluate(_WRAPPED_COUNTS) == []
        fits(_key("nav_next_trick"))
        fits(".sj-table")
        page.screenshot(animations="disabled", path=str(ARTIFACTS / "viewer-1400-zh.png"))

        # a file with findings: each finding's Go button keeps its whole label
        dispute = ROOT / "examples" / "disputes" / "01-revoke-discovered-later.psn"
        address = f"{server}/?file={quote(str(dispute))}&lang=zh"
        page.goto(address, wait_until="domcontentloaded")
        page.wait_for_selector(f"{_key('finding_0')} button", timeout=PATIENCE)
        _settled(page)
        assert "复盘" in page.locator("[data-testid='stSidebarNav']").inner_text()
        assert page.evaluate(_CLIPPED) == []
        page.screenshot(animations="disabled", path=str(ARTIFACTS / "viewer-1400-findings-zh.png"))


# --- Streamlit's own words -----------------------------------------------------------------

# What a reader meets on the page: every visible text, the labels, titles and placeholders
# of the visible elements (a screen reader's words, a tooltip's), and what CSS draws
# (::before, ::after). Left out: a text whose size is 0 (the page draws its own words in
# its place) and the record's own words: its comments (after the chat icon, quoted in
# teaching mode) and a note being written.
_WORDS = """() => {
  const comments = [...document.querySelectorAll('[data-testid="stMarkdownContainer"]')]
    .filter(m => {
      const icon = m.querySelector('[data-testid="stIconMaterial"]');
      return icon !== null && icon.textContent.trim() === 'chat'
        && m.innerText.trim().startsWith('chat');
    });
  const data = e => e.closest('blockquote, textarea') || comments.some(m => m.contains(e));
  const shown = e => {
    const style = getComputedStyle(e), box = e.getBoundingClientRect();
    return style.display !== 'none' && style.visibility !== 'hidden' && box.width > 0
      && box.height > 0;
  };
  const where = e => (e.closest('[data-testid]') || e).getAttribute('data-testid') || e.tagName;
  const found = [];
  const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = texts.nextNode(); n; n = texts.nextNode()) {
    const e = n.parentElement, text = n.nodeValue.trim();
    if (!text || !e || ['SCRIPT', 'STYLE'].includes(e.tagName) || !shown(e) || data(e)) continue;
    if (parseFloat(getComputedStyle(e).fontSize) === 0) continue;
    found.push(['text', text, where(e)]);
  }
  for (const e of document.querySelectorAll('body *')) {
    if (!shown(e) || data(e)) continue;
    for (const name of ['aria-label', 'title', 'placeholder', 'data-title']) {
      if (e.getAttribute(name)) found.push([name, e.getAttribute(name), where(e)]);
    }
    for (const pseudo of ['::before', '::after']) {
      const content = getComputedStyle(e, pseudo).content;
      if (content.startsWith('"') && content !== '""') found.push([pseudo, content, where(e)]);
    }
  }
  return found;
}"""


def _english(page, allowed: tuple[str, ...] = ()) -> list[tuple[str, str, str]]:  # type: ignore[no-untyped-def]
    """The English sentences (three English words in a row) a reader meets on the page."""
    return [
        (kind, text, where)
        for kind, text, where in page.evaluate(_WORDS)
        if english_in(text) is not None and text not in allowed
    ]


def _drawn(page, selector: str, pseudo: str = "::after") -> str:  # type: ignore[no-untyped-def]
    """What CSS draws after (or before) the first element ``selector`` finds."""
    content = page.locator(selector).first.evaluate(
        "(e, p) => getComputedStyle(e, p).content", pseudo
    )
    return str(content).strip('"')


def _shot(page, selector: str, name: str, margin: int = 16) -> None:  # type: ignore[no-untyped-def]
    """A picture of what ``selector`` finds, with a margin, under tests/artifacts/."""
    found = page.locator(selector).first
    found.scroll_into_view_if_needed()
    box = found.bounding_box()
    assert box is not None, selector
    x, y = max(0, box["x"] - margin), max(0, box["y"] - margin)
    clip = {
        "x": x,
        "y": y,
        "width": box["width"] + 2 * margin,
        "height": box["height"] + 2 * margin,
    }
    page.screenshot(animations="disabled", path=str(ARTIFACTS / name), clip=clip)


@pytest.fixture(scope="module")
def chinese_record(record: Path) -> Path:
    """A hand with no comment, under a Chinese name: nothing on the page is English data."""
    path = record.parent / "练习.psn"
    path.write_text(write(simulate_hand("qq", seed=11, event="练习")), encoding="utf-8")
    return path


def test_streamlit_s_own_words_are_chinese_on_the_chinese_page(
    browser: Any, server: str, chinese_record: Path, tmp_path: Path
) -> None:
    """A Chinese reader meets no English sentence, Streamlit's words included: the skip
    link, the charts' mode bar, a number out of range, the uploader (and a file it
    refuses), the main menu, a text field's hint, the teaching mode's card list (and a
    filter that finds nothing), the recording page, its form and its record's copy
    button. The uploader says the real limit (server.maxUploadSize, 5 MB)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    hand = parse(chinese_record.read_text(encoding="utf-8")).hands[0]
    rp = replay(hand)
    asks = next(s for s in range(len(rp.states)) if view.question_at(rp, s, 1) is not None)
    address = f"{server}/?file={quote(str(chinese_record))}&lang=zh"
    with _recording_page(browser, address, height=1000) as page:
        page.wait_for_selector(".js-plotly-plot .modebar-btn", state="attached")
        _settled(page)
        page.keyboard.press("Tab")  # a keyboard user's first stop: the skip link
        assert page.evaluate("document.activeElement.dataset.testid") == "stSkipToContent"
        assert _drawn(page, "[data-testid='stSkipToContent']") == "跳到主要内容"
        assert _english(page) == []

        # the mode bar of a chart: plotly's tooltips in plotly's own Chinese
        chart = page.locator(".js-plotly-plot").first
        chart.scroll_into_view_if_needed()
        chart.hover()
        button = chart.locator(".modebar-btn").first
        button.hover()
        assert button.get_attribute("data-title") == "下载图表为PNG格式"
        assert _drawn(page, ".js-plotly-plot .modebar-btn") == "下载图表为PNG格式"
        assert _drawn(page, ".modebar-btn[data-title='Fullscreen']") == "全屏"
        assert _english(page) == []

        # a number out of its field's range: the hint while typing, the error's tooltip
        page.locator("[data-testid='stExpander'] summary").filter(has_text="分析这一局").click()
        number = page.locator("[data-testid='stNumberInput'] input")
        number.fill("99")
        page.wait_for_selector("[data-testid='InputInstructions']")
        assert _english(page) == []
        number.press("Enter")
        page.locator("[data-testid='stNumberInput'] .stTooltipErrorHoverTarget").hover()
        page.wait_for_selector("[data-testid='stTooltipErrorContent']")
        assert _drawn(page, "[data-testid='stTooltipErrorContent'] p") == "数字超出允许的范围。"
        assert _english(page) == []

        # the uploader, and a file too big for it
        page.locator(f"{_key('source')} label").filter(has_text="上传 .psn 文件").click()
        page.wait_for_selector("[data-testid='stFileUploaderDropzone']")
        _settled(page)
        dropzone = "[data-testid='stFileUploaderDropzone']"
        assert _drawn(page, f"{dropzone} [data-testid='stBaseButton-secondary'] p") == "上传"
        assert _drawn(page, "[data-testid='stFileUploaderDropzoneInstructions'] span") == (
            "每个文件不超过 5 MB · PSN、TXT"
        )
        assert _english(page) == []
        _shot(page, "[data-testid='stFileUploader']", "viewer-zh-uploader.png")
        dragged = page.evaluate_handle(
            "() => { const d = new DataTransfer();"
            " d.items.add(new File(['x'], 'a.psn')); return d; }"
        )
        page.dispatch_event(dropzone, "dragenter", {"dataTransfer": dragged})
        page.wait_for_selector(f"{dropzone} > div:not([data-testid]) > span")
        assert _drawn(page, f"{dropzone} > div:not([data-testid]) > span") == "把文件拖到这里"
        assert _english(page) == []
        page.dispatch_event(dropzone, "dragleave", {"dataTransfer": dragged})
        big = tmp_path / "大.psn"
        big.write_bytes(b" " * (6 << 20))
        page.locator("[data-testid='stFileUploaderDropzoneInput']").set_input_files(big)
        page.locator("[data-testid='stFileChip'][aria-invalid='true']").hover()
        page.wait_for_selector("[data-testid='stTooltipErrorContent']")
        assert "不超过 5 MB" in _drawn(page, "[data-testid='stTooltipErrorContent']")
        assert _english(page) == []
        _shot(page, "[data-testid='stFileUploader']", "viewer-zh-uploader-refused.png")
        page.locator("[data-testid='stFileChipDeleteBtn'] button").click()

        # the main menu: themes, print, Streamlit's version; no "Record screen"
        page.locator("[data-testid='stMainMenuButton']").click()
        page.wait_for_selector("[data-testid='stMainMenuItem-print']")
        assert _drawn(page, "[data-testid='stMainMenuItem-print'] span span") == "打印"
        assert page.locator("[data-testid='stMainMenuItem-recordScreencast']").is_hidden()
        assert _english(page) == []
        _shot(page, "[data-testid='stMainMenuPopover']", "viewer-zh-menu.png")
        page.keyboard.press("Escape")

        # a path being typed: the field's hint
        page.locator(f"{_key('source')} label").filter(has_text="本机路径").click()
        page.locator(f"{_key('path')} input").fill("/tmp/牌谱.psn")
        page.wait_for_selector("[data-testid='InputInstructions']")
        assert _drawn(page, "[data-testid='InputInstructions'] span") == "按 Enter 键确认"
        assert _english(page) == []

        # teaching mode: the student's cards on the table, named in Chinese
        page.goto(f"{address}&step={asks}", wait_until="domcontentloaded")
        page.wait_for_selector(".sj-table", timeout=PATIENCE)
        page.locator(f"{_key('teach')} label").click()
        page.wait_for_selector(".sj-root .sj-seat.playing button.card")
        names = page.locator(".sj-root .sj-seat.playing button.card").evaluate_all(
            "bs => bs.map(b => b.getAttribute('aria-label'))"
        )
        assert names and all(
            re.fullmatch(r"(黑桃|红桃|梅花|方块)(10|[2-9JQKA])|大王|小王", n) for n in names
        )
        assert _english(page) == []

        # the recording page: its form's hint, the copy button of its record
        page.goto(f"{server}/record?lang=zh", wait_until="domcontentloaded")
        page.wait_for_selector(".sj-table", timeout=PATIENCE)
        page.wait_for_selector(".stCode")
        _settled(page)
        assert _english(page) == []
        page.locator(f"{_key('rec_event')} input").fill("练习赛")
        page.wait_for_selector("[data-testid='stForm'] [data-testid='InputInstructions']")
        assert _english(page) == []
        record = page.locator(".stCode").last
        record.evaluate("e => e.scrollIntoView({block: 'center'})")  # clear of the header
        toolbar = record.locator("[data-testid='stBaseButton-elementToolbar']")
        for _ in range(20):  # hovered until its toolbar shows (a page that moved took it)
            record.hover()
            try:
                toolbar.wait_for(state="visible", timeout=3000)
                break
            except PlaywrightTimeout:
                continue
        toolbar.hover()
        page.wait_for_selector("[data-testid='stTooltipContent']")
        assert _drawn(page, "[data-testid='stTooltipContent'] p") == "复制到剪贴板"
        # the copy button's label for a screen reader: an attribute, out of CSS's reach
        assert _english(page, allowed=("Copy to clipboard",)) == []


def test_streamlit_s_own_words_are_streamlit_s_on_the_english_page(
    browser: Any, server: str, chinese_record: Path
) -> None:
    """In English the page says what Streamlit says: nothing is drawn over its words."""
    address = f"{server}/?file={quote(str(chinese_record))}&lang=en"
    with _recording_page(browser, address, height=1000) as page:
        page.wait_for_selector(".js-plotly-plot .modebar-btn", state="attached")
        modebar = page.locator(".js-plotly-plot .modebar-btn").first
        assert modebar.get_attribute("data-title") == "Download plot as a PNG"
        assert _drawn(page, ".js-plotly-plot .modebar-btn") == "Download plot as a PNG"
        page.locator(f"{_key('source')} label").filter(has_text="Upload a .psn file").click()
        button = page.locator("[data-testid='stFileUploaderDropzone'] button p")
        assert (
            button.inner_text() == "Upload"
            and button.evaluate("e => getComputedStyle(e).fontSize") == "14px"
        )
        instructions = page.locator("[data-testid='stFileUploaderDropzoneInstructions'] span")
        assert instructions.inner_text() == "5MB per file • PSN, TXT"
        assert _drawn(page, "[data-testid='stFileUploaderDropzoneInstructions'] span") in (
            "none", "normal"
        )  # fmt: skip
        page.locator("[data-testid='stMainMenuButton']").click()
        menu = page.locator("[data-testid='stMainMenuPopover']")
        menu.wait_for()
        assert "Print" in menu.inner_text() and "Record screen" in menu.inner_text()
        assert "Made with Streamlit v" in menu.inner_text()
        page.keyboard.press("Escape")
        page.locator(f"{_key('source')} label").filter(has_text="A path on this computer").click()
        page.locator(f"{_key('path')} input").fill("/tmp/x.psn")
        hint = page.locator("[data-testid='InputInstructions'] span")
        assert hint.inner_text() == "Press Enter to apply"


def test_a_viewer_whose_server_stopped_says_so_in_chinese(
    browser: Any, chinese_record: Path
) -> None:
    """``shengji view`` stopped while its page is open: the page says the connection is
    lost, and how to get it back, in the page's language (Streamlit's own dialog asks
    whether one is connected to the internet)."""
    with _viewer(chinese_record) as (url, stop):
        address = f"{url}/?file={quote(str(chinese_record))}&lang=zh"
        with _recording_page(browser, address, height=1000) as page:
            # the page whole first: a part it has not yet fetched would fail to load
            page.wait_for_selector(".js-plotly-plot .modebar-btn", state="attached")
            page.wait_for_selector(".stSlider")
            _settled(page)
            page.wait_for_load_state("networkidle")
            stop()
            page.wait_for_selector("[role='dialog'] h2 + div", timeout=PATIENCE)
            assert _drawn(page, "[role='dialog'] h2") == "连接中断"
            said = _drawn(page, "[role='dialog'] h2 + div")
            assert said == tr("zh", "st_offline_text") and "shengji\u00a0view" in said
            assert _drawn(page, "[data-testid='stConnectionStatus'] label") == "未连接"
            assert _english(page) == []
            page.screenshot(animations="disabled", path=str(ARTIFACTS / "viewer-zh-offline.png"))


# --- the table you play on --------------------------------------------------------------------

KITTY = "analysis/01-kitty-keep-the-pair.psn"
ENDGAME = "analysis/04-endgame-only-the-solver.psn"


def _endgame() -> tuple[Any, int]:
    """The endgame example's replay and the step before its blunder (seat 2 to lead)."""
    hand = parse((EXAMPLES / ENDGAME).read_text(encoding="utf-8")).hands[0]
    rp = replay(hand)
    analysis = read_analysis(hand)
    assert analysis is not None
    [blunder] = analysis_view.mistake_steps(rp, analysis)
    return rp, blunder - 1


def _playing(page):  # type: ignore[no-untyped-def]
    """The cards of the seat to move, on the table drawn by the latest run."""
    return page.locator(".sj-root .sj-seat.playing")


def test_play_on_the_table_in_chromium(browser: Any, server: str) -> None:
    """Cards clicked by their accessible names: reviewing, an alternative entered and its
    value read; teaching, a card the rules refuse (said with the rule) and a legal one
    played with the keyboard."""
    rp, before = _endgame()
    with _recording_page(
        browser, f"{server}/?ex={quote(ENDGAME)}&step={before}", height=900
    ) as page:
        _wait_step(page, before)
        seat2 = _playing(page)
        assert seat2.get_attribute("data-seat") == "2"
        assert seat2.get_by_role("button").count() == 3  # ♥3 ♦3 and the big joker
        values = seat2.locator("button.card .v").all_inner_texts()
        assert sorted(values) == ["240", "240", "340"]  # the solver's, on the cards
        # a lead of a card the seat holds one of: played by its click, no Play needed
        seat2.get_by_role("button", name="♦3", exact=True).click()
        _wait_step(page, before + 1)
        _shows(page, "Tried: Seat 2 ♦3. After it the defenders make 240 in the end")
        assert "Best reply: Seat 3" in page.locator(".sj-root").inner_text()
        assert "In a variation (1 deep)" in page.locator("body").inner_text()
        _settled(page)
        page.screenshot(animations="disabled", path=str(ARTIFACTS / "table-alternative.png"))
        # the reply clicked goes on with the line (still one deep), a follow of one card
        _idle(page)
        seat3 = _playing(page)
        assert seat3.get_attribute("data-seat") == "3"
        seat3.locator("button.card.legal").first.click()
        _shows(page, f"Step {before + 2} /")  # the link keeps the step the line left
        _shows(page, "Tried: Seat 3")
        assert "In a variation (1 deep)" in page.locator("body").inner_text()

        # teaching: seat 3 follows; a card of another suit is refused with its rule
        step, seat, refused = next(
            (s.step, nxt.event.seat, c)
            for s, nxt in zip(rp.states[before:], rp.states[before + 1 :], strict=False)
            if s.trick and getattr(nxt.event, "seat", None)
            for c in s.hand(nxt.event.seat)
            if isinstance(c, Card) and analysis_view.illegal_play(rp, s.step, [c]) is not None
        )
        page.goto(f"{server}/?ex={quote(ENDGAME)}&step={step}&seat={seat}", wait_until="commit")
        page.wait_for_selector(".sj-table", timeout=PATIENCE)
        _wait_step(page, step)
        page.locator(f"{_key('teach')} label").click()
        _shows(page, "What would you play?")
        cards = _playing(page)
        assert cards.get_attribute("data-seat") == str(seat)
        assert cards.locator(".v").count() == 0  # no values for a student
        cards.get_by_role("button", name=card_name("en", refused), exact=True).click()
        _shows(page, f"{card_name('en', refused)} cannot be played")
        alert = page.locator(".sj-root [role=alert]").inner_text()
        why = analysis_view.illegal_play(rp, step, [refused])
        assert why is not None and why.render("en") in alert
        page.screenshot(animations="disabled", path=str(ARTIFACTS / "table-teach-refused.png"))
        legal = next(
            c
            for c in rp.states[step].hand(seat)
            if isinstance(c, Card) and analysis_view.illegal_play(rp, step, [c]) is None
        )
        button = _playing(page).get_by_role("button", name=card_name("en", legal), exact=True)
        button.first.focus()
        page.keyboard.press("Enter")  # the keyboard plays too
        _shows(page, "Played:")
        # the refusal's alert goes with the legal play (the same run may draw "Played:" first)
        page.wait_for_selector(".sj-root [role=alert]", state="detached")
        assert page.locator(".sj-root [role=alert]").count() == 0

        # a lead with a card the seat holds two of: chosen, not played, until Play
        kitty = replay(parse((EXAMPLES / KITTY).read_text(encoding="utf-8")).hands[0])
        lead, seat, pair = next(
            (s.step, nxt.event.seat, c)
            for s, nxt in zip(kitty.states, kitty.states[1:], strict=False)
            if s.kind.value == "trick" and nxt.kind.value == "play"
            for c in s.hand(nxt.event.seat)
            if isinstance(c, Card) and s.hand(nxt.event.seat).count(c) == 2
        )
        page.goto(f"{server}/?ex={quote(KITTY)}&step={lead}", wait_until="commit")
        page.wait_for_selector(".sj-table", timeout=PATIENCE)
        _wait_step(page, lead)
        _idle(page)
        twins = _playing(page).get_by_role("button", name=card_name("en", pair), exact=True)
        assert twins.count() == 2 and _playing(page).get_attribute("data-seat") == str(seat)
        # Several cards on (a throw): a card held once is chosen too, not played
        bar = page.locator(".sj-root .sj-confirm")
        several = bar.get_by_role("button", name="Several cards")
        several.click()
        assert several.get_attribute("aria-pressed") == "true"
        single = _playing(page).locator("button.card:not([data-pair])").first
        single.click()
        assert single.get_attribute("aria-pressed") == "true"
        bar.get_by_role("button", name="Clear").click()
        several.click()  # off again
        assert single.get_attribute("aria-pressed") == "false"
        assert several.get_attribute("aria-pressed") == "false"
        twins.first.click()
        assert twins.first.get_attribute("aria-pressed") == "true"
        twins.last.click()
        # nothing sent yet: the pair waits for Play (a play sent clears the choice)
        assert [twins.nth(i).get_attribute("aria-pressed") for i in (0, 1)] == ["true", "true"]
        _idle(page)
        assert _step(page) == lead
        page.locator(".sj-root .sj-confirm").get_by_role("button", name="Play").click()
        _wait_step(page, lead + 1)  # the pair entered as a variation
        _shows(page, "In a variation (1 deep)")
        name = card_name("en", pair)
        played = page.locator(f".sj-root .sj-played .card[aria-label='{name}']")
        assert played.count() == 2  # both copies on the table


def test_solve_a_puzzle_in_chromium(browser: Any, server: str) -> None:
    """A bundled puzzle set opens in puzzle mode at the link's puzzle; the student plays
    the answer by clicking its card by name and is told right, with the engine's line."""
    puzzles = "puzzles/from-analysis.psn"
    with _recording_page(browser, f"{server}/?ex={quote(puzzles)}&hand=2", height=900) as page:
        _shows(page, "Puzzle 2 of 3")
        seat = _playing(page)
        assert seat.get_attribute("data-seat") == "2"
        assert seat.locator(".v").count() == 0  # no values for a student
        _idle(page)
        # a lead of a card the seat holds one of: played by its click, no Play needed
        seat.get_by_role("button", name=card_name("en", Card.parse("BJ")), exact=True).click()
        _shows(page, "Right: BJ is the best play.")
        assert "Best line (the solver's" in page.locator("body").inner_text()
        assert "hand=2" in page.url
        page.screenshot(animations="disabled", path=str(ARTIFACTS / "puzzle-solved.png"))


_SCREENS = ((1366, 768), (390, 844))
# The cards in the hands whose rank corner (the left edge, where a neighbour overlaps
# them) shows another element: a card hidden by the one beside it.
_COVERED_CARDS = """() => [...document.querySelectorAll('.sj-root .sj-seat .card')].filter(c => {
  const r = c.getBoundingClientRect();
  const e = document.elementFromPoint(r.left + 4, r.top + 12);
  return !(e && (e === c || c.contains(e)));
}).map(c => c.getAttribute('aria-label'))"""


def _inside(page, selector: str, width: int, height: int) -> None:  # type: ignore[no-untyped-def]
    """What ``selector`` finds is wholly on the first screen, without scrolling."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    assert box["y"] >= 0 and box["y"] + box["height"] <= height, (selector, box)
    assert box["x"] >= 0 and box["x"] + box["width"] <= width, (selector, box)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_table_and_the_step_buttons_are_on_the_first_screen(
    browser: Any, server: str, lang: str
) -> None:
    """At 1366 x 768 the table, the step buttons and the current play's panel fit without
    scrolling; on a phone (390 x 844) Previous, Next and the table are on the first
    screen; nothing runs off the edge; pictures of each under tests/artifacts/."""
    _rp, before = _endgame()
    for width, height in _SCREENS:
        with _page(browser, viewport={"width": width, "height": height}) as page:
            address = f"{server}/?ex={quote(ENDGAME)}&step={before + 1}&lang={lang}"
            page.goto(address, wait_until="domcontentloaded")
            page.wait_for_selector(".sj-root .sj-table", timeout=PATIENCE)
            _wait_step(page, before + 1, lang)
            _settled(page)

            for selector in (".sj-root .sj-table", _key("nav_prev"), _key("nav_next")):
                _inside(page, selector, width, height)
            if width > 1000:
                _inside(page, _key("nav_next_trick"), width, height)
                _inside(page, ".sj-root .sj-info", width, height)
                # the current play's panel: the engine's judgement of this play
                heading = "Analysis" if lang == "en" else "复盘分析"
                _inside(page, f"[data-testid='stHeading']:has-text('{heading}')", width, height)
            assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
            # every card of a hand shows its rank: none is covered by its neighbour
            # (at this step the best play's lifted ♥3 once hid the ♦3 beside it)
            assert page.evaluate(_COVERED_CARDS) == []
            page.screenshot(
                animations="disabled", path=str(ARTIFACTS / f"table-{width}x{height}-{lang}.png")
            )
