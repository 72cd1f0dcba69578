"""The analysis in the viewer: graph, mistakes, a play in words, the per-seat table,
analysing a hand, teaching graded by the engine (viewer.analysis_view and the page)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from streamlit.runtime.memory_media_file_storage import _calculate_file_id
from streamlit.testing.v1 import AppTest

from notation.analysis.annotate import strip_analysis
from notation.analysis.annotations import Value, read_analysis
from notation.analysis.evaluate import EXACT_CARDS
from notation.charts import defenders_series
from notation.messages import say_cards_in
from notation.psn import parse, write_hand
from notation.replay import HandReplay, replay
from notation.rules.cards import Card
from tests import table_clicks
from viewer import analysis_view as av
from viewer import charts, document, edit
from viewer.i18n import card_name, tr

APP = str(Path(__file__).parent.parent / "viewer" / "app.py")
ENDGAME = "analysis/04-endgame-only-the-solver.psn"
EXAMPLES = Path(__file__).parent.parent / "examples"


def start(example: str = ENDGAME, **query: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["ex"] = example
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception
    return at


def downloaded(at: AppTest, text: str) -> bool:
    """True if the sidebar's download button gives ``text`` (the file as the user has it)."""
    button = next(d for d in at.get("download_button") if "download" in d.proto.id.split("-"))
    name = Path(at.session_state["name"]).name
    return _calculate_file_id(text.encode("utf-8"), "text/plain", name) in button.proto.url


def endgame_replay() -> tuple[object, object]:
    hand = parse((EXAMPLES / ENDGAME).read_text(encoding="utf-8")).hands[0]
    analysis = read_analysis(hand)
    assert analysis is not None
    return replay(hand), analysis


# ---------------------------------------------------------------------------- pure parts


def test_the_blunder_is_found_at_the_step_of_its_play() -> None:
    rp, analysis = endgame_replay()
    [step] = av.mistake_steps(rp, analysis)  # type: ignore[arg-type]
    assert rp.states[step].event.cards == (Card.parse("BJ"),)  # type: ignore[attr-defined]
    assert av.mistake_steps(rp, analysis, seat=1) == []  # type: ignore[arg-type]
    note = av.note_at(rp, analysis, step)  # type: ignore[arg-type]
    assert note is not None and note.verdict == "blunder"
    assert av.best_cards_at(note) == {2: (Card.parse("H3"),)}


def test_the_words_of_a_play_come_from_its_commands_in_chinese() -> None:
    rp, analysis = endgame_replay()
    note = analysis.mistakes()[0]  # type: ignore[attr-defined]
    words = " ".join(av.play_words(rp, note, "zh"))  # type: ignore[arg-type]
    assert "240" in words and "100" in words and "340" in words and "♥3" in words
    assert "大错" in words and "闲家" in words
    assert "better" not in words and "defenders" not in words


def test_the_graph_carries_every_judged_play_and_marks_the_blunder() -> None:
    rp, analysis = endgame_replay()
    fig = av.eval_figure(rp, analysis, defenders_series(rp), "en")  # type: ignore[arg-type]
    names = [t.name for t in fig.data]
    expected = next(t for t in fig.data if t.name == "Final points, every hand open")
    assert len(expected.y) == 12 and set(expected.y) == {240}  # hindsight: the values
    assert "95% interval" not in names  # every value proved: no band
    blunders = next(t for t in fig.data if "blunder" in (t.name or ""))
    assert list(blunders.customdata) == av.mistake_steps(rp, analysis)  # type: ignore[arg-type]
    assert "Defenders" in " ".join(n or "" for n in names)  # the actual points beside it
    # a click on the blunder's point is a selection event whose customdata is its step
    event = {"selection": {"points": [{"customdata": blunders.customdata[0]}]}}
    assert charts.selected_point(event) == av.mistake_steps(rp, analysis)[0]  # type: ignore[arg-type]


def _kitty() -> tuple[HandReplay, object]:
    hand = parse((EXAMPLES / "analysis/01-kitty-keep-the-pair.psn").read_text("utf-8")).hands[0]
    return replay(hand), read_analysis(hand)


def test_the_graph_of_a_player_s_view_analysis_is_the_open_hands_value_with_its_band() -> None:
    rp, analysis = _kitty()
    fig = av.eval_figure(rp, analysis, defenders_series(rp), "en")  # type: ignore[arg-type]
    line = next(t for t in fig.data if t.name == "Final points, every hand open")
    plays = analysis.plays  # type: ignore[attr-defined]
    assert [p.open for p in plays] == [analysis.open_value(p) for p in plays]  # type: ignore[attr-defined]
    assert list(line.y) == [p.open.mean for p in plays]  # one scale: not the seats' own views
    assert [p.open.mean for p in plays] != [p.value.mean for p in plays]
    blunder = next(t for t in fig.data if "blunder" in (t.name or ""))
    [judged] = [p for p in plays if p.verdict == "blunder"]
    assert list(blunder.y) == [judged.open.mean]  # the judgement marked on the line
    assert "seat's own view" in blunder.text[0]  # and its own value in the hover


