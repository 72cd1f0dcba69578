"""``shengji analyze``: judge every play of records, and write the analysis into them.

The plays are valued one by one (:mod:`notation.analysis.review`), a few plays of a hand
at a time (a chunk), on any executor (:mod:`notation.executor`): this process, ``-j``
local processes, or a Dask cluster, so that even one hand uses every core. Each play has
a seed of its own, made from ``--seed``, the hand's place in its file and the play's place
in the hand, so the analysis is the same whatever ``-j``, whatever the executor and
whatever other files are named; the results come back in file and hand order.

Files are read as their chunks are sent, a few chunks per worker ahead, and each file is
written (or printed) when its last chunk is back, so memory stays flat over a corpus.
When the analysis is written to files (``--in-place``, ``--out``), a hand the file already
holds the analysis of, made with the same engine version and settings, is not analysed
again (``--redo``: analyse it anyway): a run that was stopped goes on where it stopped.
"""

from __future__ import annotations

import argparse
import glob
import json
import sys
import time
from collections import OrderedDict, deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

from notation.analysis.annotate import (
    annotate_hand,
    engine_command,
    engine_version,
    is_engine_comment,
    is_stop_comment,
    strip_analysis,
)
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
from notation.cli.common import Progress, read_text, seconds, warn
from notation.cli.language import type_error
from notation.cli.validate import add_executor_options, open_executor
from notation.corpus import folder_rulesets, internal_error
from notation.errors import ShengjiError
from notation.executor import Executor, Lost
from notation.messages import MessageError, count, error_words, msg
from notation.messages.help import ANALYZE_EPILOG
from notation.psn import Record, parse, write
from notation.psn.model import Hand
from notation.rules.ruleset import Ruleset
from notation.rulesets import register_ruleset, ruleset_argument

__all__ = ["add_parser", "analysed_before", "run"]

CHUNK = 4  # plays sent to a worker at a time: one trick, about
ALL = 10**9  # the last trick of "--tricks 18": the end of the hand
_GLOB = frozenset("*?[")


def add_parser(sub: Any) -> None:
    """Register ``shengji analyze``."""
    parser = sub.add_parser(
        "analyze",
        help="judge every play of records (mistakes, best alternatives) and annotate them",
        description="Value every play of each hand against its alternatives, class it "
        "(fine, inaccuracy, mistake, blunder) and write the analysis into the record as "
        "glyphs and [%eval] [%best] [%loss] comments (printed, --out or --in-place), or "
        "print it as JSON.",
        epilog=ANALYZE_EPILOG.en,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("files", nargs="+", metavar="PATH", help="PSN files, folders or globs")
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
    add_executor_options(parser)
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--out",
        metavar="PATH",
        help="write the annotated record to PATH (a folder, mirroring the tree, for a "
        "folder, a glob or several files)",
    )
    where.add_argument("--in-place", "-i", action="store_true", help="rewrite the files")
    parser.add_argument(
        "--redo",
        action="store_true",
        help="analyse again the hands already analysed with the same settings",
    )
    parser.add_argument("--rules", help="preset or YAML file (default: each hand's Rules header)")
    parser.set_defaults(run=run)


@dataclass(frozen=True, slots=True)
class _Options:
    """What every play is analysed with (sent to the workers)."""

    view: View
    budget: float
    seed: int
    rules: Ruleset | None
    tricks: tuple[int, int] = (1, ALL)  # the tricks whose plays are judged
    rulesets: tuple[tuple[str, Ruleset], ...] = ()  # rules folders' sets, for remote workers

    def judges(self, decision: Decision) -> bool:
        """True if ``decision``'s play is one of the tricks to judge."""
        return self.in_range(decision.trick)

    def in_range(self, trick: int) -> bool:
        """True if the plays of trick number ``trick`` are judged."""
        return self.tricks[0] <= trick <= self.tricks[1]


