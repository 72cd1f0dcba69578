"""The play phase as a game state: hands, the trick on the table, points, the outcome.

A :class:`Position` is a plain value: the four holdings, the trump, the trick on the
table (the plays made so far, from its leader), who leads it, the dealer, the defenders'
points so far, the buried kitty and the rule set. A :class:`PlayState` plays from a
position: the legal plays of the seat to move (leads including throws, follows with
every obligation), applying a play (a throw that fails becomes its forced unit, with the
rule set's penalty), taking it back, the end of each trick and the final outcome.

Every rule comes from the rules core's own functions: the follow obligations from
:mod:`notation.rules.follow`, throws from :mod:`notation.rules.throw`, the trick's winner
from :mod:`notation.rules.trick`, the total from :mod:`notation.rules.scoring`. The state
adds only the bookkeeping, kept compact for search: each hand is a sorted tuple of cards,
a play is applied and taken back in place (:meth:`PlayState.apply`, :meth:`PlayState.undo`,
each play's undo record a plain tuple) rather than copied, and the core's answers are
remembered per hand and lead.

A record's play is the same state driven leniently (python-chess's strict ``Board``
beside the PGN visitor's ``handle_error``): :meth:`PlayState.from_record` starts it from
hands that may be partly unknown (:class:`~notation.rules.holding.Holding`: known cards
and a count of unknown ones), :meth:`PlayState.record` makes each play as the players
made it, judging it as far as the hands are known and handing every refusal to a
:class:`RecordVisitor` (the replay turns it into a finding), and
:meth:`PlayState.end_trick` and :meth:`PlayState.final` give the tricks' points and the
total as far as the record shows them. The search never meets that path.

The module reads top to bottom as the play does: the values (a play, a position, the
outcome, the remembered answers, the visitor), then :class:`PlayState` — reading a
position, the legal leads (throws judged) and follows, a play made and taken back and the
trick's end, equal positions and equivalent plays for search, the outcome, and a
record's play.

>>> from notation.presets import load_ruleset
>>> from notation.rules.cards import Rank, Suit, parse_cards as cards
>>> qq = load_ruleset("qq")
>>> state = PlayState(Position(qq, qq.trump(Rank.TWO, Suit.HEARTS), dealer=1,
...     hands=(cards("SA SK"), cards("S3 S4"), cards("S5 C9"), cards("D3 D4")),
...     leader=1, kitty=tuple(cards("C5 C10"))))
>>> [str(p) for p in state.legal_plays()]
['1: SA', '1: SK', '1: SK SA']
>>> state.play(cards("SA SK")).failed  # nobody can beat SA or SK: the throw stands
False
>>> for seat_cards in ("S3 S4", "S5 C9", "D3 D4"):
...     _ = state.play(cards(seat_cards))
>>> state.is_over(), state.outcome().points  # the dealer took the 5 points and the last trick
(True, 0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import field
from itertools import count, product
from typing import TYPE_CHECKING, Final, Protocol, Self, cast

from notation.errors import KeyedError
from notation.frozen import dataclass_by_build, mypyc_attr
from notation.rules.cards import SUITS, Card, CardCounts, Cards, Slots, tally
from notation.rules.follow import check_follow, check_lead, legal_follows, sample_follow
from notation.rules.holding import Holding, has_unknown, known_cards
from notation.rules.order import TRUMP, EffectiveSuit, Trump
from notation.rules.ruleset import Outcome, Ruleset
from notation.rules.scoring import final_total, kitty_bonus, never_negative, throw_penalty
from notation.rules.seats import SEATS, Seat, next_seat, seats_from, team
from notation.rules.throw import judge_throw
from notation.rules.trick import OpenTrick, play_value
from notation.rules.units import Unit, decompose
from notation.rules.violations import Code, Violation

if TYPE_CHECKING:
    import random  # in annotations only: its import costs 3.6 million instructions


__all__ = [
    "GameError",
    "HandOutcome",
    "LastTrick",
    "Play",
    "PlayState",
    "Position",
    "RecordVisitor",
    "TrickMemo",
]


# One suit's cards still out, in order, as small numbers (see PlayState.key): for each level,
# a head (0, whether it makes a tractor with the level below for some seat, how many cards
# are at it: bit 0, bit 1, bits 4 up) and each of its cards' points and copies held by
# seats 1..4 (points × 256 + 2 bits a seat, seat 1 highest); or, for levels that one seat
# holds alone, a block: a head (1, the seat, how many cards: bit 0, bits 1-3, bits 4 up)
# and each card's points × 4 + the copies the seat holds, sorted.
_SuitKey = tuple[int, ...]
# The copies each seat holds of a card, 2 bits a seat (seat 1 highest) → the seats holding
# it, and those holding a pair of it, as bits (seat s: bit s); for PlayState._describe.
_SEATS_HOLDING: Final = tuple(
    sum(1 << s for s in range(1, 5) if bits >> 2 * (4 - s) & 3) for bits in range(256)
)
_SEATS_PAIRED: Final = tuple(
    sum(1 << s for s in range(1, 5) if bits >> 2 * (4 - s) & 3 >= 2) for bits in range(256)
)
# The numbers handed to suit descriptions (see _Memo.numbers), counted for the process: a
# number is given once, so it never comes to stand for another description (a key kept by a
# search never changes meaning, and keys of states that share no memo are never equal).
_NEXT_SUIT_NUMBER = count(1)
_MEMO_LIMIT = 300_000  # remembered answers kept before a memo is forgotten
# The suits a memo numbers for keys before it numbers them afresh (PlayState.key packs four
# numbers of 15 bits; one key numbers at most 20 new suits).
_SUIT_IDS_KEPT = (1 << 15) - 32


class GameError(KeyedError):
    """A position the rules cannot reach, or a play they do not allow (``play``, its
    ``violations`` the broken rules and ``seat`` the player); ``key`` and ``facts`` the
    reason (the catalogue's ``game.why.<key>``, or the first violation's sentence)."""

    kind = "game"

    def __init__(self, key: str, violations: Sequence[Violation] = (), **facts: object) -> None:
        super().__init__(key, **facts)
        self.violations = tuple(violations)


def _sorted(cards: Sequence[Card]) -> Cards:
    return tuple(sorted(cards, key=_index))


def _index(card: Card) -> int:
    return card.index


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


@dataclass_by_build(frozen=True, slots=True, init=False)
class Play:
    """One seat's play: the cards it puts on the table.

    A throw that fails (甩牌失败) keeps the cards as thrown in ``attempted``; ``cards`` is
    then the forced unit and ``penalty`` the points the failure costs the thrower's side
    (0 when the rule set has no point penalty).
    """

    seat: Seat
    cards: Cards
    attempted: Cards | None
    penalty: int
    # The points of ``cards``, summed once (a search makes each play many times).
    points: int = field(init=False, repr=False, compare=False)

    # Written out, not generated: mypyc compiles only the methods a class's source has, so
    # a dataclass's own __init__ runs interpreted in the compiled build (0.75 µs against
    # 0.02 µs written out), and one is made at every play. Unit, LastTrick, ThrowVerdict
    # do the same.
    def __init__(
        self, seat: Seat, cards: Cards, attempted: Cards | None = None, penalty: int = 0
    ) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "attempted", attempted)
        object.__setattr__(self, "penalty", penalty)
        points = 0
        for card in cards:
            points += card.points
        object.__setattr__(self, "points", points)

    def __str__(self) -> str:
        if self.attempted is None:
            return f"{self.seat}: {_cards_text(self.cards)}"
        return f"{self.seat}: {_cards_text(self.attempted)} / {_cards_text(self.cards)}"

    @property
    def failed(self) -> bool:
        """True for a throw that could be beaten, and so became its forced unit."""
        return self.attempted is not None

    @property
    def shown(self) -> Cards:
        """The cards as the player put them down: a failed throw as thrown."""
        return self.attempted if self.attempted is not None else self.cards


@dataclass_by_build(frozen=True, slots=True)
class Position:
    """A moment of the play phase, as plain values.

    ``hands`` are what seats 1..4 hold now; ``trick`` the plays already made in the
    current trick, in playing order from ``leader`` (a failed throw as its forced unit);
    ``points`` the defenders' points so far, penalties included, the trick on the
    table not included; ``kitty`` the buried cards, scored if the defenders win the last
    trick.
    """

    rules: Ruleset
    trump: Trump
    dealer: Seat
    hands: tuple[Cards, Cards, Cards, Cards]
    leader: Seat
    trick: tuple[Cards, ...] = ()
    points: int = 0
    kitty: Cards = ()

    def __post_init__(self) -> None:
        # Any sequences in, sorted tuples kept: equal positions compare equal.
        hands = tuple(_sorted(h) for h in self.hands)
        if len(hands) != 4:
            raise GameError("hands", n=len(hands))
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "trick", tuple(_sorted(p) for p in self.trick))
        object.__setattr__(self, "kitty", _sorted(self.kitty))

    @property
    def to_move(self) -> Seat:
        """The seat whose turn it is."""
        return next_seat(self.leader, len(self.trick))


@dataclass_by_build(slots=True)
class TrickMemo:
    """Answers that hold for the rest of one trick: each seat's classes of equivalent
    cards (see :meth:`~.game.PlayState.classes`) and, for a search, the plays of a seat in the
    order it tries them. A new one at each trick start; a seat's entries hold until it
    plays (its hand does not change, and the cards still out are those of the trick's
    start)."""

    classes: dict[Seat, dict[Card, tuple[int, int]]] = field(default_factory=dict)
    plays: dict[Hashable, list[Play]] = field(default_factory=dict)


@dataclass_by_build(frozen=True, slots=True, init=False)
class LastTrick:
    """The last trick played: who won it, its lead's biggest shape (copies, pairs), and
    whether the winning play was all trumps: what the kitty's multiplier rests on. A
    record may not show the winner or the shape (unknown cards, no trump known):
    ``None``."""

    winner: Seat | None
    shape: tuple[int, int] | None
    by_trump: bool

    def __init__(self, winner: Seat | None, shape: tuple[int, int] | None, by_trump: bool) -> None:
        object.__setattr__(self, "winner", winner)  # written out: see Play
        object.__setattr__(self, "shape", shape)
        object.__setattr__(self, "by_trump", by_trump)


class _Memo:
    """The rules core's answers for one trump, remembered: a search asks the same
    questions (this hand facing this lead) many times. Shared by copies of a state."""

    # A plain class, not a dataclass: compiled, a dataclass's generated __init__ runs
    # interpreted, its fourteen default factories called one by one (a memo is made for
    # every state of every hand replayed).
    __slots__ = (
        "card_codes",
        "distinct_leads",
        "follows",
        "hand_suits",
        "leads",
        "numbers",
        "split",
        "subsets",
        "suit_cards",
        "suit_ids",
        "suit_keys",
        "throws",
        "units",
        "values",
    )

    def __init__(self) -> None:
        self.follows: dict[tuple[Seat, Cards, Cards], tuple[Play, ...]] = {}
        self.units: dict[Cards, list[Unit]] = {}
        self.subsets: dict[Cards, list[tuple[Cards, int]]] = {}
        self.throws: dict[tuple[Seat, Cards, tuple[Cards, ...]], Play] = {}
        self.leads: dict[tuple[Seat, Cards, Cards, Cards, Cards, bool], tuple[Play, ...]] = {}
        # A suit's leads worth searching (see PlayState.distinct_leads), by the same key.
        self.distinct_leads: dict[tuple[Seat, Cards, Cards, Cards, Cards], tuple[Play, ...]] = {}
        # A follow's value against a lead (see PlayState.follow_value; (-1, -1): it cannot win).
        self.values: dict[tuple[Cards, Cards], tuple[int, int]] = {}
        self.split: dict[Cards, dict[EffectiveSuit, Cards]] = {}
        # For keys: a hand → the number of each effective suit's cards in it (see
        # PlayState._suit_ids), a suit's cards → that number, and the cards of each number.
        self.hand_suits: dict[Cards, tuple[int, ...]] = {}
        self.suit_ids: dict[Cards, int] = {}
        self.suit_cards: list[Cards] = []
        # The four hands' numbers for one suit, packed in one int (15 bits each, see
        # PlayState.key) → the number of its description (below).
        self.suit_keys: dict[int, int] = {}
        # The numbers that stand for suit descriptions in keys (PlayState._suit_number): equal
        # descriptions get equal numbers, so equal positions get equal keys, for every state
        # that shares this memo (a solver's, across the positions of a hand). Kept here, not
        # for the process: a search's keys, and so its nodes, depend on nothing that ran before.
        self.numbers: dict[_SuitKey, int] = {}
        # A card → its level << 16 | its index << 8 | its points (for PlayState._describe).
        self.card_codes: dict[Card, int] = {}

    def forget_suit_ids(self) -> None:
        """Number the hands' suits afresh (see PlayState.key: a suit's number must fit in
        15 bits). The descriptions' numbers stay, so keys do not change."""
        self.hand_suits.clear()
        self.suit_ids.clear()
        self.suit_cards.clear()
        self.suit_keys.clear()

    def trim(self, limit: int = _MEMO_LIMIT) -> None:
        """Forget everything once the memo holds more than ``limit`` answers (a long
        search on a big position); the suits' numbers too, once there are that many."""
        tables = (
            self.follows,
            self.units,
            self.subsets,
            self.throws,
            self.leads,
            self.distinct_leads,
            self.values,
            self.split,
            self.hand_suits,
            self.suit_ids,
            self.suit_keys,
        )
        if sum(len(t) for t in tables) > limit:
            for table in tables:
                table.clear()
            self.suit_cards.clear()  # the cards of the numbers just forgotten
        if len(self.numbers) > limit:
            # With the numbers, the suits' remembered numbers go too: a suit remembered
            # with its old number while an equal one gets a new number would give one
            # position two keys (a transposition missed).
            self.numbers.clear()
            self.suit_keys.clear()


