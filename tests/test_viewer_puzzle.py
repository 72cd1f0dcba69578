"""The viewer's puzzle mode under Streamlit's AppTest (viewer/panels/puzzle.py): a
puzzle set opens at the position, a play clicked on the table is refused with its rule
or told right or wrong, the answer and the line once solved or shown, the previous and
next puzzle, the link, and a Chinese page with no English."""

from __future__ import annotations

import re
from pathlib import Path

from streamlit.testing.v1 import AppTest

from notation.analysis.puzzles import read_puzzle
from notation.psn import parse
from notation.replay import replay
from tests import table_clicks
from tests.test_messages import english_in
from tests.test_viewer_app import open_text, query_of, start, step
from viewer.panels.hand import puzzle_step

SET_NAME = "puzzles/from-analysis.psn"
SET = Path(__file__).resolve().parent.parent / "examples" / SET_NAME
HANDS = parse(SET.read_text(encoding="utf-8")).hands


def _cards_to_click(at: AppTest) -> list[str]:
    """The cards the table offers to click, by their accessible names."""
    drawn = table_clicks.html(at)
    return re.findall(r'<button type="button" class="card[^"]*" data-card="([^"]+)"', drawn)


def _notes(at: AppTest) -> list[str]:
    return re.findall(r'class="sj-note (\w+)" role="\w+">([^<]*)<', table_clicks.html(at))


def test_a_puzzle_set_opens_at_the_position_with_the_seat_to_move_to_click() -> None:
    at = start(ex=SET_NAME, hand="2")
    puzzle = read_puzzle(HANDS[1])
    assert puzzle is not None
    assert step(at) == puzzle_step(replay(HANDS[1]))
    assert at.subheader[0].value == "Puzzle 2 of 3"
    # the hand picker names the puzzles, not the games' titles (they tell the lesson)
    assert at.selectbox(key="hand").options == ["Puzzle 1 of 3", "Puzzle 2 of 3", "Puzzle 3 of 3"]
    assert "find a better play" in at.markdown[0].value
    assert "BJ" in _cards_to_click(at)
    assert 'class="v"' not in table_clicks.html(at)  # no values on a student's cards
    assert query_of(at) | {"ex": SET_NAME, "hand": "2"} == query_of(at)  # the link


def test_an_uploaded_set_lands_in_puzzle_mode_too() -> None:
    at = open_text(SET.read_text(encoding="utf-8"), "mine.psn")
    assert at.subheader[0].value == "Puzzle 1 of 3"
    assert step(at) == puzzle_step(replay(HANDS[0]))


def test_refused_then_wrong_then_right_with_the_line() -> None:
    at = start(ex=SET_NAME, hand="2")
    table_clicks.play(at, ["D3"])  # not in seat 2's hand: refused with the rule
    assert [kind for kind, _ in _notes(at)] == ["error"]
    assert "cannot be played" in _notes(at)[0][1]
    assert at.session_state["puzzle_tried"] is None
    wrong = next(c for c in _cards_to_click(at) if c != "BJ")
    table_clicks.play(at, [wrong])
    assert any("Not the best" in w.value for w in at.warning)
    assert at.button(key="puzzle_show")  # the answer can be asked for
    table_clicks.play(at, ["BJ"])
    assert [s.value for s in at.success] == ["Right: BJ is the best play."]
    said = " ".join(m.value for m in at.markdown)
    assert "Best line (the solver's" in said and "2: BJ 3: ♠3" in said
    assert "The game played ♥A ♥K ♥10 (mistake, 33 points lost)." in [c.value for c in at.caption]
    assert _cards_to_click(at) == []  # solved: nothing more to click


def test_show_the_answer_then_the_next_and_previous_puzzles() -> None:
    at = start(ex=SET_NAME, hand="1")
    assert at.button(key="puzzle_prev").disabled
    at.button(key="puzzle_show").click().run()
    assert [i.value for i in at.info if "The answer" in i.value] == ["The answer: BJ."]
    at.button(key="puzzle_next").click().run()
    assert at.session_state["hand"] == 2 and step(at) == puzzle_step(replay(HANDS[1]))
    assert not any("The answer" in i.value for i in at.info)  # another puzzle, unanswered
    at.button(key="puzzle_next").click().run()
    assert at.button(key="puzzle_next").disabled and query_of(at)["hand"] == "3"
    at.slider(key="step_slider").set_value(3).run()  # looking back at the hand
    at.button(key="puzzle_position").click().run()
    assert step(at) == puzzle_step(replay(HANDS[2]))
    at.button(key="puzzle_prev").click().run()
    assert at.session_state["hand"] == 2


def test_a_chinese_puzzle_page_has_no_english() -> None:
    at = start(ex=SET_NAME, hand="1", lang="zh")
    assert 'aria-label="大王"' in table_clicks.html(at)
    table_clicks.play(at, ["BJ"])
    words = [s.value for s in at.subheader][:1]
    words += [m.value for m in at.markdown[:2]] + [s.value for s in at.success]
    words += [c.value for c in at.caption[:2]]
    words += [b.label for b in at.button if (b.key or "").startswith("puzzle_")]
    assert words[0] == "第 1 题，共 3 题" and "正确：大王 是最佳出法。" in words
    for text in words:
        assert english_in(text) is None, text


def test_a_puzzle_whose_answer_is_another_seats_asks_nothing() -> None:
    # the record's answer names seat 3, but seat 2 is to move: no card to click
    forged = SET.read_text(encoding="utf-8").replace("[%best 2: BJ]", "[%best 3: S3]", 1)
    at = open_text(forged, "forged.psn")
    assert at.subheader[0].value == "Puzzle 1 of 3" and not at.exception
    assert _cards_to_click(at) == []


def test_a_variation_entered_keeps_the_puzzle_and_a_way_back_to_its_position() -> None:
    # a puzzle cut from an annotated game keeps the game's variations: entering one
    # leaves the puzzle on screen (no question asked there) with a button back to it
    text = SET.read_text(encoding="utf-8").replace(
        "1. 1: H10 2: H9 3: HK 4: HJ", "1. 1: H10 2: H9 (1. 2: H2) 3: HK 4: HJ", 1
    )
    varied = replay(parse(text).hands[0])
    h9 = next(s.step for s in varied.states if getattr(s.event, "variations", ()))
    at = open_text(text, "varied.psn")
    at.slider(key="step_slider").set_value(h9).run()  # seat 2's H9, which has the variation
    next(b for b in at.button if (b.key or "").startswith("var_")).click().run()
    assert at.session_state["line"] and not at.exception
    assert at.subheader[0].value == "Puzzle 1 of 3"  # the puzzle stays
    assert _cards_to_click(at) == []  # nothing is asked inside a variation
    at.button(key="puzzle_position").click().run()
    assert at.session_state["line"] == [] and step(at) == puzzle_step(replay(HANDS[0]))
    assert "BJ" in _cards_to_click(at)  # back at the question
