"""Dealing the unseen cards at random, consistently with what a seat knows.

For perfect-information Monte Carlo (PIMC) a seat's view (:class:`Knowledge`) is
completed many times into whole layouts: every other seat gets a hand of the right size
holding the cards it is known to hold, the kitty gets its cards when the seat did not
bury it, and every fact the play has shown holds.

**The distribution** is exactly uniform over the ways to place the unseen physical cards
(the two copies of a card told apart) that agree with the view: the posterior of a fair
shuffle when the only evidence is what the rules make the play reveal (the players'
choices are not read for hints, as in every PIMC player). A layout whose two ♠5 sit in
different hands is so twice as likely as one with both in the same hand, as with real
cards.

**How.** The unseen cards fall into classes that the facts treat alike: cards that may
go to the same places (a void shuts a seat out of a whole suit, a throw that stood shuts
the others out of the cards above it), and cards whose two copies may not meet in some
hands (a seat shown to hold no pair). The number of layouts that put a given number of
each class in each place is a product of multinomials, so the count per place is drawn
class by class with exact weights (a dynamic programme over the cards still to place,
memoised once per view), and each class is then shuffled into its places; the classes
whose copies are tied are placed card by card with exact weights. The unconstrained
cards come last and are just shuffled. Facts that no count of copies can state (no
tractor owed, a throw's unit beaten or not by a tractor, the seat that beat a failed
throw) are checked on the finished layout, which is dealt again from the start if one
fails: rejection of whole layouts keeps the distribution exactly uniform, and these
facts are rare and mostly true by chance (over simulated hands 69% of the layouts that
reach the check pass it, the worst view 8%). The weights are floats: their relative error
(about 1e-16) is the only departure from exact uniformity.

A view that no layout meets (a record that breaks a rule) raises
:class:`~notation.rules.holding.Contradiction` naming the fact: at once when the counts
or the cards already seen rule it out, else after :data:`MAX_ATTEMPTS` layouts in a row
fail the check.

**Speed** (simulated ``qq`` hands, one core): about 45,000 layouts a second at the first
lead, 58,000 mid-hand and 80,000 late (fewer cards), down to a few thousand where a
check often fails; building a :class:`Dealer` takes 0.1 to 2 ms, and up to about 0.1 s
for an early view with several seats shown to hold no pair of different suits.

>>> from notation.analysis.knowledge import knowledge_at
>>> from notation.replay import replay
>>> from notation.simulate import simulate_hand
>>> view = knowledge_at(replay(simulate_hand("qq", seed=7)), 40, 2)  # seat 2, mid-trick 9
>>> deals = sample_deals(view, 100, seed=1)
>>> all(tuple(map(len, d.hands)) == view.sizes and len(d.kitty) == 8 for d in deals)
True
>>> all(view.problems(d.hands, d.kitty) == [] for d in deals)
True
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate
from math import factorial
from typing import Final, TypeVar

from notation.rules.cards import DECK, Card, CardCounts, Cards
from notation.rules.holding import (
    KITTY,
    Contradiction,
    Fact,
    FactKind,
    Knowledge,
    Place,
    Whereabouts,
    unseen,
)
from notation.rules.seats import Seat, seats_from

__all__ = ["Dealer", "SampledDeal", "deal_unseen", "sample_deals"]

Counts = tuple[int, ...]  # cards per place, in the dealer's order of places
_T = TypeVar("_T")
_FACTORIAL: Final = [float(factorial(n)) for n in range(len(DECK) + 1)]
MAX_ATTEMPTS: Final = 5_000  # layouts dealt in a row that fail a checked fact before giving up


@dataclass(frozen=True, slots=True)
class SampledDeal:
    """One completion of a seat's view: what seats 1..4 hold now, and the kitty."""

    hands: tuple[Cards, Cards, Cards, Cards]
    kitty: Cards

    def hand(self, seat: Seat) -> Cards:
        """The cards ``seat`` holds in this layout."""
        return self.hands[seat - 1]


