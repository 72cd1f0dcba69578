"""Follow obligations: suit, pairs, tractors, throws; the checker and the generator agree."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from notation.rules.cards import ALL_CARDS, Card
from notation.rules.follow import check_follow, check_lead, legal_follows, sample_follow
from notation.rules.order import Trump
from notation.rules.ruleset import ShorterTractor
from notation.rules.throw import can_beat, judge_throw
from notation.rules.trick import trick_winner
from notation.rules.units import decompose
from notation.rules.violations import Code, Violation
from tests.conftest import cards

MUST, OPTIONAL = ShorterTractor.MUST, ShorterTractor.OPTIONAL


def codes(
    lead: str, play: str, hand: str, trump: Trump, policy: ShorterTractor = OPTIONAL
) -> list[str]:
    found = check_follow(cards(lead), cards(play), cards(hand), trump, shorter_tractor=policy)
    return [v.code.value for v in found]


def sentence(lead: str, play: str, hand: str, trump: Trump, seat: int = 2) -> str:
    (v,) = check_follow(cards(lead), cards(play), cards(hand), trump, shorter_tractor=MUST)
    return v.sentence(seat)


def test_single_lead_must_be_followed_in_suit(spades_10: Trump) -> None:
    assert codes("H3", "C4", "H5 C4", spades_10) == ["follow-suit"]
    assert codes("H3", "H5", "H5 C4", spades_10) == []


def test_void_player_may_discard_or_ruff(spades_10: Trump) -> None:
    assert codes("H3", "C4", "C4 S5", spades_10) == []
    assert codes("H3", "S5", "C4 S5", spades_10) == []


def test_trump_lead_must_be_followed_with_trumps_including_rank_cards(spades_10: Trump) -> None:
    # H10 is a trump when 10 is the rank: it must follow a trump lead.
    assert codes("S3", "HA", "H10 HA", spades_10) == ["follow-suit"]
    assert codes("S3", "H10", "H10 HA", spades_10) == []


def test_pair_lead_must_be_followed_by_pair(spades_10: Trump) -> None:
    assert codes("H3 H3", "HQ H5", "HQ HQ H5", spades_10) == ["follow-pair"]
    assert codes("H3 H3", "HQ HQ", "HQ HQ H5", spades_10) == []


def test_pair_lead_without_a_pair_takes_singles_of_the_suit(spades_10: Trump) -> None:
    assert codes("H3 H3", "HQ H5", "HQ H5 C2", spades_10) == []
    assert codes("H3 H3", "HQ C2", "HQ H5 C2", spades_10) == ["follow-suit"]


def test_pair_inside_a_tractor_must_answer_a_pair(spades_10: Trump) -> None:
    assert codes("H3 H3", "HQ HQ", "HQ HQ HJ HJ H2", spades_10) == []
    assert codes("H3 H3", "HQ H2", "HQ HQ HJ HJ H2", spades_10) == ["follow-pair"]


def test_tractor_lead_must_be_followed_by_a_tractor_of_the_same_length(spades_10: Trump) -> None:
    hand = "HQ HQ HJ HJ H5 H5 H2"
    assert codes("H4 H4 H3 H3", "HQ HQ H5 H5", hand, spades_10) == ["follow-tractor"]
    assert codes("H4 H4 H3 H3", "HQ HQ HJ HJ", hand, spades_10) == []
    v = check_follow(cards("H4 H4 H3 H3"), cards("HQ HQ H5 H5"), cards(hand), spades_10)[0]
    assert v.cards == tuple(cards("HQ HQ HJ HJ")) and (v.asked, v.held, v.played) == (2, 2, 0)
    assert v.sentence(3) == (
        "Seat 3 did not follow with a tractor: a tractor of 2 pairs of hearts was led and "
        "seat 3 held the tractor ♥Q ♥Q ♥J ♥J, but played no tractor."
    )


# --- a longer tractor led, a shorter one held (RULES.md §5, the rule set's choice) -----

ISSUE_LEAD = "S9 S9 S10 S10 SJ SJ"  # trump ♥2: a tractor of three pairs
ISSUE_HAND = "S3 S3 S4 S4 S7 S7 SQ SQ C5"  # ♠33 44 is a tractor of two pairs


def test_a_shorter_tractor_must_be_played_where_the_rule_set_says_so(hearts_2: Trump) -> None:
    # 000§5 有拖拉机必须出拖拉机: holding ♠3344, ♠33 77 QQ is a revoke.
    assert codes(ISSUE_LEAD, "S3 S3 S7 S7 SQ SQ", ISSUE_HAND, hearts_2, MUST) == ["follow-tractor"]
    assert codes(ISSUE_LEAD, "S3 S3 S4 S4 SQ SQ", ISSUE_HAND, hearts_2, MUST) == []
    assert codes(ISSUE_LEAD, "S3 S3 S4 S4 S7 S7", ISSUE_HAND, hearts_2, MUST) == []


def test_a_shorter_tractor_is_not_owed_where_the_rule_set_leaves_it(hearts_2: Trump) -> None:
    assert codes(ISSUE_LEAD, "S3 S3 S7 S7 SQ SQ", ISSUE_HAND, hearts_2, OPTIONAL) == []
    # three pairs are still owed: pairs inside the tractor count
    assert codes(ISSUE_LEAD, "S3 S3 S7 S7 SQ S4", ISSUE_HAND, hearts_2, OPTIONAL) == ["follow-pair"]


def test_the_generator_offers_only_the_shorter_tractor_and_a_pair(hearts_2: Trump) -> None:
    lead, hand = cards(ISSUE_LEAD), cards(ISSUE_HAND)
    must = legal_follows(lead, hand, hearts_2, MUST)
    assert must == sorted(
        tuple(sorted(cards(f"S3 S3 S4 S4 {pair}"), key=lambda c: c.index))
        for pair in ("S7 S7", "SQ SQ")
    )
    optional = legal_follows(lead, hand, hearts_2, OPTIONAL)
    assert set(must) < set(optional) and len(optional) == 4  # any three of the four pairs


def test_the_shorter_tractor_message_names_the_tractor_held(hearts_2: Trump) -> None:
    assert sentence(ISSUE_LEAD, "S3 S3 S7 S7 SQ SQ", ISSUE_HAND, hearts_2) == (
        "Seat 2 did not follow with a tractor: a tractor of 3 pairs of spades was led and "
        "seat 2 held the shorter tractor ♠4 ♠4 ♠3 ♠3, which it had to play, but played no "
        "tractor."
    )


def test_the_longest_shorter_tractor_comes_first(hearts_2: Trump) -> None:
    # A tractor of four pairs led; the follower holds ♠3344 and ♠7788 99: the three
    # pairs ♠7788 99 are owed first, then one more pair.
    lead = "SJ SJ SQ SQ SK SK SA SA"
    hand = "S3 S3 S4 S4 S7 S7 S8 S8 S9 S9 C5"
    assert codes(lead, "S7 S7 S8 S8 S9 S9 S3 S3", hand, hearts_2, MUST) == []
    assert codes(lead, "S3 S3 S4 S4 S7 S7 S8 S8", hand, hearts_2, MUST) == ["follow-tractor"]
    assert codes(lead, "S3 S3 S4 S4 S7 S7 S8 S8", hand, hearts_2, OPTIONAL) == []
    (v,) = check_follow(
        cards(lead), cards("S3 S3 S4 S4 S7 S7 S8 S8"), cards(hand), hearts_2, None, MUST
    )
    assert (v.asked, v.held, v.played) == (4, 3, 2)
    assert v.cards == tuple(cards("S9 S9 S8 S8 S7 S7"))


def test_two_shorter_tractors_fit_in_one_longer_tractor_led(hearts_2: Trump) -> None:
    # Trump ♥2; ♠33 44 55 66 led (four pairs). The follower holds ♠8899 and ♠JJQQ (two
    # tractors of two pairs) and ♠AA: tractors first, longest first, as many as fit in the
    # led length, so both are owed and ♠AA is not (RULES.md §5, the presets' reading).
    lead = "S3 S3 S4 S4 S5 S5 S6 S6"
    hand = "S8 S8 S9 S9 SJ SJ SQ SQ SA SA"
    assert codes(lead, "S8 S8 S9 S9 SJ SJ SA SA", hand, hearts_2, MUST) == ["follow-tractor"]
    assert codes(lead, "S8 S8 S9 S9 SJ SJ SQ SQ", hand, hearts_2, MUST) == []
    assert codes(lead, "S8 S8 S9 S9 SJ SJ SA SA", hand, hearts_2, OPTIONAL) == []
    assert legal_follows(cards(lead), cards(hand), hearts_2, MUST) == [
        tuple(sorted(cards("S8 S8 S9 S9 SJ SJ SQ SQ"), key=lambda c: c.index))
    ]
    assert sentence(lead, "S8 S8 S9 S9 SJ SJ SA SA", hand, hearts_2) == (
        "Seat 2 did not follow with a tractor: a tractor of 4 pairs of spades was led and "
        "seat 2 held another tractor ♠Q ♠Q ♠J ♠J, which it had to play too, but played no "
        "other tractor."
    )
    # A tractor of three pairs and one of two held: only the longer fits beside nothing.
    hand3 = "S7 S7 S8 S8 S9 S9 SJ SJ SQ SQ"
    assert codes(lead, "S7 S7 S8 S8 S9 S9 SJ SJ", hand3, hearts_2, MUST) == []
    assert codes(lead, "S7 S7 S8 S8 SJ SJ SQ SQ", hand3, hearts_2, MUST) == ["follow-tractor"]


def test_a_throws_tractors_are_answered_longest_first_with_shorter_ones(hearts_2: Trump) -> None:
    # A throw of ♠KKQQJJ and ♠6655; the follower holds the tractors ♠3344 and ♠7788 and
    # the lone pairs ♠1010 and ♠AA: both tractors are owed, then one pair.
    lead = "SK SK SQ SQ SJ SJ S6 S6 S5 S5"
    hand = "S3 S3 S4 S4 S7 S7 S8 S8 S10 S10 SA SA C5"
    both = "S3 S3 S4 S4 S7 S7 S8 S8 SA SA"
    broken = "S3 S3 S4 S4 S7 S7 S10 S10 SA SA"
    assert codes(lead, both, hand, hearts_2, MUST) == []
    assert codes(lead, broken, hand, hearts_2, MUST) == ["follow-tractor"]
    assert codes(lead, broken, hand, hearts_2, OPTIONAL) == []
    plays = legal_follows(cards(lead), cards(hand), hearts_2, MUST)
    assert len(plays) == 2 and all(Counter(p)[cards("S8")[0]] == 2 for p in plays)


def test_a_shorter_tractor_never_beats_a_throws_longer_one(hearts_2: Trump) -> None:
    # The policy is about what a follower owes: a throw's tractor of three pairs stands
    # against higher pairs that make only a tractor of two (throw.validity).
    (tractor,) = decompose(cards("S5 S5 S6 S6 S7 S7"), hearts_2)
    assert not can_beat(tractor, cards("SA SA SK SK SQ"), hearts_2)
    assert can_beat(tractor, cards("SA SA SK SK SQ SQ"), hearts_2)
    verdict = judge_throw(
        cards("S5 S5 S6 S6 S7 S7 SA"), 1, {2: cards("SK SK SQ SQ C3"), 3: [], 4: []}, hearts_2
    )
    assert not verdict.failed


def test_a_ruff_still_needs_a_tractor_as_long_as_the_lead(hearts_2: Trump) -> None:
    # The policy is about following; a ruff of ♠99-1010-JJ with trump ♥3344 + ♥77 does
    # not beat it, while ♥334455 does (000§6.五.3 相同对数的连对).
    lead = cards(ISSUE_LEAD)
    short = cards("H3 H3 H4 H4 H7 H7")
    full = cards("H3 H3 H4 H4 H5 H5")
    assert trick_winner([(1, lead), (2, short)], hearts_2).winner == 1
    assert trick_winner([(1, lead), (2, full)], hearts_2).winner == 2


def test_tractor_lead_without_a_tractor_takes_as_many_pairs_as_possible(spades_10: Trump) -> None:
    hand = "HQ HQ H8 H8 H5 H2"
    assert codes("H4 H4 H3 H3", "HQ HQ H8 H8", hand, spades_10) == []
    assert codes("H4 H4 H3 H3", "HQ HQ H5 H2", hand, spades_10) == ["follow-pair"]


def test_throw_obligations_per_unit(spades_10: Trump) -> None:
    # a throw of a pair and a single: a held pair must be played
    assert codes("HA HK HK", "HQ HQ H2", "HQ HQ H2 H3", spades_10) == []
    assert codes("HA HK HK", "HQ H2 H3", "HQ HQ H2 H3", spades_10) == ["follow-pair"]


def test_wrong_count_and_cards_not_held(spades_10: Trump) -> None:
    assert codes("H3 H3", "H5", "H5 H6", spades_10) == ["wrong-count"]
    assert codes("H3", "HK", "H5 H6", spades_10) == ["not-held"]
    assert codes("H3 H3", "H5 H5", "H5 H6", spades_10) == ["not-held"]


# --- the generator and the checker agree ---------------------------------------------

SMALL = [
    c
    for c in ALL_CARDS
    if str(c)
    in {
        "S3",
        "S4",
        "S5",
        "S9",
        "S10",
        "SJ",
        "SA",
        "H3",
        "H4",
        "H5",
        "H10",
        "HK",
        "C10",
        "C7",
        "LJ",
        "BJ",
    }
]


@st.composite
def situations(draw: st.DrawFn) -> tuple[list[Card], list[Card], Trump]:
    trump = draw(st.sampled_from([Trump.parse("S 10"), Trump.parse("H 4"), Trump.parse("NT 10")]))
    pool = [c for c in SMALL for _ in range(2)]
    hand = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=12))
    hand = list((Counter(hand) & Counter(pool)).elements())
    leader_cards = list((Counter(pool) - Counter(hand)).elements())
    suit = trump.effective_suit(draw(st.sampled_from(leader_cards)))
    in_suit = [c for c in leader_cards if trump.effective_suit(c) == suit]
    lead = draw(st.lists(st.sampled_from(in_suit), min_size=1, max_size=min(6, len(hand))))
    lead = list((Counter(lead) & Counter(in_suit)).elements())
    return lead, hand, trump


@st.composite
def tractor_situations(draw: st.DrawFn) -> tuple[list[Card], list[Card], Trump]:
    """A side suit led with a tractor of 2 to 4 pairs (with a pair or a single more: a
    throw), and a hand rich in that suit: shorter tractors, longer ones, lone pairs."""
    trump = draw(st.sampled_from([Trump.parse("H 2"), Trump.parse("H 7"), Trump.parse("C 9")]))
    spades = trump.suit_cards(trump.effective_suit(cards("S3")[0]))
    length = draw(st.integers(2, 4))
    start = draw(st.integers(0, len(spades) - length))
    lead = [c for c in spades[start : start + length] for _ in range(2)]
    rest = [c for c in spades if c not in lead]
    extra = draw(st.lists(st.sampled_from(rest), max_size=2, unique=True))
    if extra:
        lead += [extra[0]] * (2 if len(extra) == 1 else 1)
    pool = Counter(c for c in spades for _ in range(2)) - Counter(lead)
    paired = [c for c, n in pool.items() if n == 2]
    pairs = draw(st.lists(st.sampled_from(paired), max_size=5, unique=True))
    # Often a tractor shorter than the led one, the case the rule sets disagree on.
    short = draw(st.integers(0, length - 1))
    starts = [
        i for i in range(len(spades) - short + 1) if set(spades[i : i + short]) <= set(paired)
    ]
    if short >= 2 and starts:
        i = draw(st.sampled_from(starts))
        pairs = list(dict.fromkeys([*spades[i : i + short], *pairs]))[:5]
    hand = [c for c in pairs for _ in range(2)]
    others = list((pool - Counter(hand) + Counter(cards("H3 H3 C4 D5"))).elements())
    least = min(len(lead) + 2, len(others))
    singles = draw(
        st.lists(
            st.sampled_from(others), min_size=max(0, least - len(hand)), max_size=13 - len(hand)
        )
    )
    hand += list((Counter(singles) & Counter(others)).elements())
    if len(hand) < len(lead):
        hand += [c for c in others if c not in hand][: len(lead) - len(hand)]
    return lead, hand, trump


@settings(max_examples=400, deadline=None)
@given(st.one_of(situations(), tractor_situations()), st.sampled_from(ShorterTractor))
def test_legal_follows_are_exactly_the_plays_the_checker_accepts(
    situation: tuple[list[Card], list[Card], Trump], policy: ShorterTractor
) -> None:
    # Random small hands, and hands rich in tractors shorter and longer than the lead's.
    lead, hand, trump = situation
    generated = set(legal_follows(lead, hand, trump, policy))
    everything = {
        tuple(sorted(combo, key=lambda c: c.index)) for combo in combinations(hand, len(lead))
    }
    accepted = {
        play
        for play in everything
        if not check_follow(lead, play, hand, trump, shorter_tractor=policy)
    }
    assert generated == accepted
    assert generated, "there is always at least one legal follow"


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(situations(), tractor_situations()),
    st.sampled_from(ShorterTractor),
    st.integers(0, 2**32),
)
def test_sampled_follows_are_legal(
    situation: tuple[list[Card], list[Card], Trump], policy: ShorterTractor, seed: int
) -> None:
    lead, hand, trump = situation
    play = sample_follow(lead, hand, trump, random.Random(seed), policy)
    assert check_follow(lead, play, hand, trump, shorter_tractor=policy) == []


@settings(max_examples=200, deadline=None)
@given(tractor_situations())
def test_must_allows_no_more_than_optional(
    situation: tuple[list[Card], list[Card], Trump],
) -> None:
    # The stricter reading only removes plays: every follow legal under must is legal
    # under optional.
    lead, hand, trump = situation
    assert set(legal_follows(lead, hand, trump, MUST)) <= set(
        legal_follows(lead, hand, trump, OPTIONAL)
    )


def test_generator_answers_a_tractor_with_both_cards_of_each_pair(spades_10: Trump) -> None:
    hand = cards("H8 H8 H7 H7 H10 H4 C2")  # hearts 10 8 8 7 7 4: the tractor 8877 must go
    plays = legal_follows(cards("HA HA HK HK"), hand, Trump.parse("D 5"))
    assert plays == [tuple(sorted(cards("H8 H8 H7 H7")))]


def test_codes_are_stable_strings() -> None:
    assert Code.FOLLOW_PAIR == "follow-pair" and Code.NOT_HELD == "not-held"


@settings(max_examples=200, deadline=None)
@given(situations(), st.data())
def test_a_hand_given_by_its_counts_is_checked_as_its_cards(
    situation: tuple[list[Card], list[Card], Trump], data: st.DataObject
) -> None:
    # The replay passes counts that keep cards already played at 0; they are not held.
    lead, hand, trump = situation
    counts = Counter(hand)
    for gone in data.draw(st.lists(st.sampled_from(SMALL), max_size=4)):
        counts.setdefault(gone, 0)
    play = tuple(data.draw(st.permutations(hand))[: len(lead)])
    stranger = data.draw(st.sampled_from(SMALL))
    for attempt in (play, (*play[:-1], stranger)):
        assert check_follow(lead, attempt, counts, trump) == check_follow(
            lead, attempt, hand, trump
        )


# --- what a referee says -------------------------------------------------------------


def test_follow_suit_sentence_names_the_cards_of_the_suit_still_held(spades_10: Trump) -> None:
    (v,) = check_follow(cards("D3"), cards("C4"), cards("DQ D9 D5 C4"), spades_10)
    assert (v.suit, v.asked, v.held, v.played) == ("D", 1, 3, 0)
    assert v.sentence(2) == (
        "Seat 2 did not follow diamonds: a diamond was led and seat 2 played no diamond, "
        "though it still held ♦Q ♦9 ♦5."
    )
    assert sentence("S3 S3 S4", "BJ C4 C5", "BJ H10 C4 C5", spades_10, seat=4) == (
        "Seat 4 did not follow trumps: 3 trumps were led and seat 4 played only 1, "
        "though it still held ♥10."
    )


def test_follow_pair_counts_every_pair_held(spades_10: Trump) -> None:
    # Holding ♦99 and ♦77 and breaking ♦99: two pairs were held, not one.
    (v,) = check_follow(cards("D3 D3"), cards("D9 D5"), cards("D9 D9 D7 D7 D5"), spades_10)
    assert (v.asked, v.held, v.played, v.split) == (1, 2, 0, False)
    assert v.sentence(3) == (
        "Seat 3 did not follow with a pair: a pair of diamonds was led and seat 3 played no "
        "pair, though it held 2 pairs of diamonds; it kept ♦7 ♦7."
    )


def test_follow_pair_sentence_for_a_throw_and_a_split_pair(spades_10: Trump) -> None:
    # A throw of two pairs and a single; both pairs held were split.
    text = sentence("HA HA HK HK HQ", "H9 H7 H5 H4 H3", "H9 H9 H7 H7 H5 H4 H3", spades_10, 1)
    assert text == (
        "Seat 1 did not follow with pairs: 2 pairs of hearts were led and seat 1 played no "
        "pairs, though it held 2 pairs of hearts; it split ♥9 ♥9."
    )
    text = sentence("HA HA HK HK HQ", "H9 H9 H7 H5 H4", "H9 H9 H7 H7 H5 H4 H3", spades_10, 1)
    assert text.startswith("Seat 1 did not follow with pairs: 2 pairs of hearts were led and ")
    assert text.endswith("played only 1, though it held 2 pairs of hearts; it split ♥7 ♥7.")


def test_lead_and_count_sentences(spades_10: Trump) -> None:
    hand = cards("H5 H6 C4")
    (held,) = check_lead(cards("HK"), hand, spades_10)
    assert held.sentence(1) == "Seat 1 led ♥K, which was not in its hand."
    (mixed,) = check_lead(cards("H5 C4"), hand, spades_10)
    assert mixed.sentence(1) == (
        "Seat 1 led clubs and hearts together, but a lead must be of one suit."
    )
    (empty,) = check_lead([], hand, spades_10)
    assert empty.sentence(1) == "Seat 1 led no cards."
    assert sentence("H3 H3", "H5", "H5 H6", spades_10) == "Seat 2 played 1 card to a lead of 2."
    assert sentence("H3 H3", "BJ H5", "H5 H6", spades_10) == (
        "Seat 2 played BJ, which was not in its hand."
    )
    assert sentence("H3 H3 H4", "BJ BJ H5", "H5 H6 C4", spades_10) == (
        "Seat 2 played BJ BJ, which were not in its hand."
    )


def test_a_violation_without_a_seat_speaks_of_the_player(spades_10: Trump) -> None:
    (v,) = check_follow(cards("H3"), cards("C4"), cards("H5 C4"), spades_10)
    assert str(v) == (
        "follow-suit: The player did not follow hearts: a heart was led and the player "
        "played no heart, though it still held ♥5."
    )


def test_every_code_has_a_sentence_with_the_seat_as_its_subject() -> None:
    for code in Code:
        text = Violation(code, tuple(cards("S9")), asked=1).sentence(4)
        assert text.startswith("Seat 4") and text.endswith("."), text
