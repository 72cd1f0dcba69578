"""``shengji puzzles``: the mistakes and blunders of analysed hands, as a puzzle set.

Each file is read hand by hand; a hand that cannot be read is said with its place, and
a hand with no analysis is said too (this command never runs the analysis: ``shengji
analyze`` does, and may take minutes), and the other hands and files are still read.
The set (:mod:`notation.analysis.puzzles`) is written to ``-o`` or standard output.
Exit 0 when every hand was read and analysed, 2 when one was not (the puzzles found in
the others are written all the same).
"""

from __future__ import annotations

import argparse
import math
from typing import Any

from notation.analysis.puzzles import NoAnalysis, Puzzle, hand_puzzles, puzzle_hand
from notation.cli.common import ReadableHands, find_files, warn
from notation.cli.language import said, type_error
from notation.errors import ShengjiError
from notation.files import FileError, open_input, shown_path, write_output
from notation.messages import count, error_words, msg
from notation.presets import ruleset_argument
from notation.psn import write
from notation.rules.game import GameError

__all__ = ["add_parser", "min_loss", "run"]


def add_parser(sub: Any) -> None:
    """Register ``shengji puzzles``."""
    parser = sub.add_parser(
        "puzzles",
        help=said("help.puzzles"),
        description=said("help.puzzles.about"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help=said("help.puzzles.files"))
    parser.add_argument("--seat", type=int, choices=(1, 2, 3, 4), help=said("help.puzzles.seat"))
    parser.add_argument(
        "--min-loss",
        type=min_loss,
        default=0.0,
        metavar="N",
        help=said("help.puzzles.min-loss"),
    )
    parser.add_argument("--rules", help=said("help.puzzles.rules"))
    parser.add_argument("-o", "--output", metavar="OUT", help=said("help.puzzles.output"))
    parser.set_defaults(run=run)


def min_loss(text: str) -> float:
    """The least loss typed after ``--min-loss``: a finite number of points, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        raise type_error(msg("puzzles.min-loss", text=repr(text))) from None
    if not (math.isfinite(value) and value >= 0):
        raise type_error(msg("puzzles.min-loss", text=repr(text)))
    return value


def run(args: argparse.Namespace) -> int:
    """Make the puzzles of every file named; 2 if a file or hand could not be used."""
    lang = args.lang
    files = list(find_files(args.files))
    if not files:
        warn(msg("puzzles.no-files"), lang=lang)
        return 2
    rules = ruleset_argument(args.rules) if args.rules else None
    found: list[Puzzle] = []
    hands = 0
    bad = False
    for path in files:
        name = shown_path(path)
        try:
            with open_input(str(path)) as lines:
                readable = ReadableHands(lines, name, lang)
                for number, hand in readable.numbered():
                    hands += 1
                    try:
                        found += hand_puzzles(
                            hand,
                            seat=args.seat,
                            min_loss=args.min_loss,
                            rules=rules,
                            number=number,
                        )
                    except NoAnalysis:
                        warn(msg("puzzles.not-analysed", file=name, n=number), lang=lang)
                        bad = True
                    except (ShengjiError, GameError) as e:
                        words = error_words(e, lang)
                        warn(msg("puzzles.hand-error", file=name, n=number, text=words), lang=lang)
                        bad = True
                bad = bad or readable.broken
        except FileError as e:
            warn(msg("cmd.error", text=error_words(e, lang)), lang=lang)
            bad = True
    counted = count(hands, "hands")
    if not found:
        warn(msg("puzzles.none", loss=f"{args.min_loss:g}", hands=counted), lang=lang)
        return 2 if bad else 0
    text = write([puzzle_hand(p, i) for i, p in enumerate(found, start=1)])
    write_output(args.output, text)
    out = shown_path(args.output) if args.output else "-"
    done = msg("puzzles.done", puzzles=count(len(found), "puzzles"), hands=counted, out=out)
    warn(done, lang=lang)
    return 2 if bad else 0
