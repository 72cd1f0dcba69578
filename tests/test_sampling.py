"""Dealing the unseen cards: every layout meets the view, uniformly over those that do."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from itertools import product
from math import factorial, prod, sqrt

import pytest

from notation.analysis.knowledge import knowledge_at
from notation.analysis.sampling import Dealer, SampledDeal, deal_unseen, sample_deals
from notation.messages.reasons import seat_fact, whereabouts
from notation.replay import HandReplay, StepKind, replay
from notation.rules.cards import Card, Rank, Suit, parse_card, parse_cards
from notation.rules.holding import (
    KITTY,
    Contradiction,
    Fact,
    FactKind,
    Knowledge,
    Place,
    Whereabouts,
)
from notation.rules.order import Trump
from notation.rules.units import decompose
from notation.simulate import simulate_hand
from tests.test_messages import english_in

HEARTS_2 = Trump(Rank.TWO, Suit.HEARTS)


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def _replays() -> Iterator[HandReplay]:
    for seed in range(3):
        yield replay(simulate_hand("qq", seed=seed))
    hand = simulate_hand("qq", seed=5, levels=(Rank.FIVE, Rank.FIVE), dealer=2)
    yield replay(hand)


def _views(every: int) -> Iterator[tuple[Knowledge, HandReplay, int]]:
    for replayed in _replays():
        start = next(i for i, s in enumerate(replayed.states) if s.kind is StepKind.PLAY) - 1
        for step in range(start, len(replayed.states) - 1, every):
            for seat in (1, 2, 3, 4):
                yield knowledge_at(replayed, step, seat), replayed, step


def test_every_layout_meets_every_fact_and_has_the_right_sizes() -> None:
    rng = random.Random(11)
    dealt = 0
    for view, _, _ in _views(every=6):
        dealer = Dealer(view)
        for _ in range(15):
            deal = dealer.deal(rng)
            assert [len(h) for h in deal.hands] == list(view.sizes)
            assert len(deal.kitty) == view.kitty_size
            assert view.problems(deal.hands, deal.kitty) == []
            dealt += 1
    assert dealt > 3000


def test_the_same_seed_gives_the_same_deals() -> None:
    view, _, _ = next(v for v in _views(every=20) if v[0].facts)
    first = sample_deals(view, 30, seed=4)
    assert first == sample_deals(view, 30, seed=4)  # common random numbers
    assert first != sample_deals(view, 30, seed=5)
    assert deal_unseen(view, random.Random(9)) == deal_unseen(view, random.Random(9))


# --- the distribution --------------------------------------------------------------------------

Layout = tuple[tuple[Card, ...], ...]


def _key(deal: SampledDeal) -> Layout:
    return (*deal.hands, deal.kitty)


def _exact(view: Knowledge) -> dict[Layout, int]:
    """Every layout the view allows, by brute force, with how many ways to place the
    physical copies give it (two copies of a card told apart)."""
    needs: dict[Place, int] = {}
    for seat in (1, 2, 3, 4):
        if seat != view.seat:
            needs[seat] = view.sizes[seat - 1] - len(view.held(seat))
    if view.kitty is None:
        needs[KITTY] = view.kitty_size
    places = list(needs)
    pool = view.unseen()
    types = sorted(pool, key=lambda c: c.index)
    found: dict[Layout, int] = {}

    def walk(i: int, left: tuple[int, ...], chosen: dict[Place, list[Card]], ways: int) -> None:
        if i == len(types):
            if any(left):
                return
            hands = [
                list(view.hand) if s == view.seat else chosen[s] + list(view.held(s))
                for s in (1, 2, 3, 4)
            ]
            kitty = chosen[KITTY] if view.kitty is None else list(view.kitty)
            if not view.problems(hands, kitty):
                key = (*(tuple(sorted(h)) for h in hands), tuple(sorted(kitty)))
                found[key] = found.get(key, 0) + ways
            return
        card, copies = types[i], pool[types[i]]
        for split in product(range(copies + 1), repeat=len(places)):
            if sum(split) != copies or any(n > room for n, room in zip(split, left, strict=True)):
                continue
            for place, n in zip(places, split, strict=True):
                chosen.setdefault(place, []).extend([card] * n)
            rest = tuple(room - n for room, n in zip(left, split, strict=True))
            walk(i + 1, rest, chosen, ways * factorial(copies) // prod(map(factorial, split)))
            for place, n in zip(places, split, strict=True):
                del chosen[place][len(chosen[place]) - n :]

    walk(0, tuple(needs.values()), {p: [] for p in places}, 1)
    return found


def _late_views(seeds: range, last: int = 12) -> Iterator[Knowledge]:
    """Every seat's view at the last steps of simulated hands (few cards unseen)."""
    for seed in seeds:
        replayed = replay(simulate_hand("qq", seed=seed))
        end = len(replayed.states) - 1
        for step in range(end - last, end):
            if replayed.states[step].kind is StepKind.PLAY:  # a trick's end shows nothing new
                for seat in (1, 2, 3, 4):
                    yield knowledge_at(replayed, step, seat)


