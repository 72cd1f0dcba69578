"""``shengji stats``: a corpus report, computed hand by hand on any executor."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from notation.cli.common import find_files
from notation.cli.language import said
from notation.cli.validate import add_executor_options, open_executor
from notation.corpus import FileDone, Work, folder_rulesets, walk
from notation.files import check_output, write_output
from notation.messages import msg
from notation.presets import ruleset_argument
from notation.stats import DEFAULT_VIEWER, CorpusStats, hand_stats
from notation.stats_html import render_html

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> None:
    """Register ``shengji stats``."""
    parser = sub.add_parser(
        "stats",
        help=said("help.stats"),
        description=said("help.stats.about"),
    )
    parser.add_argument("paths", nargs="+", metavar="PATH", help=said("help.paths"))
    parser.add_argument(
        "--format",
        choices=("json", "html"),
        default="json",
        help=said("help.stats.format"),
    )
    parser.add_argument("-o", "--output", help=said("help.output"))
    parser.add_argument("--rules", help=said("help.ruleset.each-hand"))
    parser.add_argument(
        "--viewer",
        default=DEFAULT_VIEWER,
        metavar="URL",
        help=said("help.stats.viewer", url=DEFAULT_VIEWER),
    )
    parser.add_argument(
        "--top",
        type=int,
        default=20,
        metavar="N",
        help=said("help.stats.top"),
    )
    add_executor_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Compute the report and print or write it; exit 2 if some input could not be read."""
    rules = ruleset_argument(args.rules) if args.rules else None
    files = list(find_files(args.paths))
    if not files:
        print(msg("stats.no-files").render(args.lang), file=sys.stderr)
        return 2
    if args.output:
        check_output(args.output)  # said before the work
    stats = CorpusStats(top=max(0, args.top))
    with open_executor(args, files) as executor:
        remote = getattr(executor, "address", None) is not None
        work = Work(hand_stats, rules, rulesets=folder_rulesets() if remote else ())
        for event in walk(files, work, executor):
            if isinstance(event, FileDone):
                stats.add_file(event.path, event.unreadable)
            else:
                stats.add(event.value)
    report = stats.to_dict(args.viewer, args.lang)
    if args.format == "html":
        text = render_html(report, lang=args.lang)
    else:
        text = json.dumps(report, ensure_ascii=False, indent=2, allow_nan=False) + "\n"
    write_output(args.output, text)
    return 2 if report["unreadable_files"] or report["unreadable_hands"] else 0
