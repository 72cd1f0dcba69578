"""Bidding: declare, reinforce, counter, their windows, and the fallback when nobody declares."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import get_type_hints

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.presets import load_ruleset
from notation.rules.bidding import (
    AlreadyDeclared,
    Bid,
    BidChanges,
    BidError,
    BidKind,
    BidPhase,
    BidState,
    JokersCannotDeclare,
    NoDirectNoTrump,
    NotABid,
    NothingToCounter,
    NotRankCard,
    OutOfTurn,
    OutsideWindow,
    ReinforceMismatch,
    ReinforceNotAllowed,
    SelfCounter,
    ShapeNotAllowed,
    Showing,
    TooWeak,
    apply_fallback,
    bid,
    bury,
    can_bid,
    classify_bid,
    end_deal,
    fallback_trump,
    start_play,
    verify_bid,
)
from notation.rules.cards import Rank, Suit, parse_card, parse_cards
from notation.rules.clauses import Rule
from notation.rules.ruleset import BidShape, CounterWindow, Ruleset

QQ = load_ruleset("qq")
MATCH_A = load_ruleset("match-a")
MATCH_B = load_ruleset("match-b")
TRACTOR = load_ruleset("tractor")
SEED_001 = load_ruleset("seed-001")


def bidding(rules: Ruleset, **changes: object) -> Ruleset:
    return replace(rules, bidding=replace(rules.bidding, **changes))


def play(rules: Ruleset, state: BidState, *bids: str) -> BidState:
    """``state`` after bids written like ``"1 declare H2"``."""
    for text in bids:
        state = bid(rules, state, Bid.parse(text))
    return state


def first_hand(rank: Rank = Rank.TWO) -> BidState:
    return BidState.start(rank)


def later_hand(dealer: int = 1, rank: Rank = Rank.TWO) -> BidState:
    return BidState.start(rank, dealer)


def refused(rules: Ruleset, state: BidState, text: str, error: type[BidError]) -> BidError:
    new = Bid.parse(text)
    assert not can_bid(rules, state, new)
    with pytest.raises(error) as info:
        verify_bid(rules, state, new)
    return info.value


# ---------------------------------------------------------------------------- declaring


def test_first_to_declare_deals_the_first_hand() -> None:
    state = play(QQ, first_hand(), "3 declare H2")
    assert state.dealer == 3
    assert state.declarer == 3
    assert state.kitty_holder == 3
    assert state.trump(QQ) == QQ.trump(Rank.TWO, Suit.HEARTS)


def test_declaring_in_a_later_hand_keeps_the_dealer() -> None:
    state = play(QQ, later_hand(dealer=1), "2 declare S2")
    assert (state.dealer, state.declarer, state.suit) == (1, 2, Suit.SPADES)


def test_nothing_declared_means_no_trump_yet() -> None:
    assert first_hand().trump(QQ) is None
    assert not first_hand().decided


def test_jokers_alone_cannot_declare() -> None:
    refused(QQ, first_hand(), "1 declare BJ", JokersCannotDeclare)


def test_a_card_of_another_rank_cannot_declare() -> None:
    error = refused(QQ, first_hand(), "1 declare H3", NotRankCard)
    assert str(error) == "♥3 is not a card of the trump rank 2"


def test_pair_of_jokers_cannot_declare_no_trump_directly() -> None:
    refused(MATCH_B, first_hand(), "1 declare BJ BJ", NoDirectNoTrump)
    refused(QQ, first_hand(), "1 declare LJ LJ", NoDirectNoTrump)


def test_direct_no_trump_when_the_rule_set_allows_it() -> None:
    rules = bidding(QQ, direct_no_trump=True, declare_with=(BidShape.SINGLE, BidShape.TWO_JOKERS))
    state = play(rules, first_hand(), "2 declare LJ LJ")
    assert state.trump(rules) == rules.trump(Rank.TWO, None)


def test_qq_declares_with_a_single_card_only() -> None:
    refused(QQ, first_hand(), "1 declare H2 H2", ShapeNotAllowed)


def test_seed_001_may_declare_with_a_pair() -> None:
    state = play(SEED_001, first_hand(), "1 declare H2 H2")
    assert state.showing is not None and state.showing.shape is BidShape.PAIR


def test_a_second_declaration_must_be_a_counter() -> None:
    state = play(QQ, first_hand(), "1 declare H2")
    refused(QQ, state, "2 declare S2", AlreadyDeclared)


def test_match_b_declares_with_a_joker_and_a_rank_card_of_its_colour() -> None:
    play(MATCH_B, first_hand(), "1 declare BJ H2")
    play(MATCH_B, first_hand(), "1 declare BJ D2")
    play(MATCH_B, first_hand(), "1 declare LJ C2")
    error = refused(MATCH_B, first_hand(), "1 declare BJ S2", NotABid)
    assert "big joker goes with ♥ or ♦" in str(error)
    refused(MATCH_B, first_hand(), "1 declare H2", ShapeNotAllowed)


# ---------------------------------------------------------------------------- countering


def test_pair_of_jokers_counters_to_no_trump() -> None:
    state = play(QQ, first_hand(), "1 declare H2", "2 counter LJ LJ")
    assert state.suit is None
    assert state.trump(QQ) == QQ.trump(Rank.TWO, None)
    assert state.counters == 1


def test_big_jokers_beat_little_jokers() -> None:
    state = play(QQ, first_hand(), "1 declare H2", "2 counter LJ LJ", "3 counter BJ BJ")
    assert state.showing is not None and state.showing.seat == 3
    state = play(QQ, first_hand(), "1 declare H2", "2 counter BJ BJ")
    refused(QQ, state, "3 counter LJ LJ", TooWeak)


def test_jokers_beat_any_suit_pair() -> None:
    state = play(QQ, first_hand(), "1 declare H2", "2 counter S2 S2")
    assert can_bid(QQ, state, Bid.parse("3 counter LJ LJ"))


def test_declarer_cannot_counter_themselves() -> None:
    state = play(QQ, first_hand(), "1 declare H2")
    error = refused(QQ, state, "1 counter S2 S2", SelfCounter)
    assert error.rule is Rule.COUNTER


def test_declarer_may_counter_after_someone_else_has() -> None:
    state = play(QQ, first_hand(), "1 declare D2", "2 counter C2 C2", "1 counter S2 S2")
    assert state.showing is not None and state.showing.seat == 1


def test_tractor_declarer_may_counter_themselves() -> None:
    state = play(TRACTOR, first_hand(Rank.TEN), "1 declare H10", "1 counter S10 S10")  # 自反
    assert state.suit is Suit.SPADES


def test_a_single_cannot_counter_in_qq() -> None:
    state = play(QQ, first_hand(), "1 declare H2")
    refused(QQ, state, "2 counter S2", ShapeNotAllowed)


def test_more_cards_beat_fewer() -> None:
    state = play(QQ, first_hand(), "1 declare S2")
    assert can_bid(QQ, state, Bid.parse("2 counter D2 D2"))  # a ♦ pair beats a ♠ single


def test_higher_suit_pair_counters_a_lower_one() -> None:
    state = play(QQ, first_hand(), "1 declare D2", "2 counter H2 H2", "3 counter S2 S2")
    assert state.suit is Suit.SPADES


def test_lower_suit_pair_is_too_weak() -> None:
    state = play(QQ, first_hand(), "1 declare D2", "2 counter H2 H2")
    error = refused(QQ, state, "3 counter C2 C2", TooWeak)
    assert str(error) == "♣2 ♣2 does not beat ♥2 ♥2"


def test_suit_order_puts_clubs_over_diamonds_in_qq_and_under_in_match_a() -> None:
    # 000§6.四.3: 黑桃>红桃>梅花>方片; 000§2 四: 黑、红、方、梅.
    qq = play(QQ, first_hand(), "1 declare H2", "2 counter D2 D2")
    assert can_bid(QQ, qq, Bid.parse("3 counter C2 C2"))
    match_a = play(MATCH_A, first_hand(), "1 declare H2", "2 counter D2 D2")
    assert not can_bid(MATCH_A, match_a, Bid.parse("3 counter C2 C2"))
    assert can_bid(MATCH_A, play(MATCH_A, first_hand(), "1 declare C2"), Bid.parse("2 counter D2"))


def test_match_a_single_counters_a_lower_single() -> None:
    state = play(MATCH_A, first_hand(), "1 declare C2", "2 counter S2")  # 依黑、红、方、梅次序反
    assert state.suit is Suit.SPADES


def test_first_pair_shown_stands_in_tractor() -> None:
    # 000§5: of 反主, 自反 and 对家保 the first shown stands; only 反无主 beats it.
    state = play(TRACTOR, first_hand(Rank.TEN), "1 declare D10", "2 counter H10 H10")
    refused(TRACTOR, state, "3 counter S10 S10", TooWeak)
    state = play(TRACTOR, state, "3 counter LJ LJ")
    assert state.suit is None


def test_match_b_counter_needs_a_joker_and_a_pair() -> None:
    state = play(MATCH_B, first_hand(), "1 declare BJ H2")
    refused(MATCH_B, state, "2 counter LJ S2", ShapeNotAllowed)
    refused(MATCH_B, state, "2 counter S2 S2", ShapeNotAllowed)
    state = play(MATCH_B, state, "2 counter LJ S2 S2")
    assert state.suit is Suit.SPADES
    refused(MATCH_B, state, "3 counter BJ D2 D2", TooWeak)  # no second counter of equal shape
    assert can_bid(MATCH_B, state, Bid.parse("3 counter BJ BJ"))


def test_counter_with_nothing_declared() -> None:
    refused(QQ, first_hand(), "1 counter S2 S2", NothingToCounter)


# ---------------------------------------------------------------------------- reinforcing


def test_reinforced_pair_can_only_be_countered_by_a_higher_suit_or_jokers() -> None:
    # 000§6.四.4 上保险: after a ♥ pair only ♠ and jokers can counter.
    state = play(QQ, first_hand(), "1 declare H2", "1 reinforce H2")
    assert state.showing is not None
    assert state.showing.shape is BidShape.PAIR and state.showing.seat == 1
    refused(QQ, state, "2 counter C2 C2", TooWeak)
    assert can_bid(QQ, state, Bid.parse("2 counter S2 S2"))
    assert can_bid(QQ, state, Bid.parse("2 counter LJ LJ"))


def test_reinforcement_may_show_the_whole_pair() -> None:
    state = play(QQ, first_hand(), "1 declare H2", "1 reinforce H2 H2")
    assert state.showing is not None and state.showing.cards == tuple(parse_cards("H2 H2"))


def test_partner_may_reinforce_in_tractor_but_not_in_qq() -> None:
    state = play(TRACTOR, first_hand(Rank.TEN), "1 declare H10", "3 reinforce H10")  # 对家保
    assert state.showing is not None and state.showing.shape is BidShape.PAIR
    state = play(QQ, first_hand(), "1 declare H2")
    error = refused(QQ, state, "3 reinforce H2", ReinforceNotAllowed)
    assert error.rule is Rule.REINFORCE


def test_an_opponent_cannot_reinforce() -> None:
    state = play(TRACTOR, first_hand(Rank.TEN), "1 declare H10")
    refused(TRACTOR, state, "2 reinforce H10", ReinforceNotAllowed)


def test_reinforcement_is_of_the_declared_suit() -> None:
    state = play(QQ, first_hand(), "1 declare H2")
    refused(QQ, state, "1 reinforce S2", ReinforceMismatch)


def test_no_reinforcing_when_nobody_may() -> None:
    rules = bidding(QQ, reinforce_by=())
    state = play(rules, first_hand(), "1 declare H2")
    error = refused(rules, state, "1 reinforce H2", ReinforceNotAllowed)
    assert "no reinforcing" in str(error)


def test_reinforce_with_limits_the_shape() -> None:
    rules = bidding(QQ, reinforce_with=(BidShape.TWO_JOKERS,))
    state = play(rules, first_hand(), "1 declare H2")
    refused(rules, state, "1 reinforce H2", ShapeNotAllowed)


def test_match_b_reinforces_by_adding_the_second_rank_card() -> None:
    state = play(MATCH_B, first_hand(), "1 declare BJ H2", "1 reinforce H2")  # 防反
    assert state.showing is not None and state.showing.shape is BidShape.JOKER_WITH_PAIR
    refused(MATCH_B, state, "2 counter LJ S2 S2", TooWeak)


def test_reinforce_needs_a_declaration() -> None:
    refused(QQ, first_hand(), "1 reinforce H2 H2", NothingToCounter)


# ---------------------------------------------------------------------------- windows


def test_first_hand_counter_becomes_dealer() -> None:
    state = play(QQ, first_hand(), "1 declare H2", "2 counter S2 S2")  # 反主反打
    assert state.dealer == 2 and state.kitty_holder == 2


def test_first_hand_counter_keeps_the_dealer_when_the_rule_set_says_so() -> None:
    rules = bidding(QQ, first_hand_counter_takes_deal=False)
    state = play(rules, first_hand(), "1 declare H2", "2 counter S2 S2")
    assert state.dealer == 1


def test_first_hand_counter_after_the_bury_is_too_late() -> None:
    state = bury(QQ, end_deal(play(QQ, first_hand(), "1 declare H2")))
    assert state.phase is BidPhase.CLOSED
    error = refused(QQ, state, "2 counter S2 S2", OutsideWindow)
    assert error.rule is Rule.BID_WINDOW
    # Play has not started: what closed the window was the pick-up of the kitty.
    assert "play has started" not in str(error) and "picked up the kitty" in str(error)


def test_later_hand_counter_waits_for_the_bury_in_qq() -> None:
    state = play(QQ, later_hand(dealer=1), "2 declare H2")
    error = refused(QQ, state, "3 counter S2 S2", OutsideWindow)
    assert "after the dealer has buried (炒底)" in str(error)
    state = bury(QQ, end_deal(state))
    assert state.phase is BidPhase.BURIED
    state = play(QQ, state, "3 counter S2 S2")
    assert (state.dealer, state.kitty_holder, state.suit) == (1, 3, Suit.SPADES)  # 炒底


def test_chao_di_counters_go_round_from_the_dealers_next_player() -> None:
    state = bury(QQ, end_deal(play(QQ, later_hand(dealer=1), "1 declare D2")))
    state = play(QQ, state, "3 counter C2 C2")
    error = refused(QQ, state, "2 counter H2 H2", OutOfTurn)
    assert "round from seat 2 to seat 1" in str(error)
    state = play(QQ, state, "4 counter H2 H2", "1 counter S2 S2")  # the round ends with the dealer
    assert state.kitty_holder == 1
    refused(QQ, state, "2 counter LJ LJ", OutOfTurn)


def test_match_a_counters_before_the_kitty_in_every_hand() -> None:
    state = play(MATCH_A, later_hand(dealer=1), "2 declare H2", "3 counter S2 S2")
    assert state.dealer == 1
    state = bury(MATCH_A, end_deal(state))
    refused(MATCH_A, state, "4 counter LJ LJ", OutsideWindow)


def test_no_counters_when_the_window_is_none() -> None:
    rules = bidding(QQ, later_hand_window=CounterWindow.NONE)
    state = play(rules, later_hand(), "2 declare H2")
    error = refused(rules, state, "3 counter S2 S2", OutsideWindow)
    assert str(error) == "no counters in a later hand"


def test_first_hand_counters_follow_the_first_hand_window() -> None:
    closed = bidding(QQ, first_hand_window=CounterWindow.NONE)
    state = play(closed, first_hand(), "1 declare H2")
    error = refused(closed, state, "2 counter S2 S2", OutsideWindow)
    assert str(error) == "no counters in the first hand"
    late = bidding(QQ, first_hand_window=CounterWindow.AFTER_BURY)
    state = bury(late, end_deal(play(late, first_hand(), "1 declare H2")))
    state = play(late, state, "2 counter S2 S2")
    assert (state.dealer, state.kitty_holder) == (1, 2)  # after the bury: 炒底, same dealer


def test_no_bids_once_play_has_started() -> None:
    state = start_play(bury(QQ, end_deal(play(QQ, later_hand(), "2 declare H2"))))
    refused(QQ, state, "3 counter S2 S2", OutsideWindow)
    refused(QQ, state, "2 reinforce H2", OutsideWindow)


def test_declaring_after_the_bury_is_too_late() -> None:
    state = bury(QQ, apply_fallback(QQ, later_hand(), kitty=parse_cards("C3 D4 H7 S8 C9 D5 HK SQ")))
    refused(QQ, state, "2 declare S2", OutsideWindow)


def test_draw_counts_cannot_go_back() -> None:
    state = play(QQ, first_hand(), "1 declare H2 @40")
    refused(QQ, state, "2 counter S2 S2 @30", OutsideWindow)
    assert can_bid(QQ, state, Bid.parse("2 counter S2 S2 @41"))


def test_the_deal_ends_once() -> None:
    with pytest.raises(OutsideWindow):
        end_deal(end_deal(first_hand()))


def test_no_bury_without_a_dealer() -> None:
    with pytest.raises(NothingToCounter) as info:
        bury(QQ, end_deal(first_hand()))
    assert info.value.rule is Rule.NO_DECLARATION


# ---------------------------------------------------------------------------- nobody declares

KITTY = parse_cards("C3 D4 H7 S8 C9 D5 HK SQ")


def test_nobody_declares_the_kittys_third_card_sets_the_trump() -> None:
    assert fallback_trump(QQ, Rank.TWO, kitty=KITTY) == QQ.trump(Rank.TWO, Suit.HEARTS)
    state = apply_fallback(QQ, later_hand(), kitty=KITTY)
    assert state.fallback_used and state.trump(QQ) == QQ.trump(Rank.TWO, Suit.HEARTS)


def test_a_joker_as_the_third_kitty_card_means_no_trump() -> None:
    kitty = parse_cards("C3 D4 BJ S8 C9 D5 HK SQ")
    assert fallback_trump(TRACTOR, Rank.TEN, kitty=kitty) == TRACTOR.trump(Rank.TEN, None)


def test_which_kitty_card_is_turned_is_a_rule() -> None:
    rules = bidding(QQ, fallback_kitty_card=1)
    assert fallback_trump(rules, Rank.TWO, kitty=KITTY) == rules.trump(Rank.TWO, Suit.CLUBS)
    with pytest.raises(ValueError, match="kitty card 3"):
        fallback_trump(QQ, Rank.TWO, kitty=KITTY[:2])


def test_seed_001_the_flipped_card_sets_the_trump() -> None:
    trump = fallback_trump(SEED_001, Rank.TWO, flipped=parse_card("D9"), kitty=KITTY)
    assert trump == SEED_001.trump(Rank.TWO, Suit.DIAMONDS)
    with pytest.raises(ValueError, match="flipped"):
        fallback_trump(SEED_001, Rank.TWO, kitty=KITTY)


def test_match_b_nobody_declares_deals_again() -> None:
    assert fallback_trump(MATCH_B, Rank.TWO, kitty=KITTY) is None
    assert apply_fallback(MATCH_B, later_hand(), kitty=KITTY).redeal


def test_a_first_hand_without_a_declaration_is_dealt_again() -> None:
    assert apply_fallback(QQ, first_hand(), kitty=KITTY).redeal


def test_no_fallback_after_a_declaration() -> None:
    state = play(QQ, later_hand(), "2 declare H2")
    with pytest.raises(AlreadyDeclared):
        apply_fallback(QQ, state, kitty=KITTY)


def test_a_turned_kitty_card_may_be_countered_in_qq_but_not_in_match_a() -> None:
    qq = bury(QQ, apply_fallback(QQ, later_hand(), kitty=KITTY))
    assert play(QQ, qq, "2 counter S2 S2").suit is Suit.SPADES
    match_a = apply_fallback(MATCH_A, later_hand(), kitty=KITTY)
    error = refused(MATCH_A, match_a, "2 counter S2 S2", OutsideWindow)
    assert "turning a card" in str(error)


# ---------------------------------------------------------------------------- values


def test_bid_text_round_trips() -> None:
    new = Bid.parse("2 counter S2 S2 @57")
    assert (new.seat, new.kind, new.draw) == (2, BidKind.COUNTER, 57)
    assert str(new) == "2 counter S2 S2 @57"
    assert Bid.parse(str(new)) == new


@pytest.mark.parametrize("text", ["", "2", "2 bribe S2", "x declare S2", "2 declare S11"])
def test_bid_text_that_names_no_bid(text: str) -> None:
    with pytest.raises(NotABid, match="expected seat, kind and cards"):
        Bid.parse(text)


def test_bids_check_their_values() -> None:
    with pytest.raises(ValueError, match="no seat"):
        Bid(5, BidKind.DECLARE, tuple(parse_cards("H2")))
    with pytest.raises(NotABid):
        Bid(1, BidKind.DECLARE, ())
    with pytest.raises(ValueError, match="draw count"):
        Bid(1, BidKind.DECLARE, tuple(parse_cards("H2")), draw=101)


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("BJ LJ", "not a pair"),
        ("H2 S2", "of one suit"),
        ("H2 H2 H2", "too many"),
        ("BJ BJ H2", "too many"),
    ],
)
def test_cards_that_form_no_bid(cards: str, message: str) -> None:
    with pytest.raises(NotABid, match=message):
        classify_bid(parse_cards(cards), Rank.TWO)


def test_bid_shapes() -> None:
    def shape(text: str) -> str:
        return classify_bid(parse_cards(text), Rank.TWO)[0].value

    assert [shape(t) for t in ("S2", "S2 S2", "LJ S2", "BJ H2 H2", "BJ BJ")] == [
        "single",
        "pair",
        "joker_with_single",
        "joker_with_pair",
        "two_jokers",
    ]


# ---------------------------------------------------------------------------- properties

RANK_CARDS = ["S2", "H2", "C2", "D2", "BJ", "LJ"]
bids = st.builds(
    lambda seat, kind, cards: Bid(seat, kind, tuple(parse_cards(cards))),
    st.integers(1, 4),
    st.sampled_from(BidKind),
    st.lists(st.sampled_from(RANK_CARDS), min_size=1, max_size=3).map(" ".join),
)


@settings(max_examples=200)
@given(
    name=st.sampled_from(["qq", "match-a", "match-b", "tractor", "seed-001"]),
    sequence=st.lists(bids, max_size=12),
    later=st.booleans(),
)
def test_accepted_counters_always_get_stronger(name: str, sequence: list[Bid], later: bool) -> None:
    rules = load_ruleset(name)
    state = later_hand() if later else first_hand()
    for new in sequence:
        allowed = can_bid(rules, state, new)
        try:
            verify_bid(rules, state, new)
        except BidError:
            assert not allowed
            continue
        assert allowed
        before = state.showing
        state = bid(rules, state, new)
        after = state.showing
        assert after is not None
        if before is not None:
            # Never weaker: more cards, or jokers, or (equal shape) a higher suit.
            assert after.shape.copies >= before.shape.copies
        if new.kind is BidKind.COUNTER and before is not None and not rules.bidding.self_counter:
            assert new.seat != before.seat
        assert state.dealer is not None


# ---------------------------------------------------------------------------- 谁亮主谁坐庄


def match_b_hand(dealer: int = 1) -> BidState:
    """A later match-b hand: the dealer's side at 5, the other side at 3."""
    return BidState.start(Rank.FIVE, dealer, Rank.THREE)


