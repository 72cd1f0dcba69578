"""The recording page's session state: every key in one place, with its default, and the
recording kept in the URL (``?rec=KEY``) so that a reload or the link opens it again.

The language is the viewer's own key (:attr:`viewer.state.K.LANG`), shared by both
pages. Like :mod:`viewer.state`, the functions take any mutable mapping, so nothing here
imports streamlit.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import Any, Final

from viewer.state import K

__all__ = ["DEFAULTS", "R", "from_query", "init", "open_later", "to_query"]


class R:
    """Session keys of the recording page."""

    RECORDER = "rec_recorder"  # the notation.recorder.Recorder being filled in
    KEY = "rec_key"  # the draft key the recording is kept under; the URL's "rec"
    NAME = "rec_name"  # the file name of the download
    SAVED = "rec_saved"  # the recording as last kept on disk (JSON text)
    QUERY_READ = "rec_query_read"  # the URL was read once, at the start of the session
    MESSAGE = "rec_message"  # a one-off notice for the next run: (kind, text)
    MODE = "rec_mode"  # "auction" (bids and bury) or "play": what the cards clicked enter
    TYPED = "rec_typed"  # cards typed for the seat to play: "s10 hk bj"
    SEAT = "rec_seat"  # the seat that plays when the record cannot say (unknown winner)
    # the bid, fallback or bury being entered
    BID_KIND = "rec_bid_kind"
    BID_SEAT = "rec_bid_seat"
    BID_CARDS = "rec_bid_cards"
    BID_STRAIN = "rec_bid_strain"
    BID_DRAW = "rec_bid_draw"
    # the headers form
    RULES = "rec_rules"
    LEVEL13 = "rec_level13"
    LEVEL24 = "rec_level24"
    DEALER = "rec_dealer"
    EVENT = "rec_event"
    DATE = "rec_date"
    HAND = "rec_hand"
    NAMES = ("rec_name1", "rec_name2", "rec_name3", "rec_name4")
    # the deal form
    DEAL_KNOWN = "rec_deal_known"
    DEAL_HANDS = ("rec_deal1", "rec_deal2", "rec_deal3", "rec_deal4")
    DEAL_KITTY = "rec_deal_kitty"
    RUN_SECONDS = "rec_run_seconds"  # how long the page script took, last run
    # choices shown by a label in the page's language: set again when it changes
    LABELLED = (MODE, SEAT, BID_KIND, BID_SEAT, BID_STRAIN, DEALER)


DEFAULTS: Final[dict[str, Any]] = {
    K.LANG: "en",
    R.RECORDER: None,
    R.KEY: None,
    R.NAME: "recording.psn",
    R.SAVED: None,
    R.QUERY_READ: False,
    R.MESSAGE: None,
    R.MODE: "auction",
    R.TYPED: "",
    R.SEAT: 1,
    R.BID_KIND: "declare",
    R.BID_SEAT: 1,
    R.BID_CARDS: "",
    R.BID_STRAIN: "",
    R.BID_DRAW: "",
    R.RUN_SECONDS: None,
}


def init(session: MutableMapping[str, Any]) -> None:
    """Give every key its default if it has none yet."""
    for key, value in DEFAULTS.items():
        if key not in session:
            session[key] = value


def from_query(query: Mapping[str, Any]) -> dict[str, Any]:
    """Session values from the URL's query (``?rec=KEY&lang=zh``). The key is checked
    where the draft is read (a key that names no draft opens a new recording).

    >>> from_query({"rec": "0" * 32, "lang": "zh"}) == {"rec_key": "0" * 32, "lang": "zh"}
    True
    >>> from_query({"lang": "fr"})
    {}
    """
    values: dict[str, Any] = {}
    if "rec" in query:
        values[R.KEY] = str(query["rec"])
    if query.get(K.LANG) in ("en", "zh"):
        values[K.LANG] = query[K.LANG]
    return values


def to_query(session: Mapping[str, Any]) -> dict[str, str]:
    """The URL query for the recording (the inverse of :func:`from_query`)."""
    query: dict[str, str] = {}
    if session.get(R.KEY):
        query["rec"] = str(session[R.KEY])
    query[K.LANG] = str(session.get(K.LANG, "en"))
    return query


def open_later(session: MutableMapping[str, Any], key: str) -> None:
    """Have the recording page open the recording (or the viewer's draft) kept under
    ``key`` the next time it is shown, e.g. before ``st.switch_page`` to it.

    >>> session = {}
    >>> open_later(session, "0" * 32)
    >>> session[R.KEY] == "0" * 32 and session[R.RECORDER] is None
    True
    """
    session[R.KEY] = key
    session[R.RECORDER] = None
    session[R.QUERY_READ] = True  # the key asked for, not the address's
