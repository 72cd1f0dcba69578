"""The bots (notation/bots.py): they play on the rules core's game state, keep every
rule on hands of every preset, and choose sensibly in the situations that decide points."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from notation.bots import Bot, Player, RandomPlayer, bot_play, unseen
from notation.presets import load_ruleset, preset_names
from notation.rules.cards import Card
from notation.rules.follow import check_lead
from notation.rules.game import Play, PlayState, Position
from notation.rules.order import Trump
from notation.rules.scoring import start_levels
from notation.rules.seats import SEATS
from notation.simulate import set_up_hand
from tests.conftest import cards

PRESETS = sorted(preset_names())


def _position(preset: str, seed: int, *, no_trump: bool = False) -> Position:
    """A simulated hand's first lead (dealt, bid and buried by bots); with ``no_trump``
    the same cards played at no-trump (无主) of the hand's rank."""
    rules = load_ruleset(preset)
    rng = random.Random(f"bots {preset} {seed}")
    position = set_up_hand(rules, rng, levels=start_levels(rules), dealer=1 + seed % 4).position
    if no_trump:
        position = replace(position, trump=Trump(position.trump.rank, None))
    return position


def _checked_hand(position: Position, players: list[Player]) -> tuple[int, int]:
    """Play ``position`` out, each choice checked by the state before it is made.
    Returns how many leads were throws and how many of them failed."""
    state = PlayState(position)
    for player in dict.fromkeys(players):
        player.start(state)
    throws = failed = 0
    while not state.is_over():
        seat = state.to_move
        chosen = players[seat - 1].choose(state)
        assert chosen.seat == seat
        if state.table:
            assert chosen in state.follows(), f"{chosen} is no legal follow"
        else:
            hand = state.hand(seat)
            assert check_lead(chosen.shown, hand, state.trump) == []
            # A lead is as the state judges it: a failed throw its forced unit, penalised.
            assert chosen == state.judge_lead(chosen.shown)
            if len(state.units(tuple(sorted(chosen.shown, key=_index)))) > 1:
                throws += 1
                failed += chosen.failed
        for player in dict.fromkeys(players):
            player.observe(state, chosen)
        assert state.play(chosen) == chosen  # the rules core's own check
    assert state.outcome().points >= 0
    return throws, failed


def _index(card: Card) -> int:
    return card.index


@pytest.mark.parametrize("preset", PRESETS)
def test_bots_make_only_legal_plays_on_hands_of_every_preset(preset: str) -> None:
    throws = failed = 0
    for seed in range(4):
        for no_trump in (False, True):
            position = _position(preset, seed, no_trump=no_trump)
            rng = random.Random(seed)
            # The plain bot, and the simulator's, which throws what might be beaten too.
            players: list[Player] = [
                Bot(rng),
                Bot(rng, risky_throws=0.25),
                Bot(rng),
                RandomPlayer(rng),
            ]
            t, f = _checked_hand(position, players)
            throws += t
            failed += f
    assert throws, "no throw was led"
    assert failed, "no throw failed"


# --- the policy in small positions ---------------------------------------------------------
# Trump ♥2. The cards in no hand and not in the kitty have been played: what the seat to
# move has not seen is only what the others and the kitty hold.

HEARTS_2 = Trump.parse("H 2")


def state_of(leader: int, hands: list[str], trick: list[str], kitty: str = "D3 D4") -> PlayState:
    rules = load_ruleset("qq")
    position = Position(
        rules,
        HEARTS_2,
        dealer=1,
        hands=tuple(tuple(cards(h)) for h in hands),  # type: ignore[arg-type]
        leader=leader,
        trick=tuple(tuple(cards(p)) for p in trick),
        kitty=tuple(cards(kitty)),
    )
    return PlayState(position)


def _choices(state: PlayState, tries: int = 10) -> set[Play]:
    return {Bot(random.Random(seed)).choose(state) for seed in range(tries)}


