"""What every subcommand shares: reading inputs and reporting errors cleanly."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TextIO

from notation.errors import ShengjiError

__all__ = ["InputError", "find_files", "plural", "read_text", "warn"]


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
        raise InputError(f"{path}: not UTF-8 text (byte {e.start})") from None


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
