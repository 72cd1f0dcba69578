"""The choices before the play judged (notation/analysis/choices.py): the bury's options
hold the bury made, the loss is 0 when the choice made is the best, the same seed gives
the same judgement, a record that cannot be judged gives none (never a traceback), and
the key moments are the decisions that cost the most."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.analysis.annotate import annotate_hand, choice_message, strip_analysis
from notation.analysis.choices import (
    BuryPlan,
    ChoiceKind,
    ChoiceReview,
    Option,
    bury_options,
    declaration_options,
    review_bury,
    review_choices,
    review_counters,
    review_declaration,
)
from notation.analysis.evaluate import LEAF_CARDS, Estimate, Evaluator, View, policy_sigma
from notation.analysis.review import (
    KEY_MOMENTS,
    PlayReview,
    Verdict,
    hand_review,
    key_moments,
    plan_hand,
    review_decision,
)
from notation.presets import load_ruleset
from notation.psn import parse, write
from notation.psn.model import UNKNOWN, BidNode, Hand, KittyExchange
from notation.rules import bidding as bids
from notation.rules.cards import DECK, Rank, Suit, parse_cards
from notation.simulate import simulate_hand

QQ = load_ruleset("qq")
FAST = 0.01  # a play's budget: every option gets the fewest futures


def _bury(hand: Hand) -> KittyExchange:
    return [e for e in hand.auction if isinstance(e, KittyExchange)][-1]


def _with_bury(hand: Hand, cards: tuple[object, ...]) -> Hand:
    """``hand`` with its last bury's cards replaced."""
    auction = list(hand.auction)
    at = max(i for i, e in enumerate(auction) if isinstance(e, KittyExchange))
    node = auction[at]
    assert isinstance(node, KittyExchange)
    auction[at] = replace(node, buried=cards)  # type: ignore[arg-type]
    return replace(hand, auction=tuple(auction))


@pytest.fixture(scope="module")
def hand() -> Hand:
    return simulate_hand("qq", seed=3)


# --- the options -------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_the_bury_options_include_the_bury_made(seed: int) -> None:
    hand = simulate_hand("qq", seed=seed)
    plan = plan_hand(hand)
    start = plan.start
    assert start is not None
    made = _bury(hand)
    held = start.hands[made.seat - 1] + start.kitty
    options = bury_options(held, start.trump, 8, tuple(made.buried))  # type: ignore[arg-type]
    first, plans = options[0]
    assert Counter(first) == Counter(made.buried) and BuryPlan.MADE.value in plans
    assert len({cards for cards, _ in options}) == len(options)  # no two alike


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(list(Suit)))
def test_every_bury_option_is_a_kitty_of_the_cards_held(rng: random.Random, suit: Suit) -> None:
    deck = list(DECK)
    rng.shuffle(deck)
    held = deck[:33]
    made = rng.sample(held, 8)
    trump = QQ.trump(Rank.TWO, suit)
    options = bury_options(held, trump, 8, made)
    assert Counter(options[0][0]) == Counter(made)
    plans = [p for _, names in options for p in names]
    assert sorted(plans) == sorted(set(plans)) and BuryPlan.LOW.value in plans
    for cards, _ in options:
        assert len(cards) == 8 and not Counter(cards) - Counter(held)


def test_the_void_plan_buries_the_shortest_side_suit_whole() -> None:
    trump = QQ.trump(Rank.TWO, Suit.HEARTS)
    held = parse_cards("S3 S3 S4 C5 C6 C7 D9 DK H4 H2")
    options = dict((plans, cards) for cards, plans in bury_options(held, trump, 2, held[:2]))
    assert [str(c) for c in options[(BuryPlan.VOID.value,)]] == ["D9", "DK"]


def test_a_bury_made_of_cards_not_held_is_refused() -> None:
    trump = QQ.trump(Rank.TWO, Suit.HEARTS)
    with pytest.raises(ValueError, match="not cards of the hand"):
        bury_options(parse_cards("S3 S4 S5"), trump, 2, parse_cards("SA S3"))


def test_the_declaration_options_are_the_bids_the_seat_could_make() -> None:
    state = bids.BidState.start(Rank.TWO, 1)
    made = bids.Bid(1, bids.BidKind.DECLARE, tuple(parse_cards("S2")))
    held = parse_cards("S2 H2 H2 C5 SJ SJ")
    options = declaration_options(QQ, state, made, held)
    assert options[0] == made
    assert [str(o.cards[0]) for o in options[1:]] == ["H2"]  # one of the pair, as made
    assert all(bids.can_bid(QQ, state, o) for o in options)


