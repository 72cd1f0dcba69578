"""The analysis read back from a record: what ``shengji analyze`` wrote into it.

:mod:`notation.analysis.annotate` writes each judged play's value, best alternative,
loss and class as commands in the engine's comment (PSN.md §9); this module reads them
again, without running anything, for a reader such as the viewer: each play's
:class:`PlayNote` and each seat's :class:`SeatTally` (counts per class, average loss,
as the summary comment gives them).

>>> from notation.psn import parse_hand
>>> hand = parse_hand(
...     "1. 1: SA {[%eval 40 ±3] [%engine shengji]} 2: S3? {[%eval 60 ±2] [%best 2: SK]"
...     " [%loss 20 ±4] [%class mistake] [%engine shengji]} 3: S4 4: S5")
>>> found = read_analysis(hand)
>>> [(p.seat, p.value.mean, p.verdict) for p in found.plays]
[(1, 40.0, 'fine'), (2, 60.0, 'mistake')]
>>> found.plays[1].best, str(found.plays[1].loss)
((2, (Card.parse('SK'),)), '20 ±4')
>>> found.tally[2].mistake, found.tally[2].average_loss
(1, 20.0)
"""

from __future__ import annotations

import math
import re
from typing import Final

from notation.analysis.annotate import (
    KeyMoment,
    is_engine_comment,
    is_stop_comment,
    summary_message,
)
from notation.analysis.evaluate import View
from notation.analysis.line import Line, parse_line
from notation.analysis.review import GLYPHS, Verdict
from notation.frozen import frozen
from notation.labels import label
from notation.messages import say_cards_in
from notation.psn.model import BidNode, Comment, Hand, KittyExchange
from notation.rules.cards import Card
from notation.rules.seats import SEATS, Seat

__all__ = [
    "ChoiceNote",
    "Engine",
    "HandAnalysis",
    "PlayNote",
    "SeatTally",
    "Value",
    "best_line_words",
    "choice_words",
    "comment_words",
    "line_moves",
    "line_sentence",
    "play_words",
    "read_analysis",
    "read_play",
    "read_value",
    "verdict_words",
]

_NUMBER: Final = re.compile(r"^(-?\d+(?:\.\d+)?)(?:\s*±\s*(\d+(?:\.\d+)?))?$")
_BEST: Final = re.compile(r"^([1-4])\s*:\s*(.+)$")
# the summary's words for one seat: "seat 2: 3 plays, 1 blunder, average loss 22.2", or
# as `analyze --lang zh` writes them: "2 号位：3 手牌，1 手大错，平均损失 22.2 分"
_SEAT_LINE: Final = re.compile(
    r"seat ([1-4]): (\d+) plays?,[^;]*?average loss (\d+(?:\.\d+)?)"
    r"|([1-4]) 号位：(\d+) 手牌，[^；]*?平均损失 (\d+(?:\.\d+)?) 分"
)


@frozen
class Value:
    """A number as the analysis wrote it: ``62`` (proved) or ``62 ±4`` (estimated)."""

    mean: float
    half: float | None  # half the 95% interval; None: proved

    @property
    def proved(self) -> bool:
        """True when the solver proved the value (no ``±``)."""
        return self.half is None

    def __str__(self) -> str:
        mean = f"{self.mean:g}"
        return mean if self.half is None else f"{mean} ±{self.half:g}"


@frozen
class PlayNote:
    """One judged play: where it is, its value, and for a play below fine the best
    alternative and the loss."""

    trick: int  # the trick's place in the hand, from 0
    play: int  # the play's place in its trick, from 0
    seat: Seat
    cards: tuple[Card, ...]  # as written in the record
    value: Value  # the defenders' final points expected after the play
    verdict: str  # a Verdict's value: fine, inaccuracy, mistake, blunder
    best: tuple[Seat, tuple[Card, ...]] | None = None
    loss: Value | None = None
    line: Line | None = None  # the best play and what follows it, from ``[%line]``
    open: Value | None = None  # the value with every hand open, from ``[%open]``

    @property
    def is_mistake(self) -> bool:
        """True for an inaccuracy, a mistake or a blunder."""
        return self.verdict != Verdict.FINE.value

    def best_value(self, defender: bool) -> float | None:
        """The defenders' points after the best play (:func:`_best_value`)."""
        return _best_value(self.value, self.loss, defender)


def _best_value(value: Value, loss: Value | None, defender: bool) -> float | None:
    """The defenders' points after the best option: the value plus the loss for a
    defender (who wants points high), minus it for the dealer's team."""
    if loss is None:
        return None
    return value.mean + (loss.mean if defender else -loss.mean)


