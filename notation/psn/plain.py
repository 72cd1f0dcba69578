"""A plain hand read without lark: the grammar's plain shape scanned with the terminals
and the parser states lark's analysis of the grammar gives, kept between runs.

Most hands are written plainly (simulated hands, most real records): a header block, a
deal or a deck, plain bids and buries, plain tricks, a plain result line, which the
grammar's fast forms read as about six tokens. For them lark's LALR parser does little,
but importing lark is a third of the validator's start-up. So what lark makes of the
grammar for these tokens is kept in the user's cache folder (notation/resources.py), next
to lark's cached parser: for every parser state a plain hand passes through, the
terminals its contextual lexer tries, in lark's order, and the state each of the plain
tokens leads to (:func:`notation.psn.grammar.plain_states` makes it with lark, from the
analysed parser). :func:`plain_tokens` scans a hand with it: the tokens lark's lexer
would find, at the same places, or None where the hand is not plain (another token, an
error, a table that cannot be had), and the hand is then read by lark as before. The
builder makes the hand of the tokens (:meth:`~notation.psn.builder.Builder.plain_hand`).

The file is named by the grammar's text, lark's version and the tokens accepted here:
another grammar or lark makes another file. Without a cache folder the table is made
with lark at every run.
"""

from __future__ import annotations

import importlib.util
import marshal
import re
import threading
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple, Protocol

from notation.programs import kept_regexp
from notation.resources import grammar_path, kept_file, prune_cache, write_kept

__all__ = [
    "LOCK",
    "PLAIN_TOKENS",
    "Located",
    "PlainToken",
    "ascii_regexp",
    "column_of",
    "plain_tokens",
    "possessive",
    "table_file",
    "terminal_match",
]

# One parse at a time: the viewer is threaded, and lark does not promise that a parser
# may be shared between threads (nor is the table below made twice).
LOCK = threading.Lock()

# The tokens of a plain hand: psn.lark's start rule, ``(HEADER|HEADERS)* COMMENT* deal?
# (auction_event|AUCTION)* (trick|TRICKS)* result?``, with the header block, the auction,
# the tricks and the result in their fast forms and the deal or the deck as they are
# (``DEAL (SEAT_CARDS | KITTY COLON CARDS)+ COMMENT*``, ``DECK SEAT_CARDS COMMENT*``).
# Which of them may follow which is lark's parser's to say, not this list's.
PLAIN_TOKENS = (
    "HEADERS",
    "COMMENT",
    "DEAL",
    "DECK",
    "SEAT_CARDS",
    "KITTY",
    "COLON",
    "CARDS",
    "AUCTION",
    "TRICKS",
    "RESULT_LINE",
)


class Located(Protocol):
    """What the reader reads of a token: lark's ``Token`` or a :class:`PlainToken`."""

    @property
    def type(self) -> str: ...
    @property
    def value(self) -> str: ...
    @property
    def start_pos(self) -> int | None: ...
    @property
    def line(self) -> int | None: ...
    @property
    def column(self) -> int | None: ...


def column_of(token: Located) -> int:
    """Where ``token`` starts on its line (1-based)."""
    return token.column or 0


class PlainToken(NamedTuple):
    """A token of a plain hand, where lark's lexer would have found it (its line and
    column from 1, its offset in the hand's text)."""

    type: str
    value: str
    start_pos: int
    line: int
    column: int


# ---- the terminals' patterns ---------------------------------------------------------------
# Most records are ASCII, and on an ASCII text a pattern's other characters never match
# (none of those below has an ASCII case partner), so for such a text each terminal is
# compiled without them: the range of Chinese characters a card word may start with
# costs 1.4 ms to compile each time it occurs, and the fast forms hold it a dozen times
# (13 of the 18 ms the patterns took). A text with any other character gets the patterns
# as the grammar writes them; so does a pattern these parts do not make all ASCII.
# The first two letters every keyword starts with (psn.lark's _NOT_KEYWORD) are also
# written out in both cases: on an ASCII text that is what ``(?i:…)`` matches, and a
# class ``re`` need not fold compiles in half the time (a third of the fast forms' 9 ms,
# where the look is repeated for every card run).
_NOT_IN_ASCII = (
    ("|[一-鿿]", ""),
    ("(?i:[dkrcfbtplnw][aeilouyr])", "[DKRCFBTPLNWdkrcfbtplnw][AEILOUYRaeilouyr]"),
    ("[A-Za-z♠♤♥♡♣♧♦♢]", "[A-Za-z]"),
    ("|[♠♤♥♡♣♧♦♢]|无主", ""),
    ("[x×*]", "[x*]"),
)

