"""The reader's fast forms (the end of psn.lark: a header block, bids and buries without
annotations, tricks without annotations and a plain result line, each read as ONE token)
give exactly what the ordinary tokens give: the same hands, the same positions, the same
errors at the same places, in the same words."""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput
from lark.lexer import ContextualLexer, Scanner

from notation.psn import (
    Deal,
    Deck,
    Hand,
    KittyExchange,
    PlayNode,
    PSNError,
    Trick,
    parse,
    parse_hand,
    split_hands,
    write,
)
from notation.psn import parser as reader
from notation.psn.builder import (
    Builder,
    plain_bid,
    plain_bury,
    plain_header,
    plain_play,
    plain_trick,
)
from notation.psn.grammar import blank_fast_form, exact_parser, fast_parser
from notation.psn.model import BidKind, BidNode, Header, Strain
from notation.psn.plain import ascii_regexp
from notation.resources import examples_dir, grammar_path
from notation.rules.cards import parse_cards
from notation.simulate import simulate_hand
from tests.test_fuzz import case_text

DATA = Path(__file__).parent / "data"
FILES = sorted([*DATA.glob("*.psn"), *examples_dir().rglob("*.psn")])


def positions(node: object) -> list[tuple[str, int, int]]:
    """Each node's type, line and column, depth first (they take no part in equality)."""
    out: list[tuple[str, int, int]] = []
    if isinstance(node, tuple | list):
        for item in node:
            out.extend(positions(item))
    elif dataclasses.is_dataclass(node) and hasattr(node, "line"):
        out.append((type(node).__name__, node.line, node.column))
        for f in dataclasses.fields(node):
            out.extend(positions(getattr(node, f.name)))
    return out


def error_places(errors: list[PSNError]) -> list[tuple[str, int | None, int | None, str]]:
    return [(type(e).__name__, e.line, e.column, str(e)) for e in errors]


def assert_fast_is_exact(text: str) -> None:
    """Every hand of ``text`` read with the fast forms equals the token-by-token reading."""
    for _, first_line, chunk in split_hands(text):
        fast, fast_errors = reader._read_hand(chunk, first_line, "f.psn")
        exact, exact_errors = reader._read_exactly(chunk, first_line, "f.psn")
        assert fast == exact
        assert positions(fast) == positions(exact)
        assert error_places(fast_errors) == error_places(exact_errors)


def leaves(text: str) -> list[Token]:
    """The tokens of the one hand in ``text``, as the fast parser reads them."""
    tree = fast_parser().parse(text)
    return list(tree.scan_values(lambda v: isinstance(v, Token)))


def as_logged(hand: Hand) -> Hand:
    """A simulated ``hand`` as another program logs it: the first bury gives the hand
    held after the pick-up (the dealt cards and the kitty), and each trick its winner
    (the next trick's leader; the last trick's own leader, as far as the notation goes)."""
    deck = hand.deal
    assert isinstance(deck, Deck)
    auction = list(hand.auction)
    at = next(i for i, e in enumerate(auction) if isinstance(e, KittyExchange))
    bury = auction[at]
    assert isinstance(bury, KittyExchange)
    dealt = deck.cards[(bury.seat - deck.first) % 4 : 100 : 4]
    auction[at] = dataclasses.replace(bury, held=dealt + deck.cards[100:])
    winners = [t.leader for t in hand.tricks[1:]] + [hand.tricks[-1].leader]
    tricks = tuple(
        dataclasses.replace(t, winner=w) for t, w in zip(hand.tricks, winners, strict=True)
    )
    return dataclasses.replace(hand, auction=tuple(auction), tricks=tricks)


def simulated(seed: int, logged: bool = False) -> str:
    hand = simulate_hand("qq", seed=seed, dealer=1 + seed % 4)
    return write(as_logged(hand) if logged else hand)


