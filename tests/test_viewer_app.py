"""The viewer page under Streamlit's AppTest: every control, a malformed upload, the
annotated download, the URL, and the time one step takes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import streamlit as st
from streamlit.runtime.memory_media_file_storage import _calculate_file_id
from streamlit.testing.v1 import AppTest

from notation.charts import defenders_series, step_x
from notation.psn import parse, split_hands
from notation.replay import StepKind, replay
from notation.resources import examples_dir
from notation.rules.cards import Card
from tests import table_clicks
from tests.test_messages import english_in
from viewer import document, edit, render, samples, view
from viewer.edit import annotation, set_annotation, target_of
from viewer.i18n import PLOTLY_ZH, card_name

APP = str(Path(__file__).resolve().parent.parent / "viewer" / "app.py")


def start(**query: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception
    return at


def open_text(text: str, name: str = "upload.psn") -> AppTest:
    """The page with ``text`` uploaded."""
    at = start()
    at.radio(key="source").set_value("upload").run()
    at.file_uploader(key="uploader").upload(name, text.encode("utf-8"), "text/plain")
    at.run()
    assert not at.exception
    return at


def table(at: AppTest) -> str:
    """The HTML of the table (the second st.html of the page)."""
    drawn = table_clicks.html(at)
    assert '<div class="sj-table"' in drawn, "the table is not drawn"
    return drawn[drawn.index('<div class="sj-table"') :]


def query_of(at: AppTest) -> dict[str, str]:
    """The page's URL query, one value per key."""
    return {k: (v[0] if isinstance(v, list) else v) for k, v in at.query_params.items()}


def step(at: AppTest) -> int:
    return int(at.session_state["step"])


@pytest.fixture(scope="module")
def annotated_text() -> str:
    return samples.annotated_text()


def test_opens_on_an_example_and_draws_the_table() -> None:
    at = start()
    assert at.session_state["loaded"] and at.session_state["text"]
    html = table(at)
    for seat in (1, 2, 3, 4):
        assert f'data-seat="{seat}"' in html
    assert not at.error
    assert "Trump" in table_clicks.html(at)
    # the download is the file itself, named without its folder
    name = Path(at.session_state["name"]).name
    data = at.session_state["text"].encode("utf-8")
    url = at.get("download_button")[0].proto.url
    assert _calculate_file_id(data, "text/plain", name) in url


def test_stepping_buttons_move_and_change_the_table(annotated_text: str) -> None:
    at = open_text(annotated_text)
    first = table(at)
    at.button(key="nav_next").click().run()
    assert step(at) == 1
    last = len(replay(parse(annotated_text).hands[0]).states) - 1
    at.button(key="nav_last").click().run()
    assert step(at) == last
    assert table(at) != first
    assert at.button(key="nav_next").disabled
    at.button(key="nav_prev").click().run()
    assert step(at) == last - 1
    at.button(key="nav_first").click().run()
    assert step(at) == 0 and at.button(key="nav_prev").disabled
    assert table(at) == first


def test_slider_sets_the_step(annotated_text: str) -> None:
    at = open_text(annotated_text)
    at.slider(key="step_slider").set_value(20).run()
    assert step(at) == 20
    caption = " ".join(c.value for c in at.caption)
    assert "Step 20 /" in caption


def test_jump_to_next_and_previous_trick(annotated_text: str) -> None:
    at = open_text(annotated_text)
    rp = replay(parse(annotated_text).hands[0])
    tricks = view.trick_steps(rp)
    at.button(key="nav_next_trick").click().run()
    assert step(at) == tricks[0]
    at.button(key="nav_next_trick").click().run()
    assert step(at) == tricks[1]
    at.button(key="nav_prev_trick").click().run()
    assert step(at) == tricks[0]
    html = table(at)
    assert html.count('<div class="sj-played') == 4 and "sj-played p-" in html and " win" in html


def test_jump_to_annotations_shows_them(annotated_text: str) -> None:
    at = open_text(annotated_text)
    notes = view.annotation_steps(replay(parse(annotated_text).hands[0]))
    at.button(key="jump_next_note").click().run()
    assert step(at) == notes[1]
    text = " ".join(m.value for m in at.markdown)
    assert "The lead sets the tone." in text and "good play" in text
    at.button(key="jump_next_note").click().run()
    assert step(at) == notes[2]
    assert "dubious" in " ".join(m.value for m in at.markdown)
    at.button(key="jump_prev_note").click().run()
    assert step(at) == notes[1]


def test_findings_are_listed_jumped_to_and_marked(annotated_text: str) -> None:
    broken = samples.revoke_text()
    at = open_text(broken)
    f_steps = view.finding_steps(replay(parse(broken).hands[0]).findings)
    assert f_steps
    at.button(key="jump_next_finding").click().run()
    target = next(s for s in f_steps if s > 0)
    assert step(at) == target
    assert at.error or at.warning  # the finding is shown at its step
    assert "⚠" in table(at)  # and the seat is marked on the table
    at.button(key="nav_first").click().run()
    at.button(key="finding_0").click().run()
    assert step(at) == (f_steps[0])


def test_event_log_click_jumps_to_the_trick(annotated_text: str) -> None:
    at = open_text(annotated_text)
    rp = replay(parse(annotated_text).hands[0])
    entries = view.log_entries(rp)
    index = next(i for i, e in enumerate(entries) if e.kind is StepKind.TRICK) + 2
    at.button(key=f"log_{index}").click().run()
    assert step(at) == entries[index].step
    assert at.button(key=f"log_{index}").proto.type == "primary"


def test_hand_switch_and_match_chart() -> None:
    at = open_text(samples.match_text(), "match.psn")
    at.button(key="nav_last").click().run()
    assert step(at) > 0
    at.selectbox(key="hand").set_value(2).run()
    assert at.session_state["hand"] == 2 and step(at) == 0
    charts = at.get("plotly_chart")
    assert len(charts) == 3  # defenders, per trick, and the match's levels
    hand2 = parse(samples.match_text()).hands[1]
    assert hand2.levels is not None
    first, second = (rank.value for rank in hand2.levels)
    info = table_info(at)
    assert f"Team 1&amp;3 {first}</span>" in info and f"Team 2&amp;4 {second}</span>" in info


def table_info(at: AppTest) -> str:
    return table_clicks.html(at)


def test_one_seats_view_hides_the_other_hands(annotated_text: str) -> None:
    at = open_text(annotated_text)
    at.slider(key="step_slider").set_value(10).run()
    assert "card back" not in table(at).split('class="sj-centre"')[0]
    at.radio(key="mode").set_value("seat").run()
    at.selectbox(key="seat").set_value(2).run()
    html = table(at)
    seats = re.findall(r'<div class="sj-seat sj-(\w+)[^"]*" data-seat="(\d)"', html)
    assert ("bottom", "2") in seats and ("right", "3") in seats
    parts = html.split('data-seat="')
    hidden = [p[0] for p in parts[1:] if "card back" in p.split("sj-centre")[0]]
    assert sorted(hidden) == ["1", "3", "4"]
    assert at.query_params["view"] == ["seat"] or at.query_params["view"] == "seat"