def test_a_band_is_drawn_around_estimated_open_values() -> None:
    rp, analysis = _kitty()
    plays = analysis.plays  # type: ignore[attr-defined]
    widened = [replace(p, open=Value(p.open.mean, 6.0)) for p in plays]
    fig = av.eval_figure(rp, replace(analysis, plays=tuple(widened)), defenders_series(rp), "en")  # type: ignore[arg-type]
    names = [t.name for t in fig.data]
    upper, lower = fig.data[names.index("95% interval") - 1], fig.data[names.index("95% interval")]
    assert list(upper.y) == [p.open.mean + 6 for p in plays]
    assert list(lower.y) == [p.open.mean - 6 for p in plays] and lower.fill == "tonexty"


def test_an_older_player_s_view_analysis_draws_its_own_values() -> None:
    rp, analysis = _kitty()
    plays = tuple(replace(p, open=None) for p in analysis.plays)  # type: ignore[attr-defined]
    older = replace(analysis, plays=plays)
    fig = av.eval_figure(rp, older, defenders_series(rp), "en")  # type: ignore[arg-type]
    line = next(t for t in fig.data if t.name == "Expected final points")
    assert list(line.y) == [p.value.mean for p in plays]


def test_analysing_the_endgame_in_hindsight_proves_the_blunder() -> None:
    hand = strip_analysis(parse((EXAMPLES / ENDGAME).read_text(encoding="utf-8")).hands[0])
    calls: list[tuple[int, int]] = []
    done, error = av.analyse_hand(
        hand, view="hindsight", first_trick=23, progress=lambda d, n: calls.append((d, n))
    )
    assert error is None and calls[-1] == (12, 12)
    found = read_analysis(parse(write_hand(done)).hands[0])
    assert found is not None
    [blunder] = found.mistakes()
    assert blunder.best == (2, (Card.parse("H3"),)) and blunder.loss is not None
    assert blunder.loss.mean == 100 and blunder.loss.proved


def test_the_solver_grades_a_students_play_in_a_small_position() -> None:
    rp, _ = endgame_replay()
    step = av.mistake_steps(rp, _)[0] - 1  # type: ignore[arg-type]
    worse = av.grade(rp, step, [Card.parse("BJ")], None)  # type: ignore[arg-type]
    best = av.grade(rp, step, [Card.parse("H3")], None)  # type: ignore[arg-type]
    illegal = av.grade(rp, step, [Card.parse("SA")], None)  # type: ignore[arg-type]
    assert worse is not None and worse.exact and worse.loss == 100
    assert worse.best == (Card.parse("H3"),)
    assert best is not None and best.loss == 0
    assert illegal is not None and not illegal.legal


# ---------------------------------------------------------------------------- the page


def test_an_analysed_example_shows_the_graph_and_the_summary_table() -> None:
    at = start()
    assert len(at.get("plotly_chart")) == 3  # the evaluation graph, then the two charts
    table = at.table[0].value
    seat2 = table[table["Seat"] == "Seat 2"].iloc[0]
    assert seat2["?? blunder"] == 1 and seat2["Plays judged"] == 3
    assert seat2["Average loss"] == "33.3"  # to one decimal, as the summary says it
    assert table["?? blunder"].sum() == 1


def test_next_and_previous_mistake_move_the_step() -> None:
    at = start()
    rp, analysis = endgame_replay()
    [blunder] = av.mistake_steps(rp, analysis)  # type: ignore[arg-type]
    assert at.button(key="jump_prev_mistake").disabled
    at.button(key="jump_next_mistake").click().run()
    assert at.session_state["step"] == blunder
    words = " ".join(m.value for m in at.markdown)
    assert "costs the defenders 100 points" in words and "♥3" in words
    assert "better 2: H3" not in words  # the engine's English comment is not shown
    table = table_clicks.html(at)
    assert table.count("card red best") + table.count("card best") == 1  # ♥3 outlined
    assert at.button(key="jump_next_mistake").disabled  # the only one
    at.button(key="nav_last").click().run()
    at.button(key="jump_prev_mistake").click().run()
    assert at.session_state["step"] == blunder
    at.button(key="nav_last").click().run()
    at.selectbox(key="an_seat").set_value(1).run()  # seat 1 made no mistake
    assert at.button(key="jump_prev_mistake").disabled


def test_the_page_in_chinese_shows_no_english_of_the_engine() -> None:
    at = start(lang="zh")
    at.button(key="jump_next_mistake").click().run()
    words = " ".join(m.value for m in at.markdown)
    assert "大错" in words and "闲家" in words
    assert "the defenders" not in words and "better" not in words


def test_stepping_into_the_best_play_enters_it_as_a_variation() -> None:
    at = start()
    at.button(key="jump_next_mistake").click().run()
    blunder = at.session_state["step"]
    at.button(key="an_try_best").click().run()
    assert not at.exception
    assert at.session_state["line"] == [(blunder, 0)] and at.session_state["step"] == blunder
    table = table_clicks.html(at)
    played = table.split('class="sj-centre"')[1]
    assert "3<span" in played  # ♥3 is on the table now, in place of the big joker
    # the whole line the solver proves, to the end of the hand
    assert "(23. 2: H3 3: H6 4: HA 1: H4 24. 4: LJ LJ" in at.session_state["text"]


