"""``shengji validate``: replay records under a rule set and report every finding.

Each hand's findings are printed as soon as it is checked, and only counts are kept, so
memory stays flat whatever the input (the JSON document is written the same way, hand by
hand). With ``-j N`` or ``--executor dask`` the hands are checked in batches by other
processes (:mod:`notation.corpus`), which send back what each hand prints; it is printed
in the order of the files and hands, the same bytes as checking them here one by one.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import field
from pathlib import Path
from typing import Any, TextIO

from notation.cli.common import Progress, find_files, json_text
from notation.cli.language import said
from notation.diagnostics import format_finding, unreadable_reason
from notation.executor import EXECUTORS, Executor, make_executor
from notation.files import FileError, open_input, shown_path
from notation.findings import CATALOGUE, Severity, meaning
from notation.frozen import frozen, mutable
from notation.messages import Message, msg
from notation.messages import count as count_of
from notation.presets import ruleset_argument
from notation.rules.ruleset import Ruleset
from notation.validate import JSON_SCHEMA_VERSION, CheckedHand, iter_validate

__all__ = [
    "POOL_MIN_BYTES",
    "FileResult",
    "HandOut",
    "HandPrinter",
    "add_executor_options",
    "add_parser",
    "local_jobs",
    "open_executor",
    "run",
]


def add_parser(sub: Any) -> None:
    """Register ``shengji validate``."""
    parser = sub.add_parser(
        "validate",
        help=said("help.validate"),
        description=said("help.validate.about"),
        epilog=said("help.validate.epilog"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("paths", nargs="*", metavar="PATH", help=said("help.paths"))
    parser.add_argument("--rules", help=said("help.ruleset.each-hand"))
    parser.add_argument("--json", action="store_true", help=said("help.validate.json"))
    parser.add_argument("--strict", action="store_true", help=said("help.validate.strict"))
    add_executor_options(parser)
    parser.add_argument("--codes", action="store_true", help=said("help.validate.codes"))
    parser.add_argument("-q", "--quiet", action="store_true", help=said("help.validate.quiet"))
    parser.set_defaults(run=run)


def add_executor_options(parser: argparse.ArgumentParser) -> None:
    """``-j``, ``--executor`` and ``--scheduler``: where the hands are checked."""
    parser.add_argument(
        "-j",
        "--jobs",
        type=int,
        default=0,
        help=said("help.jobs"),
    )
    parser.add_argument(
        "--executor",
        choices=EXECUTORS,
        default="local",
        help=said("help.executor"),
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help=said("help.scheduler"),
    )


# Below this much input, checking in this process is faster than starting a pool of
# processes, as the default -j would (tests/benchmark.py measures both).
POOL_MIN_BYTES = 1_000_000


def local_jobs(args: argparse.Namespace, files: Sequence[Path]) -> int:
    """The processes the options ask for: ``-j``, or by default one for a small input
    (under :data:`POOL_MIN_BYTES`: a pool would cost more than it saves), else 0 (every
    core)."""
    jobs: int = max(0, args.jobs)
    if jobs or args.executor != "local" or args.scheduler is not None:
        return jobs  # (a scheduler without dask is refused when the executor is made)
    size = 0
    for path in files:
        with suppress(OSError):  # a file that cannot be read is reported when it is read
            size += path.stat().st_size
        if size >= POOL_MIN_BYTES:
            return 0
    return 1


def open_executor(args: argparse.Namespace, files: Sequence[Path] | None = None) -> Executor:
    """The executor the options ask for, for ``files`` when known (an ExecutorError says
    why there is none)."""
    jobs = max(0, args.jobs) if files is None else local_jobs(args, files)
    return make_executor(args.executor, jobs, args.scheduler)


@frozen
class _Options:
    """What every file is checked with (sent to the worker processes)."""

    rules: Ruleset | None  # the rule set itself: a worker need not find it again
    strict: bool
    json: bool
    quiet: bool
    lang: str = "en"


@mutable
class FileResult:
    """What one file gave, in counts: its findings were printed as they were found."""

    path: str
    hands: int = 0
    counts: dict[str, int] = field(default_factory=lambda: {s.value: 0 for s in Severity})
    unreadable_hands: int = 0  # hands that are not PSN
    content: bool = False  # some hand has headers or events
    unreadable: Message | None = None  # why the file could not be read (or read to its end)
    stopped: bool = False  # --strict stopped here

    @property
    def empty(self) -> bool:
        """Read, but holds no hand."""
        return self.unreadable is None and not self.content

    def add(self, hand: HandOut, stops: bool) -> None:
        """Count one hand's findings."""
        self.hands += 1
        self.content = self.content or hand.content
        self.unreadable_hands += hand.unreadable
        for severity, count in zip(self.counts, hand.counts, strict=True):
            self.counts[severity] += count
        self.stopped = stops


