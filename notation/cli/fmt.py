"""``shengji fmt``: rewrite PSN files in the canonical form (like ``black`` for records)."""

from __future__ import annotations

import argparse
from collections import deque
from collections.abc import Iterator

from notation.cli.common import ReadableHands, find_files, warn
from notation.cli.language import said
from notation.files import MAX_LINE_CHARS, STDIN, FileError, Output, open_input, shown_path
from notation.messages import Message, Seq, count, error_words, msg
from notation.psn import write_hands
from notation.psn.split import MAX_HAND_CHARS

__all__ = ["add_parser", "run"]


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``fmt``."""
    p = subparsers.add_parser(
        "fmt",
        help=said("help.fmt"),
        description=said("help.fmt.about"),
    )
    p.add_argument(
        "files",
        nargs="+",
        metavar="PATH",
        help=said("help.fmt.files"),
    )
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help=said("help.fmt.check"))
    mode.add_argument("--in-place", "-i", action="store_true", help=said("help.in-place"))
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Format every file; 2 if one could not be read, else 1 if --check found changes."""
    broken = changed = unchanged = 0
    lang = args.lang
    names = [str(p) for p in find_files(n for n in args.files if n != STDIN)]
    if STDIN in args.files:
        names.insert(args.files.index(STDIN), STDIN)
    if not names:  # folders of no records: said, and nothing to do (as black and ruff)
        warn(msg("fmt.nothing"), lang=lang)
        return 0
    for name in names:
        shown = shown_path(name)
        in_place = args.in_place and name != STDIN
        try:
            with Output(None if not in_place else name) as out:
                same = _format(name, None if args.check else out, lang)
                if same is None:
                    broken += 1
                    continue
                if not args.check and (not in_place or not same):
                    out.commit()
        except FileError as e:
            warn(msg("cmd.error", text=error_words(e, lang)), lang=lang)
            broken += 1
            continue
        if same:
            unchanged += 1
        else:
            changed += 1
        if args.check and not same:
            print(msg("fmt.would-reformat", path=shown).render(lang))
        elif in_place and not same:
            warn(msg("fmt.reformatted", path=shown), lang=lang)
    if args.check or args.in_place:
        warn(_summary(changed, unchanged, broken, would=args.check), lang=lang)
    if broken:
        return 2
    return 1 if changed and args.check else 0


def _format(path: str, out: Output | None, lang: str) -> bool | None:
    """Read the file hand by hand, writing its canonical text to ``out`` (if any); True if
    the file is already canonical, None if a hand cannot be read (each error said)."""
    same = _Same()
    with open_input(path) as lines:
        hands = ReadableHands(same.original(lines), shown_path(path), lang)
        for piece in write_hands(hands):
            same.canonical(piece)
            if out is not None and not hands.broken:
                out.write(piece)
    return None if hands.broken else same.done()


class _Same:
    """Whether a file's text is its canonical text, compared as both are made. Only what
    one side has and the other not yet is kept: while they agree, a hand and a line at
    most (the splitter gives a hand when it reads the next one's first line), so more
    than that says they differ."""

    def __init__(self) -> None:
        self.same = True
        self.ahead: deque[str] = deque()  # pieces of one side the other has not reached
        self.start = 0  # where the first piece's unmatched part starts
        self.size = 0  # characters ahead
        self.side = 0  # which side is ahead: 0 the original, 1 the canonical

    def original(self, lines: Iterator[str]) -> Iterator[str]:
        """The file's lines, passed on, each compared as it goes by."""
        for line in lines:
            self._add(line, 0)
            yield line

    def canonical(self, text: str) -> None:
        """The next piece of the canonical text."""
        self._add(text, 1)

    def done(self) -> bool:
        """True if both texts are over and were the same."""
        return self.same and not self.size

    def _add(self, text: str, side: int) -> None:
        if not self.same or not text:
            return
        at = 0
        if self.side != side:
            while at < len(text) and self.ahead:
                head = self.ahead[0]
                n = min(len(head) - self.start, len(text) - at)
                if head[self.start : self.start + n] != text[at : at + n]:
                    self._differ()
                    return
                at, self.start, self.size = at + n, self.start + n, self.size - n
                if self.start == len(head):
                    self.ahead.popleft()
                    self.start = 0
        if at < len(text):
            self.ahead.append(text[at:] if at else text)
            self.size += len(text) - at
            self.side = side
            if self.size > MAX_HAND_CHARS + MAX_LINE_CHARS + 1:
                self._differ()

    def _differ(self) -> None:
        self.same = False
        self.ahead.clear()
        self.size = 0


def _summary(changed: int, unchanged: int, broken: int, *, would: bool) -> Message:
    """One line, as black ends: ``1 file would be reformatted, 2 files would be left
    unchanged``; parts with no file are left out."""
    parts = [
        msg("fmt.would-change" if would else "fmt.changed", files=count(changed, "files"))
        if changed
        else None,
        msg("fmt.would-keep" if would else "fmt.kept", files=count(unchanged, "files"))
        if unchanged
        else None,
        msg("fmt.broken", files=count(broken, "files")) if broken else None,
    ]
    said = tuple(p for p in parts if p is not None)
    return msg("text", text=Seq(said, "sep.comma")) if said else msg("fmt.nothing")