def test_kitty_toggle_reveals_it_for_review(annotated_text: str) -> None:
    at = open_text(annotated_text)
    at.radio(key="mode").set_value("seat").run()
    rp = replay(parse(annotated_text).hands[0])
    holder = view.kitty_holder(rp.states, len(rp.states) - 1)
    at.selectbox(key="seat").set_value(1 if holder != 1 else 2).run()
    at.slider(key="step_slider").set_value(10).run()
    assert "face down" in table_info(at)
    at.toggle(key="show_kitty").set_value(True).run()
    assert "face down" not in table_info(at)


def test_language_switch_to_chinese(annotated_text: str) -> None:
    at = open_text(annotated_text)
    at.radio(key="lang").set_value("zh").run()
    assert not at.exception
    assert at.button(key="nav_next").label.startswith("下一步")
    assert "主" in table_info(at) and "号位" in table(at)
    assert at.query_params["lang"] in ("zh", ["zh"])
    at.button(key="nav_next_trick").click().run()
    assert "轮" in " ".join(c.value for c in at.caption)


def test_teaching_mode_asks_then_reveals(annotated_text: str) -> None:
    at = open_text(annotated_text)
    rp = replay(parse(annotated_text).hands[0])
    play_state = next(s for s in rp.states if s.kind is StepKind.PLAY)
    seat = play_state.event.seat
    at.toggle(key="teach").set_value(True).run()
    at.selectbox(key="seat").set_value(seat).run()
    at.slider(key="step_slider").set_value(play_state.step - 1).run()
    html = table(at)
    shown = [
        p[0] for p in html.split('data-seat="')[1:] if "card back" not in p.split("sj-centre")[0]
    ]
    assert shown == [str(seat)]
    assert any("What would you play?" in s.value for s in at.subheader)
    # the log does not show what follows
    log_keys = [b.key for b in at.button if b.key and b.key.startswith("log_")]
    assert len(log_keys) < len(view.log_entries(rp))
    assert "Click your card on the table" in " ".join(c.value for c in at.caption)
    table_clicks.play(at, list(play_state.event.cards))  # clicked on the table: revealed
    messages = " ".join(s.value for s in at.success)
    assert "Played:" in messages and "Same as the game." in messages
    assert "The lead sets the tone." in " ".join(m.value for m in at.markdown)


def test_annotate_then_download_reparses_to_the_record_plus_the_edit(annotated_text: str) -> None:
    at = open_text(annotated_text, "lesson.psn")
    rp = replay(parse(annotated_text).hands[0])
    target_state = [s for s in rp.states if s.kind is StepKind.PLAY][13]
    target = target_of(rp.hand, target_state)
    assert target is not None and annotation(rp.hand, target).empty
    at.slider(key="step_slider").set_value(target_state.step).run()
    at.text_area(key="note_text_en").set_value("Should keep the pair {not}").run()
    at.button(key="note_save").click().run()
    assert any("'}'" in e.value for e in at.error)  # refused, and said why
    at.text_area(key="note_text_en").set_value("Should keep the pair.").run()
    at.selectbox(key="note_glyph").set_value(2).run()
    at.toggle(key="note_more").set_value(True).run()  # marks by number: when asked for
    at.text_input(key="note_nags").set_value("$14 32").run()
    at.button(key="note_save").click().run()
    assert not at.exception
    assert any("Saved" in s.value for s in at.success)
    assert step(at) == target_state.step
    downloaded = at.session_state["text"]
    button = at.get("download_button")[0]
    expected_id = _calculate_file_id(downloaded.encode("utf-8"), "text/plain", "lesson.psn")
    assert expected_id in button.proto.url  # the button serves exactly this text
    before, after = parse(annotated_text).hands[0], parse(downloaded).hands[0]
    note = annotation(after, target)
    assert [c.text for c in note.comments] == ["Should keep the pair."] and note.nags == (2, 14, 32)
    # everything else is as it was
    assert set_annotation(before, target, ("Should keep the pair.",), (2, 14, 32)) == after
    # and deleting takes it away again
    at.button(key="note_delete").click().run()
    assert parse(at.session_state["text"]).hands[0] == before


def test_annotate_the_opening_comment(annotated_text: str) -> None:
    at = open_text(annotated_text)
    assert at.text_area(key="note_text_en").value == "A whole hand played by the library's bots."
    at.text_area(key="note_text_en").set_value("A new opening.\n\nTwo comments.").run()
    at.button(key="note_save").click().run()
    hand = parse(at.session_state["text"]).hands[0]
    assert [c.text for c in hand.comments] == ["A new opening.", "Two comments."]


def test_step_through_a_variation_and_back(annotated_text: str) -> None:
    at = open_text(annotated_text)
    rp = replay(parse(annotated_text).hands[0])
    node = parse(annotated_text).hands[0].tricks[2].plays[1]
    branch = next(s.step for s in rp.states if s.event == node and s.kind is StepKind.PLAY)
    at.slider(key="step_slider").set_value(branch).run()
    assert any("Variation 1" in m.value for m in at.markdown)
    var_button = next(b for b in at.button if b.key and b.key.startswith("var_"))
    var_button.click().run()
    assert at.session_state["line"] == [(branch, 0)]
    assert any("In a variation" in i.value and "instead" not in i.value for i in at.info)
    spliced = edit.splice_variation(rp.hand, rp.hand.tricks[2].plays[1], 0)
    label = view.step_label("en", replay(spliced).states[branch])
    assert any(label in i.value for i in at.info)
    assert step(at) == branch  # the alternative play, in place of the recorded one
    alternative = node.variations[0].events[0].plays[0]
    assert "instead" in " ".join(m.value for m in at.markdown)
    played = table(at).split('class="sj-centre"')[1]
    lead = parse(annotated_text).hands[0].tricks[2].plays[0]
    assert played.count('<span class="card') == len(lead.cards) + len(alternative.cards)
    assert all(card_name("en", c) in played for c in alternative.cards)
    at.button(key="nav_next").click().run()
    assert step(at) == branch + 1 and not at.exception
    at.button(key="back_main").click().run()
    assert at.session_state["line"] == [] and step(at) == branch


def test_a_variation_line_the_file_does_not_hold_is_said_and_the_hand_shown() -> None:
    # A line entered in the session that the file does not hold (a stale session): said,
    # and the hand's own line shown; the charts once replayed the line again and failed.
    at = start()
    at.session_state["line"] = [(0, 5)]
    at.run()
    assert not at.exception
    assert any("no such variation" in e.value for e in at.error)
    assert at.session_state["line"] == []
    table(at)
    assert len(at.get("plotly_chart")) >= 2


