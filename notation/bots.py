"""Players for the play phase: simple but sensible bots, and a random one.

A player chooses the play of the seat to move from a
:class:`~notation.rules.game.PlayState` (:meth:`Player.choose`); it is told each play
before it is made (:meth:`Player.observe`) and when a hand starts (:meth:`Player.start`).
The bots keep every obligation (they choose among the state's legal plays), win tricks
cheaply, feed points to a partner who is winning, ruff when void, throw when no unseen
card can beat the throw and, now and then, when one might, and bury low side cards.

A bot uses only what its seat may know: its own cards, the cards played and the trick on
the table, and the suits each seat has shown it lacks (:class:`~notation.rules.holding.
Voids`, the rules core's model of what a seat is known to hold). The state holds every hand; a bot
reads the others only as one pool of unseen cards (the other hands and the kitty
together), never who holds what. Every choice comes from the ``random.Random`` it is
given, so a seed replays.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import pairwise
from math import comb
from typing import Protocol

from notation.rules.cards import Card, Cards, tally
from notation.rules.game import Play, PlayState
from notation.rules.holding import Voids
from notation.rules.order import TRUMP, EffectiveSuit, Trump
from notation.rules.scoring import card_points
from notation.rules.seats import SEATS, Seat, seats_from
from notation.rules.throw import Holder
from notation.rules.units import Unit

LEAD_BONUS = 3.0  # what taking the lead is worth, in points
COST_WEIGHT = 0.25  # points per unit of a card's worth spent

__all__ = ["Bot", "Player", "RandomPlayer", "bot_play", "unseen"]


class Player(Protocol):
    """Anything that plays cards: it chooses the play of the seat to move."""

    def start(self, state: PlayState) -> None:
        """A hand's play begins at ``state``."""

    def observe(self, state: PlayState, play: Play) -> None:
        """``play`` (legal, a throw judged) is about to be made on ``state``."""

    def choose(self, state: PlayState) -> Play:
        """The play of ``state.to_move``."""
        ...


def unseen(state: PlayState, seat: Seat, suit: EffectiveSuit) -> list[Card]:
    """The cards of ``suit`` that ``seat`` has not seen: the other hands and the kitty,
    taken together (the same for every deal of them that the seat cannot tell apart)."""
    return _gather(_places(state, seat), suit)


_Places = tuple[
    dict[EffectiveSuit, Cards],
    dict[EffectiveSuit, Cards],
    dict[EffectiveSuit, Cards],
    dict[EffectiveSuit, Cards],
]


def _places(state: PlayState, seat: Seat) -> _Places:
    """Where the cards ``seat`` has not seen lie, each place by suit: the other hands, in
    seat order, and the kitty."""
    a, b, c = (state.suits(other) for other in SEATS if other != seat)
    return a, b, c, state.split(state.kitty)


def _gather(places: _Places, suit: EffectiveSuit) -> list[Card]:
    """The cards of ``suit`` in ``places``, place by place."""
    a, b, c, kitty = places
    return [*a.get(suit, ()), *b.get(suit, ()), *c.get(suit, ()), *kitty.get(suit, ())]


def bot_play(state: PlayState, rng: random.Random) -> Play:
    """The bot's play for the seat to move of ``state``, every random choice from ``rng``.

    A bot met at this state: it knows the voids the trick on the table shows, not those
    of earlier tricks (a :class:`Bot` told every play, :meth:`Bot.observe`, knows them
    all). The state is left as it was.
    """
    return Bot(rng).choose(state)


