"""Reading the analysis back from a record's comments (notation.analysis.annotations)."""

from __future__ import annotations

from pathlib import Path

import pytest

from notation.analysis.annotate import KeyMoment, annotate_hand, is_engine_comment
from notation.analysis.annotations import comment_words, read_analysis
from notation.analysis.evaluate import Evaluator
from notation.analysis.review import hand_review, plan_hand, review_decision
from notation.psn import parse, parse_hand, write_hand
from notation.rules.cards import Card

EXAMPLES = Path(__file__).parent.parent / "examples" / "analysis"


def example(name: str) -> str:
    return next(EXAMPLES.glob(f"{name}*.psn")).read_text(encoding="utf-8")


def test_the_blunder_of_the_endgame_example_is_read_with_its_best_and_loss() -> None:
    found = read_analysis(parse(example("04")).hands[0])
    assert found is not None and found.engine is not None
    assert (found.engine.view, found.engine.budget, found.engine.seed) == ("hindsight", 1.0, 0)
    [blunder] = found.mistakes()
    assert (blunder.trick, blunder.play, blunder.seat, blunder.verdict) == (22, 0, 2, "blunder")
    assert blunder.value.mean == 240 and blunder.value.proved
    assert blunder.best == (2, (Card.parse("H3"),))
    assert blunder.loss is not None and blunder.loss.mean == 100
    assert blunder.best_value(defender=True) == 340
    assert len(found.plays) == 12  # three tricks judged, four plays each


def test_the_seat_tally_counts_classes_and_takes_the_summary_average() -> None:
    found = read_analysis(parse(example("01")).hands[0])
    assert found is not None
    seat2 = found.tally[2]
    assert (seat2.plays, seat2.blunder, seat2.mistake, seat2.fine) == (3, 1, 0, 2)
    assert seat2.average_loss == 22.3  # the summary's, not 67 / 3 = 22.33 from the rounded loss
    assert found.tally[1].average_loss == 0.0


def test_an_estimate_keeps_its_interval() -> None:
    found = read_analysis(parse(example("02")).hands[0])
    assert found is not None
    [mistake] = found.mistakes(seat=2)
    assert str(mistake.value) == "73 ±1" and not mistake.value.proved
    assert found.mistakes(seat=1) == []


def test_a_hand_without_analysis_reads_as_none() -> None:
    assert read_analysis(parse_hand("1. 1: SA {a comment} 2: S3 3: S4 4: S5")) is None


def test_a_hand_edited_command_that_does_not_read_leaves_the_play_out() -> None:
    hand = parse_hand(
        "1. 1: SA {[%eval lots] [%engine shengji]} 2: S3 {[%eval 5] [%engine shengji]} 3: S4 4: S5"
    )
    found = read_analysis(hand)
    assert found is not None and [p.seat for p in found.plays] == [2]


def test_a_line_that_does_not_read_is_left_out_and_the_play_kept() -> None:
    hand = parse_hand(
        "1. 1: SA {[%eval 40] [%line solver 1. 1: SA 2: XX] [%engine shengji]} 2: S3 3: S4 4: S5"
    )
    found = read_analysis(hand)
    assert found is not None and [(p.seat, p.line) for p in found.plays] == [(1, None)]


def test_what_annotate_writes_reads_back_the_same() -> None:
    hand = parse(example("04")).hands[0]
    plan = plan_hand(hand)
    evaluator = Evaluator("hindsight")  # the last three tricks: the solver's, exact
    results = [review_decision(plan, d, evaluator, 0) for d in plan.decisions if d.trick >= 23]
    review = hand_review(plan, evaluator.view, results)
    written = parse_hand(
        write_hand(annotate_hand(hand, review, view="hindsight", budget=1, seed=0))
    )
    found = read_analysis(written)
    assert found is not None
    assert [(p.seat, p.value.mean, p.verdict) for p in found.plays] == [
        (p.seat, round(p.value.mean), p.verdict.value) for p in review.plays
    ]
    trump = review.trump
    assert trump is not None
    for note, play in zip(found.plays, review.plays, strict=True):  # the line, play by play
        assert note.line is not None and play.line is not None
        assert note.line.source is play.line.source
        assert note.line.moves(trump) == play.line.moves(trump)
    for seat, summary in review.summary.items():
        assert found.tally[seat].plays == summary.plays
        assert found.tally[seat].blunder == summary.blunder
        assert found.tally[seat].average_loss == round(summary.average_loss, 1)


