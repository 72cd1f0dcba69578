"""Findings from short hand-written records: bids, headers, the fallback, a tractor revoke.

Each record is what a club secretary would type; every finding is checked for its code,
trick, seat, line and column.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from notation.findings import Finding
from notation.psn import Header, parse, write
from notation.replay import replay
from tests.test_replay import reread, sims, where

FIRST_HAND = '[Rules "qq"]\n[Levels "2 2"]\n\n'  # no Dealer: the first to declare deals


def findings(text: str, rules: str | None = None) -> list[Finding]:
    record = parse(text)
    assert not record.errors, record.errors
    return [f for f in replay(record.hands[0], rules).findings if f.code != "unchecked"]


def one(text: str, code: str) -> Finding:
    found = [f for f in findings(text) if f.code == code]
    assert found, [f.code for f in findings(text)]
    return found[0]


def test_a_counter_too_weak_for_the_bid_before() -> None:
    # qq: equal shapes counter by suit order BJ > LJ > ♠ > ♥ > ♣ > ♦ (000§6.四.3)
    text = FIRST_HAND + "declare 1: H2\ncounter 2: C2 C2\ncounter 3: D2 D2\n"
    f = one(text, "bid-too-weak")
    assert (f.seat, f.trick) == (3, None)
    assert (f.line, f.column) == where(text, "counter 3")
    assert f.clause is not None and "000§6" in f.clause.ref


def test_a_counter_by_the_declarer_of_their_own_bid() -> None:
    text = FIRST_HAND + "declare 1: H2\ncounter 1: S2 S2\n"
    f = one(text, "bid-self")
    assert f.seat == 1 and (f.line, f.column) == where(text, "counter 1")


def test_a_single_card_cannot_counter_in_qq() -> None:
    text = FIRST_HAND + "declare 1: H2\ncounter 2: S2\n"
    f = one(text, "bid-cards")
    assert f.seat == 2 and (f.line, f.column) == where(text, "counter 2")


def test_a_counter_during_the_deal_of_a_later_hand_is_outside_its_window() -> None:
    # qq later hands: counters come after the bury (炒底, 000§6.四.2)
    text = '[Rules "qq"]\n[Levels "5 5"]\n[Dealer "1"]\n\ndeclare 2: H5\ncounter 3: S5 S5\n'
    f = one(text, "bid-window")
    assert f.seat == 3 and (f.line, f.column) == where(text, "counter 3")


def test_only_the_declarer_may_reinforce_in_qq() -> None:
    text = FIRST_HAND + "declare 1: H2\nreinforce 3: H2\n"
    f = one(text, "reinforce")
    assert f.seat == 3 and (f.line, f.column) == where(text, "reinforce 3")


def test_jokers_alone_cannot_declare() -> None:
    text = FIRST_HAND + "declare 1: BJ BJ\n"
    f = one(text, "bid-cards")
    assert f.seat == 1


def test_trump_header_that_contradicts_the_bidding() -> None:
    text = '[Rules "qq"]\n[Levels "2 2"]\n[Trump "S 2"]\n\ndeclare 1: H2\n'
    f = one(text, "trump-header")
    assert "♥2" in f.message and "♠2" in f.message


def test_fallback_kitty_card_must_be_the_third() -> None:
    deal = "deal\n" + "".join(f"{s}: " + " ".join(["??"] * 25) + "\n" for s in (1, 2, 3, 4))
    text = (
        '[Rules "qq"]\n[Levels "5 5"]\n[Dealer "1"]\n\n'
        + deal
        + "kitty: D3 C4 S7 H8 H9 D10 CJ CQ\nfallback kitty H8\n"
    )
    f = one(text, "fallback")
    assert (f.line, f.column) == where(text, "fallback kitty")


def test_a_header_that_cannot_be_read() -> None:
    # The reader keeps the hand; the replay reports the header at its place. A hand built
    # by a program (or imported from JSON) is checked the same way.
    text = '[Rules "qq"]\n[Levels "two two"]\n\n1. 1: SA 2: S3 3: S4 4: S5\n'
    (read,) = parse(text).hands
    (error,) = [f for f in replay(read).findings if f.code == "bad-header"]
    assert "Levels" in error.message and (error.line, error.column) == (2, 1)
    hand = sims()[0]
    headers = tuple(Header("Levels", "two two") if h.tag == "Levels" else h for h in hand.headers)
    f = next(f for f in replay(replace(hand, headers=headers)).findings if f.code == "bad-header")
    assert "Levels" in f.message


def test_a_tractor_revoke_is_proven_by_the_pairs_played_later() -> None:
    # Seat 2 answers a hearts tractor with a pair and singles, then shows 7 7 6 6 5 5.
    text = (
        '[Rules "qq"]\n[Levels "2 2"]\n[Dealer "1"]\n[Trump "S 2"]\n\n'
        "1. 1: H3 H3 H4 H4 2: H5 H5 H9 H10 3: C3 C4 C5 C6 4: D3 D4 D5 D6\n"
        "2. 1: C8 2: CA 3: C9 4: C10\n"
        "3. 2: H7 H7 H6 H6 3: C7 C7 CJ CQ 4: D7 D7 D8 D8 1: S3 S3 S4 S4\n"
    )
    f = findings(text)[0]
    assert (f.code, f.trick, f.seat) == ("follow-tractor", 1, 2)
    assert (f.line, f.column) == where(text, "2: H5")
    assert "tractor" in f.message


def test_a_player_with_a_card_too_few() -> None:
    hand = sims()[0]
    tricks = list(hand.tricks)
    last = tricks[-1]
    fourth = last.plays[3]
    if len(fourth.cards) == 1:
        tricks[-1] = replace(last, plays=last.plays[:3])  # seat 4th to play has no card left
    else:
        shorter = replace(fourth, cards=fourth.cards[:-1])
        tricks[-1] = replace(last, plays=(*last.plays[:3], shorter))
    text, changed = reread(replace(hand, tricks=tuple(tricks)))
    codes = [(f.code, f.seat) for f in replay(changed).findings]
    # A play one card short is said where it is made (wrong-count); a play missing
    # altogether shows at the end (hand-count). Either way one finding, not two.
    assert codes in ([("hand-count", fourth.seat)], [("wrong-count", fourth.seat)])
    assert write(changed) == text


def test_an_illegal_first_hand_counter_is_reported_once_and_the_hand_goes_on() -> None:
    # qq: ♦ is below ♣, so seat 4's ♦2♦2 cannot counter ♣2♣2; the players went on as if
    # it had, seat 4 dealing (反主反打). Only the counter is wrong; nothing after it.
    path = Path(__file__).parent / "data" / "weak_counter_first_hand.psn"
    text = path.read_text(encoding="utf-8")
    codes = [(f.code, f.seat) for f in findings(text)]
    assert codes == [("bid-too-weak", 4)]


def test_wrong_card_counts_change_the_result_as_the_rule_set_says() -> None:
    # match-a (000§2 八): the defenders held too many and too few cards, so the dealer
    # side goes up one level, whatever the cards gave (40 points would be dealer +2).
    path = Path(__file__).parents[1] / "examples" / "disputes" / "07-wrong-card-count.psn"
    result = replay(parse(path.read_text(encoding="utf-8")).hands[0])
    assert result.computed.points == 40
    assert str(result.rules.outcome(40)) == "dealer +2"
    assert str(result.computed.outcome) == "dealer +1"
    # The misdeal is said once per seat; what it leads to at the end is not said again.
    assert [(f.code, f.seat) for f in result.findings] == [("deal-count", 2), ("deal-count", 4)]


def test_a_draw_count_past_the_deal_is_a_finding_not_a_crash() -> None:
    # 100 cards are drawn (25 a seat): "@101" cannot be. The bid is then taken without it.
    text = FIRST_HAND + "declare 1: H2 @101\n1. 1: SA 2: S3 3: S4 4: S5\n"
    found = one(text, "bid-window")
    assert (found.line, found.column, found.seat) == (4, 1, 1)
    assert found.message == (
        "Seat 1's declaration is not allowed: the draw count is 0..100 (cards dealt), not 101."
    )


# seat 1 draws the 1st, 5th, 9th... card: its ♠2s are the 5th and the 65th
DECK_TWO_S2 = (
    "deck 1: HQ DJ S5 H8 S2 D7 HK D10 C3 C5 D3 H4 CK D4 D5 H5 C6 DK S10 H2 HJ D4 CJ BJ CK D6 "
    "SQ DA HA H10 S4 D10 D8 H2 DJ C2 C6 C9 C7 CJ H8 S8 C7 C10 S5 S6 DK C4 C10 C4 S7 H3 CA HK "
    "S6 H7 C8 H9 D9 H4 H10 HJ LJ SJ S2 D9 SK S3 S9 DQ SA S4 D7 H5 C2 D3 S3 LJ C5 H6 S8 D5 SJ "
    "CQ D2 H7 HQ H3 C8 HA SA D2 CQ H6 SQ C3 H9 D8 S9 CA DA S10 SK C9 S7 BJ D6 DQ\n"
)


def test_reinforcing_with_one_card_needs_the_second_copy_drawn() -> None:
    # 上保险 (000§6.四.4): the declarer shows the pair; "reinforce 1: S2" after declaring
    # ♠2 shows the second ♠2, which seat 1 draws only with the 65th card.
    early = FIRST_HAND + DECK_TWO_S2 + "declare 1: S2 @29\nreinforce 1: S2 @53\n"
    f = one(early, "bid-not-drawn")
    assert (f.seat, f.line) == (1, where(early, "reinforce 1")[0])
    assert "♠2" in f.message
    for late in ("reinforce 1: S2 @70\n", "reinforce 1: S2 S2 @70\n"):
        text = FIRST_HAND + DECK_TWO_S2 + "declare 1: S2 @29\n" + late
        assert not [f for f in findings(text) if f.code.startswith("bid")]


def test_simulated_bots_reinforce_only_with_the_pair_in_hand() -> None:
    reinforced = 0
    for hand in sims("qq", 40):
        reinforced += any(b.kind.value == "reinforce" for b in hand.auction if hasattr(b, "kind"))
        assert not [f for f in replay(hand).findings if f.code.startswith("bid")]
    assert reinforced  # the check met some reinforcements
