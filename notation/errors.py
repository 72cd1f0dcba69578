"""The error family: one base class, a ``ValueError``, and a few located subclasses."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from notation.programs import kept_regexp
from notation.terminal import printable

if TYPE_CHECKING:  # the messages import the cards, which raise these errors
    from notation.messages import Message

__all__ = [
    "CONTEXT_WIDTH",
    "CardError",
    "KeyedError",
    "ShengjiError",
    "SourceError",
]

# The most characters of a line an error draws: a longer line is shown as a window of
# this many characters around the column, with … where it goes on (as compilers do).
CONTEXT_WIDTH = 120


class ShengjiError(ValueError):
    """Base class of every error about input that shengji reports to a user."""


class KeyedError(ShengjiError):
    """An error of the rules core or the record model, as facts: ``key`` names the
    reason and ``facts`` (its seats, cards, counts) fill the message catalogue's template
    for it, ``<kind>.why.<key>`` (``notation.messages.reasons``), in any language;
    ``str()`` is its English."""

    kind: ClassVar[str] = ""  # whose reasons: bid, game, ruleset, model

    def __init__(self, key: str, **facts: object) -> None:
        super().__init__(key)
        self.key = key
        self.facts = facts

    @property
    def text(self) -> Message:
        """The error as a message of the catalogue, filled from its facts."""
        from notation.messages import reason_message  # the catalogue imports the core

        return reason_message(self)

    def __str__(self) -> str:
        return self.text.render("en")


class CardError(KeyedError):
    """A card or rank that does not exist (``"S11"``, ``"XJ"``), by its key and facts
    (``card.why.<key>``); ``token`` is the text, when one was read."""

    kind = "card"

    @property
    def token(self) -> str | None:
        """The text that names no card or rank, when one was read."""
        token = self.facts.get("token")
        return token if isinstance(token, str) else None


class SourceError(ShengjiError):
    """An error at a place in a text: file, line and column, drawn with a caret;
    ``message`` in English, ``text`` the same in both languages where its maker gave it.

    >>> print(SourceError("unknown card 'S11'", source="[Deal]\\n1: S11 HK", line=2, column=4,
    ...                   filename="a.psn"))
    a.psn:2:4: unknown card 'S11'
      1: S11 HK
         ^
    """

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        line: int | None = None,
        column: int | None = None,
        filename: str | None = None,
        width: int = 1,
        first_line: int = 1,
        text: Message | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.text = text  # the message in both languages, when its maker gave one
        self.source = source  # the text the error is in, or an excerpt of it
        self.first_line = first_line  # the line number of the excerpt's first line
        self.line = line
        self.column = column
        self.filename = filename
        self.width = max(1, width)

    @property
    def location(self) -> str:
        """``file:line:col`` as far as it is known."""
        parts = [self.filename or "<input>"]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)

    def context(self) -> str:
        """The offending line with a caret under the column, or ``""``.

        A line longer than :data:`CONTEXT_WIDTH` characters is drawn as a window around
        the column, marked with … at the end or ends cut off.
        """
        if self.source is None or self.line is None:
            return ""
        text = _nth_line(self.source, self.line - self.first_line)
        if text is None:
            return ""
        return _draw(text, (self.column or 1) - 1, self.width)

    def __str__(self) -> str:
        return self.in_lang("en")

    def in_lang(self, lang: str) -> str:
        """The error as ``str`` gives it, its message in ``lang`` (``en`` or ``zh``) where
        it was made with one in both languages."""
        message = self.message if self.text is None else self.text.render(lang)
        head = f"{self.location}: {message}"
        context = self.context()
        return f"{head}\n{context}" if context else head


_LINE_BREAK = kept_regexp(r"\r\n?|\n")


def _nth_line(source: str, index: int) -> str | None:
    """Line ``index`` (0-based) of ``source`` without its line break, or ``None``.

    Lines end at ``\\n``, ``\\r\\n`` or ``\\r`` (as the reader counts them); the text is
    not split whole, so finding a line of a large file costs no copy of the file.
    """
    if index < 0:
        return None
    start = 0
    for _ in range(index):
        found = _LINE_BREAK.search(source, start)
        if found is None:
            return None
        start = found.end()
    if start >= len(source) and (index or not source):
        return None  # past the last line
    end = _LINE_BREAK.search(source, start)
    return source[start:] if end is None else source[start : end.start()]


def _draw(text: str, column: int, width: int) -> str:
    """``text`` and a caret line under ``width`` characters from ``column`` (0-based),
    cut to a window of :data:`CONTEXT_WIDTH` characters around the column."""
    start, end = 0, len(text)
    if end > CONTEXT_WIDTH:
        start = max(0, min(column - CONTEXT_WIDTH // 2, end - CONTEXT_WIDTH))
        end = start + CONTEXT_WIDTH
    left = "…" if start > 0 else ""
    right = "…" if end < len(text) else ""
    underlined = max(1, min(width, end - column)) if column < end else 1

    def shown(part: str) -> str:
        # A tab is one column, as the reader counts; a control character its escape
        # (``\x1b``: the line is shown, never obeyed), the caret moved past it.
        return printable(part.expandtabs(1))

    lead = len(shown(text[start : min(column, end)])) + max(0, column - end)
    if column < end:
        underlined = len(shown(text[column : column + underlined]))
    caret = " " * (lead + len(left)) + "^" * underlined
    return f"  {left}{shown(text[start:end])}{right}\n  {caret}"
