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

The hand's opening comments get the summary, with the settings of the run in
``[%engine shengji VERSION VIEW BUDGET SEED]``; the play where the analysis stopped (a
play the rules do not allow) gets ``{[%engine shengji] the analysis stops here: ...}``.

A comment is the engine's if it holds an ``[%engine shengji ...]`` command: running the
analysis again takes every such comment away, with the glyphs they say the engine
added, and writes the new ones. Every other comment and glyph is kept as it was. PSN.md
§9 defines the commands; ``shengji fmt`` keeps them like any comment.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Final

from notation import __version__
from notation.analysis.evaluate import Estimate, View
from notation.analysis.review import GLYPHS, HandReview, PlayReview, SeatSummary, Stop, Verdict
from notation.psn.model import GLYPHS as NAGS
from notation.psn.model import Comment, Hand, Play, Trick
from notation.rules.cards import Card
from notation.rules.order import Trump

__all__ = ["ENGINE", "annotate_hand", "engine_command", "is_engine_comment", "strip_analysis"]

ENGINE: Final = "shengji"  # the first word of the engine's [%engine] command
_MARK: Final = f"[%engine {ENGINE}]"
_GLYPH_NAGS: Final = frozenset(NAGS.values())  # ! ? !! ?? !? ?!: a player's judgement


def engine_command(view: View | str, budget: float, seed: int) -> str:
    """The command that names the engine and the settings of a run."""
    return f"[%engine {ENGINE} {__version__} {View(view).value} {budget:g} {seed}]"


def is_engine_comment(comment: Comment) -> bool:
    """True for a comment the analysis wrote (it holds ``[%engine shengji ...]``)."""
    return any(c.name == "engine" and c.args.split()[:1] == [ENGINE] for c in comment.commands)


def strip_analysis(hand: Hand) -> Hand:
    """``hand`` without the engine's comments and the glyphs they say it added."""
    tricks = tuple(
        replace(trick, plays=tuple(_strip_play(p) for p in trick.plays)) for trick in hand.tricks
    )
    comments = tuple(c for c in hand.comments if not is_engine_comment(c))
    return replace(hand, comments=comments, tricks=tricks)


def _strip_play(play: Play) -> Play:
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
    hand: Hand, review: HandReview, *, view: View | str, budget: float, seed: int
) -> Hand:
    """``hand`` with the analysis of ``review`` written in (the engine's earlier
    analysis taken out first)."""
    hand = strip_analysis(hand)
    if review.error is not None:
        return hand
    trump = review.trump
    judged = {p.index: p for p in review.plays}
    stopped = review.stopped
    stop_at = len(review.plays) if stopped is not None else None
    index = 0
    tricks: list[Trick] = []
    for trick in hand.tricks:
        plays: list[Play] = []
        for play in trick.plays:
            found = judged.get(index)
            if found is not None and trump is not None:
                play = _annotated(play, found, trump)
            elif index == stop_at and stopped is not None:
                play = _with(play, Comment(f"{_MARK} the analysis stops here: {_text(stopped)}"))
            plays.append(play)
            index += 1
        tricks.append(replace(trick, plays=tuple(plays)))
    summary = Comment(f"{engine_command(view, budget, seed)} {_summary(review)}")
    return replace(hand, comments=(*hand.comments, summary), tricks=tuple(tricks))


def _annotated(play: Play, review: PlayReview, trump: Trump) -> Play:
    """A play with its comment and, for a class below fine, its glyph."""
    parts = [f"[%eval {_number(review.value)}]"]
    nags = play.nags
    if review.verdict is not Verdict.FINE:
        glyph = GLYPHS[review.verdict]
        parts.append(f"[%best {review.seat}: {_cards(review.best, trump)}]")
        parts.append(f"[%loss {_number(review.loss)}]")
        if _GLYPH_NAGS.isdisjoint(nags):  # the player's own glyph stands
            nags = (*nags, NAGS[glyph])
            parts.append(f"[%class {review.verdict.value} {glyph}]")
        else:
            parts.append(f"[%class {review.verdict.value}]")
    parts.append(_MARK)
    if review.verdict is not Verdict.FINE:
        parts.append(_better(review, trump))
    return replace(_with(play, Comment(" ".join(parts))), nags=nags)


def _better(review: PlayReview, trump: Trump) -> str:
    """The comment's words: the better play and what it keeps."""
    best = round(review.best_value.mean)
    made = round(review.value.mean)
    words = f"better {review.seat}: {_cards(review.best, trump)} (the defenders {best}, not {made}"
    if review.result_changes:
        words += "; the level result changes"
    return words + ")"


def _with(play: Play, comment: Comment) -> Play:
    return replace(play, comments=(*play.comments, comment))


def _number(estimate: Estimate) -> str:
    """``62`` (proved) or ``62 ±4`` (estimated)."""
    if estimate.half == 0 and estimate.n <= 1:
        return f"{round(estimate.mean)}"
    return f"{round(estimate.mean)} ±{round(estimate.half)}"


def _cards(cards: Iterable[Card], trump: Trump) -> str:
    return " ".join(str(c) for c in trump.sorted(cards))


def _text(stopped: Stop) -> str:
    """A reason, made safe for a comment (which cannot hold ``}``)."""
    return stopped.reason.replace("}", ")").replace("{", "(")


def _summary(review: HandReview) -> str:
    """The hand's summary: per seat, the plays, the classes and the average loss."""
    view = "the player's view" if review.view is View.PLAYER else "hindsight"
    parts = [f"analysis ({view}):"]
    seats = [f"seat {seat}: {_seat_line(s)}" for seat, s in review.summary.items() if s.plays]
    parts.append("; ".join(seats) or "no play analysed")
    if review.stopped is not None:
        parts.append(f"— {str(review.stopped).replace('{', '(').replace('}', ')')}")
    return " ".join(parts).replace("}", ")")


def _seat_line(summary: SeatSummary) -> str:
    """``20 plays, 1 mistake, average loss 2.5``."""
    counts = [
        f"{n} {one if n == 1 else many}"
        for n, one, many in (
            (summary.inaccuracy, "inaccuracy", "inaccuracies"),
            (summary.mistake, "mistake", "mistakes"),
            (summary.blunder, "blunder", "blunders"),
        )
        if n
    ]
    shown = ", ".join(counts) if counts else "no mistake"
    plays = f"{summary.plays} play{'' if summary.plays == 1 else 's'}"
    return f"{plays}, {shown}, average loss {summary.average_loss:.1f}"
