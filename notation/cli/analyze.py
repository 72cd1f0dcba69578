"""``shengji analyze``: judge every play of records, and write the analysis into them.

The plays are valued one by one (:mod:`notation.analysis.review`), a few plays of a hand
at a time (a chunk), on any executor (:mod:`notation.executor`): this process, ``-j``
local processes, or a Dask cluster, so that even one hand uses every core. Each play has
a seed of its own, made from ``--seed``, the hand's place in its file and the play's place
in the hand, so the analysis is the same whatever ``-j``, whatever the executor and
whatever other files are named; the results come back in file and hand order.

Files are read hand by hand as their chunks are sent, a few chunks per worker ahead; a
hand is written into its file's record when its last chunk is back, and the record (kept
aside till then: :class:`notation.files.Output`) when its last hand is, so memory stays
flat over a corpus and over a file of any size. A file with a hand that is not PSN is
read through first and not analysed.
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
from collections.abc import Generator, Iterator, Sequence
from contextlib import closing
from dataclasses import field, replace
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
from notation.analysis.choices import ChoiceReview, review_choices
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
from notation.cli.common import Progress, json_text, seconds, warn
from notation.cli.language import said, type_error
from notation.cli.validate import add_executor_options, open_executor
from notation.corpus import folder_rulesets, internal_error
from notation.errors import ShengjiError
from notation.executor import Executor, Lost
from notation.files import FileError, Output, check_output, open_input, shown_path
from notation.frozen import frozen, mutable
from notation.messages import Message, MessageError, count, error_words, msg
from notation.presets import register_ruleset, ruleset_argument
from notation.psn import Record, iter_hands, write, write_hands
from notation.psn.model import Hand
from notation.rules.ruleset import Ruleset

__all__ = ["AnalyzeOptions", "add_parser", "analyse_chunk", "analysed_before", "run"]

CHUNK = 4  # plays sent to a worker at a time: one trick, about
CHOICES = -1  # the chunk that judges a hand's choices before the play (bury, declaration)
ALL = 10**9  # the last trick of "--tricks 18": the end of the hand
_GLOB = frozenset("*?[")


def add_parser(sub: Any) -> None:
    """Register ``shengji analyze``."""
    parser = sub.add_parser(
        "analyze",
        help=said("help.analyze"),
        description=said("help.analyze.about"),
        epilog=said("help.analyze.epilog"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("files", nargs="+", metavar="PATH", help=said("help.analyze.files"))
    parser.add_argument(
        "--view",
        choices=[v.value for v in View],
        default=View.PLAYER.value,
        help=said("help.analyze.view"),
    )
    parser.add_argument(
        "--budget",
        type=seconds,
        default=DEFAULT_BUDGET,
        metavar="SECONDS",
        help=said("help.analyze.budget", budget=f"{DEFAULT_BUDGET:g}"),
    )
    parser.add_argument("--seed", type=int, default=0, help=said("help.analyze.seed"))
    parser.add_argument(
        "--tricks",
        type=trick_range,
        metavar="FIRST[-LAST]",
        help=said("help.analyze.tricks"),
    )
    add_executor_options(parser)
    parser.add_argument("--json", action="store_true", help=said("help.analyze.json"))
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--out",
        metavar="PATH",
        help=said("help.analyze.out"),
    )
    where.add_argument("--in-place", "-i", action="store_true", help=said("help.in-place"))
    parser.add_argument(
        "--redo",
        action="store_true",
        help=said("help.analyze.redo"),
    )
    parser.add_argument("--rules", help=said("help.ruleset.each-hand"))
    parser.set_defaults(run=run)


@frozen
class AnalyzeOptions:
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


@frozen
class _Chunk:
    """Up to :data:`CHUNK` judged plays of one hand, from its ``first`` decision."""

    file: int
    hand: int  # the hand's number in its file, from 1
    first: int
    record: Hand


_Judged = PlayReview | Stop | ChoiceReview
_Result = list[_Judged] | Message  # a chunk's reviews, or why it failed


@mutable
class _File:
    """One file under analysis: where its annotated record goes (kept aside until it is
    whole), why it cannot be analysed if it cannot, and its counts."""

    index: int
    path: Path
    name: str  # as the user is shown it
    target: Path | None  # where the annotated record goes (None: standard output)
    out: Output | None  # the annotated record, hand by hand (None: not written)
    error: str | None = None
    read: bool = False  # every hand of it has been read
    hands: int = 0
    skipped: int = 0  # hands analysed before with the same settings
    written: int = 0  # hands written to its output


@mutable
class _HandWork:
    """A hand read and planned, waiting for its chunks' results (none: analysed before,
    or no play of it judged)."""

    file: _File
    number: int  # its number in its file, from 1 (0: the file's opening remarks)
    record: Hand  # as read
    kept: Hand  # as written when it is not analysed again
    plan: HandPlan | None  # None: analysed before
    starts: list[int]  # where each of its chunks starts (none: analysed before)
    results: list[tuple[int, list[_Judged]]] = field(default_factory=list)
    received: int = 0
    failed: Message | None = None  # why its analysis failed

    @property
    def done(self) -> bool:
        """Every chunk of it is back."""
        return self.received == len(self.starts)


@mutable
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
    options = AnalyzeOptions(View(args.view), args.budget, args.seed, rules, tricks)
    resume = bool(args.in_place or args.out) and not args.redo
    started = time.perf_counter()
    with open_executor(args) as executor:
        if getattr(executor, "address", None) is not None:
            options = replace(options, rulesets=folder_rulesets())
        report = _JsonReport(_engine(options)) if args.json else None
        totals = _analyse(sources, targets, options, executor, args, resume, report)
    if report is not None:
        report.close()
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
        raise MessageError(msg("analyze.out-file", out=shown_path(out)))
    targets: list[Path | None] = []
    seen: dict[Path, Path] = {}
    for path, root in sources:
        target = out / (path.relative_to(root) if root is not None else path.name)
        if target in seen:
            twice = msg(
                "analyze.out-twice",
                a=shown_path(seen[target]),
                b=shown_path(path),
                target=shown_path(target),
            )
            raise MessageError(twice)
        seen[target] = path
        targets.append(target)
    return targets


def analysed_before(hand: Hand, options: AnalyzeOptions) -> bool:
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


def _settings(options: AnalyzeOptions) -> str:
    """The summary's ``[%engine ...]`` command for a run with ``options``."""
    rules = None if options.rules is None else options.rules.name
    return engine_command(options.view, options.budget, options.seed, rules)


