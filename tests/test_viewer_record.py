"""The recording page (viewer/record.py) under Streamlit's AppTest: every control, a
whole hand entered click by click whose download reads back as the same record, an
illegal play shown with its rule and accepted marked, undo, the keyboard, the unknown
deal, and the recording reopened from its link."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.runtime.memory_media_file_storage import _calculate_file_id
from streamlit.testing.v1 import AppTest

from notation.psn import UNKNOWN, Deal, Hand, KittyExchange, PlayNode, parse, parse_hand
from notation.recorder import Recorder
from notation.replay import replay
from notation.rules.cards import Card, parse_card
from notation.simulate import simulate_hand
from tests import table_clicks
from viewer import record_view, session

APP = str(Path(__file__).resolve().parent.parent / "viewer" / "app.py")


def record_page(**query: str) -> AppTest:
    """The recording page, opened by its address (``/record?rec=KEY``)."""
    at = AppTest.from_file(APP, default_timeout=60)
    for key, value in query.items():
        at.query_params[key] = value
    at.switch_page("record.py")
    at.run()
    assert not at.exception
    return at


def recorder(at: AppTest) -> Recorder:
    rec: Recorder = at.session_state["rec_recorder"]
    return rec


def query_of(at: AppTest) -> dict[str, str]:
    return {k: (v[0] if isinstance(v, list) else v) for k, v in at.query_params.items()}


def click_card(at: AppTest, card: Card | object) -> None:
    """Click ``card`` in the tray: a card of the seat's hand not chosen yet (or, with the
    deal unknown, the card in the picker)."""
    rec = recorder(at)
    seat = rec.to_play if rec.to_play is not None else int(at.session_state["rec_seat"])
    for item in record_view.tray(rec, seat, at.session_state["rec_mode"]):
        if item.card is card and not item.takes_back:
            table_clicks.pick(at, card)
            assert not at.exception
            return
    raise AssertionError(f"{card} is not in the tray")


def set_deal(at: AppTest, hand: Hand) -> None:
    """Type the deal of ``hand`` into the deal form (its four hands and the kitty)."""
    start = replay(hand).states[0]
    at.toggle(key="rec_deal_known").set_value(True).run()
    for seat in (1, 2, 3, 4):
        text = " ".join(str(c) for c in start.hand(seat))
        at.text_input(key=f"rec_deal{seat}").set_value(text)
    assert start.kitty is not None
    at.text_input(key="rec_deal_kitty").set_value(" ".join(str(c) for c in start.kitty))
    at.button(key="rec_deal_set").click().run()
    assert any("Deal set." in s.value for s in at.success)


def enter_auction(at: AppTest, hand: Hand) -> None:
    """Enter ``hand``'s bids and bury on the auction line."""
    at.radio(key="rec_mode").set_value("auction").run()
    for event in hand.auction:
        if isinstance(event, KittyExchange):
            kind, cards = "bury", event.buried
        else:
            kind, cards = event.kind.value, event.cards  # type: ignore[union-attr]
        at.selectbox(key="rec_bid_kind").set_value(kind)
        at.selectbox(key="rec_bid_seat").set_value(event.seat)  # type: ignore[union-attr]
        at.text_input(key="rec_bid_cards").set_value(" ".join(str(c) for c in cards))
        draw = getattr(event, "draw", None)
        at.text_input(key="rec_bid_draw").set_value("" if draw is None else str(draw))
        at.button(key="rec_auction_enter").click().run()
        assert not at.exception and not at.error, [e.value for e in at.error]


def test_the_recording_page_is_the_viewers_second_page() -> None:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    assert not at.exception and at.session_state["text"]  # the viewer, as before
    at.switch_page("record.py").run()
    assert not at.exception
    assert at.title[0].value.startswith("Record a hand")
    query = query_of(at)
    assert len(query["rec"]) == 32 and query["lang"] == "en"
    assert recorder(at).write().startswith('[Date "')  # a new recording, dated today