@dataclass_by_build(frozen=True, slots=True)
class HandOutcome:
    """The end of a hand: the defenders' total and the level result it gives."""

    card_points: int  # the defenders' points from tricks
    penalty_points: int  # failed-throw penalties, signed for the defenders
    kitty_points: int
    multiplier: int | None  # the kitty's multiplier, when the defenders took the last trick
    points: int  # the total: cards, kitty × multiplier, penalties; never below 0
    result: Outcome  # which side goes up, by how many levels (the rule set's level table)


class RecordVisitor(Protocol):
    """What a lenient reader of a record (the replay) tells the game state and hears from
    it while :meth:`PlayState.record` makes a play: what a seat surely holds, as far as
    the reader knows, and what the rules refuse (python-chess's PGN visitor and its
    ``handle_error``: the state judges, the visitor decides what a refusal becomes)."""

    def held(self, seat: Seat) -> tuple[CardCounts, bool]:
        """The cards ``seat`` surely holds now, and whether that is all it holds."""
        ...

    def refused(self, seat: Seat, violation: Violation) -> None:
        """A play by ``seat`` that breaks a rule: the rule and the facts that prove it."""
        ...

    def unjudged(self, seat: Seat) -> None:
        """``seat`` led unknown cards: the lead and its follows cannot be judged."""
        ...

    def throw_stands(
        self, seat: Seat, lead: list[Card], units: list[Unit], others: dict[Seat, CardCounts]
    ) -> None:
        """A throw stands against what the others surely hold (``others``), but not every
        hand is known whole: whether it stood may not be known."""
        ...

    def overplayed(self, seat: Seat) -> None:
        """``seat`` has played more cards than it may (多牌少牌): see
        :attr:`PlayState.played` and :attr:`PlayState.capacity`. Said at every such play."""
        ...


# What :meth:`PlayState.undo` needs to take one play back: the state's fields as they were
# before it (the open trick's own, for a follow), in this order: the seat that played
# (0..3), its hand before the play, the table, the open trick a follow was added to (None:
# a lead), that trick's best answer so far, its index and points, the leader, the points,
# the penalties, the last trick, the tricks, the points in hands, the trick's memo. A plain
# tuple: compiled, made in C field by field (a named tuple's constructor, called through
# Python, cost 4% of a compiled solve's instructions).
_Undo = tuple[
    int,
    Cards,
    tuple[Play, ...],
    OpenTrick | None,
    tuple[int, int],
    int,
    int,
    Seat,
    int,
    int,
    LastTrick | None,
    int,
    int,
    TrickMemo | None,
]


