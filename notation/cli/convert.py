"""``shengji convert``: PSN to JSON (for game servers and bots) and back."""

from __future__ import annotations

import argparse

from notation.cli.common import ReadableHands
from notation.cli.language import said
from notation.files import open_input, open_output, read_document, shown_path, write_output
from notation.psn import from_json, to_json_pieces, write

__all__ = ["add_parser", "run"]


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``convert``."""
    p = subparsers.add_parser(
        "convert",
        help=said("help.convert"),
        description=said("help.convert.about"),
    )
    p.add_argument("file", metavar="FILE", help=said("help.convert.file"))
    direction = p.add_mutually_exclusive_group(required=True)
    direction.add_argument("--to", choices=["json"], help=said("help.convert.to"))
    direction.add_argument(
        "--from", dest="source", choices=["json"], help=said("help.convert.source")
    )
    p.add_argument("-o", "--output", metavar="OUT", help=said("help.convert.output"))
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
