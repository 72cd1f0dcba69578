"""Following a lead: the obligations, a checker, and the legal plays.

Everyone plays as many cards as the lead. A follower must:

* play cards of the led effective suit as far as they have them;
* answer a tractor with a tractor of the same length if they hold one (for a throw:
  each of its tractors, longest first); where the rule set says a shorter tractor
  must be played (:class:`~notation.rules.ruleset.ShorterTractor`), the tractors they
  hold, longest first, as many as fit in the led length (a tractor of four pairs led,
  two tractors of two pairs held: both are owed);
* play as many pairs of the suit as the lead has pairs, as far as they hold pairs
  (pairs inside tractors count);
* otherwise play any cards: a void player may discard or ruff.

The checker (:func:`check_follow`) and the generator (:func:`legal_follows`,
:func:`sample_follow`) are written separately and tested against each other.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations, product
from operator import attrgetter
from typing import TYPE_CHECKING

from notation.frozen import dataclass_by_build
from notation.rules.cards import Card, CardCounts, counted, tally
from notation.rules.order import EffectiveSuit, Trump
from notation.rules.ruleset import ShorterTractor
from notation.rules.units import (
    PairIndex,
    Unit,
    best_tractor_cover,
    decompose,
    lead_shape,
    longest_run,
    pair_index,
    place_tractors,
)
from notation.rules.violations import Code, Violation

if TYPE_CHECKING:
    import random  # in annotations only: its import costs 3.6 million instructions

_INDEX = attrgetter("index")  # a card's fixed order, for sorting (in C, unlike a lambda)

__all__ = [
    "DEFAULT_SHORTER_TRACTOR",
    "check_follow",
    "check_lead",
    "legal_follows",
    "missing_cards",
    "sample_follow",
]

# Without a rule set, what every preset says: a shorter tractor held is owed (RULES.md §5).
DEFAULT_SHORTER_TRACTOR = ShorterTractor.MUST


def missing_cards(play: Sequence[Card], hand: Sequence[Card] | CardCounts) -> list[Card]:
    """The cards of ``play`` that ``hand`` (the cards, or their counts) does not hold,
    counting copies."""
    have = counted(hand)
    missing: list[Card] = []
    for card, n in tally(play).items():
        lacking = n - max(have.get(card, 0), 0)
        if lacking > 0:
            missing.extend([card] * lacking)
    return missing


def check_lead(
    lead: Sequence[Card], hand: Sequence[Card] | CardCounts, trump: Trump
) -> list[Violation]:
    """What is wrong with a lead, the throw's validity aside: cards held, one suit."""
    if not lead:
        return [Violation(Code.WRONG_COUNT, leading=True)]
    missing = missing_cards(lead, hand)
    if missing:
        return [Violation(Code.NOT_HELD, tuple(missing), leading=True)]
    suits = {trump.effective_suit(c) for c in lead}
    if len(suits) > 1:
        return [Violation(Code.MIXED_LEAD, suits=tuple(sorted(suits)), leading=True)]
    return []


