"""Fuzzing: mutated records and malformed JSON never make an exception escape.

Records simulated under every preset, the annotated examples and the reader's sample
files are mutated (bytes and tokens deleted, repeated, swapped; hostile tokens put in:
brackets, deep variations, huge numbers, draw counts past the deal, ``Rules`` headers
naming files and devices, unicode) and run through the reader, the validator, ``fmt``,
``convert`` both ways and the CLI; JSON documents and ``judge`` lines are mutated the
same way. Only the project's own errors may come out (a :class:`ShengjiError`, located
where the API says so), a record that reads is written and read back the same, no file
named by a record is read, and the CLI exits 0, 1 or 2: never 3, "internal error".

Every case is a pure function of its number: a failure names the case, and
``case_text(n)`` (or ``json_case(n)``, ``judge_case(n)``) gives it back.
"""

from __future__ import annotations

import copy
import dataclasses
import io
import json
import os
import random
import re
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from notation.analysis.annotations import read_analysis
from notation.cli import main
from notation.cli.common import read_line
from notation.errors import ShengjiError
from notation.files import MAX_INPUT_BYTES
from notation.findings import CATALOGUE
from notation.lines.judge import judge_trick
from notation.presets import load_ruleset, preset_names
from notation.psn import (
    Comment,
    Header,
    PSNError,
    comment_spans,
    from_json,
    parse,
    to_json,
    without_comments,
    write,
)
from notation.psn.jsonio import JSONFormatError
from notation.psn.parser import MAX_HAND_CHARS, MAX_VARIATION_DEPTH
from notation.resources import examples_dir
from notation.rules.cards import ALL_CARDS, parse_card
from notation.simulate import simulate_hand
from notation.validate import validate_text
from tests.benchmark import judge_lines
from viewer import edit
from viewer.document import load_document

SEED = 11  # the number; any seed gives a fixed set of cases
RECORD_CASES = 3000
JSON_CASES = 1000
JUDGE_CASES = 1500
CLI_CASES = 40

DATA = Path(__file__).parent / "data"
# A file a record may try to name: its text must never show up anywhere.
SECRET = "hunter2-never-shown"
SECRET_FILE = Path(tempfile.gettempdir()) / "shengji-fuzz-secret.yaml"


@pytest.fixture(scope="module", autouse=True)
def _secret_file() -> None:
    SECRET_FILE.write_text(f"name: {SECRET}\npassword: {SECRET}\n", encoding="utf-8")


# ---- what is mutated ---------------------------------------------------------------------


@cache
def seed_texts() -> tuple[str, ...]:
    """Simulated hands under every preset (cut to their first tricks, for speed), the
    annotated examples (comments, glyphs, variations) and the reader's sample files."""
    texts = []
    for i, name in enumerate(preset_names()):
        text = write(simulate_hand(name, seed=i))
        cut = text.find("\n9. ")
        texts.append(text[: cut + 1] if cut > 0 else text)
    texts += [p.read_text(encoding="utf-8") for p in sorted(examples_dir().glob("teaching/*.psn"))]
    texts += [p.read_text(encoding="utf-8") for p in sorted(DATA.glob("*.psn"))]
    return tuple(texts)


