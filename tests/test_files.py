"""``notation.files``: what every command reads and writes is opened in one place, bounded
before it is read, its UTF-8 checked as it is read, and said clearly when it cannot be."""

from __future__ import annotations

import io
import os
import pickle
import re
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.files import (
    MAX_INPUT_BYTES,
    MAX_LINE_BYTES,
    MAX_LINE_CHARS,
    FileError,
    Output,
    check_output,
    input_lines,
    make_folder,
    open_input,
    read_bytes,
    read_document,
    shown_path,
    write_output,
)
from notation.messages import error_words, msg


def lines_of(path: str | Path, **limits: int) -> list[str]:
    with open_input(str(path), **limits) as lines:
        return list(lines)


def failure(path: str | Path, **limits: int) -> tuple[list[str], FileError]:
    """The lines read before the file's error, and the error."""
    read: list[str] = []
    with pytest.raises(FileError) as caught, open_input(str(path), **limits) as lines:
        read.extend(lines)
    return read, caught.value


class _Stdin:
    """Standard input whose bytes come in the pieces given, whatever is asked for."""

    def __init__(self, pieces: list[bytes]) -> None:
        self.buffer = self
        self.pieces = list(pieces)

    def read(self, size: int = -1) -> bytes:
        return self.pieces.pop(0) if self.pieces else b""

    def readline(self, size: int = -1) -> bytes:
        raise AssertionError("a document is read in pieces, not by lines")


# ---- names ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("hand.psn", "hand.psn"),
        ("牌局 一.psn", "牌局 一.psn"),
        (os.fsdecode(b"caf\xe9.psn"), "caf\\xe9.psn"),  # Latin-1 bytes, not UTF-8
        ("a\x1b]0;pwned\x07b.psn", "a\\x1b]0;pwned\\x07b.psn"),  # a terminal's title
        ("two\nlines.psn", "two\\x0alines.psn"),
        ("rtl\u202eisp.psn", "rtl\\u202eisp.psn"),  # a bidi override
    ],
)
def test_a_path_is_shown_printable_whatever_its_bytes(name: str, shown: str) -> None:
    assert shown_path(name) == shown
    assert shown_path(name).isprintable()
    shown_path(name).encode("utf-8")  # writes to a strict UTF-8 stream


# ---- reading -------------------------------------------------------------------------------


def test_lines_come_with_their_newline_as_text_files_read_them(tmp_path: Path) -> None:
    path = tmp_path / "crlf.psn"
    path.write_bytes(b"\xef\xbb\xbfone\r\ntwo\rthree\nfour")
    assert lines_of(path) == ["one\n", "two\n", "three\n", "four"]
    assert read_document(str(path)) == "one\ntwo\nthree\nfour"


def reference_lines(data: bytes) -> tuple[list[str], int | None]:
    """What a file of ``data`` reads as: its whole lines before the first byte that is
    not UTF-8 (all of them if none is), and that byte's offset."""
    try:
        text, bad = data.decode("utf-8"), None
    except UnicodeDecodeError as e:
        text, bad = data[: e.start].decode("utf-8"), e.start
    text = text.removeprefix("\ufeff")
    if bad is not None and text.endswith("\r"):
        text = text[:-1]  # a "\r" whose next byte is not read: the line may go on
    lines = text.replace("\r\n", "\n").replace("\r", "\n").splitlines(keepends=True)
    if bad is not None and lines and not lines[-1].endswith("\n"):
        lines.pop()  # cut by the byte that is not UTF-8
    return lines, bad


BYTES = st.lists(
    st.sampled_from([b"a", b"\n", b"\r", b"\r\n", "é".encode(), "牌".encode(), "😀".encode(),
                     b"\xe9", b"\xff", b"\xe7\x89", b"\xef\xbb\xbf", b" "]),
    max_size=40,
).map(b"".join)  # fmt: skip


@settings(max_examples=400, deadline=None, derandomize=True)
@given(BYTES, st.lists(st.integers(1, 7), min_size=1, max_size=40))
def test_any_bytes_in_any_pieces_read_as_the_whole_would(data: bytes, sizes: list[int]) -> None:
    # Pieces cut anywhere: in a character of several bytes, between "\r" and "\n".
    pieces, rest = [], data
    for size in sizes * (len(data) + 1):
        if not rest:
            break
        pieces.append(rest[:size])
        rest = rest[size:]
    expected, bad = reference_lines(data)
    got: list[str] = []
    stdin = _Stdin(pieces)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdin", stdin)
        try:
            with open_input("-") as lines:
                got.extend(lines)
        except FileError as e:
            assert bad is not None, e
            assert dict(e.reason.params)["offset"] == bad
            assert dict(e.reason.params)["byte"] == f"{data[bad]:02x}"
        else:
            assert bad is None
    assert got == expected


def test_a_byte_that_is_not_utf8_is_said_with_its_offset_in_the_file_after_the_lines_before(
    tmp_path: Path,
) -> None:
    path = tmp_path / "late.psn"
    head = b"x" * 99 + b"\n"
    path.write_bytes(head * 1000 + b"{caf\xe9}\n")  # past the first pieces read
    read, error = failure(path)
    assert read == [head.decode()] * 1000
    assert str(error) == f"{path}: is not UTF-8 text (byte 0xe9 at offset 100004)"
    assert error_words(error, "zh") == f"{path}：不是 UTF-8 文本（第 100004 字节处的 0xe9）"


