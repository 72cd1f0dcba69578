"""``shengji validate``: replay records under a rule set and report every finding.

Each hand's findings are printed as soon as it is checked, and only counts are kept, so
memory stays flat whatever the input (the JSON document is written the same way, hand by
hand). Files checked in other processes (``-j``) write to a file of their own in a
temporary folder, copied out in the order of the files.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import traceback
from collections import deque
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from notation.cli.common import Progress, find_files, plural
from notation.findings import CATALOGUE, Severity
from notation.rules.ruleset import Ruleset
from notation.rulesets import ruleset_argument
from notation.validate import (
    JSON_SCHEMA_VERSION,
    CheckedHand,
    format_finding,
    iter_validate,
    unreadable_reason,
)

__all__ = ["FileResult", "add_parser", "run"]

EPILOG = """\
exit status: 0 no errors (warnings and notes allowed), 1 findings of severity error,
2 input that could not be read (a missing file, a hand that is not PSN, a file the
validator failed on). A file that holds no hand is a warning.
Findings are printed as each hand is checked, in flat memory whatever the files' size.
`shengji validate --codes` lists every finding code."""


def add_parser(sub: Any) -> None:
    """Register ``shengji validate``."""
    parser = sub.add_parser(
        "validate",
        help="replay records under a rule set and report illegal plays, bids and miscounts",
        description="Replay every hand of the files (folders: every *.psn below them) "
        "and report each finding with its rule and penalty.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("paths", nargs="*", metavar="PATH", help="files or folders")
    parser.add_argument("--rules", help="preset or YAML file (default: each hand's Rules header)")
    parser.add_argument("--json", action="store_true", help="machine-readable report")
    parser.add_argument("--strict", action="store_true", help="stop at the first error")
    parser.add_argument("-j", "--jobs", type=int, default=0, help="processes (default: all cores)")
    parser.add_argument("--codes", action="store_true", help="list the finding codes and exit")
    parser.add_argument("-q", "--quiet", action="store_true", help="print errors only")
    parser.set_defaults(run=run)


@dataclass(frozen=True, slots=True)
class _Options:
    """What every file is checked with (sent to the worker processes)."""

    rules: Ruleset | None  # the rule set itself: a worker need not find it again
    strict: bool
    json: bool
    quiet: bool


@dataclass(slots=True)
class FileResult:
    """What one file gave, in counts: its findings were printed as they were found."""

    path: str
    hands: int = 0
    counts: dict[str, int] = field(default_factory=lambda: {s.value: 0 for s in Severity})
    unreadable_hands: int = 0  # hands that are not PSN
    content: bool = False  # some hand has headers or events
    unreadable: str | None = None  # why the file could not be read (or read to its end)
    stopped: bool = False  # --strict stopped here

    @property
    def empty(self) -> bool:
        """Read, but holds no hand."""
        return self.unreadable is None and not self.content

    def add(self, checked: CheckedHand) -> None:
        """Count one hand's findings."""
        self.hands += 1
        report = checked.report
        self.content = self.content or report.content
        self.unreadable_hands += any(f.code == "syntax" for f in report.findings)
        for f in report.findings:
            self.counts[f.severity.value] += 1
        self.stopped = checked.stops


def run(args: argparse.Namespace) -> int:
    """Validate the paths; print findings; the exit status says the worst."""
    if args.codes:
        for code, (severity, rule, meaning) in CATALOGUE.items():
            where = f" [{rule.value}]" if rule else ""
            print(f"{code:20} {severity.value:8} {meaning}{where}")
        return 0
    if not args.paths:
        print("shengji validate: name at least one file or folder", file=sys.stderr)
        return 2
    # A bad rule set is reported once, before any file.
    rules = ruleset_argument(args.rules) if args.rules else None
    files = list(find_files(args.paths))
    if not files:
        print("shengji validate: no *.psn files found", file=sys.stderr)
        return 2
    options = _Options(rules, args.strict, args.json, args.quiet)
    jobs = args.jobs or os.cpu_count() or 1
    progress = Progress(len(files), "files") if sys.stderr.isatty() and len(files) > 5 else None
    out = sys.stdout
    if options.json:
        out.write(f'{{\n  "version": {JSON_SCHEMA_VERSION},\n  "files": [')
    totals = dict.fromkeys(_TOTALS, 0)  # counts only: memory stays flat however many files
    if jobs > 1 and len(files) > 1 and not options.strict:
        checked: Iterator[FileResult] = _pooled(files, options, min(jobs, len(files)), out)
    else:
        checked = _in_turn(files, options, out)
    for result in checked:
        _add(totals, result)
        if result.unreadable and not options.json:
            print(f"{result.path}: cannot read: {result.unreadable}", file=sys.stderr)
        if progress:
            progress.tick()
    if progress:
        progress.done()
    if options.json:
        summary = json.dumps(totals, indent=2).replace("\n", "\n  ")
        out.write(f'\n  ],\n  "summary": {summary}\n}}\n')
    elif not options.quiet:
        print(_summary(totals))
    if totals["unreadable_files"] or totals["unreadable_hands"]:
        return 2
    return 1 if totals["errors"] else 0


def _in_turn(files: Sequence[Path], options: _Options, out: TextIO) -> Iterator[FileResult]:
    """Check the files one after the other in this process, printing as they go."""
    for index, path in enumerate(files):
        if options.json and index:
            out.write(",")
        result = _check(path, options, out)
        yield result
        if options.strict and (result.stopped or result.counts["error"]):
            break


