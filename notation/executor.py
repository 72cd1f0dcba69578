"""Where batches of pure work run: in this process, on a pool of local processes, or on a
Dask cluster (``dask.distributed``), behind one interface.

A batch is any picklable value and the work a picklable function of it (a module-level
function, or a :func:`functools.partial` of one): validating, analysing or summarising
hands are pure functions of the hands and the settings, so the same work gives the same
results wherever it runs. :meth:`Executor.ordered` gives the results back in the order
of the batches, whatever order the workers finish in, with a few batches per worker
under way at a time, so neither memory nor the queue grows with the corpus.

A worker process that dies (killed, out of memory, a crash in a library) does not lose
its batch silently: the batch comes back as :class:`Lost`, and the caller runs its parts
again, each :meth:`alone <Executor.ordered>`, to find the one that kills its worker.
Dask itself runs a lost worker's tasks again on the other workers; only a task that has
killed several workers (``distributed.scheduler.allowed-failures``, 3 by default) comes
back lost. A cluster left without any worker (every worker lost, and none restarted: a
nanny that could not start its worker again, a machine gone) would keep its tasks waiting
for ever: a task that has waited that long with no worker at all comes back lost too.
Dask is an optional extra, imported only when asked for.

>>> with make_executor("local", jobs=1) as run:
...     list(run.ordered(abs, [-3, 2, -1]))
[3, 2, 1]
"""

from __future__ import annotations

import os
import time
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from types import TracebackType
from typing import TYPE_CHECKING, Any, Self, TypeVar

from notation.frozen import frozen
from notation.messages import Message, MessageError, Seq, msg

if TYPE_CHECKING:  # the process pool's machinery is imported only when a pool starts
    from concurrent.futures import Future, ProcessPoolExecutor

__all__ = [
    "EXECUTORS",
    "DaskExecutor",
    "Executor",
    "ExecutorError",
    "InlineExecutor",
    "Lost",
    "PoolExecutor",
    "make_executor",
]

T = TypeVar("T")
R = TypeVar("R")
V = TypeVar("V")

EXECUTORS = ("local", "dask")
_AHEAD = 4  # batches under way per worker: enough that none waits for the slowest
_WAIT_FOR_WORKERS = 60.0  # seconds a scheduler may take to have a worker at all
_POLL = 1.0  # seconds between looks at a Dask cluster's workers while a task is awaited


class ExecutorError(MessageError):
    """The executor cannot run: Dask not installed, no scheduler at the address, a
    cluster whose workers cannot run shengji."""


@frozen
class Lost:
    """A batch whose worker process died while working on it: nothing of it came back
    (``error``: what the pool said, as ``BrokenProcessPool``). ``waited``: the batch was
    given up after that many seconds in which the cluster had no worker at all."""

    error: str
    waited: float | None = None

    @property
    def text(self) -> Message:
        """What happened, as a message."""
        if self.waited is not None:
            return msg("bug.no-worker", seconds=round(self.waited))
        return msg("bug.worker-died", error=self.error)

    def __str__(self) -> str:
        return self.text.render("en")


class Executor(ABC):
    """Runs a function over batches and gives the results back in the batches' order."""

    workers: int = 1  # how many batches run at once
    batch_hands: int = 32  # hands a batch should hold: overhead small, workers kept busy

    @abstractmethod
    def ordered(
        self, fn: Callable[[T], R], batches: Iterable[T], *, alone: bool = False
    ) -> Iterator[R | Lost]:
        """``fn`` of each batch, in the batches' order; a batch whose worker died is
        :class:`Lost`. ``alone``: one batch at a time, kept apart from other work where
        the executor can, so that a worker that dies was killed by that batch."""

    def close(self) -> None:  # noqa: B027  (work in this process has nothing to stop)
        """Stop the workers."""

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


class InlineExecutor(Executor):
    """Runs every batch in this process, one after the other."""

    batch_hands = 64

    def ordered(
        self, fn: Callable[[T], R], batches: Iterable[T], *, alone: bool = False
    ) -> Iterator[R | Lost]:
        """``fn`` of each batch, computed as it is asked for."""
        return (fn(batch) for batch in batches)