# Each terminal's repeats made possessive (``*+``, ``++``): the engine then keeps no place
# to go back to, and the fast forms of a hand match in half the instructions. What a
# terminal matches is the same, as nothing after such a repeat can start with what it would
# give back: a card word's tail (word characters) is followed by white space, the end of a
# word or the end of the terminal; white space by no white space; digits by a non-digit (a
# colon, a dot, ``(?![0-9])``, white space then a keyword); a group's repeat by nothing its
# last round could start: a run's further cards (white space and a card) by the end of a
# word, a slash, a seat or trick number, ``won``, a keyword, a bracket or the end, none of
# them a card; a trick's plays (a seat number and a colon) by ``won``, the next trick's
# number and its dot, ``result``, a bracket or the end; a header value's characters (each
# read one way only) by its closing quote; the outermost repeat of a fast form by nothing.
# The table is kept so (made once, not at every start). (tests/test_psn_plain.py matches
# every terminal both ways on made-up texts.)
_WORD_TAIL = r'[^\s{}()\[\]\/:;$@!?"]*'
_REPEATS = r"(?<!\\)(\\s|\[0-9\]|\))([*+])(?![*+?{])"  # (compiled only to make a table)


def possessive(regexp: str) -> str:
    """``regexp`` with its repeats of a card word's tail, white space, digits and groups
    possessive (the same matches, found sooner)."""
    return re.sub(_REPEATS, r"\1\2+", regexp.replace(_WORD_TAIL, _WORD_TAIL + "+"))


Match = Callable[..., "re.Match[str] | None"]
_COMPILED: dict[tuple[str, int], Match] = {}


def ascii_regexp(regexp: str) -> str:
    """``regexp`` as it reads an ASCII text: without the characters no ASCII text holds
    (``regexp`` itself where that leaves any other)."""
    for part, kept in _NOT_IN_ASCII:
        regexp = regexp.replace(part, kept)
    return regexp


def terminal_match(regexp: str, flags: int, ascii_text: bool) -> Match:
    """The ``match`` of a terminal's pattern ``regexp`` (as it reads an ASCII text if
    ``ascii_text``), compiled once for every scanner."""
    if ascii_text and (plain := ascii_regexp(regexp)).isascii():
        regexp = plain
    key = (regexp, flags)
    match = _COMPILED.get(key)
    if match is None:
        match = _COMPILED[key] = kept_regexp(*key).match
    return match


# ---- the table --------------------------------------------------------------------------
# (flags, ignored terminals, terminals whose text may hold a line break, states): a state
# is (its terminals in the order lark tries them, as (name, pattern); the state each plain
# token leads to; whether the hand may end there). State 0 is the start.
_State = tuple[tuple[tuple[str, str], ...], dict[str, int], bool]
Table = tuple[int, frozenset[str], frozenset[str], tuple[_State, ...]]
_FORMAT = b"plain-2"  # this module's way of keeping the table (2: repeats possessive)


# The table made ready to scan: (ignored, lines, states), a state (its terminals' compiled
# patterns with their names, in order; moves; whether the hand may end there). (Tuples,
# not named ones: a NamedTuple class costs 0.1 ms to make at every start.)
_Scanning = tuple[tuple[tuple[Match, str], ...], dict[str, int], bool]
_Scanner = tuple[frozenset[str], frozenset[str], tuple[_Scanning, ...]]


_loaded: Table | None = None
_scanners: dict[bool, _Scanner] = {}


def _lark_version_text() -> bytes:
    """lark's ``__init__.py`` (it holds lark's version), read without importing lark."""
    spec = importlib.util.find_spec("lark")
    if spec is None or spec.origin is None:
        return b""
    try:
        with open(spec.origin, "rb") as file:
            return file.read()
    except OSError:
        return b""


