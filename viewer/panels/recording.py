"""The recording page's panels: the recording opened (the URL's, one asked for, or a new
one), the headers and deal forms, the table with the cards to click, the auction line
and the play's, the record as written so far; and the recording kept on this computer
after every change. Every entry is checked by the recorder (:mod:`notation.recorder`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import streamlit as st

from notation.errors import ShengjiError
from notation.messages import error_words
from notation.psn import UNKNOWN, CardSlot
from notation.recorder import Entry, Recorder, RecorderError
from notation.rules.cards import Card
from notation.rules.seats import SEATS
from viewer import document, icons, record_view, render, view
from viewer.i18n import seat_name, tr
from viewer.panels.language import language_choice
from viewer.panels.table import component_value, mount
from viewer.session import (
    RECORD_DEAL,
    RECORD_LABELLED,
    RECORD_PLAYERS,
    SessionKey,
    recording_from_query,
)

__all__ = [
    "entering",
    "forms",
    "keep",
    "opened",
    "record",
    "sidebar",
    "table",
    "title",
    "waiting",
]

ss = st.session_state


# ---------------------------------------------------------------------------- the recording


def _fill_forms(recorder: Recorder) -> None:
    """The headers and deal forms show what the record says."""
    values = record_view.form_values(recorder.hand)
    ss[SessionKey.REC_RULES] = values["rules"]
    ss[SessionKey.REC_LEVEL13] = values["level13"]
    ss[SessionKey.REC_LEVEL24] = values["level24"]
    ss[SessionKey.REC_DEALER] = values["dealer"]
    ss[SessionKey.REC_EVENT] = values["event"]
    ss[SessionKey.REC_DATE] = values["date"]
    ss[SessionKey.REC_HAND] = values["hand"]
    for key, name in zip(RECORD_PLAYERS, values["names"], strict=True):
        ss[key] = name
    ss[SessionKey.REC_DEAL_KNOWN] = values["deal_known"]
    for key, cards in zip(RECORD_DEAL, values["deal"], strict=True):
        ss[key] = cards
    ss[SessionKey.REC_DEAL_KITTY] = values["kitty"]
    ss[SessionKey.REC_MODE] = "play" if record_view.play_begun(recorder.hand) else "auction"


def _open(key: str, name: str, recorder: Recorder) -> None:
    ss[SessionKey.REC_KEY], ss[SessionKey.REC_NAME] = key, name
    ss[SessionKey.REC_RECORDER], ss[SessionKey.REC_SAVED] = recorder, None
    _fill_forms(recorder)


def _new() -> None:
    name, recorder = record_view.new_recording()
    _open(document.new_draft_key(), name, recorder)


def _say(kind: str, key: str, **values: Any) -> None:
    ss[SessionKey.REC_MESSAGE] = (kind, tr(ss[SessionKey.LANG], key, **values))


def _guarded(action: Callable[..., Any], *args: Any) -> Any:
    """Run a recorder action; a refusal (an entry waits, no seat known) is a message."""
    try:
        return action(*args)
    except RecorderError as e:
        ss[SessionKey.REC_MESSAGE] = ("error", error_words(e, ss[SessionKey.LANG]))
    except ShengjiError as e:  # typed cards that name no card
        _say("error", "rec_bad_cards", error=error_words(e, ss[SessionKey.LANG]))
    return None


def _rec() -> Recorder:
    """The recording, as it is when a callback runs (a callback may follow a New)."""
    recorder: Recorder = ss[SessionKey.REC_RECORDER]
    return recorder


def _who() -> int | None:
    """The seat that plays when the record cannot say who (chosen on the page)."""
    return None if _rec().to_play is not None else int(ss[SessionKey.REC_SEAT])


def opened() -> Recorder:
    """The recording: the URL's (a reload), one asked for, or a new one."""
    if not ss[SessionKey.REC_QUERY_READ]:
        ss[SessionKey.REC_QUERY_READ] = True
        for key, value in recording_from_query(st.query_params.to_dict()).items():
            ss[key] = value
    if ss[SessionKey.REC_RECORDER] is None:
        key = ss[SessionKey.REC_KEY]
        found = record_view.open_recording(key) if key else None
        if found is not None:
            _open(key, *found)
        else:
            if key:
                _say("warning", "rec_gone")
            _new()
    return _rec()


