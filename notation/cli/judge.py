"""``shengji judge``: judge tricks given as JSON lines on standard input."""

from __future__ import annotations

import argparse
from typing import Any

from notation.cli.common import answer_lines
from notation.judge import judge_trick
from notation.rulesets import ruleset_argument

HELP = """\
Reads one JSON object per line on standard input and writes one per line:
  in:  {"rules": "qq", "trump": {"rank": "10", "suit": "H"}, "leader": 1,
        "hands": {"1": ["HA", ...], "2": [...], "3": [...], "4": [...]},
        "plays": [["HA"], ["H3"], ...], "last_trick": false}
  out: {"plays": [{"seat": 1, "legal": true, "findings": [...]}, ...],
        "throw": null or {"failed": ..., "forced": [...], "beaten_by": 3, ...},
        "winner": 2, "points": 15, "kitty_multiplier": null}
A line that cannot be judged (not JSON, nested too deeply, a number of thousands of
digits, an unknown card or seat ...) gets {"error": "..."} and the others go on.
"rules" is the name of a rule set: a preset, or one of the --rules-dir folders.
"""


def add_parser(sub: Any) -> None:
    """Register ``shengji judge``."""
    parser = sub.add_parser(
        "judge",
        help="judge tricks given as JSON lines (for referees, bots and servers)",
        description=HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--rules",
        default="qq",
        help='preset name or YAML file (default: qq); a line\'s "rules" may name another '
        "rule set (a name, never a file)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Judge every line of standard input; exit 2 if any line could not be judged."""
    rules = ruleset_argument(args.rules)
    return answer_lines(lambda request: judge_trick(request, rules, lang=args.lang), args.lang)
