"""The error family: one base class, a ``ValueError``, and a few located subclasses."""

from __future__ import annotations

__all__ = ["CardError", "ShengjiError", "SourceError", "describe", "kind_of"]


class ShengjiError(ValueError):
    """Base class of every error about input that shengji reports to a user."""


class CardError(ShengjiError):
    """A card token that names no card (``"S11"``, ``"XJ"``)."""


class SourceError(ShengjiError):
    """An error at a place in a text: file, line and column, drawn with a caret.

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
    ) -> None:
        super().__init__(message)
        self.message = message
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
        """The offending line with a caret under the column, or ``""``."""
        if self.source is None or self.line is None:
            return ""
        lines = self.source.splitlines()
        index = self.line - self.first_line
        if not 0 <= index < len(lines):
            return ""
        text = lines[index].expandtabs(1)
        caret = " " * ((self.column or 1) - 1) + "^" * self.width
        return f"  {text}\n  {caret}"

    def __str__(self) -> str:
        head = f"{self.location}: {self.message}"
        context = self.context()
        return f"{head}\n{context}" if context else head


def kind_of(value: object) -> str:
    """What a value read from JSON is, in words: ``"a number"``, ``"a list"`` ...

    >>> kind_of(7), kind_of("S10"), kind_of([]), kind_of({}), kind_of(None), kind_of(True)
    ('a number', 'text', 'a list', 'an object', 'null', 'true/false')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list | tuple):
        return "a list"
    return "an object" if isinstance(value, dict) else type(value).__name__


def describe(value: object) -> str:
    """A value read from JSON, for an error message: a number or text as written (cut
    short), anything else by its kind. Never all of it: it may be huge, or nested
    thousands deep.

    >>> describe(7), describe("S11"), describe([["S9"]]), describe(10**40)
    ('7', "'S11'", 'a list', '1000000000… (41 digits)')
    """
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() > 14_000:  # past Python's 4300 digits: not even printable
            return f"a number of about {value.bit_length() * 3 // 10} digits"
        digits = str(value)
        return digits if len(digits) <= 12 else f"{digits[:10]}… ({len(digits)} digits)"
    if isinstance(value, str):
        return repr(value if len(value) <= 24 else value[:24] + "…")
    if isinstance(value, float):
        return repr(value)
    return kind_of(value)
