"""Validate files of records: replay every hand, check that a match's hands follow from
each other (:mod:`notation.match`), and report findings the way a compiler reports errors
(:mod:`notation.diagnostics` prints them).

>>> from notation.simulate import simulate_hand
>>> from notation.psn import write
>>> report = validate_text(write(simulate_hand("qq", seed=3)), "sim.psn")
>>> report.hands[0].replay is not None, report.error_count
(True, 0)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import field
from itertools import islice
from pathlib import Path
from typing import Any

from notation.diagnostics import unreadable_reason
from notation.errors import ShengjiError
from notation.files import FileError, open_input, shown_path
from notation.findings import Finding
from notation.frozen import frozen, mutable
from notation.match import continues, levels_after, match_findings, replay_in_match
from notation.messages import Message, msg
from notation.presets import load_ruleset
from notation.programs import kept_regexp
from notation.psn import ReadHand, comment_spans, iter_hands
from notation.replay import HandReplay, StrictStop, replay
from notation.rules.ruleset import Ruleset
from notation.variations import has_variations, variation_findings

__all__ = [
    "JSON_SCHEMA",
    "JSON_SCHEMA_VERSION",
    "CheckedHand",
    "FileReport",
    "HandReport",
    "check_hands",
    "iter_validate",
    "validate_lines",
    "validate_path",
    "validate_text",
]

JSON_SCHEMA_VERSION = 1

_FINDING_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["code", "severity", "message", "hand", "line", "column", "rule", "clause"],
    "properties": {
        "code": {"type": "string"},
        "severity": {"enum": ["error", "warning", "info"]},
        # in the language asked for (validate --lang zh), English by default; so is penalty
        "message": {"type": "string"},
        "hand": {"type": "integer", "minimum": 1},
        "trick": {"type": ["integer", "null"]},
        "seat": {"type": ["integer", "null"], "minimum": 1, "maximum": 4},
        "line": {"type": "integer", "minimum": 0},
        "column": {"type": "integer", "minimum": 0},
        "width": {"type": "integer", "minimum": 1},  # characters the caret underlines
        "rule": {"type": ["string", "null"]},
        "clause": {
            "type": ["object", "null"],
            "required": ["ref", "text"],
            "properties": {
                "ref": {"type": "string"},  # into the seed files (000§6.五.2), for machines
                "text": {"type": "string"},  # the rule in English
                "zh": {"type": ["string", "null"]},  # the rule in Chinese
                "doc": {  # the rule document's title
                    "type": ["object", "null"],
                    "properties": {"en": {"type": "string"}, "zh": {"type": "string"}},
                },
                "section": {"type": ["string", "null"]},  # the place in it (五.2)
                "quote": {"type": ["string", "null"]},  # its words, as written
                "cite": {  # what a reader is shown, in English and Chinese
                    "type": "object",
                    "properties": {"en": {"type": "string"}, "zh": {"type": "string"}},
                },
            },
        },
        "penalty": {"type": ["string", "null"]},
        "step": {"type": ["integer", "null"]},
    },
}
_NUMBER: dict[str, Any] = {"type": ["integer", "null"]}
_TEAMS_LEVELS: dict[str, Any] = {
    "type": ["array", "null"],
    "items": {"type": "string"},
    "minItems": 2,
    "maxItems": 2,
}
_TEAMS_COUNTS: dict[str, Any] = {
    "type": ["array", "null"],
    "items": {"type": "integer", "minimum": 0},
    "minItems": 2,
    "maxItems": 2,
}
_COMPUTED: dict[str, Any] = {
    "type": ["object", "null"],
    "properties": {
        "complete": {"type": "boolean"},
        "card_points": {"type": "integer"},
        "kitty_points": _NUMBER,
        "multiplier": _NUMBER,
        "penalty_points": {"type": "integer"},
        "points": _NUMBER,
        "winner": {"enum": ["dealer", "defenders", None]},
        "levels": _NUMBER,
        "dealer": _NUMBER,
        "next_dealer": _NUMBER,
        "trump": {"type": ["string", "null"]},
        # Both teams (1&3, 2&4): levels before the hand; misplays (revokes, cards not
        # held) in it; the levels each is to drop for them (the rule set's misplay
        # penalty); the levels after the hand, the level-table result and the penalties
        # applied (a level never drops below 2).
        "levels_before": _TEAMS_LEVELS,
        "misplays": _TEAMS_COUNTS,
        "misplay_levels": _TEAMS_COUNTS,
        "levels_after": _TEAMS_LEVELS,
    },
}
_HAND: dict[str, Any] = {
    "type": "object",
    "required": ["hand", "line", "headers", "findings", "computed"],
    "properties": {
        "hand": {"type": "integer", "minimum": 1},
        "line": {"type": "integer"},
        "headers": {"type": "object", "additionalProperties": {"type": "string"}},
        "rules": {"type": ["string", "null"]},
        "findings": {"type": "array", "items": _FINDING_SCHEMA},
        "computed": _COMPUTED,
    },
}
_COUNT: dict[str, Any] = {"type": "integer", "minimum": 0}
# The document ``shengji validate --json`` prints (JSON Schema, draft 2020-12).
JSON_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "shengji validate report",
    "type": "object",
    "required": ["version", "files", "summary"],
    "properties": {
        "version": {"const": JSON_SCHEMA_VERSION},
        "files": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["path", "unreadable", "hands"],
                "properties": {
                    "path": {"type": "string"},
                    "hands": {"type": "array", "items": _HAND},
                    # why the file could not be read (then its hands are those read
                    # before), or null
                    "unreadable": {"type": ["string", "null"]},
                    "stopped": {"type": "boolean"},  # --strict stopped in this file
                    "empty": {"type": "boolean"},  # read, but holds no hand (a warning)
                },
            },
        },
        "summary": {
            "type": "object",
            "required": ["files", "hands", "errors", "warnings", "infos"],
            "properties": {
                k: _COUNT
                for k in (
                    "files",
                    "hands",
                    "errors",
                    "warnings",
                    "infos",
                    "unreadable_files",  # files that could not be read
                    "unreadable_hands",  # hands that are not PSN (each has a syntax finding)
                    "empty_files",  # files that hold no hand
                )
            },
        },
    },
}
# The fields a hand's ``computed`` has from :meth:`LevelsAfter.to_dict` (all None
# when the record does not give the result, the dealer or the levels).
_LEVELS_AFTER_KEYS = ("levels_before", "misplays", "misplay_levels", "levels_after")


@mutable
class HandReport:
    """One hand of a file: its findings and computed result (``None`` if unreadable).

    ``replay`` is the full replay when validated in this process; reports that come
    back from worker processes carry only plain values.
    """

    number: int
    line: int
    replay: HandReplay | None
    findings: list[Finding] = field(default_factory=list)
    headers: dict[str, str] = field(default_factory=dict)
    rules: str | None = None
    computed: dict[str, Any] | None = None
    content: bool = True  # False for a "hand" of comments only: no headers, no events

    def __post_init__(self) -> None:
        if self.replay is not None:
            hand = self.replay.hand
            self.content = hand.has_content
            self.headers = {h.tag: h.value for h in hand.headers}
            self.rules = self.replay.rules.name
            self.computed = self.replay.computed.to_dict()
            levels = levels_after(self.replay)
            self.computed.update(levels.to_dict() if levels else dict.fromkeys(_LEVELS_AFTER_KEYS))

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """Plain values for JSON, the findings' messages in ``lang``."""
        return {
            "hand": self.number,
            "line": self.line,
            "headers": self.headers,
            "rules": self.rules,
            "findings": [f.to_dict(lang) for f in self.findings],
            "computed": self.computed,
        }