class PoolExecutor(Executor):
    """A pool of ``jobs`` local processes (:class:`concurrent.futures.ProcessPoolExecutor`).

    A pool whose process died is broken for good: every batch under way in it comes
    back :class:`Lost` and a new pool takes the batches after them. Work that is a single
    batch runs in this process, as starting processes would cost more than it saves.
    """

    def __init__(self, jobs: int) -> None:
        self.workers = max(1, jobs)
        self._pool: ProcessPoolExecutor | None = None
        self._apart: ProcessPoolExecutor | None = None  # one process, for work run alone

    def ordered(
        self, fn: Callable[[T], R], batches: Iterable[T], *, alone: bool = False
    ) -> Iterator[R | Lost]:
        """``fn`` of each batch, a few per process under way at a time."""
        items = iter(batches)
        first = next(items, _NOTHING)
        if first is _NOTHING:
            return
        second = next(items, _NOTHING)
        if second is _NOTHING and not alone:
            yield fn(first)
            return
        rest: Iterable[Any] = (first,) if second is _NOTHING else (first, second)
        limit = 1 if alone else self.workers * _AHEAD
        window: deque[Future[R]] = deque()
        try:
            for batch in _chain(rest, items):
                window.append(self._submit(fn, batch, alone))
                if len(window) >= limit:
                    done = _outcome(window.popleft())
                    yield done
            while window:
                done = _outcome(window.popleft())
                yield done
        finally:
            for future in window:
                future.cancel()

    def _submit(self, fn: Callable[[T], R], batch: T, alone: bool) -> Future[R]:
        """Send a batch to the pool (a new pool if the last one broke)."""
        from concurrent.futures import BrokenExecutor

        for _ in range(2):
            pool = self._pool_for(alone)
            try:
                return pool.submit(fn, batch)
            except BrokenExecutor:  # a process of it died: start another pool
                pool.shutdown(wait=False, cancel_futures=True)
                if alone:
                    self._apart = None
                else:
                    self._pool = None
        raise ExecutorError(msg("executor.no-processes"))

    def _pool_for(self, alone: bool) -> ProcessPoolExecutor:
        from concurrent.futures import ProcessPoolExecutor

        if alone:
            if self._apart is None:
                self._apart = ProcessPoolExecutor(max_workers=1)
            return self._apart
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.workers)
        return self._pool

    def close(self) -> None:
        """Shut the pools down."""
        for pool in (self._pool, self._apart):
            if pool is not None:
                pool.shutdown(wait=True, cancel_futures=True)
        self._pool = self._apart = None


def _outcome(future: Future[V]) -> V | Lost:
    """A pool future's result, or :class:`Lost` if its process died."""
    from concurrent.futures import BrokenExecutor

    try:
        return future.result()
    except BrokenExecutor as e:  # BrokenProcessPool: a process of the pool died
        return Lost(type(e).__name__)


def _why(error: OSError | TimeoutError | RuntimeError) -> Message | str:
    """Why a cluster could not be reached, in the catalogue's words where it is one of
    the usual reasons (no answer, refused, its workers not started); else as the error
    says it."""
    if isinstance(error, RuntimeError):  # distributed: "Nanny failed to start.", and such
        return msg("executor.not-started")
    if isinstance(error, TimeoutError) or str(error).startswith("Timed out"):
        return msg("executor.timed-out")
    if isinstance(error, ConnectionRefusedError):
        return msg("executor.refused")
    return str(error)


class _Nothing:
    """No batch (the end of the batches)."""


_NOTHING: Any = _Nothing()


def _chain(first: Iterable[T], rest: Iterator[T]) -> Iterator[T]:
    yield from first
    yield from rest


