"""Recording a hand live (the viewer's second page, ``/record``): layout only.

The recording is a :class:`notation.recorder.Recorder` (the rules check each entry by
replaying the hand), drawn by :mod:`viewer.panels.recording` from the view-model
:mod:`viewer.record_view`. The record is kept on this computer after every change,
under a key the URL names (``?rec=KEY``).
"""

from __future__ import annotations

import time

import streamlit as st

from viewer import icons
from viewer.panels import recording
from viewer.session import SessionKey, recording_to_query

started = time.perf_counter()
st.set_page_config(page_title="Record a hand 记录牌局", page_icon=icons.RECORD, layout="wide")
rec = recording.opened()  # the URL's recording (a reload), one asked for, or a new one
with st.sidebar:
    recording.sidebar()  # the language, a new recording
recording.title()
recording.forms(rec)  # the headers and the deal

left, right = st.columns([2.2, 1])
with left:
    mode = recording.table(rec)  # the table; the cards clicked enter the auction or play
    recording.waiting(rec)  # an entry that breaks a rule, and the choices
    recording.entering(rec, mode)  # the auction line or the play's, the cards to click
with right:
    recording.record(rec)  # the last entry, the record as PSN, the findings

recording.keep(rec)
# The URL names the recording: a link (or a reload) opens it again.
query = recording_to_query(st.session_state)
if st.query_params.to_dict() != query:
    st.query_params.from_dict(query)
st.session_state[SessionKey.REC_RUN_SECONDS] = time.perf_counter() - started  # read by a test
