"""``shengji convert``: PSN to JSON (for game servers and bots) and back."""

from __future__ import annotations

import argparse

from notation.cli.common import ReadableHands
from notation.files import open_input, open_output, read_document, shown_path, write_output
from notation.psn import from_json, to_json_pieces, write

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
    """Convert one file; 2 if it cannot be read (nothing is written then)."""
    if args.source == "json":
        record = from_json(read_document(args.file))
        write_output(args.output, write(record))
        return 0
    with open_output(args.output) as out, open_input(args.file) as lines:
        hands = ReadableHands(lines, shown_path(args.file), args.lang)
        for piece in to_json_pieces(hands):  # a hand at a time
            if not hands.broken:
                out.write(piece)
        if hands.broken:
            return 2
        out.commit()
    return 0