@dataclass(frozen=True, slots=True)
class _Chunk:
    """Up to :data:`CHUNK` judged plays of one hand, from its ``first`` decision."""

    file: int
    hand: int  # the hand's place in its file, from 0
    first: int
    record: Hand


_Result = list[PlayReview | Stop] | str  # a chunk's reviews, or why it failed


@dataclass(slots=True)
class _File:
    """One file read: its hands, their plans (None: analysed before), or why it cannot
    be read; and its chunks' results as they come back."""

    index: int
    path: str
    target: Path | None  # where the annotated record goes (None: standard output)
    record: Record | None
    error: str | None
    plans: list[HandPlan | None]
    kept: list[Hand]  # each hand as written when it is not analysed again
    results: dict[int, list[tuple[int, list[PlayReview | Stop]]]] = field(default_factory=dict)
    failed: dict[int, str] = field(default_factory=dict)  # hand -> why its analysis failed

    @property
    def skipped(self) -> int:
        """Hands analysed before with the same settings."""
        return sum(plan is None for plan in self.plans)


@dataclass(slots=True)
class _Totals:
    files: int = 0
    written: int = 0
    hands: int = 0
    skipped: int = 0
    plays: int = 0
    bad: int = 0


def run(args: argparse.Namespace) -> int:
    """Analyse every file; print or write the results."""
    try:
        sources = _sources(args.files)
    except ShengjiError as e:
        warn(msg("cmd.error-in", command="analyze", text=error_words(e, args.lang)), lang=args.lang)
        return 2
    if not sources:
        warn(msg("analyze.no-files").render(args.lang))
        return 2
    if args.jobs < 0:
        warn(msg("analyze.jobs", n=args.jobs).render(args.lang))
        return 2
    many = len(sources) > 1 or any(root is not None for _, root in sources)
    many = many or bool(args.out and Path(args.out).is_dir())
    try:
        targets = _targets(sources, args, many)
    except ShengjiError as e:
        warn(msg("cmd.error-in", command="analyze", text=error_words(e, args.lang)), lang=args.lang)
        return 2
    rules = ruleset_argument(args.rules) if args.rules else None
    tricks = args.tricks or (1, ALL)
    options = _Options(View(args.view), args.budget, args.seed, rules, tricks)
    resume = bool(args.in_place or args.out) and not args.redo
    started = time.perf_counter()
    with open_executor(args) as executor:
        if getattr(executor, "address", None) is not None:
            options = replace(options, rulesets=folder_rulesets())
        totals, report = _analyse(sources, targets, options, executor, args, resume)
    if args.json:
        document = {**_engine(options), "files": report}
        print(json.dumps(document, ensure_ascii=False, indent=2, allow_nan=False))
    if args.in_place or args.out:
        took = time.perf_counter() - started
        skipped = msg("analyze.skipped", n=totals.skipped) if totals.skipped else ""
        done = msg(
            "analyze.done",
            files=count(totals.written, "files"),
            hands=count(totals.hands, "hands"),
            skipped=skipped,
            plays=count(totals.plays, "plays"),
            seconds=f"{took:.0f}",
        )
        warn(done.render(args.lang))
    return 2 if totals.bad else 0


def trick_range(text: str) -> tuple[int, int]:
    """``21-25`` or ``21`` (from 21 to the end), as typed after ``--tricks``."""
    first, _, last = text.partition("-")
    try:
        span = (int(first), int(last) if last else ALL)
    except ValueError:
        raise type_error(msg("arg.not-tricks", text=repr(text))) from None
    if not 1 <= span[0] <= span[1]:
        raise type_error(msg("arg.tricks-from-1", text=repr(text)))
    return span