CARD_TOKENS = (*(str(c) for c in ALL_CARDS), "??")
HOSTILE = (
    *'(){}[]":./$@!?\\%',
    "??",
    "!!",
    "@999",
    "@101",
    "@" + "9" * 5000,
    "9" * 5000,
    "$" + "9" * 30,
    "1234567.",
    "5:",
    "0:",
    " by 9",
    " / SA SA",
    " from ",
    " from SA SA ??",
    " won by 9",
    " won by 2",
    " won ",
    '\n[Rules "/etc/passwd"]\n',
    '[Rules "/dev/zero"]',
    f'[Rules "{SECRET_FILE}"]',
    '[Rules "../../../etc/passwd"]',
    '[Rules "fuzz-secret"]',
    '[Rules ""]',
    '[Rules "qq"]',
    '[Rules "match-a"]',
    '[Levels "2 2"]',
    '[Levels "x"]',
    '[Levels "A A A"]',
    '[Trump "H 2"]',
    '[Trump "Z 99"]',
    '[Dealer "7"]',
    '[Dealer "1"]',
    "2: SK (" * (MAX_VARIATION_DEPTH + 3),
    "(1. 1: SA " * MAX_VARIATION_DEPTH,
    "(" * 300,
    ")" * 30,
    "{" * 10,
    " (1. 1: SK 2: S3) ",
    " (declare 2: H2) ",
    "declare 1: H2",
    "counter 2: BJ BJ to NT @50",
    "reinforce 1: H2 H2",
    "fallback kitty S3",
    "fallback flip BJ to NT",
    "bury 1:",
    "bury 1: S3 S4",
    "bury 1: S3 from S3 SA",
    "result points 999 kitty 20 x4 level dealer +3 next 2",
    "result points 9999999",
    "deal",
    "\ndeal\n1: SA SA SA\n",
    "deck 1:",
    "kitty:",
    "1. 1: SA",
    "26. 1: SA 2: SA 3: SA 4: SA",
    "♠10",
    "大王",
    "黑桃A",
    "\u0000",
    "\ufeff",
    "é",
    "😀",
    "\r",
    "\t",
    "\u2028",
    "\x0c",
    "\n\n",
    '\n[Event "x"]\n',
    "{[%clk 0:01]}",
    # issue 20: sizes a backtracking pattern could not finish, text no file holds,
    # terminal escapes, numbers past any float
    "{" + "[%" * 2000 + "}",
    "{" + "[%" * 2000,
    "S" * 20_000 + " x ]",
    "{" * 2000,
    "\ud800",
    "\x1b]0;owned\x07",
    "\x9b2J",
    "\r\n",
    "{[%loss inf] [%eval nan] [%loss " + "9" * 400 + "]}",
)


def _mutate(text: str, rng: random.Random) -> str:
    """``text`` with one to three random changes."""
    for _ in range(rng.randint(1, 3)):
        if not text:
            text = rng.choice(HOSTILE)
            continue
        a = rng.randrange(len(text))
        b = min(len(text), a + rng.randint(1, 40))
        op = rng.randrange(8)
        if op == 0:  # delete a span
            text = text[:a] + text[b:]
        elif op == 1:  # repeat a span
            text = text[:b] + text[a:b] + text[b:]
        elif op == 2:  # swap a span with another
            c = rng.randrange(len(text))
            d = min(len(text), c + (b - a))
            if b <= c:
                text = text[:a] + text[c:d] + text[b:c] + text[a:b] + text[d:]
        elif op == 3:  # a line removed, repeated or moved
            lines = text.splitlines(keepends=True)
            i = rng.randrange(len(lines))
            line = lines.pop(i)
            if rng.random() < 0.6:
                lines.insert(rng.randrange(len(lines) + 1), line)
                if rng.random() < 0.5:
                    lines.insert(i, line)
            text = "".join(lines)
        elif op == 4:  # a word removed, repeated, or (a card) made another card
            words = text.split(" ")
            i = rng.randrange(len(words))
            choice = rng.random()
            if choice < 0.3:
                del words[i]
            elif choice < 0.6:
                words.insert(i, words[i])
            else:
                cards = [k for k, w in enumerate(words) if w.strip() in CARD_TOKENS]
                if cards:
                    words[rng.choice(cards)] = rng.choice(CARD_TOKENS)
            text = " ".join(words)
        else:  # something hostile put in, or put in place of a span
            token = rng.choice(HOSTILE)
            text = text[:a] + token + (text[b:] if op == 5 else text[a:])
    return text


def case_text(n: int) -> str:
    """The text of record case ``n``."""
    rng = random.Random(f"{SEED}-record-{n}")
    return _mutate(rng.choice(seed_texts()), rng)


def run_cases(
    kind: str, numbers: range, make: Callable[[int], str], check: Callable[[str], None]
) -> None:
    """``check`` on each case ``make(n)``; a fault names the case, to be made again."""
    for n in numbers:
        text = make(n)
        try:
            check(text)
        except Exception as e:
            shown = repr(text if len(text) < 300 else text[:300] + "…")
            raise AssertionError(f"{kind} case {n}: {type(e).__name__}: {e}\n{shown}") from e


# ---- records: the reader, the validator, fmt, convert -------------------------------------


