"""Reading PSN text: split a file into hands, parse each with the LALR grammar, build the
typed model and check what needs no rule set.

The reader is lenient like a PGN reader: :func:`parse` never raises for bad input; a
hand that cannot be read is left out and its errors are collected in
``Record.errors``, and the other hands of the file are still read. :func:`read` and
:func:`parse_hand` are the strict versions: they raise the first error.

This module is the reading API and the reading of one hand; its parts live beside it:
:mod:`.split` cuts a file into hands, :mod:`.plain` reads a plain hand's tokens without
lark, :mod:`.grammar` holds the compiled parsers, :mod:`.builder` turns the tokens or a
parse tree into the model and :mod:`.syntax` words the syntax errors.

A hand is read by the LALR grammar, whose fast forms take a plainly written run (header
lines, bids and buries, tricks, a result line) as one token, and the builder. A plain
hand (a header block, a deal or a deck, then only fast forms: simulated hands and most
records) is scanned without lark, with the terminals and parser states lark's analysis
of the grammar gives (kept in the user's cache folder): the same tokens, the same hand,
and no import of lark, a third of the command's start-up. Any other hand is parsed by
lark. The exact parser, the same grammar without the fast forms, is only the reader of
hands with errors: a hand in which the parser or the builder finds one is read again by
it, so that its errors are found, placed and worded as the grammar's ordinary tokens
give them. (The fast forms pay: without them validation takes about 1.7 times as long.)

>>> record = parse('[Event "demo"]\\n1. 1: SA 2: S3 3: S4 4: S5\\n')
>>> [str(p) for p in record.hands[0].tricks[0].plays]
['1: SA', '2: S3', '3: S4', '4: S5']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from notation.messages import msg
from notation.messages.reasons import reason
from notation.programs import kept_regexp
from notation.psn.builder import MAX_DIGITS as MAX_DIGITS  # the reader's limits, all read here
from notation.psn.builder import Builder, ReadAgain
from notation.psn.errors import PSNError, PSNSemanticError
from notation.psn.model import Hand, Record
from notation.psn.plain import LOCK, plain_tokens
from notation.psn.split import MAX_HAND_CHARS as MAX_HAND_CHARS  # the longest hand
from notation.psn.split import lines_of, numbered_chunks

if TYPE_CHECKING:
    from notation.psn.grammar import Node

__all__ = ["ReadHand", "iter_hands", "load", "parse", "parse_hand", "read", "read_chunk"]


# Variations inside variations: deep enough for any analysis, shallow enough that every
# program reading the hand (writer, JSON, replay, viewer) walks it on the call stack.
MAX_VARIATION_DEPTH = 64


def parse(text: str, filename: str | None = None) -> Record:
    """Every hand of ``text`` that can be read, plus the errors of those that cannot."""
    hands: list[Hand] = []
    errors: list[PSNError] = []
    for read in iter_hands(lines_of(text), filename):
        errors.extend(read.errors)
        if read.hand is not None:
            hands.append(read.hand)
    return Record(tuple(hands), tuple(errors), filename)


class ReadHand(NamedTuple):
    """One hand as read from a file: where it starts, its text, the hand or its errors."""

    number: int  # its place in the file, from 1 (0: the file's opening remarks, no hand)
    first_line: int
    text: str
    hand: Hand | None  # None when the hand could not be read
    errors: list[PSNError]


def iter_hands(lines: Iterable[str], filename: str | None = None) -> Iterator[ReadHand]:
    """Read hands one at a time from lines of text (an open file, say).

    Only one hand is held in memory at a time, so a file of any length reads in flat
    memory; a broken hand yields its errors and the next hand is read as usual.
    """
    for number, first_line, chunk in numbered_chunks(lines):
        yield read_chunk(number, first_line, chunk, filename)


def read_chunk(number: int, first_line: int, chunk: str, filename: str | None = None) -> ReadHand:
    """Read one hand's text, the ``number``-th hand of its file starting on ``first_line``
    (one chunk of :func:`~notation.psn.split.numbered_chunks`), as :func:`iter_hands`
    reads it."""
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
    # The hand is parsed alone; positions are shifted to its place in the file. With the
    # fast forms; a hand with any error is read again token by token, by the exact
    # parser, so that its errors are exactly those of the grammar's ordinary tokens.
    if len(chunk) > MAX_HAND_CHARS:
        builder = Builder(chunk, first_line, filename, exact=True)
        # (the splitter keeps only the start of a longer hand: its size is not known)
        builder.error(msg("psn.too-long", most=f"{MAX_HAND_CHARS:,}"), first_line, 1)
        return None, builder.errors
    if chunk.count("(") > MAX_VARIATION_DEPTH and (deep := _too_deep(chunk)) is not None:
        builder = Builder(chunk, first_line, filename, exact=True)
        builder.error(msg("psn.too-deep", most=MAX_VARIATION_DEPTH), *builder.position(deep))
        return None, builder.errors
    with LOCK:
        tokens = plain_tokens(chunk)
    if tokens is not None:  # a plain hand: read without lark
        try:
            return Builder(chunk, first_line, filename, exact=False).plain_hand(tokens), []
        except (ReadAgain, ValueError):
            pass  # an error: lark reads it as any other hand
    # lark is imported only for a hand that is not plain (or has an error).
    from lark.exceptions import UnexpectedInput

    from notation.psn.grammar import fast_parser

    with LOCK:
        try:
            tree: Node | None = fast_parser().parse(chunk)
        except UnexpectedInput:
            tree = None
    if tree is not None:
        try:
            return Builder(chunk, first_line, filename, exact=False).hand(tree), []
        except (ReadAgain, ValueError):
            pass
    return _read_exactly(chunk, first_line, filename)


# What can hold a bracket that opens no variation: a comment, a header's quoted value.
_BRACKETS = kept_regexp(r'\{[^}]*\}?|"(?:[^"\\\n]|\\.)*"?|[()]')


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
    from lark.exceptions import UnexpectedInput

    from notation.psn.grammar import exact_parser
    from notation.psn.syntax import syntax_error

    with LOCK:
        try:
            tree = exact_parser().parse(chunk)
        except UnexpectedInput as e:
            return None, [syntax_error(e, chunk, first_line, filename)]
    builder = Builder(chunk, first_line, filename, exact=True)
    try:
        hand = builder.hand(tree)
    except ValueError as e:
        # A node refused its values; the builder has reported why, or this says it.
        if not builder.errors:
            builder.error(msg("text", text=reason(e, "model")), first_line, 1)
        return None, builder.errors
    return (hand if not builder.errors else None), builder.errors
