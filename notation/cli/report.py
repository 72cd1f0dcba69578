"""``shengji report`` and ``shengji show``: a hand for a referee, on paper or on screen."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from notation.cli.common import InputError, read_text
from notation.psn import parse
from notation.replay import HandReplay, replay
from notation.report import build_report, render_html, render_markdown, render_terminal


def add_parser(sub: Any) -> None:
    """Register ``shengji report`` and ``shengji show``."""
    report = sub.add_parser(
        "report",
        help="an adjudication report: violations, rules, penalties, the corrected result",
        description="Write an adjudication report for one hand: each violation with the "
        "position, the rule it breaks and its penalty, and the result the rules give.",
    )
    report.add_argument("file", help="a PSN file")
    report.add_argument("--hand", type=int, default=1, help="which hand of the file (default 1)")
    report.add_argument("--rules", help="preset or YAML file (default: the hand's Rules header)")
    report.add_argument("--format", choices=("md", "html"), default="md")
    report.add_argument("-o", "--output", help="write to this file instead of standard output")
    report.set_defaults(run=run_report)

    show = sub.add_parser(
        "show",
        help="draw the state of a hand at one step in the terminal",
        description="Draw a hand's state at a step: the four hands, the trick, trump, points.",
    )
    show.add_argument("file", help="a PSN file")
    show.add_argument("--hand", type=int, default=1, help="which hand of the file (default 1)")
    show.add_argument("--step", type=int, default=-1, help="the step (default: the last)")
    show.add_argument("--rules", help="preset or YAML file (default: the hand's Rules header)")
    show.add_argument(
        "--color", choices=("auto", "always", "never"), default="auto", help="colour the suits"
    )
    show.set_defaults(run=run_show)


def _replay(path: str, number: int, rules: str | None) -> HandReplay:
    record = parse(read_text(path), path)
    broken = {getattr(e, "hand", 0) for e in record.errors}
    for error in record.errors:
        if getattr(error, "hand", None) == number:
            raise error  # a located syntax error: printed cleanly by the CLI
    total = len(record.hands) + len(broken)
    if not 1 <= number <= total:
        raise InputError(f"{path}: no hand {number}; the file has {total}")
    readable = [n for n in range(1, total + 1) if n not in broken]
    return replay(record.hands[readable.index(number)], rules, number=number)


def run_report(args: argparse.Namespace) -> int:
    """Print or write the report; exit 1 if the hand broke a rule."""
    result = _replay(args.file, args.hand, args.rules)
    report = build_report(result)
    text = render_html(report) if args.format == "html" else render_markdown(report)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as out:
            out.write(text)
    else:
        sys.stdout.write(text)
    return 1 if report.violations else 0


def run_show(args: argparse.Namespace) -> int:
    """Draw the state at a step."""
    result = _replay(args.file, args.hand, args.rules)
    step = args.step if args.step >= 0 else len(result.states) + args.step
    colour = args.color == "always" or (args.color == "auto" and sys.stdout.isatty())
    sys.stdout.write(render_terminal(result, step, colour=colour))
    return 0
