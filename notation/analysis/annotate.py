"""The analysis written into the record: a glyph and a comment on each play judged.

Every play analysed gets one comment of the engine's, after the comments already there:

* ``{[%eval 62 ±4] [%engine shengji]}`` for a play that is fine: the defenders' final
  points expected after it, ± the half-width of the 95% interval (no ``±``: proved);
* ``{[%eval 37 ±5] [%best 3: SK SK] [%loss 25 ±6] [%class mistake ?] [%engine shengji]
  better 3: SK SK (the defenders 62, not 37)}`` for an inaccuracy, a mistake or a
  blunder, with the class's glyph (``?!``, ``?``, ``??``) on the play. ``[%best]`` is
  the best play, ``[%loss]`` the points it would have kept for the side that played,
  ``[%class]`` the class and, when the engine put it there, the glyph it added (a
  player's own glyph is never doubled nor taken away).

The bury judged (:mod:`notation.analysis.choices`) gets the same commands and words
on the record's ``bury``, and the declaration judged on its bid, with the seat's cards
in ``[%best]``: ``bury 1: … {[%eval 48 ±60] [%best 1: S3 S4 …] [%loss 17 ±21] [%class
inaccuracy ?!] [%engine shengji] better 1: S3 S4 … (the defenders 31, not 48)}``.

Each judged play's comment holds its best line too, before ``[%engine shengji]``:
``[%line solver 12. 3: SK 4: S3 …]`` (:mod:`notation.analysis.line`); in the player's
view, the value with every hand open as well, ``[%open 55 ±9]``, the scale of the
graph (:func:`notation.analysis.review.open_hands`).

The hand's opening comments get the summary, with the settings of the run in
``[%engine shengji VERSION VIEW BUDGET SEED]`` and each key moment in a ``[%moment]``
(:class:`KeyMoment`), so that a reader lists them in its own language; the play where
the analysis stopped (a play the rules do not allow) gets ``{[%engine shengji] the
analysis stops here: ...}``. The words after the commands are in the language asked
for (``lang``: ``en`` or ``zh``, from the catalogue of :mod:`notation.messages`); the
commands are the same in both.

A comment is the engine's if it holds an ``[%engine shengji ...]`` command: running the
analysis again takes every such comment away, with the glyphs they say the engine
added, and writes the new ones. Every other comment and glyph is kept as it was. PSN.md
§9 defines the commands; ``shengji fmt`` keeps them like any comment.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Final, Protocol, TypeVar

from notation import __version__
from notation.analysis.choices import ChoiceKind, ChoiceReview
from notation.analysis.evaluate import Estimate, View
from notation.analysis.review import GLYPHS, HandReview, PlayReview, Verdict
from notation.frozen import frozen
from notation.messages import LANGS, Message, Param, Seq, count, msg, template
from notation.psn.model import GLYPHS as NAGS
from notation.psn.model import (
    BidNode,
    Comment,
    Fallback,
    Hand,
    KittyExchange,
    PlayNode,
    Trick,
)
from notation.rules.cards import Card
from notation.rules.order import Trump

__all__ = [
    "ENGINE",
    "KeyMoment",
    "annotate_hand",
    "choice_message",
    "engine_command",
    "engine_version",
    "is_engine_comment",
    "is_stop_comment",
    "strip_analysis",
    "summary_message",
]

ENGINE: Final = "shengji"  # the first word of the engine's [%engine] command
_MARK: Final = f"[%engine {ENGINE}]"
_GLYPH_NAGS: Final = frozenset(NAGS.values())  # ! ? !! ?? !? ?!: a player's judgement
_Node = TypeVar("_Node", bound=PlayNode | BidNode | KittyExchange)  # an event a comment follows


# The code an analysis depends on: the engine, the bots that play its rollouts, the rules
# core and the replay that plans a hand. Its digest is part of the engine's version.
_ENGINE_CODE: Final = ("analysis", "bots.py", "rules", "replay")


@cache
def engine_version() -> str:
    """``0.1.0+1a2b3c4d``: the package's version and a digest of the code the analysis
    depends on (:data:`_ENGINE_CODE`), so that a change to the engine, even within one
    release, makes an earlier analysis one of another engine (a rerun does it again)."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    try:
        for name in _ENGINE_CODE:
            path = root / name
            for file in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
                digest.update(file.relative_to(root).as_posix().encode())
                digest.update(file.read_bytes())
    except OSError:  # the sources are not files here (a zipped install): the release only
        return __version__
    return f"{__version__}+{digest.hexdigest()[:8]}"


def engine_command(view: View | str, budget: float, seed: int, rules: str | None = None) -> str:
    """The command that names the engine and the settings of a run (``rules``: the rule
    set the run imposed with ``--rules``, if it did)."""
    words = [ENGINE, engine_version(), View(view).value, f"{budget:g}", str(seed)]
    if rules is not None:
        words.append(f"rules={rules}")
    return f"[%engine {' '.join(words)}]"


