"""pytest for the whole checkout: the doctests of modules that run compiled."""

from __future__ import annotations

from pathlib import Path

from tests.compiled import ROOT, compile_list, is_compiled, module_name


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """A module the compiled build compiled (README, "A compiled build") keeps no
    docstrings, so its doctests are run by the pure build only; collecting them here would
    import the extension module for the ``.py`` file, which pytest refuses."""
    try:
        path = collection_path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return None
    if path in compile_list() and is_compiled(module_name(path)):
        return True
    return None