def test_a_hand_entered_click_by_click_downloads_as_the_same_record() -> None:
    hand = simulate_hand("qq", seed=1)  # four failed throws among its leads
    at = record_page()
    at.text_input(key="rec_date").set_value("")
    at.text_input(key="rec_event").set_value("Simulated hand")
    at.text_input(key="rec_hand").set_value("1")
    for seat in (1, 2, 3, 4):
        at.text_input(key=f"rec_name{seat}").set_value(f"Bot {seat}")
    at.button(key="rec_headers_set").click().run()
    set_deal(at, hand)
    enter_auction(at, hand)
    assert at.session_state["rec_mode"] == "play"  # the bury done, the cards clicked are plays
    clicks: Times = []
    for trick in hand.tricks:
        for i, play in enumerate(trick.plays):
            click_play(at, play, leading=i == 0, times=clicks)
    assert any("The hand is over" in s.value for s in at.success)
    at.button(key="rec_result").click().run()
    text = recorder(at).write()
    expected = Hand(
        headers=parse_hand(text).headers,
        deal=Deal(replay(hand).states[0].hands, replay(hand).states[0].kitty),
        auction=hand.auction,
        tricks=hand.tricks,
        result=hand.result,
    )
    assert parse(text).hands[0] == expected
    assert [h.tag for h in expected.headers] == [
        "Event", "Hand", "Seat1", "Seat2", "Seat3", "Seat4", "Rules", "Levels",
    ]  # fmt: skip
    button = at.get("download_button")[0]
    name = at.session_state["rec_name"]
    assert _calculate_file_id(text.encode("utf-8"), "text/plain", name) in button.proto.url
    assert len(clicks) == sum(len(p.attempted or p.cards) for t in hand.tricks for p in t.plays)


@pytest.fixture
def dealt() -> tuple[AppTest, Hand]:
    """The recording page with a simulated hand's deal and auction entered."""
    hand = simulate_hand("qq", seed=1)
    at = record_page()
    set_deal(at, hand)
    enter_auction(at, hand)
    return at, hand


def test_headers_form_sets_rules_levels_dealer_and_names() -> None:
    at = record_page()
    at.selectbox(key="rec_rules").set_value("match-a")
    at.selectbox(key="rec_level13").set_value("5")
    at.selectbox(key="rec_level24").set_value("3")
    at.selectbox(key="rec_dealer").set_value(3)
    at.text_input(key="rec_name1").set_value("  Ann  ")
    at.text_input(key="rec_name3").set_value("Cai")
    at.text_input(key="rec_event").set_value("Club night")
    at.button(key="rec_headers_set").click().run()
    assert any("Headers set." in s.value for s in at.success)
    hand = parse_hand(recorder(at).write())
    assert hand.header("Rules") == "match-a" and hand.header("Levels") == "5 3"
    assert hand.dealer == 3 and hand.header("Seat1") == "Ann" and hand.header("Seat3") == "Cai"
    assert hand.header("Seat2") is None and hand.header("Event") == "Club night"
    assert recorder(at).to_play == 3  # the dealer leads
    at.selectbox(key="rec_dealer").set_value(0)  # in the form: sent with its button
    at.button(key="rec_headers_set").click().run()
    assert parse_hand(recorder(at).write()).dealer is None


def test_the_deal_form_says_which_card_it_cannot_read_and_can_be_unknown_again() -> None:
    at = record_page()
    at.toggle(key="rec_deal_known").set_value(True).run()
    at.text_input(key="rec_deal2").set_value("s10 hk XX")
    at.button(key="rec_deal_set").click().run()
    assert any("Seat 2" in e.value and "'XX'" in e.value for e in at.error)
    assert recorder(at).hand.deal is None
    at.text_input(key="rec_deal2").set_value("s10 hk 黑桃A")
    at.button(key="rec_deal_set").click().run()
    deal = recorder(at).hand.deal
    assert isinstance(deal, Deal) and deal.hands[1] == tuple(map(parse_card, ["S10", "HK", "SA"]))
    assert any("deal-count" in w.value for w in at.warning)  # a hand of three cards
    at.toggle(key="rec_deal_known").set_value(False).run()
    at.button(key="rec_deal_set").click().run()
    assert recorder(at).hand.deal is None


