"""``shengji analyze``: judge every play of records, and write the analysis into them.

The plays are valued one by one (:mod:`notation.analysis.review`); ``-j`` shares them
among processes a few plays at a time, so that even one hand uses every core. Each play
has a seed of its own, made from ``--seed``, the hand's place in its file and the play's
place in the hand, so the analysis is the same whatever ``-j`` and whatever other files
are named.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from notation import __version__
from notation.analysis.annotate import annotate_hand
from notation.analysis.evaluate import DEFAULT_BUDGET, Evaluator, View
from notation.analysis.review import (
    JSON_SCHEMA_VERSION,
    Decision,
    HandPlan,
    HandReview,
    PlayReview,
    Stop,
    hand_review,
    plan_hand,
    review_decision,
)
from notation.cli.common import Progress, find_files, plural, read_text, seconds, warn
from notation.errors import ShengjiError
from notation.psn import Record, parse, write
from notation.psn.model import Hand
from notation.rules.ruleset import Ruleset
from notation.rulesets import ruleset_argument

__all__ = ["add_parser", "run"]

CHUNK = 4  # plays sent to a process at a time: one trick, about
ALL = 10**9  # the last trick of "--tricks 18": the end of the hand

EPILOG = """\
values: the defenders' final points expected after each play (cards, kitty, penalties);
the defenders want them high, the dealer's team low. --view player (the default) deals
the cards the player could not see at random, consistently with what it knew, many
times; --view hindsight plays from the hands as recorded. Classes: fine, inaccuracy
(?!), mistake (?), blunder (??), by the points lost (10, 20, 40) or the level result
lost (a quarter, half, one level, expected); a loss inside its confidence interval of
zero is fine. The same --seed gives the same analysis, whatever -j.
Bids and the bury are not judged. A hand with a play the rules do not allow is analysed
up to that play, and says so.
exit status: 0 done, 2 input that could not be read or a hand that cannot be analysed
(the deal and the kitty must be known card by card)."""


def add_parser(sub: Any) -> None:
    """Register ``shengji analyze``."""
    parser = sub.add_parser(
        "analyze",
        help="judge every play of records (mistakes, best alternatives) and annotate them",
        description="Value every play of each hand against its alternatives, class it "
        "(fine, inaccuracy, mistake, blunder) and write the analysis into the record as "
        "glyphs and [%eval] [%best] [%loss] comments (printed, --out or --in-place), or "
        "print it as JSON.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("files", nargs="+", metavar="PATH", help="PSN files or folders")
    parser.add_argument(
        "--view",
        choices=[v.value for v in View],
        default=View.PLAYER.value,
        help="what the judge may see (default: player)",
    )
    parser.add_argument(
        "--budget",
        type=seconds,
        default=DEFAULT_BUDGET,
        metavar="SECONDS",
        help=f"modelled seconds of search a play (default: {DEFAULT_BUDGET:g})",
    )
    parser.add_argument("--seed", type=int, default=0, help="the random seed (default: 0)")
    parser.add_argument(
        "--tricks",
        type=trick_range,
        metavar="FIRST[-LAST]",
        help="judge only the plays of these tricks (e.g. 21-25, or 18 for 18 to the end)",
    )
    parser.add_argument("-j", "--jobs", type=int, default=0, help="processes (default: all cores)")
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--out", metavar="FILE", help="write the annotated record to FILE")
    where.add_argument("--in-place", "-i", action="store_true", help="rewrite the files")
    parser.add_argument("--rules", help="preset or YAML file (default: each hand's Rules header)")
    parser.set_defaults(run=run)


@dataclass(frozen=True, slots=True)
class _Options:
    """What every play is analysed with (sent to the worker processes)."""

    view: View
    budget: float
    seed: int
    rules: Ruleset | None
    tricks: tuple[int, int] = (1, ALL)  # the tricks whose plays are judged

    def judges(self, decision: Decision) -> bool:
        """True if ``decision``'s play is one of the tricks to judge."""
        return self.tricks[0] <= decision.trick <= self.tricks[1]