def test_annotate_a_play_inside_a_variation(annotated_text: str) -> None:
    # A coach comments on the alternative itself: the comment is written inside the
    # variation's brackets, and the main line is left as it was.
    at = open_text(annotated_text)
    before = parse(annotated_text).hands[0]
    rp = replay(before)
    node = before.tricks[2].plays[1]
    branch = next(s.step for s in rp.states if s.event == node and s.kind is StepKind.PLAY)
    at.slider(key="step_slider").set_value(branch).run()
    next(b for b in at.button if b.key and b.key.startswith("var_")).click().run()
    assert at.session_state["line"] == [(branch, 0)]
    alternative = node.variations[0].events[0].plays[0]
    shown = "\n\n".join(c.text for c in alternative.comments)
    assert shown and at.text_area(key="note_text_en").value == shown  # the alternative's own
    at.text_area(key="note_text_en").set_value("Better: keep the pair.").run()
    at.selectbox(key="note_glyph").set_value(1).run()
    at.button(key="note_save").click().run()
    assert not at.exception and any("Saved" in s.value for s in at.success)
    assert at.session_state["line"] == [(branch, 0)] and step(at) == branch  # still there
    after = parse(at.session_state["text"]).hands[0]
    alternative = after.tricks[2].plays[1].variations[0].events[0].plays[0]
    assert [c.text for c in alternative.comments] == ["Better: keep the pair."]
    assert alternative.nags == (1,)
    assert "Better: keep the pair." in at.text_area(key="note_text_en").value  # shown again
    # Nothing else changed: the same edit made on the model gives the same hand.
    spliced = edit.splice_variation(before, node, 0)
    target = target_of(spliced, replay(spliced).states[branch])
    assert target is not None
    expected = set_annotation(spliced, target, ("Better: keep the pair.",), (1,), into=before)
    assert expected == after
    # The step after the line's plays (it stops inside its first trick, which nobody has
    # won yet: the line's end) is not written as such: nothing to annotate there.
    trick_end = next(
        s.step
        for s in replay(spliced).states
        if s.kind in (StepKind.TRICK, StepKind.END) and s.step > branch
    )
    at.slider(key="step_slider").set_value(trick_end).run()
    assert any("Nothing to annotate" in c.value for c in at.caption)


def test_add_a_variation_then_enter_it_and_see_it_checked(annotated_text: str) -> None:
    # A coach types an alternative to the play at this step; it is written as a variation
    # of that play, and entering it replays and checks it like the record.
    at = open_text(annotated_text)
    hand = parse(annotated_text).hands[0]
    rp = replay(hand)
    target_state = [s for s in rp.states if s.kind is StepKind.PLAY][5]
    target = target_of(hand, target_state)
    assert target is not None
    play = hand.tricks[target.index].plays[target.play]
    at.slider(key="step_slider").set_value(target_state.step).run()
    at.toggle(key="line_typed").set_value(True).run()  # typed, not clicked on the table
    at.text_input(key="new_line").set_value(f"{play.seat}: SQQ").run()
    at.button(key="line_add").click().run()
    assert any("unknown card 'SQQ'" in e.value for e in at.error)  # said where, not saved
    assert any("^^^" in c.value for c in at.code)
    assert at.session_state["text"] == annotated_text
    held = replay(hand).states[target_state.step - 1].hand(play.seat)
    stranger = next(c for c in ("SA", "HA", "CA", "DA", "BJ") if all(str(h) != c for h in held))
    alternative = f"{play.seat}: {stranger}"
    at.text_input(key="new_line").set_value(alternative).run()
    at.button(key="line_add").click().run()
    assert not at.exception and any("Variation added" in s.value for s in at.success)
    after = parse(at.session_state["text"]).hands[0]
    added = after.tricks[target.index].plays[target.play].variations[-1]
    assert added.events[0].plays[0].cards[0].__str__() == stranger
    assert at.text_input(key="new_line").value == ""
    # Entering it replays the alternative: a card the seat does not hold is a finding.
    n = len(play.variations)
    button = next(
        b for b in at.button if b.key and b.key.startswith("var_") and b.key.endswith(f"_{n}")
    )
    button.click().run()
    assert at.session_state["line"] == [(target_state.step, n)]
    assert any("not in its hand" in m.value for m in at.markdown)


def test_url_keeps_the_moment_and_opens_it() -> None:
    at = start()
    at.button(key="nav_next").click().run()
    at.button(key="nav_next").click().run()
    query = {k: (v[0] if isinstance(v, list) else v) for k, v in at.query_params.items()}
    assert query["step"] == "2" and query["hand"] == "1"
    again = start(**query)
    assert step(again) == 2 and again.session_state["loaded"] == at.session_state["loaded"]


def test_a_link_made_in_a_variation_reopens_in_it_at_its_step() -> None:
    name = "teaching/20-alternative-lines.psn"
    hand = parse((examples_dir() / name).read_text(encoding="utf-8")).hands[0]
    rp = replay(hand)
    branch = next(
        s.step for s in rp.states if s.kind is StepKind.PLAY and getattr(s.event, "variations", ())
    )
    at = start(ex=name)
    at.slider(key="step_slider").set_value(branch).run()
    next(b for b in at.button if b.key and b.key.startswith("var_")).click().run()
    at.button(key="nav_next").click().run()
    assert at.session_state["line"] == [(branch, 0)] and step(at) == branch + 1
    query = {k: (v[0] if isinstance(v, list) else v) for k, v in at.query_params.items()}
    assert query["line"] == f"{branch}.0" and query["step"] == str(branch + 1)
    again = start(**query)
    assert again.session_state["line"] == [(branch, 0)] and step(again) == branch + 1
    assert any("In a variation" in i.value for i in again.info)


def test_an_upload_and_its_edits_reopen_from_the_url(annotated_text: str) -> None:
    # A reload (or the link) opens the uploaded file again, with the edits made since.
    at = open_text(annotated_text, "lesson.psn")
    query = {k: (v[0] if isinstance(v, list) else v) for k, v in at.query_params.items()}
    assert len(query["up"]) == 32 and "ex" not in query and "file" not in query
    at.text_area(key="note_text_en").set_value("Kept across a reload.").run()
    at.button(key="note_save").click().run()
    again = start(up=query["up"], hand="1", step="0")
    assert again.session_state["name"] == "lesson.psn"
    assert again.session_state["text"] == at.session_state["text"] != annotated_text
    assert "Kept across a reload." in again.session_state["text"]
    assert again.session_state["edits"] == 1  # still not downloaded: the notice stays
    for bad in ("0" * 32, "../../etc/passwd"):
        gone = start(up=bad)
        assert any("no longer kept" in e.value for e in gone.main.error)
        assert gone.session_state["text"] is None  # and no other file in its place


def shows_no_hand(at: AppTest, said: str) -> None:
    """The page says ``said`` where the hand would be (a path in it as written, its marks
    escaped), and shows no hand at all."""
    assert not at.exception
    said = view.literal(said)
    assert any(said in e.value for e in at.main.error), [e.value for e in at.main.error]
    assert at.session_state["text"] is None and at.session_state["loaded"] is None
    assert not [e for e in at.get("bidi_component") if e.proto.component_name == "shengji_table"]


