"""The player's view: what each play shows, and that the real hands always agree with it."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise

import pytest

from notation import psn
from notation.analysis.knowledge import (
    KITTY,
    FactKind,
    Knowledge,
    KnowledgeError,
    Whereabouts,
    knowledge_at,
)
from notation.analysis.sampling import sample_deals
from notation.presets import load_ruleset
from notation.replay import HandReplay, StepKind, replay
from notation.rules.cards import DECK, Card, Rank, Suit, parse_card, parse_cards
from notation.rules.follow import legal_follows
from notation.rules.order import Trump
from notation.rules.ruleset import Ruleset, ShorterTractor
from notation.rules.seats import Seat
from notation.simulate import simulate_hand

HEARTS_2 = Trump(Rank.TWO, Suit.HEARTS)


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def view_of(
    hand: str, *, seat: Seat = 1, policy: ShorterTractor = ShorterTractor.MUST
) -> Knowledge:
    """Seat ``seat`` at the first lead, holding ``hand`` and 25 cards in all (the rest of
    its hand is cards nobody plays in these scenarios)."""
    mine = cards(hand)
    filler = cards("D3 D4 D5 D6 D7 D8 D10 DJ DQ DK DA") * 2 + cards("S7 S8")
    full = mine + filler[: 25 - len(mine)]
    return Knowledge.start(seat, HEARTS_2, full, shorter_tractor=policy)


def play(view: Knowledge, *plays: tuple[Seat, str]) -> Knowledge:
    for seat, shown in plays:
        view = view.after(seat, cards(shown))
    return view


# --- what single plays show ------------------------------------------------------------------


def test_a_discard_shows_a_void() -> None:
    view = play(view_of("SA SK"), (1, "SA"), (2, "D9"), (3, "S3"), (4, "H5"))
    assert view.voids(2) == {Suit.SPADES}
    assert view.voids(4) == {Suit.SPADES}  # a ruff shows it too
    assert view.voids(3) == frozenset()
    for deal in sample_deals(view, 200, seed=1):
        assert not any(c.suit is Suit.SPADES and not HEARTS_2.is_trump(c) for c in deal.hand(2))


def test_a_void_stays_a_void() -> None:
    view = play(view_of("SA SK"), (1, "SA"), (2, "D9"), (3, "S3"), (4, "S4"))
    view = play(view, (1, "SK"), (2, "C9"), (3, "S5"), (4, "S6"))
    assert [f.trick for f in view.facts if f.kind is FactKind.VOID] == [1]
    assert view.voids(2) == {Suit.SPADES}


def test_a_pair_answered_with_singles_shows_no_pair_and_no_second_copy() -> None:
    view = play(view_of("CK CK"), (1, "CK CK"), (2, "C3 C9"))
    assert Suit.CLUBS in view.no_pairs(2)
    assert Suit.CLUBS not in view.voids(2)
    for deal in sample_deals(view, 300, seed=2):
        clubs = [c for c in deal.hand(2) if HEARTS_2.effective_suit(c) == Suit.CLUBS]
        assert len(set(clubs)) == len(clubs)  # no pair of clubs left
        assert parse_card("C3") not in clubs and parse_card("C9") not in clubs  # nor the mates


def test_a_pair_answered_with_a_pair_shows_nothing() -> None:
    view = play(view_of("CK CK"), (1, "CK CK"), (2, "C3 C3"))
    assert view.facts == ()


def test_a_short_suit_answer_shows_the_void_not_just_the_pairs() -> None:
    view = play(view_of("CK CK"), (1, "CK CK"), (2, "C3 D9"))
    assert view.voids(2) == {Suit.CLUBS}


# Rank 2, hearts trump: clubs run 3 4 5 … A, so ♣10 ♣10 ♣J ♣J ♣Q ♣Q is a tractor of three.
TRACTOR = "C10 C10 CJ CJ CQ CQ"


@pytest.mark.parametrize(
    ("answer", "must", "optional"),
    [
        ("C3 C3 C6 C6 C9 C9", 2, 3),  # three pairs, no tractor: under must, none held
        ("C3 C3 C4 C4 C9 C9", 3, 3),  # a tractor of two: none of three either way
    ],
)
def test_a_tractor_answered_with_pairs_shows_the_tractors_not_held(
    answer: str, must: int, optional: int
) -> None:
    for policy, limit in ((ShorterTractor.MUST, must), (ShorterTractor.OPTIONAL, optional)):
        view = play(view_of(TRACTOR, policy=policy), (1, TRACTOR), (2, answer))
        assert view.tractor_limit(2, Suit.CLUBS) == limit
        assert [f.kind for f in view.facts] == [FactKind.NO_TRACTOR]


def test_under_optional_a_shorter_tractor_may_still_be_held() -> None:
    """Three loose pairs to a tractor of three: under ``must`` the seat holds no tractor
    of clubs at all; under ``optional`` it may hold one of two, and the deals show it."""
    answer = "C3 C3 C6 C6 C9 C9"
    shorter = []
    for policy in (ShorterTractor.MUST, ShorterTractor.OPTIONAL):
        view = play(view_of(TRACTOR, policy=policy), (1, TRACTOR), (2, answer))
        count = 0
        for deal in sample_deals(view, 400, seed=3):
            then = list(deal.hand(2)) + cards(answer)
            pairs = sorted(
                {
                    HEARTS_2.level(c)
                    for c in then
                    if HEARTS_2.effective_suit(c) == Suit.CLUBS and then.count(c) == 2
                }
            )
            runs = [a for a, b in pairwise(pairs) if b == a + 1]
            assert not any(
                b == a + 1 and c == a + 2
                for a, b, c in zip(pairs, pairs[1:], pairs[2:], strict=False)
            )
            count += bool(runs)
        shorter.append(count)
    assert shorter[0] == 0 and shorter[1] > 0


def test_a_tractor_answered_with_a_tractor_shows_nothing() -> None:
    view = play(view_of(TRACTOR), (1, TRACTOR), (2, "C3 C3 C4 C4 C5 C5"))
    assert view.facts == ()


def test_a_throw_that_stood_shows_nobody_could_beat_it() -> None:
    view = play(view_of("C9", seat=2), (1, "SK SQ"))  # seat 1 throws two singles; it stands
    beaten = {(f.seat, f.kind) for f in view.facts}
    assert beaten == {(3, FactKind.CANNOT_BEAT), (4, FactKind.CANNOT_BEAT)}
    above = {parse_card("SA"), parse_card("SK")}
    for deal in sample_deals(view, 300, seed=4):
        for seat in (3, 4):
            assert not above & set(deal.hand(seat))


def test_a_failed_throw_shows_the_cards_tried_and_who_beat_it() -> None:
    # Seat 3 tries ♠Q ♠10 ♠10; seat 4 beats the ♠Q, so seat 3 plays it alone.
    view = view_of("C9", seat=1).after(3, cards("SQ"), cards("SQ S10 S10"), 4)
    assert view.held(3) == tuple(cards("S10 S10"))
    kinds = {(f.kind, f.seats, str(f.unit)) for f in view.facts}
    assert (FactKind.BEATS, (4,), "SQ") in kinds
    # ♠10 ♠10 is below the forced ♠Q: it stood, so nobody held a higher spade pair.
    assert (FactKind.CANNOT_BEAT, (2,), "S10 S10") in kinds
    assert (FactKind.CANNOT_BEAT, (4,), "S10 S10") in kinds
    higher = {parse_card(c) for c in ("SK", "SA")}
    ten = parse_card("S10")
    for deal in sample_deals(view, 300, seed=5):
        assert higher & set(deal.hand(4))
        assert deal.hand(3).count(parse_card("S10")) == 2
        for seat in (2, 4):
            spades = [
                c for c in deal.hand(seat) if c.suit is Suit.SPADES and not HEARTS_2.is_trump(c)
            ]
            pairs = {c for c in spades if spades.count(c) == 2}
            assert not {c for c in pairs if HEARTS_2.level(c) > HEARTS_2.level(ten)}


def test_a_failed_throw_without_its_blocker_names_the_seats_that_may_have_beaten_it() -> None:
    view = view_of("C9", seat=1).after(3, cards("SQ"), cards("SQ S10 S10"))
    beats = [f for f in view.facts if f.kind is FactKind.BEATS]
    assert [f.seats for f in beats] == [(4, 2)]
    # Holding a beating card itself, the seat knows nothing more about the others.
    view = view_of("SA", seat=1).after(3, cards("SQ"), cards("SQ S10 S10"))
    assert not [f for f in view.facts if f.kind is FactKind.BEATS]


def test_a_card_shown_in_a_bid_is_held_until_played() -> None:
    h2 = parse_card("H2")
    view = Knowledge.start(
        1, HEARTS_2, view_of("C9").hand, whereabouts=[Whereabouts(h2, 1, frozenset({3}))]
    )
    assert view.held(3) == (h2,)
    assert all(h2 in deal.hand(3) for deal in sample_deals(view, 100, seed=6))
    view = play(view, (1, "C9"), (2, "C10"), (3, "H2"))
    assert view.held(3) == ()


def test_playing_twice_in_a_trick_is_refused() -> None:
    view = play(view_of("SA"), (1, "SA"), (2, "S3"))
    with pytest.raises(KnowledgeError, match="played to trick 1 already"):
        view.after(2, cards("S4"))


def test_own_cards_must_be_held() -> None:
    with pytest.raises(KnowledgeError, match="does not hold"):
        view_of("SA").after(1, cards("SK"))


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
