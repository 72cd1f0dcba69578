"""A rule set as data: every variant of the game is a field of one frozen :class:`Ruleset`.

The sections mirror the YAML presets (``notation/presets/*.yaml``): ``cards``,
``bidding``, ``follow``, ``throw``, ``kitty``, ``scoring``, ``match``, ``penalties``,
``tribute`` and ``clauses``. Code asks the rule set (``rules.kitty_multiplier(2, 3)``,
``rules.outcome(85)``), it never tests a preset's name. Loading YAML lives outside the
rules core, in :mod:`notation.presets`.

>>> table = LevelTable.named("forty")
>>> table.outcome(0), table.outcome(85), table.outcome(240)
(Outcome.parse('dealer +3'), Outcome.parse('defenders +0'), Outcome.parse('defenders +4'))
"""

# No ``from __future__ import annotations``: the fields' annotations are the types
# themselves, which notation.presets reads a rule set's YAML by (dataclasses.fields), with
# no string evaluated at every start.
from collections.abc import Mapping
from dataclasses import field, fields
from enum import StrEnum
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Final

from notation.errors import KeyedError
from notation.frozen import frozen
from notation.rules.cards import DECK, Rank, Suit
from notation.rules.clauses import Clause, Rule, Text, Title
from notation.rules.order import Trump

__all__ = [
    "BidShape",
    "BidSuit",
    "BiddingRules",
    "CardRules",
    "CounterWindow",
    "FallbackRule",
    "FollowRules",
    "Goal",
    "KittyRules",
    "LevelRow",
    "LevelTable",
    "MatchRules",
    "MultiplierFamily",
    "Outcome",
    "PenaltyCounts",
    "PenaltyRules",
    "Reinforcer",
    "Ruleset",
    "RulesetCheckError",
    "ScoringRules",
    "ShorterTractor",
    "Side",
    "TakeOver",
    "Text",
    "ThrowRules",
    "Title",
    "TributeRules",
    "WrongCountRule",
]


DECK_SIZE: Final = len(DECK)  # two decks with jokers: 108 cards


class RulesetCheckError(KeyedError):
    """Values of a rule set that do not fit together (a level table whose thresholds go
    down, a kitty the deal cannot leave): its key and facts (the catalogue's
    ``ruleset.why.<key>``), as a refused bid's."""

    kind = "ruleset"


# ---------------------------------------------------------------------------- closed choices


class Side(StrEnum):
    """The two sides of a hand: the dealer's team (庄家, 台上) and the defenders (闲家, 台下)."""

    DEALER = "dealer"
    DEFENDERS = "defenders"


class BidShape(StrEnum):
    """What a player shows to declare, counter or reinforce (亮主, 反主, 上保险)."""

    SINGLE = "single"  # one trump-rank card: its suit (000§6.二.1)
    PAIR = "pair"  # two identical trump-rank cards (000§6.四, 001§4.2 约定)
    JOKER_WITH_SINGLE = "joker_with_single"  # BJ + ♥/♦ or LJ + ♠/♣ rank card (000§3 二.1)
    JOKER_WITH_PAIR = "joker_with_pair"  # a joker with two identical rank cards (000§3 二.1)
    TWO_JOKERS = "two_jokers"  # two identical jokers: no-trump (无主, 000§6.四)

    @property
    def copies(self) -> int:
        """How many identical cards the shape shows: 1 or 2 (jokers count as a pair)."""
        return 1 if self in (BidShape.SINGLE, BidShape.JOKER_WITH_SINGLE) else 2


class BidSuit(StrEnum):
    """A place in the order that ranks equal-shaped bids: the jokers, then the four suits."""

    BIG_JOKER = "BJ"
    LITTLE_JOKER = "LJ"
    SPADES = "S"
    HEARTS = "H"
    CLUBS = "C"
    DIAMONDS = "D"


class Reinforcer(StrEnum):
    """Who may reinforce a declaration: the declarer (自保) or the partner (对家保)."""

    SELF = "self"
    PARTNER = "partner"


class CounterWindow(StrEnum):
    """When a counter (反主) is allowed."""

    NONE = "none"  # never
    BEFORE_PICKUP = "before_pickup"  # during the deal, until the dealer picks up the kitty
    AFTER_BURY = "after_bury"  # after the dealer buries, in turn; the counter re-buries (炒底)