def test_a_missing_file_on_the_command_line_opens_no_other_file(tmp_path: Path) -> None:
    import sys

    missing = tmp_path / "NO" / "SUCH.psn"
    at = AppTest.from_file(APP, default_timeout=60)
    saved = sys.argv
    sys.argv = ["app.py", str(missing), "--lang=zh"]
    try:
        at.run()
    finally:
        sys.argv = saved
    shows_no_hand(at, f"文件不存在: {missing}")
    at.radio(key="lang").set_value("en").run()  # said again in the page's language
    shows_no_hand(at, f"No such file: {missing}")
    at.radio(key="source").set_value("example").run()  # the user chooses another: shown
    assert not at.exception and not at.main.error and at.session_state["loaded"]
    table(at)


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ({"file": "/no/such/hand.psn"}, "No such file: /no/such/hand.psn"),
        ({"ex": "disputes/no-such.psn"}, "No bundled example disputes/no-such.psn"),
        ({"up": "0" * 32}, "no longer kept on this computer"),
    ],
    ids=["file", "ex", "up"],
)
def test_a_link_naming_a_missing_file_opens_no_other_file(query: dict[str, str], said: str) -> None:
    at = start(**query, hand="2", step="5")
    shows_no_hand(at, said)


def test_a_missing_path_typed_in_the_sidebar_takes_the_shown_hand_away(tmp_path: Path) -> None:
    at = start()  # an example is shown
    table(at)
    at.radio(key="source").set_value("path").run()
    at.text_input(key="path").set_value(str(tmp_path / "typo.psn")).run()
    at.button(key="open_path").click().run()
    shows_no_hand(at, f"No such file: {tmp_path / 'typo.psn'}")
    path = tmp_path / "right.psn"
    path.write_text(samples.match_text(), encoding="utf-8")
    at.text_input(key="path").set_value(str(path)).run()
    at.button(key="open_path").click().run()
    assert not at.main.error and at.session_state["loaded"] == f"path:{path}"
    table(at)


def test_a_txt_record_on_the_command_line_is_opened(tmp_path: Path) -> None:
    import sys

    path = tmp_path / "hand.txt"
    path.write_text(samples.match_text(), encoding="utf-8")
    at = AppTest.from_file(APP, default_timeout=60)
    saved = sys.argv
    sys.argv = ["app.py", str(path)]
    try:
        at.run()
    finally:
        sys.argv = saved
    assert not at.exception and at.session_state["loaded"] == f"path:{path}"


def test_path_from_the_url_opens_that_file(tmp_path: Path) -> None:
    path = tmp_path / "match.psn"
    path.write_text(samples.match_text(), encoding="utf-8")
    at = start(file=str(path), hand="3", step="7")
    assert at.session_state["hand"] == 3 and step(at) == 7
    assert at.session_state["loaded"] == f"path:{path}"


def test_malformed_upload_says_where_and_shows_the_other_hands() -> None:
    text = samples.broken_text()
    line = next(n for n, t in enumerate(text.splitlines(), start=1) if ": XX" in t)
    column = text.splitlines()[line - 1].index("XX") + 1
    at = open_text(text, "broken.psn")
    assert not at.exception
    assert any("could not be read" in w.value for w in at.warning)
    located = " ".join(c.value for c in at.code)
    assert f"broken.psn:{line}:{column}: unknown card 'XX'" in located
    assert "\n" + " " * (column + 1) + "^^\n" in located + "\n"  # under the word XX, as wide
    assert at.session_state["hand"] == 1
    table(at)  # hand 1 is drawn
    at.selectbox(key="hand").set_value(3).run()
    assert not at.exception
    table(at)
    at.selectbox(key="hand").set_value(2).run()
    assert not at.exception
    assert any("Hand 2 could not be read" in e.value for e in at.error)


def test_a_malformed_upload_is_explained_in_chinese() -> None:
    text = samples.broken_text()
    at = open_text(text, "broken.psn")
    at.radio(key="lang").set_value("zh").run()
    located = " ".join(c.value for c in at.code)
    assert "不认识的牌 'XX'" in located and "unknown card" not in located
    at.selectbox(key="hand").set_value(2).run()
    shown = " ".join(c.value for c in at.code)
    assert not at.exception and "不认识的牌 'XX'" in shown and "unknown card" not in shown


def test_upload_of_garbage_is_a_message_not_a_traceback() -> None:
    at = open_text("this is not a record {", "junk.psn")
    assert not at.exception
    assert any("could not be read" in w.value for w in at.warning)
    assert any("junk.psn:1:" in c.value for c in at.code)
    assert any("no readable hand" in e.value for e in at.error)
    at2 = open_text("", "empty.psn")
    assert not at2.exception
    assert any("no readable hand" in e.value for e in at2.error)
    at3 = start()
    at3.radio(key="source").set_value("upload").run()
    at3.file_uploader(key="uploader").upload("binary.psn", b"\xff\xfe\x00garbage", "text/plain")
    at3.run()
    assert not at3.exception
    assert any("binary.psn is not UTF-8 text" in e.value for e in at3.error)


def test_autoplay_advances_one_step_per_tick(annotated_text: str) -> None:
    at = open_text(annotated_text)
    at.toggle(key="autoplay").set_value(True).run()
    assert not at.exception
    at.session_state["autoplay_at"] = 0.0  # as if the last tick was long ago
    at.run()
    assert step(at) == 1
    at.toggle(key="autoplay").set_value(False).run()
    at.session_state["autoplay_at"] = 0.0
    at.run()
    assert step(at) == 1


def test_command_line_file_is_opened(tmp_path: Path) -> None:
    path = tmp_path / "one.psn"
    path.write_text(samples.annotated_text(3), encoding="utf-8")
    chunks = split_hands(path.read_text(encoding="utf-8"))
    assert len(chunks) == 1
    at = AppTest.from_file(APP, default_timeout=60)
    import sys

    saved = sys.argv
    sys.argv = ["app.py", str(path)]
    try:
        at.run()
    finally:
        sys.argv = saved
    assert not at.exception
    assert at.session_state["loaded"] == f"path:{path}"


def test_every_bundled_example_opens_and_plays_to_the_end() -> None:
    from viewer.document import example_files

    files = example_files()
    assert files, "examples/ holds no .psn file (the viewer then shows a simulated hand)"
    at = start()
    for name in files:
        at.selectbox(key="example").set_value(name).run()
        assert not at.exception, name
        assert at.session_state["loaded"] == f"example:{name}"
        chunks = [chunk.text for chunk in split_hands(at.session_state["text"])]
        for number in sorted({1, len(chunks)}):
            if len(chunks) > 1:
                at.selectbox(key="hand").set_value(number).run()
            if not parse(chunks[number - 1]).hands:
                assert any("could not be read" in e.value for e in at.error), (name, number)
                continue
            if not at.button(key="nav_last").disabled:
                at.button(key="nav_last").click().run()
            assert not at.exception, (name, number)
            table(at)
            assert "end of the hand" in " ".join(c.value for c in at.caption), (name, number)


