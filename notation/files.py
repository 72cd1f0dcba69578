"""Opening what the commands read and write: the one home of every file and stream.

Every command reads through :func:`open_input` (a file's lines, or standard input's as
``-``), :func:`read_document` (a document read whole) or :func:`input_lines` (JSON lines
on standard input), and writes through :func:`open_output` or :func:`write_output`.
What cannot be read or written is a :class:`FileError` that names the path and says why,
in English and in Chinese. What is read is bounded before it is read:

* only regular files are read: a path is opened without blocking and looked at before
  a byte of it is read, so a FIFO is not waited on for ever and a device (``/dev/zero``)
  that never ends is refused, whatever a link to it is called;
* at most :data:`MAX_INPUT_BYTES` of any input are read (:data:`MAX_DOCUMENT_BYTES` of a
  document read whole): a larger file is refused from its size, one that grows while it
  is read when it passes the limit;
* the bytes are UTF-8, checked as they are read: the first that is not is the input's
  error, with its offset from the start, the same for a file named and for bytes piped
  in, whatever the locale says standard input is; a line of JSON lines that is not
  UTF-8 is that line's error;
* no line is held longer than a hand may be (:data:`MAX_LINE_CHARS`): the rest of a
  longer line is skipped as it is read, and the reader refuses the hand as too long;
* what a command writes is kept aside until it is whole (:class:`Output`), so a record
  that cannot be read leaves its file and standard output untouched, and an output path
  that cannot be written is said before the work and again if writing fails.

Paths are shown printable whatever their bytes (:func:`shown_path`): a name that is not
UTF-8 (``os.fsdecode`` keeps its bytes as surrogates) or holds control characters is
written with ``\\x`` escapes, so that printing it never fails and never moves a terminal.
"""

from __future__ import annotations

import codecs
import errno
import os
import stat
import sys
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import IO, Any, BinaryIO, NamedTuple

from notation.messages import Message, MessageError, msg
from notation.psn.split import MAX_HAND_CHARS
from notation.terminal import escaped

__all__ = [
    "MAX_DOCUMENT_BYTES",
    "MAX_INPUT_BYTES",
    "MAX_LINE_BYTES",
    "MAX_LINE_CHARS",
    "SPOOL_BYTES",
    "STDIN",
    "FileError",
    "InputLine",
    "Output",
    "check_input",
    "check_output",
    "input_lines",
    "make_folder",
    "open_input",
    "open_output",
    "os_reason",
    "read_bytes",
    "read_document",
    "shown_path",
    "write_output",
]

STDIN = "-"  # the name that means standard input
MAX_INPUT_BYTES = 1 << 30  # the most read of any file or stream read line by line
MAX_DOCUMENT_BYTES = 64 << 20  # the most read of a document read whole (a JSON record)
MAX_LINE_CHARS = MAX_HAND_CHARS + 1  # a longer line is cut: its hand is refused anyway
MAX_LINE_BYTES = 1 << 20  # the longest JSON line (a request is a few kilobytes)
SPOOL_BYTES = 8 << 20  # what an output keeps in memory before it goes to a temporary file
_CHUNK = 1 << 16  # bytes read at a time


# ---- names -----------------------------------------------------------------------------


def shown_path(path: str | os.PathLike[str] | bytes) -> str:
    r"""A path as a user is shown it: printable, whatever its bytes. A byte that is not
    UTF-8 (a surrogate of ``os.fsdecode``) and a control character are escaped.

    >>> shown_path(os.fsdecode(b"caf\xe9.psn")), shown_path("a\x1b[2Jb.psn"), shown_path("牌局.psn")
    ('caf\\xe9.psn', 'a\\x1b[2Jb.psn', '牌局.psn')
    """
    text = os.fsdecode(path)
    if text.isprintable():
        return text
    return "".join(_shown_char(c) for c in text)


def _shown_char(char: str) -> str:
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8, as os.fsdecode keeps it
        return f"\\x{code - 0xDC00:02x}"
    if char == " " or unicodedata.category(char) not in ("Cc", "Cf", "Cs", "Zl", "Zp"):
        return char
    return escaped(char)


class FileError(MessageError):
    """A file or stream that cannot be read or written: its path as shown, and why
    (``reason``, a message of the catalogue without the path)."""

    def __init__(self, path: str, reason: Message, writing: bool = False) -> None:
        super().__init__(_said(path, reason, writing))
        self.path = path
        self.reason = reason
        self.writing = writing

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.path, self.reason, self.writing)


