"""Self-play: whole hands and matches played by bots, written as PSN records.

The deck is shuffled and drawn one card at a time; bots declare, reinforce and counter
as the rule set allows, the dealer buries, 炒底 counters come in turn where the rule set
has them, every trick is played by :class:`notation.bots.Bot`, and the result is what
the rules give. Deterministic per seed.

>>> hand = simulate_hand("qq", seed=7)
>>> len(hand.tricks) >= 8 and hand.result is not None
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from notation import psn
from notation.bots import Bot
from notation.rules import bidding as bids
from notation.rules.bidding import BidKind as CoreBidKind
from notation.rules.bidding import BidPhase, BidState
from notation.rules.cards import DECK, Card, Rank
from notation.rules.order import Trump
from notation.rules.ruleset import Fallback as FallbackRule
from notation.rules.ruleset import Ruleset
from notation.rules.scoring import apply_outcome
from notation.rules.seats import SEATS, Seat, next_seat, seats_from, team
from notation.rules.throw import judge_throw
from notation.rules.trick import trick_winner
from notation.rulesets import load_ruleset

__all__ = ["SimulatedHand", "simulate_hand", "simulate_match"]

HAND_SIZE = 25


@dataclass(frozen=True, slots=True)
class SimulatedHand:
    """A simulated hand and what it leaves for the next one."""

    hand: psn.Hand
    levels_after: tuple[Rank, Rank]
    next_dealer: Seat
    match_winner: int | None


def _rules(rules: Ruleset | str) -> Ruleset:
    return rules if isinstance(rules, Ruleset) else load_ruleset(rules)


def _bid_options(
    hand: list[Card], rank: Rank, seat: Seat, kind: CoreBidKind, draw: int
) -> list[bids.Bid]:
    """Every bid of ``kind`` that ``hand`` could show at ``rank``."""
    counts = Counter(hand)
    rank_cards = [c for c in counts if c.rank is rank]
    jokers = [c for c in counts if c.is_joker]
    shows: list[tuple[Card, ...]] = [(c,) for c in rank_cards]
    shows += [(c, c) for c in rank_cards if counts[c] >= 2]
    shows += [(j, j) for j in jokers if counts[j] >= 2]
    shows += [(j, c) for j in jokers for c in rank_cards]
    shows += [(j, c, c) for j in jokers for c in rank_cards if counts[c] >= 2]
    return [bids.Bid(seat, kind, cards, draw) for cards in shows]


class _Auction:
    """The bots' bidding during the deal and after the bury."""

    def __init__(self, rules: Ruleset, state: BidState, rng: random.Random) -> None:
        self.rules = rules
        self.state = state
        self.rng = rng
        self.events: list[psn.Bid] = []

    def offer(self, seat: Seat, hand: list[Card], draw: int | None, eagerness: float) -> bool:
        """Let ``seat`` bid if it can and wants to; True if it did."""
        state = self.state
        for kind, chance in (
            (CoreBidKind.DECLARE, 0.6),
            (CoreBidKind.REINFORCE, 0.5),
            (CoreBidKind.COUNTER, 0.35),
        ):
            options = [
                b
                for b in _bid_options(
                    hand, bids.bid_rank(self.rules, state, seat, kind), seat, kind, draw or 0
                )
                if bids.can_bid(self.rules, state, b if draw is not None else _undrawn(b))
            ]
            if options and self.rng.random() < chance * eagerness:
                choice = self.rng.choice(options)
                if draw is None:
                    choice = _undrawn(choice)
                self.state = bids.bid(self.rules, state, choice)
                self.events.append(
                    psn.Bid(psn.BidKind(kind.value), seat, choice.cards, draw=choice.draw)
                )
                return True
        return False


def _undrawn(b: bids.Bid) -> bids.Bid:
    return bids.Bid(b.seat, b.kind, b.cards, None)


def simulate_hand(
    rules: Ruleset | str = "qq",
    *,
    seed: int | None = None,
    rng: random.Random | None = None,
    levels: tuple[Rank, Rank] = (Rank.TWO, Rank.TWO),
    dealer: Seat | None = None,
    number: int = 1,
    event: str = "Simulated hand",
) -> psn.Hand:
    """One whole hand as a PSN hand (``dealer`` ``None``: a first hand, the dealer is grabbed)."""
    return _simulate(_rules(rules), rng or random.Random(seed), levels, dealer, number, event).hand


