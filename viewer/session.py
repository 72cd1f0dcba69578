"""The session of both pages: every key of ``st.session_state`` in one place, each with
what it holds and its first value; and what the URL keeps (the viewer's moment: file,
hand, step; teaching mode and the student's seat, so a coach's link asks the question
at that step; the recording's key) so that a link or a reload opens the same.

The functions take any mapping with string keys (``st.session_state`` on a page, a
``dict`` in tests), so nothing here imports streamlit.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, Final, Protocol, overload

from notation.analysis.evaluate import View
from viewer.analysis_view import DEFAULT_BUDGET

__all__ = [
    "DEFAULTS",
    "RECORD_DEAL",
    "RECORD_LABELLED",
    "RECORD_PLAYERS",
    "VIEWER_LABELLED",
    "Session",
    "SessionKey",
    "from_query",
    "init",
    "open_later",
    "recording_from_query",
    "recording_to_query",
    "relabel",
    "to_query",
]


class Session(Protocol):
    """The session's values by key: ``st.session_state`` on a page, a ``dict`` in tests."""

    def __getitem__(self, key: str, /) -> Any: ...

    def __setitem__(self, key: str, value: Any, /) -> None: ...

    def __contains__(self, key: object, /) -> bool: ...

    @overload
    def get(self, key: str, /) -> Any: ...

    @overload
    def get(self, key: str, default: Any, /) -> Any: ...


