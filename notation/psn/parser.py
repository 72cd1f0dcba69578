"""Reading PSN text: split a file into hands, parse each with the LALR grammar, build the
typed model and check what needs no rule set.

The reader is lenient like a PGN reader: :func:`parse` never raises for bad input; a
hand that cannot be read is left out and its errors are collected in
``Record.errors``, and the other hands of the file are still read. :func:`read` and
:func:`parse_hand` are the strict versions: they raise the first error.

This module is the reading API and the reading of one hand; its parts live beside it:
:mod:`.split` cuts a file into hands, :mod:`.grammar` holds the compiled parsers,
:mod:`.fast` the fast forms of a plainly written hand, :mod:`.builder` turns a parse
tree into the model (one module a phase of the hand) and :mod:`.syntax` words the
syntax errors.

>>> record = parse('[Event "demo"]\\n1. 1: SA 2: S3 3: S4 4: S5\\n')
>>> [str(p) for p in record.hands[0].tricks[0].plays]
['1: SA', '2: S3', '3: S4', '4: S5']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import NamedTuple

from lark.exceptions import UnexpectedInput

from notation.messages import msg
from notation.messages.reasons import reason
from notation.psn.builder import _Builder
from notation.psn.builder.base import MAX_DIGITS as MAX_DIGITS  # the reader's limits, all read here
from notation.psn.errors import PSNError, PSNSemanticError
from notation.psn.fast import _plain_tree, _ReadAgain
from notation.psn.grammar import _LOCK, _exact_parser, _Node, _parser
from notation.psn.model import Hand, Record
from notation.psn.split import MAX_HAND_CHARS as MAX_HAND_CHARS  # the longest hand
from notation.psn.split import _chunks, _lines_of, split_hands
from notation.psn.syntax import _syntax_error

__all__ = ["ReadHand", "iter_hands", "load", "parse", "parse_hand", "read", "split_hands"]


# Variations inside variations: deep enough for any analysis, shallow enough that every
# program reading the hand (writer, JSON, replay, viewer) walks it on the call stack.
MAX_VARIATION_DEPTH = 64


def parse(text: str, filename: str | None = None) -> Record:
    """Every hand of ``text`` that can be read, plus the errors of those that cannot."""
    hands: list[Hand] = []
    errors: list[PSNError] = []
    for read in iter_hands(_lines_of(text), filename):
        errors.extend(read.errors)
        if read.hand is not None:
            hands.append(read.hand)
    return Record(tuple(hands), tuple(errors), filename)


class ReadHand(NamedTuple):
    """One hand as read from a file: where it starts, its text, the hand or its errors."""

    number: int  # 1-based place in the file
    first_line: int
    text: str
    hand: Hand | None  # None when the hand could not be read
    errors: list[PSNError]


def iter_hands(lines: Iterable[str], filename: str | None = None) -> Iterator[ReadHand]:
    """Read hands one at a time from lines of text (an open file, say).

    Only one hand is held in memory at a time, so a file of any length reads in flat
    memory; a broken hand yields its errors and the next hand is read as usual.
    """
    for number, (first_line, chunk) in enumerate(_chunks(lines), start=1):
        yield read_chunk(number, first_line, chunk, filename)


def iter_chunks(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """The hands among ``lines`` as ``(first line number, text)``, unread, one at a time:
    what :func:`iter_hands` splits before it reads (a batch of hands sent elsewhere to be
    read and checked, say)."""
    return _chunks(lines)


def read_chunk(number: int, first_line: int, chunk: str, filename: str | None = None) -> ReadHand:
    """Read one hand's text, the ``number``-th hand of its file starting on ``first_line``
    (one chunk of :func:`iter_chunks`), as :func:`iter_hands` reads it."""
    hand, errors = _read_hand(chunk, first_line, filename)
    for e in errors:
        e.hand = number
    return ReadHand(number, first_line, chunk, hand if not errors else None, errors)


def read(text: str, filename: str | None = None) -> Record:
    """Every hand of ``text``; raises the first :class:`PSNError` if any hand is broken."""
    record = parse(text, filename)
    if record.errors:
        raise record.errors[0]
    return record


def parse_hand(text: str, filename: str | None = None) -> Hand:
    """The one hand in ``text``; raises a :class:`PSNError` if it is broken or not one."""
    record = read(text, filename)
    if len(record.hands) != 1:
        words = msg("psn.one-hand", n=len(record.hands))
        raise PSNSemanticError(words.render(), filename=filename, text=words)
    return record.hands[0]


def load(path: str | Path, strict: bool = False) -> Record:
    """The record in the file at ``path`` (lenient unless ``strict``)."""
    text = Path(path).read_text(encoding="utf-8-sig")
    return read(text, str(path)) if strict else parse(text, str(path))


# ---- One hand ----------------------------------------------------------------------------


def _read_hand(
    chunk: str, first_line: int, filename: str | None
) -> tuple[Hand | None, list[PSNError]]:
    # The hand is parsed alone; positions are shifted to its place in the file. First
    # with the fast forms; a hand with any error is read again token by token, so that
    # its errors are exactly those of the grammar's ordinary tokens.
    if len(chunk) > MAX_HAND_CHARS:
        builder = _Builder(chunk, first_line, filename, exact=True)
        # (the splitter keeps only the start of a longer hand: its size is not known)
        builder.error(msg("psn.too-long", most=f"{MAX_HAND_CHARS:,}"), first_line, 1)
        return None, builder.errors
    if chunk.count("(") > MAX_VARIATION_DEPTH and (deep := _too_deep(chunk)) is not None:
        builder = _Builder(chunk, first_line, filename, exact=True)
        builder.error(msg("psn.too-deep", most=MAX_VARIATION_DEPTH), *builder.position(deep))
        return None, builder.errors
    tree: _Node | None = _plain_tree(chunk)
    if tree is None:
        with _LOCK:
            try:
                tree = _parser().parse(chunk)
            except UnexpectedInput:
                tree = None
    if tree is not None:
        try:
            return _Builder(chunk, first_line, filename, exact=False).hand(tree), []
        except (_ReadAgain, ValueError):
            pass
    return _read_exactly(chunk, first_line, filename)


# What can hold a bracket that opens no variation: a comment, a header's quoted value.
_BRACKETS = re.compile(r'\{[^}]*\}?|"(?:[^"\\\n]|\\.)*"?|[()]')


def _too_deep(chunk: str) -> int | None:
    """Where a variation opens deeper than :data:`MAX_VARIATION_DEPTH`, if one does.

    Looked for before parsing: a hand of thousands of nested brackets would take the
    parser seconds and hundreds of megabytes to refuse. Outside comments and header
    values every bracket is a variation's, so for a hand the grammar accepts this depth
    is exactly that of its variations.
    """
    depth = 0
    for m in _BRACKETS.finditer(chunk):
        bracket = m[0]
        if bracket == "(":
            depth += 1
            if depth > MAX_VARIATION_DEPTH:
                return m.start()
        elif bracket == ")":
            depth = max(0, depth - 1)
    return None


def _read_exactly(
    chunk: str, first_line: int, filename: str | None
) -> tuple[Hand | None, list[PSNError]]:
    with _LOCK:
        try:
            tree = _exact_parser().parse(chunk)
        except UnexpectedInput as e:
            return None, [_syntax_error(e, chunk, first_line, filename)]
    builder = _Builder(chunk, first_line, filename, exact=True)
    try:
        hand = builder.hand(tree)
    except ValueError as e:
        # A node refused its values; the builder has reported why, or this says it.
        if not builder.errors:
            builder.error(msg("text", text=reason(e, "model")), first_line, 1)
        return None, builder.errors
    return (hand if not builder.errors else None), builder.errors
