"""``shengji view``: open a record in the Streamlit viewer.

The viewer is a separate package (``viewer``); this command only starts
``python -m streamlit run viewer/app.py -- FILE`` in a subprocess, so that ``notation``
itself never imports streamlit.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from notation.cli.language import said
from notation.files import check_input, shown_path
from notation.messages import MessageError, msg

__all__ = ["add_parser", "app_path", "command", "relay", "run", "streamlit_words"]


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``view``."""
    p = subparsers.add_parser(
        "view",
        help=said("help.view"),
        description=said("help.view.about"),
    )
    p.add_argument("file", nargs="?", metavar="FILE", help=said("help.view.file"))
    p.add_argument("--port", type=int, default=None, help=said("help.view.port"))
    p.add_argument("--no-browser", action="store_true", help=said("help.view.no-browser"))
    p.add_argument("--dry-run", action="store_true", help=said("help.view.dry-run"))
    p.set_defaults(run=run)


def app_path() -> Path:
    """Where the viewer's page script is (found without importing streamlit)."""
    spec = importlib.util.find_spec("viewer")
    if spec is None or not spec.submodule_search_locations:
        raise MessageError(msg("view.not-installed"))
    path = Path(next(iter(spec.submodule_search_locations))) / "app.py"
    if not path.is_file():
        raise MessageError(msg("view.page-missing", path=str(path)))
    return path


def command(
    file: str | None,
    *,
    port: int | None = None,
    headless: bool = False,
    lang: str | None = None,
) -> list[str]:
    """The ``streamlit run`` command line for ``file``; ``lang``: the page's language
    until the user switches (a link's ``?lang=`` still wins)."""
    cmd = [sys.executable, "-m", "streamlit", "run", str(app_path())]
    # Local only: the page can open files by path, so it is not served to the network.
    cmd += ["--browser.gatherUsageStats", "false", "--server.address", "localhost"]
    if port is not None:
        cmd += ["--server.port", str(port)]
    if headless:
        cmd += ["--server.headless", "true"]
    script = [str(Path(file).resolve())] if file is not None else []
    if lang is not None:
        script.append(f"--lang={lang}")
    if script:
        cmd += ["--", *script]
    return cmd


def run(args: argparse.Namespace) -> int:
    """Start the viewer and wait for it; its exit status is ours."""
    if args.file is not None:
        check_input(args.file)  # a folder, a missing file, bytes that are not text: said here
    cmd = command(args.file, port=args.port, headless=args.no_browser, lang=args.lang)
    if args.dry_run:
        print(" ".join(shown_path(word) for word in cmd))
        return 0
    return relay(cmd, args.lang)


def relay(cmd: list[str], lang: str, out: TextIO | None = None) -> int:
    """Run the viewer's command, saying what Streamlit says of itself in ``lang``
    (:func:`streamlit_words`); its exit status is ours. Ctrl-C stops both."""
    with (
        subprocess.Popen(
            cmd,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            encoding="utf-8",
            errors="replace",
        ) as process,
        _stop_on_sigterm(process),
    ):
        try:
            for line in process.stdout or ():
                said = streamlit_words(line.rstrip("\n"), lang)
                if said is not None:
                    print(said, file=out or sys.stdout, flush=True)
        except KeyboardInterrupt:
            process.wait()  # Streamlit stops on the same Ctrl-C
            raise
    code = process.returncode
    return 128 - code if code < 0 else code  # killed by a signal: the shell's 128 + N


@contextmanager
def _stop_on_sigterm(process: subprocess.Popen[str]) -> Iterator[None]:
    """A SIGTERM to us (a service manager, ``timeout``, ``kill``) stops the viewer too,
    instead of leaving it serving with nobody to stop it."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, lambda *_: process.terminate())
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


# What Streamlit prints of itself when it starts and stops, and the viewer's words for it.
_ADDRESS = re.compile(r"^\s*(?:Local |Network |External )?URL:\s*(\S+)\s*$")
_READY = "You can now view your Streamlit app in your browser."
_STOPPING = "Stopping..."
_PORT_BUSY = re.compile(r"Port (\d+) is not available$")
_QUIET = re.compile(r"^[\d-]+ [\d:.]+ Uvicorn server started on ")


def streamlit_words(line: str, lang: str) -> str | None:
    """A line of Streamlit's output in ``lang``: its start-up banner and its "Stopping"
    in the viewer's words, its server log line left out (None); anything else (a
    Streamlit error) as it is."""
    text = line.strip()
    if text == _READY:
        return "  " + msg("view.ready").render(lang)
    address = _ADDRESS.match(line)
    if address:
        return "  " + msg("view.address", url=address.group(1)).render(lang)
    if text == _STOPPING:
        return "  " + msg("view.stopping").render(lang)
    if _QUIET.match(text):
        return None
    busy = _PORT_BUSY.search(text)
    if busy:
        return msg("view.port-busy", port=busy.group(1)).render(lang)
    return line
