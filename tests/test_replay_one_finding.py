"""One mistake, one finding: a rejected bid, bury or fallback, a typed card, a mistyped
header must each be reported once, and never change the state the rest of the hand is
judged under (a referee must not drown in false errors)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from notation.findings import Finding
from notation.presets import ruleset_from_text
from notation.psn import (
    BidKind,
    BidNode,
    Deal,
    Deck,
    Fallback,
    Hand,
    Header,
    KittyExchange,
    Side,
    parse,
    write,
)
from notation.replay import replay
from notation.rules.cards import Card, parse_card
from notation.simulate import simulate_hand, simulate_match
from notation.validate import validate_text


def codes(hand: Hand) -> list[tuple[str, int | None]]:
    text = write(hand)
    record = parse(text)
    assert not record.errors, record.errors
    found = replay(record.hands[0]).findings
    return [(f.code, f.seat) for f in found if f.code != "unchecked"]


def without_header(hand: Hand, tag: str) -> Hand:
    return replace(hand, headers=tuple(h for h in hand.headers if h.tag != tag))


def dealt(hand: Hand, seat: int) -> list[Card]:
    deck = hand.deal
    assert deck is not None and hasattr(deck, "first")
    return [c for c in deck.cards[(seat - deck.first) % 4 : 100 : 4] if isinstance(c, Card)]


def weak_counters(preset: str) -> Iterator[tuple[Hand, BidNode]]:
    """Simulated later hands declared with one card, and a single rank card of the lowest
    suit that another seat was dealt: under match-a (♠ > ♥ > ♦ > ♣) it cannot counter."""
    for seed in range(60):
        hand = simulate_hand(preset, seed=seed, dealer=1)
        bids = [e for e in hand.auction if isinstance(e, BidNode)]
        if not bids or len(bids[0].cards) != 1 or bids[0].cards[0].suit is None:
            continue
        declared = bids[0]
        low = parse_card(f"C{declared.cards[0].rank.value}")
        if declared.cards[0].suit is low.suit:
            continue
        for seat in (2, 3, 4):
            if seat != declared.seat and low in dealt(hand, seat):
                yield hand, BidNode(BidKind.COUNTER, seat, (low,))
                break


def with_counter(hand: Hand, counter: BidNode) -> Hand:
    auction = list(hand.auction)
    at = next(i for i, e in enumerate(auction) if isinstance(e, BidNode)) + 1
    auction.insert(at, counter)
    return replace(hand, auction=tuple(auction))


@pytest.mark.parametrize("keep_trump_header", [True, False])
def test_a_counter_too_weak_is_reported_and_does_not_change_the_trump(
    keep_trump_header: bool,
) -> None:
    # match-a: a single ♣ cannot counter a single of another suit (000§2 四). The players
    # went on under the declared trump: only the counter is wrong.
    checked = 0
    for hand, counter in weak_counters("match-a"):
        changed = with_counter(hand, counter)
        if not keep_trump_header:
            changed = without_header(changed, "Trump")
        assert codes(changed) == [("bid-too-weak", counter.seat)]
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_without_a_trump_header_a_rejected_counter_the_players_followed_is_taken() -> None:
    # qq first hand: seat 4's ♦2♦2 cannot counter ♥2♥2, but the players went on with ♦
    # trump and seat 4 dealing (反主反打). With no Trump or Dealer header, the record's
    # own play (who buried, who led, what was followed) shows which state they played
    # under: the counter is the only finding.
    path = Path(__file__).parent / "data" / "weak_counter_first_hand.psn"
    record = parse(path.read_text(encoding="utf-8"))
    hand = without_header(record.hands[0], "Trump")
    assert codes(hand) == [("bid-too-weak", 4)]


def _finding(hand: Hand, code: str) -> Finding:
    record = parse(write(hand))
    return next(f for f in replay(record.hands[0]).findings if f.code == code)


def test_a_fallback_the_rules_do_not_give_is_one_finding_when_the_players_followed_it() -> None:
    # The table turned the kitty's 2nd card (a house habit); qq turns the 3rd (000§6.二.3).
    # The Trump header says what they played under: the fallback is the one finding.
    house = ruleset_from_text("base: qq\nname: second-card\nbidding:\n  fallback_kitty_card: 2\n")
    checked = 0
    for seed in range(300):
        hand = simulate_hand(house, seed=seed, dealer=1)
        fallback = next((e for e in hand.auction if isinstance(e, Fallback)), None)
        if fallback is None:
            continue
        deck = hand.deal
        assert isinstance(deck, Deck)
        kitty = deck.cards[100:]
        if kitty[1].suit == kitty[2].suit or None in (kitty[1].suit, kitty[2].suit):
            continue
        headers = (*(h for h in hand.headers if h.tag != "Rules"), Header("Rules", "qq"))
        result = replace(hand, headers=headers, result=None)
        assert codes(result) == [("fallback", None)]
        checked += 1
        if checked == 2:
            return
    raise AssertionError(f"only {checked} hands to test")


def test_a_bury_of_too_many_cards_is_one_finding() -> None:
    # The dealer buries nine cards and so has none left for the last trick: one mistake.
    # The kitty-size finding says what it leaves (多牌少牌), and the rule set's
    # consequence for a wrong card count still applies to the result.
    for seed in range(200):
        hand = simulate_hand("match-a", seed=seed, dealer=1)
        last = hand.tricks[-1]
        mine = last.plays[-1]  # the dealer plays last: nobody else's turn moves
        shown = [p.attempted or p.cards for t in hand.tricks[:-1] for p in t.plays if p.seat == 1]
        elsewhere = [c for cards in shown for c in cards]
        if mine.seat != 1 or len(mine.cards) != 1 or mine.cards[0] in elsewhere:
            continue
        auction = tuple(
            replace(e, buried=(*e.buried, mine.cards[0])) if isinstance(e, KittyExchange) else e
            for e in hand.auction
        )
        tricks = (
            *hand.tricks[:-1],
            replace(last, plays=tuple(p for p in last.plays if p is not mine)),
        )
        changed = replace(hand, auction=auction, tricks=tricks, result=None)
        assert codes(changed) == [("kitty-size", 1)]
        record = parse(write(changed))
        finding = replay(record.hands[0]).findings[0]
        assert "24" in finding.message
        assert str(replay(record.hands[0]).computed.outcome) == "defenders +1"  # 000§2 八
        return
    raise AssertionError("no hand to test")


def test_a_bury_without_a_trump_says_why_and_not_that_there_is_no_dealer() -> None:
    text = '[Rules "qq"]\n[Levels "5 5"]\n[Dealer "1"]\n\nbury 1: S3 S4 S6 S7 D2 D3 C4 C4\n'
    (hand,) = parse(text).hands
    (finding,) = [f for f in replay(hand).findings if f.code == "kitty-seat"]
    assert "no dealer" not in finding.message
    assert "declared" in finding.message


def test_a_defender_declaring_at_the_dealers_rank_is_one_finding_that_says_what_then() -> None:
    # match-b, a later hand (谁亮主谁坐庄): seat 3, a defender, declares ♠2 with the little
    # joker at the dealer's rank 2, where its side declares at its own rank 3. The rules
    # refuse it; nobody else declares, and the dealer buries all the same. The bury does
    # not get a second finding: the refused declaration says what the rules then required.
    source = Path(__file__).parent.parent / "examples/teaching/17-kitty-match-b-pair.psn"
    lines = source.read_text(encoding="utf-8").splitlines()
    deck = next(line for line in lines if line.startswith("deck")).split()[2:]
    kept = [
        line
        for line in lines
        if line.startswith("[") and not line.startswith(("[Hand", "[Levels", "[Trump", "[Res"))
    ]
    headers = [*kept, '[Hand "2"]', '[Dealer "2"]', '[Levels "3 2"]']
    auction = ["declare 3: LJ S2", f"bury 2: {' '.join(deck[100:])}"]
    text = "\n".join([*headers, "", f"deck 1: {' '.join(deck)}", *auction, ""])
    (hand,) = parse(text).hands
    (finding,) = replay(hand).findings
    assert (finding.code, finding.seat) == ("bid-cards", 3)
    assert "own rank, 3" in finding.message
    assert "draw from the kitty for a dealer, or a redeal" in finding.message
    assert "抽牌定庄" in finding.message_in("zh")


def without_deal(hand: Hand) -> Hand:
    return replace(hand, deal=None)


def spade_singles(hand: Hand, seat: int) -> list[tuple[int, int]]:
    """(trick index, place) of ``seat``'s single plain spades (not the trump rank 2)."""
    return [
        (i, j)
        for i, trick in enumerate(hand.tricks)
        for j, p in enumerate(trick.plays)
        if p.seat == seat
        and len(p.cards) == 1
        and p.attempted is None
        and p.cards[0].suit is not None
        and p.cards[0].suit.value == "S"
        and p.cards[0].rank.value not in ("2", "A")
    ]