class FallbackRule(StrEnum):
    """What sets the trump when nobody declares."""

    KITTY_CARD = "kitty_card"  # the suit of a kitty card (the 3rd); a joker → no-trump
    FLIPPED_CARD = "flipped_card"  # the suit of a card flipped before the deal (001§4.1)
    REDEAL = "redeal"  # draw from the kitty for a dealer, else deal again (000§3 二.4)


class MultiplierFamily(StrEnum):
    """How the kitty multiplier grows with the last trick's largest winning unit."""

    DOUBLING = "doubling"  # single 2, pair 4, tractor 8, ×2 per extra pair (000§2 九)
    POWER_OF_CARDS = "power_of_cards"  # 2^(cards in the unit) (000§3 三)
    PAIRS_TIMES_FOUR = "pairs_times_four"  # single 2, pair 4, tractor 4 × pairs (000§6.七)
    POWER_OF_PAIRS_PLUS_ONE = "power_of_pairs_plus_one"  # tractor 2^(pairs+1) (001§5)


class ShorterTractor(StrEnum):
    """A tractor led and a shorter one held: must the follower play it before other pairs?

    The seeds ask for "a tractor" without a length (000§5 有拖拉机必须出拖拉机, 000§6.五.3
    必须也跟出该花色的连对), and every shipped preset says ``must``; so do the rules
    core's functions when called without a rule set (``follow.DEFAULT_SHORTER_TRACTOR``).
    A ruff is not affected: it needs a trump tractor as long as the lead's (000§6.五.3
    相同对数的连对).
    """

    MUST = "must"  # tractors first, longest first, as many as fit in the led length; then pairs
    OPTIONAL = "optional"  # only a tractor of the led length is owed; else any pairs


class PenaltyCounts(StrEnum):
    """Which cards of a failed throw the point penalty counts."""

    WITHDRAWN = "withdrawn"  # the cards that could not be thrown (000§2 六 甩不出去)
    BEATEN = "beaten"  # the cards that another player could beat (000§3 二.5(5) 被管张数)


class TakeOver(StrEnum):
    """The level a side plays at after taking over the deal (上台)."""

    OWN = "own"  # its own level, plus the levels won (the common rule)
    # 001§4.6: 新的庄家级别 = 原庄家级别 + 应升级数: the old dealer's level, one more for the
    # take-over, plus the levels won (dealer at 5, defenders 85 → they play 6).
    OVER_DEALER = "over_dealer"


class Goal(StrEnum):
    """How a match ends."""

    NONE = "none"  # no end: levels wrap from A back to 2 (000§6.八)
    PASS = "pass"  # the first team whose level goes past the goal rank wins (000§2 三)
    WIN_AS_DEALER = "win_as_dealer"  # win a hand as dealer at the goal rank (001§7 报A)


class WrongCountRule(StrEnum):
    """What a wrong number of cards in a hand (多牌少牌) costs."""

    NONE = "none"  # the seed has no rule: the hand's result stands, the referee decides
    FIXED = "fixed"  # the faulty side loses a fixed number of levels' worth (000§2 八)
    PLAYED_OUT = "played_out"  # play on; the faulty side loses the hand (000§3 二.7)


# ---------------------------------------------------------------------------- outcomes


@frozen
class Outcome:
    """The result of a hand: which side goes up, and by how many levels.

    A take-over without levels (上台, 换庄) is the defenders with 0 levels.
    """

    winner: Side
    levels: int

    def __post_init__(self) -> None:
        if self.levels < 0:
            raise RulesetCheckError(
                "outcome-levels",
                levels=self.levels,
            )
        if self.winner is Side.DEALER and self.levels == 0:
            raise RulesetCheckError("dealer-levels")

    def __str__(self) -> str:
        return f"{self.winner.value} +{self.levels}"

    def __repr__(self) -> str:
        return f"Outcome.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> "Outcome":
        """An outcome from ``"dealer +2"`` or ``"defenders +0"``."""
        winner, levels = text.split()
        return cls(Side(winner), int(levels.lstrip("+")))

    @property
    def take_over(self) -> bool:
        """True when the defenders become the dealer side (上台)."""
        return self.winner is Side.DEFENDERS


@frozen
class LevelRow:
    """One row of a level table: from ``points`` up (to the next row), ``winner`` +``levels``."""

    points: int
    winner: Side
    levels: int

    def __post_init__(self) -> None:
        Outcome(self.winner, self.levels)  # the same checks as an outcome
        if self.points < 0 or self.points % 5:
            raise RulesetCheckError(
                "threshold",
                points=self.points,
            )


