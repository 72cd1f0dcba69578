"""The exact solver: the value of every legal play when all four hands are known.

"Double dummy", as bridge players say: every hand is open, both teams play their best,
the defenders to maximize their final points, the dealer's team to minimize them. A
play's value is the defenders' final total after it (their points so far, the tricks
to come, the kitty × its multiplier if they take the last trick, penalties; never below
0, as :func:`notation.rules.scoring.final_total` says).

How it searches (the ideas of Bo Haglund's DDS for bridge, fitted to Shengji; see
``../shared/ANALYSIS.md``), each measured on positions of simulated hands:

* **alpha-beta** over plays, the defenders maximizing, fail-soft;
* **zero-window tests** ("do the defenders make at least γ?"), driven as MTD(f): values
  are multiples of 5, and a test only has to prove a bound. Every play of the root
  needs its own exact value; the last value found is the next play's first guess
  (13% fewer nodes than a playout's guess);
* a **transposition table** at every trick start, keyed on
  :meth:`~notation.rules.game.PlayState.key` (cards replaced by their order among the
  cards still out, side suits sorted; each suit's description a number, quick to hash),
  holding the bounds proved so far and the best lead, kept by a :class:`Solver` across
  the positions of a hand. None inside a trick: that gave 4% fewer nodes for a third
  more time. A trick start's key and bound are remembered by its exact cards (the
  leader and the four hands): each zero-window test of MTD(f) meets the same trick
  starts again, and a look-up by the hands is cheaper than a key (2026-12-02: 11.9%
  fewer instructions compiled on an 8-card position, node counts unchanged; the same
  memo for quick tricks would not pay: 6,239 of them on that position, 6,083 distinct).
  Tried and dropped: before the last play of a trick, looking each of its
  follows up in the table at the trick start it leads to (an enhanced transposition
  cutoff): 12.6% fewer nodes at 6 cards, 17.3% at 8, but each look-up makes and takes
  back a play, and the time did not go down (back to back: 8% more CPU pure, 31% more
  compiled, at 8 cards);
* **equivalent plays** searched once (:meth:`~notation.rules.game.PlayState.distinct`):
  cards held by one seat, with the same points, with no other seat's card between or
  level with them, are interchangeable (pairs only whole, and not next to another pair
  of the seat); not for the last follower, whose interchangeable plays end the trick
  in positions of one table key (2026-12-02: 1.5% more nodes at 6 cards, and no
  classes to find);
* **throws that fail** are never searched: a failed throw is its forced unit plus a
  penalty against the thrower's side, so it is never better for that side than leading
  the unit itself; at the root its value is the unit's value with the penalty. Throws
  that stand are searched like any lead;
* **move ordering**: the table's best lead first; where the table has none, the lead
  that cut the search off (or was best) the last time the leader held the same hand
  elsewhere in the search (a killer lead, by the leader's hand: on the benchmark's
  positions 3.9% fewer nodes at 4 cards, 9.0% at 6, 25.4% at 8; the killer of the last
  trick start as deep instead: 6.4% and 14.1%, but 7 of the 10 positions of 8 cards
  worse; by the leader's hand and its partner's, 2026-12-02: 2.4% fewer nodes again at
  6 cards, 1.6% at 8); then the leads of the most cards and the highest (a history of cut-offs
  ordered them worse: 39% more nodes; ordering trumps first or last at equal length, or
  the points led, changed nothing or worse, nor a follow killer across tricks); for a
  follower, the follow that last cut the search off in this trick, facing the same
  lead and the same winning play (a killer move: 18% fewer nodes), or, the first time
  in a trick, in any trick where the seat held the same hand facing the same lead,
  winning play and winner's side (29.7% fewer nodes at 6 cards, with the killer lead
  above: 36.0% in all; by the hand and lead alone 17.8%; by the depth in plays
  instead of the hand: 9.6% more), then points to a
  partner who is winning (2% fewer nodes than trying a play that takes the lead
  first), else a play that takes the lead with the most points and lowest cards, else
  the fewest points and lowest cards. A seat's follows, their points and what each is
  worth against the lead are found once a trick, and only ordered again;
* **bounds** that end a search early: no points left anywhere is 0; the points still out
  plus the kitty at the largest multiplier the hands allow (the longest tractor held)
  bound the rest from above, at trick starts, checked before the table's key is made
  (a tenth of the trick starts end there: 3% less CPU pure, 4% to 8% compiled, at 6
  cards back to back; inside a trick it never cut a search off on the benchmark's
  positions: the points only move to the table); the last card
  of each hand is played out without search, and its result remembered by the four
  cards and the leader; and quick tricks, as bridge's DDS has them: at a trick start,
  the points the leader's side is sure to take by cashing single cards no other hand
  can beat (and, when all the leader's cards are such, every trick and the kitty) bound
  the value from below for the defenders, from above for the dealer's team (measured
  on the benchmark's 23 positions of 4, 6 and 8 cards: 3.4% fewer nodes, 4.9% at 4
  cards; the CPU time 2% to 5% less pure, 4% to 5% compiled, runs back to back). Then
  pairs no other hand can beat with a pair counted too (2.9% fewer nodes at 4 cards,
  1.8% at 6, 0.4% at 8, on the benchmark's 30, 30 and 10 positions), and the partner's
  most points on a single cashed, as its side chooses, rather than its fewest (0.2%,
  1.1% and 0.6% more). Tractors are not counted (rare this late), nor the points the
  side on lead is sure to lose: a card no one can beat need not win a trick with points
  in it, nor the last trick (it may have to go on a pair led), so no cheap sound bound
  was found.

Not used, and why: "in a trick already won, only the points given matter" is not exact
(the cards kept decide later tricks), so it is not applied; a void follower's discards
are merged only where the cards are interchangeable as above.

What a node costs, compiled (2026-12-02; callgrind on the benchmark's 8-card position 7,
82,479 nodes, every node count unchanged): 2.27 → 1.65 billion instructions (27.5%
fewer). In the rules core, undo records as plain tuples (a named tuple's constructor was
a call through Python), a follow that cannot win remembered in one look-up, a play's
points summed once (``Play.points``), a key's four suit numbers packed in one int; in
the solver, the follows' order sorted without ``reverse=True``: 14.9%; the exact trick
starts above, and the leads sorted with no key function: 11.9% more; a seat's classes
of equivalent cards with the other hands split once: 1.1%; a hand less a play of
several cards in one pass: 2.3%. The CPU time gains less (back to back, README: each
8-card position 12% to 29% less in one session, 25% less to 2% more in another; the
median 1.41 → 1.22 s and 1.17 → 1.06 s). Where the rest goes (the same profile): finding and
ordering plays 44% (grouping equivalent plays 15%, their classes 10% of it; each
follow's value and order 10%; the legal follows 6%; the leads 4%), making and taking
back plays 26%, the keys 9%, quick tricks 4%. A fourth pass (2026-12-02, every value
and node count unchanged; numbers in the README): a trick start's leads worth searching
found suit by suit and remembered by the suit's cards in each hand
(:meth:`~notation.rules.game.PlayState.distinct_leads`: no classes for the leader, no
signatures when the suit comes back), the trick start's memo made before its first lead
(so that the followers' classes, follows and orders serve every lead of it), the sort
keys of plays packed in one int each, and a suit's description made from sorted ints.
A fifth pass (2026-12-02, session 16; every value and node count unchanged): a seat's
follows, scored and ordered, remembered across tricks by the seat, its hand, the lead,
the winning play's value and whether the partner is winning (the order depends on
nothing else; of a group of equivalent follows the first is kept, by its cards, which
gives the same order as sorting the kept ones alone, the sort being stable and each
key a follow's own), and a suit's throws worth judging picked with loops rather than a
generator and ``count`` (compiled, callgrind, the solve's instructions in millions: the
8-card position 7 1,488.8 → 1,393.0 with the first, 1,385.9 with both, 6.9% fewer;
position 2 6,226.1 → 5,639.4 → 5,495.2, 11.7% fewer; position 5 5,991.4 → 5,311.4
with both, 11.3% fewer). Measured and dropped in that pass: each trick start's memo
(the followers' classes, follows and orders) kept by its exact cards for the next
visit: no gain (position 7: 1,488.8 → 1,550.4 million instructions), as a
trick start is expanded once (position 2: 12,244 expansions of 12,211 distinct trick
starts; every other visit ends at the table's bounds); trick starts of 2 cards a hand
solved exactly once (a full window) and remembered by their cards: 54.5% more nodes at
6 cards and 25% more CPU pure (3 cards: 4.4 times the nodes), the zero-window tests
with the table's bounds being much cheaper; the root's plays proved in other orders
(ties of the first guess broken by the search's lead order: 0.8% fewer nodes at 6 cards,
0.7% more at 8; the worst first: 2.1% and 5.9% more; the static order reversed: 1.3% and
7.2% more).

With a time budget the search may stop before every value is proved. Then a play's
``lower`` and ``upper`` are the bounds proved so far (the exact value lies between
them) and its ``value`` an estimate inside them: the result of playing on with the
search's move ordering (the table's best plays where it has them).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Final

from notation.rules.cards import Cards
from notation.rules.game import Play, PlayState, Position
from notation.rules.order import TRUMP
from notation.rules.ruleset import Ruleset
from notation.rules.seats import Seat

__all__ = ["PlayValue", "Solution", "Solver", "solve"]

_INF = 10**9
_TABLE_LIMIT = 1_000_000  # transposition-table entries kept before the table is cleared
_CONTEXTS_KEPT = 4  # hands whose tables a solver keeps
# Sort keys packed in one int (a machine word): a play's cards, points (200 at most in two
# decks) and sum of levels (27 at most a card) each in a field of _BITS bits, below _FIELD
# (a part negated is written as _FIELD less it); its place in its list in the last
# _PLACE_BITS bits.
_BITS: Final = 16
_FIELD: Final = 1 << _BITS - 1
_PLACE_BITS: Final = 24
_PLACE: Final = (1 << _PLACE_BITS) - 1


class _OutOfTime(Exception):
    """The budget ran out: unwind the search."""


@dataclass(frozen=True, slots=True)
class PlayValue:
    """A legal play and the defenders' final points after it under best play."""

    play: Play
    value: int  # exact when ``lower == upper``, else an estimate between them
    lower: int
    upper: int

    @property
    def exact(self) -> bool:
        """True when the value is proved."""
        return self.lower == self.upper


