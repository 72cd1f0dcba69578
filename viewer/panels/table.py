"""The table at the step: the chips above it (trump, rank, dealer, levels, points, rule
set, kitty), the four seats around the trick, the result at the end, and the findings
made at this step."""

from __future__ import annotations

import streamlit as st

from viewer import analysis_view, render, view
from viewer.i18n import finding_label, tr
from viewer.panels.hand import Moment
from viewer.session import SessionKey

__all__ = ["table"]


def table(here: Moment) -> None:
    """The table as the view shows it (the analysis's best play outlined, except to a
    student), the result at the end, and this step's findings."""
    lang, rp, state = here.lang, here.replay, here.state
    tv = view.table_view(
        rp,
        here.step,
        lang=lang,
        mode=here.mode,
        viewer=here.seat,
        reveal_kitty=bool(st.session_state[SessionKey.SHOW_KITTY]),
    )
    rules, assumed = view.rules_label(lang, rp.rules), view.rules_assumed(lang, rp)
    st.html(render.info_html(tv, lang, here.trump, rules, assumed))
    best = analysis_view.best_cards_at(here.note) if not here.teaching else {}
    st.html(render.table_html(tv, lang, here.trump, best=best))
    if state.kind.value == "end":
        recorded, computed = view.result_texts(rp, lang)
        if recorded:
            st.markdown(f"**{tr(lang, 'result')}** · {tr(lang, 'recorded')}: {recorded}")
        if computed:
            st.markdown(f"**{tr(lang, 'result')}** · {tr(lang, 'computed')}: {computed}")
    for f in state.findings:
        box = st.error if f.is_error else st.warning
        box(f"**{finding_label(lang, f.code)}** ({f.code}): {view.literal(f.message_in(lang))}")