def test_next_goes_through_the_best_line_to_its_end_and_back_out() -> None:
    at = start()
    at.button(key="jump_next_mistake").click().run()
    blunder = at.session_state["step"]
    rp, analysis = endgame_replay()
    note = av.note_at(rp, analysis, blunder)  # type: ignore[arg-type]
    assert note is not None and note.line is not None
    words = " ".join(m.value for m in at.markdown)
    assert "Best line (the solver's" in words and "2: ♥3" in words
    at.button(key="an_try_best").click().run()
    steps = [blunder]
    while not at.button(key="nav_next").disabled and len(steps) < 40:  # to the line's end
        at.button(key="nav_next").click().run()
        assert not at.exception and at.session_state["line"] == [(blunder, 0)]
        steps.append(at.session_state["step"])
    assert steps == list(range(blunder, blunder + len(steps)))  # one step at a time
    assert len(steps) > len(note.line.plays) - 1  # every play of the line, and its end
    at.button(key="back_main").click().run()
    assert at.session_state["line"] == [] and at.session_state["step"] == blunder


def test_a_fine_play_s_line_can_be_stepped_into_too() -> None:
    at = start()
    rp, analysis = endgame_replay()
    fine = next(p for p in analysis.plays if not p.is_mistake)  # type: ignore[attr-defined]
    step = av.play_steps(rp)[(fine.trick, fine.play)]  # type: ignore[arg-type]
    at.slider(key="step_slider").set_value(step).run()
    at.button(key="an_try_best").click().run()
    assert not at.exception and at.session_state["line"] == [(step, 0)]


def test_exploring_the_best_play_does_not_edit_the_file() -> None:
    """A coach stepping through the engine's line has not changed the record: no edit is
    counted, the download is the file as it was, and back on the main line the line is
    gone; the steps inside it work as in any variation."""
    at = start()
    original = at.session_state["text"]
    at.button(key="jump_next_mistake").click().run()
    blunder = at.session_state["step"]
    at.button(key="an_try_best").click().run()
    assert not at.exception
    assert at.session_state["line"] == [(blunder, 0)] and at.session_state["step"] == blunder
    assert at.session_state["edits"] == 0
    assert not any("not yet downloaded" in c.value for c in at.caption)
    assert downloaded(at, original)
    assert "ex" in at.query_params and "up" not in at.query_params  # still the example
    at.button(key="nav_next").click().run()  # on into the line, as in any variation
    assert at.session_state["line"] == [(blunder, 0)]
    assert at.session_state["step"] == blunder + 1 and at.session_state["edits"] == 0
    at.button(key="back_main").click().run()
    assert at.session_state["line"] == [] and at.session_state["step"] == blunder
    assert at.session_state["text"] == original and at.session_state["edits"] == 0


def test_keeping_the_explored_line_or_writing_in_it_is_an_edit() -> None:
    at = start()
    original = at.session_state["text"]
    at.button(key="jump_next_mistake").click().run()
    at.button(key="an_try_best").click().run()
    at.button(key="an_keep_line").click().run()
    kept_line = " 2: BJ D3 3: C6 D6)"  # the line's last trick
    assert at.session_state["edits"] == 1 and kept_line in at.session_state["text"]
    assert downloaded(at, at.session_state["text"]) and not downloaded(at, original)
    at.button(key="back_main").click().run()
    assert kept_line in at.session_state["text"]  # kept: still there on the main line
    # a note written inside the line keeps it too (the note is in it)
    again = start()
    again.button(key="jump_next_mistake").click().run()
    again.button(key="an_try_best").click().run()
    again.text_area(key="note_text_en").set_value("The engine's line.").run()
    again.button(key="note_save").click().run()
    again.button(key="back_main").click().run()
    kept = again.session_state["text"]
    assert again.session_state["edits"] == 1 and "H3 {The engine's line.}" in kept
    assert downloaded(again, kept)


def _upload_stripped() -> tuple[AppTest, str, str]:
    """The page with the endgame example uploaded without its analysis."""
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    text = (EXAMPLES / ENDGAME).read_text(encoding="utf-8")
    stripped = write_hand(strip_analysis(parse(text).hands[0]))
    at.radio(key="source").set_value("upload").run()
    at.file_uploader(key="uploader").upload("end.psn", stripped.encode("utf-8"), "text/plain")
    at.run()
    return at, text, stripped


def _judged(at: AppTest) -> int:
    found = read_analysis(parse(at.session_state["text"]).hands[0])
    return 0 if found is None else len(found.plays)


