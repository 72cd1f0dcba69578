"""Scoring a hand and moving the match on: pure functions over a :class:`Ruleset`.

Points (5s, 10s, Ks), the kitty bonus when the defenders win the last trick, throw
penalties, the level-table outcome, the next dealer, and applying an outcome to the two
teams' levels with must-play levels (逢10必打) and the match's goal.

>>> from notation.presets import load_ruleset
>>> qq = load_ruleset("qq")
>>> kitty_bonus(qq, 25, defenders_won_last=True, copies=2, pairs=3)
300
>>> str(outcome(qq, 85)), next_dealer(1, outcome(qq, 85))
('defenders +0', 2)
"""

from __future__ import annotations

from collections.abc import Iterable
from math import gcd

from notation.frozen import frozen
from notation.rules.cards import DECK, RANKS, Card, Rank
from notation.rules.ruleset import (
    Goal,
    Outcome,
    PenaltyCounts,
    Ruleset,
    Side,
    TakeOver,
    WrongCountRule,
)
from notation.rules.seats import Seat, next_seat, partner, team

__all__ = [
    "HandResult",
    "LevelChange",
    "Levels",
    "advance_level",
    "apply_outcome",
    "card_points",
    "defenders_total",
    "drop_levels",
    "final_total",
    "is_possible_total",
    "kitty_bonus",
    "max_defenders_total",
    "misplays_lose",
    "never_negative",
    "next_dealer",
    "outcome",
    "start_levels",
    "throw_penalty",
    "total_step",
    "tribute_cards",
    "wrong_count_outcome",
]

# The two teams' levels: team 1 (seats 1&3) first, team 2 (seats 2&4) second.
Levels = tuple[Rank, Rank]


def start_levels(rules: Ruleset) -> Levels:
    """Both teams' levels at the start of a match (从2开始)."""
    return (rules.match.start_level, rules.match.start_level)


def card_points(cards: Iterable[Card]) -> int:
    """Points in ``cards``: every 5 is 5, every 10 and K is 10."""
    return sum(c.points for c in cards)


def kitty_bonus(
    rules: Ruleset,
    kitty: Iterable[Card] | int,
    *,
    defenders_won_last: bool,
    copies: int = 1,
    pairs: int = 1,
    trump: bool = True,
) -> int:
    """Points the defenders add for the kitty (抠底): its points × the multiplier.

    ``kitty`` is the buried cards or their points; ``copies`` and ``pairs`` describe the
    largest unit of the last trick's winning play (a single is 1, 1; a pair 2, 1; a
    tractor of n pairs 2, n); ``trump`` is False when it was won with side cards.
    Nothing when the dealer side won the last trick.
    """
    if not defenders_won_last:
        return 0
    points = kitty if isinstance(kitty, int) else card_points(kitty)
    return points * rules.kitty_multiplier(copies, pairs, trump=trump)


def throw_penalty(rules: Ruleset, *, withdrawn: int, beaten: int) -> int:
    """Points a failed throw costs: per counted card (cards not thrown, or cards beaten)."""
    counted = withdrawn if rules.throw.penalty_counts is PenaltyCounts.WITHDRAWN else beaten
    return rules.throw.penalty_per_card * counted


def defenders_total(
    trick_points: int,
    kitty_points: int = 0,
    *,
    defender_penalties: int = 0,
    dealer_penalties: int = 0,
) -> int:
    """The defenders' total: points won in tricks, plus the kitty bonus, with penalties.

    A penalty on a defender (a failed throw) comes off the defenders' total; a penalty on
    the dealer side goes to the defenders, the only side whose points count.
    """
    return trick_points + kitty_points - defender_penalties + dealer_penalties