def check_follow(
    lead: Sequence[Card],
    play: Sequence[Card],
    hand: Sequence[Card] | CardCounts,
    trump: Trump,
    units: Sequence[Unit] | None = None,
    shorter_tractor: ShorterTractor = DEFAULT_SHORTER_TRACTOR,
) -> list[Violation]:
    """What is wrong with ``play`` as a follow to ``lead`` by a player holding ``hand``.

    ``hand`` is what the player held before this trick: the cards, or how many of each
    (a replay keeps counts); ``units`` is the lead broken into units, when the caller
    has it; ``shorter_tractor`` is the rule set's answer to a longer tractor led and a
    shorter one held. An empty list means legal.
    """
    n = len(lead)
    if len(play) != n:
        return [Violation(Code.WRONG_COUNT, asked=n, played=len(play))]
    have = counted(hand)
    table = trump.table
    suit = table[lead[0]][0]
    # A single: only the suit matters (the common case, checked without counting).
    if (
        n == 1
        and have.get(play[0], 0) > 0
        and (
            table[play[0]][0] is suit
            or all(k <= 0 or table[c][0] is not suit for c, k in have.items())
        )
    ):
        return []
    missing = missing_cards(play, have)
    if missing:
        return [Violation(Code.NOT_HELD, tuple(missing))]
    held = {c: k for c, k in have.items() if k > 0 and table[c][0] is suit}  # the suit's counts
    held_count = sum(held.values())
    played = [c for c in play if table[c][0] is suit]
    need = min(n, held_count)
    if len(played) < need:
        kept = tuple(trump.sorted((Counter(held) - Counter(played)).elements()))
        return [Violation(Code.FOLLOW_SUIT, kept, suit, n, held=held_count, played=len(played))]
    if held_count <= n:
        return []  # every card of the suit was played: nothing more can be asked
    tractors, pair_units, _ = lead_shape(units if units is not None else decompose(lead, trump))
    pairs_led = sum(tractors) + pair_units
    if not pairs_led:
        return []
    if not tractors and min(pairs_led, sum(1 for k in held.values() if k >= 2)) <= min(
        pairs_led, sum(1 for k in tally(played).values() if k >= 2)
    ):
        return []  # as many pairs as were led, or as they held (counted as below, at once)
    held_pairs = pair_index(held, trump)
    played_pairs = pair_index(played, trump)
    if tractors:
        must = _tractor_cover(tractors, held_pairs.counts(), shorter_tractor)
        did = _tractor_cover(tractors, played_pairs.counts(), shorter_tractor)
        if did < must:
            return [_missed_tractor(suit, tractors, must, did, held, played, trump)]
    if min(pairs_led, played_pairs.count()) < min(pairs_led, held_pairs.count()):
        return [_missed_pair(suit, pairs_led, held_pairs, played_pairs.count(), played)]
    return []


def _length_choices(tractors: tuple[int, ...], policy: ShorterTractor) -> list[tuple[int, ...]]:
    """The tractor lengths that may answer the lead's ``tractors``, best first: the led
    lengths, and under ``must`` also shorter tractors, longest first, up to each led
    tractor's length (a tractor of four pairs led may be answered by one of three, or by
    two of two)."""
    if policy is ShorterTractor.OPTIONAL:
        return [tractors]
    shortened = {
        tuple(sorted((n for part in parts for n in part), reverse=True))
        for parts in product(*(_shorter_parts(length) for length in tractors))
    }
    return sorted(shortened, reverse=True)


def _shorter_parts(length: int) -> list[tuple[int, ...]]:
    """Every way to answer one led tractor of ``length`` pairs with tractors of at least
    two pairs that together have at most ``length`` pairs, longest first in each."""
    parts: list[tuple[int, ...]] = []
    _add_shorter_parts(parts, length, length, ())
    return parts


def _add_shorter_parts(
    parts: list[tuple[int, ...]], room: int, most: int, chosen: tuple[int, ...]
) -> None:
    """Add to ``parts`` ``chosen`` and each way to go on from it with tractors of at most
    ``most`` pairs in ``room`` pairs (a module function, not a closure over itself: that
    would make a reference cycle at every call)."""
    if chosen:
        parts.append(chosen)
    for n in range(min(room, most), 1, -1):
        _add_shorter_parts(parts, room - n, n, (*chosen, n))


def _tractor_cover(
    tractors: tuple[int, ...], counts: dict[int, int], policy: ShorterTractor
) -> tuple[int, ...]:
    """The tractors owed to the lead's ``tractors`` from pairs per level ``counts``, as
    their lengths, longest first (compared that way: the longest matters most)."""
    if len(tractors) == 1:  # one tractor led: the longest run held decides, if long enough
        run = longest_run(counts)
        if run is None:
            return ()
        if run[1] >= tractors[0]:
            return tractors
        if policy is ShorterTractor.OPTIONAL:
            return ()
    best: tuple[int, ...] = ()
    for lengths in _length_choices(tractors, policy):
        best = max(best, best_tractor_cover(lengths, counts))
        if best == tractors:
            break  # nothing covers better than the lead itself
    return best