def test_open_a_path_typed_in_the_sidebar(tmp_path: Path) -> None:
    path = tmp_path / "typed.psn"
    path.write_text(samples.match_text(), encoding="utf-8")
    at = start()
    at.radio(key="source").set_value("path").run()
    at.text_input(key="path").set_value(str(tmp_path / "missing.psn")).run()
    at.button(key="open_path").click().run()
    assert not at.exception
    assert any("No such file" in e.value for e in at.error)
    at.text_input(key="path").set_value(str(path)).run()
    at.button(key="open_path").click().run()
    assert at.session_state["loaded"] == f"path:{path}"
    assert at.session_state["name"] == "typed.psn" and len(at.selectbox(key="hand").options) == 3


def test_finding_labels_follow_the_language() -> None:
    at = open_text(samples.revoke_text())
    at.radio(key="lang").set_value("zh").run()
    text = " ".join(m.value for m in at.markdown)
    assert "出了手里没有的牌" in text and "错误" in text
    at.radio(key="lang").set_value("en").run()
    assert "a card the player did not hold" in " ".join(m.value for m in at.markdown)


def test_finding_messages_and_penalties_follow_the_language() -> None:
    """The findings panel says the finding itself in Chinese, not only its title."""
    broken = samples.revoke_text()
    finding = replay(parse(broken).hands[0]).findings[0]
    at = open_text(broken)
    at.radio(key="lang").set_value("zh").run()
    text = " ".join(m.value for m in at.markdown)
    assert finding.message_in("zh") in text and finding.message not in text
    if finding.penalty:
        assert str(finding.penalty_in("zh")) in text
    at.radio(key="lang").set_value("en").run()
    assert finding.message in " ".join(m.value for m in at.markdown)


def test_marks_that_are_not_numbers_are_refused(annotated_text: str) -> None:
    at = open_text(annotated_text)
    at.button(key="jump_next_note").click().run()  # the lead of trick 1 takes marks
    at.toggle(key="note_more").set_value(True).run()
    at.text_input(key="note_nags").set_value("fourteen").run()
    at.button(key="note_save").click().run()
    assert any("Marks are numbers" in e.value for e in at.error)
    assert at.session_state["text"] == annotated_text and at.session_state["edits"] == 0


def test_an_annotated_example_reopens_with_its_edits_after_a_reload() -> None:
    at = start()
    loaded = at.session_state["loaded"]
    assert "ex" in at.query_params and "up" not in at.query_params  # not edited: the example
    at.text_area(key="note_text_en").set_value("A note on the example.").run()
    at.button(key="note_save").click().run()
    query = {k: (v[0] if isinstance(v, list) else v) for k, v in at.query_params.items()}
    assert "up" in query and "ex" not in query
    again = start(**query)
    assert "A note on the example." in again.session_state["text"]
    assert again.session_state["name"] == at.session_state["name"] and loaded.startswith("example:")


def test_each_edited_file_keeps_its_own_draft() -> None:
    at = start()
    at.text_area(key="note_text_en").set_value("Note on the first.").run()
    at.button(key="note_save").click().run()
    first = query_of(at)["up"]
    examples = at.selectbox(key="example").options
    at.selectbox(key="example").set_value(examples[1]).run()
    assert "up" not in at.query_params  # another file: no draft of its own yet
    at.text_area(key="note_text_en").set_value("Note on the second.").run()
    at.button(key="note_save").click().run()
    second = query_of(at)["up"]
    assert second != first
    assert "Note on the first." in start(up=first).session_state["text"]
    assert "Note on the second." in start(up=second).session_state["text"]


def test_handout_and_table_picture_buttons_are_offered_for_the_hand_and_step() -> None:
    at = start()
    at.slider(key="step_slider").set_value(5).run()
    assert not at.exception
    buttons = {b.proto.label: b for b in at.get("download_button")}
    assert "Handout (HTML, print on A4)" in buttons
    assert "Picture of the table (PNG)" in buttons


MATCH = Path(__file__).resolve().parent.parent / "examples" / "matches" / "match-a-full-match.psn"


def test_points_chip_and_graph_count_failed_throw_penalties() -> None:
    """Hand 1 of the full match ends with the defenders' cards at 65 and two failed
    throws worth +20 to them: the chip and the graph's last point say the result's 85."""
    at = start(file=str(MATCH), hand="1", step="1000")
    assert "defenders 85" in at.caption[0].value.lower()
    info = table_info(at)
    assert "(Defenders): 85 <small>(65 · penalties +20)</small>" in info
    figure = json.loads(at.get("plotly_chart")[0].proto.spec)
    assert figure["data"][0]["y"][-1] == 85
    names = ["Defenders", "failed-throw penalty", "this step"]
    assert [t["name"] for t in figure["data"]] == names
    assert figure["layout"]["xaxis"]["range"] == [0, 19.5]
    at.radio(key="lang").set_value("zh").run()
    assert "85 <small>(65 · 罚分 +20)</small>" in table_info(at)
    figure = json.loads(at.get("plotly_chart")[0].proto.spec)
    assert figure["data"][1]["name"] == "甩牌失败罚分"
    # at trick 4's lead seat 4's throw has failed: 25 from cards, 10 taken away
    at.slider(key="step_slider").set_value(20).run()
    assert "(Defenders)" not in table_info(at)  # in Chinese now
    assert "15 <small>(25 · 罚分 -10)</small>" in table_info(at)


def _shown_value(widget) -> str | None:  # type: ignore[no-untyped-def]
    """What the browser shows as chosen: the value it keeps (a label), unless the page
    sets a new one."""
    proto = widget.proto
    return proto.raw_value if proto.set_value else None


def test_switching_language_keeps_every_choice_and_relabels_it(tmp_path: Path) -> None:
    """A browser keeps a radio's or a select box's choice as its label: when the labels
    change language the page must send the new label, or the choice shows as none."""
    path = tmp_path / "match.psn"
    path.write_text(samples.match_text(), encoding="utf-8")
    at = start(file=str(path), hand="2")
    at.radio(key="mode").set_value("seat").run()
    at.selectbox(key="seat").set_value(3).run()
    at.radio(key="lang").set_value("zh").run()
    assert not at.exception
    for widget, value in (
        (at.radio(key="source"), "本机路径"),
        (at.radio(key="mode"), "单家视角"),
        (at.selectbox(key="seat"), "3 号位"),
        (at.selectbox(key="hand"), at.selectbox(key="hand").options[1]),
    ):
        assert value in widget.options, widget.options
        assert _shown_value(widget) == value, widget.key
    assert at.selectbox(key="hand").options[1].startswith("第 2 局")
    assert at.session_state["source"] == "path" and at.session_state["mode"] == "seat"
    assert at.session_state["seat"] == 3 and at.session_state["hand"] == 2
    at.radio(key="lang").set_value("en").run()
    assert _shown_value(at.selectbox(key="seat")) == "Seat 3"
    assert _shown_value(at.radio(key="source")) == "A path on this computer"