def max_defenders_total(rules: Ruleset) -> int:
    """The most points the defenders can total in one hand: a safe upper bound.

    Every card point taken in tricks, except what lies in the kitty; the kitty's points
    (its richest possible cards) times the largest multiplier a last trick can earn (a
    trump tractor as long as a hand allows); and the failed-throw penalties the dealer
    side can pay, a throw of every size from a full hand down to two cards.

    >>> from notation.presets import load_ruleset
    >>> max_defenders_total(load_ruleset("qq"))
    3960
    """
    kitty = sum(sorted((c.points for c in DECK), reverse=True)[: rules.kitty.size])
    longest = rules.hand_size // 2  # pairs in the longest tractor a hand can lead
    units = [(1, 1), *((2, pairs) for pairs in range(1, longest + 1))]
    multiplier = max(
        rules.kitty_multiplier(copies, pairs, trump=trump)
        for copies, pairs in units
        for trump in (True, False)
    )
    # Every player holds as many cards as the others before each trick, and each trick
    # takes at least one: the leads, failed or not, hold at most h + (h-1) + ... + 2 cards.
    thrown = rules.hand_size * (rules.hand_size + 1) // 2 - 1
    penalties = rules.throw.penalty_per_card * thrown
    return card_points(DECK) - kitty + kitty * multiplier + penalties


def total_step(rules: Ruleset) -> int:
    """Every defenders' total is a multiple of this: 5, unless a failed throw's penalty
    per card is not a multiple of 5."""
    return gcd(5, rules.throw.penalty_per_card)


def is_possible_total(rules: Ruleset, points: int) -> bool:
    """True if the defenders can total ``points`` in one hand under ``rules``."""
    return 0 <= points <= max_defenders_total(rules) and points % total_step(rules) == 0


def outcome(rules: Ruleset, defender_points: int) -> Outcome:
    """Which side goes up, and by how many levels, for the defenders' total."""
    return rules.outcome(defender_points)


def next_dealer(dealer: Seat, result: Outcome) -> Seat:
    """Dealer side went up: the dealer's partner; defenders took over: the dealer's 下家."""
    if result.winner is Side.DEALER:
        return partner(dealer)
    return next_seat(dealer)


@frozen
class LevelChange:
    """A team's new level, and whether that move wins the match."""

    level: Rank
    won_match: bool = False


def _must_play(rules: Ruleset) -> frozenset[Rank]:
    stops = set(rules.match.must_play)
    if rules.match.goal is Goal.WIN_AS_DEALER:
        stops.add(rules.match.goal_rank)  # 报A: the goal is won only as dealer
    return frozenset(stops)


def advance_level(rules: Ruleset, level: Rank, levels: int, *, played: bool) -> LevelChange:
    """``level`` moved up ``levels`` steps, stopping at must-play levels.

    ``played`` is True when the team won this hand as dealer at ``level``, so it may leave
    that level even if it must be played. Past A, levels wrap to 2 (goal ``none``) or
    the match is won.
    """
    stops = _must_play(rules)
    goal, goal_rank = rules.match.goal, rules.match.goal_rank
    current = level
    may_leave = played
    for _ in range(levels):
        if current in stops and not may_leave:
            break
        if goal is Goal.PASS and current is goal_rank:
            return LevelChange(_step(current), won_match=True)
        if goal is Goal.WIN_AS_DEALER and current is goal_rank:
            return LevelChange(current, won_match=True)
        current = _step(current)
        may_leave = False
    return LevelChange(current)


def _step(level: Rank) -> Rank:
    """One level up; A is followed by 2 (levels wrap)."""
    return RANKS[(RANKS.index(level) + 1) % len(RANKS)]


def drop_levels(level: Rank, levels: int) -> Rank:
    """``level`` moved down ``levels`` steps, never below 2."""
    return RANKS[max(0, RANKS.index(level) - levels)]


@frozen
class HandResult:
    """What a hand leaves behind: both teams' levels, the next dealer, a match winner."""

    levels: Levels
    next_dealer: Seat
    winner: int | None = None  # the team (1 or 2) that has won the match, if any