def is_engine_comment(comment: Comment) -> bool:
    """True for a comment the analysis wrote (it holds ``[%engine shengji ...]``)."""
    return any(c.name == "engine" and c.args.split()[:1] == [ENGINE] for c in comment.commands)


# What the comment on the play where the analysis stopped says first, in each language.
_STOPS_HERE: Final = tuple(template("analysis.stops-here", lang).split("{")[0] for lang in LANGS)


def is_stop_comment(comment: Comment) -> bool:
    """True for the engine's comment on the play where the analysis stopped."""
    return is_engine_comment(comment) and any(s in comment.text for s in _STOPS_HERE)


def strip_analysis(hand: Hand) -> Hand:
    """``hand`` without the engine's comments and the glyphs they say it added."""
    tricks = tuple(
        replace(trick, plays=tuple(_strip_play(p) for p in trick.plays)) for trick in hand.tricks
    )
    comments = tuple(c for c in hand.comments if not is_engine_comment(c))
    auction = tuple(
        _strip_play(e) if isinstance(e, BidNode | KittyExchange) else e for e in hand.auction
    )
    return replace(hand, comments=comments, tricks=tricks, auction=auction)


def _strip_play(play: _Node) -> _Node:
    ours = [c for c in play.comments if is_engine_comment(c)]
    if not ours:
        return play
    nags = list(play.nags)
    for comment in ours:
        for command in comment.commands:
            if command.name == "class":
                words = command.args.split()
                added = NAGS.get(words[1]) if len(words) > 1 else None
                if added is not None and added in nags:
                    nags.remove(added)
    kept = tuple(c for c in play.comments if not is_engine_comment(c))
    return replace(play, nags=tuple(nags), comments=kept)


def annotate_hand(
    hand: Hand,
    review: HandReview,
    *,
    view: View | str,
    budget: float,
    seed: int,
    lang: str = "en",
    rules: str | None = None,
) -> Hand:
    """``hand`` with the analysis of ``review`` written in (the engine's earlier
    analysis taken out first), its words in ``lang`` (``rules``: the rule set the run
    imposed, for the summary's settings)."""
    hand = strip_analysis(hand)
    if review.error is not None:
        return hand
    trump = review.trump
    judged = {p.index: p for p in review.plays}
    stopped = review.stopped
    stop_at = stopped.index if stopped is not None else None
    index = 0
    tricks: list[Trick] = []
    for trick in hand.tricks:
        plays: list[PlayNode] = []
        for play in trick.plays:
            found = judged.get(index)
            if found is not None and trump is not None:
                play = _annotated(play, found, trump, lang)
            elif index == stop_at and stopped is not None:
                words = msg("analysis.stops-here", why=stopped.why()).render(lang)
                play = _with(play, Comment(f"{_MARK} {_safe(words)}"))
            plays.append(play)
            index += 1
        tricks.append(replace(trick, plays=tuple(plays)))
    command = engine_command(view, budget, seed, rules)
    moments = "".join(f" {KeyMoment.of(m).command()}" for m in review.key_moments)
    summary = Comment(f"{command}{moments} {_summary(review, lang)}")
    auction = _auction(hand, review, lang) if trump is not None else hand.auction
    return replace(hand, comments=(*hand.comments, summary), tricks=tuple(tricks), auction=auction)


def _auction(
    hand: Hand, review: HandReview, lang: str
) -> tuple[BidNode | Fallback | KittyExchange, ...]:
    """The auction with the judged bury (the last) and declaration (its bid, the last
    of its seat with its cards) annotated."""
    assert review.trump is not None
    auction = list(hand.auction)
    for choice in review.choices:
        kind = KittyExchange if choice.kind is ChoiceKind.BURY else BidNode
        at = next(
            (
                i
                for i in reversed(range(len(auction)))
                if isinstance(node := auction[i], kind)
                and node.seat == choice.seat
                and (kind is KittyExchange or _same(node, choice))
            ),
            None,
        )
        if at is not None:
            node = auction[at]
            assert isinstance(node, BidNode | KittyExchange)
            auction[at] = _judged_choice(node, choice, review.trump, lang)
    return tuple(auction)


def _same(node: object, choice: ChoiceReview) -> bool:
    return isinstance(node, BidNode) and sorted(
        c.index for c in node.cards if isinstance(c, Card)
    ) == [c.index for c in choice.made.cards]