@dataclass(frozen=True, slots=True)
class Solution:
    """The value of a position and of every legal play of the seat to move."""

    to_move: Seat
    value: int  # the defenders' final points under best play by both teams
    lower: int
    upper: int
    plays: tuple[PlayValue, ...]  # every legal play, the best first
    best: tuple[Play, ...]  # the plays of optimal value
    nodes: int
    seconds: float

    @property
    def exact(self) -> bool:
        """True when every play's value is proved."""
        return all(p.exact for p in self.plays)


# A trick start exactly: the leader and the four hands.
_Exact = tuple[Seat, Cards, Cards, Cards, Cards]
# A follow with its points, the sum of its cards' levels and its value against the lead
# (None: it cannot win), for ordering (see _Search._scored).
_Scored = tuple[int, int, tuple[int, int] | None, Play]


@dataclass(slots=True)
class _Context:
    """What one transposition table is valid for: the same rules, trump, teams and kitty."""

    # The kitty's largest bonus when the longest tractor held has n pairs (0: no pair),
    # and its least bonus with a last trick led by a single or a pair (see _kitty_bounds).
    kitty_max: list[int]
    kitty_sure: int
    table: dict[Hashable, tuple[int, int, Cards | None]] = field(default_factory=dict)
    # The defenders' gain in the last trick, by its leader and the four cards.
    last: dict[_Exact, int] = field(default_factory=dict)
    # A trick start by its exact cards → its table key (None: not made yet) and bound.
    starts: dict[_Exact, tuple[Hashable | None, int]] = field(default_factory=dict)
    state: PlayState | None = None  # the last state: its remembered rules answers are shared


