"""The Ruleset: kitty multipliers, level tables, card options, clauses, every preset."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from notation.presets import RulesetError, load_ruleset, preset_names, ruleset_from_text
from notation.rules.cards import Rank, Suit, parse_card
from notation.rules.clauses import Clause, Rule
from notation.rules.ruleset import (
    KittyRules,
    LevelRow,
    LevelTable,
    MultiplierFamily,
    Outcome,
    Ruleset,
    ShorterTractor,
    Side,
)

PRESETS = ("qq", "qq-super", "match-a", "match-b", "tractor", "seed-001")


def rules(name: str) -> Ruleset:
    return load_ruleset(name)


def with_kitty(base: Ruleset, **changes: object) -> Ruleset:
    return replace(base, kitty=replace(base.kitty, **changes))


# ---------------------------------------------------------------------------- presets


def test_every_required_preset_ships() -> None:
    assert set(PRESETS) <= set(preset_names())


@pytest.mark.parametrize("name", PRESETS)
def test_every_preset_loads_with_its_own_name(name: str) -> None:
    ruleset = rules(name)
    assert ruleset.name == name
    assert ruleset.title.en and ruleset.title.zh
    assert ruleset.sources


@pytest.mark.parametrize("name", PRESETS)
def test_every_preset_has_a_clause_for_every_rule(name: str) -> None:
    ruleset = rules(name)
    for rule in Rule:
        clause = ruleset.clause(rule)
        assert clause.ref[:3] in ("000", "001"), f"{name} {rule}: {clause.ref}"
        assert clause.text


def test_a_ruleset_without_every_clause_is_refused() -> None:
    qq = rules("qq")
    partial = {r: c for r, c in qq.clauses.items() if r is not Rule.THROW_PENALTY}
    with pytest.raises(ValueError, match=r"throw\.penalty"):
        replace(qq, clauses=partial)


def test_clauses_are_read_only() -> None:
    clauses = rules("qq").clauses
    with pytest.raises(TypeError):
        clauses[Rule.DEAL] = Clause("x", "y")  # type: ignore[index]


def test_match_b_cites_the_beaten_cards_for_its_throw_penalty() -> None:
    assert "被管张数" in rules("match-b").clause(Rule.THROW_PENALTY).text


# ---------------------------------------------------------------------------- following


@pytest.mark.parametrize("name", PRESETS)
def test_every_preset_asks_for_a_shorter_tractor_as_its_seed_says(name: str) -> None:
    # Every seed asks for "a tractor" (连对, 拖拉机) without a length, or is silent and
    # follows the common core, 000§6.五.3; the clause the replay quotes says so too.
    ruleset = rules(name)
    assert ruleset.follow.shorter_tractor is ShorterTractor.MUST
    assert "shorter" in ruleset.clause(Rule.FOLLOW_TRACTOR).text


def test_a_house_rule_may_leave_the_shorter_tractor_optional() -> None:
    text = "base: tractor\nname: loose\nfollow:\n  shorter_tractor: optional\n"
    assert ruleset_from_text(text).follow.shorter_tractor is ShorterTractor.OPTIONAL


def test_an_unknown_shorter_tractor_policy_is_a_located_error() -> None:
    text = "base: qq\nfollow:\n  shorter_tractor: sometimes\n"
    with pytest.raises(RulesetError) as info:
        ruleset_from_text(text, "house.yaml")
    assert (info.value.line, info.value.message) == (
        3,
        "follow.shorter_tractor: unknown value 'sometimes': expected one of must, optional",
    )


# ---------------------------------------------------------------------------- cards


def test_trump_carries_the_card_options() -> None:
    trump = rules("qq").trump(Rank.TEN, Suit.SPADES)
    assert (trump.rank, trump.suit) == (Rank.TEN, Suit.SPADES)
    assert not trump.permanent_twos and not trump.rank_above_jokers


def test_permanent_twos_make_every_two_trump() -> None:
    tractor = rules("tractor")
    twos = replace(tractor, cards=replace(tractor.cards, permanent_twos=True))
    club_two = parse_card("C2")
    assert not tractor.trump(Rank.TEN, Suit.SPADES).is_trump(club_two)
    assert twos.trump(Rank.TEN, Suit.SPADES).is_trump(club_two)


def test_seed_001_puts_rank_cards_above_the_jokers() -> None:
    trump = rules("seed-001").trump(Rank.FIVE, Suit.SPADES)
    assert trump.level(parse_card("H5")) > trump.level(parse_card("BJ"))
    qq_trump = rules("qq").trump(Rank.FIVE, Suit.SPADES)
    assert qq_trump.level(parse_card("H5")) < qq_trump.level(parse_card("BJ"))


# ---------------------------------------------------------------------------- kitty


# RULES.md §4: kitty with 25 points, the defenders win the last trick.
@pytest.mark.parametrize(
    ("name", "pair", "tractor_of_three"),
    [
        ("qq", 100, 300),
        ("qq-super", 100, 300),
        ("match-b", 100, 1600),
        ("match-a", 100, 400),
        ("seed-001", 100, 400),
        ("tractor", 100, 400),
    ],
)
def test_kitty_of_25_points_worked_example(name: str, pair: int, tractor_of_three: int) -> None:
    ruleset = rules(name)
    assert 25 * ruleset.kitty_multiplier(2, 1) == pair
    assert 25 * ruleset.kitty_multiplier(2, 3) == tractor_of_three


@pytest.mark.parametrize("name", PRESETS)
def test_a_single_doubles_the_kitty_everywhere(name: str) -> None:
    assert rules(name).kitty_multiplier(1, 1) == 2


def test_doubling_gives_8_for_a_tractor_and_doubles_per_extra_pair() -> None:
    match_a = rules("match-a")  # 000§2 九: 单扣2, 双扣4, 拖拉机扣8, 以此类推
    assert [match_a.kitty_multiplier(2, n) for n in (1, 2, 3, 4)] == [4, 8, 16, 32]


def test_pairs_times_four_gives_4_per_pair() -> None:
    qq = rules("qq")  # 000§6.七: 连对扣底 ×4×对数
    assert [qq.kitty_multiplier(2, n) for n in (1, 2, 3, 4)] == [4, 8, 12, 16]


def test_power_of_cards_is_capped_at_64() -> None:
    match_b = rules("match-b")  # 000§3 三: 2^cards, 最大64倍
    assert [match_b.kitty_multiplier(2, n) for n in (1, 2, 3, 4)] == [4, 16, 64, 64]
    uncapped = with_kitty(match_b, max_multiplier=0)
    assert uncapped.kitty_multiplier(2, 4) == 256


def test_power_of_pairs_plus_one_gives_8_for_two_pairs() -> None:
    seed = rules("seed-001")  # 001§4.5: 两对拖拉机抠底，翻8倍 (2³)
    assert seed.kitty.multiplier is MultiplierFamily.POWER_OF_PAIRS_PLUS_ONE
    assert seed.kitty_multiplier(2, 2) == 8


def test_seed_001_doubles_the_kitty_when_won_with_side_cards() -> None:
    seed = rules("seed-001")  # 001§4.5: 普通抠底：用非主牌副牌抠底，底牌分数乘以2
    assert seed.kitty_multiplier(2, 2, trump=False) == 2
    assert rules("qq").kitty_multiplier(2, 2, trump=False) == 8


def test_the_multiplier_family_changes_the_multiplier() -> None:
    qq = rules("qq")
    by_family = {
        family: with_kitty(qq, multiplier=family).kitty_multiplier(2, 3)
        for family in MultiplierFamily
    }
    assert by_family == {
        MultiplierFamily.DOUBLING: 16,
        MultiplierFamily.POWER_OF_CARDS: 64,
        MultiplierFamily.PAIRS_TIMES_FOUR: 12,
        MultiplierFamily.POWER_OF_PAIRS_PLUS_ONE: 16,
    }


@pytest.mark.parametrize(("copies", "pairs"), [(0, 1), (3, 1), (1, 2), (2, 0)])
def test_no_unit_has_that_shape(copies: int, pairs: int) -> None:
    with pytest.raises(ValueError, match="no unit"):
        rules("qq").kitty_multiplier(copies, pairs)


def test_kitty_size_sets_the_hand_size() -> None:
    qq = rules("qq")
    assert qq.hand_size == 25
    assert with_kitty(qq, size=4).hand_size == 26
    with pytest.raises(ValueError, match="equal deal"):
        KittyRules(7, MultiplierFamily.DOUBLING, 0, 0)


@given(family=st.sampled_from(MultiplierFamily), pairs=st.integers(1, 12))
def test_a_longer_tractor_never_multiplies_less(family: MultiplierFamily, pairs: int) -> None:
    ruleset = with_kitty(rules("qq"), multiplier=family)
    assert ruleset.kitty_multiplier(2, pairs + 1) >= ruleset.kitty_multiplier(2, pairs)
    assert ruleset.kitty_multiplier(2, pairs) >= ruleset.kitty_multiplier(1, 1)


# ---------------------------------------------------------------------------- level tables


def outcomes(ruleset: Ruleset, *points: int) -> list[str]:
    return [str(ruleset.outcome(p)) for p in points]


def test_forty_table_boundaries() -> None:
    qq = rules("qq")  # 000§3 四
    assert outcomes(qq, 0, 5, 35, 40, 75, 80, 115, 120, 155, 160, 195, 200, 235, 240) == [
        "dealer +3",
        "dealer +2",
        "dealer +2",
        "dealer +1",
        "dealer +1",
        "defenders +0",
        "defenders +0",
        "defenders +1",
        "defenders +1",
        "defenders +2",
        "defenders +2",
        "defenders +3",
        "defenders +3",
        "defenders +4",
    ]


def test_twenty_table_boundaries() -> None:
    match_a = rules("match-a")  # 000§2 十
    points = (0, 5, 25, 30, 50, 55, 75, 80, 95, 100, 115, 120, 135, 140, 155, 160)
    assert outcomes(match_a, *points) == [
        "dealer +4",
        "dealer +3",
        "dealer +3",
        "dealer +2",
        "dealer +2",
        "dealer +1",
        "dealer +1",
        "defenders +0",
        "defenders +0",
        "defenders +1",
        "defenders +1",
        "defenders +2",
        "defenders +2",
        "defenders +3",
        "defenders +3",
        "defenders +4",
    ]


def test_super_table_boundaries() -> None:
    qq_super = rules("qq-super")  # 000§6.八
    points = (0, 5, 10, 15, 20, 25, 30, 35, 40, 75, 80, 115, 120, 125, 160, 165, 200)
    assert outcomes(qq_super, *points) == [
        "dealer +6",
        "dealer +5",
        "dealer +5",
        "dealer +4",
        "dealer +4",
        "dealer +3",
        "dealer +3",
        "dealer +2",
        "dealer +1",
        "dealer +1",
        "defenders +0",
        "defenders +0",
        "defenders +1",
        "defenders +2",
        "defenders +2",
        "defenders +3",
        "defenders +3",
    ]
    assert outcomes(qq_super, 205, 240, 245, 280, 285, 320, 600) == [
        "defenders +4",
        "defenders +4",
        "defenders +5",
        "defenders +5",
        "defenders +6",
        "defenders +6",
        "defenders +6",  # 封顶
    ]


def test_tractor_table_stops_at_three_above_200() -> None:
    tractor = rules("tractor")  # 000§5 【记分规则】: 大于200，抓分方连升3级
    assert outcomes(tractor, 0, 35, 40, 80, 120, 160, 195, 200, 400) == [
        "dealer +3",
        "dealer +2",
        "dealer +1",
        "defenders +0",
        "defenders +1",
        "defenders +2",
        "defenders +2",
        "defenders +3",
        "defenders +3",
    ]


def test_seed_001_uses_the_forty_table() -> None:
    seed = rules("seed-001")  # 001§4.6, read as `forty` (RULES.md §5)
    assert outcomes(seed, 0, 35, 75, 85, 115, 120, 155, 160, 200) == [
        "dealer +3",
        "dealer +2",
        "dealer +1",
        "defenders +0",
        "defenders +0",
        "defenders +1",
        "defenders +1",
        "defenders +2",
        "defenders +3",
    ]


@pytest.mark.parametrize("name", PRESETS)
def test_negative_totals_count_as_zero(name: str) -> None:
    ruleset = rules(name)
    assert ruleset.outcome(-30) == ruleset.outcome(0)


@pytest.mark.parametrize("name", PRESETS)
def test_80_points_take_over_in_every_preset(name: str) -> None:
    assert rules(name).outcome(80) == Outcome(Side.DEFENDERS, 0)
    assert rules(name).outcome(75).winner is Side.DEALER


@given(name=st.sampled_from(PRESETS), points=st.integers(0, 120).map(lambda n: 5 * n))
def test_more_points_never_help_the_dealer(name: str, points: int) -> None:
    ruleset = rules(name)

    def score(p: int) -> int:
        result = ruleset.outcome(p)
        return result.levels if result.winner is Side.DEFENDERS else -result.levels - 1

    assert score(points + 5) >= score(points)


def test_the_level_table_is_a_field_of_the_ruleset() -> None:
    qq = rules("qq")
    twenty = replace(qq, scoring=replace(qq.scoring, level_table=LevelTable.named("twenty")))
    assert str(qq.outcome(100)) == "defenders +0"
    assert str(twenty.outcome(100)) == "defenders +1"


def test_named_tables() -> None:
    assert LevelTable.named("forty") == rules("qq").scoring.level_table
    assert LevelTable.named("twenty") == rules("match-a").scoring.level_table
    assert LevelTable.named("super") == rules("qq-super").scoring.level_table
    with pytest.raises(ValueError, match="known tables are forty, twenty, super"):
        LevelTable.named("fifty")


@pytest.mark.parametrize(
    ("rows", "step", "message"),
    [
        ((), 0, "at least one row"),
        (((5, "dealer", 1),), 0, "starts at 0"),
        (((0, "dealer", 1), (0, "defenders", 0)), 0, "must go up"),
        (((0, "dealer", 1), (80, "defenders", 0)), 7, "multiple of 5"),
        (((0, "dealer", 2), (40, "dealer", 1)), 40, "end with defenders"),
    ],
)
def test_bad_level_tables_are_refused(
    rows: tuple[tuple[int, str, int], ...], step: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        LevelTable("t", tuple(LevelRow(p, Side(w), n) for p, w, n in rows), step)


def test_outcome_values() -> None:
    assert Outcome.parse("dealer +2") == Outcome(Side.DEALER, 2)
    assert repr(Outcome(Side.DEFENDERS, 0)) == "Outcome.parse('defenders +0')"
    assert Outcome(Side.DEFENDERS, 0).take_over
    with pytest.raises(ValueError, match="at least one level"):
        Outcome(Side.DEALER, 0)
    with pytest.raises(ValueError, match="0 or more"):
        Outcome(Side.DEFENDERS, -1)


def test_every_preset_survives_pickling_for_caches_and_worker_processes() -> None:
    import pickle

    from notation.presets import load_ruleset, preset_names
    from notation.psn import write
    from notation.replay import replay
    from notation.simulate import simulate_hand

    for name in preset_names():
        rules = load_ruleset(name)
        again = pickle.loads(pickle.dumps(rules))
        assert again == rules and dict(again.clauses) == dict(rules.clauses)
    hand = simulate_hand("qq", seed=1)
    result = replay(hand)
    assert pickle.loads(pickle.dumps(result)).computed == result.computed
    assert write(pickle.loads(pickle.dumps(hand))) == write(hand)
