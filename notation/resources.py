"""The one place that finds the files shipped beside the code.

In a checkout, ``grammars/`` and ``examples/`` sit at the top level next to
``notation/``; in an installed wheel they are copied to ``notation/_data/``.
"""

from __future__ import annotations

import os
import re
import stat
import time
from pathlib import Path

__all__ = ["cache_dir", "examples_dir", "grammar_path", "presets_dir", "prune_cache"]

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


# The names shengji gives what it keeps in the cache folder, each with the digest of what
# made it: a preset's tree (``preset-NAME-DIGEST.json``, notation/presets) and lark's
# analysed parsers (``psn-KIND-DIGEST.lark-cache``, notation/psn/grammar.py), and a
# writer's half-written file (``….PID.part``). Another version of shengji keeps files of
# other digests, and nothing else would ever remove them.
_KEPT_NAME = (  # compiled only when a file is written, not at every start
    r"(?:preset-[A-Za-z0-9_.-]+|psn-[a-z]+)-(?P<digest>[0-9a-f]{20})"
    r"(?:\.json|\.lark-cache)(?:\.[0-9]+\.part)?"
)
STALE_DAYS = 30  # a kept file not written for this long, and not the current one, goes


def prune_cache(current: Path) -> None:
    """Remove from ``current``'s folder (the cache folder) the files of shengji's own
    naming that are not of ``current``'s digest and were last written over
    :data:`STALE_DAYS` days ago: those of older versions. Called when a kept file has
    just been written (a new version's first start). Every other file is left alone, a
    symbolic link too (never followed); a file another version still uses is only
    written again, once. Nothing that fails here matters: the files are a cache."""
    cutoff = time.time() - STALE_DAYS * 86400
    ours = re.fullmatch(_KEPT_NAME, current.name)
    try:
        entries = list(os.scandir(current.parent))
    except OSError:
        return
    for entry in entries:
        kept = re.fullmatch(_KEPT_NAME, entry.name)
        if kept is None or (ours is not None and kept["digest"] == ours["digest"]):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and info.st_mtime < cutoff:
                os.unlink(entry.path)
        except OSError:
            continue
