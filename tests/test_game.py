"""The play-phase game state: legal plays, applying and taking back, tricks, the outcome."""

from __future__ import annotations

import gc
import random
from collections import Counter
from collections.abc import Hashable

import pytest

from notation.analysis.positions import hand_positions, play_start
from notation.presets import load_ruleset
from notation.replay import replay
from notation.rules.cards import Card, parse_cards
from notation.rules.follow import check_follow
from notation.rules.game import GameError, Play, PlayState, Position
from notation.rules.order import Trump
from notation.rules.seats import seats_from
from notation.rules.throw import judge_throw
from notation.rules.units import decompose
from notation.simulate import simulate_hand

PRESETS = ("qq", "qq-super", "match-a", "match-b", "tractor", "seed-001")


def position(
    hands: str,
    *,
    trump: str = "S 10",
    rules: str = "qq",
    dealer: int = 1,
    leader: int = 1,
    trick: str = "",
    points: int = 0,
    kitty: str = "",
) -> Position:
    """A position from text: ``hands`` are four hands split by ``|``, ``trick`` the plays
    on the table split by ``/``."""
    ruleset = load_ruleset(rules)
    shown = Trump.parse(trump)
    held = [tuple(parse_cards(h)) for h in hands.split("|")]
    return Position(
        ruleset,
        ruleset.trump(shown.rank, shown.suit),
        dealer,
        (held[0], held[1], held[2], held[3]),
        leader,
        tuple(tuple(parse_cards(p)) for p in trick.split("/")) if trick else (),
        points,
        tuple(parse_cards(kitty)),
    )


def cards(text: str) -> tuple[Card, ...]:
    """Sorted cards, as plays hold them."""
    return tuple(sorted(parse_cards(text), key=lambda c: c.index))


def random_states(count: int, seed: int) -> list[PlayState]:
    """States at random moments of simulated hands (every preset)."""
    rng = random.Random(seed)
    states = []
    for i in range(count):
        hand = simulate_hand(PRESETS[i % len(PRESETS)], seed=seed * 100 + i)
        moments = list(hand_positions(hand))
        states.append(PlayState(rng.choice(moments)[0]))
    return states


# --- legal plays -------------------------------------------------------------------------


def test_every_generated_follow_passes_check_follow() -> None:
    checked = 0
    for state in random_states(60, seed=1):
        if not state.table:
            state.apply(random.Random(0).choice(state.unit_leads()))
        while state.table:
            seat = state.to_move
            lead = state.table[0].cards
            follows = state.legal_plays()
            assert follows, "a follower always has a legal play"
            for play in follows:
                assert play.seat == seat
                assert check_follow(lead, play.cards, state.hand(seat), state.trump) == []
                checked += 1
            state.apply(follows[-1])
    assert checked > 200


def test_a_follow_that_breaks_an_obligation_is_refused() -> None:
    # Seat 2 holds a heart pair but answers the heart pair with two singles.
    state = PlayState(position("H5 H5 C9 C3 | H9 H9 H3 C4 | D3 D4 D5 D6 | C5 C6 C7 C8"))
    state.play(cards("H5 H5"))
    with pytest.raises(GameError) as caught:
        state.play(cards("H9 H3"))
    assert caught.value.violations[0].code.value == "follow-pair"
    assert state.to_move == 2  # nothing was played