def _missed_tractor(
    suit: EffectiveSuit,
    tractors: tuple[int, ...],
    must: tuple[int, ...],
    did: tuple[int, ...],
    held: CardCounts,
    played: Sequence[Card],
    trump: Trump,
) -> Violation:
    """The first tractor owed and not played: its led length, the length owed, the
    length played for it, and a tractor of that length the player held."""
    i = next(k for k, length in enumerate(must) if k >= len(did) or did[k] < length)
    asked = min(length for length in tractors if length >= must[i])
    shown = _held_tractor(must[i], held, played, trump)
    played_length = did[i] if i < len(did) else 0
    return Violation(
        Code.FOLLOW_TRACTOR,
        shown,
        suit,
        asked,
        held=must[i],
        played=played_length,
        another=i > 0 and len(tractors) == 1,  # a second tractor owed to one led
    )


def _missed_pair(
    suit: EffectiveSuit,
    pairs_led: int,
    held_pairs: PairIndex,
    played_count: int,
    played: Sequence[Card],
) -> Violation:
    """The pairs led, held and played, and a pair held and not played as one: kept
    whole if there is one, else split."""
    times = Counter(played)
    options = [
        (times[c] == 0, level, c)
        for level, cs in held_pairs.by_level.items()
        for c in cs
        if times[c] < 2
    ]
    whole, _, card = max(options, key=lambda o: (o[0], o[1], -o[2].index))
    return Violation(
        Code.FOLLOW_PAIR,
        (card, card),
        suit,
        pairs_led,
        held=held_pairs.count(),
        played=played_count,
        split=not whole,
    )


def _held_tractor(
    length: int, held: CardCounts, played: Sequence[Card], trump: Trump
) -> tuple[Card, ...]:
    """A tractor of ``length`` pairs the player held, preferring one they did not play."""
    index = pair_index(held, trump)
    counts = index.counts()
    by_level = index.by_level
    placements = place_tractors([length], counts, all_required=True)
    played_count = Counter(played)
    options = []
    for _matched, tops, _left in placements:
        cards = [by_level[lv][0] for lv in range(tops[0], tops[0] - length, -1)]
        options.append((sum(played_count[c] >= 2 for c in cards), tops[0], cards))
    _, _, cards = min(options, key=lambda o: (o[0], -o[1]))
    return tuple(c for card in cards for c in (card, card))


# --- the generator -----------------------------------------------------------------


@dataclass_by_build(frozen=True, slots=True)
class _Plan:
    """What every legal follow contains: ``fixed`` cards, the ways to take the required
    tractors (``tractor_options``), then ``extra_pairs`` more pairs, then ``fill`` cards
    from ``pool``."""

    fixed: tuple[Card, ...]
    pool: tuple[Card, ...]
    fill: int
    tractor_options: tuple[tuple[Card, ...], ...] = ()
    extra_pairs: int = 0
    suit_cards: tuple[Card, ...] = ()


def _plan(
    lead: Sequence[Card], hand: Sequence[Card], trump: Trump, policy: ShorterTractor
) -> _Plan:
    n = len(lead)
    suit: EffectiveSuit = trump.effective_suit(lead[0])
    held = [c for c in hand if trump.effective_suit(c) == suit]
    others = [c for c in hand if trump.effective_suit(c) != suit]
    if len(held) <= n:
        return _Plan(tuple(held), tuple(others), n - len(held))
    units: list[Unit] = decompose(lead, trump)
    tractors, pair_units, _ = lead_shape(units)
    pairs_led = sum(tractors) + pair_units
    index = pair_index(held, trump)
    need_pairs = min(pairs_led, index.count())
    counts = index.counts()
    # Every way to place tractors of the allowed lengths; the best of them are owed.
    placements = [
        (tuple(sorted(matched, reverse=True)), matched, tops)
        for lengths in (_length_choices(tractors, policy) if tractors else [()])
        for matched, tops, _left in place_tractors(lengths, counts, all_required=False)
    ]
    cover = max((key for key, _, _ in placements), default=())
    options: set[tuple[Card, ...]] = set()
    for key, matched, tops in placements:
        if key != cover:
            continue
        levels = [
            lv
            for length, top in zip(matched, tops, strict=True)
            for lv in range(top - length + 1, top + 1)
        ]
        choice_sets = _level_choices(levels, index.by_level)
        for choice in choice_sets:
            options.add(tuple(sorted(choice, key=lambda c: c.index)))
    return _Plan(
        (),
        (),
        n - 2 * need_pairs,
        tuple(sorted(options)) if options else ((),),
        need_pairs - sum(cover),
        tuple(held),
    )