def _tied(view: Knowledge) -> bool:
    """True if some unseen card has both copies out and a seat that may hold only one."""
    unseen = view.unseen()
    return any(
        unseen[card] == 2 and most == 1
        for fact in view.facts
        if fact.kind is FactKind.NO_PAIR and view.sizes[fact.seat - 1] > 0
        for card, most in fact.limits(view.trump).items()
    )


def _small_cases() -> list[tuple[str, Knowledge]]:
    """Late moments of simulated hands small enough to enumerate: one where the seat
    does not know the kitty and some cards have tied copies (a seat with no pair), one
    where a checked fact (a throw beaten) rules out some layouts the counts allow."""
    wanted: dict[str, Knowledge] = {}
    for view in _late_views(range(12)):
        unseen = view.unseen().total()
        if unseen > 11:
            continue
        if "tied" not in wanted and view.kitty is None and _tied(view):
            wanted["tied"] = view
        if "checked" not in wanted and not all(f.by_limits for f in view.facts):
            exact = _exact(view)
            if Dealer(view).count() > sum(exact.values()) > 0 and len(exact) > 1:
                wanted["checked"] = view
        if len(wanted) == 2:
            break
    return sorted(wanted.items())


def test_layouts_are_uniform_over_the_consistent_deals() -> None:
    """Sampled layouts against the exact distribution found by enumeration: the
    chi-square statistic stays within 4 standard deviations of its mean (df), and the
    total variation distance within twice its expected size for that many samples."""
    cases = _small_cases()
    assert [name for name, _ in cases] == ["checked", "tied"]
    for name, view in cases:
        exact = _exact(view)
        total = sum(exact.values())
        dealer = Dealer(view)
        assert dealer.count() >= total  # the counts leave the checked facts to the check
        n = 6000
        rng = random.Random(1)
        seen = Counter(_key(dealer.deal(rng)) for _ in range(n))
        assert set(seen) <= set(exact), name
        expected = {key: n * ways / total for key, ways in exact.items()}
        chi2 = sum((seen[key] - e) ** 2 / e for key, e in expected.items())
        df = len(exact) - 1
        assert chi2 < df + 4 * sqrt(2 * df), (name, chi2, df)
        tv = sum(abs(seen[key] - e) for key, e in expected.items()) / (2 * n)
        typical = sum(sqrt(2 * e * (1 - e / n) / 3.14159) for e in expected.values()) / (2 * n)
        assert tv < 2 * typical, (name, tv, typical)


def test_count_is_the_number_of_placements_that_meet_the_counted_facts() -> None:
    """:meth:`Dealer.count` counts the placements that meet every fact it counts (all but
    the checked ones): the same number as brute force finds."""
    compared = 0
    for view in _late_views(range(5), last=16):
        if 2 <= view.unseen().total() <= (9 if view.kitty is not None else 8):
            counted = replace(view, facts=tuple(f for f in view.facts if f.by_limits))
            assert Dealer(counted).count() == sum(_exact(counted).values())
            compared += 1
    assert compared >= 20


# --- contradictions ----------------------------------------------------------------------------


def start(hand: str, *, held: dict[int, str] | None = None) -> Knowledge:
    """Seat 1 at the first lead with ``hand`` padded to 25 cards with diamonds."""
    mine = cards(hand)
    filler = cards("D3 D4 D5 D6 D7 D8 D10 DJ DQ DK DA") * 2 + cards("S7 S8 S9")
    whereabouts = [
        Whereabouts(c, n, frozenset({seat}))
        for seat, shown in (held or {}).items()
        for c, n in Counter(cards(shown)).items()
    ]
    return Knowledge.start(1, HEARTS_2, mine + filler[: 25 - len(mine)], whereabouts=whereabouts)


def test_a_seat_that_plays_a_suit_it_showed_void_in_is_a_contradiction() -> None:
    view = start("SA SK")
    for seat, shown in ((1, "SA"), (2, "C9"), (3, "S3"), (4, "S4")):
        view = view.after(seat, cards(shown))
    view = view.after(1, cards("SK")).after(2, cards("S5"))  # a revoke in the record
    with pytest.raises(Contradiction, match="holds no ♠") as caught:
        Dealer(view)
    assert caught.value.fact is not None and caught.value.fact.kind is FactKind.VOID


def test_more_than_two_copies_seen_is_a_contradiction() -> None:
    view = start("SA", held={3: "C5"}).after(1, cards("SA")).after(2, cards("C5 C5"))
    with pytest.raises(Contradiction, match="more than two of ♣5"):
        Dealer(view)


def test_a_seat_left_with_too_few_possible_cards_is_a_contradiction() -> None:
    """Seat 2 shows voids in ♠, ♦ and ♣, so it holds only trumps; seat 1 holds most of
    them, and too few are left to fill seat 2's hand."""
    trumps = "BJ BJ LJ LJ H2 H2 S2 S2 C2 C2 D2 D2 HA HA HK HK HQ HQ HJ HJ"
    view = start(trumps + " S6 D9 C9")
    tricks = [("S6", "D3", "S3", "S4"), ("D9", "C3", "D5", "D6"), ("C9", "H5", "C4", "C5")]
    for lead, *follows in tricks:
        view = view.after(1, cards(lead))
        for seat, shown in zip((2, 3, 4), follows, strict=True):
            view = view.after(seat, cards(shown))
    with pytest.raises(Contradiction, match="seat 2 holds 22 cards"):
        Dealer(view)