@frozen
class ChoiceNote:
    """A choice before the play judged (the bury, a bid), as its engine comment holds
    it: where it is in the auction, its value, class, loss and the best option found
    (``best``: the seat and the cards, a bury's or a bid's)."""

    index: int  # the event's place in the auction, from 0
    kind: str  # "bury", or the bid's kind: declare, reinforce, counter
    seat: Seat
    cards: tuple[Card, ...]  # as written in the record (the bury's, the bid's)
    value: Value  # the defenders' final points expected after the choice
    verdict: str  # a Verdict's value: fine, inaccuracy, mistake, blunder
    best: tuple[Seat, tuple[Card, ...]] | None = None
    loss: Value | None = None

    @property
    def is_mistake(self) -> bool:
        """True for an inaccuracy, a mistake or a blunder."""
        return self.verdict != Verdict.FINE.value

    def best_value(self, defender: bool) -> float | None:
        """The defenders' points after the best option (:func:`_best_value`)."""
        return _best_value(self.value, self.loss, defender)


@frozen
class SeatTally:
    """One seat's judged plays: counts per class and the average loss (a fine play
    counted as 0)."""

    plays: int
    fine: int
    inaccuracy: int
    mistake: int
    blunder: int
    average_loss: float


@frozen
class Engine:
    """The settings of the run, from ``[%engine shengji VERSION VIEW BUDGET SEED]`` (and
    ``rules=NAME`` when the run imposed a rule set)."""

    version: str
    view: str  # player or hindsight
    budget: float
    seed: int
    rules: str | None = None  # the rule set's name the run imposed (``--rules``), if any

    def words(self, lang: str) -> str:
        """The run in a sentence: ``Analysed by shengji 0.1.0, the player's view, 1 s a
        play.``"""
        view = label(lang, f"view_{self.view}")
        return label(lang, "an_engine", version=self.version, view=view, budget=f"{self.budget:g}")


@frozen
class HandAnalysis:
    """A hand's analysis as the record holds it."""

    plays: tuple[PlayNote, ...]
    engine: Engine | None
    stopped: str | None  # the engine's words where the analysis had to stop
    averages: tuple[tuple[Seat, int, float], ...] = ()  # the summary's (seat, plays, loss)
    choices: tuple[ChoiceNote, ...] = ()  # the bury and bids judged, in auction order
    moments: tuple[KeyMoment, ...] = ()  # the key moments, the costliest first

    @property
    def tally(self) -> dict[Seat, SeatTally]:
        """Each seat's tally, seats 1 to 4 (a seat with no judged play has 0 plays). The
        average loss is the summary's where it counts the same plays: it was taken
        before the losses were rounded for the comments."""
        written = {seat: (n, loss) for seat, n, loss in self.averages}
        out: dict[Seat, SeatTally] = {}
        for seat in SEATS:
            mine = [p for p in self.plays if p.seat == seat]
            counts = {v: sum(p.verdict == v.value for p in mine) for v in Verdict}
            lost = sum(p.loss.mean for p in mine if p.loss is not None and p.is_mistake)
            average = lost / len(mine) if mine else 0.0
            if seat in written and written[seat][0] == len(mine):
                average = written[seat][1]
            out[seat] = SeatTally(
                len(mine),
                counts[Verdict.FINE],
                counts[Verdict.INACCURACY],
                counts[Verdict.MISTAKE],
                counts[Verdict.BLUNDER],
                average,
            )
        return out

    def summary_in(self, lang: str) -> str:
        """The hand's summary (per seat: plays, classes, average loss) in ``lang``,
        whatever language the engine wrote it in (the key moments are :attr:`moments`)."""
        view = self.engine.view if self.engine is not None else ""
        known = view if view in {v.value for v in View} else View.PLAYER.value
        return summary_message(known, self.tally.items()).render(lang)

    def open_value(self, note: PlayNote) -> Value | None:
        """The value after ``note``'s play with every hand open: its ``[%open]``, or its
        value where the analysis was made in hindsight; None where the record has neither
        (a player's-view analysis written before ``[%open]`` existed)."""
        if note.open is not None:
            return note.open
        hindsight = self.engine is not None and self.engine.view == View.HINDSIGHT.value
        return note.value if hindsight else None

    def mistakes(self, seat: Seat | None = None) -> list[PlayNote]:
        """The plays below fine, in order (only ``seat``'s if given)."""
        return [p for p in self.plays if p.is_mistake and (seat is None or p.seat == seat)]


