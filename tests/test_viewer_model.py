"""The viewer's pure modules: view-model, annotations and variations, session keys,
labels, charts and card HTML. No streamlit here (the page has its own tests)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from notation.charts import defenders_series, defenders_svg, level_bands, step_x
from notation.psn import UNKNOWN, PlayNode, parse, parse_hand, split_hands, write
from notation.recorder import Recorder
from notation.replay import HandReplay, StepKind, replay
from notation.rules.cards import Card
from notation.rules.order import Trump
from notation.rules.ruleset import LevelTable, Side
from notation.simulate import simulate_hand
from viewer import charts, edit, i18n, render, samples, session, view
from viewer.document import load_document
from viewer.session import SessionKey

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.fixture(scope="module")
def annotated():  # type: ignore[no-untyped-def]
    return replay(samples.annotated_hand())


def test_seats_sit_counter_clockwise_with_the_viewer_at_the_bottom() -> None:
    assert view.seat_positions(2) == {2: "bottom", 3: "right", 4: "top", 1: "left"}


def test_open_view_shows_every_hand_and_seat_view_only_one(annotated) -> None:  # type: ignore[no-untyped-def]
    step = 10
    open_view = view.table_view(annotated, step, mode="open")
    assert all(s.cards is not None for s in open_view.seats)
    seat_view = view.table_view(annotated, step, mode="seat", viewer=3)
    shown = {s.seat for s in seat_view.seats if s.cards is not None}
    assert shown == {3}
    hidden = next(s for s in seat_view.seats if s.seat == 1)
    assert hidden.count == len(annotated.states[step].hand(1)) > 0


def test_hands_are_sorted_as_a_player_holds_them(annotated) -> None:  # type: ignore[no-untyped-def]
    state0 = annotated.states[5]
    trump = state0.trump
    assert trump is not None
    for seat in view.table_view(annotated, 5).seats:
        cards = [c for c in seat.cards or () if isinstance(c, Card)]
        assert cards == trump.sorted(cards)


def test_the_trick_on_the_table_and_its_winner(annotated) -> None:  # type: ignore[no-untyped-def]
    trick_step = next(s.step for s in annotated.states if s.kind is StepKind.TRICK)
    tv = view.table_view(annotated, trick_step)
    played = [s for s in tv.seats if s.played is not None]
    assert len(played) == 4
    winners = [s.seat for s in tv.seats if s.winning]
    assert winners == [annotated.states[trick_step].winning]


def test_kitty_is_face_down_for_others_until_the_end(annotated) -> None:  # type: ignore[no-untyped-def]
    holder = view.kitty_holder(annotated.states, len(annotated.states) - 1)
    assert holder is not None
    other = 1 if holder != 1 else 2
    mid = 20
    assert view.table_view(annotated, mid, mode="seat", viewer=other).kitty is None
    assert view.table_view(annotated, mid, mode="seat", viewer=holder).kitty is not None
    assert view.table_view(annotated, mid, mode="seat", viewer=other, reveal_kitty=True).kitty
    last = len(annotated.states) - 1
    assert view.table_view(annotated, last, mode="seat", viewer=other).kitty is not None
    # open hands show every hand, but the kitty only when the rules turn it over
    assert view.table_view(annotated, mid, mode="open", viewer=holder).kitty is None
    assert view.table_view(annotated, last, mode="open").kitty is not None
    assert view.table_view(annotated, mid, mode="open", reveal_kitty=True).kitty is not None
    # teaching hides it from a student who did not pick it up, even at review
    teach = view.table_view(annotated, mid, mode="teach", viewer=other, reveal_kitty=True)
    assert teach.kitty is None


def test_log_has_auction_each_trick_and_the_end(annotated) -> None:  # type: ignore[no-untyped-def]
    entries = view.log_entries(annotated, "en")
    tricks = [e for e in entries if e.kind is StepKind.TRICK]
    assert len(tricks) == len(annotated.hand.tricks)
    assert entries[0].kind is StepKind.START and entries[-1].kind is StepKind.END
    assert "wins" in tricks[0].text and "points" in tricks[0].text
    assert tricks[0].plays.count(":") == 4
    assert any(e.annotated for e in tricks[:3])
    zh = view.log_entries(annotated, "zh")
    assert "轮" in zh[[e.kind for e in zh].index(StepKind.TRICK)].text


def test_log_up_to_a_step_hides_what_follows(annotated) -> None:  # type: ignore[no-untyped-def]
    entries = view.log_entries(annotated, "en", upto=6)
    assert all(e.first <= 6 for e in entries)
    assert view.entry_at(entries, 6) == len(entries) - 1


def test_jumps_to_tricks_findings_and_annotations(annotated) -> None:  # type: ignore[no-untyped-def]
    tricks = view.trick_steps(annotated)
    assert view.next_step(tricks, 0, True) == tricks[0]
    assert view.next_step(tricks, tricks[1], False) == tricks[0]
    notes = view.annotation_steps(annotated)
    assert notes[0] == 0  # the opening comment
    lead = next(s.step for s in annotated.states if s.kind is StepKind.PLAY)
    assert lead in notes
    assert view.finding_steps([]) == []


def test_finding_steps_come_from_the_replay() -> None:
    rp = replay(parse_hand(samples.revoke_text()))
    steps = view.finding_steps(rp.findings)
    assert steps and all(0 <= s < len(rp.states) for s in steps)
    assert any(rp.states[s].findings for s in steps)
    assert any(f.code == "not-held" and f.trick == 1 for f in rp.findings)


def test_trick_points_add_up_to_the_team_totals(annotated) -> None:  # type: ignore[no-untyped-def]
    rows = view.trick_points(annotated)
    final = annotated.states[-1].points
    assert sum(r.points[0] for r in rows) == final[0]
    assert sum(r.points[1] for r in rows) == final[1]
    assert rows[-1].defenders_total == annotated.computed.card_points


def test_teaching_question_is_the_students_next_play(annotated) -> None:  # type: ignore[no-untyped-def]
    play_state = next(s for s in annotated.states if s.kind is StepKind.PLAY)
    play = play_state.event
    assert isinstance(play, PlayNode)
    assert view.question_at(annotated, play_state.step - 1, play.seat) is play
    assert view.question_at(annotated, play_state.step - 1, play.seat % 4 + 1) is None
    assert view.same_cards([str(c) for c in reversed(play.cards)], play)
    assert not view.same_cards(["BJ"], play)


# ---------------------------------------------------------------------------- edits


def test_set_annotation_adds_comment_and_glyph_and_round_trips() -> None:
    hand = samples.annotated_hand()
    target = edit.Target("play", 4, 2)
    new = edit.set_annotation(hand, target, ("a coach's note",), (4, 146))
    text = write(new)
    assert "?? $146 {a coach's note}" in text
    again = parse_hand(text)
    assert again == new
    note = edit.annotation(again, target)
    assert [c.text for c in note.comments] == ["a coach's note"]
    assert note.nags == (4, 146)


def test_deleting_an_annotation_leaves_the_rest_alone() -> None:
    hand = samples.annotated_hand()
    target = edit.Target("play", 0, 0)
    cleared = edit.set_annotation(hand, target, ())
    assert edit.annotation(cleared, target).empty
    assert cleared.tricks[1:] == hand.tricks[1:]


def test_comment_with_closing_brace_is_refused() -> None:
    with pytest.raises(ValueError):
        edit.set_annotation(samples.annotated_hand(), edit.Target("hand"), ("a } b",))


def test_target_of_each_step_kind(annotated) -> None:  # type: ignore[no-untyped-def]
    kinds = {}
    for s in annotated.states:
        t = edit.target_of(annotated.hand, s)
        assert t is not None
        kinds.setdefault(s.kind, t.kind)
    assert kinds[StepKind.START] == "hand"
    assert kinds[StepKind.BID] == "auction"
    assert kinds[StepKind.KITTY] == "auction"
    assert kinds[StepKind.PLAY] == "play"
    assert kinds[StepKind.TRICK] == "trick"
    assert kinds[StepKind.END] == "result"


def test_replace_hand_keeps_other_hands_and_broken_ones_verbatim() -> None:
    text = samples.broken_text()
    doc = load_document(text, "b.psn")
    third = doc.entry(3)
    assert third is not None and third.hand is not None
    new = edit.set_annotation(third.hand, edit.Target("hand"), ("edited",))
    out = edit.replace_hand(text, 3, new)
    chunks = [chunk.text for chunk in split_hands(text)]
    assert out.startswith(chunks[0] + chunks[1])  # the broken second hand too
    record = parse(out)
    before = parse(text)
    assert len(record.errors) == 1
    assert record.hands[0] == before.hands[0]
    assert record.hands[1] == new


def test_opening_remarks_are_kept_but_are_no_hand_of_the_document() -> None:
    hand_text = samples.broken_text().split("\n\n[")[0] + "\n"
    text = "{ remarks on the session }\n\n" + hand_text
    doc = load_document(text, "r.psn")
    assert [e.number for e in doc.entries] == [1]  # the remarks are no hand: hand 1 follows
    entry = doc.entry(1)
    assert entry is not None and entry.hand is not None and entry.text == hand_text
    new = edit.set_annotation(entry.hand, edit.Target("hand"), ("edited",))
    edited = edit.replace_hand(text, 1, new)
    assert edited.startswith("{ remarks on the session }") and "edited" in edited
    with pytest.raises(ValueError):
        edit.replace_hand(text, 0, new)  # the remarks are no hand to rewrite


def test_splice_a_play_variation_and_replay_it(annotated) -> None:  # type: ignore[no-untyped-def]
    hand = annotated.hand
    node = hand.tricks[2].plays[1]
    spliced = edit.splice_variation(hand, node, 0)
    assert spliced.tricks[:2] == hand.tricks[:2]
    assert spliced.tricks[2].plays[0] == hand.tricks[2].plays[0]
    assert spliced.tricks[2].plays[1].cards == node.variations[0].events[0].plays[0].cards
    assert len(spliced.tricks) == 3 and spliced.result is None
    rp = replay(spliced)
    assert any(s.event is spliced.tricks[2].plays[1] for s in rp.states)
    with pytest.raises(ValueError):
        edit.splice_variation(hand, node, 1)


def test_splice_a_bid_variation() -> None:
    text = (
        '[Event "v"]\n[Levels "2 2"]\n\n'
        "declare 2: H2 @12 (declare 4: C2 @14 {if 4 had declared first})\n"
        "1. 2: HA 3: H3 4: H4 1: H5\n"
    )
    hand = parse_hand(text)
    spliced = edit.splice_variation(hand, hand.auction[0], 0)
    assert len(spliced.auction) == 1 and spliced.auction[0].seat == 4  # type: ignore[union-attr]
    assert spliced.tricks == ()


def test_edits_keep_the_hand_held_after_the_pick_up_and_the_recorded_winners() -> None:
    # A record converted from another program's log: the dealer's hand after the pick-up
    # on its bury line, and who won each trick. Annotating it in the viewer and saving
    # the file keeps both.
    text = (
        '[Event "log"]\n\n'
        "declare 1: H2\n"
        "bury 1: S3 from S3 SA H2\n"
        "1. 1: SA 2: S4 3: S5 4: S6 won by 1\n"
        "2. 1: H2 2: H3 won by 1\n"
    )
    hand = parse_hand(text)
    new = edit.set_annotation(hand, edit.Target("auction", 1), ("kept the ace",), (1,))
    new = edit.set_annotation(new, edit.Target("play", 0, 3), ("last",), (2,))
    new = edit.set_annotation(new, edit.Target("trick", 1), ("before the lead",))
    new = edit.add_variation(new, edit.Target("play", 0, 3), "4: S7")
    new = edit.add_variation(new, edit.Target("auction", 1), "bury 1: SA from S3 SA H2")
    saved = parse_hand(edit.replace_hand(text, 1, new))
    assert saved == new
    bury = saved.auction[1]
    assert bury.held == parse_hand(text).auction[1].held  # type: ignore[union-attr]
    assert bury.variations[0].events[0].held is not None  # type: ignore[union-attr]
    assert [t.winner for t in saved.tricks] == [1, 1]
    assert "4: S6? {last} (1. 4: S7) won by 1" in edit.replace_hand(text, 1, new)


# ---------------------------------------------------------------------------- state, labels


def test_session_defaults_are_initialised_once() -> None:
    values: dict[str, object] = {SessionKey.STEP: 7}
    session.init(values)
    assert values[SessionKey.STEP] == 7
    assert set(session.DEFAULTS) <= set(values)
    assert (
        values[SessionKey.LINE] == []
        and values[SessionKey.LINE] is not session.DEFAULTS[SessionKey.LINE]
    )


def test_query_round_trip() -> None:
    values = {SessionKey.LOADED: "example:teach/a.psn", SessionKey.HAND: 2, SessionKey.STEP: 14}
    values |= {SessionKey.LANG: "zh", SessionKey.MODE: "seat", SessionKey.SEAT: 3}
    query = session.to_query(values)
    assert query == {"ex": "teach/a.psn", "hand": "2", "step": "14", "lang": "zh", "view": "seat",
                     "seat": "3"}  # fmt: skip
    back = session.from_query(query)
    assert back[SessionKey.EXAMPLE] == "teach/a.psn" and back[SessionKey.STEP] == 14
    assert back[SessionKey.MODE] == "seat" and back[SessionKey.SEAT] == 3
    assert session.from_query({"step": "-3", "hand": "x"}) == {}


def test_a_link_made_in_a_variation_keeps_the_line_and_the_step_in_it() -> None:
    values = {SessionKey.LOADED: "example:a.psn", SessionKey.STEP: 3, SessionKey.LINE: [(9, 0)]}
    query = session.to_query(values)
    assert (query["step"], query["line"]) == ("3", "9.0")
    back = session.from_query(query)
    assert back[SessionKey.LINE] == [(9, 0)] and back[SessionKey.STEP] == 3
    nested = {**values, SessionKey.LINE: [(9, 0), (12, 2)], SessionKey.STEP: 14}
    assert session.from_query(session.to_query(nested))[SessionKey.LINE] == [(9, 0), (12, 2)]


def test_a_line_explored_on_the_table_links_to_where_it_branches_off() -> None:
    # the explored line is not in the file the link opens: the link names the branch point
    values = {SessionKey.LOADED: "example:a.psn", SessionKey.STEP: 3, SessionKey.LINE: [(9, 0)]}
    query = session.to_query({**values, SessionKey.AN_EXPLORED: "the file as it was"})
    assert query["step"] == "9" and "line" not in query


@pytest.mark.parametrize(
    "line",
    ["x", "9", "9.", ".0", "9.0,", "9.-1", "9.0;1.1", ",".join(["1.0"] * 40), "9" * 9 + ".0"],
)
def test_a_line_in_a_link_that_does_not_read_is_left_out(line: str) -> None:
    assert SessionKey.LINE not in session.from_query({"line": line, "step": "3"})


def test_every_label_and_finding_code_exists_in_both_languages() -> None:
    assert i18n.missing_labels() == []
    assert i18n.tr("zh", "trump") == "主" and i18n.tr("en", "trump") == "Trump"
    assert i18n.kind_label("zh", "counter") == "反主"
    assert i18n.glyph_label("en", 4) == "?? (blunder)" and i18n.glyph_label("zh", 14) == "14 号标记"
    assert i18n.tr("en", "log_trick", n=3, seat=2, points=15) == "Trick 3: seat 2 wins, 15 points"


# ---------------------------------------------------------------------------- charts, html


def test_level_bands_follow_the_rule_set_table() -> None:
    bands = level_bands(LevelTable.named("forty"), 170)
    assert [(b.low, b.side, b.levels) for b in bands[:5]] == [
        (0, Side.DEALER, 3),
        (5, Side.DEALER, 2),
        (40, Side.DEALER, 1),
        (80, Side.DEFENDERS, 0),
        (120, Side.DEFENDERS, 1),
    ]
    assert bands[-1].high > 170
    assert bands[3].label("en") == "defenders +0" and bands[0].label("zh") == "庄家升 3 级"


def test_defenders_chart_has_bands_points_with_steps_and_the_kitty(annotated) -> None:  # type: ignore[no-untyped-def]
    rows = view.trick_points(annotated)
    fig = charts.defenders_figure(annotated, defenders_series(annotated), "en")
    line = fig.data[0]
    assert list(line.customdata)[: len(rows) + 1] == [0] + [r.step for r in rows]
    assert len(fig.layout.shapes) >= 6
    labels = [a.text for a in fig.layout.annotations]
    assert "defenders +0" in labels and "dealer +1" in labels


def test_kitty_bonus_point_when_the_defenders_take_the_last_trick() -> None:
    for seed in range(1, 40):
        rp = replay(samples.annotated_hand(seed))
        if rp.computed.multiplier:
            break
    else:
        pytest.fail("no simulated hand where the defenders took the last trick")
    fig = charts.defenders_figure(rp, defenders_series(rp), "en")
    kitty = fig.data[-1]
    assert list(kitty.y) == [rp.computed.points]
    assert list(kitty.customdata) == [len(rp.states) - 1]
    assert "Kitty" in kitty.text[0] and "×" in kitty.text[0]


def test_failed_throw_penalties_are_steps_where_they_happen() -> None:
    """Hand 1 of the full match: the defenders' cards make 65, two failed throws move 20
    more (seat 4's costs them 10 in trick 4, the dealer's gives them 30 in trick 15):
    the graph steps there and ends on the result's 85."""
    path = EXAMPLES / "matches" / "match-a-full-match.psn"
    rp = replay(parse(path.read_text(encoding="utf-8")).hands[0])
    assert rp.computed.points == 85 and rp.computed.card_points == 65
    series = defenders_series(rp)
    penalties = [p for p in series if p.kind == "penalty"]
    assert [(p.x, p.change, p.seat) for p in penalties] == [(3.5, -10, 4), (14.5, 30, 1)]
    for p in penalties:
        state = rp.states[p.step]
        assert state.kind is StepKind.PLAY and state.event.attempted is not None
    assert series[-1].total == 85 and series[-1].kind == "trick" and series[-1].x == 19
    fig = charts.defenders_figure(rp, series, "en", tricks=19)
    marked = next(t for t in fig.data if t.name == "failed-throw penalty")
    assert list(marked.customdata) == [p.step for p in penalties]
    assert "seat 4's throw failed, defenders -10" in marked.text[0]
    assert fig.data[0].y[-1] == 85
    assert tuple(fig.layout.xaxis.range) == (0, 19.5)  # from 0
    zh = charts.defenders_figure(rp, series, "zh", tricks=19)
    assert "甩牌失败" in next(t for t in zh.data if t.name == "甩牌失败罚分").text[1]
    # a student stepping through sees only the penalties so far, on the whole hand's axis
    early = defenders_series(rp, upto=penalties[0].step)
    assert early[-1].kind == "penalty" and early[-1].total == early[-2].total - 10 == 15
    tricks = charts.tricks_figure(view.trick_points(rp, upto=30), "en", tricks=19)
    assert tuple(tricks.layout.xaxis.range) == (0, 19.6)


