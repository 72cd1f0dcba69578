"""The exact solver against a brute-force minimax written here, on random small endgames.

The brute force uses only the rules core's functions (every sub-multiset of a suit as a
lead, :func:`judge_throw`, :func:`legal_follows`, :func:`trick_winner`, the rule set's
kitty multiplier) and searches every play, failed throws included, with no transposition
table, no move ordering and no equivalences. The solver must give every legal play the
same value.
"""

from __future__ import annotations

import gc
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import product

import pytest

from notation.analysis.positions import hand_positions
from notation.analysis.solver import Solver, solve
from notation.presets import load_ruleset
from notation.rules.cards import ALL_CARDS, RANKS, SUITS, Card, Cards, parse_cards
from notation.rules.follow import legal_follows
from notation.rules.game import PlayState, Position
from notation.rules.order import Trump
from notation.rules.ruleset import Ruleset
from notation.rules.seats import Seat, next_seat, seats_from
from notation.rules.throw import judge_throw
from notation.rules.trick import trick_winner
from notation.rules.units import decompose
from notation.simulate import simulate_hand
from tests.test_game import position

PRESETS = ("qq", "qq-super", "match-a", "match-b", "tractor", "seed-001")

# --- the brute force ---------------------------------------------------------------------


@dataclass(frozen=True)
class _Move:
    shown: Cards  # as put down: a throw as thrown
    cards: Cards  # on the table: a failed throw's forced unit
    penalty: int  # points the thrower's side loses


def _leads(seat: Seat, hands: list[list[Card]], trump: Trump, rules: Ruleset) -> list[_Move]:
    """Every sub-multiset of each effective suit the leader holds, throws judged."""
    moves = []
    by_suit: dict[object, list[Card]] = {}
    for card in hands[seat - 1]:
        by_suit.setdefault(trump.effective_suit(card), []).append(card)
    for cards in by_suit.values():
        counts = sorted(Counter(cards).items(), key=lambda kv: kv[0].index)
        for takes in product(*(range(n + 1) for _, n in counts)):
            lead = tuple(c for (c, _), k in zip(counts, takes, strict=True) for _ in range(k))
            if not lead:
                continue
            if len(decompose(lead, trump)) == 1:
                moves.append(_Move(lead, lead, 0))
                continue
            others = {s: hands[s - 1] for s in seats_from(seat)[1:]}
            verdict = judge_throw(lead, seat, others, trump)
            if not verdict.failed:
                moves.append(_Move(lead, lead, 0))
            else:
                counted = verdict.penalty_cards(rules.throw.penalty_counts.value)
                moves.append(_Move(lead, verdict.forced, counted * rules.throw.penalty_per_card))
    return moves


def _remove(hand: list[Card], cards: Sequence[Card]) -> list[Card]:
    left = list(hand)
    for card in cards:
        left.remove(card)
    return left


def brute_values(position: Position) -> dict[Cards, int]:
    """Each legal play of the seat to move (as put down, sorted) → the defenders' final
    points under best play, by plain minimax."""
    rules, trump, dealer = position.rules, position.trump, position.dealer
    kitty_points = sum(c.points for c in position.kitty)

    def defender(seat: Seat) -> bool:
        return (seat - dealer) % 2 == 1

    def value(
        hands: list[list[Card]],
        leader: Seat,
        table: list[tuple[Seat, Cards]],
        points: int,
    ) -> int:
        if len(table) == 4:
            result = trick_winner(table, trump)
            won_by_defenders = defender(result.winner)
            if won_by_defenders:
                points += result.points
            if not any(hands):
                if won_by_defenders:
                    by_trump = all(trump.is_trump(c) for c in table[result.winning_play][1])
                    points += kitty_points * rules.kitty_multiplier(*result.shape, trump=by_trump)
                return max(points, 0)
            return value(hands, result.winner, [], points)
        values = [
            value(after, leader, [*table, (seat, move.cards)], points + shift)
            for seat, move, after, shift in _children(hands, leader, table)
        ]
        seat = next_seat(leader, len(table))
        return max(values) if defender(seat) else min(values)

    def _children(
        hands: list[list[Card]], leader: Seat, table: list[tuple[Seat, Cards]]
    ) -> list[tuple[Seat, _Move, list[list[Card]], int]]:
        seat = next_seat(leader, len(table))
        if table:
            moves = [_Move(p, p, 0) for p in legal_follows(table[0][1], hands[seat - 1], trump)]
        else:
            moves = _leads(seat, hands, trump, rules)
        children = []
        for move in moves:
            after = [list(h) for h in hands]
            after[seat - 1] = _remove(after[seat - 1], move.cards)
            shift = -move.penalty if defender(seat) else move.penalty
            children.append((seat, move, after, shift))
        return children

    hands = [list(h) for h in position.hands]
    leader = position.leader
    table = [(seat, cards) for seat, cards in zip(seats_from(leader), position.trick, strict=False)]
    answers = {}
    for seat, move, after, shift in _children(hands, leader, table):
        key = tuple(sorted(move.shown, key=lambda c: c.index))
        answers[key] = value(after, leader, [*table, (seat, move.cards)], position.points + shift)
    return answers