def test_a_bot_gives_points_to_a_partner_sure_to_win() -> None:
    # Seat 1 leads ♠A: no higher spade is out and nobody left holds a trump, so it wins.
    # Seat 3, its partner, puts the ♠10 on it rather than the ♠4.
    state = state_of(1, ["C3 C4", "C5 C6", "S10 S4 C7", "S6 S7 C8"], ["SA", "S3"])
    assert _choices(state) == {Play(3, tuple(cards("S10")))}


def test_a_bot_keeps_points_from_opponents_sure_to_win() -> None:
    # The same ♠A, seen from seat 2, an opponent: the ♠4, not the ♠10.
    state = state_of(1, ["C3 C4", "S10 S4 C7", "C5 C6 C9", "S6 S7 C8"], ["SA"])
    assert _choices(state) == {Play(2, tuple(cards("S4")))}


def test_a_bot_does_not_overtake_its_partners_sure_winner_with_a_trump() -> None:
    # Seat 3 has no spade: it could ruff its partner's sure ♠A with the big joker or the
    # ♥A, but throws a side card away, the one with points.
    state = state_of(1, ["C3 C4 D5", "C6 C7 D6", "BJ HA C5 C8", "S6 S7 C9 CJ"], ["SA", "S3"])
    (play,) = _choices(state)
    assert not any(HEARTS_2.is_trump(c) for c in play.cards)
    assert play.cards == tuple(cards("C5"))


def test_a_bot_ruffs_a_trick_with_points() -> None:
    # Seat 1 leads ♠K (10 points); seat 2, an opponent with no spade, ruffs with its
    # lowest trump: nobody left holds a higher one.
    state = state_of(1, ["C3 C4", "H3 H4 C6", "S6 S7 C8", "S5 C9 CJ"], ["SK"])
    assert _choices(state) == {Play(2, tuple(cards("H3")))}


def test_a_bot_does_not_waste_a_high_trump_where_a_low_one_wins() -> None:
    # Seat 2 can ruff the ♠K with the big joker or the ♥3; both win for sure.
    state = state_of(1, ["C3 C4", "BJ H3 C6", "S6 S7 C8", "S5 C9 CJ"], ["SK"])
    assert _choices(state) == {Play(2, tuple(cards("H3")))}


def test_a_bot_told_every_play_and_a_bot_met_at_the_state_choose_alike() -> None:
    # bot_play: a bot that joins at the state reads the voids the trick shows.
    position = _position("qq", 3)
    state = PlayState(position)
    told = Bot(random.Random(5))
    told.start(state)
    for _ in range(60):
        key = state.key()
        met = bot_play(state, random.Random(5))
        assert state.key() == key  # bot_play leaves the state as it was
        chosen = told.choose(state)
        assert met in (state.follows() if state.table else [state.judge_lead(met.shown)])
        told.observe(state, chosen)
        state.play(chosen)
    assert not state.is_over()


def test_a_bot_replays_for_a_seed() -> None:
    def plays(seed: int) -> list[Play]:
        state = PlayState(_position("tractor", 1))
        bot = Bot(random.Random(seed), risky_throws=0.5)
        bot.start(state)
        made = []
        while not state.is_over():
            chosen = bot.choose(state)
            bot.observe(state, chosen)
            made.append(state.play(chosen))
        return made

    assert plays(7) == plays(7)


@pytest.mark.parametrize("preset", ["qq", "tractor"])
def test_a_bot_s_unseen_cards_are_the_other_hands_and_the_kitty(preset: str) -> None:
    # unseen() reads the hands' and the kitty's splits by suit; each suit's cards must
    # be those of the other hands and the kitty, in that order (a bot's choice may
    # follow it), at every play of a hand.
    state = PlayState(_position(preset, 2))
    rng = random.Random(2)
    while not state.is_over():
        suit_of = state.trump.effective_suit
        for seat in SEATS:
            places = [state.hand(s) for s in SEATS if s != seat] + [state.kitty]
            for suit in {suit_of(c) for h in state.hands for c in h}:
                expected = [c for cards in places for c in cards if suit_of(c) == suit]
                assert unseen(state, seat, suit) == expected
        state.apply(bot_play(state, rng))
