"""The coach's editor: the comment and marks of the step's node (a play, a bid, the
deal, a trick's opening), a new alternative line to add as a variation (a play's clicked
on the table, or typed); and the notice each change leaves for the next run."""

from __future__ import annotations

import streamlit as st

from notation.errors import SourceError
from notation.messages import error_words
from viewer import edit, view
from viewer.i18n import GLYPH_CHOICES, LANGUAGES, glyph_label, tr
from viewer.panels.hand import Moment
from viewer.panels.source import edited
from viewer.session import SessionKey

__all__ = ["expander"]

ss = st.session_state


def expander(here: Moment) -> None:
    """ "Annotate": the editor of the node this step is about (in a variation line, the
    node where the file writes it), then the notice the last change left."""
    lang = here.lang
    with st.expander(tr(lang, "annotate"), expanded=False):
        _editor(here)
        _notice()


def _editor(here: Moment) -> None:
    lang, hand, entry, step = here.lang, here.hand, here.entry, here.step
    target = edit.target_of(hand, here.state)
    # In a variation line the step's node is changed where the file writes it: inside
    # the variation (or in the main line, before the line branches off).
    written = entry.hand if here.line else None
    node = edit.annotation_node(hand, target) if target is not None else None
    if written is not None and not edit.holds(written, node):
        target = None
    if target is None:
        st.caption(tr(lang, "annotate_none"))
        return
    st.caption(tr(lang, "annotate_target", what=view.target_label(lang, target, hand)))
    current = edit.annotation(hand, target)
    prefill = edit.NoteForm.of(current)
    stamp = (entry.number, here.line, step, hash(ss[SessionKey.TEXT]))
    # a field a language, the page's first: a comment's words, never its [%lang] markup
    fields = sorted(edit.NOTE_LANGUAGES, key=lambda code: code != lang)
    keys = {code: f"{SessionKey.NOTE_TEXT}_{code}" for code in fields}
    if ss.get(SessionKey.NOTE_FOR) != stamp:
        ss[SessionKey.NOTE_FOR] = stamp
        for code, key in keys.items():
            ss[key] = prefill.words.get(code, "")
        ss[SessionKey.NOTE_GLYPH] = prefill.glyph
        ss[SessionKey.NOTE_NAGS] = prefill.extra
        ss[SessionKey.NOTE_MORE] = bool(prefill.extra)

    def save(delete: bool = False, target: edit.Target = target) -> None:
        if delete:
            comments: tuple[str, ...] = ()
            nags: tuple[int, ...] = ()
        else:
            words = {code: ss[key] for code, key in keys.items()}
            extra = ss[SessionKey.NOTE_NAGS] if ss[SessionKey.NOTE_MORE] else prefill.extra
            form = edit.NoteForm(words, int(ss[SessionKey.NOTE_GLYPH]), extra)
            try:
                comments, nags = form.read(current)
            except ValueError:
                ss[SessionKey.MESSAGE] = ("error", tr(lang, "bad_nags"))
                return
        try:
            new_hand = edit.set_annotation(hand, target, comments, nags, into=written)
        except ValueError:
            ss[SessionKey.MESSAGE] = ("error", tr(lang, "bad_comment"))
            return
        edited(edit.replace_hand(ss[SessionKey.TEXT], entry.number, new_hand))
        ss[SessionKey.MESSAGE] = ("success", tr(lang, "saved"))

    for code, key in keys.items():
        st.text_area(tr(lang, "comment_in", language=LANGUAGES[code]), key=key, height=80)
    if target.takes_marks:
        st.selectbox(
            tr(lang, "glyph"),
            GLYPH_CHOICES,
            format_func=lambda n: glyph_label(lang, n) if n else tr(lang, "no_glyph"),
            key=SessionKey.NOTE_GLYPH,
            placeholder=tr(lang, "choose"),
        )
        # marks by number (a club's own, PGN's) only when asked for or already there
        st.toggle(tr(lang, "nag_more"), key=SessionKey.NOTE_MORE)
        if ss[SessionKey.NOTE_MORE]:
            st.text_input(tr(lang, "nag_extra"), key=SessionKey.NOTE_NAGS)
    b1, b2 = st.columns(2)
    b1.button(tr(lang, "save"), key="note_save", on_click=save, type="primary")
    b2.button(tr(lang, "delete"), key="note_delete", on_click=save, kwargs={"delete": True})
    if not target.takes_marks:
        return

    # An alternative line to a play: clicked on the table, from the step before the
    # play (each card clicked after it goes on with the line); it is explored until kept
    # with "Keep this line in the file". A bid's or the bury's (no cards to click for
    # them), or a line a coach would rather write, is typed in PSN.
    if target.kind == "play":
        st.caption(tr(lang, "line_click"))

        def to_table(at: int = step) -> None:
            ss[SessionKey.STEP] = max(0, at - 1)

        st.button(tr(lang, "line_on_table"), key="line_on_table", on_click=to_table)
        st.toggle(tr(lang, "line_typed"), key=SessionKey.LINE_TYPED)
        if not ss[SessionKey.LINE_TYPED]:
            return

    # The line typed, as chess players add one: it is replayed and checked like the
    # record once entered.
    def add_line(target: edit.Target = target) -> None:
        try:
            new_hand = edit.add_variation(
                hand, target, ss[SessionKey.NEW_LINE], into=written, lang=lang
            )
        except SourceError as e:  # placed in the text typed, with a caret
            ss[SessionKey.MESSAGE] = ("code", error_words(e, lang))
            return
        except ValueError as e:
            ss[SessionKey.MESSAGE] = ("error", error_words(e, lang))
            return
        edited(edit.replace_hand(ss[SessionKey.TEXT], entry.number, new_hand))
        ss[SessionKey.NEW_LINE] = ""
        ss[SessionKey.MESSAGE] = ("success", tr(lang, "line_added"))

    example = view.line_example(hand, target)
    st.text_input(tr(lang, "new_line", example=example), key=SessionKey.NEW_LINE)
    st.button(tr(lang, "add_line"), key="line_add", on_click=add_line)


def _notice() -> None:
    """The notice the last change left (said once)."""
    if not ss[SessionKey.MESSAGE]:
        return
    kind, message = ss[SessionKey.MESSAGE]
    if kind == "code":  # a located message: its caret needs a fixed-width font
        st.error(view.literal(message.splitlines()[0]))
        st.code("\n".join(message.splitlines()[1:]), language=None)
    else:
        (st.success if kind == "success" else st.error)(view.literal(message))
    ss[SessionKey.MESSAGE] = None