Chance = Callable[[Hand], tuple[int, int, Card]]


Times = list[tuple[float, float]]


def click_play(at: AppTest, play: PlayNode, leading: bool, times: Times | None = None) -> None:
    """``play`` clicked card by card (a lead finished with Play, a failed throw written
    with its button); each card's click timed into ``times``: the round trip, and the
    page script's own time."""
    for card in play.attempted or play.cards:
        started = time.perf_counter()
        click_card(at, card)
        if times is not None:
            times.append((time.perf_counter() - started, at.session_state["rec_run_seconds"]))
    if leading:
        at.button(key="rec_play").click().run()  # the lead is complete
    if play.attempted is not None:
        # The throw fails: its rule is shown, and the forced play is one click.
        assert any("throw-failed" in e.value for e in at.error)
        at.button(key="rec_failed_throw").click().run()
    assert not at.error, [e.value for e in at.error]


def _revoke_at(at: AppTest, hand: Hand, chance: Chance) -> tuple[PlayNode, Card]:
    """``hand`` clicked up to a seat's first chance to revoke: its play, and the card of
    another suit it could play instead."""
    at_trick, at_play, stranger = chance(hand)
    for ti, trick in enumerate(hand.tricks):
        for i, play in enumerate(trick.plays):
            if (ti, i) == (at_trick, at_play):
                return play, stranger
            click_play(at, play, leading=i == 0)
    raise AssertionError("not reached")


def test_an_illegal_play_is_shown_with_its_rule_then_discarded_or_accepted_marked(
    dealt: tuple[AppTest, Hand], revoke_chance: Chance
) -> None:
    at, hand = dealt
    play, stranger = _revoke_at(at, hand, revoke_chance)
    before = recorder(at).write()
    legal = recorder(at).legal_cards()
    assert legal is not None and stranger not in legal
    # the cards the rules allow are framed, the others plain (and still clickable)
    kinds = {b["data-key"]: b["class"].split()[-1] for b in table_clicks.tray(at)}
    assert set(kinds.values()) == {"legal", "off"}
    click_card(at, stranger)
    assert any("breaks a rule" in e.value for e in at.error)
    shown = " ".join(e.value for e in at.error)
    assert "follow-suit" in shown and "Rule" in shown and "《" not in shown  # quoted in English
    assert "(双升的游戏规则) §5.1" in shown  # the document by its title, not the seed file
    assert recorder(at).write() == before  # not recorded yet
    assert all("disabled" in b for b in table_clicks.tray(at))  # until the recorder decides
    at.button(key="rec_discard").click().run()
    assert recorder(at).waiting is None and recorder(at).write() == before
    click_card(at, stranger)
    at.button(key="rec_accept").click().run()
    written = recorder(at).write()
    assert f"{play.seat}: {stranger} {{[%illegal follow-suit]}}" in written
    assert any("recorded as played, marked" in w.value for w in at.warning)
    found = next(e for e in at.expander if "Findings in the record so far" in e.label)
    assert found.label.endswith("(1)") and "follow-suit" in found.error[0].value


def test_undo_takes_back_the_last_card_then_the_last_play(dealt: tuple[AppTest, Hand]) -> None:
    at, hand = dealt
    lead = hand.tricks[0].plays[0]
    after_auction = recorder(at).write()
    click_card(at, lead.cards[0])
    at.button(key="rec_play").click().run()
    with_lead = recorder(at).write()
    assert with_lead != after_auction
    at.button(key="rec_undo").click().run()
    assert recorder(at).write() == after_auction
    assert any("Taken back" in i.value for i in at.info)
    click_card(at, lead.cards[0])
    assert recorder(at).pending == (lead.cards[0],)
    at.button(key="rec_undo").click().run()
    assert recorder(at).pending == ()


