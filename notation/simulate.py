"""Self-play: whole hands and matches played by bots, written as PSN records.

The deck is shuffled and drawn one card at a time; bots declare, reinforce and counter
as the rule set allows, the dealer buries, 炒底 counters come in turn where the rule set
has them (:func:`set_up_hand`). The cards are then played on the rules core's game state
(:class:`~notation.rules.game.PlayState`), each seat's play chosen by a player
(:func:`play_hand`; the simulator's are :class:`notation.bots.Bot`): the state judges
every throw, charges a failed one's penalty and gives the hand's outcome. Deterministic
per seed.

>>> hand = simulate_hand("qq", seed=7)
>>> len(hand.tricks) >= 8 and hand.result is not None
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence

from notation import psn
from notation.bots import Bot, Player
from notation.frozen import frozen
from notation.presets import load_ruleset
from notation.rules import bidding as bids
from notation.rules.bidding import BidKind, BidPhase, BidState
from notation.rules.cards import DECK, Card, Rank
from notation.rules.game import Play, PlayState, Position
from notation.rules.ruleset import FallbackRule, Ruleset
from notation.rules.scoring import apply_outcome
from notation.rules.seats import SEATS, Seat, next_seat, seats_from, team
from notation.rules.throw import judge_throw

__all__ = [
    "HandSetup",
    "SimulatedHand",
    "play_hand",
    "set_up_hand",
    "simulate_hand",
    "simulate_match",
]

HAND_SIZE = 25
RISKY_THROWS = 0.25


@frozen
class SimulatedHand:
    """A simulated hand and what it leaves for the next one."""

    hand: psn.Hand
    levels_after: tuple[Rank, Rank]
    next_dealer: Seat
    match_winner: int | None


def _rules(rules: Ruleset | str) -> Ruleset:
    return rules if isinstance(rules, Ruleset) else load_ruleset(rules)


def _bid_options(
    hand: list[Card], rank: Rank, seat: Seat, kind: BidKind, draw: int
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
        self.events: list[psn.BidNode] = []

    def offer(self, seat: Seat, hand: list[Card], draw: int | None, eagerness: float) -> bool:
        """Let ``seat`` bid if it can and wants to; True if it did."""
        state = self.state
        for kind, chance in (
            (BidKind.DECLARE, 0.6),
            (BidKind.REINFORCE, 0.5),
            (BidKind.COUNTER, 0.35),
        ):
            options = [
                b
                for b in _bid_options(
                    hand, bids.bid_rank(self.rules, state, seat, kind), seat, kind, draw or 0
                )
                if bids.can_bid(self.rules, state, b if draw is not None else _undrawn(b))
                and not bids.cards_needed(state, b) - Counter(hand)
            ]
            if options and self.rng.random() < chance * eagerness:
                choice = self.rng.choice(options)
                if draw is None:
                    choice = _undrawn(choice)
                self.state = bids.bid(self.rules, state, choice)
                self.events.append(psn.BidNode.from_bid(choice))
                return True
        return False


def _undrawn(b: bids.Bid) -> bids.Bid:
    return bids.Bid(b.seat, b.kind, b.cards, None)


@frozen
class HandSetup:
    """A hand dealt, bid and buried by bots: everything before the first lead."""

    deck: tuple[Card, ...]  # in drawing order, the kitty last
    first: Seat  # the first to draw
    auction: tuple[psn.BidNode | psn.Fallback | psn.KittyExchange, ...]
    first_hand: bool  # the dealer was grabbed by declaring (no Dealer header)
    levels: tuple[Rank, Rank]
    position: Position  # the first lead: the hands after the bury, the dealer to lead


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


def set_up_hand(
    rules: Ruleset,
    rng: random.Random,
    *,
    levels: tuple[Rank, Rank] = (Rank.TWO, Rank.TWO),
    dealer: Seat | None = None,
    bot: Bot | None = None,
) -> HandSetup:
    """Shuffle, deal, bid and bury with bots until a hand can be played (a first hand
    where nobody declares, or a fallback that redeals, is dealt again)."""
    bot = bot or Bot(rng)
    while True:
        deck = list(DECK)
        rng.shuffle(deck)
        setup = _try_deal(rules, rng, bot, deck, levels, dealer)
        if setup is not None:
            return setup


def play_hand(state: PlayState, players: Sequence[Player]) -> Iterator[Play]:
    """Play ``state`` to its end, each seat's play chosen by ``players[seat - 1]``.

    Every play is checked and a throw judged by the state (a failed one becomes its
    forced unit, with the penalty); each player is told every play before it is made
    (:meth:`~notation.bots.Player.observe`). Yields each play once made: the caller sees
    the state just after it.
    """
    distinct = list({id(p): p for p in players}.values())
    for player in distinct:
        player.start(state)
    while not state.is_over():
        chosen = players[state.to_move - 1].choose(state)
        made = state.play(chosen)  # checked and judged; taken back to show it first
        state.undo()
        for player in distinct:
            player.observe(state, made)
        state.apply(made)
        yield made


def _simulate(
    rules: Ruleset,
    rng: random.Random,
    levels: tuple[Rank, Rank],
    dealer: Seat | None,
    number: int,
    event: str,
) -> SimulatedHand:
    # Now and then a throw that an unseen card might beat, so that the records show
    # failed throws too (the plain bot throws only what nothing unseen can beat).
    bot = Bot(rng, risky_throws=RISKY_THROWS)
    setup = set_up_hand(rules, rng, levels=levels, dealer=dealer, bot=bot)
    start = setup.position
    state = PlayState(start)
    tricks: list[psn.Trick] = []
    plays: list[psn.PlayNode] = []
    for made in play_hand(state, [bot] * 4):
        blocker = _blocker(state, made) if made.attempted is not None else None
        plays.append(psn.PlayNode.from_play(made, blocker))
        if len(plays) == 4:
            tricks.append(psn.Trick(len(tricks) + 1, tuple(plays)))
            plays = []
    outcome = state.outcome()
    after = apply_outcome(rules, levels, start.dealer, outcome.result)
    result = psn.Result(
        points=outcome.points,
        kitty_points=outcome.kitty_points,
        multiplier=outcome.multiplier,
        side=outcome.result.winner,
        levels=outcome.result.levels,
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
    if not setup.first_hand:
        headers.append(psn.Header("Dealer", str(start.dealer)))
    headers.append(psn.Header("Trump", str(start.trump)))
    headers.append(psn.Header("Result", str(outcome.result)))
    hand = psn.Hand(
        headers=tuple(headers),
        deal=psn.Deck(setup.first, setup.deck),
        auction=setup.auction,
        tricks=tuple(tricks),
        result=result,
    )
    return SimulatedHand(hand, after.levels, after.next_dealer, after.winner)


def _blocker(state: PlayState, made: Play) -> Seat | None:
    """The seat the record names for a failed throw just led: the first, in playing order,
    that could beat the forced unit (the other hands are still as they were at the lead)."""
    assert made.attempted is not None
    others = {s: state.hand(s) for s in seats_from(made.seat)[1:]}
    return judge_throw(made.attempted, made.seat, others, state.trump).beaten_by


def _try_deal(
    rules: Ruleset,
    rng: random.Random,
    bot: Bot,
    deck: list[Card],
    levels: tuple[Rank, Rank],
    dealer: Seat | None,
) -> HandSetup | None:
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
    auction_events: list[psn.BidNode | psn.Fallback | psn.KittyExchange] = []
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
    hands_after = tuple(tuple(hands[s]) for s in SEATS)
    position = Position(
        rules,
        trump,
        dealer,
        (hands_after[0], hands_after[1], hands_after[2], hands_after[3]),
        dealer,
        kitty=tuple(buried),
    )
    return HandSetup(tuple(deck), first, tuple(auction_events), state.first_hand, levels, position)


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
