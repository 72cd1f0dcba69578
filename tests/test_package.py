"""The package itself: what importing it pulls in, where its files are."""

from __future__ import annotations

import subprocess
import sys

from notation.resources import examples_dir, grammar_path, presets_dir


def test_import_notation_imports_neither_streamlit_nor_plotly() -> None:
    code = (
        "import sys, notation, notation.cli\n"
        "from notation.cli import build_parser; build_parser()\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('streamlit', 'plotly'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


def test_shipped_folders_are_found() -> None:
    assert examples_dir().is_dir()
    assert presets_dir().is_dir()
    assert grammar_path().parent.is_dir()