def test_analyse_this_hand_fills_in_trick_by_trick_and_the_download_reparses() -> None:
    at, text, stripped = _upload_stripped()
    assert not at.get("plotly_chart") or len(at.get("plotly_chart")) == 2  # no analysis yet
    at.radio(key="an_view").set_value("hindsight").run()
    at.number_input(key="an_from").set_value(23).run()
    runs = at.session_state["an_runs"]
    at.button(key="analyse_run").click().run()
    assert not at.exception and at.session_state["an_runs"] == runs + 1
    assert _judged(at) == 4  # the first trick's plays, at once; the page goes on
    assert at.session_state["edits"] == 0  # not an edit until the analysis ends
    for _ in range(4):  # each run of the page (its timer's) judges one trick more
        if at.session_state["an_job"] is None:
            break
        at.run()
        assert not at.exception
    assert at.session_state["an_job"] is None
    assert at.session_state["an_shown"] == [4, 8]  # the page showed each trick's plays
    assert at.session_state["edits"] == 1  # the whole analysis: one edit
    found = read_analysis(parse(at.session_state["text"]).hands[0])
    assert found is not None and [p.verdict for p in found.mistakes()] == ["blunder"]
    assert len(found.plays) == 12 and all(p.line is not None for p in found.plays)
    assert len(at.get("plotly_chart")) == 3
    download = next(d for d in at.get("download_button") if d.proto.id and "analyse" in d.proto.id)
    assert download is not None
    # the same hand and settings again: taken from the session's analyses, not run again
    at.session_state["text"] = text.replace(text, stripped)
    at.button(key="analyse_run").click().run()
    assert at.session_state["an_runs"] == runs + 1 and _judged(at) == 12


def test_stop_keeps_the_plays_judged_so_far() -> None:
    at, _, _ = _upload_stripped()
    at.radio(key="an_view").set_value("hindsight").run()
    at.number_input(key="an_from").set_value(23).run()
    at.button(key="analyse_run").click().run()
    at.run()  # the page shows the first trick's plays and judges the second's
    assert _judged(at) == 8 and not at.button(key="analyse_stop").disabled
    words = " ".join(p.proto.text for p in at.get("progress"))
    assert "4 of 12" in words  # as the page was drawn: the first trick judged
    at.button(key="analyse_stop").click().run()
    assert not at.exception and at.session_state["an_job"] is None
    assert _judged(at) == 8 and at.session_state["edits"] == 1
    assert any("8 of 12" in m.value for m in at.success)
    at.run()
    assert _judged(at) == 8  # stopped: nothing more is judged


def test_teaching_grades_the_students_play_with_the_solver() -> None:
    at = start()
    rp, analysis = endgame_replay()
    [blunder] = av.mistake_steps(rp, analysis)  # type: ignore[arg-type]
    at.toggle(key="teach").set_value(True).run()
    at.selectbox(key="seat").set_value(2).run()
    at.slider(key="step_slider").set_value(blunder - 1).run()
    table_clicks.play(at, [Card.parse("BJ")])  # the big joker clicked on the table
    assert not at.exception
    warnings = " ".join(w.value for w in at.warning)
    assert "loses 100 points against the best (♥3)" in warnings


# ---------------------------------------------------------------------------- the engine's grade

THROW = "analysis/02-throw-ruffed.psn"  # analysed from trick 22, the player's view


def throw_text(budget: float = 0.05) -> str:
    """The example with its analysis's budget made small: the engine grades in a second."""
    text = (EXAMPLES / THROW).read_text(encoding="utf-8")
    assert text.count("player 1 0]") == 1
    return text.replace("player 1 0]", f"player {budget:g} 0]")


def big_joker_led(rp: HandReplay) -> int:
    """The step at which seat 3 has led the big joker to trick 7 and seat 4 (the dealer's
    partner, out of trumps) is to discard."""
    return next(
        s.step
        for s in rp.states
        if s.trick_number == 7
        and [(seat, list(map(str, c))) for seat, c in s.trick] == [(3, ["BJ"])]
    )


def test_the_engine_grades_a_play_early_in_the_hand_against_the_best() -> None:
    """Trick 7, 18 or 19 cards a hand: too many for the solver, and plays the analysis
    (tricks 22 on) did not judge. The engine grades each with the analysis's settings and
    judges it as the analysis judges a recorded play: a loss only where it is sure (else
    the play is *fine* and loses 0), with its class; and the best play it names, played,
    is graded the best."""
    hand = parse(throw_text()).hands[0]
    rp, analysis = replay(hand), read_analysis(hand)
    assert analysis is not None and analysis.engine is not None
    step = big_joker_led(rp)
    assert min(len(rp.states[step].hand(s)) for s in (1, 2, 3, 4)) > EXACT_CARDS
    assert av.note_at(rp, analysis, step + 1) is None  # not in the record's analysis
    record = rp.states[step + 1].event.cards  # type: ignore[attr-defined]
    assert record == (Card.parse("C4"),)
    for guess in ("D10", "CK", "H6", "C4", "DA"):
        graded = av.grade(rp, step, [Card.parse(guess)], analysis)
        assert graded is not None and graded.legal and not graded.exact, guess  # estimated
        assert graded.verdict in ("fine", "inaccuracy", "mistake", "blunder"), guess
        # the class and the loss agree: an estimated loss counts only when it is a class
        assert (graded.verdict == "fine") == (graded.loss == 0), (guess, graded)
        assert graded.verdict == "fine" or graded.loss >= 10, (guess, graded)
        good, words = av.grade_words(graded, "en")
        assert good == (graded.loss == 0) and "estimated" in words, (guess, words)
        # graded against the best the engine finds, not against the record: the best,
        # played, is the best, whatever the student tried first
        again = av.grade(rp, step, list(graded.best), analysis)
        assert again is not None and (again.loss, again.verdict) == (0, "fine"), (guess, again)
    # without the analysis's engine the engine has no settings to grade with
    assert av.grade(rp, step, [Card.parse("D10")], None) is None


