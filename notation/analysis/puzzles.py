"""Puzzles from one's own mistakes: the plays an analysis classed *mistake* or *blunder*,
each turned into "find the better play" at the position before it.

A puzzle is a hand record of its own (PSN.md §9, "Puzzles"), as a chess puzzle is a PGN
game with its FEN: the hand as recorded up to the play to find (the engine's comments
taken away, and the hand's opening comments, which may tell the lesson), with headers
``[Puzzle "N"]`` (its place in the set), ``[ToMove "SEAT"]`` and, where one is clear,
``[Theme "kitty throw"]``, and one opening comment that holds the answer in the
analysis's own commands: ``[%best]`` the play to find, ``[%line]`` the engine's line from
it, ``[%played]`` the play the game made, ``[%loss]`` and ``[%class]`` what that cost;
then the question in words, in every language of the catalogue.

The themes are facts of the rules core (:class:`~notation.rules.game.PlayState`): who
wins the trick, what is trump, the points in a trick and the kitty's at the end; never
read from a comment's words. :func:`themes` says which hold.

>>> from notation.psn import parse_hand
>>> hand = parse_hand("[Verdict \\"clean\\"]")
>>> hand_puzzles(hand)
Traceback (most recent call last):
...
notation.analysis.puzzles.NoAnalysis: the hand has no analysis: run shengji analyze on it first
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from enum import StrEnum
from typing import Final

from notation.analysis.annotate import is_engine_comment, strip_analysis
from notation.analysis.annotations import PlayNote, Value, read_analysis, read_play, read_value
from notation.analysis.line import Line, parse_line
from notation.analysis.review import Verdict, plan_hand
from notation.frozen import frozen
from notation.messages import LANGS, Message, MessageError, Seq, msg
from notation.presets import load_ruleset
from notation.psn.model import Comment, Hand, Header, Trick
from notation.rules.cards import Card, Cards
from notation.rules.game import Play, PlayState, Position
from notation.rules.ruleset import Ruleset
from notation.rules.scoring import card_points
from notation.rules.seats import Seat, same_team

__all__ = [
    "PUZZLE_CLASSES",
    "NoAnalysis",
    "Puzzle",
    "PuzzleNote",
    "Theme",
    "hand_puzzles",
    "puzzle_hand",
    "read_puzzle",
    "themes",
]

# The classes a puzzle is made of: a play that lost enough to be worth finding again.
PUZZLE_CLASSES: Final = frozenset({Verdict.MISTAKE.value, Verdict.BLUNDER.value})


class Theme(StrEnum):
    """What a puzzle is about, where the rules core's facts make it clear (the catalogue
    says each as ``puzzle.theme.<value>``)."""

    KITTY = "kitty"  # 抠底: the best line and the game end with other kitty points
    THROW = "throw"  # 甩牌失败: the game's throw failed, or the other team won its trick
    RUFF = "ruff"  # 毙牌: the best play trumps a side-suit lead and wins the trick
    KEEP_TRUMP = "keep-trump"  # 留主: the game's play spent more trumps than the best
    POINTS = "points"  # 垫分: points to the partner's trick, not to the other team's


class NoAnalysis(MessageError):
    """A hand with no analysis in it: there is nothing to make a puzzle of."""


@frozen
class Puzzle:
    """One play to find again: the hand up to it, whose turn it is, the play the game
    made and what it cost, the analysis's best play and line, the themes."""

    hand: Hand  # the record up to the play to find (the engine's comments taken away)
    number: int  # the hand's place in its file, from 1
    trick: int  # the play's trick number
    seat: Seat
    played: Cards  # as the game put them down (a failed throw as thrown)
    best: Cards  # the analysis's best play: the answer
    line: Line | None  # the engine's line from the best play
    loss: Value | None
    verdict: str  # mistake or blunder
    themes: tuple[Theme, ...]


@frozen
class PuzzleNote:
    """A puzzle read back from its record: what the viewer asks and checks."""

    seat: Seat
    best: Cards
    played: Cards
    line: Line | None
    loss: Value | None
    verdict: str
    themes: tuple[Theme, ...]

    def solves(self, cards: Sequence[Card]) -> bool:
        """True if ``cards`` are the answer's cards, in any order."""
        return sorted(c.index for c in cards) == sorted(c.index for c in self.best)