# --- random endgames -----------------------------------------------------------------------


def random_endgame(rng: random.Random, size: int | None = None) -> Position:
    """A random position with 1 to 3 cards a hand (or ``size``), dealt from a few suits
    and a narrow band of ranks, with pairs and tractors put in on purpose, so that
    throws, ruffs and every shape of lead are common; sometimes with a trick already on
    the table."""
    rules = load_ruleset(rng.choice(PRESETS))
    rank = rng.choice(RANKS)
    suit = None if rng.random() < 0.2 else rng.choice(SUITS)
    trump = rules.trump(rank, suit)
    size = size or rng.choice((1, 2, 2, 3, 3, 3))
    suits = rng.sample(SUITS, rng.choice((1, 2, 2, 3)))
    low = rng.randrange(0, len(RANKS) - 4)
    ranks = [*RANKS[low : low + rng.choice((3, 4, 5))], rank]
    pool = [c for c in ALL_CARDS if c.suit in suits and c.rank in ranks]
    if rng.random() < 0.4:
        pool += [c for c in ALL_CARDS if c.is_joker]
    left = Counter({c: 2 for c in pool})
    hands = [_random_hand(rng, left, size, trump) for _ in range(4)]
    dealt = Counter(c for h in hands for c in h)
    kitty = rng.sample([c for c in ALL_CARDS if c.points and dealt[c] == 0], rng.choice((0, 1, 2)))
    position = Position(
        rules,
        trump,
        rng.choice((1, 2, 3, 4)),
        (tuple(hands[0]), tuple(hands[1]), tuple(hands[2]), tuple(hands[3])),
        rng.choice((1, 2, 3, 4)),
        points=5 * rng.randrange(0, 20),
        kitty=tuple(kitty),
    )
    if rng.random() < 0.3:
        position = _play_some(position, rng)
    return position


def _random_hand(rng: random.Random, left: Counter[Card], size: int, trump: Trump) -> list[Card]:
    """``size`` cards from ``left`` (taken out of it): a tractor now and then, pairs often."""
    hand: list[Card] = []

    def take(cards: Sequence[Card]) -> None:
        hand.extend(cards)
        left.subtract(cards)

    if size >= 4 and rng.random() < 0.5:
        tractors = [
            (a, b)
            for a in left
            for b in left
            if left[a] == 2
            and left[b] == 2
            and trump.effective_suit(a) == trump.effective_suit(b)
            and trump.level(b) == trump.level(a) + 1
        ]
        if tractors:
            a, b = rng.choice(tractors)
            take((a, a, b, b))
    while len(hand) + 2 <= size and rng.random() < 0.4:
        pairs = [c for c, n in left.items() if n == 2]
        if not pairs:
            break
        card = rng.choice(pairs)
        take((card, card))
    while len(hand) < size:
        cards = [c for c, n in left.items() if n > 0]
        if not cards:  # the narrow pool ran out: any card of two decks not dealt yet
            cards = [c for c in ALL_CARDS if left.setdefault(c, 2) > 0]
        take((rng.choice(cards),))
    return hand


