"""Following a lead: the obligations, a checker, and the legal plays.

Everyone plays as many cards as the lead. A follower must:

* play cards of the led effective suit as far as they have them;
* answer a tractor with a tractor of the same length if they hold one (for a throw:
  each of its tractors, longest first);
* play as many pairs of the suit as the lead has pairs, as far as they hold pairs
  (pairs inside tractors count);
* otherwise play any cards: a void player may discard or ruff.

The checker (:func:`check_follow`) and the generator (:func:`legal_follows`,
:func:`sample_follow`) are written separately and tested against each other.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, product

from notation.rules.cards import Card, CardCounts, counted
from notation.rules.order import EffectiveSuit, Trump
from notation.rules.units import (
    Unit,
    best_tractor_cover,
    decompose,
    lead_shape,
    pair_index,
    place_tractors,
)
from notation.rules.violations import Code, Violation, suit_word

__all__ = [
    "check_follow",
    "check_lead",
    "is_legal_follow",
    "legal_follows",
    "missing_cards",
    "sample_follow",
]


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


def missing_cards(play: Sequence[Card], hand: Sequence[Card] | CardCounts) -> list[Card]:
    """The cards of ``play`` that ``hand`` (the cards, or their counts) does not hold,
    counting copies."""
    have = counted(hand)
    missing: list[Card] = []
    for card, n in Counter(play).items():
        lacking = n - max(have.get(card, 0), 0)
        if lacking > 0:
            missing.extend([card] * lacking)
    return missing


def check_lead(
    lead: Sequence[Card], hand: Sequence[Card] | CardCounts, trump: Trump
) -> list[Violation]:
    """What is wrong with a lead, the throw's validity aside: cards held, one suit."""
    if not lead:
        return [Violation(Code.WRONG_COUNT, "led no cards")]
    missing = missing_cards(lead, hand)
    if missing:
        return [Violation(Code.NOT_HELD, f"led {_cards(missing)}, not in hand", tuple(missing))]
    suits = {trump.effective_suit(c) for c in lead}
    if len(suits) > 1:
        words = " and ".join(sorted(suit_word(s) for s in suits))
        return [Violation(Code.MIXED_LEAD, f"led {words} together; a lead is one suit")]
    return []


def check_follow(
    lead: Sequence[Card],
    play: Sequence[Card],
    hand: Sequence[Card] | CardCounts,
    trump: Trump,
    units: Sequence[Unit] | None = None,
) -> list[Violation]:
    """What is wrong with ``play`` as a follow to ``lead`` by a player holding ``hand``.

    ``hand`` is what the player held before this trick: the cards, or how many of each
    (a replay keeps counts); ``units`` is the lead broken into units, when the caller
    has it. An empty list means legal.
    """
    n = len(lead)
    if len(play) != n:
        return [Violation(Code.WRONG_COUNT, f"played {len(play)} cards to a lead of {n}")]
    have = counted(hand)
    table = trump.table
    suit = table[lead[0]][0]
    # A single: only the suit matters (the common case, checked without counting).
    if (
        n == 1
        and have.get(play[0], 0) > 0
        and (
            table[play[0]][0] == suit or all(k <= 0 or table[c][0] != suit for c, k in have.items())
        )
    ):
        return []
    missing = missing_cards(play, have)
    if missing:
        return [Violation(Code.NOT_HELD, f"played {_cards(missing)}, not in hand", tuple(missing))]
    held = {c: k for c, k in have.items() if k > 0 and table[c][0] == suit}  # the suit's counts
    held_count = sum(held.values())
    played = [c for c in play if table[c][0] == suit]
    need = min(n, held_count)
    if len(played) < need:
        held_cards = list(Counter(held).elements())
        unplayed = tuple((Counter(held) - Counter(played)).elements())
        return [
            Violation(
                Code.FOLLOW_SUIT,
                f"played {len(played)} of {suit_word(suit)} to a {suit_word(suit)} lead of {n} "
                f"while holding {held_count} ({_cards(trump.sorted(held_cards))})",
                unplayed,
            )
        ]
    if held_count <= n:
        return []  # every card of the suit was played: nothing more can be asked
    tractors, pair_units, _ = lead_shape(units if units is not None else decompose(lead, trump))
    pairs_led = sum(tractors) + pair_units
    if not pairs_led:
        return []
    if not tractors and min(pairs_led, sum(1 for k in held.values() if k >= 2)) <= min(
        pairs_led, sum(1 for k in Counter(played).values() if k >= 2)
    ):
        return []  # as many pairs as were led, or as they held (counted as below, at once)
    held_pairs = pair_index(held, trump)
    played_pairs = pair_index(played, trump)
    if tractors:
        must = best_tractor_cover(tractors, held_pairs.counts())
        did = best_tractor_cover(tractors, played_pairs.counts())
        if did < must:
            shown = _held_tractor(must[0], held, played, trump)
            return [
                Violation(
                    Code.FOLLOW_TRACTOR,
                    f"a tractor of {must[0]} pairs was led and they held the tractor "
                    f"{_cards(shown)} but did not play a tractor of that length",
                    shown,
                )
            ]
    must_pairs = min(pairs_led, held_pairs.count())
    did_pairs = min(pairs_led, played_pairs.count())
    if did_pairs < must_pairs:
        played_count = Counter(played)
        kept = [c for cs in held_pairs.by_level.values() for c in cs if played_count[c] < 2]
        shown = tuple(trump.sorted([kept[-1], kept[-1]])) if kept else ()
        what = "a pair" if pairs_led == 1 else f"{pairs_led} pairs"
        return [
            Violation(
                Code.FOLLOW_PAIR,
                f"{what} of {suit_word(suit)} led; they played {did_pairs} pair(s) while "
                f"holding {must_pairs}, e.g. {_cards(shown)}",
                shown,
            )
        ]
    return []