# ---- the same hands --------------------------------------------------------------------


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_file_reads_the_same_with_the_fast_forms(path: Path) -> None:
    assert_fast_is_exact(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("logged", [False, True], ids=["simulated", "logged"])
@pytest.mark.parametrize("seed", range(12))
def test_a_simulated_hand_reads_the_same_with_the_fast_forms(seed: int, logged: bool) -> None:
    assert_fast_is_exact(simulated(seed, logged))


@pytest.mark.parametrize("logged", [False, True], ids=["simulated", "logged"])
def test_a_plain_hand_is_a_handful_of_tokens(logged: bool) -> None:
    text = simulated(3, logged)
    assert " / " in text  # failed throws are plain too
    assert (" from " in text and " won by " in text) is logged  # so are the logs' forms
    tokens = leaves(text)
    kinds = [t.type for t in tokens]
    assert kinds == ["HEADERS", "DECK", "SEAT_CARDS", "AUCTION", "TRICKS", "RESULT_LINE"]


def test_a_logged_hand_reads_back_with_its_winners_and_the_hand_held() -> None:
    hand = as_logged(simulate_hand("qq", seed=5, dealer=2))
    text = write(hand)
    # With the fast forms all the way: no token by token reading again.
    tree = fast_parser().parse(text)
    back = Builder(text, 1, None, exact=False).hand(tree)
    assert back == hand == parse_hand(text)
    assert len(back.kitty_exchanges[0].held or ()) == 33
    assert all(t.winner is not None for t in back.tricks)


def test_a_plain_trick_and_an_annotated_one_give_the_same_plays() -> None:
    plain = "1. 1: SA SA 2: S3 S8 3: S5 S5 4: S9 S10\n2. 1: HK 2: H2 3: H3 4: H4\n"
    annotated = "1. 1: SA SA 2: S3 S8 3: S5 S5 4: S9 S10 $1\n2. 1: HK 2: H2 3: H3 4: H4 {x}\n"
    assert [t.type for t in leaves(plain)] == ["TRICKS"]
    assert "TRICKS" not in [t.type for t in leaves(annotated)]
    fast = parse_hand(plain).tricks
    slow = parse_hand(annotated).tricks
    assert slow[0].plays[3].nags == (1,) and slow[1].plays[3].comments[0].text == "x"
    bare = tuple(
        dataclasses.replace(
            trick,
            plays=tuple(dataclasses.replace(p, nags=(), comments=()) for p in trick.plays),
        )
        for trick in slow
    )
    assert fast == bare
    assert positions(fast) == positions(bare)
    assert positions(fast)[:2] == [("Trick", 1, 1), ("PlayNode", 1, 4)]


def test_fast_forms_stop_where_an_annotation_starts() -> None:
    text = "1. 1: SA 2: S3 3: S4 4: S5\n2. 1: SK 2: S6! 3: S7 4: S8\n3. 1: SQ 2: S9 3: S10 4: SJ\n"
    assert [t.type for t in leaves(text)] == [
        "TRICKS",  # trick 1
        "TRICK",
        "SEAT_CARDS",
        "SEAT_CARDS",
        "GLYPH",
        "SEAT_CARDS",
        "SEAT_CARDS",
        "TRICKS",  # trick 3
    ]
    tricks = parse_hand(text).tricks
    assert [t.number for t in tricks] == [1, 2, 3]
    assert tricks[1].plays[1].nags == (1,)
    assert (tricks[2].plays[2].line, tricks[2].plays[2].column) == (3, 16)
    assert_fast_is_exact(text)


@pytest.mark.parametrize(
    "text",
    [
        # tricks over several lines, odd spacing, aliases, unknown cards
        "1.   1: SA\tSA\n  2 : s3 ♠8\n3: 黑桃5 S5 4: ?? ??\n2.1: HK 2: H2 3: h3 4: 大王\n",
        # plain tricks inside variations, nested, and after loose plays
        "1. 1: SA 2: S3 (1. 2: S4 3: S5 4: S6 2. 3: S7) 3: S6 4: S8\n2. 1: SK\n",
        "1. 1: SA 2: S3 (2: S4 3: S5 4: S6 2. 3: S7 4: S8 (2. 4: S9)) 3: S6\n",
        "declare 2: H5 (declare 4: C5 1. 1: SA 2: S3)\n1. 1: SA\n",
        # bids, fallbacks and buries in every form
        "declare 2: h5 @12\nreinforce 2 : H5 H5 @ 30 counter 3: BJ BJ to NT@51\n"
        "Counter 4: ♠5 ♠5 to 无主\nbury 3:\n  S3 ??\nCOUNTER 1: lj lj To s\nbury 1:\n1. 1: SA\n",
        "fallback kitty C7\nfallback FLIP BJ to nt\nbury 1: ?? ?? ??\nresult\n",
        "bury 2: ?? (bury 2: S3 S4 counter 3: D5 D5 bury 3:) declare 1: H2\n",
        # a bury with the hand held after the pick-up, tricks with their winners
        "declare 1: H2\nbury 1: S3 S4 From\n  s3 ♠4 SA ?? bury 2:from ?? counter 3: D5 D5\n"
        "bury 3: FROM D5\n1. 1: SA 2: S3 won by 1\n2. 1: SK\n",
        "1. 1: SA 2: S3 3: S4 4: S5 WON BY 1\n2.1: SK 2: S6 won by2 3.1: SQ / SQ by 2won by 1\n",
        "1. 1: SA 2: S3 (1. 2: S4 won by 2 2. 2: S7 won\tby\n3) 3: S6 won by 1\n",
        "1. 1: SA 2: S3 (2: S4 3: S5 won by 3) 3: S6\n",
        "bury 1: S3 from S3 (bury 1: from ?? counter 2: D5 D5 bury 2: from S3) 1. 1: SA\n",
        "bury 1: from\nS3 S4\n1. 1: SA won by 1 result\n",
        # a header block with escapes, two headers on one line, a result line
        '[Event "a \\"b\\" c\\\\d"] [Site "x"]\n  [Hand "3"]\n\nresult points 85 kitty 10 X2 '
        "level Defenders -1 next 2\n",
        "result\n",
        "RESULT points 5\n\n",
        "result level dealer +2 {agreed}\n",
    ],
)
def test_lenient_text_reads_the_same_with_the_fast_forms(text: str) -> None:
    record = parse(text)
    assert record.errors == (), record.errors
    assert_fast_is_exact(text)
    assert parse(write(record)) == record


# ---- the same errors -------------------------------------------------------------------

ERRORS_IN_FAST_FORMS = [
    ("1. 1: SA 2: S3 3: S4 4: S5\n2. 1: SA 2: XX 3: S4 4: S5\n", 2, 13, "unknown card 'XX'"),
    ("declare 1: H2 @3\nbury 1: S3 XX\n1. 1: SA\n", 2, 12, "unknown card 'XX'"),
    ("declare 1: H2\nreinforce 5: H2 H2\n", 2, 11, "no seat 5: seats are 1, 2, 3 and 4"),
    ("fallback flip BJ\nbury 0:\n", 2, 6, "no seat 0: seats are 1, 2, 3 and 4"),
    ("declare 1: H2\nbury 1: S3 from S3 XX\n1. 1: SA\n", 2, 20, "unknown card 'XX'"),
    ("bury 1: from SA 1: S3\n", 1, 17, "unexpected '1: S3': expected"),
    ("1. 1: SA 2: S3 won by 5\n2. 1: SA\n", 1, 23, "no seat 5: seats are 1, 2, 3 and 4"),
    ("1. 1: SA won by 1\n2. 1: SA won by 0\n", 2, 17, "no seat 0: seats are 1, 2, 3 and 4"),
    ("1. 1: SA won by 1234567\n", 1, 17, "a number of 7 digits"),
    ("1. 1: SA won by 1 2: S3\n", 1, 19, "'won by' ends its trick"),
    ("1. 1: SA won by 1\n3. 1: SA\n", 2, 1, "trick 3 is out of sequence: expected trick 2"),
    ("1. 1: SA (declare 1: H2)\n", 1, 11, "a variation of a play holds plays and tricks"),
    (
        "declare 1: H2 @32.\n",
        1,
        18,
        "unexpected '.': expected a trick number like 5., a bid (declare, reinforce, counter), "
        "bury, fallback, result or ... after '@32'",
    ),
    ("1. 1: SA 2: S3\n   3: S4 4: XX\n", 2, 13, "unknown card 'XX'"),
    ("1. 1: SA 2: S3\n2. 5: S4\n", 2, 4, "no seat 5: seats are 1, 2, 3 and 4"),
    ("1. 1: SA 2: S3\n3. 3: S4\n", 2, 1, "trick 3 is out of sequence: expected trick 2"),
    ("1. 1: SA 2: S3 3: S4 4: S5\n2. 1: SA 2: S3 3: S4 4: S5 1: S6\n", 2, 28, "four plays"),
    ("result points 5 next 7\n", 1, 22, "no seat 7: seats are 1, 2, 3 and 4"),
    ("1. 1: SA 2: S2 (1. 3: S3)\n", 1, 20, "this variation replaces seat 2's play"),
    ("1. 1: SA (2. 1: SK 2: S3)\n", 1, 11, "a variation of a play in trick 1 starts in trick 1"),
    ("1. 1: SA (1: SK 1. 2: S2)\n", 1, 17, "trick 1 is already under way"),
    (
        "1. 1: SA 2: S3 3: S4 4: S5 )\n",
        1,
        28,
        "unexpected ')': expected a trick number like 5., result or the end of the hand after 'S5'",
    ),
    (
        "1. 1: SA 2: S3 3: S4 4: S5 declare 1: H2\n",
        1,
        28,
        "unexpected 'declare': expected a seat and its cards like 3: S10, a trick number "
        "like 5., result or the end of the hand after 'S5'",
    ),
]


@pytest.mark.parametrize(("text", "line", "column", "message"), ERRORS_IN_FAST_FORMS)
def test_an_error_inside_a_fast_form_is_located_exactly(
    text: str, line: int, column: int, message: str
) -> None:
    error = parse(text, "bad.psn").errors[0]
    assert (error.line, error.column) == (line, column), str(error)
    assert message in error.message
    assert str(error).splitlines()[2].index("^") == column + 1
    assert_fast_is_exact(text)


def test_errors_never_name_the_fast_forms() -> None:
    texts = [
        "result points 5 x",
        '[A "1"]\n1. 1: SA 2: S3 3: S4 4: S5\n[',
        "1. 1: SA (",
        "declare 1: H2 bury 1: S3\ndeck",
        "bury 1: S3 (",
    ]
    for text in texts:
        for error in parse(text).errors:
            for name in ("HEADERS", "AUCTION", "TRICKS", "RESULT_LINE"):
                assert name not in error.message, error.message


# ---- random plain tricks -----------------------------------------------------------------

_WORDS = ["SA", "s10", "st", "♠10", "黑桃A", "BJ", "lj", "大王", "??", "H2", "XX", "S1"]
_GAPS = [" ", "  ", "\t", "\n", "\n  "]


@st.composite
def plain_tricks(draw: st.DrawFn) -> str:
    parts: list[str] = []
    for number in range(1, draw(st.integers(1, 4)) + 1):
        trick = [f"{draw(st.sampled_from([number, number, number, 0, 9]))}."]
        for _ in range(draw(st.integers(1, 5))):
            seat = draw(st.sampled_from([1, 2, 3, 4, 4, 0, 5]))
            words = draw(st.lists(st.sampled_from(_WORDS), min_size=1, max_size=3))
            trick.append(f"{seat}{draw(st.sampled_from([':', ' :']))} {' '.join(words)}")
            if draw(st.integers(0, 9)) == 0:  # a winner, now and then too early
                trick.append(f"won by {draw(st.sampled_from([1, 2, 4, 0, 9]))}")
        parts.append(draw(st.sampled_from(_GAPS)).join(trick))
    end = draw(
        st.sampled_from(
            ["", "\nresult next 2", " )", " {c}", "!", " / SA", " won by 3", " won 3", " won by"]
        )
    )
    return "\n".join(parts) + end + "\n"


@settings(max_examples=150, deadline=None)
@given(plain_tricks())
def test_random_plain_tricks_read_the_same_with_the_fast_forms(text: str) -> None:
    assert_fast_is_exact(text)


# ---- the reader's unchecked constructors ---------------------------------------------------


def test_unchecked_constructors_make_the_same_nodes() -> None:
    cards = tuple(parse_cards("SA SK"))
    play = plain_play(3, cards, 4, 7)
    checked = PlayNode(3, cards, line=4, column=7)
    assert play == checked and repr(play) == repr(checked) and hash(play) == hash(checked)
    assert (play.line, play.column, play.attempted, play.nags) == (4, 7, None, ())
    trick = plain_trick(2, (play,), 4, 1)
    assert trick == Trick(2, (checked,), line=4, column=1) and repr(trick).startswith("Trick(")
    assert (trick.line, trick.column, trick.comments) == (4, 1, ())
    with pytest.raises(dataclasses.FrozenInstanceError):
        play.seat = 2  # type: ignore[misc]
    thrown = plain_play(1, cards[:1], 2, 3, cards, 4)
    assert thrown == PlayNode(1, cards[:1], cards, 4) and thrown.is_failed_throw
    header = plain_header("Event", 'a "b"', 1, 1)
    assert header == Header("Event", 'a "b"') and str(header) == '[Event "a \\"b\\""]'
    bid = plain_bid(BidKind.DECLARE, 2, cards[:1], Strain.HEARTS, 21, 5, 9)
    checked_bid = BidNode(BidKind.DECLARE, 2, cards[:1], Strain.HEARTS, 21, line=5, column=9)
    assert bid == checked_bid and repr(bid) == repr(checked_bid) and hash(bid) == hash(checked_bid)
    assert (bid.line, bid.column, bid.nags, bid.comments, bid.variations) == (5, 9, (), (), ())
    for held in (None, cards):
        bury = plain_bury(4, cards, held, 6, 1)
        checked_bury = KittyExchange(4, cards, held, line=6, column=1)
        assert bury == checked_bury and repr(bury) == repr(checked_bury)
        assert (bury.line, bury.column, bury.nags, bury.variations) == (6, 1, (), ())


def test_the_exact_parser_reads_no_fast_form_and_leaves_the_fast_one_whole() -> None:
    text = '[A "1"]\ndeclare 1: H2\n1. 1: SA 2: S3\nresult\n'
    exact = exact_parser().parse(text)
    kinds = [t.type for t in exact.scan_values(lambda v: isinstance(v, Token))]
    assert kinds == [
        "HEADER",
        "DECLARE",
        "SEAT_CARDS",
        "TRICK",
        "SEAT_CARDS",
        "SEAT_CARDS",
        "RESULT",
    ]
    assert [t.type for t in leaves(text)] == ["HEADERS", "AUCTION", "TRICKS", "RESULT_LINE"]


def test_the_tree_holds_fast_forms_only_where_the_grammar_puts_them() -> None:
    tree = fast_parser().parse("1. 1: SA 2: S3 (1. 2: S4) 3: S5\n")
    assert isinstance(tree, Tree)
    assert [t.type for t in leaves("1. 1: SA 2: S3 (1. 2: S4) 3: S5\n")] == [
        "TRICK",
        "SEAT_CARDS",
        "SEAT_CARDS",
        "LPAR",
        "TRICKS",
        "RPAR",
        "SEAT_CARDS",
    ]


def test_a_word_that_starts_with_won_is_no_winner_in_a_fast_form() -> None:
    # "wonby" is a card word (an unknown one): the ordinary tokens take it into the play's
    # cards, so the fast form must not read it as "won by".
    text = '[Event "x"]\n\n1. 1: SA 2: S6 wonby 2\n'
    assert "unexpected '2'" in parse(text).errors[0].message
    assert_fast_is_exact(text)
    after_a_comment = "1. 1: SA 2: S6 {x} wonby 2\n"  # no cards can stand here: won by
    assert parse_hand(after_a_comment).tricks[0].winner == 2
    assert_fast_is_exact(after_a_comment)


# ---- simulated hands, edited --------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(
    st.integers(0, 40),
    st.sampled_from(["qq", "match-a", "match-b", "seed-001"]),
    st.lists(
        st.tuples(
            st.integers(0, 10**6),
            st.sampled_from(
                ["  ", "\n", "\t", "\n\n", " {x} ", "", "A", "?", " from ", " won by 9", "won"]
            ),
        ),
        max_size=4,
    ),
    st.booleans(),
    st.booleans(),
)
def test_an_edited_simulated_hand_reads_the_same_with_the_fast_forms(
    seed: int, preset: str, edits: list[tuple[int, str]], as_deal: bool, logged: bool
) -> None:
    # Simulated hands (the deck in drawing order, or the four hands and the kitty; as
    # simulated, or as another program logs them, with "from" and "won by"), then spaces,
    # blank lines, a comment, a stray letter, mark or keyword put in at random places:
    # the fast forms read the hand as the ordinary tokens do.
    hand = simulate_hand(preset, seed=seed, dealer=1 + seed % 4)
    if logged:
        hand = as_logged(hand)
    if as_deal:
        deck = hand.deal
        assert isinstance(deck, Deck)
        seats = tuple(deck.cards[(s - deck.first) % 4 : 100 : 4] for s in (1, 2, 3, 4))
        hand = dataclasses.replace(hand, deal=Deal(seats, deck.cards[100:]))  # type: ignore[arg-type]
    text = write(hand)
    kinds = [t.type for t in leaves(text)]  # as written, a hand is in fast forms
    assert kinds[0] == "HEADERS" and kinds[-3:] == ["AUCTION", "TRICKS", "RESULT_LINE"]
    for where, what in edits:
        at = where % (len(text) + 1)
        text = text[:at] + what + text[at:]
    assert_fast_is_exact(text)


