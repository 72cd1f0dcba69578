"""The duplicate-match harness (notation/analysis/duplicate.py): each deal played twice
with the teams' seats swapped, the same deals whoever plays, results with a CI."""

from __future__ import annotations

import random
from typing import ClassVar

import pytest

from notation.analysis.duplicate import (
    duplicate_match,
    interval,
    play_deal,
    player_maker,
)
from notation.bots import Bot, RandomPlayer
from notation.errors import ShengjiError
from notation.presets import load_ruleset
from notation.rules.game import Play, PlayState, Position
from notation.simulate import set_up_hand
from tests.baseline_bot import BaselineBot


class _Watcher:
    """A random player that notes the positions it starts from and the seats it plays."""

    made: ClassVar[list[_Watcher]] = []

    def __init__(self, rng: random.Random) -> None:
        self.player = RandomPlayer(rng)
        self.starts: list[Position] = []
        self.seats: set[int] = set()
        _Watcher.made.append(self)

    def start(self, state: PlayState) -> None:
        self.starts.append(state.position())

    def observe(self, state: PlayState, play: Play) -> None:
        """Nothing to remember."""

    def choose(self, state: PlayState) -> Play:
        self.seats.add(state.to_move)
        return self.player.choose(state)


class _Lowest:
    """The same choice every time: the first legal follow, the first unit led."""

    def __init__(self, rng: random.Random) -> None:
        del rng

    def start(self, state: PlayState) -> None:
        """Nothing to remember."""

    def observe(self, state: PlayState, play: Play) -> None:
        """Nothing to remember."""

    def choose(self, state: PlayState) -> Play:
        if state.table:
            return state.follows()[0]
        return state.unit_leads()[0]


@pytest.fixture
def watched() -> list[_Watcher]:
    _Watcher.made = []
    return _Watcher.made


def test_each_deal_is_played_twice_with_the_seats_swapped(watched: list[_Watcher]) -> None:
    result = duplicate_match(_Watcher, _Watcher, deals=3, seed=2)
    assert len(result.deals) == 3 and len(watched) == 12  # A and B, two plays, 3 deals
    for deal in range(3):
        a1, b1, a2, b2 = watched[4 * deal : 4 * deal + 4]
        assert (a1.seats, b1.seats) == ({1, 3}, {2, 4})
        assert (a2.seats, b2.seats) == ({2, 4}, {1, 3})
        # Both plays of a deal start from the same position.
        assert a1.starts == b1.starts == a2.starts == b2.starts
        assert len(a1.starts) == 1


def test_the_deals_are_the_same_whoever_plays(watched: list[_Watcher]) -> None:
    duplicate_match(_Watcher, Bot, deals=4, seed=5)
    first = [w.starts[0] for w in watched[::2]]
    watched.clear()
    duplicate_match(RandomPlayer, _Watcher, deals=4, seed=5)
    second = [w.starts[0] for w in watched[::2]]
    assert first == second
    # The dealer rotates over the deals.
    assert [p.dealer for p in first] == [1, 2, 3, 4]


def test_a_player_against_itself_scores_nothing_on_any_deal() -> None:
    # The same choices on the same cards: the two plays of a deal mirror each other.
    result = duplicate_match(_Lowest, _Lowest, deals=4, seed=1)
    assert [(d.points, d.levels) for d in result.deals] == [(0, 0)] * 4
    assert result.points.mean == 0 and result.points.low == result.points.high == 0


def test_a_random_player_loses_to_the_bot_beyond_the_interval() -> None:
    result = duplicate_match(Bot, RandomPlayer, deals=12, seed=3)
    assert result.points.low > 0, result.summary()
    assert result.levels.low > 0, result.summary()
    assert result.a_defending > result.b_defending
    swapped = duplicate_match(RandomPlayer, Bot, deals=12, seed=3)
    assert swapped.points.high < 0  # the same deals, the sides exchanged


def test_a_match_replays_for_a_seed() -> None:
    one = duplicate_match(Bot, RandomPlayer, deals=3, seed=9)
    assert duplicate_match(Bot, RandomPlayer, deals=3, seed=9) == one
    assert duplicate_match(Bot, RandomPlayer, deals=3, seed=10) != one


def test_a_match_on_two_processes_gives_each_deal_the_same_result() -> None:
    one = duplicate_match(Bot, RandomPlayer, deals=3, seed=9)
    assert duplicate_match(Bot, RandomPlayer, deals=3, seed=9, jobs=2) == one


def test_a_deal_is_a_position_played_by_each_team_on_each_side() -> None:
    rules = load_ruleset("tractor")
    position = set_up_hand(rules, random.Random(4), dealer=2).position
    deal = play_deal(position, Bot, RandomPlayer, number=7, seed=4)
    assert (deal.number, deal.dealer) == (7, 2)
    # The bot's team defends once (seats 1 and 3 in the second play) and deals once.
    assert deal.points == deal.a_defending - deal.b_defending
    assert deal == play_deal(position, Bot, RandomPlayer, number=7, seed=4)


def test_interval_is_the_mean_with_a_normal_half_width() -> None:
    found = interval([1.0, 2.0, 3.0, 4.0], 0.95)
    assert found.mean == 2.5
    assert found.high - found.mean == pytest.approx(1.96 * 1.2909944 / 2, rel=1e-4)
    assert found.low == pytest.approx(2 * found.mean - found.high)
    one = interval([7.0])
    assert one.mean == 7.0 and one.low == float("-inf") and one.high == float("inf")
    with pytest.raises(ValueError, match="no values"):
        interval([])


def test_players_are_named_or_given_as_module_and_attribute() -> None:
    assert player_maker("bot") is Bot and player_maker("random") is RandomPlayer
    assert player_maker("tests.baseline_bot:BaselineBot") is BaselineBot
    with pytest.raises(ShengjiError, match="unknown player 'nobody'"):
        player_maker("nobody")
    with pytest.raises(ShengjiError, match="cannot load the player"):
        player_maker("tests.baseline_bot:Nobody")
