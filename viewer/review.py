"""The viewer's page (the first page of ``shengji view [FILE]``): a record's hands
stepped through, annotated and analysed. Layout only: each part is a panel of
:mod:`viewer.panels`, drawn from the file shown and the hand at its step."""

from __future__ import annotations

import time

import streamlit as st

from viewer.panels import (
    analyse,
    annotate,
    controls,
    figures,
    hand,
    notes,
    puzzle,
    source,
    table,
    teach,
)
from viewer.session import SessionKey, to_query

started = time.perf_counter()
source.read_url_once()
with st.sidebar:
    source.picker()  # the language, then the file: an example, an upload, a path
doc = source.document_shown()  # or why the file asked for cannot be opened (and stop)
here = hand.moment(doc)  # the title, the hand picker: the hand at its step

with st.sidebar:
    controls.sidebar(here)  # the view, teaching, auto-play, the downloads
controls.steps(here)  # the step buttons
controls.autoplay(here)

# One screen (a laptop's 1366 x 768): the table, the step buttons and the panel of the
# play at this step; the slider, the jumps and the caption under the table.
left, right = st.columns([2.2, 1])
with left:
    table.table(here)  # the table you play on
    if here.puzzle is not None:
        puzzle.question(here)  # a puzzle set: find the play at the end
    elif here.teaching:
        teach.question(here)
    controls.caption(here)
    controls.moves(here)  # the slider, the jumps to findings and annotations
    analyse.mistakes(here)
with right:
    analyse.judgement(here)  # the engine's judgement of the play at this step
    notes.at_step(here)  # the comments, marks and variations at this step
    notes.findings(here)
    notes.log(here)
with left:
    annotate.expander(here)
    analyse.expander(here)
analyse.graph(here)
figures.figures(here)

# The URL keeps the moment: a link (or a reload) opens it again.
query = to_query(st.session_state)
if st.query_params.to_dict() != query:
    st.query_params.from_dict(query)
st.session_state[SessionKey.RUN_SECONDS] = time.perf_counter() - started  # read by a test
analyse.work(here)  # an analysis under way: its next trick, then the page again
