"""The table at the step, one component you play on: the chips (trump, rank, dealer,
levels, points, rule set, kitty), the four seats around the trick, the cards of the seat
to move as buttons (with their values, late in the hand or where the record's analysis
has them); the result at the end, and the findings made at this step.

A play clicked (one card, or the cards of a pair, a tractor, a throw, then Play) is, in
review, an alternative entered as a variation from here, valued by the engine where it
can; in teaching mode the student's answer, refused with the rule it breaks if illegal;
at a puzzle's position the student's answer too, refused so, then told right or wrong.
The recording page's table (:func:`recorder_table`) sends each card clicked to the
recorder. The component's HTML is drawn by :mod:`viewer.render`; its CSS and JavaScript
live in ``viewer/table/``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import streamlit as st

from notation.messages import MessageError, error_words, msg
from notation.psn import Hand, PlayNode
from notation.replay import StepKind
from notation.rules.cards import Card
from viewer import analysis_view, edit, render, view
from viewer.i18n import finding_label, seat_name, tr
from viewer.panels import cache
from viewer.panels.hand import Moment
from viewer.session import SessionKey

__all__ = ["component_value", "mount", "puzzle_tried", "table"]

ss = st.session_state

_ASSETS = Path(__file__).resolve().parent.parent / "table"
_COMPONENT = st.components.v2.component(
    "shengji_table",
    css=(_ASSETS / "table.css").read_text(encoding="utf-8"),
    js=(_ASSETS / "table.js").read_text(encoding="utf-8"),
    isolate_styles=False,  # the page's own CSS (and a test's selectors) reach the cards
)


def mount(key: str, html: str, at: str, need: int = 0, **callbacks: Any) -> None:
    """The table component, drawing ``html``; ``at`` names the moment drawn (a click
    made on an earlier one is not taken); ``need``: the cards a follow takes (sent as
    soon as that many are chosen), 0 for a lead (sent with Play)."""
    _COMPONENT(key=key, data={"html": html, "at": at, "need": need}, **callbacks)


def component_value(key: str, name: str) -> Mapping[str, Any] | None:
    """What the component under ``key`` sent as ``name`` (``play``, ``pick``) on this
    run, if anything."""
    got = ss.get(key)
    value = got.get(name) if isinstance(got, Mapping) else getattr(got, name, None)
    return value if isinstance(value, Mapping) else None


def _stamp(here: Moment) -> str:
    return f"{here.entry.number}:{list(here.line)}:{here.step}"


def table(here: Moment) -> None:
    """The table as the view shows it (the analysis's best play outlined, except to a
    student), the cards of the seat to move to click, the result at the end, and this
    step's findings."""
    lang, rp, state = here.lang, here.replay, here.state
    tv = view.table_view(
        rp,
        here.step,
        lang=lang,
        mode=here.mode,
        viewer=here.seat,
        reveal_kitty=bool(ss[SessionKey.SHOW_KITTY]),
    )
    rules, assumed = view.rules_label(lang, rp.rules), view.rules_assumed(lang, rp)
    best = analysis_view.best_cards_at(here.note) if not here.teaching else {}
    play, need, hint = _playable(here, tv)
    html = render.info_html(tv, lang, here.trump, rules, assumed)
    html += render.notices_html(_notices(here))
    html += render.table_html(tv, lang, here.trump, best=best, play=play)
    if play is not None and play.buttons:
        html += render.confirm_html(lang, hint, lead=need == 0)
    mount(
        SessionKey.TABLE,
        html,
        _stamp(here),
        need,
        on_play_change=lambda: _played(here),
    )
    if state.kind.value == "end":
        recorded, computed = view.result_texts(rp, lang)
        if recorded:
            st.markdown(f"**{tr(lang, 'result')}** · {tr(lang, 'recorded')}: {recorded}")
        if computed:
            st.markdown(f"**{tr(lang, 'result')}** · {tr(lang, 'computed')}: {computed}")
    for f in state.findings:
        box = st.error if f.is_error else st.warning
        box(f"**{finding_label(lang, f.code)}** ({f.code}): {view.literal(f.message_in(lang))}")