def test_a_grades_words_say_the_loss_that_decides_it() -> None:
    """The loss in whole points both decides "as good as the best" and is said, with the
    class: never "loses 0 points"; a proof is told from an estimate."""
    best = (Card.parse("H3"),)
    cases = ((0.0, True, None), (0.4, True, None), (0.5, False, "1"), (2.5, False, "3"))
    for loss, good, said in cases:
        ok, words = av.grade_words(av.Grade(True, loss, best, exact=True), "en")
        assert ok is good and "loses 0 points" not in words, loss
        assert said is None or f"loses {said} points" in words, loss
    ok, words = av.grade_words(av.Grade(True, 0.0, best), "en")
    assert ok and words == "The engine: your play is as good as the best (♥3; estimated)."
    blunder = av.Grade(True, 100.0, best, exact=True, verdict="blunder")
    assert av.grade_words(blunder, "en")[1].endswith("(♥3): ?? blunder, proved by the solver.")
    zh = av.grade_words(blunder, "zh")[1]
    assert "少 100 分" in zh and "大错" in zh and "求解器已证明" in zh and "♥3" in zh


def test_teaching_grades_an_early_play_with_the_engine_on_the_page() -> None:
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.radio(key="source").set_value("upload").run()
    at.file_uploader(key="uploader").upload("throw.psn", throw_text().encode("utf-8"), "text/plain")
    at.run()
    hand = parse(throw_text()).hands[0]
    rp, analysis = replay(hand), read_analysis(hand)
    step = big_joker_led(rp)
    at.toggle(key="teach").set_value(True).run()
    at.selectbox(key="seat").set_value(4).run()
    at.slider(key="step_slider").set_value(step).run()
    table_clicks.play(at, [Card.parse("D10")])
    assert not at.exception
    expected = av.grade(rp, step, [Card.parse("D10")], analysis)
    assert expected is not None
    good, words = av.grade_words(expected, "en")
    assert words in [m.value for m in (at.success if good else at.warning)]
    assert "Not graded" not in " ".join(c.value for c in at.caption)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "the hand has no trump or dealer: its play cannot be set up"),
        ("zh", "这一局没有主或庄家：无法摆出出牌的局面"),
    ],
)
def test_why_a_hand_cannot_be_analysed_is_said_once_in_the_page_s_language(
    lang: str, said: str
) -> None:
    """The page says "This hand cannot be analysed: <why>": the why says it no second time."""
    hand = parse('[Event "x"]\n[Dealer "9"]\n').hands[0]
    assert hand is not None
    _, error = av.analyse_hand(hand, lang=lang)
    assert error == said


# ---------------------------------------------------------------------------- the table you play on


def test_late_in_the_hand_the_solver_values_every_card_of_the_seat_to_move() -> None:
    """At the blunder of the endgame example (seat 2 to play, 3 cards each), each card
    shows the defenders' final points after it: ♥3 (the only winning play) more than the
    big joker the record played, as the analysis says; the values are proved."""
    rp, analysis = endgame_replay()
    [blunder] = av.mistake_steps(rp, analysis)  # type: ignore[arg-type]
    at = av.table_play(rp, blunder - 1, analysis)  # type: ignore[arg-type]
    assert at.seat == 2 and at.values is not None and at.values.solved and at.values.exact
    values = at.values.values
    held = {c for c in rp.states[blunder - 1].hand(2) if isinstance(c, Card)}  # type: ignore[attr-defined]
    assert set(values) == held and at.legal == frozenset(held)
    note = av.note_at(rp, analysis, blunder)  # type: ignore[arg-type]
    assert note is not None and note.loss is not None
    heart, joker = Card.parse("H3"), Card.parse("BJ")
    assert at.values.best == (heart,)
    assert values[heart] - values[joker] == note.loss.mean == 100


