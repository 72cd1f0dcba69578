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
from notation.findings import CATALOGUE, Finding, Severity, clause_line
from notation.messages import Message, msg, outcome_words
from notation.psn import Bid, Hand, ReadHand, iter_hands
from notation.psn.model import UNKNOWN, KittyExchange
from notation.replay import HandReplay, StrictStop, replay
from notation.replay.engine import read_levels
from notation.rules import bidding as bids
from notation.rules.cards import Card, Rank
from notation.rules.clauses import Rule
from notation.rules.ruleset import Goal, Outcome, Ruleset, Side
from notation.rules.scoring import HandResult, Levels, apply_outcome
from notation.rules.seats import Seat, team
from notation.rulesets import load_ruleset
from notation.variations import has_variations, variation_findings

__all__ = [
    "JSON_SCHEMA",
    "JSON_SCHEMA_VERSION",
    "CheckedHand",
    "FileReport",
    "HandReport",
    "LevelsAfter",
    "check_hands",
    "continues",
    "format_finding",
    "iter_validate",
    "levels_after",
    "unreadable_reason",
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
# Findings that are misplays (出错牌): the rule set's misplay penalty falls on the team.
_LEVELS_AFTER_KEYS = ("levels_before", "misplays", "misplay_levels", "levels_after")
MISPLAYS = {"follow-suit", "follow-pair", "follow-tractor", "not-held"}


@dataclass(frozen=True, slots=True)
class LevelsAfter:
    """What a hand does to both teams' levels: the level-table result, then each team's
    misplay penalty (000§2 五). Teams are 1&3 then 2&4."""

    dealer: Seat
    outcome: Outcome  # the level table's result
    before: Levels
    played: HandResult  # the result alone
    after: HandResult  # with the misplay penalties
    misplays: tuple[tuple[Finding, ...], tuple[Finding, ...]]  # each team's, in this hand
    drops: tuple[int, int]  # levels each team is to drop for them (not below 2)

    @property
    def winner(self) -> int:
        """The team (1 or 2) the level table's result favours."""
        dealer_team = team(self.dealer)
        return dealer_team if self.outcome.winner is Side.DEALER else 3 - dealer_team

    @property
    def counts(self) -> tuple[int, int]:
        """How many misplays each team made."""
        return (len(self.misplays[0]), len(self.misplays[1]))

    def to_dict(self) -> dict[str, Any]:
        """The fields ``shengji validate --json`` adds to a hand's ``computed``."""
        return {
            "levels_before": [r.value for r in self.before],
            "misplays": list(self.counts),
            "misplay_levels": list(self.drops),
            "levels_after": [r.value for r in self.after.levels],
        }


def levels_after(result: HandReplay) -> LevelsAfter | None:
    """Both teams' levels after a replayed hand, misplay penalties included, or ``None``
    when the record does not give the result, the dealer or the levels.

    The one computation behind ``validate --json``'s ``computed``, the report's "Levels
    after the hand" and the next hand's ``match-levels`` check. Only the record's own
    plays count: a revoke in a variation is a lesson, not a misplay.
    """
    computed = result.computed
    if computed.outcome is None or computed.dealer is None or computed.levels is None:
        return None
    teams: tuple[list[Finding], list[Finding]] = ([], [])
    for f in result.findings:
        if f.code in MISPLAYS and f.seat is not None:
            teams[team(f.seat) - 1].append(f)
    counts = (len(teams[0]), len(teams[1]))
    rules = result.rules
    args = (rules, computed.levels, computed.dealer, computed.outcome)
    played = apply_outcome(*args)
    after = apply_outcome(*args, misplays=counts) if any(counts) else played
    per = rules.penalties.misplay_levels
    return LevelsAfter(
        computed.dealer,
        computed.outcome,
        computed.levels,
        played,
        after,
        (tuple(teams[0]), tuple(teams[1])),
        (counts[0] * per, counts[1] * per),
    )


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
    content: bool = True  # False for a "hand" of comments only: no headers, no events

    def __post_init__(self) -> None:
        if self.replay is not None:
            hand = self.replay.hand
            self.content = bool(hand.headers or hand.deal or hand.events or hand.result)
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

    @property
    def empty(self) -> bool:
        """True if the file was read and holds no hand (nothing, or comments only)."""
        return self.unreadable is None and not any(h.content for h in self.hands)

    def without_replays(self) -> FileReport:
        """The same report with plain values only (to send between processes)."""
        for hand in self.hands:
            hand.replay = None
        return self

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """Plain values for JSON (the schema is in README, section "Findings"); the
        findings' messages and penalties in ``lang``."""
        return {
            "path": self.path,
            "hands": [h.to_dict(lang) for h in self.hands],
            "unreadable": self.unreadable,
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


@dataclass(frozen=True, slots=True)
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
        follows = previous is not None and continues(previous.hand, read.hand)
        expected = levels_after(previous) if follows and previous is not None else None
        try:
            if expected is None:
                result = replay(
                    read.hand, ruleset, number=read.number, timeline=timeline, strict=strict
                )
            else:
                result = _as_the_match_says(read.hand, ruleset, read.number, timeline, expected)
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
            between = _match_findings(previous, result)
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
                text=msg("comment.hides", n=len(starts)),
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


def _as_the_match_says(
    hand: Hand, rules: Ruleset | None, number: int, timeline: bool, expected: LevelsAfter
) -> HandReplay:
    """Replay a match's hand; where its Levels or Dealer header does not follow from the
    hand before, replay it at the levels and dealer that do, and keep whichever reading
    the play itself bears out (fewer broken rules; a tie goes to the headers): a mistyped
    header is then the one finding (``match-levels``, ``match-dealer``), not a hand judged
    at the wrong rank or with the wrong dealer."""
    result = replay(hand, rules, number=number, timeline=timeline)
    after = expected.after
    computed = result.computed
    levels = after.levels if computed.levels != after.levels else None
    dealer = hand.dealer
    moved = dealer is not None and dealer not in (
        after.next_dealer,
        _passed_deal(result, after.next_dealer),
    )
    if levels is None and not moved:
        return result
    other = replay(
        hand,
        rules,
        number=number,
        timeline=timeline,
        levels=levels,
        dealer=after.next_dealer if moved else None,
    )
    return other if len(other.errors) < len(result.errors) else result


def _header_levels(hand: Hand) -> tuple[str, tuple[Rank, Rank]] | None:
    """The Levels header as written and read, or ``None`` (none, or not readable: that is
    a bad-header finding of its own)."""
    value = hand.header("Levels")
    if value is None:
        return None
    try:
        return value, read_levels(value)
    except ValueError:
        return None


def _match_findings(before: HandReplay, after: HandReplay) -> list[Finding]:
    """The levels and dealer of a hand must follow from the hand before it."""
    consequences = levels_after(before)
    computed = before.computed
    if consequences is None or computed.outcome is None or computed.dealer is None:
        return []
    counts, expected = consequences.counts, consequences.after
    hand = after.hand
    found: list[Finding] = []
    header = next((h for h in hand.headers if h.tag.lower() == "levels"), None)
    written = _header_levels(hand)
    if header is not None and written is not None and written[1] != expected.levels:
        value, levels = written
        want = " ".join(r.value for r in expected.levels)
        outcome = outcome_words(computed.outcome.winner.value, computed.outcome.levels)
        message = msg("match.levels", value=value, number=before.number, outcome=outcome, want=want)
        # Where a level that must be played (逢10必打) stopped the climb, that is the rule.
        rules = before.rules
        # (without the goal's stop either: the record simply added the levels)
        free_climb = replace(rules, match=replace(rules.match, must_play=(), goal=Goal.NONE))
        unstopped = apply_outcome(
            free_climb, consequences.before, computed.dealer, computed.outcome, misplays=counts
        )
        rule = None
        if unstopped.levels != expected.levels and levels == unstopped.levels:
            # The record climbed on as if no level had to be played.
            stop = next(e for e, u in zip(expected.levels, unstopped.levels, strict=True) if e != u)
            if stop in rules.match.must_play:  # not the goal: that stops the climb too
                message = msg(
                    "match.levels-stop",
                    value=value,
                    number=before.number,
                    outcome=outcome,
                    want=want,
                    stop=stop.value,
                )
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
                msg(
                    "match.dealer",
                    seat=hand.dealer,
                    number=before.number,
                    outcome=outcome_words(computed.outcome.winner.value, computed.outcome.levels),
                    expected=expected.next_dealer,
                ),
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
    code: str, message: Message, after: HandReplay, node: Any, rule: Rule | None = None
) -> Finding:
    """A finding of the match; ``rule``, when the catalogue's rule is not the precise one."""
    cited = rule or CATALOGUE[code][1]
    return Finding(
        code=code,
        text=message,
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
    except (OSError, UnicodeDecodeError) as e:
        return FileReport(name, unreadable=unreadable_reason(e))


def undecodable(error: UnicodeDecodeError) -> str:
    """Where a file stops being UTF-8 text: ``not UTF-8 text (byte 0xe9 at offset 11)``."""
    return f"not UTF-8 text (byte 0x{error.object[error.start]:02x} at offset {error.start})"


def unreadable_reason(error: OSError | UnicodeDecodeError) -> str:
    """Why a file could not be read, in a few words (``no such file``)."""
    if isinstance(error, UnicodeDecodeError):
        return undecodable(error)
    if isinstance(error, FileNotFoundError):
        return "no such file"
    if isinstance(error, IsADirectoryError):
        return "is a folder"
    if isinstance(error, PermissionError):
        return "permission denied"
    return error.strerror or str(error)


def format_finding(
    finding: Finding,
    path: str,
    source: str | None,
    first_line: int | None = None,
    lang: str = "en",
) -> str:
    """A finding as a compiler would print it: location, code, message, the line, a caret;
    in ``lang`` (en or zh).

    ``source`` is the text the finding is in, its first line numbered ``first_line``
    (a hand's text); without ``first_line`` it is the finding's line alone. A long line
    is shown as a window around the column.
    """
    severity = msg(f"severity.{finding.severity.value}").render(lang)
    head = f"{path}:{finding.line}:{finding.column}: {severity}: {finding.code}: "
    head += msg("finding.where", message=finding.text, where=finding.where(lang)).render(lang)
    context = ""
    if source is not None:
        excerpt = SourceError(
            "",
            source=source,
            first_line=finding.line if first_line is None else first_line,
            line=finding.line,
            column=finding.column,
            width=finding.width,
        )
        context = excerpt.context()
    lines = [head]
    if context and finding.line:
        lines.append(context)
    if finding.clause is not None:
        lines.append(msg("finding.rule", clause=clause_line(finding.clause, lang)).render(lang))
    penalty = finding.penalty_in(lang)
    if penalty:
        lines.append(msg("finding.penalty", penalty=penalty).render(lang))
    return "\n".join(lines)


def severity_counts(reports: Iterable[FileReport]) -> dict[str, int]:
    """How many findings of each severity."""
    counts = {s.value: 0 for s in Severity}
    for report in reports:
        for f in report.findings:
            counts[f.severity.value] += 1
    return counts
