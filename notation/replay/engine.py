"""The replay's common state: set-up, headers, the deal, findings and the timeline."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import chain
from typing import Any, cast

from notation.errors import CardError
from notation.findings import CATALOGUE, Finding, penalty_line
from notation.messages import Both, Message, msg
from notation.psn.model import (
    UNKNOWN,
    CardSlot,
    Deal,
    Deck,
    Hand,
)
from notation.replay.holding import (
    HAND_SIZE,
    TWO_DECKS,
    Holding,
)
from notation.replay.values import Computed, Slots, State, StepKind, StrictStop
from notation.rules.cards import Card, Rank
from notation.rules.clauses import Rule
from notation.rules.order import Trump
from notation.rules.ruleset import Ruleset
from notation.rules.seats import SEATS, Seat, team
from notation.rules.units import Unit


def read_levels(value: str) -> tuple[Rank, Rank]:
    """A Levels header's value: team 1&3's rank, then team 2&4's (``"5 3"``)."""
    parts = value.split()
    if len(parts) != 2:
        raise ValueError("levels are two ranks: team 1&3's then team 2&4's, like 5 3")
    return Rank.parse(parts[0]), Rank.parse(parts[1])


class _Base:
    """The state a replay keeps, its findings and its timeline; the deal and the headers.
    The phases of a hand (:mod:`.auction`, :mod:`.play`, :mod:`.result`) build on it."""

    def __init__(
        self,
        hand: Hand,
        number: int,
        rules: Ruleset,
        timeline: bool,
        strict: bool,
        levels: tuple[Rank, Rank] | None = None,
        dealer: Seat | None = None,
    ):
        self.hand = hand
        self.number = number
        self.rules = rules
        self.timeline = timeline
        self.strict = strict
        self.states: list[State] = []
        self.findings: list[Finding] = []
        self._penalties: dict[Rule | None, tuple[str | None, str | None]] = {}
        self.pending: list[Finding] = []
        self.trick_number = 0
        self.table: list[tuple[Seat, Slots]] = []
        self.winning: Seat | None = None
        self.points = [0, 0]
        self.penalty_points = 0
        self.kitty: Slots | None = None
        self.declarer: Seat | None = None
        self.dealer = hand.dealer
        self.levels, self.header_trump = self._read_headers()
        # The levels and dealer of a match's hand, where they follow from the hand before
        # and its headers are mistyped: the play is judged as it was played.
        if levels is not None:
            self.levels = levels
        if dealer is not None:
            self.dealer = dealer
        self.trump: Trump | None = None
        self.played: dict[Seat, int] = dict.fromkeys(SEATS, 0)
        self.last_winner: Seat | None = None
        self.last_shape: tuple[int, int] | None = None
        self.last_won_by_trump = False
        self._future_plays: dict[Seat, list[Counter[Card]]] | None = None
        self._whole_from: dict[Seat, list[bool]] = {}
        self.lead_units: list[Unit] | None = None  # the current trick's lead, read once
        self.followed_played: bool | None = None  # did a bury show a rejected bid followed?
        self.alternative_trump: Trump | None = None  # what a rejected bid would have made
        self.refused_bid: Finding | None = None  # the last bid the rules refused
        self.computed: Computed | None = None
        self.miscounted: set[Seat] = set()  # seats dealt or left with a wrong number of cards
        self.overplayed: set[Seat] = set()  # seats that played more cards than they had
        self.held_after_auction: dict[Seat, int] = dict.fromkeys(SEATS, HAND_SIZE)
        self.capacity: dict[Seat, int] = {}  # cards a seat may play: held, and what a
        # wrong-count play already explained

    # --- findings -------------------------------------------------------------------

    def find(
        self,
        code: str,
        message: Message,
        node: Any = None,
        *,
        trick: int | None = None,
        seat: Seat | None = None,
    ) -> None:
        rule = CATALOGUE[code][1]
        penalties = self._penalties.get(rule)
        if penalties is None:  # the same for every finding of the rule: said once
            penalties = self._penalties[rule] = (
                penalty_line(rule, self.rules, "en"),
                penalty_line(rule, self.rules, "zh"),
            )
        finding = Finding(
            code=code,
            text=message,
            hand=self.number,
            line=getattr(node, "line", 0) or self.hand.line,
            column=getattr(node, "column", 0) or self.hand.column,
            trick=trick,
            seat=seat,
            clause=self.rules.clause(rule) if rule is not None else None,
            penalty=penalties[0],
            penalty_zh=penalties[1],
            step=len(self.states),
        )
        self.findings.append(finding)
        self.pending.append(finding)
        if self.strict and finding.is_error:
            raise StrictStop(finding)

    def amend(self, finding: Finding, message: Message) -> None:
        """Say ``finding`` again with ``message``: what a later event showed of the same
        mistake belongs to its one finding, not to a second one."""
        new = replace(finding, text=message)
        self.findings = [new if f is finding else f for f in self.findings]
        self.pending = [new if f is finding else f for f in self.pending]
        for i, state in enumerate(self.states):
            if any(f is finding for f in state.findings):
                found = tuple(new if f is finding else f for f in state.findings)
                self.states[i] = replace(state, findings=found)

    def snapshot(self, kind: StepKind, label: str, event: Any, turn: Seat | None) -> None:
        if not self.timeline:
            self.pending.clear()
            return
        defenders = self._defenders_team()
        self.states.append(
            State(
                step=len(self.states),
                kind=kind,
                label=label,
                event=event,
                hands=(
                    self.holdings[1].slots(self.trump),
                    self.holdings[2].slots(self.trump),
                    self.holdings[3].slots(self.trump),
                    self.holdings[4].slots(self.trump),
                ),
                trump=self.trump,
                dealer=self.dealer,
                declarer=self.declarer,
                kitty=self.kitty,
                trick_number=self.trick_number,
                trick=tuple(self.table),
                winning=self.winning,
                points=(self.points[0], self.points[1]),
                defenders_points=self.points[defenders - 1] if defenders else 0,
                turn=turn,
                findings=tuple(self.pending),
                line=getattr(event, "line", 0),
                column=getattr(event, "column", 0),
                penalty_points=self.penalty_points,
            )
        )
        self.pending = []

    # --- set-up ---------------------------------------------------------------------

    def _read_headers(self) -> tuple[tuple[Rank, Rank] | None, Trump | None]:
        """The Levels and Trump headers as values. A Dealer, Levels or Trump value that
        cannot be read is reported at its header, and the hand is replayed without it."""
        levels: tuple[Rank, Rank] | None = None
        trump: Trump | None = None
        seen: dict[str, str] = {}
        unreadable: set[str] = set()  # said once already
        for header in self.hand.headers:
            key = header.tag.lower()
            if key not in ("dealer", "levels", "trump"):
                continue
            if key in seen:  # the first of a tag counts, as Hand.header reads it
                if (
                    key not in unreadable
                    and header.value.upper().split() != seen[key].upper().split()
                ):
                    self.find(
                        "bad-header",
                        msg(
                            "header.again",
                            tag=header.tag,
                            value=repr(header.value),
                            first=repr(seen[key]),
                        ),
                        header,
                    )
                continue
            seen[key] = header.value
            value = header.value
            try:
                if key == "dealer" and value.strip() not in ("1", "2", "3", "4"):
                    raise ValueError(f"no seat {value!r}: the dealer is a seat 1, 2, 3 or 4")
                if key == "levels":
                    levels = read_levels(value)
                if key == "trump":
                    try:
                        shown = Trump.parse(value)
                    except CardError:
                        raise
                    except ValueError:
                        raise ValueError(
                            f"trump {value!r}: expected a suit or NT and a rank, like H 5 or NT 5"
                        ) from None
                    trump = self.rules.trump(shown.rank, shown.suit)
            except ValueError as e:
                why = Both(str(e), msg(f"header.why.{key}", value=value).render("zh"))
                self.find(
                    "bad-header", msg("header.unreadable", tag=header.tag, reason=why), header
                )
                unreadable.add(key)
        return levels, trump

    def _defenders_team(self) -> int | None:
        return None if self.dealer is None else 3 - team(self.dealer)

    def rank(self) -> Rank:
        if self.levels is not None and self.dealer is not None:
            return self.levels[team(self.dealer) - 1]
        if self.header_trump is not None:
            return self.header_trump.rank
        return self.rules.match.start_level

    def _other_rank(self) -> Rank | None:
        """The level of the side that does not deal, where the Levels header gives it."""
        if self.levels is None or self.dealer is None:
            return None
        return self.levels[2 - team(self.dealer)]

    def deal(self) -> None:
        deal = self.hand.deal
        self.deck_order: Slots | None = None
        self.deck_first: Seat | None = None
        hands: list[Slots | None] = [None, None, None, None]
        kitty: Slots | None = None
        if isinstance(deal, Deal):
            hands = list(deal.hands)
            kitty = deal.kitty
        elif isinstance(deal, Deck):
            self.deck_order, self.deck_first = deal.cards, deal.first
            drawn = min(len(deal.cards), 4 * HAND_SIZE)
            # One card at a time in turn: a seat draws every fourth card.
            hands = [deal.cards[(s - deal.first) % 4 : drawn : 4] for s in SEATS]
            kitty = deal.cards[drawn:]
        self.holdings = {s: Holding(hands[s - 1]) for s in SEATS}
        self.kitty = kitty
        self._check_deal(hands, kitty, deal)

    def _check_deal(self, hands: list[Slots | None], kitty: Slots | None, node: Any) -> None:
        size = self.rules.kitty.size
        for seat in SEATS:
            cards = hands[seat - 1]
            if cards is not None and len(cards) != HAND_SIZE:
                self.miscounted.add(seat)
                self.find(
                    "deal-count",
                    msg("deal.seat-count", seat=seat, n=len(cards), size=HAND_SIZE),
                    node,
                    seat=seat,
                )
        if kitty is not None and len(kitty) != size:
            self.find("deal-count", msg("deal.kitty-count", n=len(kitty), size=size), node)
        slots: Counter[CardSlot] = Counter(chain.from_iterable(c for c in [*hands, kitty] if c))
        unknown = slots.pop(UNKNOWN, 0)
        known = cast(Counter[Card], slots)
        if dict.__eq__(known, TWO_DECKS):  # (Counter's own == is Python, card by card)
            return  # the usual deal: two full decks, nothing more to say
        too_many = sorted(c for c, n in known.items() if n > 2)
        if too_many:
            self.find(
                "deal-decks",
                msg("deal.too-many", cards=tuple(too_many)),
                node,
            )
        complete = all(h is not None for h in hands) and kitty is not None
        if complete and not unknown:
            missing = sorted((TWO_DECKS - known).elements())
            if missing and not too_many:
                self.find("deal-decks", msg("deal.lacks", cards=tuple(missing)), node)

    # --- the auction ------------------------------------------------------------------