def _sources(paths: Sequence[str]) -> list[tuple[Path, Path | None]]:
    """Every file named: each with the folder its place under ``--out`` is taken from
    (a folder named, or a glob's folder before its first wildcard; None: a file named)."""
    found: list[tuple[Path, Path | None]] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found.extend((p, path) for p in sorted(path.rglob("*.psn")))
        elif not path.exists() and not _GLOB.isdisjoint(name):
            parts = Path(name).parts
            plain = [
                p for p in parts[: next(i for i, p in enumerate(parts) if not _GLOB.isdisjoint(p))]
            ]
            root = Path(*plain) if plain else Path()
            matched = sorted(Path(p) for p in glob.glob(name, recursive=True))
            found.extend((p, root) for p in matched if p.is_file())
        else:
            found.append((path, None))
    return found


def _targets(
    sources: Sequence[tuple[Path, Path | None]], args: argparse.Namespace, many: bool
) -> list[Path | None]:
    """Where each file's analysis is written: itself, ``--out`` (a file, or the folder
    the files' places are mirrored in), or standard output (None)."""
    if args.in_place:
        return [path for path, _ in sources]
    if not args.out:
        return [None] * len(sources)
    out = Path(args.out)
    if not many:
        return [out]
    if out.exists() and not out.is_dir():
        raise MessageError(msg("analyze.out-file", out=str(out)))
    targets: list[Path | None] = []
    seen: dict[Path, Path] = {}
    for path, root in sources:
        target = out / (path.relative_to(root) if root is not None else path.name)
        if target in seen:
            raise MessageError(
                msg("analyze.out-twice", a=str(seen[target]), b=str(path), target=str(target))
            )
        seen[target] = path
        targets.append(target)
    return targets


def analysed_before(hand: Hand, options: _Options) -> bool:
    """True if ``hand`` holds the analysis of a run with these settings and this engine
    version: its summary's ``[%engine shengji VERSION VIEW BUDGET SEED [rules=NAME]]``,
    and the engine's comment on exactly the plays of ``--tricks`` (up to a play where it
    stopped). The language of its words does not matter."""
    settings = _settings(options)[len("[%engine ") : -1]
    tricks = options.tricks
    if not any(
        c.name == "engine" and c.args.split() == settings.split()
        for comment in hand.comments
        for c in comment.commands
    ):
        return False
    stopped = False
    for trick in hand.tricks:
        for play in trick.plays:
            ours = [c for c in play.comments if is_engine_comment(c)]
            if stopped:
                if ours:
                    return False
                continue
            if bool(ours) != (tricks[0] <= trick.number <= tricks[1]):
                return False
            stopped = any(is_stop_comment(c) for c in ours)
    return True


def _settings(options: _Options) -> str:
    """The summary's ``[%engine ...]`` command for a run with ``options``."""
    rules = None if options.rules is None else options.rules.name
    return engine_command(options.view, options.budget, options.seed, rules)


def _read(
    index: int,
    path: Path,
    target: Path | None,
    options: _Options,
    resume: bool,
    lang: str = "en",
) -> _File:
    """A file read and its hands planned; a file that is not PSN is not analysed (why, in
    ``lang``). With ``resume``, a hand already analysed with these settings (in the file,
    or in its ``--out`` file) is kept as it is."""
    name = str(path)
    try:
        text = read_text(name)
    except ShengjiError as e:
        error = msg("cmd.error", text=error_words(e, lang)).render(lang)
        return _File(index, name, target, None, error, [], [])
    record = parse(text, name)
    if record.errors:  # reported with their lines; the file is left as it is
        said = "\n".join(error_words(e, lang) for e in record.errors)
        return _File(index, name, target, None, said, [], [])
    kept = list(record.hands)
    done = [False] * len(kept)
    if resume:
        earlier = _earlier(record, target, path)
        for h, hand in enumerate(earlier):
            if hand is not None and analysed_before(hand, options):
                kept[h], done[h] = hand, True
    plans: list[HandPlan | None] = [
        None if done[n - 1] else plan_hand(hand, options.rules, n)
        for n, hand in enumerate(record.hands, start=1)
    ]
    return _File(index, name, target, record, None, plans, kept)