def test_match_b_the_deal_passes_to_the_other_side_when_the_dealers_side_declares_nothing() -> None:
    # 000§3 二.4: 庄家方亮不起主牌时，换庄由对方亮主坐庄. The other side declares at its own
    # level (3), at which it now deals.
    state = end_deal(play(MATCH_B, match_b_hand(1), "2 declare LJ S3"), MATCH_B)
    assert (state.dealer, state.kitty_holder, state.rank) == (2, 2, Rank.THREE)
    trump = state.trump(MATCH_B)
    assert trump is not None and (trump.rank, trump.suit) == (Rank.THREE, Suit.SPADES)


def test_match_b_the_dealer_keeps_the_deal_when_its_side_declares() -> None:
    state = end_deal(play(MATCH_B, match_b_hand(1), "3 declare BJ H5"), MATCH_B)
    assert (state.dealer, state.rank) == (1, Rank.FIVE)


def test_match_b_the_dealers_side_declares_at_its_own_level_only() -> None:
    refused(MATCH_B, match_b_hand(1), "1 declare LJ S3", NotRankCard)


def test_other_rule_sets_keep_the_dealer_whoever_declares() -> None:
    state = end_deal(play(QQ, later_hand(1), "2 declare S2"), QQ)
    assert state.dealer == 1


