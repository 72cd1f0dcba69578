"""The compiled build's modules (pyproject.toml names them) and whether they run compiled.

``SHENGJI_COMPILE=1 pip install -e .`` compiles them with mypyc (README, "A compiled
build"); a plain install leaves every module pure Python.
"""

from __future__ import annotations

import ast
import importlib
import importlib.machinery
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def compile_list() -> list[str]:
    """The source files the compiled build compiles, relative to the checkout."""
    with open(ROOT / "pyproject.toml", "rb") as file:
        config = tomllib.load(file)
    hook = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]
    return list(hook["compile"])


def module_name(path: str) -> str:
    """``notation/rules/game.py`` -> ``notation.rules.game``."""
    return path.removesuffix(".py").replace("/", ".")


def is_compiled(name: str) -> bool:
    """Whether the module ``name`` is imported from an extension module (compiled)."""
    file = importlib.import_module(name).__file__ or ""
    return file.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def compiled_modules() -> list[str]:
    """The modules of the compile list that this checkout imports compiled."""
    return [m for m in map(module_name, compile_list()) if is_compiled(m)]


def by_build_classes() -> list[tuple[type, dict[str, bool]]]:
    """Every class the compiled modules decorate with ``@dataclass_by_build`` (mypyc reads
    it as ``dataclass``; notation/frozen.py), with the options written there."""
    found = []
    for path in compile_list():
        module = importlib.import_module(module_name(path))
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
        for node in tree.body:
            if not isinstance(node, ast.ClassDef):
                continue
            for decorator in node.decorator_list:
                if (
                    isinstance(decorator, ast.Call)
                    and isinstance(decorator.func, ast.Name)
                    and decorator.func.id == "dataclass_by_build"
                ):
                    options = {k.arg: ast.literal_eval(k.value) for k in decorator.keywords}
                    found.append((getattr(module, node.name), options))
    return found
