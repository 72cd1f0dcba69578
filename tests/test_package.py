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


# --- one concept, one home (STYLE.md) ------------------------------------------------------

ROOT = Path(__file__).parent.parent
SOURCES = sorted([*ROOT.glob("notation/**/*.py"), *ROOT.glob("viewer/**/*.py")])


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(path: Path) -> list[tuple[str, str, int]]:
    """(module, name, line) of every ``from notation… / viewer… import name`` in ``path``."""
    found = []
    package = _module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from the package this module is in
                base = package[: len(package) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            if module.split(".")[0] in ("notation", "viewer"):
                found.extend((module, alias.name, node.lineno) for alias in node.names)
    return found


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def test_no_module_imports_another_modules_private_names() -> None:
    imported = [
        f"{path.relative_to(ROOT)}:{line}: {module}.{name}"
        for path in SOURCES
        for module, name, line in _imported(path)
        if _private(name)
    ]
    assert imported == []


def test_no_class_is_built_on_private_classes_of_other_modules() -> None:
    # A class is one concept in one module: never assembled from mixins living elsewhere.
    found = []
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        own = {n.name for n in ast.walk(tree) if isinstance(n, ast.ClassDef)}
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for base in node.bases:
                    name = base.id if isinstance(base, ast.Name) else None
                    if name and _private(name) and name not in own:
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.name}({name})")
    assert found == []


def _public_types(path: Path) -> list[tuple[str, int]]:
    """(name, line) of the public classes and type aliases (``Slots = tuple[...]``)
    ``path`` defines at its top level."""
    found = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ClassDef):
            found.append((node.name, node.lineno))
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found.extend(
                (t.id, node.lineno)
                for t in targets
                if isinstance(t, ast.Name) and t.id[0].isupper() and not t.id.isupper()
            )
    return [(name, line) for name, line in found if not name.startswith("_")]


def test_no_two_modules_define_a_public_type_of_one_name() -> None:
    # One concept, one name: the rules' Play and Bid are the only Play and Bid, and a
    # record's node says it is one (PlayNode, BidNode), as chess.Move and chess.pgn's
    # GameNode do. Two types of one name are one concept written twice, or two
    # concepts that a reader takes for one.
    homes: dict[str, list[str]] = {}
    for path in SOURCES:
        for name, line in _public_types(path):
            homes.setdefault(name, []).append(f"{path.relative_to(ROOT)}:{line}")
    assert len(homes) > 100  # the search finds them
    assert {name: where for name, where in homes.items() if len(where) > 1} == {}