@mutable
class FileReport:
    """Everything found in one file."""

    path: str
    hands: list[HandReport] = field(default_factory=list)
    lines: dict[int, str] = field(default_factory=dict)  # the text of each line with a finding
    unreadable: Message | None = None  # why the file itself could not be read
    stopped: bool = False  # --strict stopped at the first error

    def add(self, hand: HandReport, read: ReadHand) -> None:
        """Add a hand's report, keeping the text of the lines its findings point at."""
        self.hands.append(hand)
        if not hand.findings:
            return
        rows = read.text.split("\n")  # the reader's lines (other breaks are text)
        for f in hand.findings:
            index = f.line - read.first_line
            if 0 <= index < len(rows):
                self.lines[f.line] = rows[index]

    def line(self, number: int) -> str | None:
        """The text of line ``number``, if a finding points at it."""
        return self.lines.get(number)

    @property
    def findings(self) -> list[Finding]:
        """Every finding of every hand, in file order."""
        return [f for h in self.hands for f in h.findings]

    @property
    def error_count(self) -> int:
        """Findings of severity error."""
        return sum(1 for f in self.findings if f.is_error)

    @property
    def syntax_errors(self) -> int:
        """Hands that could not be read at all."""
        return sum(1 for f in self.findings if f.code == "syntax")

    @property
    def empty(self) -> bool:
        """True if the file was read and holds no hand (nothing, or comments only)."""
        return self.unreadable is None and not any(h.content for h in self.hands)

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """Plain values for JSON (the schema is in README, section "Findings"); the
        findings' messages and penalties, and why the file could not be read, in ``lang``."""
        return {
            "path": self.path,
            "hands": [h.to_dict(lang) for h in self.hands],
            "unreadable": None if self.unreadable is None else self.unreadable.render(lang),
            "stopped": self.stopped,
            "empty": self.empty,
        }


