"""``shengji solve``: solve play-phase positions given as JSON lines on standard input."""

from __future__ import annotations

import argparse
from typing import Any

from notation.analysis.solver import Solver
from notation.cli.common import answer_lines, seconds
from notation.cli.language import said
from notation.lines.solve import solve_request
from notation.presets import load_ruleset

# Seconds of search a position may take: a full hand's position would take hours to
# prove, and one line must never hold up the lines after it (a server's, a bot's).
DEFAULT_BUDGET = 10.0


def add_parser(sub: Any) -> None:
    """Register ``shengji solve``."""
    parser = sub.add_parser(
        "solve",
        help=said("help.solve"),
        description=said("help.solve.about"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--rules", default="qq", help=said("help.solve.rules"))
    parser.add_argument(
        "--budget",
        type=seconds,
        default=DEFAULT_BUDGET,
        metavar="SECONDS",
        help=said("help.solve.budget"),
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Solve every line of standard input; exit 2 if any line could not be read."""
    rules = load_ruleset(args.rules)
    solver = Solver()  # positions of one hand share its tables
    return answer_lines(
        lambda request: solve_request(request, rules, budget=args.budget, solver=solver),
        args.lang,
    )
