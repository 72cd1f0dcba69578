"""What a seat is known to hold: the cards nobody can have, what each play shows about a
hand (one rule, one function: the analysis's view and the bots' voids both use it)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import pairwise

import pytest

from notation.analysis.knowledge import knowledge_at
from notation.analysis.sampling import sample_deals
from notation.replay import replay
from notation.rules.cards import Card, CardSlot, Rank, Suit, parse_card, parse_cards
from notation.rules.holding import (
    TWO_DECKS,
    FactKind,
    Knowledge,
    KnowledgeError,
    SeenPlay,
    Voids,
    Whereabouts,
    follow_facts,
    known_cards,
    shown_void,
    unseen,
)
from notation.rules.order import TRUMP, Trump
from notation.rules.ruleset import ShorterTractor
from notation.rules.seats import SEATS, Seat
from notation.simulate import simulate_hand

HEARTS_2 = Trump(Rank.TWO, Suit.HEARTS)


def known(cards: Sequence[CardSlot]) -> tuple[Card, ...]:
    """The cards of a simulated record, every one known."""
    found = tuple(known_cards(cards))
    assert len(found) == len(cards)
    return found


# --- the cards nobody is known to hold ------------------------------------------------------


def test_a_card_placed_a_third_time_is_one_nobody_can_have() -> None:
    left = unseen(parse_cards("SA SK"), {parse_card("SA"): 2})
    assert left[parse_card("SA")] == -1  # three ♠A placed: two decks hold two
    assert left[parse_card("SK")] == 1
    assert +left == TWO_DECKS - Counter({parse_card("SA"): 2, parse_card("SK"): 1})


def test_nothing_placed_leaves_two_decks() -> None:
    assert unseen() == TWO_DECKS
    assert unseen() is not TWO_DECKS  # a new count each time: the caller may change it


# --- what a follow shows: the void rule --------------------------------------------------------


@pytest.mark.parametrize(
    ("lead", "follow", "void"),
    [
        ("SA", "D9", Suit.SPADES),  # a discard
        ("SA", "H5", Suit.SPADES),  # a ruff
        ("SA SA", "S3 D9", Suit.SPADES),  # one short of the pair led
        ("H3", "D9", TRUMP),  # out of trumps
        ("SA", "S3", None),  # followed
        ("SA SA", "S3 S9", None),  # followed with singles: no pair, but not void
        ("SA SA", "D9", None),  # a wrong number of cards shows nothing sure
        ("SA DA", "C3 C4", None),  # a lead of two suits shows nothing sure
    ],
)
def test_a_follow_shows_a_void_when_it_has_fewer_of_the_led_suit_than_were_led(
    lead: str, follow: str, void: Suit | None
) -> None:
    led, answer = tuple(parse_cards(lead)), tuple(parse_cards(follow))
    assert shown_void(HEARTS_2, led, answer) == void
    voids = Voids()
    voids.note(HEARTS_2, [SeenPlay(1, led)], SeenPlay(2, answer))
    assert voids.suits == [set(), {void} if void is not None else set(), set(), set()]
    facts = follow_facts(HEARTS_2, 2, led, answer, 1)
    assert {f.suit for f in facts if f.kind is FactKind.VOID} == ({void} if void else set())


def test_voids_are_forgotten_for_a_new_hand() -> None:
    voids = Voids()
    voids.note(HEARTS_2, [SeenPlay(2, (parse_card("SA"),))], SeenPlay(3, (parse_card("D9"),)))
    assert voids.lacks(3, Suit.SPADES) and not voids.lacks(2, Suit.SPADES)
    voids.clear()
    assert not voids.lacks(3, Suit.SPADES)


def test_the_bots_voids_are_the_voids_of_every_seats_view() -> None:
    """One rule, one function: the voids the bots note follow by follow are the voids
    each seat's view holds about the others, over whole simulated hands."""
    shown = 0
    for seed in range(6):
        replayed = replay(simulate_hand("qq", seed=seed))
        trump = replayed.states[-1].trump
        assert trump is not None and not replayed.errors
        voids = Voids()
        for trick in replayed.hand.tricks:
            voids.note_table(trump, [SeenPlay(p.seat, known(p.cards)) for p in trick.plays])
        last = len(replayed.states) - 1
        for viewer in SEATS:
            view = knowledge_at(replayed, last, viewer)
            for seat in SEATS:
                if seat != viewer:
                    assert view.voids(seat) == voids.suits[seat - 1]
        shown += sum(map(len, voids.suits))
    assert shown > 10  # the hands show voids to compare


# --- a seat's view ---------------------------------------------------------------------------


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


# --- what single plays show in a seat's view -----------------------------------------------


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
