"""The viewer's controls: how the hand is shown and what can be downloaded (the
sidebar), the buttons and the slider that step through the hand, and auto-play."""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from notation.handout import handout_html
from notation.image import table_png
from viewer import charts, document, view
from viewer.i18n import seat_name, tr
from viewer.panels.hand import Moment
from viewer.panels.source import download_button
from viewer.session import SessionKey

__all__ = [
    "autoplay",
    "buttons",
    "caption",
    "go",
    "jump_to_point",
    "moves",
    "sidebar",
    "steps",
]

ss = st.session_state


def go(target: int | None) -> None:
    """To step ``target`` (nowhere if ``None``)."""
    if target is not None:
        ss[SessionKey.STEP] = target


def move(delta: int) -> None:
    """``delta`` steps on (back if negative) from the step the hand is at now."""
    ss[SessionKey.STEP] = max(0, int(ss[SessionKey.STEP]) + delta)


def _slide() -> None:
    ss[SessionKey.STEP] = ss[SessionKey.SLIDER]


def jump_to_point(key: str) -> None:
    """To the step of the point chosen on the chart whose widget key is ``key``."""
    go(charts.selected_point(ss.get(key)))


def buttons(columns: Sequence[DeltaGenerator], row: Sequence[view.StepButton]) -> None:
    """A row of step buttons, one in each column."""
    for column, button in zip(columns, row, strict=True):
        step_button(column, button)


def step_button(where: DeltaGenerator, button: view.StepButton) -> None:
    """One step button, drawn in ``where``."""
    where.button(
        button.label,
        key=button.key,
        on_click=move if button.by else go,
        args=(button.by or button.to,),
        shortcut=button.shortcut,
        disabled=button.to is None,
        width="stretch",
        icon=button.icon,
        icon_position=button.icon_position,
    )


def sidebar(here: Moment) -> None:
    """The sidebar's lower part: the view (every hand or one seat's), the kitty, teaching
    mode, auto-play; the downloads (the file, the handout, a picture of the table)."""
    lang = here.lang
    st.subheader(tr(lang, "view"))
    st.radio(
        tr(lang, "view"),
        ["open", "seat"],
        format_func=lambda m: tr(lang, "open_hands" if m == "open" else "seat_view"),
        key=SessionKey.MODE,
        horizontal=True,
        label_visibility="collapsed",
        disabled=here.teaching,
    )
    st.selectbox(
        tr(lang, "seat"),
        [1, 2, 3, 4],
        format_func=lambda s: seat_name(lang, s),
        key=SessionKey.SEAT,
        placeholder=tr(lang, "choose"),
    )
    st.toggle(tr(lang, "show_kitty"), key=SessionKey.SHOW_KITTY, disabled=here.teaching)
    st.toggle(
        tr(lang, "show_values"),
        key=SessionKey.SHOW_VALUES,
        help=tr(lang, "show_values_help"),
        disabled=here.teaching,
    )
    st.toggle(tr(lang, "teaching"), key=SessionKey.TEACH, help=tr(lang, "teaching_help"))
    st.divider()
    st.toggle(tr(lang, "autoplay"), key=SessionKey.AUTOPLAY)
    st.slider(tr(lang, "speed"), 0.3, 5.0, step=0.1, key=SessionKey.SPEED)
    st.divider()
    download_button(tr(lang, "download"), "download")
    if ss[SessionKey.EDITS]:
        st.caption(tr(lang, "edited", n=ss[SessionKey.EDITS]))
    stem = Path(document.download_name(ss[SessionKey.NAME])).stem
    number = here.entry.number

    # Made only when clicked (a callable's bytes): a picture takes ~70 ms.
    def handout() -> bytes:
        return handout_html(here.replay, here.findings, lang).encode("utf-8")

    def picture() -> bytes:
        return table_png(
            here.replay,
            here.step,
            lang,
            seats=None if here.mode == "open" else {here.seat},
            reveal_kitty=bool(ss[SessionKey.SHOW_KITTY]),
        )

    st.download_button(
        tr(lang, "handout"),
        data=handout,
        file_name=f"{stem}-hand{number}.html",
        mime="text/html",
        key="handout",
        on_click="ignore",
    )
    st.download_button(
        tr(lang, "table_png"),
        data=picture,
        file_name=f"{stem}-hand{number}-step{here.step}.png",
        mime="image/png",
        key="table_png",
        on_click="ignore",
    )


def steps(here: Moment) -> None:
    """Where the hand is (in a variation: which) and the buttons that step through it,
    in one row that wraps on a narrow screen (a phone: Next and Previous first)."""
    lang, rp, step = here.lang, here.replay, here.step
    if here.line:
        branch = rp.states[min(here.line[-1][0], here.last)]  # the line's alternative
        st.info(
            tr(lang, "in_variation", depth=len(here.line), text=view.step_label(lang, branch, rp))
        )
    row = st.container(horizontal=True, key="nav_row", gap="small")
    for button in view.step_buttons(lang, rp, step):
        step_button(row, button)


def moves(here: Moment) -> None:
    """The slider over the hand's steps, and the jumps to the previous and next finding
    and annotation."""
    lang, rp, step = here.lang, here.replay, here.step
    if here.last > 0:
        ss[SessionKey.SLIDER] = step
        st.slider(
            tr(lang, "step"),
            0,
            here.last,
            key=SessionKey.SLIDER,
            on_change=_slide,
            label_visibility="collapsed",
        )
    jumps = view.jump_buttons(lang, rp, step, here.findings, here.teaching)
    buttons(st.columns(4), jumps)


def caption(here: Moment) -> None:
    """The step, what happened at it, and the keys that step."""
    lang = here.lang
    said = view.step_label(lang, here.state, here.replay)
    st.caption(f"{tr(lang, 'step')} {here.step} / {here.last} · {said} · {tr(lang, 'keys_hint')}")


def autoplay(here: Moment) -> None:
    """Auto-play: a step every ``speed`` seconds until the hand's end."""

    @st.fragment(run_every=float(ss[SessionKey.SPEED]) if ss[SessionKey.AUTOPLAY] else None)
    def tick() -> None:
        if not ss[SessionKey.AUTOPLAY]:
            return
        now = time.monotonic()
        due = float(ss[SessionKey.AUTOPLAY_AT] or 0.0) + float(ss[SessionKey.SPEED]) * 0.9
        if now < due:
            return
        ss[SessionKey.AUTOPLAY_AT] = now
        if ss[SessionKey.STEP] < here.last:
            ss[SessionKey.STEP] = ss[SessionKey.STEP] + 1
        else:
            ss[SessionKey.AUTOPLAY] = False
        st.rerun(scope="app")

    if ss[SessionKey.AUTOPLAY] and ss[SessionKey.AUTOPLAY_AT] is None:
        ss[SessionKey.AUTOPLAY_AT] = time.monotonic()
    if not ss[SessionKey.AUTOPLAY]:
        ss[SessionKey.AUTOPLAY_AT] = None
    tick()