@dataclass(slots=True)
class _File:
    """One file read: its hands and their plans, or why it cannot be read."""

    path: str
    record: Record | None
    error: str | None
    plans: list[HandPlan]


def run(args: argparse.Namespace) -> int:
    """Analyse every file; print or write the results."""
    names = [str(p) for p in find_files(args.files)]
    if not names:
        warn("shengji analyze: no *.psn files found")
        return 2
    if args.out and len(names) > 1:
        warn("shengji analyze: --out writes one record: name one file, or use --in-place")
        return 2
    if args.jobs < 0:
        warn(f"shengji analyze: -j {args.jobs}: a number of processes is 1 or more")
        return 2
    rules = ruleset_argument(args.rules) if args.rules else None
    tricks = args.tricks or (1, ALL)
    options = _Options(View(args.view), args.budget, args.seed, rules, tricks)
    started = time.perf_counter()
    files = [_read(name, options) for name in names]
    tasks = [
        (f, h, judged[i].index)
        for f, file in enumerate(files)
        for h, plan in enumerate(file.plans)
        for judged in [[d for d in plan.decisions if options.judges(d)]]
        for i in range(0, len(judged), CHUNK)
    ]
    total = sum(options.judges(d) for file in files for plan in file.plans for d in plan.decisions)
    progress = Progress(total, "plays") if sys.stderr.isatty() and total else None
    results: dict[tuple[int, int], list[tuple[int, list[PlayReview | Stop]]]] = {}
    jobs = args.jobs or os.cpu_count() or 1
    for (f, h, first), chunk in _analysed(files, tasks, options, jobs):
        results.setdefault((f, h), []).append((first, chunk))
        if progress:
            progress.tick(len(chunk))
    if progress:
        progress.done()
    reviews = [
        [
            hand_review(plan, options.view, _in_order(results.get((f, h), [])))
            for h, plan in enumerate(file.plans)
        ]
        for f, file in enumerate(files)
    ]
    bad = _report(files, reviews)
    if args.json:
        print(json.dumps(_json(files, reviews, options), ensure_ascii=False, indent=2))
    written = _write(files, reviews, options, args)
    if args.in_place or args.out:
        hands = sum(len(r) for r in reviews)
        seconds = time.perf_counter() - started
        warn(
            f"{plural(written, 'file')} written, {plural(hands, 'hand')}, "
            f"{plural(total, 'play')} analysed in {seconds:.0f} s"
        )
    return 2 if bad else 0


def trick_range(text: str) -> tuple[int, int]:
    """``21-25`` or ``21`` (from 21 to the end), as typed after ``--tricks``."""
    first, _, last = text.partition("-")
    try:
        span = (int(first), int(last) if last else ALL)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not tricks FIRST[-LAST]: {text!r}") from None
    if not 1 <= span[0] <= span[1]:
        raise argparse.ArgumentTypeError(f"tricks run from 1 up: {text!r}")
    return span


def _read(name: str, options: _Options) -> _File:
    """A file read and its hands planned; a file that is not PSN is not analysed."""
    try:
        text = read_text(name)
    except ShengjiError as e:
        return _File(name, None, f"shengji: {e}", [])
    record = parse(text, name)
    if record.errors:  # reported with their lines; the file is left as it is
        return _File(name, None, "\n".join(str(e) for e in record.errors), [])
    plans = [plan_hand(hand, options.rules, n) for n, hand in enumerate(record.hands, start=1)]
    return _File(name, record, None, plans)


def _in_order(chunks: list[tuple[int, list[PlayReview | Stop]]]) -> list[PlayReview | Stop]:
    """The chunks of one hand, by their first play, joined."""
    return [r for _, chunk in sorted(chunks, key=lambda c: c[0]) for r in chunk]


def _analysed(
    files: Sequence[_File], tasks: Sequence[tuple[int, int, int]], options: _Options, jobs: int
) -> Iterator[tuple[tuple[int, int, int], list[PlayReview | Stop]]]:
    """Each chunk's results, as they come (in this process, or in ``jobs`` processes)."""

    def hand(task: tuple[int, int, int]) -> Hand:
        record = files[task[0]].record
        assert record is not None
        return record.hands[task[1]]

    if jobs <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield task, _chunk(hand(task), task, options)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        running: dict[Future[list[PlayReview | Stop]], tuple[int, int, int]] = {}
        queue = list(reversed(tasks))
        while queue or running:
            while queue and len(running) < jobs * 2:
                task = queue.pop()
                running[pool.submit(_chunk, hand(task), task, options)] = task
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                yield running.pop(future), future.result()