def test_a_path_that_is_a_folder_or_not_text_says_what_it_is(tmp_path: Path) -> None:
    folder = tmp_path / "hands.psn"
    folder.mkdir()
    latin1 = tmp_path / "latin1.psn"
    latin1.write_bytes('[Event "Café"]\n'.encode("latin-1"))
    notes = tmp_path / "notes.md"
    notes.write_text("# not a record\n", encoding="utf-8")
    at = start()
    at.radio(key="source").set_value("path").run()
    for path, said in (
        (folder, "is a folder, not a file"),
        (latin1, "is not UTF-8 text (byte 0xe9 at offset 11)"),
        (notes, "is not a .psn or .txt file"),
        (tmp_path / "gone.psn", "No such file"),
    ):
        at.text_input(key="path").set_value(str(path)).run()
        at.button(key="open_path").click().run()
        assert not at.exception
        errors = [e.value for e in at.error]
        assert any(view.literal(str(path)) in e and said in e for e in errors), errors
        assert not any("Error)" in e for e in errors), errors  # no exception class names
    at.radio(key="lang").set_value("zh").run()
    at.text_input(key="path").set_value(str(folder)).run()
    at.button(key="open_path").click().run()
    assert any("是文件夹，不是文件" in e.value for e in at.error)
    assert at.session_state["loaded"] != f"path:{folder}"


def test_an_upload_that_is_not_text_says_where(tmp_path: Path) -> None:
    at = start()
    at.radio(key="source").set_value("upload").run()
    at.file_uploader(key="uploader").upload("latin1.psn", b'[Event "Caf\xe9"]\n', "text/plain")
    at.run()
    assert any("latin1.psn is not UTF-8 text (byte 0xe9 at offset 11)" in e.value for e in at.error)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_comment_in_two_languages_shows_in_the_page_s(lang: str) -> None:
    example = Path(APP).parent.parent / "examples" / "teaching" / "20-alternative-lines.psn"
    at = start(file=str(example), lang=lang)
    at.button(key="jump_next_note").click().run()
    at.button(key="jump_next_note").click().run()  # trick 18: "座位4方块已绝，用♥A毙。"
    shown = " ".join(m.value for m in at.markdown) + " ".join(c.value for c in at.caption)
    assert ("座位4方块已绝" in shown) == (lang == "zh"), shown
    assert ("Seat 4 is void in diamonds" in shown) == (lang == "en"), shown
    assert "[%lang" not in shown


@pytest.mark.parametrize(
    ("lang", "event"), [("zh", "比赛：比赛规则A整场"), ("en", "Match: match-a")]
)
def test_the_hands_are_named_by_their_event_in_the_page_s_language(lang: str, event: str) -> None:
    match = Path(APP).parent.parent / "examples" / "matches" / "match-a-full-match.psn"
    at = start(file=str(match), lang=lang)
    options = at.selectbox(key="hand").options
    assert len(options) == 13 and all(event in o for o in options), options


def _info(at: AppTest) -> str:
    """The HTML of the chips above the table (trump, rank, …, the rule set)."""
    return table_clicks.html(at)


def test_a_hand_without_a_rules_header_shows_which_rule_set_was_assumed() -> None:
    hand = '[Event "Club night"]\n[Trump "H 2"]\n\n1. 1: SA 2: S3 3: S4 4: S5\n'
    at = open_text(hand, "nameless.psn")
    assert "⚠ no Rules header: judged under qq, the default rule set" in _info(at)
    at.button(key="nav_last").click().run()  # the chip stays all hand long
    assert "no Rules header: judged under qq" in _info(at)
    at.radio(key="lang").set_value("zh").run()
    assert "⚠ 没有 Rules 标头：按默认规则 qq 判定" in _info(at)
    assert "Rules header" not in _info(at)
    named = open_text('[Rules "qq"]\n' + hand, "named.psn")
    assert "⚠" not in _info(named) and "QQ Shengji (normal) (qq)" in _info(named)


# ------------------------------------------------------------- Streamlit's own words


def _choice_lists(at: AppTest) -> dict[str, str]:
    """Every select box and multiselect of the page: its key and its placeholder."""
    widgets = [*at.selectbox, *at.multiselect]
    return {str(w.key): w.proto.placeholder for w in widgets}


def test_every_choice_list_has_its_placeholder_in_the_page_s_language(tmp_path: Path) -> None:
    """A select box keeps Streamlit's "Choose an option" in the page (and shows it when
    nothing is chosen) unless the page gives its own: every list of both pages gives the
    page's words, the teaching mode's card list a hint of its own."""
    seen: dict[str, str] = {}
    analysed = "analysis/04-endgame-only-the-solver.psn"
    at = start(lang="zh", ex=analysed)  # the example list, the seat, whose mistakes
    seen |= _choice_lists(at)
    rp = replay(parse(Path(examples_dir(), analysed).read_text(encoding="utf-8")).hands[0])
    play = next(s for s in rp.states if s.kind is StepKind.PLAY)
    at.slider(key="step_slider").set_value(play.step).run()  # a play: its mark's list
    seen |= _choice_lists(at)
    at.toggle(key="teach").set_value(True).run()
    at.selectbox(key="seat").set_value(play.event.seat).run()
    at.slider(key="step_slider").set_value(play.step - 1).run()  # the student's cards
    seen |= _choice_lists(at)
    match = tmp_path / "match.psn"
    match.write_text(samples.match_text(), encoding="utf-8")
    seen |= _choice_lists(start(lang="zh", file=str(match)))  # the hand list
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = "zh"
    at.switch_page("record.py").run()  # the headers' lists, the auction's
    assert not at.exception
    seen |= _choice_lists(at)
    assert {
        *("example", "seat", "an_seat", "note_glyph", "hand"),
        *("rec_rules", "rec_level13", "rec_level24", "rec_dealer"),
        *("rec_bid_kind", "rec_bid_seat", "rec_bid_strain"),
    } <= seen.keys()
    assert set(seen.values()) == {"请选择"}, seen
    # in English, Streamlit's own words
    assert {w.proto.placeholder for w in start(lang="en").selectbox} == {"Choose an option"}


def test_streamlit_s_words_are_put_in_chinese_by_css_on_both_pages_and_only_in_chinese() -> None:
    """Streamlit has no API for its uploader's, its menu's or its text fields' words: the
    Chinese page carries the CSS that draws them in Chinese, on the viewer and on the
    recording page; the English page carries none, and drops it when switched back."""

    def words_css(at: AppTest) -> list[str]:
        return [h.proto.body for h in at.get("html") if "stFileUploaderDropzone" in h.proto.body]

    at = start(lang="zh")
    [css] = words_css(at)
    limit = st.get_option("server.maxUploadSize")
    assert '"上传"' in css and f'"每个文件不超过 {limit} MB · PSN、TXT"' in css
    assert f'"由 Streamlit v{st.__version__} 构建"' in css
    at.radio(key="lang").set_value("en").run()
    assert words_css(at) == []
    assert words_css(start()) == []
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = "zh"
    at.switch_page("record.py").run()
    assert len(words_css(at)) == 1


