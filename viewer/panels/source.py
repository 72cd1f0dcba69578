"""The file the viewer shows: where it comes from (the sidebar's picker: a bundled
example, an upload, a path on this computer, or the command line's or the link's file),
what opening, editing and keeping it do, why it cannot be opened, and its download.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Final

import streamlit as st

from viewer import document, icons, render, view
from viewer.i18n import tr
from viewer.panels import cache
from viewer.panels.language import language_choice
from viewer.session import VIEWER_LABELLED, SessionKey, from_query

__all__ = [
    "UPLOAD_TYPES",
    "document_shown",
    "download_button",
    "edited",
    "keep",
    "picker",
    "read_url_once",
]

UPLOAD_TYPES: Final = ("psn", "txt")  # what the uploader takes: a record is text
ss = st.session_state


def read_url_once() -> None:
    """At the start of a session: the file named on the command line, and the moment
    (file, hand, step, view) the link names."""
    if ss[SessionKey.QUERY_READ]:
        return
    ss[SessionKey.QUERY_READ] = True
    cli = next((a for a in sys.argv[1:] if a.lower().endswith((".psn", ".txt"))), None)
    if cli:
        ss[SessionKey.CLI_FILE] = cli
        ss[SessionKey.SOURCE], ss[SessionKey.PATH] = "path", cli
    wanted = from_query(st.query_params.to_dict())
    for key, value in wanted.items():
        ss[key] = value
    moment = (SessionKey.HAND, SessionKey.STEP, SessionKey.LINE)
    ss[SessionKey.KEEP_MOMENT] = any(key in wanted for key in moment)


def keep(text: str) -> None:
    """Keep ``text`` on this computer under the open file's draft key (made if none)."""
    if not ss[SessionKey.DRAFT]:
        ss[SessionKey.DRAFT] = document.new_draft_key()
    draft = document.Draft(ss[SessionKey.NAME], text, ss[SessionKey.EDITS])
    try:
        document.save_draft(ss[SessionKey.DRAFT], draft)
    except OSError:
        ss[SessionKey.MESSAGE] = ("error", tr(ss[SessionKey.LANG], "draft_unsaved"))


def edited(text: str) -> None:
    """The file as the coach changed it, kept on this computer too. An edit made while
    the engine's best play is explored is made on the file with that line in it: the
    line is kept from then on (see :func:`viewer.panels.analyse.judgement`)."""
    ss[SessionKey.TEXT] = text
    ss[SessionKey.AN_EXPLORED] = None
    ss[SessionKey.EDITS] = ss[SessionKey.EDITS] + 1
    keep(text)


def _open(loaded: str, name: str, text: str, draft: str | None = None) -> None:
    """Show a file; ``draft``: the key it is kept under (an upload), else none yet."""
    ss[SessionKey.LOADED], ss[SessionKey.NAME] = loaded, name
    ss[SessionKey.TEXT], ss[SessionKey.DRAFT] = text, draft
    ss[SessionKey.FAILED] = None
    ss[SessionKey.EDITS], ss[SessionKey.AN_EXPLORED] = 0, None
    if not ss[SessionKey.KEEP_MOMENT]:
        ss[SessionKey.HAND], ss[SessionKey.STEP], ss[SessionKey.LINE] = 1, 0, []
    ss[SessionKey.KEEP_MOMENT] = False


def _failed(why: str, values: dict[str, Any], subject: str = "") -> None:
    """The file asked for cannot be opened: say why (the label ``why`` with its
    ``values``, about ``subject``) where the hand would be, and show no other file in its
    place (a referee would review the wrong hand)."""
    ss[SessionKey.FAILED] = (why, values, subject)
    ss[SessionKey.LOADED], ss[SessionKey.TEXT] = None, None


def _failure(lang: str) -> str:
    """Why the file asked for cannot be opened, in ``lang``."""
    why, values, subject = ss[SessionKey.FAILED]
    said = tr(lang, why, **values)
    if not subject:
        return said
    return f"{said}: {subject}" if why == "path_missing" else f"{subject} {said}"


def _source_changed() -> None:
    ss[SessionKey.FAILED] = None  # another kind of source: what failed is no longer asked for


def picker() -> None:
    """The sidebar's top: the language, then where the file comes from; the file chosen
    is opened (or why it cannot be is kept, to be said in the hand's place)."""
    lang = language_choice(VIEWER_LABELLED)
    st.subheader(tr(lang, "open"))
    examples = cache.example_list()
    st.radio(
        tr(lang, "source"),
        ["example", "upload", "path"],
        format_func=lambda s: tr(lang, f"source_{s}"),
        key=SessionKey.SOURCE,
        on_change=_source_changed,
    )
    if ss[SessionKey.SOURCE] == "example":
        _example(lang, examples)
    elif ss[SessionKey.SOURCE] == "upload":
        _upload(lang)
    else:
        _path(lang)