@frozen
class LevelTable:
    """Defenders' total → result: rows of thresholds, and beyond the last row one more
    level per ``step`` points (``step`` 0: the last row is the cap)."""

    name: str
    rows: tuple[LevelRow, ...]
    step: int

    def __post_init__(self) -> None:
        if not self.rows:
            raise RulesetCheckError("no-rows")
        if self.rows[0].points != 0:
            raise RulesetCheckError("first-row")
        for a, b in zip(self.rows, self.rows[1:], strict=False):
            if b.points <= a.points:
                raise RulesetCheckError(
                    "thresholds-up",
                    later=b.points,
                    earlier=a.points,
                )
        if self.step < 0 or self.step % 5:
            raise RulesetCheckError(
                "step",
                step=self.step,
            )
        if self.step and self.rows[-1].winner is not Side.DEFENDERS:
            raise RulesetCheckError("grows")

    @classmethod
    def named(cls, name: str) -> "LevelTable":
        """One of the standard tables: ``forty``, ``twenty`` or ``super``."""
        try:
            return _NAMED_TABLES[name]
        except KeyError:
            raise RulesetCheckError(
                "no-table",
                name=name,
                known=tuple(_NAMED_TABLES),
            ) from None

    def row(self, points: int) -> LevelRow:
        """The row that holds ``points`` (a negative total counts as 0)."""
        found = self.rows[0]
        for row in self.rows:
            if row.points <= points:
                found = row
        return found

    def outcome(self, points: int) -> Outcome:
        """The result of a hand in which the defenders took ``points``."""
        row = self.row(points)
        levels = row.levels
        if self.step and row is self.rows[-1]:
            levels += (points - row.points) // self.step
        return Outcome(row.winner, levels)


def _rows(*spec: tuple[int, str, int]) -> tuple[LevelRow, ...]:
    return tuple(LevelRow(points, Side(winner), levels) for points, winner, levels in spec)


_DEALER, _DEFENDERS = "dealer", "defenders"
_NAMED_TABLES: Final[dict[str, LevelTable]] = {
    # 000§3 四 and 000§5: 0 → +3, under 40 → +2, under 80 → +1, then one level per 40.
    "forty": LevelTable(
        "forty",
        _rows(
            (0, _DEALER, 3),
            (5, _DEALER, 2),
            (40, _DEALER, 1),
            (80, _DEFENDERS, 0),
            (120, _DEFENDERS, 1),
            (160, _DEFENDERS, 2),
        ),
        40,
    ),
    # 000§2 十: steps of 25/20 points, then one level per 20.
    "twenty": LevelTable(
        "twenty",
        _rows(
            (0, _DEALER, 4),
            (5, _DEALER, 3),
            (30, _DEALER, 2),
            (55, _DEALER, 1),
            (80, _DEFENDERS, 0),
            (100, _DEFENDERS, 1),
            (120, _DEFENDERS, 2),
        ),
        20,
    ),
    # 000§6.八 超级版: up to 6 levels either way, capped.
    "super": LevelTable(
        "super",
        _rows(
            (0, _DEALER, 6),
            (5, _DEALER, 5),
            (15, _DEALER, 4),
            (25, _DEALER, 3),
            (35, _DEALER, 2),
            (40, _DEALER, 1),
            (80, _DEFENDERS, 0),
            (120, _DEFENDERS, 1),
            (125, _DEFENDERS, 2),
            (165, _DEFENDERS, 3),
            (205, _DEFENDERS, 4),
            (245, _DEFENDERS, 5),
            (285, _DEFENDERS, 6),
        ),
        0,
    ),
}


# ---------------------------------------------------------------------------- sections


@frozen
class CardRules:
    """Card-order options: they go into every :class:`~notation.rules.order.Trump`."""

    permanent_twos: bool  # every 2 is trump, below the rank cards (2为常主, 000§5)
    rank_above_jokers: bool  # trump-rank cards above the jokers (001§5)


