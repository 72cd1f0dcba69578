"""The one place that finds the files shipped beside the code.

In a checkout, ``grammars/`` and ``examples/`` sit at the top level next to
``notation/``; in an installed wheel they are copied to ``notation/_data/``.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import time
from pathlib import Path

try:  # the digest without hashlib, whose OpenSSL (``_hashlib``) costs 11 M instructions to load
    from _blake2 import blake2b
except ImportError:  # (a Python without the module of its own)
    from hashlib import blake2b

__all__ = [
    "cache_dir",
    "examples_dir",
    "grammar_path",
    "kept_file",
    "presets_dir",
    "prune_cache",
    "write_kept",
]

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


# What shengji keeps in the cache folder, by kind, with the ending of its files: a preset's
# tree (``preset``, notation/presets), lark's analysed parsers (``psn``,
# notation/psn/grammar.py), what the plain reader keeps of the first (``plain``,
# notation/psn/plain.py) and what Python compiles at every start (``programs``,
# notation/programs.py). Each file is named ``KIND-NAME-DIGEST.ENDING`` by
# :func:`kept_file`, DIGEST that of what made it, and a writer's half-written file
# ``….PID.part``. Another version of shengji keeps files of other digests, and nothing else
# would ever remove them: :func:`prune_cache` reads the names back.
_KEPT_ENDINGS = {
    "programs": ".marshal",
    "preset": ".json",
    "psn": ".lark-cache",
    "plain": ".marshal",
}
_KEPT_NAME = (  # compiled only when a file is written, not at every start
    r"(?P<kind>[a-z]+)-[A-Za-z0-9_.-]+-(?P<digest>[0-9a-f]{20})(?P<ending>\.[a-z-]+)"
    r"(?:\.[0-9]+\.part)?"
)
STALE_DAYS = 30  # a kept file not written for this long, and not the current one, goes


def kept_file(kind: str, name: str, made_from: bytes) -> Path | None:
    """The file of the cache folder that keeps the ``kind`` thing ``name`` made from
    ``made_from`` (its name holds that text's digest: made from anything else, it is
    another file); None where there is no cache folder."""
    folder = cache_dir()
    if folder is None:
        return None
    digest = blake2b(made_from, digest_size=10).hexdigest()
    return folder / f"{kind}-{name}-{digest}{_KEPT_ENDINGS[kind]}"


def _ours(name: str) -> re.Match[str] | None:
    """``name`` read as the name :func:`kept_file` gives (or its half-written file)."""
    kept = re.fullmatch(_KEPT_NAME, name)
    if kept is None or _KEPT_ENDINGS.get(kept["kind"]) != kept["ending"]:
        return None
    return kept


def prune_cache(current: Path) -> None:
    """Remove from ``current``'s folder (the cache folder) the files of shengji's own
    naming that are not of ``current``'s digest and were last written over
    :data:`STALE_DAYS` days ago: those of older versions. Called when a kept file is
    written (a new version's first start). Every other file is left alone, a
    symbolic link too (never followed); a file another version still uses is only
    written again, once. Nothing that fails here matters: the files are a cache."""
    cutoff = time.time() - STALE_DAYS * 86400
    ours = _ours(current.name)
    try:
        entries = list(os.scandir(current.parent))
    except OSError:
        return
    for entry in entries:
        kept = _ours(entry.name)
        if kept is None or (ours is not None and kept["digest"] == ours["digest"]):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and info.st_mtime < cutoff:
                os.unlink(entry.path)
        except OSError:
            continue


def write_kept(path: Path, data: bytes) -> None:
    """Write ``data`` to the kept file ``path``: whole, then renamed, so that no reader
    sees half of it (nothing that fails here matters: the file is a cache)."""
    part = path.with_name(f"{path.name}.{os.getpid()}.part")
    try:
        with open(part, "wb") as file:
            file.write(data)
        os.replace(part, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(part)