@dataclass(frozen=True, slots=True)
class _Items:
    """Unseen copies that may go to the same places (``allowed``, indices of places)."""

    allowed: tuple[int, ...]
    cards: Cards
    kernel: tuple[tuple[Counts, float], ...]  # per count vector: how many placements


@dataclass(frozen=True, slots=True)
class _Tied:
    """Cards with both copies unseen whose copies are tied: not both in a place where
    the seat holds no pair (``single``), or at least ``sure`` of them in ``among``."""

    cards: Cards
    one: dict[int, float]  # placements of one card's two copies (count vectors packed)
    powers: tuple[dict[int, float], ...]  # placements of j cards' copies, j = 0..len
    kernel: tuple[tuple[Counts, float], ...]  # the last power, as pairs


_Class = _Items | _Tied
_Caps = dict[Place, dict[Card, tuple[int, Fact]]]  # per seat and card: most copies, and why


class Dealer:
    """Deals the unseen cards of one view, as often as asked (see the module's notes).

    Building one does the counting for the view once; :meth:`deal` is then quick. The
    view's contradictions that need no dealing are raised here already.
    """

    def __init__(self, knowledge: Knowledge, *, max_attempts: int = MAX_ATTEMPTS) -> None:
        self.knowledge = knowledge
        self.max_attempts = max_attempts
        k = knowledge
        self._others = [s for s in seats_from(k.seat)[1:]]
        self._held = {s: Counter(k.held(s)) for s in self._others}
        need: dict[Place, int] = {}
        for s in self._others:
            need[s] = k.sizes[s - 1] - self._held[s].total()
            if need[s] < 0:
                raise Contradiction(
                    "over-full",
                    seat=s,
                    size=k.sizes[s - 1],
                    known=self._held[s].total(),
                    cards=tuple(self._held[s].elements()),
                )
        if k.kitty is None:
            need[KITTY] = k.kitty_size
        if max(need.values(), default=0) >= _GUARD:
            raise Contradiction("huge-hand", n=max(need.values()))
        self.places: tuple[Place, ...] = tuple(p for p, n in need.items() if n > 0)
        self._need: Counts = tuple(need[p] for p in self.places)
        pool = self._pool()
        caps = self._caps()
        self._since = {
            (s, f.trick): k.played(s, f.trick) for f in k.facts if not f.by_limits for s in f.seats
        }
        self._checked = self._to_check(pool, caps)
        self._classes, free = self._sort(pool, caps, self._whereabouts(pool))
        self._free = free
        # Count vectors packed in one int, a place per 7 bits (counts stay below 64), so
        # that the counting loop subtracts and compares them in a few int operations.
        self._guard = _pack([_GUARD] * len(self.places))
        self._codes = [[(_pack(c), w) for c, w in cls.kernel] for cls in self._classes]
        self._memo: list[dict[int, float]] = [{} for _ in range(len(self._classes) + 1)]
        self._options: dict[tuple[int, int], tuple[list[Counts], list[float]]] = {}
        self._tied_options: dict[tuple[int, int, int], tuple[list[int], list[float]]] = {}
        if self.count() == 0:
            raise self._why_none(pool, caps)

    # --- setting up ------------------------------------------------------------------------

    def _pool(self) -> Counter[Card]:
        """The unseen copies: two decks less everything this seat can place."""
        k = self.knowledge
        pool = unseen(k.hand, k.played(), k.kitty or (), *self._held.values())
        extra = sorted(c for c, n in pool.items() if n < 0)
        if extra:
            raise Contradiction("third-copy", cards=tuple(extra))
        pool = +pool
        if pool.total() != sum(self._need):
            raise Contradiction("unseen-count", unseen=pool.total(), need=sum(self._need))
        return pool

    def _caps(self) -> _Caps:
        """For each seat, the most unseen copies of each card it may hold now, and the
        fact that says so (a cap on its hand when a trick began, less what it has
        played since and what it surely holds)."""
        k = self.knowledge
        caps: _Caps = {s: {} for s in self._others}
        for fact in k.facts:
            if not fact.by_limits or fact.seat not in caps:
                continue
            seat = fact.seat
            since = k.played(seat, fact.trick)
            held = self._held[seat]
            mine = caps[seat]
            for card, most in fact.limits(k.trump).items():
                cap = most - since[card] - held[card]
                if cap < 0:
                    raise Contradiction("fact-held", fact=fact, seat=seat, cards=(card,))
                if card not in mine or cap < mine[card][0]:
                    mine[card] = (cap, fact)
        return caps

    def _to_check(self, pool: Counter[Card], caps: _Caps) -> list[Fact]:
        """The facts to check on each layout, less those that the cards already placed
        settle: a seat that could beat a unit with the cards it has played since, or a
        fact broken by those cards alone (then by any layout)."""
        k = self.knowledge
        checked: list[Fact] = []
        for fact in k.facts:
            if fact.by_limits:
                continue

            def least(seat: Seat, trick: int = fact.trick) -> Counter[Card]:
                return self._held.get(seat, Counter()) + self._since[seat, trick]

            def most(seat: Seat, trick: int = fact.trick) -> Counter[Card]:
                room = caps.get(seat, {})
                may = Counter({c: min(n, room.get(c, (2, None))[0]) for c, n in pool.items()})
                return least(seat, trick) + may

            # Holding a beating unit only gets likelier with more cards; holding no
            # tractor owed, or no unit that beats, only less likely.
            if fact.kind is FactKind.BEATS:
                if fact.holds(least, k.trump):
                    continue
                broken = not fact.holds(most, k.trump)
            else:
                broken = not fact.holds(least, k.trump)
            if broken:
                raise Contradiction("fact-unmet", fact=fact)
            checked.append(fact)
        return checked

    def _whereabouts(self, pool: CardCounts) -> dict[Card, tuple[int, frozenset[int]]]:
        """Cards of which some unseen copies must be in some places: how many, and the
        indices of those places."""
        k = self.knowledge
        found: dict[Card, tuple[int, frozenset[int]]] = {}
        index = {p: i for i, p in enumerate(self.places)}
        for w in k.whereabouts:
            if len(w.places) == 1 and next(iter(w.places)) in self._held:
                continue  # a seat's sure cards are placed already
            sure = w.copies - self._placed(w)
            if sure <= 0:
                continue
            among = frozenset(index[p] for p in w.places if p in index)
            if sure > pool.get(w.card, 0) or not among:
                raise Contradiction("whereabouts", where=w)
            old = found.get(w.card)
            if old is not None:  # two statements about one card: keep what both allow
                sure, among = max(sure, old[0]), among | old[1]
            found[w.card] = (sure, among)
        return found

    def _placed(self, w: Whereabouts) -> int:
        """Copies of ``w.card`` already seen in ``w.places``: this seat's, a kitty it
        buried, a seat's sure cards."""
        k = self.knowledge
        seen = 0
        for p in w.places:
            if p == k.seat:
                seen += k.hand.count(w.card)
            elif p == KITTY:
                seen += (k.kitty or ()).count(w.card)
            else:
                seen += self._held[p][w.card]
        return seen

    def _sort(
        self,
        pool: Counter[Card],
        caps: _Caps,
        sure: dict[Card, tuple[int, frozenset[int]]],
    ) -> tuple[list[_Class], _Items]:
        """The unseen copies in classes; the last (unconstrained) one apart."""
        places = self.places
        items: dict[tuple[int, ...], list[Card]] = {}
        tied: dict[tuple[tuple[int, ...], tuple[int, ...], int, frozenset[int]], list[Card]] = {}
        for card in sorted(pool, key=lambda c: c.index):
            copies = pool[card]
            limit = [2 if p == KITTY else caps[p].get(card, (2, None))[0] for p in places]
            allowed = tuple(i for i, n in enumerate(limit) if n >= 1)
            single = tuple(i for i in allowed if limit[i] == 1)
            at_least, among = sure.get(card, (0, frozenset()))
            among = among & frozenset(allowed)
            if not allowed or (at_least and not among):
                raise self._no_place(card, caps)
            if copies == 2 and (single or at_least == 1):
                tied.setdefault((allowed, single, at_least, among), []).append(card)
            else:
                where = tuple(sorted(among)) if at_least else allowed
                items.setdefault(where, []).extend([card] * copies)
        everywhere = tuple(range(len(places)))
        free = _Items(everywhere, tuple(items.pop(everywhere, [])), ())
        classes: list[_Class] = [
            _Items(allowed, tuple(cards), _spread(len(cards), allowed, len(places)))
            for allowed, cards in items.items()
        ]
        for (allowed, single, at_least, among), cards in tied.items():
            one = _pair_spread(allowed, single, at_least, among)
            powers = [{0: 1.0}]
            for _ in cards:
                powers.append(_product(powers[-1], one))
            kernel = tuple((_unpack(c, len(places)), w) for c, w in powers[-1].items())
            classes.append(_Tied(tuple(cards), one, tuple(powers), kernel))
        # The biggest classes first: the fewer counts to remember after them.
        classes.sort(key=lambda c: -len(c.kernel))
        return classes, free

    # --- counting ---------------------------------------------------------------------

    def count(self) -> float:
        """How many placements of the unseen copies (copies told apart) meet every fact
        but the checked ones (tractors, a beaten throw): the number the sampler draws
        from uniformly, before its check."""
        return self._weight(0, _pack(self._need))

    def _weight(self, i: int, left: int) -> float:
        """Placements of classes ``i`` on (the free cards last) filling ``left`` (packed)."""
        found = self._memo[i].get(left)
        if found is not None:
            return found
        if i == len(self._classes):
            total = _free_count(len(self._free.cards), _unpack(left, len(self.places)))
        else:
            total = 0.0
            guard = self._guard
            after = self._memo[i + 1]
            for code, ways in self._codes[i]:
                rest = (left | guard) - code
                if rest & guard == guard:  # no place went below 0
                    rest ^= guard
                    weight = after.get(rest)
                    if weight is None:
                        weight = self._weight(i + 1, rest)
                    total += ways * weight
        self._memo[i][left] = total
        return total

    # --- dealing -------------------------------------------------------------------------

    def deal(self, rng: random.Random) -> SampledDeal:
        """One layout, uniform over those that agree with the view."""
        failures: Counter[int] = Counter()
        for _ in range(self.max_attempts):
            layout = self._layout(rng)
            broken = self._broken(layout)
            if broken is None:
                return self._finish(layout)
            failures[broken] += 1
        worst, _ = failures.most_common(1)[0]
        fact = self._checked[worst]
        raise Contradiction("no-deal-agrees", fact=fact, attempts=self.max_attempts)

    def _layout(self, rng: random.Random) -> dict[Place, list[Card]]:
        """The unseen copies placed: counts class by class, then cards."""
        places = self.places
        layout: dict[Place, list[Card]] = {p: [] for p in places}
        left = _pack(self._need)
        for i, cls in enumerate(self._classes):
            counts = self._pick(i, left, rng)
            left -= _pack(counts)  # never below 0: only counts that fit are offered
            if isinstance(cls, _Items):
                _shuffle_into(cls.cards, cls.allowed, counts, places, layout, rng)
            else:
                self._place_tied(i, cls, counts, layout, rng)
        rest = _unpack(left, len(places))
        _shuffle_into(self._free.cards, self._free.allowed, rest, places, layout, rng)
        return layout

    def _pick(self, i: int, left: int, rng: random.Random) -> Counts:
        """Class ``i``'s cards per place, with the exact weights (``left`` packed)."""
        key = (i, left)
        options = self._options.get(key)
        if options is None:
            choices: list[Counts] = []
            weights: list[float] = []
            guard = self._guard
            for (counts, _), (code, ways) in zip(
                self._classes[i].kernel, self._codes[i], strict=True
            ):
                rest = (left | guard) - code
                if rest & guard == guard:
                    w = ways * self._weight(i + 1, rest ^ guard)
                    if w > 0:
                        choices.append(counts)
                        weights.append(w)
            options = self._options[key] = (choices, list(accumulate(weights)))
        return _choose(options, rng)

    def _place_tied(
        self,
        i: int,
        cls: _Tied,
        counts: Counts,
        layout: dict[Place, list[Card]],
        rng: random.Random,
    ) -> None:
        """Tied cards one by one, each card's copies placed with the exact weights of
        what the rest of the class can still do."""
        left = _pack(counts)
        n = len(cls.cards)
        guard = self._guard
        for j, card in enumerate(cls.cards):
            key = (i, n - j - 1, left)
            options = self._tied_options.get(key)
            if options is None:
                rest_ways = cls.powers[n - j - 1]
                choices: list[int] = []
                weights: list[float] = []
                for spread, ways in cls.one.items():
                    rest = (left | guard) - spread
                    if rest & guard == guard and (rest ^ guard) in rest_ways:
                        choices.append(spread)
                        weights.append(ways * rest_ways[rest ^ guard])
                options = self._tied_options[key] = (choices, list(accumulate(weights)))
            spread = _choose(options, rng)
            for place, copies in zip(self.places, _unpack(spread, len(self.places)), strict=True):
                layout[place].extend([card] * copies)
            left -= spread

    def _broken(self, layout: dict[Place, list[Card]]) -> int | None:
        """The index of the first checked fact the layout breaks, or ``None``."""
        if not self._checked:
            return None
        k = self.knowledge
        now: dict[Seat, Counter[Card]] = {k.seat: Counter(k.hand)}
        for s in self._others:
            now[s] = Counter(layout.get(s, ())) + self._held[s]
        for i, fact in enumerate(self._checked):

            def then(seat: Seat, trick: int = fact.trick) -> Counter[Card]:
                return now[seat] + self._since[seat, trick]

            if not fact.holds(then, k.trump):
                return i
        return None

    def _finish(self, layout: dict[Place, list[Card]]) -> SampledDeal:
        k = self.knowledge
        hands: list[Cards] = []
        for s in (1, 2, 3, 4):
            if s == k.seat:
                hands.append(k.hand)
            else:
                cards = layout.get(s, []) + list(self._held[s].elements())
                hands.append(_sorted(cards))
        kitty = k.kitty if k.kitty is not None else _sorted(layout.get(KITTY, []))
        return SampledDeal((hands[0], hands[1], hands[2], hands[3]), kitty)

    # --- saying why not ------------------------------------------------------------------

    def _no_place(self, card: Card, caps: _Caps) -> Contradiction:
        """An unseen card that no place may take."""
        reasons = [caps[p][card][1] for p in self.places if p in caps and card in caps[p]]
        if not reasons:
            return Contradiction("no-place-filled", cards=(card,))
        return Contradiction("no-place", fact=reasons[0], cards=(card,), facts=tuple(reasons))

    def _why_none(self, pool: Counter[Card], caps: _Caps) -> Contradiction:
        """No layout at all: a seat that cannot be filled, if one can be named."""
        for place, need in zip(self.places, self._need, strict=True):
            if place == KITTY:
                continue
            room = sum(min(n, caps[place].get(c, (2, None))[0]) for c, n in pool.items())
            if room < need:
                facts = {f for cap, f in caps[place].values() if f is not None and cap < 2}
                return Contradiction(
                    "seat-full",
                    next(iter(facts), None),
                    seat=place,
                    need=need,
                    room=room,
                    facts=tuple(sorted(facts, key=str)),
                )
        return Contradiction("no-deal", facts=self.knowledge.facts)