@frozen
class BiddingRules:
    """Declaring, countering and reinforcing the trump (亮主, 反主, 上保险)."""

    declare_with: tuple[BidShape, ...]  # shapes that may make the first declaration
    direct_no_trump: bool  # two identical jokers may be the first declaration
    counter_with: tuple[BidShape, ...]  # shapes that may counter
    equal_shape_counters: bool  # an equal shape counters if higher in suit_order
    suit_order: tuple[BidSuit, ...]  # high → low, for equal shapes
    self_counter: bool  # the current declarer may counter their own bid (自反)
    reinforce_by: tuple[Reinforcer, ...]  # who may reinforce; () = nobody
    reinforce_with: tuple[BidShape, ...]  # what a reinforced declaration may show
    first_hand_window: CounterWindow  # when counters are allowed in the first hand
    first_hand_counter_takes_deal: bool  # 反主反打: the first hand's counter becomes dealer
    # 谁亮主谁坐庄 (000§3 二.4): in a later hand whose dealer's side declares nothing, the
    # first player of the other side to declare deals instead.
    deal_passes_to_declarer: bool
    later_hand_window: CounterWindow  # when counters are allowed in later hands
    counter_after_fallback: bool  # a trump set by the fallback may still be countered
    fallback: FallbackRule  # what sets the trump when nobody declares
    fallback_kitty_card: int  # which kitty card (1-based) the kitty_card fallback turns

    def __post_init__(self) -> None:
        if not self.declare_with:
            raise RulesetCheckError("declare-with")
        if sorted(self.suit_order) != sorted(BidSuit) or len(self.suit_order) != len(BidSuit):
            raise RulesetCheckError("suit-order")
        if BidShape.TWO_JOKERS in self.declare_with and not self.direct_no_trump:
            raise RulesetCheckError("two-jokers")
        if not 1 <= self.fallback_kitty_card <= 8:
            raise RulesetCheckError("fallback-card")

    def suit_strength(self, suit: BidSuit) -> int:
        """Higher for a suit earlier in ``suit_order``."""
        return len(self.suit_order) - self.suit_order.index(suit)

    def window(self, first_hand: bool) -> CounterWindow:
        """The counter window of a first hand or of a later hand."""
        return self.first_hand_window if first_hand else self.later_hand_window


@frozen
class FollowRules:
    """Following a lead (跟牌) beyond the common core's suit, pair and tractor duties."""

    shorter_tractor: ShorterTractor  # a shorter tractor held answers a longer one led


@frozen
class ThrowRules:
    """What a failed throw (甩牌失败) costs in points; the forced play is the common core."""

    penalty_per_card: int  # points per counted card; 0 = no point penalty
    penalty_counts: PenaltyCounts  # which cards are counted

    def __post_init__(self) -> None:
        if self.penalty_per_card < 0:
            raise RulesetCheckError("penalty-per-card")


@frozen
class KittyRules:
    """The kitty (底牌): its size and what capturing it multiplies its points by."""

    size: int
    multiplier: MultiplierFamily
    max_multiplier: int  # cap on the multiplier; 0 = no cap
    side_win_multiplier: int  # multiplier when the last trick is won with side cards; 0 = same

    def __post_init__(self) -> None:
        if self.size <= 0 or (DECK_SIZE - self.size) % 4:
            raise RulesetCheckError(
                "kitty-size",
                deck=DECK_SIZE,
                size=self.size,
            )
        if self.max_multiplier < 0 or self.side_win_multiplier < 0:
            raise RulesetCheckError("multipliers")


@frozen
class ScoringRules:
    """Defenders' total → which side goes up, and by how much."""

    level_table: LevelTable


@frozen
class MatchRules:
    """Levels across hands: where a match starts, what cannot be skipped, how it ends."""

    start_level: Rank
    must_play: tuple[Rank, ...]  # levels a team cannot skip (逢10必打)
    goal: Goal
    goal_rank: Rank  # the level the goal refers to (ignored with goal none)
    take_over: TakeOver  # the level the defenders play at after taking over


@frozen
class PenaltyRules:
    """Penalties outside the card play: misplays and wrong card counts."""

    misplay_levels: int  # levels the offending team drops after the hand (000§2 五, 七)
    misplay_strikes_to_lose: int  # misplays that lose the match; 0 = never
    wrong_card_count: WrongCountRule  # 多牌少牌
    wrong_card_count_levels: int  # levels the other side gains under ``fixed``

    def __post_init__(self) -> None:
        if min(self.misplay_levels, self.misplay_strikes_to_lose, self.wrong_card_count_levels) < 0:
            raise RulesetCheckError("penalty-counts")
        if self.wrong_card_count is WrongCountRule.FIXED and self.wrong_card_count_levels < 1:
            # 000§2 八: the side not at fault goes up; a fixed penalty of 0 levels is no rule
            raise RulesetCheckError("fixed-count-levels")


