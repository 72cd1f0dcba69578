"""The engine's analysis in the viewer: its judgement of the play at the step (and its
best play, to step into), the jumps to the mistakes, the analysis of a hand run from the
page, and the evaluation graph with the per-seat table. The analysis is read from the
record's comments (never run to be shown); a hand is analysed when the user asks."""

from __future__ import annotations

import streamlit as st

from notation.analysis.annotations import PlayNote, verdict_words
from notation.psn import Hand, parse_hand, write_hand
from viewer import analysis_view, charts, edit, view
from viewer.i18n import seat_name, tr
from viewer.panels import cache
from viewer.panels.controls import buttons, go, jump_to_point
from viewer.panels.hand import Moment
from viewer.panels.source import download_button, edited
from viewer.session import SessionKey

__all__ = ["expander", "graph", "judgement", "mistakes", "work"]

ss = st.session_state
TICK = 0.2  # seconds the page stands between two tricks of an analysis


def judgement(here: Moment) -> None:
    """The analysis of the play made at this step, in the page's language; a mistake's
    best play can be stepped into (not to a student)."""
    note = here.note
    if here.teaching:
        return
    lang = here.lang
    if note is None:  # a bury or a bid the analysis judged
        choice = None
        if here.analysis is not None:
            choice = analysis_view.choice_at(here.replay, here.analysis, here.step)
        if choice is not None:
            st.subheader(tr(lang, "analysis"))
            for words in analysis_view.choice_words(here.replay, choice, lang):
                st.markdown(words)
        return
    st.subheader(tr(lang, "analysis"))
    for words in analysis_view.play_words(here.replay, note, lang):
        st.markdown(words)
    if not analysis_view.has_line(note) or ss[SessionKey.AN_JOB] is not None:
        return  # (not while an analysis writes into the file)

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
    the run (a trick at a time, each shown as it is judged, with a bar and a button to
    stop), then the file with the analysis written in."""
    lang, entry = here.lang, here.entry
    job: analysis_view.AnalysisJob | None = ss[SessionKey.AN_JOB]
    notice = ss[SessionKey.AN_NOTICE]
    with st.expander(tr(lang, "analyse"), expanded=job is not None or bool(notice)):
        tricks = max(1, len(entry.hand.tricks) if entry.hand is not None else 1)
        ss[SessionKey.AN_FROM] = max(1, min(int(ss[SessionKey.AN_FROM]), tricks))
        settings = st.columns(3)
        settings[0].radio(
            tr(lang, "analyse_view"),
            ["player", "hindsight"],
            format_func=lambda v: tr(lang, f"view_{v}"),
            key=SessionKey.AN_VIEW,
            disabled=job is not None,
        )
        settings[1].select_slider(
            tr(lang, "analyse_budget"),
            list(analysis_view.BUDGETS),
            key=SessionKey.AN_BUDGET,
            disabled=job is not None,
        )
        settings[2].number_input(
            tr(lang, "analyse_from"),
            min_value=1,
            max_value=tricks,
            step=1,
            key=SessionKey.AN_FROM,
            disabled=job is not None,
        )
        if job is not None:
            done, total = job.run.progress
            text = tr(lang, "analyse_progress", done=done, total=total)
            st.progress(done / max(total, 1), text=text)
            st.button(tr(lang, "analyse_stop"), key="analyse_stop", on_click=_stop)
            ss[SessionKey.AN_SHOWN] = [*ss[SessionKey.AN_SHOWN], done]
            return
        run = st.button(
            tr(lang, "analyse_run"), key="analyse_run", type="primary", disabled=bool(here.line)
        )
        if run:
            _start(here)
        if ss[SessionKey.AN_NOTICE]:  # how the last analysis ended, said once
            st.success(ss[SessionKey.AN_NOTICE])
            ss[SessionKey.AN_NOTICE] = None
        if here.analysis is not None:
            download_button(tr(lang, "analyse_download"), "analyse_download")


def _start(here: Moment) -> None:
    """Start analysing the hand (its first trick is judged at the end of this run, the
    others one a run: :func:`work`); a hand analysed before with the same settings in
    this session is taken as it was."""
    lang, entry = here.lang, here.entry
    assert entry.hand is not None
    view, budget = str(ss[SessionKey.AN_VIEW]), float(ss[SessionKey.AN_BUDGET])
    first = int(ss[SessionKey.AN_FROM])
    key = (write_hand(entry.hand), entry.number, view, budget, first, lang)
    finished: dict[tuple[str, int, str, float, int, str], str] = ss[SessionKey.AN_DONE] or {}
    if key in finished:
        _finish(here.lang, entry.number, ss[SessionKey.TEXT], parse_hand(finished[key]))
        st.rerun()
    run = analysis_view.AnalysisRun.start(
        entry.hand, entry.number, view=view, budget=budget, first_trick=first, lang=lang
    )
    if run.error is not None:
        st.error(tr(lang, "analyse_failed", reason=run.error))
        return
    ss[SessionKey.AN_RUNS] = ss[SessionKey.AN_RUNS] + 1  # analyses really run
    ss[SessionKey.AN_SHOWN] = []
    ss[SessionKey.AN_JOB] = analysis_view.AnalysisJob(run, ss[SessionKey.TEXT], key, _file())


def _file() -> tuple[str, int]:
    """The file shown and the edits made to it: an analysis under way writes into it
    only while they stay the same."""
    return str(ss[SessionKey.LOADED]), int(ss[SessionKey.EDITS])


def work(here: Moment) -> None:
    """The analysis under way, if one is: the next trick's plays judged and the page
    shown again with them (so the first plays show within seconds and the rest fill
    in). Called last on the page, after everything is drawn; an edit made meanwhile
    (the file is no longer the one the analysis writes into) ends it where it is."""
    job: analysis_view.AnalysisJob | None = ss[SessionKey.AN_JOB]
    if job is None:
        return
    if job.file != _file() or ss[SessionKey.AN_EXPLORED] is not None:
        ss[SessionKey.AN_JOB] = None  # another file, an edit, a line explored: it ends
        return
    ss[SessionKey.TEXT] = job.step()
    if job.run.done:
        ss[SessionKey.AN_JOB] = None
        finished = ss[SessionKey.AN_DONE] or {}
        ss[SessionKey.AN_DONE] = {**finished, job.key: write_hand(job.run.annotated())}
        _finish(here.lang, job.run.number, job.text, job.run.annotated())
        st.rerun()
    ss[SessionKey.AN_ARMED] = False
    _next_trick()


@st.fragment(run_every=TICK)
def _next_trick() -> None:
    """Show the page again, soon after it is drawn, for the next trick of the analysis:
    the page as it stands (its Stop button) is the user's between two tricks. The
    fragment runs once as the page is drawn (then it only arms itself), and again on
    its timer (then the whole page runs, :func:`work` judging the next trick)."""
    if ss[SessionKey.AN_JOB] is None:
        return
    if ss[SessionKey.AN_ARMED]:
        st.rerun()
    ss[SessionKey.AN_ARMED] = True


def _stop() -> None:
    """Stop the analysis: the plays judged so far stay in the file."""
    job: analysis_view.AnalysisJob | None = ss[SessionKey.AN_JOB]
    ss[SessionKey.AN_JOB] = None
    if job is None or job.file != _file() or ss[SessionKey.AN_EXPLORED] is not None:
        return
    lang = job.run.lang
    done, total = job.run.progress
    _finish(lang, job.run.number, job.text, job.run.annotated())
    ss[SessionKey.AN_NOTICE] = tr(lang, "analyse_stopped", done=done, total=total)


def _finish(lang: str, number: int, text: str, hand: Hand) -> None:
    """Write the analysed ``hand`` into the file as it was (``text``): one edit."""
    ss[SessionKey.TEXT] = text
    new_text = edit.replace_hand(text, number, hand)
    if new_text != text:
        edited(new_text)
    ss[SessionKey.AN_NOTICE] = tr(lang, "analyse_done")


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
    st.table(analysis_view.summary_rows(analysis, lang), hide_index=True)
    _choices_and_moments(here)
    engine = analysis.engine
    if engine is not None:
        how = engine.words(lang)
        st.caption(how + (f" {tr(lang, 'an_stopped')}" if analysis.stopped else ""))


def _choices_and_moments(here: Moment) -> None:
    """The choices before the play judged (the bury, the declarations), each a button to
    its step, with its class; and the key moments as the record holds them (the
    decisions that cost the most level result, then points), in the page's words, each a
    button to its step."""
    analysis, lang = here.analysis, here.lang
    assert analysis is not None
    for choice in analysis.choices:
        event = here.hand.auction[choice.index]
        at = next((s.step for s in here.replay.states if s.event is event), None)
        said = f"{view.event_text(event, lang)} · {verdict_words(choice.verdict, lang)}"
        st.button(said, key=f"an_choice_{choice.index}", on_click=go, args=(at,))
    if analysis.moments:
        st.markdown(f"**{tr(lang, 'an_moments')}**")
    for i, moment in enumerate(analysis.moments):  # the costliest first
        said = moment.message().render(lang)
        at = analysis_view.moment_step(here.replay, analysis, moment)
        if at is None:  # a counter not made: no step holds it
            st.markdown(said)
        else:
            st.button(said, key=f"an_moment_{i}", on_click=go, args=(at,))
