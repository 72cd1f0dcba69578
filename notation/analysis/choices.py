"""The choices made before the play judged: the bury (扣底) and the declaration.

Both are valued as plays are (:mod:`notation.analysis.review`): the defenders' final
points, by rollouts of the whole play (:meth:`~notation.analysis.evaluate.Evaluator.
evaluate_options`, the bots playing every seat, the solver taking the last tricks), every
option on the same futures, then the loss of the choice made against the best option,
in points and in levels, and a class by the same thresholds (:func:`~notation.analysis.
review.classify`).

**The bury.** The seat that buried last (the dealer, or the last 炒底 counter) held the
cards of its hand at the first lead and the kitty. The options are the bury made and
those that a few plans give from the same cards, merged where two plans give the same
cards (:func:`bury_options`):

* ``low``: the bots' bury: low side cards without points, trumps and pairs kept;
* ``void``: the shortest side suit buried whole (a void to ruff with), the rest low;
* ``void-two``: the two shortest side suits buried whole, where they fit;
* ``pairs``: side singles only, every pair kept (for the last trick, and to draw pairs);
* ``points``: the low side cards, points and all (the kitty as the defenders' prize,
  the hand kept strong).

In hindsight the futures are the policy's random choices on the recorded deal; in the
player's view they are deals of the cards the burier has not seen
(:class:`~notation.analysis.sampling.Dealer`, from what it knows at the first lead, the
same deal for every option).

**The declaration.** The bid that set the trump (the last standing declaration or
counter) is judged against every other bid of the same kind its seat could have made
with the cards it held then (another suit, a no-trump pair where the rule set allows
it): at the start of the play, the same deal, the dealer picking up the kitty and
burying by the bots' bury for every option (the one made too, so that the bury's own
quality, judged above, does not count twice). The cards held are those of the seat's
hand when the deal ended (a bid during the deal had fewer to choose from). A seat that
made no counter but could have when the deal ended is judged too (``counter``): not
countering, the trump as played, against each counter it could have made (the dealer
and the kitty's holder as the rule set gives them after it). In the player's view the
futures deal the cards the seat had not seen when the deal ended. Later bids, and 炒底,
are not replayed under an option: each option is valued as the trump of the play.

**Cost.** Each choice is one evaluation at :data:`CHOICE_BUDGET` times the budget of a
play, shared by its options (a rollout of the whole play costs 5 to 7 modelled ms).
More futures buy little: the loss's interval is mostly the rollout policy's own error
(:data:`~notation.analysis.evaluate.LOSS_SIGMA`, ± 59 points at the start of the play;
in the player's view :data:`~notation.analysis.evaluate.LOSS_SIGMA_PLAYER`, ± 30),
which no number of futures removes, so the options stop getting more once every
sampling error is below it (:data:`~notation.analysis.evaluate.SETTLED`): at the
default budget 8 to 21 futures on simulated hands, where the whole budget bought 45 to
76; never fewer than :data:`~notation.analysis.evaluate.MIN_FUTURES`.

**Key moments** are the three decisions of a hand (plays, the bury, the declarations)
whose counted loss costs the most level result (then points):
:func:`~notation.analysis.review.key_moments`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import replace
from enum import StrEnum
from typing import Any, Final, cast

from notation.analysis.evaluate import Estimate, Evaluator, View
from notation.analysis.knowledge import knowledge_at
from notation.analysis.review import HandPlan, Verdict, classify, weigh
from notation.analysis.sampling import Dealer
from notation.bots import Bot
from notation.frozen import frozen
from notation.psn.model import UNKNOWN, BidNode, KittyExchange
from notation.replay import StepKind
from notation.rules import bidding as bids
from notation.rules.cards import Card, Cards
from notation.rules.game import GameError, PlayState, Position
from notation.rules.holding import Knowledge, KnowledgeError, Whereabouts
from notation.rules.order import TRUMP, Trump
from notation.rules.ruleset import Ruleset
from notation.rules.seats import SEATS, Seat

__all__ = [
    "CHOICE_BUDGET",
    "BuryPlan",
    "ChoiceKind",
    "ChoiceReview",
    "Option",
    "bury_options",
    "declaration_options",
    "review_bury",
    "review_choices",
    "review_counters",
    "review_declaration",
]

CHOICE_BUDGET: Final = 1.0  # a choice's budget, in plays' budgets (see the notes on cost)


class ChoiceKind(StrEnum):
    """Which choice before the play."""

    BURY = "bury"
    DECLARATION = "declaration"  # the bid that set the trump
    COUNTER = "counter"  # a counter not made by a seat that could have made one


class BuryPlan(StrEnum):
    """A plan that makes a bury (see the module's notes)."""

    MADE = "made"
    LOW = "low"
    VOID = "void"
    VOID_TWO = "void-two"
    PAIRS = "pairs"
    POINTS = "points"


@frozen
class Option:
    """One option of a choice and its value: the cards (buried, or shown in the bid),
    the plans that make it (a bury) and the trump it makes (a declaration)."""

    cards: Cards
    value: Estimate  # the defenders' final points
    plans: tuple[str, ...] = ()
    trump: Trump | None = None

    def to_dict(self, trump: Trump) -> dict[str, Any]:
        """As the JSON report writes it."""
        found: dict[str, Any] = {
            "cards": [str(c) for c in (self.trump or trump).sorted(self.cards)],
            "value": round(self.value.mean, 1),
            "interval": [round(self.value.lower, 1), round(self.value.upper, 1)],
        }
        if self.trump is not None:
            found["trump"] = str(self.trump)
        else:
            found["plans"] = list(self.plans)
        return found


@frozen
class ChoiceReview:
    """A choice before the play judged: the option made, the best, the loss and the
    class, as a play's (:class:`~notation.analysis.review.PlayReview`)."""

    kind: ChoiceKind
    seat: Seat
    options: tuple[Option, ...]  # the best first
    made: Option
    best: Option
    loss: Estimate  # points lost for the seat's side (mean ≥ 0)
    level_loss: Estimate  # levels of the result lost, expected (mean ≥ 0)
    result_changes: bool
    verdict: Verdict
    cost: float  # modelled seconds

    @property
    def counted_loss(self) -> float:
        """The loss as the averages count it: 0 within noise."""
        return self.loss.mean if self.verdict is not Verdict.FINE else 0.0

    @property
    def counted_level_loss(self) -> float:
        """The level loss as the averages count it: 0 within noise."""
        return self.level_loss.mean if self.verdict is not Verdict.FINE else 0.0

    @property
    def is_best(self) -> bool:
        """True if no option was valued above the one made."""
        return self.best == self.made

    def to_dict(self, trump: Trump) -> dict[str, Any]:
        """As the JSON report writes it (see :data:`~notation.analysis.review.JSON_SCHEMA`)."""
        found: dict[str, Any] = {
            "seat": self.seat,
            "cards": self.made.to_dict(trump)["cards"],
            "value": round(self.made.value.mean, 1),
            "best": self.best.to_dict(trump)["cards"],
            "best_value": round(self.best.value.mean, 1),
            "loss": round(self.loss.mean, 1),
            "class": self.verdict.value,
            "interval": [round(self.made.value.lower, 1), round(self.made.value.upper, 1)],
            "loss_interval": [round(self.loss.lower, 1), round(self.loss.upper, 1)],
            "level_loss": round(self.level_loss.mean, 2),
            "result_changes": self.result_changes,
            "futures": self.made.value.n,
            "options": [o.to_dict(trump) for o in self.options],
        }
        if self.kind is not ChoiceKind.BURY:
            found["kind"] = self.kind.value
            found["trump"] = str(self.made.trump)
            found["best_trump"] = str(self.best.trump)
        return found

    def moment(self, trump: Trump) -> dict[str, Any]:
        """As a key moment of the JSON report."""
        return {
            "kind": self.kind.value,
            "seat": self.seat,
            "trick": None,
            "cards": self.made.to_dict(trump)["cards"],
            "best": self.best.to_dict(trump)["cards"],
            "class": self.verdict.value,
            "loss": round(self.loss.mean, 1),
            "level_loss": round(self.level_loss.mean, 2),
        }


# --- judging a choice -----------------------------------------------------------------------


def _judge(
    kind: ChoiceKind,
    evaluator: Evaluator,
    seat: Seat,
    options: Sequence[tuple[Cards, tuple[str, ...], Trump | None]],
    root: Callable[[int, int], PlayState],
    seed: str,
) -> ChoiceReview:
    """The options (the one made first, no two of the same cards) valued on the same
    futures, and the one made judged."""
    evaluation = evaluator.evaluate_options(seat, [o[0] for o in options], root, 0, seed)
    given = {_sorted(cards): (plans, trump) for cards, plans, trump in options}
    valued = {c.cards: Option(c.cards, c.points, *given[c.cards]) for c in evaluation.candidates}
    best, comparison = weigh(evaluation)
    made = evaluation.played
    assert made is not None
    return ChoiceReview(
        kind,
        seat,
        tuple(valued.values()),
        valued[made.cards],
        valued[best.cards],
        comparison.points,
        comparison.levels,
        comparison.changed > 0.5,
        classify(comparison),
        evaluation.cost,
    )


def _sorted(cards: Sequence[Card]) -> Cards:
    return tuple(sorted(cards, key=lambda c: c.index))


# --- the bury ------------------------------------------------------------------------------


def bury_options(
    held: Sequence[Card], trump: Trump, size: int, made: Sequence[Card]
) -> list[tuple[Cards, tuple[str, ...]]]:
    """The buries to weigh from the cards ``held`` (the hand and the kitty): the one
    ``made`` first, then each plan's (:class:`BuryPlan`), the plans that give the same
    cards merged.

    >>> from notation.presets import load_ruleset
    >>> from notation.rules.cards import Rank, Suit, parse_cards
    >>> trump = load_ruleset("qq").trump(Rank.TWO, Suit.HEARTS)
    >>> held = parse_cards("S3 S3 S4 C5 C6 C7 D9 DK H4 H2")
    >>> [(plans, " ".join(map(str, cards))) for cards, plans in
    ...  bury_options(held, trump, 2, parse_cards("C5 DK"))][:3]
    [(('made',), 'C5 DK'), (('low', 'pairs'), 'S4 C6'), (('void',), 'D9 DK')]
    """
    if len(made) != size or Counter(made) - Counter(held):
        raise ValueError("the bury made is not cards of the hand held")
    bot = Bot(random.Random(0))
    table = trump.table
    counts = Counter(held)
    suits: dict[str, list[Card]] = {}
    for card in held:
        suit = table[card][0]
        if suit != TRUMP:
            suits.setdefault(str(suit), []).append(card)
    short = sorted(suits.values(), key=lambda cards: (len(cards), str(table[cards[0]][0])))

    def low_after(chosen: Sequence[Card]) -> list[Card]:
        rest = list((Counter(held) - Counter(chosen)).elements())
        return [*chosen, *bot.bury(rest, trump, size - len(chosen))]

    def ordered(*keys: Callable[[Card], int]) -> list[Card]:
        return sorted(held, key=lambda c: (*(k(c) for k in keys), trump.level(c)))[:size]

    def is_trump(card: Card) -> int:
        return 1 if table[card][0] == TRUMP else 0

    def is_pair(card: Card) -> int:
        return 1 if counts[card] > 1 else 0

    def has_points(card: Card) -> int:
        return 1 if card.points else 0

    plans: list[tuple[BuryPlan, Sequence[Card]]] = [
        (BuryPlan.MADE, made),
        (BuryPlan.LOW, bot.bury(held, trump, size)),
    ]
    if short and len(short[0]) <= size:
        plans.append((BuryPlan.VOID, low_after(short[0])))
    if len(short) > 1 and len(short[0]) + len(short[1]) <= size:
        plans.append((BuryPlan.VOID_TWO, low_after(short[0] + short[1])))
    plans.append((BuryPlan.PAIRS, ordered(is_trump, is_pair, has_points)))
    plans.append((BuryPlan.POINTS, ordered(is_trump, is_pair)))
    found: dict[Cards, list[str]] = {}
    for name, cards in plans:
        found.setdefault(_sorted(cards), []).append(name.value)
    return [(cards, tuple(names)) for cards, names in found.items()]


def review_bury(plan: HandPlan, evaluator: Evaluator, seed: int | str = 0) -> ChoiceReview | None:
    """The last bury of the hand (the kitty the play has) judged, or ``None`` where it
    cannot be: no bury recorded card by card, no play to start, or a view no deal agrees
    with."""
    replayed, start = plan.replay, plan.start
    if replayed is None or start is None:
        return None
    buries = [e for e in replayed.hand.auction if isinstance(e, KittyExchange)]
    first_play = next((i for i, s in enumerate(replayed.states) if s.kind is StepKind.PLAY), None)
    if not buries or first_play is None:
        return None
    last = buries[-1]
    seat = last.seat
    if not last.buried or UNKNOWN in last.buried:
        return None
    made = cast(Cards, tuple(last.buried))
    if Counter(made) != Counter(start.kitty):
        return None  # the kitty of the play is not this bury's (the record is broken)
    held = start.hands[seat - 1] + start.kitty
    size = len(start.kitty)
    options = bury_options(held, start.trump, size, made)

    def position(hands: Sequence[Cards], kitty: Cards, k: int) -> Position:
        buried = options[k][0]  # the seat knows the kitty it buries: not dealt
        mine = tuple((Counter(held) - Counter(buried)).elements())
        changed = [mine if s == seat else hands[s - 1] for s in SEATS]
        four = (changed[0], changed[1], changed[2], changed[3])
        return replace(start, hands=four, kitty=buried)

    seeded = f"{seed}:{plan.number}:bury"
    try:
        view = lambda: knowledge_at(replayed, first_play - 1, seat)  # noqa: E731
        root = _roots(evaluator, start, position, view, seeded)
        listed = [(cards, plans, None) for cards, plans in options]
        return _judge(ChoiceKind.BURY, evaluator, seat, listed, root, seeded)
    except (KnowledgeError, GameError):
        return None


def _roots(
    evaluator: Evaluator,
    start: Position,
    position: Callable[[Sequence[Cards], Cards, int], Position],
    knowledge: Callable[[], Knowledge],
    seed: str,
) -> Callable[[int, int], PlayState]:
    """Option ``k``'s play in future ``i``: in hindsight the recorded deal, in the
    player's view deal ``i`` of the cards the seat has not seen (the same for every
    option, dealt in turn from one stream), each made into the option's position by
    ``position(hands, kitty, k)``."""
    if evaluator.view is View.HINDSIGHT:
        states: dict[int, PlayState] = {}

        def hindsight(k: int, i: int) -> PlayState:
            found = states.get(k)
            if found is None:
                found = states[k] = PlayState(position(start.hands, start.kitty, k))
            return found

        return hindsight
    dealer = Dealer(knowledge())
    stream = random.Random(f"{seed}/deals")
    deals: list[tuple[Sequence[Cards], Cards]] = []

    def dealt(k: int, i: int) -> PlayState:
        while len(deals) <= i:
            deal = dealer.deal(stream)
            deals.append((deal.hands, deal.kitty))
        hands, kitty = deals[i]
        return PlayState(position(hands, kitty, k))

    return dealt


# --- the declaration --------------------------------------------------------------------------


def declaration_options(
    rules: Ruleset, before: bids.BidState, made: bids.Bid, held: Sequence[Card]
) -> list[bids.Bid]:
    """The bids to weigh against ``made`` (first in the list): one for each other trump
    the seat could have made with a bid of the same kind that the rule set allows in
    state ``before``, from the cards ``held`` (as many cards of another suit as made
    where it can, else the other count; a pair of jokers for no-trump)."""
    rank = bids.bid_rank(rules, before, made.seat, made.kind)
    made_suit = bids.classify_bid(made.cards, rank)[1]
    copies = sum(1 for c in made.cards if not c.is_joker) or 2
    counts = Counter(held)
    shows: list[tuple[Card, ...]] = []
    for card in sorted(counts, key=lambda c: c.index):
        if card.rank is rank and card.suit is not made_suit:
            for n in dict.fromkeys((copies, 3 - copies)):
                if counts[card] >= n:
                    shows.append((card,) * n)
    shows += [(j, j) for j in sorted(counts) if j.is_joker and counts[j] >= 2]
    found = [made]
    suits = {made_suit}
    for cards in shows:
        bid = bids.Bid(made.seat, made.kind, cards, made.draw)
        suit = bids.classify_bid(cards, rank)[1]
        if suit not in suits and bids.can_bid(rules, before, bid):
            found.append(bid)
            suits.add(suit)
    return found


def review_declaration(
    plan: HandPlan, evaluator: Evaluator, seed: int | str = 0
) -> ChoiceReview | None:
    """The bid that set the trump judged against the others its seat could have made,
    or ``None`` where there is none, or it cannot be (see the module's notes)."""
    setting = _bidding(plan)
    if setting is None:
        return None
    found = _standing_bid(plan, setting.start.trump)
    if found is None:
        return None
    before, made = found
    try:
        options = declaration_options(setting.rules, before, made, setting.hands[made.seat - 1])
    except bids.BidError:  # cards that show no trump at the rank: nothing to weigh
        return None
    after = [_after_bid(setting, before, b) for b in options[1:]]
    made_after = _after_bid(setting, before, made)
    if made_after is None or made_after[1:] != (setting.start.dealer, setting.holder):
        return None  # the bidding as reconstructed is not the record's
    tables = [(_sorted(made.cards), _as_played(setting))]
    tables += [(_sorted(b.cards), a) for b, a in zip(options[1:], after, strict=True) if a]
    if len(tables) < 2:
        return None  # no other trump to weigh
    kind = ChoiceKind.DECLARATION
    return _judge_tables(plan, evaluator, setting, made.seat, tables, seed, kind)


def review_counters(
    plan: HandPlan, evaluator: Evaluator, seed: int | str = 0
) -> list[ChoiceReview]:
    """For each seat that made no counter but could have when the deal ended, not
    countering judged against each counter it could have made (another trump; under a
    rule set where a first hand's counter takes the deal, the deal too)."""
    setting = _bidding(plan)
    if setting is None:
        return []
    found = _standing_bid(plan, setting.start.trump)
    if found is None:
        return []
    before, standing = found
    # The bids after the standing one (reinforcements, refused counters) leave the
    # trump as it is: the state to counter is the one the standing bid left.
    state = bids.record_bid(setting.rules, before, standing)
    countered = {
        n.seat for n in setting.auction if isinstance(n, BidNode) and n.kind is bids.BidKind.COUNTER
    }
    judged: list[ChoiceReview] = []
    for seat in SEATS:
        if seat == standing.seat or seat in countered:
            continue
        probe = bids.Bid(seat, bids.BidKind.COUNTER, standing.cards)
        try:
            options = declaration_options(setting.rules, state, probe, setting.hands[seat - 1])
        except bids.BidError:  # the standing cards show no trump at the counter's rank
            continue
        tables: list[tuple[Cards, _Table]] = [((), _as_played(setting))]
        for bid in options[1:]:
            after = _after_bid(setting, state, bid)
            if after is not None:
                tables.append((_sorted(bid.cards), after))
        if len(tables) > 1:
            kind = ChoiceKind.COUNTER
            review = _judge_tables(plan, evaluator, setting, seat, tables, seed, kind)
            if review is not None:
                judged.append(review)
    return judged


@frozen
class _Bidding:
    """What a declaration is judged from: the hands and the kitty when the deal ended,
    the position at the first lead, the seat that buried first (the kitty's holder)."""

    rules: Ruleset
    hands: tuple[Cards, ...]
    kitty: Cards
    start: Position
    holder: Seat
    auction: tuple[object, ...]
    replay_view: Callable[[Seat], Knowledge]


_Table = tuple[Trump, Seat, Seat]  # a trump, the dealer, the kitty's holder


def _bidding(plan: HandPlan) -> _Bidding | None:
    """The deal as it ended, or ``None`` where a card of it is not known."""
    replayed, start = plan.replay, plan.start
    if replayed is None or start is None:
        return None
    states = replayed.states
    kitty_step = next((i for i, s in enumerate(states) if s.kind is StepKind.KITTY), None)
    if kitty_step is None or not any(s.kind is StepKind.PLAY for s in states):
        return None
    dealt = states[kitty_step - 1]
    if dealt.kitty is None or any(UNKNOWN in h for h in (*dealt.hands, dealt.kitty)):
        return None
    first_bury = states[kitty_step].event
    assert isinstance(first_bury, KittyExchange)
    hands = cast(tuple[Cards, ...], dealt.hands)
    rules = replayed.rules
    auction = tuple(replayed.hand.auction)

    def view(seat: Seat) -> Knowledge:
        """What ``seat`` knows when the deal ends: its hand, the cards others bid."""
        shown = [
            Whereabouts(card, n, frozenset({node.seat}))
            for node in auction
            if isinstance(node, BidNode) and node.seat != seat
            for card, n in Counter(c for c in node.cards if isinstance(c, Card)).items()
        ]
        sizes = cast(tuple[int, int, int, int], tuple(len(h) for h in hands))
        return Knowledge.start(
            seat,
            start.trump,
            hands[seat - 1],
            sizes=sizes,
            kitty_size=len(dealt.kitty or ()),
            whereabouts=shown,
            shorter_tractor=rules.follow.shorter_tractor,
        )

    kitty = cast(Cards, dealt.kitty)
    return _Bidding(rules, hands, kitty, start, first_bury.seat, auction, view)


def _as_played(setting: _Bidding) -> _Table:
    return (setting.start.trump, setting.start.dealer, setting.holder)


def _after_bid(setting: _Bidding, before: bids.BidState, bid: bids.Bid) -> _Table | None:
    """The trump, the dealer and the kitty's holder after ``bid`` when the deal ends."""
    try:
        state = bids.bid(setting.rules, before, bid)
        if state.phase is bids.BidPhase.DEAL:
            state = bids.end_deal(state, setting.rules)
    except bids.BidError:
        return None
    trump = state.trump(setting.rules)
    if trump is None or state.dealer is None:
        return None
    return (trump, state.dealer, state.kitty_holder or state.dealer)


def _judge_tables(
    plan: HandPlan,
    evaluator: Evaluator,
    setting: _Bidding,
    seat: Seat,
    tables: Sequence[tuple[Cards, _Table]],
    seed: int | str,
    kind: ChoiceKind,
) -> ChoiceReview | None:
    """A bidding choice judged: option ``k`` is the play under ``tables[k]`` (the first
    the one made), the holder burying the kitty by the bots' bury."""
    bot = Bot(random.Random(0))
    rules = setting.rules
    size = len(setting.kitty)

    def position(hands: Sequence[Cards], kitty: Cards, k: int) -> Position:
        trump, dealer, holder = tables[k][1]
        held = (*hands[holder - 1], *kitty)
        buried = _sorted(bot.bury(held, trump, size))
        mine = tuple((Counter(held) - Counter(buried)).elements())
        after = [mine if s == holder else hands[s - 1] for s in SEATS]
        four = (after[0], after[1], after[2], after[3])
        return Position(rules, trump, dealer, four, dealer, kitty=buried)

    hands = setting.hands
    dealt = replace(
        setting.start, hands=(hands[0], hands[1], hands[2], hands[3]), kitty=setting.kitty
    )
    seeded = f"{seed}:{plan.number}:{kind.value}:{seat}"
    listed = [(cards, (), table[0]) for cards, table in tables]
    try:
        root = _roots(evaluator, dealt, position, lambda: setting.replay_view(seat), seeded)
        return _judge(kind, evaluator, seat, listed, root, seeded)
    except (KnowledgeError, GameError):
        return None


def _standing_bid(plan: HandPlan, trump: Trump) -> tuple[bids.BidState, bids.Bid] | None:
    """The bid that set ``trump`` (the last declaration or counter showing it) and the
    bidding before it, as the record's bids leave it; ``None`` if no bid set it (the
    fallback) or the rules do not allow it there."""
    assert plan.replay is not None
    states = plan.replay.states
    rules = plan.replay.rules
    state = bids.BidState.start(trump.rank, states[0].dealer)
    found: tuple[bids.BidState, bids.Bid] | None = None
    for node in plan.replay.hand.auction:
        if isinstance(node, KittyExchange):
            with suppress(bids.BidError):
                state = bids.bury(rules, state)
            continue
        if not isinstance(node, BidNode):
            continue
        try:
            made = node.bid
        except ValueError:
            return None
        if made is None:
            return None
        if made.kind is not bids.BidKind.REINFORCE and bids.can_bid(rules, state, made):
            rank = bids.bid_rank(rules, state, made.seat, made.kind)
            with suppress(bids.BidError):
                if rank is trump.rank and bids.classify_bid(made.cards, rank)[1] is trump.suit:
                    found = (state, made)
        state = bids.record_bid(rules, state, made)
    return found


def review_choices(
    plan: HandPlan, view: View | str, budget: float, seed: int | str = 0
) -> tuple[ChoiceReview, ...]:
    """The bury and the declaration of a hand judged, those that can be, each at
    :data:`CHOICE_BUDGET` times a play's ``budget``."""
    evaluator = Evaluator(view, budget * CHOICE_BUDGET)
    declared = review_declaration(plan, evaluator, seed)
    found = [declared, *review_counters(plan, evaluator, seed), review_bury(plan, evaluator, seed)]
    return tuple(c for c in found if c is not None)
