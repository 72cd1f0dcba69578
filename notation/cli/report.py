"""``shengji report`` and ``shengji show``: a hand for a referee, on paper or on screen."""

from __future__ import annotations

import argparse
import sys
from itertools import islice
from typing import Any

from notation.cli.common import InputError
from notation.cli.language import said
from notation.files import check_output, open_input, shown_path, write_output
from notation.findings import Finding
from notation.messages import msg
from notation.psn import iter_hands, numbered_chunks
from notation.replay import HandReplay
from notation.report import build_report, render_html, render_markdown, render_terminal
from notation.validate import check_hands


def add_parser(sub: Any) -> None:
    """Register ``shengji report`` and ``shengji show``."""
    report = sub.add_parser(
        "report",
        help=said("help.report"),
        description=said("help.report.about"),
    )
    report.add_argument("file", metavar="FILE", help=said("help.file"))
    report.add_argument("--hand", type=int, default=1, help=said("help.hand"))
    report.add_argument("--rules", help=said("help.ruleset.the-hand"))
    report.add_argument("--format", choices=("md", "html"), default="md")
    report.add_argument("-o", "--output", help=said("help.output"))
    report.set_defaults(run=run_report)

    show = sub.add_parser(
        "show",
        help=said("help.show"),
        description=said("help.show.about"),
    )
    show.add_argument("file", metavar="FILE", help=said("help.file"))
    show.add_argument("--hand", type=int, default=1, help=said("help.hand"))
    show.add_argument(
        "--step",
        type=int,
        default=-1,
        help=said("help.show.step"),
    )
    show.add_argument("--rules", help=said("help.ruleset.the-hand"))
    show.add_argument(
        "--color", choices=("auto", "always", "never"), default="auto", help=said("help.show.color")
    )
    show.set_defaults(run=run_show)


def replayed_hand(
    path: str, number: int, rules: str | None, lang: str = "en"
) -> tuple[HandReplay, list[Finding]]:
    """Hand ``number`` of the file, replayed with its timeline, and all its findings
    (including those that need the hand before it); a hand that is not there or cannot
    be read is an :class:`InputError` in ``lang``. The file is read hand by hand up to
    that hand: only the hand before it is kept (a match's levels follow from it)."""
    name = shown_path(path)
    with open_input(path) as lines:
        if number < 1:
            count = sum(1 for chunk in numbered_chunks(lines) if chunk.number)
            raise InputError(msg("cli.no-hand-n", path=name, n=number, count=count).render(lang))
        hands = (read for read in iter_hands(lines, name) if read.number)  # no remarks
        before: HandReplay | None = None
        count = 0
        for checked in check_hands(islice(hands, number - 1), rules, keep_replays=True):
            before = checked.report.replay
            count += 1
        found = list(check_hands(islice(hands, 1), rules, timeline=True, previous=before))
    if not found:
        raise InputError(msg("cli.no-hand-n", path=name, n=number, count=count).render(lang))
    hand = found[0].report
    if hand.replay is None:
        where = hand.findings[0] if hand.findings else None
        at = f":{where.line}:{where.column}" if where else ""
        message = where.text if where else msg("cli.cannot-be-read")
        error = msg("cli.hand-unreadable", path=name, at=at, n=number, message=message)
        raise InputError(error.render(lang))
    return hand.replay, hand.findings


def step_index(path: str, hand: int, step: int, count: int, lang: str = "en") -> int:
    """``step`` of a hand of ``count`` steps as 0 to ``count - 1``, a negative step counted
    back from the end; a step the hand does not have is an :class:`InputError`."""
    if not -count <= step < count:
        name = shown_path(path)
        error = msg("cli.no-step", path=name, hand=hand, step=step, last=count - 1, count=count)
        raise InputError(error.render(lang))
    return step % count


def run_report(args: argparse.Namespace) -> int:
    """Print or write the report; exit 1 if the hand broke a rule."""
    if args.output:
        check_output(args.output)  # said before the work
    result, findings = replayed_hand(args.file, args.hand, args.rules, args.lang)
    report = build_report(result, findings, args.lang)
    text = render_html(report) if args.format == "html" else render_markdown(report)
    write_output(args.output, text)
    return 1 if report.violations else 0


def run_show(args: argparse.Namespace) -> int:
    """Draw the state at a step."""
    result, _findings = replayed_hand(args.file, args.hand, args.rules, args.lang)
    step = step_index(args.file, args.hand, args.step, len(result.states), args.lang)
    colour = args.color == "always" or (args.color == "auto" and sys.stdout.isatty())
    sys.stdout.write(render_terminal(result, step, colour=colour, lang=args.lang))
    return 0