# Per process: the plans of the last hands seen and one evaluator a setting, kept between
# chunks (a chunk's plays are usually of a hand the process has just worked on).
# A plan is kept with its hand and rules: the same place may hold another hand in the
# next run of the same process.
_PLANS: OrderedDict[tuple[int, int], tuple[Hand, Ruleset | None, HandPlan]] = OrderedDict()
_EVALUATORS: dict[tuple[View, float], Evaluator] = {}


def _chunk(hand: Hand, task: tuple[int, int, int], options: _Options) -> list[PlayReview | Stop]:
    """The plays of one hand from ``task``'s first, :data:`CHUNK` of them at most."""
    f, h, first = task
    kept = _PLANS.get((f, h))
    if kept is not None and kept[0] == hand and kept[1] == options.rules:
        plan = kept[2]
    else:  # a hand not seen, or another that had its place in an earlier run
        plan = plan_hand(hand, options.rules, h + 1)
        _PLANS[f, h] = (hand, options.rules, plan)
        while len(_PLANS) > 4:
            _PLANS.popitem(last=False)
    evaluator = _EVALUATORS.get((options.view, options.budget))
    if evaluator is None:
        evaluator = _EVALUATORS[options.view, options.budget] = Evaluator(
            options.view, options.budget
        )
    found: list[PlayReview | Stop] = []
    judged = [d for d in plan.decisions[first:] if options.judges(d)]
    for decision in judged[:CHUNK]:
        found.append(review_decision(plan, decision, evaluator, options.seed))
        if isinstance(found[-1], Stop):
            break
    return found


def _report(files: Sequence[_File], reviews: Sequence[Sequence[HandReview]]) -> int:
    """Say on standard error what could not be read or analysed; return how many."""
    bad = 0
    for file, hands in zip(files, reviews, strict=True):
        if file.error is not None:
            warn(file.error)
            bad += 1
        for review in hands:
            if review.error is not None:
                warn(f"{file.path}: hand {review.number}: {review.error}")
                bad += 1
            elif review.stopped is not None:
                warn(f"{file.path}: hand {review.number}: {review.stopped}")
    return bad


def _json(
    files: Sequence[_File], reviews: Sequence[Sequence[HandReview]], options: _Options
) -> dict[str, Any]:
    """The JSON report (``notation.analysis.review.JSON_SCHEMA``)."""
    return {
        "version": JSON_SCHEMA_VERSION,
        "engine": {
            "name": "shengji",
            "version": __version__,
            "view": options.view.value,
            "budget": options.budget,
            "seed": options.seed,
        },
        "files": [
            {
                "path": file.path,
                "error": file.error,
                "hands": [r.to_dict() for r in hands],
            }
            for file, hands in zip(files, reviews, strict=True)
        ],
    }


def _write(
    files: Sequence[_File],
    reviews: Sequence[Sequence[HandReview]],
    options: _Options,
    args: argparse.Namespace,
) -> int:
    """The annotated records: printed, or written to ``--out`` or in place. Returns how
    many files were written."""
    if args.json and not (args.out or args.in_place):
        return 0
    written = 0
    for file, hands in zip(files, reviews, strict=True):
        if file.record is None:
            continue
        annotated = [
            annotate_hand(hand, review, view=options.view, budget=options.budget, seed=options.seed)
            if review.error is None
            else hand
            for hand, review in zip(file.record.hands, hands, strict=True)
        ]
        text = write(Record(tuple(annotated)))
        if args.in_place:
            Path(file.path).write_text(text, encoding="utf-8")
            written += 1
        elif args.out:
            Path(args.out).write_text(text, encoding="utf-8")
            written += 1
        else:
            sys.stdout.write(text)
    return written