class SessionKey(StrEnum):
    """The keys of the session's values (a widget's key is its value's)."""

    # --- both pages
    LANG = "lang"  # the pages' language, "en" or "zh": one choice for both pages
    LANG_READ = "lang_read"  # the URL's language was taken, before either page is drawn

    # --- the viewer: the file shown
    SOURCE = "source"  # where the file comes from: "example", "upload" or "path"
    EXAMPLE = "example"  # the bundled example's path relative to examples/
    PATH = "path"  # the path typed in
    CLI_FILE = "cli_file"  # the file named on the command line, if any
    LOADED = "loaded"  # what the text came from: "example:x.psn", "path:/a/b.psn", "upload:n"
    NAME = "name"  # the file's name, for messages and the download
    TEXT = "text"  # the file's text, with the coach's edits
    EDITS = "edits"  # how many edits since the file was opened (not yet downloaded)
    DRAFT = "draft"  # the key an upload (and its edits) is kept under; the URL's "up"
    FAILED = "failed"  # why the file asked for cannot be opened: (label, values, subject)
    QUERY_READ = "query_read"  # the URL was read once, at the start of the session
    KEEP_MOMENT = "keep_moment"  # the URL named a hand or step: keep it when the file opens
    MESSAGE = "message"  # a one-off notice for the next run: (kind, text)

    # --- the viewer: the moment shown
    HAND = "hand"  # the 1-based hand number in the file
    STEP = "step"  # the step in the hand (or in the variation being stepped through)
    LINE = "line"  # the variations entered: a list of (step, variation index)
    SLIDER = "step_slider"  # the step slider's value (set from STEP every run)

    # --- the viewer: how it is shown
    MODE = "mode"  # "open" (every hand) or "seat" (one seat's view)
    SEAT = "seat"  # the seat at the bottom, whose view "seat" shows
    SHOW_KITTY = "show_kitty"  # the kitty turned face up for a reviewer
    SHOW_VALUES = "show_values"  # the values on the cards of the seat to move shown
    TABLE = "table"  # the table component's value: the play clicked (a trigger)
    REC_TABLE = "rec_table"  # the recording's table component: the card clicked (a trigger)
    TABLE_NOTICE = "table_notice"  # what the last play clicked left to say: (kind, text)
    TABLE_TRIED = "table_tried"  # the alternative last clicked: (hand, line, step, cards)
    TEACH = "teach"  # teaching mode: the student guesses each play of the seat
    # the prefix of the key of the student's card list, one a hand and step:
    # "teach_guess_2_14": the tokens of the cards the student clicked on the table
    TEACH_GUESS = "teach_guess"
    TEACH_REVEALED = "teach_revealed"  # the step whose answer is shown
    # puzzle mode (a hand with a [Puzzle] header): the student finds the play at the end
    PUZZLE_AT = "puzzle_at"  # the puzzle landed on: (file, hand); another is opened at its end
    PUZZLE_TRIED = "puzzle_tried"  # the student's last legal play: (file, hand, card tokens)
    PUZZLE_SHOWN = "puzzle_shown"  # the puzzle whose answer is shown: (file, hand)
    AUTOPLAY = "autoplay"  # stepping on by itself
    SPEED = "speed"  # seconds between two steps of auto-play
    AUTOPLAY_AT = "autoplay_at"  # when auto-play last stepped (time.monotonic)

    # --- the viewer: annotating
    # the prefix of the note editor's fields, one a language: "note_text_zh" (the
    # comment's words in that language)
    NOTE_TEXT = "note_text"
    NOTE_GLYPH = "note_glyph"  # the glyph chosen (0: none)
    NOTE_NAGS = "note_nags"  # further marks, as numbers
    NOTE_MORE = "note_more"  # the field of further marks shown (asked for, or some there)
    NOTE_FOR = "note_for"  # the (hand, line, step, text) the note editor was filled for
    NEW_LINE = "new_line"  # the alternative a coach types, as PSN, to add as a variation
    LINE_TYPED = "line_typed"  # a play's alternative typed in PSN, not clicked on the table

    # --- the viewer: the charts (plotly selections: a click jumps to the point's step)
    CHART_DEFENDERS = "chart_defenders"
    CHART_TRICKS = "chart_tricks"
    CHART_LEVELS = "chart_levels"  # the match's levels: a click opens the point's hand
    CHART_EVAL = "chart_eval"  # the analysis's evaluation graph

    # --- the viewer: the analysis
    AN_SEAT = "an_seat"  # whose mistakes the buttons step to (0: every seat)
    AN_VIEW = "an_view"  # what the engine may see: "player" or "hindsight"
    AN_BUDGET = "an_budget"  # the engine's seconds per play
    AN_FROM = "an_from"  # the first trick analysed
    AN_RUNS = "an_runs"  # analyses actually run (not taken from the cache)
    AN_JOB = "an_job"  # the analysis under way, a trick a page run (analysis_view.AnalysisJob)
    AN_DONE = "an_done"  # the analyses finished in this session: settings -> the hand's text
    AN_SHOWN = "an_shown"  # the plays judged each time the page showed the job (read by a test)
    AN_NOTICE = "an_notice"  # how the last analysis ended (done, stopped), said once
    AN_ARMED = "an_armed"  # the page with the analysis so far is drawn: the next run goes on
    # The file as the user has it while the engine's best play is only explored: entered
    # as a variation to step through, not an edit (None when no line is explored).
    AN_EXPLORED = "an_explored"

    RUN_SECONDS = "run_seconds"  # how long the viewer's page script took, last run

    # --- the recording page
    REC_RECORDER = "rec_recorder"  # the notation.recorder.Recorder being filled in
    REC_KEY = "rec_key"  # the draft key the recording is kept under; the URL's "rec"
    REC_NAME = "rec_name"  # the file name of the download
    REC_SAVED = "rec_saved"  # the recording as last kept on disk (JSON text)
    REC_QUERY_READ = "rec_query_read"  # the URL was read once, at the start of the session
    REC_MESSAGE = "rec_message"  # a one-off notice for the next run: (kind, text)
    REC_MODE = "rec_mode"  # "auction" (bids, bury) or "play": what the cards clicked enter
    REC_TYPED = "rec_typed"  # cards typed for the seat to play: "s10 hk bj"
    REC_SEAT = "rec_seat"  # the seat that plays when the record cannot say (winner unknown)
    # the bid, fallback or bury being entered
    REC_BID_KIND = "rec_bid_kind"
    REC_BID_SEAT = "rec_bid_seat"
    REC_BID_CARDS = "rec_bid_cards"
    REC_BID_STRAIN = "rec_bid_strain"
    REC_BID_DRAW = "rec_bid_draw"
    # the headers form
    REC_RULES = "rec_rules"
    REC_LEVEL13 = "rec_level13"
    REC_LEVEL24 = "rec_level24"
    REC_DEALER = "rec_dealer"
    REC_EVENT = "rec_event"
    REC_DATE = "rec_date"
    REC_HAND = "rec_hand"
    REC_PLAYER1 = "rec_name1"  # the players' names, seat by seat
    REC_PLAYER2 = "rec_name2"
    REC_PLAYER3 = "rec_name3"
    REC_PLAYER4 = "rec_name4"
    # the deal form
    REC_DEAL_KNOWN = "rec_deal_known"
    REC_DEAL1 = "rec_deal1"  # the cards dealt, seat by seat
    REC_DEAL2 = "rec_deal2"
    REC_DEAL3 = "rec_deal3"
    REC_DEAL4 = "rec_deal4"
    REC_DEAL_KITTY = "rec_deal_kitty"
    REC_RUN_SECONDS = "rec_run_seconds"  # how long the recording page's script took