def test_earlier_the_cards_show_the_analysis_s_values(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before the solver's reach (here brought below the example's 4 cards a hand), the
    values are the record's analysis: the play made and its best alternative, where the
    analysis has them (not solved here)."""
    monkeypatch.setattr(av, "SOLVE_CARDS", 3)
    text = (EXAMPLES / "analysis/02-throw-ruffed.psn").read_text(encoding="utf-8")
    hand = parse(text).hands[0]
    rp, analysis = replay(hand), read_analysis(hand)
    assert analysis is not None
    note = next(p for p in analysis.plays if p.is_mistake and p.best is not None)
    step = av.play_steps(rp)[(note.trick, note.play)]
    values = av.card_values(rp, step - 1, analysis)
    assert values is not None and not values.solved and values.seat == note.seat
    assert note.best is not None and values.best == note.best[1]
    assert all(values.values[c] == note.value.mean for c in note.cards if c not in note.best[1])
    after_best = note.best_value(av.is_defender(rp, note.seat))
    assert all(values.values[c] == after_best for c in note.best[1])
    assert av.card_values(rp, step - 1, None) is None  # no analysis: no values this early


def test_a_play_the_rules_refuse_is_said_with_the_rule() -> None:
    """The rules core's reason, in either language: a card not held, a suit not
    followed."""
    rp, analysis = endgame_replay()
    [blunder] = av.mistake_steps(rp, analysis)  # type: ignore[arg-type]
    assert av.illegal_play(rp, blunder - 1, [Card.parse("BJ")]) is None  # type: ignore[arg-type]
    why = av.illegal_play(rp, blunder - 1, [Card.parse("SA")])  # type: ignore[arg-type]
    assert why is not None and "♠A" in why.render("en")
    assert "♠A" in why.render("zh") and "hand" not in why.render("zh")


def test_an_alternative_clicked_is_a_variation_entered_once() -> None:
    """The same alternative twice is the same variation, not a second copy."""
    rp, analysis = endgame_replay()
    [blunder] = av.mistake_steps(rp, analysis)  # type: ignore[arg-type]
    note = av.note_at(rp, analysis, blunder)  # type: ignore[arg-type]
    assert note is not None
    from viewer import edit

    target = edit.Target("play", note.trick, note.play)
    hand = rp.hand  # type: ignore[attr-defined]
    cards = [Card.parse("D3")]
    once, index = av.with_alternative(hand, target, 2, cards, rp.states[blunder].trump)  # type: ignore[attr-defined]
    assert index == 0 and once is not hand
    again, same = av.with_alternative(once, target, 2, cards, None)
    assert again is once and same == 0


def _refused_follow(rp: HandReplay) -> tuple[int, int, Card]:
    """A step of the endgame, the seat to play and a card of its hand the rules refuse."""
    for state in rp.states[100:]:
        nxt = rp.states[state.step + 1] if state.step + 1 < len(rp.states) else None
        if nxt is None or nxt.event is None or not state.trick:
            continue
        seat = getattr(nxt.event, "seat", None)
        if seat is None:
            continue
        for card in state.hand(seat):
            if isinstance(card, Card) and av.illegal_play(rp, state.step, [card]) is not None:
                return state.step, seat, card
    raise AssertionError("no follow the rules refuse")


def test_a_card_clicked_in_review_is_an_alternative_with_its_value_and_the_best_reply() -> None:
    """Reviewing, a card clicked is entered as a variation from here (explored, not an
    edit), and the table says what it is worth and the best reply, in the page's words."""
    at = start()
    rp, analysis = endgame_replay()
    [blunder] = av.mistake_steps(rp, analysis)  # type: ignore[arg-type]
    at.slider(key="step_slider").set_value(blunder - 1).run()
    assert 'data-card="D3"' in table_clicks.html(at)  # seat 2's cards are buttons
    table_clicks.play(at, [Card.parse("D3")])
    assert not at.exception
    assert at.session_state["line"] == [(blunder, 0)] and at.session_state["step"] == blunder
    assert at.session_state["edits"] == 0 and at.session_state["an_explored"] is not None
    drawn = table_clicks.html(at)
    assert "Tried: Seat 2 ♦3. After it the defenders make 240 in the end" in drawn
    assert "Best reply: Seat 3" in drawn
    at.button(key="back_main").click().run()
    assert at.session_state["line"] == [] and at.session_state["an_explored"] is None
    # in Chinese
    at = start(lang="zh")
    at.slider(key="step_slider").set_value(blunder - 1).run()
    table_clicks.play(at, [Card.parse("D3")])
    drawn = table_clicks.html(at)
    assert "试走：2 号位 ♦3。之后闲家最终得 240 分" in drawn and "最佳应对：3 号位" in drawn


def test_teaching_refuses_an_illegal_card_with_its_rule_and_takes_a_legal_one() -> None:
    """A student's card the rules refuse is not taken: the table says why (the rules
    core's reason, in the page's language); a legal one is the answer, graded."""
    rp, _analysis = endgame_replay()
    step, seat, card = _refused_follow(rp)  # type: ignore[arg-type]
    for lang, said in (("en", "cannot be played"), ("zh", "不能出")):
        at = start(lang=lang)
        at.toggle(key="teach").set_value(True).run()
        at.selectbox(key="seat").set_value(seat).run()
        at.slider(key="step_slider").set_value(step).run()
        table_clicks.play(at, [card])
        assert not at.exception
        refusal = next(n for n in table_clicks.html(at).split('class="sj-note') if said in n)
        why = av.illegal_play(rp, step, [card])  # type: ignore[arg-type]
        assert why is not None and why.render(lang).split("：")[0][:8] in refusal
        assert at.session_state["teach_revealed"] != step  # still asked
    legal = next(
        c
        for c in rp.states[step].hand(seat)  # type: ignore[attr-defined]
        if isinstance(c, Card) and av.illegal_play(rp, step, [c]) is None  # type: ignore[arg-type]
    )
    table_clicks.play(at, [legal])
    assert at.session_state["teach_revealed"] == step
    assert at.session_state[f"teach_guess_1_{step}"] == [str(legal)]
    assert any("实际出牌" in s.value for s in at.success)


