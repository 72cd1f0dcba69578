"""Checking a corpus in batches (``notation.corpus``) on every executor: the same results,
in file and hand order, as checking the files one hand after the other; a match split
between batches; a worker killed mid-run; a hand that kills its worker."""

from __future__ import annotations

import os
import re
import signal
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cloudpickle
import pytest

from notation.cli.validate import HandOut, HandPrinter
from notation.corpus import FileDone, HandDone, Work, walk
from notation.diagnostics import unreadable_reason
from notation.executor import (
    DaskExecutor,
    Executor,
    InlineExecutor,
    Lost,
    PoolExecutor,
)
from notation.files import FileError, open_input
from notation.psn import write
from notation.simulate import simulate_hand, simulate_match
from notation.validate import CheckedHand, iter_validate
from tests.test_replay import _revoke, sims

# The Dask workers are other processes: the helpers below travel to them by value.
cloudpickle.register_pickle_by_value(sys.modules[__name__])

PRINT = HandPrinter(json=True, quiet=False)


def _expected(files: list[Path]) -> list[tuple[str, object]]:
    """What checking the files one hand after the other here gives."""
    out: list[tuple[str, object]] = []
    for path in files:
        name = str(path)
        unreadable = None
        try:
            with open_input(name) as lines:
                for checked in iter_validate(lines, name, keep_replays=False):
                    out.append((name, PRINT(checked, name)))
        except FileError as e:
            unreadable = unreadable_reason(e).render("en")
        out.append((name, ("end", unreadable)))
    return out


def _walked(files: list[Path], work: Work[Any], executor: Executor, size: int) -> list[Any]:
    out: list[tuple[str, object]] = []
    for event in walk(files, work, executor, batch_hands=size):
        if isinstance(event, HandDone):
            out.append((event.path, event.value))
        else:
            assert isinstance(event, FileDone)
            out.append((event.path, ("end", _why(event))))
    return out


