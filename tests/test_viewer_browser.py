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
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest

from notation.psn import parse
from notation.replay import replay
from viewer import samples, view

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "tests" / "artifacts"
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


@pytest.fixture(scope="module")
def server(record: Path) -> Iterator[str]:
    """The viewer on a free port, headless, opened on ``record``."""
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
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
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            deadline = time.monotonic() + 90
            while not _healthy(url):
                if process.poll() is not None or time.monotonic() > deadline:
                    log.seek(0)
                    pytest.fail(f"the viewer did not start:\n{log.read().decode(errors='replace')}")
                time.sleep(0.3)
            yield url
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)


def _chromium() -> str:
    path = shutil.which("chromium") or (CHROMIUM if Path(CHROMIUM).exists() else None)
    if path is None:
        pytest.fail(
            "Debian's chromium is needed for the browser test: "
            "apt-get update && apt-get install -y chromium"
        )
    return path


def _step(page) -> int:  # type: ignore[no-untyped-def]
    match = re.search(r"[?&]step=(\d+)", page.url)
    assert match, page.url
    return int(match[1])


def _wait_step(page, wanted: int) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + 45
    while _step(page) != wanted:
        if time.monotonic() > deadline:
            raise AssertionError(f"step {wanted} not reached: {page.url}")
        page.wait_for_timeout(100)
    page.wait_for_function(
        "n => document.body.innerText.includes('Step ' + n + ' /')", arg=wanted, timeout=45000
    )


def test_step_through_a_hand_in_chromium(server: str, record: Path, match: Path) -> None:
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    hand = parse(record.read_text(encoding="utf-8")).hands[0]
    trick_steps = view.trick_steps(replay(hand))
    with sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        context = p.chromium.launch_persistent_context(
            profile,
            executable_path=_chromium(),
            args=CHROMIUM_ARGS,
            headless=True,
            viewport={"width": 1500, "height": 1400},
            accept_downloads=True,
        )
        try:
            page = context.new_page()
            page.set_default_timeout(45000)
            page.goto(server, wait_until="domcontentloaded")
            page.wait_for_selector(".sj-table", timeout=60000)
            _wait_step(page, 0)
            table = page.locator(".sj-table")
            at_start = table.inner_html()
            seat_names = page.locator(".sj-seat .name").all_inner_texts()
            assert [n.split(" (")[0] for n in seat_names] == [
                "Seat 1 · Bot 1", "Seat 2 · Bot 2", "Seat 3 · Bot 3", "Seat 4 · Bot 4",
            ]  # fmt: skip

            # the Next button, then the keyboard's right arrow, then a trick at a time
            page.locator(".st-key-nav_next button").click()
            _wait_step(page, 1)
            page.locator("h1").first.click()  # focus on the page, not a widget
            page.keyboard.press("ArrowRight")
            _wait_step(page, 2)
            page.keyboard.press("PageDown")
            page.wait_for_function(
                "() => /[?&]step=([0-9]+)/.exec(location.search)[1] > 2", timeout=45000
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
            points = page.locator(".js-plotly-plot .scatterlayer .trace").first.locator(
                ".points path"
            )
            points.nth(2).click(force=True)
            _wait_step(page, trick_steps[1])
            assert "Trick 2" in page.locator(".sj-centre .mid").inner_text()

            # the file downloads as it is, annotations included
            with page.expect_download() as download_info:
                page.locator(".st-key-download button").click()
            downloaded = Path(download_info.value.path()).read_text(encoding="utf-8")
            assert parse(downloaded).hands[0] == hand

            page.locator(".st-key-nav_first button").click()
            _wait_step(page, 0)
            page.locator(".st-key-nav_next_trick button").click()
            page.wait_for_selector(".sj-played.win")
            page.wait_for_timeout(800)
            shot = ARTIFACTS / "viewer.png"
            page.screenshot(path=str(shot), full_page=True)
            assert shot.stat().st_size > 20000

            # auto-play steps on by itself until switched off
            start = _step(page)
            page.locator(".st-key-autoplay label").click()
            _wait_step(page, start + 2)
            page.locator(".st-key-autoplay label").click()
            stopped = _step(page)
            for _ in range(5):  # a step already under way may still land; then it stays
                page.wait_for_timeout(2500)
                if _step(page) == stopped:
                    break
                stopped = _step(page)
            else:
                raise AssertionError("auto-play did not stop")

            # a match in Chinese: a click on the levels chart opens that hand
            page.goto(f"{server}/?file={quote(str(match))}&lang=zh", wait_until="domcontentloaded")
            page.wait_for_selector(".sj-table", timeout=60000)
            page.wait_for_function("() => document.body.innerText.includes('号位')", timeout=45000)
            assert "下一步" in page.locator(".st-key-nav_next button").inner_text()
            levels = page.locator(".js-plotly-plot").nth(2)
            levels.locator(".scatterlayer .trace").first.locator(".points path").nth(1).click(
                force=True
            )
            page.wait_for_function("() => /[?&]hand=2/.test(location.search)", timeout=45000)
            page.locator(".st-key-nav_next_trick button").click()
            page.wait_for_selector(".sj-played.win")
            page.wait_for_timeout(800)
            page.screenshot(path=str(ARTIFACTS / "viewer-zh.png"), full_page=True)
            page.locator(".js-plotly-plot").first.scroll_into_view_if_needed()
            page.wait_for_timeout(500)
            page.screenshot(path=str(ARTIFACTS / "viewer-charts.png"))
        finally:
            context.close()
