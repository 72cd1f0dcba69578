"""The package itself: what importing it pulls in, where its files are."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

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


def test_every_json_written_refuses_nan_and_infinity() -> None:
    # json.dumps writes float("nan") as NaN, which is not JSON: every call in the
    # library and the viewer says allow_nan=False (a value past any number is refused
    # where a record is read; should one slip through, it is a bug, not a bad file).
    root = Path(__file__).parent.parent
    calls = []
    for path in sorted([*root.glob("notation/**/*.py"), *root.glob("viewer/**/*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("dump", "dumps")
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "json"
            ):
                calls.append((path.relative_to(root), node.lineno, node))
    assert len(calls) >= 10  # the search finds them
    allowing = [
        f"{path}:{line}"
        for path, line, node in calls
        if not any(
            k.arg == "allow_nan" and isinstance(k.value, ast.Constant) and k.value.value is False
            for k in node.keywords
        )
    ]
    assert allowing == []