class RandomPlayer:
    """A player that keeps the rules and nothing more: a random unit of a random suit
    when it leads, a random legal follow otherwise."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def start(self, state: PlayState) -> None:
        """Nothing to remember."""

    def observe(self, state: PlayState, play: Play) -> None:
        """Nothing to remember."""

    def choose(self, state: PlayState) -> Play:
        """A random legal play."""
        if state.table:
            return state.sample_follow(self.rng)
        suits = state.suits(state.to_move)
        cards = suits[self.rng.choice(sorted(suits, key=str))]
        unit = self.rng.choice(state.units(cards))
        return state.judge_lead(unit.cards)


class Bot:
    """A player's choices: what to lead, how to follow, what to bury.

    ``risky_throws`` is how often a lead throws units that an unseen card might beat.
    """

    def __init__(self, rng: random.Random, *, risky_throws: float = 0.0, samples: int = 12):
        self.rng = rng
        self.risky_throws = risky_throws
        self.samples = samples
        self.voids = Voids()

    def start(self, state: PlayState) -> None:
        """A new hand: forget the last one's voids."""
        self.voids.clear()

    def observe(self, state: PlayState, play: Play) -> None:
        """Note the suits a follow shows its seat lacks."""
        self.voids.note(state.trump, state.table, play)

    def choose(self, state: PlayState) -> Play:
        """The play of the seat to move."""
        self.voids.note_table(state.trump, state.table)  # known already when told every play; cheap
        view = _View(state, self.voids)
        return self._follow(view) if state.table else self._lead(view)

    # --- leading --------------------------------------------------------------------

    def _lead(self, view: _View) -> Play:
        """A lead: a safe throw, else the best sure winner, else a cheap card to give the
        lead away (to a partner's void, from a short suit)."""
        state = view.state
        suits = view.suits
        if len(suits) == 1:
            # The whole hand is one suit: lead it all when nothing can beat any unit of
            # it (the way the kitty is taken with a pair or a tractor, 抠底).
            (cards,) = suits.values()
            units = state.units(cards)
            if len(units) == 1 or not any(view.beatable(u) for u in units):
                return state.judge_lead(cards)
        throw = self._safe_throw(view)
        if throw is not None:
            return state.judge_lead(throw)
        if self.risky_throws and self.rng.random() < self.risky_throws:
            multi = [units for cards in suits.values() if len(units := state.units(cards)) > 1]
            if multi:
                units = self.rng.choice(multi)
                chosen = self.rng.sample(units, self.rng.randint(2, min(3, len(units))))
                return state.judge_lead(_cards(chosen))
        best = max(self._unit_leads(view), key=lambda scored: scored[0])
        return state.judge_lead(best[1].cards)

    def _safe_throw(self, view: _View) -> list[Card] | None:
        """The biggest throw of side-suit units that nothing unseen can beat or ruff."""
        best: list[Unit] = []
        for suit, cards in view.suits.items():
            if suit == TRUMP or view.exposed(suit):
                continue
            safe = [u for u in view.state.units(cards) if not view.beatable(u)]
            if len(safe) > 1 and sum(u.size for u in safe) > sum(u.size for u in best):
                best = safe
        return _cards(best) if best else None

    def _unit_leads(self, view: _View) -> list[tuple[float, Unit]]:
        """Every unit the hand breaks into, scored as a lead."""
        state = view.state
        seat = view.seat
        partner = (seat + 1) % 4 + 1
        defending = state.is_defender(seat)
        scored: list[tuple[float, Unit]] = []
        for suit, cards in view.suits.items():
            units = state.units(cards)
            side = suit != TRUMP
            short = len(cards) <= 2
            for unit in units:
                top = not view.beatable(unit)
                points = sum(c.points for c in unit.cards)
                if top and (not side or not view.exposed(suit)):
                    if not side and unit.length > 1 and len(cards) < len(view.hand):
                        # A trump tractor is kept for the last trick, where it takes
                        # the kitty with the biggest multiplier (抠底) or guards it.
                        score = -50.0
                    elif not side and unit.copies == 1 and not view.draws_trumps():
                        score = -5.0 - unit.top  # a top trump kept for control
                    else:
                        # A sure winner: bigger units pull more cards (and points).
                        score = 40.0 + 10 * unit.size + (5 if side else 0) + points
                else:
                    # A card to lose: cheap, no points, from a pair only if nothing else.
                    score = -view.card_cost(unit.cards) - 3.0 * points
                    if unit.copies == 2 and side:
                        score += 4  # a low side pair draws the others' pairs
                    if side and short and unit.copies == 1:
                        score += 6  # the suit runs out: the seat can ruff it later
                    if side and view.feeds_partner(partner, suit):
                        score += 25 + 2 * points  # the partner ruffs it
                    if side and any(view.voids.lacks(s, suit) for s in view.opponents):
                        score -= 10  # an opponent ruffs it
                    if not side and defending:
                        score -= 8  # the defenders' trumps are few: keep them to ruff
                scored.append((score, unit))
        return scored

    # --- following ------------------------------------------------------------------

    def _follow(self, view: _View) -> Play:
        """A legal follow: feed a partner sure to win, else win cheaply where it pays,
        else play low, keeping points from the opponents."""
        state = view.state
        trick = state.trick
        assert trick is not None
        seat = view.seat
        candidates = self._candidates(view)
        if len(candidates) == 1:
            return Play(seat, candidates[0])
        order = seats_from(state.leader)
        later = order[len(state.table) + 1 :]  # the seats still to play after this one
        opponents_after = [s for s in later if (s - seat) % 2]
        winning = trick.winning
        on_table = trick.points
        partner_winning = (winning - seat) % 2 == 0
        best = trick.best
        standing = view.hold_chance(opponents_after, best) if partner_winning else 0.0

        def value(cards: Cards) -> float:
            # The trick's points swing to the side that takes it: +T if ours, -T if not.
            points = card_points(cards)
            found = state.follow_value(cards)
            if found is not None and found > best:  # it would be winning the trick
                chance = view.hold_chance(opponents_after, found)
            else:
                chance = standing
            return (
                (2 * chance - 1) * (on_table + points)
                + LEAD_BONUS * chance
                - COST_WEIGHT * view.card_cost(cards)
            )

        return Play(seat, max(candidates, key=value))

    def _candidates(self, view: _View) -> list[Cards]:
        """The cards of the legal follows worth weighing: every one where they are few,
        else the ones built for a purpose (the lowest discard, the richest, the cheapest
        ruff)."""
        state = view.state
        lead = state.table[0].cards
        n = len(lead)
        table = view.table
        suit = table[lead[0]][0]
        mine = view.suits.get(suit, ())
        if len(mine) <= n:
            # All of the suit, and the rest from other suits (void: any cards at all).
            fill = n - len(mine)
            if not fill:
                return [mine]
            others = [c for c in view.hand if table[c][0] != suit]
            cheap, rich = view.discards(others, fill)
            plays = {_sorted(mine + tuple(cheap)), _sorted(mine + tuple(rich))}
            if not mine and suit != TRUMP:
                plays.update(view.ruffs(n))
            return sorted(plays, key=_indexes)
        if n == 1:
            return [(c,) for c in dict.fromkeys(mine)]
        if comb(len(mine), n) <= 300:
            return [play.cards for play in state.follows()]
        found = {state.sample_follow(self.rng).cards for _ in range(self.samples)}
        return sorted(found, key=_indexes)

    # --- the kitty ------------------------------------------------------------------

    def bury(self, hand: Sequence[Card], trump: Trump, size: int) -> list[Card]:
        """The cards to bury: low side cards without points, keeping pairs where possible."""
        counts = Counter(hand)

        def keep(card: Card) -> tuple[int, int, int, int]:
            return (
                1 if trump.is_trump(card) else 0,
                1 if card.points else 0,
                1 if counts[card] > 1 else 0,
                trump.level(card),
            )

        return sorted(hand, key=keep)[:size]


