"""``shengji fmt``: rewrite PSN files in the canonical form (like ``black`` for records)."""

from __future__ import annotations

import argparse
import sys

from notation.cli.common import find_files, read_text, warn, write_output
from notation.errors import ShengjiError
from notation.messages import Message, Seq, count, error_words, msg
from notation.psn import parse, write

__all__ = ["add_parser", "run"]


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``fmt``."""
    p = subparsers.add_parser(
        "fmt",
        help="print PSN files in the canonical form, check them, or rewrite them",
        description=(
            "Print each PSN file in the canonical form. With --check, only say which files "
            "would change (exit 1 if any); with --in-place, rewrite them; both end with a "
            "one-line count of the files on standard error. A file that cannot be read is "
            "reported with its line and column (exit 2) and left untouched."
        ),
    )
    p.add_argument(
        "files",
        nargs="+",
        metavar="PATH",
        help="PSN files, folders (every *.psn below them), or - for standard input",
    )
    mode = p.add_mutually_exclusive_group()
    mode.add_argument(
        "--check", action="store_true", help="exit 1 and name the files that would change"
    )
    mode.add_argument("--in-place", "-i", action="store_true", help="rewrite the files")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Format every file; 2 if one could not be read, else 1 if --check found changes."""
    broken = changed = unchanged = 0
    lang = args.lang
    names = [str(p) for p in find_files(n for n in args.files if n != "-")]
    if "-" in args.files:
        names.insert(args.files.index("-"), "-")
    for name in names:
        try:
            text = read_text(name)
        except ShengjiError as e:
            warn(msg("cmd.error", text=error_words(e, lang)), lang=lang)
            broken += 1
            continue
        record = parse(text, name)
        if record.errors:
            for error in record.errors:
                warn(msg("syntax", text=error_words(error, lang)), lang=lang)
            broken += 1
            continue
        canonical = write(record)
        if canonical == text:
            unchanged += 1
        else:
            changed += 1
        if args.check:
            if canonical != text:
                print(msg("fmt.would-reformat", path=name).render(lang))
        elif args.in_place and name != "-":
            if canonical != text:
                write_output(name, canonical)
                warn(msg("fmt.reformatted", path=name), lang=lang)
        else:
            sys.stdout.write(canonical)
    if args.check or args.in_place:
        warn(_summary(changed, unchanged, broken, would=args.check), lang=lang)
    if broken:
        return 2
    return 1 if changed and args.check else 0


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
    return msg("text", text=Seq(said, ", ", "，")) if said else msg("fmt.nothing")