def _open(
    index: int, path: Path, target: Path | None, args: argparse.Namespace, lang: str
) -> _File:
    """A file about to be analysed: read through once first, so that a file with a hand
    that is not PSN is not analysed (its errors said with their places, in ``lang``),
    and its output looked at, so that one that cannot be written is said at once."""
    name = shown_path(path)
    out: Output | None = None
    if target is not None:
        out = Output(str(target), folders=True)
    elif not args.json:
        out = Output(None)
    file = _File(index, path, name, target, out)
    said: list[str] = []
    more = 0
    try:
        if target is not None:
            check_output(str(target), folders=True)
        with open_input(str(path)) as lines:
            for read in iter_hands(lines, name):
                for error in read.errors:
                    if len(said) < _ERRORS_SAID:
                        said.append(error_words(error, lang))
                    else:
                        more += 1
    except FileError as e:
        file.error = msg("cmd.error", text=error_words(e, lang)).render(lang)
        return file
    if more:
        said.append(msg("analyze.more-errors", n=more).render(lang))
    if said:  # reported with their lines; the file is left as it is
        file.error = "\n".join(said)
    return file


_ERRORS_SAID = 100  # the most syntax errors said of one file (the others are counted)


def _hands(file: _File, options: AnalyzeOptions, resume: bool, lang: str) -> Iterator[_HandWork]:
    """The file's hands, read one at a time and planned. With ``resume``, a hand already
    analysed with these settings (in the file, or in its ``--out`` file) is kept as it is.
    A file that cannot be read to its end now (it changed) is the file's error."""
    if file.error is not None:
        return
    in_place = file.target == file.path
    try:
        with (
            open_input(str(file.path)) as lines,
            closing(_earlier(file.target if resume and not in_place else None)) as earlier,
        ):
            for read in iter_hands(lines, file.name):
                hand = read.hand
                if hand is None:
                    raise FileError(file.name, msg("analyze.changed"))
                if not read.number:  # a file's opening remarks: written back, no hand
                    yield _HandWork(file, 0, hand, hand, None, [])
                    next(earlier, None)  # (written before it too, if at all)
                    continue
                before = hand if in_place else next(earlier, None)
                if before is not None and before is not hand and _bare(before) != _bare(hand):
                    before = None  # another hand in its place
                kept, done = hand, False
                if resume and before is not None and analysed_before(before, options):
                    kept, done = before, True
                plan = None if done else plan_hand(hand, options.rules, read.number)
                yield _HandWork(file, read.number, hand, kept, plan, _starts(plan, options))
    except FileError as e:
        file.error = msg("cmd.error", text=error_words(e, lang)).render(lang)