def table_file() -> Path | None:
    """The file of the cache folder that keeps the table, named by what it is made from:
    the grammar's text, lark's version and the plain tokens (None without a folder)."""
    grammar = grammar_path("psn.lark").read_bytes()
    tokens = " ".join(PLAIN_TOKENS).encode()
    return kept_file("plain", "psn", b"\0".join([_FORMAT, tokens, _lark_version_text(), grammar]))


def _table(fresh: bool = False) -> Table:
    """The table: kept in the cache folder, or made with lark (and kept); made anew if
    ``fresh`` (the kept one was no table)."""
    global _loaded
    if _loaded is not None and not fresh:
        return _loaded
    path = table_file()
    if path is not None and not fresh:
        try:
            with open(path, "rb") as file:
                loaded: Table = marshal.loads(file.read())  # (checked as it is used)
            _loaded = loaded
            return loaded
        except (OSError, EOFError, ValueError, TypeError):
            pass
    from notation.psn.grammar import plain_states  # lark: a new grammar or lark, no cache

    flags, ignored, lines, states = plain_states(PLAIN_TOKENS)
    made: dict[str, str] = {}  # (one string a pattern: marshal keeps it once)
    for regexp in {regexp for terminals, _, _ in states for _, regexp in terminals}:
        made[regexp] = possessive(regexp)
    _loaded = (
        flags,
        ignored,
        lines,
        tuple(
            (tuple((name, made[regexp]) for name, regexp in terminals), moves, may_end)
            for terminals, moves, may_end in states
        ),
    )
    if path is not None:
        prune_cache(path)  # (a new grammar or lark: the files of older ones go)
        write_kept(path, marshal.dumps(_loaded))
    return _loaded


def _scanner(ascii_text: bool) -> _Scanner:
    scanner = _scanners.get(ascii_text)
    if scanner is None:
        try:
            scanner = _scanning(_table(), ascii_text)
        except Exception:  # a kept file that is not a table (damaged): made again
            scanner = _scanning(_table(fresh=True), ascii_text)
        _scanners[ascii_text] = scanner
    return scanner


def _scanning(table: Table, ascii_text: bool) -> _Scanner:
    """The table's states with their terminals compiled (each terminal once, not once a
    state); raises where the table is not one."""
    flags, ignored, lines, states = table
    made: dict[tuple[str, str], tuple[Match, str]] = {}
    scannings: list[_Scanning] = []
    for terminals, moves, may_end in states:
        tries: list[tuple[Match, str]] = []
        for name, regexp in terminals:
            tried = made.get((name, regexp))
            if tried is None:
                if not isinstance(name, str):
                    raise TypeError(name)
                tried = made[name, regexp] = (terminal_match(regexp, flags, ascii_text), name)
            tries.append(tried)
        if not all(isinstance(n, int) and 0 <= n < len(states) for n in moves.values()):
            raise ValueError(moves)
        scannings.append((tuple(tries), dict(moves), bool(may_end)))
    return (frozenset(ignored), frozenset(lines), tuple(scannings))


def plain_tokens(text: str) -> list[PlainToken] | None:
    """The tokens of a plain hand ``text``, as lark's lexer and parser would read them;
    None if the hand is not plain (or has an error)."""
    ignored, lines, states = _scanner(text.isascii())
    if not states:  # no table (grammar.plain_states)
        return None
    tries, moves, may_end = states[0]
    tokens: list[PlainToken] = []
    pos, end, line, line_start = 0, len(text), 1, 0
    while pos < end:
        for match, terminal in tries:  # the first that matches, as lark's lexer
            found = match(text, pos, end)
            if found is not None:
                name = terminal
                break
        else:
            return None  # an error: lark's to report
        value = found.group(0)
        if not value:
            return None
        if name not in ignored:
            move = moves.get(name)
            if move is None:  # a token that is not plain, or an error
                return None
            tokens.append(PlainToken(name, value, pos, line, pos - line_start + 1))
            tries, moves, may_end = states[move]
        if name in lines and "\n" in value:
            line += value.count("\n")
            line_start = pos + value.rindex("\n") + 1
        pos += len(value)
    return tokens if may_end else None
