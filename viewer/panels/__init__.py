"""The parts of the viewer's pages, each drawn by its own module: the page scripts
(``viewer/review.py``, ``viewer/record.py``) only lay them out.

``source`` opens the file (the sidebar's picker) and says why it cannot be; ``hand``
draws the title and the hand picker and gives the :class:`~viewer.panels.hand.Moment`
every other panel draws from; ``controls`` the view's options, the downloads and the
buttons that step through the hand; ``table`` the table at the step; ``teach`` the
student's question; ``puzzle`` a puzzle set's question and answer; ``notes`` the
annotations, variations, findings and the log;
``annotate`` the coach's editor; ``analyse`` the engine's analysis; ``figures`` the
charts; ``recording`` the recording page's forms, tray and record. ``cache`` holds
what is computed once and shared (the file read, replays, figures). Data and logic live
in the modules beside this package, with no Streamlit in them.
"""