def _example(lang: str, examples: list[str]) -> None:
    """A bundled example (a hand simulated by the bots when none is bundled)."""
    if not examples:
        st.info(tr(lang, "no_examples"))
        if ss[SessionKey.LOADED] != "simulated":
            _open("simulated", "simulated.psn", document.simulated_text())
        return
    if ss[SessionKey.EXAMPLE] is not None and ss[SessionKey.EXAMPLE] not in examples:
        _failed("example_missing", {"name": ss[SessionKey.EXAMPLE]})  # a link named it
        ss[SessionKey.EXAMPLE] = None
    elif ss[SessionKey.EXAMPLE] is None and not ss[SessionKey.FAILED]:
        ss[SessionKey.EXAMPLE] = document.default_source()[0]
    st.selectbox(
        tr(lang, "example"), examples, key=SessionKey.EXAMPLE, placeholder=tr(lang, "choose")
    )
    name = ss[SessionKey.EXAMPLE]
    if name is not None and ss[SessionKey.LOADED] != f"example:{name}":
        _open(f"example:{name}", name, document.read_example(name))


def _upload(lang: str) -> None:
    """A file uploaded, or the upload kept under the link's key (a reload)."""
    upload = st.file_uploader(tr(lang, "upload"), type=list(UPLOAD_TYPES), key="uploader")
    if upload is not None:
        wanted = f"upload:{upload.name}:{upload.file_id}"
        if ss[SessionKey.LOADED] == wanted:
            return
        try:
            text = upload.getvalue().decode("utf-8-sig")
        except UnicodeDecodeError as e:
            _failed(*document.why_unreadable(e, lang), upload.name)
        else:
            # Kept on this computer under a key the URL names: a reload opens it again,
            # with the edits made since.
            _open(wanted, upload.name, text)
            keep(text)
    elif ss[SessionKey.DRAFT] and ss[SessionKey.LOADED] is None:
        draft = document.load_draft(ss[SessionKey.DRAFT])
        if draft is None:
            _failed("draft_gone", {})
            ss[SessionKey.DRAFT] = None
        else:
            key = ss[SessionKey.DRAFT]
            _open(f"upload:{key}", draft.name, draft.text, draft=key)
            ss[SessionKey.EDITS] = draft.edits  # not yet downloaded, as before the reload


def _path(lang: str) -> None:
    """A path typed in (or named on the command line, or by the link)."""
    st.text_input(tr(lang, "path"), key=SessionKey.PATH)
    path = ss[SessionKey.PATH]
    clicked = st.button(tr(lang, "load_path"), key="open_path")
    first_time = ss[SessionKey.LOADED] is None and path
    if (clicked or first_time) and ss[SessionKey.LOADED] != f"path:{path}":
        try:
            _open(f"path:{path}", Path(path).name, document.read_path(path))
        except (OSError, ValueError) as e:  # a folder, not text, not a record, missing
            _failed(*document.why_unreadable(e, lang), path)


def document_shown() -> document.Document:
    """The file to show, read and replayed; where the file asked for cannot be opened,
    the page says why in the hand's place and stops (no other file is shown)."""
    lang = ss[SessionKey.LANG]
    if ss[SessionKey.FAILED]:
        st.html(render.PAGE_CSS)
        st.title(tr(lang, "title"))
        st.error(view.literal(_failure(lang)))
        st.stop()
    if ss[SessionKey.TEXT] is None:  # nothing chosen yet (an upload pending): the default
        name, text = document.default_source()
        _open(f"example:{name}" if cache.example_list() else "simulated", name, text)
    if ss[SessionKey.AN_EXPLORED] is not None and not ss[SessionKey.LINE]:
        # Back on the main line (or on another hand): the best play that was only
        # explored leaves the file as the user had it.
        ss[SessionKey.TEXT], ss[SessionKey.AN_EXPLORED] = ss[SessionKey.AN_EXPLORED], None
    return cache.load(ss[SessionKey.TEXT], ss[SessionKey.NAME])


def download_button(label: str, key: str) -> None:
    """A button that downloads the file as the user has it: edits and analysis included,
    a best play only explored left out (see :func:`viewer.panels.analyse.judgement`)."""
    explored = ss[SessionKey.AN_EXPLORED]
    record = ss[SessionKey.TEXT] if explored is None else explored
    st.download_button(
        label,
        data=record.encode("utf-8"),
        file_name=document.download_name(ss[SessionKey.NAME]),
        mime="text/plain",
        key=key,
        icon=icons.DOWNLOAD,
    )