def _earlier(record: Record, target: Path | None, path: Path) -> list[Hand | None]:
    """Each hand as an earlier run wrote it: the file's own (``--in-place``), or the
    ``--out`` file's hand in its place if it is the same hand (its analysis aside)."""
    if target is None or target == path:
        return list(record.hands)
    if not target.is_file():
        return [None] * len(record.hands)
    try:
        written = parse(target.read_text(encoding="utf-8-sig"), str(target))
    except (OSError, UnicodeDecodeError):
        return [None] * len(record.hands)
    if written.errors:
        return [None] * len(record.hands)
    found: list[Hand | None] = []
    for h, hand in enumerate(record.hands):
        other = written.hands[h] if h < len(written.hands) else None
        same = other is not None and _bare(other) == _bare(hand)
        found.append(other if same else None)
    return found


def _bare(hand: Hand) -> str:
    """A hand's text without the engine's analysis."""
    return write(Record((strip_analysis(hand),)))


def _chunks(file: _File, options: _Options) -> Iterator[_Chunk]:
    """The chunks of a file's hands to analyse, in order."""
    if file.record is None:
        return
    for h, plan in enumerate(file.plans):
        if plan is None:
            continue
        judged = [d for d in plan.decisions if options.judges(d)]
        for i in range(0, len(judged), CHUNK):
            yield _Chunk(file.index, h, judged[i].index, file.record.hands[h])


def _analyse(
    sources: Sequence[tuple[Path, Path | None]],
    targets: Sequence[Path | None],
    options: _Options,
    executor: Executor,
    args: argparse.Namespace,
    resume: bool,
) -> tuple[_Totals, list[dict[str, Any]]]:
    """Read, analyse and write every file, in order; the totals and the JSON files."""
    totals = _Totals()
    report: list[dict[str, Any]] = []
    files: deque[_File] = deque()  # read, and not yet written
    sent: deque[_Chunk] = deque()
    progress = _progress(sources, options, resume, args.lang) if sys.stderr.isatty() else None

    def batches() -> Iterator[tuple[_Chunk, ...]]:
        for index, ((path, _), target) in enumerate(zip(sources, targets, strict=True)):
            file = _read(index, path, target, options, resume, args.lang)
            files.append(file)
            for chunk in _chunks(file, options):
                sent.append(chunk)
                yield (chunk,)

    def finish(before: int) -> None:
        while files and files[0].index < before:
            _finish(files.popleft(), options, args, totals, report)

    fn = partial(_batch, options)
    for outcome in executor.ordered(fn, batches()):
        chunk = sent.popleft()
        finish(chunk.file)
        result: _Result
        if isinstance(outcome, Lost):  # again alone; a chunk that still kills its worker fails
            (again,) = executor.ordered(fn, [(chunk,)], alone=True)
            result = (
                f"internal error while analysing: {again}; please report it"
                if isinstance(again, Lost)
                else again[0]
            )
        else:
            result = outcome[0]
        file = files[0]
        assert file.index == chunk.file
        if isinstance(result, str):
            file.failed.setdefault(chunk.hand, result)
        else:
            file.results.setdefault(chunk.hand, []).append((chunk.first, result))
            totals.plays += len(result)
            if progress:
                progress.tick(len(result))
    finish(len(sources))
    if progress:
        progress.done()
    return totals, report


def _progress(
    sources: Sequence[tuple[Path, Path | None]], options: _Options, resume: bool, lang: str
) -> Progress | None:
    """A progress bar over the plays to judge (counted from the records, read here)."""
    total = 0
    for path, _ in sources:
        try:
            record = parse(read_text(str(path)), str(path))
        except ShengjiError:
            continue
        for hand in record.hands:
            if resume and any(is_engine_comment(c) for c in hand.comments):
                continue  # most likely analysed before
            total += sum(len(t.plays) for t in hand.tricks if options.in_range(t.number))
    return Progress(total, msg("analyze.plays").render(lang)) if total else None