def _kitty_bounds(rules: Ruleset, kitty_points: int) -> tuple[list[int], int]:
    """The kitty's largest bonus when the longest tractor held has n pairs (n = 0..13; 0:
    no pair), won with trumps or not; and its least bonus with the last trick led by a
    single card or a pair, won with trumps or not (what quick tricks that take every
    trick are sure of). Found once a hand (a solver's context)."""
    kitty_max: list[int] = []
    for n in range(14):
        shapes = [(1, 1)] + [(2, k) for k in range(1, n + 1)]
        best = max(rules.kitty_multiplier(c, k, trump=t) for c, k in shapes for t in (True, False))
        kitty_max.append(best * kitty_points)
    sure = min(rules.kitty_multiplier(c, 1, trump=t) for c in (1, 2) for t in (True, False))
    return kitty_max, sure * kitty_points


class Solver:
    """Solves positions, keeping its transposition tables between them: positions of the
    same hand (same rules, trump, dealer's team and kitty) share one."""

    def __init__(self) -> None:
        self._contexts: dict[Hashable, _Context] = {}

    def solve(
        self,
        position: Position,
        budget: float | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> Solution:
        """The value of every legal play of the seat to move (``budget``: seconds, as
        ``clock`` counts them: wall time by default, ``time.process_time`` for the CPU
        time a benchmark on a shared machine should cap)."""
        started = clock()
        deadline = started + budget if budget is not None else None
        state, context = self._start(position)
        search = _Search(state, context, deadline, budget or 0.0, clock)
        paused = _pause_collector()
        try:
            plays, values = search.root()
        finally:
            if paused:
                gc.enable()
        seconds = clock() - started
        return _solution(state, plays, values, search.nodes, seconds)

    def value(self, position: Position) -> int:
        """The value of ``position`` alone, proved, without each play's: the defenders'
        final points under best play (about half the work of :meth:`solve`; for the
        evaluator's rollouts, which end in a solve of a small position)."""
        state, context = self._start(position)
        search = _Search(state, context, None)
        lo, hi = 0, search.bound()  # what the defenders gain from here on
        paused = _pause_collector()
        try:
            guess = search.playout()
            while lo < hi:  # MTD(f), as for each play in :meth:`_Search.exact`
                gamma = min(max(guess - guess % 5, lo + 5), hi)
                guess = search.search(gamma - 1, gamma)
                if guess >= gamma:
                    lo = guess
                else:
                    hi = guess
        finally:
            if paused:
                gc.enable()
        return state.total(lo)

    def _start(self, position: Position) -> tuple[PlayState, _Context]:
        """A state for ``position`` and the table of its hand (kept for the next solve)."""
        context_key = (
            position.rules,
            position.trump,
            position.dealer % 2,
            sum(c.points for c in position.kitty),
        )
        context = self._contexts.pop(context_key, None)
        if context is None:
            context = _Context(*_kitty_bounds(position.rules, context_key[3]))
            while len(self._contexts) >= _CONTEXTS_KEPT:  # forget the oldest hand
                del self._contexts[next(iter(self._contexts))]
        self._contexts[context_key] = context  # the most recent last
        state = PlayState(position)
        if context.state is not None:
            state.share_memo(context.state)
        context.state = state
        if len(context.table) > _TABLE_LIMIT:
            context.table.clear()
        if len(context.last) > _TABLE_LIMIT:
            context.last.clear()
        if len(context.starts) > _TABLE_LIMIT:
            context.starts.clear()
        return state, context


def _pause_collector() -> bool:
    """Turn Python's cyclic garbage collector off for a search; True if it was on (the
    caller turns it on again). A search makes millions of short-lived tuples, and each
    collection they set off walks the transposition table: a tenth of a compiled solve's
    time. The rules core's play makes no reference cycles (a test in tests/test_game.py
    walks every play of endgames under the collector's debugging); any other code's are
    collected as the search goes (see :meth:`_Search.search`) and when the collector is
    back."""
    if not gc.isenabled():
        return False
    gc.disable()
    return True


def solve(position: Position, budget: float | None = None) -> Solution:
    """The value of every legal play of the seat to move in ``position``.

    ``budget`` is a time limit in seconds; without one the search runs until every value
    is proved.
    """
    return Solver().solve(position, budget)


def _solution(
    state: PlayState,
    plays: list[Play],
    values: dict[Play, tuple[int, int, int]],
    nodes: int,
    seconds: float,
) -> Solution:
    """Order the plays best first and name the best ones."""
    maximize = state.is_defender(state.to_move)
    sign = -1 if maximize else 1
    order = {p: i for i, p in enumerate(plays)}
    rows = sorted(
        (PlayValue(p, *values[p]) for p in plays),
        key=lambda r: (sign * r.value, order[r.play]),
    )
    top = rows[0]
    pick = max if maximize else min
    lower = pick(r.lower for r in rows)
    upper = pick(r.upper for r in rows)
    best = tuple(r.play for r in rows if r.value == top.value)
    return Solution(state.to_move, top.value, lower, upper, tuple(rows), best, nodes, seconds)


class _Search:
    """One search: a state played forward and back, a transposition table, counters."""

    def __init__(
        self,
        state: PlayState,
        context: _Context,
        deadline: float | None,
        budget: float = 0.0,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.state = state
        self.clock = clock
        self.table = context.table
        self.last = context.last
        self.starts = context.starts
        self.deadline = deadline
        self.budget = budget
        self.nodes = 0
        self.kitty_max = context.kitty_max
        self.kitty_sure = context.kitty_sure
        self.longest: dict[Cards, int] = {}  # a hand → its longest pair run (0: no pair)
        # The leader's hand and its partner's → the lead that last cut the search off (or
        # was best) at a trick start where they held them: tried first at the next such
        # trick start whose table entry names no lead (a killer lead).
        self.killers: dict[tuple[Cards, Cards], Cards] = {}
        # The same for follows: (the hand, the lead, the winning play's value, whether the
        # partner is winning) → the follow that last cut the search off there, in any
        # trick: tried first when the trick's own order is made (see :meth:`moves`).
        self.follow_killers: dict[tuple[Cards, Cards, tuple[int, int], bool], Cards] = {}
        # A seat's follows with what ordering them needs (see _scored), by the seat, its
        # hand and the lead; and in the order to try them (see _follow_order), by the
        # same and the winning play's value and whether the partner is winning.
        self.scored: dict[tuple[Seat, Cards, Cards], list[_Scored]] = {}
        self.orders: dict[tuple[Seat, Cards, Cards, tuple[int, int], bool], list[Play]] = {}

    # --- the root ---------------------------------------------------------------------

    def root(self) -> tuple[list[Play], dict[Play, tuple[int, int, int]]]:
        """Every legal play and its (value, lower, upper) in final points."""
        state = self.state
        seat = state.to_move
        plays = state.legal_plays()
        searched = [p for p in plays if not p.failed]
        groups = state.distinct(searched)
        reps = [g[0] for g in groups]
        group_of = {p: i for i, g in enumerate(groups) for p in g}
        depth = state.made
        bounds: list[list[int]] = []
        guesses: list[int] = []
        for rep in reps:
            gained = state.apply(rep)
            bounds.append([gained, gained + self.bound()])
            guesses.append(gained + (self.playout() if not self.late() else 0))
            state.undo()
        maximize = state.is_defender(seat)
        order = sorted(range(len(reps)), key=lambda i: -guesses[i] if maximize else guesses[i])
        try:
            last: int | None = None
            for i in order:
                # Plays of one position tend to have near values: the last value found is
                # a better first guess than a playout (measured: 13% fewer nodes).
                self.exact(reps[i], bounds[i], guesses[i] if last is None else last)
                last = bounds[i][0]
        except _OutOfTime:
            while state.made > depth:
                state.undo()
            # Better estimates from what the table learned, in a tenth of the budget more.
            assert self.deadline is not None
            self.deadline += 0.1 * self.budget
            for i in order:
                if bounds[i][0] < bounds[i][1] and not self.late():
                    gained = state.apply(reps[i])
                    guesses[i] = gained + self.playout()
                    state.undo()
        values: dict[Play, tuple[int, int, int]] = {}
        for play in plays:
            shift = 0
            if play.failed:
                i = group_of[Play(seat, play.cards)]
                shift = -play.penalty if state.is_defender(seat) else play.penalty
            else:
                i = group_of[play]
            lo, hi = bounds[i]
            guess = min(max(guesses[i], lo), hi)
            values[play] = (
                state.total(guess + shift),
                state.total(lo + shift),
                state.total(hi + shift),
            )
        return plays, values

    def exact(self, play: Play, bounds: list[int], guess: int) -> None:
        """Narrow ``bounds`` (the points the defenders gain from here on, after ``play``)
        to the exact value by zero-window tests, MTD(f)."""
        state = self.state
        gained = state.apply(play)
        try:
            while bounds[0] < bounds[1]:
                lo, hi = bounds
                gamma = min(max(guess - guess % 5, lo + 5), hi)  # "at least gamma?"
                value = gained + self.search(gamma - gained - 1, gamma - gained)
                if value >= gamma:
                    bounds[0] = value
                else:
                    bounds[1] = value
                guess = value
        finally:
            state.undo()

    # --- the search -------------------------------------------------------------------

    def late(self) -> bool:
        """True when the budget has run out."""
        return self.deadline is not None and self.clock() > self.deadline

    def bound(self) -> int:
        """An upper bound on what the defenders gain from here: every point still in
        play, and the kitty at the largest multiplier the hands allow.

        The kitty's multiplier comes from the shape of the last trick's lead, which is
        cards of one hand: a tractor can only be led by a seat that holds one now (a hand
        only loses pairs), so the longest run of pairs held bounds the multiplier.
        """
        state = self.state
        if not state.kitty_points:
            return state.hand_points + (state.trick.points if state.trick is not None else 0)
        longest = self.longest
        pairs = 0
        for hand in state.hands:
            run = longest.get(hand)
            if run is None:
                units = state.units(hand)
                run = longest[hand] = units[0].length if units and units[0].copies == 2 else 0
            if run > pairs:
                pairs = run
        trick = state.trick
        if trick is not None:
            lead = trick.lead_units[0]
            if lead.copies == 2 and lead.length > pairs:
                pairs = lead.length
            return state.hand_points + trick.points + self.kitty_max[pairs]
        return state.hand_points + self.kitty_max[pairs]

    def search(self, alpha: int, beta: int) -> int:
        """The points the defenders gain from here on (fail-soft: a bound outside
        ``alpha``..``beta``)."""
        self.nodes += 1
        if not self.nodes & 255:
            if self.deadline is not None and self.clock() > self.deadline:
                raise _OutOfTime
            if not self.nodes & 65535:  # keep memory in bounds on a long search
                gc.collect(0)  # any cycles made since, the collector being off
                self.state.trim_memo()
                if len(self.table) > _TABLE_LIMIT:
                    self.table.clear()
                if len(self.last) > _TABLE_LIMIT:
                    self.last.clear()
                if len(self.starts) > _TABLE_LIMIT:
                    self.starts.clear()
                if len(self.killers) > _TABLE_LIMIT:
                    self.killers.clear()
                if len(self.follow_killers) > _TABLE_LIMIT:
                    self.follow_killers.clear()
                if len(self.orders) > _TABLE_LIMIT:
                    self.orders.clear()
                if len(self.scored) > _TABLE_LIMIT:
                    self.scored.clear()
        state = self.state
        if state.table:
            # Inside a trick no table is kept: a trick start's entry holds the whole trick
            # (keeping one for each play measured a third slower for 4% fewer nodes).
            return self.expand(alpha, beta, self.moves(None))[0]
        if not state.hand_points and not state.kitty_points:
            return 0  # no point is left to take
        size = len(state.hands[state.leader - 1])
        if size <= 1:
            return self.last_cards() if size else 0
        # The key and bound of a trick start met before with these exact cards are
        # remembered (most trick starts come back exactly: each zero-window test of MTD(f)
        # searches the tree again).
        hands = state.hands
        exact = (state.leader, hands[0], hands[1], hands[2], hands[3])
        known = self.starts.get(exact)
        if known is None:
            bound = self.bound()
            if bound <= alpha:
                self.starts[exact] = (None, bound)
                return bound  # before the key: a tenth of the trick starts end here
            key = state.key()
            self.starts[exact] = (key, bound)
        else:
            made, bound = known
            if bound <= alpha:
                return bound
            if made is None:
                key = state.key()
                self.starts[exact] = (key, bound)
            else:
                key = made
        entry = self.table.get(key)
        lo, hi = 0, bound
        first: Cards | None = None
        if entry is not None:
            lo = max(lo, entry[0])
            hi = min(hi, entry[1])
            first = entry[2]
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        sure, all_won = self.quick_tricks()
        if sure or all_won:
            # The leader's side takes ``sure`` points, or every trick and so the kitty
            # after a single lead (see :meth:`quick_tricks`).
            if state.is_defender(state.leader):
                lo = max(lo, state.hand_points + self.kitty_sure if all_won else sure)
            else:
                hi = min(hi, 0 if all_won else bound - sure)
            if lo >= beta or hi <= alpha or lo >= hi:
                self.table[key] = (lo, hi, first)
                return lo if lo >= beta or lo >= hi else hi
        a = max(alpha, lo)
        b = min(beta, hi)
        leader = state.leader
        hand = (state.hands[leader - 1], state.hands[(leader + 1) % 4])
        value, best = self.expand(a, b, self.moves(first or self.killers.get(hand)))
        # The lead to try first next time: the one that cut the search off, or the best
        # of an exact value; when every lead fell short, the one tried first before.
        maximize = state.is_defender(state.leader)
        if value <= a:
            hi = min(hi, value)
            cut = not maximize
        elif value >= b:
            lo = max(lo, value)
            cut = maximize
        else:
            lo = hi = value
            cut = True
        if cut and best is not None:
            first = self.killers[hand] = best.cards
        self.table[key] = (lo, hi, first)
        return value

    def quick_tricks(self) -> tuple[int, bool]:
        """At a trick start, the points the leader's side is sure to take, and whether it
        is sure to take every trick left (then the kitty too), as bridge's quick tricks.

        The leader cashes single cards and pairs no other hand can beat: in each side
        suit, its cards of a level no other hand's card of the suit passes (ties go to
        the card led first), and its pairs of a level no other hand's pair of the suit
        passes (a pair led is beaten in its suit only by a higher pair: a hand must
        follow with a pair if it holds one, and two cards that are not a pair never
        win), while every other hand that holds a trump must still follow the suit (at
        most as many cards led as it holds cards of the suit: it cannot ruff); then its
        trumps, singles and pairs alike. Side suits first: followers follow suit, so
        nobody's trumps or other suits change (a hand with no trump may discard, which
        only lowers what the others hold; cards and pairs only leave the hands, so a
        winner stays one); the trumps last, unbeatable whatever was discarded. The
        points counted: the leader's cards', and the fewest each other hand holding a
        trump must give as it follows, a card for each card led (what is discarded is
        not counted).
        """
        state = self.state
        leader = state.leader
        mine = state.suits(leader)
        # The other hands in the order they play after the leader: the partner is second.
        others = [state.suits((leader + k - 1) % 4 + 1) for k in (1, 2, 3)]
        partner = 1
        table = state.trump.table
        sure = 0
        won = 0
        for suit, cards in mine.items():
            top = -1  # the highest level any other hand holds in this suit
            top_pair = -1  # the highest level of a pair any other hand holds in it
            cap = len(cards)
            for split in others:
                theirs = split.get(suit)
                if theirs:
                    previous = None
                    for card in theirs:  # sorted: the copies of a card side by side
                        level = table[card][1]
                        if level > top:
                            top = level
                        if card is previous and level > top_pair:
                            top_pair = level
                        previous = card
                if suit != TRUMP and TRUMP in split:
                    held = len(theirs) if theirs else 0
                    if held < cap:
                        cap = held
            # The winners as (points a card, cards): a single that no card passes, a pair
            # (below that) that no pair passes; the most points a card first.
            units: list[tuple[int, int]] = []
            previous = None
            for card in cards:
                level = table[card][1]
                if level >= top:
                    units.append((card.points, 1))
                elif card is previous and level >= top_pair:
                    units.append((card.points, 2))
                previous = card
            if not units:
                continue
            units.sort(reverse=True)
            led = 0
            singles = True
            for points, n in units:
                if led + n <= cap:
                    led += n
                    sure += points * n
                    if n == 2:
                        singles = False
            if not led:
                continue
            won += led
            # Each other hand that holds a trump follows with as many of its cards of the
            # suit (one with no trump may have discarded them): an opponent the fewest
            # points first; the partner, its side's choice, any card of the suit on a
            # single, so its most points (on a pair it must follow with a pair it holds:
            # the fewest, as an opponent's).
            for i, split in enumerate(others):
                theirs = split.get(suit)
                if theirs and TRUMP in split:
                    given = sorted(c.points for c in theirs)
                    sure += sum(given[-led:] if i == partner and singles else given[:led])
        return sure, won == len(state.hands[leader - 1])

    def last_cards(self) -> int:
        """One card a hand: the trick plays itself (remembered: the same last tricks come
        back often)."""
        state = self.state
        hands = state.hands
        exact = (state.leader, hands[0], hands[1], hands[2], hands[3])
        known = self.last.get(exact)
        if known is not None:
            return known
        gained = 0
        seat = state.leader
        for _ in range(4):
            gained = state.apply(Play(seat, state.hands[seat - 1]))
            seat = seat % 4 + 1
        for _ in range(4):
            state.undo()
        self.last[exact] = gained
        return gained

    def expand(self, alpha: int, beta: int, moves: list[Play]) -> tuple[int, Play | None]:
        """Search ``moves`` of the seat to move; return the best value and play."""
        state = self.state
        seat = state.to_move
        maximize = state.is_defender(seat)
        best = -_INF if maximize else _INF
        best_play: Play | None = None
        for play in moves:
            gained = state.apply(play)
            if gained:
                value = gained + self.search(alpha - gained, beta - gained)
            else:
                value = self.search(alpha, beta)
            state.undo()
            if maximize:
                if value > best:
                    best, best_play = value, play
                    if value > alpha:
                        alpha = value
            elif value < best:
                best, best_play = value, play
                if value < beta:
                    beta = value
            if alpha >= beta:
                trick = state.trick
                if trick is not None:
                    # A killer move: the follow that cut this off is tried first by the
                    # seat's next search in this trick facing the same winning play, and
                    # in any trick where it holds this hand facing the same (see moves).
                    partner = (trick.winning - seat) % 2 == 0
                    killer = (state.hands[seat - 1], state.table[0].cards, trick.best, partner)
                    self.follow_killers[killer] = play.cards
                    if moves[0] is not play:
                        moves.remove(play)
                        moves.insert(0, play)
                break
        return best, best_play

    def moves(self, first: Cards | None) -> list[Play]:
        """The distinct plays worth searching, the most promising first (for a lead,
        ``first`` before all if the leader holds it: the table's best lead here, else the
        killer lead)."""
        state = self.state
        trick = state.trick
        if trick is not None:
            # The order depends on the lead, who is winning and with what: remembered for
            # the rest of the trick (the seat's hand does not change before it plays), and
            # changed by :meth:`expand` when a later follow cuts the search off.
            seat = state.to_move
            lead = state.table[0].cards
            partner = (trick.winning - seat) % 2 == 0
            key = (seat, lead, trick.best, partner)
            memo = state.trick_memo
            plays = memo.plays.get(key)
            if plays is None:
                hand = state.hands[seat - 1]
                # The order of all the seat's follows depends on its hand, the lead and
                # the winning play only: remembered across tricks. Of a group of
                # equivalent follows (this trick's classes) only the first is kept, as
                # if the group's others had never been ordered: the sort is stable and
                # each follow's place in it depends on its own key only, so the order
                # is the same as sorting the kept ones alone.
                okey = (seat, hand, lead, trick.best, partner)
                ordered = self.orders.get(okey)
                if ordered is None:
                    scored = self.scored.get((seat, hand, lead))
                    if scored is None:
                        scored = self.scored[(seat, hand, lead)] = self._scored(
                            list(state.follows())
                        )
                    ordered = self.orders[okey] = self._follow_order(scored, trick.best, partner)
                kept = memo.plays.get((seat, lead))  # the first of each group; [] for all
                if kept is None:
                    kept = []
                    follows = state.follows()
                    if len(follows) > 1 and len(state.table) < 3:
                        groups = state.distinct(follows)
                        if len(groups) < len(follows):
                            kept = [group[0] for group in groups]
                    memo.plays[(seat, lead)] = kept
                if kept:
                    # By the cards (a seat's follows differ in nothing else): the same
                    # objects, unless the state's memo was trimmed between the two
                    # look-ups (a long search), when the follows are made anew.
                    plays = []
                    for play in ordered:
                        cards = play.cards
                        for other in kept:
                            if other.cards is cards or other.cards == cards:
                                plays.append(play)
                                break
                else:
                    plays = list(ordered)  # a copy: expand moves a killer to the front
                memo.plays[key] = plays
                killer = self.follow_killers.get((hand, lead, trick.best, partner))
                if killer is not None and plays[0].cards != killer:
                    for i, play in enumerate(plays):
                        if play.cards == killer:
                            plays.insert(0, plays.pop(i))
                            break
            return plays
        plays = state.distinct_leads()
        if len(plays) < 2:
            return plays
        # The most cards first (a throw that stands takes a trick with all of them), then
        # the highest. A history of cut-offs ordered leads worse (measured: 39% more nodes).
        # Sorted ascending on (-cards, -top, place) packed in one int (as a stable sort with
        # reverse=True and a key function would, with no Python call; see _follow_order).
        table = state.trump.table
        keyed: list[int] = []
        for i, play in enumerate(plays):
            top = 0
            for c in play.cards:
                level = table[c][1]
                if level > top:
                    top = level
            keyed.append(((_FIELD - len(play.cards)) << _BITS | _FIELD - top) << _PLACE_BITS | i)
        keyed.sort()
        plays = [plays[k & _PLACE] for k in keyed]
        if first is not None:
            for i, play in enumerate(plays):
                if play.cards == first:
                    if i:
                        plays.insert(0, plays.pop(i))
                    break
        return plays

    def _scored(self, plays: list[Play]) -> list[_Scored]:
        """Each follow with what ordering it needs: its points, the sum of its cards'
        levels, and its value against the trick's lead (``None``: it cannot win)."""
        state = self.state
        table = state.trump.table
        scored: list[_Scored] = []
        for p in plays:
            cost = 0
            for c in p.cards:
                cost += table[c][1]
            scored.append((p.points, cost, state.follow_value(p.cards), p))
        return scored

    def _follow_order(
        self,
        scored: list[_Scored],
        best: tuple[int, int],
        partner: bool,
    ) -> list[Play]:
        """The follows of :meth:`_scored` in the order to try them, the trick's winning
        play worth ``best``: to a ``partner`` who is winning, the most points first; else
        a play that wins, the most points and the lowest cards first; else the fewest
        points and lowest cards."""
        if len(scored) == 1:
            return [scored[0][3]]
        # Sorted ascending on (group, points or -points, cost, place), the place last so
        # that ties keep their order, as a stable sort would; no key function to call (a
        # plain sort() is compiled to a C call; a reverse=True is a method call through
        # Python). Each key packed in one int, every part made non-negative: ints compare
        # quicker than tuples, and no tuple is made (2026-12-02).
        keyed: list[int] = []
        for i, (points, cost, value, _play) in enumerate(scored):
            if partner:
                group, order = 1, _FIELD - points
            elif value is not None and value > best:
                group, order = 0, _FIELD - points
            else:
                group, order = 2, _FIELD + points
            keyed.append(((group << _BITS | order) << _BITS | cost) << _PLACE_BITS | i)
        keyed.sort()
        return [scored[k & _PLACE][3] for k in keyed]

    def playout(self) -> int:
        """The points the defenders gain if every seat plays the first of :meth:`moves`
        from here to the end: an estimate, used to order the root's plays and where the
        budget ran out."""
        state = self.state
        gained = 0
        made = 0
        while not state.is_over():
            first: Cards | None = None
            if not state.table:
                entry = self.table.get(state.key())
                first = entry[2] if entry is not None else None
            gained += state.apply(self.moves(first)[0])
            made += 1
        for _ in range(made):
            state.undo()
        return gained