# --- the public shortcuts -------------------------------------------------------------------


def deal_unseen(knowledge: Knowledge, rng: random.Random) -> SampledDeal:
    """One layout of the unseen cards that agrees with ``knowledge`` (see the module's
    notes for the distribution); for many, build a :class:`Dealer` once."""
    return Dealer(knowledge).deal(rng)


def sample_deals(knowledge: Knowledge, n: int, seed: int | None = 0) -> list[SampledDeal]:
    """``n`` layouts from ``random.Random(seed)``: the same ``n`` for the same view and
    seed, so that every candidate play is judged on the same deals."""
    dealer = Dealer(knowledge)
    rng = random.Random(seed)
    return [dealer.deal(rng) for _ in range(n)]


# --- counting helpers ------------------------------------------------------------------------


_BITS: Final = 7  # bits per place in a packed count vector
_GUARD: Final = 1 << (_BITS - 1)  # a bit above every count, to catch going below 0


def _pack(counts: Sequence[int]) -> int:
    """A count vector as one int: place ``i``'s count in bits ``7i`` to ``7i + 5``."""
    code = 0
    for i, n in enumerate(counts):
        code |= n << (_BITS * i)
    return code


def _unpack(code: int, size: int) -> Counts:
    """The count vector packed in ``code``."""
    mask = _GUARD - 1
    return tuple((code >> (_BITS * i)) & mask for i in range(size))


