"""Scoring: points, the kitty, throw penalties, levels, next dealer, the end of a match."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from notation.presets import load_ruleset
from notation.rules.cards import RANKS, Rank, parse_cards
from notation.rules.ruleset import Goal, Outcome, PenaltyCounts, Ruleset, Side
from notation.rules.scoring import (
    HandResult,
    advance_level,
    apply_outcome,
    card_points,
    defenders_total,
    drop_levels,
    is_possible_total,
    kitty_bonus,
    max_defenders_total,
    misplays_lose,
    next_dealer,
    outcome,
    start_levels,
    throw_penalty,
    total_step,
    tribute_cards,
    wrong_count_outcome,
)
from notation.rules.seats import team

QQ = load_ruleset("qq")
MATCH_A = load_ruleset("match-a")
MATCH_B = load_ruleset("match-b")
SEED_001 = load_ruleset("seed-001")

KITTY_25 = parse_cards("S5 HK D10 C3 C4 D6 H7 S8")  # 25 points


def match(rules: Ruleset, **changes: object) -> Ruleset:
    return replace(rules, match=replace(rules.match, **changes))


def level(text: str) -> Rank:
    return Rank.parse(text)


# ---------------------------------------------------------------------------- points


def test_fives_tens_and_kings_score() -> None:
    assert card_points(KITTY_25) == 25
    assert card_points(parse_cards("BJ LJ SA")) == 0


def test_the_kitty_scores_nothing_when_the_dealer_side_wins_the_last_trick() -> None:
    assert kitty_bonus(QQ, KITTY_25, defenders_won_last=False, copies=2, pairs=3) == 0


@pytest.mark.parametrize(
    ("name", "pair", "tractor"),
    [("qq", 100, 300), ("match-b", 100, 1600), ("match-a", 100, 400), ("seed-001", 100, 400)],
)
def test_kitty_bonus_worked_example(name: str, pair: int, tractor: int) -> None:
    rules = load_ruleset(name)  # RULES.md §4: kitty of 25, a pair / a 3-pair tractor
    assert kitty_bonus(rules, KITTY_25, defenders_won_last=True, copies=2, pairs=1) == pair
    assert kitty_bonus(rules, 25, defenders_won_last=True, copies=2, pairs=3) == tractor


def test_a_single_doubles_the_kitty() -> None:
    assert kitty_bonus(MATCH_B, KITTY_25, defenders_won_last=True) == 50


def test_seed_001_kitty_won_with_side_cards_only_doubles() -> None:
    bonus = kitty_bonus(SEED_001, 25, defenders_won_last=True, copies=2, pairs=2, trump=False)
    assert bonus == 50


# ---------------------------------------------------------------------------- throws


def test_match_a_failed_throw_costs_10_per_card_not_thrown() -> None:
    # 000§2 六: 有N张甩不出去应扣N*10分 — ♠98844 fails to ♠J: ♠9 is played, 4 cards withdrawn.
    assert throw_penalty(MATCH_A, withdrawn=4, beaten=1) == 40


def test_match_b_failed_throw_costs_10_per_beaten_card() -> None:
    # 000§3 二.5(5): 按被管张数每张牌10分.
    assert throw_penalty(MATCH_B, withdrawn=4, beaten=1) == 10


def test_qq_failed_throw_costs_no_points() -> None:
    assert throw_penalty(QQ, withdrawn=4, beaten=3) == 0


def test_penalty_options_are_read_from_the_rule_set() -> None:
    counted = replace(QQ, throw=replace(QQ.throw, penalty_per_card=5))
    assert throw_penalty(counted, withdrawn=4, beaten=3) == 20
    beaten = replace(counted, throw=replace(counted.throw, penalty_counts=PenaltyCounts.BEATEN))
    assert throw_penalty(beaten, withdrawn=4, beaten=3) == 15


def test_defenders_total_counts_penalties_against_the_side_that_threw() -> None:
    assert defenders_total(60, 100) == 160
    assert defenders_total(60, 100, defender_penalties=40) == 120
    assert defenders_total(60, dealer_penalties=20) == 80


# ---------------------------------------------------------------------------- next dealer


def test_dealer_side_goes_up_the_partner_deals() -> None:
    assert next_dealer(1, Outcome(Side.DEALER, 2)) == 3
    assert next_dealer(4, Outcome(Side.DEALER, 1)) == 2


def test_defenders_take_over_the_dealers_next_player_deals() -> None:
    assert next_dealer(1, Outcome(Side.DEFENDERS, 0)) == 2
    assert next_dealer(4, Outcome(Side.DEFENDERS, 3)) == 1


@given(dealer=st.integers(1, 4), points=st.integers(0, 60).map(lambda n: 5 * n))
def test_the_winning_side_deals_next(dealer: int, points: int) -> None:
    result = outcome(QQ, points)
    same_team = team(next_dealer(dealer, result)) == team(dealer)
    assert same_team == (result.winner is Side.DEALER)


# ---------------------------------------------------------------------------- levels


def test_levels_go_up() -> None:
    assert advance_level(QQ, level("2"), 3, played=True).level is level("5")


def test_levels_wrap_from_a_to_2_without_a_goal() -> None:
    change = advance_level(QQ, level("K"), 3, played=True)  # 000§6.八: 循环到2
    assert (change.level, change.won_match) == (level("3"), False)


def test_must_play_ten_stops_a_team_at_ten() -> None:
    # 000§2 三: 逢10必打.
    assert advance_level(MATCH_A, level("8"), 4, played=True).level is level("10")
    assert advance_level(MATCH_A, level("9"), 1, played=False).level is level("10")


def test_defenders_at_ten_stay_at_ten() -> None:
    assert advance_level(MATCH_A, level("10"), 2, played=False).level is level("10")


def test_without_must_play_levels_a_team_jumps_ten() -> None:
    free = match(MATCH_A, must_play=(), goal=Goal.NONE)
    assert advance_level(free, level("8"), 4, played=True).level is level("Q")


def test_match_a_is_won_by_passing_ten_as_dealer() -> None:
    change = advance_level(MATCH_A, level("10"), 2, played=True)  # 先过10为胜
    assert change.won_match and change.level is level("J")


def test_goal_rank_is_a_rule() -> None:
    past_k = match(MATCH_A, must_play=(), goal_rank=level("K"))
    assert not advance_level(past_k, level("10"), 2, played=True).won_match
    assert advance_level(past_k, level("Q"), 2, played=True).won_match


def test_seed_001_a_must_be_won_as_dealer() -> None:
    # 001§4.7 报A: 必须在台上（做庄）时成功保住庄家位置才算获胜.
    assert advance_level(SEED_001, level("K"), 3, played=True) == advance_level(
        SEED_001, level("K"), 1, played=True
    )
    assert advance_level(SEED_001, level("K"), 3, played=True).level is level("A")
    assert not advance_level(SEED_001, level("A"), 1, played=False).won_match
    won = advance_level(SEED_001, level("A"), 1, played=True)
    assert won.won_match and won.level is level("A")


@given(start=st.sampled_from(RANKS), levels=st.integers(0, 30))
def test_without_stops_levels_count_round_the_ranks(start: Rank, levels: int) -> None:
    change = advance_level(QQ, start, levels, played=False)
    assert change.level is RANKS[(RANKS.index(start) + levels) % 13]
    assert not change.won_match


def test_start_levels() -> None:
    assert start_levels(QQ) == (Rank.TWO, Rank.TWO)
    assert start_levels(match(QQ, start_level=Rank.FIVE)) == (Rank.FIVE, Rank.FIVE)


def test_apply_outcome_dealer_side_goes_up() -> None:
    result = apply_outcome(QQ, (level("5"), level("3")), 1, Outcome(Side.DEALER, 2))
    assert result == HandResult((level("7"), level("3")), 3, None)


def test_apply_outcome_defenders_take_over_and_go_up() -> None:
    result = apply_outcome(QQ, (level("5"), level("3")), 1, outcome(QQ, 130))
    assert result == HandResult((level("5"), level("4")), 2, None)


def test_apply_outcome_announces_the_match_winner() -> None:
    result = apply_outcome(MATCH_A, (level("9"), level("10")), 2, outcome(MATCH_A, 60))
    assert result.winner == 2
    assert result.next_dealer == 4


def test_misplays_drop_a_level_after_the_hand() -> None:
    # 000§2 五, 七: 出错牌一方罚降一级.
    start = (level("5"), level("3"))
    result = apply_outcome(MATCH_A, start, 1, Outcome(Side.DEALER, 2), misplays=(1, 2))
    assert result.levels == (level("6"), level("2"))  # never below 2
    assert apply_outcome(QQ, start, 1, Outcome(Side.DEALER, 2), misplays=(1, 2)).levels == (
        level("7"),
        level("3"),
    )


def test_drop_levels_stops_at_two() -> None:
    assert drop_levels(level("4"), 1) is level("3")
    assert drop_levels(level("3"), 5) is level("2")


def test_three_misplays_lose_the_match_in_match_a() -> None:
    assert misplays_lose(MATCH_A, 3)
    assert not misplays_lose(MATCH_A, 2)
    assert not misplays_lose(QQ, 10)


# ---------------------------------------------------------------------------- wrong card counts


def test_match_a_wrong_card_count_is_a_fixed_result() -> None:
    played = Outcome(Side.DEALER, 2)
    assert wrong_count_outcome(
        MATCH_A, played, dealer_side_wrong=True, defenders_wrong=False
    ) == Outcome(Side.DEFENDERS, 1)  # 台上多牌少牌自动下台，且台下升一级
    assert wrong_count_outcome(
        MATCH_A, played, dealer_side_wrong=False, defenders_wrong=True
    ) == Outcome(Side.DEALER, 1)  # 台下多牌少牌，台上升一级
    assert (
        wrong_count_outcome(MATCH_A, played, dealer_side_wrong=True, defenders_wrong=True) is None
    )
    assert (
        wrong_count_outcome(MATCH_A, played, dealer_side_wrong=False, defenders_wrong=False)
        == played
    )


def test_match_b_wrong_card_count_plays_the_hand_out() -> None:
    # 000§3 二.7: 无过错方按实际结果升级.
    def result(played: str, *, dealer_wrong: bool) -> str:
        got = wrong_count_outcome(
            MATCH_B,
            Outcome.parse(played),
            dealer_side_wrong=dealer_wrong,
            defenders_wrong=not dealer_wrong,
        )
        return str(got)

    assert result("defenders +1", dealer_wrong=True) == "defenders +1"
    assert result("dealer +2", dealer_wrong=True) == "defenders +0"  # 自动下台
    assert result("dealer +2", dealer_wrong=False) == "dealer +2"
    assert result("defenders +1", dealer_wrong=False) == "dealer +1"  # 该盘失败


def test_no_wrong_count_rule_keeps_the_result() -> None:
    played = Outcome(Side.DEFENDERS, 1)
    assert wrong_count_outcome(QQ, played, dealer_side_wrong=True, defenders_wrong=False) == played


def test_fixed_wrong_count_levels_are_a_rule() -> None:
    harsher = replace(MATCH_A, penalties=replace(MATCH_A.penalties, wrong_card_count_levels=2))
    got = wrong_count_outcome(
        harsher, Outcome(Side.DEALER, 1), dealer_side_wrong=True, defenders_wrong=False
    )
    assert got == Outcome(Side.DEFENDERS, 2)


# ---------------------------------------------------------------------------- tribute


def test_seed_001_tribute_after_a_kitty_capture() -> None:
    assert tribute_cards(SEED_001, kitty_captured=True) == 1  # 001§4.7 进贡
    assert tribute_cards(SEED_001, kitty_captured=False) == 0
    assert tribute_cards(QQ, kitty_captured=True) == 0


@pytest.mark.parametrize(("points", "plays_at"), [(85, "6"), (120, "7"), (160, "8")])
def test_seed_001_a_take_over_starts_from_the_old_dealers_level(points: int, plays_at: str) -> None:
    # 001§4.6: 庄家原来打5，闲家得了85分，则闲家上台打6 (120 跳级, 160 升2级 on top).
    result = apply_outcome(SEED_001, (level("5"), level("3")), 1, outcome(SEED_001, points))
    assert result.levels == (level("5"), level(plays_at))
    assert result.next_dealer == 2


def test_other_rule_sets_take_over_at_the_defenders_own_level() -> None:
    result = apply_outcome(QQ, (level("5"), level("3")), 1, outcome(QQ, 85))
    assert result.levels == (level("5"), level("3"))


def test_max_total_is_card_points_with_the_richest_kitty_at_the_largest_multiplier() -> None:
    # qq: 200 card points; a kitty of the eight richest cards (8 tens or kings: 80 points)
    # captured with a 12-pair trump tractor (the longest a 25-card hand can lead) at
    # 4 × 12 = 48: its 80 points leave the tricks and come back 48 times. No throw penalty.
    assert max_defenders_total(QQ) == 200 - 80 + 80 * 48
    # match-b caps the multiplier at 64 and fines a failed throw 10 points per card: the
    # dealer side can fail a throw of every size from 25 cards down to 2.
    assert max_defenders_total(MATCH_B) == 200 - 80 + 80 * 64 + 10 * (25 * 26 // 2 - 1)


def test_possible_totals_are_multiples_of_five_from_0_to_the_maximum() -> None:
    top = max_defenders_total(QQ)
    assert total_step(QQ) == 5
    assert all(is_possible_total(QQ, p) for p in (0, 5, 85, 200, top))
    assert not any(is_possible_total(QQ, p) for p in (-5, 7, top + 5, 100_000))


def test_a_penalty_per_card_that_is_not_a_multiple_of_five_makes_finer_totals() -> None:
    odd = replace(MATCH_A, throw=replace(MATCH_A.throw, penalty_per_card=3))
    assert total_step(odd) == 1 and is_possible_total(odd, 7)