def _earlier(target: Path | None) -> Generator[Hand | None, None, None]:
    """Each hand of the ``--out`` file an earlier run wrote, in turn (None: a hand that
    cannot be read); nothing if there is none."""
    if target is None:
        return
    try:
        with open_input(str(target)) as lines:
            for read in iter_hands(lines, shown_path(target)):
                yield read.hand
    except FileError:  # not there yet, or not a record: nothing analysed before
        return


def _bare(hand: Hand) -> str:
    """A hand's text without the engine's analysis."""
    return write(Record((strip_analysis(hand),)))


def _starts(plan: HandPlan | None, options: AnalyzeOptions) -> list[int]:
    """Where each chunk of a hand's judged plays starts (none: analysed before)."""
    if plan is None:
        return []
    judged = [d for d in plan.decisions if options.judges(d)]
    # The choices before the play are judged with the first trick's plays.
    choices = [CHOICES] if plan.error is None and options.in_range(1) else []
    return choices + [judged[i].index for i in range(0, len(judged), CHUNK)]


_HELD = 64  # hands read ahead of the one being analysed, at most, before waiting for it


def _analyse(
    sources: Sequence[tuple[Path, Path | None]],
    targets: Sequence[Path | None],
    options: AnalyzeOptions,
    executor: Executor,
    args: argparse.Namespace,
    resume: bool,
    report: _JsonReport | None,
) -> _Totals:
    """Read, analyse and write every file, hand by hand, in order; the totals.

    A hand is finished (reported, annotated, written to its file's output) when its last
    chunk is back, and a file when its last hand is; the hands held are those between
    the one being analysed and the one being read."""
    totals = _Totals()
    files: deque[_File] = deque()  # read from, and not yet finished
    pending: deque[_HandWork] = deque()  # read, and not yet finished
    sent: deque[_Chunk | None] = deque()  # None: an empty batch, to wait for the work
    progress = _progress(sources, options, resume, args.lang) if sys.stderr.isatty() else None

    def finish() -> None:
        # in the order of the files: a file's hands, then the file, then the next file's
        # (a later file's hand may be done before an earlier file is finished)
        while True:
            if pending and pending[0].done and (not files or pending[0].file is files[0]):
                _finish_hand(pending.popleft(), options, args, totals, report)
            elif files and files[0].read and not (pending and pending[0].file is files[0]):
                _finish_file(files.popleft(), args, totals, report)
            else:
                return

    def batches() -> Iterator[tuple[_Chunk, ...]]:
        for index, ((path, _), target) in enumerate(zip(sources, targets, strict=True)):
            file = _open(index, path, target, args, args.lang)
            files.append(file)
            for work in _hands(file, options, resume, args.lang):
                pending.append(work)
                for first in work.starts:
                    chunk = _Chunk(file.index, work.number, first, work.record)
                    sent.append(chunk)
                    yield (chunk,)
                finish()
                if len(pending) > _HELD:  # the first is still being analysed: wait for it
                    sent.append(None)
                    yield ()
            file.read = True
            finish()

    fn = partial(_batch, options)
    for outcome in executor.ordered(fn, batches()):
        chunk = sent.popleft()
        if chunk is None:
            finish()
            continue
        result: _Result
        if isinstance(outcome, Lost):  # again alone; a chunk that still kills its worker fails
            (again,) = executor.ordered(fn, [(chunk,)], alone=True)
            result = (
                msg("bug.while", doing=msg("bug.doing.analysing"), error=again.text, where="")
                if isinstance(again, Lost)
                else again[0]
            )
        else:
            result = outcome[0]
        work = pending[0]
        assert (work.file.index, work.number) == (chunk.file, chunk.hand)
        work.received += 1
        if isinstance(result, Message):
            work.failed = work.failed or result
        else:
            work.results.append((chunk.first, result))
            plays = sum(1 for r in result if not isinstance(r, ChoiceReview))
            totals.plays += plays
            if progress:
                progress.tick(plays)
        finish()
    finish()
    if progress:
        progress.done()
    return totals


