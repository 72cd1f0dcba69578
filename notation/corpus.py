"""Check a corpus of files hand by hand in batches, on any executor, with the results in
file and hand order and the same as checking the files one hand after the other here.

Files are read here and split into hands (unread text); a batch is a few pieces, each a
run of consecutive hands of one file. A worker reads and validates each piece and turns
each hand into what the caller keeps of it (``Work.summarize``: the lines ``validate``
prints, a hand's statistics, its analysis), so only that comes back.

A match's hands are not independent: the levels and dealer of a hand follow from the
hand before (:func:`notation.match.continues`, :func:`notation.match.levels_after`).
A piece that starts inside a match carries the hand before it as unread text; the worker
replays that hand alone and checks the piece as if it came after it. That is what
checking the file from the start gives, unless the hand before was itself replayed at
other levels than its headers say (a mistyped ``Levels`` header): so the worker also
says what it took the hand before to give, the piece before says what its last hand
gave, and where the two differ the piece is checked again after the real hand before.

A batch whose worker process died is run again piece by piece, each hand alone; a hand
that still kills its worker is that file's error (``internal error while checking hand
N: ...``), like a hand the validator fails on, and the other files and hands go on.
"""

from __future__ import annotations

import traceback
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import field, replace
from enum import Enum
from functools import partial
from pathlib import Path
from typing import Any, Generic, TypeVar

from notation.diagnostics import unreadable_reason
from notation.executor import Executor, Lost
from notation.files import FileError, open_input, shown_path
from notation.frozen import frozen, mutable
from notation.match import continues, levels_after
from notation.messages import Message, msg
from notation.presets import (
    RulesetError,
    is_ruleset_name,
    load_ruleset,
    preset_names,
    register_ruleset,
    rules_dirs,
)
from notation.psn import ReadHand, numbered_chunks, read_chunk
from notation.replay import HandReplay, replay
from notation.rules.ruleset import Ruleset
from notation.validate import CheckedHand, check_hands

__all__ = [
    "FileDone",
    "HandDone",
    "Piece",
    "PieceResult",
    "Work",
    "check_batch",
    "folder_rulesets",
    "internal_error",
    "walk",
]

R = TypeVar("R")

_MAX_CHARS = 2_000_000  # text a batch may hold (hands are at most 200,000 characters)


@frozen
class Work(Generic[R]):
    """What every hand is checked with and what is kept of it; sent to the workers, so
    ``summarize`` is a module-level function or a picklable object."""

    summarize: Callable[[CheckedHand, str], R]  # (the checked hand, its file) -> kept
    rules: Ruleset | None = None  # None: each hand's Rules header
    strict: bool = False
    timeline: bool = False  # replays with their states, for summaries that need them
    rulesets: tuple[tuple[str, Ruleset], ...] = ()  # rules folders' sets, for remote workers

    def install(self) -> None:
        """Make the rule sets sent along findable by name in this process."""
        for name, ruleset in self.rulesets:
            register_ruleset(name, ruleset)


@frozen
class Piece:
    """Consecutive hands of one file, to be read and checked together."""

    file: int  # the file's place in the run
    path: str
    first: int  # the number of its first hand in the file (from 1; 0: opening remarks)
    chunks: tuple[tuple[int, str], ...]  # each hand: (first line, text)
    context: tuple[int, str] | None = None  # the hand before the first, if any
    given: bool = False  # ``previous`` is the real hand before (a piece checked again)
    previous: HandReplay | None = None

    def singles(self) -> list[Piece]:
        """The piece as pieces of one hand each, every one with the hand before it."""
        out = [replace(self, chunks=self.chunks[:1])]
        for i, chunk in enumerate(self.chunks[1:], start=1):
            out.append(Piece(self.file, self.path, self.first + i, (chunk,), self.chunks[i - 1]))
        return out

    def after(self, previous: HandReplay | None) -> Piece:
        """The piece to be checked after ``previous``, the real hand before it."""
        return replace(self, context=None, given=True, previous=previous)


@frozen
class _End:
    """The end of a file among the pieces: read to its end, or why it could not be."""

    file: int
    path: str
    unreadable: Message | None


_Entry = Piece | _End
Batch = tuple[_Entry, ...]


class _Link(Enum):
    """Links that are no hand's result (an enum: the same after a trip between processes)."""

    ANY = "any"  # any hand before leaves the piece the same (none, or not of its match)
    UNSURE = "unsure"  # the hand before could not be replayed alone: check again


ANY: Any = _Link.ANY
_UNSURE: Any = _Link.UNSURE


@frozen
class PieceResult(Generic[R]):
    """What a worker made of a piece."""

    values: tuple[tuple[R, bool], ...]  # each hand checked: (what is kept, strict stops)
    error: Message | None = None  # the validator failed (an internal error): the file ends
    assumed: Any = ANY  # what the hand before was taken to give (``link``), or ANY
    last: HandReplay | None = None  # the last hand's replay: the next piece's hand before


