"""The charts under the table: the defenders' points over the level bands, the points
of each trick, and (in a file of several hands) both teams' levels hand by hand. A click
on a point goes to its step (or its hand)."""

from __future__ import annotations

from functools import partial

import streamlit as st

from viewer import charts
from viewer.i18n import tr
from viewer.panels import cache
from viewer.panels.controls import jump_to_point
from viewer.panels.hand import Moment, on_hand
from viewer.session import SessionKey

__all__ = ["figures"]

ss = st.session_state


def _hand_jump() -> None:
    """To the hand of the point chosen on the match's chart."""
    target = charts.selected_point(ss.get(SessionKey.CHART_LEVELS))
    if target is not None and target != ss[SessionKey.HAND]:
        ss[SessionKey.HAND] = target
        on_hand()


def figures(here: Moment) -> None:
    """The hand's two charts side by side (a student's: only so far), then the match's."""
    lang, text, name = here.lang, ss[SessionKey.TEXT], ss[SessionKey.NAME]
    st.subheader(tr(lang, "charts"))
    defenders, tricks = cache.hand_figures(
        text, name, here.entry.number, here.line, lang, here.upto, here.step
    )
    for column, figure, key in zip(
        st.columns(2),
        (defenders, tricks),
        (SessionKey.CHART_DEFENDERS, SessionKey.CHART_TRICKS),
        strict=True,
    ):
        with column:
            st.plotly_chart(
                figure,
                key=key,
                on_select=partial(jump_to_point, key),
                selection_mode="points",
                config=charts.plotly_config(lang),
            )
    if len(here.doc.readable) > 1:
        st.plotly_chart(
            cache.match_figure(text, name, lang, here.entry.number),
            key=SessionKey.CHART_LEVELS,
            on_select=_hand_jump,
            selection_mode="points",
            config=charts.plotly_config(lang),
        )
