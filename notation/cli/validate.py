"""``shengji validate``: replay records under a rule set and report every finding."""

from __future__ import annotations

import argparse
import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

from notation.cli.common import find_files
from notation.findings import CATALOGUE
from notation.rulesets import load_ruleset
from notation.validate import (
    JSON_SCHEMA_VERSION,
    FileReport,
    format_finding,
    severity_counts,
    validate_path,
)

EPILOG = """\
exit status: 0 no errors (warnings and notes allowed), 1 findings of severity error,
2 input that could not be read (a missing file, a hand that is not PSN).
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


def _validate(path: Path, rules: str | None, strict: bool) -> FileReport:
    return validate_path(path, rules, strict=strict).without_replays()


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
    if args.rules:
        load_ruleset(args.rules)  # a bad rule set is reported once, before any file
    files = list(find_files(args.paths))
    if not files:
        print("shengji validate: no *.psn files found", file=sys.stderr)
        return 2
    jobs = args.jobs or os.cpu_count() or 1
    work = partial(_validate, rules=args.rules, strict=args.strict)
    progress = _Progress(len(files)) if sys.stderr.isatty() and len(files) > 5 else None
    reports: list[FileReport] = []
    if jobs > 1 and len(files) > 1 and not args.strict:
        with ProcessPoolExecutor(max_workers=min(jobs, len(files))) as pool:
            for report in pool.map(work, files, chunksize=max(1, len(files) // (jobs * 8))):
                reports.append(report)
                _show(report, args)
                if progress:
                    progress.tick()
    else:
        for path in files:
            report = work(path)
            reports.append(report)
            _show(report, args)
            if progress:
                progress.tick()
            if args.strict and (report.stopped or report.error_count):
                break
    if progress:
        progress.done()
    if args.json:
        counts = severity_counts(reports)
        document = {
            "version": JSON_SCHEMA_VERSION,
            "files": [r.to_dict() for r in reports],
            "summary": {
                "files": len(reports),
                "hands": sum(len(r.hands) for r in reports),
                **{f"{k}s": v for k, v in counts.items()},
            },
        }
        json.dump(document, sys.stdout, ensure_ascii=False, indent=2)
        print()
    elif not args.quiet:
        counts = severity_counts(reports)
        hands = sum(len(r.hands) for r in reports)
        print(
            f"{len(reports)} file(s), {hands} hand(s): {counts['error']} error(s), "
            f"{counts['warning']} warning(s), {counts['info']} note(s)"
        )
    if any(r.unreadable or r.syntax_errors for r in reports):
        return 2
    return 1 if any(r.error_count for r in reports) else 0


def _show(report: FileReport, args: argparse.Namespace) -> None:
    if args.json:
        return
    if report.unreadable:
        print(f"{report.path}: cannot read: {report.unreadable}", file=sys.stderr)
        return
    for finding in report.findings:
        if args.quiet and not finding.is_error:
            continue
        print(format_finding(finding, report.path, report.line(finding.line)))


class _Progress:
    """A progress bar on standard error, for a terminal only."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.count = 0

    def tick(self) -> None:
        self.count += 1
        width = 30
        filled = width * self.count // self.total
        bar = "#" * filled + "." * (width - filled)
        sys.stderr.write(f"\r[{bar}] {self.count}/{self.total} files")
        sys.stderr.flush()

    def done(self) -> None:
        sys.stderr.write("\n")