# The reasons said with the path first as their own sentence (``a.psn: no such file``).
_READING: dict[str, str] = {
    "reason.no-such-file": "file.no-such-file",
    "reason.folder": "file.folder",
    "reason.permission": "file.permission",
    "reason.not-utf8-at": "file.not-utf8",
}


def _said(path: str, reason: Message, writing: bool) -> Message:
    if writing:
        return msg("file.cannot-write", path=path, reason=reason)
    key = _READING.get(reason.key)
    if key is not None:
        return msg(key, path=path, **dict(reason.params))
    return msg("cli.cannot-read", path=path, reason=reason)


_ERRNO_REASONS: dict[int, str] = {
    errno.ENOENT: "reason.no-such-file",
    errno.EISDIR: "reason.folder",
    errno.EACCES: "reason.permission",
    errno.EPERM: "reason.permission",
    errno.ELOOP: "reason.link-loop",
    errno.ENOTDIR: "reason.not-folder-in-path",
    errno.ENAMETOOLONG: "reason.name-too-long",
    errno.EROFS: "reason.read-only",
    errno.ENOSPC: "reason.no-space",
    errno.EDQUOT: "reason.no-space",
    errno.ENXIO: "reason.no-device",
    errno.ENODEV: "reason.no-device",
    errno.EIO: "reason.io-error",
    errno.EFBIG: "reason.too-large-to-write",
}


def os_reason(error: OSError, *, writing: bool = False) -> Message:
    """Why the system refused a file, in words of both languages (its own words, in
    English only, for a reason it rarely gives)."""
    if writing and error.errno == errno.ENOENT:
        return msg("reason.no-folder")
    key = _ERRNO_REASONS.get(error.errno or 0)
    if key is not None:
        return msg(key)
    return msg("text", text=error.strerror or type(error).__name__)


def _mb(size: int) -> str:
    return f"{size / (1 << 20):,.0f}"


# ---- reading ---------------------------------------------------------------------------


@contextmanager
def open_input(
    path: str, *, most: int = MAX_INPUT_BYTES, line_chars: int | None = MAX_LINE_CHARS
) -> Iterator[Iterator[str]]:
    """The lines of the file ``path`` (``-``: standard input), each with its ``\\n``
    (``\\r\\n`` and ``\\r`` read as ``\\n``, a byte-order mark left out), read as they are
    iterated; a line longer than ``line_chars`` is cut there (the rest is skipped
    unread). A :class:`FileError` says why the file cannot be opened, or, while the
    lines are read, why it cannot be read on (the lines before it were good)."""
    name = shown_path(path)
    if path == STDIN:
        yield _lines(_stdin_reader(), name, most, line_chars)
        return
    stream, _ = _open_regular(path, name, most)
    with stream:
        yield _lines(stream.read, name, most, line_chars)


def read_document(path: str, *, most: int = MAX_DOCUMENT_BYTES) -> str:
    """The whole text of a document (a JSON record) at ``path`` (``-``: standard input),
    as :func:`open_input` reads it, however long its lines; at most ``most`` bytes."""
    with open_input(path, most=most, line_chars=None) as lines:
        return "".join(lines)


def check_input(path: str) -> None:
    """Raise the :class:`FileError` that reading ``path`` would (read through, nothing
    kept): a file about to be handed to another program."""
    with open_input(path) as lines:
        for _ in lines:
            pass


def read_bytes(path: str, most: int) -> tuple[bytes, os.stat_result]:
    """The bytes of the file ``path``, if it is a regular file of at most ``most`` bytes
    (as :func:`open_input` opens it), and what the system says of it (to know it again);
    a :class:`FileError` if not."""
    name = shown_path(path)
    stream, info = _open_regular(path, name, most)
    with stream:
        try:
            data = stream.read(most + 1)  # it may have grown since
        except OSError as e:
            raise FileError(name, os_reason(e)) from None
    if len(data) > most:
        raise FileError(name, msg("reason.too-large", mb=_mb(most)))
    return data, info