@frozen
class HandOut:
    """What one hand prints, and its counts: all that comes back from a worker."""

    text: str  # the findings as printed (text), or the hand's JSON entry, indented
    counts: tuple[int, ...]  # findings of each severity, in the order of Severity
    content: bool  # the hand has headers or events
    unreadable: bool  # the hand is not PSN


@frozen
class HandPrinter:
    """Turns a checked hand into what it prints (sent to the workers)."""

    json: bool
    quiet: bool
    lang: str = "en"  # the language of the messages (JSON too)

    def __call__(self, checked: CheckedHand, path: str) -> HandOut:
        report = checked.report
        if self.json:
            text = _indent(json_text(report.to_dict(self.lang)), 8)
        else:
            read = checked.read
            text = "".join(
                format_finding(f, path, read.text, read.first_line, self.lang) + "\n"
                for f in report.findings
                if not (self.quiet and not f.is_error)
            )
        counts = tuple(sum(f.severity is s for f in report.findings) for s in Severity)
        unreadable = any(f.code == "syntax" for f in report.findings)
        return HandOut(text, counts, report.content, unreadable)


def run(args: argparse.Namespace) -> int:
    """Validate the paths; print findings; the exit status says the worst."""
    lang = args.lang
    if args.codes:
        for code, (severity, rule) in CATALOGUE.items():
            where = f" [{rule.value}]" if rule else ""
            said = msg(f"severity.{severity.value}").render(lang)
            print(f"{code:20} {said:8} {meaning(code, lang)}{where}")
        return 0
    if not args.paths:
        print(msg("cli.no-paths").render(lang), file=sys.stderr)
        return 2
    # A bad rule set is reported once, before any file.
    rules = ruleset_argument(args.rules) if args.rules else None
    files = list(find_files(args.paths))
    if not files:
        print(msg("cli.no-files").render(lang), file=sys.stderr)
        return 2
    options = _Options(rules, args.strict, args.json, args.quiet, lang)
    with _young_threshold():
        return _run_files(args, files, options)