def _level_choices(levels: list[int], by_level: dict[int, list[Card]]) -> Iterator[list[Card]]:
    """Each way to take one pair at each listed level (a level may be listed twice)."""
    need = Counter(levels)
    per_level = [list(combinations(by_level[lv], k)) for lv, k in sorted(need.items())]
    for pick in product(*per_level):
        yield [c for group in pick for card in group for c in (card, card)]


def _multiset_combinations(cards: Sequence[Card], k: int) -> Iterator[tuple[Card, ...]]:
    """Distinct ``k``-card sub-multisets of ``cards``."""
    items = sorted(Counter(cards).items(), key=lambda kv: kv[0].index)
    yield from _sub_multisets(items, 0, k)


def _sub_multisets(items: list[tuple[Card, int]], i: int, k: int) -> Iterator[tuple[Card, ...]]:
    """Distinct ``k``-card sub-multisets of the cards counted in ``items[i:]``."""
    if k == 0:
        yield ()
        return
    if i == len(items):
        return
    card, n = items[i]
    for take in range(min(n, k), -1, -1):
        for rest in _sub_multisets(items, i + 1, k - take):
            yield (card,) * take + rest


def _key(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_INDEX))


def legal_follows(
    lead: Sequence[Card],
    hand: Sequence[Card],
    trump: Trump,
    shorter_tractor: ShorterTractor = DEFAULT_SHORTER_TRACTOR,
) -> list[tuple[Card, ...]]:
    """Every legal follow to ``lead`` from ``hand``, each once (as sorted cards).

    ``shorter_tractor`` is the rule set's answer to a longer tractor led and a shorter
    one held. The number can be large for a void hand facing a long throw; use
    :func:`sample_follow` to pick one at random.
    """
    if len(lead) == 1:
        # A single: any one card of the led suit, or any card at all when void of it.
        table = trump.table
        suit = table[lead[0]][0]
        held = [c for c in hand if table[c][0] == suit] or list(hand)
        return [(c,) for c in sorted(set(held), key=_INDEX)]
    plan = _plan(lead, hand, trump, shorter_tractor)
    if not plan.suit_cards:
        return sorted(
            {_key(plan.fixed + rest) for rest in _multiset_combinations(plan.pool, plan.fill)}
        )
    results: set[tuple[Card, ...]] = set()
    for tractor_cards in plan.tractor_options:
        left = Counter(plan.suit_cards) - Counter(tractor_cards)
        pairs_left = sorted((c for c, m in left.items() if m >= 2), key=lambda c: c.index)
        for extra in combinations(pairs_left, plan.extra_pairs):
            chosen = list(tractor_cards) + [c for card in extra for c in (card, card)]
            rest = list((left - Counter(chosen)).elements())
            for fill in _multiset_combinations(rest, plan.fill):
                results.add(_key(chosen + list(fill)))
    return sorted(results)


def sample_follow(
    lead: Sequence[Card],
    hand: Sequence[Card],
    trump: Trump,
    rng: random.Random,
    shorter_tractor: ShorterTractor = DEFAULT_SHORTER_TRACTOR,
) -> list[Card]:
    """One legal follow to ``lead`` from ``hand``, chosen at random."""
    plan = _plan(lead, hand, trump, shorter_tractor)
    if not plan.suit_cards:
        return list(plan.fixed) + rng.sample(list(plan.pool), plan.fill)
    tractor_cards = rng.choice(plan.tractor_options)
    left = Counter(plan.suit_cards) - Counter(tractor_cards)
    pairs_left = [c for c, m in left.items() if m >= 2]
    extra = rng.sample(pairs_left, plan.extra_pairs)
    chosen = list(tractor_cards) + [c for card in extra for c in (card, card)]
    rest = list((left - Counter(chosen)).elements())
    return chosen + rng.sample(rest, plan.fill)