def _mistyped_match() -> str:
    """A simulated match whose 5th hand's Levels header is wrong: that hand is replayed
    at the levels that follow from the 4th, so replaying it alone gives another result."""
    match = simulate_match("match-a", seed=3)
    text = write(list(match))
    chunks = text.split("\n\n[Event")
    fifth = chunks[4]
    levels = re.search(r'\[Levels "([^"]+)"\]', fifth)
    assert levels is not None
    wrong = "A A" if levels[1] != "A A" else "3 3"
    chunks[4] = fifth.replace(levels[0], f'[Levels "{wrong}"]')
    return "\n\n[Event".join(chunks)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Files of every kind: single hands, matches, a broken hand, a revoke, a match with a
    mistyped header, nothing, bytes that are not UTF-8 after two hands, a missing file."""
    folder = tmp_path_factory.mktemp("corpus")
    files: list[Path] = []

    def put(name: str, text: str | bytes) -> None:
        path = folder / name
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        files.append(path)

    for seed in range(6):
        put(f"single-{seed}.psn", write(simulate_hand("qq", seed=seed)))
    put("match.psn", write(list(simulate_match("match-a", seed=4))))
    put("mistyped.psn", _mistyped_match())
    hand, _, _ = _revoke(sims("match-a", 3)[0])
    put("revoke.psn", write(hand))
    put("broken.psn", write(simulate_hand("tractor", seed=1)) + '\n[Event "x"]\n\n1. 1: ZZ\n')
    put("empty.psn", "{nothing here}\n")
    two = write([simulate_hand("qq", seed=s) for s in (7, 8)])
    put("latin1.psn", two.encode() + b'\n[Event "y"]\n\n{caf\xe9}\n')
    files.append(folder / "missing.psn")
    return files


@pytest.fixture(scope="module")
def dask_executor() -> Iterator[DaskExecutor]:
    """A LocalCluster of 2 worker processes on this machine."""
    with DaskExecutor(None, jobs=2) as executor:
        yield executor


def test_the_corpus_holds_a_match_whose_header_is_mistyped(corpus: list[Path]) -> None:
    # (the case where a piece's guess at the hand before is wrong)
    text = next(p for p in corpus if p.name == "mistyped.psn").read_text(encoding="utf-8")
    codes = [f["code"] for h in _expected_json(text) for f in h["findings"]]
    assert "match-levels" in codes


def _expected_json(text: str) -> list[dict[str, Any]]:
    import json

    return [json.loads(PRINT(c, "x").text) for c in iter_validate(text.splitlines(True), "x")]


@pytest.mark.parametrize("size", [1, 2, 3, 7, 64])
def test_batches_of_any_size_give_what_checking_in_turn_gives(
    corpus: list[Path], size: int
) -> None:
    # A match cut anywhere (after the mistyped hand too) gives the same findings and
    # levels, in file and hand order; the hands before a byte that is not UTF-8 too.
    assert _walked(corpus, Work(PRINT), InlineExecutor(), size) == _expected(corpus)


def test_a_local_pool_gives_the_same_results(corpus: list[Path]) -> None:
    with PoolExecutor(2) as pool:
        assert _walked(corpus, Work(PRINT), pool, 3) == _expected(corpus)


def test_dask_gives_the_same_results(corpus: list[Path], dask_executor: DaskExecutor) -> None:
    assert _walked(corpus, Work(PRINT), dask_executor, 3) == _expected(corpus)


class _CountingInline(InlineExecutor):
    """Runs here, and counts the pieces checked again alone."""

    def __init__(self) -> None:
        self.alone = 0

    def ordered(self, fn: Any, batches: Any, *, alone: bool = False) -> Iterator[Any]:
        self.alone += alone
        return super().ordered(fn, batches, alone=alone)


def test_a_piece_after_a_hand_replayed_at_other_levels_is_checked_again(
    corpus: list[Path],
) -> None:
    # Cut right after the mistyped hand: replayed alone it gives another result than in
    # its match, so the next piece is checked again after the real one (and only that).
    mistyped = [p for p in corpus if p.name == "mistyped.psn"]
    executor = _CountingInline()
    assert _walked(mistyped, Work(PRINT), executor, 5) == _expected(mistyped)
    assert executor.alone == 1
    clean = [p for p in corpus if p.name == "match.psn"]
    executor = _CountingInline()
    assert _walked(clean, Work(PRINT), executor, 2) == _expected(clean)
    assert executor.alone == 0


@dataclass(frozen=True)
class _Slow:
    """Summarizes like ``validate --json``, the early files slowly: they finish last."""

    def __call__(self, checked: CheckedHand, path: str) -> HandOut:
        if "single-0" in path or "single-1" in path:
            time.sleep(0.4)
        return PRINT(checked, path)


def test_results_keep_the_order_whatever_order_the_workers_finish(
    corpus: list[Path], dask_executor: DaskExecutor
) -> None:
    assert _walked(corpus, Work(_Slow()), dask_executor, 1) == _expected(corpus)
    with PoolExecutor(2) as pool:
        assert _walked(corpus, Work(_Slow()), pool, 1) == _expected(corpus)


@dataclass(frozen=True)
class _KillOnce:
    """Kills its own worker process at a hand of a file, the first time only (a marker
    file says it was done): a worker lost mid-run."""

    marker: str
    name: str
    hand: int

    def __call__(self, checked: CheckedHand, path: str) -> HandOut:
        if path.endswith(self.name) and checked.report.number == self.hand:
            try:
                fd = os.open(self.marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            except FileExistsError:
                pass
            else:
                os.close(fd)
                os.kill(os.getpid(), signal.SIGKILL)
        return PRINT(checked, path)


def test_a_dask_worker_killed_mid_run_loses_nothing_and_doubles_nothing(
    corpus: list[Path], dask_executor: DaskExecutor, tmp_path: Path
) -> None:
    # Dask runs the lost worker's tasks again elsewhere: every hand exactly once, in order.
    marker = tmp_path / "killed"
    work = Work(_KillOnce(str(marker), "match.psn", 4))
    assert _walked(corpus, work, dask_executor, 3) == _expected(corpus)
    assert marker.exists()  # a worker was killed
    assert len(dask_executor.client.nthreads()) >= 1


def test_a_pool_worker_killed_mid_run_loses_nothing_and_doubles_nothing(
    corpus: list[Path], tmp_path: Path
) -> None:
    # The pool breaks: its batches under way come back lost and are run again alone.
    marker = tmp_path / "killed"
    work = Work(_KillOnce(str(marker), "match.psn", 4))
    with PoolExecutor(2) as pool:
        assert _walked(corpus, work, pool, 3) == _expected(corpus)
    assert marker.exists()


@dataclass(frozen=True)
class _KillAlways:
    """Kills its worker process at a hand of a file, every time: a hand that crashes."""

    name: str
    hand: int

    def __call__(self, checked: CheckedHand, path: str) -> HandOut:
        if path.endswith(self.name) and checked.report.number == self.hand:
            os.kill(os.getpid(), signal.SIGKILL)
        return PRINT(checked, path)


def _crashed(files: list[Path], name: str, hand: int) -> list[tuple[str, object]]:
    """What checking in turn gives, the file ``name`` ending at ``hand`` as its error."""
    out: list[tuple[str, object]] = []
    for path, value in _expected(files):
        if not path.endswith(name):
            out.append((path, value))
            continue
        if isinstance(value, tuple):  # the file's end: the crash
            continue
        assert isinstance(value, HandOut)
        if len([v for p, v in out if p == path]) < hand - 1:
            out.append((path, value))
        elif not any(p == path and isinstance(v, tuple) for p, v in out):
            out.append((path, ("end", "crash")))
    return out


def _with_crash_said(walked: list[Any]) -> list[Any]:
    out = []
    for path, value in walked:
        if isinstance(value, tuple) and value[1] and "while checking hand" in value[1]:
            assert "the worker process died" in value[1] and "please report it" in value[1]
            value = ("end", "crash")
        out.append((path, value))
    return out


def test_a_hand_that_kills_its_pool_worker_is_that_hands_error(corpus: list[Path]) -> None:
    # The file says which hand, its hands before are reported, every other file too.
    work = Work(_KillAlways("match.psn", 3))
    with PoolExecutor(2) as pool:
        walked = _walked(corpus, work, pool, 4)
    assert ("end", "crash") not in [v for _, v in walked]
    said = [v for _, v in walked if isinstance(v, tuple) and v[1] and "hand 3" in v[1]]
    assert len(said) == 1
    assert _with_crash_said(walked) == _crashed(corpus, "match.psn", 3)


def test_a_hand_that_kills_its_dask_worker_is_that_hands_error(corpus: list[Path]) -> None:
    # Dask gives a task up once more workers died running it than it allows (3 unless
    # set): here after the first, so the hand kills two workers (its batch's, then its
    # own run alone) of three, and one always lives to check the other hands however
    # slowly a loaded machine starts workers again. (With the default it killed eight,
    # both workers were down at once, and a restart that took long or failed left the
    # cluster without a worker for 60 s: other files' hands were lost.)
    import dask
    import distributed  # noqa: F401 (its settings known to dask.config)

    work = Work(_KillAlways("single-2.psn", 1))
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}):
        executor = DaskExecutor(None, jobs=3)
    with executor:
        walked = _walked(corpus, work, executor, 4)
    assert _with_crash_said(walked) == _crashed(corpus, "single-2.psn", 1)


@dataclass(frozen=True)
class _LoseForGood:
    """At a hand of a file, tells its nanny not to start it again and kills its worker
    process: the worker is lost for good, as when its machine goes away."""

    name: str
    hand: int

    def __call__(self, checked: CheckedHand, path: str) -> HandOut:
        if path.endswith(self.name) and checked.report.number == self.hand:
            from distributed import get_worker
            from distributed.utils import sync

            worker = get_worker()
            sync(worker.loop, worker.rpc(worker.nanny).close_gracefully, reason="lost")
            os.kill(os.getpid(), signal.SIGKILL)
        return PRINT(checked, path)


def test_a_cluster_left_without_workers_is_not_waited_for_for_ever(corpus: list[Path]) -> None:
    # Its only worker lost for good, the task that was on it would wait for ever for a
    # worker to run it again: after `patience` seconds without any worker it is lost, and
    # its hand is its file's error; so is every later file's first hand (none is run).
    with DaskExecutor(None, jobs=1, patience=2) as executor:
        walked = list(walk(corpus, Work(_LoseForGood("single-2.psn", 1)), executor, batch_hands=4))
    ends = [e for e in walked if isinstance(e, FileDone)]
    assert [e.path for e in ends] == [str(p) for p in corpus]  # every file ends, in order
    lost = next(e for e in ends if e.path.endswith("single-2.psn")).unreadable
    assert lost is not None
    assert lost.render("en") == (
        "internal error while checking hand 1: its worker was lost and the cluster had no "
        "worker to run it again for 2 s; please report it"
    )
    assert lost.render("zh") == (
        "内部错误（检查第 1 局时）：工作进程丢失，集群在 2 秒内没有可以重新运行它的工作进程；"
        "请报告这个问题"
    )
    said = [(e.path, e.value if isinstance(e, HandDone) else ("end", _why(e))) for e in walked]
    expected = _expected(corpus)
    for path in map(str, corpus):  # each file as checking it gives, or its first hand lost
        got = [v for p, v in said if p == path]
        if got != [v for p, v in expected if p == path]:
            assert len(got) == 1 and "the cluster had no worker to run it again" in got[0][1]


def _why(done: FileDone) -> str | None:
    return None if done.unreadable is None else done.unreadable.render("en")


def test_lost_says_why() -> None:
    lost = Lost("BrokenProcessPool")
    assert str(lost) == "the worker process died (BrokenProcessPool)"
    assert lost.text.render("zh") == "工作进程意外退出（BrokenProcessPool）"