def _simulate(
    rules: Ruleset,
    rng: random.Random,
    levels: tuple[Rank, Rank],
    dealer: Seat | None,
    number: int,
    event: str,
) -> SimulatedHand:
    bot = Bot(rng, shorter_tractor=rules.follow.shorter_tractor)
    while True:
        deck = list(DECK)
        rng.shuffle(deck)
        result = _try_deal(rules, rng, bot, deck, levels, dealer, number, event)
        if result is not None:
            return result


def _try_deal(
    rules: Ruleset,
    rng: random.Random,
    bot: Bot,
    deck: list[Card],
    levels: tuple[Rank, Rank],
    dealer: Seat | None,
    number: int,
    event: str,
) -> SimulatedHand | None:
    # A first hand is played at the starting level of both teams; the first drawer is seat 1.
    rank = levels[team(dealer) - 1] if dealer is not None else rules.match.start_level
    first = dealer or 1
    other = levels[2 - team(dealer)] if dealer is not None else None  # the other side's
    state = BidState.start(rank, dealer, other)
    auction = _Auction(rules, state, rng)
    hands: dict[Seat, list[Card]] = {s: [] for s in SEATS}
    dealt = 4 * HAND_SIZE
    # Now and then a quiet table where nobody declares, so the fallback is played too.
    eagerness = 0.0 if rng.random() < 0.1 else 0.25
    for i in range(dealt):
        seat = next_seat(first, i)
        hands[seat].append(deck[i])
        auction.offer(seat, hands[seat], i + 1, eagerness)
    kitty = deck[dealt:]
    flipped = deck[rng.randrange(len(deck))]
    auction_events: list[psn.Bid | psn.Fallback | psn.KittyExchange] = []
    state = auction.state
    if state.showing is None:
        if state.dealer is None:
            return None  # a first hand where nobody declared: deal again
        state = bids.apply_fallback(rules, state, kitty=kitty, flipped=flipped)
        if state.redeal:
            return None
        source = rules.bidding.fallback
        shown = (
            kitty[rules.bidding.fallback_kitty_card - 1]
            if source is FallbackRule.KITTY_CARD
            else flipped
        )
        fallback_source = (
            psn.FallbackSource.KITTY
            if source is FallbackRule.KITTY_CARD
            else psn.FallbackSource.FLIP
        )
        auction_events.append(psn.Fallback(fallback_source, (shown,)))
    else:
        state = bids.end_deal(state, rules)  # the deal may pass (谁亮主谁坐庄)
    auction.state = state
    # Counters before the pickup (the first hand's window), in turn from seat 1.
    for seat in SEATS:
        auction.offer(seat, hands[seat], None, 0.5)
    state = auction.state
    auction_events = [*auction.events, *auction_events]
    auction.events = []
    assert state.dealer is not None
    dealer = state.dealer
    trump = state.trump(rules)
    assert trump is not None
    holder = dealer
    hands[holder] += kitty
    buried = bot.bury(hands[holder], trump, rules.kitty.size)
    hands[holder] = list((Counter(hands[holder]) - Counter(buried)).elements())
    auction_events.append(psn.KittyExchange(holder, tuple(buried)))
    state = bids.bury(rules, state)
    auction.state = state
    if state.phase is BidPhase.BURIED:
        # 炒底: counters in turn from the dealer's next player; each takes and re-buries.
        for seat in seats_from(next_seat(dealer)):
            if auction.offer(seat, hands[seat], None, 1.0):
                trump = auction.state.trump(rules)
                assert trump is not None
                auction_events.extend(auction.events)
                auction.events = []
                hands[seat] += buried
                buried = bot.bury(hands[seat], trump, rules.kitty.size)
                hands[seat] = list((Counter(hands[seat]) - Counter(buried)).elements())
                auction_events.append(psn.KittyExchange(seat, tuple(buried)))
    state = bids.start_play(auction.state)
    trump = state.trump(rules)
    assert trump is not None
    tricks, points, last = _play(rules, rng, bot, hands, trump, dealer)
    defenders = 3 - team(dealer)
    card_points = points[defenders - 1]
    penalty = last.penalty
    kitty_points = sum(c.points for c in buried)
    multiplier = None
    total = card_points + penalty
    if team(last.winner) == defenders:
        multiplier = rules.kitty_multiplier(*last.shape, trump=last.by_trump)
        total += kitty_points * multiplier
    total = max(total, 0)  # penalties never take the defenders below nothing
    outcome = rules.outcome(total)
    after = apply_outcome(rules, levels, dealer, outcome)
    result = psn.Result(
        points=total,
        kitty_points=kitty_points,
        multiplier=multiplier,
        side=psn.Side(outcome.winner.value),
        levels=outcome.levels,
        next_dealer=after.next_dealer,
    )
    headers = [
        psn.Header("Event", event),
        psn.Header("Hand", str(number)),
        psn.Header("Rules", rules.name),
        psn.Header("Seat1", "Bot 1"),
        psn.Header("Seat2", "Bot 2"),
        psn.Header("Seat3", "Bot 3"),
        psn.Header("Seat4", "Bot 4"),
        psn.Header("Levels", f"{levels[0].value} {levels[1].value}"),
    ]
    if not state.first_hand:
        headers.append(psn.Header("Dealer", str(dealer)))
    headers.append(psn.Header("Trump", str(trump)))
    headers.append(psn.Header("Result", str(outcome)))
    hand = psn.Hand(
        headers=tuple(headers),
        deal=psn.Deck(first, tuple(deck)),
        auction=tuple(auction_events),
        tricks=tuple(tricks),
        result=result,
    )
    return SimulatedHand(hand, after.levels, after.next_dealer, after.winner)