def hand_puzzles(
    hand: Hand,
    *,
    seat: Seat | None = None,
    min_loss: float = 0.0,
    rules: Ruleset | str | None = None,
    number: int = 1,
) -> list[Puzzle]:
    """The puzzles of an analysed ``hand`` (the ``number``-th of its file): one for each
    play classed mistake or blunder that lost at least ``min_loss`` points, ``seat``'s
    only if given. Raises :class:`NoAnalysis` if the hand has no analysis.

    The hand is replayed under ``rules`` if given, else under the rule set the analysis
    imposed (``rules=NAME``: a name, looked up among the presets and the club's folders,
    never read as a path), else under its own."""
    analysis = read_analysis(hand)
    if analysis is None:
        raise NoAnalysis(msg("puzzle.no-analysis"))
    if rules is None and analysis.engine is not None and analysis.engine.rules is not None:
        rules = load_ruleset(analysis.engine.rules)
    wanted = [
        note
        for note in analysis.plays
        if note.verdict in PUZZLE_CLASSES
        and note.best is not None
        and (seat is None or note.seat == seat)
        and (note.loss.mean if note.loss is not None else 0.0) >= min_loss
    ]
    if not wanted:
        return []
    plan = plan_hand(hand, rules, number)
    at = {d.index: d for d in plan.decisions}
    bare = strip_analysis(hand)
    found: list[Puzzle] = []
    for note in wanted:
        index = sum(len(t.plays) for t in hand.tricks[: note.trick]) + note.play
        decision = at.get(index)
        assert note.best is not None
        if decision is None or note.best[0] != decision.seat:
            continue  # past where the rules let the hand be replayed
        best = note.best[1]
        later = [d.play for d in plan.decisions if d.index > index]
        try:
            found_themes = themes(decision.position, decision.play, best, later, note.line)
        except ValueError:
            continue  # the analysis's best play is not legal here: no puzzle of it
        found.append(
            Puzzle(
                _truncated(bare, note),
                number,
                decision.trick,
                decision.seat,
                decision.shown,
                best,
                note.line,
                note.loss,
                note.verdict,
                found_themes,
            )
        )
    return found


def _truncated(hand: Hand, note: PlayNote) -> Hand:
    """``hand`` up to the play of ``note`` (not made), its result and opening comments
    gone: they tell how the hand ends."""
    tricks: tuple[Trick, ...] = hand.tricks[: note.trick]
    if note.play:
        trick = hand.tricks[note.trick]
        tricks = (*tricks, replace(trick, plays=trick.plays[: note.play], winner=None))
    return replace(hand, comments=(), tricks=tricks, result=None)


# ---------------------------------------------------------------------------- themes


def themes(
    position: Position,
    played: Play,
    best: Sequence[Card],
    later: Sequence[Play],
    line: Line | None,
) -> tuple[Theme, ...]:
    """The themes of the choice at ``position`` between the game's play ``played``
    (followed in the game by ``later``) and the analysis's ``best`` (followed by the rest
    of ``line``), each decided by the rules core. Raises :class:`ValueError` (a
    :class:`~notation.rules.game.GameError`) if ``best`` is not legal at ``position``.

    * kitty (抠底): both the game and the line reach the end of the hand, and the
      defenders' kitty points (the kitty × its multiplier, 0 if they lost the last
      trick) differ;
    * throw (甩牌失败): the game's play was a throw that failed, or whose trick the other
      team won;
    * ruff (毙牌): the best play trumps a side-suit lead and wins the trick there;
    * keep-trump (留主): the game's play put down more trumps than the best;
    * points (垫分): a follow to a trick the partner wins in the game with fewer points
      than the best play gives, or one the other team wins with more.
    """
    trump, seat = position.trump, played.seat
    state = PlayState(position)
    answer = state.play(tuple(best))
    best_wins = state.winning() == seat
    state.undo()
    trick_of_game = _trick_winner(position, [played, *later])
    found: list[Theme] = []
    game_kitty = _kitty(position, [played, *later])
    line_kitty = _kitty(position, _line_plays(answer, line))
    if game_kitty is not None and line_kitty is not None and game_kitty != line_kitty:
        found.append(Theme.KITTY)
    lead = not position.trick
    if lead and (played.failed or len(state.units(_sorted(played.shown))) > 1):
        other_won = trick_of_game is not None and not same_team(trick_of_game, seat)
        if played.failed or other_won:
            found.append(Theme.THROW)
    if not lead:
        side_lead = not any(trump.is_trump(c) for c in position.trick[0])
        all_trump = all(trump.is_trump(c) for c in best)
        if side_lead and all_trump and best_wins:
            found.append(Theme.RUFF)
    spent = sum(trump.is_trump(c) for c in played.cards)
    if spent > sum(trump.is_trump(c) for c in best):
        found.append(Theme.KEEP_TRUMP)
    if not lead and trick_of_game is not None and trick_of_game != seat:
        given = card_points(played.cards)
        kept = card_points(best)
        partner_won = same_team(trick_of_game, seat)
        if (partner_won and kept > given) or (not partner_won and given > kept):
            found.append(Theme.POINTS)
    return tuple(found)