def test_the_values_on_the_cards_can_be_hidden() -> None:
    at = start()
    rp, analysis = endgame_replay()
    [blunder] = av.mistake_steps(rp, analysis)  # type: ignore[arg-type]
    at.slider(key="step_slider").set_value(blunder - 1).run()
    assert table_clicks.html(at).count('<span class="v">') == 3  # seat 2's three cards
    at.toggle(key="show_values").set_value(False).run()
    assert '<span class="v">' not in table_clicks.html(at)
    assert 'data-card="D3"' in table_clicks.html(at)  # still cards to click


def test_a_card_clicked_at_a_line_s_end_goes_on_with_the_line() -> None:
    """After an alternative is entered, the next card clicked continues that variation
    (the reply written after it, the line one play longer), never a new one; its value
    is said as the first one's was. Back on the main line the file is as it was."""
    at = start()
    rp, analysis = endgame_replay()
    [blunder] = av.mistake_steps(rp, analysis)  # type: ignore[arg-type]
    at.slider(key="step_slider").set_value(blunder - 1).run()
    table_clicks.play(at, [Card.parse("D3")])
    text = at.session_state["text"]
    line = document.follow_line(replay(parse(text).hands[0]), [(blunder, 0)])
    reply = av.table_play(line, blunder, None)
    assert reply.seat == 3 and reply.legal
    follow = sorted(reply.legal, key=lambda c: c.index)[0]
    assert f'data-card="{follow}"' in table_clicks.html(at)  # seat 3's cards are buttons
    table_clicks.play(at, [follow])
    assert not at.exception
    assert at.session_state["line"] == [(blunder, 0)] and at.session_state["step"] == blunder + 1
    kept = parse(at.session_state["text"]).hands[0]
    where = edit.target_of(rp.hand, rp.states[blunder])  # type: ignore[attr-defined]
    assert where is not None
    [variation] = kept.tricks[where.index].plays[where.play].variations
    [trick] = variation.events
    assert [(p.seat, p.cards) for p in trick.plays] == [(2, (Card.parse("D3"),)), (3, (follow,))]
    assert f"Tried: Seat 3 {card_name('en', follow)}" in table_clicks.html(at)
    assert at.session_state["edits"] == 0  # explored, not an edit
    # the trick finished by clicks, then the next one led: still the same line
    for need in (1, 1, 0):  # two follows, then the next trick's lead
        legal = re.search(r'class="card[^"]*legal[^"]*" data-card="(\w+)"', table_clicks.html(at))
        assert legal is not None and table_clicks.data(at)["need"] == need
        table_clicks.play(at, [legal[1]])
    assert not at.exception and len(at.session_state["line"]) == 1
    kept = parse(at.session_state["text"]).hands[0]
    [variation] = kept.tricks[where.index].plays[where.play].variations
    assert [len(t.plays) for t in variation.events] == [4, 1]  # type: ignore[attr-defined]
    assert variation.events[1].number == variation.events[0].number + 1  # type: ignore[attr-defined]
    shown = at.session_state["step"]
    rp_line = document.follow_line(replay(kept), at.session_state["line"])
    assert rp_line.states[shown].event is variation.events[1].plays[0]  # type: ignore[attr-defined]
    at.button(key="back_main").click().run()
    assert at.session_state["line"] == [] and at.session_state["an_explored"] is None


def test_every_card_s_tooltip_on_the_table_is_in_the_page_s_language() -> None:
    """A card's tooltip (its name; with its value, what the value means) is Chinese on a
    Chinese page and English on an English one, the buttons' as the faces'."""
    _rp, analysis = endgame_replay()
    [blunder] = av.mistake_steps(_rp, analysis)  # type: ignore[arg-type]
    for lang, teach in (("en", "0"), ("zh", "0"), ("en", "1"), ("zh", "1")):
        # teaching: the student's cards are buttons with no value, named all the same
        at = start(lang=lang, step=str(blunder - 1), teach=teach, seat="2")
        drawn = table_clicks.html(at)
        cards = re.findall(
            r'<button type="button" class="card[^>]*>|<span class="card[^>]*>', drawn
        )
        assert any(c.startswith("<button") for c in cards)
        titles = [re.search(r'title="([^"]*)"', c) for c in cards if "back" not in c]
        assert len(titles) >= 3 and all(t is not None for t in titles), cards
        worded = [t[1] for t in titles if t is not None]
        chinese = [bool(re.search(r"[\u4e00-\u9fff]", t)) for t in worded]
        assert all(chinese) if lang == "zh" else not any(chinese), worded
        if teach == "0":  # a value said
            assert any(tr(lang, "card_value", value="240") in t for t in worded)


