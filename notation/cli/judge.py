"""``shengji judge``: judge tricks given as JSON lines on standard input."""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any

from notation.errors import ShengjiError
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


class NotJSON(ShengjiError):
    """A line of input that is not a JSON value the judge can hold."""


def read_line(line: str) -> Any:
    """The JSON value of one line; nesting past Python's limits and numbers of
    thousands of digits are errors of that line, not of the program."""
    try:
        return json.loads(line)
    except json.JSONDecodeError as e:
        raise NotJSON(f"not JSON: {e.msg} at column {e.colno}") from None
    except RecursionError:
        raise NotJSON("not JSON the judge can read: lists or objects nested too deeply") from None
    except ValueError:  # Python reads at most 4300 digits into a number
        digits = max((len(m) for m in re.findall(r"[0-9]+", line)), default=0)
        raise NotJSON(f"not JSON the judge can read: a number of {digits} digits") from None


def run(args: argparse.Namespace) -> int:
    """Judge every line of standard input; exit 2 if any line could not be judged."""
    rules = ruleset_argument(args.rules)
    bad = 0
    for number, line in enumerate(sys.stdin, start=1):
        if not line.strip():
            continue
        answer: dict[str, Any]
        try:
            answer = judge_trick(read_line(line), rules)
        except ShengjiError as e:
            answer = {"error": f"line {number}: {e}"}
        if "error" in answer:
            bad += 1
        print(json.dumps(answer, ensure_ascii=False), flush=True)
    return 2 if bad else 0
