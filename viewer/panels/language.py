"""The choice of language at the top of either page's sidebar: one choice for both."""

from __future__ import annotations

from functools import partial
from typing import Final

import streamlit as st

from viewer.i18n import LANGUAGES, tr
from viewer.session import SessionKey, relabel

__all__ = ["language_choice"]

_CODES: Final[tuple[str, ...]] = tuple(LANGUAGES)


def language_choice(labelled: tuple[SessionKey, ...]) -> str:
    """The language radio; returns the language chosen. ``labelled``: the page's choices
    shown by a label, set again when the language changes (see :func:`relabel`)."""
    ss = st.session_state
    st.radio(
        tr(ss[SessionKey.LANG], "language"),
        _CODES,
        format_func=LANGUAGES.__getitem__,
        key=SessionKey.LANG,
        horizontal=True,
        on_change=partial(relabel, ss, labelled),
    )
    lang: str = ss[SessionKey.LANG]
    return lang
