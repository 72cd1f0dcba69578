"""The viewer's icons: Google's Material Symbols as Streamlit draws them
(``:material/name:``), from the font Streamlit serves itself, so that they show on a
computer with no emoji font (where ⏮ or 💬 is an empty box) and need no network. A
button takes one as its ``icon``; Markdown (a caption, a button's label) writes it inline.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "ADD",
    "APP",
    "COMMENT",
    "DOWNLOAD",
    "ERROR",
    "FIRST",
    "INFO",
    "LAST",
    "NEXT",
    "NEXT_TRICK",
    "PREV",
    "PREV_TRICK",
    "RECORD",
    "REVIEW",
    "UNDO",
    "VARIATION",
    "WARNING",
]

# stepping through a hand
FIRST: Final = ":material/first_page:"
PREV: Final = ":material/chevron_left:"
NEXT: Final = ":material/chevron_right:"
LAST: Final = ":material/last_page:"
PREV_TRICK: Final = ":material/keyboard_double_arrow_left:"
NEXT_TRICK: Final = ":material/keyboard_double_arrow_right:"
# what a step holds: a comment, an alternative line; a finding's severity
COMMENT: Final = ":material/chat:"
VARIATION: Final = ":material/alt_route:"
ERROR: Final = ":material/error:"
WARNING: Final = ":material/warning:"
INFO: Final = ":material/info:"
# the pages and their buttons
APP: Final = ":material/playing_cards:"
REVIEW: Final = ":material/search:"
RECORD: Final = ":material/edit_note:"
ADD: Final = ":material/add:"
UNDO: Final = ":material/undo:"
DOWNLOAD: Final = ":material/download:"
