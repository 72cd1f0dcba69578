"""The ``shengji`` command: a thin argparse layer over the library.

Each subcommand lives in its own module under ``notation.cli`` with an
``add_parser(subparsers)`` function that sets ``run`` as the parser default.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence

from notation import __version__
from notation.errors import ShengjiError

__all__ = ["build_parser", "main"]

# Subcommand modules, in the order ``shengji --help`` lists them.
COMMANDS: tuple[str, ...] = (
    "validate",
    "report",
    "simulate",
    "fmt",
    "convert",
    "judge",
    "solve",
    "rules",
    "view",
)

Runner = Callable[[argparse.Namespace], int]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="shengji",
        description=(
            "Records, rules and replays of Shengji / Tractor (升级 · 拖拉机 · 双升): "
            "read and write PSN files, judge plays under a rule set, validate records."
        ),
    )
    parser.add_argument("--version", action="version", version=f"shengji {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMANDS:
        module = importlib.import_module(f"notation.cli.{name}")
        module.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``shengji`` with ``argv``; return the exit status (never raise for bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    run: Runner = args.run
    try:
        return run(args)
    except ShengjiError as e:
        print(f"shengji: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (``shengji ... | head``): not an error of ours.
        sys.stderr.close()
        return 0