def _syntax_finding(error: ShengjiError, hand: int) -> Finding:
    line = getattr(error, "line", None) or 0
    column = getattr(error, "column", None) or 0
    words = getattr(error, "text", None) or getattr(error, "message", None) or str(error)
    text = msg("syntax", text=words)
    width = getattr(error, "width", None) or 1
    return Finding(code="syntax", text=text, hand=hand, line=line, column=column, width=width)


def validate_text(
    text: str,
    path: str = "<input>",
    rules: Ruleset | str | None = None,
    *,
    strict: bool = False,
    timeline: bool = False,
) -> FileReport:
    """Validate the hands in ``text``; a broken hand is reported and the rest go on."""
    return validate_lines(
        (m.group() for m in _LINE.finditer(text)), path, rules, strict=strict, timeline=timeline
    )


_LINE = kept_regexp(r"[^\n]*\n|[^\n]+\Z")


def validate_lines(
    lines: Iterable[str],
    path: str = "<input>",
    rules: Ruleset | str | None = None,
    *,
    strict: bool = False,
    timeline: bool = False,
    keep_replays: bool = True,
) -> FileReport:
    """Validate hands read one at a time from ``lines`` (an open file streams).

    The report keeps every hand's findings and computed result (and, with
    ``keep_replays``, its replay); :func:`iter_validate` keeps nothing.
    """
    report = FileReport(path)
    for checked in iter_validate(
        lines, path, rules, strict=strict, timeline=timeline, keep_replays=keep_replays
    ):
        report.add(checked.report, checked.read)
        report.stopped = checked.stops
    return report


@frozen
class CheckedHand:
    """A hand as the validator finishes it: its report, the text it was read from (for
    the lines its findings point at), and whether ``strict`` stops there."""

    report: HandReport
    read: ReadHand
    stops: bool = False


def iter_validate(
    lines: Iterable[str],
    path: str = "<input>",
    rules: Ruleset | str | None = None,
    *,
    strict: bool = False,
    timeline: bool = False,
    keep_replays: bool = True,
) -> Iterator[CheckedHand]:
    """Validate hands read one at a time from ``lines``, yielding each as it is checked.

    Only the hand before is kept (a match's levels follow from it), so a caller that
    reports each hand and drops it validates a file of any size in flat memory. With
    ``keep_replays`` false the reports carry plain values only.
    """
    return check_hands(
        _batched(iter_hands(lines, path)),
        rules,
        strict=strict,
        timeline=timeline,
        keep_replays=keep_replays,
    )


