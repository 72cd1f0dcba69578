"""Annotations: a glyph and a comment on each play judged, the engine's own recognised
and replaced, the players' comments and glyphs kept."""

from __future__ import annotations

from dataclasses import replace

from notation.analysis.annotate import annotate_hand, is_engine_comment, strip_analysis
from notation.analysis.evaluate import Estimate, View
from notation.analysis.review import HandReview, PlayReview, Stop, Verdict
from notation.psn import Comment, parse, write
from notation.psn.model import GLYPHS, Hand
from notation.simulate import simulate_hand

SETTINGS = {"view": View.PLAYER, "budget": 1.0, "seed": 0}


def _hand() -> Hand:
    """The first trick of a simulated hand (trump ♠, rank 2)."""
    hand = simulate_hand("qq", seed=3)
    return replace(hand, tricks=hand.tricks[:1], result=None)


def _review(hand: Hand, verdicts: list[Verdict], stopped: Stop | None = None) -> HandReview:
    plays = []
    for index, (play, verdict) in enumerate(zip(hand.tricks[0].plays, verdicts, strict=False)):
        bad = verdict is not Verdict.FINE
        value = Estimate(60.0 if bad else 80.0, 4.2, 30)
        best = Estimate(85.0, 3.6, 30) if bad else value
        loss = Estimate(25.0 if bad else 0.0, 5.5 if bad else 0.0, 30)
        levels = Estimate(1.0 if verdict is Verdict.BLUNDER else 0.0, 0.1, 30)
        plays.append(
            PlayReview(
                index,
                1,
                play.seat,
                play.cards,
                value,
                hand.tricks[0].plays[0].cards if bad else play.cards,
                best,
                loss,
                levels,
                verdict is Verdict.BLUNDER,
                verdict,
                False,
                5,
                play.seat % 2 == 0,
            )
        )
    trump = parse(write(hand)).hands[0].trump
    return HandReview(1, View.PLAYER, tuple(plays), stopped, None, trump)


def test_a_mistake_gets_its_glyph_and_a_comment_with_the_better_play() -> None:
    hand = _hand()
    verdicts = [Verdict.FINE, Verdict.MISTAKE, Verdict.BLUNDER, Verdict.INACCURACY]
    annotated = annotate_hand(hand, _review(hand, verdicts), **SETTINGS)
    plays = annotated.tricks[0].plays
    assert [p.nags for p in plays] == [(), (GLYPHS["?"],), (GLYPHS["??"],), (GLYPHS["?!"],)]
    assert plays[0].comments[-1].text == "[%eval 80 ±4] [%engine shengji]"
    lead = " ".join(str(c) for c in hand.tricks[0].plays[0].cards)  # the best, here
    assert plays[1].comments[-1].text == (
        f"[%eval 60 ±4] [%best 2: {lead}] [%loss 25 ±6] [%class mistake ?] [%engine shengji] "
        f"better 2: {lead} (the defenders 85, not 60)"
    )
    assert "the level result changes" in plays[2].comments[-1].text
    summary = annotated.comments[-1].text
    assert summary.startswith("[%engine shengji ") and " player 1 0] [%moment 1 3 " in summary
    assert "] analysis (the player's view)" in summary  # the words after the commands
    assert "seat 2: 1 play, 1 mistake" in summary


def test_a_player_s_own_glyph_is_neither_doubled_nor_taken_away() -> None:
    hand = _hand()
    plays = list(hand.tricks[0].plays)
    plays[1] = replace(plays[1], nags=(GLYPHS["?"],), comments=(Comment("too quick"),))
    hand = replace(hand, tricks=(replace(hand.tricks[0], plays=tuple(plays)),))
    review = _review(hand, [Verdict.FINE, Verdict.MISTAKE])
    annotated = annotate_hand(hand, review, **SETTINGS)
    second = annotated.tricks[0].plays[1]
    assert second.nags == (GLYPHS["?"],)
    assert "[%class mistake]" in second.comments[-1].text
    assert second.comments[0] == Comment("too quick")
    assert strip_analysis(annotated) == hand  # the glyph was the player's: it stays


def test_a_rerun_takes_away_only_the_engine_s_comments_and_glyphs() -> None:
    hand = _hand()
    first = annotate_hand(hand, _review(hand, [Verdict.BLUNDER] * 4), **SETTINGS)
    second = annotate_hand(first, _review(hand, [Verdict.FINE] * 4), **SETTINGS)
    assert all(p.nags == () for p in second.tricks[0].plays)
    assert [sum(map(is_engine_comment, p.comments)) for p in second.tricks[0].plays] == [1] * 4
    assert strip_analysis(second) == strip_analysis(first) == hand
    assert parse(write(second)).hands[0] == second  # the record reads back as written


def test_another_engine_s_commands_are_a_player_s_comment() -> None:
    hand = _hand()
    plays = list(hand.tricks[0].plays)
    plays[0] = replace(plays[0], comments=(Comment("[%eval 70] [%engine other 2.0]"),))
    hand = replace(hand, tricks=(replace(hand.tricks[0], plays=tuple(plays)),))
    annotated = annotate_hand(hand, _review(hand, [Verdict.FINE] * 4), **SETTINGS)
    assert annotated.tricks[0].plays[0].comments[0].text == "[%eval 70] [%engine other 2.0]"
    assert strip_analysis(annotated) == hand


def test_the_play_where_the_analysis_stopped_is_marked() -> None:
    hand = _hand()
    stop = Stop(1, 3, "follow-suit: seat 3 did not follow {diamonds}", index=2)
    annotated = annotate_hand(hand, _review(hand, [Verdict.FINE] * 2, stop), **SETTINGS)
    third = annotated.tricks[0].plays[2]
    assert third.comments[-1].text == (
        "[%engine shengji] the analysis stops here: follow-suit: seat 3 did not follow (diamonds)"
    )
    assert annotated.tricks[0].plays[3].comments == ()
    assert "analysed up to trick 1, seat 3's play" in annotated.comments[-1].text
