"""Syntax errors in a player's words: what the parser would have accepted where the text
is not PSN, said with the catalogue's messages (:mod:`notation.messages.reader`)."""

from __future__ import annotations

import re
from typing import Final

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from notation.messages import Message, Param, Seq, has, msg
from notation.programs import kept_regexp
from notation.psn.errors import PSNSyntaxError
from notation.psn.grammar import FAST_FORMS, exact_parser
from notation.psn.plain import column_of

# The terminals named in an error, most useful first (each one's words are the catalogue's
# psn.term.<NAME>).
_NAMED: tuple[str, ...] = (
    "SEAT_CARDS",
    "CARDS",
    "TRICK",
    "DECLARE",
    "REINFORCE",
    "COUNTER",
    "BURY",
    "FALLBACK",
    "RESULT",
    "DEAL",
    "DECK",
    "KITTY",
    "FLIP",
    "TO",
    "DRAW",
    "SLASH",
    "BY",
    "FROM",
    "WON",
    "INT",
    "SIGNED",
    "SIDE",
    "STRAIN",
    "MULT",
    "POINTS",
    "LEVEL",
    "NEXT",
    "SEAT",
    "COLON",
    "HEADER",
    "RPAR",
    "$END",
)
# Annotations may follow almost anything, and so may a bury's hand after the pick-up and a
# trick's winner; naming them would drown the message (they are named when nothing else fits).
_ANNOTATIONS = {"COMMENT", "GLYPH", "NAG", "LPAR", "FROM", "WON"}
_ORDER = {name: i for i, name in enumerate(_NAMED)}


# Right after "won" or "won by" (a trick's winner), "by" and the number mean the seat.
_AFTER_WON = kept_regexp(r"""(?<![^\s{}()\[\]/:;$@!?"])(?i:won(?:\s*by)?)\s*\Z""")
_NAMED_AFTER_WON = frozenset({"BY", "INT"})  # psn.term.<NAME>_AFTER_WON
# Right after a trick's winner "won by 3", which ends the trick, what belongs to a trick.
_AFTER_WINNER = kept_regexp(r"""(?<![^\s{}()\[\]/:;$@!?"])(?i:won\s*by\s*[0-9]+)\s*\Z""")
_IN_A_TRICK = {"SEAT_CARDS", "SLASH", "COMMENT", "GLYPH", "NAG", "LPAR", "WON"}


def _expected(names: set[str], text: str = "", offset: int = 0) -> Param:
    """What the parser would accept, in words; ``text[:offset]`` is what came before."""
    names = names - FAST_FORMS  # never read by the exact parser; named by their ordinary tokens
    wanted = [n for n in names if n not in _ANNOTATIONS] or sorted(names)
    after_won = _AFTER_WON.search(text, 0, offset) is not None
    phrases: list[Param] = []
    for name in sorted(wanted, key=lambda n: _ORDER.get(n, len(_ORDER))):
        key = f"psn.term.{name}_AFTER_WON" if after_won and name in _NAMED_AFTER_WON else None
        phrase = msg(key) if key else _term(name)
        if phrase not in phrases:
            phrases.append(phrase)
    if len(phrases) > 5:
        phrases = [*phrases[:5], msg("psn.term.more")]
    if len(phrases) == 1:
        return phrases[0]
    return msg("psn.either", first=Seq(tuple(phrases[:-1])), last=phrases[-1])


def _term(name: str) -> Param:
    """A terminal in words: the catalogue's, or its name in lower case."""
    key = f"psn.term.{_ONE_TERM.get(name, name)}"
    return msg(key) if has(key) else name.lower()


# Terminals named by one phrase: the three kinds of bid.
_ONE_TERM: Final = {"DECLARE": "BID", "REINFORCE": "BID", "COUNTER": "BID"}