def read_analysis(hand: Hand) -> HandAnalysis | None:
    """The analysis in ``hand``'s engine comments, or ``None`` if it has none.

    A command that does not read (a hand-edited ``[%eval x]``) leaves its play out
    rather than failing: the record stays readable whatever a comment says.
    """
    engine: Engine | None = None
    stopped: str | None = None
    averages: tuple[tuple[Seat, int, float], ...] = ()
    moments: tuple[KeyMoment, ...] = ()
    for comment in hand.comments:
        if is_engine_comment(comment):
            engine = _engine(comment) or engine
            found_moments = (KeyMoment.read(c.args) for c in comment.commands if c.name == "moment")
            moments = tuple(m for m in found_moments if m is not None) or moments
            found = [[g for g in m if g] for m in _SEAT_LINE.findall(comment.remark)]
            said = tuple((int(s), int(n), _finite(a)) for s, n, a in found)
            averages = tuple((s, n, a) for s, n, a in said if a is not None) or averages
    plays: list[PlayNote] = []
    for t, trick in enumerate(hand.tricks):
        for p, play in enumerate(trick.plays):
            for comment in play.comments:
                if not is_engine_comment(comment):
                    continue
                shown = tuple(play.attempted or play.cards)
                note = _note(comment, t, p, play.seat, shown, trick.number)
                if note is not None:
                    plays.append(note)
                elif "stops here" in comment.remark:
                    stopped = comment.remark
    choices: list[ChoiceNote] = []
    for index, event in enumerate(hand.auction):
        if isinstance(event, KittyExchange):
            kind, cards = "bury", event.buried
        elif isinstance(event, BidNode):
            kind, cards = event.kind.value, event.cards
        else:  # a fallback: no seat chose it
            continue
        for comment in event.comments:
            judged = _judged(comment) if is_engine_comment(comment) else None
            if judged is not None:
                known = tuple(c for c in cards if isinstance(c, Card))
                choices.append(ChoiceNote(index, kind, event.seat, known, *judged))
    if engine is None and not plays and not choices:
        return None
    return HandAnalysis(tuple(plays), engine, stopped, averages, tuple(choices), moments)


def comment_words(comment: Comment, lang: str, analysis: HandAnalysis | None) -> str:
    """What a comment of a hand (whose analysis is ``analysis``) says to a reader of
    ``lang``: a person's in that language (:meth:`Comment.remark_in`), the engine's
    summary said again in it, the engine's words on a play nothing (its commands say
    it), the words where it stopped as written."""
    if not is_engine_comment(comment) or is_stop_comment(comment):
        return comment.remark_in(lang)
    if analysis is None or _engine(comment) is None:
        return ""
    return analysis.summary_in(lang)


def verdict_words(verdict: str, lang: str) -> str:
    """A class in words with its glyph: ``?? blunder``, ``fine``."""
    known = next((v for v in Verdict if v.value == verdict), None)
    glyph = GLYPHS.get(known, "") if known is not None else ""
    return f"{glyph} {label(lang, f'class_{verdict}')}".strip()


def play_words(note: PlayNote, defender: bool, lang: str) -> list[str]:
    """A play's judgement in sentences of ``lang``, from the commands alone (never the
    engine's English words): its value, its loss and the better play for one below
    fine, the best line. ``defender``: the seat who played is a defender."""
    lines = _value_and_loss(note.value, note.verdict, note.loss, defender, lang, "an")
    if not note.is_mistake or note.loss is None:
        lines.append(label(lang, "an_fine"))
        return [*lines, *best_line_words(note, lang)]
    if note.best is not None:
        best_value = note.best_value(defender)
        seat, cards = note.best
        value = _number(best_value if best_value is not None else note.value.mean)
        seat_words = label(lang, "seat_n", n=seat)
        cards_words = say_cards_in(cards, lang)
        lines.append(label(lang, "an_best", seat=seat_words, cards=cards_words, value=value))
    return [*lines, *best_line_words(note, lang)]


def _value_and_loss(
    value: Value, verdict: str, loss: Value | None, defender: bool, lang: str, prefix: str
) -> list[str]:
    """A decision's value in a sentence and, below fine, what it cost whom (the
    catalogue's ``{prefix}_value`` and ``{prefix}_loss``)."""
    how = label(lang, "an_proved" if value.proved else "an_estimated")
    lines = [label(lang, f"{prefix}_value", value=_number(value.mean), how=how)]
    if verdict != Verdict.FINE.value and loss is not None:
        side = label(lang, "an_side_defenders" if defender else "an_side_dealer")
        words = verdict_words(verdict, lang)
        cost = _number(loss.mean)
        lines.append(label(lang, f"{prefix}_loss", loss=cost, side=side, verdict=words))
    return lines


def choice_words(choice: ChoiceNote, defender: bool, lang: str) -> list[str]:
    """A bury's or a bid's judgement in sentences of ``lang``, from the commands alone:
    its value, and below fine its class, its loss and the best option found (the
    candidate bury, the bid) with its value. ``defender``: the seat who chose is a
    defender."""
    lines = _value_and_loss(choice.value, choice.verdict, choice.loss, defender, lang, "an_choice")
    if not choice.is_mistake or choice.loss is None:
        return [*lines, label(lang, "an_choice_fine")]
    if choice.best is not None:
        after = choice.best_value(defender)
        key = "an_choice_best_bury" if choice.kind == "bury" else "an_choice_best_bid"
        value = _number(after if after is not None else choice.value.mean)
        lines.append(label(lang, key, cards=say_cards_in(choice.best[1], lang), value=value))
    return lines


