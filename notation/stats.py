"""A corpus report (``shengji stats``): what many files of hands add up to.

Each hand is summed up by :func:`hand_stats`, a pure function of the checked hand (run by
the executor's workers, :mod:`notation.corpus`); :class:`CorpusStats` adds the summaries
up in file and hand order, in counts, so memory stays flat whatever the corpus:

* hands, findings by code and by rule set;
* the defenders' points, and the level results by side (dealer +1, defenders +2, ...);
* kitty captures (抠底: the defenders took the last trick and the kitty, multiplied);
* failed throws (甩牌失败), by seat;
* the players (by the ``Seat1`` … ``Seat4`` headers): hands played, mistakes a hand and
  their average loss, and the most expensive mistakes, each with a link that opens the
  viewer at that play. A mistake is a play, a bid or a bury marked ``?``, ``??`` or
  ``?!``, or one whose comment says ``[%loss N]`` or ``[%loss N ±H]`` (the points it
  lost for its side against the best choice: what ``shengji analyze`` writes, with
  ``[%eval N ±H]``, ``[%best SEAT: CARDS]`` and ``[%class CLASS GLYPH]``, on the plays
  and on the declaration and the bury it judged); one marked without ``[%loss]`` counts
  as a mistake with no loss known. With the analysis, also each player's hands and plays the
  engine judged (an ``[%engine shengji ...]`` summary on the hand, ``[%eval]`` on the
  play), the mistakes per analysed hand and the loss per play judged (a fine play loses
  0; the plays only, as the analysis's own summary counts them).

:data:`JSON_SCHEMA` is the document ``shengji stats --format json`` prints; the HTML page
(``--format html``) is :func:`notation.stats_html.render_html`'s.

>>> from notation.simulate import simulate_hand
>>> from notation.psn import write
>>> from notation.validate import iter_validate
>>> (checked,) = iter_validate(write(simulate_hand("qq", seed=3)).splitlines(True), "sim.psn")
>>> stats = CorpusStats()
>>> stats.add(hand_stats(checked, "sim.psn"))
>>> stats.hands, sum(stats.level_results["dealer"].values()) + sum(
...     stats.level_results["defenders"].values())
(1, 1)
"""

from __future__ import annotations

import heapq
from collections import Counter
from dataclasses import field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from notation.analysis.annotate import is_engine_comment
from notation.analysis.annotations import read_value
from notation.frozen import frozen, mutable
from notation.messages import Message
from notation.psn.model import GLYPHS, BidNode, Hand, KittyExchange, PlayNode
from notation.replay import HandReplay, StepKind, replay
from notation.rules.ruleset import Side
from notation.rules.seats import team
from notation.validate import CheckedHand, HandReport

__all__ = [
    "DEFAULT_VIEWER",
    "JSON_SCHEMA",
    "JSON_SCHEMA_VERSION",
    "CorpusStats",
    "HandStats",
    "Mistake",
    "hand_stats",
    "viewer_link",
]

JSON_SCHEMA_VERSION = 1
DEFAULT_VIEWER = "http://localhost:8501/"  # where `shengji view` serves the viewer
# The glyphs that mark a mistake: ? (mistake), ?? (blunder), ?! (dubious).
MISTAKE_NAGS = {GLYPHS["?"]: "?", GLYPHS["??"]: "??", GLYPHS["?!"]: "?!"}


@frozen
class Mistake:
    """A play, a bid or a bury marked as a mistake, where it is and what it cost."""

    path: str
    hand: int
    step: int  # the viewer's step of the play (0 is the deal)
    trick: int  # 0 for a bid or the bury
    seat: int
    player: str | None
    cards: str
    glyph: str | None  # ?, ?? or ?!, if marked
    loss: float | None  # from [%loss N], if given
    verdict: str | None = None  # from [%class CLASS]: inaccuracy, mistake or blunder
    kind: str = "play"  # or the bury ("bury") or a bid's kind (declare, reinforce, counter)

    def to_dict(self, viewer: str) -> dict[str, Any]:
        """Plain values for JSON, with the link that opens the viewer at the play."""
        return {
            "path": self.path,
            "hand": self.hand,
            "step": self.step,
            "trick": self.trick,
            "seat": self.seat,
            "player": self.player,
            "cards": self.cards,
            "glyph": self.glyph,
            "loss": self.loss,
            "class": self.verdict,
            "kind": self.kind,
            "link": viewer_link(viewer, self.path, self.hand, self.step),
        }


