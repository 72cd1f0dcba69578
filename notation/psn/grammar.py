"""The compiled PSN grammar: the LALR parser with its fast forms, which reads every hand,
and the exact parser without them, which reads again only the hands with errors; the
lock that lets one parse run at a time, and the type of their trees.
"""

from __future__ import annotations

import hashlib
import threading
from functools import cache

import lark
from lark import Lark, Token, Tree
from lark.lexer import PatternRE, TerminalDef

from notation.resources import cache_dir, grammar_path

Node = Tree[Token]  # a parse tree of a hand: rules, and tokens for leaves


# The grammar's fast forms: a header block, plain bids and buries, plain tricks, a plain
# result line, each one token for what is otherwise a run of tokens (see psn.lark).
FAST_FORMS = frozenset({"HEADERS", "AUCTION", "TRICKS", "RESULT_LINE"})


def _cache_file(grammar: str, kind: str) -> str | bool:
    """Where lark keeps the analysed ``kind`` parser of ``grammar`` between runs (about
    0.1 s of start-up saved): a file of this user's private cache folder, named by the
    grammar's text and lark's version (lark checks both again when it loads it); no
    cache where there is no private folder (never a shared temp folder: lark loads its
    cache with pickle)."""
    folder = cache_dir()
    if folder is None:
        return False
    digest = hashlib.sha256(f"{lark.__version__}\0{grammar}".encode()).hexdigest()[:20]
    return str(folder / f"psn-{kind}-{digest}.lark-cache")


@cache
def fast_parser() -> Lark:
    """The compiled PSN parser, with the fast forms: the parser of every hand (built once;
    LALR with the contextual lexer)."""
    grammar = grammar_path("psn.lark").read_text(encoding="utf-8")
    return Lark(
        grammar,
        parser="lalr",
        lexer="contextual",
        maybe_placeholders=False,
        cache=_cache_file(grammar, "fast"),
    )


def _never(terminal: TerminalDef) -> None:
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
    return Lark(
        grammar,
        parser="lalr",
        lexer="contextual",
        maybe_placeholders=False,
        edit_terminals=_never,
        cache=_cache_file(grammar, "exact"),
    )


# One parse at a time: the viewer is threaded, and lark does not promise that a parser
# may be shared between threads.
LOCK = threading.Lock()


def column_of(token: Token) -> int:
    """Where ``token`` starts on its line (1-based)."""
    return token.column or 0
