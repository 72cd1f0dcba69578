"""argparse's help laid out by the columns a terminal gives each character.

argparse measures and wraps its help by characters and breaks lines at spaces only; a
Chinese character takes two columns and a Chinese sentence has no spaces. The formatters
here measure in columns and may break between any two Chinese characters (never before a
closing mark such as ，。）); for English they lay out what argparse would.
"""

from __future__ import annotations

import argparse
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from notation.programs import kept_regexp

__all__ = ["Parser", "by_columns", "display_width", "wrap_display"]

# What never starts a line: closing marks and punctuation.
_NO_LINE_START = frozenset("，。、；：？！）》」』】”’%)]}.,;:!?")


def display_width(text: str) -> int:
    """The columns ``text`` takes in a terminal (East Asian wide characters take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pieces(text: str) -> list[str]:
    """``text`` cut where a line may break: a run of other characters with the spaces after
    it, or one wide character; a closing mark stays with the piece before it."""
    pieces: list[str] = []
    for run in re.findall(r"[^\s]+\s*|\s+", text):
        parts = re.findall(r"[^\s\u2e80-\uffef]+\s*|[\u2e80-\uffef]\s*|\s+", run)
        for part in parts:
            if pieces and (part[0] in _NO_LINE_START or pieces[-1][-1:] in "（《「『【“‘"):
                pieces[-1] += part
            else:
                pieces.append(part)
    return pieces


def wrap_display(text: str, width: int) -> list[str]:
    """``text`` (spaces collapsed) in lines of at most ``width`` columns where it can be
    broken (a piece longer than a line stands alone on its line)."""
    lines: list[str] = []
    line = ""
    for piece in _pieces(" ".join(text.split())):
        if line and display_width(line + piece.rstrip()) > width:
            lines.append(line.rstrip())
            line = piece.lstrip()
        else:
            line += piece
    if line.strip():
        lines.append(line.rstrip())
    return lines


class _Columns(argparse.HelpFormatter):
    """Help measured in columns: the option column padded, and the help wrapped, by
    :func:`display_width` (argparse's own method, measured otherwise unchanged)."""

    def add_argument(self, action: argparse.Action) -> None:
        super().add_argument(action)
        if action.help is not argparse.SUPPRESS:
            actions = [action, *self._iter_indented_subactions(action)]
            widest = max(display_width(self._format_action_invocation(a)) for a in actions)
            self._action_max_length = max(self._action_max_length, widest + self._current_indent)

    def _split_lines(self, text: str, width: int) -> list[str]:
        return wrap_display(text, width)

    def format_help(self) -> str:
        # A section's heading ends with argparse's colon; a Chinese one takes a Chinese colon.
        return re.sub(_HEADING, "\\1：", super().format_help(), flags=re.MULTILINE)

    def _format_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None,
    ) -> str:
        # argparse's usage, its parts laid out again by columns: the options after the
        # program's name, the positionals on a line of their own when it does not fit.
        text = super()._format_usage(usage, actions, groups, prefix)
        module: Any = argparse
        prefix = module._("usage: ") if prefix is None else prefix
        body = " ".join(text.removeprefix(prefix).split())
        if usage is not None or not body.startswith(self._prog):
            return text
        parts = _USAGE_PART.findall(body.removeprefix(self._prog))
        options = [p for p in parts if p.lstrip("[(").startswith("-")]
        positionals = [p for p in parts if not p.lstrip("[(").startswith("-")]
        head = f"{prefix}{self._prog}"
        width = self._width - self._current_indent
        if display_width(" ".join([head, *parts])) <= width:
            return " ".join([head, *parts]) + "\n\n"
        indent = display_width(head) + 1
        if indent > width * 3 // 4:
            indent = display_width(prefix)
        lines = _fill_parts([head], options, width, indent)
        if positionals:
            lines += _fill_parts([], positionals, width, indent)
        return "\n".join(lines) + "\n\n"

    def _format_action(self, action: argparse.Action) -> str:
        help_position = min(self._action_max_length + 2, self._max_help_position)
        help_width = max(self._width - help_position, 11)
        action_width = help_position - self._current_indent - 2
        header = self._format_action_invocation(action)
        indent = " " * self._current_indent
        first = 0
        if not action.help:
            parts = [f"{indent}{header}\n"]
        elif display_width(header) <= action_width:
            padding = " " * (action_width - display_width(header) + 2)
            parts = [f"{indent}{header}{padding}"]
        else:
            parts = [f"{indent}{header}\n"]
            first = help_position
        if action.help and action.help.strip():
            lines = self._split_lines(self._expand_help(action), help_width)
            if lines:
                parts.append(" " * first + lines[0] + "\n")
                parts.extend(" " * help_position + line + "\n" for line in lines[1:])
        elif not parts[0].endswith("\n"):
            parts.append("\n")
        parts.extend(self._format_action(sub) for sub in self._iter_indented_subactions(action))
        return self._join_parts(parts)


