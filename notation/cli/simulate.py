"""``shengji simulate``: hands or whole matches played by bots, written as PSN."""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

from notation.messages import count, msg
from notation.psn import write
from notation.rulesets import load_ruleset
from notation.simulate import simulate_hand, simulate_match


def add_parser(sub: Any) -> None:
    """Register ``shengji simulate``."""
    parser = sub.add_parser(
        "simulate",
        help="play hands or whole matches with bots and write them as PSN",
        description="Bots that keep every rule play complete hands (deck order, bids, kitty, "
        "tricks, result) or whole matches from level 2 to the end. Deterministic per seed.",
    )
    parser.add_argument("--hands", type=int, default=1, help="hands to play (default 1)")
    parser.add_argument("--match", action="store_true", help="play whole matches instead")
    parser.add_argument("--rules", default="qq", help="preset or YAML file (default qq)")
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: random)")
    parser.add_argument(
        "--out", help="a .psn file, or a folder for one file per hand/match (default: stdout)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Simulate and write the records."""
    if args.hands < 1:
        print(msg("simulate.hands").render(args.lang), file=sys.stderr)
        return 2
    rules = load_ruleset(args.rules)
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    rng = random.Random(seed)
    records: list[str] = []
    for number in range(1, args.hands + 1):
        sub_seed = rng.randrange(2**32)
        if args.match:
            hands = list(simulate_match(rules, seed=sub_seed, event=f"Simulated match {number}"))
            records.append(write(hands))
        else:
            # Separate hands, each the first of its own event: no levels carry over.
            event = f"Simulated hand {number}"
            hand = simulate_hand(rules, seed=sub_seed, event=event, dealer=1 + (number - 1) % 4)
            records.append(write(hand))
    if args.out is None:
        sys.stdout.write("\n".join(records))
        return 0
    out = Path(args.out)
    if out.suffix == ".psn":
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text("\n".join(records), encoding="utf-8")
    else:
        out.mkdir(parents=True, exist_ok=True)
        kind = "match" if args.match else "hand"
        for number, text in enumerate(records, start=1):
            (out / f"{rules.name}-{kind}-{seed}-{number:04d}.psn").write_text(
                text, encoding="utf-8"
            )
    what = count(len(records), "matches" if args.match else "hands")
    print(
        msg("simulate.wrote", what=what, seed=seed, out=str(out)).render(args.lang), file=sys.stderr
    )
    return 0
