"""A second opponent for the duplicate matches, written from another source: the
priorities of the rule-based player of ejfn/Tractor (a Shengji app in TypeScript), ported
onto our game state. Not our bots' logic: where ejfn/Tractor's player differs from ours it
plays as ejfn/Tractor's does, so a match against it says how our players fare against a
published heuristic player, not only against themselves.

What was followed (https://github.com/ejfn/Tractor, read 2026-12-01; the code here is
our own, written from these files, none of theirs copied):

* ``docs/AI_DECISION_TREE.md`` (commit 3758d7c) and ``docs/AI_SYSTEM.md`` (03d146f):
  the following chain, in order: support a teammate who is winning (feed points,
  10 > K > 5), else block an opponent, else contest a trick with points, else dispose;
  the disposal order (no trump, no ace, no points first; trumps last, the weakest trump
  first); the trump conservation order (big joker > little joker > trump rank in the
  trump suit > trump rank in the other suits > trump-suit cards).
* ``src/game/cardValue.ts`` (03d6854), ``calculateCardStrategicValue``: one number a
  card in three modes (:func:`card_value`): *basic* (jokers 1000 and 999, the trump rank
  180 in the trump suit and 170 elsewhere, trump-suit cards 100 + rank, side cards their
  rank), *strategic* (point cards dearer by 10 a point: keep them) and *contribute*
  (point cards cheaper by 10 a point and a 10 by 5 more: give them, 10 first).
* ``src/ai/following/teammateAnalysis.ts`` (42dc926), ``shouldContributeToTeammate``:
  give points only when the teammate is winning and safe: it ruffed, or nothing unseen
  beats its play; and this seat is the last to play or the next seat (an opponent) has
  not shown a void in the suit led (it could ruff over).
* ``src/ai/following/validCombosDecision.ts`` (03d6854): holding the lead's shape in the
  suit led: contribute, else (an opponent winning, not ruffed) play the highest combo if
  it wins, else dispose the lowest; on a trump lead beat only with a card above a
  threshold (150 on a trick of 10 points or more, else 100, on the scale above), not a
  teammate already winning above it. (Their filter has no ``return``, so it never beats:
  we play what its comment says.)
* ``src/ai/following/sameSuitDecision.ts`` (44a3675) and the void and short cases of
  ``routingLogic``: enough cards of the suit but not the shape: the lowest cards by the
  mode (contribute or strategic), the pairs the rules ask for first.
* ``src/ai/following/voidDecision.ts`` (40c1a2f): void in a side suit led: contribute if
  the teammate is safe; else ruff with the lowest trumps that win: always against a
  tractor on a trick of 10 points or more (or when second to play), a single or pair when
  last to play or the next seat has not shown the suit void, but not spending a card
  above 150 on a trick without points (when the next seat could ruff over, with a trump
  above 100, or 150 on a trick of 10 points or more); else dispose the lowest card by
  the strategic value. Where the code ruffs over a teammate who is winning but not safe,
  we follow the decision tree (a teammate winning: contribute or play low).
* ``src/ai/leading/multiComboLeadingStrategy.ts`` (4015019): lead every side-suit card
  nothing unseen can beat, as one throw, from the suit with most such cards, when it has
  a pair or more than 3 cards (else now and then, less often as the hand shortens).
* ``src/ai/leading/leadingStrategy.ts`` (0478538), ``pointFocusedStrategy.ts``
  (3949c76) and ``firstPlayerLeadingAnalysis.ts`` (297ca02): the leading chain: in the
  first quarter of the hand, side aces (a pair before a single), else the strongest side
  tractor, pair or single; later, a side single or pair nothing unseen beats (point cards
  first); else by the cards left: more than 20 a safe low side card without points, 8 or
  fewer the highest-valued combo, else a tractor or pair (control), each by their lead
  values.

Left out: their void exploitation, their opponent modelling from earlier tricks and the
"aggressive" lead under point pressure (they need a model of the other players we would
have to invent), the LLM player, and their bidding and kitty (the match's deals are set up
by our simulator, the same for both teams).

It keeps every rule: it only ever plays a legal follow of the core
(:meth:`~notation.rules.game.PlayState.follows`, :func:`~notation.rules.follow.check_follow`)
or a lead judged by it (:meth:`~notation.rules.game.PlayState.judge_lead`), and knows
only what its seat may: its cards, the table, the cards not yet seen as one pool
(:func:`notation.bots.unseen`) and the voids shown (:class:`~notation.rules.holding.Voids`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import combinations
from math import comb
from typing import Literal

from notation.bots import unseen
from notation.rules.cards import Card, Cards, Rank
from notation.rules.follow import check_follow
from notation.rules.game import Play, PlayState
from notation.rules.holding import Voids
from notation.rules.order import TRUMP, EffectiveSuit, Trump
from notation.rules.seats import SEATS, next_seat
from notation.rules.throw import can_beat
from notation.rules.units import Unit

Mode = Literal["basic", "strategic", "contribute"]

ENUMERATE = 300  # legal follows listed in full up to this many subsets of the suit
SAMPLES = 24  # else this many drawn at random, with the ones built for a purpose


def card_value(card: Card, trump: Trump, mode: Mode = "basic") -> int:
    """ejfn/Tractor's strategic value of ``card`` (see the module's docstring).

    >>> t = Trump.parse("S 2")
    >>> from notation.rules.cards import parse_card as c
    >>> [card_value(c(x), t) for x in ("BJ", "LJ", "S2", "H2", "SA", "H10", "H5")]
    [1000, 999, 180, 170, 114, 10, 5]
    >>> [card_value(c(x), t, "contribute") for x in ("H10", "HK", "H5")]
    [-95, -87, -45]
    """
    if card.rank is Rank.BIG_JOKER:
        return 1000
    if card.rank is Rank.LITTLE_JOKER:
        return 999
    if card.rank is trump.rank:
        return 180 if card.suit is trump.suit else 170
    value = card.rank.natural
    if trump.is_trump(card):
        if card.suit is not trump.suit:
            return 170  # a permanent two: as a rank card of another suit
        value += 100
    if card.points:
        if mode == "strategic":
            value += 10 * card.points
        elif mode == "contribute":
            value -= 10 * card.points + (5 if card.rank is Rank.TEN else 0)
    return value


class RivalBot:
    """ejfn/Tractor's rule-based player's priorities on our game state (a
    :class:`~notation.bots.Player`)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.voids = Voids()
        self.hand_size = 0

    def start(self, state: PlayState) -> None:
        """A new hand: forget the last one's voids, note the hand's length."""
        self.voids.clear()
        self.hand_size = max(len(state.hand(seat)) for seat in SEATS)

    def observe(self, state: PlayState, play: Play) -> None:
        """Note the suits a follow shows its seat lacks."""
        self.voids.note(state.trump, state.table, play)

    def choose(self, state: PlayState) -> Play:
        """The play of the seat to move."""
        self.voids.note_table(state.trump, state.table)
        if not self.hand_size:
            self.hand_size = max(len(state.hand(seat)) for seat in SEATS)
        return self.follow(state) if state.table else self.lead(state)

    # --- leading --------------------------------------------------------------------

    def lead(self, state: PlayState) -> Play:
        """The leading chain: an unbeatable throw, early aces and high side cards,
        later sure side winners, else a lead by the stage of the hand."""
        seat = state.to_move
        trump = state.trump
        hand = state.hand(seat)
        throw = self._unbeatable_throw(state)
        if throw is not None:
            return state.judge_lead(throw)
        units = [play.cards for play in state.unit_leads()]
        side = [u for u in units if not trump.is_trump(u[0])]
        early = 1 - len(hand) / max(self.hand_size, 1) <= 0.25
        if early and side:
            aces = [u for u in side if all(c.rank is Rank.ACE for c in u)]
            if aces:
                return Play(seat, max(aces, key=len))  # a pair before a single
            by_shape = max(side, key=lambda u: (_shape_rank(state, u), self._value(state, u)))
            return Play(seat, by_shape)
        if not early:
            winners = [
                u
                for u in side
                if len(state.units(u)) == 1
                and state.units(u)[0].length == 1
                and not can_beat(state.units(u)[0], unseen(state, seat, _suit(trump, u)), trump)
            ]
            if winners:
                return Play(seat, max(winners, key=lambda u: _winner_priority(trump, u)))
        left = len(hand)
        if left > 20:
            probes = [
                u
                for u in side
                if not any(c.points for c in u) and all(c.rank.natural <= 9 for c in u)
            ]
            if probes:
                return Play(seat, min(probes, key=lambda u: self._value(state, u)))
            pool = [u for u in side if not any(c.points for c in u)] or units
            return Play(seat, max(pool, key=lambda u: _lead_value(state, u, "probe")))
        if left <= 8:
            return Play(seat, max(units, key=lambda u: _lead_value(state, u, "endgame")))
        shaped = [u for u in units if len(u) > 1]
        tractors = [u for u in shaped if state.units(u)[0].length > 1]
        pool = tractors or shaped or units
        return Play(seat, max(pool, key=lambda u: _lead_value(state, u, "control")))

    def _unbeatable_throw(self, state: PlayState) -> list[Card] | None:
        """Every side-suit card nothing unseen can beat, as one throw, from the suit
        with most such cards (multiComboLeadingStrategy.ts)."""
        seat = state.to_move
        trump = state.trump
        others = [s for s in SEATS if s != seat]
        best: list[Unit] = []
        for suit, cards in state.suits(seat).items():
            if suit == TRUMP:
                continue
            units = state.units(cards)
            if all(self.voids.lacks(s, suit) for s in others):
                sure = units
            else:
                out = unseen(state, seat, suit)
                sure = [u for u in units if not can_beat(u, out, trump)]
            if sum(u.size for u in sure) > sum(u.size for u in best):
                best = sure
        if len(best) < 2:
            return None
        throw = [c for u in best for c in u.cards]
        strong = any(u.copies == 2 for u in best) or len(throw) > 3
        if strong or len(throw) == len(state.hand(seat)):
            return throw
        left = len(state.hand(seat))
        chance = 1.0 if left > 18 else 0.7 if left > 12 else 0.5 if left > 6 else 0.2
        return throw if self.rng.random() < chance else None

    # --- following ------------------------------------------------------------------

    def follow(self, state: PlayState) -> Play:
        """The following chain: by what the seat holds of the suit led (void, short,
        the lead's shape, or enough cards but not the shape)."""
        seat = state.to_move
        trump = state.trump
        lead = state.table[0].cards
        n = len(lead)
        suit = _suit(trump, lead)
        hand = state.hand(seat)
        mine = state.suits(seat).get(suit, ())
        contribute = self._should_contribute(state)
        mode: Mode = "contribute" if contribute else "strategic"
        if not mine:
            return Play(seat, _sorted(self._void(state, contribute)))
        if len(mine) <= n:
            rest = [c for c in hand if trump.effective_suit(c) != suit]
            return Play(seat, _sorted([*mine, *self._lowest(rest, n - len(mine), trump, mode)]))
        candidates = self._follows(state, mine)
        if len(candidates) == 1:
            return candidates[0]
        lead_units = state.units(lead)
        shaped = len(lead_units) == 1 and any(
            len(state.units(p.cards)) == 1 and state.units(p.cards)[0].shape == lead_units[0].shape
            for p in candidates
        )
        if not shaped:  # enough cards of the suit, not the shape: the lowest by the mode
            return self._lowest_play(state, candidates, mode)
        if contribute:
            return self._lowest_play(state, candidates, "contribute")
        if suit == TRUMP:
            beat = self._beat_above(state, candidates)
            if beat is not None:
                return beat
        elif not self._partner_winning(state) and not self._ruffed(state):
            high = max(candidates, key=lambda p: self._value(state, p.cards))
            if state.would_win(high.cards):
                return high
        return self._lowest_play(state, candidates, "strategic")

    def _void(self, state: PlayState, contribute: bool) -> list[Card]:
        """Void in the suit led: feed a safe teammate, else ruff where it pays, else
        throw away the lowest cards (voidDecision.ts)."""
        seat = state.to_move
        trump = state.trump
        hand = list(state.hand(seat))
        lead = state.table[0].cards
        n = len(lead)
        if contribute:
            return self._lowest(hand, n, trump, "contribute")
        trumps = [c for c in hand if trump.is_trump(c)]
        side_lead = not trump.is_trump(lead[0])
        if side_lead and len(trumps) >= n and not self._partner_winning(state):
            ruff = self._ruff(state, trumps)
            if ruff is not None:
                return ruff
        return self._lowest(hand, n, trump, "strategic")

    def _ruff(self, state: PlayState, trumps: list[Card]) -> list[Card] | None:
        """The ruff voidDecision.ts makes, or None to throw away instead."""
        seat = state.to_move
        trump = state.trump
        lead = state.table[0].cards
        n = len(lead)
        beating = [list(p) for p in self._subsets(trumps, n) if state.would_win(_sorted(p))]
        if not beating:
            return None
        trick = state.trick
        points = trick.points if trick is not None else 0
        lead_units = state.units(lead)
        second = len(state.table) == 1
        if len(lead_units) == 1 and lead_units[0].length > 1:
            if points >= 10 or second:
                return min(beating, key=lambda p: self._value(state, p, "contribute"))
            return None
        last = len(state.table) == 3
        if last or not self.voids.lacks(next_seat(seat), _suit(trump, lead)):
            chosen = min(beating, key=lambda p: self._value(state, p, "contribute"))
            top = max(card_value(c, trump, "contribute") for c in chosen)
            if points == 0 and top > 150:
                return None  # no points: keep the big trumps
            return chosen
        limit = 150 if points >= 10 else 100
        high = [p for p in beating if max(card_value(c, trump) for c in p) > limit]
        if high:
            return min(high, key=lambda p: self._value(state, p, "strategic"))
        return max(beating, key=lambda p: self._value(state, p, "strategic"))

    def _beat_above(self, state: PlayState, candidates: list[Play]) -> Play | None:
        """On a trump lead, beat with a card above the threshold (150 on a trick of 10
        points or more, else 100), unless a teammate already wins above it."""
        trump = state.trump
        trick = state.trick
        points = trick.points if trick is not None else 0
        limit = 150 if points >= 10 else 100
        if self._partner_winning(state):
            winner = self._winning_cards(state)
            if max(card_value(c, trump) for c in winner) > limit:
                return None
        strong = [
            p
            for p in candidates
            if state.would_win(p.cards)
            and any(card_value(c, trump, "contribute") > limit for c in p.cards)
        ]
        if not strong:
            return None
        return min(strong, key=lambda p: self._value(state, p.cards, "contribute"))

    def _should_contribute(self, state: PlayState) -> bool:
        """Give points only to a teammate who is winning and safe (teammateAnalysis.ts)."""
        if not self._partner_winning(state):
            return False
        seat = state.to_move
        trump = state.trump
        lead = state.table[0].cards
        suit = _suit(trump, lead)
        last = len(state.table) == 3
        next_ok = last or not self.voids.lacks(next_seat(seat), suit)
        if suit == TRUMP:
            return last or self.voids.lacks(next_seat(seat), TRUMP) or self._biggest(state)
        if self._ruffed(state):
            return next_ok
        return self._biggest(state) and next_ok

    def _biggest(self, state: PlayState) -> bool:
        """True if no unseen cards of the suit led beat the winning play."""
        trump = state.trump
        lead_units = state.units(state.table[0].cards)
        if len(lead_units) > 1:
            return True  # a throw is beaten only by a ruff
        winner = state.units(self._winning_cards(state))
        if len(winner) != 1 or winner[0].suit != lead_units[0].suit:
            return True
        return not can_beat(winner[0], unseen(state, state.to_move, winner[0].suit), trump)

    # --- what is on the table ---------------------------------------------------------

    def _partner_winning(self, state: PlayState) -> bool:
        winning = state.winning()
        return winning is not None and (winning - state.to_move) % 2 == 0

    def _winning_cards(self, state: PlayState) -> Cards:
        trick = state.trick
        assert trick is not None
        return state.table[trick.index].cards

    def _ruffed(self, state: PlayState) -> bool:
        """True if a side-suit lead is being won by a trump."""
        trump = state.trump
        return not trump.is_trump(state.table[0].cards[0]) and trump.is_trump(
            self._winning_cards(state)[0]
        )

    # --- choosing cards by value ------------------------------------------------------

    def _value(self, state: PlayState, cards: Iterable[Card], mode: Mode = "basic") -> int:
        return sum(card_value(c, state.trump, mode) for c in cards)

    def _lowest(self, cards: Sequence[Card], k: int, trump: Trump, mode: Mode) -> list[Card]:
        return sorted(cards, key=lambda c: (card_value(c, trump, mode), c.index))[:k]

    def _lowest_play(self, state: PlayState, plays: list[Play], mode: Mode) -> Play:
        return min(plays, key=lambda p: (self._value(state, p.cards, mode), _indexes(p.cards)))

    def _follows(self, state: PlayState, mine: Cards) -> list[Play]:
        """Legal follows holding more of the suit than the lead has cards: all of them
        where they are few, else a sample with the lowest ones by each mode."""
        seat = state.to_move
        n = len(state.table[0].cards)
        if n == 1:
            return [Play(seat, (c,)) for c in dict.fromkeys(mine)]
        if comb(len(mine), n) <= ENUMERATE:
            return list(state.follows())
        found = {state.sample_follow(self.rng) for _ in range(SAMPLES)}
        lead = state.table[0].cards
        hand = state.hand(seat)
        modes: tuple[Mode, ...] = ("basic", "strategic", "contribute")
        for mode in modes:
            cards = _sorted(self._lowest(mine, n, state.trump, mode))
            shorter = state.rules.follow.shorter_tractor
            if not check_follow(lead, cards, hand, state.trump, None, shorter):
                found.add(Play(seat, cards))
        return sorted(found, key=lambda p: _indexes(p.cards))

    def _subsets(self, cards: list[Card], n: int) -> list[Cards]:
        """The distinct ``n``-card sets of ``cards``: all where they are few, else a
        sample with the lowest and highest."""
        ordered = _sorted(cards)
        if comb(len(ordered), n) <= ENUMERATE:
            return list(dict.fromkeys(combinations(ordered, n)))
        found = {_sorted(self.rng.sample(ordered, n)) for _ in range(SAMPLES)}
        return sorted(found, key=_indexes)