# PlayState's fields, named once: its slots, and what copy() carries over (compiled by
# mypyc, a class cannot read its own __slots__).
_PLAY_STATE_FIELDS = (
    "_history",
    "_memo",
    "_trick_memo",
    "capacity",
    "dealer",
    "hand_points",
    "hands",
    "holdings",
    "kitty",
    "kitty_points",
    "last",
    "lead",
    "leader",
    "passed",
    "penalties",
    "played",
    "points",
    "rules",
    "ruling",
    "table",
    "taken",
    "trick",
    "tricks",
    "trump",
)


# Compiled by mypyc (README, "A compiled build"), a class's __new__ runs its __init__ unless
# the class allows subclasses in Python: copy() and from_record() make a state without it.
@mypyc_attr(allow_interpreted_subclasses=True)
class PlayState:
    """A hand being played: the position plus the bookkeeping to go on from it.

    Mutable, for search: :meth:`apply` makes a play and :meth:`undo` takes it back in
    place. :meth:`copy` gives an independent state. A record's play: :meth:`from_record`,
    :meth:`record`, :meth:`end_trick` (see the module's docstring). Seats are 1..4; the
    dealer's team is the dealer and partner, the defenders the other two.
    """

    __slots__ = _PLAY_STATE_FIELDS

    # --- reading a position -----------------------------------------------------------

    def __init__(self, position: Position, *, check: bool = True) -> None:
        self.trump = position.trump
        self._books(position.rules, position.trump, position.dealer, position.leader)
        self.kitty = position.kitty
        self.kitty_points = sum(c.points for c in position.kitty)
        self.hands: list[Cards] = list(position.hands)
        self.hand_points = sum(c.points for h in self.hands for c in h)
        self.points = position.points  # the defenders' points, penalties included
        if check:
            self._check(position)
        self._lay(position)

    def _books(
        self, rules: Ruleset, trump: Trump | None, dealer: Seat | None, leader: Seat
    ) -> None:
        """The bookkeeping of the play, empty: nothing played yet in this state."""
        self.rules = rules
        self.ruling = trump
        self.dealer = dealer
        self._memo = _Memo()
        self._history: list[_Undo] = []
        self._trick_memo: TrickMemo | None = None
        self.holdings: list[Holding] = []
        self.hands = []
        self.hand_points = 0
        self.kitty = ()
        self.kitty_points = 0
        self.leader = leader
        self.table: tuple[Play, ...] = ()
        self.trick: OpenTrick | None = None
        self.lead: Slots = ()
        self.passed = 0
        self.points = 0  # the defenders' points, penalties included
        self.taken = [0, 0]  # a record's: the points taken by team 1&3 and by team 2&4
        self.penalties = 0  # penalties from throws made in this state, signed for the defenders
        self.last: LastTrick | None = None  # the last trick (a position's: once the hand is over)
        self.tricks = 0  # tricks completed in this state
        self.played = [0, 0, 0, 0]  # a record's: the cards each seat has played
        self.capacity: list[int] = []  # a record's: the cards each seat may play

    @classmethod
    def from_record(
        cls, rules: Ruleset, trump: Trump | None, dealer: Seat | None, holdings: Sequence[Holding]
    ) -> PlayState:
        """The play of a record about to start: each seat's :class:`Holding` (taken over:
        the state changes it as the seat plays), the trump and the dealer where the record
        gives them. Played with :meth:`record` and :meth:`end_trick`."""
        state = cls.__new__(cls)
        if trump is not None:
            state.trump = trump
        state._books(rules, trump, dealer, dealer if dealer is not None else 1)
        state.holdings = list(holdings)
        state.capacity = [h.size() for h in holdings]
        return state

    def _check(self, position: Position) -> None:
        """Raise :class:`GameError` for a position the rules cannot reach."""
        if position.dealer not in SEATS or position.leader not in SEATS:
            raise GameError("seats")
        if len(position.trick) > 3:
            raise GameError("trick-over")
        # The hands as they were when the trick began: each seat that played holds its play.
        before = list(position.hands)
        order = seats_from(position.leader)
        for seat, cards in zip(order, position.trick, strict=False):
            before[seat - 1] = _sorted(before[seat - 1] + cards)
        sizes = {len(h) for h in before}
        if len(sizes) != 1:
            raise GameError(
                "sizes",
                sizes=tuple((s, len(before[s - 1])) for s in SEATS),
            )
        if sizes == {0}:
            raise GameError("empty")
        everything = Counter(c for h in before for c in h) + Counter(position.kitty)
        extra = sorted(c for c, n in everything.items() if n > 2)
        if extra:
            raise GameError(
                "too-many",
                cards=tuple(extra),
            )
        if not position.trick:
            return
        trump = self.trump
        lead = position.trick[0]
        leader = position.leader
        problems = check_lead(lead, before[leader - 1], trump)
        if problems:
            raise GameError("play", problems, seat=leader)
        units = decompose(lead, trump)
        if len(units) > 1:
            others = {s: before[s - 1] for s in order[1:]}
            verdict = judge_throw(lead, leader, others, trump, units)
            if verdict.failed:
                raise GameError(
                    "throw-fails",
                    leader=leader,
                    lead=tuple(lead),
                    by=verdict.beaten_by,
                    forced=tuple(verdict.forced),
                )
        for seat, cards in zip(order[1:], position.trick[1:], strict=False):
            problems = self._follow_problems(lead, cards, before[seat - 1], units)
            if problems:
                raise GameError("play", problems, seat=seat)

    def _lay(self, position: Position) -> None:
        """Put the trick already played on the table (the hands no longer hold it)."""
        if not position.trick:
            return
        order = seats_from(position.leader)
        lead = position.trick[0]
        self.trick = OpenTrick(self.leader, lead, self.trump, self.units(lead))
        self.table = (Play(self.leader, lead),)
        for seat, cards in zip(order[1:], position.trick[1:], strict=False):
            self.trick.add(seat, cards)
            self.table = (*self.table, Play(seat, cards))

    # --- the moment -------------------------------------------------------------------

    def position(self) -> Position:
        """The current moment as a :class:`Position` (penalties folded into the points)."""
        hands = self.hands
        assert self.dealer is not None  # a position's state knows its dealer
        return Position(
            self.rules,
            self.trump,
            self.dealer,
            (hands[0], hands[1], hands[2], hands[3]),
            self.leader,
            tuple(p.cards for p in self.table),
            self.points + self.penalties,
            self.kitty,
        )

    def copy(self) -> Self:
        """An independent state at the same moment (sharing the remembered answers)."""
        cls = type(self)
        other = cls.__new__(cls)
        for name in _PLAY_STATE_FIELDS:
            setattr(other, name, getattr(self, name))
        other.hands = list(self.hands)
        other.taken = list(self.taken)
        other.played = list(self.played)
        other._trick_memo = None
        other._history = []  # the copy starts here: it cannot take back earlier plays
        if self.trick is not None:
            trick = OpenTrick(self.leader, self.table[0].cards, self.trump, self.trick.lead_units)
            for p in self.table[1:]:
                trick.add(p.seat, p.cards)
            other.trick = trick
        return other

    def share_memo(self, other: PlayState) -> None:
        """Use ``other``'s remembered rules answers, if it plays under the same rules and
        trump (the answers depend on nothing else)."""
        if other.trump == self.trump and other.rules == self.rules:
            self._memo = other._memo

    def trim_memo(self, limit: int = _MEMO_LIMIT) -> None:
        """Forget the remembered rules answers if there are more than ``limit``."""
        self._memo.trim(limit)

    @property
    def made(self) -> int:
        """How many plays :meth:`undo` can take back."""
        return len(self._history)

    @property
    def trick_memo(self) -> TrickMemo:
        """Answers remembered for the rest of the current trick (see :class:`TrickMemo`)."""
        memo = self._trick_memo
        if memo is None:
            memo = self._trick_memo = TrickMemo()
        return memo

    @property
    def to_move(self) -> Seat:
        """The seat whose turn it is."""
        return next_seat(self.leader, len(self.table))

    def is_defender(self, seat: Seat) -> bool:
        """True for the two seats not on the dealer's team (none while the dealer is not
        known)."""
        dealer = self.dealer
        return dealer is not None and (seat - dealer) % 2 == 1

    def is_over(self) -> bool:
        """True when every card has been played."""
        return not self.table and not any(self.hands)

    def hand(self, seat: Seat) -> Cards:
        """The cards ``seat`` holds, sorted."""
        return self.hands[seat - 1]

    def _legal_follows(self, lead: Cards, hand: Cards) -> list[Cards]:
        return legal_follows(lead, hand, self.trump, self.rules.follow.shorter_tractor)

    def _follow_problems(
        self, lead: Cards, play: Sequence[Card], hand: Cards, units: Sequence[Unit] | None = None
    ) -> list[Violation]:
        return check_follow(lead, play, hand, self.trump, units, self.rules.follow.shorter_tractor)

    def _sample_follow(self, lead: Cards, hand: Cards, rng: random.Random) -> list[Card]:
        return sample_follow(lead, hand, self.trump, rng, self.rules.follow.shorter_tractor)

    def units(self, cards: Cards) -> list[Unit]:
        """``cards`` (sorted) broken into units, biggest first (see :func:`decompose`)."""
        units = self._memo.units.get(cards)
        if units is None:
            units = self._memo.units[cards] = decompose(cards, self.trump)
        return units

    def suits(self, seat: Seat) -> dict[EffectiveSuit, Cards]:
        """``seat``'s cards by effective suit."""
        return self.split(self.hands[seat - 1])

    def split(self, cards: Cards) -> dict[EffectiveSuit, Cards]:
        """``cards`` (a hand, the kitty) by effective suit, each suit's in their order."""
        memo = self._memo.split
        split = memo.get(cards)
        if split is None:
            table = self.trump.table
            groups: dict[EffectiveSuit, list[Card]] = {}
            for card in cards:
                groups.setdefault(table[card][0], []).append(card)
            split = memo[cards] = {s: tuple(cs) for s, cs in groups.items()}
        return split

    # --- legal plays ------------------------------------------------------------------

    def legal_plays(self) -> list[Play]:
        """Every legal play of the seat to move, each once.

        A leader may lead any cards of one effective suit: a single, a pair, a tractor or
        a throw (several units). Every throw is listed; one that fails is its forced unit
        with the penalty (see :class:`Play`). The number of throws grows fast with a long
        suit (every sub-multiset of it): for a full hand prefer :meth:`unit_leads` and
        :meth:`judge_lead`. A follower's plays are the core's :func:`legal_follows`.
        """
        if self.table:
            return list(self.follows())
        return self.leads()

    # --- leads, throws judged ---------------------------------------------------------

    def lead_options(self) -> list[tuple[Cards, int]]:
        """Every lead the leader could attempt, as ``(cards, number of units)``: every
        sub-multiset of each effective suit it holds. One unit is a plain lead, more is
        a throw."""
        options: list[tuple[Cards, int]] = []
        for cards in self.suits(self.to_move).values():
            options.extend(self._suit_options(cards))
        return options

    def _suit_options(self, cards: Cards) -> list[tuple[Cards, int]]:
        memo = self._memo.subsets
        found = memo.get(cards)
        if found is None:
            found = memo[cards] = [(s, len(self.units(s))) for s in _submultisets(cards)]
        return found

    def unit_leads(self) -> list[Play]:
        """The leads of one unit (a single, a pair, a tractor): never a throw."""
        seat = self.to_move
        return [Play(seat, cards) for cards, units in self.lead_options() if units == 1]

    def leads(self, *, failing: bool = True) -> list[Play]:
        """Every lead of the seat to move, throws judged; ``failing=False`` leaves out the
        throws that fail (each is no better for its side than its forced unit)."""
        seat = self.to_move
        plays: list[Play] = []
        splits = [self.suits(s) for s in seats_from(seat)[1:]]
        memo = self._memo.leads
        for suit, cards in self.suits(seat).items():
            others = (splits[0].get(suit, ()), splits[1].get(suit, ()), splits[2].get(suit, ()))
            key = (seat, cards, *others, failing)
            found = memo.get(key)
            if found is None:
                found = memo[key] = self._suit_leads(cards, others, failing)
            plays.extend(found)
        return plays

    def _suit_leads(
        self, cards: Cards, others: tuple[Cards, Cards, Cards], failing: bool
    ) -> tuple[Play, ...]:
        """The leads of one suit: its units, and its throws judged."""
        seat = self.to_move
        options = self._suit_options(cards)
        found = [Play(seat, lead) for lead, units in options if units == 1]
        if not failing:
            # A throw stands only if each of its units does: each single must be as high
            # as any card the others hold. Only throws of such cards and of pairs held
            # (a pair may stand as part of a tractor) need judging.
            # (Loops, not generators and ``count``: each of those a call through Python
            # compiled.)
            table = self.trump.table
            top = -1
            for held in others:
                for c in held:
                    level = table[c][1]
                    if level > top:
                        top = level
            kept: list[Card] = []
            n = len(cards)
            for i, c in enumerate(cards):  # sorted: a card's copies side by side
                if (
                    table[c][1] >= top
                    or (i > 0 and cards[i - 1] is c)
                    or (i + 1 < n and cards[i + 1] is c)
                ):
                    kept.append(c)
            if len(kept) < n:
                options = self._suit_options(tuple(kept))
        for lead, units in options:
            if units > 1:
                play = self.judge_lead(lead)
                if failing or not play.failed:
                    found.append(play)
        return tuple(found)

    def judge_lead(self, cards: Sequence[Card]) -> Play:
        """The lead ``cards`` by the seat to move, a throw judged against the other hands:
        as thrown if it stands, else its forced unit with the penalty.

        When two failing units tie for the lowest (rank cards of two side suits, which
        share a level), the core forces the one thrown first, so the order of ``cards``
        counts there, and only there (the replay reads a record the same way).
        """
        seat = self.to_move
        given = tuple(cards)
        units = self.units(given)
        if len(units) == 1:
            return Play(seat, _sorted(given))
        suit = units[0].suit
        order = seats_from(seat)[1:]
        others = tuple(self.suits(s).get(suit, ()) for s in order)
        key = (seat, given, others)
        memo = self._memo.throws
        play = memo.get(key)
        if play is None:
            verdict = judge_throw(given, seat, dict(zip(order, others, strict=True)), self.trump)
            if not verdict.failed:
                play = Play(seat, _sorted(given))
            else:
                penalty = throw_penalty(
                    self.rules,
                    withdrawn=verdict.penalty_cards("withdrawn"),
                    beaten=verdict.penalty_cards("beaten"),
                )
                play = Play(seat, _sorted(verdict.forced), _sorted(given), penalty)
            memo[key] = play
        return play

    # --- follows ----------------------------------------------------------------------

    def follows(self) -> tuple[Play, ...]:
        """The legal follows of the seat to move (a trick must be on the table)."""
        seat = self.to_move
        lead = self.table[0].cards
        hand = self.hands[seat - 1]
        memo = self._memo.follows
        key = (seat, lead, hand)
        plays = memo.get(key)
        if plays is None:
            plays = memo[key] = tuple(Play(seat, p) for p in self._legal_follows(lead, hand))
        return plays

    def sample_follow(self, rng: random.Random) -> Play:
        """One legal follow of the seat to move, chosen at random."""
        seat = self.to_move
        cards = self._sample_follow(self.table[0].cards, self.hands[seat - 1], rng)
        return Play(seat, _sorted(cards))

    # --- a play made and taken back, the trick's end ----------------------------------

    def play(self, play: Play | Sequence[Card]) -> Play:
        """Make a play of the seat to move, checked: a lead is judged (a throw that fails
        becomes its forced unit), a follow must keep every obligation. Returns the play
        made; raises :class:`GameError` if it is not legal."""
        seat = self.to_move
        if self.is_over():
            raise GameError("over")
        if isinstance(play, Play):
            if play.seat != seat:
                raise GameError(
                    "turn",
                    seat=play.seat,
                    turn=seat,
                )
            cards: Cards = play.shown
        else:
            cards = tuple(play)  # as given: the order can settle a tie in a failed throw
        hand = self.hands[seat - 1]
        if not self.table:
            problems = check_lead(cards, hand, self.trump)
            if problems:
                raise GameError("play", problems, seat=seat)
            made = self.judge_lead(cards)
        else:
            trick = self.trick
            assert trick is not None
            problems = self._follow_problems(self.table[0].cards, cards, hand, trick.lead_units)
            if problems:
                raise GameError("play", problems, seat=seat)
            made = Play(seat, _sorted(cards))
        self.apply(made)
        return made

    def apply(self, play: Play) -> int:
        """Make ``play`` unchecked (it must come from :meth:`legal_plays` or be legal);
        return the points it brings the defenders: the trick's, when this play ends a
        trick they win, and the kitty's when it ends the hand. Penalties are not counted
        here but in :attr:`penalties`."""
        seat = play.seat
        cards = play.cards
        i = seat - 1
        old = self.hands[i]
        trick = self.trick
        table = self.table
        if trick is None:
            memo = self._trick_memo
            if memo is None:  # made before the lead: every lead of this trick start shares it
                memo = self._trick_memo = TrickMemo()
            self._history.append(
                (i, old, table, None, (0, 0), 0, 0, self.leader, self.points, self.penalties,
                 self.last, self.tricks, self.hand_points, memo)
            )  # fmt: skip
            self.trick = OpenTrick(seat, cards, self.trump, self.units(cards))
            if play.penalty:
                self.penalties += -play.penalty if self.is_defender(seat) else play.penalty
        else:
            self._history.append(
                (i, old, table, trick, trick.best, trick.index, trick.points, self.leader,
                 self.points, self.penalties, self.last, self.tricks, self.hand_points,
                 self._trick_memo)
            )  # fmt: skip
            if len(cards) > 1:  # its value against the lead remembered (a single's is quick)
                value = self.follow_value(cards)
            else:
                value = play_value(trick.lead_units, cards, self.trump, trick.shape)
            trick.add_valued(seat, play.points, value)
        self.hands[i] = _without(old, cards)
        self.hand_points -= play.points
        if len(table) < 3:
            self.table = (*table, play)
            return 0
        # The fourth play ends the trick: its winner takes the points and leads next.
        trick = self.trick
        assert trick is not None
        winner = trick.winning
        self.trick = None
        self.table = ()
        self.leader = winner
        self.tricks += 1
        self._trick_memo = None
        over = not any(self.hands)
        if over:  # the last trick: its lead's shape and the winning cards make the kitty's
            won_with = play.cards if trick.index == 3 else table[trick.index].cards
            trump_table = self.trump.table
            shape = trick.lead_units[0].shape
            by_trump = all(trump_table[c][0] == TRUMP for c in won_with)
            self.last = LastTrick(winner, shape, by_trump)
        dealer = self.dealer
        if dealer is None or (winner - dealer) % 2 == 0:  # the dealer's team
            return 0
        gained = trick.points
        self.points += gained
        if over:  # the defenders take the kitty too
            gained += kitty_bonus(
                self.rules,
                self.kitty_points,
                defenders_won_last=True,
                copies=shape[0],
                pairs=shape[1],
                trump=by_trump,
            )
        return gained

    def undo(self) -> None:
        """Take back the last play made on this state."""
        (i, old, table, trick, best, index, tpoints, leader, points, penalties, last, tricks,
         hand_points, self._trick_memo) = self._history.pop()  # fmt: skip
        self.hands[i] = old
        self.hand_points = hand_points
        if trick is not None:  # a follow: take it off the open trick
            trick.plays.pop()
            trick.best = best
            trick.index = index
            trick.points = tpoints
        self.trick = trick
        self.table = table
        self.leader = leader
        self.points = points
        self.penalties = penalties
        self.last = last
        self.tricks = tricks

    def winning(self) -> Seat | None:
        """The seat winning the trick on the table, if one is on the table."""
        return self.trick.winning if self.trick is not None else None

    def would_win(self, cards: Cards) -> bool:
        """True if ``cards``, played now by the seat to move, would be winning the trick."""
        trick = self.trick
        if trick is None:
            return True
        value = self.follow_value(cards)
        return value is not None and value > trick.best

    def follow_value(self, cards: Cards) -> tuple[int, int] | None:
        """What ``cards`` would be worth against the trick on the table (see
        :func:`~notation.rules.trick.play_value`; ``None``: they cannot win it)."""
        trick = self.trick
        assert trick is not None
        key = (self.table[0].cards, cards)
        memo = self._memo.values
        value = memo.get(key)
        if value is None:
            found = play_value(trick.lead_units, cards, self.trump, trick.shape)
            # "Cannot win" remembered as (-1, -1), so that one look-up tells it from a
            # new question (compared by value: a tuple constant is not one object compiled).
            value = memo[key] = found if found is not None else (-1, -1)
        return value if value[0] >= 0 else None

    # --- equal positions, equivalent plays (for search) -------------------------------

    def key(self) -> Hashable:
        """A key that two trick starts share only if they have the same value.

        The value from a trick start on depends on the cards still out only through
        their order, their points, who holds each copy, and which levels are adjacent
        where a seat holds pairs at both (a tractor can only form from pairs held). So
        each effective suit is written as its levels in order, each with its cards'
        points and holders, and a mark where a seat holds pairs at two adjacent levels;
        the levels themselves are dropped (after ♠A is played, ♠K is the top spade as ♠A
        was). The side suits play the same part, so they are sorted. Each suit's
        description stands in the key as a number (:meth:`_suit_number`): the key is the
        leader, the trump's number and the side suits' numbers, sorted. Only for a trick
        start (nothing on the table). Equal positions get equal keys from states that
        share one memo (see :meth:`share_memo`), as a solver's states do.
        """
        if len(self._memo.suit_cards) > _SUIT_IDS_KEPT:
            self._memo.forget_suit_ids()  # below: every suit's number fits in 15 bits
        memo = self._memo.suit_keys
        hands = self.hands
        a = self._suit_ids(hands[0])
        b = self._suit_ids(hands[1])
        c = self._suit_ids(hands[2])
        d = self._suit_ids(hands[3])
        numbers: list[int] = []
        for k in range(len(_EFFECTIVE_SUITS)):  # the trump first
            # The four hands' numbers for the suit in one int: no tuple to make and hash
            # (and each number below 2**15, the packed one below 2**60: a machine word).
            ids = a[k] << 45 | b[k] << 30 | c[k] << 15 | d[k]
            number = memo.get(ids)
            if number is None:
                cards = self._memo.suit_cards
                raw = (cards[a[k]], cards[b[k]], cards[c[k]], cards[d[k]])
                number = memo[ids] = self._suit_number(raw)
            numbers.append(number)
        trump_key = numbers[0]
        sides = numbers[1:]
        sides.sort()
        return (self.leader, trump_key, *sides)

    def _suit_ids(self, hand: Cards) -> tuple[int, ...]:
        """The number of each effective suit's cards in ``hand``, the trump first (equal
        cards, equal numbers, for a memo): a key's suits are looked up by four numbers,
        quicker to hash than the cards."""
        memo = self._memo
        found = memo.hand_suits.get(hand)
        if found is None:
            split = self.split(hand)
            ids: list[int] = []
            for suit in _EFFECTIVE_SUITS:
                cards = split.get(suit, ())
                number = memo.suit_ids.get(cards)
                if number is None:
                    number = memo.suit_ids[cards] = len(memo.suit_cards)
                    memo.suit_cards.append(cards)
                ids.append(number)
            found = memo.hand_suits[hand] = tuple(ids)
        return found

    def _suit_number(self, raw: tuple[Cards, Cards, Cards, Cards]) -> int:
        """The number that stands for one suit's description (:meth:`_describe`) in a key:
        equal descriptions, equal numbers (a key of a few numbers is quick to hash and
        compare). Numbers are never reused, even after the memo is trimmed, so a key kept
        by a search never comes to mean another position."""
        described = self._describe(raw)
        numbers = self._memo.numbers
        number = numbers.get(described)
        if number is None:
            number = numbers[described] = next(_NEXT_SUIT_NUMBER)
        return number

    def _describe(self, raw: tuple[Cards, Cards, Cards, Cards]) -> _SuitKey:
        """One suit's cards still out, their levels replaced by their order (see :meth:`key`).

        Levels that follow each other among the cards out and are held by one seat alone
        form a block; in a block with no pair next to another pair of that seat, the
        order of its cards does not matter (see :meth:`classes`), so the block is written
        as the seat and the sorted points and copies of its cards. Written as small
        numbers (see :data:`_SuitKey`): quick to sort, hash and compare.
        """
        table = self.trump.table
        # Each copy of a card as one number: the card's level, index and points, then the
        # seat holding it (2 bits a seat, seat 1 highest). Sorted, a card's copies meet.
        codes = self._memo.card_codes
        copies: list[int] = []
        for s in range(4):
            step = 1 << 2 * (3 - s)
            for card in raw[s]:
                code = codes.get(card)
                if code is None:
                    code = codes[card] = table[card][1] << 16 | _index(card) << 8 | card.points
                copies.append(code << 8 | step)
        copies.sort()
        # Each card as one number: its level, then its points and the copies each seat
        # holds (numbers sort as those tuples would); the cards by level, each level's in
        # order.
        entries: list[int] = []
        last = -1
        held = 0
        for copy in copies:
            code = copy >> 8
            if code != last:
                if last >= 0:
                    entries.append(last >> 16 << 12 | (last & 255) << 8 | held)
                last = code
                held = copy & 255
            else:
                held += copy & 255
        if last >= 0:
            entries.append(last >> 16 << 12 | (last & 255) << 8 | held)
        entries.sort()
        levels: list[int] = []
        starts: list[int] = []  # where each level's cards begin in entries
        seats: list[int] = []  # the seats holding a card at each level, as bits (seat s: bit s)
        pairs: list[int] = []  # the seats holding a pair at it
        for k, entry in enumerate(entries):
            level = entry >> 12
            if not levels or levels[-1] != level:
                levels.append(level)
                starts.append(k)
                seats.append(0)
                pairs.append(0)
            seats[-1] |= _SEATS_HOLDING[entry & 255]
            pairs[-1] |= _SEATS_PAIRED[entry & 255]
        n = len(levels)
        starts.append(len(entries))
        # The seats holding a pair at the level just below each level, and just above.
        below = [pairs[g - 1] if g and levels[g - 1] == levels[g] - 1 else 0 for g in range(n)]
        above = [
            pairs[g + 1] if g + 1 < n and levels[g + 1] == levels[g] + 1 else 0 for g in range(n)
        ]
        described: list[int] = []
        i = 0
        while i < n:
            mask = seats[i]
            alone = mask if mask & (mask - 1) == 0 else 0  # the one seat's bit (0: several)
            j = i + 1
            if alone:
                while j < n and seats[j] == alone:
                    j += 1
            if j - i > 1:
                # A block, written as such if no pair of its seat is next to another.
                free = True
                for g in range(i, j):
                    if pairs[g] & alone and (below[g] | above[g]) & alone:
                        free = False
                        break
                if free:
                    seat = alone.bit_length() - 1
                    shift = 2 * (4 - seat)
                    items: list[int] = []
                    for k in range(starts[i], starts[j]):
                        held = entries[k] & 4095
                        items.append(held >> 8 << 2 | held >> shift & 3)
                    items.sort()
                    described.append(1 | seat << 1 | len(items) << 4)
                    described.extend(items)
                    i = j
                    continue
            for g in range(i, j):
                linked = 1 if pairs[g] & below[g] else 0
                described.append(linked << 1 | (starts[g + 1] - starts[g]) << 4)
                for k in range(starts[g], starts[g + 1]):
                    described.append(entries[k] & 4095)
            i = j
        return tuple(described)

    def classes(self, seat: Seat) -> _Classes:
        """Cards of ``seat`` that are interchangeable: card → (class, copies held).

        Two cards of one suit that ``seat`` holds in the same number (once, or as a
        pair), with the same points, and with no card of anyone else (in a hand or on
        the table) level with them or between them, win, lose and tie alike against
        every other card. How they stand against ``seat``'s own other cards does not
        change the value: it only decides which unit a failed throw forces, and a
        failed throw is never better than leading its unit (the solver never searches
        it). Pairs must not be next to another pair of ``seat`` (then no tractor is made
        or broken by taking one for the other), and are interchangeable only as whole
        pairs (see :meth:`distinct`). Cards not listed are in a class of their own.

        Found once a trick for each seat: while a seat has not played, the cards still
        out are those of the trick's start, some of them moved to the table.
        """
        memo = self.trick_memo.classes
        found = memo.get(seat)
        if found is None:
            found = memo[seat] = self._classes(seat)
        return found

    def _classes(self, seat: Seat) -> _Classes:
        table = self.trump.table
        classes: _Classes = {}
        hands = self.hands
        # Every other hand's cards by suit, found once (not for each suit of this seat).
        splits = [self.split(hands[s]) for s in range(4) if s != seat - 1]
        for suit, cards in self.suits(seat).items():
            if len(cards) < 2:
                continue
            # The levels of the suit held by anyone else or on the table, as bits.
            others = 0
            for split in splits:
                for card in split.get(suit, ()):
                    others |= 1 << table[card][1]
            for p in self.table:
                for card in p.cards:
                    if table[card][0] == suit:
                        others |= 1 << table[card][1]
            _suit_classes(cards, others, table, 100 * _SUIT_INDEX[suit], classes)
        return classes

    def distinct_leads(self) -> list[Play]:
        """The leads of the seat to move worth searching: the throws that fail left out
        (see :meth:`leads`), and of each group of equal value (see :meth:`distinct`) the
        first lead only; in the order of :meth:`distinct` over ``leads(failing=False)``.

        Found suit by suit and remembered by the suit's cards in each hand: at a trick
        start a suit's classes depend on nothing else (no card is on the table).
        """
        seat = self.to_move
        table = self.trump.table
        plays: list[Play] = []
        splits = [self.suits(s) for s in seats_from(seat)[1:]]
        memo = self._memo.distinct_leads
        for suit, cards in self.suits(seat).items():
            others = (splits[0].get(suit, ()), splits[1].get(suit, ()), splits[2].get(suit, ()))
            key = (seat, cards, *others)
            found = memo.get(key)
            if found is None:
                leads = self._suit_leads(cards, others, False)
                classes: _Classes = {}
                if len(leads) > 1 and len(cards) > 1:
                    levels = 0  # the levels of the suit the others hold, as bits
                    for held in others:
                        for card in held:
                            levels |= 1 << table[card][1]
                    _suit_classes(cards, levels, table, 0, classes)
                if classes:
                    groups: dict[Hashable, Play] = {}
                    for play in leads:
                        groups.setdefault(_signature(play.shown, classes), play)
                    found = tuple(groups.values())
                else:
                    found = leads
                memo[key] = found
            plays.extend(found)
        return plays

    def distinct(self, plays: Sequence[Play]) -> list[list[Play]]:
        """``plays`` (all by the seat to move) in groups of equal value: plays that take
        the same number of whole members from each class of :meth:`classes` and the same
        other cards. The first play of each group stands for it."""
        if len(plays) < 2:
            return [list(plays)]
        classes = self.classes(plays[0].seat)
        if not classes:
            return [[p] for p in plays]
        groups: dict[Hashable, list[Play]] = {}
        for play in plays:
            groups.setdefault(_signature(play.shown, classes), []).append(play)
        return list(groups.values())

    # --- the end ----------------------------------------------------------------------

    def outcome(self) -> HandOutcome:
        """The defenders' total and the level result, once every card is played."""
        if not self.is_over() or self.last is None:
            raise GameError("not-over")
        multiplier, total = self.final(self.kitty_points)
        assert total is not None  # a position knows the kitty and every card played
        return HandOutcome(
            self.points, self.penalties, self.kitty_points, multiplier, total,
            self.rules.outcome(total),
        )  # fmt: skip

    def final(self, kitty_points: int | None) -> tuple[int | None, int | None]:
        """The kitty's multiplier and the defenders' total after the last trick (see
        :attr:`last`), as far as known: no multiplier unless the defenders won it; no
        total when they did and its shape or ``kitty_points`` (the buried cards' points)
        is not known."""
        last = self.last
        if last is None:
            raise GameError("not-over")
        won = last.winner is not None and self.is_defender(last.winner)
        multiplier: int | None = None
        if won:
            if last.shape is None:
                return None, None
            multiplier = self.rules.kitty_multiplier(*last.shape, trump=last.by_trump)
            if kitty_points is None:
                return multiplier, None
        copies, pairs = last.shape or (1, 1)
        total = final_total(
            self.rules,
            self.points,
            kitty_points or 0,
            penalty_points=self.penalties,
            defenders_won_last=won,
            copies=copies,
            pairs=pairs,
            trump=last.by_trump,
        )
        return multiplier, total

    def total(self, future: int) -> int:
        """The defenders' final total if they gain ``future`` more points from here (the
        kitty bonus included): what a search returns, turned into the hand's total."""
        return never_negative(self.points + self.penalties + future)

    # --- a record's play: partial hands, refused plays handed to a visitor ------------

    def record(
        self,
        seat: Seat,
        cards: Slots,
        visitor: RecordVisitor,
        *,
        attempted: Slots | None = None,
        shown: Slots | None = None,
    ) -> None:
        """Make a play as a record has it (a state from :meth:`from_record`), whatever the
        rules say: the rules judge it as far as the record shows the hands, and hand every
        play they refuse to ``visitor`` (:meth:`RecordVisitor.refused`); the play is made
        all the same, as the players made it.

        ``cards`` are the cards played (``UNKNOWN`` for a card not known), ``attempted``
        a failed throw's cards as thrown. ``shown``: the cards as the record writes them,
        when the reader judges some of them unknown (a third copy of a card): the table
        shows and counts them. A play on an empty table leads. A seat playing out of turn
        is refused, unless the seats passed over have no card left; a fifth play too.
        """
        table = self.table
        trump = self.ruling
        blind = has_unknown(cards)  # some card of this play is not known
        # where not blind (the cast's type quoted: written bare, it is made at every play)
        known = cast("tuple[Card, ...]", cards)
        holding = self.holdings[seat - 1]
        if not table:  # a lead
            self.leader = seat
            self.passed = 0
            self.lead = cards
            units = self._judge_lead(seat, cards, attempted, visitor)
            # The trick, where its winner can be known.
            self.trick = None if trump is None or blind else _open_trick(seat, known, trump, units)
        else:
            turn = len(table) + self.passed
            if turn > 3 or seat != (self.leader + turn - 1) % 4 + 1:
                self.passed += self._out_of_turn(seat, turn, visitor)
            lead = self.lead
            if trump is not None and not has_unknown(lead):
                if len(lead) == 1 and len(cards) == 1 and not blind:
                    # The commonest follow, a single to a single: in suit and held is legal.
                    order = trump.table
                    card = known[0]
                    if not (
                        order[card][0] is order[cast(Card, lead[0])][0]
                        and holding.exact
                        and holding.known[card] > 0
                    ):
                        self._judge_follow(seat, cards, lead, trump, blind, visitor)
                else:
                    self._judge_follow(seat, cards, lead, trump, blind, visitor)
            trick = self.trick
            if trick is not None:
                if blind:
                    self.trick = None  # the winner cannot be known
                else:
                    trick.add(seat, known)
        holding.remove(cards)  # a card not held was refused above, when the hand is known
        played = self.played
        played[seat - 1] += len(cards)
        if played[seat - 1] > self.capacity[seat - 1]:
            visitor.overplayed(seat)
        if shown is not None or blind:  # the table counts the cards shown, as far as known
            known = tuple(known_cards(cards if shown is None else shown))
        self.table = (*table, Play(seat, known))

    def _out_of_turn(self, seat: Seat, turn: int, visitor: RecordVisitor) -> int:
        """A play by another seat than the one whose turn it is: refused, unless the seats
        passed over have no card left (a wrong count, refused already). Returns how many
        seats were passed over."""
        played, capacity = self.played, self.capacity
        passed = 0
        while turn + passed < 4:
            other = next_seat(self.leader, turn + passed)
            if other == seat:
                return passed
            if played[other - 1] < capacity[other - 1]:
                break
            passed += 1
        if turn < 4:
            refusal = Violation(Code.OUT_OF_TURN, turn=next_seat(self.leader, turn))
        else:
            refusal = Violation(Code.OUT_OF_TURN, played=turn + 1)
        visitor.refused(seat, refusal)
        return 0

    def _judge_lead(
        self, seat: Seat, cards: Slots, attempted: Slots | None, visitor: RecordVisitor
    ) -> list[Unit] | None:
        """Judge a lead (and a throw) against what the seats surely hold; return the
        lead's units where they were read (a lead played as thrown)."""
        trump = self.ruling
        if trump is None:
            return None
        thrown = attempted if attempted is not None else cards
        if has_unknown(thrown):
            visitor.unjudged(seat)
            return None
        lead = known_cards(thrown)
        holding = self.holdings[seat - 1]
        if len(lead) == 1 and attempted is None:
            if holding.exact and holding.known[lead[0]] <= 0:
                visitor.refused(seat, Violation(Code.NOT_HELD, (lead[0],), leading=True))
            return None  # a single: nothing more to check
        known = holding.known
        order = trump.table  # (the effective suit: a look-up, not a call)
        suit = order[lead[0]][0]
        fine = all(order[c][0] is suit for c in lead) and (
            not holding.exact or all(known[c] >= n for c, n in tally(lead).items())
        )
        if not fine:  # say why, in the core's words
            # Cards not surely held are only refused when the whole hand is known.
            for v in check_lead(lead, known if holding.exact else lead, trump):
                visitor.refused(seat, v)
                return None
        units = decompose(lead, trump)
        read = units if attempted is None else None  # the trick is judged on them
        if len(units) < 2:
            if attempted is not None:
                visitor.refused(seat, Violation(Code.THROW_STOOD, tuple(lead), asked=1))
            return read
        others: dict[Seat, CardCounts] = {}
        all_exact = True
        for other in seats_from(seat)[1:]:
            held, exact = visitor.held(other)
            others[other] = held
            all_exact = all_exact and exact
        verdict = judge_throw(lead, seat, others, trump, units)
        counts = self.rules.throw.penalty_counts.value
        if attempted is None:
            if verdict.failed:
                unit = verdict.forced_unit
                assert unit is not None and verdict.beaten_by is not None
                refusal = Violation(
                    Code.THROW_FAILED, tuple(lead), by=verdict.beaten_by, forced=tuple(unit.cards)
                )
                visitor.refused(seat, refusal)
                self._charge(
                    seat, verdict.penalty_cards(counts) * self.rules.throw.penalty_per_card
                )
            elif not all_exact:
                visitor.throw_stands(seat, lead, units, others)
            return read
        # A throw recorded as failed: was it, and was the right unit played?
        if not verdict.failed:
            if all_exact:
                visitor.refused(seat, Violation(Code.THROW_STOOD, tuple(lead)))
            return None
        self._charge(seat, verdict.penalty_cards(counts) * self.rules.throw.penalty_per_card)
        played = cast("tuple[Card, ...]", cards)  # (judged only when no card is unknown)
        # Counts as plain dicts: compared in C (a Counter's == is Python, card by card).
        if not has_unknown(cards) and tally(played) not in [
            tally(u.cards) for u in verdict.forced_options
        ]:
            assert verdict.beaten_by is not None
            refusal = Violation(
                Code.WRONG_FORCED_PLAY,
                played,
                by=verdict.beaten_by,
                forced=tuple(verdict.forced),
            )
            visitor.refused(seat, refusal)
        return None

    def _charge(self, seat: Seat, penalty: int) -> None:
        """A failed throw's point penalty: taken from the defenders, or given to them."""
        if penalty and self.dealer is not None:
            self.penalties += -penalty if self.is_defender(seat) else penalty

    def _judge_follow(
        self,
        seat: Seat,
        cards: Slots,
        lead: Slots,
        trump: Trump,
        blind: bool,
        visitor: RecordVisitor,
    ) -> None:
        """Judge a follow to a known lead; ``blind``: the play has unknown cards."""
        if len(cards) != len(lead):  # refused below (wrong-count); not again at the end
            self.capacity[seat - 1] += len(cards) - len(lead)
        if blind:
            if len(cards) != len(lead):
                visitor.refused(
                    seat, Violation(Code.WRONG_COUNT, asked=len(lead), played=len(cards))
                )
            return
        holding = self.holdings[seat - 1]
        if len(lead) == 2 and len(cards) == 2 and holding.exact and lead[0] is lead[1]:
            # A pair against a pair from a known hand: a held pair of the suit is legal
            # (cards compared by identity: each card is one object).
            first, second = cast("tuple[Card, Card]", cards)
            order = trump.table
            if (
                first is second
                and holding.known[first] >= 2
                and order[first][0] is order[cast(Card, lead[0])][0]
            ):
                return
        if len(lead) == 1 and len(cards) == 1 and holding.exact:
            # A single against a single from a known hand: legal if in suit, or void.
            card = cast(Card, cards[0])  # neither is unknown: checked above
            if holding.known[card] > 0:
                table = trump.table
                suit = table[cast(Card, lead[0])][0]
                if table[card][0] is suit or not any(
                    n > 0 and table[c][0] is suit for c, n in holding.known.items()
                ):
                    return
        held, exact = visitor.held(seat)
        trick = self.trick
        problems = check_follow(
            cast("tuple[Card, ...]", lead),
            cast("tuple[Card, ...]", cards),
            held,
            trump,
            trick.lead_units if trick is not None else None,
            self.rules.follow.shorter_tractor,
        )
        for v in problems:
            if v.code is Code.NOT_HELD and not exact:
                continue  # a card not surely held is refused only from a hand known whole
            visitor.refused(seat, v)

    def trick_waits(self) -> bool:
        """True if the trick on the table (a record's) waits for a play: fewer than four
        seats have played or been passed over, and the next one has a card left."""
        turns = len(self.table) + self.passed
        if turns >= 4:
            return False
        seat = next_seat(self.leader, turns)
        return self.played[seat - 1] < self.capacity[seat - 1]

    def end_trick(self, winner: Seat | None) -> int:
        """End the trick on the table as a record has it: ``winner`` takes it (the rules'
        winner, :meth:`winning`, unless the record shows only another; ``None``: nobody
        known). Returns its points, which go to the winner's team (:attr:`taken`) and to
        the defenders' points when they won it."""
        trick, table = self.trick, self.table
        if trick is not None:
            points = trick.points
            shape: tuple[int, int] | None = trick.lead_units[0].shape
            won_with = table[trick.index].cards
        else:  # the rules cannot say: the record's winner takes the cards shown
            points = sum(c.points for p in table for c in p.cards)
            shape = None
            won_with = next((p.cards for p in table if p.seat == winner), ())
        if winner is not None:
            self.taken[team(winner) - 1] += points
            dealer = self.dealer
            if dealer is not None and (winner - dealer) % 2 == 1:  # the defenders took it
                self.points += points
            self.leader = winner
        trump = self.ruling
        by_trump = trump is not None and all(trump.table[c][0] == TRUMP for c in won_with)
        self.last = LastTrick(winner, shape, by_trump)
        self.trick = None
        self.table = ()
        self.lead = ()
        self.passed = 0
        self.tricks += 1
        return points

    @property
    def leads_next(self) -> Seat | None:
        """Who should lead the next trick of a record: the last trick's winner, or the
        dealer before the first (``None``: not known)."""
        return self.last.winner if self.last is not None else self.dealer