def test_cards_typed_on_the_keyboard_with_aliases(dealt: tuple[AppTest, Hand]) -> None:
    at, hand = dealt
    at.text_input(key="rec_typed").set_value("XX").run()
    assert any("unknown card 'XX'" in e.value for e in at.error)
    # the tricks up to the first failed throw, typed with aliases
    failed = next(i for i, t in enumerate(hand.tricks) if t.plays[0].attempted is not None)
    assert failed > 0
    for trick in hand.tricks[:failed]:
        for play in trick.plays:
            typed = " ".join(c.symbol.lower() if c.suit else str(c).lower() for c in play.cards)
            at.text_input(key="rec_typed").set_value(typed).run()  # ♠10 and the like
            assert not at.error, [e.value for e in at.error]
            assert at.text_input(key="rec_typed").value == ""  # ready for the next play
        assert recorder(at).write().rstrip().endswith(str(trick).split(". ", 1)[1])
    # a failed throw typed as PSN writes it: the cards tried, "/", the cards played
    thrown = hand.tricks[failed].plays[0]
    assert thrown.attempted is not None
    tried = " ".join(str(c) for c in thrown.attempted)
    played = " ".join(str(c) for c in thrown.cards)
    at.text_input(key="rec_typed").set_value(f"{tried} / {played}").run()
    assert not at.error
    last = recorder(at).hand.tricks[-1].plays[-1]
    assert last.attempted == thrown.attempted and last.cards == thrown.cards


def test_unknown_deal_offers_every_card_and_asks_who_leads_after_an_unknown_card() -> None:
    at = record_page()
    at.selectbox(key="rec_bid_seat").set_value(2)
    at.text_input(key="rec_bid_cards").set_value("h2")
    at.button(key="rec_auction_enter").click().run()
    assert recorder(at).hand.auction and recorder(at).to_play == 2  # the declarer deals
    at.radio(key="rec_mode").set_value("play").run()
    picker = [b["data-key"] for b in table_clicks.tray(at)]
    assert len(picker) == 55 and "rec_pick_??" in picker  # 54 cards and a card nobody saw
    table_clicks.pick(at, "SA")
    table_clicks.pick(at, "SA")  # a pair: the same card twice
    ace = next(b for b in table_clicks.tray(at) if b["data-key"] == "rec_pick_SA")
    assert (
        ace["text"].endswith("×2") and ace["aria-pressed"] == "true" and ace["aria-label"] == "♠A"
    )
    at.button(key="rec_play").click().run()
    for token in ("??", "S5", "S3", "S7", "S6", "??"):
        table_clicks.pick(at, token)
    assert recorder(at).to_play is None  # trick 1's winner cannot be known
    assert any("choose the seat" in m.value for m in at.markdown)
    at.selectbox(key="rec_seat").set_value(4).run()
    table_clicks.pick(at, "HA")
    at.button(key="rec_play").click().run()
    assert recorder(at).write().endswith("1. 2: SA SA 3: ?? S5 4: S3 S7 1: S6 ??\n2. 4: HA\n")
    assert recorder(at).to_play == 1


def test_a_reload_opens_the_recording_where_it_was(
    dealt: tuple[AppTest, Hand], revoke_chance: Chance
) -> None:
    at, hand = dealt
    _play, stranger = _revoke_at(at, hand, revoke_chance)
    click_card(at, stranger)  # an illegal play, waiting for a decision
    again = record_page(**query_of(at))  # the same link, in a new session
    assert recorder(again).write() == recorder(at).write()
    assert recorder(again).waiting is not None  # the decision still waits
    assert any("breaks a rule" in e.value for e in again.error)
    again.button(key="rec_discard").click().run()
    # A lead's cards chosen and not yet played are kept too.
    while not recorder(again).leading:  # the trick played out, legally
        legal = sorted(recorder(again).legal_cards() or [], key=lambda c: c.index)
        click_card(again, legal[0])
    seat = recorder(again).to_play
    assert seat is not None
    click_card(again, recorder(again).held(seat)[0])
    assert recorder(again).pending
    third = record_page(**query_of(again))
    assert recorder(third).pending == recorder(again).pending
    assert recorder(third).write() == recorder(again).write()