@pytest.mark.parametrize("preset", ["qq", "qq-super", "match-a", "match-b", "tractor", "seed-001"])
def test_defenders_graph_ends_on_the_result_in_simulated_hands(preset: str) -> None:
    """Whatever happened (penalties, the kitty, a total below nothing), the graph's last
    point is the defenders' points the result gives."""
    for seed in range(1, 13):
        rp = replay(simulate_hand(preset, seed=seed))
        assert rp.computed.points is not None
        series = defenders_series(rp)
        assert series[-1].total == rp.computed.points, (preset, seed)
        penalty = sum(p.change for p in series if p.kind == "penalty")
        assert penalty == rp.computed.penalty_points, (preset, seed)


def test_tricks_and_levels_charts_carry_jump_targets() -> None:
    doc = load_document(samples.match_text(), "m.psn")
    first = doc.entries[0].replay
    assert first is not None
    rows = view.trick_points(first)
    fig = charts.tricks_figure(rows, "zh")
    assert {t.name for t in fig.data} == {"1、3 号位", "2、4 号位"}
    levels = charts.match_levels([(e.number, e.replay) for e in doc.readable if e.replay])
    assert [n for n, _, _, _ in levels] == [1, 2, 3, 4]  # and after the third hand
    after = doc.entries[3 - 1].replay
    assert after is not None and after.computed.outcome is not None
    hand4 = parse(samples.match_text(hands=4)).hands[3]
    assert hand4.levels is not None
    assert levels[-1][1:3] == (hand4.levels[0].value, hand4.levels[1].value)
    lf = charts.levels_figure(levels, "en", current=2)
    assert list(lf.data[0].customdata) == [1, 2, 3, 3]


