"""The Shengji viewer page (``shengji view [FILE]``): layout only.

Data comes from ``viewer.document`` (parse, replay, validate: the library), the view-model
from ``viewer.view``, HTML from ``viewer.render``, figures from ``viewer.charts``, labels
from ``viewer.i18n``; session keys live in ``viewer.session``.
"""

from __future__ import annotations

import sys
import time
from functools import partial
from pathlib import Path
from typing import Any

import pandas as pd
import streamlit as st

from notation.analysis.annotate import is_engine_comment
from notation.analysis.annotations import PlayNote, read_analysis
from notation.errors import ShengjiError
from notation.handout import handout_html
from notation.image import table_png
from notation.messages import error_words
from notation.psn import UNKNOWN, Hand, parse_hand, write_hand
from notation.psn.model import LANG_COMMAND
from notation.replay import HandReplay
from notation.rules.cards import Card
from viewer import analysis_view as av
from viewer import charts, document, edit, render, view
from viewer.i18n import (
    GLYPH_CHOICES,
    LANGUAGES,
    finding_label,
    glyph_label,
    seat_name,
    tr,
)
from viewer.session import VIEWER_LABELLED, SessionKey, from_query, init, relabel, to_query

RECORD_PAGE = Path(__file__).with_name("record.py")
UPLOAD_TYPES = ("psn", "txt")  # what the uploader takes: a record is text
st.set_page_config(page_title="Shengji viewer 升级复盘", page_icon="🃏", layout="wide")
ss = st.session_state
init(ss)
_started = time.perf_counter()


def _viewer_page() -> None:
    """This page, the viewer: the rest of this script draws it."""


# The pages' titles are in the language the link asks for, from the first run on.
if not ss[SessionKey.LANG_READ]:  # once a session: on either page, the user may switch after
    ss[SessionKey.LANG_READ] = True
    # ``shengji view --lang zh`` passes ``--lang=zh`` to this script; a link's ?lang= wins.
    given = next((a[len("--lang=") :] for a in sys.argv[1:] if a.startswith("--lang=")), "")
    started = given if given in ("en", "zh") else ss[SessionKey.LANG]
    wanted = from_query(st.query_params.to_dict())
    ss[SessionKey.LANG] = wanted.get(SessionKey.LANG, started)

# Two pages: the viewer (this script, the default) and recording a hand (record.py).
_page = st.navigation(
    [
        st.Page(
            _viewer_page, title=tr(ss[SessionKey.LANG], "page_viewer"), icon="🔍", default=True
        ),
        st.Page(
            RECORD_PAGE, title=tr(ss[SessionKey.LANG], "page_record"), icon="✍️", url_path="record"
        ),
    ]
)
# Streamlit's own words (the uploader, the main menu, the skip link …) in the page's
# language, on both pages: Streamlit has no API for them.
_streamlit_words = render.streamlit_css(
    ss[SessionKey.LANG],
    upload_mb=int(st.get_option("server.maxUploadSize")),
    upload_types=UPLOAD_TYPES,
    version=st.__version__,
)
if _streamlit_words:
    st.html(_streamlit_words)
if _page.url_path == "record":
    _page.run()
    st.stop()


# ---------------------------------------------------------------------------- cached data


@st.cache_resource(max_entries=32, show_spinner=False)
def load(text: str, name: str) -> document.Document:
    """The file read, replayed and validated (shared by every session: it is immutable)."""
    return document.load_document(text, name)


@st.cache_resource(max_entries=64, show_spinner=False)
def line_replay(text: str, name: str, number: int, line: tuple[tuple[int, int], ...]) -> HandReplay:
    """The replay of a hand, or of the variation line entered from it."""
    entry = load(text, name).entry(number)
    assert entry is not None and entry.replay is not None
    return document.follow_line(entry.replay, line)