def test_what_is_not_a_regular_file_is_refused_before_a_byte_is_read(tmp_path: Path) -> None:
    zero = tmp_path / "zero.psn"
    zero.symlink_to("/dev/zero")  # a device that never ends, behind a record's name
    loop = tmp_path / "loop.psn"
    loop.symlink_to(loop)
    cases = {
        zero: "not a regular file (a pipe, a device or a socket)",
        loop: "its symbolic links make a loop",
        tmp_path: "is a folder, not a file",
        tmp_path / "gone.psn": "no such file",
    }
    for path, said in cases.items():
        read, error = failure(path)
        assert read == [] and said in str(error), (path, str(error))
        assert error.path == str(path)
        with pytest.raises(FileError, match=re.escape(said)):
            read_bytes(str(path), 100)


def test_a_file_larger_than_the_limit_is_refused_from_its_size_and_a_stream_as_it_grows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sparse = tmp_path / "huge.psn"
    with sparse.open("wb") as f:
        f.truncate(MAX_INPUT_BYTES + 1)  # takes no disk: refused without reading it
    read, error = failure(sparse)
    assert read == [] and "larger than 1,024 MB" in str(error)
    assert "超过 1,024 MB" in error_words(error, "zh")
    monkeypatch.setattr("sys.stdin", _Stdin([b"line\n"] * 30))
    read, error = failure("-", most=100)
    assert len(read) == 20 and str(error).startswith("-: cannot read: larger than")


def test_a_line_longer_than_a_hand_is_cut_while_it_is_read_in_bounded_memory(
    tmp_path: Path,
) -> None:
    path = tmp_path / "pasted.psn"
    with path.open("wb") as f:
        f.write(b'[Event "pasted"]\n\n1. 1: ')
        for _ in range(200):  # 20 MB on one line
            f.write(b"SA " * 33_333 + b"S3 ")
        f.write(b'\n[Event "next"]\n')
    tracemalloc.start()
    try:
        with open_input(str(path)) as lines:
            kept = [len(line) for line in lines]
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert kept == [len('[Event "pasted"]\n'), 1, MAX_LINE_CHARS + 1, len('[Event "next"]\n')]
    assert peak < 6 * MAX_LINE_CHARS  # a few copies of one line's limit, not of the line


def test_json_lines_are_each_their_own_and_an_unreadable_one_does_not_stop_the_rest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = b'{"a": 1}\n\xff\xfe\n' + b"x" * (MAX_LINE_BYTES + 10) + b'\n{"b": "\xe7\x89\x8c"}\n'
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    got = list(input_lines())
    assert [line.text for line in got] == ['{"a": 1}\n', "", "", '{"b": "牌"}\n']
    assert [line.error and line.error.render() for line in got] == [
        None,
        "not UTF-8 text (byte 0xff at offset 0)",
        "a line of more than 1,048,576 bytes, the most that is read of a line",
        None,
    ]
    # A test's text stream without bytes beneath reads the same.
    monkeypatch.setattr("sys.stdin", io.StringIO('{"a": 1}\n\n'))
    assert [line.text for line in input_lines()] == ['{"a": 1}\n', "\n"]


# ---- writing -------------------------------------------------------------------------------


def test_an_output_is_written_whole_when_committed_and_not_at_all_otherwise(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "out.psn"
    path.write_text("before", encoding="utf-8")
    with Output(str(path)) as out:
        out.write("half")
    assert path.read_text(encoding="utf-8") == "before"
    with Output(str(path)) as out:
        out.write("牌局\n")
        out.write(b"bytes\n")
        out.commit()
    assert path.read_text(encoding="utf-8") == "牌局\nbytes\n"
    with Output(None) as out:
        out.write("to standard output\n")
        assert capsys.readouterr().out == ""
        out.commit()
    assert capsys.readouterr().out == "to standard output\n"


def test_an_output_that_cannot_be_written_is_said_before_the_work(tmp_path: Path) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("x", encoding="utf-8")
    cases = {
        tmp_path / "no" / "such" / "r.md": "cannot write: no such folder",
        tmp_path: "cannot write: is a folder",
        a_file / "r.md": "cannot write: a part of the path is not a folder",
    }
    for path, said in cases.items():
        with pytest.raises(FileError, match=said) as caught:
            check_output(str(path))
        assert caught.value.writing
        with pytest.raises(FileError, match=said):
            write_output(str(path), "text")
    check_output(str(tmp_path / "new" / "deep" / "r.md"), folders=True)  # made when written
    write_output(str(tmp_path / "new" / "deep" / "r.md"), "text", folders=True)
    assert (tmp_path / "new" / "deep" / "r.md").read_text(encoding="utf-8") == "text"
    with pytest.raises(FileError, match="cannot write: is a file, not a folder") as made:
        make_folder(str(a_file))
    assert error_words(made.value, "zh") == f"{a_file}：无法写入：是文件，不是文件夹"


def test_a_file_error_travels_between_processes() -> None:
    error = FileError("a.psn", msg("reason.link-loop"), writing=True)
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is FileError and str(again) == str(error) and again.writing
    assert str(again) == "a.psn: cannot write: its symbolic links make a loop"