def test_selected_point_reads_a_plotly_selection() -> None:
    assert charts.selected_point({"selection": {"points": [{"customdata": 17}]}}) == 17
    assert charts.selected_point({"selection": {"points": [{"customdata": [4, "x"]}]}}) == 4
    assert charts.selected_point({"selection": {"points": []}}) is None
    assert charts.selected_point(None) is None


def test_cards_are_drawn_red_black_and_trumps_marked() -> None:
    trump = Trump.parse("H 2")
    heart = render.face_html(Card.parse("H10"), trump)
    assert "red" in heart and "trump" in heart and "♥" in heart
    spade = render.face_html(Card.parse("S9"), trump)
    assert "red" not in spade and "trump" not in spade and "♠" in spade
    assert "trump" in render.face_html(Card.parse("S2"), trump)  # the rank is trump
    chinese = render.face_html(Card.parse("BJ"), trump, lang="zh")
    assert "大<br>王" in chinese and "BJ" not in chinese  # a Chinese page never says BJ
    assert 'aria-label="黑桃9"' in render.face_html(Card.parse("S9"), trump, lang="zh")
    assert 'aria-label="♠9"' in spade
    assert "unknown" in render.face_html(UNKNOWN, trump)


def test_the_seat_to_move_s_cards_are_buttons_named_with_their_values(annotated) -> None:  # type: ignore[no-untyped-def]
    """The cards of the seat to move are buttons, named as a screen reader says the
    card in the page's language; the legal ones framed, the values under them, the best
    play's in green; the other seats' cards are not buttons."""
    step = next(s.step for s in annotated.states if s.kind is StepKind.PLAY)
    tv = view.table_view(annotated, step)
    seat = annotated.states[step + 1].event.seat
    held = [c for c in annotated.states[step].hand(seat) if isinstance(c, Card)]
    legal = frozenset(held[:2])
    play = render.Playable(seat, legal, {held[0]: 85.0, held[1]: 62.5}, (held[0],))
    for lang in ("en", "zh"):
        html = render.table_html(tv, lang, annotated.states[step].trump, play=play)
        buttons = re.findall(r'<button type="button" class="([^"]*)" data-card="([^"]*)"', html)
        assert len(buttons) == len(held)
        assert [token for _, token in buttons] == [str(c) for c in held]
        named = re.findall(r'<button [^>]*aria-label="([^"]*)"', html)
        assert named == [i18n.card_name(lang, c) for c in held]
        assert '<span class="v">85</span>' in html and '<span class="v">62.5</span>' in html
        classes = [c.split() for c, _ in buttons]
        assert "top" in classes[0] and "top" not in classes[1]
        assert all(("legal" in c) == (i < 2) for i, c in enumerate(classes))
        assert html.count('class="sj-seat') == 4 and html.count(" playing") == 1