@frozen
class HandStats:
    """One hand summed up: what :class:`CorpusStats` adds up (sent back by workers)."""

    path: str
    hand: int
    readable: bool
    rules: str | None
    codes: tuple[str, ...]  # the findings' codes
    errors: int
    points: int | None  # the defenders' total
    winner: str | None  # "dealer" or "defenders"
    levels: int | None  # levels the winner goes up
    dealer: int | None
    kitty_points: int | None
    multiplier: int | None  # set when the defenders took the last trick (抠底)
    failed_throws: tuple[int, ...]  # the seat of each failed throw
    players: tuple[str | None, str | None, str | None, str | None]  # Seat1 .. Seat4
    mistakes: tuple[Mistake, ...]
    analysed: tuple[int, int, int, int] = (0, 0, 0, 0)  # plays the engine judged, by seat
    analysed_hand: bool = False  # the hand holds the engine's summary


def hand_stats(checked: CheckedHand, path: str) -> HandStats:
    """Sum up one checked hand (in a worker: it needs the hand's replay)."""
    report: HandReport = checked.report
    result = report.replay
    codes = tuple(f.code for f in report.findings)
    errors = sum(f.is_error for f in report.findings)
    if result is None:
        hand = checked.read.hand
        return HandStats(
            path,
            report.number,
            hand is not None,
            report.rules,
            codes,
            errors,
            None,
            None,
            None,
            None,
            None,
            None,
            (),
            _players(hand),
            (),
        )
    hand = result.hand
    computed = result.computed
    outcome = computed.outcome
    throws = tuple(p.seat for t in hand.tricks for p in t.plays if p.attempted is not None)
    players = _players(hand)
    return HandStats(
        path,
        report.number,
        True,
        result.rules.name,
        codes,
        errors,
        computed.points,
        outcome.winner.value if outcome else None,
        outcome.levels if outcome else None,
        computed.dealer,
        computed.kitty_points,
        computed.multiplier,
        throws,
        players,
        _mistakes(result, path, players),
        _analysed(hand),
        any(is_engine_comment(c) for c in hand.comments),
    )


def _players(hand: Hand | None) -> tuple[str | None, str | None, str | None, str | None]:
    """The players' names by seat, from the ``Seat1`` … ``Seat4`` headers."""
    if hand is None:
        return (None, None, None, None)
    names = [hand.header(f"Seat{seat}") for seat in (1, 2, 3, 4)]
    one, two, three, four = (name.strip() or None if name else None for name in names)
    return (one, two, three, four)


def _loss(play: PlayNode | BidNode | KittyExchange) -> float | None:
    """The loss a ``[%loss N]`` (or ``[%loss N ±H]``) command of the play's comments
    gives, if any."""
    value = read_value(" ".join(_command(play, "loss")))
    return None if value is None else value.mean


def _command(play: PlayNode | BidNode | KittyExchange, name: str) -> list[str]:
    """The words of the play's first ``[%name ...]`` command (none: an empty list)."""
    for comment in play.comments:
        for command in comment.commands:
            if command.name == name:
                return command.args.split()
    return []


def _analysed(hand: Hand) -> tuple[int, int, int, int]:
    """The plays the engine judged (its comment with ``[%eval]``), by seat."""
    counts = [0, 0, 0, 0]
    for trick in hand.tricks:
        for play in trick.plays:
            if _command(play, "eval") and any(is_engine_comment(c) for c in play.comments):
                counts[play.seat - 1] += 1
    one, two, three, four = counts
    return (one, two, three, four)


def _mistakes(
    result: HandReplay, path: str, players: tuple[str | None, ...]
) -> tuple[Mistake, ...]:
    """The bids, the bury and the plays of the hand marked as mistakes, in the order of
    the record, with their step in the viewer."""
    marked: list[tuple[int, str, PlayNode | BidNode | KittyExchange]] = []
    for event in result.hand.auction:
        if isinstance(event, BidNode):
            marked.append((0, event.kind.value, event))
        elif isinstance(event, KittyExchange):
            marked.append((0, "bury", event))
    for trick in result.hand.tricks:
        marked += [(trick.number, "play", play) for play in trick.plays]
    marked = [m for m in marked if _is_mistake(m[2])]
    if not marked:
        return ()
    steps = _event_steps(result)
    found = []
    for trick_number, kind, node in marked:
        glyph = next((MISTAKE_NAGS[n] for n in node.nags if n in MISTAKE_NAGS), None)
        verdict = _command(node, "class")[:1]
        cards = node.buried if isinstance(node, KittyExchange) else node.cards
        found.append(
            Mistake(
                path,
                result.number,
                steps.get(id(node), 0),
                trick_number,
                node.seat,
                players[node.seat - 1],
                " ".join(str(c) for c in cards),
                glyph,
                _loss(node),
                verdict[0] if verdict else None,
                kind,
            )
        )
    return tuple(found)