def _sorted(cards: Sequence[Card]) -> Cards:
    return tuple(sorted(cards, key=lambda c: c.index))


def _line_plays(answer: Play, line: Line | None) -> list[Play]:
    """The best play as the rules core made it, then the rest of the line."""
    rest = [] if line is None else [Play(p.seat, _sorted(p.cards)) for p in line.plays[1:]]
    return [answer, *rest]


def _trick_winner(position: Position, plays: Sequence[Play]) -> Seat | None:
    """Who wins the trick on the table at ``position`` once ``plays`` are made, or None
    if they do not finish it."""
    state = PlayState(position)
    for play in plays:
        state.play(play.shown)
        if not state.table:
            return state.leader
    return None


def _kitty(position: Position, plays: Sequence[Play]) -> int | None:
    """The defenders' kitty points (× its multiplier) once ``plays`` are made from
    ``position`` to the end of the hand; None if they stop before it or break a rule."""
    state = PlayState(position)
    try:
        for play in plays:
            state.play(play.shown)
    except ValueError:
        return None
    if not state.is_over():
        return None
    outcome = state.outcome()
    return outcome.kitty_points * (outcome.multiplier or 0)


# ---------------------------------------------------------------------------- the record


def puzzle_hand(puzzle: Puzzle, index: int) -> Hand:
    """The puzzle as a hand record: its headers ``[Puzzle "index"]``, ``[ToMove]`` and
    ``[Theme]`` after the hand's own, and the opening comment with the answer's commands
    and the question in every language."""
    hand = puzzle.hand
    seat = puzzle.seat
    parts = [
        f"[%best {seat}: {_cards(puzzle.best)}]",
        f"[%played {seat}: {_cards(puzzle.played)}]",
    ]
    if puzzle.loss is not None:
        parts.append(f"[%loss {puzzle.loss}]")
    parts.append(f"[%class {puzzle.verdict}]")
    if puzzle.line is not None:
        parts.append(puzzle.line.command())
    question = _question(puzzle)
    parts += [f"[%lang {lang}] {question.render(lang)}" for lang in LANGS]
    ours = {"puzzle", "tomove", "theme"}
    headers = [h for h in hand.headers if h.tag.lower() not in ours]
    headers += [Header("Puzzle", str(index)), Header("ToMove", str(seat))]
    if puzzle.themes:
        headers.append(Header("Theme", " ".join(t.value for t in puzzle.themes)))
    return replace(hand, headers=tuple(headers), comments=(Comment(" ".join(parts)),))


def _question(puzzle: Puzzle) -> Message:
    """The question in words: whose turn, what the game played and what it cost, the
    themes."""
    said = msg(
        "puzzle.question",
        seat=puzzle.seat,
        trick=puzzle.trick,
        cards=puzzle.played,
        verdict=msg(f"label.class_{puzzle.verdict}"),
        loss=f"{puzzle.loss.mean:.0f}" if puzzle.loss is not None else "?",
    )
    if not puzzle.themes:
        return said
    named = Seq(tuple(msg(f"puzzle.theme.{t.value}") for t in puzzle.themes), "sep.comma")
    return msg("puzzle.question-themes", question=said, themes=named)


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


def read_puzzle(hand: Hand) -> PuzzleNote | None:
    """The puzzle a hand record holds (its ``[Puzzle]`` header and the opening comment's
    ``[%best]``), or None if it holds none. Commands that do not read leave it None:
    a record is data."""
    if hand.header("Puzzle") is None:
        return None
    for comment in hand.comments:
        if is_engine_comment(comment):
            continue
        args = {c.name: c.args for c in comment.commands}
        best = read_play(args.get("best", ""))
        if best is None:
            continue
        played = read_play(args.get("played", ""))
        number = _trick_number(hand)
        line = parse_line(args["line"], number) if "line" in args else None
        words = (hand.header("Theme") or "").split()
        known = tuple(Theme(w) for w in words if w in {t.value for t in Theme})
        said = args.get("class", "").split()[:1]
        verdict = said[0] if said and said[0] in PUZZLE_CLASSES else ""
        return PuzzleNote(
            best[0],
            best[1],
            played[1] if played is not None and played[0] == best[0] else (),
            line,
            read_value(args.get("loss", "")),
            verdict,
            known,
        )
    return None


def _trick_number(hand: Hand) -> int:
    """The number of the trick the play to find belongs to: the last trick's, if it is
    not full, else the next."""
    if not hand.tricks:
        return 1
    last = hand.tricks[-1]
    return last.number if len(last.plays) < 4 else last.number + 1