def test_charts_speak_the_page_s_language_in_plotly_s_own_words_too() -> None:
    """plotly's mode bar (its tooltips, its notices) takes the page's language from the
    chart's config: plotly's zh-CN words on the Chinese page, plotly's own on the
    English one."""
    for lang in ("zh", "en"):
        at = start(lang=lang, ex="analysis/04-endgame-only-the-solver.psn")
        configs = [json.loads(c.proto.config) for c in at.get("plotly_chart")]
        assert len(configs) == 3  # the evaluation graph, then the two charts
        for config in configs:
            if lang == "en":
                assert config == {}
            else:
                assert config["locale"] == "zh-CN"
                words = config["locales"]["zh-CN"]["dictionary"]
                assert words["Download plot as a PNG"] == "下载图表为PNG格式"
                assert words["Reset axes"] == "重置轴"


def _streamlit_bundle() -> str:
    """The JavaScript Streamlit's page is made of (the plotly.js it bundles included)."""
    static = Path(st.__file__).parent / "static" / "static" / "js"
    return "".join(f.read_text(encoding="utf-8") for f in sorted(static.glob("*.js")))


def test_the_words_replaced_are_the_ones_this_streamlit_and_its_plotly_say() -> None:
    """The CSS finds Streamlit's words by the test ids, labels and titles Streamlit gives
    them, plotly's dictionary is keyed by the English of the plotly.js Streamlit bundles:
    a Streamlit that renames one fails here, not silently in front of a Chinese reader.
    What the CSS draws is Chinese."""
    css = render.streamlit_css("zh", upload_mb=5, upload_types=("psn", "txt"), version="1.67.0")
    bundle = _streamlit_bundle()
    for test_id in set(re.findall(r'data-testid="([^"]+)"', css)):
        # "stMainMenuItem-theme-Dark": made of the item's test id and its label (or key)
        stem, last = test_id.split("-")[0], test_id.rsplit("-")[-1]
        assert f"`{stem}" in bundle and (last == stem or f"`{last}`" in bundle), test_id
    for said in re.findall(r'(?:aria-label|data-title)="([^"]+)"', css):
        assert f"`{said}`" in bundle, said
    for key in PLOTLY_ZH:
        assert f"`{key}`" in bundle, key
    drawn = re.findall(r'content:"([^"]*)"', css)
    assert len(drawn) > 25
    for words in drawn:
        assert english_in(words) is None, words
    assert '"每个文件不超过 5 MB · PSN、TXT"' in css


def test_a_records_text_is_shown_as_written_never_as_markup() -> None:
    # A comment is data: Markdown in it must not make the page fetch an image, follow a
    # link, typeset maths or colour text (the page would load http://… on open).
    hostile = "![x](http://example.com/px.png) [link](http://example.com) $x^2$ :red[b] *e*"
    hand = (
        '[Event "x"]\n[Rules "qq"]\n[Trump "H 2"]\n\n'
        f"1. 1: SA {{{hostile}}} ( 1: SK {{{hostile}}} ) 2: S3 3: S4 4: S5\n"
    )
    at = open_text(hand, "hostile.psn")
    at.button(key="jump_next_note").click().run()
    shown = [m.value for m in at.markdown] + [c.value for c in at.caption]
    said = [v for v in shown if "example" in v]
    assert said, shown
    for value in said:
        text = value[value.index("\\") :]  # the record's text, after the page's own marks
        # every mark Markdown could read is escaped: shown as the character itself
        assert not re.search(r"(?<!\\)[\[\]$*]", text), text


@pytest.mark.parametrize(
    ("line", "said"), [([(0, 0)], "没有这个变着"), ([(9999, 0)], "这条变着里没有第 9999 步")]
)
def test_a_variation_line_that_cannot_be_followed_is_said_in_chinese(
    line: list[tuple[int, int]], said: str
) -> None:
    """A line kept from another file (the deal has no variation, the step is gone): the
    page says so in its language and shows the hand itself."""
    from tests.test_messages import english_in

    at = start(lang="zh")
    at.session_state["line"] = line
    at.run()
    assert not at.exception
    shown = [e.value for e in at.error]
    assert any(said in text for text in shown), shown
    assert all(english_in(text) is None for text in shown), shown
    assert at.session_state["line"] == []


@pytest.mark.parametrize(
    "text",
    [
        "not psn at all\n",
        '[Event "x"]\n[Dealer "1"]\n[Trump "H 2"]\n\ndeal\n1: S11 HK\n',
        '[Event "x"]\n[Trump "Q 5"]\n[Levels "2 x"]\n[Dealer "9"]\n[Rules "bridge"]\n',
    ],
    ids=["not psn", "unknown card", "bad headers"],
)
def test_what_the_chinese_page_says_of_a_bad_record_holds_no_english_sentence(
    text: str, tmp_path: Path
) -> None:
    from notation.findings import CATALOGUE

    path = tmp_path / "bad.psn"
    path.write_text(text, encoding="utf-8")
    at = start(lang="zh", file=str(path))
    said = [e.value for kind in ("error", "warning", "info") for e in at.get(kind)]
    said += [c.value.splitlines()[0] for c in at.code]  # the message; then the record's line
    assert said
    for words in said:
        words = words.replace(str(path), " ").replace("bad.psn", " ")
        for code in CATALOGUE:
            words = words.replace(f"({code})", " ")
        assert english_in(words) is None, words


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_comment_form_is_a_field_a_language_never_markup(lang: str) -> None:
    example = Path(APP).parent.parent / "examples" / "teaching" / "20-alternative-lines.psn"
    at = start(file=str(example), lang=lang)
    at.button(key="jump_next_note").click().run()
    at.button(key="jump_next_note").click().run()  # trick 18: "座位4方块已绝，用♥A毙。"
    fields = {key: at.text_area(key=f"note_text_{key}").value for key in ("zh", "en")}
    assert fields["zh"].startswith("座位4方块已绝") and fields["en"].startswith("Seat 4 is void")
    assert not any("[%" in text for text in fields.values())
    # the page's language first
    order = [t.key for t in at.text_area if t.key and t.key.startswith("note_text_")]
    assert order[0] == f"note_text_{lang}"
    at.text_area(key="note_text_zh").set_value("用♥A毙牌。").run()
    at.button(key="note_save").click().run()
    assert not at.exception
    hand = parse(at.session_state["text"]).hands[0]
    comments = view.notes_at(hand, replay(hand).states[step(at)])[-1][1].comments
    words = [c.in_languages()[1] for c in comments]
    assert {"zh": "用♥A毙牌。", "en": fields["en"]} in words