class _View:
    """What the seat to move sees, worked out as the bot asks: its cards by suit, the
    cards of each suit it has not seen, the voids shown. The state does not change while
    a bot chooses, so every answer is worked out once and kept for the choice."""

    __slots__ = (
        "_chances",
        "_counted",
        "_higher",
        "_holders",
        "_levels",
        "_out",
        "_pairs",
        "_places",
        "_pool",
        "_worth",
        "hand",
        "opponents",
        "seat",
        "state",
        "suits",
        "table",
        "voids",
    )

    def __init__(self, state: PlayState, voids: Voids) -> None:
        self.state = state
        self.seat = seat = state.to_move
        self.hand = state.hand(seat)
        self.suits = state.suits(seat)
        self.table = state.trump.table
        self.voids = voids
        self.opponents = (seat % 4 + 1, (seat + 2) % 4 + 1)
        self._out: dict[EffectiveSuit, list[Card]] = {}
        self._places: _Places | None = None
        self._levels: dict[EffectiveSuit, list[int]] = {}
        self._worth: dict[Card, float] = {}
        self._holders: dict[EffectiveSuit, Holder] = {}
        self._higher: dict[tuple[EffectiveSuit, int, int], int] = {}
        self._chances: dict[tuple[Seat, EffectiveSuit], float] = {}
        self._pairs: set[Card] | None = None
        self._counted: dict[EffectiveSuit, dict[Card, int]] = {}
        self._pool = -1

    def out(self, suit: EffectiveSuit) -> list[Card]:
        """The cards of ``suit`` this seat has not seen (as :func:`unseen` lists them)."""
        cards = self._out.get(suit)
        if cards is None:
            places = self._places
            if places is None:
                places = self._places = _places(self.state, self.seat)
            cards = self._out[suit] = _gather(places, suit)
        return cards

    def out_counts(self, suit: EffectiveSuit) -> dict[Card, int]:
        """The cards of ``suit`` this seat has not seen, counted."""
        found = self._counted.get(suit)
        if found is None:
            found = self._counted[suit] = tally(self.out(suit))
        return found

    def beatable(self, unit: Unit) -> bool:
        """True if an unseen unit of the same shape and suit beats ``unit``."""
        suit = unit.suit
        holder = self._holders.get(suit)
        if holder is None:
            holder = self._holders[suit] = Holder(self.out_counts(suit), suit, self.state.trump)
        return holder.beats(unit)

    def exposed(self, suit: EffectiveSuit) -> bool:
        """True if an opponent may ruff a lead of side suit ``suit``: one has shown it
        lacks the suit, or so few of it are out that one may well lack it."""
        if suit == TRUMP or not self.out(TRUMP):
            return False
        voids = self.voids
        if any(voids.lacks(s, suit) and not voids.lacks(s, TRUMP) for s in self.opponents):
            return True
        return len(self.out(suit)) < 4

    def feeds_partner(self, partner: Seat, suit: EffectiveSuit) -> bool:
        """True if ``partner`` has shown it lacks side suit ``suit`` (and may ruff it)
        and no opponent has."""
        voids = self.voids
        return (
            voids.lacks(partner, suit)
            and not voids.lacks(partner, TRUMP)
            and not any(voids.lacks(s, suit) for s in self.opponents)
        )

    def draws_trumps(self) -> bool:
        """True if leading top trumps pays: the seat holds as many trumps as are out."""
        mine = len(self.suits.get(TRUMP, ()))
        return mine >= 4 and mine >= len(self.out(TRUMP))

    def hold_chance(self, seats: Sequence[Seat], winning: tuple[int, int]) -> float:
        """The chance that none of ``seats`` (still to play) beats the trick's winning
        play, of value ``winning`` (:meth:`~notation.rules.game.PlayState.follow_value`:
        a play as if made now, or the best on the table). Each unseen card lies in a
        seat's hand with the chance of its share of the unseen cards."""
        if not seats:
            return 1.0
        state = self.state
        trick = state.trick
        assert trick is not None
        unit = trick.lead_units[0]
        suit = unit.suit
        ruff, value = winning
        copies = unit.copies
        pool = self.pool()
        voids = self.voids
        chance = 1.0
        for seat in seats:
            share = len(state.hand(seat)) / pool
            void = self.void_chance(seat, suit)
            if voids.lacks(seat, TRUMP):
                ruffs = 0.0
            elif ruff:  # only a higher ruff beats a ruff
                ruffs = void * _holds(share, self.higher(TRUMP, value, copies), copies)
            elif suit != TRUMP:
                ruffs = void * _holds(share, self.higher(TRUMP, -1, copies), copies)
            else:
                ruffs = 0.0
            follows = 0.0
            if not ruff and not voids.lacks(seat, suit):
                follows = _holds(share, self.higher(suit, value, copies), copies)
            chance *= (1 - follows) * (1 - ruffs)
        return chance

    def pool(self) -> int:
        """How many cards this seat has not seen: the other hands and the kitty."""
        pool = self._pool
        if pool < 0:
            state = self.state
            pool = sum(len(state.hand(s)) for s in SEATS if s != self.seat) + len(state.kitty)
            self._pool = pool
        return pool

    def void_chance(self, seat: Seat, suit: EffectiveSuit) -> float:
        """The chance that ``seat`` holds no card of ``suit``: 1 once it has shown it,
        else the chance that none of its cards is one of the suit's unseen cards."""
        key = (seat, suit)
        found = self._chances.get(key)
        if found is not None:
            return found
        if self.voids.lacks(seat, suit):
            chance = 1.0
        else:
            left = len(self.out(suit))
            pool = self.pool()
            chance = 1.0
            for i in range(len(self.state.hand(seat))):
                if pool - i <= 0:
                    break
                if pool - left - i <= 0:
                    chance = 0.0  # it must hold one of them
                    break
                chance *= (pool - left - i) / (pool - i)
        self._chances[key] = chance
        return chance

    def higher(self, suit: EffectiveSuit, level: int, copies: int) -> int:
        """How many unseen singles (``copies`` 1) or pairs of ``suit`` are above ``level``."""
        key = (suit, level, copies)
        found = self._higher.get(key)
        if found is not None:
            return found
        if copies == 1:
            levels = self.levels(suit)
            found = len(levels) - bisect_right(levels, level)
        else:
            table = self.table
            found = sum(
                1 for card, n in self.out_counts(suit).items() if n >= 2 and table[card][1] > level
            )
        self._higher[key] = found
        return found

    def worth(self, card: Card) -> float:
        """What a card is worth to the seat later: trumps and high cards more, a top
        card (nothing unseen above it, a sure winner) more still."""
        found = self._worth.get(card)
        if found is None:
            suit, level = self.table[card]
            found = level + (20.0 if suit == TRUMP else 0.0)
            levels = self._levels.get(suit)
            if levels is None:
                levels = self.levels(suit)
            if not levels or level >= levels[-1]:  # nothing unseen above it
                found += 12
            self._worth[card] = found
        return found

    def levels(self, suit: EffectiveSuit) -> list[int]:
        """The levels of the unseen cards of ``suit``, lowest first."""
        found = self._levels.get(suit)
        if found is None:
            table = self.table
            found = self._levels[suit] = sorted([table[c][1] for c in self.out(suit)])
        return found

    def card_cost(self, cards: Cards) -> float:
        """What playing ``cards`` (of this seat's hand) costs the seat later: their worth,
        and more for a pair or tractor split."""
        cost = 0.0
        worths = self._worth
        for card in cards:
            worth = worths.get(card)
            cost += self.worth(card) if worth is None else worth
        pairs = self._pairs
        if pairs is None:  # the hand is sorted: a pair's two copies lie side by side
            hand = self.hand
            pairs = self._pairs = {a for a, b in pairwise(hand) if a is b}
        if pairs:
            for card in cards:
                if card in pairs and cards.count(card) == 1:
                    cost += 12  # one card of a pair held: the pair is split
        return cost

    def discards(self, cards: list[Card], k: int) -> tuple[list[Card], list[Card]]:
        """Two ways to discard ``k`` of ``cards``: the cheapest, and the richest in points
        (to feed a partner); from short side suits first (a void lets the seat ruff),
        trumps last. Each card is priced once for both."""
        suits = self.suits
        table = self.table
        counts = tally(cards)
        prices: dict[Card, float] = {}
        for card in counts:
            suit = table[card][0]
            cost = self.worth(card) + (20 if suit == TRUMP else 0) + (8 if counts[card] > 1 else 0)
            prices[card] = cost - (6 if len(suits.get(suit, ())) <= 2 else 0)

        def cheap(card: Card) -> float:
            return prices[card] + 30 * card.points

        def rich(card: Card) -> float:
            return prices[card] - 30 * card.points

        return sorted(cards, key=cheap)[:k], sorted(cards, key=rich)[:k]

    def ruffs(self, n: int) -> list[Cards]:
        """Plays of trumps in the lead's format that win the trick: for a single, every
        trump that wins; else the lowest and the highest (against a later over-ruff)."""
        trumps = self.suits.get(TRUMP, ())
        if len(trumps) < n:
            return []
        state = self.state
        if n == 1:
            return [(c,) for c in dict.fromkeys(trumps) if state.would_win((c,))]
        trick = state.trick
        assert trick is not None
        found = []
        for high in (False, True):
            cards = _matching(trick.lead_units, state.units(trumps), high)
            if cards is not None and state.would_win(cards):
                found.append(cards)
        return found


