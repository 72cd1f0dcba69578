"""The viewer's session state: every key in one place, with its default, and the moment
(file, hand, step) kept in the URL so that a link opens the same moment.

The functions take any mutable mapping (``st.session_state`` on the page, a ``dict`` in
tests), so nothing here imports streamlit.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import Any, Final

__all__ = ["DEFAULTS", "K", "from_query", "init", "relabel", "to_query"]


class K:
    """Session keys."""

    LANG = "lang"
    SOURCE = "source"  # "example", "upload" or "path"
    EXAMPLE = "example"  # the bundled example's relative path
    PATH = "path"  # the path typed in
    LOADED = "loaded"  # what the text came from: "example:x.psn", "path:/a/b.psn", "upload:n"
    NAME = "name"  # the file's name, for messages and the download
    TEXT = "text"  # the file's text, with the coach's edits
    EDITS = "edits"  # how many edits since the file was opened
    HAND = "hand"  # 1-based hand number in the file
    STEP = "step"  # the step in the hand (or in the variation being stepped through)
    LINE = "line"  # variations entered: a list of (step, variation index)
    MODE = "mode"  # "open" or "seat"
    SEAT = "seat"  # the seat at the bottom / the one seat's view
    SHOW_KITTY = "show_kitty"
    TEACH = "teach"
    TEACH_GUESS = "teach_guess"
    TEACH_REVEALED = "teach_revealed"  # the step whose answer is shown
    AUTOPLAY = "autoplay"
    SPEED = "speed"
    QUERY_READ = "query_read"  # the URL was read once, at the start of the session
    LANG_READ = "lang_read"  # the URL's language was taken, before either page is drawn
    KEEP_MOMENT = "keep_moment"  # the URL named a hand or step: keep it when the file opens
    CLI_FILE = "cli_file"  # the file named on the command line, if any
    MESSAGE = "message"  # a one-off notice for the next run
    FAILED = "failed"  # why the file asked for could not be opened: shown, and no hand
    SLIDER = "step_slider"
    NOTE_TEXT = "note_text"
    NOTE_GLYPH = "note_glyph"
    NOTE_NAGS = "note_nags"
    NOTE_FOR = "note_for"  # the (hand, step, text) the note editor was filled for
    NEW_LINE = "new_line"  # the alternative a coach types, as PSN, to add as a variation
    DRAFT = "draft"  # the key an upload (and its edits) is kept under; the URL's "up"
    AUTOPLAY_AT = "autoplay_at"  # when auto-play last stepped (time.monotonic)
    RUN_SECONDS = "run_seconds"  # how long the page script took, last run
    CHART_DEFENDERS = "chart_defenders"  # plotly selections (widget keys)
    CHART_TRICKS = "chart_tricks"
    CHART_LEVELS = "chart_levels"
    # choices shown by a label in the page's language: set again when it changes
    LABELLED = (SOURCE, HAND, MODE, SEAT, NOTE_GLYPH)


DEFAULTS: Final[dict[str, Any]] = {
    K.LANG: "en",
    K.SOURCE: "example",
    K.EXAMPLE: None,
    K.PATH: "",
    K.LOADED: None,
    K.NAME: None,
    K.TEXT: None,
    K.EDITS: 0,
    K.HAND: 1,
    K.STEP: 0,
    K.LINE: [],
    K.MODE: "open",
    K.SEAT: 1,
    K.SHOW_KITTY: False,
    K.TEACH: False,
    K.TEACH_GUESS: [],
    K.TEACH_REVEALED: None,
    K.AUTOPLAY: False,
    K.SPEED: 1.0,
    K.QUERY_READ: False,
    K.LANG_READ: False,
    K.KEEP_MOMENT: False,
    K.AUTOPLAY_AT: None,
    K.RUN_SECONDS: None,
    K.CLI_FILE: None,
    K.MESSAGE: None,
    K.FAILED: None,
    K.NEW_LINE: "",
    K.DRAFT: None,
}


def init(session: MutableMapping[str, Any]) -> None:
    """Give every key its default if it has none yet (lists are copied)."""
    for key, value in DEFAULTS.items():
        if key not in session:
            session[key] = list(value) if isinstance(value, list) else value


def relabel(session: MutableMapping[str, Any], keys: tuple[str, ...]) -> None:
    """The language changed: give each choice in ``keys`` its value again.

    A browser keeps a radio's or a select box's choice as its label; set again, the
    value goes to the browser under its new label (else the choice shows as none).
    """
    for key in keys:
        if key in session:
            session[key] = session[key]


def _int(value: Any) -> int | None:
    try:
        return int(str(value))
    except ValueError:
        return None


def from_query(query: Mapping[str, Any]) -> dict[str, Any]:
    """Session values from the URL's query (``?ex=teaching.psn&hand=2&step=14&lang=zh``).

    >>> from_query({"hand": "2", "step": "14", "lang": "zh", "seat": "9"})
    {'hand': 2, 'step': 14, 'lang': 'zh'}
    """
    values: dict[str, Any] = {}
    if "up" in query:
        values[K.SOURCE] = "upload"
        values[K.DRAFT] = str(query["up"])
    elif "ex" in query:
        values[K.SOURCE] = "example"
        values[K.EXAMPLE] = str(query["ex"])
    elif "file" in query:
        values[K.SOURCE] = "path"
        values[K.PATH] = str(query["file"])
    for key in (K.HAND, K.STEP, K.SEAT):
        if key in query:
            number = _int(query[key])
            if number is not None and number >= (0 if key == K.STEP else 1):
                if key == K.SEAT and number > 4:
                    continue
                values[key] = number
    if query.get(K.LANG) in ("en", "zh"):
        values[K.LANG] = query[K.LANG]
    if query.get("view") in ("open", "seat"):
        values[K.MODE] = query["view"]
    return values


def to_query(session: Mapping[str, Any]) -> dict[str, str]:
    """The URL query for the current moment (the inverse of :func:`from_query`)."""
    query: dict[str, str] = {}
    loaded = session.get(K.LOADED) or ""
    if session.get(K.DRAFT) and (loaded.startswith("upload:") or session.get(K.EDITS)):
        query["up"] = str(session[K.DRAFT])  # an upload, or a file with edits: kept copy
    elif loaded.startswith("example:"):
        query["ex"] = loaded.removeprefix("example:")
    elif loaded.startswith("path:"):
        query["file"] = loaded.removeprefix("path:")
    query[K.HAND] = str(session.get(K.HAND, 1))
    if not session.get(K.LINE):
        query[K.STEP] = str(session.get(K.STEP, 0))
    query[K.LANG] = str(session.get(K.LANG, "en"))
    if session.get(K.MODE) == "seat":
        query["view"] = "seat"
        query[K.SEAT] = str(session.get(K.SEAT, 1))
    return query
