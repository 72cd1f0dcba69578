"""The viewer's icons and symbols show without an emoji font: every character its words
and its code write is Chinese or has a glyph in DejaVu Sans (Debian's default font, the
one this computer has); the buttons' icons are Material Symbols, which Streamlit draws
from its own font."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from PIL import ImageFont

from notation.messages import TEMPLATES
from tests.test_viewer_app import open_text
from viewer import icons, samples

VIEWER = Path(__file__).resolve().parent.parent / "viewer"
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def _cjk(ch: str) -> bool:
    o = ord(ch)
    return 0x2E80 <= o <= 0x9FFF or 0x3000 <= o <= 0x303F or 0xFF00 <= o <= 0xFFEF


def _strings(path: Path) -> list[tuple[int, str]]:
    """The string constants of a module, its docstrings left out (no one reads them)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
    ]


def test_every_symbol_the_viewer_writes_has_a_glyph_in_dejavu_sans() -> None:
    font = ImageFont.truetype(DEJAVU, 20)
    missing = bytes(font.getmask("\U0010fffd"))  # what the font draws for a character it lacks
    seen: dict[str, str] = {}
    for path in sorted(VIEWER.rglob("*.py")):
        for line, text in _strings(path):
            for ch in text:
                seen.setdefault(ch, f"{path.relative_to(VIEWER.parent)}:{line}")
    for lang, table in TEMPLATES.items():
        for key, text in table.items():
            if key.startswith(("label.", "term.", "glyph.")):
                for ch in text:
                    seen.setdefault(ch, f"{key} ({lang})")
    boxes = {
        f"{ch} U+{ord(ch):04X}": where
        for ch, where in seen.items()
        if ord(ch) > 127 and ch != "\ufe0f" and not _cjk(ch)
        if bytes(font.getmask(ch)) == missing
    }
    assert not boxes  # e.g. ⏮ 💬 🔀 🛑: boxes on a computer with no emoji font


def test_the_step_buttons_carry_material_icons() -> None:
    at = open_text(samples.annotated_text())
    icon_of = {b.key: b.proto.icon for b in at.button if b.key and b.key.startswith("nav_")}
    assert icon_of == {
        "nav_first": icons.FIRST,
        "nav_prev": icons.PREV,
        "nav_next": icons.NEXT,
        "nav_last": icons.LAST,
        "nav_prev_trick": icons.PREV_TRICK,
        "nav_next_trick": icons.NEXT_TRICK,
    }
    assert all(name.startswith(":material/") for name in icon_of.values())


@pytest.mark.parametrize("name", icons.__all__)
def test_each_icon_is_a_material_symbol_streamlit_knows(name: str) -> None:
    from streamlit.material_icon_names import ALL_MATERIAL_ICONS

    icon = getattr(icons, name)
    assert icon.startswith(":material/") and icon.endswith(":")
    assert icon.removeprefix(":material/").removesuffix(":") in ALL_MATERIAL_ICONS
