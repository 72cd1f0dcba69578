"""``shengji view [FILE]``: the viewer's two pages (the viewer, ``review.py``, and the
recording of a hand, ``record.py``) in the language a link or the command line asks
for, with Streamlit's own words in that language too. Layout only: the pages lay out
the panels of :mod:`viewer.panels`; data and logic live in the modules beside them.
"""

from __future__ import annotations

import sys
from pathlib import Path

import streamlit as st

from viewer import icons, render
from viewer.i18n import tr
from viewer.panels.source import UPLOAD_TYPES
from viewer.session import SessionKey, from_query, init

st.set_page_config(page_title="Shengji viewer 升级复盘", page_icon=icons.APP, layout="wide")
ss = st.session_state
init(ss)

# The pages' titles are in the language the link asks for, from the first run on.
if not ss[SessionKey.LANG_READ]:  # once a session: on either page, the user may switch after
    ss[SessionKey.LANG_READ] = True
    # ``shengji view --lang zh`` passes ``--lang=zh`` to this script; a link's ?lang= wins.
    given = next((a[len("--lang=") :] for a in sys.argv[1:] if a.startswith("--lang=")), "")
    started = given if given in ("en", "zh") else ss[SessionKey.LANG]
    wanted = from_query(st.query_params.to_dict())
    ss[SessionKey.LANG] = wanted.get(SessionKey.LANG, started)

lang = ss[SessionKey.LANG]
pages = Path(__file__).parent  # the page scripts lie beside this one
page = st.navigation(
    [
        st.Page(
            pages / "review.py", title=tr(lang, "page_viewer"), icon=icons.REVIEW, default=True
        ),
        st.Page(
            pages / "record.py", title=tr(lang, "page_record"), icon=icons.RECORD, url_path="record"
        ),
    ]
)
# Streamlit's own words (the uploader, the main menu, the skip link …) in the page's
# language, on both pages: Streamlit has no API for them.
streamlit_words = render.streamlit_css(
    lang,
    upload_mb=int(st.get_option("server.maxUploadSize")),
    upload_types=UPLOAD_TYPES,
    version=st.__version__,
)
if streamlit_words:
    st.html(streamlit_words)
page.run()