def sidebar() -> None:
    """The language, and a new recording."""
    lang = language_choice(RECORD_LABELLED)
    st.button(tr(lang, "rec_new"), key="rec_new", on_click=_new, icon=icons.ADD)
    st.caption(tr(lang, "rec_kept"))


def title() -> None:
    """The page's title: the recording's file name."""
    st.title(f"{tr(ss[SessionKey.LANG], 'rec_title')} · {ss[SessionKey.REC_NAME]}")


# ---------------------------------------------------------------------------- headers, deal


def _set_headers() -> None:
    values = record_view.headers_from_form(
        rules=ss[SessionKey.REC_RULES],
        level13=ss[SessionKey.REC_LEVEL13],
        level24=ss[SessionKey.REC_LEVEL24],
        dealer=int(ss[SessionKey.REC_DEALER]),
        names=tuple(ss[k] for k in RECORD_PLAYERS),
        event=ss[SessionKey.REC_EVENT],
        date=ss[SessionKey.REC_DATE],
        hand=ss[SessionKey.REC_HAND],
    )
    if _guarded(_rec().set_headers, values) is not None:
        _say("success", "rec_headers_set")


def _set_deal() -> None:
    lang = ss[SessionKey.LANG]
    hands = tuple(ss[k] for k in RECORD_DEAL)
    try:
        deal = (
            record_view.deal_from_texts(hands, ss[SessionKey.REC_DEAL_KITTY], lang)
            if ss[SessionKey.REC_DEAL_KNOWN]
            else None
        )
    except ShengjiError as e:
        _say("error", "rec_bad_cards", error=error_words(e, lang))
        return
    if _guarded(_rec().set_deal, deal) is not None:
        _say("success", "rec_deal_set")


def forms(rec: Recorder) -> None:
    """The headers (rule set, levels, dealer, players, event) and the deal, each set
    when its button is pressed; open while nothing is recorded yet."""
    lang = ss[SessionKey.LANG]
    fresh = not rec.hand.auction and not rec.hand.tricks
    with (
        st.expander(tr(lang, "rec_headers"), expanded=fresh),
        st.form("rec_headers_form", border=False),
    ):
        c1, c2, c3, c4 = st.columns(4)
        choose = tr(lang, "choose")
        rules = record_view.rules_choices(ss[SessionKey.REC_RULES])
        c1.selectbox(tr(lang, "rules"), rules, key=SessionKey.REC_RULES, placeholder=choose)
        levels = record_view.LEVELS
        c2.selectbox(
            tr(lang, "rec_level13"), levels, key=SessionKey.REC_LEVEL13, placeholder=choose
        )
        c3.selectbox(
            tr(lang, "rec_level24"), levels, key=SessionKey.REC_LEVEL24, placeholder=choose
        )
        c4.selectbox(
            tr(lang, "dealer"),
            [0, 1, 2, 3, 4],
            format_func=lambda s: seat_name(lang, s) if s else tr(lang, "rec_dealer_none"),
            key=SessionKey.REC_DEALER,
            placeholder=choose,
        )
        for seat, col, key in zip(SEATS, st.columns(4), RECORD_PLAYERS, strict=True):
            col.text_input(tr(lang, "rec_name", seat=seat), key=key)
        e1, e2, e3 = st.columns([2, 1, 1])
        e1.text_input(tr(lang, "rec_event"), key=SessionKey.REC_EVENT)
        e2.text_input(tr(lang, "rec_date"), key=SessionKey.REC_DATE)
        e3.text_input(tr(lang, "rec_hand_no"), key=SessionKey.REC_HAND)
        st.form_submit_button(
            tr(lang, "rec_set_headers"), key="rec_headers_set", on_click=_set_headers
        )

    with st.expander(tr(lang, "rec_deal"), expanded=fresh):
        st.toggle(tr(lang, "rec_deal_known"), key=SessionKey.REC_DEAL_KNOWN)
        if ss[SessionKey.REC_DEAL_KNOWN]:
            for seat, key in zip(SEATS, RECORD_DEAL, strict=True):
                st.text_input(tr(lang, "rec_deal_hand", seat=seat), key=key)
            st.text_input(tr(lang, "rec_deal_kitty"), key=SessionKey.REC_DEAL_KITTY)
        else:
            st.caption(tr(lang, "rec_deal_unknown"))
        st.button(tr(lang, "rec_set_deal"), key="rec_deal_set", on_click=_set_deal)