def with_card(hand: Hand, at: tuple[int, int], card: Card) -> Hand:
    tricks = list(hand.tricks)
    trick = tricks[at[0]]
    plays = list(trick.plays)
    plays[at[1]] = replace(plays[at[1]], cards=(card,))
    tricks[at[0]] = replace(trick, plays=tuple(plays))
    return replace(hand, tricks=tuple(tricks))


def test_a_third_copy_of_a_card_is_found_without_a_deal() -> None:
    # Seat 1 plays ♠A five times: two decks hold two, so the third, fourth and fifth are
    # impossible (a typo, ♠A for ♠K). Each is found where it is played, and the trick
    # is then judged with that card unknown: no wrong winner follows from the typo.
    ace = parse_card("SA")
    for seed in range(100):
        hand = without_deal(simulate_hand("qq", seed=seed, dealer=1))
        # The two real ♠As played apart (a pair of them is one play: one finding).
        aces = [p for t in hand.tricks for p in t.plays if ace in p.cards]
        # Tricks seat 1 won with its spade: ♠A there wins them too, the next leader stays.
        spots = [
            (i, j)
            for i, j in spade_singles(hand, 1)
            if hand.tricks[i + 1 :][:1] and hand.tricks[i + 1].plays[0].seat == 1
        ]
        if len(aces) != 2 or any(p.cards.count(ace) != 1 for p in aces) or len(spots) < 3:
            continue
        for at in spots[:3]:
            hand = with_card(hand, at, ace)
        # The third, fourth and fifth ♠A, in playing order, are the impossible ones.
        played = [p.seat for t in hand.tricks for p in t.plays if ace in p.cards]
        found = codes(replace(hand, result=None))
        assert found == [("card-copies", seat) for seat in played[2:]], found
        record = parse(write(hand))
        first_copy = next(f for f in replay(record.hands[0]).findings if f.code == "card-copies")
        assert "♠A" in first_copy.message and "a third ♠A" in first_copy.message
        return
    raise AssertionError("no hand to test")