def check_hands(
    hands: Iterable[ReadHand],
    rules: Ruleset | str | None = None,
    *,
    strict: bool = False,
    timeline: bool = False,
    keep_replays: bool = True,
    previous: HandReplay | None = None,
) -> Iterator[CheckedHand]:
    """Validate hands already read (consecutive hands of one file), yielding each as it is
    checked; ``previous`` is the replay of the hand before the first, if any, which a
    match's levels and dealer follow from (a batch of a file's hands checked elsewhere)."""
    ruleset = load_ruleset(rules) if isinstance(rules, str) else rules
    for read in hands:
        if read.hand is None:
            hand_report = HandReport(read.number, read.first_line, None)
            hand_report.findings = [_syntax_finding(e, read.number) for e in read.errors]
            yield CheckedHand(hand_report, read, stops=strict)
            if strict:
                return
            previous = None
            continue
        if not read.hand.has_content:
            continue  # comments only, before the first hand: nothing to judge or count
        follows = previous is not None and continues(previous.hand, read.hand)
        expected = levels_after(previous) if follows and previous is not None else None
        try:
            if expected is None:
                result = replay(
                    read.hand, ruleset, number=read.number, timeline=timeline, strict=strict
                )
            else:
                result = replay_in_match(read.hand, ruleset, read.number, timeline, expected)
                if strict and result.errors:
                    raise StrictStop(result.errors[0])
        except StrictStop as stop:
            yield CheckedHand(
                HandReport(read.number, read.hand.line, None, [stop.finding]), read, True
            )
            return
        hand_report = HandReport(read.number, read.hand.line, result, list(result.findings))
        if "{" in read.text:
            hand_report.findings.extend(_hiding_comments(read, result))
        stops = False
        if has_variations(read.hand):  # alternative lines are held to the rules too
            steps = result if result.states else replay(read.hand, result.rules, number=read.number)
            in_lines = variation_findings(steps)
            hand_report.findings.extend(in_lines)
            stops = strict and any(f.is_error for f in in_lines)
        if not stops and previous is not None and follows:
            between = match_findings(previous, result)
            hand_report.findings.extend(between)
            stops = strict and any(f.is_error for f in between)
        if not keep_replays:
            hand_report.replay = None
        yield CheckedHand(hand_report, read, stops)
        if stops:
            return
        previous = result


def _batched(hands: Iterator[ReadHand], size: int = 64) -> Iterator[ReadHand]:
    """The hands, read ``size`` at a time before any is replayed: reading and replaying
    in turns, hand by hand, is about 5% slower (each evicts the other's working set from
    the processor's caches). Memory stays flat: ``size`` hands at most are held. Should
    reading fail (a byte that is not UTF-8), the hands read before it are still yielded,
    then the error is raised."""
    while True:
        batch: list[ReadHand] = []
        try:
            batch.extend(islice(hands, size))
        except Exception:
            yield from batch
            raise
        if not batch:
            return
        yield from batch


_HAND_START = kept_regexp(r'^[ \t]*\[[ \t]*[A-Za-z0-9_]+[ \t]+"', re.MULTILINE)


def _hiding_comments(read: ReadHand, result: HandReplay) -> list[Finding]:
    """Comments that run over lines starting like a hand's headers: a ``}`` forgotten,
    and the hands after it read as the comment's text (the grammar allows it)."""
    found: list[Finding] = []
    for comment in comment_spans(read.text):
        starts = _HAND_START.findall(comment.group())
        if not starts:
            continue
        line = read.first_line + read.text.count("\n", 0, comment.start())
        column = comment.start() - read.text.rfind("\n", 0, comment.start())
        found.append(
            Finding(
                code="comment-hides",
                text=msg("comment.hides", n=len(starts)),
                hand=result.number,
                line=line,
                column=column,
            )
        )
    return found


def validate_path(
    path: str | Path,
    rules: Ruleset | str | None = None,
    *,
    strict: bool = False,
    keep_replays: bool = False,
) -> FileReport:
    """Validate one file, reading it hand by hand (:func:`notation.files.open_input`); a
    file that cannot be read (or read to its end) says why, after the hands before."""
    name = shown_path(path)
    report = FileReport(name)
    try:
        with open_input(str(path)) as lines:
            for checked in iter_validate(
                lines, name, rules, strict=strict, keep_replays=keep_replays
            ):
                report.add(checked.report, checked.read)
                report.stopped = checked.stops
    except FileError as e:
        report.unreadable = unreadable_reason(e)
    return report