def test_leads_are_every_set_of_one_suit_and_throws_are_judged() -> None:
    state = PlayState(
        position(
            "HA HA HK H3 C4 | HQ HQ H4 H5 H9 | HJ H6 H7 H8 C3 | C5 C6 C7 C8 C9", rules="match-a"
        )
    )
    leads = state.legal_plays()
    # Hearts: AA K 3 → 3 × 2 × 2 − 1 = 11 sets; clubs: C4 → 1.
    assert len(leads) == 12
    assert len({p.shown for p in leads}) == 12
    hands = {s: state.hand(s) for s in (2, 3, 4)}
    for play in leads:
        units = decompose(play.shown, state.trump)
        assert len({u.suit for u in units}) == 1
        if len(units) > 1:
            verdict = judge_throw(play.shown, 1, hands, state.trump)
            assert play.failed == verdict.failed
            if verdict.failed:
                assert Counter(play.cards) == Counter(verdict.forced)
    by_shown = {p.shown: p for p in leads}
    # AA K stands (nobody holds a pair above AA or a card above K): thrown as it is.
    assert not by_shown[cards("HA HA HK")].failed
    # AA K 3 fails: seat 2's H4 beats H3, so H3 is forced and three cards are withdrawn.
    failed = by_shown[cards("HA HA HK H3")]
    assert failed.cards == cards("H3")
    assert failed.penalty == 30


def test_a_failed_throw_costs_its_side_the_penalty() -> None:
    # match-b: 10 a card beaten. Seat 2 (a defender) throws SA S9; seat 3 beats S9 with SK.
    state = PlayState(
        position("S3 S4 | SA S9 | SK S2 | C5 C6", rules="match-b", dealer=1, leader=2)
    )
    made = state.play(cards("SA S9"))
    assert made.failed and made.cards == cards("S9") and made.penalty == 10
    assert state.penalties == -10
    state.undo()
    assert state.penalties == 0 and state.hand(2) == cards("SA S9")


def test_sampled_follows_are_legal() -> None:
    rng = random.Random(3)
    for state in random_states(20, seed=2):
        if not state.table:
            state.apply(state.unit_leads()[0])
        play = state.sample_follow(rng)
        assert play in state.legal_plays()


# --- applying and taking back -----------------------------------------------------------


def _snapshot(state: PlayState) -> tuple[object, ...]:
    return (
        state.position(),
        state.points,
        state.penalties,
        state.hand_points,
        state.last,
        state.tricks,
        state.trick.best if state.trick else None,
        state.trick.index if state.trick else None,
    )


def test_undo_takes_every_play_back_exactly() -> None:
    rng = random.Random(5)
    for state in random_states(30, seed=3):
        before = [_snapshot(state)]
        made = 0
        while not state.is_over() and made < 14:
            state.apply(rng.choice(state.legal_plays()))
            before.append(_snapshot(state))
            made += 1
        while made:
            before.pop()
            state.undo()
            made -= 1
            assert _snapshot(state) == before[-1]


def test_a_play_takes_exactly_its_cards_out_of_the_hand_and_counts_their_points() -> None:
    # Cards hash by identity and the two copies of a card are one object: a Counter counts
    # copies. Some plays are made with their cards reversed (not in the hand's order).
    rng = random.Random(11)
    for state in random_states(30, seed=4):
        while not state.is_over():
            play = rng.choice(state.legal_plays())
            if len(set(play.cards)) > 1 and rng.random() < 0.5:
                play = Play(play.seat, tuple(reversed(play.cards)), play.attempted, play.penalty)
            hand = state.hand(play.seat)
            points = state.hand_points
            state.apply(play)
            left = state.hand(play.seat)
            assert Counter(left) == Counter(hand) - Counter(play.cards)
            assert list(left) == sorted(left, key=lambda c: c.index)
            assert play.points == sum(c.points for c in play.cards)
            assert state.hand_points == points - play.points


def test_a_copy_plays_on_alone() -> None:
    state = random_states(1, seed=4)[0]
    snapshot = _snapshot(state)
    other = state.copy()
    while not other.is_over():
        other.apply(other.legal_plays()[0])
    assert _snapshot(state) == snapshot
    assert other.outcome().points >= 0