def _playable(here: Moment, tv: view.TableView) -> tuple[render.Playable | None, int, str]:
    """The seat whose cards are buttons at this step (the seat to move, if its hand is
    shown; in teaching mode the student, asked), how many cards a follow takes, and what
    the table says to do."""
    lang, step = here.lang, here.step
    at = cache.table_play(
        ss[SessionKey.TEXT], ss[SessionKey.NAME], here.entry.number, here.line, step
    )
    values = at.values
    seat: int | None
    if here.asks_puzzle:
        assert here.puzzle is not None
        if ss[SessionKey.PUZZLE_SHOWN] == _puzzle_key(here) or _solved(here):
            return None, 0, ""
        if at.seat != here.puzzle.seat:
            return None, 0, ""  # the record's answer is not the seat to move's: no question
        seat, legal, values = here.puzzle.seat, None, None  # the student is told nothing
    elif here.teaching:
        asked = view.question_at(here.replay, step, here.seat)
        if asked is None or ss[SessionKey.TEACH_REVEALED] == step:
            return None, 0, ""
        seat, legal, values = here.seat, None, None  # the student is told nothing
    else:
        seat, legal = at.seat, at.legal
        nxt = step + 1 < len(here.replay.states) and here.replay.states[step + 1]
        if seat is None or not nxt or (nxt.kind is not StepKind.PLAY and not _line_end(here)):
            seat = None  # no recorded play follows: nothing to branch from
    shown = {s.seat for s in tv.seats if s.cards is not None}
    if seat is None or seat not in shown:
        return _values_only(here, values), 0, ""
    if not ss[SessionKey.SHOW_VALUES] or values is None or values.seat != seat:
        values = None
    trick = here.state.trick if here.state.kind is StepKind.PLAY else ()
    lead = trick[0][1] if trick and len(trick) < len(here.state.hands) else ()  # else: won
    need = len(lead)
    who = seat_name(lang, seat)
    hint = tr(lang, "table_follow", seat=who, n=need) if need else tr(lang, "table_lead", seat=who)
    return (
        render.Playable(
            seat,
            legal,
            values.values if values is not None else {},
            values.best if values is not None else (),
        ),
        need,
        hint,
    )


def _values_only(here: Moment, values: analysis_view.CardValues | None) -> render.Playable | None:
    """Where no card can be clicked (a line's end, a seat's view): the values still on
    the cards of the seat to move, as faces."""
    if here.teaching or here.asks_puzzle or values is None or not ss[SessionKey.SHOW_VALUES]:
        return None
    return render.Playable(values.seat, None, values.values, values.best, buttons=False)


def _played(here: Moment) -> None:
    """A play clicked: the student's answer, or an alternative entered from here."""
    sent = component_value(SessionKey.TABLE, "play")
    if sent is None or sent.get("at") != _stamp(here):
        return  # clicked on a table drawn for another moment
    lang = here.lang
    try:
        cards = tuple(Card.parse(str(c)) for c in sent.get("cards", ()))
    except ValueError:
        return
    if not cards:
        return
    text, name, number = ss[SessionKey.TEXT], ss[SessionKey.NAME], here.entry.number
    tokens = tuple(str(c) for c in cards)
    why = cache.refusal(text, name, number, here.line, here.step, tokens)
    if why is not None:
        said = why.render(lang)
        refused = tr(lang, "table_refused", cards=tuple(cards), why=said)
        ss[SessionKey.TABLE_NOTICE] = ("error", refused)
        return
    ss[SessionKey.TABLE_NOTICE] = None
    if here.asks_puzzle:
        ss[SessionKey.PUZZLE_TRIED] = (*_puzzle_key(here), tokens)
        return
    if here.teaching:
        ss[f"{SessionKey.TEACH_GUESS}_{number}_{here.step}"] = list(tokens)
        ss[SessionKey.TEACH_REVEALED] = here.step
        return
    _enter(here, cards)


def _puzzle_key(here: Moment) -> tuple[str, int]:
    """The puzzle shown, as the session keeps what was tried and shown: (file, hand)."""
    return (ss[SessionKey.NAME], here.entry.number)


def puzzle_tried(here: Moment) -> tuple[Card, ...] | None:
    """The student's last legal play at this puzzle, if any."""
    tried = ss[SessionKey.PUZZLE_TRIED]
    if tried is None or tuple(tried[:2]) != _puzzle_key(here):
        return None
    return tuple(Card.parse(token) for token in tried[2])


def _solved(here: Moment) -> bool:
    tried = puzzle_tried(here)
    return here.puzzle is not None and tried is not None and here.puzzle.solves(tried)


def _line_end(here: Moment) -> bool:
    """True at the last play of a variation line entered (only the trick won and the
    hand's end come after it in the line): a play clicked here goes on with the line, it
    starts no new one."""
    after = here.replay.states[here.step + 1 :]
    ends = bool(after) and after[-1].kind is StepKind.END
    return bool(here.line) and ends and all(s.kind is StepKind.TRICK for s in after[:-1])