# ---------------------------------------------------------------------------- changed


def _other_value(name: str) -> object:
    """A value of field ``name`` unlike :func:`later_hand`'s."""
    showing = Showing(2, BidShape.SINGLE, Suit.HEARTS, (parse_card("H2"),), Rank.TWO)
    return {
        "rank": Rank.FIVE,
        "dealer": 3,
        "first_hand": True,
        "other_rank": Rank.KING,
        "phase": BidPhase.BURIED,
        "showing": showing,
        "declarer": 2,
        "counters": 4,
        "kitty_holder": 4,
        "last_in_round": 2,
        "fallback_suit": Suit.CLUBS,
        "fallback_used": True,
        "redeal": True,
        "bids": (Bid.parse("2 declare H2"),),
    }[name]


@pytest.mark.parametrize("name", [f.name for f in fields(BidState)])
def test_changed_is_what_replace_makes(name: str) -> None:
    state = later_hand()
    value = _other_value(name)
    new = state.changed(**{name: value})
    assert new == replace(state, **{name: value})
    assert getattr(new, name) == value


def test_changed_is_typed_with_every_field_of_the_state() -> None:
    # mypy checks each change's name and type by BidChanges: it must list the same fields.
    hints = get_type_hints(BidState)
    assert get_type_hints(BidChanges) == {f.name: hints[f.name] for f in fields(BidState)}


def test_changed_refuses_what_replace_refuses() -> None:
    state = later_hand()
    with pytest.raises(TypeError):
        state.changed(trump=Suit.HEARTS)
    with pytest.raises(ValueError):
        state.changed(dealer=5)
    with pytest.raises(ValueError):
        state.changed(rank=Rank.BIG_JOKER)