def check_record(text: str) -> None:
    """Every program that reads a record, on ``text``; raises AssertionError on a fault."""
    record = parse(text, "fuzz.psn")
    for error in record.errors:
        assert isinstance(error, PSNError)
        assert error.line is not None and str(error).startswith("fuzz.psn:")
    report = validate_text(text, "fuzz.psn")
    for hand in report.hands:
        for finding in hand.findings:
            assert finding.code in CATALOGUE, finding.code
            assert SECRET not in finding.message and "root:" not in finding.message
    if not record.hands:
        return
    canonical = write(record)  # fmt
    data = canonical.encode("utf-8")  # a file holds what fmt writes
    assert parse(io.TextIOWrapper(io.BytesIO(data), encoding="utf-8").read()) == record
    again = parse(canonical)
    assert not again.errors, f"fmt wrote what it cannot read: {again.errors[0]}"
    assert write(again) == canonical, "fmt is not a fixed point"
    back = from_json(to_json(record))  # convert --to json, then --from json
    assert write(back) == canonical, "the JSON form lost something"


@pytest.mark.parametrize("batch", range(5))
def test_mutated_records_never_crash_the_reader_validator_fmt_or_convert(batch: int) -> None:
    per_batch = RECORD_CASES // 5
    run_cases("record", range(batch * per_batch, (batch + 1) * per_batch), case_text, check_record)


def test_the_deepest_variations_the_reader_accepts_pass_every_program() -> None:
    # A variation in a variation ... as deep as the reader allows, each program run with
    # at most 500 frames of stack to spare: a caller that is itself deep still works.
    inner = "2: SK (" * MAX_VARIATION_DEPTH + "2: SK" + ")" * MAX_VARIATION_DEPTH
    text = f'[Event "deep"]\n[Rules "qq"]\n[Trump "H 2"]\n\n1. 1: SA {inner} 3: S4 4: S5\n'
    record = parse(text)
    assert not record.errors
    deepest = record.hands[0].tricks[0].plays[1]
    while deepest.variations:
        deepest = deepest.variations[0].events[0].plays[0]  # type: ignore[union-attr]
    programs: dict[str, Callable[[], object]] = {
        "read": lambda: parse(text),
        "validate": lambda: validate_text(text),
        "fmt": lambda: write(record),
        "convert": lambda: from_json(to_json(record)),
        "viewer": lambda: load_document(text),
        "viewer edit": lambda: edit.holds(record.hands[0], deepest),
    }
    for name, program in programs.items():
        assert _with_frames_to_spare(500, program), name
    report = validate_text(text)
    assert report.hands[0].replay is not None and not report.hands[0].findings


def _with_frames_to_spare(frames: int, program: Callable[[], object]) -> bool:
    """True if ``program`` runs when no more than ``frames`` frames may be added."""
    here, frame = 0, sys._getframe()
    while frame is not None:
        here, frame = here + 1, frame.f_back  # type: ignore[assignment]
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(here + frames)
    try:
        program()
    except RecursionError:
        return False
    finally:
        sys.setrecursionlimit(old)
    return True


# ---- JSON documents: convert --from json ----------------------------------------------------


@cache
def seed_documents() -> tuple[Any, ...]:
    return tuple(json.loads(to_json(parse(t))) for t in seed_texts()[::3])


def _json_value(rng: random.Random) -> Any:
    """A JSON value that is often wrong where it is put."""
    return rng.choice(
        [
            None,
            True,
            0,
            -1,
            7,
            10**6,
            10**20,
            1.5,
            float("inf"),
            "",
            "S11",
            "\ud800",
            "a\rb",
            "\x1b[2J",
            float("nan"),
            10**4299,
            "??",
            "SA",
            "x" * 1000,
            "a}b",
            "/etc/passwd",
            [],
            {},
            ["SA", 5],
            [["SA"]],
            {"type": "trick"},
            {"type": "trick", "number": 1, "plays": []},
            {"seat": 1, "cards": ["SA"]},
            {"events": []},
        ]
    )


