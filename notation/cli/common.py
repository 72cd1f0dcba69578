"""What every subcommand shares: the paths named, JSON lines, progress, and errors said
cleanly (files and streams are opened by :mod:`notation.files`)."""

from __future__ import annotations

import json
import math
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, TextIO

from notation.cli.language import type_error
from notation.errors import ShengjiError
from notation.files import input_lines
from notation.messages import Message, MessageError, error_words, msg
from notation.messages.commands import json_words
from notation.psn import Hand, iter_hands
from notation.psn.jsonio import strict_json
from notation.terminal import unwrapped

__all__ = [
    "InputError",
    "NotJSON",
    "Progress",
    "ReadableHands",
    "answer_lines",
    "default_lang",
    "find_files",
    "json_text",
    "read_line",
    "seconds",
    "warn",
]


class InputError(MessageError):
    """Input that cannot be used: a hand or step the file does not have, options that do
    not go together. (A file that cannot be read or written is a
    :class:`notation.files.FileError`.)"""


def default_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language of the locale: ``zh`` when the first of LC_ALL, LC_MESSAGES and LANG
    that is set starts with ``zh`` (``zh_CN.UTF-8``), else ``en``."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"


def warn(message: str | Message, stream: TextIO | None = None, lang: str = "en") -> None:
    """Print a message for the user on standard error (a :class:`Message` in ``lang``)."""
    text = message.render(lang) if isinstance(message, Message) else message
    print(text, file=stream or sys.stderr)


def find_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """The files named, and every ``*.psn`` below the folders named, in a stable order."""
    for p in paths:
        path = Path(p)
        if path.is_dir():
            yield from sorted(path.rglob("*.psn"))
        else:
            yield path


class ReadableHands:
    """The hands of a file's ``lines`` that can be read, one at a time; the errors of the
    others are said as they are met, with their places (``broken`` is then True)."""

    def __init__(self, lines: Iterable[str], name: str, lang: str = "en") -> None:
        self.lines = lines
        self.name = name
        self.lang = lang
        self.broken = False

    def __iter__(self) -> Iterator[Hand]:
        return (hand for _, hand in self.numbered())

    def numbered(self) -> Iterator[tuple[int, Hand]]:
        """Each readable hand with its number in the file, from 1 (a broken hand counts;
        a file's opening remarks are 0)."""
        for read in iter_hands(self.lines, self.name):
            for error in read.errors:
                warn(msg("syntax", text=error_words(error, self.lang)), lang=self.lang)
                self.broken = True
            if read.hand is not None:
                yield read.number, read.hand


def json_text(value: Any, level: int = 0) -> str:
    """``json.dumps(value, ensure_ascii=False, indent=2, allow_nan=False)``, the same
    text, made without reference cycles.

    With ``indent`` the json module encodes in Python, with closures that refer to one
    another: each call leaves garbage that only the cycle collector frees, and in a long
    run it waits for rarer and rarer full collections, so the peak memory of ``validate
    --json`` rose with the hands read. Here containers are walked in plain recursion and
    everything else is the C encoder's (``level``: the depth, for the indentation).
    """
    if isinstance(value, dict):
        if not value:
            return "{}"
        pad = "\n" + "  " * (level + 1)
        rows = [f"{pad}{_json_key(k)}: {json_text(v, level + 1)}" for k, v in value.items()]
        return "{" + ",".join(rows) + "\n" + "  " * level + "}"
    if isinstance(value, list | tuple):
        if not value:
            return "[]"
        pad = "\n" + "  " * (level + 1)
        rows = [pad + json_text(v, level + 1) for v in value]
        return "[" + ",".join(rows) + "\n" + "  " * level + "]"
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


def _json_key(key: object) -> str:
    """A key as json writes it: a string, or a number, true, false, null as one."""
    text = key if isinstance(key, str) else json.dumps(key, allow_nan=False)
    return json.dumps(text, ensure_ascii=False, allow_nan=False)


class NotJSON(MessageError):
    """A line of input that is not a JSON value we can hold."""


def read_line(line: str) -> Any:
    """The JSON value of one line; nesting past Python's limits and numbers of
    thousands of digits are errors of that line, not of the program."""
    try:
        return strict_json(line)
    except json.JSONDecodeError as e:
        raise NotJSON(json_words(e.msg, e.colno)) from None
    except RecursionError:
        raise NotJSON(msg("json.too-deep")) from None
    except ValueError:  # Python reads at most 4300 digits into a number
        digits = max((len(m) for m in re.findall(r"[0-9]+", line)), default=0)
        raise NotJSON(msg("json.long-number", digits=digits)) from None


def answer_lines(answer: Callable[[Any], dict[str, Any]], lang: str = "en") -> int:
    """Answer each JSON line of standard input with one JSON line: ``answer(request)``, or
    ``{"error": ...}`` (in ``lang``) for a line that cannot be read or answered (not
    UTF-8, too long, not JSON: the others go on). Returns the exit status: 2 if any line
    was in error, else 0."""
    bad = 0
    for number, line in enumerate(input_lines(), start=1):
        reply: dict[str, Any]
        if line.error is not None:
            reply = {"error": msg("lines.error", n=number, text=line.error).render(lang)}
        elif not line.text.strip():
            continue
        else:
            try:
                reply = answer(read_line(line.text))
            except ShengjiError as e:
                words = error_words(e, lang)
                reply = {"error": msg("lines.error", n=number, text=words).render(lang)}
        if "error" in reply:
            bad += 1
        print(json.dumps(reply, ensure_ascii=False, allow_nan=False), flush=True)
    return 2 if bad else 0


def seconds(text: str) -> float:
    """A time budget typed on the command line: a number of seconds above 0."""
    try:
        value = float(text)
    except ValueError:
        raise type_error(msg("arg.not-seconds", text=repr(text))) from None
    if not value > 0:
        raise type_error(msg("arg.budget-positive", text=text))
    if value == math.inf:  # no bound: a position of many cards would hold the command for ever
        raise type_error(msg("arg.budget-finite", text=text))
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
        stream = unwrapped(sys.stderr)  # its own "\r": back to the start of the line
        stream.write(f"\r[{bar}] {self.count}/{self.total} {self.nouns}")
        stream.flush()

    def done(self) -> None:
        """End the bar's line."""
        sys.stderr.write("\n")