def _judgement(
    verdict: Verdict, seat: int, best: str, loss: Estimate, nags: tuple[int, ...]
) -> tuple[list[str], tuple[int, ...]]:
    """What a class below fine adds to a judged decision's comment (``[%best]``,
    ``[%loss]``, ``[%class]``) and its nags, its glyph added unless the player's own
    glyph stands; nothing for a fine one."""
    if verdict is Verdict.FINE:
        return [], nags
    glyph = GLYPHS[verdict]
    parts = [f"[%best {seat}: {best}]", f"[%loss {_number(loss)}]"]
    if _GLYPH_NAGS.isdisjoint(nags):  # the player's own glyph stands
        return [*parts, f"[%class {verdict.value} {glyph}]"], (*nags, NAGS[glyph])
    return [*parts, f"[%class {verdict.value}]"], nags


def _judged_choice(node: _Node, choice: ChoiceReview, trump: Trump, lang: str) -> _Node:
    """A bury or a bid with its comment and, for a class below fine, its glyph."""
    shown = choice.made.trump or trump
    parts = [f"[%eval {_number(choice.made.value)}]"]
    best = _cards(choice.best.cards, choice.best.trump or trump)
    judged, nags = _judgement(choice.verdict, choice.seat, best, choice.loss, node.nags)
    parts += [*judged, _MARK]
    if choice.verdict is not Verdict.FINE:
        key = "analysis.better-level" if choice.result_changes else "analysis.better"
        better = msg(
            key,
            seat=choice.seat,
            cards=_cards(choice.best.cards, choice.best.trump or shown),
            best=round(choice.best.value.mean),
            made=round(choice.made.value.mean),
        )
        parts.append(_safe(better.render(lang)))
    comment = Comment(" ".join(parts))
    return replace(node, nags=nags, comments=(*node.comments, comment))


def _annotated(play: PlayNode, review: PlayReview, trump: Trump, lang: str) -> PlayNode:
    """A play with its comment and, for a class below fine, its glyph."""
    parts = [f"[%eval {_number(review.value)}]"]
    best = _cards(review.best, trump)
    judged, nags = _judgement(review.verdict, review.seat, best, review.loss, play.nags)
    parts += judged
    if review.open_value is not None and review.open_value != review.value:
        parts.append(f"[%open {_number(review.open_value)}]")  # the player's view
    if review.line is not None:
        parts.append(review.line.command(trump))
    parts.append(_MARK)
    if review.verdict is not Verdict.FINE:
        parts.append(_better(review, trump).render(lang))
    return replace(_with(play, Comment(" ".join(parts))), nags=nags)


def _better(review: PlayReview, trump: Trump) -> Message:
    """The comment's words: the better play and what it keeps."""
    key = "analysis.better-level" if review.result_changes else "analysis.better"
    return msg(
        key,
        seat=review.seat,
        cards=_cards(review.best, trump),
        best=round(review.best_value.mean),
        made=round(review.value.mean),
    )


def _with(play: PlayNode, comment: Comment) -> PlayNode:
    return replace(play, comments=(*play.comments, comment))


def _number(estimate: Estimate) -> str:
    """``62`` (proved) or ``62 ±4`` (estimated)."""
    if estimate.half == 0 and estimate.n <= 1:
        return f"{round(estimate.mean)}"
    return f"{round(estimate.mean)} ±{round(estimate.half)}"


def _cards(cards: Iterable[Card], trump: Trump) -> str:
    return " ".join(str(c) for c in trump.sorted(cards))


def _safe(text: str) -> str:
    """Words made safe for a comment (which cannot hold ``}``)."""
    return text.replace("}", ")").replace("{", "(")


def _summary(review: HandReview, lang: str) -> str:
    """The hand's summary: per seat, the plays, the classes and the average loss; the
    choices before the play judged; the key moments."""
    said = summary_message(review.view.value, review.summary.items())
    choices = tuple(choice_message(c, review.trump) for c in review.choices)
    words = msg("text", text=Seq((said, *choices), "sep.semicolon")).render(lang)
    moments = review.key_moments
    if moments:
        listed = Seq(tuple(KeyMoment.of(m).message() for m in moments), "sep.semicolon")
        words += " — " + msg("analysis.key-moments", moments=listed).render(lang)
    if review.stopped is not None:
        words += " — " + review.stopped.words().render(lang)
    return _safe(words)


def choice_message(choice: ChoiceReview, trump: Trump | None) -> Message:
    """``the bury (seat 1): mistake, loss 25 (better S3 S4 …: the defenders 31, not
    56)``, or the best, or fine within the noise."""
    n = len(choice.options)
    if choice.is_best:
        judged = msg("analysis.choice.best", n=n)
    elif choice.verdict is Verdict.FINE:
        judged = msg("analysis.choice.fine", n=n)
    else:
        shown = choice.best.trump or trump
        cards = " ".join(map(str, choice.best.cards if shown is None else shown.sorted(
            choice.best.cards)))  # fmt: skip
        judged = msg(
            "analysis.choice.loses",
            verdict=msg(f"label.class_{choice.verdict.value}"),
            loss=f"{choice.loss.mean:.0f}",
            cards=cards,
            best=round(choice.best.value.mean),
            made=round(choice.made.value.mean),
        )
    return msg(f"analysis.choice.{choice.kind.value}", seat=choice.seat, judged=judged)