def _matching(lead: Sequence[Unit], units: Sequence[Unit], high: bool) -> Cards | None:
    """Cards of ``units`` (one suit) in the format of the ``lead`` units: for each led
    unit, biggest first, the lowest (or highest) unit of the same shape, a longer tractor
    cut down to the bottom (or top) pairs; ``None`` if the format cannot be met."""
    left = sorted(units, key=lambda u: u.top, reverse=high)
    chosen: list[Card] = []
    for want in lead:
        for i, unit in enumerate(left):
            if unit.copies == want.copies and unit.length >= want.length:
                size = want.size
                part = unit.cards[:size] if high else unit.cards[unit.size - size :]
                rest = unit.cards[size:] if high else unit.cards[: unit.size - size]
                chosen.extend(part)
                del left[i]
                if rest:
                    top = unit.top - want.length if high else unit.top
                    left.append(Unit(rest, unit.suit, 2, len(rest) // 2, top))
                break
        else:
            if want.copies != 1 or not left:
                return None
            # A single may come from any unit: the lowest (highest) card left.
            unit = left.pop(0)
            card = unit.cards[0] if high else unit.cards[-1]
            chosen.append(card)
            others = list(unit.cards)
            others.remove(card)
            left.extend(Unit((c,), unit.suit, 1, 1, unit.top) for c in others)
    return _sorted(chosen)


def _sorted(cards: Iterable[Card]) -> Cards:
    return tuple(sorted(cards, key=_index))


def _index(card: Card) -> int:
    return card.index


def _indexes(cards: Cards) -> list[int]:
    return [c.index for c in cards]


def _holds(share: float, units: int, copies: int) -> float:
    """The chance that a seat holding ``share`` of the unseen cards holds at least one of
    ``units`` unseen singles (``copies`` 1) or pairs."""
    if not units:
        return 0.0
    one = share if copies == 1 else share * share
    return 1 - (1 - one) ** units


def _cards(units: Sequence[Unit]) -> list[Card]:
    return [c for u in units for c in u.cards]