def _free_count(n: int, left: Counts) -> float:
    """Ways to deal ``n`` told-apart cards into places needing ``left``: a multinomial."""
    if sum(left) != n:
        return 0.0
    ways = _FACTORIAL[n]
    for k in left:
        ways /= _FACTORIAL[k]
    return ways


def _spread(n: int, allowed: Sequence[int], size: int) -> tuple[tuple[Counts, float], ...]:
    """Every count vector putting ``n`` told-apart cards into ``allowed`` places, with
    the number of ways (a multinomial)."""
    out: list[tuple[Counts, float]] = []

    def walk(i: int, left: int, counts: list[int]) -> None:
        if i == len(allowed) - 1:
            counts[allowed[i]] = left
            out.append((tuple(counts), _free_count(n, tuple(counts))))
            counts[allowed[i]] = 0
            return
        for k in range(left, -1, -1):
            counts[allowed[i]] = k
            walk(i + 1, left - k, counts)
        counts[allowed[i]] = 0

    walk(0, n, [0] * size)
    return tuple(out)


def _pair_spread(
    allowed: tuple[int, ...],
    single: tuple[int, ...],
    at_least: int,
    among: frozenset[int],
) -> dict[int, float]:
    """The placements of one card's two told-apart copies (count vectors packed): both
    in ``allowed`` places, never both in a ``single`` place, at least ``at_least`` of
    them ``among`` some."""
    out: dict[int, float] = {}
    for a in allowed:
        for b in allowed:
            if a == b and a in single:
                continue
            if (a in among) + (b in among) < at_least:
                continue
            key = (1 << (_BITS * a)) + (1 << (_BITS * b))
            out[key] = out.get(key, 0.0) + 1.0
    return out