def _nodes(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every node below ``value`` (iteratively: documents nest deep)."""
    stack = [(value, path)]
    while stack:
        node, where = stack.pop()
        yield where
        if isinstance(node, dict):
            stack.extend((v, (*where, k)) for k, v in node.items())
        elif isinstance(node, list):
            stack.extend((v, (*where, i)) for i, v in enumerate(node))


def _nudge(doc: Any, rng: random.Random) -> None:
    """A change that keeps the document's shape: another card, a nearby number, an item
    of a list dropped or repeated (what exercises the rules rather than the reader)."""
    where = rng.choice([p for p in _nodes(doc) if p])
    parent = doc
    for key in where[:-1]:
        parent = parent[key]
    key = where[-1]
    value = parent[key]
    if isinstance(value, str) and value in CARD_TOKENS:
        parent[key] = rng.choice(CARD_TOKENS)
    elif isinstance(value, int) and not isinstance(value, bool):
        parent[key] = max(0, value + rng.randint(-3, 3))
    elif isinstance(value, list) and value:
        i = rng.randrange(len(value))
        if rng.random() < 0.5:
            del value[i]
        else:
            value.insert(i, copy.deepcopy(value[i]))


def _mutate_document(doc: Any, rng: random.Random) -> str:
    doc = copy.deepcopy(doc)
    if rng.random() < 0.5:
        for _ in range(rng.randint(1, 4)):
            _nudge(doc, rng)
        return json.dumps(doc)
    for _ in range(rng.randint(1, 3)):
        paths = [p for p in _nodes(doc) if p]
        where = rng.choice(paths)
        parent = doc
        for key in where[:-1]:
            parent = parent[key]
        key = where[-1]
        op = rng.randrange(5)
        if op == 0 and isinstance(parent, dict):
            del parent[key]
        elif op == 1 and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        elif op == 2 and isinstance(parent, dict):
            parent[rng.choice(["card", "extra", "Type", "seats"])] = _json_value(rng)
        else:
            parent[key] = _json_value(rng)
    text = json.dumps(doc)
    if rng.random() < 0.15:  # and the text itself
        text = _mutate(text, rng)
    if rng.random() < 0.05:
        text = text.replace("[", "[" * 5000, 1) if rng.random() < 0.5 else text + "9" * 5000
    return text


def json_case(n: int) -> str:
    """The text of JSON case ``n``."""
    rng = random.Random(f"{SEED}-json-{n}")
    return _mutate_document(rng.choice(seed_documents()), rng)


def check_document(text: str) -> None:
    """``convert --from json`` on ``text``: a JSONFormatError, or a record that reads back."""
    try:
        record = from_json(text)
    except JSONFormatError as e:
        assert str(e)  # the message names the place; never a traceback
        return
    canonical = write(record)
    data = canonical.encode("utf-8")  # a file holds what convert writes, read in text mode
    again = parse(io.TextIOWrapper(io.BytesIO(data), encoding="utf-8").read())
    assert not again.errors, f"converted to PSN that cannot be read: {again.errors[0]}"
    assert write(again) == canonical


def test_malformed_json_documents_never_crash_convert() -> None:
    run_cases("JSON", range(JSON_CASES), json_case, check_document)


# ---- judge lines ----------------------------------------------------------------------------


@cache
def seed_requests() -> tuple[Any, ...]:
    hands = [simulate_hand(name, seed=3) for name in ("qq", "match-a", "tractor")]
    return tuple(json.loads(line) for line in judge_lines(hands)[::4])


def judge_case(n: int) -> str:
    """JSON line ``n`` for ``judge``."""
    rng = random.Random(f"{SEED}-judge-{n}")
    request = rng.choice(seed_requests())
    if rng.random() < 0.1:
        request = {**request, "rules": _json_value(rng) if rng.random() < 0.5 else "/dev/zero"}
    return _mutate_document(request, rng)


def check_judge_line(line: str) -> None:
    """What ``shengji judge`` does with one line: an answer, or that line's error."""
    try:
        request = read_line(line)
        answer = judge_trick(request, load_ruleset("qq"))
    except ShengjiError as e:
        assert SECRET not in str(e)
        return
    json.dumps(answer, allow_nan=False)
    # Two decks: no third copy of a card in the hands given and the others' plays.
    hands = {int(k): v for k, v in request["hands"].items()} if request.get("hands") else {}
    leader = int(str(request["leader"]).strip())
    order = [(leader + i - 1) % 4 + 1 for i in range(4)]
    played = [p for seat, p in zip(order, request["plays"], strict=False) if seat not in hands]
    counts = Counter(c for cards in [*hands.values(), *played] for c in map(parse_card, cards))
    assert max(counts.values(), default=0) <= 2, counts


def test_malformed_judge_lines_never_crash_the_judge() -> None:
    run_cases("judge", range(JUDGE_CASES), judge_case, check_judge_line)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(
    max_examples=300, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)
@given(st.sampled_from(["rules", "trump", "leader", "hands", "plays", "last_trick"]), JSON_VALUES)
def test_any_json_value_in_any_judge_field_is_judged_or_refused(field: str, value: Any) -> None:
    request = {**seed_requests()[0], field: value}
    check_judge_line(json.dumps(request))


# ---- the command line -----------------------------------------------------------------------


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``shengji ARGV``'s exit status, standard output and standard error."""
    code = main(argv)
    out, err = capsys.readouterr()
    assert code in (0, 1, 2), f"shengji {' '.join(argv)} exited {code}: {err[-500:]}"
    assert "Traceback" not in err and "internal error" not in err, err[-500:]
    assert SECRET not in err
    escapes = [c for c in err if (c < " " and c not in "\n\t") or "\x7f" <= c <= "\x9f"]
    assert not escapes, f"shengji {' '.join(argv)} sent {escapes!r} to a terminal"
    return code, out, err


def test_the_cli_exits_0_1_or_2_on_mutated_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for n in range(CLI_CASES):
        record = tmp_path / f"case-{n}.psn"
        record.write_text(case_text(n), encoding="utf-8", errors="surrogatepass")
        document = tmp_path / f"case-{n}.json"
        document.write_text(json_case(n), encoding="utf-8", errors="surrogatepass")
        out = tmp_path / f"out-{n}"
        for argv in (
            ["validate", str(record), "-j", "1"],
            ["validate", str(record), "--json", "--strict"],
            ["fmt", "--check", str(record)],
            ["convert", str(record), "--to", "json", "-o", str(out)],
            ["convert", str(document), "--from", "json", "-o", str(out)],
            ["report", str(record)],
            ["show", str(record), "--step", str(n * 7)],
        ):
            _run(argv, capsys)
        _check_streamed(record, capsys)
        lines = "\n".join(judge_case(n * 10 + k) for k in range(10)) + "\n"
        monkeypatch.setattr("sys.stdin", io.StringIO(lines))
        _run(["judge"], capsys)


# ---- hostile sizes: every scan of a record's text is linear -----------------------------
# Issue 20: patterns that backtracked stopped the program. Each input below is one the old
# patterns could not finish in a pytest run: "[%" repeated in a comment took cubic time
# (2 kB: 6 s, 4 kB: about a minute, 100 kB: days) and the word before a reader's error was
# found in time quadratic in the word before it (100 kB: about two minutes); a "{" without
# its "}" was tried against the rest of the text (1 MB: hours). Python's ``re`` counts no
# steps, so the tests run those sizes and check the answers; the patterns' meaning is
# checked against the old patterns on small texts (the property tests below).

OLD_COMMAND = re.compile(r"\[%([^\s\]]+)\s*([^\]]*)\]")  # the backtracking pattern, for its meaning
OLD_BRACES = re.compile(r"\{[^}]*\}")


@pytest.mark.parametrize("tail", ["", "]", " x", "[%eval 40]"])
def test_a_comment_of_100_kb_of_command_openers_is_read_in_linear_time(tail: str) -> None:
    text = "[%" * 50_000 + tail
    comment = Comment(text)
    commands = [(c.name, c.args) for c in comment.commands]
    if tail == "]":  # the first opener's name runs to the "]"
        assert commands == [(text[2:-1], "")]
        assert comment.remark == ""
    elif tail == "[%eval 40]":  # a command after them: the first opener's, to its "]"
        assert commands == [("[%" * 49_999 + "[%eval", "40")]
    else:  # nothing closes: no command, the text is the remark
        assert commands == []
        assert comment.remark == " ".join(text.split())


def test_every_command_that_reads_comments_reads_4_kb_of_command_openers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = write(simulate_hand("qq", seed=5))
    first = text.index("\n1. ") + 1
    end = text.index("\n", first)  # a comment on the last play of the first trick
    hostile = text[:end] + " {" + "[%" * 2000 + "}" + text[end:]
    record = tmp_path / "openers.psn"
    record.write_text(hostile, encoding="utf-8")
    hand = parse(hostile).hands[0]
    assert hand.tricks[0].plays[-1].comments[0].commands == ()
    assert read_analysis(hand) is None  # what the viewer and analyze read
    assert load_document(hostile).readable  # the viewer's document
    for argv in (
        ["stats", str(record)],
        ["stats", str(record), "--format", "html", "-o", str(tmp_path / "s.html")],
        ["export", str(record), "-o", str(tmp_path / "h.html")],
        ["validate", str(record)],
    ):
        assert main(argv) == 0, argv
    capsys.readouterr()


def test_the_word_before_a_syntax_error_after_a_100_kb_word_is_found_in_linear_time() -> None:
    text = '[Event "x"]\n\n1. 1: SA ' + "S" * 100_000 + " x ]"
    (error,) = parse(text).errors
    assert "after 'x'" in error.message
    text = '[Event "x"]\n\n1. 1: SA ' + "S" * 100_000 + " ]"
    (error,) = parse(text).errors
    assert "after '…" + "S" * 20 + "'" in error.message  # a long word: its end


def test_comments_left_open_are_found_in_linear_time() -> None:
    text = "{" * 1_000_000
    assert list(comment_spans(text)) == []
    assert without_comments(text) == text
    assert [m.span() for m in comment_spans(text + "}")] == [(0, 1_000_001)]
    assert without_comments("2: SK " + text + "} 3: S3") == "2: SK  3: S3"


def test_a_header_of_braces_is_validated_without_trying_each_brace() -> None:
    # A hand's header of "{" without "}" (200,000 characters at most); the check for
    # comments that hide hands tried every "{" against the rest of the hand.
    value = "{" * (MAX_HAND_CHARS - 200)
    text = f'[Event "{value}"]\n[Rules "qq"]\n[Trump "H 2"]\n\n1. 1: SA 2: S3 3: S4 4: S5\n'
    (hand,) = validate_text(text).hands
    assert hand.replay is not None and not hand.findings


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.text(alphabet="[%]{} a\n", max_size=40))
def test_the_linear_scans_find_what_the_old_patterns_found(text: str) -> None:
    comment_text = text.replace("}", "")
    old = [(m[1], m[2].strip()) for m in OLD_COMMAND.finditer(comment_text)]
    assert [(c.name, c.args) for c in Comment(comment_text).commands] == old
    assert Comment(comment_text).remark == " ".join(OLD_COMMAND.sub(" ", comment_text).split())
    assert [m.span() for m in comment_spans(text)] == [m.span() for m in OLD_BRACES.finditer(text)]
    assert without_comments(text) == OLD_BRACES.sub("", text)


