"""``shengji simulate``: hands or whole matches played by bots, written as PSN."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from notation.cli.language import said
from notation.files import make_folder, open_output, shown_path, write_output
from notation.messages import count, msg
from notation.presets import load_ruleset
from notation.psn import write
from notation.rules.ruleset import Ruleset
from notation.simulate import simulate_hand, simulate_match


def add_parser(sub: Any) -> None:
    """Register ``shengji simulate``."""
    parser = sub.add_parser(
        "simulate",
        help=said("help.simulate"),
        description=said("help.simulate.about"),
    )
    parser.add_argument("--hands", type=int, default=1, help=said("help.simulate.hands"))
    parser.add_argument("--match", action="store_true", help=said("help.simulate.match"))
    parser.add_argument("--rules", default="qq", help=said("help.simulate.rules"))
    parser.add_argument("--seed", type=int, default=None, help=said("help.simulate.seed"))
    parser.add_argument("--out", help=said("help.simulate.out"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Simulate and write the records, each as it is played."""
    if args.hands < 1:
        print(msg("simulate.hands").render(args.lang), file=sys.stderr)
        return 2
    rules = load_ruleset(args.rules)
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    kind = "match" if args.match else "hand"
    if args.out is None:
        for number, text in enumerate(_records(args, rules, seed), start=1):
            sys.stdout.write(("\n" if number > 1 else "") + text)
        return 0
    out = args.out
    if Path(out).suffix == ".psn":
        with open_output(out, folders=True) as file:
            for number, text in enumerate(_records(args, rules, seed), start=1):
                file.write(("\n" if number > 1 else "") + text)
            file.commit()
    else:
        make_folder(out)  # said before the work: a file there, a folder that cannot be made
        for number, text in enumerate(_records(args, rules, seed), start=1):
            write_output(str(Path(out) / f"{rules.name}-{kind}-{seed}-{number:04d}.psn"), text)
    what = count(args.hands, "matches" if args.match else "hands")
    said = msg("simulate.wrote", what=what, seed=seed, out=shown_path(out))
    print(said.render(args.lang), file=sys.stderr)
    return 0


def _records(args: argparse.Namespace, rules: Ruleset, seed: int) -> Iterator[str]:
    """Each record's text, as it is played: a hand, or a whole match."""
    rng = random.Random(seed)
    for number in range(1, args.hands + 1):
        sub_seed = rng.randrange(2**32)
        if args.match:
            hands = list(simulate_match(rules, seed=sub_seed, event=f"Simulated match {number}"))
            yield write(hands)
        else:
            # Separate hands, each the first of its own event: no levels carry over.
            event = f"Simulated hand {number}"
            yield write(
                simulate_hand(rules, seed=sub_seed, event=event, dealer=1 + (number - 1) % 4)
            )