# A heading that ends in a Chinese character (compiled when help is shown: the range takes
# 2 ms to compile, which every other command would pay at its start).
_HEADING = r"^(\S*[\u2e80-\uffef]):$"
# A part of a usage line (argparse's own pattern): a group in brackets, or a word.
_USAGE_PART = kept_regexp(r"\(.*?\)+(?=\s|$)|\[.*?\]+(?=\s|$)|\S+")


def _fill_parts(first: list[str], parts: list[str], width: int, indent: int) -> list[str]:
    """``parts`` in lines of ``width`` columns, the first line starting with ``first``,
    the others indented by ``indent`` columns."""
    lines: list[str] = []
    line = list(first)
    start = 0 if first else indent
    for part in parts:
        if len(line) > len(first) and start + display_width(" ".join([*line, part])) > width:
            lines.append(" " * start + " ".join(line))
            line, start = [], indent
        line.append(part)
    if line:
        lines.append(" " * start + " ".join(line))
    return lines


class _WideHelpFormatter(_Columns):
    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(indent + line for line in wrap_display(text, width - len(indent)))


class _WideRawDescriptionHelpFormatter(_Columns, argparse.RawDescriptionHelpFormatter):
    def _fill_text(self, text: str, width: int, indent: str) -> str:
        # The lines as written; one too long for the terminal wrapped, under its indent.
        lines: list[str] = []
        for line in text.splitlines():
            lead = line[: len(line) - len(line.lstrip())]
            if display_width(indent + line) <= width:
                lines.append(indent + line)
            else:
                room = width - len(indent) - len(lead)
                lines.extend(indent + lead + part for part in wrap_display(line, room))
        return "\n".join(lines) + ("\n" if text.endswith("\n") else "")


Formatter = Callable[..., argparse.HelpFormatter]


def by_columns(formatter: Formatter) -> Formatter:
    """The formatter that lays out what ``formatter`` would, measured in columns."""
    if formatter is argparse.RawDescriptionHelpFormatter:
        return _WideRawDescriptionHelpFormatter
    if formatter is argparse.HelpFormatter:
        return _WideHelpFormatter
    return formatter


class Parser(argparse.ArgumentParser):
    """argparse's parser, but for one thing: it is built without measuring the terminal.
    argparse makes a formatter for each argument added (to check how its value is named)
    and one for the subcommands (to name their program, ``shengji validate``), and a
    formatter asks ``shutil`` for the terminal's width: importing ``shutil`` (with
    ``zlib``, ``bz2`` and ``lzma``) cost 6.6 million instructions of every start, and only
    a help or an error shown needs the width. A parser's subcommands are parsers of its
    class (argparse's default)."""

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        with self._unmeasured():
            return super().add_argument(*args, **kwargs)

    def add_subparsers(self, **kwargs: Any) -> Any:
        with self._unmeasured():
            return super().add_subparsers(**kwargs)

    @contextmanager
    def _unmeasured(self) -> Iterator[None]:
        shown = self.formatter_class
        self.formatter_class = _Unmeasured
        try:
            yield
        finally:
            self.formatter_class = shown


class _Unmeasured(argparse.HelpFormatter):
    """A formatter asked only how an argument's value is named (argparse's check) and the
    subcommands' program name (``shengji``, as wide as any terminal), never to lay out a
    help: it does not measure the terminal."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        super().__init__(prog, indent_increment, max_help_position, 80 if width is None else width)