def test_a_recording_no_longer_kept_opens_a_new_one_with_a_warning() -> None:
    for bad in ("0" * 32, "../../etc/passwd"):
        at = record_page(rec=bad)
        assert any("no longer kept" in w.value for w in at.warning)
        assert query_of(at)["rec"] != bad and len(query_of(at)["rec"]) == 32


def test_new_recording_starts_afresh_under_a_new_key(dealt: tuple[AppTest, Hand]) -> None:
    at, _hand = dealt
    old = query_of(at)["rec"]
    at.button(key="rec_new").click().run()
    assert query_of(at)["rec"] != old and not recorder(at).hand.auction
    assert recorder(record_page(rec=old)).hand.auction  # the old one is still kept


def test_clicking_a_card_in_the_auction_adds_it_to_the_bid() -> None:
    hand = simulate_hand("qq", seed=1)
    at = record_page()
    set_deal(at, hand)
    bid = hand.auction[0]
    at.selectbox(key="rec_bid_seat").set_value(bid.seat).run()  # type: ignore[union-attr]
    click_card(at, bid.cards[0])  # type: ignore[union-attr]
    assert at.text_input(key="rec_bid_cards").value == str(bid.cards[0])  # type: ignore[union-attr]
    at.button(key="rec_auction_enter").click().run()
    assert recorder(at).hand.auction[0].cards == bid.cards  # type: ignore[union-attr]
    at.selectbox(key="rec_bid_kind").set_value("counter")
    at.text_input(key="rec_bid_cards").set_value("s2 s2 s2 ZZ")
    at.button(key="rec_auction_enter").click().run()
    assert any("unknown card 'ZZ'" in e.value for e in at.error)


def test_a_counter_names_the_trump_it_goes_to() -> None:
    at = record_page()
    at.text_input(key="rec_bid_cards").set_value("h2")
    at.button(key="rec_auction_enter").click().run()
    at.selectbox(key="rec_bid_kind").set_value("counter")
    at.selectbox(key="rec_bid_seat").set_value(3)
    at.text_input(key="rec_bid_cards").set_value("大王 bj")
    at.selectbox(key="rec_bid_strain").set_value("NT")
    at.button(key="rec_auction_enter").click().run()
    assert not at.error, [e.value for e in at.error]
    assert recorder(at).write().endswith("declare 1: H2\ncounter 3: BJ BJ to NT\n")
    info = table_clicks.html(at, "rec_table")
    assert "no-trump 2" in info  # the trump the counter set, as the replay gives it
    assert at.text_input(key="rec_bid_cards").value == ""  # ready for the next


def test_the_page_speaks_chinese() -> None:
    at = record_page(lang="zh")
    assert at.title[0].value.startswith("记录牌局")
    assert at.button(key="rec_undo").label == "撤销"
    at.radio(key="lang").set_value("en").run()
    assert at.button(key="rec_undo").label == "Undo" and query_of(at)["lang"] == "en"


def test_the_viewer_opens_a_recording_by_its_key(dealt: tuple[AppTest, Hand]) -> None:
    at, _hand = dealt
    key = query_of(at)["rec"]
    viewer = AppTest.from_file(APP, default_timeout=60)
    viewer.query_params["up"] = key
    viewer.run()
    assert not viewer.exception
    assert viewer.session_state["text"] == recorder(at).write()


