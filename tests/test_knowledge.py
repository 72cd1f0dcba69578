"""The player's view built from a replayed record, and that the real hands always agree
with it (what single plays show: tests/test_holding.py)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

import pytest

from notation import psn
from notation.analysis.knowledge import knowledge_at
from notation.analysis.sampling import sample_deals
from notation.presets import load_ruleset
from notation.replay import HandReplay, StepKind, replay
from notation.rules.cards import DECK, Card, Rank, Suit, parse_card
from notation.rules.follow import legal_follows
from notation.rules.holding import KITTY, FactKind, KnowledgeError, Whereabouts
from notation.rules.order import Trump
from notation.rules.ruleset import Ruleset, ShorterTractor
from notation.rules.seats import Seat
from notation.simulate import simulate_hand

HEARTS_2 = Trump(Rank.TWO, Suit.HEARTS)


# --- from a record ----------------------------------------------------------------------------


def crafted(
    auction: Sequence[psn.BidNode], *, wanted: dict[Seat, list[Card]], bury: Sequence[Card] = ()
) -> tuple[HandReplay, list[Card]]:
    """A hand dealt from a fixed shuffle (seats get the ``wanted`` cards), the auction,
    seat 1 (the dealer) burying ``bury`` and kitty cards, and one trick played legally."""
    deck = list(DECK)
    random.Random(0).shuffle(deck)
    hands: dict[Seat, list[Card]] = {s: [] for s in (1, 2, 3, 4)}
    for seat, wants in wanted.items():
        for card in wants:
            deck.remove(card)
            hands[seat].append(card)
    for seat in hands:
        while len(hands[seat]) < 25:
            hands[seat].append(deck.pop())
    kitty = deck
    buried = [*bury, *kitty[: 8 - len(bury)]]
    now = {s: list(h) for s, h in hands.items()}
    now[1] += kitty
    for card in buried:
        now[1].remove(card)
    lead = [now[1][0]]
    plays = [psn.PlayNode(1, tuple(lead))]
    for seat in (2, 3, 4):
        plays.append(psn.PlayNode(seat, legal_follows(lead, now[seat], HEARTS_2)[0]))
    hand = psn.Hand(
        headers=(
            psn.Header("Rules", "qq"),
            psn.Header("Levels", "2 2"),
            psn.Header("Dealer", "1"),
            psn.Header("Trump", "H 2"),
        ),
        deal=psn.Deal(hands=tuple(tuple(hands[s]) for s in (1, 2, 3, 4)), kitty=tuple(kitty)),
        auction=(*auction, psn.KittyExchange(1, tuple(buried))),
        tricks=(psn.Trick(1, tuple(plays)),),
    )
    replayed = replay(hand)
    assert not replayed.findings
    return replayed, buried


def _before_first_lead(replayed: HandReplay) -> int:
    return next(i for i, s in enumerate(replayed.states) if s.kind is StepKind.PLAY) - 1


def test_a_declared_card_of_a_seat_that_never_buried_is_held() -> None:
    h2 = parse_card("H2")
    replayed, _ = crafted([psn.BidNode(psn.BidKind.DECLARE, 3, (h2,))], wanted={3: [h2]})
    step = _before_first_lead(replayed)
    view = knowledge_at(replayed, step, 2)
    assert view.held(3) == (h2,)
    assert knowledge_at(replayed, step, 3).held(3) == ()  # its own card is in its hand


DECLARE_3 = psn.BidNode(psn.BidKind.DECLARE, 3, (parse_card("H2"),))


def test_the_dealer_knows_its_kitty_and_the_others_only_its_size() -> None:
    replayed, buried = crafted([DECLARE_3], wanted={3: [parse_card("H2")]})
    step = _before_first_lead(replayed)
    dealer = knowledge_at(replayed, step, 1)
    assert dealer.kitty is not None and sorted(dealer.kitty) == sorted(buried)
    assert all(sorted(d.kitty) == sorted(buried) for d in sample_deals(dealer, 20, seed=7))
    other = knowledge_at(replayed, step, 2)
    assert other.kitty is None and other.kitty_size == 8
    kitties = {d.kitty for d in sample_deals(other, 20, seed=7)}
    assert len(kitties) == 20 and all(len(k) == 8 for k in kitties)


def test_a_card_the_dealer_declared_may_be_in_the_kitty() -> None:
    h2 = parse_card("H2")
    declare = psn.BidNode(psn.BidKind.DECLARE, 1, (h2,))
    replayed, _ = crafted([declare], wanted={1: [h2]}, bury=[h2])
    view = knowledge_at(replayed, _before_first_lead(replayed), 3)
    assert view.whereabouts == (Whereabouts(h2, 1, frozenset({1, KITTY})),)
    assert view.held(1) == ()
    places = set()
    for deal in sample_deals(view, 200, seed=8):
        assert h2 in deal.hand(1) or h2 in deal.kitty
        places.add(h2 in deal.kitty)
    assert places == {True, False}


def test_a_step_in_the_auction_is_refused() -> None:
    replayed, _ = crafted([DECLARE_3], wanted={3: [parse_card("H2")]})
    with pytest.raises(KnowledgeError, match="before the play"):
        knowledge_at(replayed, 0, 1)


def test_a_seat_whose_cards_are_unknown_has_no_view() -> None:
    replayed, _ = crafted([DECLARE_3], wanted={3: [parse_card("H2")]})
    deal = replayed.hand.deal
    assert isinstance(deal, psn.Deal)
    hands = list(deal.hands)
    hands[1] = (psn.UNKNOWN,) * 25
    hand = replace(replayed.hand, deal=replace(deal, hands=tuple(hands)))
    blind = replay(hand)
    with pytest.raises(KnowledgeError, match="unknown cards"):
        knowledge_at(blind, _before_first_lead(blind), 2)
    assert knowledge_at(blind, _before_first_lead(blind), 3).seat == 3  # the others are fine


# --- the real hands always agree --------------------------------------------------------------


def _tractors_answered_without_one(rules: Ruleset, count: int) -> list[HandReplay]:
    """The first ``count`` simulated hands (by seed) where a seat answered a tractor
    lead without a tractor, so that the play shows what it does not hold."""
    found = []
    for seed in range(4, 1000):
        replayed = replay(simulate_hand(rules, seed=seed), rules)
        view = knowledge_at(replayed, len(replayed.states) - 2, 1)
        if any(f.kind is FactKind.NO_TRACTOR for f in view.facts):
            found.append(replayed)
            if len(found) == count:
                return found
    raise AssertionError(f"fewer than {count} hands answer a tractor without one")


def test_the_real_deal_is_always_one_the_seat_cannot_rule_out() -> None:
    """Every seat, every few steps of many simulated hands (first hands and later ones,
    with 炒底, failed throws, voids, both tractor policies): the hands as they are agree
    with every fact the seat's view holds."""
    optional = load_ruleset("qq")
    optional = replace(
        optional, follow=replace(optional.follow, shorter_tractor=ShorterTractor.OPTIONAL)
    )
    cases: list[HandReplay] = []
    for rules in (load_ruleset("qq"), optional):
        # First hands (the dealer is grabbed), and hands where a tractor was answered
        # without one (rare: about one hand in sixty).
        cases.extend(replay(simulate_hand(rules, seed=seed), rules) for seed in range(4))
        cases.extend(_tractors_answered_without_one(rules, 2))
    for name in ("qq", "match-b", "tractor"):
        for seed in range(4):
            h = simulate_hand(name, seed=seed, levels=(Rank.FIVE, Rank.FIVE), dealer=1 + seed % 4)
            cases.append(replay(h, name))
    kinds: set[FactKind] = set()
    for replayed in cases:
        assert not replayed.errors
        start = _before_first_lead(replayed)
        for step in range(start, len(replayed.states) - 1, 3):
            state = replayed.states[step]
            for seat in (1, 2, 3, 4):
                view = knowledge_at(replayed, step, seat)
                assert view.problems(state.hands, state.kitty or ()) == []  # type: ignore[arg-type]
                kinds.update(f.kind for f in view.facts)
    assert kinds == set(FactKind)  # every kind of fact was put to the test