def test_a_seat_that_plays_past_its_hand_is_found_at_that_play() -> None:
    # Without a deal, a 26th trick cannot be: every seat has played its 25 cards.
    hand = without_deal(simulate_hand("qq", seed=5, dealer=1))
    last = hand.tricks[-1]
    extra = replace(last, number=last.number + 1)
    record = parse(write(replace(hand, tricks=(*hand.tricks, extra), result=None)))
    found = [f for f in replay(record.hands[0]).findings if f.code == "hand-count"]
    assert [f.seat for f in found] == [p.seat for p in extra.plays]
    assert {f.trick for f in found} == {extra.number}


THROW = '[Rules "qq"]\n[Levels "2 2"]\n[Dealer "1"]\n[Trump "H 2"]\n\n'


def notes(text: str) -> list[str]:
    (hand,) = parse(text).hands
    return [f.message for f in replay(hand).findings if f.code == "unchecked"]


def test_a_throw_nothing_unseen_can_beat_stood_without_a_note() -> None:
    # Both ♠A are in the throw: no card still out beats ♠K, whoever holds what.
    text = THROW + "1. 1: SA SA SK 2: S3 S4 S5 3: S6 S7 S8 4: S9 S10 SJ\n"
    assert notes(text) == []


def test_a_throw_stood_when_the_thrower_later_shows_both_beating_cards() -> None:
    # ♠K ♠K ♠Q thrown; only ♠A could beat them, and seat 1 plays both ♠A later.
    text = THROW + (
        "1. 1: SK SK SQ 2: S3 S4 S3 3: S6 S7 S6 4: S9 S10 S9\n2. 1: SA 2: S5 3: S8 4: SJ\n"
        "3. 1: SA 2: C3 3: C4 4: C5\n"
    )
    assert notes(text) == []