# ---------------------------------------------------------------------------- the table


def table(rec: Recorder) -> record_view.EntryMode:
    """The table as the recorder sees it, with the cards to click (the seat to play's, or
    every card once when its hand is not known: one suit a row, in rank order), what
    the cards clicked enter (the auction or the play), and what comes next; returns the
    former."""
    lang = ss[SessionKey.LANG]
    tv = record_view.desk(rec, lang)
    trump = rec.replay.computed.trump
    mode: record_view.EntryMode = ss[SessionKey.REC_MODE]
    seat = _tray_seat(rec, mode)
    rows = [
        [render.TrayItem(i.card, i.key, _chosen(i), i.takes_back, i.legal, i.group) for i in row]
        for row in record_view.rows(record_view.tray(rec, seat, mode))
    ]
    html = render.info_html(tv, lang, trump, view.rules_label(lang, rec.replay.rules))
    html += render.table_html(tv, lang, trump)
    locked = rec.waiting is not None or (rec.complete and mode == "play")
    html += render.tray_html(rows, lang, trump, disabled=locked)
    at = f"{ss[SessionKey.REC_KEY]}:{len(rec.write())}:{mode}:{seat}"  # quick clicks all count
    mount(SessionKey.REC_TABLE, html, at, on_pick_change=lambda: _clicked(at))
    st.radio(
        tr(lang, "rec_mode"),
        ["auction", "play"],
        format_func=lambda m: tr(lang, f"rec_mode_{m}"),
        key=SessionKey.REC_MODE,
        horizontal=True,
    )
    st.markdown(f"**{record_view.status(rec, lang, mode)}**")
    return mode


def _chosen(item: record_view.TrayCard) -> int:
    """How many copies of a tray card are chosen (a known hand's button: 0 or 1)."""
    if not item.chosen:
        return 0
    if not item.picker:
        return 1
    pending = Counter(_rec().pending)
    return pending[item.card] if ss[SessionKey.REC_MODE] == "play" else 1


def _tray_seat(rec: Recorder, mode: record_view.EntryMode) -> int | None:
    """The seat whose cards the tray shows: the auction line's, or the seat to play."""
    if mode == "auction":
        return int(ss[SessionKey.REC_BID_SEAT])
    return rec.to_play if rec.to_play is not None else int(ss[SessionKey.REC_SEAT])


def _clicked(at: str) -> None:
    """A card clicked in the tray (on the table drawn for ``at``)."""
    sent = component_value(SessionKey.REC_TABLE, "pick")
    if sent is None or sent.get("at") != at:
        return
    token = str(sent.get("card", ""))
    try:
        card: CardSlot = UNKNOWN if token == str(UNKNOWN) else Card.parse(token)
    except ValueError:
        return
    _pick(card, bool(sent.get("back")))


# ---------------------------------------------------------------------------- entering


def _pick(card: CardSlot, takes_back: bool) -> None:
    """A card clicked: chosen (or taken back) for the seat to play, or in the auction
    line, its token added to the cards of the bid or bury."""
    if ss[SessionKey.REC_MODE] == "auction":
        ss[SessionKey.REC_BID_CARDS] = f"{ss[SessionKey.REC_BID_CARDS]} {card}".strip()
        return
    if takes_back:
        _guarded(_rec().unpick, card)
    else:
        _guarded(_rec().pick, card, _who())


def _finish() -> None:
    _guarded(_rec().finish, _who())


