"""The one place that finds the files shipped beside the code.

In a checkout, ``grammars/`` and ``examples/`` sit at the top level next to
``notation/``; in an installed wheel they are copied to ``notation/_data/``.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["examples_dir", "grammar_path", "presets_dir"]

_PACKAGE = Path(__file__).resolve().parent


def _shipped(name: str) -> Path:
    for base in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if base.is_dir():
            return base
    raise FileNotFoundError(f"shengji is installed without its {name}/ folder")


def grammar_path(name: str = "psn.lark") -> Path:
    """Path of a Lark grammar under ``grammars/``."""
    return _shipped("grammars") / name


def examples_dir() -> Path:
    """The folder of bundled example records."""
    return _shipped("examples")


def presets_dir() -> Path:
    """The folder of the shipped rule-set presets (``*.yaml``)."""
    return _PACKAGE / "presets"