def test_table_html_names_every_seat_and_marks_the_winner(annotated) -> None:  # type: ignore[no-untyped-def]
    trick_step = next(s.step for s in annotated.states if s.kind is StepKind.TRICK)
    tv = view.table_view(annotated, trick_step, lang="zh")
    html = render.table_html(tv, "zh", annotated.states[trick_step].trump)
    for seat in (1, 2, 3, 4):
        assert f"{seat} 号位 · Bot {seat}" in html
    assert html.count("sj-played") >= 4 and "win" in html
    info = render.info_html(tv, "zh", annotated.states[trick_step].trump, "qq")
    assert "主" in info and "底牌" in info


def test_result_as_recorded_and_as_the_rules_give_it(annotated) -> None:  # type: ignore[no-untyped-def]
    recorded, computed = view.result_texts(annotated, "en")
    result = annotated.computed
    assert result.outcome is not None and computed is not None
    assert computed.startswith(f"Defenders {result.points} · ")
    assert computed.endswith(f" · seat {result.next_dealer} deals next")
    assert recorded == computed  # the simulator writes what the rules give
    zh = view.result_texts(annotated, "zh")[1]
    assert zh is not None and zh.endswith(f"下一局 {result.next_dealer} 号位坐庄")


def test_only_record_files_open_by_path(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from viewer.document import NotARecord, read_path

    secret = tmp_path / "notes.cfg"
    secret.write_text("password", encoding="utf-8")
    with pytest.raises(NotARecord):  # refused by its name, its text never read
        read_path(str(secret))
    with pytest.raises(IsADirectoryError):
        read_path(str(tmp_path))
    record = tmp_path / "a.psn"
    record.write_text(samples.annotated_text(), encoding="utf-8")
    assert read_path(str(record)).startswith('[Event "Annotated sample"]')


def test_the_viewer_s_data_and_logic_import_without_streamlit() -> None:
    # Only the pages and their panels (viewer/panels) call Streamlit: the view-models,
    # the HTML, the figures, the file, the edits and the session keys are plain modules.
    import subprocess
    import sys

    plain = "view render charts document edit session analysis_view record_view i18n samples"
    code = (
        "import importlib, sys\n"
        f"for name in {plain.split()!r}:\n"
        "    importlib.import_module(f'viewer.{name}')\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] == 'streamlit')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


@pytest.mark.parametrize("module", [edit, i18n, render, session, view])
def test_examples_in_docstrings_hold(module) -> None:  # type: ignore[no-untyped-def]
    import doctest

    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0


def test_follow_a_nested_variation_line() -> None:
    from viewer.document import follow_line

    text = (
        '[Event "nested"]\n[Dealer "1"]\n[Trump "H 2"]\n\n'
        "1. 1: SA 2: S3 (1. 2: S4 {x} 3: S5 (1. 3: S6 4: S7) 4: S8) 3: S9 4: S10\n"
    )
    main = replay(parse_hand(text))
    seat2 = next(s.step for s in main.states if s.kind is StepKind.PLAY and s.event.seat == 2)
    first = follow_line(main, [(seat2, 0)])
    assert [str(p) for p in first.hand.tricks[0].plays] == ["1: SA", "2: S4", "3: S5", "4: S8"]
    seat3 = seat2 + 1
    assert first.states[seat3].event.variations
    second = follow_line(main, [(seat2, 0), (seat3, 0)])
    assert [str(p) for p in second.hand.tricks[0].plays] == ["1: SA", "2: S4", "3: S6", "4: S7"]
    assert second.states[seat3].event is second.hand.tricks[0].plays[2]
    with pytest.raises(ValueError):
        follow_line(main, [(0, 0)])  # the deal has no variation
    # no Rules header: the line is judged under the default as the hand is, and says so
    assert main.rules_from == first.rules_from == second.rules_from == "default"
    assert view.rules_assumed("en", second) == (
        "no Rules header: judged under qq, the default rule set"
    )


def test_note_form_keeps_untouched_comments_exactly() -> None:
    from notation.psn import Comment

    before = edit.Annotation((Comment("one\n\nparagraph kept"), Comment("two")), (5, 14))
    form = edit.NoteForm.of(before)
    assert (form.glyph, form.extra) == (5, "14")
    assert form.read(before) == (("one\n\nparagraph kept", "two"), (5, 14))
    changed = edit.NoteForm({"en": "first\n\n\n\nsecond  "}, 0, "")
    assert changed.read(before) == (("first", "second"), ())
    for bad in ("x", "-3", "$"):
        with pytest.raises(ValueError):
            edit.NoteForm({}, 0, bad).read(before)


def test_an_uploaded_record_naming_a_file_reads_nothing(tmp_path) -> None:  # type: ignore[no-untyped-def]
    secret = tmp_path / "secret.yaml"
    secret.write_text("password: hunter2\n", encoding="utf-8")
    text = f'[Rules "{secret}"]\n[Trump "H 2"]\n\n1. 1: SA 2: S3 3: S4 4: S5\n'
    doc = load_document(text, "upload.psn")
    entry = doc.entries[0]
    assert entry.replay is not None and entry.replay.rules.name == "qq"
    (finding,) = [f for f in entry.findings if f.code == "unknown-rules"]
    assert "not a rule-set name" in finding.message and "hunter2" not in finding.message


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("", "请写出另一种走法"),
        ("4: S7 (4: S8)", "一次只写一个变着"),
        ("4: XX", "你输入的文字:1:4: 不认识的牌 'XX'"),
    ],
)
def test_an_alternative_that_cannot_be_added_is_said_in_chinese(typed: str, said: str) -> None:
    from notation.messages import error_words
    from tests.test_messages import english_in

    hand = parse_hand('[Event "x"]\n\ndeclare 1: H2\n1. 1: SA 2: S4 3: S5 4: S6\n')
    with pytest.raises(ValueError) as caught:
        edit.add_variation(hand, edit.Target("play", 0, 3), typed, lang="zh")
    zh = error_words(caught.value, "zh")
    assert said in zh and english_in(zh.splitlines()[0]) is None, zh