# ---- the scanner: terminal by terminal, as lark's joined pattern ---------------------------


def _lark_parser(exact: bool) -> Lark:
    """The grammar as lark builds it, with lark's own scanner (one joined pattern a state)."""
    grammar = grammar_path("psn.lark").read_text(encoding="utf-8")
    extra = {"edit_terminals": blank_fast_form} if exact else {}
    return Lark(grammar, parser="lalr", lexer="contextual", maybe_placeholders=False, **extra)


@functools.cache
def _lark_parsers() -> tuple[Lark, Lark]:
    return _lark_parser(exact=False), _lark_parser(exact=True)


@pytest.fixture(scope="module")
def lark_scanned() -> tuple[Lark, Lark]:
    return _lark_parsers()


def _outcome(parser: Lark, text: str) -> object:
    """The tree with every token's type, value and place, or the error with its place and
    the terminals it allowed."""
    try:
        tree = parser.parse(text)
    except UnexpectedInput as e:
        allowed = sorted(getattr(e, "allowed", None) or getattr(e, "expected", None) or [])
        return (type(e).__name__, e.line, e.column, allowed)
    return [
        (t.type, str(t), t.line, t.column, t.end_line, t.end_column)
        for t in tree.scan_values(lambda v: isinstance(v, Token))
    ], tree.pretty()


