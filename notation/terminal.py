"""What reaches a terminal: a record's text shown, never obeyed.

A player's name, a comment or a header may hold control characters (ESC starts the
sequences that recolour, retitle or clear a terminal; BEL rings it). Every sentence for
people passes :func:`printable` on its way out, which writes each such character as an
escape (``\\x1b``), as ruff and git show them; line breaks and tabs stay. The ``shengji``
command puts :class:`PrintableStream` before standard error and before standard output
when what it prints there is for people (``show`` escapes its drawing itself: it colours
it). JSON is escaped by JSON, HTML by HTML; PSN written to a file or a pipe is the
record's own text.
"""

from __future__ import annotations

import io
from typing import Any, Final, TextIO

from notation.programs import kept_regexp

__all__ = ["PrintableStream", "escaped", "printable", "unwrapped"]

# C0 controls but the line feed and the tab, DEL, and the C1 controls (U+009B is a
# one-character CSI to some terminals); and the marks that reorder text right to left
# (the bidi embeddings, overrides and isolates, and the direction marks), with which a
# name can make a line read otherwise than it is ("Trojan Source").
_CONTROL: Final = kept_regexp(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)


def printable(text: str) -> str:
    """``text`` with its control characters written as escapes, the rest as it is.

    >>> printable("Ann\\x1b]0;pwned\\x07 安\\n")
    'Ann\\\\x1b]0;pwned\\\\x07 安\\n'
    >>> printable("Bo\\u202e ZYX")
    'Bo\\\\u202e ZYX'
    """
    return _CONTROL.sub(lambda m: escaped(m.group()), text)


def escaped(char: str) -> str:
    """One character written as its escape: ``\\x1b``, ``\\u202e``."""
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


class PrintableStream(io.TextIOBase):
    """A text stream that writes everything through :func:`printable` to ``stream``."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.stream = stream

    def write(self, text: str) -> int:
        self.stream.write(printable(text))
        return len(text)

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self.stream.encoding

    @property
    def buffer(self) -> Any:
        """The bytes under the text (a PNG is written there, never to a terminal)."""
        return self.stream.buffer


def unwrapped(stream: TextIO) -> TextIO:
    """The stream under a :class:`PrintableStream` (for a progress bar's own ``\\r``)."""
    return stream.stream if isinstance(stream, PrintableStream) else stream