def _typed() -> None:
    text = ss[SessionKey.REC_TYPED]
    if not text.strip():
        return
    try:
        cards, attempted = record_view.typed_play(text)
    except ShengjiError as e:
        _say("error", "rec_bad_cards", error=error_words(e, ss[SessionKey.LANG]))
        return
    seat = _who()
    if _guarded(lambda: _rec().play(cards, attempted=attempted, seat=seat)) is not None:
        ss[SessionKey.REC_TYPED] = ""


def _auction() -> None:
    try:
        event = record_view.auction_event(
            ss[SessionKey.REC_BID_KIND],
            int(ss[SessionKey.REC_BID_SEAT]),
            ss[SessionKey.REC_BID_CARDS],
            ss[SessionKey.REC_BID_STRAIN],
            ss[SessionKey.REC_BID_DRAW],
        )
    except (ShengjiError, ValueError) as e:
        _say("error", "rec_bad_cards", error=error_words(e, ss[SessionKey.LANG]))
        return
    entry = _guarded(_rec().add, event)
    if entry is not None:
        ss[SessionKey.REC_BID_CARDS], ss[SessionKey.REC_BID_DRAW] = "", ""
        if entry.accepted and record_view.play_begun(_rec().hand):
            ss[SessionKey.REC_MODE] = "play"  # the bury done, the play begins


def _undo() -> None:
    undone = _guarded(_rec().undo)
    if undone is None:
        _say("info", "rec_nothing_to_undo")
    else:
        _say("info", "rec_undone", what=undone)


def _accept() -> None:
    _guarded(_rec().accept)


def _discard() -> None:
    _guarded(_rec().discard)


def _failed_throw() -> None:
    _guarded(_rec().accept_failed_throw)


def _write_result() -> None:
    _guarded(_rec().set_result, _rec().rules_result())


def waiting(rec: Recorder) -> None:
    """An entry that breaks a rule waits: why, and the choices (keep it as played,
    take it back, or write the throw as failed)."""
    entry = rec.waiting
    if entry is None:
        return
    lang = ss[SessionKey.LANG]
    st.error(f"**{tr(lang, 'rec_breaks', what=record_view.entry_text(entry, lang))}**")
    for f in entry.blocking:
        st.error(view.finding_markdown(f, lang))
    b1, b2, b3 = st.columns([1.4, 0.8, 2])
    option = rec.failed_throw()  # a throw that fails: usually written as failed
    b1.button(
        tr(lang, "rec_accept"),
        key="rec_accept",
        on_click=_accept,
        type="secondary" if option else "primary",
    )
    b2.button(tr(lang, "rec_discard"), key="rec_discard", on_click=_discard)
    if option is not None:
        forced, blocker = option
        b3.button(
            tr(lang, "rec_failed_throw", seat=blocker, cards=tuple(forced)),
            key="rec_failed_throw",
            on_click=_failed_throw,
            type="primary",
        )


def _auction_line(rec: Recorder) -> None:
    """The bid, bury or fallback being entered (the tray shows the seat's cards)."""
    lang = ss[SessionKey.LANG]
    choose = tr(lang, "choose")
    a1, a2, a3, a4, a5 = st.columns([1.6, 1, 1.6, 1.2, 0.8])
    a1.selectbox(
        tr(lang, "rec_bid_kind"),
        record_view.BID_KINDS,
        format_func=lambda k: tr(lang, f"rec_kind_{k}"),
        key=SessionKey.REC_BID_KIND,
        placeholder=choose,
    )
    a2.selectbox(
        tr(lang, "seat"),
        list(SEATS),
        format_func=lambda s: seat_name(lang, s),
        key=SessionKey.REC_BID_SEAT,
        placeholder=choose,
    )
    a3.text_input(tr(lang, "rec_bid_cards"), key=SessionKey.REC_BID_CARDS)
    a4.selectbox(
        tr(lang, "rec_strain"),
        record_view.STRAINS,
        format_func=lambda s: s or tr(lang, "rec_strain_cards"),
        key=SessionKey.REC_BID_STRAIN,
        placeholder=choose,
    )
    a5.text_input(tr(lang, "rec_draw"), key=SessionKey.REC_BID_DRAW, placeholder="@")
    st.button(
        tr(lang, "rec_enter"),
        key="rec_auction_enter",
        on_click=_auction,
        type="primary",
        disabled=rec.waiting is not None,
    )