@dataclass
class _Last:
    winner: Seat
    shape: tuple[int, int]
    by_trump: bool
    penalty: int


def _play(
    rules: Ruleset,
    rng: random.Random,
    bot: Bot,
    hands: dict[Seat, list[Card]],
    trump: Trump,
    dealer: Seat,
) -> tuple[list[psn.Trick], list[int], _Last]:
    leader = dealer
    seen: Counter[Card] = Counter()
    tricks: list[psn.Trick] = []
    points = [0, 0]
    penalty = 0
    last = _Last(dealer, (1, 1), False, 0)
    defenders = 3 - team(dealer)
    number = 0
    while hands[leader]:
        number += 1
        attempt = bot.lead(hands[leader], trump, seen)
        others = {s: hands[s] for s in SEATS if s != leader}
        verdict = judge_throw(attempt, leader, others, trump)
        lead = list(verdict.forced)
        if verdict.failed:
            counted = verdict.penalty_cards(rules.throw.penalty_counts.value)
            cost = counted * rules.throw.penalty_per_card
            penalty += -cost if team(leader) == defenders else cost
            first = psn.Play(
                leader, tuple(lead), attempted=tuple(attempt), blocker=verdict.beaten_by
            )
        else:
            first = psn.Play(leader, tuple(lead))
        table: list[tuple[Seat, list[Card]]] = [(leader, lead)]
        plays = [first]
        for seat in seats_from(leader)[1:]:
            cards = bot.follow(seat, hands[seat], trump, table)
            table.append((seat, cards))
            plays.append(psn.Play(seat, tuple(cards)))
        result = trick_winner(table, trump)
        points[team(result.winner) - 1] += result.points
        for seat, cards in table:
            hands[seat] = list((Counter(hands[seat]) - Counter(cards)).elements())
            seen.update(cards)
        won_with = table[result.winning_play][1]
        last = _Last(result.winner, result.shape, all(trump.is_trump(c) for c in won_with), penalty)
        tricks.append(psn.Trick(number, tuple(plays)))
        leader = result.winner
    return tricks, points, last


def simulate_match(
    rules: Ruleset | str = "qq",
    *,
    seed: int | None = None,
    max_hands: int = 200,
    event: str = "Simulated match",
) -> Iterator[psn.Hand]:
    """Hands of one match from level 2 until a team wins it (or ``max_hands``)."""
    ruleset = _rules(rules)
    rng = random.Random(seed)
    start = ruleset.match.start_level
    levels = (start, start)
    dealer: Seat | None = None
    for number in range(1, max_hands + 1):
        sim = _simulate(ruleset, rng, levels, dealer, number, event)
        yield sim.hand
        if sim.match_winner is not None:
            return
        levels, dealer = sim.levels_after, sim.next_dealer
