"""Splitting a PSN file into hands, before any hand is read: a new hand starts at a header
line that follows moves or a blank line, as a new game does in PGN."""

from __future__ import annotations

from collections import deque
from collections.abc import Generator, Iterable, Iterator
from typing import NamedTuple

from notation.programs import kept_regexp

__all__ = [
    "MAX_HAND_CHARS",
    "Chunk",
    "is_remarks",
    "iter_chunks",
    "lines_of",
    "numbered_chunks",
    "split_hands",
]

# The longest text one hand may have. A complete hand is about 2,000 characters, a richly
# annotated one with its variations a few tens of thousands; far more is a pasted line or
# hands run together. Reading is refused before it starts (the lexer's patterns take
# memory in step with a run of cards: a 50 MB line would take gigabytes), and the
# splitter keeps no more of a hand than this and a line.
MAX_HAND_CHARS = 200_000

# A line ends at "\n", "\r\n" or a lone "\r", as Python reads a file in text mode: every
# reader (a file in text mode or not, standard input, an upload, a string) reads the same
# lines, and the hands are given "\n" alone.
_LINES = kept_regexp(r"[^\r\n]*(?:\r\n?|\n)|[^\r\n]+\Z")
_HEADER_START = kept_regexp(r'\[[ \t]*[A-Za-z0-9_]+[ \t]+"(?:[^"\\\n]|\\.)*"[ \t]*\]')


def lines_of(text: str) -> Iterator[str]:
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
            yield from lines_of(line)
        else:
            yield line


def split_hands(text: str) -> list[Chunk]:
    """The hands of a file, unread, each with its number and first line
    (:func:`numbered_chunks`); together they are the whole text.

    A new hand starts at a header line that follows moves or a blank line, as a new game
    does in PGN; braces are followed so that a comment line starting with ``[`` is not
    taken for a header.
    """
    return list(numbered_chunks(lines_of(text)))