RECORD_PLAYERS: Final = (
    SessionKey.REC_PLAYER1,
    SessionKey.REC_PLAYER2,
    SessionKey.REC_PLAYER3,
    SessionKey.REC_PLAYER4,
)
RECORD_DEAL: Final = (
    SessionKey.REC_DEAL1,
    SessionKey.REC_DEAL2,
    SessionKey.REC_DEAL3,
    SessionKey.REC_DEAL4,
)
# The choices shown by a label in the page's language: set again when it changes.
VIEWER_LABELLED: Final = (
    SessionKey.SOURCE,
    SessionKey.HAND,
    SessionKey.MODE,
    SessionKey.SEAT,
    SessionKey.NOTE_GLYPH,
)
RECORD_LABELLED: Final = (
    SessionKey.REC_MODE,
    SessionKey.REC_SEAT,
    SessionKey.REC_BID_KIND,
    SessionKey.REC_BID_SEAT,
    SessionKey.REC_BID_STRAIN,
    SessionKey.REC_DEALER,
)

# The first values; the keys left out are set before they are read (the forms, the note
# editor, the slider) or are Streamlit's own (a chart's selection, a student's cards).
DEFAULTS: Final[Mapping[SessionKey, object]] = {
    SessionKey.LANG: "en",
    SessionKey.LANG_READ: False,
    SessionKey.SOURCE: "example",
    SessionKey.EXAMPLE: None,
    SessionKey.PATH: "",
    SessionKey.CLI_FILE: None,
    SessionKey.LOADED: None,
    SessionKey.NAME: None,
    SessionKey.TEXT: None,
    SessionKey.EDITS: 0,
    SessionKey.DRAFT: None,
    SessionKey.FAILED: None,
    SessionKey.QUERY_READ: False,
    SessionKey.KEEP_MOMENT: False,
    SessionKey.MESSAGE: None,
    SessionKey.HAND: 1,
    SessionKey.STEP: 0,
    SessionKey.LINE: [],
    SessionKey.MODE: "open",
    SessionKey.SEAT: 1,
    SessionKey.SHOW_KITTY: False,
    SessionKey.SHOW_VALUES: True,
    SessionKey.TABLE_NOTICE: None,
    SessionKey.TABLE_TRIED: None,
    SessionKey.TEACH: False,
    SessionKey.TEACH_REVEALED: None,
    SessionKey.PUZZLE_AT: None,
    SessionKey.PUZZLE_TRIED: None,
    SessionKey.PUZZLE_SHOWN: None,
    SessionKey.AUTOPLAY: False,
    SessionKey.SPEED: 1.0,
    SessionKey.AUTOPLAY_AT: None,
    SessionKey.NEW_LINE: "",
    SessionKey.LINE_TYPED: False,
    SessionKey.AN_SEAT: 0,
    SessionKey.AN_VIEW: View.PLAYER.value,
    SessionKey.AN_BUDGET: DEFAULT_BUDGET,
    SessionKey.AN_FROM: 1,
    SessionKey.AN_RUNS: 0,
    SessionKey.AN_JOB: None,
    SessionKey.AN_DONE: None,
    SessionKey.AN_SHOWN: [],
    SessionKey.AN_ARMED: False,
    SessionKey.AN_NOTICE: None,
    SessionKey.AN_EXPLORED: None,
    SessionKey.RUN_SECONDS: None,
    SessionKey.REC_RECORDER: None,
    SessionKey.REC_KEY: None,
    SessionKey.REC_NAME: "recording.psn",
    SessionKey.REC_SAVED: None,
    SessionKey.REC_QUERY_READ: False,
    SessionKey.REC_MESSAGE: None,
    SessionKey.REC_MODE: "auction",
    SessionKey.REC_TYPED: "",
    SessionKey.REC_SEAT: 1,
    SessionKey.REC_BID_KIND: "declare",
    SessionKey.REC_BID_SEAT: 1,
    SessionKey.REC_BID_CARDS: "",
    SessionKey.REC_BID_STRAIN: "",
    SessionKey.REC_BID_DRAW: "",
    SessionKey.REC_RUN_SECONDS: None,
}