def _texts() -> list[str]:
    texts = [path.read_text(encoding="utf-8") for path in FILES]
    texts += [
        write(simulate_hand(p, seed=s)) for p in ("qq", "match-a", "tractor") for s in range(4)
    ]
    texts += [case_text(n) for n in range(300)]  # the fuzz tests' mutants
    return [chunk.text for text in texts for chunk in split_hands(text)]


def test_the_terminal_by_terminal_scanner_finds_lark_s_tokens_and_errors(
    lark_scanned: tuple[Lark, Lark],
) -> None:
    # The parsers scan terminal by terminal (grammar.py): the same tokens, in the same
    # places, and the same errors as lark's own scanner, with and without the fast forms.
    ours = (fast_parser(), exact_parser())
    for parser in ours:  # ours: not lark's joined pattern
        lexer = parser.parser.lexer
        assert isinstance(lexer, ContextualLexer) and type(lexer.root_lexer.scanner) is not Scanner
    checked = 0
    for chunk in _texts():
        for mine, theirs in zip(ours, lark_scanned, strict=True):
            assert _outcome(mine, chunk) == _outcome(theirs, chunk), chunk[:300]
        checked += 1
    assert checked > 400


def test_an_ascii_text_is_scanned_with_ascii_patterns_only() -> None:
    # On an ASCII text every terminal is compiled without the characters such a text
    # never holds (the Chinese range alone cost 13 ms of every start): each pattern must
    # come out all ASCII, or that text pays for the grammar's patterns as written.
    for parser in (fast_parser(), exact_parser()):
        for terminal in parser.terminals:
            written = terminal.pattern.to_regexp()
            assert ascii_regexp(written).isascii(), terminal.name
    cards = next(t for t in fast_parser().terminals if t.name == "CARDS").pattern.to_regexp()
    assert not cards.isascii() and ascii_regexp(cards) != cards  # the case it is for
    # A keyword's first two letters, written in both cases rather than folded (README,
    # "The validator's speed"): a third of the fast forms' compile time.
    assert "(?i:[dkrcfbtplnw]" not in ascii_regexp(cards), "the look at a keyword is folded"


@settings(max_examples=60, deadline=None)
@given(
    st.text(alphabet='SHCDJTs0123456789 :./\n{}()!?[]"won by result declare to NT@x', max_size=120)
)
def test_an_ascii_text_scans_as_with_the_patterns_as_written(text: str) -> None:
    # The same tokens and errors as lark's own scanner, which compiles the patterns as
    # the grammar writes them, on ASCII texts whatever they hold.
    for mine, theirs in zip((fast_parser(), exact_parser()), _lark_parsers(), strict=True):
        assert _outcome(mine, text) == _outcome(theirs, text)