def _pooled(
    files: Sequence[Path], options: _Options, jobs: int, out: TextIO
) -> Iterator[FileResult]:
    """Check the files in ``jobs`` processes; each writes what it prints to a file of its
    own, copied to ``out`` in the order of the files. A few files per process are under
    way at a time, so neither memory nor the temporary folder grows with their number."""
    window: deque[tuple[Path, Path, Future[FileResult]]] = deque()
    copied = 0

    def done() -> FileResult:
        nonlocal copied
        path, printed, future = window.popleft()
        if options.json and copied:
            out.write(",")
        copied += 1
        try:
            result = future.result()
        except Exception as e:  # the worker process itself failed, perhaps mid-file
            result = FileResult(str(path), unreadable=_internal_error(e))
            if options.json:  # what it wrote is not whole: the entry says why instead
                printed.unlink(missing_ok=True)
                _writer(out, options).end(result)
        if printed.exists():
            with printed.open(encoding="utf-8") as text:
                shutil.copyfileobj(text, out)
            printed.unlink()
        return result

    with (
        tempfile.TemporaryDirectory(prefix="shengji-validate-") as spool,
        ProcessPoolExecutor(max_workers=jobs) as pool,
    ):
        for index, path in enumerate(files):
            printed = Path(spool) / f"{index}.out"
            window.append((path, printed, pool.submit(_check_to, path, options, printed)))
            if len(window) >= jobs * 4:
                yield done()
        while window:
            yield done()


def _check_to(path: Path, options: _Options, printed: Path) -> FileResult:
    """:func:`_check` in a worker process, printing to the file ``printed``."""
    with printed.open("w", encoding="utf-8") as out:
        return _check(path, options, out)


def _check(path: Path, options: _Options, out: TextIO) -> FileResult:
    """Validate one file, printing each hand's findings to ``out`` as it is checked.

    Whatever goes wrong inside is this file's error: a file that cannot be read says
    why, and a failure of the validator itself is reported as an internal error, so
    the other files are still checked and the report is still printed.
    """
    name = str(path)
    result = FileResult(name)
    writer = _writer(out, options)
    writer.begin(name)
    try:
        with path.open(encoding="utf-8-sig", newline="") as stream:
            for checked in iter_validate(
                stream, name, options.rules, strict=options.strict, keep_replays=False
            ):
                result.add(checked)
                writer.hand(checked)
    except (OSError, UnicodeDecodeError) as e:
        result.unreadable = unreadable_reason(e)
    except Exception as e:  # a bug of ours: this file's error, not the whole run's
        result.unreadable = _internal_error(e)
    writer.end(result)
    return result


def _internal_error(error: BaseException) -> str:
    """A failure of the validator itself, with where it happened, for a bug report."""
    frames = traceback.extract_tb(error.__traceback__)
    where = f" (at {Path(frames[-1].filename).name}:{frames[-1].lineno})" if frames else ""
    return f"internal error while reading: {type(error).__name__}: {error}{where}; please report it"


def _writer(out: TextIO, options: _Options) -> _TextWriter | _JsonWriter:
    return _JsonWriter(out) if options.json else _TextWriter(out, quiet=options.quiet)


class _TextWriter:
    """Findings as a compiler prints them (errors only, ``quiet``)."""

    def __init__(self, out: TextIO, *, quiet: bool) -> None:
        self.out = out
        self.quiet = quiet
        self.path = ""

    def begin(self, path: str) -> None:
        """Start a file: nothing to say before its first finding."""
        self.path = path

    def hand(self, checked: CheckedHand) -> None:
        """Print a hand's findings, each with its line."""
        read = checked.read
        for finding in checked.report.findings:
            if self.quiet and not finding.is_error:
                continue
            print(format_finding(finding, self.path, read.text, read.first_line), file=self.out)

    def end(self, result: FileResult) -> None:
        """Say that a file holds no hand."""
        if result.empty and not self.quiet:
            print(f"{result.path}: warning: holds no hand", file=self.out)


class _JsonWriter:
    """One file's entry of the JSON report (``notation.validate.JSON_SCHEMA``), written
    hand by hand, indented as ``json.dump(..., indent=2)`` would indent it. Every
    finding is written: ``--quiet`` is for the text report."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.hands = 0
        self.begun = False

    def begin(self, path: str) -> None:
        """Open the file's entry and its list of hands."""
        self.out.write(f'\n    {{\n      "path": {_dumps(path)},\n      "hands": [')
        self.begun = True

    def hand(self, checked: CheckedHand) -> None:
        """Write one hand."""
        text = json.dumps(checked.report.to_dict(), ensure_ascii=False, indent=2)
        self.out.write(("," if self.hands else "") + "\n" + _indent(text, 8))
        self.hands += 1

    def end(self, result: FileResult) -> None:
        """Close the hands and the entry (opening it first if it never was)."""
        if not self.begun:
            self.begin(result.path)
        close = "\n      ]" if self.hands else "]"
        self.out.write(
            f'{close},\n      "unreadable": {_dumps(result.unreadable)},\n'
            f'      "stopped": {_dumps(result.stopped)},\n'
            f'      "empty": {_dumps(result.empty)}\n    }}'
        )


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


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


def _summary(t: dict[str, int]) -> str:
    """``3 files, 4 hands: 1 error, 0 warnings, 0 notes``, then what went wrong."""
    line = (
        f"{plural(t['files'], 'file')}, {plural(t['hands'], 'hand')}: "
        f"{plural(t['errors'], 'error')}, {plural(t['warnings'], 'warning')}, "
        f"{plural(t['infos'], 'note')}"
    )
    if t["unreadable_files"]:
        line += f"; {plural(t['unreadable_files'], 'file')} could not be read"
    if t["unreadable_hands"]:
        line += f"; {plural(t['unreadable_hands'], 'hand')} could not be read"
    if t["empty_files"]:
        n = t["empty_files"]
        line += f"; {plural(n, 'file')} {'holds' if n == 1 else 'hold'} no hand"
    return line
