"""The engine's analysis in the viewer: its judgement of the play at the step (and its
best play, to step into), the jumps to the mistakes, the analysis of a hand run from the
page, and the evaluation graph with the per-seat table. The analysis is read from the
record's comments (never run to be shown); a hand is analysed when the user asks."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from notation.analysis.annotations import PlayNote
from notation.psn import parse_hand, write_hand
from viewer import analysis_view, charts, edit
from viewer.i18n import seat_name, tr
from viewer.panels import cache
from viewer.panels.controls import buttons, jump_to_point
from viewer.panels.hand import Moment
from viewer.panels.source import download_button, edited
from viewer.session import SessionKey

__all__ = ["expander", "graph", "judgement", "mistakes"]

ss = st.session_state


def judgement(here: Moment) -> None:
    """The analysis of the play made at this step, in the page's language; a mistake's
    best play can be stepped into (not to a student)."""
    note = here.note
    if note is None or here.teaching:
        return
    lang = here.lang
    st.subheader(tr(lang, "analysis"))
    for words in analysis_view.play_words(here.replay, note, lang):
        st.markdown(words)
    if not analysis_view.has_line(note):
        return

    def try_best(note: PlayNote = note, at: int = here.step) -> None:
        """Step into the engine's best line, entered as a variation of the play (Next
        goes through it, "back to the main line" out of it).

        Exploring is not editing: the line is shown (the text the page replays holds it)
        but the file as the user had it is kept aside, and that is what the download
        gives, what the draft keeps and what counts as edits. The line becomes part of
        the file when the user keeps it (the "keep" button) or edits while in it (a note
        on it, a further line); back on the main line otherwise, it is gone. A variation
        the file has already is simply entered."""
        new_hand, index = analysis_view.with_best_line(here.hand, note, here.trump)
        if new_hand is not here.hand:
            ss[SessionKey.AN_EXPLORED] = ss[SessionKey.TEXT]
            ss[SessionKey.TEXT] = edit.replace_hand(
                ss[SessionKey.TEXT], here.entry.number, new_hand
            )
        ss[SessionKey.LINE], ss[SessionKey.STEP] = [(at, index)], at

    st.button(tr(lang, "an_try_best"), key="an_try_best", on_click=try_best)


def mistakes(here: Moment) -> None:
    """The buttons to the previous and next mistake, everyone's or one seat's."""
    if here.analysis is None or here.teaching:
        return
    lang = here.lang
    marks = st.columns([1.4, 1, 1])
    marks[0].selectbox(
        tr(lang, "mistakes_of"),
        [0, 1, 2, 3, 4],
        format_func=lambda s: seat_name(lang, s) if s else tr(lang, "all_seats"),
        key=SessionKey.AN_SEAT,
        label_visibility="collapsed",
        placeholder=tr(lang, "choose"),
    )
    seat = int(ss[SessionKey.AN_SEAT]) or None
    row = analysis_view.mistake_buttons(lang, here.replay, here.analysis, here.step, seat)
    buttons(marks[1:], row)


def expander(here: Moment) -> None:
    """ "Analyse this hand": what the engine may see, its time per play, the first trick;
    the run (with its progress), then the file with the analysis written in."""
    lang, entry = here.lang, here.entry
    with st.expander(tr(lang, "analyse"), expanded=False):
        tricks = max(1, len(entry.hand.tricks) if entry.hand is not None else 1)
        ss[SessionKey.AN_FROM] = max(1, min(int(ss[SessionKey.AN_FROM]), tricks))
        settings = st.columns(3)
        settings[0].radio(
            tr(lang, "analyse_view"),
            ["player", "hindsight"],
            format_func=lambda v: tr(lang, f"view_{v}"),
            key=SessionKey.AN_VIEW,
        )
        settings[1].select_slider(
            tr(lang, "analyse_budget"), list(analysis_view.BUDGETS), key=SessionKey.AN_BUDGET
        )
        settings[2].number_input(
            tr(lang, "analyse_from"),
            min_value=1,
            max_value=tricks,
            step=1,
            key=SessionKey.AN_FROM,
        )
        run = st.button(
            tr(lang, "analyse_run"), key="analyse_run", type="primary", disabled=bool(here.line)
        )
        if run:
            _run(here)
        if here.analysis is not None:
            download_button(tr(lang, "analyse_download"), "analyse_download")


def _run(here: Moment) -> None:
    """Analyse the hand (a bar shows the plays done), then write the analysis into the
    file: an edit like any other."""
    lang, entry = here.lang, here.entry
    bar = st.progress(0.0)

    def progress(done: int, total: int) -> None:
        ss[SessionKey.AN_RUNS] = ss[SessionKey.AN_RUNS] + (done == 1)  # analyses really run
        bar.progress(done / total, text=tr(lang, "analyse_progress", done=done, total=total))

    assert entry.hand is not None
    result, error = cache.analysed_hand(
        write_hand(entry.hand),
        entry.number,
        str(ss[SessionKey.AN_VIEW]),
        float(ss[SessionKey.AN_BUDGET]),
        int(ss[SessionKey.AN_FROM]),
        lang,
        _progress=progress,
    )
    if error is not None:
        st.error(tr(lang, "analyse_failed", reason=error))
        return
    new_text = edit.replace_hand(ss[SessionKey.TEXT], entry.number, parse_hand(result))
    if new_text != ss[SessionKey.TEXT]:
        edited(new_text)
    ss[SessionKey.MESSAGE] = ("success", tr(lang, "analyse_done"))
    st.rerun()


def graph(here: Moment) -> None:
    """The evaluation graph (a click on a point steps there), the per-seat table, and
    how the engine was run."""
    analysis = here.analysis
    if analysis is None or here.teaching:
        return
    lang = here.lang
    st.subheader(tr(lang, "analysis"))
    st.plotly_chart(
        cache.eval_figure(
            ss[SessionKey.TEXT], ss[SessionKey.NAME], here.entry.number, lang, here.step
        ),
        key=SessionKey.CHART_EVAL,
        on_select=lambda: jump_to_point(SessionKey.CHART_EVAL),
        selection_mode="points",
        config=charts.plotly_config(lang),
    )
    # a table, not a data grid: the grid's toolbar and menus speak only English
    summary = pd.DataFrame(analysis_view.summary_rows(analysis, lang))
    st.table(summary.style.format(precision=1), hide_index=True)
    engine = analysis.engine
    if engine is not None:
        how = tr(
            lang,
            "an_engine",
            version=engine.version,
            view=tr(lang, f"view_{engine.view}"),
            budget=f"{engine.budget:g}",
        )
        st.caption(how + (f" {tr(lang, 'an_stopped')}" if analysis.stopped else ""))