def test_the_summary_is_said_again_in_the_reader_s_language() -> None:
    hand = parse(example("01")).hands[0]
    found = read_analysis(hand)
    assert found is not None
    summary = next(c for c in hand.comments if is_engine_comment(c))
    # The example was analysed in English: the same words come back in English (the key
    # moments, said after them, are read from [%moment] and shown apart)…
    assert summary.remark.startswith(comment_words(summary, "en", found) + " — key moments: ")
    # …and in Chinese, from the same counts.
    assert comment_words(summary, "zh", found) == (
        "复盘分析（玩家视角）：1 号位：3 手牌，没有失误，平均损失 0.0 分；"
        "2 号位：3 手牌，1 手大错，平均损失 22.3 分；3 号位：3 手牌，没有失误，平均损失 0.0 分；"
        "4 号位：3 手牌，没有失误，平均损失 0.0 分"
    )
    # The engine's words on a play are left to its commands; a person's stay.
    blunder = next(
        p for t in hand.tricks for p in t.plays if any(is_engine_comment(c) for c in p.comments)
    )
    engine = next(c for c in blunder.comments if is_engine_comment(c))
    assert comment_words(engine, "zh", found) == ""
    person = next(c for c in hand.comments if not is_engine_comment(c))
    assert comment_words(person, "zh", found) == person.remark_in("zh")


def test_an_analysis_run_under_an_imposed_rule_set_is_read_with_its_settings() -> None:
    hand = parse_hand(
        "{[%engine shengji 0.1.0+abc player 0.5 3 rules=qq] analysis}\n"
        "1. 1: SA {[%eval 40 ±3] [%engine shengji]} 2: S3 3: S4 4: S5\n"
    )
    found = read_analysis(hand)
    assert found is not None and found.engine is not None
    assert (found.engine.view, found.engine.budget, found.engine.seed) == ("player", 0.5, 3)


def test_a_summary_written_in_chinese_gives_its_averages_too() -> None:
    hand = parse_hand(
        "{[%engine shengji 0.1.0+abc player 1 0] 复盘分析（玩家视角）：2 号位：1 手牌，"
        "1 手失误，平均损失 22.5 分}\n"
        "1. 1: SA 2: S3? {[%eval 60 ±2] [%best 2: SK] [%loss 20 ±4] [%class mistake]"
        " [%engine shengji]} 3: S4 4: S5\n"
    )
    found = read_analysis(hand)
    assert found is not None
    assert found.averages == ((2, 1, 22.5),)
    assert found.tally[2].average_loss == 22.5  # the summary's, not the rounded 20


def test_the_key_moments_are_written_as_commands_and_read_back() -> None:
    """The summary holds each key moment as ``[%moment]`` (the costliest first), so a
    reader lists them in its own language: the blunder of the endgame example."""
    hand = parse(example("04")).hands[0]
    plan = plan_hand(hand)
    evaluator = Evaluator("hindsight")
    results = [review_decision(plan, d, evaluator, 0) for d in plan.decisions if d.trick >= 23]
    review = hand_review(plan, evaluator.view, results)
    assert review.key_moments
    text = write_hand(annotate_hand(hand, review, view="hindsight", budget=1, seed=0, lang="zh"))
    found = read_analysis(parse_hand(text))
    assert found is not None
    assert found.moments == tuple(KeyMoment.of(m) for m in review.key_moments)
    first = found.moments[0]
    assert (first.kind, first.trick, first.seat, first.verdict) == ("play", 23, 2, "blunder")
    assert f"[%moment 23 2 blunder {first.levels:.2f} 100]" in text
    assert "trick 23, seat 2's play (blunder" in first.message().render("en")


@pytest.mark.parametrize(
    "args",
    ["", "23 2 blunder 1.00", "23 5 blunder 1 1", "23 2 awful 1 1", "kitty 2 mistake 1 1",
     "23 2 mistake nan 1", "23 2 mistake 1 inf", "99999 2 mistake 1 1", "-3 2 mistake 1 1",
     "bury 1 mistake x 1", "23 2 mistake 1 1 extra"],
)  # fmt: skip
def test_a_moment_that_does_not_read_is_left_out(args: str) -> None:
    assert KeyMoment.read(args) is None
    hand = parse_hand(
        f"{{[%engine shengji 0.1 player 1 0] [%moment {args}]}} 1. 1: SA 2: S3 3: S4 4: S5"
    )
    found = read_analysis(hand)
    assert found is not None and found.moments == ()


def test_a_choice_s_moment_reads() -> None:
    moment = KeyMoment.read("bury 1 mistake 0.25 22")
    assert moment == KeyMoment("bury", 1, "mistake", 0.25, 22.0)
    assert moment.command() == "[%moment bury 1 mistake 0.25 22]"
    assert KeyMoment.read("counter 3 inaccuracy 0 12") is not None
