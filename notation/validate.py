"""Validate files of records: replay every hand, check that a match's hands follow from
each other, and report findings the way a compiler reports errors.

>>> from notation.simulate import simulate_hand
>>> from notation.psn import write
>>> report = validate_text(write(simulate_hand("qq", seed=3)), "sim.psn")
>>> report.hands[0].replay is not None, report.error_count
(True, 0)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import suppress
from dataclasses import dataclass, field, replace
from itertools import islice
from pathlib import Path
from typing import Any

from notation.errors import ShengjiError, SourceError
from notation.findings import CATALOGUE, Finding, Severity
from notation.psn import Bid, Hand, ReadHand, iter_hands
from notation.psn.model import UNKNOWN, KittyExchange
from notation.replay import HandReplay, StrictStop, replay
from notation.rules import bidding as bids
from notation.rules.cards import Card
from notation.rules.clauses import Rule
from notation.rules.ruleset import Goal, Ruleset
from notation.rules.scoring import apply_outcome
from notation.rules.seats import team
from notation.rulesets import load_ruleset
from notation.variations import has_variations, variation_findings

__all__ = [
    "JSON_SCHEMA",
    "JSON_SCHEMA_VERSION",
    "FileReport",
    "HandReport",
    "continues",
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
            "properties": {"ref": {"type": "string"}, "text": {"type": "string"}},
        },
        "penalty": {"type": ["string", "null"]},
        "step": {"type": ["integer", "null"]},
    },
}
_NUMBER: dict[str, Any] = {"type": ["integer", "null"]}
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
                    "unreadable": {"type": ["string", "null"]},
                    "stopped": {"type": "boolean"},
                    "hands": {"type": "array", "items": _HAND},
                },
            },
        },
        "summary": {
            "type": "object",
            "required": ["files", "hands", "errors", "warnings", "infos"],
            "properties": {k: _COUNT for k in ("files", "hands", "errors", "warnings", "infos")},
        },
    },
}
MISPLAYS = {"follow-suit", "follow-pair", "follow-tractor", "not-held"}


@dataclass(slots=True)
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

    def __post_init__(self) -> None:
        if self.replay is not None:
            self.headers = {h.tag: h.value for h in self.replay.hand.headers}
            self.rules = self.replay.rules.name
            self.computed = self.replay.computed.to_dict()

    def to_dict(self) -> dict[str, Any]:
        """Plain values for JSON."""
        return {
            "hand": self.number,
            "line": self.line,
            "headers": self.headers,
            "rules": self.rules,
            "findings": [f.to_dict() for f in self.findings],
            "computed": self.computed,
        }


@dataclass(slots=True)
class FileReport:
    """Everything found in one file."""

    path: str
    hands: list[HandReport] = field(default_factory=list)
    lines: dict[int, str] = field(default_factory=dict)  # the text of each line with a finding
    unreadable: str | None = None  # the file itself could not be read
    stopped: bool = False  # --strict stopped at the first error

    def add(self, hand: HandReport, read: ReadHand) -> None:
        """Add a hand's report, keeping the text of the lines its findings point at."""
        self.hands.append(hand)
        if not hand.findings:
            return
        rows = read.text.splitlines()
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

    def without_replays(self) -> FileReport:
        """The same report with plain values only (to send between processes)."""
        for hand in self.hands:
            hand.replay = None
        return self

    def to_dict(self) -> dict[str, Any]:
        """Plain values for JSON (the schema is in README, section "Findings")."""
        return {
            "path": self.path,
            "unreadable": self.unreadable,
            "stopped": self.stopped,
            "hands": [h.to_dict() for h in self.hands],
        }


def _syntax_finding(error: ShengjiError, hand: int) -> Finding:
    line = getattr(error, "line", None) or 0
    column = getattr(error, "column", None) or 0
    message = getattr(error, "message", None) or str(error)
    width = getattr(error, "width", None) or 1
    return Finding(code="syntax", message=message, hand=hand, line=line, column=column, width=width)


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


