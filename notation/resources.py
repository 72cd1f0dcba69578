"""The one place that finds the files shipped beside the code.

In a checkout, ``grammars/`` and ``examples/`` sit at the top level next to
``notation/``; in an installed wheel they are copied to ``notation/_data/``.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

__all__ = ["cache_dir", "examples_dir", "grammar_path", "presets_dir"]

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


def cache_dir() -> Path | None:
    """This user's own folder for what shengji computes once and keeps (the compiled
    parser, the presets' trees): ``$XDG_CACHE_HOME/shengji`` or ``~/.cache/shengji``,
    made private (0700).

    ``None`` where there is none to trust: it cannot be made, or it belongs to another
    user, or others may write in it (what is kept there is loaded back as code is, so
    only its owner may have written it). ``SHENGJI_NO_CACHE`` set turns it off.
    """
    if os.environ.get("SHENGJI_NO_CACHE"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    if not os.path.isabs(base):
        return None
    folder = Path(base) / "shengji"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = folder.lstat()
    except OSError:
        return None
    getuid = getattr(os, "getuid", None)
    if not stat.S_ISDIR(info.st_mode) or info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return None
    if getuid is not None and info.st_uid != getuid():
        return None
    return folder