def _after(text: str, offset: int) -> Param:
    """Where the error is, in words: after seat 3:, after trick 5., after 'declare'.

    The word is taken from the right (a pattern searched from the left tried every
    place of a long word before it: minutes for a word of 100,000 letters).
    """
    words = text[:offset].rsplit(None, 1)
    if not words:
        return ""
    word = words[-1]
    if re.fullmatch(r"[0-9]+:", word):
        return msg("psn.after-seat", word=word)
    if re.fullmatch(r"[0-9]+\.", word):
        return msg("psn.after-trick", word=word)
    if len(word) > 20:
        word = "…" + word[-20:]
    return msg("psn.after", word=repr(word))


def _accepted(e: UnexpectedToken) -> set[str]:
    """What the parser would really accept here (LALR's look-ahead sets are wider)."""
    try:
        return set(e.interactive_parser.accepts())  # type: ignore[no-untyped-call]
    except Exception:  # no interactive parser: fall back on the look-ahead set
        return set(e.expected)


def _accepted_at(text: str, offset: int, e: UnexpectedCharacters) -> set[str]:
    """What the parser would accept after ``text[:offset]``, found by parsing up to there."""
    try:
        interactive = exact_parser().parse_interactive(text[:offset])
        interactive.exhaust_lexer()
        return set(interactive.accepts())  # type: ignore[no-untyped-call]
    except Exception:  # the text before the error does not parse alone: a rough answer
        return set(e.allowed)


def syntax_error(
    e: UnexpectedInput, text: str, first_line: int, filename: str | None
) -> PSNSyntaxError:
    """A located error in a player's words; ``text`` is the hand, starting at ``first_line``."""
    line, column, width = e.line, e.column, 1
    message: Message
    if isinstance(e, UnexpectedToken) and e.token.type != "$END":
        token = e.token
        expected = _accepted(e)
        offset = token.start_pos or 0
        if token.type == "COLON":
            message = msg("psn.seat-colon")
        elif token.type == "SEAT" and "SEAT_CARDS" in expected:
            seat = token.value.replace(" ", "").strip()
            message = msg("psn.card-after-seat", seat=seat)
            line, column = token.line or 1, column_of(token) + len(token.value.rstrip())
        elif token.type == "CARDS" and token.value.startswith("??") and "GLYPH" in expected:
            message = msg("psn.lone-unknown")
            width = 2
        elif token.type == "CARDS" and "SEAT_CARDS" in expected:
            card = token.value.split()[0]
            message = msg("psn.seat-first", card=card, after=_after(text, offset))
        else:
            shown = token.value.split("\n")[0].rstrip()
            width = len(shown)
            if len(shown) > 24:  # a long run of cards: the start says enough
                shown, width = shown[:24] + "…", len(shown.split()[0])
            wanted = _expected(expected, text, offset)
            message = msg(
                "psn.unexpected", shown=repr(shown), wanted=wanted, after=_after(text, offset)
            )
            if token.type in _IN_A_TRICK and _AFTER_WINNER.search(text, 0, offset):
                message = msg("joined", first=message, second=msg("psn.ends-the-trick"))
    elif isinstance(e, UnexpectedCharacters):
        offset = e.pos_in_stream or 0
        char = text[offset]
        if char == "{":
            message = msg("psn.comment-open")
        elif text.startswith("??", offset):
            message = msg("psn.lone-unknown")
            width = 2
        elif char == ":":
            message = msg("psn.seat-colon")
        elif char == "[":
            message = msg("psn.header-form")
        else:
            wanted = _expected(_accepted_at(text, offset, e), text, offset)
            message = msg(
                "psn.unexpected", shown=repr(char), wanted=wanted, after=_after(text, offset)
            )
    else:
        names = set(e.expected) if isinstance(e, UnexpectedToken | UnexpectedEOF) else set()
        stripped = text.rstrip()
        line = stripped.count("\n") + 1
        column = len(stripped) - stripped.rfind("\n")
        if "RPAR" in names:
            message = msg("psn.variation-open")
        else:
            wanted = _expected(names, text, len(text))
            message = msg("psn.ends-too-soon", wanted=wanted, after=_after(text, len(text)))
    return PSNSyntaxError(
        message.render(),
        text=message,
        source=text,
        first_line=first_line,
        line=line + first_line - 1,
        column=column,
        filename=filename,
        width=width,
    )