# --- judging -----------------------------------------------------------------------------


def test_the_bury_is_judged_against_its_options(hand: Hand) -> None:
    review = review_bury(plan_hand(hand), Evaluator(View.HINDSIGHT, FAST), 0)
    assert review is not None and review.kind is ChoiceKind.BURY
    assert review.seat == _bury(hand).seat
    assert Counter(review.made.cards) == Counter(_bury(hand).buried)
    assert review.made in review.options and review.best in review.options
    assert review.loss.mean >= 0 and review.level_loss.mean >= 0
    assert review.made.value.n >= 8  # every option on the same futures, at least MIN_FUTURES
    assert {o.value.n for o in review.options} == {review.made.value.n}


def test_the_loss_is_0_when_the_bury_made_is_the_best(hand: Hand) -> None:
    evaluator = Evaluator(View.HINDSIGHT, FAST)
    first = review_bury(plan_hand(hand), evaluator, 0)
    assert first is not None
    # The record again, burying what the first judgement found best: the same options
    # valued on the same futures, the one made now the best.
    better = _with_bury(hand, first.best.cards)
    again = review_bury(plan_hand(better), evaluator, 0)
    assert again is not None
    assert again.is_best and again.verdict is Verdict.FINE
    assert again.loss.mean == 0 and again.level_loss.mean == 0 and again.counted_loss == 0


def test_the_declaration_is_judged_against_the_other_suits() -> None:
    hand = simulate_hand("qq", seed=3)  # seat 1 declares S2 holding other twos
    review = review_declaration(plan_hand(hand), Evaluator(View.HINDSIGHT, FAST), 0)
    assert review is not None and review.kind is ChoiceKind.DECLARATION
    assert str(review.made.trump) == "S 2" and len(review.options) > 1
    assert len({o.trump for o in review.options}) == len(review.options)


def test_a_declaration_with_no_other_trump_to_bid_is_not_judged() -> None:
    hand = simulate_hand("qq", seed=1)  # seat 1 declares D2 and holds no other two
    assert review_declaration(plan_hand(hand), Evaluator(View.HINDSIGHT, FAST)) is None


def test_a_counter_not_made_is_judged_against_the_counters_the_seat_could_make() -> None:
    hand = simulate_hand("qq", seed=1)  # seat 3 holds C2 C2 and does not counter D2
    (review,) = review_counters(plan_hand(hand), Evaluator(View.HINDSIGHT, FAST))
    assert review.kind is ChoiceKind.COUNTER and review.seat == 3
    made = next(o for o in review.options if o == review.made)
    assert made.cards == () and str(made.trump) == "D 2"
    assert {str(o.trump) for o in review.options} == {"D 2", "C 2"}
    assert review.to_dict(made.trump)["kind"] == "counter"  # type: ignore[arg-type]


@pytest.mark.parametrize("view", list(View))
def test_the_same_seed_gives_the_same_judgement(hand: Hand, view: View) -> None:
    plan = plan_hand(hand)
    once = review_choices(plan, view, FAST, seed=4)
    twice = review_choices(plan_hand(hand), view, FAST, seed=4)
    assert once and once == twice
    trump = plan.start.trump if plan.start is not None else None
    assert trump is not None
    assert [c.to_dict(trump) for c in once] == [c.to_dict(trump) for c in twice]


def test_a_bury_not_recorded_card_by_card_is_not_judged(hand: Hand) -> None:
    unknown = _with_bury(hand, (UNKNOWN,) * 8)
    assert review_bury(plan_hand(unknown), Evaluator(View.HINDSIGHT, FAST), 0) is None
    assert review_bury(plan_hand(_with_bury(hand, ())), Evaluator(View.HINDSIGHT, FAST)) is None


def test_a_hand_that_cannot_be_planned_has_no_choices_judged(hand: Hand) -> None:
    no_deal = replace(hand, deal=None)
    plan = plan_hand(no_deal)
    assert plan.error is not None
    assert review_choices(plan, View.PLAYER, FAST) == ()