def _open_regular(path: str, name: str, most: int) -> tuple[BinaryIO, os.stat_result]:
    """``path`` opened to read, if it is a regular file of at most ``most`` bytes, and
    what the system says of it; looked at before a byte is read. Opened without
    blocking: a FIFO without a writer is not waited on."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        raise FileError(name, os_reason(e)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise FileError(name, msg("reason.folder"))
        if not stat.S_ISREG(info.st_mode):
            raise FileError(name, msg("reason.not-regular"))
        if info.st_size > most:
            raise FileError(name, msg("reason.too-large", mb=_mb(most)))
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "rb"), info


def _stdin_reader() -> Callable[[int], bytes]:
    """Standard input's bytes, whatever the locale makes of its text (a text stream
    without bytes beneath, as tests give, is taken as UTF-8)."""
    binary = getattr(sys.stdin, "buffer", None)
    if binary is not None:
        return binary.read  # type: ignore[no-any-return]
    text = sys.stdin

    def read(size: int) -> bytes:
        return text.read(size).encode("utf-8", "surrogateescape")

    return read


def _lines(
    read: Callable[[int], bytes], name: str, most: int, line_chars: int | None
) -> Iterator[str]:
    """The lines of what ``read`` gives, decoded as UTF-8 as they come."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    fed = 0  # bytes given to the decoder
    start = True
    carry = ""  # a "\r" at the end of a chunk: is a "\n" next?
    line: list[str] = []
    held = 0  # characters in ``line``
    while True:
        try:
            data = read(_CHUNK)
        except OSError as e:
            raise FileError(name, os_reason(e)) from None
        if fed + len(data) > most:
            raise FileError(name, msg("reason.too-large", mb=_mb(most)))
        final = not data
        failure: FileError | None = None
        try:
            text = decoder.decode(data, final)
        except UnicodeDecodeError as e:  # the whole lines before it are still read
            before = len(e.object) - len(data)  # bytes the decoder held from before
            offset = fed - before + e.start
            byte = f"{e.object[e.start]:02x}"
            failure = FileError(name, msg("reason.not-utf8-at", byte=byte, offset=offset))
            text, final = e.object[: e.start].decode("utf-8"), False
        fed += len(data)
        if start and text:
            start = False
            text = text.removeprefix("\ufeff")
        text = carry + text
        carry = ""
        if text.endswith("\r") and not final:
            text, carry = text[:-1], "\r"
        if "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        pieces = text.split("\n")
        for piece in pieces[:-1]:
            if line_chars is not None and held + len(piece) > line_chars:
                piece = piece[: max(0, line_chars - held)]
            if line:  # the line began in an earlier chunk
                line.append(piece)
                yield "".join(line) + "\n"
                line, held = [], 0
            else:  # nearly every line: whole in this chunk
                yield piece + "\n"
        last = pieces[-1]
        if line_chars is not None and held + len(last) > line_chars:
            last = last[: max(0, line_chars - held)]
        if last:
            line.append(last)
            held += len(last)
        if failure is not None:
            raise failure
        if final:
            if line:
                yield "".join(line)
            return


class InputLine(NamedTuple):
    """One line of JSON lines: its text, or why it cannot be read (then ``text`` is "")."""

    text: str
    error: Message | None = None


def input_lines(most: int = MAX_LINE_BYTES) -> Iterator[InputLine]:
    """Standard input's lines, each as soon as it is whole (for a program that answers
    line by line): each decoded alone, so a line that is not UTF-8 or longer than
    ``most`` bytes is that line's error (the rest of a long line is skipped unread)."""
    binary = getattr(sys.stdin, "buffer", None)
    readline: Callable[[int], bytes]
    if binary is not None:
        readline = binary.readline
    else:
        text = sys.stdin

        def readline(size: int) -> bytes:
            return text.readline(size).encode("utf-8", "surrogateescape")

    while True:
        raw = readline(most + 1)
        if not raw:
            return
        if len(raw) > most and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):  # skipped, a piece at a time
                raw = readline(_CHUNK)
            yield InputLine("", msg("reason.line-too-long", most=f"{most:,}"))
            continue
        try:
            yield InputLine(raw.decode("utf-8"))
        except UnicodeDecodeError as e:
            byte = f"{raw[e.start]:02x}"
            yield InputLine("", msg("reason.not-utf8-at", byte=byte, offset=e.start))


# ---- writing ---------------------------------------------------------------------------