def init(session: Session) -> None:
    """Give every key its first value if it has none yet (lists are copied)."""
    for key, value in DEFAULTS.items():
        if key not in session:
            session[key] = list(value) if isinstance(value, list) else value


def relabel(session: Session, keys: tuple[SessionKey, ...]) -> None:
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


# ---------------------------------------------------------------------------- the URL


def from_query(query: Mapping[str, Any]) -> dict[SessionKey, Any]:
    """The viewer's values from the URL's query (``?ex=teaching.psn&hand=2&step=14&lang=zh``;
    ``&teach=1&seat=3``: teaching mode, the student at seat 3, asked at step 14).

    >>> from_query({"hand": "2", "step": "14", "lang": "zh", "seat": "9"}) == {
    ...     "hand": 2, "step": 14, "lang": "zh"
    ... }
    True
    >>> from_query({"step": "14", "teach": "1", "seat": "3"}) == {
    ...     "step": 14, "seat": 3, "teach": True, "teach_revealed": None
    ... }
    True
    """
    values: dict[SessionKey, Any] = {}
    if "up" in query:
        values[SessionKey.SOURCE] = "upload"
        values[SessionKey.DRAFT] = str(query["up"])
    elif "ex" in query:
        values[SessionKey.SOURCE] = "example"
        values[SessionKey.EXAMPLE] = str(query["ex"])
    elif "file" in query:
        values[SessionKey.SOURCE] = "path"
        values[SessionKey.PATH] = str(query["file"])
    for key in (SessionKey.HAND, SessionKey.STEP, SessionKey.SEAT):
        if key in query:
            number = _int(query[key])
            if number is not None and number >= (0 if key == SessionKey.STEP else 1):
                if key == SessionKey.SEAT and number > 4:
                    continue
                values[key] = number
    line = _line(query.get(SessionKey.LINE))
    if line:
        values[SessionKey.LINE] = line
    if query.get(SessionKey.LANG) in ("en", "zh"):
        values[SessionKey.LANG] = query[SessionKey.LANG]
    if query.get("view") in ("open", "seat"):
        values[SessionKey.MODE] = query["view"]
    if query.get(SessionKey.TEACH) == "1":  # the question asked, its answer not yet shown
        values[SessionKey.TEACH], values[SessionKey.TEACH_REVEALED] = True, None
    return values


_LINE_DEPTH: Final = 32  # variations within variations a link may name