def test_the_trick_winner_leads_next_and_the_defenders_take_its_points() -> None:
    # Spades trump, rank 10. Seat 1 (dealer) leads HK; seat 2 (a defender) ruffs with S3.
    state = PlayState(position("HK H3 | S3 C4 | H5 C5 | H6 C6", dealer=1, leader=1))
    plays = zip((1, 2, 3, 4), ("HK", "S3", "H5", "H6"), strict=True)
    gained = [state.apply(Play(seat, cards(c))) for seat, c in plays]
    assert gained == [0, 0, 0, 15]
    assert state.leader == 2 and state.to_move == 2 and state.points == 15
    assert state.table == ()


# --- reading a position ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "trick", "says"),
    [
        ("S3 S4 | S5 | S6 S7 | S8 S9", "", "as many cards"),
        ("S3 S4 | S5 S6 | S7 S8 | S9 S9", "", ""),
        ("S3 S3 | S3 S4 | S6 S7 | S8 S9", "", "more than two of S3"),
        ("| | |", "", "the hand is over"),
        ("S4 | S5 S6 S7 | S8 S9 SJ | SQ SK D3", "S3 H3", "one suit"),
        ("S4 | SK S6 S3 | S7 S8 S9 | SJ D3 D4", "SA SQ", "fails"),
        ("H4 | S5 | S7 S8 | S9 SJ", "S3/H3", "Seat 2 did not follow spades"),
    ],
)
def test_a_position_the_rules_cannot_reach_is_refused(hands: str, trick: str, says: str) -> None:
    given = position(hands, trump="NT 2", trick=trick)
    if not says:
        PlayState(given)
        return
    with pytest.raises(GameError, match=says):
        PlayState(given)


def test_a_position_with_a_trick_on_the_table_plays_on_from_it() -> None:
    given = position("H4 | S6 | S7 S8 C9 | S9 SJ C3", trump="NT 2", trick="S3 S3/S5 S5", leader=1)
    state = PlayState(given)
    assert state.to_move == 3 and state.winning() == 2
    assert state.position() == given


# --- the outcome --------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_the_outcome_is_what_the_replay_computes(preset: str) -> None:
    for seed in range(6):
        hand = simulate_hand(preset, seed=seed, dealer=1 + seed % 4)
        state = PlayState(play_start(hand, preset))
        for trick in hand.tricks:
            for play in trick.plays:
                made = state.play(play.attempted or play.cards)
                assert made.cards == tuple(sorted(play.cards, key=lambda c: c.index))
        computed = replay(hand, preset).computed
        outcome = state.outcome()
        assert outcome.points == computed.points
        assert outcome.multiplier == computed.multiplier
        assert outcome.kitty_points == computed.kitty_points
        assert outcome.penalty_points == computed.penalty_points
        assert outcome.result == computed.outcome


def test_the_outcome_is_not_known_before_the_end() -> None:
    with pytest.raises(GameError, match="not over"):
        PlayState(position("S3 | S4 | S5 | S6")).outcome()


def test_the_kitty_is_multiplied_by_the_last_lead_shape() -> None:
    # qq: the defenders (seat 2) take the last trick with a pair: kitty 25 × 4.
    hands = "H3 H4 | HA HA | H5 H6 | H7 H8"
    state = PlayState(position(hands, dealer=1, leader=2, kitty="DK D5 C10"))
    for seat, played in zip(seats_from(2), ("HA HA", "H5 H6", "H7 H8", "H3 H4"), strict=True):
        state.play(Play(seat, cards(played)))
    outcome = state.outcome()
    assert (outcome.card_points, outcome.multiplier, outcome.points) == (5, 4, 105)
    assert str(outcome.result) == "defenders +0"


# --- equal positions, equivalent plays ------------------------------------------------------


def _keys(*positions: Position) -> list[Hashable]:
    """The keys of ``positions`` from states sharing one memo, as a solver's states do
    (a memo numbers the suits' descriptions its keys are made of)."""
    states = [PlayState(p) for p in positions]
    for state in states[1:]:
        state.share_memo(states[0])
    return [state.key() for state in states]