def _is_mistake(node: PlayNode | BidNode | KittyExchange) -> bool:
    """True for a decision marked ``?``, ``??`` or ``?!``, or whose ``[%loss]`` is above 0."""
    loss = _loss(node)
    return any(n in MISTAKE_NAGS for n in node.nags) or (loss is not None and loss > 0)


def _event_steps(result: HandReplay) -> dict[int, int]:
    """Each play's, bid's and bury's step, as the viewer counts them (a replay with its
    states)."""
    states = result.states or replay(result.hand, result.rules, number=result.number).states
    return {id(s.event): s.step for s in states if s.kind in _DECISIONS}


_DECISIONS = frozenset({StepKind.PLAY, StepKind.BID, StepKind.KITTY})


def viewer_link(viewer: str, path: str, hand: int, step: int) -> str:
    """The address that opens the viewer at a hand's step (``?file=...&hand=2&step=14``).

    >>> viewer_link("http://localhost:8501/", "/data/a b.psn", 2, 14)
    'http://localhost:8501/?file=%2Fdata%2Fa+b.psn&hand=2&step=14'
    """
    query = urlencode({"file": str(Path(path).resolve()) if path else path, "hand": hand})
    return f"{viewer}?{query}&step={step}"


@mutable
class _Player:
    """A player's counts across the corpus."""

    hands: int = 0
    mistakes: int = 0
    glyphs: Counter[str] = field(default_factory=Counter)
    losses: int = 0  # mistakes with a loss given
    loss: float = 0.0  # their sum
    analysed_hands: int = 0  # hands the engine analysed
    analysed_plays: int = 0  # the player's plays it judged
    analysed_mistakes: int = 0  # the mistakes among them
    analysed_loss: float = 0.0  # the loss of those plays


