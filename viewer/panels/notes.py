"""The right of the table: the annotations at the step (comments, marks, variations to
enter), the findings of the hand, and the log of its events."""

from __future__ import annotations

import streamlit as st

from notation.analysis.annotate import is_engine_comment
from notation.psn.model import LANG_COMMAND
from viewer import icons, view
from viewer.i18n import glyph_label, tr
from viewer.panels.controls import go
from viewer.panels.hand import Moment
from viewer.panels.source import edited
from viewer.session import SessionKey

__all__ = ["at_step", "findings", "log"]

ss = st.session_state


def at_step(here: Moment) -> None:
    """The comments and marks at this step, and its variations (each can be entered);
    in a variation, the way back (and the engine's line, if only explored, to keep)."""
    lang, step = here.lang, here.step
    st.subheader(tr(lang, "annotations"))
    shown = view.notes_at(here.hand, here.state)
    if not shown:
        st.caption(tr(lang, "no_annotations"))
    for target, note in shown:
        for c in note.comments:
            if is_engine_comment(c):  # the analysis: shown above, in the page's language
                continue
            st.markdown(f"{icons.COMMENT} {view.literal(c.remark_in(lang) or c.text)}")
            for cmd in c.commands:
                if cmd.name != LANG_COMMAND:  # the text is shown in the page's language
                    st.caption(view.literal(f"[%{cmd.name} {cmd.args}]"))
        if note.nags:
            st.markdown(
                f"**{tr(lang, 'glyphs')}**: " + ", ".join(glyph_label(lang, n) for n in note.nags)
            )
        for i, variation in enumerate(note.variations):
            text = view.variation_text(variation, lang)

            def enter(at: int = step, index: int = i) -> None:
                ss[SessionKey.LINE] = [*ss[SessionKey.LINE], (at, index)]
                ss[SessionKey.STEP] = at

            st.markdown(
                f"{icons.VARIATION} **{tr(lang, 'variation', n=i + 1)}**: {view.literal(text)}"
            )
            for c in variation.comments:
                st.caption(view.literal(c.remark_in(lang) or c.text))
            if not here.teaching:
                st.button(
                    tr(lang, "enter_variation", n=i + 1),
                    key=f"var_{target.kind}_{target.index}_{target.play}_{i}",
                    on_click=enter,
                )
    if not here.line:
        return

    def back() -> None:
        back_to = ss[SessionKey.LINE][-1][0]
        ss[SessionKey.LINE] = ss[SessionKey.LINE][:-1]
        ss[SessionKey.STEP] = back_to

    st.button(tr(lang, "back_main"), key="back_main", on_click=back, type="primary")
    if ss[SessionKey.AN_EXPLORED] is not None:  # the engine's line, explored: not in the file

        def keep_line() -> None:
            edited(ss[SessionKey.TEXT])
            ss[SessionKey.MESSAGE] = ("success", tr(lang, "an_line_kept"))

        st.caption(tr(lang, "an_explored"))
        st.button(tr(lang, "an_keep_line"), key="an_keep_line", on_click=keep_line)


def findings(here: Moment) -> None:
    """The hand's findings (a student's: only those so far), each a button to its step."""
    lang = here.lang
    st.subheader(tr(lang, "findings"))
    if not here.findings:
        st.caption(tr(lang, "no_findings"))
    with st.container(height=220 if here.findings else "content"):
        for n, f in enumerate(here.findings):
            cols = st.columns([3, 1])
            cols[0].markdown(view.finding_markdown(f, lang))
            cols[1].button(
                tr(lang, "goto"),
                key=f"finding_{n}",
                on_click=go,
                args=(f.step or 0,),
                type="primary" if (f.step or 0) == here.step else "secondary",
            )


def log(here: Moment) -> None:
    """The hand's events (a student's: only so far), each a button to its step."""
    lang = here.lang
    st.subheader(tr(lang, "log"))
    entries = view.log_entries(here.replay, lang, upto=here.upto)
    current = view.entry_at(entries, here.step)
    with st.container(height=360):
        for i, item in enumerate(entries):
            marks = (f"{icons.WARNING} " if item.findings else "") + (
                f"{icons.COMMENT} " if item.annotated else ""
            )
            label = f"{marks}{item.text}" + (f"  \n{item.plays}" if item.plays else "")
            st.button(
                label,
                key=f"log_{i}",
                on_click=go,
                args=(item.step,),
                type="primary" if i == current else "tertiary",
                width="stretch",
            )