def _submultisets(cards: Cards) -> Iterator[Cards]:
    """Every non-empty sub-multiset of sorted ``cards``, each once, sorted."""
    counts = list(Counter(cards).items())
    for takes in product(*(range(n + 1) for _, n in counts)):
        chosen = tuple(c for (c, _), k in zip(counts, takes, strict=True) for _ in range(k))
        if chosen:
            yield chosen


def _without(hand: Cards, cards: Cards) -> Cards:
    """``hand`` less ``cards`` (both sorted; a card is found by identity, as cards are
    one object each: quicker than ``index`` and ``remove`` compiled)."""
    if len(cards) == 1:
        card = cards[0]
        i = 0
        while hand[i] is not card:
            i += 1
        if i == 0:
            return hand[1:]
        if i == len(hand) - 1:
            return hand[:i]
        return hand[:i] + hand[i + 1 :]
    # Both in the same order: one pass, skipping the cards played (``del`` of a list item
    # is a generic call compiled).
    left: list[Card] = []
    j = 0
    n = len(cards)
    for card in hand:
        if j < n and card is cards[j]:
            j += 1
        else:
            left.append(card)
    if j == n:
        return tuple(left)
    left = list(hand)  # not in the hand's order: each card found on its own
    for card in cards:
        i = 0
        while left[i] is not card:
            i += 1
        left.pop(i)
    return tuple(left)


