"""``shengji stats``: a corpus report, computed hand by hand on any executor."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from notation.cli.common import find_files
from notation.cli.validate import add_executor_options, open_executor
from notation.corpus import FileDone, Work, folder_rulesets, walk
from notation.files import check_output, write_output
from notation.messages import msg
from notation.rulesets import ruleset_argument
from notation.stats import DEFAULT_VIEWER, CorpusStats, hand_stats
from notation.stats_html import render_html

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> None:
    """Register ``shengji stats``."""
    parser = sub.add_parser(
        "stats",
        help="a corpus report: findings, points, level results, kitty, throws, players",
        description="Add up every hand of the files (folders: every *.psn below them): "
        "findings by code and rule set, the defenders' points, level results by side, "
        "kitty captures, failed throws, and each player's mistakes ([%loss N] and ?, ??, "
        "?! marks) with links that open the viewer at the most expensive.",
    )
    parser.add_argument("paths", nargs="+", metavar="PATH", help="files or folders")
    parser.add_argument(
        "--format",
        choices=("json", "html"),
        default="json",
        help="json (the default) or html: a page with the charts and tables",
    )
    parser.add_argument("-o", "--output", help="write to this file instead of standard output")
    parser.add_argument("--rules", help="preset or YAML file (default: each hand's Rules header)")
    parser.add_argument(
        "--viewer",
        default=DEFAULT_VIEWER,
        metavar="URL",
        help=f"the viewer's address, for the links (default {DEFAULT_VIEWER}: shengji view)",
    )
    parser.add_argument(
        "--top",
        type=int,
        default=20,
        metavar="N",
        help="how many of the most expensive mistakes to list (default: %(default)s)",
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
    report = stats.to_dict(args.viewer)
    if args.format == "html":
        text = render_html(report, lang=args.lang)
    else:
        text = json.dumps(report, ensure_ascii=False, indent=2, allow_nan=False) + "\n"
    write_output(args.output, text)
    return 2 if report["unreadable_files"] or report["unreadable_hands"] else 0