def test_note_form_shows_each_language_apart_and_keeps_the_engine_s_comments() -> None:
    from notation.psn import Comment

    two = Comment("[%lang zh] 先出对子。 [%lang en] Lead the pair.")
    engine = Comment("[%eval 40] [%best 1: SA]")
    before = edit.Annotation((two, engine, Comment("还有一句。")), ())
    form = edit.NoteForm.of(before)
    assert dict(form.words) == {"zh": "先出对子。\n\n还有一句。", "en": "Lead the pair."}
    assert form.read(before)[0] == (two.text, engine.text, "还有一句。")  # untouched: exact
    changed = edit.NoteForm(
        {"zh": "先出对子。\n\n还有一句。", "en": "Lead the pair.\n\nOne more."}, 0, ""
    )
    assert changed.read(before)[0] == (
        "[%lang zh] 先出对子。 [%lang en] Lead the pair.",
        "[%lang zh] 还有一句。 [%lang en] One more.",
        engine.text,
    )
    # one language alone is written plain; in the other field, it is marked
    assert edit.NoteForm({"zh": "好牌"}, 0, "").read(edit.Annotation())[0] == ("好牌",)
    marked = edit.NoteForm({"en": "好牌"}, 0, "").read(edit.Annotation())[0]
    assert marked == ("[%lang en] 好牌",) and edit.NoteForm.of(
        edit.Annotation(tuple(Comment(t) for t in marked))
    ).words == {"zh": "", "en": "好牌"}