_EFFECTIVE_SUITS: tuple[EffectiveSuit, ...] = (TRUMP, *SUITS)
_SUIT_INDEX: dict[EffectiveSuit, int] = {suit: i for i, suit in enumerate(_EFFECTIVE_SUITS)}


_Classes = dict[Card, tuple[int, int]]


def _suit_classes(
    cards: Cards,
    others: int,
    table: Mapping[Card, tuple[EffectiveSuit, int]],
    base: int,
    classes: _Classes,
) -> None:
    """Put the classes of one suit's ``cards`` held by a seat into ``classes`` (numbered
    from ``base`` + 1; see :meth:`PlayState.classes`), ``others`` the levels of the suit
    held by anyone else or on the table, as bits."""
    held: list[tuple[Card, int]] = []  # this seat's cards, each with its copies
    for card in cards:  # sorted: copies are side by side
        if held and held[-1][0] is card:
            held[-1] = (card, 2)
        else:
            held.append((card, 1))
    pairs = 0  # the levels of this seat's pairs, as bits
    for card, n in held:
        if n == 2:
            pairs |= 1 << table[card][1]
    groups: dict[tuple[int, int, int], list[tuple[Card, int]]] = {}
    for card, n in held:
        level = table[card][1]
        if others >> level & 1:
            continue  # level with another seat's card: ties decide
        if n == 2 and pairs & (5 << level >> 1):
            continue  # a pair next to another pair: part of a tractor
        between = (others & ((1 << level) - 1)).bit_count()  # others' cards below
        groups.setdefault((n, card.points, between), []).append((card, n))
    number = base
    for group in groups.values():
        if len(group) > 1:
            number += 1
            for card, n in group:
                classes[card] = (number, n)


