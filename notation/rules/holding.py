"""What a seat is known to hold: one model for the replay, the analysis and the bots.

A record may lack cards (a hand not dealt in the record, a ``??`` played or buried), and
a player sees only its own. What is known about a seat's hand is kept here, once:

* the cards known to be held and how many more are held unknown (:class:`Holding`; the
  replay keeps one per seat through the deal and the auction, and the play phase's game
  state, :class:`~notation.rules.game.PlayState`, takes them over for the play);
* the copies of the two decks that no place is known to hold (:func:`unseen`): a copy
  counted below zero is one that nobody can have;
* what the rules make every legal play reveal about the hand it came from
  (:class:`Fact`), each rule inferred by one function: :func:`shown_void` and
  :func:`follow_facts` for a follow, :meth:`Knowledge.after` for a throw;
* what one seat knows at a moment of the play (:class:`Knowledge`: the analysis's view,
  built from a replayed record by :func:`notation.analysis.knowledge.knowledge_at`), and
  the voids every seat has shown, kept in place for the bots (:class:`Voids`: the lean
  path of the same inference).

>>> from notation.rules.cards import parse_cards
>>> h = Holding((*parse_cards("SA SK"), UNKNOWN))
>>> h.exact, h.size()
(False, 3)
>>> h.remove(tuple(parse_cards("SA D3")))  # D3 was the unknown card
[]
>>> h.exact, [str(c) for c in h.slots(None)]
(True, ['SK'])

**What a play shows.** A seat sees its own cards, every card played (and by whom), the
cards shown in the bidding, the kitty if it buried it last, and what the rules make every
legal play reveal about the hand it came from:

* a seat that did not follow the led suit with all it was asked for holds no more of
  that suit (it is void in it);
* a seat that answered a pair (or the pairs of a tractor or throw) with fewer pairs of
  the suit than were led holds no other pair of it, and no second copy of a card it
  played singly in that trick;
* a seat that answered a tractor without the tractor the rule set asks for holds no
  such tractor (:class:`~notation.rules.ruleset.ShorterTractor` says which);
* a throw that stood shows that nobody else could beat any of its units; a throw that
  failed shows that nobody could beat its units below the forced one, that the seat the
  record names (``by N``) could beat the forced unit (or, unnamed, one of the others),
  and which cards the thrower held. The seats between the thrower and ``N`` are not
  taken to be unable to beat it: a record names the seat that showed the beating cards,
  which need not be the first in turn.

Each of these is a :class:`Fact` about the hand a seat held *when a trick began*: that
hand is the seat's cards now plus what it has played since, so a fact shown once holds
for the rest of the hand (a seat void in ♠ stays void). A :class:`Knowledge` gathers
them with the rest of the view; :meth:`Knowledge.after` adds one more play (for a game
the analysis plays itself), and :mod:`notation.analysis.sampling` deals the unseen cards
consistently with it.

>>> from notation.rules.cards import Rank, Suit
>>> trump = Trump(Rank.TWO, Suit.HEARTS)
>>> view = Knowledge.start(1, trump, parse_cards("SA S3 D4"), sizes=(3, 3, 3, 3))
>>> view = view.after(1, parse_cards("SA")).after(2, parse_cards("D9"))  # seat 2 discards
>>> [str(f) for f in view.facts]
['seat 2 holds no ♠ (from trick 1)']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import field, replace
from enum import StrEnum
from functools import lru_cache, partial
from typing import Final, Protocol, cast

from notation.errors import KeyedError
from notation.frozen import dataclass_by_build
from notation.rules.cards import DECK, UNKNOWN, Card, CardCounts, Cards, CardSlot, Slots, Suit
from notation.rules.follow import DEFAULT_SHORTER_TRACTOR, check_follow
from notation.rules.order import EffectiveSuit, Trump
from notation.rules.ruleset import ShorterTractor
from notation.rules.seats import SEATS, Seat, seats_from
from notation.rules.throw import can_beat
from notation.rules.units import (
    Unit,
    best_tractor_cover,
    decompose,
    lead_shape,
    longest_run,
    pair_index,
)

__all__ = [
    "HAND_SIZE",
    "KITTY",
    "TWO_DECKS",
    "Contradiction",
    "Fact",
    "FactKind",
    "Holding",
    "Knowledge",
    "KnowledgeError",
    "Place",
    "SeenPlay",
    "TablePlay",
    "Voids",
    "Whereabouts",
    "follow_facts",
    "has_unknown",
    "known_cards",
    "shown_void",
    "unseen",
]

HAND_SIZE = 25
TWO_DECKS: Counter[Card] = Counter(DECK)

Place = int
"""Where a card can be: a seat 1..4, or :data:`KITTY`."""
KITTY: Final[Place] = 0
KITTY_SIZE: Final = 8  # every preset buries 8 (the rule set's kitty.size)


# --- what a record shows a seat holds; the cards nobody is known to hold ------------------


class Holding:
    """What one seat holds, as far as the record shows it."""

    __slots__ = ("blurred", "exact", "known", "recorded", "unknown")

    def __init__(self, cards: Slots | None) -> None:
        self.recorded = cards is not None
        counts: Counter[CardSlot] = Counter(cards or ())
        unknown = counts.pop(UNKNOWN, 0)
        self.known = cast("Counter[Card]", counts)
        self.unknown = HAND_SIZE if cards is None else unknown
        self.blurred = False  # a ?? was played from known cards: which one is not known
        self.exact = self.recorded and not self.unknown  # every card held is known

    def _settle(self) -> None:
        self.exact = self.recorded and not self.unknown and not self.blurred

    def add(self, cards: Slots) -> None:
        """Put cards in (the kitty picked up)."""
        known = self.known
        for c in cards:
            if c is UNKNOWN:
                self.unknown += 1
            else:  # (get: a missing card would call Counter's Python __missing__)
                known[c] = known.get(c, 0) + 1
        self._settle()

    def remove(self, cards: Slots) -> list[Card]:
        """Take cards out; return the known cards that were not there."""
        missing: list[Card] = []
        known = self.known
        for c in cards:
            if c is UNKNOWN:
                if self.unknown:
                    self.unknown -= 1
                else:
                    self.blurred = True
            elif (held := known.get(c, 0)) > 1:
                known[c] = held - 1
            elif held == 1:
                known.pop(c)  # only cards held stay: the hand is read whole at every check
            elif self.unknown:
                self.unknown -= 1
            else:
                missing.append(c)
        if not self.exact or self.blurred:
            self._settle()
        return missing

    def size(self) -> int:
        """How many cards the seat holds, known or not."""
        return sum(self.known.values()) + self.unknown

    def slots(self, trump: Trump | None) -> Slots:
        """The cards held as a record writes them: the known ones in order, then ``??``."""
        cards = list(self.known.elements())
        ordered = trump.sorted(cards) if trump else sorted(cards)
        return (*ordered, *(UNKNOWN for _ in range(self.unknown)))


def known_cards(cards: Iterable[CardSlot]) -> list[Card]:
    """The known cards among ``cards``."""
    return [c for c in cards if c is not UNKNOWN]


def has_unknown(cards: Slots) -> bool:
    """True if some card is ``??``."""
    # By identity, card by card: ``UNKNOWN in cards`` compares with ``==``, which a Card
    # (it has ``__lt__``) answers through a slot look-up, twice per card (2x slower pure,
    # 20x compiled), and ``any()`` of a generator is slower still pure; the replay asks
    # at every play.
    for card in cards:  # noqa: SIM110
        if card is UNKNOWN:
            return True
    return False


def unseen(*placed: Iterable[Card] | CardCounts) -> Counter[Card]:
    """The copies of the two decks that are not among ``placed`` (cards, or counts of
    them): the cards still to be placed. A card counted below zero was placed more often
    than two decks hold it: a card nobody can have.

    >>> from notation.rules.cards import parse_cards
    >>> left = unseen(parse_cards("SA SA"), parse_cards("SA SK"))
    >>> left[Card.parse("SA")], left[Card.parse("SK")], left.total()
    (-1, 1, 104)
    """
    left = Counter(TWO_DECKS)
    for cards in placed:
        left.subtract(cards)
    return left


# --- what a play shows about the hand it came from: one function a rule -------------------


class FactKind(StrEnum):
    """What a play showed about a hand."""

    VOID = "void"  # no card of the suit beyond those it played
    NO_PAIR = "no-pair"  # no pair of the suit beyond those it played
    NO_TRACTOR = "no-tractor"  # no tractor owed to the lead (the follow was legal)
    CANNOT_BEAT = "cannot-beat"  # no unit of the suit beating ``unit``
    BEATS = "beats"  # a unit beating ``unit`` (one of ``seats`` held it)


@dataclass_by_build(frozen=True, slots=True)
class Fact:
    """What the play showed about the hand that ``seats[0]`` held when trick ``trick``
    began (for :attr:`FactKind.BEATS` without a recorded blocker: one of ``seats``).

    ``play`` is the seat's own play in that trick (``VOID``, ``NO_PAIR``,
    ``NO_TRACTOR``), ``lead`` the cards it answered (``NO_TRACTOR``), ``unit`` the unit
    of a throw (``CANNOT_BEAT``, ``BEATS``), ``length`` for ``NO_TRACTOR`` the shortest
    tractor it is shown not to hold, when one length says it all (0: see the lead).
    """

    kind: FactKind
    seats: tuple[Seat, ...]
    suit: EffectiveSuit
    trick: int
    play: Cards = ()
    lead: Cards = ()
    unit: Unit | None = None
    length: int = 0
    shorter_tractor: ShorterTractor = field(default=DEFAULT_SHORTER_TRACTOR, compare=False)

    @property
    def seat(self) -> Seat:
        """The seat the fact is about (the first of several for an unnamed blocker)."""
        return self.seats[0]

    @property
    def by_limits(self) -> bool:
        """True if :meth:`limits` says all the fact says (a cap on copies of each card)."""
        if self.kind in (FactKind.VOID, FactKind.NO_PAIR):
            return True
        return self.kind is FactKind.CANNOT_BEAT and self.unit is not None and self.unit.length == 1

    def limits(self, trump: Trump) -> dict[Card, int]:
        """The most copies of each card the hand held when the trick began, where the
        fact caps them (cards it does not cap are left out)."""
        played = Counter(self.play)
        suit_cards = _suit_cards(trump, self.suit)
        if self.kind is FactKind.VOID:
            return {c: played[c] for c in suit_cards}
        if self.kind is FactKind.NO_PAIR:
            # A pair played as a pair was allowed; any other card at most once.
            return {c: 1 for c in suit_cards if played[c] < 2}
        unit = self.unit
        if self.kind is FactKind.CANNOT_BEAT and unit is not None and unit.length == 1:
            # Nothing higher than a single; no pair higher than a pair.
            most = unit.copies - 1
            return {c: most for c in suit_cards if trump.level(c) > unit.top}
        return {}

    def holds(self, then: Callable[[Seat], CardCounts], trump: Trump) -> bool:
        """True if the hands held when the trick began (``then(seat)``) agree."""
        if self.by_limits:
            hand = then(self.seat)
            return all(hand.get(c, 0) <= n for c, n in self.limits(trump).items())
        unit = self.unit
        if self.kind is FactKind.CANNOT_BEAT:
            assert unit is not None
            return not can_beat(unit, then(self.seat), trump)
        if self.kind is FactKind.BEATS:
            assert unit is not None
            return any(can_beat(unit, then(s), trump) for s in self.seats)
        problems = check_follow(
            self.lead, self.play, then(self.seat), trump, shorter_tractor=self.shorter_tractor
        )
        return not problems

    def __str__(self) -> str:
        suit = _suit_name(self.suit)
        since = f"(from trick {self.trick})"
        seat = f"seat {self.seat}"
        if self.kind is FactKind.VOID:
            return f"{seat} holds no {suit} {since}"
        if self.kind is FactKind.NO_PAIR:
            return f"{seat} holds no pair of {suit} but those it played {since}"
        if self.kind is FactKind.NO_TRACTOR:
            if self.length:
                return f"{seat} holds no {suit} tractor of {self.length} pairs or more {since}"
            return f"{seat} holds no {suit} tractors owed to {_symbols(self.lead)} {since}"
        assert self.unit is not None
        shown = _symbols(self.unit.cards)
        if self.kind is FactKind.CANNOT_BEAT:
            return f"{seat} could not beat {shown} {since}"
        who = seat if len(self.seats) == 1 else "seat " + " or ".join(map(str, self.seats))
        return f"{who} could beat {shown} {since}"


def _answer(
    trump: Trump, lead: Sequence[Card], cards: Sequence[Card]
) -> tuple[EffectiveSuit, list[Card], bool] | None:
    """How ``cards`` answer ``lead``: the led suit, the cards of it among them, and
    whether they are fewer than were led; ``None`` where the follow shows nothing sure."""
    led = len(lead)
    if len(cards) != led or not led:
        return None  # a wrong number of cards breaks a rule: it shows nothing sure
    table = trump.table
    suit = table[lead[0]][0]
    if led > 1:
        for c in lead:
            if table[c][0] != suit:
                return None  # a lead of several suits breaks a rule: its follows show nothing sure
    in_suit = [c for c in cards if table[c][0] == suit]
    # A follow with fewer cards of the led suit than were led shows a void.
    return suit, in_suit, len(in_suit) < led


def shown_void(trump: Trump, lead: Sequence[Card], cards: Sequence[Card]) -> EffectiveSuit | None:
    """The suit that a follow of ``cards`` to ``lead`` shows its seat holds no more of
    (it had fewer cards of the led suit than were led), or ``None``.

    >>> from notation.rules.cards import Rank, Suit, parse_cards
    >>> trump = Trump(Rank.TWO, Suit.HEARTS)
    >>> shown_void(trump, parse_cards("SA SA"), parse_cards("S3 D9"))
    <Suit.SPADES: 'S'>
    >>> shown_void(trump, parse_cards("SA SA"), parse_cards("S3 S9")) is None
    True
    """
    answer = _answer(trump, lead, cards)
    return answer[0] if answer is not None and answer[2] else None


def follow_facts(
    trump: Trump,
    seat: Seat,
    lead: Sequence[Card],
    cards: Sequence[Card],
    trick: int,
    shorter_tractor: ShorterTractor = DEFAULT_SHORTER_TRACTOR,
) -> list[Fact]:
    """What ``seat``'s follow of ``cards`` to ``lead`` in trick ``trick`` shows about the
    hand it came from, by the follow rules: a void, else no other pair of the suit, else
    no tractor owed (``shorter_tractor`` says which); nothing if it broke a rule."""
    answer = _answer(trump, lead, cards)
    if answer is None:
        return []
    suit, in_suit, void = answer
    base = (seat,)
    play = tuple(cards)
    if void:
        return [Fact(FactKind.VOID, base, suit, trick, play=play)]
    tractors, pair_units, _ = lead_shape(decompose(lead, trump))
    pairs_led = sum(tractors) + pair_units
    index = pair_index(in_suit, trump)
    if index.count() < pairs_led:
        return [Fact(FactKind.NO_PAIR, base, suit, trick, play=play)]
    if not tractors:
        return []
    run = longest_run(index.counts())
    if len(tractors) == 1 and run is not None and run[1] >= tractors[0]:
        return []  # the tractor was answered with a tractor as long
    if len(tractors) > 1:
        length = 0  # several tractors: only the checker says what was owed
        if best_tractor_cover(tractors, index.counts()) == tractors:
            return []  # every tractor answered at its full length
    elif shorter_tractor is ShorterTractor.OPTIONAL:
        length = tractors[0]
    else:
        length = (run[1] if run is not None else 1) + 1
    fact = Fact(
        FactKind.NO_TRACTOR,
        base,
        suit,
        trick,
        play=play,
        lead=tuple(lead),
        length=length,
        shorter_tractor=shorter_tractor,
    )
    return [fact]


# A fact about a suit is implied by an earlier one of these kinds about the same seat and
# suit: the hand later is the hand then less what was played since.
_IMPLIED_BY: Final = {
    FactKind.VOID: (FactKind.VOID,),
    FactKind.NO_PAIR: (FactKind.VOID, FactKind.NO_PAIR),
    FactKind.NO_TRACTOR: (FactKind.VOID, FactKind.NO_PAIR),
}


def _implied(fact: Fact, facts: Sequence[Fact]) -> bool:
    """True if ``facts`` already say all that ``fact`` says (a void stays a void)."""
    if fact in facts:
        return True
    kinds = _IMPLIED_BY.get(fact.kind, ())
    return any(f.kind in kinds and f.seats == fact.seats and f.suit == fact.suit for f in facts)


# --- the voids every seat sees, kept in place (the bots) ----------------------------------


class TablePlay(Protocol):
    """A play as every seat sees it on the table: the seat and the cards it put down
    (:class:`~notation.rules.game.Play`, :class:`SeenPlay`)."""

    @property
    def seat(self) -> Seat:
        """The seat that played."""
        ...

    @property
    def cards(self) -> Cards:
        """The cards it put down (a failed throw: its forced unit)."""
        ...


class Voids:
    """The suits each seat has shown it lacks (:func:`shown_void`), noted one follow at a
    time: the lean path for players that need only these. Public: every seat sees it."""

    __slots__ = ("suits",)

    def __init__(self) -> None:
        self.suits: list[set[EffectiveSuit]] = [set(), set(), set(), set()]

    def clear(self) -> None:
        """Forget everything (a new hand)."""
        for suits in self.suits:
            suits.clear()

    def note(self, trump: Trump, table: Sequence[TablePlay], play: TablePlay) -> None:
        """Learn from ``play``, about to be made on a trick whose plays so far are
        ``table`` (a lead shows nothing)."""
        if table and (suit := shown_void(trump, table[0].cards, play.cards)) is not None:
            self.suits[play.seat - 1].add(suit)

    def note_table(self, trump: Trump, table: Sequence[TablePlay]) -> None:
        """Learn from the follows on ``table`` (a player that joins mid-trick)."""
        if len(table) > 1:
            lead = table[0].cards
            suits = self.suits
            for play in table[1:]:
                if (suit := shown_void(trump, lead, play.cards)) is not None:
                    suits[play.seat - 1].add(suit)

    def lacks(self, seat: Seat, suit: EffectiveSuit) -> bool:
        """True if ``seat`` has shown it holds no card of ``suit``."""
        return suit in self.suits[seat - 1]


# --- what one seat knows at a moment of the play (the analysis) ---------------------------


class KnowledgeError(KeyedError):
    """A player's view that cannot be built: a step outside the play, unknown cards in
    what the seat saw, or a play out of place (``knowledge.why.<key>``)."""

    kind = "knowledge"


class Contradiction(KnowledgeError):
    """No deal of the unseen cards agrees with what a seat knows: the record breaks a
    rule (a revoke, a throw that should have failed …). ``fact`` is the fact that
    cannot be met, when one fact is to blame."""

    def __init__(self, key: str, fact: Fact | None = None, **facts: object) -> None:
        super().__init__(key, **facts, **({} if fact is None else {"fact": fact}))
        self.fact = fact


@dataclass_by_build(frozen=True, slots=True)
class SeenPlay:
    """A play as every seat saw it: a failed throw shows the cards ``attempted``, and
    ``blocker`` the seat that beat it, where known."""

    seat: Seat
    cards: Cards
    attempted: Cards | None = None
    blocker: Seat | None = None

    def __str__(self) -> str:
        """As a record writes it: ``3: SQ S10 S10 / SQ`` for a failed throw."""
        shown = " ".join(map(str, self.cards))
        if self.attempted is not None:
            shown = f"{' '.join(map(str, self.attempted))} / {shown}"
        return f"{self.seat}: {shown}"


@dataclass_by_build(frozen=True, slots=True)
class Whereabouts:
    """At least ``copies`` of ``card`` are among ``places``: shown in a bid (by a seat
    that may have buried them since), the fallback's kitty card, or cards this seat
    buried before another seat took the kitty (炒底). One place: the seat holds them."""

    card: Card
    copies: int
    places: frozenset[Place]

    def __str__(self) -> str:
        where = " or ".join("the kitty" if p == KITTY else f"seat {p}" for p in sorted(self.places))
        return f"{self.copies}× {self.card.symbol} with {where}"


@dataclass_by_build(frozen=True, slots=True)
class Knowledge:
    """What ``seat`` knows at one moment of the play.

    ``hand`` is its own cards now; ``tricks`` every play so far, trick by trick (the
    last may still be open); ``sizes`` how many cards seats 1..4 hold now; ``kitty`` the
    buried cards if this seat buried them last (else ``None``, and only ``kitty_size``
    is known); ``whereabouts`` the cards known to be somewhere (:meth:`held` for those a
    seat surely holds); ``facts`` what the play showed about the other hands.
    """

    seat: Seat
    trump: Trump
    hand: Cards
    sizes: tuple[int, int, int, int]
    tricks: tuple[tuple[SeenPlay, ...], ...] = ()
    kitty: Cards | None = None
    kitty_size: int = KITTY_SIZE
    whereabouts: tuple[Whereabouts, ...] = ()
    facts: tuple[Fact, ...] = ()
    shorter_tractor: ShorterTractor = DEFAULT_SHORTER_TRACTOR

    def __post_init__(self) -> None:
        if self.seat not in SEATS:
            raise KnowledgeError("no-seat", seat=self.seat)

    @classmethod
    def start(
        cls,
        seat: Seat,
        trump: Trump,
        hand: Sequence[Card],
        *,
        sizes: tuple[int, int, int, int] | None = None,
        kitty: Sequence[Card] | None = None,
        kitty_size: int = KITTY_SIZE,
        whereabouts: Iterable[Whereabouts] = (),
        shorter_tractor: ShorterTractor = DEFAULT_SHORTER_TRACTOR,
    ) -> Knowledge:
        """The view at the first lead: the seat's hand, and what the auction showed."""
        size = len(hand)
        return cls(
            seat,
            trump,
            _sorted(hand),
            sizes or (size, size, size, size),
            kitty=None if kitty is None else _sorted(kitty),
            kitty_size=kitty_size if kitty is None else len(kitty),
            whereabouts=_merged(whereabouts),
            shorter_tractor=shorter_tractor,
        )

    # --- what the seat sees ------------------------------------------------------------

    @property
    def plays(self) -> tuple[SeenPlay, ...]:
        """Every play so far, in order."""
        return tuple(p for trick in self.tricks for p in trick)

    @property
    def trick(self) -> tuple[SeenPlay, ...]:
        """The plays of the trick on the table (empty between tricks)."""
        if self.tricks and len(self.tricks[-1]) < 4:
            return self.tricks[-1]
        return ()

    def played(self, seat: Seat | None = None, since: int = 1) -> Counter[Card]:
        """The cards played (by ``seat``, or everyone) in trick ``since`` and later."""
        return Counter(_since(self.tricks).get((seat, max(since, 1)), ()))

    def held(self, seat: Seat) -> Cards:
        """The cards another seat surely holds now (shown and not played since)."""
        found = [w.card for w in self.whereabouts if w.places == {seat} for _ in range(w.copies)]
        return _sorted(found)

    def unseen(self) -> Counter[Card]:
        """The cards this seat cannot place for sure: not its own, not played, not held
        by a known seat, not in a kitty it buried."""
        others = (self.held(s) for s in SEATS if s != self.seat)
        return +unseen(self.hand, self.played(), self.kitty or (), *others)

    def voids(self, seat: Seat) -> frozenset[EffectiveSuit]:
        """The effective suits ``seat`` is shown to hold none of."""
        return frozenset(f.suit for f in self._about(seat, FactKind.VOID))

    def no_pairs(self, seat: Seat) -> frozenset[EffectiveSuit]:
        """The effective suits ``seat`` is shown to hold no pair of (a void counts)."""
        return frozenset(f.suit for f in self._about(seat, FactKind.NO_PAIR)) | self.voids(seat)

    def tractor_limit(self, seat: Seat, suit: EffectiveSuit) -> int | None:
        """The shortest tractor of ``suit`` that ``seat`` is shown not to hold, in pairs
        (2: no tractor at all), or ``None`` if the play has not shown one."""
        if suit in self.no_pairs(seat):
            return 2
        lengths = [f.length for f in self._about(seat, FactKind.NO_TRACTOR) if f.suit == suit]
        return min((n for n in lengths if n), default=None)

    def _about(self, seat: Seat, kind: FactKind) -> list[Fact]:
        return [f for f in self.facts if f.kind is kind and f.seats == (seat,)]

    # --- checking a deal against the view ----------------------------------------------

    def problems(self, hands: Sequence[Sequence[Card]], kitty: Sequence[Card]) -> list[str]:
        """What in a whole layout (seats 1..4's cards now, and the kitty) disagrees with
        this view; empty if it is one of the deals the seat cannot rule out."""
        found: list[str] = []
        if len(hands) != 4:
            return [f"a layout has four hands, not {len(hands)}"]
        counts = [Counter(h) for h in hands]
        if counts[self.seat - 1] != Counter(self.hand):
            found.append(f"seat {self.seat}'s own hand is not the one it holds")
        for s in SEATS:
            if len(hands[s - 1]) != self.sizes[s - 1]:
                found.append(f"seat {s} holds {len(hands[s - 1])} cards, not {self.sizes[s - 1]}")
        if len(kitty) != self.kitty_size:
            found.append(f"the kitty has {len(kitty)} cards, not {self.kitty_size}")
        if self.kitty is not None and Counter(kitty) != Counter(self.kitty):
            found.append(f"the kitty is not the one seat {self.seat} buried")
        total = sum(counts, Counter(kitty)) + self.played()
        if total != TWO_DECKS:
            found.append("the hands, the kitty and the cards played are not two decks")
        places: dict[Place, Counter[Card]] = {KITTY: Counter(kitty)}
        places.update({s: counts[s - 1] for s in SEATS})
        for w in self.whereabouts:
            have = sum(places[p][w.card] for p in w.places)
            if have < w.copies:
                found.append(f"not {w}")
        played = _since(self.tricks)

        def then(seat: Seat, trick: int) -> Counter[Card]:
            """The seat's hand when ``trick`` began: its cards now and those played since."""
            return counts[seat - 1] + played.get((seat, trick), Counter())

        for fact in self.facts:
            if not fact.holds(partial(then, trick=fact.trick), self.trump):
                found.append(f"not so: {fact}")
        return found

    # --- one more play --------------------------------------------------------------------

    def after(
        self,
        seat: Seat,
        cards: Sequence[Card],
        attempted: Sequence[Card] | None = None,
        blocker: Seat | None = None,
        *,
        leads: bool | None = None,
    ) -> Knowledge:
        """The view once ``seat`` has played ``cards`` (for a failed throw: the forced
        cards, ``attempted`` the throw, ``blocker`` the seat that beat it if known).

        ``leads`` says whether the play opens a new trick; by default it does when the
        last trick has four plays."""
        play = SeenPlay(
            seat, tuple(cards), None if attempted is None else tuple(attempted), blocker
        )
        tricks = list(self.tricks)
        if leads is None:
            leads = not tricks or len(tricks[-1]) == 4
        if leads:
            tricks.append(())
        if any(p.seat == seat for p in tricks[-1]):
            raise KnowledgeError("played-already", seat=seat, trick=len(tricks))
        tricks[-1] = (*tricks[-1], play)
        number = len(tricks)
        changes: dict[str, object] = {"tricks": tuple(tricks)}
        sizes = list(self.sizes)
        sizes[seat - 1] -= len(cards)
        changes["sizes"] = (sizes[0], sizes[1], sizes[2], sizes[3])
        if seat == self.seat:
            left = Counter(self.hand)
            left.subtract(cards)
            if any(n < 0 for n in left.values()):
                raise KnowledgeError("not-held", seat=seat, cards=tuple(cards))
            changes["hand"] = _sorted(left.elements())
        whereabouts = _after_play(self.whereabouts, seat, cards)
        facts = list(self.facts)
        if len(tricks[-1]) == 1:
            shown = self._lead_facts(play, number)
            if attempted is not None and seat != self.seat:
                # The thrower held every card it tried to throw.
                rest = Counter(attempted) - Counter(cards)
                whereabouts = _merged(
                    [*whereabouts, *(Whereabouts(c, n, frozenset({seat})) for c, n in rest.items())]
                )
        elif seat == self.seat:
            shown = []  # this seat's own hand is known: its follows tell it nothing
        else:
            shown = follow_facts(
                self.trump, play.seat, tricks[-1][0].cards, play.cards, number, self.shorter_tractor
            )
        facts.extend(f for f in shown if not _implied(f, facts))
        changes["whereabouts"] = whereabouts
        changes["facts"] = tuple(facts)
        return replace(self, **changes)  # type: ignore[arg-type]

    def _lead_facts(self, play: SeenPlay, trick: int) -> list[Fact]:
        """What a throw shows about the other hands (a plain lead shows nothing)."""
        thrown = play.attempted if play.attempted is not None else play.cards
        trump = self.trump
        if not thrown or len({trump.effective_suit(c) for c in thrown}) > 1:
            return []  # a lead of several suits breaks a rule: it shows nothing sure
        units = decompose(thrown, trump)
        if len(units) < 2:
            return []
        others = [s for s in seats_from(play.seat)[1:] if s != self.seat]
        safe = units
        facts: list[Fact] = []
        if play.attempted is not None:
            forced = next((u for u in units if Counter(u.cards) == Counter(play.cards)), None)
            if forced is None:
                return []  # not one of the throw's units: the record breaks a rule
            # The forced unit is the lowest that fails: every lower one stood.
            key = (forced.top, forced.bigness)
            safe = [u for u in units if (u.top, u.bigness) < key]
            facts.extend(self._beaten(play, forced, trick))
        lowest: dict[tuple[int, int], Unit] = {}
        for unit in safe:  # beating a lower unit of a shape is the stronger statement
            shape = unit.shape
            if shape not in lowest or unit.top < lowest[shape].top:
                lowest[shape] = unit
        for unit in lowest.values():
            facts.extend(
                Fact(FactKind.CANNOT_BEAT, (s,), unit.suit, trick, unit=unit) for s in others
            )
        return facts

    def _beaten(self, play: SeenPlay, forced: Unit, trick: int) -> list[Fact]:
        """Who could beat a failed throw's forced unit: the recorded seat, else one of
        the thrower's opponents and partner (unless this seat could, which settles it)."""
        if play.blocker is not None:
            if play.blocker in (self.seat, play.seat):
                return []  # this seat's own hand is known; a thrower cannot block itself
            return [Fact(FactKind.BEATS, (play.blocker,), forced.suit, trick, unit=forced)]
        mine = Counter(self.hand) + self.played(self.seat, trick)
        if play.seat != self.seat and can_beat(forced, mine, self.trump):
            return []
        seats = tuple(s for s in seats_from(play.seat)[1:] if s != self.seat)
        return [Fact(FactKind.BEATS, seats, forced.suit, trick, unit=forced)]


