"""Reading PSN: the constructs, card aliases, positions, located errors in a player's
words, and files whose broken hands do not hide the others."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import islice
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.errors import CONTEXT_WIDTH
from notation.psn import (
    UNKNOWN,
    BidKind,
    BidNode,
    Deal,
    Deck,
    Fallback,
    FallbackSource,
    KittyExchange,
    PSNError,
    PSNSemanticError,
    PSNSyntaxError,
    Side,
    Strain,
    iter_chunks,
    load,
    parse,
    parse_hand,
    read,
    split_hands,
    write,
    write_hand,
)
from notation.psn.model import Comment
from notation.psn.parser import MAX_HAND_CHARS, MAX_VARIATION_DEPTH
from notation.rules.cards import ALL_CARDS, Card, Rank, Suit, parse_cards
from notation.rules.order import Trump

DATA = Path(__file__).parent / "data"


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


# ---- the constructs ----------------------------------------------------------------------


def test_sample_hand_reads_every_construct() -> None:
    record = load(DATA / "sample.psn", strict=True)
    hand = record.hands[0]
    assert hand.header("Event") == "Club night"
    assert hand.header("table") == "7"  # unknown tags are kept; look-up ignores case
    assert [h.tag for h in hand.headers][-1] == "Table"
    assert hand.dealer == 1
    assert hand.levels == (Rank.TWO, Rank.TWO)
    assert hand.trump == Trump(Rank.TWO, Suit.HEARTS)
    assert hand.rules == "qq"
    assert hand.comments[0].text.startswith("A first hand")

    deal = hand.deal
    assert isinstance(deal, Deal)
    assert deal.hand(1) == (*cards("SA SK"), UNKNOWN, UNKNOWN, *cards("H2"))
    assert deal.hand(3) == cards("S10 SA S10")  # ♠10 黑桃A st
    assert deal.hand(4) == cards("BJ LJ BJ LJ")  # 大王 小王 bj lj
    assert deal.kitty == (UNKNOWN,) * 8

    declare, reinforce, counter = hand.bids
    assert (declare.kind, declare.seat, declare.cards, declare.draw) == (
        BidKind.DECLARE,
        1,
        cards("H2"),
        12,
    )
    assert declare.nags == (1,)  # !
    assert reinforce.comments[0].text == "Safe now."
    assert counter.strain is Strain.NO_TRUMP
    assert counter.nags == (6, 14)  # ?! $14
    alternative = counter.variations[0].events[0]
    assert isinstance(alternative, BidNode) and alternative.seat == 4

    (exchange,) = hand.kitty_exchanges
    assert exchange.seat == 1 and len(exchange.buried) == 8

    first, second, third = hand.tricks
    assert [p.seat for p in first.plays] == [1, 2, 3, 4]
    branch = first.plays[2].variations[0]
    assert [(t.number, [p.seat for p in t.plays]) for t in branch.events] == [  # type: ignore[union-attr]
        (1, [3, 4]),
        (2, [3]),
    ]
    clock = first.plays[3].comments[0]
    assert clock.commands[0].name == "clk" and clock.commands[0].args == "0:01:02"
    assert clock.remark == "fast"

    throw = second.plays[0]
    assert throw.is_failed_throw
    assert throw.attempted == cards("SA SK SQ") and throw.cards == cards("SQ")
    assert throw.blocker == 3 and throw.nags == (4,)  # attached ?? is a glyph
    assert second.comments[0].text == "Now a throw."
    assert second.plays[3].cards == (UNKNOWN,) and second.plays[3].nags == (4,)  # 4: ????
    assert third.leader == 3

    result = hand.result
    assert result is not None
    assert (result.points, result.kitty_points, result.multiplier) == (85, 10, 2)
    assert (result.side, result.levels, result.next_dealer) == (Side.DEFENDERS, 0, 2)


def test_second_hand_has_deck_fallback_and_unknown_bury() -> None:
    hand = load(DATA / "sample.psn").hands[1]
    assert isinstance(hand.deal, Deck)
    assert hand.deal.first == 2 and hand.deal.cards[2] is UNKNOWN
    fallback = hand.fallback
    assert isinstance(fallback, Fallback)
    assert fallback.source is FallbackSource.KITTY and fallback.strain is Strain.CLUBS
    assert hand.kitty_exchanges[0].buried == (UNKNOWN,) * 8


def test_counter_after_the_bury_then_a_second_bury_is_a_chao_di() -> None:
    hand = parse_hand(
        "bury 1: S3 S4\ncounter 2: D2 D2\nbury 2: H3 H4\n1. 1: SA 2: S2 3: S5 4: S6\n"
    )
    kinds = [type(e).__name__ for e in hand.auction]
    assert kinds == ["KittyExchange", "BidNode", "KittyExchange"]
    assert [e.seat for e in hand.kitty_exchanges] == [1, 2]


def test_bury_without_cards_records_only_who_buried() -> None:
    hand = parse_hand("bury 3:\n")
    (exchange,) = hand.auction
    assert isinstance(exchange, KittyExchange) and exchange.buried == ()


# ---- records from other programs: the hand after the pick-up, a trick's winner ------------


def test_a_bury_may_give_the_hand_held_after_the_pick_up() -> None:
    hand = parse_hand("bury 1: C2 C3 from SA SA C2 ?? C3\n")
    (exchange,) = hand.kitty_exchanges
    assert exchange.buried == cards("C2 C3")
    assert exchange.held == (*cards("SA SA C2"), UNKNOWN, *cards("C3"))


def test_a_bury_known_only_by_the_hand_held_leaves_the_buried_cards_out() -> None:
    (exchange,) = parse_hand("bury 1: from SA SK\n").kitty_exchanges
    assert exchange.buried == () and exchange.held == cards("SA SK")
    assert write(parse("bury 1: from SA SK\n")) == "bury 1: from SA SK\n"


def test_a_bury_without_from_holds_no_hand() -> None:
    (exchange,) = parse_hand("bury 1: C2 C3\n").kitty_exchanges
    assert exchange.held is None


def test_every_bury_of_a_chao_di_may_give_the_hand_held() -> None:
    hand = parse_hand(
        "bury 1: S3 S4 from S3 S4 SA\ncounter 2: D2 D2\nbury 2: H3 from H3 D2 D2\n"
        "(bury 2: from ?? ??) 1. 1: SA 2: S2 3: S5 4: S6\n"
    )
    first, second = hand.kitty_exchanges
    assert first.held == cards("S3 S4 SA") and second.held == cards("H3 D2 D2")
    alternative = second.variations[0].events[0]
    assert isinstance(alternative, KittyExchange) and alternative.held == (UNKNOWN, UNKNOWN)


def test_marks_comments_and_variations_follow_the_hand_held() -> None:
    text = "bury 1: C2 from C2 SA! $14 {kept the ace} (bury 1: SA from C2 SA)\n"
    (exchange,) = parse_hand(text).kitty_exchanges
    assert exchange.held == cards("C2 SA") and exchange.nags == (1, 14)
    assert exchange.comments[0].text == "kept the ace" and exchange.variations
    assert write(parse(text)) == text


def test_a_trick_may_record_who_won_it() -> None:
    (trick,) = parse_hand("5. 1: SA 2: S3 3: S5 4: S9 won by 1\n").tricks
    assert trick.winner == 1 and len(trick.plays) == 4


def test_a_trick_without_won_by_records_no_winner() -> None:
    (trick,) = parse_hand("1. 1: SA 2: S3 3: S5 4: S9\n").tricks
    assert trick.winner is None


def test_the_winner_follows_the_last_play_and_its_annotations() -> None:
    text = "1. 1: SA 2: S3 3: S5 4: S9! {too late} (1. 4: S10) won by 1\n2. 1: SK 2: S4\n"
    first, second = parse_hand(text).tricks
    last = first.plays[3]
    assert last.nags == (1,) and last.comments[0].text == "too late" and last.variations
    assert first.winner == 1 and second.winner is None
    assert write(parse(text)) == text


def test_an_unfinished_trick_may_record_a_winner() -> None:
    (trick,) = parse_hand("1. 1: SA 2: S3 won by 2\n").tricks
    assert trick.winner == 2 and len(trick.plays) == 2


def test_tricks_of_a_variation_may_record_their_winners() -> None:
    text = "1. 1: SA 2: S3 (2: SK 3: S4 4: S5 won by 2 2. 2: H2 won by 3) 3: S4\n"
    play = parse_hand(text).tricks[0].plays[1]
    partial, later = play.variations[0].events
    assert partial.winner == 2 and later.winner == 3  # type: ignore[union-attr]
    assert "(1. 2: SK 3: S4 4: S5 won by 2 2. 2: H2 won by 3)" in write(parse(text))


def test_from_and_won_are_keywords_in_any_case() -> None:
    hand = parse_hand("BURY 1: S3 FROM S3 SA\n1. 1: SA 2: S3 Won BY 2\n")
    assert hand.kitty_exchanges[0].held == cards("S3 SA")
    assert hand.tricks[0].winner == 2
    assert write(hand) == "bury 1: S3 from S3 SA\n1. 1: SA 2: S3 won by 2\n"


def test_words_that_start_like_from_and_won_are_still_cards() -> None:
    errors = parse("bury 1: S3 fromage\n1. 1: SA wonder\n").errors
    assert [e.message.split(":")[0] for e in errors] == [
        "unknown card 'fromage'",
        "unknown card 'wonder'",
    ]


def test_keywords_ignore_case_and_draw_may_have_a_space() -> None:
    hand = parse_hand("DECLARE 2: h5 @ 37\nCounter 4: bj bj To nt\n")
    assert [b.kind for b in hand.bids] == [BidKind.DECLARE, BidKind.COUNTER]
    assert hand.bids[0].draw == 37
    assert hand.bids[1].strain is Strain.NO_TRUMP


def test_strain_accepts_symbols_and_chinese() -> None:
    hand = parse_hand("counter 2: BJ BJ to 无主\ncounter 3: S5 S5 to ♠\n")
    assert [b.strain for b in hand.bids] == [Strain.NO_TRUMP, Strain.SPADES]


def test_a_lone_double_question_mark_is_an_unknown_card_an_attached_one_a_glyph() -> None:
    trick = parse_hand("1. 1: ?? ?? 2: S3?? 3: ???\n").tricks[0]
    assert trick.plays[0].cards == (UNKNOWN, UNKNOWN) and trick.plays[0].nags == ()
    assert trick.plays[1].cards == cards("S3") and trick.plays[1].nags == (4,)
    assert trick.plays[2].cards == (UNKNOWN,) and trick.plays[2].nags == (2,)


def test_glyphs_and_nags_map_to_pgn_numbers() -> None:
    trick = parse_hand("1. 1: SA! 2: S2? 3: S3!! 4: S4?!\n2. 1: SK!? $14 2: S5 $200\n").tricks
    assert [p.nags for p in trick[0].plays] == [(1,), (2,), (3,), (6,)]
    assert [p.nags for p in trick[1].plays] == [(5, 14), (200,)]


def test_nodes_know_their_line_and_column() -> None:
    text = '[Event "x"]\n\n1. 1: SA 2: S3\n2.  2: SK {why} (2. 2: SQ)\n'
    hand = parse_hand(text)
    assert (hand.headers[0].line, hand.headers[0].column) == (1, 1)
    first, second = hand.tricks
    assert (first.line, first.column) == (3, 1)
    assert (first.plays[1].line, first.plays[1].column) == (3, 10)
    play = second.plays[0]
    assert (play.line, play.column) == (4, 5)
    assert (play.comments[0].line, play.comments[0].column) == (4, 11)
    assert (play.variations[0].line, play.variations[0].column) == (4, 17)


def test_variation_without_its_trick_number_gets_it() -> None:
    text = "1. 1: SA 2: S3 (2: S4 3: S5) 3: S6\n"
    branch = parse_hand(text).tricks[0].plays[1].variations[0]
    (partial,) = branch.events
    assert partial.number == 1  # type: ignore[union-attr]
    assert "(1. 2: S4 3: S5)" in write(parse(text))


def test_comments_before_a_variation_and_nested_variations() -> None:
    text = "1. 1: SA (1. {or} 1: SK (1. 1: SQ) 2: S2)\n"
    play = parse_hand(text).tricks[0].plays[0]
    inner = play.variations[0].events[0]
    assert inner.comments[0].text == "or"  # type: ignore[union-attr]
    nested = inner.plays[0].variations[0]  # type: ignore[union-attr]
    assert nested.events[0].plays[0].cards == cards("SQ")  # type: ignore[union-attr]


# ---- every card alias ------------------------------------------------------------------

_SUIT_FORMS = {
    Suit.SPADES: ["S", "s", "♠", "♤", "黑桃"],
    Suit.HEARTS: ["H", "h", "♥", "♡", "红桃"],
    Suit.CLUBS: ["C", "c", "♣", "♧", "梅花", "草花"],
    Suit.DIAMONDS: ["D", "d", "♦", "♢", "方块", "方片"],
}
_JOKER_FORMS = {
    Rank.BIG_JOKER: ["BJ", "bj", "Bj", "大王", "大鬼"],
    Rank.LITTLE_JOKER: ["LJ", "lj", "lJ", "小王", "小鬼"],
}


def _aliases(card: Card) -> list[str]:
    if card.suit is None:
        return _JOKER_FORMS[card.rank]
    ranks = [card.rank.value, card.rank.value.lower()]
    if card.rank is Rank.TEN:
        ranks += ["T", "t"]
    return [s + r for s in _SUIT_FORMS[card.suit] for r in ranks]


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_alias_of_a_card_reads_as_that_card_everywhere(card: Card) -> None:
    forms = _aliases(card)
    words = " ".join(forms)
    text = (
        f"deal\n1: {words}\nkitty: {words}\ndeclare 2: {words} @3\n1. 1: {words} / {words} by 2\n"
    )
    hand = parse_hand(text)
    assert isinstance(hand.deal, Deal)
    expected = (card,) * len(forms)
    assert hand.deal.hand(1) == expected and hand.deal.kitty == expected
    assert hand.bids[0].cards == expected
    play = hand.tricks[0].plays[0]
    assert play.attempted == expected and play.cards == expected


def test_cards_may_run_over_several_lines_in_the_deal() -> None:
    deal = parse_hand("deal\n1: SA SK\n   SQ SJ\n2: H2\n").deal
    assert isinstance(deal, Deal) and deal.hand(1) == cards("SA SK SQ SJ")


# ---- splitting a file into hands --------------------------------------------------------


def test_one_broken_hand_does_not_lose_the_others() -> None:
    record = load(DATA / "broken_middle.psn")
    assert [h.header("Hand") for h in record.hands] == ["1", "3"]
    (error,) = record.errors
    assert isinstance(error, PSNSyntaxError)
    assert (error.line, error.column, error.hand) == (11, 12, 2)
    assert "expected a card like S10 or BJ after seat 3:" in str(error)
    assert str(error).startswith(f"{DATA / 'broken_middle.psn'}:11:12:")
    assert "not a header" in record.hands[1].comments[0].text


def test_strict_read_raises_the_first_error_with_a_caret() -> None:
    with pytest.raises(PSNSyntaxError) as info:
        read((DATA / "broken_middle.psn").read_text(), "broken.psn")
    assert str(info.value).splitlines() == [
        "broken.psn:11:12: expected a card like S10 or BJ after seat 3:",
        "  1. 2: HA 3: 4: H5",
        "             ^",
    ]


def test_hands_split_at_headers_after_moves_or_a_blank_line() -> None:
    text = '[A "1"]\n[B "2"]\n\n[C "3"]\n1. 1: SA\n[D "4"]\n{x\n[E "5"]}\n'
    chunks = split_hands(text)
    assert [chunk.line for chunk in chunks] == [1, 4, 6]
    record = parse(text)
    assert [[h.tag for h in hand.headers] for hand in record.hands] == [["A", "B"], ["C"], ["D"]]


def test_a_comment_never_closed_does_not_swallow_the_hands_after_it() -> None:
    # As if the comment closed at the end of its line: its hand keeps its own lines and
    # reports the comment; the next hands are read as usual.
    text = (
        '[Event "a"]\n\n1. 1: SA 2: S3 {never closed\n2. 1: S6 2: S7\n\n'
        '[Event "b"]\n\n1. 1: HA 2: H3\n\n[Event "c"]\n\n1. 1: CA {also open\n'
    )
    assert [chunk.line for chunk in split_hands(text)] == [1, 6, 10]
    record = parse(text, "open.psn")
    assert [h.header("Event") for h in record.hands] == ["b"]
    assert [(e.line, e.column) for e in record.errors] == [(3, 16), (12, 10)]
    assert all("never closed" in str(e) for e in record.errors)
    closed = '[Event "a"]\n\n1. 1: SA {a comment\n[Event "b"] over two lines}\n'
    assert len(split_hands(closed)) == 1  # a comment that closes keeps its brackets


def test_comments_closed_with_a_full_width_brace_leave_every_hand_its_own_error() -> None:
    # A Chinese keyboard's ｝ closes nothing: each hand reports its comment, none is lost,
    # however many there are (this once recursed once per comment and crashed).
    hand = '[Event "{n}"]\n\n1. 1: S2 {{好牌｝\n2. 1: S3 {{再来｝\n\n'
    text = "".join(hand.format(n=n) for n in range(3000))
    chunks = split_hands(text)
    assert [chunk.line for chunk in chunks[:3]] == [1, 6, 11] and len(chunks) == 3000
    record = parse(text, "wide.psn")
    assert not record.hands and len(record.errors) == 3000
    assert [(e.line, e.column) for e in record.errors[:2]] == [(3, 10), (8, 10)]
    one = '[Event "x"]\n\n' + "".join(f"{n}. 1: S2 {{x\n" for n in range(1, 2000))
    assert len(split_hands(one)) == 1


def test_an_empty_text_has_no_hands() -> None:
    assert parse("").hands == () and parse("\n\n  \n").errors == ()


def test_parse_hand_wants_exactly_one_hand() -> None:
    with pytest.raises(PSNSemanticError, match="exactly one hand, found 2"):
        parse_hand('[A "1"]\n1. 1: SA\n[A "2"]\n1. 1: SA\n')


def test_every_error_of_a_broken_hand_is_reported() -> None:
    record = parse("1. 5: SA 2: S11\n2. 6: S3\n")
    assert [(e.line, e.column) for e in record.errors] == [(1, 4), (1, 13), (2, 4)]
    assert record.hands == ()


def test_the_same_unknown_card_twice_is_reported_at_each_place() -> None:
    record = parse("1. 1: XX SA XX\n")
    assert [(e.line, e.column) for e in record.errors] == [(1, 7), (1, 13)]


def test_a_seat_out_of_range_is_one_error_not_a_cascade() -> None:
    record = parse("1. 1: SA 5: S3 3: S4\n")
    assert [e.message for e in record.errors] == ["no seat 5: seats are 1, 2, 3 and 4"]


# ---- malformed input: where, and what was expected ---------------------------------------

MALFORMED = [
    ("1. 1: SA 2: 3: S4", 1, 12, "expected a card like S10 or BJ after seat 2:"),
    ("1. 1: SA 2:", 1, 12, "expected a card like S10 or BJ after seat 2:"),
    ("declare 1:", 1, 11, "expected a card like S10 or BJ after seat 1:"),
    ("1. SA SK", 1, 4, "a play names its seat first: expected a seat and its cards like 3: SA"),
    ("1. 1: S11 2: S3", 1, 7, "unknown card 'S11'"),
    ("deal\n1: SA XJ", 2, 7, "unknown card 'XJ'"),
    ("1. 5: SA", 1, 4, "no seat 5: seats are 1, 2, 3 and 4"),
    ("1. 1: SA / SK by 7", 1, 18, "no seat 7"),
    ("result next 0", 1, 13, "no seat 0"),
    ("1. 1: SA\n3. 2: S3", 2, 1, "trick 3 is out of sequence: expected trick 2"),
    ("1. 1: SA 2: S3 3: S4 4: S5 1: S6", 1, 28, "trick 1 already has four plays"),
    ("deal 1: SA 1: SK", 1, 12, "seat 1 is dealt twice"),
    ("deal 1: SA kitty: SK kitty: SQ", 1, 22, "the kitty is written twice"),
    ("declare 1: H2 @12 ??", 1, 19, "a ?? standing alone is an unknown card"),
    ("1. 1: SA {unclosed", 1, 10, "this comment is never closed"),
    ("1. 1: SA (2: S3", 1, 16, "a variation is never closed"),
    ("1. 1: SA ()", 1, 10, "an empty variation"),
    ("1. 1: SA 2: S2 (3: S3)", 1, 17, "this variation replaces seat 2's play"),
    ("1. 1: SA (2. 1: SK)", 1, 11, "a variation of a play in trick 1 starts in trick 1"),
    ("1. 1: SA (declare 1: H2)", 1, 11, "a variation of a play holds plays and tricks"),
    ("declare 1: H2 (1: SA)", 1, 16, "plays in this variation need a trick number"),
    ("1. 1: SA (1: SK 1. 2: S2)", 1, 17, "trick 1 is already under way"),
    ("[Event x]\n1. 1: SA", 1, 1, 'a header must look like [Tag "value"]'),
    ("result points x", 1, 15, "unexpected 'x': expected a number after 'points'"),
    ("counter 2: BJ BJ to XX", 1, 21, "expected a trump like S, H, C, D or NT after 'to'"),
    ("deal\n1: SA SK\nfoo: SA", 3, 4, "a seat is a number 1 to 4 and a colon"),
    ("1. 1: SA # 2: S3", 1, 10, "unexpected '#': expected a seat and its cards like 3: S10"),
    ("1. 1: SA / 2: S3", 1, 12, "expected a card like S10 or BJ after '/'"),
    ("result level up +1", 1, 14, "expected dealer or defenders after 'level'"),
    ("fallback kitty", 1, 15, "the hand ends too soon: expected a card like S10 or BJ"),
    # Numbers past six digits cannot be right anywhere in a hand (and past 4300 digits
    # Python would not read them at all).
    ("1234567. 1: SA", 1, 1, "a number of 7 digits: a number in PSN has at most 6"),
    ("1. 1: SA 2: S3\n2. " + "1" * 5000 + ": SA", 2, 4, "a number of 5000 digits"),
    ("1. 1: SA $" + "2" * 5000, 1, 10, "a number of 5000 digits"),
    ("declare 1: H2 @" + "1" * 5000, 1, 15, "a number of 5000 digits"),
    ("1. 1: SA SK / SA by " + "3" * 20, 1, 21, "a number of 20 digits"),
    ("result points " + "9" * 5000, 1, 15, "a number of 5000 digits"),
    ("result kitty 20 x" + "9" * 9, 1, 17, "a number of 9 digits"),
    ("result level dealer +" + "9" * 9, 1, 21, "a number of 9 digits"),
    ("result next " + "4" * 5000, 1, 13, "a number of 5000 digits"),
    ("bury " + "1" * 5000 + ": SA", 1, 6, "a number of 5000 digits"),
    # The hand after the pick-up, and a trick's recorded winner.
    ("bury 1: S3 from", 1, 16, "the hand ends too soon: expected a card like S10 or BJ after"),
    ("bury 1: from\n1. 1: SA", 2, 1, "unexpected '1': expected a card like S10 or BJ after"),
    ("bury 1: S3 from SX", 1, 17, "unknown card 'SX'"),
    ("bury 1: from SA from SK", 1, 17, "unexpected 'from'"),
    ("declare 1: H2 from SA", 1, 15, "unexpected 'from'"),
    ("1. 1: SA 2: S3 won by 7", 1, 23, "no seat 7: seats are 1, 2, 3 and 4"),
    ("1. 1: SA 2: S3 won by 0", 1, 23, "no seat 0: seats are 1, 2, 3 and 4"),
    ("1. 1: SA (1: S4 won by 5)", 1, 24, "no seat 5: seats are 1, 2, 3 and 4"),
    ("1. 1: SA won by " + "1" * 20, 1, 17, "a number of 20 digits"),
    ("1. 1: SA won 3", 1, 14, "expected by and the seat that won the trick, like won by 3"),
    ("1. 1: SA won", 1, 13, "the hand ends too soon: expected by and the seat that won"),
    ("1. 1: SA won by x", 1, 17, "expected the seat that won the trick, like won by 3 after"),
    ("1. 1: SA won by 1 2: S3", 1, 19, "'won by' ends its trick: write it after the last play"),
    ("1. 1: SA won by 1 {x}", 1, 19, "'won by' ends its trick: write it after the last play"),
    ("1. won by 1", 1, 4, "expected a seat and its cards like 3: S10 after trick 1."),
    ("1. 1: SA / won by 2", 1, 12, "unexpected 'won': expected a card like S10 or BJ after '/'"),
]


@pytest.mark.parametrize(
    ("text", "line", "column", "message"), MALFORMED, ids=lambda v: str(v)[:40]
)
def test_malformed_input_is_located_and_explained(
    text: str, line: int, column: int, message: str
) -> None:
    record = parse(text, "bad.psn")
    assert record.hands == ()
    error = record.errors[0]
    assert isinstance(error, PSNError)
    assert (error.line, error.column) == (line, column), str(error)
    assert message in error.message
    shown = str(error).splitlines()
    assert shown[0] == f"bad.psn:{line}:{column}: {error.message}"
    source = text.splitlines()[line - 1]
    if len(source) <= CONTEXT_WIDTH:
        assert shown[1] == "  " + source
        assert shown[2].index("^") == column + 1
    else:  # a long line is drawn as a window around the column, as compilers do
        assert "…" in shown[1] and len(shown[1]) <= CONTEXT_WIDTH + 4
        assert shown[1][shown[2].index("^")] == source[column - 1]


def test_errors_do_not_name_lark_terminals() -> None:
    for text, *_ in MALFORMED:
        for error in parse(text).errors:
            for name in ("SEAT_CARDS", "CARDS", "RPAR", "$END", "TRICK", "GLYPH"):
                assert name not in error.message, error.message


# ---- variations inside variations ----------------------------------------------------------


def nested(depth: int, close: bool = True) -> str:
    """A hand whose second play has a variation, which has one, ``depth`` deep."""
    inner = "2: SK (" * depth + "2: SK" + (")" * depth if close else "")
    return f'[Event "deep"]\n\n1. 1: SA {inner} 3: S4 4: S5\n'


def test_variations_as_deep_as_the_limit_are_read() -> None:
    hand = parse_hand(nested(MAX_VARIATION_DEPTH))
    play, depth = hand.tricks[0].plays[1], 0
    while play.variations:
        play, depth = play.variations[0].events[0].plays[0], depth + 1
    assert depth == MAX_VARIATION_DEPTH


def test_variations_nested_deeper_than_the_limit_are_a_located_error() -> None:
    text = nested(MAX_VARIATION_DEPTH + 1)
    (error,) = parse(text, "deep.psn").errors
    assert error.message == f"variations nested deeper than {MAX_VARIATION_DEPTH}"
    # At the bracket that opens the variation one level too deep.
    assert (error.line, error.column) == (3, 16 + 7 * MAX_VARIATION_DEPTH)


@pytest.mark.parametrize("close", [True, False], ids=["closed", "never closed"])
def test_a_hundred_thousand_nested_variations_are_an_error_not_a_crash(close: bool) -> None:
    # (Longer than any hand may be, too: refused at its first line before it is read.)
    record = parse(nested(100_000, close), "deep.psn")
    assert record.hands == () and record.errors
    assert all(e.line == 1 and "more than any hand" in e.message for e in record.errors)
    record = parse(nested(10_000, close), "deep.psn")
    assert record.hands == () and record.errors
    assert all(e.line == 3 for e in record.errors)


# ---- garbage in: located errors out, never a crash -------------------------------------------

_PIECES = [
    *'0123456789:./ ()[]{}!?$@SHCDJQKAbjlx\n\t"\\%',
    *("declare ", "bury ", "1. ", "3: ", "S10", "??", "deal\n", "kitty: ", "result ", "to "),
    *(" from ", " won by ", "won ", "by "),
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=60).map("".join))
def test_any_text_reads_without_crashing_and_errors_are_located(text: str) -> None:
    record = parse(text, "fuzz.psn")
    for error in record.errors:
        assert error.line is not None and 1 <= error.line <= text.count("\n") + 1
        assert str(error).startswith(f"fuzz.psn:{error.line}:")


# ---- the sample files ----------------------------------------------------------------------

GOOD_FILES = sorted(p for p in DATA.glob("*.psn") if p.name != "broken_middle.psn")


@pytest.mark.parametrize("path", GOOD_FILES, ids=lambda p: p.name)
def test_sample_file_reads_without_error(path: Path) -> None:
    record = load(path)
    assert record.errors == (), "\n".join(str(e) for e in record.errors)
    assert record.hands


@pytest.mark.parametrize("name", ["canonical.psn", "simulated_qq_seed7.psn"])
def test_canonical_sample_is_a_fixed_point(name: str) -> None:
    text = (DATA / name).read_text(encoding="utf-8")
    assert write(parse(text)) == text


def test_simulated_hand_is_complete() -> None:
    (hand,) = load(DATA / "simulated_qq_seed7.psn").hands
    assert isinstance(hand.deal, Deck) and len(hand.deal.cards) == 108
    assert sum(len(p.cards) for t in hand.tricks for p in t.plays) == 100
    assert [t.number for t in hand.tricks] == list(range(1, len(hand.tricks) + 1))


def test_chao_di_counters_and_buries_alternate() -> None:
    first, second = load(DATA / "chao_di.psn").hands
    assert [type(e).__name__ for e in first.auction] == [
        "BidNode",
        "KittyExchange",
        "BidNode",
        "KittyExchange",
        "BidNode",
        "KittyExchange",
    ]
    assert [e.seat for e in first.kitty_exchanges] == [2, 3, 4]
    assert first.kitty_exchanges[1].variations[0].events[0].buried[-1] == Card.parse("DK")  # type: ignore[union-attr]
    assert first.bids[2].strain is Strain.NO_TRUMP and first.bids[2].nags == (1,)
    assert second.fallback is not None and second.fallback.cards == cards("BJ")
    assert second.kitty_exchanges[0].buried == ()


def test_a_play_out_of_turn_is_read_and_left_to_the_validator() -> None:
    record = parse("1. 1: SA 3: S3 2: S4 4: S5\n")
    assert not record.errors
    assert [p.seat for p in record.hands[0].tricks[0].plays] == [1, 3, 2, 4]


def test_a_hand_longer_than_any_hand_is_refused_before_it_is_read_and_the_next_is_read() -> None:
    # A pasted line of a million cards would take the lexer gigabytes: it is refused at
    # once, with the hand's place, and the hands after it are read as usual.
    huge = '[Event "pasted"]\n\n1. 1: ' + " ".join(["S5"] * (MAX_HAND_CHARS // 3 + 1)) + "\n"
    good = '[Event "next"]\n\n1. 1: SA 2: S3 3: S4 4: S5\n'
    record = parse(huge + "\n" + good, "big.psn")
    (error,) = record.errors
    assert (error.line, error.column) == (1, 1)
    assert "more than any hand holds" in error.message
    assert [h.header("Event") for h in record.hands] == ["next"]


def test_a_hand_of_many_lines_past_the_limit_is_refused_from_its_start_alone() -> None:
    # Before: the splitter held every line of the hand (a 100 MB hand of short lines:
    # all of it) before the reader refused it.
    trick = "1. 1: SA 2: S3 3: S4 4: S5\n"
    lines = ['[Event "long"]\n', "\n", *[trick] * (2 * MAX_HAND_CHARS // len(trick))]
    good = ['[Event "next"]\n', "\n", trick]
    chunks = list(iter_chunks([*lines, *good]))
    assert [first for first, _ in chunks] == [1, len(lines) + 1]
    assert MAX_HAND_CHARS < len(chunks[0][1]) <= MAX_HAND_CHARS + len(trick)
    assert "".join(lines).startswith(chunks[0][1]) and chunks[1][1] == "".join(good)
    record = parse("".join([*lines, *good]), "long.psn")
    assert [(e.line, e.column) for e in record.errors] == [(1, 1)]
    assert f"more than {MAX_HAND_CHARS:,} characters" in record.errors[0].message
    assert [h.header("Event") for h in record.hands] == ["next"]


def test_a_comment_left_open_is_given_up_on_within_a_hand_s_length_not_at_the_end() -> None:
    # Before: a "{" never closed made the splitter read to the end of the file (50 MB of
    # hands, held in memory) to learn that no "}" follows.
    hand = ['[Event "h"]\n', "\n", "1. 1: SA 2: S3 3: S4 4: S5\n"]
    read = 0

    def lines() -> Iterator[str]:
        nonlocal read
        for line in ['[Event "a"]\n', "\n", "1. 1: SA {never closed\n", *hand * 100_000]:
            read += len(line)
            yield line

    chunks = iter_chunks(lines())
    first, second = next(chunks), next(chunks)
    assert read < 2 * MAX_HAND_CHARS  # not the 4 MB after it
    assert first == (1, '[Event "a"]\n\n1. 1: SA {never closed\n') and second == (4, "".join(hand))
    assert [n for n, _ in islice(chunks, 3)] == [7, 10, 13]  # the hands after, as usual


# Lines a file may hold: headers, moves, blank lines, comments opened and closed on
# other lines, or never; long lines.
SPLIT_LINES = st.lists(
    st.sampled_from(['[Event "x"]\n', "\n", "1. 1: SA\n", "1. 1: SA {a\n", "b}\n", "c} {d\n",
                     "{e}\n", "[%x\n", "S5 " * 9 + "\n", "{" + "z" * 30 + "\n", "  \n"]),
    max_size=60,
)  # fmt: skip


@settings(max_examples=300, deadline=None, derandomize=True)
@given(SPLIT_LINES)
def test_the_splitter_holds_no_more_of_a_hand_than_the_limit_and_a_line(lines: list[str]) -> None:
    # With a limit of 40 characters: a hand is cut after the line that passes it, and
    # what is kept is where the file says; where no hand reaches the limit, the limit
    # changes nothing.
    import notation.psn.split as split

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(split, "MAX_HAND_CHARS", 10**9)
        unbounded = list(iter_chunks(lines))
        patch.setattr(split, "MAX_HAND_CHARS", 40)
        bounded = list(iter_chunks(lines))
    longest = max(map(len, lines), default=0)
    firsts = [first for first, _ in bounded]
    assert firsts == sorted(set(firsts))
    for first, text in bounded:
        assert len(text) <= 40 + longest
        assert "".join(lines[first - 1 :]).startswith(text)
    if all(len(text) <= 40 for _, text in unbounded):
        assert bounded == unbounded


def test_a_comment_in_two_languages_is_read_in_the_reader_s() -> None:
    hand = parse_hand(
        '[Event "t"]\n\n1. 1: SA {[%clk 0:00:05] [%lang zh] 好牌：♠A 最大。 '
        "[%lang en] Good: the ♠A is the highest.} 2: S3 3: S4 4: S5\n"
    )
    (comment,) = hand.tricks[0].plays[0].comments
    assert comment.remark_in("zh") == "好牌：♠A 最大。"
    assert comment.remark_in("en") == "Good: the ♠A is the highest."
    assert comment.remark_in("zh-CN") == comment.remark_in("zh")
    assert comment.remark_in("fr") == "好牌：♠A 最大。"  # the first language given
    assert [c.name for c in comment.commands] == ["clk", "lang", "lang"]
    # One language only, or none marked: the whole remark, whatever the reader's.
    plain = parse_hand('[Event "t"]\n\n1. 1: SA {[%eval 30] just text} 2: S3 3: S4 4: S5\n')
    assert plain.tricks[0].plays[0].comments[0].remark_in("zh") == "just text"
    # Kept exactly: written back as read.
    assert write_hand(hand).count("[%lang zh] 好牌：♠A 最大。 [%lang en] Good") == 1


def test_every_bundled_example_comment_has_its_chinese_and_its_english() -> None:
    from notation.findings import CATALOGUE
    from notation.resources import examples_dir
    from tests.test_messages import english_in

    codes = re.compile("|".join(sorted(map(re.escape, CATALOGUE), key=len, reverse=True)))

    seen = 0
    for path in sorted(examples_dir().rglob("*.psn")):
        for text in re.findall(r"\{([^}]*)\}", path.read_text(encoding="utf-8")):
            comment = Comment(text)
            if any(c.name == "engine" for c in comment.commands) or not comment.remark:
                continue  # the analysis's: put into words by the viewer
            seen += 1
            zh, en = comment.remark_in("zh"), comment.remark_in("en")
            prose = codes.sub(" ", zh)  # finding codes (deal-count) are the validator's names
            assert english_in(prose) is None and re.search(r"[\u4e00-\u9fff]", zh), (path, zh)
            assert en != zh and english_in(en) is not None, (path, en)
    assert seen > 150


def test_a_header_in_another_language_is_read_by_a_reader_of_that_language() -> None:
    hand = parse_hand('[Event "Teaching: ruffs"]\n[Event_zh "教学：毙牌"]\n\n1. 1: SA 2: S3\n')
    assert hand.header_in("Event", "zh") == "教学：毙牌"
    assert hand.header_in("Event", "zh-CN") == "教学：毙牌"
    assert hand.header_in("Event", "en") == "Teaching: ruffs" == hand.header("Event")
    assert hand.header_in("Site", "zh") is None
    # Every bundled example names its event, and its site, in Chinese too.
    from notation.resources import examples_dir
    from tests.test_messages import english_in

    for path in sorted(examples_dir().rglob("*.psn")):
        for each in parse(path.read_text(encoding="utf-8")).hands:
            for tag in ("Event", "Site"):
                zh = each.header_in(tag, "zh")
                assert zh and zh != each.header(tag), (path, tag)
                assert english_in(zh) is None and re.search(r"[\u4e00-\u9fff]", zh), (path, zh)