_LINE = re.compile(r"[^\n]*\n|[^\n]+\Z")


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

    With ``keep_replays`` false only findings and computed results are kept, so memory
    stays flat however many hands the file has.
    """
    report = FileReport(path)
    ruleset = load_ruleset(rules) if isinstance(rules, str) else rules
    previous: HandReplay | None = None
    for read in _batched(iter_hands(lines, path)):
        if read.hand is None:
            hand_report = HandReport(read.number, read.first_line, None)
            hand_report.findings = [_syntax_finding(e, read.number) for e in read.errors]
            report.add(hand_report, read)
            previous = None
            if strict:
                report.stopped = True
                return report
            continue
        try:
            result = replay(
                read.hand, ruleset, number=read.number, timeline=timeline, strict=strict
            )
        except StrictStop as stop:
            report.add(HandReport(read.number, read.hand.line, None, [stop.finding]), read)
            report.stopped = True
            return report
        hand_report = HandReport(read.number, read.hand.line, result, list(result.findings))
        if "{" in read.text:
            hand_report.findings.extend(_hiding_comments(read, result))
        if has_variations(read.hand):  # alternative lines are held to the rules too
            steps = result if result.states else replay(read.hand, result.rules, number=read.number)
            in_lines = variation_findings(steps)
            hand_report.findings.extend(in_lines)
            if strict and any(f.is_error for f in in_lines):
                report.add(hand_report, read)
                report.stopped = True
                return report
        if previous is not None and continues(previous.hand, read.hand):
            between = _match_findings(previous, result)
            hand_report.findings.extend(between)
            if strict and any(f.is_error for f in between):
                report.add(hand_report, read)
                report.stopped = True
                return report
        report.add(hand_report, read)
        if not keep_replays:
            hand_report.replay = None
        previous = result
    return report


def _batched(hands: Iterator[ReadHand], size: int = 64) -> Iterator[ReadHand]:
    """The hands, read ``size`` at a time before any is replayed: reading and replaying
    in turns, hand by hand, is about 5% slower (each evicts the other's working set from
    the processor's caches). Memory stays flat: ``size`` hands at most are held."""
    while batch := list(islice(hands, size)):
        yield from batch


_COMMENT = re.compile(r"\{[^}]*\}")
_HAND_START = re.compile(r'^[ \t]*\[[ \t]*[A-Za-z0-9_]+[ \t]+"', re.MULTILINE)


def _hiding_comments(read: ReadHand, result: HandReplay) -> list[Finding]:
    """Comments that run over lines starting like a hand's headers: a ``}`` forgotten,
    and the hands after it read as the comment's text (the grammar allows it)."""
    found: list[Finding] = []
    for comment in _COMMENT.finditer(read.text):
        starts = _HAND_START.findall(comment.group())
        if not starts:
            continue
        line = read.first_line + read.text.count("\n", 0, comment.start())
        column = comment.start() - read.text.rfind("\n", 0, comment.start())
        found.append(
            Finding(
                code="comment-hides",
                message=f"this comment runs over {len(starts)} line(s) that start like a "
                "hand's headers: is a '}' missing before them? What follows them is read "
                "as the comment's text",
                hand=result.number,
                line=line,
                column=column,
            )
        )
    return found


def continues(before: Hand, after: Hand) -> bool:
    """True if ``after`` is the hand that follows ``before`` in one match, so its levels
    and dealer must follow from it.

    A file may hold separate hands, as a PGN file holds separate games: a hand whose
    ``Hand`` number is not one more than the hand before's, or whose ``Event`` differs,
    starts afresh. Hands without these headers are taken as one match.
    """
    if before.header("Hand") is not None and after.header("Hand") is not None:
        first, second = _hand_number(before), _hand_number(after)
        if first is None or second is None or second != first + 1:
            return False
    events = before.header("Event"), after.header("Event")
    return events[0] is None or events[1] is None or events[0].strip() == events[1].strip()


_LEADING_NUMBER = re.compile(r"\s*(\d+)")


def _hand_number(hand: Hand) -> int | None:
    """The number a ``Hand`` header starts with (``"3"``, ``"3/12"``), if any."""
    value = hand.header("Hand")
    found = _LEADING_NUMBER.match(value) if value is not None else None
    return int(found[1]) if found else None


def _match_findings(before: HandReplay, after: HandReplay) -> list[Finding]:
    """The levels and dealer of a hand must follow from the hand before it."""
    computed = before.computed
    if computed.outcome is None or computed.dealer is None or computed.levels is None:
        return []
    misplays = [0, 0]
    for f in before.findings:
        if f.code in MISPLAYS and f.seat is not None:
            misplays[team(f.seat) - 1] += 1
    counts = (misplays[0], misplays[1])
    expected = apply_outcome(
        before.rules, computed.levels, computed.dealer, computed.outcome, misplays=counts
    )
    hand = after.hand
    found: list[Finding] = []
    header = next((h for h in hand.headers if h.tag.lower() == "levels"), None)
    levels = after.computed.levels
    if header is not None and levels is not None and levels != expected.levels:
        want = " ".join(r.value for r in expected.levels)
        message = (
            f'Levels "{header.value}" do not follow from hand {before.number}: '
            f'after {computed.outcome} the levels are "{want}"'
        )
        # Where a level that must be played (逢10必打) stopped the climb, that is the rule.
        rules = before.rules
        # (without the goal's stop either: the record simply added the levels)
        free_climb = replace(rules, match=replace(rules.match, must_play=(), goal=Goal.NONE))
        unstopped = apply_outcome(
            free_climb, computed.levels, computed.dealer, computed.outcome, misplays=counts
        )
        rule = None
        if unstopped.levels != expected.levels and levels == unstopped.levels:
            # The record climbed on as if no level had to be played.
            stop = next(e for e, u in zip(expected.levels, unstopped.levels, strict=True) if e != u)
            if stop in rules.match.must_play:  # not the goal: that stops the climb too
                message += f" (level {stop.value} must be played: 逢{stop.value}必打)"
                rule = Rule.MUST_PLAY
        found.append(_finding("match-levels", message, after, header, rule))
    header = next((h for h in hand.headers if h.tag.lower() == "dealer"), None)
    if (
        header is not None
        and hand.dealer is not None
        and hand.dealer != expected.next_dealer
        and hand.dealer != _passed_deal(after, expected.next_dealer)
    ):
        found.append(
            _finding(
                "match-dealer",
                f"seat {hand.dealer} deals, but after hand {before.number} ({computed.outcome}) "
                f"seat {expected.next_dealer} deals",
                after,
                header,
            )
        )
    return found


def _passed_deal(after: HandReplay, dealer: int) -> int | None:
    """Who deals ``after`` if ``dealer`` starts it: another seat where its side declared
    nothing and the rule set passes the deal to the declarer (谁亮主谁坐庄)."""
    rules = after.rules
    if not rules.bidding.deal_passes_to_declarer or after.computed.levels is None:
        return None
    levels = after.computed.levels
    state = bids.BidState.start(levels[team(dealer) - 1], dealer, levels[2 - team(dealer)])
    for event in after.hand.auction:
        if isinstance(event, KittyExchange):
            break  # the deal is over: bids after the bury (炒底) do not count
        if isinstance(event, Bid) and UNKNOWN not in event.cards:
            cards = tuple(c for c in event.cards if isinstance(c, Card))
            with suppress(ValueError):  # (a bid that names no trump was reported already)
                core = bids.Bid(event.seat, bids.BidKind(event.kind.value), cards, event.draw)
                state = bids.record_bid(rules, state, core)
    return bids.end_deal(state, rules).dealer


def _finding(
    code: str, message: str, after: HandReplay, node: Any, rule: Rule | None = None
) -> Finding:
    """A finding of the match; ``rule``, when the catalogue's rule is not the precise one."""
    cited = rule or CATALOGUE[code][1]
    return Finding(
        code=code,
        message=message,
        hand=after.number,
        line=getattr(node, "line", 0),
        column=getattr(node, "column", 0),
        clause=after.rules.clause(cited) if cited else None,
        cites=rule,
    )


def validate_path(
    path: str | Path,
    rules: Ruleset | str | None = None,
    *,
    strict: bool = False,
    keep_replays: bool = False,
) -> FileReport:
    """Validate one file, reading it hand by hand; an unreadable file says why."""
    name = str(path)
    try:
        with Path(path).open(encoding="utf-8-sig", newline="") as stream:
            return validate_lines(stream, name, rules, strict=strict, keep_replays=keep_replays)
    except FileNotFoundError:
        return FileReport(name, unreadable="no such file")
    except IsADirectoryError:
        return FileReport(name, unreadable="is a folder")
    except PermissionError:
        return FileReport(name, unreadable="permission denied")
    except UnicodeDecodeError as e:
        return FileReport(name, unreadable=f"not UTF-8 text (byte {e.start})")


def format_finding(finding: Finding, path: str, line_text: str | None) -> str:
    """A finding as a compiler would print it: location, code, message, the line, a caret."""
    head = f"{path}:{finding.line}:{finding.column}: {finding.severity.value}: {finding.code}: "
    head += f"{finding.message} ({finding.where()})"
    context = ""
    if line_text is not None:
        excerpt = SourceError(
            "",
            source=line_text,
            first_line=finding.line,
            line=finding.line,
            column=finding.column,
            width=finding.width,
        )
        context = excerpt.context()
    lines = [head]
    if context and finding.line:
        lines.append(context)
    if finding.clause is not None:
        lines.append(f"  = rule {finding.clause.ref}: {finding.clause.text}")
    if finding.penalty:
        lines.append(f"  = penalty: {finding.penalty}")
    return "\n".join(lines)


def severity_counts(reports: Iterable[FileReport]) -> dict[str, int]:
    """How many findings of each severity."""
    counts = {s.value: 0 for s in Severity}
    for report in reports:
        for f in report.findings:
            counts[f.severity.value] += 1
    return counts