def block_endgame(rng: random.Random, size: int) -> Position:
    """A random position where the seat to move holds a block of one suit that nobody
    else holds cards inside: singles and pairs with its own cards of other points (5s,
    10s, Ks) between them, so the equivalences have something to merge."""
    rules = load_ruleset(rng.choice(PRESETS))
    rank = rng.choice(RANKS)
    trump = rules.trump(rank, None if rng.random() < 0.2 else rng.choice(SUITS))
    suit = rng.choice(SUITS)
    band = [c for c in ALL_CARDS if c.suit is suit and c.rank is not rank]
    start = rng.randrange(0, len(band) - 6)
    block = band[start : start + rng.choice((4, 5, 6))]
    mover: list[Card] = []
    while len(mover) < size:
        card = rng.choice(block)
        take = 2 if size - len(mover) >= 2 and rng.random() < 0.35 else 1
        if mover.count(card) + take <= 2:
            mover.extend([card] * take)
    # The others hold cards of two other suits: enough to ruff, discard and follow.
    others = rng.sample([x for x in SUITS if x is not suit], 2)
    outside = [c for c in ALL_CARDS if c.suit in others and c not in block for _ in range(2)]
    rng.shuffle(outside)
    kitty = next(c for c in outside if c.points)
    outside.remove(kitty)
    leader = rng.choice((1, 2, 3, 4))
    hands: list[tuple[Card, ...]] = []
    for seat in (1, 2, 3, 4):
        if seat == leader:
            hands.append(tuple(mover))
        else:
            hands.append(tuple(outside.pop() for _ in range(size)))
    return Position(
        rules,
        trump,
        rng.choice((1, 2, 3, 4)),
        (hands[0], hands[1], hands[2], hands[3]),
        leader,
        points=5 * rng.randrange(0, 20),
        kitty=(kitty,),
    )


def _play_some(position: Position, rng: random.Random) -> Position:
    """The position after 1 to 3 random plays of the first trick."""
    hands = [list(h) for h in position.hands]
    trump, rules = position.trump, position.rules
    trick: list[Cards] = []
    for step in range(rng.choice((1, 2, 3))):
        seat = next_seat(position.leader, step)
        if not trick:
            move = rng.choice(_leads(seat, hands, trump, rules))
            cards = move.cards
        else:
            cards = rng.choice(legal_follows(trick[0], hands[seat - 1], trump))
        hands[seat - 1] = _remove(hands[seat - 1], cards)
        trick.append(tuple(cards))
    return replace(
        position,
        hands=(tuple(hands[0]), tuple(hands[1]), tuple(hands[2]), tuple(hands[3])),
        trick=tuple(trick),
    )


def _root_plays(position: Position) -> list[Cards]:
    """The legal plays of the seat to move, as put down (as the brute force lists them)."""
    hands = [list(h) for h in position.hands]
    seat = position.to_move
    if position.trick:
        return legal_follows(position.trick[0], hands[seat - 1], position.trump)
    return [m.shown for m in _leads(seat, hands, position.trump, position.rules)]


def _solver_values(position: Position, solver: Solver | None = None) -> dict[Cards, int]:
    solution = (solver or Solver()).solve(position)
    assert solution.exact
    return {tuple(sorted(p.play.shown, key=lambda c: c.index)): p.value for p in solution.plays}


def _describe(position: Position) -> str:
    hands = " | ".join(" ".join(map(str, h)) for h in position.hands)
    trick = " / ".join(" ".join(map(str, p)) for p in position.trick)
    return (
        f"{position.rules.name} trump {position.trump} dealer {position.dealer} "
        f"leader {position.leader} hands {hands} trick [{trick}] points {position.points} "
        f"kitty {' '.join(map(str, position.kitty))}"
    )


# --- the tests ---------------------------------------------------------------------------


@pytest.mark.parametrize("block", range(8))
def test_every_play_has_the_brute_force_value_on_random_endgames(block: int) -> None:
    rng = random.Random(1000 + block)
    solver = Solver()  # one solver for many positions: its tables must not mix them up
    for _ in range(250):
        position = random_endgame(rng)
        expected = brute_values(position)
        assert _solver_values(position, solver) == expected, _describe(position)


def test_a_failed_throw_is_worth_its_forced_unit_less_the_penalty() -> None:
    # match-a: 10 points per card withdrawn. Seat 1 (a defender) throws SA S9; seat 2's SK
    # beats S9, so S9 is played and SA withdrawn: 10 points off the defenders' total.
    hands = "SA S9 | SK S3 | S4 S6 | S7 S8"
    given = position(hands, trump="NT 2", rules="match-a", dealer=2, points=50)
    values = _solver_values(given)
    assert values[tuple(parse_cards("S9 SA"))] == values[tuple(parse_cards("S9"))] - 10
    assert values == brute_values(given)