@mutable
class CorpusStats:
    """The corpus added up, hand by hand, in counts (flat memory)."""

    top: int = 20  # the most expensive mistakes kept
    files: int = 0
    unreadable_files: list[tuple[str, Message]] = field(default_factory=list)  # the first 100
    unreadable_file_count: int = 0
    hands: int = 0
    unreadable_hands: int = 0
    hands_with_errors: int = 0
    by_code: Counter[str] = field(default_factory=Counter)
    by_rules: dict[str, Counter[str]] = field(default_factory=dict)
    hands_by_rules: Counter[str] = field(default_factory=Counter)
    points: Counter[int] = field(default_factory=Counter)  # the defenders' total
    level_results: dict[str, Counter[int]] = field(
        default_factory=lambda: {Side.DEALER.value: Counter(), Side.DEFENDERS.value: Counter()}
    )
    team_wins: dict[str, Counter[str]] = field(
        default_factory=lambda: {"1&3": Counter(), "2&4": Counter()}
    )
    kitty_captures: int = 0
    kitty_capture_points: Counter[int] = field(default_factory=Counter)  # kitty × multiplier
    multipliers: Counter[int] = field(default_factory=Counter)
    failed_throws: int = 0
    hands_with_failed_throws: int = 0
    failed_throws_by_seat: Counter[int] = field(default_factory=Counter)
    players: dict[str, _Player] = field(default_factory=dict)
    mistakes: int = 0
    _costly: list[tuple[float, int, Mistake]] = field(default_factory=list)  # a min-heap

    def add(self, hand: HandStats) -> None:
        """Add one hand."""
        self.hands += 1
        if not hand.readable:
            self.unreadable_hands += 1
        self.hands_with_errors += hand.errors > 0
        self.by_code.update(hand.codes)
        rules = hand.rules or "?"
        self.hands_by_rules[rules] += 1
        self.by_rules.setdefault(rules, Counter()).update(hand.codes)
        if hand.points is not None:
            self.points[hand.points] += 1
        if hand.winner is not None and hand.levels is not None:
            self.level_results[hand.winner][hand.levels] += 1
            if hand.dealer is not None:
                dealer_team = team(hand.dealer)
                winning = dealer_team if hand.winner == Side.DEALER.value else 3 - dealer_team
                side = "dealer" if winning == dealer_team else "defenders"
                self.team_wins["1&3" if winning == 1 else "2&4"][side] += 1
        if hand.multiplier is not None:
            self.kitty_captures += 1
            self.multipliers[hand.multiplier] += 1
            if hand.kitty_points is not None:
                self.kitty_capture_points[hand.kitty_points * hand.multiplier] += 1
        if hand.failed_throws:
            self.hands_with_failed_throws += 1
            self.failed_throws += len(hand.failed_throws)
            self.failed_throws_by_seat.update(hand.failed_throws)
        for name, judged in zip(hand.players, hand.analysed, strict=True):
            if name is not None:
                player = self.players.setdefault(name, _Player())
                player.hands += 1
                player.analysed_hands += hand.analysed_hand
                player.analysed_plays += judged
        for mistake in hand.mistakes:
            self._add_mistake(mistake)

    def _add_mistake(self, mistake: Mistake) -> None:
        self.mistakes += 1
        if mistake.player is not None:
            player = self.players.setdefault(mistake.player, _Player())
            player.mistakes += 1
            player.glyphs[mistake.glyph or mistake.verdict or "[%loss]"] += 1
            if mistake.loss is not None:
                player.losses += 1
                player.loss += mistake.loss
            if mistake.verdict is not None:  # judged by the engine
                player.analysed_mistakes += 1
                if mistake.kind == "play":  # the loss per play judged: the plays'
                    player.analysed_loss += mistake.loss or 0.0
        if mistake.loss is None:
            return
        # The most expensive first; among equals the first in the corpus.
        entry = (mistake.loss, -self.mistakes, mistake)
        if len(self._costly) < self.top:
            heapq.heappush(self._costly, entry)
        elif entry[:2] > self._costly[0][:2]:
            heapq.heapreplace(self._costly, entry)

    def add_file(self, path: str, unreadable: Message | None) -> None:
        """Count a file, and why it could not be read (to its end), if so."""
        self.files += 1
        if unreadable is not None:
            self.unreadable_file_count += 1
            if len(self.unreadable_files) < 100:
                self.unreadable_files.append((path, unreadable))

    @property
    def costly(self) -> list[Mistake]:
        """The most expensive mistakes, the dearest first."""
        return [m for _, _, m in sorted(self._costly, key=lambda e: e[:2], reverse=True)]

    def to_dict(self, viewer: str = DEFAULT_VIEWER, lang: str = "en") -> dict[str, Any]:
        """The report as plain values (:data:`JSON_SCHEMA`), why a file could not be read
        in ``lang``."""
        unreadable = [{"path": p, "reason": r.render(lang)} for p, r in self.unreadable_files]
        return {
            "version": JSON_SCHEMA_VERSION,
            "files": self.files,
            "unreadable_files": self.unreadable_file_count,
            "unreadable": unreadable,
            "hands": self.hands,
            "unreadable_hands": self.unreadable_hands,
            "hands_with_errors": self.hands_with_errors,
            "findings": {
                "by_code": _sorted(self.by_code),
                "by_rules": {r: _sorted(c) for r, c in sorted(self.by_rules.items())},
                "hands_by_rules": _sorted(self.hands_by_rules),
            },
            "points": {
                "defenders": _keyed(self.points),
                "hands": sum(self.points.values()),
                "mean": _mean(self.points),
            },
            "level_results": {side: _keyed(c) for side, c in self.level_results.items()},
            "team_results": {t: dict(sorted(c.items())) for t, c in self.team_wins.items()},
            "kitty": {
                "captures": self.kitty_captures,
                "multipliers": _keyed(self.multipliers),
                "points": _keyed(self.kitty_capture_points),
            },
            "failed_throws": {
                "throws": self.failed_throws,
                "hands": self.hands_with_failed_throws,
                "by_seat": _keyed(self.failed_throws_by_seat),
            },
            "players": {
                name: {
                    "hands": p.hands,
                    "mistakes": p.mistakes,
                    "mistakes_per_hand": round(p.mistakes / p.hands, 4) if p.hands else None,
                    "average_loss": round(p.loss / p.losses, 4) if p.losses else None,
                    "glyphs": dict(sorted(p.glyphs.items())),
                    "analysed_hands": p.analysed_hands,
                    "analysed_plays": p.analysed_plays,
                    "mistakes_per_analysed_hand": _ratio(p.analysed_mistakes, p.analysed_hands),
                    "loss_per_play": _ratio(p.analysed_loss, p.analysed_plays),
                }
                for name, p in sorted(self.players.items())
            },
            "mistakes": self.mistakes,
            "costliest": [m.to_dict(viewer) for m in self.costly],
        }