def _suit(trump: Trump, cards: Sequence[Card]) -> EffectiveSuit:
    return trump.effective_suit(cards[0])


def _shape_rank(state: PlayState, cards: Cards) -> int:
    """Tractors before pairs before singles (the early lead's preference)."""
    unit = state.units(cards)[0]
    return 2 if unit.length > 1 else 1 if unit.copies == 2 else 0


def _winner_priority(trump: Trump, cards: Cards) -> int:
    """A sure winner's order: point cards first (by points), then by rank."""
    top = max(cards, key=trump.level)
    return 100 + top.points if top.points else top.rank.natural


def _lead_value(state: PlayState, cards: Cards, phase: str) -> int:
    """firstPlayerLeadingAnalysis.ts's value of a lead for the stage of the hand."""
    trump = state.trump
    unit = state.units(cards)[0]
    shape = 30 if unit.length > 1 else 20 if unit.copies == 2 else 10
    trumps = [c for c in cards if trump.is_trump(c)]
    value = shape + sum(15 if trump.is_trump(c) else min(c.rank.natural, 10) for c in cards)
    if phase == "probe" and trumps:
        value -= 20
    elif phase == "control":
        value += 15 if unit.length > 1 else 10 if unit.copies == 2 else 0
    elif phase == "endgame":
        value += sum(c.points + (10 if trump.is_trump(c) else c.rank.natural) for c in cards)
    return value


def _sorted(cards: Iterable[Card]) -> Cards:
    return tuple(sorted(cards, key=lambda c: c.index))


def _indexes(cards: Cards) -> list[int]:
    return [c.index for c in cards]