def test_the_kitty_multiplier_counts_when_the_defenders_take_the_last_trick() -> None:
    # qq: a pair wins the last trick: kitty ×4. Seat 2 (defender) leads HA HA and wins.
    hands = "H3 H4 | HA HA | H5 H6 | H7 H8"
    given = position(hands, trump="NT 2", dealer=1, leader=2, points=30, kitty="DK C5")
    solution = solve(given)
    assert solution.value == 30 + 5 + 15 * 4
    assert [p.cards for p in solution.best] == [tuple(parse_cards("HA HA"))]


@pytest.mark.parametrize(("dealer", "value"), [(1, 0), (2, 40 + 15 * 2)])
def test_a_leader_sure_to_take_every_trick_is_not_searched_past_the_first(
    dealer: int, value: int
) -> None:
    # Seat 1 leads; after any first lead it holds only cards nobody can beat (quick
    # tricks): its side takes every trick, the kitty too (qq: a single's ×2). The later
    # tricks are decided by the bound, not searched (they took 112 nodes before it).
    hands = "BJ LJ S10 HA | S3 S4 S5 H3 | H5 HK H9 H4 | S6 S7 SK H8"
    given = position(hands, trump="S 10", dealer=dealer, leader=1, kitty="D5 DK")
    solution = solve(given)
    assert solution.value == value
    assert solution.nodes < 60
    assert _solver_values(given) == brute_values(given)


def test_a_pair_no_other_hand_can_beat_with_a_pair_is_a_quick_trick() -> None:
    # Trump ♠, rank 5. Seat 2 (a defender) holds S6 S6: seats 3 and 4 hold higher trumps
    # (S7, S8), but no trump pair, so once seat 2 has the lead its pair takes a trick.
    # Counted as a sure winner, it cuts the search off: 49 nodes, 97 while only single
    # cards were quick tricks (found by comparing the two on random endgames).
    hands = "H8 D6 D7 | S6 S6 H5 | S7 H5 H8 | S8 D7 D8"
    given = position(hands, trump="S 5", rules="match-b", dealer=2, leader=4, points=85, kitty="S5")
    solution = solve(given)
    assert solution.nodes < 60
    assert _solver_values(given) == brute_values(given)


def test_the_partner_gives_its_most_points_to_the_leaders_quick_tricks() -> None:
    # Trump ♠, rank 3: every card is a trump. When seat 2 leads, its BJ is a quick trick
    # (seat 3's BJ only ties it), and its partner, seat 4, follows with S10 (its side's
    # choice): the quick tricks count those 10 points, 83 nodes; 143 while they counted
    # the partner's fewest points, as an opponent's (found by comparing the two on
    # random endgames).
    hands = "S3 S3 SQ | SJ LJ BJ | S9 SQ BJ | S9 S10 SJ"
    given = position(hands, trump="S 3", rules="tractor", dealer=2, leader=4, points=50)
    solution = solve(given)
    assert solution.nodes < 100
    assert _solver_values(given) == brute_values(given)


@pytest.mark.parametrize("block", range(2))
def test_four_cards_a_hand_with_tractors_match_the_brute_force(block: int) -> None:
    rng = random.Random(2000 + block)
    solver = Solver()
    for _ in range(40):
        position = random_endgame(rng, size=4)
        assert _solver_values(position, solver) == brute_values(position), _describe(position)


@pytest.mark.parametrize("size", [3, 4])
def test_interchangeable_cards_change_no_value(size: int) -> None:
    # The seat to move holds a block of a suit nobody else reaches into, with cards that
    # are interchangeable (singles, or whole pairs at 4 cards), often with its own other
    # cards between them.
    rng = random.Random(3000 + size)
    solver = Solver()
    tested = 0
    while tested < (100 if size == 3 else 6):
        position = block_endgame(rng, size)
        state = PlayState(position)
        classes = state.classes(state.to_move)
        if not classes or (size == 4 and all(n == 1 for _, n in classes.values())):
            continue
        tested += 1
        assert _solver_values(position, solver) == brute_values(position), _describe(position)


