"""The title and the hand picker; the hand at its step (or in the variation line
entered), as a :class:`Moment` every other panel of the viewer draws from."""

from __future__ import annotations

import streamlit as st

from notation.analysis.annotations import HandAnalysis, PlayNote, read_analysis
from notation.analysis.puzzles import PuzzleNote, read_puzzle
from notation.findings import Finding
from notation.frozen import frozen
from notation.messages import error_words
from notation.psn import Hand
from notation.replay import HandReplay, State, StepKind
from notation.rules.order import Trump
from viewer import analysis_view, document, render, view
from viewer.i18n import tr
from viewer.panels import cache
from viewer.session import SessionKey

__all__ = ["Moment", "moment", "on_hand", "puzzle_step"]

ss = st.session_state


@frozen
class Moment:
    """What the viewer shows on this run: a hand of the file at a step, and how."""

    lang: str
    doc: document.Document
    entry: document.HandEntry  # the hand picked (readable)
    line: cache.VariationPath  # the variations entered: (step, variation index)
    replay: HandReplay  # of the hand, or of the variation line entered
    step: int
    analysis: HandAnalysis | None  # the record's analysis of the hand (not of a line)
    note: PlayNote | None  # the analysis's judgement of the play made at this step
    teaching: bool
    mode: view.ViewMode
    seat: int  # the seat at the bottom: the one seat's view, the student's
    findings: tuple[Finding, ...]  # of the line or the hand; a student's: only so far
    puzzle: PuzzleNote | None = None  # the puzzle the hand is (its play to find at its end)
    puzzle_at: int | None = None  # the puzzle's position on the hand's own line

    @property
    def last(self) -> int:
        """The hand's (or the line's) last step."""
        return len(self.replay.states) - 1

    @property
    def state(self) -> State:
        """The replay's state at this step."""
        return self.replay.states[self.step]

    @property
    def hand(self) -> Hand:
        """The hand stepped through (the variation line spliced in, if one is entered)."""
        return self.replay.hand

    @property
    def trump(self) -> Trump | None:
        """The trump at this step, if known yet."""
        return self.state.trump

    @property
    def puzzle_step(self) -> int | None:
        """A puzzle's position on the hand's own line: the step after its last play (the
        end of the record is the step after that), where the student finds the play."""
        return self.puzzle_at

    @property
    def asks_puzzle(self) -> bool:
        """True at a puzzle's position (not in a variation the student explores)."""
        return self.puzzle is not None and not self.line and self.step == self.puzzle_at

    @property
    def upto(self) -> int | None:
        """In teaching mode, this step: nothing after it is shown."""
        return self.step if self.teaching else None


def puzzle_step(replay: HandReplay) -> int:
    """The step where a puzzle's play is to be found: its last before the end."""
    states = replay.states
    return next(i for i in reversed(range(len(states))) if states[i].kind is not StepKind.END)


def on_hand() -> None:
    """Another hand: at its start, on its own line, nothing revealed."""
    ss[SessionKey.STEP], ss[SessionKey.LINE], ss[SessionKey.TEACH_REVEALED] = 0, [], None


def moment(doc: document.Document) -> Moment:
    """The title, what cannot be read in the file, and the hand picker; the hand at its
    step. Where the file has no readable hand, or the hand picked is not readable, the
    page says so and stops."""
    lang = ss[SessionKey.LANG]
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

    numbers = [e.number for e in doc.entries]
    if ss[SessionKey.HAND] not in numbers:
        ss[SessionKey.HAND] = doc.first_readable()
    if len(numbers) > 1:

        def label(number: int) -> str:
            item = doc.entry(number)
            assert item is not None
            said = tr(lang, "hand_n", n=number)
            if item.hand is None:
                return f"{said} ✗ {tr(lang, 'hand_unreadable')}"
            puzzle = item.hand.header("Puzzle")
            if puzzle is not None:  # the game's title could give the lesson away
                return tr(lang, "puzzle_n", n=puzzle, total=len(numbers))
            extra = [v for v in (item.hand.header_in("Event", lang), item.hand.header("Hand")) if v]
            return f"{said} · {' · '.join(extra)}" if extra else said

        hand_col.selectbox(
            tr(lang, "hand"),
            numbers,
            format_func=label,
            key=SessionKey.HAND,
            on_change=on_hand,
            label_visibility="collapsed",
            placeholder=tr(lang, "choose"),
        )
    entry = doc.entry(ss[SessionKey.HAND])
    assert entry is not None
    if not entry.readable:
        st.error(tr(lang, "unreadable_title", n=entry.number))
        st.code(entry.errors_text(lang), language=None)
        st.stop()

    text, name = ss[SessionKey.TEXT], ss[SessionKey.NAME]
    line: cache.VariationPath = tuple((at, index) for at, index in ss[SessionKey.LINE])
    try:
        rp = cache.line_replay(text, name, entry.number, line)
    except ValueError as e:
        st.error(view.literal(error_words(e, lang)))
        ss[SessionKey.LINE], line = [], ()
        rp = cache.line_replay(text, name, entry.number, line)
    # a puzzle stays one while the student explores a variation from it
    puzzle = read_puzzle(entry.hand) if entry.hand is not None else None
    puzzle_at = None
    if puzzle is not None:
        puzzle_at = puzzle_step(cache.line_replay(text, name, entry.number, ()) if line else rp)
    if puzzle_at is not None and not line and ss[SessionKey.PUZZLE_AT] != (name, entry.number):
        ss[SessionKey.PUZZLE_AT] = (name, entry.number)  # a puzzle opened: at its position
        ss[SessionKey.STEP] = puzzle_at
    ss[SessionKey.STEP] = max(0, min(int(ss[SessionKey.STEP]), len(rp.states) - 1))
    step: int = ss[SessionKey.STEP]
    # the analysis: read from the record's comments (never run to be shown)
    analysis = read_analysis(entry.hand) if not line and entry.hand is not None else None
    teaching = bool(ss[SessionKey.TEACH]) and puzzle is None
    findings = rp.findings if line else entry.findings
    if teaching:
        findings = tuple(f for f in findings if (f.step or 0) <= step)
    return Moment(
        lang=lang,
        doc=doc,
        entry=entry,
        line=line,
        replay=rp,
        step=step,
        analysis=analysis,
        note=None if analysis is None else analysis_view.note_at(rp, analysis, step),
        teaching=teaching,
        mode="teach" if teaching else ss[SessionKey.MODE],
        seat=puzzle.seat if puzzle is not None else int(ss[SessionKey.SEAT]),
        findings=tuple(findings),
        puzzle=puzzle,
        puzzle_at=puzzle_at,
    )
