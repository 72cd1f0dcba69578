"""Puzzle mode (a hand with a ``[Puzzle]`` header, :mod:`notation.analysis.puzzles`):
the question at the puzzle's position; the student's play, clicked on the table
(:mod:`viewer.panels.table`, which refuses an illegal one with its rule), told right or
wrong; the answer, the engine's line and the game's play once solved or shown; the
previous and next puzzles of the set."""

from __future__ import annotations

import streamlit as st

from notation.analysis.annotations import line_sentence
from notation.messages import say
from viewer import icons
from viewer.i18n import tr
from viewer.panels.hand import Moment, on_hand
from viewer.panels.table import puzzle_tried
from viewer.session import SessionKey

__all__ = ["question"]

ss = st.session_state


def question(here: Moment) -> None:
    """The puzzle's question and what the student's play was; the answer once solved
    or asked for; the steps to the other puzzles."""
    puzzle = here.puzzle
    assert puzzle is not None
    lang = here.lang
    numbers = [e.number for e in here.doc.entries]
    at = numbers.index(here.entry.number)
    st.subheader(tr(lang, "puzzle_n", n=at + 1, total=len(numbers)))
    _neighbours(lang, numbers, at)
    for comment in here.hand.comments[:1]:
        st.markdown(comment.remark_in(lang))
    if puzzle.themes:
        themes = say("sep.comma", lang).join(
            say(f"puzzle.theme.{t.value}", lang) for t in puzzle.themes
        )
        st.caption(tr(lang, "puzzle_theme", themes=themes))
    if not here.asks_puzzle:
        st.button(
            tr(lang, "puzzle_position"),
            key="puzzle_position",
            on_click=_to_position,
            args=(here.puzzle_step,),
            icon=icons.LAST,
        )
        return
    key = (ss[SessionKey.NAME], here.entry.number)
    tried = puzzle_tried(here)
    solved = tried is not None and puzzle.solves(tried)
    if solved:
        st.success(tr(lang, "puzzle_right", cards=puzzle.best))
    elif tried is not None:
        st.warning(tr(lang, "puzzle_wrong", cards=tried))
    if not solved and ss[SessionKey.PUZZLE_SHOWN] != key:
        st.caption(tr(lang, "puzzle_click"))

        def show(which: tuple[str, int] = key) -> None:
            ss[SessionKey.PUZZLE_SHOWN] = which

        st.button(tr(lang, "puzzle_show"), key="puzzle_show", on_click=show)
        return
    if not solved:
        st.info(tr(lang, "puzzle_answer", cards=puzzle.best))
    if puzzle.line is not None:
        st.markdown(line_sentence(puzzle.line, lang))
    if puzzle.played:
        loss = f"{puzzle.loss.mean:.0f}" if puzzle.loss is not None else "?"
        verdict = tr(lang, f"class_{puzzle.verdict}") if puzzle.verdict else ""
        st.caption(tr(lang, "puzzle_game", cards=puzzle.played, verdict=verdict, loss=loss))


def _neighbours(lang: str, numbers: list[int], at: int) -> None:
    """The previous and the next puzzle of the set."""
    left, right = st.columns(2)
    for where, to, label, icon, key in (
        (left, at - 1, "puzzle_prev", icons.PREV, "puzzle_prev"),
        (right, at + 1, "puzzle_next", icons.NEXT, "puzzle_next"),
    ):
        inside = 0 <= to < len(numbers)
        where.button(
            tr(lang, label),
            key=key,
            on_click=_open,
            args=(numbers[to] if inside else 0,),
            disabled=not inside,
            icon=icon,
            width="stretch",
        )


def _open(number: int) -> None:
    """Another puzzle of the set, at its position."""
    ss[SessionKey.HAND] = number
    on_hand()
    ss[SessionKey.PUZZLE_AT] = None  # landed on afresh: at its end


def _to_position(last: int) -> None:
    ss[SessionKey.STEP], ss[SessionKey.LINE] = last, []
