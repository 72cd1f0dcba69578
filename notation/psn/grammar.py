"""The compiled PSN grammar: the LALR parser with its fast forms, which reads every hand
that is not plain, and the exact parser without them, which reads again only the hands
with errors; the type of their trees, and what the plain reader keeps of the first
(:func:`plain_states`, for notation/psn/plain.py, which reads a plain hand without lark).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

import lark
from lark import Lark, Token, Tree
from lark import lexer as lark_lexer
from lark.lexer import BasicLexer, ContextualLexer, PatternRE, Scanner, TerminalDef
from lark.utils import TextSlice

from notation.psn.plain import Match, Table, terminal_match
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
# (On an ASCII text, each terminal as it reads one: notation/psn/plain.py.)

# lark's own step before its scanner (a keyword that a pattern also matches is told apart
# after the match), used as it is: untyped in lark.
_Unless = Callable[..., tuple[list[TerminalDef], dict[str, Any]]]
_create_unless: _Unless = lark_lexer._create_unless
_Tries = list[tuple[Match, str]]


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
        flags = self.g_regex_flags
        return [
            (terminal_match(t.pattern.to_regexp(), flags, ascii_text), t.name)
            for t in self.terminals
        ]

    def match(self, text: TextSlice[str], pos: int) -> tuple[str, str] | None:
        whole, end = text.text, text.end
        for match, name in self._tries_for(whole):
            found = match(whole, pos, end)
            if found is not None:
                return found.group(0), name
        return None

    def fullmatch(self, text: str) -> str | None:
        return next((name for match, name in self._tries_for(text) if _whole(match, text)), None)


def _whole(match: Match, text: str) -> bool:
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


def plain_states(plain: Sequence[str], most: int = 200) -> Table:
    """What the plain reader needs of the fast parser (notation/psn/plain.py): the parser
    states the ``plain`` tokens lead through from the start, each with the terminals its
    lexer tries in the order it tries them, the state each plain token it accepts leads
    to, and whether the hand may end there (states told apart by their whole stack: what
    follows depends on it). None of it is written here: lark's analysis says it all.
    No table (no state) where lark's lexer would change a token's type after its match,
    or where the states do not end."""
    parser = fast_parser()
    lexer = parser.parser.lexer
    assert isinstance(lexer, ContextualLexer)
    start: Any = parser.parse_interactive("")  # (lark's interactive parser: untyped)
    stacks = {tuple(start.parser_state.state_stack): 0}
    walked: list[Any] = [start]
    states: list[tuple[tuple[tuple[str, str], ...], dict[str, int], bool]] = []
    flags, ignored, lines = 0, frozenset[str](), frozenset[str]()
    for here in walked:  # (grows as new states are met)
        accepts = here.accepts()
        moves: dict[str, int] = {}
        for name in plain:
            if name not in accepts:
                continue
            there = here.copy()
            there.feed_token(Token(name, ""))
            stack = tuple(there.parser_state.state_stack)
            if stack not in stacks:
                stacks[stack] = len(walked)
                walked.append(there)
            moves[name] = stacks[stack]
        basic = lexer.lexers[here.parser_state.position]
        assert isinstance(basic, BasicLexer)
        scanner = basic.scanner  # (what lark's lexer tries, made now if not yet)
        if basic.callback or len(walked) > most:
            return (0, frozenset(), frozenset(), ())
        flags = basic.g_regex_flags
        ignored, lines = ignored | basic.ignore_types, lines | basic.newline_types
        terminals = tuple((t.name, t.pattern.to_regexp()) for t in scanner.terminals)
        states.append((terminals, moves, "$END" in accepts))
    return (int(flags), frozenset(ignored), frozenset(lines), tuple(states))


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
