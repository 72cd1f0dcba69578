"""The compiled PSN grammar: the LALR parser with its fast forms, which reads every hand,
and the exact parser without them, which reads again only the hands with errors; the
lock that lets one parse run at a time, and the type of their trees.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

import lark
from lark import Lark, Token, Tree
from lark import lexer as lark_lexer
from lark.lexer import BasicLexer, ContextualLexer, PatternRE, Scanner, TerminalDef
from lark.utils import TextSlice

from notation.programs import kept_regexp
from notation.resources import grammar_path, kept_file, prune_cache

Node = Tree[Token]  # a parse tree of a hand: rules, and tokens for leaves


# The grammar's fast forms: a header block, plain bids and buries, plain tricks, a plain
# result line, each one token for what is otherwise a run of tokens (see psn.lark).
FAST_FORMS = frozenset({"HEADERS", "AUCTION", "TRICKS", "RESULT_LINE"})


def _cache_file(grammar: str, kind: str) -> str | bool:
    """Where lark keeps the analysed ``kind`` parser of ``grammar`` between runs (about
    0.1 s of start-up saved): a file of this user's private cache folder, named by the
    grammar's text and lark's version (lark checks both again when it loads it); no
    cache where there is no private folder (never a shared temp folder: lark loads its
    cache with pickle). lark writes the file; when it is not there yet (a new grammar or
    lark), the files of older versions go first."""
    kept = kept_file("psn", kind, f"{lark.__version__}\0{grammar}".encode())
    if kept is None:
        return False
    if not kept.exists():
        prune_cache(kept)
    return str(kept)


# ---- the lexer's scanner: the terminals tried one at a time ---------------------------
# lark's contextual lexer has one scanner per parser state, each one regular expression
# that joins the terminals the state allows ``(?P<A>…)|(?P<B>…)``, compiled the first
# time the state is met: the fast forms' long patterns again in every state, 40 ms of
# every command's start. An alternation takes its first branch that matches, so trying
# the terminals one at a time in the same order finds the same token, and each terminal
# is compiled once for every state (tests/test_psn_fast.py compares the two scanners).
#
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

_COMPILED: dict[tuple[str, int], Callable[..., re.Match[str] | None]] = {}
# lark's own step before its scanner (a keyword that a pattern also matches is told apart
# after the match), used as it is: untyped in lark.
_Unless = Callable[..., tuple[list[TerminalDef], dict[str, Any]]]
_create_unless: _Unless = lark_lexer._create_unless
_Tries = list[tuple[Callable[..., re.Match[str] | None], str]]


def ascii_regexp(regexp: str) -> str:
    """``regexp`` as it reads an ASCII text: without the characters no ASCII text holds
    (``regexp`` itself where that leaves any other)."""
    for part, kept in _NOT_IN_ASCII:
        regexp = regexp.replace(part, kept)
    return regexp


def _compiled(regexp: str, flags: int) -> Callable[..., re.Match[str] | None]:
    key = (regexp, flags)
    match = _COMPILED.get(key)
    if match is None:
        match = _COMPILED[key] = kept_regexp(*key).match
    return match


class _TerminalByTerminal(Scanner):
    """A scanner that tries its terminals in order, each its own compiled pattern (for
    an ASCII text, the pattern as it reads one: compiled the first time it is needed)."""

    def __init__(self, terminals: Sequence[TerminalDef], flags: int) -> None:
        self.terminals = list(terminals)
        self.allowed_types = {t.name for t in terminals}
        self.g_regex_flags = flags
        self.use_bytes = False
        self._tries: _Tries | None = None
        self._ascii_tries: _Tries | None = None

    def _tries_for(self, text: str) -> _Tries:
        if text.isascii():
            if self._ascii_tries is None:
                self._ascii_tries = self._compile(ascii_text=True)
            return self._ascii_tries
        if self._tries is None:
            self._tries = self._compile(ascii_text=False)
        return self._tries

    def _compile(self, ascii_text: bool) -> _Tries:
        tries: _Tries = []
        for terminal in self.terminals:
            regexp = terminal.pattern.to_regexp()
            if ascii_text and (plain := ascii_regexp(regexp)).isascii():
                regexp = plain
            tries.append((_compiled(regexp, self.g_regex_flags), terminal.name))
        return tries

    def match(self, text: TextSlice[str], pos: int) -> tuple[str, str] | None:
        whole, end = text.text, text.end
        for match, name in self._tries_for(whole):
            found = match(whole, pos, end)
            if found is not None:
                return found.group(0), name
        return None

    def fullmatch(self, text: str) -> str | None:
        return next((name for match, name in self._tries_for(text) if _whole(match, text)), None)


def _whole(match: Callable[..., re.Match[str] | None], text: str) -> bool:
    found = match(text)
    return found is not None and found.end() == len(text)


class _Lexer(BasicLexer):
    """lark's basic lexer with the terminal-by-terminal scanner (its callbacks as lark
    makes them: a keyword a pattern also matches is told apart after the match)."""

    def _build_scanner(self) -> Scanner:
        terminals, self.callback = _create_unless(
            self.terminals, self.g_regex_flags, self.re, self.use_bytes
        )
        assert not self.user_callbacks  # the grammar has none
        return _TerminalByTerminal(terminals, self.g_regex_flags)


def _scanned_terminal_by_terminal(parser: Lark) -> Lark:
    """``parser`` with every state's lexer scanning terminal by terminal."""
    lexer = parser.parser.lexer
    assert isinstance(lexer, ContextualLexer)
    for basic in {*lexer.lexers.values(), lexer.root_lexer}:
        assert type(basic) is BasicLexer  # lark's own, to be given our scanner
        basic.__class__ = _Lexer
    return parser


@cache
def fast_parser() -> Lark:
    """The compiled PSN parser, with the fast forms: the parser of every hand (built once;
    LALR with the contextual lexer)."""
    grammar = grammar_path("psn.lark").read_text(encoding="utf-8")
    parser = Lark(
        grammar,
        parser="lalr",
        lexer="contextual",
        maybe_placeholders=False,
        cache=_cache_file(grammar, "fast"),
    )
    return _scanned_terminal_by_terminal(parser)


def blank_fast_form(terminal: TerminalDef) -> None:
    """Makes a fast form match nothing: the grammar is then read token by token."""
    if terminal.name in FAST_FORMS:
        terminal.pattern = PatternRE("(?!)x")


@cache
def exact_parser() -> Lark:
    """The same grammar without its fast forms, for hands with errors (built when needed).

    Errors are found, located and worded as the ordinary tokens give them, whatever the
    fast forms would have taken in one piece.
    """
    grammar = grammar_path("psn.lark").read_text(encoding="utf-8")
    # lark leaves ``edit_terminals`` out of its cache key: this parser has a file of its own.
    parser = Lark(
        grammar,
        parser="lalr",
        lexer="contextual",
        maybe_placeholders=False,
        edit_terminals=blank_fast_form,
        cache=_cache_file(grammar, "exact"),
    )
    return _scanned_terminal_by_terminal(parser)


# One parse at a time: the viewer is threaded, and lark does not promise that a parser
# may be shared between threads.
LOCK = threading.Lock()


def column_of(token: Token) -> int:
    """Where ``token`` starts on its line (1-based)."""
    return token.column or 0