class DaskExecutor(Executor):
    """Batches as tasks of a Dask cluster: the scheduler at ``address`` (``dask
    scheduler``, with ``dask worker ADDRESS`` on each machine), or without an address a
    :class:`distributed.LocalCluster` of ``jobs`` worker processes on this machine.

    The workers need shengji installed (the same version); files are read here and their
    hands sent, so the workers need no shared folder. ``patience``: the seconds the cluster
    may be without any worker, at the start and while a task is awaited; after that the
    task awaited is :class:`Lost` (and so is every task awaited while there is none).
    """

    batch_hands = 64  # a task costs a few milliseconds of the scheduler's time

    def __init__(
        self, address: str | None = None, jobs: int = 0, *, patience: float = _WAIT_FOR_WORKERS
    ) -> None:
        import logging  # here: 13.6 M instructions of every validate's start otherwise

        distributed = _import_distributed()
        logging.getLogger("distributed").setLevel(logging.ERROR)  # a lost worker is ours to say
        self._cluster: Any = None
        self.address = address
        self.patience = patience
        self._workerless_since: float | None = None  # since when no worker was seen
        try:
            if address is None:
                self._cluster = distributed.LocalCluster(
                    n_workers=max(1, jobs or os.cpu_count() or 1),
                    threads_per_worker=1,
                    processes=True,
                    # no fixed port: Dask's dashboard on 8787 warns on stderr when another
                    # cluster holds it, and validate's output must not depend on that
                    dashboard_address="127.0.0.1:0",
                    silence_logs=logging.ERROR,
                )
                self.client: Any = distributed.Client(self._cluster)
            else:
                # how long a scheduler may take to answer: Dask's own setting
                # (distributed.comm.timeouts.connect, 30 s unless configured)
                self.client = distributed.Client(address)
                self.client.wait_for_workers(1, timeout=patience)
        except (OSError, TimeoutError, RuntimeError) as e:
            self.close()
            where = (
                msg("executor.scheduler-at", address=address)
                if address
                else msg("executor.local-cluster")
            )
            raise ExecutorError(msg("executor.unreachable", where=where, error=_why(e))) from None
        self.workers = max(1, sum(self.client.nthreads().values()))
        self._killed: type[BaseException] = distributed.KilledWorker
        self._wait: Callable[..., Any] = distributed.wait

    def ordered(
        self, fn: Callable[[T], R], batches: Iterable[T], *, alone: bool = False
    ) -> Iterator[R | Lost]:
        """``fn`` of each batch as a task, a few per worker thread under way at a time."""
        limit = 1 if alone else self.workers * _AHEAD
        window: deque[Any] = deque()
        try:
            for batch in batches:
                window.append(self.client.submit(fn, batch, pure=False))
                if len(window) >= limit:
                    yield self._outcome(window.popleft())
            while window:
                yield self._outcome(window.popleft())
        finally:
            for future in window:
                future.cancel()

    def _outcome(self, future: Any) -> Any:
        """A task's result; :class:`Lost` if it killed its workers, or if the cluster has
        had no worker for ``patience`` seconds (so nothing would ever run it); any other
        failure is the cluster's (shengji missing on a worker, say), an error of the whole
        run. A task that runs long is waited for: only a cluster without workers is not."""
        look = self._workerless_since is not None  # none seen last time: look first
        while True:
            if look and (waited := self._workerless()) >= self.patience:
                future.cancel()
                return Lost("no worker", waited=waited)
            look = True
            try:
                self._wait(future, timeout=_POLL)  # (never raises the task's own error)
            except TimeoutError:
                continue
            try:
                return future.result()
            except self._killed as e:
                return Lost(f"{type(e).__name__}: {e}")
            except Exception as e:
                failed = f"{type(e).__name__}: {str(e)[:200]}"
                raise ExecutorError(msg("executor.workers-failed", error=failed)) from None

    def _workerless(self) -> float:
        """The seconds for which the cluster has had no worker (0 if it has one now)."""
        try:
            workers = len(self.client.nthreads())
        except (OSError, TimeoutError):  # the scheduler does not answer: no worker either
            workers = 0
        now = time.monotonic()
        if workers:
            self._workerless_since = None
            return 0.0
        if self._workerless_since is None:
            self._workerless_since = now
        return now - self._workerless_since

    def close(self) -> None:
        """Disconnect; a cluster started here is shut down."""
        client = getattr(self, "client", None)
        if client is not None:
            client.close()
        if self._cluster is not None:
            self._cluster.close()
            self._cluster = None


def _import_distributed() -> Any:
    """``dask.distributed``, or an error that names the extra to install."""
    try:
        import distributed
    except ImportError:
        raise ExecutorError(msg("executor.needs-dask")) from None
    return distributed


def make_executor(kind: str = "local", jobs: int = 0, scheduler: str | None = None) -> Executor:
    """The executor ``--executor KIND -j JOBS --scheduler ADDRESS`` asks for: ``local``
    (``jobs`` processes, all cores by default; one: this process), or ``dask``."""
    if kind == "dask":
        return DaskExecutor(scheduler, jobs)
    if kind != "local":
        raise ExecutorError(msg("executor.unknown", kind=kind, known=Seq(EXECUTORS)))
    if scheduler is not None:
        raise ExecutorError(msg("executor.scheduler-alone"))
    jobs = jobs or os.cpu_count() or 1
    return InlineExecutor() if jobs == 1 else PoolExecutor(jobs)
