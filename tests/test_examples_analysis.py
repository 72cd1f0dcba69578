"""The annotated teaching hands of examples/analysis/: each shows one lesson, and the
engine's analysis written into it is the analysis `shengji analyze` gives today.

Each hand ends in a small position (3 to 4 cards a hand), so the analysis is exact in
hindsight and, in the player's view, solves every sampled deal: no rollout, no bot."""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from notation.analysis.annotate import is_engine_comment, strip_analysis
from notation.analysis.evaluate import Evaluator, View
from notation.analysis.review import Verdict, plan_hand, review_decision
from notation.analysis.solver import Solver
from notation.cli import main
from notation.psn import parse
from notation.psn.model import GLYPHS, Hand, PlayNode
from notation.rules.cards import parse_cards
from notation.validate import validate_path

FOLDER = Path(__file__).resolve().parent.parent / "examples" / "analysis"


@dataclass(frozen=True)
class Lesson:
    """What a file teaches: the play judged, its class and the better play."""

    file: str
    view: View
    first_trick: int  # the analysis covers this trick to the end (--tricks)
    trick: int
    seat: int
    verdict: Verdict
    best: str


LESSONS = [
    Lesson("01-kitty-keep-the-pair.psn", View.PLAYER, 23, 23, 2, Verdict.BLUNDER, "BJ"),
    Lesson("02-throw-ruffed.psn", View.PLAYER, 22, 22, 2, Verdict.MISTAKE, "BJ"),
    Lesson("03-points-to-the-wrong-side.psn", View.PLAYER, 23, 23, 3, Verdict.INACCURACY, "C3"),
    Lesson("04-endgame-only-the-solver.psn", View.HINDSIGHT, 23, 23, 2, Verdict.BLUNDER, "H3"),
]
GLYPH = {Verdict.INACCURACY: "?!", Verdict.MISTAKE: "?", Verdict.BLUNDER: "??"}


def _hand(lesson: Lesson) -> Hand:
    return parse((FOLDER / lesson.file).read_text(encoding="utf-8")).hands[0]


def _play(hand: Hand, trick: int, seat: int) -> PlayNode:
    found = next(t for t in hand.tricks if t.number == trick)
    return next(p for p in found.plays if p.seat == seat)


def test_every_file_is_a_lesson() -> None:
    assert sorted(p.name for p in FOLDER.glob("*.psn")) == sorted(x.file for x in LESSONS)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.file)
def test_the_lesson_play_carries_its_class_and_the_better_play(lesson: Lesson) -> None:
    play = _play(_hand(lesson), lesson.trick, lesson.seat)
    assert GLYPHS[GLYPH[lesson.verdict]] in play.nags
    ours = [c for c in play.comments if is_engine_comment(c)]
    assert len(ours) == 1
    commands = {c.name: c.args for c in ours[0].commands}
    assert commands["best"] == f"{lesson.seat}: {lesson.best}"
    assert commands["class"].split()[0] == lesson.verdict.value
    # The human comment explaining the lesson comes first, in both languages.
    human = [c for c in play.comments if not is_engine_comment(c)]
    assert human and re.search(r"[\u4e00-\u9fff]", human[0].remark_in("zh"))
    assert human[0].remark_in("en") != human[0].remark_in("zh")


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.file)
def test_the_lesson_play_is_judged_so_today(lesson: Lesson) -> None:
    hand = _hand(lesson)
    plan = plan_hand(hand)
    decision = next(d for d in plan.decisions if (d.trick, d.seat) == (lesson.trick, lesson.seat))
    review = review_decision(plan, decision, Evaluator(lesson.view), seed=0)
    assert not isinstance(review, type(None))
    assert getattr(review, "verdict", None) is lesson.verdict
    assert getattr(review, "best", None) == tuple(parse_cards(lesson.best))


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.file)
def test_analyze_again_gives_the_file_s_analysis(lesson: Lesson, tmp_path: Path) -> None:
    copy = tmp_path / lesson.file
    shutil.copy(FOLDER / lesson.file, copy)
    args = ["analyze", str(copy), "-i", "--redo", "-j", "1", "--tricks", str(lesson.first_trick)]
    assert main([*args, "--view", lesson.view.value]) == 0
    again, kept = parse(copy.read_text(encoding="utf-8")).hands[0], _hand(lesson)
    assert again.tricks == kept.tricks  # every play's comment and glyph, exactly
    assert strip_analysis(again) == strip_analysis(kept)  # the human comments kept


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.file)
def test_the_examples_are_legal_records(lesson: Lesson) -> None:
    report = validate_path(FOLDER / lesson.file)
    assert not report.findings
    assert report.hands[0].computed is not None and report.hands[0].computed["complete"]


def test_only_the_solver_s_line_wins_the_endgame() -> None:
    lesson = LESSONS[3]
    plan = plan_hand(_hand(lesson))
    decision = next(d for d in plan.decisions if (d.trick, d.seat) == (23, 2))
    values = {r.play.shown: r.value for r in Solver().solve(decision.position).plays}
    best = tuple(parse_cards("H3"))
    assert all(v < values[best] for k, v in values.items() if k != best)
    assert values[tuple(parse_cards("BJ"))] < values[best]