@frozen
class TributeRules:
    """Tribute (进贡, 001§7): after the defenders captured the kitty, the new dealer
    side gives its best card(s) and gets as many back."""

    cards: int  # cards given; 0 = no tribute

    def __post_init__(self) -> None:
        if self.cards < 0:
            raise RulesetCheckError("tribute")


# ---------------------------------------------------------------------------- the rule set


@frozen
class Ruleset:
    """Every option of one rule set, explicit."""

    name: str
    title: Title
    description: Text  # in YAML: {en, zh}, or a plain string (English only)
    sources: tuple[str, ...]
    cards: CardRules
    bidding: BiddingRules
    follow: FollowRules
    throw: ThrowRules
    kitty: KittyRules
    scoring: ScoringRules
    match: MatchRules
    penalties: PenaltyRules
    tribute: TributeRules
    clauses: Mapping[Rule, Clause] = field(compare=False)

    def __post_init__(self) -> None:
        missing = [r.value for r in Rule if r not in self.clauses]
        if missing:
            raise RulesetCheckError(
                "no-clauses",
                name=self.name,
                missing=tuple(missing),
            )
        object.__setattr__(self, "clauses", MappingProxyType(dict(self.clauses)))

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Ruleset(name={self.name!r})"

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        # The clauses are a read-only view, which pickle refuses: send a plain dict.
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        values["clauses"] = dict(self.clauses)
        return (_ruleset_from_fields, (values,))

    def trump(self, rank: Rank, suit: Suit | None) -> Trump:
        """The trump at ``rank`` with ``suit`` (``None``: no-trump) under this rule set."""
        return _trump(rank, suit, self.cards.permanent_twos, self.cards.rank_above_jokers)

    def clause(self, rule: Rule) -> Clause:
        """The clause (document, quote and text) that states ``rule`` in this rule set."""
        return self.clauses[rule]

    def documents(self) -> tuple[Title, ...]:
        """The rule documents the clauses quote, each once, in the order of the rules."""
        seen: dict[Title, None] = {}
        for rule in Rule:
            doc = self.clauses[rule].doc
            if doc is not None:
                seen.setdefault(doc)
        return tuple(seen)

    @property
    def hand_size(self) -> int:
        """Cards each player is dealt: 25 with a kitty of 8."""
        return (DECK_SIZE - self.kitty.size) // 4

    def kitty_multiplier(self, copies: int, pairs: int, *, trump: bool = True) -> int:
        """The kitty multiplier for the last trick's largest winning unit.

        A single is ``(1, 1)``, a pair ``(2, 1)``, a tractor of n pairs ``(2, n)``;
        ``trump=False`` when the trick was won with side cards.
        """
        if copies not in (1, 2) or pairs < 1 or (copies == 1 and pairs != 1):
            raise ValueError(f"no unit has {copies} copies and {pairs} pairs")
        kitty = self.kitty
        if not trump and kitty.side_win_multiplier:
            return kitty.side_win_multiplier
        family = kitty.multiplier
        if copies == 1:
            multiplier = 2
        elif family is MultiplierFamily.POWER_OF_CARDS:
            multiplier = 2 ** (2 * pairs)
        elif family is MultiplierFamily.PAIRS_TIMES_FOUR:
            multiplier = 4 * pairs
        else:  # doubling and power_of_pairs_plus_one: pair 4, tractor 8, 16, ...
            multiplier = 2 ** (pairs + 1)
        if kitty.max_multiplier:
            multiplier = min(multiplier, kitty.max_multiplier)
        return multiplier

    def outcome(self, defender_points: int) -> Outcome:
        """Which side goes up, by how many levels, for the defenders' total."""
        return self.scoring.level_table.outcome(defender_points)


def _ruleset_from_fields(values: dict[str, Any]) -> Ruleset:
    """Rebuild a rule set from its fields (the other half of ``Ruleset.__reduce__``)."""
    return Ruleset(**values)


@lru_cache(maxsize=512)
def _trump(rank: Rank, suit: Suit | None, permanent_twos: bool, rank_above_jokers: bool) -> Trump:
    # A trump is immutable: one object serves every hand that has it.
    return Trump(rank, suit, permanent_twos, rank_above_jokers)