def apply_outcome(
    rules: Ruleset,
    levels: Levels,
    dealer: Seat,
    result: Outcome,
    *,
    misplays: tuple[int, int] = (0, 0),
) -> HandResult:
    """Both teams' levels and the next dealer after a hand with ``result``.

    ``levels`` are team 1's and team 2's; the dealer's team played at its own level.
    ``misplays`` counts each team's misplays this hand; each drops the rule set's
    misplay levels after the hand (000§2 五, 七).
    """
    dealer_team = team(dealer)
    winner_team = dealer_team if result.winner is Side.DEALER else 3 - dealer_team
    new = list(levels)
    if result.take_over and rules.match.take_over is TakeOver.OVER_DEALER:
        # 001§4.6: from the old dealer's level, one level for the take-over and the rest.
        change = advance_level(rules, levels[dealer_team - 1], 1 + result.levels, played=False)
    else:
        change = advance_level(
            rules,
            levels[winner_team - 1],
            result.levels,
            played=result.winner is Side.DEALER,
        )
    new[winner_team - 1] = change.level
    for t in (1, 2):
        new[t - 1] = drop_levels(new[t - 1], misplays[t - 1] * rules.penalties.misplay_levels)
    return HandResult(
        (new[0], new[1]),
        next_dealer(dealer, result),
        winner_team if change.won_match else None,
    )


def misplays_lose(rules: Ruleset, strikes: int) -> bool:
    """True if a team with ``strikes`` misplays in the match has lost it (三次判负)."""
    limit = rules.penalties.misplay_strikes_to_lose
    return bool(limit) and strikes >= limit


def wrong_count_outcome(
    rules: Ruleset,
    played: Outcome,
    *,
    dealer_side_wrong: bool,
    defenders_wrong: bool,
) -> Outcome | None:
    """The result of a hand in which a side held too many or too few cards (多牌少牌).

    ``played`` is the result the cards gave. ``None``: nobody goes up (both sides at
    fault under ``fixed``; the next hand is grabbed).
    """
    p = rules.penalties
    if not (dealer_side_wrong or defenders_wrong) or p.wrong_card_count is WrongCountRule.NONE:
        return played
    if dealer_side_wrong and defenders_wrong:
        return None
    if p.wrong_card_count is WrongCountRule.FIXED:
        # 000§2 八: 台上多牌少牌自动下台，且台下升一级; 台下多牌少牌，台上升一级
        winner = Side.DEFENDERS if dealer_side_wrong else Side.DEALER
        return Outcome(winner, p.wrong_card_count_levels)
    # PLAYED_OUT, 000§3 二.7: the faultless side goes up by the actual result if it won;
    # else the dealer side at fault steps down, the defenders at fault lose the hand.
    faultless = Side.DEFENDERS if dealer_side_wrong else Side.DEALER
    if played.winner is faultless:
        return played
    if faultless is Side.DEFENDERS:
        return Outcome(Side.DEFENDERS, 0)
    return Outcome(Side.DEALER, max(1, p.wrong_card_count_levels))


def tribute_cards(rules: Ruleset, *, kitty_captured: bool) -> int:
    """Cards the dealer side gives as tribute (进贡) after the defenders captured the kitty."""
    return rules.tribute.cards if kitty_captured else 0


def never_negative(points: int) -> int:
    """A defenders' total is never below 0: penalties can take them below nothing, and
    the level tables start at 0 points."""
    return max(points, 0)


def final_total(
    rules: Ruleset,
    card_points: int,
    kitty: Iterable[Card] | int,
    *,
    penalty_points: int = 0,
    defenders_won_last: bool,
    copies: int = 1,
    pairs: int = 1,
    trump: bool = True,
) -> int:
    """The defenders' total at the end of a hand: their points from tricks, the kitty
    bonus (see :func:`kitty_bonus`) and the failed-throw penalties (signed for the
    defenders), never below 0.

    >>> from notation.presets import load_ruleset
    >>> final_total(load_ruleset("match-a"), 60, 25, penalty_points=-10,
    ...             defenders_won_last=True, copies=2, pairs=1)
    150
    """
    bonus = kitty_bonus(
        rules, kitty, defenders_won_last=defenders_won_last, copies=copies, pairs=pairs, trump=trump
    )
    return never_negative(card_points + penalty_points + bonus)
