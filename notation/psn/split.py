"""Splitting a PSN file into hands, before any hand is read: a new hand starts at a header
line that follows moves or a blank line, as a new game does in PGN."""

from __future__ import annotations

import re
from collections.abc import Generator, Iterable, Iterator
from typing import NamedTuple

__all__ = ["split_hands"]

# A line ends at "\n", "\r\n" or a lone "\r", as Python reads a file in text mode: every
# reader (a file in text mode or not, standard input, an upload, a string) reads the same
# lines, and the hands are given "\n" alone.
_LINES = re.compile(r"[^\r\n]*(?:\r\n?|\n)|[^\r\n]+\Z")
_HEADER_START = re.compile(r'\[[ \t]*[A-Za-z0-9_]+[ \t]+"(?:[^"\\\n]|\\.)*"[ \t]*\]')


def _lines_of(text: str) -> Iterator[str]:
    """The lines of ``text``, each with its line break written ``\\n``."""
    for match in _LINES.finditer(text):
        line = match.group()
        if line.endswith("\r"):
            line = line[:-1] + "\n"
        elif line.endswith("\r\n"):
            line = line[:-2] + "\n"
        yield line


def _universal(lines: Iterable[str]) -> Iterator[str]:
    """``lines`` split again where a ``\\r`` ends a line (however they were split), each
    ending in ``\\n``."""
    for line in lines:
        if "\r" in line:
            yield from _lines_of(line)
        else:
            yield line


def split_hands(text: str) -> list[tuple[int, str]]:
    """The hands of a file as ``(first line number, text)``.

    A new hand starts at a header line that follows moves or a blank line, as a new game
    does in PGN; braces are followed so that a comment line starting with ``[`` is not
    taken for a header.
    """
    return list(_chunks(_lines_of(text)))


def _chunks(lines: Iterable[str], first: int = 1) -> Iterator[tuple[int, str]]:
    """The hands among ``lines`` as ``(first line number, text)``, one at a time.

    A comment never closed would swallow every hand after it: it is read as if it closed
    at the end of its line, and the lines after it are split again (its own hand keeps
    the lines up to the next hand, and reading it reports the comment).
    """
    source: Iterable[str] = _universal(lines)
    number = first
    carry: _Open | None = None
    open_until = 0  # from this line on no "}" follows: a comment left open ends its line
    while True:
        left = yield from _split(source, number, carry, open_until)
        if left is None:
            return
        # ``left`` ends in a comment never closed: split again after the line it opened on.
        rest = left.lines[left.opened + 1 :]
        number = left.start + left.opened + 1
        closing = [i for i, text in enumerate(rest) if "}" in text]
        open_until = number + (closing[-1] + 1 if closing else 0)
        carry = _Open(left.lines[: left.opened + 1], left.start, 0)
        source = rest


class _Open(NamedTuple):
    """Lines of a hand in which a comment is still open: the lines, the line number of
    the first, and the index of the line where the open comment began."""

    lines: list[str]
    start: int
    opened: int


def _split(
    lines: Iterable[str], first: int, carry: _Open | None, open_until: int
) -> Generator[tuple[int, str], None, _Open | None]:
    """The hands among ``lines`` (``carry``: the start of a hand already read); returns
    the last hand's lines if a comment in it is never closed, after yielding the others.
    A comment opened on line ``open_until`` or later ends with its line."""
    current: list[str] = list(carry.lines) if carry else []
    start = carry.start if carry else first
    in_comment = False
    has_moves = carry is not None  # a carried hand is in its moves
    opened = 0  # where the comment still open began, as an index into ``current``
    for number, line in enumerate(lines, start=first):
        stripped = line.lstrip()
        if not in_comment and "{" not in line:  # the usual lines, without comments
            if stripped[:1] != "[":  # moves, or a blank line that ends the headers
                if stripped or current:
                    has_moves = True
            else:  # a header; moves if something follows it
                if has_moves:
                    chunk = "".join(current)
                    if chunk.strip():
                        yield start, chunk
                    current, start, has_moves = [], number, False
                header = _HEADER_START.match(stripped)
                if header is not None and stripped[header.end() :].strip():
                    has_moves = True
            current.append(line)
            continue
        if not stripped and not in_comment and current:
            has_moves = True  # the header block is over
        is_header = not in_comment and stripped.startswith("[")
        if is_header and has_moves:
            chunk = "".join(current)
            if chunk.strip():
                yield start, chunk
            current, start, has_moves = [], number, False
        current.append(line)
        rest = line
        if is_header:
            header = _HEADER_START.match(stripped)
            rest = stripped[header.end() :] if header else ""
        was_open = in_comment
        in_comment, moves = _scan_comments(rest, in_comment)
        if in_comment and (not was_open or "}" in rest):
            opened = len(current) - 1
        if in_comment and carry is not None and number >= open_until:
            in_comment = False  # no "}" follows anywhere: it ends with its line
        has_moves = has_moves or moves
    if in_comment and opened + 1 < len(current):
        return _Open(current, start, opened)
    chunk = "".join(current)
    if chunk.strip():
        yield start, chunk
    return None


def _scan_comments(text: str, in_comment: bool) -> tuple[bool, bool]:
    """Whether a comment is still open after ``text``, and whether ``text`` holds moves."""
    moves = False
    pos = 0
    while pos < len(text):
        if in_comment:
            close = text.find("}", pos)
            if close < 0:
                return True, moves
            pos, in_comment = close + 1, False
        else:
            opening = text.find("{", pos)
            end = len(text) if opening < 0 else opening
            moves = moves or bool(text[pos:end].strip())
            if opening < 0:
                return False, moves
            pos, in_comment, moves = opening + 1, True, True
    return in_comment, moves