def _finish(
    file: _File,
    options: _Options,
    args: argparse.Namespace,
    totals: _Totals,
    report: list[dict[str, Any]],
) -> None:
    """A file whose chunks are all back: its reviews reported, printed or written."""
    reviews: list[HandReview | None] = []
    for h, plan in enumerate(file.plans):
        if plan is None:
            reviews.append(None)
            continue
        review = hand_review(plan, options.view, _in_order(file.results.get(h, [])))
        if h in file.failed:
            review = replace(review, plays=(), stopped=None, error=file.failed[h])
        reviews.append(review)
    totals.files += 1
    totals.hands += len(reviews)
    totals.skipped += file.skipped
    totals.bad += _report(file, reviews, args.lang)
    if args.json:
        report.append(
            {
                "path": file.path,
                "error": file.error,
                "hands": [_hand_json(r, h) for h, r in enumerate(reviews)],
            }
        )
    if file.record is None or (args.json and not (args.out or args.in_place)):
        return
    annotated = [
        kept
        if review is None or review.error is not None
        else annotate_hand(
            kept,
            review,
            view=options.view,
            budget=options.budget,
            seed=options.seed,
            lang=args.lang,
            rules=None if options.rules is None else options.rules.name,
        )
        for kept, review in zip(file.kept, reviews, strict=True)
    ]
    text = write(Record(tuple(annotated)))
    if file.target is None:
        sys.stdout.write(text)
        return
    file.target.parent.mkdir(parents=True, exist_ok=True)
    file.target.write_text(text, encoding="utf-8")
    totals.written += 1


def _hand_json(review: HandReview | None, h: int) -> dict[str, Any]:
    """A hand as the JSON report writes it; one analysed before is ``skipped`` (its
    analysis is in the file) with no plays."""
    if review is not None:
        return review.to_dict()
    return {**HandReview(h + 1, View.PLAYER, ()).to_dict(), "skipped": True}


def _in_order(chunks: list[tuple[int, list[PlayReview | Stop]]]) -> list[PlayReview | Stop]:
    """The chunks of one hand, by their first play, joined."""
    return [r for _, chunk in sorted(chunks, key=lambda c: c[0]) for r in chunk]


def _batch(options: _Options, batch: tuple[_Chunk, ...]) -> list[_Result]:
    """Each chunk of a batch analysed (in a worker); a chunk the analysis fails on is
    its hand's error, not the run's."""
    for name, ruleset in options.rulesets:
        register_ruleset(name, ruleset)
    out: list[_Result] = []
    for chunk in batch:
        try:
            out.append(_chunk(chunk.record, (chunk.file, chunk.hand, chunk.first), options))
        except Exception as e:
            out.append(internal_error(e, "analysing"))
    return out


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


def _report(file: _File, reviews: Sequence[HandReview | None], lang: str) -> int:
    """Say on standard error what could not be read or analysed; return how many."""
    bad = 0
    if file.error is not None:
        warn(file.error)
        bad += 1
    for review in reviews:
        if review is None:
            continue
        if review.error is not None:
            why = review.error
            warn(msg("analyze.hand", path=file.path, n=review.number, why=why).render(lang))
            bad += 1
        elif review.stopped is not None:
            words = review.stopped.words()
            warn(msg("analyze.hand", path=file.path, n=review.number, why=words).render(lang))
    return bad


def _engine(options: _Options) -> dict[str, Any]:
    """The JSON report's head (``notation.analysis.review.JSON_SCHEMA``)."""
    return {
        "version": JSON_SCHEMA_VERSION,
        "engine": {
            "name": "shengji",
            "version": engine_version(),
            "view": options.view.value,
            "budget": options.budget,
            "seed": options.seed,
            "rules": None if options.rules is None else options.rules.name,
        },
    }