def _after_play(
    whereabouts: tuple[Whereabouts, ...], seat: Seat, cards: Sequence[Card]
) -> tuple[Whereabouts, ...]:
    """Whereabouts once ``seat`` has played ``cards``: a copy it played was among the
    places it holds, so those places are sure of one copy fewer."""
    left = Counter(cards)
    out: list[Whereabouts] = []
    for w in whereabouts:
        if seat in w.places and left[w.card] > 0:
            gone = min(left[w.card], w.copies)
            if w.copies > gone:
                out.append(replace(w, copies=w.copies - gone))
            continue
        out.append(w)
    return tuple(out)


def _merged(whereabouts: Iterable[Whereabouts]) -> tuple[Whereabouts, ...]:
    """One statement per card and set of places that overlap: copies shown twice to be
    in the same place may be the same copies, so the larger number stands (and places
    that only overlap are joined, which says less but never too much)."""
    out: list[Whereabouts] = []
    for w in whereabouts:
        if w.copies <= 0:
            continue
        for i, old in enumerate(out):
            if old.card is w.card and (old.places & w.places) and not _single_vs_many(old, w):
                out[i] = Whereabouts(w.card, max(old.copies, w.copies), old.places | w.places)
                break
        else:
            out.append(w)
    return tuple(sorted(out, key=lambda w: (w.card.index, sorted(w.places))))