def test_a_bury_of_cards_not_held_is_not_judged_and_the_cli_says_no_traceback(
    hand: Hand, tmp_path: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    from notation.cli import main

    made = _bury(hand)
    start = plan_hand(hand).start
    assert start is not None
    stranger = next(c for c in DECK if c not in start.hands[made.seat - 1] + start.kitty)
    broken = _with_bury(hand, (stranger, *made.buried[1:]))
    assert review_bury(plan_hand(broken), Evaluator(View.HINDSIGHT, FAST)) is None
    path = tmp_path / "broken.psn"  # type: ignore[operator]
    path.write_text(write(broken), encoding="utf-8")
    code = main(["analyze", str(path), "--json", "--budget", "0.01", "--tricks", "1"])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and code in (0, 2)


# --- key moments -------------------------------------------------------------------------


def _choice(kind: ChoiceKind, loss: float, levels: float, verdict: Verdict) -> ChoiceReview:
    made = Option(tuple(parse_cards("S3")), Estimate(50.0, 5.0, 8))
    best = Option(tuple(parse_cards("S4")), Estimate(50.0 - loss, 5.0, 8))
    return ChoiceReview(
        kind, 1, (best, made), made, best, Estimate(loss, 1.0, 8), Estimate(levels, 0.1, 8),
        levels >= 1, verdict, 0.1,
    )  # fmt: skip


def test_key_moments_are_the_decisions_that_cost_the_most_levels(hand: Hand) -> None:
    plan = plan_hand(hand)
    evaluator = Evaluator(View.HINDSIGHT, FAST)
    plays = [review_decision(plan, d, evaluator, 0) for d in plan.decisions[:8]]
    judged = [p for p in plays if isinstance(p, PlayReview)]
    bury = _choice(ChoiceKind.BURY, 30.0, 2.0, Verdict.BLUNDER)
    fine = _choice(ChoiceKind.DECLARATION, 8.0, 0.0, Verdict.FINE)
    moments = key_moments(judged, (fine, bury))
    assert moments[0] is bury and fine not in moments and len(moments) <= KEY_MOMENTS
    losses = [(m.counted_level_loss, m.counted_loss) for m in moments]
    assert losses == sorted(losses, reverse=True)
    assert all(m.counted_loss > 0 or m.counted_level_loss > 0 for m in moments)
    review = hand_review(plan, View.HINDSIGHT, plays, (bury,))
    report = review.to_dict()
    assert report["key_moments"][0]["kind"] == "bury" and report["bury"]["class"] == "blunder"
    assert report["summary"]["1"]["bury"] == "blunder"


def test_no_loss_no_key_moment() -> None:
    assert key_moments((), (_choice(ChoiceKind.BURY, 0.0, 0.0, Verdict.FINE),)) == []


# --- in words, and in the record -------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_choice_is_said_in_the_reader_s_language(lang: str) -> None:
    choice = _choice(ChoiceKind.BURY, 30.0, 2.0, Verdict.BLUNDER)
    trump = QQ.trump(Rank.TWO, Suit.HEARTS)
    words = choice_message(choice, trump).render(lang)
    assert ("扣底" in words) == (lang == "zh") and "S4" in words


def test_the_bury_s_judgement_is_written_on_it_and_taken_away_on_a_rerun(hand: Hand) -> None:
    plan = plan_hand(hand)
    choices = review_choices(plan, View.HINDSIGHT, FAST)
    bury = _choice(ChoiceKind.BURY, 30.0, 2.0, Verdict.BLUNDER)
    bury = replace(bury, seat=_bury(hand).seat)
    others = tuple(c for c in choices if c.kind is not ChoiceKind.BURY)
    review = hand_review(plan, View.HINDSIGHT, [], (*others, bury))
    annotated = annotate_hand(hand, review, view="hindsight", budget=FAST, seed=0)
    text = write(annotated)
    node = _bury(parse(text).hands[0])
    assert any("[%class blunder ??]" in c.text for c in node.comments)
    assert f"the bury (seat {bury.seat}): blunder, loss 30" in text
    stripped = strip_analysis(parse(text).hands[0])
    assert _bury(stripped).comments == () and _bury(stripped).nags == ()
    assert all(not b.comments for b in stripped.auction if isinstance(b, BidNode))


@pytest.mark.parametrize("view", list(View))
def test_an_option_s_interval_carries_its_view_s_policy_error(hand: Hand, view: View) -> None:
    # A bury's options are valued by rollouts of the whole play: in the player's view each
    # future is another deal, and only the part of the policy's error common to the deals
    # is added (POLICY_SIGMA_PLAYER, as for a play), not the hindsight σ it once carried.
    plan = plan_hand(hand)
    review = review_bury(plan, Evaluator(view, FAST), 0)
    assert review is not None
    tricks = max(len(h) for h in plan.decisions[0].position.hands) - LEAF_CARDS
    floor = 1.959964 * policy_sigma(tricks, view=view)
    assert all(o.value.half >= floor - 1e-9 for o in review.options)
    if view is View.PLAYER:
        hindsight = 1.959964 * policy_sigma(tricks)
        assert all(o.value.half < hindsight for o in review.options)
