"""``shengji judge``: judge tricks given as JSON lines on standard input."""

from __future__ import annotations

import argparse
from typing import Any

from notation.cli.common import answer_lines
from notation.cli.language import said
from notation.lines.judge import judge_trick
from notation.presets import ruleset_argument


def add_parser(sub: Any) -> None:
    """Register ``shengji judge``."""
    parser = sub.add_parser(
        "judge",
        help=said("help.judge"),
        description=said("help.judge.about"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--rules",
        default="qq",
        help=said("help.judge.rules"),
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Judge every line of standard input; exit 2 if any line could not be judged."""
    rules = ruleset_argument(args.rules)
    return answer_lines(lambda request: judge_trick(request, rules, lang=args.lang), args.lang)