def _line(value: object) -> list[tuple[int, int]]:
    """The variations a link entered (``line=12.0,15.1``: at step 12 the hand's first
    variation, in it at step 15 the second), or none where the value does not read.

    >>> _line("12.0,15.1"), _line("12.0,x"), _line(None), _line("3.-1")
    ([(12, 0), (15, 1)], [], [], [])
    """
    if not isinstance(value, str) or not value or value.count(",") >= _LINE_DEPTH:
        return []
    found: list[tuple[int, int]] = []
    for pair in value.split(","):
        at, _, index = pair.partition(".")
        if not (at.isdecimal() and index.isdecimal() and len(at) <= 6 and len(index) <= 4):
            return []
        found.append((int(at), int(index)))
    return found


def to_query(session: Session) -> dict[str, str]:
    """The URL query for the viewer's moment (the inverse of :func:`from_query`)."""
    query: dict[str, str] = {}
    loaded = session.get(SessionKey.LOADED) or ""
    draft = session.get(SessionKey.DRAFT)
    if draft and (loaded.startswith("upload:") or session.get(SessionKey.EDITS)):
        query["up"] = str(draft)  # an upload, or a file with edits: the kept copy
    elif loaded.startswith("example:"):
        query["ex"] = loaded.removeprefix("example:")
    elif loaded.startswith("path:"):
        query["file"] = loaded.removeprefix("path:")
    query["hand"] = str(session.get(SessionKey.HAND, 1))
    query["step"] = str(session.get(SessionKey.STEP, 0))
    line = session.get(SessionKey.LINE)
    if line and session.get(SessionKey.AN_EXPLORED) is not None:
        # a line explored on the table, not in the file the link opens: where it branches
        query["step"] = str(line[0][0])
    elif line:  # in a variation of the file: where each one entered branches, the step in it
        query["line"] = ",".join(f"{at}.{index}" for at, index in line)
    query["lang"] = str(session.get(SessionKey.LANG, "en"))
    if session.get(SessionKey.MODE) == "seat":
        query["view"] = "seat"
    if session.get(SessionKey.MODE) == "seat" or session.get(SessionKey.TEACH):
        query["seat"] = str(session.get(SessionKey.SEAT, 1))
    if session.get(SessionKey.TEACH):  # a coach's "what would you play here?" link
        query["teach"] = "1"
    return query


def recording_from_query(query: Mapping[str, Any]) -> dict[SessionKey, Any]:
    """The recording page's values from the URL's query (``?rec=KEY&lang=zh``). The key
    is checked where the draft is read (a key that names no draft opens a new recording).

    >>> recording_from_query({"rec": "0" * 32, "lang": "zh"}) == {
    ...     "rec_key": "0" * 32, "lang": "zh"
    ... }
    True
    >>> recording_from_query({"lang": "fr"})
    {}
    """
    values: dict[SessionKey, Any] = {}
    if "rec" in query:
        values[SessionKey.REC_KEY] = str(query["rec"])
    if query.get("lang") in ("en", "zh"):
        values[SessionKey.LANG] = query["lang"]
    return values


def recording_to_query(session: Session) -> dict[str, str]:
    """The URL query for the recording (the inverse of :func:`recording_from_query`)."""
    query: dict[str, str] = {}
    key = session.get(SessionKey.REC_KEY)
    if key:
        query["rec"] = str(key)
    query["lang"] = str(session.get(SessionKey.LANG, "en"))
    return query


def open_later(session: Session, key: str) -> None:
    """Have the recording page open the recording (or the viewer's draft) kept under
    ``key`` the next time it is shown, e.g. before ``st.switch_page`` to it.

    >>> session = {}
    >>> open_later(session, "0" * 32)
    >>> session[SessionKey.REC_KEY] == "0" * 32 and session[SessionKey.REC_RECORDER] is None
    True
    """
    session[SessionKey.REC_KEY] = key
    session[SessionKey.REC_RECORDER] = None
    session[SessionKey.REC_QUERY_READ] = True  # the key asked for, not the address's