def _signature(cards: Cards, classes: dict[Card, tuple[int, int]]) -> Hashable:
    """What a play takes, up to interchangeable cards: from each class, how many whole
    members (or exactly which copies, when it takes part of a pair). ``cards`` sorted."""
    plain: list[tuple[Card, int]] = []
    by_class: dict[int, list[tuple[Card, int]]] = {}
    i = 0
    while i < len(cards):
        card = cards[i]
        n = 1
        while i + n < len(cards) and cards[i + n] is card:
            n += 1
        i += n
        cls = classes.get(card)
        if cls is None:
            plain.append((card, n))
        else:
            by_class.setdefault(cls[0], []).append((card, n))
    parts: list[Hashable] = [tuple(plain)]
    for number, members in sorted(by_class.items()):
        copies = classes[members[0][0]][1]
        if all(n == copies for _, n in members):
            parts.append((number, len(members)))
        else:
            parts.append((number, tuple(members)))
    return tuple(parts)


def _open_trick(
    seat: Seat, lead: Cards, trump: Trump, units: list[Unit] | None
) -> OpenTrick | None:
    """The trick as led, or ``None`` for a lead of several suits (it has no winner)."""
    if len(lead) > 1 and len({trump.table[c][0] for c in lead}) != 1:
        return None
    return OpenTrick(seat, lead, trump, units)