def entering(rec: Recorder, mode: record_view.EntryMode) -> None:
    """The auction line or the play's (the seat, the cards typed), the cards to click,
    undo, the result the rules give, and the notice the last action left."""
    lang = ss[SessionKey.LANG]
    waits = rec.waiting is not None
    if mode == "auction":
        _auction_line(rec)
    else:
        if rec.to_play is None and not rec.complete:
            st.selectbox(
                tr(lang, "rec_who"),
                list(SEATS),
                format_func=lambda s: seat_name(lang, s),
                key=SessionKey.REC_SEAT,
                placeholder=tr(lang, "choose"),
            )
    if mode == "play":
        p1, p2 = st.columns([1, 3])
        p1.button(
            tr(lang, "rec_play"),
            key="rec_play",
            on_click=_finish,
            type="primary",
            disabled=not rec.pending or waits,
            shortcut="Enter",
        )
        p2.text_input(
            tr(lang, "rec_typed"),
            key=SessionKey.REC_TYPED,
            on_change=_typed,
            disabled=waits or rec.complete,
            placeholder="s10 hk bj",
        )
        if rec.legal_cards() is not None:
            st.caption(tr(lang, "rec_legal_hint"))
    st.button(
        tr(lang, "rec_undo"), key="rec_undo", on_click=_undo, icon=icons.UNDO, shortcut="Ctrl+Z"
    )
    if rec.complete:
        _recorded, computed = view.result_texts(rec.replay, lang)
        if computed:
            st.success(tr(lang, "rec_result", result=computed))
        if rec.rules_result() is not None and rec.hand.result != rec.rules_result():
            st.button(tr(lang, "rec_write_result"), key="rec_result", on_click=_write_result)
    if ss[SessionKey.REC_MESSAGE]:
        kind, message = ss[SessionKey.REC_MESSAGE]
        {"success": st.success, "error": st.error, "warning": st.warning}.get(kind, st.info)(
            message
        )
        ss[SessionKey.REC_MESSAGE] = None


# ---------------------------------------------------------------------------- the record


def record(rec: Recorder) -> None:
    """The last entry (and what it broke), the record as PSN with its download, and the
    hand's findings."""
    lang = ss[SessionKey.LANG]
    st.subheader(tr(lang, "rec_last"))
    last: Entry | None = rec.last
    if last is not None and last.accepted:
        what = record_view.entry_text(last, lang)
        if last.blocking:
            codes = ", ".join(dict.fromkeys(f.code for f in last.blocking))
            st.warning(tr(lang, "rec_marked", what=what, codes=codes))
        elif what:
            st.caption(tr(lang, "rec_last_ok", what=what))
        for f in last.findings:
            if f not in last.blocking:
                (st.warning if f.is_error else st.info)(view.finding_markdown(f, lang))
    st.subheader(tr(lang, "rec_psn"))
    text = rec.write()
    st.code(text or " ", language=None, wrap_lines=True)
    st.download_button(
        tr(lang, "rec_download"),
        data=text.encode("utf-8"),
        file_name=ss[SessionKey.REC_NAME],
        mime="text/plain",
        key="rec_download",
        icon=icons.DOWNLOAD,
    )
    shown = [f for f in rec.findings if f.severity.value != "info"]
    with st.expander(tr(lang, "rec_findings", n=len(shown)), expanded=False):
        for f in shown:
            (st.error if f.is_error else st.warning)(view.finding_markdown(f, lang))
        if not shown:
            st.caption(tr(lang, "no_findings"))


def keep(rec: Recorder) -> None:
    """Keep the recording on this computer whenever it changed: a reload or the link
    opens it as it is."""
    try:
        ss[SessionKey.REC_SAVED] = record_view.keep(
            ss[SessionKey.REC_KEY], ss[SessionKey.REC_NAME], rec, unless=ss[SessionKey.REC_SAVED]
        )
    except OSError:
        st.error(tr(ss[SessionKey.LANG], "rec_unsaved"))