def _sorted(counts: Counter[str]) -> dict[str, int]:
    """Counts, the most frequent first (then by name)."""
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def _ratio(part: float, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def _keyed(counts: Counter[int]) -> dict[str, int]:
    """Counts by a number, in its order, as JSON keys."""
    return {str(k): v for k, v in sorted(counts.items())}


def _mean(counts: Counter[int]) -> float | None:
    total = sum(counts.values())
    return round(sum(k * v for k, v in counts.items()) / total, 2) if total else None


_COUNTS: dict[str, Any] = {"type": "object", "additionalProperties": {"type": "integer"}}
_NUMBER_OR_NULL: dict[str, Any] = {"type": ["number", "null"]}
# The document ``shengji stats --format json`` prints (JSON Schema, draft 2020-12).
JSON_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "shengji corpus statistics",
    "type": "object",
    "required": [
        "version",
        "files",
        "hands",
        "findings",
        "points",
        "level_results",
        "kitty",
        "failed_throws",
        "players",
        "mistakes",
        "costliest",
    ],
    "properties": {
        "version": {"const": JSON_SCHEMA_VERSION},
        "files": {"type": "integer"},
        "unreadable_files": {"type": "integer"},  # files not read to their end
        "unreadable": {  # the first 100 of them, with why
            "type": "array",
            "items": {"type": "object", "required": ["path", "reason"]},
        },
        "hands": {"type": "integer"},
        "unreadable_hands": {"type": "integer"},  # hands that are not PSN
        "hands_with_errors": {"type": "integer"},
        "findings": {
            "type": "object",
            "properties": {
                "by_code": _COUNTS,  # code -> findings, the most frequent first
                "by_rules": {"type": "object", "additionalProperties": _COUNTS},
                "hands_by_rules": _COUNTS,  # rule set -> hands ("?": none known)
            },
        },
        "points": {
            "type": "object",
            "properties": {
                "defenders": _COUNTS,  # the defenders' total -> hands
                "hands": {"type": "integer"},  # hands whose total is known
                "mean": _NUMBER_OR_NULL,
            },
        },
        # side ("dealer", "defenders") -> levels gone up -> hands ("defenders": {"0": n}
        # is a take-over without levels)
        "level_results": {"type": "object", "additionalProperties": _COUNTS},
        # team ("1&3", "2&4") -> hands it won as "dealer" or as "defenders"
        "team_results": {"type": "object", "additionalProperties": _COUNTS},
        "kitty": {
            "type": "object",
            "properties": {
                "captures": {"type": "integer"},  # hands whose last trick the defenders took
                "multipliers": _COUNTS,  # multiplier -> hands
                "points": _COUNTS,  # kitty points × multiplier -> hands
            },
        },
        "failed_throws": {
            "type": "object",
            "properties": {
                "throws": {"type": "integer"},
                "hands": {"type": "integer"},
                "by_seat": _COUNTS,
            },
        },
        "players": {  # by the Seat1 .. Seat4 headers' names
            "type": "object",
            "additionalProperties": {
                "type": "object",
                "required": ["hands", "mistakes", "mistakes_per_hand", "average_loss"],
                "properties": {
                    "hands": {"type": "integer"},
                    "mistakes": {"type": "integer"},
                    "mistakes_per_hand": _NUMBER_OR_NULL,
                    "average_loss": _NUMBER_OR_NULL,  # over the mistakes with [%loss]
                    "glyphs": _COUNTS,  # a mistake's glyph, else its [%class]
                    "analysed_hands": {"type": "integer"},  # with the engine's summary
                    "analysed_plays": {"type": "integer"},  # the engine's [%eval] on them
                    # the engine's mistakes ([%class]) per analysed hand
                    "mistakes_per_analysed_hand": _NUMBER_OR_NULL,
                    # the loss of the plays judged, fine plays counting 0, per play
                    "loss_per_play": _NUMBER_OR_NULL,
                },
            },
        },
        "mistakes": {"type": "integer"},
        "costliest": {  # the most expensive mistakes, with a link that opens the viewer
            "type": "array",
            "items": {
                "type": "object",
                "required": ["path", "hand", "step", "seat", "loss", "link"],
                "properties": {
                    "path": {"type": "string"},
                    "hand": {"type": "integer"},
                    "step": {"type": "integer"},
                    "trick": {"type": "integer"},
                    "seat": {"type": "integer"},
                    "player": {"type": ["string", "null"]},
                    "cards": {"type": "string"},
                    "glyph": {"type": ["string", "null"]},
                    "loss": {"type": "number"},
                    "class": {"type": ["string", "null"]},  # from [%class], if given
                    # a play, the bury, or a bid's kind (trick 0 for a bid or the bury)
                    "kind": {"enum": ["play", "bury", "declare", "reinforce", "counter"]},
                    "link": {"type": "string"},
                },
            },
        },
    },
}