def test_the_random_endgames_have_every_kind_of_play() -> None:
    # The comparison above means something only if the endgames hold every case.
    seen: Counter[str] = Counter()
    for seed, size in ((1000, None), (2000, 4)):
        rng = random.Random(seed)
        for _ in range(250 if size is None else 40):
            position = random_endgame(rng, size)
            trump = position.trump
            seen[position.rules.name] += 1
            seen["no-trump" if trump.is_no_trump else "trump suit"] += 1
            seen["trick on the table" if position.trick else "trick start"] += 1
            for cards in _root_plays(position):
                units = decompose(cards, trump)
                if len(units) > 1:
                    seen["throw"] += 1
                else:
                    seen[units[0].kind.value] += 1
                lead = position.trick[0] if position.trick else None
                if lead and not trump.is_trump(lead[0]) and all(map(trump.is_trump, cards)):
                    seen["ruff"] += 1
    for kind in (*PRESETS, "no-trump", "trump suit", "trick on the table", "trick start"):
        assert seen[kind] >= 20, (kind, seen)
    for kind in ("single", "pair", "tractor", "throw", "ruff"):
        assert seen[kind] >= 10, (kind, seen)


def test_the_value_alone_is_the_best_plays_value() -> None:
    # Solver.value proves the position's value without each play's (the evaluator's
    # rollouts end in it); it must agree with solve, with tables shared or fresh.
    rng = random.Random(4242)
    shared = Solver()
    for _ in range(300):
        position = random_endgame(rng)
        expected = Solver().solve(position).value
        assert shared.value(position) == expected, _describe(position)
        assert Solver().value(position) == expected, _describe(position)


def test_the_budget_is_counted_on_the_clock_given() -> None:
    # The benchmark caps a solve in CPU time (time.process_time), which a loaded machine
    # does not eat into; the budget must be read on the clock given, not on wall time.
    # A clock that jumps an hour at each reading runs any budget out at the first check.
    ticks = iter(range(0, 10**9, 3600))
    position = _a_position_of_many_nodes()
    rushed = Solver().solve(position, budget=60.0, clock=lambda: float(next(ticks)))
    assert not rushed.exact
    assert Solver().solve(position, budget=60.0, clock=lambda: 0.0).exact


def test_the_garbage_collector_is_off_while_searching_and_as_it_was_after() -> None:
    # A search turns Python's cyclic collector off (collections set off by its short-lived
    # tuples walk the whole table) and leaves it as it found it, even out of time.
    position = _a_position_of_many_nodes()
    seen: list[bool] = []

    def clock() -> float:  # read during the search, every 256 nodes
        seen.append(gc.isenabled())
        return 0.0

    assert gc.isenabled()
    assert Solver().solve(position, budget=60.0, clock=clock).exact
    assert seen[0] and not any(seen[1:-1]) and gc.isenabled()
    ticks = iter(range(0, 10**9, 3600))
    assert not Solver().solve(position, budget=60.0, clock=lambda: float(next(ticks))).exact
    assert gc.isenabled()
    Solver().value(position)
    assert gc.isenabled()
    gc.disable()  # a caller that keeps it off finds it off
    try:
        Solver().solve(position)
        assert not gc.isenabled()
    finally:
        gc.enable()


def _a_position_of_many_nodes() -> Position:
    """A random endgame whose solve searches more nodes than the 256 between two readings
    of the clock."""
    rng = random.Random(77)
    while True:
        candidate = random_endgame(rng, size=4)
        if solve(candidate).nodes > 600:
            return candidate


def test_values_hold_when_the_rules_memo_is_forgotten_mid_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A long search forgets the state's remembered answers (``PlayState.trim_memo``, every
    65,536 nodes past a limit): the follows made again are new objects, and what the
    solver keeps across tricks (each seat's follows in order) must still find them. Here
    the memo is forgotten at every such check, on a 6-card position of about 90,000
    nodes; the values must be those of a search that forgets nothing. (Compiled, the
    search calls the method directly and the patch does not reach it: there this only
    checks the values.)"""
    found = []
    seed = 0
    while len(found) < 17:  # the benchmark's 6-card positions; the 17th is a long one
        hand = simulate_hand("qq", seed=seed, dealer=1 + seed % 4)
        seed += 1
        for at, _play in hand_positions(hand):
            if not at.trick and len(at.hands[0]) == 6:
                found.append(at)
                break
    target = found[16]
    kept = {str(p.play): p.value for p in Solver().solve(target).plays}
    trim = PlayState.trim_memo
    monkeypatch.setattr(PlayState, "trim_memo", lambda self, limit=0: trim(self, 0))
    solution = Solver().solve(target)
    assert solution.nodes > 65_536  # at least one forgetting
    assert {str(p.play): p.value for p in solution.plays} == kept
