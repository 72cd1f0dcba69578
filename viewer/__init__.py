"""The Streamlit viewer of shengji records (``shengji view [FILE]``).

``app.py`` is the page (layout only); ``document`` reads and replays a file through the
library, ``view`` is the view-model, ``edit`` changes annotations and splices
variations, ``render`` draws cards as HTML, ``charts`` builds plotly figures, ``i18n``
holds the English and Chinese labels, ``session`` the session keys of both pages.
"""