def _enter(here: Moment, cards: tuple[Card, ...]) -> None:
    """The play clicked, entered as a variation of the play recorded next (or the one
    the record has already), or, at the end of a line entered, as the line's next play;
    explored as the engine's best play is: the file as the user had it is kept aside
    until the line is kept or edited."""
    at = here.step + 1
    entry = here.entry
    assert entry.hand is not None
    into = entry.hand if here.line else None
    line = list(ss[SessionKey.LINE])
    try:
        if _line_end(here):
            new_hand = _extended(here, cards)
            at = here.last  # the new play's step: before the hand's end, after a trick won
        else:
            target = edit.target_of(here.hand, here.replay.states[at])
            if target is None or target.kind != "play":
                return
            mover = here.hand.tricks[target.index].plays[target.play].seat
            new_hand, index = analysis_view.with_alternative(
                here.hand, target, mover, cards, here.trump, into
            )
            line.append((at, index))
    except ValueError as e:
        ss[SessionKey.TABLE_NOTICE] = ("error", error_words(e, here.lang))
        return
    old = into if into is not None else here.hand
    if new_hand is not old:
        if ss[SessionKey.AN_EXPLORED] is None:
            ss[SessionKey.AN_EXPLORED] = ss[SessionKey.TEXT]
        ss[SessionKey.TEXT] = edit.replace_hand(ss[SessionKey.TEXT], entry.number, new_hand)
    ss[SessionKey.LINE], ss[SessionKey.STEP] = line, at
    ss[SessionKey.TABLE_TRIED] = (entry.number, tuple(line), at, here.step, here.line)


def _extended(here: Moment, cards: tuple[Card, ...]) -> Hand:
    """The file's hand with ``cards``, played by the seat to move, written at the end of
    the variation line entered (the innermost variation)."""
    entry, text, name = here.entry, ss[SessionKey.TEXT], ss[SessionKey.NAME]
    assert entry.hand is not None and here.line
    *before, (branch, index) = here.line
    parent = cache.line_replay(text, name, entry.number, tuple(before))
    variation = parent.states[branch].event.variations[index]
    seat = cache.table_play(text, name, entry.number, here.line, here.step).seat
    if seat is None:
        raise MessageError(msg("edit.not-in-file"))
    state = here.state  # the trick under way, or won (its four plays made): the next
    under_way = state.kind is StepKind.PLAY and len(state.trick) < len(state.hands)
    trick = state.trick_number if under_way else state.trick_number + 1
    shown = here.trump.sorted(cards) if here.trump is not None else cards
    return edit.extend_variation(entry.hand, variation, trick, PlayNode(seat, tuple(shown)))


def _notices(here: Moment) -> list[tuple[str, str]]:
    """What the last click left to say, each with its kind (``error``, ``info``): a play
    refused and why; the alternative just entered, its value and the best reply, where
    the engine has them."""
    lang = here.lang
    said: list[tuple[str, str]] = []
    notice = ss[SessionKey.TABLE_NOTICE]
    if notice is not None:
        said.append(notice)
        ss[SessionKey.TABLE_NOTICE] = None
    tried = ss[SessionKey.TABLE_TRIED]
    if tried is None or here.teaching:
        return said
    number, line, at, before, parent = tried
    if (number, line, at) != (here.entry.number, here.line, here.step):
        return said
    text, name = ss[SessionKey.TEXT], ss[SessionKey.NAME]
    made = getattr(here.state.event, "cards", ())
    then = cache.table_play(text, name, number, parent, before).values
    worth = {then.values.get(c) for c in made} if then is not None else set()
    if then is not None and len(worth) == 1 and None not in worth:
        value = worth.pop()
        assert value is not None
        how = tr(lang, "an_proved" if then.exact else "an_estimated")
        said.append(
            (
                "info",
                tr(
                    lang,
                    "table_tried",
                    seat=seat_name(lang, then.seat),
                    cards=tuple(made),
                    value=render.value_text(value),
                    how=how,
                ),
            )
        )
    reply = cache.table_play(text, name, number, here.line, here.step).values
    if reply is not None and reply.best:
        said.append(
            (
                "info",
                tr(
                    lang,
                    "table_reply",
                    seat=seat_name(lang, reply.seat),
                    cards=tuple(reply.best),
                    value=render.value_text(reply.values[reply.best[0]]),
                ),
            )
        )
    return said