def _product(a: dict[int, float], b: dict[int, float]) -> dict[int, float]:
    """The placements of two groups together: count vectors added (packed, so a sum of
    ints), ways multiplied."""
    out: dict[int, float] = {}
    for ka, wa in a.items():
        for kb, wb in b.items():
            key = ka + kb
            out[key] = out.get(key, 0.0) + wa * wb
    return out


def _choose(options: tuple[list[_T], list[float]], rng: random.Random) -> _T:
    """One choice, with probability its weight over the total."""
    choices, cumulative = options
    x = rng.random() * cumulative[-1]
    return choices[min(bisect_right(cumulative, x), len(choices) - 1)]


def _shuffle_into(
    cards: Sequence[Card],
    allowed: Sequence[int],
    counts: Counts,
    places: Sequence[Place],
    layout: dict[Place, list[Card]],
    rng: random.Random,
) -> None:
    """Shuffle ``cards`` and hand each allowed place its number of them."""
    if not cards:
        return
    deck = list(cards)
    rng.shuffle(deck)
    start = 0
    for i in allowed:
        end = start + counts[i]
        layout[places[i]].extend(deck[start:end])
        start = end


def _sorted(cards: Sequence[Card]) -> Cards:
    return tuple(sorted(cards, key=lambda c: c.index))
