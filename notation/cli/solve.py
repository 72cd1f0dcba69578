"""``shengji solve``: solve play-phase positions given as JSON lines on standard input."""

from __future__ import annotations

import argparse
from typing import Any

from notation.analysis.solver import Solver
from notation.cli.common import answer_lines, seconds
from notation.rulesets import load_ruleset
from notation.solve import solve_request

HELP = """\
Reads one position per line (JSON) on standard input and writes one answer per line.
Every hand is known ("double dummy"); both teams play their best, the defenders to
maximize their final points, the dealer's team to minimize them.
  in:  {"rules": "qq", "trump": {"rank": "2", "suit": "H"},
        "hands": {"1": ["SA", ...], "2": [...], "3": [...], "4": [...]},
        "leader": 3, "trick": [["S5"]], "dealer": 1, "points": 40,
        "kitty": ["C5", "D10", ...]}
       trick: the plays already made in this trick, from the leader (a failed throw as
       its forced unit); points: the defenders' points so far; kitty: the buried cards.
  out: {"to_move": 4, "value": 55, "exact": true,
        "plays": [{"cards": ["S8"], "value": 55}, ...], "best": [["S8"]],
        "nodes": 1234, "ms": 3.1}
       value: the defenders' final points (points so far, tricks, kitty x multiplier if
       they take the last trick, penalties). A throw is listed as thrown; one that fails
       has "forced" and "penalty", and the value of its forced unit less the penalty.
With --budget, a search that runs out of time answers "exact": false, with
"confidence": {"lower": L, "upper": U}: the exact value is proved to lie between L and
U; "value" is an estimate inside them (each play likewise has "lower" and "upper");
the estimates may take a tenth of the budget more.
A line that cannot be read gets {"error": "..."} and the others go on.
"""


def add_parser(sub: Any) -> None:
    """Register ``shengji solve``."""
    parser = sub.add_parser(
        "solve",
        help="the exact value of every play, all hands known (JSON lines)",
        description=HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--rules", default="qq", help="preset name or YAML file (default: qq); a line may override"
    )
    parser.add_argument(
        "--budget",
        type=seconds,
        default=None,
        metavar="SECONDS",
        help="time limit for each position (default: none, solve exactly)",
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
