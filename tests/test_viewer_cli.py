"""``shengji view``: the command line that starts the viewer."""

from __future__ import annotations

import io
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from notation.cli import main
from notation.cli.view import app_path, command, relay, streamlit_words
from viewer import samples


def test_view_is_a_registered_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "view" in capsys.readouterr().out


def test_the_page_script_is_found_without_importing_streamlit() -> None:
    path = app_path()
    assert path.name == "app.py" and path.parent.name == "viewer" and path.is_file()


def test_dry_run_prints_the_streamlit_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "hand.psn"
    record.write_text(samples.annotated_text(), encoding="utf-8")
    assert main(["view", "--dry-run", "--port", "8642", "--no-browser", str(record)]) == 0
    out = capsys.readouterr().out
    assert f"{sys.executable} -m streamlit run {app_path()}" in out
    assert "--server.port 8642" in out and "--server.headless true" in out
    assert "--server.address localhost" in out
    assert f"-- {record.resolve()} --lang=" in out  # the file, then the page's language


def test_no_file_opens_the_default_and_passes_no_arguments() -> None:
    cmd = command(None)
    assert "--" not in cmd and cmd[1:4] == ["-m", "streamlit", "run"]


def test_a_missing_file_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["view", "--dry-run", "no/such/file.psn"]) == 2
    assert "no such file" in capsys.readouterr().err


def test_shengji_view_serves_the_page(tmp_path: Path) -> None:
    record = tmp_path / "hand.psn"
    record.write_text(samples.annotated_text(), encoding="utf-8")
    port = _free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "notation",
            "view",
            "--no-browser",
            "--port",
            str(port),
            str(record),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        _wait_for_health(port, process)
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_for_health(port: int, process: subprocess.Popen[str] | subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            url = f"http://localhost:{port}/_stcore/health"
            with urllib.request.urlopen(url, timeout=2) as response:
                assert response.read() == b"ok"
                return
        except OSError:
            assert process.poll() is None, "shengji view exited"
            assert time.monotonic() < deadline, "the viewer did not answer"
            time.sleep(0.3)


def test_shengji_view_says_where_the_page_is_in_chinese_and_a_sigterm_stops_it() -> None:
    """What Streamlit says of itself ("You can now view your Streamlit app") is said in
    the command's language; a SIGTERM to ``shengji view`` alone (``kill``, ``timeout``)
    stops the viewer it started instead of leaving it serving."""
    port = _free_port()
    argv = ["view", "--no-browser", "--port", str(port), "--lang", "zh"]
    process = subprocess.Popen(
        [sys.executable, "-m", "notation", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        encoding="utf-8",
        start_new_session=True,
    )
    try:
        _wait_for_health(port, process)
        process.send_signal(signal.SIGTERM)  # to shengji only, not its group
        out, _ = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert "查看器已启动" in out and f"地址：http://localhost:{port}" in out, out
    assert "正在关闭查看器" in out and "Streamlit" not in out, out
    with pytest.raises(OSError):  # nobody serves the page any more
        urllib.request.urlopen(f"http://localhost:{port}/_stcore/health", timeout=2)


@pytest.mark.parametrize(
    ("line", "en", "zh"),
    [
        (
            "  You can now view your Streamlit app in your browser.",
            "  The viewer is running: open this address in your browser.",
            "  查看器已启动：请在浏览器中打开这个地址。",
        ),
        (
            "  URL: http://localhost:8501",
            "  address: http://localhost:8501",
            "  地址：http://localhost:8501",
        ),
        (
            "  Local URL: http://localhost:8501",
            "  address: http://localhost:8501",
            "  地址：http://localhost:8501",
        ),
        ("  Stopping...", "  Stopping the viewer…", "  正在关闭查看器……"),
        (
            "2026-12-01 06:09:23.231 Port 8612 is not available",
            "shengji view: port 8612 is taken (another viewer?): choose another with --port",
            "shengji view：端口 8612 已被占用（另一个查看器？）：请用 --port 换一个",
        ),
        ("2026-12-01 06:08:12.606 Uvicorn server started on localhost:8611", None, None),
        ("", "", ""),
        ("Traceback (most recent call last):", None, None),  # as it is, in both
    ],
)
def test_streamlit_s_words_about_itself_in_the_viewer_s_words(
    line: str, en: str | None, zh: str | None
) -> None:
    if line.startswith("Traceback"):
        assert streamlit_words(line, "en") == streamlit_words(line, "zh") == line
        return
    assert streamlit_words(line, "en") == en
    assert streamlit_words(line, "zh") == zh


def test_relay_passes_the_viewer_s_exit_status_and_its_other_lines() -> None:
    script = (
        "print('  You can now view your Streamlit app in your browser.');"
        "print('some other line');raise SystemExit(3)"
    )
    out = io.StringIO()
    assert relay([sys.executable, "-c", script], "zh", out) == 3
    assert out.getvalue() == "  查看器已启动：请在浏览器中打开这个地址。\nsome other line\n"


def test_the_viewer_shows_no_deploy_toolbar_however_it_is_started(tmp_path: Path) -> None:
    """Streamlit reads viewer/.streamlit/config.toml beside the page script, from any
    folder (``shengji view`` and ``streamlit run viewer/app.py`` alike): the toolbar is
    the viewer's, without "Deploy" (the browser test checks the page itself)."""
    config = app_path().parent / ".streamlit" / "config.toml"
    assert config.is_file()
    code = (
        "import sys\n"
        "from streamlit import config\n"
        "config._main_script_path = sys.argv[1]\n"
        "config.get_config_options(force_reparse=True)\n"
        "print(config.get_option('client.toolbarMode'))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(app_path())],
        cwd=tmp_path,  # no .streamlit of the user's here
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "HOME": str(tmp_path)},
    ).stdout
    assert out.strip() == "viewer"


def test_view_lang_chooses_the_page_s_language(monkeypatch: pytest.MonkeyPatch) -> None:
    assert command(None, lang="zh")[-2:] == ["--", "--lang=zh"]
    monkeypatch.setattr(sys, "argv", ["app.py", "--lang=zh"])
    at = AppTest.from_file(str(app_path()), default_timeout=60)
    at.run()
    assert not at.exception and at.session_state["lang"] == "zh"
    at = AppTest.from_file(str(app_path()), default_timeout=60)
    at.query_params["lang"] = "en"  # a link's language wins
    at.run()
    assert at.session_state["lang"] == "en"