def check_output(path: str, *, folders: bool = False) -> None:
    """Raise the :class:`FileError` that writing ``path`` would, as far as can be told
    without writing it: a folder, a folder that is not there (``folders``: it will be
    made, if it can be), no permission. Said before the work, not after it."""
    name = shown_path(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        info = None
    except OSError as e:
        raise FileError(name, os_reason(e), writing=True) from None
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise FileError(name, msg("reason.folder"), writing=True)
        if not os.access(path, os.W_OK):
            raise FileError(name, msg("reason.permission"), writing=True)
        return
    folder = os.path.dirname(os.path.abspath(path))
    while folders and not os.path.lexists(folder) and os.path.dirname(folder) != folder:
        folder = os.path.dirname(folder)  # made when written: the nearest that is there
    try:
        info = os.stat(folder)
    except FileNotFoundError:
        raise FileError(name, msg("reason.no-folder"), writing=True) from None
    except OSError as e:
        raise FileError(name, os_reason(e), writing=True) from None
    if not stat.S_ISDIR(info.st_mode):
        raise FileError(name, msg("reason.not-folder-in-path"), writing=True)
    if not os.access(folder, os.W_OK | os.X_OK):
        raise FileError(name, msg("reason.permission"), writing=True)


def make_folder(path: str) -> None:
    """Make the folder ``path`` (and those it is in), or say why it cannot be made: a
    file is there, a folder above it cannot be written. One that is there is fine."""
    name = shown_path(path)
    if os.path.lexists(path) and not os.path.isdir(path):
        raise FileError(name, msg("reason.file-not-folder"), writing=True)
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        raise FileError(name, os_reason(e, writing=True), writing=True) from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise FileError(name, msg("reason.permission"), writing=True)


class Output:
    """What a command writes to a file (or standard output: ``path`` None), kept aside
    until :meth:`commit` puts it there whole; closed without it, nothing is written.
    ``folders``: the file's folders are made when it is written."""

    def __init__(self, path: str | None, *, folders: bool = False) -> None:
        self.path = path
        self.name = "-" if path is None else shown_path(path)
        self.folders = folders
        # Imported here: tempfile brings shutil, random and bz2, 5 ms of the start-up of
        # commands (validate, stats) that never write through an Output.
        import tempfile

        self._spool = tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES)  # noqa: SIM115

    def write(self, data: str | bytes) -> None:
        """Add ``data`` (text is written as UTF-8)."""
        self._spool.write(data if isinstance(data, bytes) else data.encode("utf-8"))

    def commit(self) -> None:
        """Write what was added to the file (or standard output); a :class:`FileError`
        if it cannot be written."""
        self._spool.seek(0)
        if self.path is None:
            _copy_to_stdout(self._spool)
            return
        try:
            if self.folders:
                os.makedirs(os.path.dirname(self.path) or ".", exist_ok=True)
            with open(self.path, "wb") as out:
                while chunk := self._spool.read(_CHUNK):
                    out.write(chunk)
        except OSError as e:
            raise FileError(self.name, os_reason(e, writing=True), writing=True) from None

    def close(self) -> None:
        """Drop what was not committed."""
        self._spool.close()

    def __enter__(self) -> Output:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_output(path: str | None, *, folders: bool = False) -> Output:
    """An :class:`Output` to ``path`` (None: standard output), refused at once with a
    :class:`FileError` if ``path`` cannot be written (:func:`check_output`)."""
    if path is not None:
        check_output(path, folders=folders)
    return Output(path, folders=folders)


def write_output(path: str | None, data: str | bytes, *, folders: bool = False) -> None:
    """Write ``data`` to the file ``path`` (text as UTF-8), or to standard output when
    ``path`` is None; a file that cannot be written is a :class:`FileError`."""
    if path is None:
        if isinstance(data, bytes):
            sys.stdout.flush()
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
        else:
            sys.stdout.write(data)
        return
    with Output(path, folders=folders) as out:
        out.write(data)
        out.commit()


def _copy_to_stdout(spool: IO[bytes]) -> None:
    """A spool's bytes to standard output: to the bytes beneath its text, or decoded
    when it has none (a test's text stream)."""
    sys.stdout.flush()
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is not None:
        while chunk := spool.read(_CHUNK):
            buffer.write(chunk)
        buffer.flush()
        return
    decoder = codecs.getincrementaldecoder("utf-8")()
    while chunk := spool.read(_CHUNK):
        sys.stdout.write(decoder.decode(chunk))
    sys.stdout.write(decoder.decode(b"", True))
