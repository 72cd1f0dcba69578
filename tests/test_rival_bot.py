"""The rival (tests/rival_bot.py, ejfn/Tractor's priorities): it keeps every rule on
hands of every preset, plays its source's priorities in the situations that show them,
and a duplicate match against it runs."""

from __future__ import annotations

import random

import pytest

from notation.analysis.duplicate import duplicate_match
from notation.bots import Bot, Player
from notation.presets import load_ruleset, preset_names
from notation.rules.follow import check_follow, check_lead
from notation.rules.game import Play, PlayState, Position
from notation.rules.scoring import start_levels
from notation.simulate import set_up_hand
from tests.benchmark import rival_numbers
from tests.conftest import cards
from tests.rival_bot import RivalBot
from tests.test_bots import state_of

PRESETS = sorted(preset_names())


def _decisions(position: Position, players: list[Player]) -> int:
    """Play ``position`` out, every rival's choice checked before it is made: a lead of
    cards it holds in one suit, as the state judges it; a follow that keeps every
    obligation. Returns the number of the rival's decisions checked."""
    state = PlayState(position)
    for player in dict.fromkeys(players):
        player.start(state)
    checked = 0
    while not state.is_over():
        seat = state.to_move
        player = players[seat - 1]
        chosen = player.choose(state)
        assert chosen.seat == seat
        if isinstance(player, RivalBot):
            hand = state.hand(seat)
            if state.table:
                shorter = state.rules.follow.shorter_tractor
                lead = state.table[0].cards
                assert check_follow(lead, chosen.cards, hand, state.trump, None, shorter) == []
            else:
                assert check_lead(chosen.shown, hand, state.trump) == []
                assert chosen == state.judge_lead(chosen.shown)
            checked += 1
        for each in dict.fromkeys(players):
            each.observe(state, chosen)
        assert state.play(chosen) == chosen  # the rules core's own check
    return checked


@pytest.mark.parametrize("preset", PRESETS)
def test_the_rival_makes_only_legal_plays_on_hands_of_every_preset(preset: str) -> None:
    rules = load_ruleset(preset)
    checked = 0
    for seed in range(3):
        rng = random.Random(f"rival {preset} {seed}")
        setup = set_up_hand(rules, rng, levels=start_levels(rules), dealer=1 + seed % 4)
        rival = RivalBot(random.Random(seed))
        # The rival on every seat, then against the bot on alternate seats.
        checked += _decisions(setup.position, [rival] * 4)
        bot = Bot(random.Random(seed))
        checked += _decisions(setup.position, [rival, bot] * 2)
    assert checked > 0


# --- its source's priorities in small positions ------------------------------------------
# Trump ♥2 (the bots' tests' positions, state_of). The cards in no hand and not in the
# kitty have been played.


def _choice(state: PlayState) -> Play:
    (play,) = {RivalBot(random.Random(seed)).choose(state) for seed in range(5)}
    return play


@pytest.mark.parametrize(
    ("held", "given"), [("S10 SK S5 S4", "S10"), ("SK S5 S4 C7", "SK"), ("S5 S4 C7 C7", "S5")]
)
def test_the_rival_feeds_a_partner_sure_to_win_ten_before_king_before_five(
    held: str, given: str
) -> None:
    # Seat 1 leads ♠A, which nothing unseen beats; seat 3, its partner, feeds it.
    state = state_of(1, ["C3 C4 C5", "C8 C9 D8", held, "S6 S7 C8 CJ"], ["SA", "S3"])
    assert _choice(state) == Play(3, tuple(cards(given)))


def test_the_rival_keeps_points_from_an_opponent_it_cannot_beat() -> None:
    state = state_of(1, ["C3 C4", "S10 S4 C7", "C5 C6 C9", "S6 S7 C8"], ["SA"])
    assert _choice(state) == Play(2, tuple(cards("S4")))


def test_the_rival_ruffs_a_trick_with_points_with_its_lowest_winning_trump() -> None:
    state = state_of(1, ["C3 C4", "BJ H3 C6", "S6 S7 C8", "S5 C9 CJ"], ["SK"])
    assert _choice(state) == Play(2, tuple(cards("H3")))


def test_the_rival_keeps_a_joker_rather_than_ruff_a_trick_without_points() -> None:
    state = state_of(1, ["C3 C4", "BJ C6 C9", "S6 S7 C8", "S5 C9 CJ"], ["S8"])
    assert _choice(state) == Play(2, tuple(cards("C6")))


def test_the_rival_leads_a_pair_of_side_aces_first() -> None:
    state = state_of(
        1, ["SA SA S3 C4 C9", "S5 C5 C6 C7 C8", "S6 S7 C10 CJ CQ", "S8 S9 D5 D6 D7"], []
    )
    assert _choice(state) == Play(1, tuple(cards("SA SA")))


def test_the_rival_throws_the_side_cards_nothing_unseen_beats() -> None:
    # ♠A ♠A ♠K: no unseen spade beats the pair or the king, so it leads them as one throw.
    state = state_of(
        1, ["SA SA SK C4 C9", "S5 C5 C6 C7 C8", "S6 S7 C10 CJ CQ", "SK S9 D5 D6 D7"], []
    )
    play = _choice(state)
    assert play == Play(1, tuple(cards("SK SA SA"))) and not play.failed


# --- the duplicate match ---------------------------------------------------------------------


def test_a_duplicate_match_against_the_rival_runs_and_replays() -> None:
    result = duplicate_match(Bot, RivalBot, deals=2, seed=1)
    assert [d.number for d in result.deals] == [1, 2]
    assert all(d.points == d.a_defending - d.b_defending for d in result.deals)
    assert duplicate_match(Bot, RivalBot, deals=2, seed=1) == result


def test_the_benchmark_reports_the_match_against_the_rival_with_standard_errors() -> None:
    numbers = rival_numbers(2, seed=1)
    result = duplicate_match(Bot, RivalBot, deals=2, seed=1)
    assert (numbers["a"], numbers["b"], numbers["deals"]) == ("bot", "rival", 2)
    assert numbers["points_per_deal"] == [result.points.mean, result.points.low, result.points.high]
    deltas = [d.points for d in result.deals]
    assert numbers["points_standard_error"] == pytest.approx(abs(deltas[0] - deltas[1]) / 2)