def best_line_words(note: PlayNote, lang: str) -> list[str]:
    """The best line in a sentence, if the analysis wrote one: where it comes from, and
    its plays seat by seat (``Best line (…): 2: ♥3 3: ♥6 | 4: ♥A …``, a bar between
    tricks)."""
    return [] if note.line is None else [line_sentence(note.line, lang)]


def line_sentence(line: Line, lang: str) -> str:
    """A line in a sentence of ``lang``: where it comes from, and its plays seat by seat
    (``Best line (…): 2: ♥3 3: ♥6 | 4: ♥A …``)."""
    source = label(lang, f"an_line_{line.source.value}")
    return label(lang, "an_line", source=source, moves=line_moves(line, lang))


def line_moves(line: Line, lang: str) -> str:
    """A line's plays seat by seat as players write them, a bar between tricks:
    ``2: ♥3 3: ♥6 | 4: ♥A …`` (the jokers named in ``lang``)."""
    words: list[str] = []
    trick = line.plays[0].trick if line.plays else 0
    for play in line.plays:
        if play.trick != trick:
            words.append("|")
            trick = play.trick
        words.append(f"{play.seat}: {say_cards_in(play.cards, lang)}")
    return " ".join(words)


def _number(value: float) -> str:
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


def _note(
    comment: Comment,
    trick: int,
    play: int,
    seat: Seat,
    cards: tuple[object, ...],
    number: int,
) -> PlayNote | None:
    """The play's judgement from its comment's commands (``number``: its trick's), or
    None if it has no value."""
    judged = _judged(comment)
    if judged is None:
        return None
    args = {c.name: c.args for c in comment.commands}
    shown = tuple(c for c in cards if isinstance(c, Card))
    line = parse_line(args["line"], number) if "line" in args else None
    opened = read_value(args.get("open", ""))
    return PlayNote(trick, play, seat, shown, *judged, line, opened)


def _judged(
    comment: Comment,
) -> tuple[Value, str, tuple[Seat, tuple[Card, ...]] | None, Value | None] | None:
    """A judged decision's value, class, best option and loss from its comment's
    commands (``[%eval]``, ``[%class]``, ``[%best]``, ``[%loss]``), or None if it has no
    value."""
    args = {c.name: c.args for c in comment.commands}
    value = read_value(args.get("eval", ""))
    if value is None:
        return None
    words = args.get("class", "").split()
    verdict = words[0] if words and words[0] in {v.value for v in Verdict} else "fine"
    return value, verdict, read_play(args.get("best", "")), read_value(args.get("loss", ""))


def read_value(text: str) -> Value | None:
    """The number of an ``[%eval]`` or ``[%loss]`` command, ``62`` or ``62 ±4``, or None
    for anything else (a number too long for a float, which would be infinite, too).

    >>> read_value("62 ±4"), read_value("x"), read_value("9" * 400)
    (Value(mean=62.0, half=4.0), None, None)
    """
    found = _NUMBER.match(text.strip())
    if found is None:
        return None
    mean = _finite(found[1])
    half = None if found[2] is None else _finite(found[2])
    if mean is None or (found[2] is not None and half is None):
        return None
    return Value(mean, half)


def _finite(digits: str) -> float | None:
    """A number of the analysis's words, or None past what a float holds: a record's
    numbers are data, and an infinite one is no number JSON can write."""
    value = float(digits)
    return value if math.isfinite(value) else None


def read_play(text: str) -> tuple[Seat, tuple[Card, ...]] | None:
    """A ``[%best]`` command's ``3: SK SK`` read, or None.

    >>> read_play("3: SK SK") == (3, (Card.parse("SK"), Card.parse("SK"))), read_play("3: X")
    (True, None)
    """
    found = _BEST.match(text.strip())
    if found is None:
        return None
    try:
        cards = tuple(Card.parse(token) for token in found[2].split())
    except ValueError:
        return None
    return int(found[1]), cards


def _engine(comment: Comment) -> Engine | None:
    """The run's settings from the summary comment's ``[%engine]``, or None."""
    for command in comment.commands:
        words = command.args.split()
        if command.name == "engine" and len(words) >= 5:  # and rules=NAME when imposed
            try:
                budget = float(words[3])
                seed = int(words[4])
            except ValueError:
                return None
            if not math.isfinite(budget):
                return None
            imposed = [w.removeprefix("rules=") for w in words[5:] if w.startswith("rules=")]
            return Engine(words[1], words[2], budget, seed, imposed[0] if imposed else None)
    return None