def test_the_key_forgets_the_cards_played_but_not_the_order() -> None:
    # With ♥K ♥Q and ♥10 gone, ♥J plays the part ♥A played: the same key.
    high = position("HA C3 | HJ C4 | H9 C5 | H8 C6", trump="S 2")
    low = position("HQ C3 | HJ C4 | H9 C5 | H8 C6", trump="S 2")
    # Swapping two side suits changes nothing either.
    swapped = position("DQ C3 | DJ C4 | D9 C5 | D8 C6", trump="S 2")
    # But the owner of the top card matters.
    other = position("HJ C3 | HQ C4 | H9 C5 | H8 C6", trump="S 2")
    high_key, low_key, swapped_key, other_key = _keys(high, low, swapped, other)
    assert high_key == low_key == swapped_key
    assert other_key != low_key


_OTHERS = "| C3 C4 C5 C6 | D3 D4 D5 D6 | C7 C8 C9 CJ"


@pytest.mark.parametrize(
    ("gap", "joined"),
    [
        # ♥77 99 is no tractor, the 8s played or not; ♥77 88 is one. Both are two pairs of
        # seat 1 next to each other among the hearts still out, held by it alone: the key
        # writes a run of one seat's levels with no two pairs adjacent as a block, and the
        # joined run level by level.
        (f"H7 H7 H9 H9 {_OTHERS}", f"H7 H7 H8 H8 {_OTHERS}"),
        # Trump ♠2: ♥22 ♠22 is a tractor (the side suits' 2s, then ♠2), ♥22 with the little
        # jokers' pair is none (♠2 between them, played or not). Seat 2's ♦2 shares the
        # side suits' 2s' level, so no level is seat 1's alone: both write their levels one
        # by one, alike but for the mark where a seat holds pairs at adjacent levels.
        (
            "H2 H2 LJ LJ | D2 C3 C4 C5 | D3 D4 D5 D6 | C7 C8 C9 CJ",
            "H2 H2 S2 S2 | D2 C3 C4 C5 | D3 D4 D5 D6 | C7 C8 C9 CJ",
        ),
    ],
    ids=["a-block", "the-mark"],
)
def test_the_key_keeps_pairs_that_could_make_a_tractor(gap: str, joined: str) -> None:
    gap_key, joined_key = _keys(position(gap, trump="S 2"), position(joined, trump="S 2"))
    assert gap_key != joined_key


def test_singles_next_to_each_other_held_by_one_seat_are_one_class() -> None:
    # Seat 1 holds ♣7 ♣8 ♣9 alone between the others' cards: any one of them does the same.
    state = PlayState(position("C7 C8 C9 CK | C3 C4 CA D3 | C5 C6 D4 D5 | D6 D7 D8 D9"))
    groups = state.distinct(state.unit_leads())
    grouped = sorted(sorted(str(p) for p in g) for g in groups if len(g) > 1)
    assert grouped == [["1: C7", "1: C8", "1: C9"]]


def test_a_single_from_a_pair_is_not_interchangeable() -> None:
    # ♣77 and ♣99 (the 8s gone): as whole pairs they are alike; one card of either is not.
    state = PlayState(position("C7 C7 C9 C9 | C3 C4 CA CA | D2 D4 D5 D6 | D7 D8 DJ DQ"))
    groups = state.distinct(state.leads())
    together = [sorted(str(p) for p in g) for g in groups if len(g) > 1]
    assert together == [["1: C7 C7", "1: C9 C9"]]


def test_singles_with_only_the_seats_own_cards_between_them_are_one_class() -> None:
    # Seat 1's ♣5 (5 points) and ♣8♣8 lie between its ♣4 ♣6 ♣9, and nobody else holds a
    # club from 4 to 9: against everyone else the three singles are alike.
    hands = "C4 C5 C6 C8 C8 C9 | C3 CA CK D3 D4 D5 | D6 D7 D8 D9 DJ DQ | S3 S4 S5 S6 S7 S8"
    state = PlayState(position(hands))
    groups = state.distinct(state.unit_leads())
    grouped = sorted(sorted(str(p) for p in g) for g in groups if len(g) > 1)
    assert grouped == [["1: C4", "1: C6", "1: C9"]]