def test_the_viewer_s_words_have_no_pgn_jargon() -> None:
    from notation.messages import TEMPLATES

    for lang, table in TEMPLATES.items():
        for key, text in table.items():
            if key.startswith(("label.", "glyph.")):
                assert "$" not in text, (key, lang)  # no "$n marks"
            if key.startswith("glyph.") and lang == "zh":
                assert "棋" not in text, key  # a chess word: card players say 好牌


def _match_hand() -> HandReplay:
    """Hand 1 of the full match: two failed throws, the defenders' points 85."""
    path = EXAMPLES / "matches" / "match-a-full-match.psn"
    return replay(parse(path.read_text(encoding="utf-8")).hands[0])


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_points_graph_names_every_symbol_and_marks_the_step(lang: str) -> None:
    rp = _match_hand()
    series = defenders_series(rp)
    step = next(p.step for p in series if p.kind == "penalty") + 2
    x = step_x(rp, series, step)
    fig = charts.defenders_figure(rp, series, lang, tricks=19, current=x)
    assert fig.layout.showlegend
    names = {t.name for t in fig.data}
    said = {i18n.tr(lang, k) for k in ("defenders", "chart_penalty", "chart_now")}
    assert said <= names and all(t.showlegend is not False for t in fig.data)
    now = next(t for t in fig.data if t.name == i18n.tr(lang, "chart_now"))
    assert set(now.x) == {x} and 3 < x < 4  # in trick 4, after its failed throw
    # the handout's graph names them too
    svg = defenders_svg(rp, lang)
    legend = svg.split('<g class="legend">')[1].split("</g>\n</g>")[0]
    assert i18n.tr(lang, "chart_penalty") in legend and i18n.tr(lang, "defenders") in legend