def test_marks_are_said_in_card_players_words_and_numbered_ones_only_when_asked() -> None:
    text = samples.annotated_text()
    at = open_text(text)
    at.radio(key="lang").set_value("zh").run()
    at.button(key="jump_next_note").click().run()  # the lead of trick 1 takes marks
    choices = at.selectbox(key="note_glyph").options
    assert "! (好牌)" in choices and not any("棋" in c for c in choices)
    assert not [t for t in at.text_input if t.key == "note_nags"]  # no $n field unless asked
    at.toggle(key="note_more").set_value(True).run()
    assert "$" not in at.text_input(key="note_nags").label
    at.text_input(key="note_nags").set_value("14").run()
    at.button(key="note_save").click().run()
    assert not at.exception
    shown = " ".join(m.value for m in at.markdown)
    assert "14 号标记" in shown and "$14" not in shown


def test_the_points_graph_marks_the_step_shown_and_follows_it() -> None:
    at = start(file=str(MATCH), hand="1", step="20")
    rp = replay(parse(MATCH.read_text(encoding="utf-8")).hands[0])

    def marked() -> float:
        figure = json.loads(at.get("plotly_chart")[0].proto.spec)
        now = next(t for t in figure["data"] if t["name"] == "this step")
        assert len(set(now["x"])) == 1
        return float(now["x"][0])

    assert marked() == step_x(rp, defenders_series(rp), 20)
    at.button(key="nav_next_trick").click().run()
    assert marked() == step_x(rp, defenders_series(rp), step(at)) > 3


def test_a_coach_s_teaching_link_opens_on_the_question_unanswered() -> None:
    """Teaching mode, the student's seat and the step are in the link: a coach sends
    "what would you play here?", and the link opens on that question, not its answer."""
    example = "teaching/07-ruff-and-over-ruff.psn"
    rp = replay(parse(document.read_example(example)).hands[0])
    asked = next(s for s in rp.states if s.kind is StepKind.PLAY and s.step > 20)
    seat = asked.event.seat  # type: ignore[union-attr]
    at = start(ex=example)
    at.toggle(key="teach").set_value(True).run()
    at.selectbox(key="seat").set_value(seat).run()
    at.slider(key="step_slider").set_value(asked.step - 1).run()
    link = query_of(at)
    assert link["teach"] == "1" and link["seat"] == str(seat)
    assert link["step"] == str(asked.step - 1)
    at.button(key="teach_reveal").click().run()  # the coach looks: the link still asks
    assert query_of(at) == link
    for lang, question in (("en", "What would you play?"), ("zh", "你会出什么")):
        student = start(**{**link, "lang": lang})
        assert student.session_state["teach"] and student.session_state["seat"] == seat
        assert step(student) == asked.step - 1
        assert any(question in s.value for s in student.subheader)
        assert student.session_state["teach_revealed"] is None  # asked, not answered
        assert 'data-card="' in table(student)  # the student's cards to click
    assert "teach" not in query_of(start(ex=example))  # an ordinary link stays one


def test_a_lead_s_cards_held_twice_are_chosen_the_others_play_on_a_click(
    annotated_text: str,
) -> None:
    """The table's rule, as drawn for its script: on a lead, the cards the seat holds two
    of are marked (a click chooses them: they may start a pair or a tractor) and the
    Several cards switch is offered (a throw); every other card plays on its click. A
    follow has no switch: it is sent once it has its cards."""
    rp = replay(parse(annotated_text).hands[0])
    lead = next(
        s
        for s in rp.states
        if s.kind is StepKind.TRICK
        and (nxt := rp.states[s.step + 1]).kind is StepKind.PLAY
        and len(set(s.hand(nxt.event.seat))) < len(s.hand(nxt.event.seat))  # type: ignore[union-attr]
    )
    leader = rp.states[lead.step + 1].event.seat  # type: ignore[union-attr]
    held = lead.hand(leader)
    at = open_text(annotated_text)
    at.slider(key="step_slider").set_value(lead.step).run()
    drawn = table(at)
    marked = re.findall(r'data-card="(\w+)" data-i="\d+" data-pair="1"', drawn)
    singles = re.findall(r'data-card="(\w+)" data-i="\d+" aria-label', drawn)
    assert marked and sorted(marked) == sorted(str(c) for c in held if held.count(c) > 1)
    assert sorted(singles) == sorted(str(c) for c in held if held.count(c) == 1)
    assert 'class="sj-several"' in drawn and "a card clicked is played" in drawn
    at.slider(key="step_slider").set_value(lead.step + 1).run()  # the next seat follows
    assert 'class="sj-several"' not in table(at) and 'data-card="' in table(at)


def test_a_coach_s_variation_is_clicked_on_the_table_and_kept(annotated_text: str) -> None:
    """The annotation form's alternative to a play is clicked, not typed: "Click it on
    the table" goes to the step before the play, the other card clicked there and the
    reply clicked after it make the line, and "Keep this line" writes it in the file."""
    hand = parse(annotated_text).hands[0]
    rp = replay(hand)
    from viewer import analysis_view

    def others(state_step: int, played: object) -> list[object]:
        seat = rp.states[state_step + 1].event.seat  # type: ignore[union-attr]
        return [
            c
            for c in rp.states[state_step].hand(seat)
            if c != played and analysis_view.illegal_play(rp, state_step, [c]) is None  # type: ignore[list-item]
        ]

    target_state = next(
        s
        for s in rp.states
        if s.kind is StepKind.PLAY
        and s.trick  # a follow: one card of the seat's, more than one allowed
        and len(s.event.cards) == 1
        and len(s.trick) < 4
        and others(s.step - 1, s.event.cards[0])
        and s.step + 1 < len(rp.states)
    )
    at = open_text(annotated_text)
    at.slider(key="step_slider").set_value(target_state.step).run()
    assert any("click it on the table" in c.value for c in at.caption)
    assert not [t for t in at.text_input if t.key == "new_line"]  # no PSN to type
    at.button(key="line_on_table").click().run()
    assert step(at) == target_state.step - 1
    [alternative, *_] = others(target_state.step - 1, target_state.event.cards[0])
    table_clicks.play(at, [alternative])  # type: ignore[list-item]
    assert at.session_state["line"] and step(at) == target_state.step
    reply = re.search(r'class="card[^"]*legal[^"]*" data-card="(\w+)"', table(at))
    assert reply is not None
    table_clicks.play(at, [reply[1]])  # the reply goes on with the line
    assert step(at) == target_state.step + 1 and len(at.session_state["line"]) == 1
    at.button(key="an_keep_line").click().run()
    assert not at.exception and at.session_state["edits"] == 1
    kept = parse(at.session_state["text"]).hands[0]
    target = target_of(hand, target_state)
    assert target is not None
    variation = kept.tricks[target.index].plays[target.play].variations[-1]
    plays = [(p.seat, p.cards) for p in variation.events[0].plays]
    assert plays == [
        (target_state.event.seat, (alternative,)),
        (rp.states[target_state.step + 1].event.seat, (Card.parse(reply[1]),)),
    ]