# ---- pages: a record's text is text in every HTML writer --------------------------------

HOSTILE_TEXT = '"><script>alert(1)</script><!--<script>&amp;\u2028'


class _Elements(HTMLParser):
    """The elements, attributes and text of a page, as a browser's parser reads them."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.attributes: set[str] = set()
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attributes.update(name for name, _ in attrs)

    def handle_comment(self, data: str) -> None:
        self.tags.append("<!--")

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _hostile_hand() -> str:
    """A hand whose players, event, annotator and comments all say ``HOSTILE_TEXT``."""
    hand = simulate_hand("qq", seed=1)
    said = HOSTILE_TEXT
    headers = tuple(
        dataclasses.replace(h, value=said + h.value) if h.tag.startswith(("Seat", "Event")) else h
        for h in hand.headers
    )
    first = hand.tricks[0]
    lead = dataclasses.replace(
        first.plays[0],
        nags=(2,),
        comments=(Comment(f"[%eval 40 {said}] {said} [%loss 10] [%best 1: SA]"),),
    )
    tricks = (dataclasses.replace(first, plays=(lead, *first.plays[1:])), *hand.tricks[1:])
    hand = dataclasses.replace(
        hand,
        headers=(*headers, Header("Annotator", said)),
        comments=(Comment(said),),
        tricks=tricks,
    )
    return write(hand)


@pytest.mark.parametrize(
    ("argv", "scripts"),
    [
        (["stats", "{psn}", "--format", "html"], 2),  # plotly.js and the figures
        (["report", "{psn}", "--format", "html"], 0),
        (["export", "{psn}", "--format", "html"], 0),
        (["export", "{psn}", "--format", "html", "--lang", "zh"], 0),
    ],
)
def test_every_html_writer_keeps_a_records_text_as_text(
    argv: list[str], scripts: int, tmp_path: Path
) -> None:
    psn = tmp_path / "hostile.psn"
    psn.write_text(_hostile_hand(), encoding="utf-8")
    out = tmp_path / "page.html"
    assert main([a.format(psn=psn) for a in argv] + ["-o", str(out)]) == 0
    page = _Elements()
    page.feed(out.read_text(encoding="utf-8"))
    assert page.tags.count("script") == scripts and "<!--" not in page.tags
    assert page.attributes <= SAFE_ATTRIBUTES, page.attributes - SAFE_ATTRIBUTES
    text = "".join(page.text)
    if scripts:  # what is not in a script: the page's tables
        text = text.split("const figures")[0]
    assert HOSTILE_TEXT in text


SAFE_ATTRIBUTES = {
    *("charset", "class", "href", "id", "lang", "role", "value", "xmlns", "viewbox"),
    *("cx", "cy", "r", "x", "y", "x1", "x2", "y1", "y2", "width", "height", "points"),
    *("fill", "fill-opacity", "stroke", "stroke-width", "font-family", "font-size"),
    *("text-anchor", "transform", "patterntransform", "patternunits"),
    *("name", "content"),  # the handout's <meta name="viewport" content="width=device-width">
}


def _check_streamed(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """fmt and convert, which read and write a hand at a time, say and write what the
    record read whole gives: the same verdict, the same text, the same JSON."""
    try:
        text = path.read_bytes().decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:  # a case with a lone surrogate: not UTF-8, refused whole
        assert _run(["fmt", "--check", str(path)], capsys)[0] == 2
        return
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # as every file is read
    record = parse(text, "x")
    code = _run(["fmt", "--check", str(path)], capsys)[0]
    if record.errors:
        assert code == 2
        return
    canonical = write(record)
    assert code == (0 if canonical == text else 1)
    assert _run(["fmt", str(path)], capsys)[1] == canonical
    assert _run(["convert", str(path), "--to", "json"], capsys)[1] == to_json(record)


# ---- files, streams and paths: what the file system and standard input can hand us -----------

# What a path named on the command line (or found in a folder) may be. A FIFO is among
# them in tests/test_cli.py, where a command that waited on it would be stopped.
HOSTILE_PATHS: dict[str, Callable[[Path], Path]] = {}


def _hostile(name: str) -> Callable[[Callable[[Path], Path]], Callable[[Path], Path]]:
    def register(make: Callable[[Path], Path]) -> Callable[[Path], Path]:
        HOSTILE_PATHS[name] = make
        return make

    return register


@_hostile("folder")
def _folder(tmp: Path) -> Path:
    (tmp / "folder.psn").mkdir()
    return tmp / "folder.psn"


@_hostile("missing")
def _missing(tmp: Path) -> Path:
    return tmp / "missing.psn"


@_hostile("link loop")
def _loop(tmp: Path) -> Path:
    (tmp / "loop.psn").symlink_to(tmp / "loop.psn")
    return tmp / "loop.psn"


@_hostile("device")
def _device(tmp: Path) -> Path:
    (tmp / "zero.psn").symlink_to("/dev/zero")
    return tmp / "zero.psn"


@_hostile("sparse, past the limit")
def _sparse(tmp: Path) -> Path:
    with (tmp / "huge.psn").open("wb") as f:
        f.truncate(MAX_INPUT_BYTES + 1)
    return tmp / "huge.psn"


@_hostile("latin-1 text")
def _latin(tmp: Path) -> Path:
    (tmp / "latin.psn").write_bytes(seed_texts()[0].encode() + "{café}\n".encode("latin-1"))
    return tmp / "latin.psn"


@_hostile("latin-1 name")
def _latin_name(tmp: Path) -> Path:
    path = tmp / os.fsdecode(b"caf\xe9\x1b[2J.psn")
    path.write_text(seed_texts()[0], encoding="utf-8")
    return path


@_hostile("BOM and CRLF")
def _crlf(tmp: Path) -> Path:
    (tmp / "crlf.psn").write_text("\ufeff" + seed_texts()[1].replace("\n", "\r\n"), "utf-8")
    return tmp / "crlf.psn"


@_hostile("a line of a megabyte")
def _long(tmp: Path) -> Path:
    (tmp / "long.psn").write_text('[Event "x"]\n\n1. 1: ' + "SA " * 400_000 + "\n", "utf-8")
    return tmp / "long.psn"


@_hostile("empty")
def _empty(tmp: Path) -> Path:
    (tmp / "empty.psn").write_bytes(b"")
    return tmp / "empty.psn"


# What a command says of a path it cannot read (a folder: of one without records).
UNREADABLE = (
    "cannot read",
    "no such file",
    "is a folder",
    "no *.psn files",
    "not a regular",
    "make a loop",
    "larger than",
)
READERS = [
    ["validate", "-j", "1"], ["validate", "--json", "-j", "1"], ["stats", "-j", "1"],
    ["report"], ["show"], ["export", "-o", "{out}.html"], ["fmt"], ["fmt", "--check"],
    ["convert", "--to", "json"], ["convert", "--from", "json"], ["view", "--dry-run"],
    ["analyze", "--tricks", "25", "--budget", "0.01", "-j", "1", "--json"], ["rules"],
]  # fmt: skip


@pytest.mark.parametrize("kind", HOSTILE_PATHS)
def test_any_path_is_read_or_said_to_be_unreadable_by_every_command(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = HOSTILE_PATHS[kind](tmp_path)
    for command in READERS:
        argv = [word.format(out=tmp_path / "out") for word in command]
        code, out, err = _run([*argv, str(path)], capsys)
        said = out + err
        if kind == "folder" and code == 0:
            assert command[0] == "fmt"  # a folder of no records: nothing to do
        elif kind in ("folder", "missing", "link loop", "device", "sparse, past the limit"):
            assert code == 2, (argv, said)
            assert any(w in said for w in UNREADABLE), (argv, said)
        for line in said.splitlines():
            assert line.isprintable(), line  # a name's bytes and controls escaped


# Where an output may be asked to go: a folder, a folder not there (simulate and analyze
# make it), under a file, a device that is always full, a file of the kernel's.
TARGETS = ["{tmp}", "{tmp}/no/such/out.psn", "{file}/out.psn", "/dev/full", "/proc/version"]


@pytest.mark.parametrize("target", TARGETS)
def test_any_output_path_is_written_or_said_to_be_unwritable_by_every_command(
    target: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if target.startswith("/") and not Path(target).exists():
        target = "{file}/out.psn"  # not Linux
    record = tmp_path / "hand.psn"
    record.write_text(seed_texts()[0], encoding="utf-8")
    out = target.format(tmp=tmp_path / "outs", file=record)
    (tmp_path / "outs").mkdir()
    for argv in (
        ["report", str(record), "-o", out], ["export", str(record), "-o", out],
        ["stats", str(record), "-o", out], ["convert", str(record), "--to", "json", "-o", out],
        ["simulate", "--seed", "1", "--out", out],
        ["analyze", str(record), "--tricks", "25", "--budget", "0.01", "-j", "1", "--out", out],
    ):  # fmt: skip
        code, _, err = _run(argv, capsys)
        if argv[0] in ("simulate", "analyze") and target.startswith("{tmp}"):
            assert code == 0, (argv, err)  # the folders they write in are made
        else:
            assert code == 2 and "cannot write" in err, (argv, err)


# Pieces of lines a client may send: JSON, bytes that are not UTF-8, line ends of
# every kind, a line longer than any request.
STDIN_PIECES = st.lists(
    st.sampled_from([b"{", b"}", b'"', b"[]", b'{"trump": 1}', b"\n", b"\r\n", b"\r", b" ",
                     b"\xff", b"\xe9", b"\xe7\x89", "牌".encode(), b"\x00", b"x" * 700_000]),
    max_size=30,
).map(b"".join)  # fmt: skip


def _stdin(data: bytes) -> io.TextIOWrapper:
    """Standard input holding ``data``, its bytes beneath it as a terminal's or a pipe's."""
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="strict")


@settings(
    max_examples=150, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)
@given(data=STDIN_PIECES)
def test_any_bytes_on_standard_input_get_one_answer_a_line(
    data: bytes, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every line that is not blank gets exactly one answer, in order; nothing stops the
    # lines after a bad one (before: a byte that is not UTF-8 ended judge with exit 3).
    lines = [line for line in data.split(b"\n") if line.strip(b" \r\t")]
    for command in ("judge", "solve"):
        monkeypatch.setattr("sys.stdin", _stdin(data))
        code, out, _ = _run([command], capsys)
        assert len(out.splitlines()) == len(lines), (command, data[:200])
        assert code == (2 if lines else 0)


@settings(
    max_examples=150, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)
@given(n=st.integers(0, 100), tail=STDIN_PIECES)
def test_any_bytes_piped_to_fmt_or_convert_are_a_record_or_said_not_to_be(
    n: int, tail: bytes, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = seed_texts()[n % len(seed_texts())].encode() + tail
    try:
        data.decode("utf-8")
        offset = None
    except UnicodeDecodeError as e:
        offset = e.start
    for command in (["fmt", "-"], ["convert", "-", "--to", "json"]):
        monkeypatch.setattr("sys.stdin", _stdin(data))
        code, out, err = _run(command, capsys)
        if offset is not None:  # the same words as for a file named
            assert code == 2 and out == "" and "-: is not UTF-8 text (byte" in err
            assert f"at offset {offset})" in err
        out.encode("utf-8")  # what is written is UTF-8