# ---------------------------------------------------------------------------- the bury and the bids


KITTY = "analysis/01-kitty-keep-the-pair.psn"


def _choices_run() -> av.AnalysisRun:
    """A run over a whole hand (its choices wanted) with its plays left out: only the
    declaration and the bury to judge, at a small budget."""
    hand = strip_analysis(parse((EXAMPLES / KITTY).read_text(encoding="utf-8")).hands[0])
    run = av.AnalysisRun.start(hand, view="hindsight", budget=0.01)
    assert run.wants_choices and run.choices is None
    return replace(run, judged=())


def test_a_whole_hand_s_run_judges_the_bury_and_the_declaration_after_the_plays() -> None:
    """Analysing from the first trick, the run judges the choices before the play once
    the plays are judged (one more step of its progress), and writes them in as
    ``shengji analyze`` does; read back, the bury's class, loss and best bury are there."""
    run = _choices_run()
    assert run.progress == (0, 1) and not run.done
    assert run.step() == 1 and run.done and run.progress == (1, 1)
    assert {c.kind.value for c in run.review().choices} == {"declaration", "bury"}
    found = read_analysis(parse(write_hand(run.annotated())).hands[0])
    assert found is not None
    [bury] = [c for c in found.choices if c.kind == "bury"]
    made = next(c for c in run.review().choices if c.kind.value == "bury")
    assert bury.seat == made.seat and bury.verdict == made.verdict.value
    assert bury.value.mean == round(made.made.value.mean)
    if bury.is_mistake:
        assert bury.best is not None and Counter(bury.best[1]) == Counter(made.best.cards)
    later = av.AnalysisRun.start(run.hand, view="hindsight", budget=0.01, first_trick=23)
    assert not later.wants_choices  # a part of the hand: its plays only


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_bury_s_judgement_and_the_key_moments_are_shown(lang: str, tmp_path: Path) -> None:
    """At the bury's step the panel says the bury's value, class, loss and the best
    bury found; the analysis lists the judged choices (a button to each) and the key
    moments as the file holds them (``[%moment]``), each a button to its step, in the
    page's language, whatever the language of the run."""
    from notation.analysis.annotate import KeyMoment
    from tests.test_messages import english_in

    run = _choices_run()
    run.step()
    path = tmp_path / "kitty.psn"
    path.write_text(write_hand(run.annotated()), encoding="utf-8")
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["file"], at.query_params["lang"] = str(path), lang
    at.run()
    hand = parse(path.read_text(encoding="utf-8")).hands[0]
    moments = tuple(KeyMoment.of(m) for m in run.review().key_moments)
    rp = replay(hand)
    bury_step = next(s.step for s in rp.states if s.kind.value == "kitty")
    at.button(key="an_choice_1").click().run()  # the bury, second in the auction
    assert not at.exception and at.session_state["step"] == bury_step
    said = " ".join([*(m.value for m in at.markdown), *(b.label for b in at.button)])
    found = read_analysis(hand)
    assert found is not None
    assert found.moments == moments and moments  # read back from the file as written
    [bury] = [c for c in found.choices if c.kind == "bury"]
    words = av.choice_words(rp, bury, lang)
    assert all(w in said for w in words)
    assert bury.is_mistake and bury.best is not None  # this bury loses: the best is said
    assert say_cards_in(bury.best[1], lang) in words[-1]  # the best bury found, said
    assert all(m.message().render(lang) in said for m in moments)
    assert tr(lang, "an_moments") in said
    at.button(key="an_moment_0").click().run()  # the costliest: a button to its step
    assert not at.exception
    assert at.session_state["step"] == av.moment_step(rp, found, moments[0]) is not None
    if lang == "zh":
        assert english_in(said.replace(str(path), " ")) is None


def test_each_key_moment_steps_to_its_decision() -> None:
    """A key moment's button goes to the step of its decision: the bury's, the bid that
    set the trump for the declaration, the play's in its trick; a counter not made has
    no step."""
    from notation.analysis.annotate import KeyMoment

    run = _choices_run()
    run.step()
    hand = parse(write_hand(run.annotated())).hands[0]
    rp, found = replay(hand), read_analysis(hand)
    assert found is not None and {m.kind for m in found.moments} >= {"bury", "declaration"}
    for moment in found.moments:
        at = av.moment_step(rp, found, moment)
        assert at is not None
        event = rp.states[at].event
        assert event.seat == moment.seat
        assert rp.states[at].kind.value == ("kitty" if moment.kind == "bury" else "bid")
    play = KeyMoment("play", 2, "blunder", 1.0, 40.0, trick=23)
    at = av.moment_step(rp, found, play)
    assert at is not None and rp.states[at].trick_number == 23
    assert rp.states[at].event.seat == 2 and rp.states[at].kind.value == "play"
    assert av.moment_step(rp, found, KeyMoment("counter", 3, "mistake", 0.5, 20.0)) is None
    assert av.moment_step(rp, found, replace(play, trick=99)) is None
