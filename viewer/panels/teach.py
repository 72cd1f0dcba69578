"""Teaching mode: before each play of the student's seat, "what would you play?"; the
answer revealed on request, compared with the game and graded by the engine."""

from __future__ import annotations

import streamlit as st

from notation.analysis.annotate import is_engine_comment
from notation.rules.cards import Card
from viewer import analysis_view, view
from viewer.i18n import glyph_label, tr
from viewer.panels import cache
from viewer.panels.hand import Moment
from viewer.session import SessionKey

__all__ = ["question"]

ss = st.session_state


def question(here: Moment) -> None:
    """The student's question at this step (or that the seat waits for its turn); once
    revealed, the play made, the student's compared with it, and the grade."""
    lang, rp, step, seat = here.lang, here.replay, here.step, here.seat
    asked = view.question_at(rp, step, seat)
    if asked is None:
        st.info(tr(lang, "teach_wait", seat=seat))
        return
    st.subheader(tr(lang, "teach_question", seat=seat))
    # the student's cards are clicked on the table (viewer.panels.table): their tokens
    guess_key = f"{SessionKey.TEACH_GUESS}_{here.entry.number}_{step}"
    if ss[SessionKey.TEACH_REVEALED] != step:
        st.caption(tr(lang, "teach_click"))

        def reveal(at: int = step) -> None:
            ss[SessionKey.TEACH_REVEALED] = at

        st.button(tr(lang, "teach_reveal"), key="teach_reveal", on_click=reveal)
        return
    picked = [Card.parse(token) for token in ss.get(guess_key) or []]
    guess = [str(c) for c in picked]
    st.success(tr(lang, "teach_actual", cards=tuple(asked.cards)))
    if not guess:
        st.caption(tr(lang, "teach_no_guess"))
    elif view.same_cards(guess, asked):
        st.success(tr(lang, "teach_same"))
    else:
        st.warning(tr(lang, "teach_differs", cards=tuple(picked)))
    graded = (
        cache.teach_grade(
            ss[SessionKey.TEXT], ss[SessionKey.NAME], here.entry.number, step, tuple(guess)
        )
        if guess and not here.line  # graded on the record's own line
        else None
    )
    if guess and graded is None:
        st.caption(tr(lang, "teach_grade_none"))
    elif graded is not None and not graded.legal:
        st.warning(tr(lang, "teach_grade_illegal"))
    elif graded is not None:
        as_good, words = analysis_view.grade_words(graded, lang)
        (st.success if as_good else st.warning)(words)
    for _target, note in view.notes_at(here.hand, rp.states[step + 1]):
        for c in note.comments:
            if is_engine_comment(c):
                continue
            st.markdown(f"> {view.literal(c.remark_in(lang) or c.text)}")
        if note.nags:
            st.caption(" ".join(glyph_label(lang, n) for n in note.nags))