def is_legal_follow(
    lead: Sequence[Card], play: Sequence[Card], hand: Sequence[Card], trump: Trump
) -> bool:
    """True if ``play`` is a legal follow to ``lead`` from ``hand``."""
    return not check_follow(lead, play, hand, trump)


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


@dataclass(frozen=True, slots=True)
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


def _plan(lead: Sequence[Card], hand: Sequence[Card], trump: Trump) -> _Plan:
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
    cover = best_tractor_cover(tractors, index.counts()) if tractors else ()
    options: set[tuple[Card, ...]] = set()
    for matched, tops, _left in place_tractors(tractors, index.counts(), all_required=False):
        if tuple(sorted(matched, reverse=True)) != cover:
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

    def walk(i: int, k: int) -> Iterator[tuple[Card, ...]]:
        if k == 0:
            yield ()
            return
        if i == len(items):
            return
        card, n = items[i]
        for take in range(min(n, k), -1, -1):
            for rest in walk(i + 1, k - take):
                yield (card,) * take + rest

    yield from walk(0, k)


def _key(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.index))


def legal_follows(
    lead: Sequence[Card], hand: Sequence[Card], trump: Trump
) -> list[tuple[Card, ...]]:
    """Every legal follow to ``lead`` from ``hand``, each once (as sorted cards).

    The number can be large for a void hand facing a long throw; use
    :func:`sample_follow` to pick one at random.
    """
    plan = _plan(lead, hand, trump)
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
    lead: Sequence[Card], hand: Sequence[Card], trump: Trump, rng: random.Random
) -> list[Card]:
    """One legal follow to ``lead`` from ``hand``, chosen at random."""
    plan = _plan(lead, hand, trump)
    if not plan.suit_cards:
        return list(plan.fixed) + rng.sample(list(plan.pool), plan.fill)
    tractor_cards = rng.choice(plan.tractor_options)
    left = Counter(plan.suit_cards) - Counter(tractor_cards)
    pairs_left = [c for c, m in left.items() if m >= 2]
    extra = rng.sample(pairs_left, plan.extra_pairs)
    chosen = list(tractor_cards) + [c for card in extra for c in (card, card)]
    rest = list((left - Counter(chosen)).elements())
    return chosen + rng.sample(rest, plan.fill)