@frozen
class KeyMoment:
    """One of a hand's key moments (:func:`notation.analysis.review.key_moments`) as the
    summary's ``[%moment]`` command holds it: which decision (a play's trick number, or
    a choice's kind), whose, its class, and the levels and points it lost."""

    kind: str  # "play", or a choice's kind: bury, declaration, counter
    seat: int
    verdict: str  # a Verdict's value
    levels: float  # the level result lost
    points: float  # the points lost
    trick: int | None = None  # a play's trick number, as the record numbers it

    @classmethod
    def of(cls, moment: PlayReview | ChoiceReview) -> KeyMoment:
        """A key moment of a review, its losses rounded as the command writes them."""
        if isinstance(moment, PlayReview):
            kind, trick = "play", moment.trick
        else:
            kind, trick = moment.kind.value, None
        levels, points = round(moment.counted_level_loss, 2), float(round(moment.counted_loss))
        return cls(kind, moment.seat, moment.verdict.value, levels, points, trick)

    def command(self) -> str:
        """``[%moment 9 2 blunder 1.00 35]`` (a play: its trick first) or ``[%moment bury 1
        mistake 0.00 22]``."""
        where = str(self.trick) if self.kind == "play" else self.kind
        return f"[%moment {where} {self.seat} {self.verdict} {self.levels:.2f} {self.points:.0f}]"

    @classmethod
    def read(cls, args: str) -> KeyMoment | None:
        """The key moment a ``[%moment]`` command's arguments say, or None if they do not
        read (a hand-edited command is left out, never an error)."""
        words = args.split()
        if len(words) != 5 or words[2] not in _VERDICTS or words[1] not in _SEAT_WORDS:
            return None
        where, seat, verdict = words[0], int(words[1]), words[2]
        try:
            levels, points = float(words[3]), float(words[4])
        except ValueError:
            return None
        if not (math.isfinite(levels) and math.isfinite(points)):
            return None
        if where.isdecimal() and len(where) <= 4:
            return cls("play", seat, verdict, levels, points, int(where))
        if where in _CHOICE_KINDS:
            return cls(where, seat, verdict, levels, points)
        return None

    def message(self) -> Message:
        """The moment in words: which decision, its class, the levels and points lost."""
        facts: dict[str, Param] = {
            "seat": self.seat,
            "verdict": msg(f"label.class_{self.verdict}"),
            "levels": f"{self.levels:.2f}",
            "loss": f"{self.points:.0f}",
        }
        if self.kind == "play":
            return msg("analysis.moment.play", trick=self.trick or 0, **facts)
        return msg(f"analysis.moment.{self.kind}", **facts)


_VERDICTS: Final = frozenset(v.value for v in Verdict)
_SEAT_WORDS: Final = frozenset("1234")
_CHOICE_KINDS: Final = frozenset(k.value for k in ChoiceKind)


def summary_message(view: str, seats: Iterable[tuple[int, SeatCounts]]) -> Message:
    """``analysis (the player's view): seat 2: 20 plays, 1 mistake, average loss 2.5;
    …``: the seats with judged plays, from the review or read back from a record."""
    lines = [_seat_line(seat, s) for seat, s in seats if s.plays]
    listed = Seq(tuple(lines), "sep.semicolon") if lines else msg("analysis.no-play")
    return msg("analysis.summary", view=msg(f"analysis.view.{view}"), seats=listed)


class SeatCounts(Protocol):
    """A seat's judged plays as a summary counts them."""

    @property
    def plays(self) -> int: ...
    @property
    def inaccuracy(self) -> int: ...
    @property
    def mistake(self) -> int: ...
    @property
    def blunder(self) -> int: ...
    @property
    def average_loss(self) -> float: ...


def _seat_line(seat: int, summary: SeatCounts) -> Message:
    """``seat 2: 20 plays, 1 mistake, average loss 2.5``."""
    counts = [
        count(n, noun)
        for n, noun in (
            (summary.inaccuracy, "inaccuracies"),
            (summary.mistake, "mistakes"),
            (summary.blunder, "blunders"),
        )
        if n
    ]
    classes = Seq(tuple(counts), "sep.comma") if counts else msg("analysis.no-mistake")
    loss = f"{summary.average_loss:.1f}"
    plays = count(summary.plays, "plays")
    return msg("analysis.seat", seat=seat, plays=plays, classes=classes, loss=loss)
