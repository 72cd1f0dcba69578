"""``shengji export``: a hand as a printable handout (HTML) or the table at one step as a
picture (PNG), for the classroom and for a chat."""

from __future__ import annotations

import argparse
import sys
import warnings
from pathlib import Path
from typing import Any

from notation.cli.common import InputError, warn
from notation.cli.language import said
from notation.cli.report import replayed_hand, step_index
from notation.files import check_output, write_output
from notation.handout import handout_html
from notation.image import FontWarning, table_png
from notation.messages import Message, msg


def add_parser(sub: Any) -> None:
    """Register ``shengji export``."""
    export = sub.add_parser(
        "export",
        help=said("help.export"),
        description=said("help.export.about"),
    )
    export.add_argument("file", metavar="FILE", help=said("help.file"))
    export.add_argument("--hand", type=int, default=1, help=said("help.hand"))
    export.add_argument(
        "--step",
        type=int,
        help=said("help.export.step"),
    )
    export.add_argument(
        "--format",
        choices=("html", "png"),
        help=said("help.export.format"),
    )
    export.add_argument("-o", "--output", help=said("help.output"))
    export.add_argument("--rules", help=said("help.ruleset.the-hand"))
    export.set_defaults(run=run_export)


def _format(args: argparse.Namespace) -> str:
    if args.format is not None:
        return str(args.format)
    return "png" if args.output and Path(args.output).suffix.lower() == ".png" else "html"


def run_export(args: argparse.Namespace) -> int:
    """Write the handout or the picture; exit 0 (an export is not a verdict: the
    handout lists the findings)."""
    form = _format(args)
    lang = args.lang
    if form == "html" and args.step is not None:
        raise InputError(msg("export.step-html"))
    if form == "png" and not args.output and sys.stdout.isatty():
        raise InputError(msg("export.png-terminal"))
    if args.output:
        check_output(args.output)  # said before the work
    replay, findings = replayed_hand(args.file, args.hand, args.rules, lang)
    if form == "html":
        data = handout_html(replay, findings, lang).encode("utf-8")
    else:
        step = step_index(
            args.file, args.hand, -1 if args.step is None else args.step, len(replay.states), lang
        )
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", FontWarning)
            data = table_png(replay, step, lang)
        for warning in caught:
            words = warning.message.args[0] if isinstance(warning.message, Warning) else None
            text = words.render(lang) if isinstance(words, Message) else str(warning.message)
            warn(msg("cmd.warning", text=text), lang=lang)
    write_output(args.output, data)
    return 0