@st.cache_data(max_entries=256, show_spinner=False)
def hand_figures(
    text: str,
    name: str,
    number: int,
    line: tuple[tuple[int, int], ...],
    lang: str,
    upto: int | None,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The two charts of a hand (up to step ``upto`` in teaching mode), as plotly dicts."""
    rp = line_replay(text, name, number, line)
    tricks = len(rp.hand.tricks)  # the axis spans the hand, however far a student is
    series = view.defenders_series(rp, upto=upto)
    return (
        charts.defenders_figure(rp, series, lang, tricks).to_dict(),
        charts.tricks_figure(view.trick_points(rp, upto=upto), lang, tricks).to_dict(),
    )


@st.cache_data(max_entries=64, show_spinner=False)
def match_figure(text: str, name: str, lang: str, current: int) -> dict[str, Any]:
    """Both teams' levels hand by hand, as a plotly dict."""
    doc = load(text, name)
    levels = charts.match_levels([(e.number, e.replay) for e in doc.readable if e.replay])
    figure: dict[str, Any] = charts.levels_figure(levels, lang, current=current).to_dict()
    return figure


@st.cache_data(max_entries=16, ttl=60, show_spinner=False)
def example_list() -> list[str]:
    return document.example_files()


# --- the analysis (viewer/analysis_view.py) ---------------------------------------------


@st.cache_data(max_entries=64, show_spinner=False)
def eval_figure(text: str, name: str, number: int, lang: str, current: int) -> dict[str, Any]:
    """The evaluation graph of a hand's analysis, as a plotly dict."""
    rp = line_replay(text, name, number, ())
    analysis = read_analysis(rp.hand)
    assert analysis is not None
    series = view.defenders_series(rp)
    figure: dict[str, Any] = av.eval_figure(rp, analysis, series, lang, current).to_dict()
    return figure


@st.cache_data(max_entries=32, show_spinner=False)
def analysed_hand(
    hand_text: str,
    number: int,
    judge: str,
    budget: float,
    first_trick: int,
    lang: str,
    _progress: Any = None,
) -> tuple[str, str | None]:
    """A hand analysed, written as PSN (the engine's words in ``lang``): the hand's text
    and the settings are the key, so that the same hand is not analysed twice."""
    done, error = av.analyse_hand(
        parse_hand(hand_text),
        number,
        view=judge,
        budget=budget,
        first_trick=first_trick,
        progress=_progress,
        lang=lang,
    )
    return write_hand(done), error


@st.cache_data(max_entries=128, show_spinner=False)
def teach_grade(
    text: str, name: str, number: int, step: int, guess: tuple[str, ...]
) -> av.Grade | None:
    """The engine's grade of a student's play (see :func:`viewer.analysis_view.grade`)."""
    rp = line_replay(text, name, number, ())
    cards = [Card.parse(token) for token in guess]
    return av.grade(rp, step, cards, read_analysis(rp.hand))


# --- end of the analysis's cached data --------------------------------------------------


# ---------------------------------------------------------------------------- the source

if not ss[SessionKey.QUERY_READ]:
    ss[SessionKey.QUERY_READ] = True
    cli = next((a for a in sys.argv[1:] if a.lower().endswith((".psn", ".txt"))), None)
    if cli:
        ss[SessionKey.CLI_FILE] = cli
        ss[SessionKey.SOURCE], ss[SessionKey.PATH] = "path", cli
    wanted = from_query(st.query_params.to_dict())
    for key, value in wanted.items():
        ss[key] = value
    ss[SessionKey.KEEP_MOMENT] = SessionKey.HAND in wanted or SessionKey.STEP in wanted

lang = ss[SessionKey.LANG]


def _keep(text: str) -> None:
    """Keep ``text`` on this computer under the open file's draft key (made if none)."""
    if not ss[SessionKey.DRAFT]:
        ss[SessionKey.DRAFT] = document.new_draft_key()
    try:
        document.save_draft(
            ss[SessionKey.DRAFT], document.Draft(ss[SessionKey.NAME], text, ss[SessionKey.EDITS])
        )
    except OSError:
        ss[SessionKey.MESSAGE] = ("error", tr(ss[SessionKey.LANG], "draft_unsaved"))


def _edited(text: str) -> None:
    """The file as the coach changed it, kept on this computer too. An edit made while
    the engine's best play is explored is made on the file with that line in it: the
    line is kept from then on (see ``_try_best``)."""
    ss[SessionKey.TEXT] = text
    ss[SessionKey.AN_EXPLORED] = None
    ss[SessionKey.EDITS] = ss[SessionKey.EDITS] + 1
    _keep(text)


def _open(loaded: str, name: str, text: str, draft: str | None = None) -> None:
    """Show a file; ``draft``: the key it is kept under (an upload), else none yet."""
    ss[SessionKey.LOADED], ss[SessionKey.NAME], ss[SessionKey.TEXT], ss[SessionKey.DRAFT] = (
        loaded,
        name,
        text,
        draft,
    )
    ss[SessionKey.FAILED] = None
    ss[SessionKey.EDITS], ss[SessionKey.LINE], ss[SessionKey.AN_EXPLORED] = 0, [], None
    if not ss[SessionKey.KEEP_MOMENT]:
        ss[SessionKey.HAND], ss[SessionKey.STEP] = 1, 0
    ss[SessionKey.KEEP_MOMENT] = False


def _failed(why: str, values: dict[str, Any], subject: str = "") -> None:
    """The file asked for cannot be opened: say why (the label ``why`` with its
    ``values``, about ``subject``) where the hand would be, and show no other file in its
    place (a referee would review the wrong hand)."""
    ss[SessionKey.FAILED], ss[SessionKey.LOADED], ss[SessionKey.TEXT] = (
        (why, values, subject),
        None,
        None,
    )


def _failure(lang: str) -> str:
    """Why the file asked for cannot be opened, in ``lang``."""
    why, values, subject = ss[SessionKey.FAILED]
    said = tr(lang, why, **values)
    if not subject:
        return said
    return f"{said}: {subject}" if why == "path_missing" else f"{subject} {said}"


def _source_changed() -> None:
    ss[SessionKey.FAILED] = None  # another kind of source: what failed is no longer asked for


with st.sidebar:
    st.radio(
        tr(lang, "language"),
        list(LANGUAGES),
        format_func=LANGUAGES.__getitem__,
        key=SessionKey.LANG,
        horizontal=True,
        on_change=partial(relabel, ss, VIEWER_LABELLED),
    )
    lang = ss[SessionKey.LANG]
    st.subheader(tr(lang, "open"))
    examples = example_list()
    st.radio(
        tr(lang, "source"),
        ["example", "upload", "path"],
        format_func=lambda s: tr(lang, f"source_{s}"),
        key=SessionKey.SOURCE,
        on_change=_source_changed,
    )
    if ss[SessionKey.SOURCE] == "example":
        if examples:
            if ss[SessionKey.EXAMPLE] is not None and ss[SessionKey.EXAMPLE] not in examples:
                _failed("example_missing", {"name": ss[SessionKey.EXAMPLE]})  # a link named it
                ss[SessionKey.EXAMPLE] = None
            elif ss[SessionKey.EXAMPLE] is None and not ss[SessionKey.FAILED]:
                ss[SessionKey.EXAMPLE] = document.default_source()[0]
            st.selectbox(
                tr(lang, "example"),
                examples,
                key=SessionKey.EXAMPLE,
                placeholder=tr(lang, "choose"),
            )
            wanted_source = f"example:{ss[SessionKey.EXAMPLE]}"
            if ss[SessionKey.EXAMPLE] is not None and ss[SessionKey.LOADED] != wanted_source:
                _open(
                    wanted_source,
                    ss[SessionKey.EXAMPLE],
                    document.read_example(ss[SessionKey.EXAMPLE]),
                )
        else:
            st.info(tr(lang, "no_examples"))
            if ss[SessionKey.LOADED] != "simulated":
                _open("simulated", "simulated.psn", document.simulated_text())
    elif ss[SessionKey.SOURCE] == "upload":
        upload = st.file_uploader(tr(lang, "upload"), type=list(UPLOAD_TYPES), key="uploader")
        if upload is not None:
            wanted_source = f"upload:{upload.name}:{upload.file_id}"
            if ss[SessionKey.LOADED] != wanted_source:
                raw = upload.getvalue()
                try:
                    text = raw.decode("utf-8-sig")
                except UnicodeDecodeError as e:
                    _failed(*document.why_unreadable(e, lang), upload.name)
                else:
                    # Kept on this computer under a key the URL names: a reload opens it
                    # again, with the edits made since.
                    _open(wanted_source, upload.name, text)
                    _keep(text)
        elif ss[SessionKey.DRAFT] and ss[SessionKey.LOADED] is None:
            draft = document.load_draft(ss[SessionKey.DRAFT])
            if draft is None:
                _failed("draft_gone", {})
                ss[SessionKey.DRAFT] = None
            else:
                _open(
                    f"upload:{ss[SessionKey.DRAFT]}",
                    draft.name,
                    draft.text,
                    draft=ss[SessionKey.DRAFT],
                )
                ss[SessionKey.EDITS] = draft.edits  # not yet downloaded, as before the reload
    else:
        st.text_input(tr(lang, "path"), key=SessionKey.PATH)
        wanted_source = f"path:{ss[SessionKey.PATH]}"
        clicked = st.button(tr(lang, "load_path"), key="open_path")
        first_time = ss[SessionKey.LOADED] is None and ss[SessionKey.PATH]
        if (clicked or first_time) and ss[SessionKey.LOADED] != wanted_source:
            try:
                _open(
                    wanted_source,
                    Path(ss[SessionKey.PATH]).name,
                    document.read_path(ss[SessionKey.PATH]),
                )
            except (OSError, ValueError) as e:  # a folder, not text, not a record, missing
                _failed(*document.why_unreadable(e, lang), ss[SessionKey.PATH])

if ss[SessionKey.FAILED]:  # the file asked for is not there: no hand, rather than another file's
    st.html(render.PAGE_CSS)
    st.title(tr(lang, "title"))
    st.error(view.literal(_failure(lang)))
    st.stop()

if ss[SessionKey.TEXT] is None:  # nothing chosen yet (an upload pending): open the default
    name0, text0 = document.default_source()
    _open(f"example:{name0}" if examples else "simulated", name0, text0)

if ss[SessionKey.AN_EXPLORED] is not None and not ss[SessionKey.LINE]:
    # Back on the main line (or on another hand): the best play that was only explored
    # leaves the file as the user had it.
    ss[SessionKey.TEXT], ss[SessionKey.AN_EXPLORED] = ss[SessionKey.AN_EXPLORED], None

doc = load(ss[SessionKey.TEXT], ss[SessionKey.NAME])

st.html(render.PAGE_CSS)
title_col, hand_col = st.columns([1.5, 1], vertical_alignment="center")
title_col.title(f"{tr(lang, 'title')} · {ss[SessionKey.NAME]}")

if doc.unreadable:
    st.warning(tr(lang, "errors_in_file", n=len(doc.unreadable)))
    for message in doc.syntax_messages(lang):
        st.code(message, language=None)

if not doc.readable:
    st.error(tr(lang, "no_hands"))
    st.stop()

# ---------------------------------------------------------------------------- the hand


def _hand_label(number: int) -> str:
    item = doc.entry(number)
    assert item is not None
    label = tr(lang, "hand_n", n=number)
    if item.hand is None:
        return f"{label} ✗ {tr(lang, 'hand_unreadable')}"
    extra = [v for v in (item.hand.header_in("Event", lang), item.hand.header("Hand")) if v]
    return f"{label} · {' · '.join(extra)}" if extra else label


def _on_hand() -> None:
    ss[SessionKey.STEP], ss[SessionKey.LINE], ss[SessionKey.TEACH_REVEALED] = 0, [], None


numbers = [e.number for e in doc.entries]
if ss[SessionKey.HAND] not in numbers:
    ss[SessionKey.HAND] = doc.first_readable()
if len(numbers) > 1:
    hand_col.selectbox(
        tr(lang, "hand"),
        numbers,
        format_func=_hand_label,
        key=SessionKey.HAND,
        on_change=_on_hand,
        label_visibility="collapsed",
        placeholder=tr(lang, "choose"),
    )
found = doc.entry(ss[SessionKey.HAND])
assert found is not None
entry: document.HandEntry = found
if not entry.readable:
    st.error(tr(lang, "unreadable_title", n=entry.number))
    st.code(entry.errors_text(lang), language=None)
    st.stop()

line = tuple(tuple(x) for x in ss[SessionKey.LINE])
try:
    rp = line_replay(ss[SessionKey.TEXT], ss[SessionKey.NAME], entry.number, line)
except ValueError as e:
    st.error(view.literal(str(e)))
    ss[SessionKey.LINE] = []
    rp = line_replay(ss[SessionKey.TEXT], ss[SessionKey.NAME], entry.number, ())
last = len(rp.states) - 1
ss[SessionKey.STEP] = max(0, min(int(ss[SessionKey.STEP]), last))
step = ss[SessionKey.STEP]
state = rp.states[step]
hand: Hand = rp.hand
# --- the analysis: read from the record's comments (never run to be shown) ---
analysis = read_analysis(entry.hand) if not line and entry.hand is not None else None
an_note = av.note_at(rp, analysis, step) if analysis is not None else None

# ---------------------------------------------------------------------------- controls


def _download_name(name: str) -> str:
    base = Path(name).name or "record.psn"
    return base if base.endswith(".psn") else f"{Path(base).stem}.psn"


def _download_file(label: str, key: str) -> None:
    """A button that downloads the file as the user has it: edits and analysis included,
    a best play only explored left out (see ``_try_best``)."""
    record = (
        ss[SessionKey.TEXT] if ss[SessionKey.AN_EXPLORED] is None else ss[SessionKey.AN_EXPLORED]
    )
    st.download_button(
        label,
        data=record.encode("utf-8"),
        file_name=_download_name(ss[SessionKey.NAME]),
        mime="text/plain",
        key=key,
        icon="⬇️",
    )


def _go(target: int | None) -> None:
    if target is not None:
        ss[SessionKey.STEP] = target


def _move(delta: int) -> None:
    # relative, so that two quick presses of an arrow key make two steps
    ss[SessionKey.STEP] = max(0, int(ss[SessionKey.STEP]) + delta)


def _slide() -> None:
    ss[SessionKey.STEP] = ss[SessionKey.SLIDER]


teaching = bool(ss[SessionKey.TEACH])
mode: view.Mode = "teach" if teaching else ss[SessionKey.MODE]
upto = step if teaching else None
findings = list(rp.findings) if line else list(entry.findings)
if teaching:
    findings = [f for f in findings if (f.step or 0) <= step]
tricks = view.trick_steps(rp)
notes = view.annotation_steps(rp)
f_steps = view.finding_steps(findings)

with st.sidebar:
    st.subheader(tr(lang, "view"))
    st.radio(
        tr(lang, "view"),
        ["open", "seat"],
        format_func=lambda m: tr(lang, "open_hands" if m == "open" else "seat_view"),
        key=SessionKey.MODE,
        horizontal=True,
        label_visibility="collapsed",
        disabled=teaching,
    )
    st.selectbox(
        tr(lang, "seat"),
        [1, 2, 3, 4],
        format_func=lambda s: seat_name(lang, s),
        key=SessionKey.SEAT,
        placeholder=tr(lang, "choose"),
    )
    st.toggle(tr(lang, "show_kitty"), key=SessionKey.SHOW_KITTY, disabled=teaching)
    st.toggle(tr(lang, "teaching"), key=SessionKey.TEACH)
    st.divider()
    st.toggle(tr(lang, "autoplay"), key=SessionKey.AUTOPLAY)
    st.slider(tr(lang, "speed"), 0.3, 5.0, step=0.1, key=SessionKey.SPEED)
    st.divider()
    _download_file(tr(lang, "download"), "download")
    if ss[SessionKey.EDITS]:
        st.caption(tr(lang, "edited", n=ss[SessionKey.EDITS]))
    stem = Path(_download_name(ss[SessionKey.NAME])).stem
    # Made only when clicked (a callable's bytes): a picture takes ~70 ms.
    st.download_button(
        tr(lang, "handout"),
        data=partial(lambda: handout_html(rp, findings, lang).encode("utf-8")),
        file_name=f"{stem}-hand{entry.number}.html",
        mime="text/html",
        key="handout",
        on_click="ignore",
    )
    st.download_button(
        tr(lang, "table_png"),
        data=partial(
            table_png,
            rp,
            step,
            lang,
            seats=None if mode == "open" else {int(ss[SessionKey.SEAT])},
            reveal_kitty=bool(ss[SessionKey.SHOW_KITTY]),
        ),
        file_name=f"{stem}-hand{entry.number}-step{step}.png",
        mime="image/png",
        key="table_png",
        on_click="ignore",
    )

if line:
    branch = rp.states[min(line[-1][0], last)]  # the alternative that starts the line
    st.info(tr(lang, "in_variation", depth=len(line), text=view.step_label(lang, branch, rp)))

nav = st.columns([1, 1, 1, 1, 1.3, 1.3])
nav[0].button(
    "⏮ " + tr(lang, "first"),
    key="nav_first",
    on_click=_go,
    args=(0,),
    shortcut="Home",
    disabled=step == 0,
    width="stretch",
)
nav[1].button(
    "◀ " + tr(lang, "prev"),
    key="nav_prev",
    on_click=_move,
    args=(-1,),
    shortcut="Left",
    disabled=step == 0,
    width="stretch",
)
nav[2].button(
    tr(lang, "next") + " ▶",
    key="nav_next",
    on_click=_move,
    args=(1,),
    shortcut="Right",
    disabled=step >= last,
    width="stretch",
)
nav[3].button(
    tr(lang, "last") + " ⏭",
    key="nav_last",
    on_click=_go,
    args=(last,),
    shortcut="End",
    disabled=step >= last,
    width="stretch",
)
prev_trick = view.next_step(tricks, step, False)
next_trick = view.next_step(tricks, step, True)
nav[4].button(
    "⏪ " + tr(lang, "prev_trick"),
    key="nav_prev_trick",
    on_click=_go,
    args=(prev_trick,),
    shortcut="PageUp",
    disabled=prev_trick is None,
    width="stretch",
)
nav[5].button(
    tr(lang, "next_trick") + " ⏩",
    key="nav_next_trick",
    on_click=_go,
    args=(next_trick,),
    shortcut="PageDown",
    disabled=next_trick is None,
    width="stretch",
)
if last > 0:
    ss[SessionKey.SLIDER] = step
    st.slider(
        tr(lang, "step"),
        0,
        last,
        key=SessionKey.SLIDER,
        on_change=_slide,
        label_visibility="collapsed",
    )
jumps = st.columns(4)
for col, (key, steps, forward) in zip(
    jumps,
    (
        ("prev_finding", f_steps, False),
        ("next_finding", f_steps, True),
        ("prev_note", notes, False),
        ("next_note", notes, True),
    ),
    strict=True,
):
    jump_to = view.next_step(steps, step, forward)
    if teaching and forward and key == "next_finding":
        jump_to = None
    col.button(
        tr(lang, key),
        key=f"jump_{key}",
        on_click=_go,
        args=(jump_to,),
        disabled=jump_to is None,
        width="stretch",
    )
# --- the analysis: next / previous mistake, everyone's or one seat's ---
if analysis is not None and not teaching:
    marks = st.columns([1.4, 1, 1])
    marks[0].selectbox(
        tr(lang, "mistakes_of"),
        [0, 1, 2, 3, 4],
        format_func=lambda s: seat_name(lang, s) if s else tr(lang, "all_seats"),
        key=SessionKey.AN_SEAT,
        label_visibility="collapsed",
        placeholder=tr(lang, "choose"),
    )
    mistakes = av.mistake_steps(rp, analysis, int(ss[SessionKey.AN_SEAT]) or None)
    for col, (key, forward, keys) in zip(
        marks[1:],
        (("prev_mistake", False, "Shift+Left"), ("next_mistake", True, "Shift+Right")),
        strict=True,
    ):
        jump_to = view.next_step(mistakes, step, forward)
        col.button(
            tr(lang, key),
            key=f"jump_{key}",
            on_click=_go,
            args=(jump_to,),
            shortcut=keys,
            disabled=jump_to is None,
            width="stretch",
        )
here_label = view.step_label(lang, state, rp)
st.caption(f"{tr(lang, 'step')} {step} / {last} · {here_label} · {tr(lang, 'keys_hint')}")


@st.fragment(run_every=float(ss[SessionKey.SPEED]) if ss[SessionKey.AUTOPLAY] else None)
def _autoplay() -> None:
    if not ss[SessionKey.AUTOPLAY]:
        return
    now = time.monotonic()
    due = float(ss[SessionKey.AUTOPLAY_AT] or 0.0) + float(ss[SessionKey.SPEED]) * 0.9
    if now < due:
        return
    ss[SessionKey.AUTOPLAY_AT] = now
    if ss[SessionKey.STEP] < last:
        ss[SessionKey.STEP] = ss[SessionKey.STEP] + 1
        st.rerun(scope="app")
    else:
        ss[SessionKey.AUTOPLAY] = False
        st.rerun(scope="app")


if ss[SessionKey.AUTOPLAY] and ss[SessionKey.AUTOPLAY_AT] is None:
    ss[SessionKey.AUTOPLAY_AT] = time.monotonic()
if not ss[SessionKey.AUTOPLAY]:
    ss[SessionKey.AUTOPLAY_AT] = None
_autoplay()

# ---------------------------------------------------------------------------- the table

viewer_seat = int(ss[SessionKey.SEAT])
tv = view.table_view(
    rp, step, lang=lang, mode=mode, viewer=viewer_seat, reveal_kitty=bool(ss[SessionKey.SHOW_KITTY])
)
trump = state.trump
left, right = st.columns([2.2, 1])
with left:
    st.html(
        render.info_html(
            tv,
            lang,
            trump,
            view.rules_label(lang, rp.rules),
            view.rules_assumed(lang, rp),
        )
    )
    best_cards = av.best_cards_at(an_note) if not teaching else {}
    st.html(render.table_html(tv, lang, trump, best=best_cards))
    if state.kind.value == "end":
        recorded, computed = view.result_texts(rp, lang)
        if recorded:
            st.markdown(f"**{tr(lang, 'result')}** · {tr(lang, 'recorded')}: {recorded}")
        if computed:
            st.markdown(f"**{tr(lang, 'result')}** · {tr(lang, 'computed')}: {computed}")
    for f in state.findings:
        box = st.error if f.is_error else st.warning
        box(f"**{finding_label(lang, f.code)}** ({f.code}): {view.literal(f.message_in(lang))}")

    # --- teaching: what would you play?
    if teaching:
        question = view.question_at(rp, step, viewer_seat)
        if question is None:
            st.info(tr(lang, "teach_wait", seat=viewer_seat))
        else:
            st.subheader(tr(lang, "teach_question", seat=viewer_seat))
            # the cards by their place in the hand: a pair is two choices, not one
            held = [c for c in state.hand(viewer_seat) if c is not UNKNOWN]
            guess_key = f"{SessionKey.TEACH_GUESS}_{entry.number}_{step}"
            st.multiselect(
                tr(lang, "teach_pick"),
                list(range(len(held))),
                format_func=lambda i: held[i].symbol,
                key=guess_key,
                placeholder=tr(lang, "teach_pick_hint"),
                select_all=False,  # a whole hand is never the answer
            )
            if ss[SessionKey.TEACH_REVEALED] == step:
                guess = [str(held[i]) for i in ss.get(guess_key, [])]
                played = view.cards_text(question.cards)
                st.success(tr(lang, "teach_actual", cards=played))
                if not guess:
                    st.caption(tr(lang, "teach_no_guess"))
                elif view.same_cards(guess, question):
                    st.success(tr(lang, "teach_same"))
                else:
                    chosen = view.cards_text([held[i] for i in ss.get(guess_key, [])])
                    st.warning(tr(lang, "teach_differs", cards=chosen))
                graded = (
                    teach_grade(
                        ss[SessionKey.TEXT], ss[SessionKey.NAME], entry.number, step, tuple(guess)
                    )
                    if guess and not line  # graded on the record's own line
                    else None
                )
                if guess and graded is None:
                    st.caption(tr(lang, "teach_grade_none"))
                elif graded is not None and not graded.legal:
                    st.warning(tr(lang, "teach_grade_illegal"))
                elif graded is not None:
                    as_good, words = av.grade_words(graded, lang)
                    (st.success if as_good else st.warning)(words)
                for _target, note in view.notes_at(hand, rp.states[step + 1]):
                    for c in note.comments:
                        if is_engine_comment(c):
                            continue
                        st.markdown(f"> {view.literal(c.remark_in(lang) or c.text)}")
                    if note.nags:
                        st.caption(" ".join(glyph_label(lang, n) for n in note.nags))
            else:

                def _reveal(at: int = step) -> None:
                    ss[SessionKey.TEACH_REVEALED] = at

                st.button(
                    tr(lang, "teach_reveal"), key="teach_reveal", on_click=_reveal, type="primary"
                )

# ------------------------------------------------------------- annotations, findings, log

with right:
    # --- the analysis of the play at this step, in the page's language ---
    if an_note is not None and not teaching:
        st.subheader(tr(lang, "analysis"))
        for words in av.play_words(rp, an_note, lang):
            st.markdown(words)
        if an_note.is_mistake and an_note.best is not None:

            def _try_best(note: PlayNote = an_note, at: int = step) -> None:
                """Step into the engine's best play, entered as a variation of the play.

                Exploring is not editing: the line is shown (the text the page replays
                holds it) but the file as the user had it is kept aside, and that is
                what the download gives, what the draft keeps and what counts as edits.
                The line becomes part of the file when the user keeps it (the "keep"
                button) or edits while in it (a note on it, a further line); back on
                the main line otherwise, it is gone. A variation the file has already
                is simply entered."""
                new_hand, index = av.with_best_line(hand, note, trump)
                if new_hand is not hand:
                    ss[SessionKey.AN_EXPLORED] = ss[SessionKey.TEXT]
                    ss[SessionKey.TEXT] = edit.replace_hand(
                        ss[SessionKey.TEXT], entry.number, new_hand
                    )
                ss[SessionKey.LINE], ss[SessionKey.STEP] = [(at, index)], at

            st.button(tr(lang, "an_try_best"), key="an_try_best", on_click=_try_best)
    st.subheader(tr(lang, "annotations"))
    shown = view.notes_at(hand, state)
    if not shown:
        st.caption(tr(lang, "no_annotations"))
    for note_target, note in shown:
        for c in note.comments:
            if is_engine_comment(c):  # the analysis: shown above, in the page's language
                continue
            st.markdown(f"💬 {view.literal(c.remark_in(lang) or c.text)}")
            for cmd in c.commands:
                if cmd.name != LANG_COMMAND:  # the text is shown in the page's language
                    st.caption(view.literal(f"[%{cmd.name} {cmd.args}]"))
        if note.nags:
            st.markdown(
                f"**{tr(lang, 'glyphs')}**: " + ", ".join(glyph_label(lang, n) for n in note.nags)
            )
        for i, variation in enumerate(note.variations):
            text = view.variation_text(variation)

            def _enter(at: int = step, index: int = i) -> None:
                ss[SessionKey.LINE] = [*ss[SessionKey.LINE], (at, index)]
                ss[SessionKey.STEP] = at

            st.markdown(f"🔀 **{tr(lang, 'variation', n=i + 1)}**: {view.literal(text)}")
            for c in variation.comments:
                st.caption(view.literal(c.remark_in(lang) or c.text))
            if not teaching:
                st.button(
                    tr(lang, "enter_variation", n=i + 1),
                    key=f"var_{note_target.kind}_{note_target.index}_{note_target.play}_{i}",
                    on_click=_enter,
                )
    if line:

        def _back() -> None:
            back_to = ss[SessionKey.LINE][-1][0]
            ss[SessionKey.LINE] = ss[SessionKey.LINE][:-1]
            ss[SessionKey.STEP] = back_to

        st.button(tr(lang, "back_main"), key="back_main", on_click=_back, type="primary")
        if ss[SessionKey.AN_EXPLORED] is not None:  # the engine's line, explored: not in the file

            def _keep_line() -> None:
                _edited(ss[SessionKey.TEXT])
                ss[SessionKey.MESSAGE] = ("success", tr(lang, "an_line_kept"))

            st.caption(tr(lang, "an_explored"))
            st.button(tr(lang, "an_keep_line"), key="an_keep_line", on_click=_keep_line)

    st.subheader(tr(lang, "findings"))
    if not findings:
        st.caption(tr(lang, "no_findings"))
    with st.container(height=220 if findings else "content"):
        for n, f in enumerate(findings):
            cols = st.columns([3, 1])
            cols[0].markdown(view.finding_markdown(f, lang))
            cols[1].button(
                tr(lang, "goto"),
                key=f"finding_{n}",
                on_click=_go,
                args=(f.step or 0,),
                type="primary" if (f.step or 0) == step else "secondary",
            )

    st.subheader(tr(lang, "log"))
    entries = view.log_entries(rp, lang, upto=upto)
    current = view.entry_at(entries, step)
    with st.container(height=360):
        for i, item in enumerate(entries):
            marks = ("⚠ " if item.findings else "") + ("💬 " if item.annotated else "")
            label = f"{marks}{item.text}" + (f"  \n{item.plays}" if item.plays else "")
            st.button(
                label,
                key=f"log_{i}",
                on_click=_go,
                args=(item.step,),
                type="primary" if i == current else "tertiary",
                width="stretch",
            )

# ---------------------------------------------------------------------------- annotate

with left, st.expander(tr(lang, "annotate"), expanded=False):
    edit_target = edit.target_of(hand, state)
    # In a variation line the step's node is changed where the file writes it: inside
    # the variation (or in the main line, before the line branches off).
    written = entry.hand if line else None
    node = edit.annotation_node(hand, edit_target) if edit_target is not None else None
    if written is not None and not edit.holds(written, node):
        edit_target = None
    if edit_target is None:
        st.caption(tr(lang, "annotate_none"))
    else:
        what = view.target_label(lang, edit_target, hand)
        st.caption(tr(lang, "annotate_target", what=what))
        current_note = edit.annotation(hand, edit_target)
        prefill = edit.NoteForm.of(current_note)
        stamp = (entry.number, line, step, hash(ss[SessionKey.TEXT]))
        if ss.get(SessionKey.NOTE_FOR) != stamp:
            ss[SessionKey.NOTE_FOR] = stamp
            ss[SessionKey.NOTE_TEXT], ss[SessionKey.NOTE_GLYPH], ss[SessionKey.NOTE_NAGS] = (
                prefill.text,
                prefill.glyph,
                prefill.extra,
            )

        def _save(delete: bool = False, target: edit.Target = edit_target) -> None:
            if delete:
                comments: tuple[str, ...] = ()
                nags: tuple[int, ...] = ()
            else:
                form = edit.NoteForm(
                    ss[SessionKey.NOTE_TEXT],
                    int(ss[SessionKey.NOTE_GLYPH]),
                    ss[SessionKey.NOTE_NAGS],
                )
                try:
                    comments, nags = form.read(current_note)
                except ValueError:
                    ss[SessionKey.MESSAGE] = ("error", tr(lang, "bad_nags"))
                    return
            try:
                new_hand = edit.set_annotation(hand, target, comments, nags, into=written)
            except ValueError:
                ss[SessionKey.MESSAGE] = ("error", tr(lang, "bad_comment"))
                return
            _edited(edit.replace_hand(ss[SessionKey.TEXT], entry.number, new_hand))
            ss[SessionKey.MESSAGE] = ("success", tr(lang, "saved"))

        st.text_area(tr(lang, "comment_text"), key=SessionKey.NOTE_TEXT, height=100)
        if edit_target.takes_marks:
            st.selectbox(
                tr(lang, "glyph"),
                GLYPH_CHOICES,
                format_func=lambda n: glyph_label(lang, n) if n else tr(lang, "no_glyph"),
                key=SessionKey.NOTE_GLYPH,
                placeholder=tr(lang, "choose"),
            )
            st.text_input(tr(lang, "nag_extra"), key=SessionKey.NOTE_NAGS)
        b1, b2 = st.columns(2)
        b1.button(tr(lang, "save"), key="note_save", on_click=_save, type="primary")
        b2.button(tr(lang, "delete"), key="note_delete", on_click=_save, kwargs={"delete": True})
        if edit_target.takes_marks:
            # An alternative line, as chess players add one: it is replayed and checked
            # like the record once entered.
            def _add_line(target: edit.Target = edit_target) -> None:
                try:
                    new_hand = edit.add_variation(
                        hand, target, ss[SessionKey.NEW_LINE], into=written
                    )
                except ShengjiError as e:
                    ss[SessionKey.MESSAGE] = ("code", error_words(e, lang))
                    return
                except ValueError as e:
                    ss[SessionKey.MESSAGE] = ("error", str(e))
                    return
                _edited(edit.replace_hand(ss[SessionKey.TEXT], entry.number, new_hand))
                ss[SessionKey.NEW_LINE] = ""
                ss[SessionKey.MESSAGE] = ("success", tr(lang, "line_added"))

            example = view.line_example(hand, edit_target)
            st.text_input(tr(lang, "new_line", example=example), key=SessionKey.NEW_LINE)
            st.button(tr(lang, "add_line"), key="line_add", on_click=_add_line)
    if ss[SessionKey.MESSAGE]:
        kind, message = ss[SessionKey.MESSAGE]
        if kind == "code":  # a located message: its caret needs a fixed-width font
            st.error(view.literal(message.splitlines()[0]))
            st.code("\n".join(message.splitlines()[1:]), language=None)
        else:
            (st.success if kind == "success" else st.error)(view.literal(message))
        ss[SessionKey.MESSAGE] = None

# --- the analysis: analyse this hand from the viewer ---
with left, st.expander(tr(lang, "analyse"), expanded=False):
    tricks_in_hand = max(1, len(entry.hand.tricks) if entry.hand is not None else 1)
    ss[SessionKey.AN_FROM] = max(1, min(int(ss[SessionKey.AN_FROM]), tricks_in_hand))
    settings = st.columns(3)
    settings[0].radio(
        tr(lang, "analyse_view"),
        ["player", "hindsight"],
        format_func=lambda v: tr(lang, f"view_{v}"),
        key=SessionKey.AN_VIEW,
    )
    settings[1].select_slider(
        tr(lang, "analyse_budget"), list(av.BUDGETS), key=SessionKey.AN_BUDGET
    )
    settings[2].number_input(
        tr(lang, "analyse_from"),
        min_value=1,
        max_value=tricks_in_hand,
        step=1,
        key=SessionKey.AN_FROM,
    )
    if st.button(tr(lang, "analyse_run"), key="analyse_run", type="primary", disabled=bool(line)):
        bar = st.progress(0.0)

        def _progress(done: int, total: int) -> None:
            ss[SessionKey.AN_RUNS] = ss[SessionKey.AN_RUNS] + (
                done == 1
            )  # counts analyses actually run
            bar.progress(done / total, text=tr(lang, "analyse_progress", done=done, total=total))

        assert entry.hand is not None
        result, error = analysed_hand(
            write_hand(entry.hand),
            entry.number,
            str(ss[SessionKey.AN_VIEW]),
            float(ss[SessionKey.AN_BUDGET]),
            int(ss[SessionKey.AN_FROM]),
            lang,
            _progress=_progress,
        )
        if error is not None:
            st.error(tr(lang, "analyse_failed", reason=error))
        else:
            new_text = edit.replace_hand(ss[SessionKey.TEXT], entry.number, parse_hand(result))
            if new_text != ss[SessionKey.TEXT]:
                _edited(new_text)
            ss[SessionKey.MESSAGE] = ("success", tr(lang, "analyse_done"))
            st.rerun()
    if analysis is not None:
        _download_file(tr(lang, "analyse_download"), "analyse_download")
# --- end of the analysis --------------------------------------------------------------

# ---------------------------------------------------------------------------- charts


def _chart_jump(key: str) -> None:
    target = charts.selected_point(ss.get(key))
    if target is not None:
        ss[SessionKey.STEP] = target


def _hand_jump() -> None:
    target = charts.selected_point(ss.get(SessionKey.CHART_LEVELS))
    if target is not None and target != ss[SessionKey.HAND]:
        ss[SessionKey.HAND] = target
        _on_hand()


# --- the analysis: the evaluation graph and the per-seat table ---
if analysis is not None and not teaching:
    st.subheader(tr(lang, "analysis"))
    st.plotly_chart(
        eval_figure(ss[SessionKey.TEXT], ss[SessionKey.NAME], entry.number, lang, step),
        key=SessionKey.CHART_EVAL,
        on_select=lambda: _chart_jump(SessionKey.CHART_EVAL),
        selection_mode="points",
        config=charts.plotly_config(lang),
    )
    # a table, not a data grid: the grid's toolbar and menus speak only English
    summary = pd.DataFrame(av.summary_rows(analysis, lang))
    st.table(summary.style.format(precision=1), hide_index=True)
    if analysis.engine is not None:
        engine = analysis.engine
        st.caption(
            tr(
                lang,
                "an_engine",
                version=engine.version,
                view=tr(lang, f"view_{engine.view}"),
                budget=f"{engine.budget:g}",
            )
            + (f" {tr(lang, 'an_stopped')}" if analysis.stopped else "")
        )

st.subheader(tr(lang, "charts"))
fig_defenders, fig_tricks = hand_figures(
    ss[SessionKey.TEXT], ss[SessionKey.NAME], entry.number, line, lang, upto
)
c1, c2 = st.columns(2)
with c1:
    st.plotly_chart(
        fig_defenders,
        key=SessionKey.CHART_DEFENDERS,
        on_select=lambda: _chart_jump(SessionKey.CHART_DEFENDERS),
        selection_mode="points",
        config=charts.plotly_config(lang),
    )
with c2:
    st.plotly_chart(
        fig_tricks,
        key=SessionKey.CHART_TRICKS,
        on_select=lambda: _chart_jump(SessionKey.CHART_TRICKS),
        selection_mode="points",
        config=charts.plotly_config(lang),
    )
if len(doc.readable) > 1:
    st.plotly_chart(
        match_figure(ss[SessionKey.TEXT], ss[SessionKey.NAME], lang, entry.number),
        key=SessionKey.CHART_LEVELS,
        on_select=_hand_jump,
        selection_mode="points",
        config=charts.plotly_config(lang),
    )

# ---------------------------------------------------------------------------- the URL

query = to_query(ss)
if st.query_params.to_dict() != query:
    st.query_params.from_dict(query)
ss[SessionKey.RUN_SECONDS] = time.perf_counter() - _started  # the page's own time, read by a test