def _progress(
    sources: Sequence[tuple[Path, Path | None]], options: AnalyzeOptions, resume: bool, lang: str
) -> Progress | None:
    """A progress bar over the plays to judge (counted from the records, read here)."""
    total = 0
    for path, _ in sources:
        try:
            with open_input(str(path)) as lines:
                for read in iter_hands(lines):
                    hand = read.hand
                    if hand is None:
                        continue
                    if resume and any(is_engine_comment(c) for c in hand.comments):
                        continue  # most likely analysed before
                    tricks = hand.tricks
                    total += sum(len(t.plays) for t in tricks if options.in_range(t.number))
        except FileError:
            continue
    return Progress(total, msg("analyze.plays").render(lang)) if total else None


def _finish_hand(
    work: _HandWork,
    options: AnalyzeOptions,
    args: argparse.Namespace,
    totals: _Totals,
    report: _JsonReport | None,
) -> None:
    """A hand whose chunks are all back: its review reported, and written (a file's
    opening remarks only written)."""
    file = work.file
    review: HandReview | None = None
    if not work.number:
        pass  # the file's opening remarks: no hand to count or report, only written back
    elif work.plan is None:
        file.hands += 1
        file.skipped += 1
    else:
        file.hands += 1
        chosen = [c for _, chunk in work.results for c in chunk if isinstance(c, ChoiceReview)]
        review = hand_review(work.plan, options.view, _in_order(work.results), chosen)
        if work.failed is not None:
            review = replace(review, plays=(), stopped=None, error=work.failed, choices=())
        totals.bad += _said(file, review, args.lang)
    if file.error is not None:
        return
    if report is not None and work.number:
        report.hand(file.name, _hand_json(review, work.number, args.lang))
    if file.out is None:
        return
    annotated = (
        work.kept
        if review is None or review.error is not None
        else annotate_hand(
            work.kept,
            review,
            view=options.view,
            budget=options.budget,
            seed=options.seed,
            lang=args.lang,
            rules=None if options.rules is None else options.rules.name,
        )
    )
    file.written += 1
    for text in write_hands([annotated], first=file.written):
        file.out.write(text)


def _finish_file(
    file: _File, args: argparse.Namespace, totals: _Totals, report: _JsonReport | None
) -> None:
    """A file whose hands are all finished: its record written (whole, or not at all if
    it could not be read), and counted."""
    totals.files += 1
    totals.hands += file.hands
    totals.skipped += file.skipped
    try:
        if file.error is None and file.out is not None:
            file.out.commit()
            totals.written += file.target is not None
    except FileError as e:
        file.error = msg("cmd.error", text=error_words(e, args.lang)).render(args.lang)
    finally:
        if file.out is not None:
            file.out.close()
    if file.error is not None:
        warn(file.error)
        totals.bad += 1
    if report is not None:
        report.end(file.name, file.error)


def _hand_json(review: HandReview | None, number: int, lang: str) -> dict[str, Any]:
    """A hand as the JSON report writes it (its words in ``lang``); one analysed before is
    ``skipped`` (its analysis is in the file) with no plays."""
    if review is not None:
        return review.to_dict(lang)
    return {**HandReview(number, View.PLAYER, ()).to_dict(lang), "skipped": True}


def _in_order(chunks: list[tuple[int, list[_Judged]]]) -> list[PlayReview | Stop]:
    """The plays of one hand's chunks, by their first play, joined."""
    ordered = sorted(chunks, key=lambda c: c[0])
    return [r for _, chunk in ordered for r in chunk if not isinstance(r, ChoiceReview)]


def _batch(options: AnalyzeOptions, batch: tuple[_Chunk, ...]) -> list[_Result]:
    """Each chunk of a batch analysed (in a worker); a chunk the analysis fails on is
    its hand's error, not the run's."""
    for name, ruleset in options.rulesets:
        register_ruleset(name, ruleset)
    out: list[_Result] = []
    for chunk in batch:
        try:
            out.append(analyse_chunk(chunk.record, (chunk.file, chunk.hand, chunk.first), options))
        except Exception as e:
            out.append(internal_error(e, "analysing"))
    return out


