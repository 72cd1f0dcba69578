"""A file as the viewer holds it: its text, its hands, their replays and findings.

Everything here is plain library calls (``validate_text`` replays each hand through the
same engine as ``shengji validate``), so the viewer shows exactly what the validator
checked. No streamlit here: the page caches :func:`load_document` by its text.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import uuid
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from notation.errors import SourceError
from notation.files import FileError, read_document
from notation.findings import Finding
from notation.frozen import frozen
from notation.messages import MessageError, msg
from notation.psn import Hand, split_hands
from notation.replay import HandReplay, replay
from notation.resources import examples_dir
from notation.validate import validate_text
from viewer.edit import splice_variation

__all__ = [
    "Document",
    "HandEntry",
    "NotARecord",
    "default_source",
    "download_name",
    "example_files",
    "follow_line",
    "load_document",
    "read_example",
    "simulated_text",
    "why_unreadable",
]


@frozen
class HandEntry:
    """One hand of the file: readable (with its replay) or not (with its errors)."""

    number: int  # 1-based, in file order, counting unreadable hands too
    line: int  # where the hand starts in the file
    text: str  # the hand's own text, as in the file
    replay: HandReplay | None
    findings: tuple[Finding, ...]  # replay findings plus match continuity; syntax if broken

    @property
    def readable(self) -> bool:
        """True if the hand could be read (and so replayed)."""
        return self.replay is not None

    @property
    def hand(self) -> Hand | None:
        """The hand as read, or ``None``."""
        return None if self.replay is None else self.replay.hand

    def errors_text(self, lang: str = "en") -> str:
        """The parser's located messages for an unreadable hand, one after another."""
        return "\n".join(f.message_in(lang) for f in self.findings if f.code == "syntax")


@frozen
class Document:
    """A whole file: its name, its text and every hand in it."""

    name: str
    text: str
    entries: tuple[HandEntry, ...]
    syntax: tuple[SourceError, ...]  # located parser errors

    def syntax_messages(self, lang: str = "en") -> tuple[str, ...]:
        """The parser's errors, located and drawn with a caret, in ``lang``."""
        return tuple(e.in_lang(lang) for e in self.syntax)

    @property
    def readable(self) -> tuple[HandEntry, ...]:
        """The hands that could be read."""
        return tuple(e for e in self.entries if e.readable)

    @property
    def unreadable(self) -> tuple[HandEntry, ...]:
        """The hands that could not be read."""
        return tuple(e for e in self.entries if not e.readable)

    def entry(self, number: int) -> HandEntry | None:
        """The hand numbered ``number`` (1-based), or ``None``."""
        for e in self.entries:
            if e.number == number:
                return e
        return None

    def first_readable(self) -> int | None:
        """The number of the first readable hand."""
        return next((e.number for e in self.entries if e.readable), None)


def load_document(text: str, name: str = "<input>") -> Document:
    """Read, replay and validate every hand of ``text``."""
    report = validate_text(text, name, timeline=True)
    chunks = {chunk.number: chunk for chunk in split_hands(text)}
    syntax = tuple(
        SourceError(
            f.message,
            source=text,
            line=f.line,
            column=f.column,
            width=f.width,
            filename=name,
            text=f.text,
        )
        for h in report.hands
        for f in h.findings
        if f.code == "syntax"
    )
    entries: list[HandEntry] = []
    for hand_report in report.hands:  # a chunk of comments only is no hand: not reported
        found = chunks.get(hand_report.number)
        line, chunk = (found.line, found.text) if found else (hand_report.line, "")
        entries.append(
            HandEntry(
                number=hand_report.number,
                line=line,
                text=chunk,
                replay=hand_report.replay,
                findings=tuple(hand_report.findings),
            )
        )
    return Document(name, text, tuple(entries), syntax)


def follow_line(start: HandReplay, line: Sequence[tuple[int, int]]) -> HandReplay:
    """The replay of a variation line: from ``start``, at each ``(step, index)`` take
    variation ``index`` of the event at ``step`` and replay the hand it makes.

    Raises :class:`~notation.messages.MessageError` (a ``ValueError``) if a step has no
    such variation.
    """
    current = start
    for step, index in line:
        if not 0 <= step < len(current.states):
            raise MessageError(msg("variation.no-step", step=step))
        node = current.states[step].event
        spliced = splice_variation(current.hand, node, index)
        current = replay(spliced, current.rules, number=current.number)
    if current is not start:  # the line is judged under the rule set the hand was
        current = replace(current, rules_from=start.rules_from)
    return current


def example_files() -> list[str]:
    """Every ``.psn`` file under the bundled ``examples/`` folder, as relative paths."""
    try:
        root = examples_dir()
    except FileNotFoundError:
        return []
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*.psn") if p.is_file())


def read_example(name: str) -> str:
    """The text of a bundled example, by its path relative to ``examples/``."""
    root = examples_dir().resolve()
    path = (root / name).resolve()
    if root not in path.parents or path.suffix != ".psn":
        raise FileNotFoundError(f"no bundled example {name!r}")
    return path.read_text(encoding="utf-8-sig")