def test_the_distinct_leads_are_the_first_of_each_group_of_equal_leads() -> None:
    # Found suit by suit and remembered across states sharing a memo: the same leads, in
    # the same order, as grouping every lead that does not fail at once.
    checked = merged = 0
    for i in range(8):
        hand = simulate_hand(PRESETS[i % len(PRESETS)], seed=700 + i)
        previous: PlayState | None = None
        for start, _play in hand_positions(hand):
            if start.trick:
                continue
            state = PlayState(start)
            if previous is not None:
                state.share_memo(previous)
            previous = state
            leads = state.leads(failing=False)
            expected = [group[0] for group in state.distinct(leads)]
            assert state.distinct_leads() == expected
            assert state.distinct_leads() == expected  # remembered
            checked += 1
            merged += len(expected) < len(leads)
    assert checked > 50 and merged > 10


def test_a_key_kept_across_a_forgotten_memo_never_comes_to_mean_another_position() -> None:
    # A search keeps keys in its table while the rules answers behind them are forgotten
    # (a long search trims its memo): a key made later, of another position, must differ.
    first = PlayState(position("HA C3 | HJ C4 | H9 C5 | H8 C6", trump="S 2"))
    kept = first.key()
    first.trim_memo(limit=0)  # forget everything, the suits' numbers too
    other = PlayState(position("HJ C3 | HA C4 | H9 C5 | H8 C6", trump="S 2"))
    other.share_memo(first)
    assert other.key() != kept
    # And equal positions still get equal keys, from any state sharing the memo.
    again = PlayState(position("HQ C3 | HJ C4 | H9 C5 | H8 C6", trump="S 2"))
    again.share_memo(first)
    assert again.key() == first.key()


def test_equal_positions_keep_equal_keys_when_another_state_forgets_its_memo() -> None:
    # A solver's states share one memo; another search elsewhere in the process (another
    # solver) forgetting its own memo must not give the suits a second number here: the
    # two positions below are equal (side suits swapped), so their keys must stay equal,
    # whatever ran before (the solver's nodes depend on it).
    hearts = PlayState(position("HQ C3 | HJ C4 | H9 C5 | H8 C6", trump="S 2"))
    kept = hearts.key()
    elsewhere = PlayState(position("DA C3 | DJ C4 | D9 C5 | D8 C6", trump="S 2"))
    elsewhere.key()
    elsewhere.trim_memo(limit=0)
    diamonds = PlayState(position("DQ C3 | DJ C4 | D9 C5 | D8 C6", trump="S 2"))
    diamonds.share_memo(hearts)
    assert diamonds.key() == kept


def test_replaying_and_walking_every_play_makes_no_reference_cycles() -> None:
    # The rules core's recursive helpers are module functions, not closures over
    # themselves: replaying hands and walking every legal play of their endgames leave
    # nothing for the collector (the solver turns it off while it searches; a cycle a
    # node would pile up until it is back on).
    hands = [simulate_hand("qq", seed=seed, dealer=1 + seed % 4) for seed in range(4)]

    def walk(state: PlayState) -> None:
        for play in state.legal_plays():
            state.apply(play)
            if not state.is_over():
                walk(state)
            state.undo()

    def run() -> None:
        for hand in hands:
            replay(hand)
            for start, _play in hand_positions(hand):
                if not start.trick and len(start.hands[0]) == 3:
                    walk(PlayState(start))

    run()  # the first run fills the caches (the parser's, the rule sets')
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        run()
        gc.collect()
        left = list(gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert left == []