# Per process: the plans of the last hands seen and one evaluator a setting, kept between
# chunks (a chunk's plays are usually of a hand the process has just worked on).
# A plan is kept with its hand and rules: the same place may hold another hand in the
# next run of the same process.
_PLANS: OrderedDict[tuple[int, int], tuple[Hand, Ruleset | None, HandPlan]] = OrderedDict()
_EVALUATORS: dict[tuple[View, float], Evaluator] = {}


def analyse_chunk(hand: Hand, task: tuple[int, int, int], options: AnalyzeOptions) -> list[_Judged]:
    """The plays of one hand from ``task``'s first, :data:`CHUNK` of them at most, or
    (:data:`CHOICES`) its choices before the play."""
    f, number, first = task
    kept = _PLANS.get((f, number))
    if kept is not None and kept[0] == hand and kept[1] == options.rules:
        plan = kept[2]
    else:  # a hand not seen, or another that had its place in an earlier run
        plan = plan_hand(hand, options.rules, number)
        _PLANS[f, number] = (hand, options.rules, plan)
        while len(_PLANS) > 4:
            _PLANS.popitem(last=False)
    evaluator = _EVALUATORS.get((options.view, options.budget))
    if evaluator is None:
        evaluator = _EVALUATORS[options.view, options.budget] = Evaluator(
            options.view, options.budget
        )
    if first == CHOICES:
        return list(review_choices(plan, options.view, options.budget, options.seed))
    found: list[_Judged] = []
    judged = [d for d in plan.decisions[first:] if options.judges(d)]
    for decision in judged[:CHUNK]:
        found.append(review_decision(plan, decision, evaluator, options.seed))
        if isinstance(found[-1], Stop):
            break
    return found


def _said(file: _File, review: HandReview, lang: str) -> int:
    """Say on standard error why a hand could not be analysed, or where its analysis
    stopped; 1 if it could not be."""
    if review.error is not None:
        warn(msg("analyze.hand", path=file.name, n=review.number, why=review.error).render(lang))
        return 1
    if review.stopped is not None:
        words = review.stopped.words()
        warn(msg("analyze.hand", path=file.name, n=review.number, why=words).render(lang))
    return 0


class _JsonReport:
    """The JSON report (``notation.analysis.review.JSON_SCHEMA``) printed as it is made: a
    file's entry hand by hand, as ``json.dumps(..., indent=2)`` would indent it."""

    def __init__(self, head: dict[str, Any]) -> None:
        text = json.dumps({**head, "files": []}, ensure_ascii=False, indent=2, allow_nan=False)
        sys.stdout.write(text.removesuffix("[]\n}"))
        self.files = 0
        self.path: str | None = None  # the file whose entry is open
        self.hands = 0

    def hand(self, path: str, entry: dict[str, Any]) -> None:
        """One hand of the file ``path``."""
        self._begin(path)
        pad = " " * 8
        text = json_text(entry).replace("\n", "\n" + pad)
        sys.stdout.write(("," if self.hands else "") + "\n" + pad + text)
        self.hands += 1

    def end(self, path: str, error: str | None) -> None:
        """Close the file's entry: its hands, and why it could not be read or written."""
        self._begin(path)
        close = "\n      ]" if self.hands else "]"
        error_text = json.dumps(error, ensure_ascii=False, allow_nan=False)
        sys.stdout.write(f'{close},\n      "error": {error_text}\n    }}')
        self.path = None

    def close(self) -> None:
        """End the document."""
        sys.stdout.write("\n  ]\n}\n" if self.files else "[]\n}\n")

    def _begin(self, path: str) -> None:
        if self.path is not None:
            return
        opening = json.dumps(path, ensure_ascii=False, allow_nan=False)
        sys.stdout.write(("," if self.files else "[") + f'\n    {{\n      "path": {opening},\n')
        sys.stdout.write('      "hands": [')
        self.files += 1
        self.path, self.hands = path, 0


def _engine(options: AnalyzeOptions) -> dict[str, Any]:
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
