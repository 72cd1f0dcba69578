"""``shengji convert``: PSN to JSON (for game servers and bots) and back."""

from __future__ import annotations

import argparse

from notation.cli.common import read_text, warn, write_output
from notation.messages import error_words, msg
from notation.psn import from_json, parse, to_json, write

__all__ = ["add_parser", "run"]


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``convert``."""
    p = subparsers.add_parser(
        "convert",
        help="convert a PSN file to JSON, or JSON back to PSN",
        description=(
            "Convert a record between PSN and its JSON form (described in grammars/PSN.md). "
            "--to json reads PSN; --from json reads JSON and writes canonical PSN."
        ),
    )
    p.add_argument("file", metavar="FILE", help="the input file (- for standard input)")
    direction = p.add_mutually_exclusive_group(required=True)
    direction.add_argument("--to", choices=["json"], help="convert PSN to this format")
    direction.add_argument("--from", dest="source", choices=["json"], help="convert to PSN")
    p.add_argument("-o", "--output", metavar="OUT", help="write here instead of standard output")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Convert one file; 2 if it cannot be read."""
    text = read_text(args.file)
    if args.source == "json":
        out = write(from_json(text))
    else:
        record = parse(text, args.file)
        if record.errors:
            for error in record.errors:
                warn(msg("syntax", text=error_words(error, args.lang)), lang=args.lang)
            return 2
        out = to_json(record)
    write_output(args.output, out)
    return 0