def iter_chunks(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """The hands among ``lines`` as ``(first line number, text)``, unread, one at a time:
    what :func:`~notation.psn.iter_hands` splits before it reads (a batch of hands sent
    elsewhere to be read and checked, say).

    A comment never closed would swallow every hand after it: it is read as if it closed
    at the end of its line, and the lines after it are split again (its own hand keeps
    the lines up to the next hand, and reading it reports the comment). So is a comment
    still open after :data:`MAX_HAND_CHARS` characters, without waiting for the end of
    the file: its hand is refused as too long whatever follows, and the lines held for
    it are never more than a hand may have.
    """
    source = _Lines(_universal(lines))
    number = 1
    carry: _Open | None = None
    open_until = open_end = 0  # on these lines no "}" follows: a comment ends its line
    while True:
        left = yield from _split(source, number, carry, open_until, open_end)
        if left is None:
            return
        # ``left`` ends in a comment never closed: split again after the line it opened on.
        number = left.resume
        closing = [i for i, text in enumerate(left.rest) if "}" in text]
        open_until = number + (closing[-1] + 1 if closing else 0)
        open_end = number + len(left.rest)
        carry = left
        source.push(left.rest)


class Chunk(NamedTuple):
    """One hand's text, unread, with its number in its file (:func:`numbered_chunks`)."""

    number: int  # from 1; 0 for the file's opening remarks, which are no hand
    line: int  # the first line
    text: str


def numbered_chunks(lines: Iterable[str]) -> Iterator[Chunk]:
    """The chunks of :func:`iter_chunks`, each with its hand's number: the hands are
    numbered from 1, and a file's opening remarks (a first chunk of comments only,
    :func:`is_remarks`) are numbered 0, so that the first hand is hand 1 whether the file
    opens with remarks or not. Every reader numbers hands here: the reader, the batches
    checked elsewhere, a report's count, the viewer."""
    number = 1
    for line, text in iter_chunks(lines):
        if number == 1 and is_remarks(text):
            yield Chunk(0, line, text)
            continue
        yield Chunk(number, line, text)
        number += 1


def is_remarks(text: str) -> bool:
    """True if ``text`` holds nothing but comments, each closed, and blank space: a
    file's opening remarks (only a file's first chunk can be: every other one starts at a
    header line). They are kept with the file, but they are no hand."""
    pos = 0
    while True:
        opening = text.find("{", pos)
        if text[pos : len(text) if opening < 0 else opening].strip():
            return False
        if opening < 0:
            return True
        close = text.find("}", opening)
        if close < 0:
            return False
        pos = close + 1


class _Lines:
    """Lines read one at a time, and lines put back in front of them to be read again."""

    def __init__(self, lines: Iterable[str]) -> None:
        self.source = iter(lines)
        self.pending: deque[str] = deque()

    def __iter__(self) -> _Lines:
        return self

    def __next__(self) -> str:
        return self.pending.popleft() if self.pending else next(self.source)

    def push(self, lines: list[str]) -> None:
        """Read ``lines`` next, before the rest."""
        self.pending.extendleft(reversed(lines))


class _Open(NamedTuple):
    """A hand in which a comment is still open: its lines up to the one where the comment
    began (``head``, from line ``start``; a hand past :data:`MAX_HAND_CHARS` only its
    first), and the lines after that one (``rest``, from line ``resume``)."""

    head: list[str]
    start: int
    rest: list[str]
    resume: int


def _split(
    lines: Iterable[str], first: int, carry: _Open | None, open_until: int, open_end: int
) -> Generator[tuple[int, str], None, _Open | None]:
    """The hands among ``lines`` (``carry``: the start of a hand already read); returns
    the last hand's lines if a comment in it is never closed (or still open after
    :data:`MAX_HAND_CHARS` characters), after yielding the others. A comment opened on a
    line from ``open_until`` up to ``open_end`` ends with its line.

    A hand's lines are kept up to the first that takes it past :data:`MAX_HAND_CHARS`
    characters (it is refused as too long: its start is enough to say so); the lines
    after that are read for where the next hand starts, and dropped."""
    current: list[str] = list(carry.head) if carry else []
    start = carry.start if carry else first
    size = sum(map(len, current))  # characters of the hand, kept or not
    in_comment = False
    has_moves = carry is not None  # a carried hand is in its moves
    opened: int | None = None  # where the comment still open began, in ``current``
    opened_line = 0  # the line number where it began
    since_open: list[str] = []  # the lines from that one on
    open_chars = 0  # their characters
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
                    current, start, has_moves, size = [], number, False, 0
                if _text_after_header(stripped):
                    has_moves = True
            if size <= MAX_HAND_CHARS:
                current.append(line)
            size += len(line)
            continue
        if not stripped and not in_comment and current:
            has_moves = True  # the header block is over
        is_header = not in_comment and stripped.startswith("[")
        if is_header and has_moves:
            chunk = "".join(current)
            if chunk.strip():
                yield start, chunk
            current, start, has_moves, size = [], number, False, 0
        kept = size <= MAX_HAND_CHARS
        if kept:
            current.append(line)
        size += len(line)
        rest = line
        if is_header:
            header = _HEADER_START.match(stripped)
            rest = stripped[header.end() :] if header else ""
        was_open = in_comment
        in_comment, moves = _scan_comments(rest, in_comment)
        if in_comment and (not was_open or "}" in rest):
            opened = len(current) - 1 if kept else None
            opened_line, since_open, open_chars = number, [], 0
        if in_comment:
            since_open.append(line)
            open_chars += len(line)
        if in_comment and carry is not None and open_until <= number < open_end:
            in_comment = False  # no "}" follows anywhere: it ends with its line
        has_moves = has_moves or moves
        if in_comment and open_chars > MAX_HAND_CHARS:
            return _left_open(current, start, opened, since_open, opened_line)
    if in_comment and len(since_open) > 1:
        return _left_open(current, start, opened, since_open, opened_line)
    chunk = "".join(current)
    if chunk.strip():
        yield start, chunk
    return None


def _text_after_header(stripped: str) -> bool:
    """Whether a line starting ``[`` (``stripped``: without its leading space) holds a
    header followed by more on the line (moves, another header). A line with one ``]``,
    its last character but space, cannot: a header ends at the first ``]`` after its
    value, so there is nothing after it (and if no header matches, nothing follows one);
    the pattern is tried only on the other lines (a header line of a usual file is the
    former: 22 a hand)."""
    if stripped.count("]") == 1 and stripped.rstrip().endswith("]"):
        return False
    header = _HEADER_START.match(stripped)
    return header is not None and bool(stripped[header.end() :].strip())


def _left_open(
    current: list[str], start: int, opened: int | None, since_open: list[str], opened_line: int
) -> _Open:
    """The hand whose comment is left open, to be split again after the comment's line."""
    head = current[: opened + 1] if opened is not None else current
    return _Open(head, start, since_open[1:], opened_line + 1)


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