def test_a_throw_that_an_unseen_card_could_beat_says_which() -> None:
    text = THROW + "1. 1: SK SQ 2: S3 S4 3: S6 S7 4: S9 S10\n2. 1: SA 2: S5 3: S8 4: SJ\n"
    (note,) = notes(text)
    assert "cannot be known" in note and "♠A" in note


def test_a_complete_record_without_a_deal_knows_every_hand() -> None:
    # Each seat plays its whole hand, so what it plays from a trick on is what it holds
    # then: throws are judged exactly, with no "not fully known" note.
    for seed in range(6):
        hand = without_deal(simulate_hand("qq", seed=seed, dealer=1))
        record = parse(write(hand))
        result = replay(record.hands[0])
        assert [f.code for f in result.findings] == [], [f.message for f in result.findings]


def misdealt(preset: str) -> Hand | None:
    """A simulated hand written with its four dealt hands, in which one card of seat 3
    (the dealer's partner) was dealt to seat 4 instead: seat 3 has nothing to play in the
    last trick, seat 4 is left holding that card. Both sides held a wrong count."""
    for seed in range(200):
        hand = simulate_hand(preset, seed=seed, dealer=1)
        last = hand.tricks[-1]
        order = [p.seat for p in last.plays]
        if order[-2:] != [3, 4] or len(last.plays[2].cards) != 1:
            continue
        deck = hand.deal
        assert isinstance(deck, Deck)
        hands = [list(deck.cards[(s - deck.first) % 4 : 100 : 4]) for s in (1, 2, 3, 4)]
        moved = last.plays[2].cards[0]
        hands[2].remove(moved)
        hands[3].append(moved)
        deal = Deal(tuple(tuple(h) for h in hands), tuple(deck.cards[100:]))  # type: ignore[arg-type]
        tricks = (*hand.tricks[:-1], replace(last, plays=(*last.plays[:2], last.plays[3])))
        changed = replace(hand, deal=deal, tricks=tricks)
        # (Seat 4 must never have had to follow with the extra card: that is a revoke.)
        if not any(code.startswith("follow") for code, _ in codes(replace(changed, result=None))):
            return changed
    return None


def test_both_sides_with_a_wrong_count_the_result_is_checked_against_no_change() -> None:
    # match-a 000§2 八: both sides at fault → no level changes, the next hand is grabbed.
    # A recorded level change or next dealer is then wrong, and said so.
    hand = misdealt("match-a")
    assert hand is not None
    assert hand.result is not None
    # The points recorded as the play gives them (the moved card may have changed them).
    points = replay(parse(write(replace(hand, result=None))).hands[0]).computed.points
    assert points is not None
    wrong = replace(hand.result, points=points, side=Side.DEALER, levels=3, next_dealer=3)
    record = parse(write(replace(hand, result=wrong)))
    result = replay(record.hands[0])
    assert result.computed.outcome is None and result.computed.no_change
    found = [(f.code, f.seat) for f in result.findings if f.code != "unchecked"]
    assert found == [
        ("deal-count", 3),
        ("deal-count", 4),
        ("result-level", None),
        ("result-next-dealer", None),
    ], found
    level = next(f for f in result.findings if f.code == "result-level")
    assert "both sides" in level.message and "dealer +3" in level.message


def test_a_seat_with_no_card_left_is_skipped_in_turn_without_a_finding() -> None:
    hand = misdealt("match-a")
    assert hand is not None
    record = parse(write(replace(hand, result=None)))
    found = [f.code for f in replay(record.hands[0]).findings if f.code != "unchecked"]
    assert "out-of-turn" not in found