def link(previous: HandReplay | None) -> Any:
    """What the next hand's check takes from the hand before: its result and the levels
    it leaves (with the misplay penalties). Equal links, identical checks."""
    if previous is None:
        return None
    return (previous.computed, levels_after(previous))


def check_batch(work: Work[R], batch: Batch) -> list[PieceResult[R] | _End]:
    """Check every piece of a batch (in a worker); the ends of files pass through."""
    work.install()
    return [entry if isinstance(entry, _End) else _check_piece(work, entry) for entry in batch]


def _check_piece(work: Work[R], piece: Piece) -> PieceResult[R]:
    """Read and check a piece's hands; whatever fails inside is the piece's error."""
    values: list[tuple[R, bool]] = []
    last: HandReplay | None = None
    assumed: Any = ANY
    try:
        reads: list[ReadHand] = []
        failure: Exception | None = None
        try:  # read them all first, as the validator reads ahead
            for i, (line, text) in enumerate(piece.chunks):
                reads.append(read_chunk(piece.first + i, line, text, piece.path))
        except Exception as e:  # the hands read before are still checked, as in a file
            failure = e
        previous, assumed = _before(work, piece, reads)
        for checked in check_hands(
            reads,
            work.rules,
            strict=work.strict,
            timeline=work.timeline,
            keep_replays=True,
            previous=previous,
        ):
            values.append((work.summarize(checked, piece.path), checked.stops))
            last = checked.report.replay
            if checked.stops:
                break
        if failure is not None:
            raise failure
    except Exception as e:
        return PieceResult(tuple(values), internal_error(e), assumed)
    if last is not None and last.states:
        last = replace(last, states=())  # the next piece needs its result, not its steps
    return PieceResult(tuple(values), None, assumed, last)


def _before(work: Work[R], piece: Piece, reads: list[ReadHand]) -> tuple[HandReplay | None, Any]:
    """The hand before the piece, replayed alone, and its link (ANY if it cannot matter)."""
    if piece.given:
        return piece.previous, ANY
    if piece.context is None or not reads or reads[0].hand is None:
        return None, ANY
    line, text = piece.context
    before = read_chunk(piece.first - 1, line, text, piece.path)
    if before.hand is None:
        return None, None  # after a hand that cannot be read, a hand starts afresh
    if not continues(before.hand, reads[0].hand):
        return None, ANY
    try:
        previous = replay(before.hand, work.rules, number=before.number, timeline=False)
    except Exception:  # found again where that hand itself is checked
        return None, _UNSURE
    return previous, link(previous)


def internal_error(error: BaseException, doing: str = "reading") -> Message:
    """A failure of the validator (or of what ``doing`` names: ``bug.doing.<doing>``)
    itself, with where it happened, for a bug report."""
    frames = traceback.extract_tb(error.__traceback__)
    place = f"{Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else None
    where = "" if place is None else msg("bug.at", place=place)
    said = f"{type(error).__name__}: {error}"
    return msg("bug.while", doing=msg(f"bug.doing.{doing}"), error=said, where=where)


@frozen
class HandDone(Generic[R]):
    """A hand checked: what was kept of it, and whether ``strict`` stops there."""

    file: int
    path: str
    value: R
    stops: bool


@frozen
class FileDone:
    """A file is over: read to its end, stopped (``strict``), or why it could not be."""

    file: int
    path: str
    unreadable: Message | None = None
    stopped: bool = False


WalkEvent = HandDone[R] | FileDone


def walk(
    files: Sequence[str | Path],
    work: Work[R],
    executor: Executor,
    *,
    batch_hands: int | None = None,
) -> Iterator[HandDone[R] | FileDone]:
    """Check every hand of ``files`` with ``work`` on ``executor``: each hand's
    :class:`HandDone` in file and hand order, each file ending with its :class:`FileDone`.
    Memory stays flat: a few batches per worker are under way at a time."""
    return _Walk(work, executor).run(files, batch_hands or executor.batch_hands)


@mutable
class _FileState:
    """What the walk knows of the file it is in."""

    index: int = -1
    over: bool = False  # ended (an error) or stopped: its later pieces are dropped
    last: HandReplay | None = None  # the real hand before the next piece


