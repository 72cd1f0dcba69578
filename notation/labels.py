"""The labels of the handout and the table image, in the user's language.

A label is looked up by key, the message catalogue's ``label.<key>``
(:mod:`notation.messages.labels`, where the viewer's labels are too); a key the catalogue
lacks is shown as itself, so a typo is visible, not fatal. The Chinese words are the
players' own (README, Terms): 主, 庄家, 闲家, 底牌, 扣底, 分, 级.

>>> label("zh", "kitty"), label("en", "trick_n", n=3), label("zh", "seat_n", n=2)
('底牌', 'Trick 3', '2 号位')
"""

from __future__ import annotations

from notation.messages import has, say
from notation.psn.model import GLYPHS

__all__ = ["glyph_name", "label"]


def label(lang: str, key: str, **values: object) -> str:
    """The label ``key`` in ``lang``, ``{names}`` filled from ``values``."""
    return say(f"label.{key}", lang, **values) if has(f"label.{key}") else key


def glyph_name(lang: str, glyph: str) -> str:
    """What a glyph says in words: ``?!`` → dubious (可疑); an unknown one as itself."""
    nag = GLYPHS.get(glyph)
    return say(f"glyph.{nag}", lang) if nag is not None and has(f"glyph.{nag}") else glyph