def match_with(preset: str, seed: int, index: int, tag: str, value: str) -> list[Hand]:
    hands = list(simulate_match(preset, seed=seed, max_hands=12))
    hand = hands[index]
    headers = tuple(Header(tag, value) if h.tag == tag else h for h in hand.headers)
    hands[index] = replace(hand, headers=headers)
    return hands


def test_a_mistyped_levels_header_in_a_match_is_one_finding() -> None:
    # Hand 4's Levels header is mistyped: the hand was played at the levels that follow
    # from hand 3, so it is replayed at them; the header is the one finding.
    hands = list(simulate_match("match-a", seed=3, max_hands=12))
    levels = next(h.value for h in hands[3].headers if h.tag == "Levels").split()
    wrong = "K" if levels[0] != "K" else "Q"
    changed = match_with("match-a", 3, 3, "Levels", f"{wrong} {levels[1]}")
    report = validate_text(write(changed), "match.psn")
    found = [(f.hand, f.code) for f in report.findings if f.is_error]
    assert found == [(4, "match-levels")], found


def test_a_mistyped_dealer_header_in_a_match_is_one_finding() -> None:
    hands = list(simulate_match("match-a", seed=3, max_hands=12))
    dealer = next(h.value for h in hands[3].headers if h.tag == "Dealer")
    wrong = str(int(dealer) % 4 + 1)
    changed = match_with("match-a", 3, 3, "Dealer", wrong)
    report = validate_text(write(changed), "match.psn")
    found = [(f.hand, f.code) for f in report.findings if f.is_error]
    assert found == [(4, "match-dealer")], found


LOG = Path(__file__).parent / "data" / "other_program.psn"  # a converted program's log


def log_findings(change: Callable[[str], str]) -> list[tuple[str, int | None, int | None]]:
    (hand,) = parse(change(LOG.read_text(encoding="utf-8"))).hands
    return [(f.code, f.trick, f.seat) for f in replay(hand).findings if f.code != "unchecked"]


def test_a_log_with_the_dealers_hand_after_the_pick_up_validates_clean() -> None:
    assert log_findings(lambda text: text) == []


def test_the_dealers_plays_are_checked_against_its_hand_after_the_pick_up() -> None:
    # Seat 3 (the dealer) held no ♥A after the pick-up: leading it is a card not held,
    # found only because the log gives the 33 cards (the deal leaves seat 3 out).
    found = log_findings(lambda text: text.replace("1. 3: HQ 4: HK", "1. 3: HA 4: HK"))
    assert ("not-held", 1, 3) in found


def test_a_bury_of_cards_not_in_the_hand_after_the_pick_up_is_found() -> None:
    found = log_findings(lambda text: text.replace("bury 3: S3 S4", "bury 3: HA S4"))
    assert ("kitty-not-held", None, 3) in found


def test_a_hand_after_the_pick_up_of_the_wrong_size_is_found() -> None:
    # The log dropped the dealer's ♥10: 32 cards after picking up the kitty, not 33.
    found = log_findings(lambda text: text.replace(" CQ C3 LJ C10 BJ H10", " CQ C3 LJ C10 BJ"))
    assert ("held-hand", None, 3) in found


def test_a_recorded_trick_winner_the_rules_do_not_give_is_one_finding() -> None:
    # The log says seat 2 took trick 1 (♥A won it, seat 1's). Seat 1 leads trick 2, as
    # the rules say: the claim is the one finding.
    found = log_findings(lambda text: text.replace("2: H3 won by 1", "2: H3 won by 2"))
    assert found == [("trick-winner", 1, 2)]


def test_a_table_that_followed_a_wrong_winner_is_one_finding() -> None:
    # The table gave trick 1 to seat 2 and seat 2 led trick 2: one mistake, one finding.
    def misjudged(text: str) -> str:
        text = text.replace("2: H3 won by 1", "2: H3 won by 2")
        return text.replace("2. 1: H4 2: H9 3: H5 4: H10", "2. 2: H9 3: H5 4: H10 1: H4")

    found = log_findings(misjudged)
    assert found[0] == ("trick-winner", 1, 2)
    assert "wrong-leader" not in [code for code, _, _ in found]