def simulated_text(seed: int = 7) -> str:
    """A whole hand played by the library's bots, annotated: shown when no example is
    bundled."""
    from viewer.samples import annotated_text

    return annotated_text(seed)


def default_source() -> tuple[str, str]:
    """What opens with no file: the first bundled example, else a simulated hand.

    Returns ``(name, text)``.
    """
    files = example_files()
    preferred = [f for f in files if "teach" in f.lower()] or files
    if preferred:
        return preferred[0], read_example(preferred[0])
    return "simulated.psn", simulated_text()


def download_name(name: str) -> str:
    """The name a file downloads under: its own, without its folder, as ``.psn``.

    >>> download_name("lessons/hand.txt"), download_name("")
    ('hand.psn', 'record.psn')
    """
    base = Path(name).name or "record.psn"
    return base if base.endswith(".psn") else f"{Path(base).stem}.psn"


class NotARecord(ValueError):
    """A path whose name is not a record's (``.psn`` or ``.txt``)."""


def read_path(path: str) -> str:
    """The text of a ``.psn`` (or ``.txt``) file on this computer; other files are
    refused, so that a link cannot make the page show an arbitrary file. Read as every
    command reads a file (:func:`notation.files.read_document`): a regular file only (a
    FIFO is not waited on, a device not read), bounded, its UTF-8 checked."""
    p = Path(path).expanduser()
    if p.is_dir():
        raise IsADirectoryError(path)
    if p.suffix.lower() not in (".psn", ".txt"):
        raise NotARecord(path)
    return read_document(str(p))


# What a file that cannot be read is said to be, by the reason's key (others: said as the
# commands say them).
_PATH_LABELS = {
    "reason.folder": "path_folder",
    "reason.no-such-file": "path_missing",
}


def why_unreadable(error: Exception, lang: str = "en") -> tuple[str, dict[str, object]]:
    """Why a file could not be opened: the label's key and its values (in ``lang``).

    >>> why_unreadable(IsADirectoryError("x"))
    ('path_folder', {})
    >>> why_unreadable(UnicodeDecodeError("utf-8", b"Caf\\xe9", 3, 4, "invalid start byte"))
    ('path_not_utf8', {'byte': 233, 'offset': 3})
    """
    if isinstance(error, UnicodeDecodeError):
        return "path_not_utf8", {"byte": error.object[error.start], "offset": error.start}
    if isinstance(error, FileError):
        reason = error.reason
        if reason.key == "reason.not-utf8-at":
            facts = dict(reason.params)
            return "path_not_utf8", {"byte": int(str(facts["byte"]), 16), "offset": facts["offset"]}
        if reason.key in _PATH_LABELS:
            return _PATH_LABELS[reason.key], {}
        return "path_cannot_read", {"reason": reason.render(lang)}
    if isinstance(error, IsADirectoryError):
        return "path_folder", {}
    if isinstance(error, NotARecord):
        return "path_not_psn", {}
    return "path_missing", {}


# ---- uploads kept on this computer, so that a reload (or the URL) opens them again ----

_DRAFT_KEY = re.compile(r"[0-9a-f]{32}")


def drafts_dir() -> Path:
    """Where uploads and edited files are kept: ``$SHENGJI_VIEWER_DRAFTS``, else a
    folder of this user's own in the computer's temp dir."""
    chosen = os.environ.get("SHENGJI_VIEWER_DRAFTS")
    if chosen:
        return Path(chosen)
    user = os.getuid() if hasattr(os, "getuid") else "user"
    return Path(tempfile.gettempdir()) / f"shengji-viewer-{user}"


def new_draft_key() -> str:
    """A fresh key for an upload (random: it names nothing of the file)."""
    return uuid.uuid4().hex


@frozen
class Draft:
    """A file kept on this computer: its name (a label), text and edits not downloaded."""

    name: str
    text: str
    edits: int = 0


def save_draft(key: str, draft: Draft) -> None:
    """Keep ``draft`` (an upload, or a file with edits) under ``key``."""
    if not _DRAFT_KEY.fullmatch(key):
        raise ValueError(f"not a draft key: {key!r}")
    folder = drafts_dir()
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)  # this user's eyes only
    (folder / f"{key}.psn").write_text(draft.text, encoding="utf-8")
    label = " ".join(draft.name.split()) or "upload.psn"  # a label only, never a path
    about = {"name": label, "edits": draft.edits}
    (folder / f"{key}.json").write_text(
        json.dumps(about, ensure_ascii=False, allow_nan=False), encoding="utf-8"
    )


def load_draft(key: str) -> Draft | None:
    """The draft kept under ``key``, or ``None`` (no such draft, or not a key)."""
    if not _DRAFT_KEY.fullmatch(key):
        return None
    folder = drafts_dir()
    try:
        text = (folder / f"{key}.psn").read_text(encoding="utf-8")
        about = json.loads((folder / f"{key}.json").read_text(encoding="utf-8"))
        return Draft(str(about["name"]) or "upload.psn", text, int(about.get("edits", 0)))
    except (OSError, ValueError, KeyError, TypeError):
        return None