def test_a_student_s_charts_start_at_0_before_any_trick() -> None:
    rp = _match_hand()
    defenders = charts.defenders_figure(rp, defenders_series(rp, upto=0), "zh", tricks=19)
    tricks = charts.tricks_figure(view.trick_points(rp, upto=0), "zh", tricks=19)
    for fig in (defenders, tricks):
        assert fig.layout.xaxis.range[0] == 0 and fig.layout.yaxis.range[0] == 0


# A word of Latin letters once the cards (♠10, ♦Q) are taken out: what a Chinese page's
# step caption, event log, variations and recorder must not write ("declare", "bury",
# "BJ"); ``english_in`` looks for sentences, these texts are a few words long.
_CARD = re.compile(r"[♠♥♣♦](?:10|[2-9JQKA])")


def latin_words(text: str) -> list[str]:
    """The words of Latin letters in ``text``, cards aside."""
    return re.findall(r"[A-Za-z]{2,}", _CARD.sub(" ", text))


def test_events_and_variations_are_said_in_the_page_s_words_and_nothing_else() -> None:
    """Every bid, fallback, bury and play of the bundled examples, and every variation,
    as the step caption, the event log and the variations say them: in Chinese no PSN
    keyword (declare, bury, fallback) or BJ/LJ; in English no Chinese."""
    from viewer import record_view

    said: dict[str, list[str]] = {"zh": [], "en": []}
    for path in sorted(EXAMPLES.rglob("*.psn")):
        for hand in parse(path.read_text(encoding="utf-8")).hands:
            nodes = [*hand.auction, *(p for t in hand.tricks for p in t.plays)]
            for lang, texts in said.items():
                texts += [view.event_text(e, lang) for e in hand.auction]
                texts += [view.variation_text(v, lang) for n in nodes for v in n.variations]
    rec = Recorder.new(levels="2 2", dealer=1)
    entry = rec.add(parse_hand('[Event "r"]\n\ndeclare 1: BJ D2\n').auction[0])
    for lang, texts in said.items():
        texts.append(record_view.entry_text(entry, lang))  # the recorder's entry, as said
    assert len(said["zh"]) > 50 and any("亮主" in t for t in said["zh"])
    assert any("扣底" in t for t in said["zh"]) and any("大王" in t for t in said["zh"])
    assert [t for t in said["zh"] if latin_words(t)] == []
    assert [t for t in said["en"] if re.search(r"[\u4e00-\u9fff]", t)] == []


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_symbol_of_every_chart_has_its_legend_entry(lang: str) -> None:
    """The points graph, the tricks' bars, the match's levels and the analysis's graph:
    every trace drawn is named in the legend (an invisible edge of a band aside), and no
    line is drawn as a shape the legend cannot name (the current step's, the current
    hand's markers are traces)."""
    from notation.analysis.annotations import read_analysis
    from viewer import analysis_view

    rp = _match_hand()
    series = defenders_series(rp)
    doc = load_document(samples.match_text(hands=3), "m.psn")
    levels = charts.match_levels([(e.number, e.replay) for e in doc.readable if e.replay])
    endgame = parse((EXAMPLES / "analysis" / "04-endgame-only-the-solver.psn").read_text())
    analysed = replay(endgame.hands[0])
    analysis = read_analysis(endgame.hands[0])
    assert analysis is not None
    step = analysis_view.mistake_steps(analysed, analysis)[0]
    figures = {
        "points": charts.defenders_figure(rp, series, lang, 19, step_x(rp, series, 30)),
        "tricks": charts.tricks_figure(view.trick_points(rp), lang, 19),
        "levels": charts.levels_figure(levels, lang, current=2),
        "analysis": analysis_view.eval_figure(
            analysed, analysis, defenders_series(analysed), lang, current=step
        ),
    }
    now = {"points": "chart_now", "levels": "chart_hand_now", "analysis": "chart_now"}
    for chart, fig in figures.items():
        assert fig.layout.showlegend is not False, chart
        for trace in fig.data:
            hidden = trace.type == "scatter" and trace.line.width == 0 and not trace.fill
            if not hidden:
                assert trace.name and trace.showlegend is not False, (chart, trace.name)
        assert [s for s in fig.layout.shapes if s.type != "rect"] == [], chart
        if chart in now:
            assert i18n.tr(lang, now[chart]) in {t.name for t in fig.data}, chart