@contextmanager
def _young_threshold() -> Iterator[None]:
    """The collector's youngest generation collected every 20,000 objects, not 700.

    A hand's objects (its model, its replay) live until it is checked, then die by their
    counts: at the default the collector walked them several times a hand, about 2% of a
    hand's instructions (README, "The validator's speed")."""
    before = gc.get_threshold()
    gc.set_threshold(20_000, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def _run_files(args: argparse.Namespace, files: list[Path], options: _Options) -> int:
    lang = options.lang
    jobs = local_jobs(args, files) or os.cpu_count() or 1
    in_turn = args.executor == "local" and (jobs == 1 or options.strict)
    # The executor is started before anything is printed: one that cannot is exit 2 alone.
    executor = None if in_turn else open_executor(args, files)
    nouns = msg("progress.files").render(lang)
    progress = Progress(len(files), nouns) if sys.stderr.isatty() and len(files) > 5 else None
    out = sys.stdout
    if options.json:
        out.write(f'{{\n  "version": {JSON_SCHEMA_VERSION},\n  "files": [')
    totals = dict.fromkeys(_TOTALS, 0)  # counts only: memory stays flat however many files
    try:
        if executor is None:
            checked: Iterator[FileResult] = _in_turn(files, options, out)
        else:
            checked = _in_batches(files, options, executor, out)
        for result in checked:
            _add(totals, result)
            if result.unreadable and not options.json:
                print(
                    msg("cli.cannot-read", path=result.path, reason=result.unreadable).render(lang),
                    file=sys.stderr,
                )
            if progress:
                progress.tick()
            if options.strict and (result.stopped or result.counts["error"]):
                break
    finally:
        if executor is not None:
            executor.close()
    if progress:
        progress.done()
    if options.json:
        summary = json.dumps(totals, indent=2, allow_nan=False).replace("\n", "\n  ")
        out.write(f'\n  ],\n  "summary": {summary}\n}}\n')
    elif not options.quiet:
        print(_summary(totals, lang))
    if totals["unreadable_files"] or totals["unreadable_hands"]:
        return 2
    return 1 if totals["errors"] else 0


def _in_turn(files: Sequence[Path], options: _Options, out: TextIO) -> Iterator[FileResult]:
    """Check the files one after the other in this process, printing as they go."""
    for index, path in enumerate(files):
        if options.json and index:
            out.write(",")
        yield _check(path, options, out)


def _in_batches(
    files: Sequence[Path], options: _Options, executor: Executor, out: TextIO
) -> Iterator[FileResult]:
    """Check the files' hands in batches on ``executor``; print what each hand printed
    there, in the order of the files and hands, as :func:`_in_turn` would."""
    # Imported here: a command that checks its files in this process does without the
    # batches' machinery (start-up time).
    from notation.corpus import FileDone, Work, folder_rulesets, walk

    remote = getattr(executor, "address", None) is not None
    work = Work(
        HandPrinter(options.json, options.quiet, options.lang),
        options.rules,
        options.strict,
        rulesets=folder_rulesets() if remote else (),
    )
    writer: _TextWriter | _JsonWriter | None = None
    result = FileResult("")
    begun = 0
    for event in walk(files, work, executor):
        if writer is None:  # a file begins
            if options.json and begun:
                out.write(",")
            begun += 1
            result = FileResult(event.path)
            writer = _writer(out, options)
            writer.begin(event.path)
        if isinstance(event, FileDone):
            result.unreadable = event.unreadable
            result.stopped = result.stopped or event.stopped
            writer.end(result)
            writer = None
            yield result
        else:
            result.add(event.value, event.stops)
            writer.hand(event.value)


def _check(path: Path, options: _Options, out: TextIO) -> FileResult:
    """Validate one file, printing each hand's findings to ``out`` as it is checked.

    Whatever goes wrong inside is this file's error: a file that cannot be read says
    why, and a failure of the validator itself is reported as an internal error, so
    the other files are still checked and the report is still printed.
    """
    name = shown_path(path)  # printable, whatever the bytes of its name
    result = FileResult(name)
    printer = HandPrinter(options.json, options.quiet, options.lang)
    writer = _writer(out, options)
    writer.begin(name)
    try:
        with open_input(str(path)) as lines:
            for checked in iter_validate(
                lines, name, options.rules, strict=options.strict, keep_replays=False
            ):
                hand = printer(checked, name)
                result.add(hand, checked.stops)
                writer.hand(hand)
    except FileError as e:
        result.unreadable = unreadable_reason(e)
    except Exception as e:  # a bug of ours: this file's error, not the whole run's
        from notation.corpus import internal_error

        result.unreadable = internal_error(e)
    writer.end(result)
    return result


def _writer(out: TextIO, options: _Options) -> _TextWriter | _JsonWriter:
    if options.json:
        return _JsonWriter(out, options.lang)
    return _TextWriter(out, quiet=options.quiet, lang=options.lang)


class _TextWriter:
    """Findings as a compiler prints them (errors only, ``quiet``)."""

    def __init__(self, out: TextIO, *, quiet: bool, lang: str = "en") -> None:
        self.out = out
        self.quiet = quiet
        self.lang = lang
        self.path = ""

    def begin(self, path: str) -> None:
        """Start a file: nothing to say before its first finding."""
        self.path = path

    def hand(self, hand: HandOut) -> None:
        """Print a hand's findings, each with its line."""
        self.out.write(hand.text)

    def end(self, result: FileResult) -> None:
        """Say that a file holds no hand."""
        if result.empty and not self.quiet:
            print(msg("cli.no-hand", path=result.path).render(self.lang), file=self.out)


class _JsonWriter:
    """One file's entry of the JSON report (``notation.validate.JSON_SCHEMA``), written
    hand by hand, indented as ``json.dump(..., indent=2)`` would indent it. Every
    finding is written: ``--quiet`` is for the text report."""

    def __init__(self, out: TextIO, lang: str) -> None:
        self.out = out
        self.lang = lang
        self.hands = 0
        self.begun = False

    def begin(self, path: str) -> None:
        """Open the file's entry and its list of hands."""
        self.out.write(f'\n    {{\n      "path": {_dumps(path)},\n      "hands": [')
        self.begun = True

    def hand(self, hand: HandOut) -> None:
        """Write one hand."""
        self.out.write(("," if self.hands else "") + "\n" + hand.text)
        self.hands += 1

    def end(self, result: FileResult) -> None:
        """Close the hands and the entry (opening it first if it never was)."""
        if not self.begun:
            self.begin(result.path)
        close = "\n      ]" if self.hands else "]"
        why = None if result.unreadable is None else result.unreadable.render(self.lang)
        self.out.write(
            f'{close},\n      "unreadable": {_dumps(why)},\n'
            f'      "stopped": {_dumps(result.stopped)},\n'
            f'      "empty": {_dumps(result.empty)}\n    }}'
        )


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


def _indent(text: str, width: int) -> str:
    """Every line of ``text`` indented (JSON text has no line break inside a string)."""
    pad = " " * width
    return pad + text.replace("\n", "\n" + pad)


# The counts of a run, as the JSON report's summary names them.
_TOTALS = (
    "files",
    "hands",
    "errors",
    "warnings",
    "infos",
    "unreadable_files",
    "unreadable_hands",
    "empty_files",
)


def _add(totals: dict[str, int], result: FileResult) -> None:
    """Count one file's result into the run's totals."""
    totals["files"] += 1
    totals["hands"] += result.hands
    for severity, count in result.counts.items():
        totals[f"{severity}s"] += count
    totals["unreadable_files"] += result.unreadable is not None
    totals["unreadable_hands"] += result.unreadable_hands
    totals["empty_files"] += result.empty


def _summary(t: dict[str, int], lang: str = "en") -> str:
    """``3 files, 4 hands: 1 error, 0 warnings, 0 notes``, then what went wrong."""
    line = msg(
        "cli.summary",
        files=count_of(t["files"], "files"),
        hands=count_of(t["hands"], "hands"),
        errors=count_of(t["errors"], "errors"),
        warnings=count_of(t["warnings"], "warnings"),
        notes=count_of(t["infos"], "notes"),
    ).render(lang)
    if t["unreadable_files"]:
        line += msg("cli.files-unreadable", files=count_of(t["unreadable_files"], "files")).render(
            lang
        )
    if t["unreadable_hands"]:
        line += msg("cli.hands-unreadable", hands=count_of(t["unreadable_hands"], "hands")).render(
            lang
        )
    if t["empty_files"]:
        n = t["empty_files"]
        key = "cli.empty-file" if n == 1 else "cli.empty-files"
        line += msg(key, files=count_of(n, "files")).render(lang)
    return line
