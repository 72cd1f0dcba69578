"""The plain reader (notation/psn/plain.py) reads a plain hand without lark, and reads it
exactly as lark does: the same tokens at the same places, the same hand with the same
positions; any other hand it leaves to lark, which reads it as before (the same hand or
the same errors in the same words)."""

from __future__ import annotations

import dataclasses
import marshal
import os
import re
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Token

from notation.psn import Deal, Deck, PSNError, plain, split_hands, write
from notation.psn import parser as reader
from notation.psn.builder import Builder, ReadAgain
from notation.psn.grammar import fast_parser, plain_states
from notation.psn.model import Hand
from notation.psn.plain import PLAIN_TOKENS, ascii_regexp, plain_tokens, possessive, table_file
from notation.resources import presets_dir
from notation.simulate import simulate_hand
from tests.test_fuzz import case_text
from tests.test_psn_fast import FILES, as_logged, error_places, positions

PRESETS = sorted(p.stem for p in presets_dir().glob("*.yaml"))


def _built(chunk: str, first_line: int, read: str) -> Hand | type[Exception]:
    builder = Builder(chunk, first_line, "f.psn", exact=False)
    try:
        if read == "plain":
            tokens = plain_tokens(chunk)
            assert tokens is not None
            return builder.plain_hand(tokens)
        return builder.hand(fast_parser().parse(chunk))
    except (ReadAgain, ValueError) as e:
        return type(e)


def assert_plain_is_lark(text: str) -> int:
    """Every hand of ``text``: the plain reader declines it, or finds lark's tokens and
    builds lark's hand; and the reader gives what it gives with lark alone. How many hands
    were plain."""
    plain_hands = 0
    for _, first_line, chunk in split_hands(text):
        tokens = plain_tokens(chunk)
        if tokens is not None:
            plain_hands += 1
            tree = fast_parser().parse(chunk)  # a plain hand is one lark reads
            theirs = tree.scan_values(lambda v: isinstance(v, Token))
            assert [(t.type, t.value, t.start_pos, t.line, t.column) for t in tokens] == [
                (t.type, str(t), t.start_pos, t.line, t.column) for t in theirs
            ]
            mine, lark_s = _built(chunk, first_line, "plain"), _built(chunk, first_line, "lark")
            assert mine == lark_s
            assert positions(mine) == positions(lark_s)
        hand, errors = reader._read_hand(chunk, first_line, "f.psn")
        with mock.patch.object(reader, "plain_tokens", lambda _: None):
            lark_hand, lark_errors = reader._read_hand(chunk, first_line, "f.psn")
        assert hand == lark_hand
        assert positions(hand) == positions(lark_hand)
        assert error_places(errors) == error_places(lark_errors)
    return plain_hands