@mutable
class _Walk(Generic[R]):
    work: Work[R]
    executor: Executor
    file: _FileState = field(default_factory=_FileState)
    stop: bool = False  # strict stopped the run

    def run(self, files: Sequence[str | Path], size: int) -> Iterator[HandDone[R] | FileDone]:
        sent: deque[Batch] = deque()

        def batches() -> Iterator[Batch]:
            for batch in _batches(files, size):
                sent.append(batch)
                yield batch

        fn = partial(check_batch, self.work)
        for results in self.executor.ordered(fn, batches()):
            batch = sent.popleft()
            if isinstance(results, Lost):
                for entry in batch:
                    yield from self._settle(entry, results)
            else:
                for entry, result in zip(batch, results, strict=True):
                    yield from self._settle(entry, result)
            if self.stop:
                return

    def _settle(self, entry: _Entry, result: Any, alone: bool = False) -> Iterator[WalkEvent[R]]:
        """Take one piece's result (or a file's end) in order: check its link, run it
        again where needed, and say its hands."""
        if entry.file != self.file.index:
            self.file = _FileState(entry.file)
        if self.file.over or self.stop:
            return
        if isinstance(entry, _End):
            self.file.over = True
            yield FileDone(entry.file, entry.path, entry.unreadable)
            return
        if isinstance(result, Lost):
            if alone and len(entry.chunks) == 1:  # this hand kills its worker
                self.file.over = True
                yield FileDone(entry.file, entry.path, _crashed(entry.first, result))
                return
            for single in entry.singles():
                yield from self._settle(single, self._alone(single), alone=True)
            return
        if result.assumed is not ANY and result.assumed != link(self.file.last):
            # the hand before was replayed differently in its own place: check again
            again = entry.after(self.file.last)
            yield from self._settle(again, self._alone(again), alone=True)
            return
        for value, stops in result.values:
            yield HandDone(entry.file, entry.path, value, stops)
            if stops:
                self.stop = self.file.over = True
                yield FileDone(entry.file, entry.path, stopped=True)
                return
        if result.error is not None:
            self.file.over = True
            yield FileDone(entry.file, entry.path, result.error)
            return
        self.file.last = result.last

    def _alone(self, piece: Piece) -> PieceResult[R] | Lost:
        """One piece checked by itself (a single hand, or after its real hand before)."""
        fn = partial(check_batch, self.work)
        (outcome,) = self.executor.ordered(fn, [(piece,)], alone=True)
        if isinstance(outcome, Lost):
            return outcome
        (result,) = outcome
        assert isinstance(result, PieceResult)
        return result


def _crashed(number: int, lost: Lost) -> Message:
    doing = msg("bug.doing.checking", n=number)
    return msg("bug.while", doing=doing, error=lost.text, where="")


def _batches(files: Sequence[str | Path], size: int) -> Iterator[Batch]:
    """Pieces of about ``size`` hands (and at most 2 MB of text), and the files' ends,
    read lazily, in order, grouped into batches of about ``size`` hands."""
    batch: list[_Entry] = []
    hands = chars = 0
    for entry in _entries(files, size):
        batch.append(entry)
        if isinstance(entry, Piece):
            hands += len(entry.chunks)
            chars += sum(len(text) for _, text in entry.chunks)
        if hands >= size or chars >= _MAX_CHARS:
            yield tuple(batch)
            batch, hands, chars = [], 0, 0
    if batch:
        yield tuple(batch)


def _entries(files: Sequence[str | Path], size: int) -> Iterator[_Entry]:
    """Every file's hands as pieces of at most ``size`` hands, then the file's end."""
    for index, file in enumerate(files):
        path = shown_path(file)  # as the user is shown it
        chunks: list[tuple[int, str]] = []
        chars = 0
        first = 1
        context: tuple[int, str] | None = None
        unreadable: Message | None = None
        try:
            with open_input(str(file)) as lines:
                for number, line, text in numbered_chunks(lines):
                    if not chunks:
                        first = number  # (0 for a file's opening remarks)
                    chunks.append((line, text))
                    chars += len(text)
                    if len(chunks) >= size or chars >= _MAX_CHARS:
                        yield Piece(index, path, first, tuple(chunks), context)
                        context = chunks[-1]
                        chunks, chars = [], 0
        except FileError as e:
            unreadable = unreadable_reason(e)
        except Exception as e:  # a bug of ours: this file's error, not the whole run's
            unreadable = internal_error(e)
        if chunks:  # the hands read before a fault are checked too
            yield Piece(index, path, first, tuple(chunks), context)
        yield _End(index, path, unreadable)


def folder_rulesets() -> tuple[tuple[str, Ruleset], ...]:
    """The rule sets of the rules folders (``--rules-dir``, ``SHENGJI_RULES_DIR``), by
    name, to send to workers on other machines, which do not have the folders. A file
    that is not a rule set is left out: there, a record naming it names no rule set."""
    found: dict[str, Ruleset] = {}
    presets = set(preset_names())
    for folder in rules_dirs():
        for path in sorted(folder.glob("*.yaml")):
            name = path.stem
            if name in found or name in presets or not is_ruleset_name(name):
                continue
            try:
                found[name] = load_ruleset(name)
            except RulesetError:
                continue
    return tuple(found.items())