def _single_vs_many(a: Whereabouts, b: Whereabouts) -> bool:
    """A seat's sure cards and a wider statement stay apart: the sampler counts the sure
    ones towards the wider one, which is exact."""
    return (len(a.places) == 1) != (len(b.places) == 1)


@lru_cache(maxsize=64)
def _since(
    tricks: tuple[tuple[SeenPlay, ...], ...],
) -> dict[tuple[Seat | None, int], Counter[Card]]:
    """The cards played in each trick and later, by each seat (``None``: by everyone),
    keyed by seat and trick number; worked out once per history (not to be changed)."""
    table: dict[tuple[Seat | None, int], Counter[Card]] = {}
    running: dict[Seat | None, Counter[Card]] = {s: Counter() for s in (None, *SEATS)}
    for number in range(len(tricks) + 1, 0, -1):
        if number <= len(tricks):
            for p in tricks[number - 1]:
                running[p.seat] = running[p.seat] + Counter(p.cards)
                running[None] = running[None] + Counter(p.cards)
        for who, cards in running.items():
            table[who, number] = cards
    return table


@lru_cache(maxsize=64)
def _suit_cards(trump: Trump, suit: EffectiveSuit) -> list[Card]:
    """Every distinct card of one effective suit (not to be changed)."""
    return trump.suit_cards(suit)


# --- small helpers ------------------------------------------------------------------------


def _sorted(cards: Iterable[Card]) -> Cards:
    return tuple(sorted(cards, key=lambda c: c.index))


def _symbols(cards: Iterable[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def _suit_name(suit: EffectiveSuit) -> str:
    return suit.symbol if isinstance(suit, Suit) else "trumps"