def _as_dealt(hand: Hand) -> Hand:
    """``hand`` with its deck dealt: the four hands and the kitty."""
    deck = hand.deal
    assert isinstance(deck, Deck)
    seats = tuple(deck.cards[(s - deck.first) % 4 : 100 : 4] for s in (1, 2, 3, 4))
    return dataclasses.replace(hand, deal=Deal(seats, deck.cards[100:]))  # type: ignore[arg-type]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_file_reads_as_lark_reads_it(path: Path) -> None:
    assert_plain_is_lark(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("preset", PRESETS)
def test_a_simulated_hand_of_every_preset_is_read_plain_as_lark_reads_it(preset: str) -> None:
    for seed in range(3):
        hand = simulate_hand(preset, seed=seed, dealer=1 + seed % 4)
        for written in (hand, as_logged(hand), _as_dealt(hand)):
            assert assert_plain_is_lark(write(written)) == 1  # not left to lark


def test_a_plain_hand_is_read_in_its_fast_forms() -> None:
    text = write(_as_dealt(simulate_hand("qq", seed=2)))
    text = text.replace("\n\n", "\n{a remark}\n\n", 1).replace("\ndeal", "\n{before}\ndeal", 1)
    (_, _, chunk), *_ = split_hands(text)
    tokens = plain_tokens(chunk)
    assert tokens is not None
    kinds = [t.type for t in tokens]
    assert kinds[:3] == ["HEADERS", "COMMENT", "COMMENT"]
    assert kinds[3:9] == ["DEAL", *["SEAT_CARDS"] * 4, "KITTY"]
    assert kinds[-3:] == ["AUCTION", "TRICKS", "RESULT_LINE"]
    assert set(kinds) <= set(PLAIN_TOKENS)
    assert assert_plain_is_lark(text) == 1


def test_the_remarks_before_and_after_the_deal_are_the_hand_s_and_the_deal_s() -> None:
    text = (
        '[Event "x"]\n{the hand}\ndeal 1: SA 2: S3 3: S4 4: S5 kitty: S6 S7 {the deal}\n'
        "{dealt}\ndeclare 1: S2\n1. 1: SA 2: S3 3: S4 4: S5\nresult points 5\n"
    )
    (_, _, chunk), *_ = split_hands(text)
    tokens = plain_tokens(chunk)
    assert tokens is not None
    assert [t.type for t in tokens] == [
        "HEADERS",
        "COMMENT",
        "DEAL",
        *["SEAT_CARDS"] * 4,
        "KITTY",
        "COLON",
        "CARDS",
        "COMMENT",
        "COMMENT",
        "AUCTION",
        "TRICKS",
        "RESULT_LINE",
    ]
    hand = Builder(chunk, 1, None, exact=False).plain_hand(tokens)
    assert [c.text for c in hand.comments] == ["the hand"]
    assert isinstance(hand.deal, Deal) and [c.text for c in hand.deal.comments] == [
        "the deal",
        "dealt",
    ]
    assert assert_plain_is_lark(text) == 1


@pytest.mark.parametrize(
    "text",
    [
        "1. 1: SA! 2: S3\n",  # a mark
        "declare 1: S2 {early}\n1. 1: SA\n",  # a comment after a bid
        "1. 1: SA 2: S3 (1. 2: S4)\n",  # a variation
        "result points 5 {agreed}\n",  # a result with a comment
        '[Event "x"]\n1. 1: SA 2: S3\n2. 1: S4 junk:\n',  # an error
    ],
)
def test_a_hand_that_is_not_plain_is_left_to_lark(text: str) -> None:
    (_, _, chunk), *_ = split_hands(text)
    assert plain_tokens(chunk) is None
    assert assert_plain_is_lark(text) == 0


@pytest.mark.parametrize(
    "text",
    [
        "1. 5: SA 2: S3\n",  # seat 5
        "1. 1: SA 2: XX\n",  # an unknown card
        "1. 1: SA\n3. 1: S3\n",  # a trick out of sequence
        "deal 1: SA 1: S3\n",  # a seat dealt twice
        "result next 9\n",  # no such seat
    ],
)
def test_an_error_in_a_plain_hand_is_reported_as_lark_reports_it(text: str) -> None:
    (_, _, chunk), *_ = split_hands(text)
    assert plain_tokens(chunk) is not None  # plain in form, wrong in content
    assert assert_plain_is_lark(text) == 1
    record_errors: list[PSNError] = reader._read_hand(chunk, 1, "f.psn")[1]
    assert record_errors


def test_the_fuzz_tests_mutants_read_as_lark_reads_them() -> None:
    plain_hands = sum(assert_plain_is_lark(case_text(n)) for n in range(300))
    assert plain_hands > 20  # the mutants of plain hands are still read plain


@settings(max_examples=150, deadline=None)
@given(
    st.integers(0, 40),
    st.sampled_from(PRESETS),
    st.lists(
        st.tuples(
            st.integers(0, 10**6),
            st.sampled_from(
                [
                    "  ",
                    "\n",
                    "\t",
                    "\n\n",
                    " {x} ",
                    "",
                    "A",
                    "?",
                    "5",
                    ":",
                    "(",
                    ")",
                    "kitty",
                    " from ",
                    " won by 9",
                    "won",
                    "deal",
                    "[",
                    '"',
                    "result",
                    "1.",
                    "无主",
                ]
            ),
            st.integers(0, 3),  # characters taken out
        ),
        max_size=4,
    ),
    st.booleans(),
    st.booleans(),
)
def test_an_edited_simulated_hand_reads_as_lark_reads_it(
    seed: int, preset: str, edits: list[tuple[int, str, int]], dealt: bool, logged: bool
) -> None:
    # Simulated hands, then text put in and taken out at random places: whatever the
    # plain reader reads, it reads as lark does.
    hand = simulate_hand(preset, seed=seed, dealer=1 + seed % 4)
    hand = as_logged(hand) if logged else hand
    text = write(_as_dealt(hand) if dealt else hand)
    for where, what, cut in edits:
        at = where % (len(text) + 1)
        text = text[:at] + what + text[at + cut :]
    assert_plain_is_lark(text)


# ---- the terminals' possessive repeats -------------------------------------------------


def _terminal_pairs() -> list[tuple[re.Pattern[str], re.Pattern[str], bool]]:
    """Every terminal of the table as lark writes it and with its repeats possessive
    (for any text; then as both read an ASCII text: ascii_only)."""
    flags, _, _, states = plain_states(PLAIN_TOKENS)
    regexps = sorted({regexp for terminals, _, _ in states for _, regexp in terminals})
    pairs = []
    for regexp in regexps:
        for written, ascii_only in ((regexp, False), (ascii_regexp(regexp), True)):
            if possessive(written) != written:
                pairs.append(
                    (re.compile(written, flags), re.compile(possessive(written), flags), ascii_only)
                )
    return pairs


_PAIRS = _terminal_pairs()


def assert_possessive_matches_the_same(text: str, starts: list[int]) -> None:
    for written, made, ascii_only in _PAIRS:
        if ascii_only and not text.isascii():
            continue
        for at in starts:
            theirs, mine = written.match(text, at), made.match(text, at)
            assert (theirs and theirs.span()) == (mine and mine.span()), (written.pattern, at)


def test_possessive_repeats_are_made_in_the_fast_forms() -> None:
    made = {made.pattern for _, made, _ in _PAIRS}
    assert len(_PAIRS) > 10
    assert any("*+" in p and "++" in p for p in made)


def test_the_terminals_with_possessive_repeats_match_the_mutants_as_before() -> None:
    for n in range(60):
        text = case_text(n)
        starts = [0] + [m.end() for m in re.finditer(r"[\s:/(]+", text)]
        assert_possessive_matches_the_same(text, starts)


_PIECES = [
    " ", "  ", "\n", "\t", "S10", "SA", "D10", "DA", "CK", "BJ", "??", "?", "won", "wonder",
    "by", "by2", "to", "nt", "H", "无主", "♠A", "大王", "1:", "4 :", "44:", "12.", "3.", "7",
    "/", ":", "(", ")", "{x}", "[Hand \"1\"]", '"', "\\", "declare", "reinforce", "counter",
    "fallback", "kitty", "flip", "bury", "from", "deal", "deck", "result", "points", "level",
    "dealer", "next", "@", "@5", "x2", "×3", "+2", "-1", "$1", "!",
]  # fmt: skip


@settings(max_examples=120, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=40))
def test_the_terminals_with_possessive_repeats_match_as_before(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert_possessive_matches_the_same(text, list(range(len(text) + 1)))


# ---- the table, kept in the cache folder ---------------------------------------------------


def _run(code: str, cache: str) -> str:
    env = {**os.environ, "XDG_CACHE_HOME": cache}
    env.pop("SHENGJI_NO_CACHE", None)
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


_READ = (
    "import sys\n"
    "from notation.psn import parse\n"
    "record = parse(open({path!r}, encoding='utf-8').read())\n"
    "print(len(record.hands), len(record.errors), 'lark' in sys.modules)\n"
)


def test_a_plain_file_is_read_without_importing_lark(tmp_path: Path) -> None:
    path = tmp_path / "plain.psn"
    path.write_text(
        "".join(write(simulate_hand(p, seed=1)) + "\n" for p in ("qq", "match-a")),
        encoding="utf-8",
    )
    code = _READ.format(path=str(path))
    cache = str(tmp_path / "cache")
    assert _run(code, cache) == "2 0 True"  # a cold cache: lark makes the table
    assert any(Path(cache, "shengji").glob("plain-psn-*.marshal"))
    assert _run(code, cache) == "2 0 False"  # then it is read without lark
    assert _run(code, "/proc/nope") == "2 0 True"  # no cache folder: lark, every time


@pytest.fixture
def cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of the test's own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("SHENGJI_NO_CACHE", raising=False)
    return tmp_path


@pytest.mark.parametrize(
    "damaged",
    [
        b"\x00not marshal",
        marshal.dumps((0, frozenset(), frozenset(), ((((1, 2),), {}, True),))),
        marshal.dumps((0, frozenset(), frozenset(), (((), {"TRICKS": 7}, True),))),
        marshal.dumps((0, frozenset(), frozenset(), (((("TRICKS", "["),), {}, True),))),
    ],
    ids=["not-marshal", "a-number-for-a-terminal", "no-such-state", "no-pattern"],
)
def test_a_damaged_table_file_is_made_again(
    cache_folder: Path, monkeypatch: pytest.MonkeyPatch, damaged: bytes
) -> None:
    kept = table_file()
    assert kept is not None
    kept.write_bytes(damaged)
    monkeypatch.setattr(plain, "_loaded", None)
    monkeypatch.setattr(plain, "_scanners", {})
    text = write(simulate_hand("qq", seed=4))
    assert assert_plain_is_lark(text) == 1
    assert kept.read_bytes() != damaged  # made again, and kept


def test_another_grammar_or_lark_keeps_its_own_table(
    cache_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = table_file()
    with monkeypatch.context() as patched:
        patched.setattr(plain, "_lark_version_text", lambda: b'__version__ = "0.0.1"')
        assert table_file() != kept
    assert table_file() == kept
    grammar = cache_folder / "psn.lark"
    grammar.write_text('start: A\nA: "a"\n', encoding="utf-8")
    monkeypatch.setattr(plain, "grammar_path", lambda _: grammar)
    assert table_file() != kept