def test_a_throw_beaten_by_a_seat_that_could_not_beat_it_is_a_contradiction() -> None:
    view = start("SA SA SK SK").after(3, cards("SQ"), cards("SQ S10 S10"), 4)
    with pytest.raises(Contradiction, match="seat 4 could beat ♠Q") as caught:
        Dealer(view)
    assert caught.value.fact is not None and caught.value.fact.kind is FactKind.BEATS


def test_a_checked_fact_no_deal_meets_stops_after_the_attempts() -> None:
    """Seat 4's whole hand is known and cannot beat the ♠Q: only dealing shows it."""
    known = "C3 C3 C4 C4 C5 C5 C6 C6 C7 C7 C8 C8 C9 C9 C10 C10 CJ CJ CQ CQ CK CK CA CA D2"
    view = start("C2", held={4: known}).after(3, cards("SQ"), cards("SQ S10 S10"), 4)
    dealer = Dealer(view, max_attempts=40)
    with pytest.raises(Contradiction, match="none of 40 deals"):
        dealer.deal(random.Random(0))


def _revoke() -> Knowledge:
    view = start("SA SK")
    for seat, shown in ((1, "SA"), (2, "C9"), (3, "S3"), (4, "S4")):
        view = view.after(seat, cards(shown))
    return view.after(1, cards("SK")).after(2, cards("S5"))


def _void_of_all_but_trumps() -> Knowledge:
    view = start("BJ BJ LJ LJ H2 H2 S2 S2 C2 C2 D2 D2 HA HA HK HK HQ HQ HJ HJ S6 D9 C9")
    tricks = [("S6", "D3", "S3", "S4"), ("D9", "C3", "D5", "D6"), ("C9", "H5", "C4", "C5")]
    for lead, *follows in tricks:
        view = view.after(1, cards(lead))
        for seat, shown in zip((2, 3, 4), follows, strict=True):
            view = view.after(seat, cards(shown))
    return view


# Views no deal agrees with, and what the contradiction says in Chinese.
CONTRADICTIONS = {
    "void": (_revoke, "2 号位没有♠（自第 1 轮起）"),
    "third copy": (
        lambda: start("SA", held={3: "C5"}).after(1, cards("SA")).after(2, cards("C5 C5")),
        "见到的 ♣5 多于两张",
    ),
    "seat too full": (_void_of_all_but_trumps, "2 号位有 22 张这个座位不知去向的牌"),
    "beats": (
        lambda: start("SA SA SK SK").after(3, cards("SQ"), cards("SQ S10 S10"), 4),
        "4 号位能大过 ♠Q",
    ),
    "whereabouts": (
        lambda: replace(
            start("SA"), whereabouts=(Whereabouts(parse_card("SA"), 2, frozenset({2, 3})),)
        ),
        "记录自相矛盾：2 号位或3 号位有 2 张 ♠A，这不可能",
    ),
}


@pytest.mark.parametrize("name", CONTRADICTIONS)
def test_a_contradiction_is_said_in_chinese_by_its_key_and_facts(name: str) -> None:
    view, chinese = CONTRADICTIONS[name]
    with pytest.raises(Contradiction) as caught:
        Dealer(view())
    said = caught.value.text.render("zh")
    assert chinese in said and english_in(said) is None, said


def test_what_a_play_showed_is_said_in_english_as_the_fact_itself_and_in_chinese() -> None:
    """Every kind of fact a view holds, in the words a contradiction quotes it with."""
    seen = {f for view, _, _ in _views(every=2) for f in view.facts}
    queen = decompose(cards("SQ"), HEARTS_2)[0]
    seen |= {
        Fact(FactKind.BEATS, (2, 4), Suit.SPADES, 3, unit=queen),
        Fact(FactKind.NO_TRACTOR, (3,), "T", 4, lead=tuple(cards("BJ BJ LJ LJ"))),
        Fact(FactKind.NO_TRACTOR, (3,), Suit.CLUBS, 5, length=3),
    }
    assert {f.kind for f in seen} == set(FactKind)
    for fact in seen:
        assert seat_fact(fact).render("en") == str(fact)
        zh = seat_fact(fact).render("zh")
        assert f"{fact.seat}" in zh and "号位" in zh and english_in(zh) is None, zh
    where = Whereabouts(parse_card("SA"), 2, frozenset({KITTY, 3}))
    assert whereabouts(where).render("en") == str(where) == "2× ♠A with the kitty or seat 3"
    assert whereabouts(where).render("zh") == "底牌或3 号位有 2 张 ♠A"


def test_a_known_card_of_a_seat_goes_to_that_seat() -> None:
    view = start("SA", held={3: "BJ"})
    assert all(parse_card("BJ") in d.hand(3) for d in sample_deals(view, 50, seed=2))
