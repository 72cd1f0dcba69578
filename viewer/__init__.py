"""The Streamlit viewer of shengji records (``shengji view [FILE]``).

``app.py`` starts the two pages, ``review.py`` (the viewer) and ``record.py`` (recording
a hand); they only lay out the panels of :mod:`viewer.panels`, the one place Streamlit is
called. Below them, with no Streamlit: ``document`` reads and replays a file through the
library, ``view`` is the view-model (``record_view`` the recording's, ``analysis_view``
the analysis's), ``edit`` changes annotations and splices variations, ``render`` draws
cards as HTML, ``charts`` builds plotly figures, ``i18n`` holds the English and Chinese
labels, ``session`` the session keys of both pages, ``samples`` records to try.
"""