def test_the_viewer_can_send_its_file_to_be_recorded_on() -> None:
    # An uploaded hand (kept by the viewer under its draft key) is opened by the
    # recording page when asked to, to go on recording it.
    viewer = AppTest.from_file(APP, default_timeout=60)
    viewer.run()
    viewer.radio(key="source").set_value("upload").run()
    text = '[Rules "qq"]\n[Levels "2 2"]\n[Dealer "1"]\n\ndeclare 1: H2\n1. 1: SA\n'
    viewer.file_uploader(key="uploader").upload("club.psn", text.encode(), "text/plain")
    viewer.run()
    key = viewer.session_state["draft"]
    session.open_later(viewer.session_state, key)
    viewer.switch_page("record.py").run()
    assert not viewer.exception
    assert recorder(viewer).write() == text and recorder(viewer).to_play == 2
    assert query_of(viewer)["rec"] == key and viewer.session_state["rec_name"] == "club.psn"


def test_the_deal_unknown_tray_marks_nothing_and_an_unknown_card_is_offered() -> None:
    rec = Recorder.new(dealer=1)
    items = record_view.tray(rec, 1)
    assert len(items) == 55 and items[-1].card is UNKNOWN
    assert all(i.legal is None and not i.chosen for i in items)
    rec.pick(parse_card("SA"))
    chosen = [i for i in record_view.tray(rec, 1) if i.chosen]
    assert [i.card for i in chosen] == [parse_card("SA")]


def test_a_result_written_can_be_undone(dealt: tuple[AppTest, Hand]) -> None:
    at, hand = dealt
    rec = recorder(at)
    for trick in hand.tricks:
        for play in trick.plays:
            rec.play(play.cards, attempted=play.attempted, seat=play.seat)
            if rec.waiting is not None:
                rec.accept_failed_throw()
    at.run()
    assert any("The hand is over" in s.value for s in at.success)
    at.button(key="rec_result").click().run()
    assert recorder(at).hand.result == hand.result
    assert not [b for b in at.button if b.key == "rec_result"]  # written: offered no more
    at.button(key="rec_undo").click().run()
    assert recorder(at).hand.result is None


def test_switching_language_keeps_the_recording_pages_choices() -> None:
    """As on the viewer: a choice shown by its label is sent again under its new label."""
    at = record_page()
    at.selectbox(key="rec_bid_seat").set_value(3).run()
    at.radio(key="lang").set_value("zh").run()
    assert not at.exception
    seat = at.selectbox(key="rec_bid_seat")
    assert seat.proto.set_value and seat.proto.raw_value == "3 号位" in seat.options
    mode = at.radio(key="rec_mode")
    assert mode.proto.set_value and mode.proto.raw_value in mode.options
    assert at.session_state["rec_bid_seat"] == 3


def test_what_cannot_be_read_is_said_in_the_page_s_chinese() -> None:
    """Cards typed that name no card, a throw without its cards, a draw count that is no
    number, a deal with a card that does not exist: each said in Chinese."""
    from tests.test_messages import english_in

    at = record_page(lang="zh")
    said: list[str] = []
    at.text_input(key="rec_bid_cards").set_value("h2")
    at.text_input(key="rec_bid_draw").set_value("many").run()
    at.button(key="rec_auction_enter").click().run()
    said += [e.value for e in at.error]
    at.text_input(key="rec_bid_cards").set_value("").run()
    at.text_input(key="rec_bid_draw").set_value("").run()
    at.button(key="rec_auction_enter").click().run()
    said += [e.value for e in at.error]
    at.toggle(key="rec_deal_known").set_value(True).run()
    at.text_input(key="rec_deal1").set_value("S11")
    at.button(key="rec_deal_set").click().run()
    said += [e.value for e in at.error]
    at.radio(key="rec_mode").set_value("play").run()
    for typed in ("XX", "sa sk /", "/"):
        at.text_input(key="rec_typed").set_value(typed).run()
        said += [e.value for e in at.error]
    assert not at.exception
    for part in ("不认识的牌 'XX'", "失败的甩牌写作", "'many'", "请写出亮的牌", "不认识的牌 'S11'"):
        assert any(part in s for s in said), (part, said)
    for text in said:
        assert english_in(text) is None, text
