"""What every subcommand shares: reading inputs and reporting errors cleanly."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, TextIO

from notation.errors import ShengjiError
from notation.validate import undecodable

__all__ = [
    "InputError",
    "NotJSON",
    "Progress",
    "answer_lines",
    "default_lang",
    "find_files",
    "plural",
    "read_line",
    "read_text",
    "seconds",
    "warn",
]


class InputError(ShengjiError):
    """A file that cannot be read: missing, a folder, not UTF-8 text."""


def read_text(path: str) -> str:
    """The text of ``path`` (``-`` is standard input), or an :class:`InputError`."""
    if path == "-":
        return sys.stdin.read()
    p = Path(path)
    try:
        return p.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a folder, not a file") from None
    except PermissionError:
        raise InputError(f"{path}: permission denied") from None
    except UnicodeDecodeError as e:
        raise InputError(f"{path}: is {undecodable(e)}") from None


def default_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language of the locale: ``zh`` when the first of LC_ALL, LC_MESSAGES and LANG
    that is set starts with ``zh`` (``zh_CN.UTF-8``), else ``en``."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"


def warn(message: str, stream: TextIO | None = None) -> None:
    """Print a message for the user on standard error."""
    print(message, file=stream or sys.stderr)


def find_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """The files named, and every ``*.psn`` below the folders named, in a stable order."""
    for p in paths:
        path = Path(p)
        if path.is_dir():
            yield from sorted(path.rglob("*.psn"))
        else:
            yield path


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """``count`` and ``noun``, in the plural unless one (``nouns``, else ``noun + "s"``).

    >>> plural(1, "file"), plural(2, "file"), plural(0, "match", "matches")
    ('1 file', '2 files', '0 matches')
    """
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"


class NotJSON(ShengjiError):
    """A line of input that is not a JSON value we can hold."""


def read_line(line: str) -> Any:
    """The JSON value of one line; nesting past Python's limits and numbers of
    thousands of digits are errors of that line, not of the program."""
    try:
        return json.loads(line)
    except json.JSONDecodeError as e:
        raise NotJSON(f"not JSON: {e.msg} at column {e.colno}") from None
    except RecursionError:
        raise NotJSON("not JSON we can read: lists or objects nested too deeply") from None
    except ValueError:  # Python reads at most 4300 digits into a number
        digits = max((len(m) for m in re.findall(r"[0-9]+", line)), default=0)
        raise NotJSON(f"not JSON we can read: a number of {digits} digits") from None


def answer_lines(answer: Callable[[Any], dict[str, Any]]) -> int:
    """Answer each JSON line of standard input with one JSON line: ``answer(request)``, or
    ``{"error": ...}`` for a line that cannot be read or answered (the others go on).
    Returns the exit status: 2 if any line was in error, else 0."""
    bad = 0
    for number, line in enumerate(sys.stdin, start=1):
        if not line.strip():
            continue
        reply: dict[str, Any]
        try:
            reply = answer(read_line(line))
        except ShengjiError as e:
            reply = {"error": f"line {number}: {e}"}
        if "error" in reply:
            bad += 1
        print(json.dumps(reply, ensure_ascii=False), flush=True)
    return 2 if bad else 0


def seconds(text: str) -> float:
    """A time budget typed on the command line: a number of seconds above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"a budget is more than 0 seconds, not {text}")
    return value


class Progress:
    """A progress bar on standard error (for a terminal only: the caller checks)."""

    def __init__(self, total: int, nouns: str) -> None:
        self.total = total
        self.nouns = nouns
        self.count = 0

    def tick(self, n: int = 1) -> None:
        """``n`` more done."""
        self.count += n
        width = 30
        filled = width * self.count // self.total
        bar = "#" * filled + "." * (width - filled)
        sys.stderr.write(f"\r[{bar}] {self.count}/{self.total} {self.nouns}")
        sys.stderr.flush()

    def done(self) -> None:
        """End the bar's line."""
        sys.stderr.write("\n")
