"""The replay of one hand: the deal, the auction, the play and the result, judged.

:class:`Replayer` holds a hand being replayed and everything the replay keeps about it
(the holdings, the trick on the table, the points, the findings and the timeline) and
reads it in the order a hand is played: the headers and the deal, the auction (bids, the
fallback, buries; the rules' state and the state the players went on with), the tricks
(leads, throws and follows judged against what each seat surely holds), and the end (多牌
少牌, the kitty, the total, the level result, checked against the record's). Every rule
comes from the rules core (:mod:`notation.rules`); :func:`notation.replay.replay` runs it.
"""

from __future__ import annotations

from collections import Counter
from contextlib import suppress
from dataclasses import replace
from itertools import chain
from typing import Any, cast

from notation.errors import KeyedError
from notation.findings import CATALOGUE, Finding, penalty_of
from notation.messages import (
    Message,
    Param,
    Seq,
    count,
    msg,
    outcome_words,
    reason,
    violation_message,
)
from notation.psn.model import (
    UNKNOWN,
    BidNode,
    CardSlot,
    Deal,
    Deck,
    Fallback,
    FallbackSource,
    Hand,
    KittyExchange,
    PlayNode,
    Result,
    Strain,
    Trick,
)
from notation.replay.holding import fmt_cards
from notation.replay.values import Computed, State, StepKind, StrictStop
from notation.rules import bidding as bids
from notation.rules import scoring
from notation.rules.cards import Card, CardCounts, Rank, Slots, Suit
from notation.rules.clauses import Rule
from notation.rules.game import PlayState
from notation.rules.holding import (
    HAND_SIZE,
    TWO_DECKS,
    Holding,
    has_unknown,
    known_cards,
    unseen,
)
from notation.rules.order import TRUMP, Trump
from notation.rules.ruleset import FallbackRule, Outcome, Ruleset
from notation.rules.seats import SEATS, Seat, seats_from, team
from notation.rules.throw import judge_throw
from notation.rules.trick import play_value
from notation.rules.units import Unit, decompose
from notation.rules.violations import Violation

__all__ = ["Replayer", "read_levels"]


def read_levels(value: str) -> tuple[Rank, Rank]:
    """A Levels header's value: team 1&3's rank, then team 2&4's (``"5 3"``)."""
    parts = value.split()
    if len(parts) != 2:
        raise ValueError("levels are two ranks")  # said by the finding: header.why.levels
    return Rank.parse(parts[0]), Rank.parse(parts[1])


# The bidding module's reasons as finding codes; any other reason is "bid-cards".
_BID_CODES: dict[type[bids.BidError], str] = {
    bids.TooWeak: "bid-too-weak",
    bids.SelfCounter: "bid-self",
    bids.OutsideWindow: "bid-window",
    bids.OutOfTurn: "bid-window",
    bids.ReinforceNotAllowed: "reinforce",
    bids.ReinforceMismatch: "reinforce",
}


def _strain_trump(strain: Strain | None, cards: Slots, rank: Rank, rules: Ruleset) -> Trump | None:
    """The trump a bid or fallback sets: its strain if written, else its cards' suit."""
    if strain is not None:
        return rules.trump(rank, strain.suit)
    known = known_cards(cards)
    if not known:
        return None
    suited = [c for c in known if c.suit is not None]
    if not suited:
        return rules.trump(rank, None)  # jokers alone: no-trump
    suit: Suit | None = suited[0].suit
    return rules.trump(rank, suit)


def _bid_sentence(event: BidNode, error: Exception) -> Message:
    """A bid the rules refuse, as a referee says it."""
    kind = msg(f"bid.{event.kind.value}")
    return msg("bid.refused", seat=event.seat, kind=kind, reason=reason(error))


def _trump(trump: Trump) -> Param:
    """A trump as players say it: ``♠2``, ``NT 2`` (无主 2)."""
    return msg("trump.nt", rank=trump.rank.value) if trump.suit is None else trump.symbol


def _blank(cards: Slots, excess: Counter[Card]) -> Slots:
    """``cards`` with the last ``excess[c]`` copies of each card ``c`` made unknown."""
    left = Counter(excess)
    out: list[CardSlot] = []
    for card in reversed(cards):
        if isinstance(card, Card) and left[card] > 0:
            left[card] -= 1
            out.append(UNKNOWN)
        else:
            out.append(card)
    return tuple(reversed(out))


def _lacking(shown: Counter[Card], drawn: Slots) -> Counter[Card]:
    """The cards of ``shown`` not among ``drawn``, as ``shown - Counter(drawn)``: only the
    one or two cards a bid shows are counted among the drawn ones, by identity (a card is
    one object; ``tuple.count`` would compare with ``==``, which for a Card, a class with
    a Python ``__lt__``, goes through the type's Python comparison slot, card by card)."""
    lacking: Counter[Card] = Counter()
    for card, n in shown.items():
        k = 0
        for other in drawn:
            if other is card:
                k += 1
        if k < n:
            lacking[card] = n - k
    return lacking


def _end_label(computed: Computed) -> str:
    if computed.points is None:
        return "end of the hand"
    text = f"defenders {computed.points}"
    if computed.multiplier:
        text += f" (kitty {computed.kitty_points} × {computed.multiplier})"
    if computed.outcome is not None:
        text += f": {computed.outcome}"
    return text


class Replayer:
    """One replay of a hand: the state it keeps, its findings and its timeline, and the
    hand read phase by phase (:meth:`deal`, :meth:`auction`, :meth:`play`, :meth:`finish`)."""

    # --- the state kept, the findings, the timeline; the headers and the deal ---------

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
        self._penalties: dict[Rule | None, Message | None] = {}
        self.pending: list[Finding] = []
        self.trick_number = 0
        self.trick_index = 0
        self.table: list[tuple[Seat, Slots]] = []  # the trick on the table, as recorded
        self.winning: Seat | None = None
        self.game: PlayState | None = None  # the play phase's game state, once play starts
        self.at: tuple[PlayNode, Trick]  # the play being made, where its findings are said
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
        self._future_plays: dict[Seat, list[Counter[Card]]] | None = None
        self._whole_from: dict[Seat, list[bool]] = {}
        self.followed_played: bool | None = None  # did a bury show a rejected bid followed?
        self.alternative_trump: Trump | None = None  # what a rejected bid would have made
        self.refused_bid: Finding | None = None  # the last bid the rules refused
        self.computed: Computed | None = None
        self.miscounted: set[Seat] = set()  # seats dealt or left with a wrong number of cards
        self.played_past: set[Seat] = set()  # seats that played more cards than they had
        self.held_after_auction: dict[Seat, int] = dict.fromkeys(SEATS, HAND_SIZE)

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
        if rule not in self._penalties:  # the same for every finding of the rule
            self._penalties[rule] = penalty_of(rule, self.rules)
        finding = Finding(
            code=code,
            text=message,
            hand=self.number,
            line=getattr(node, "line", 0) or self.hand.line,
            column=getattr(node, "column", 0) or self.hand.column,
            trick=trick,
            seat=seat,
            clause=self.rules.clause(rule) if rule is not None else None,
            penalty=self._penalties[rule],
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
        game = self.game
        points = (game.taken[0], game.taken[1]) if game is not None else (0, 0)
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
                points=points,
                defenders_points=points[defenders - 1] if defenders else 0,
                turn=turn,
                findings=tuple(self.pending),
                line=getattr(event, "line", 0),
                column=getattr(event, "column", 0),
                penalty_points=game.penalties if game is not None else 0,
            )
        )
        self.pending = []

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
            # Why it cannot be read: a rank that does not exist, or else the header's form.
            why: Message | None = None
            try:
                if key == "dealer" and value.strip() not in ("1", "2", "3", "4"):
                    why = msg("header.why.dealer", value=value)
                if key == "levels":
                    levels = read_levels(value)
                if key == "trump":
                    shown = Trump.parse(value)
                    trump = self.rules.trump(shown.rank, shown.suit)
            except KeyedError as e:
                why = e.text
            except ValueError:
                why = msg(f"header.why.{key}", value=value)
            if why is not None:
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
        known = cast("Counter[Card]", slots)
        if dict.__eq__(known, TWO_DECKS):  # (Counter's own == is Python, card by card)
            return  # the usual deal: two full decks, nothing more to say
        left = unseen(known)  # below zero: a card dealt more often than two decks hold it
        too_many = sorted(c for c, n in left.items() if n < 0)
        if too_many:
            self.find(
                "deal-decks",
                msg("deal.too-many", cards=tuple(too_many)),
                node,
            )
        complete = all(h is not None for h in hands) and kitty is not None
        if complete and not unknown:
            missing = sorted((+left).elements())
            if missing and not too_many:
                self.find("deal-decks", msg("deal.lacks", cards=tuple(missing)), node)

    # --- the auction: bids, the fallback, the kitty exchanges -------------------------

    def auction(self) -> None:
        """Bids, the fallback and kitty exchanges, checked against the rule set's bidding.

        Two states are kept: the rules' state, which a rejected bid or fallback does not
        change, and the state as the players went on (rejected bids included). The rules'
        state is the one the hand is judged under, unless the record shows the players
        followed the other (a Trump or Dealer header, who buried, who led): then the
        rejected bid is the one finding, and the play is judged as it was played.
        """
        header_trump = self.header_trump
        self.trump = header_trump
        legal = bids.BidState.start(self.rank(), self.dealer, self._other_rank())
        played = legal  # as the players went on
        for event in self.hand.auction:
            if isinstance(event, BidNode):
                legal, played = self._bid(event, legal, played)
                self.dealer = legal.dealer
                self.declarer = legal.showing.seat if legal.showing else self.declarer
                self.trump = legal.trump(self.rules) or self.trump
                label = (  # (said only in a timeline)
                    f"{event.seat} {event.kind.value}s {fmt_cards(event.cards)}"
                    if self.timeline
                    else ""
                )
                self.snapshot(StepKind.BID, label, event, None)
            elif isinstance(event, Fallback):
                legal, played = self._fallback(event, legal, played)
                self.trump = legal.trump(self.rules) or self.trump
                self.snapshot(
                    StepKind.FALLBACK, f"trump from the {event.source.value}", event, None
                )
            elif isinstance(event, KittyExchange):
                legal, played = self._exchange(event, legal, played)
        if self.hand.tricks:
            # No bury written: the deal ended all the same (and may have passed, 谁亮主谁坐庄).
            if legal.phase is bids.BidPhase.DEAL:
                legal = bids.end_deal(legal, self.rules)
            if played.phase is bids.BidPhase.DEAL:
                played = bids.end_deal(played, self.rules)
        self.bid_state = legal
        self.held_after_auction = {s: self.holdings[s].size() for s in SEATS}
        self._settle_dealer(legal, played)
        self._settle_trump(legal, played)

    def _settle_dealer(self, legal: bids.BidState, played: bids.BidState) -> None:
        """The dealer the hand was played with: the rules' one, unless a rejected bid gave
        the deal to another seat and the record shows that seat dealt (it buried, or, with
        no bury written, it led the first trick)."""
        self.dealer = legal.dealer
        if played.dealer is None or played.dealer == legal.dealer:
            return
        shown = self.followed_played
        if shown is None and self.hand.tricks and self.hand.tricks[0].plays:
            leader = self.hand.tricks[0].plays[0].seat
            shown = leader == played.dealer if leader in (played.dealer, legal.dealer) else None
        if shown:
            self.dealer = played.dealer

    def _settle_trump(self, legal: bids.BidState, played: bids.BidState) -> None:
        """The trump the hand was played under (see :meth:`auction`)."""
        rules = self.rules
        header, ruled, went_on = self.header_trump, legal.trump(rules), played.trump(rules)
        # (A header that names a rejected bid's trump is not a second finding.)
        if header is not None and ruled is not None and header not in (ruled, went_on):
            self.find(
                "trump-header",
                msg("trump.header", ruled=_trump(ruled), header=_trump(header)),
                self.hand.headers[0] if self.hand.headers else None,
            )
            self.trump = ruled
            return
        if header is not None:
            self.trump = header
            return
        self.trump = ruled
        if went_on is not None and went_on != ruled:
            self.alternative_trump = went_on  # no header: the play will show which it was

    def _bid(
        self, event: BidNode, legal: bids.BidState, played: bids.BidState
    ) -> tuple[bids.BidState, bids.BidState]:
        """Check one bid. An illegal bid is reported and leaves the rules' state as it was;
        the players' state takes it as the record has it."""
        self._check_bid_held(event, legal)
        try:
            core = event.bid
        except ValueError as e:
            if event.draw is None:
                raise
            # A draw count past the deal ("@101"): reported, and the bid taken without it.
            self.find("bid-window", _bid_sentence(event, e), event, seat=event.seat)
            core = replace(event, draw=None).bid
        if core is None:  # a card not known (??): the bid cannot be judged
            self.find(
                "unchecked",
                msg("bid.unknown", seat=event.seat),
                event,
                seat=event.seat,
            )
            return legal, played
        try:
            legal = bids.bid(self.rules, legal, core)
        except bids.BidError as e:
            code = _BID_CODES.get(type(e), "bid-cards")
            self.find(code, _bid_sentence(event, e), event, seat=event.seat)
            self.refused_bid = self.findings[-1]
        return legal, bids.record_bid(self.rules, played, core)

    def _fallback(
        self, event: Fallback, legal: bids.BidState, played: bids.BidState
    ) -> tuple[bids.BidState, bids.BidState]:
        """The trump when nobody declared: check it is the one the rule set gives. The
        players' state takes the trump the record turned, right or wrong."""
        shown = known_cards(event.cards)
        recorded = _strain_trump(event.strain, event.cards, legal.rank, self.rules)
        before = legal
        try:
            if event.source is FallbackSource.KITTY and self.kitty and not has_unknown(self.kitty):
                legal = bids.apply_fallback(self.rules, legal, kitty=known_cards(self.kitty))
            elif event.source is FallbackSource.FLIP and shown:
                legal = bids.apply_fallback(self.rules, legal, flipped=shown[0])
            else:
                self.find("unchecked", msg("fallback.unknown"), event)
        except (bids.BidError, ValueError) as e:
            self.find("fallback", msg("fallback.refused", reason=reason(e)), event)
        given = legal.trump(self.rules)
        if recorded is not None and given is not None and recorded != given:
            self.find(
                "fallback",
                msg("fallback.other", recorded=_trump(recorded), given=_trump(given)),
                event,
            )
        if recorded is not None and given is None and legal is before:
            # The fallback's cards are not recorded: take the trump the record names.
            legal = legal.changed(fallback_suit=recorded.suit, fallback_used=True)
        turned = recorded or given
        if turned is not None:
            played = played.changed(fallback_suit=turned.suit, fallback_used=True)
        return legal, played

    def _check_bid_held(self, bid: BidNode, state: bids.BidState) -> None:
        """A bid shows cards held: with the deck order known, cards already drawn (a
        reinforcement of one's own declaration, the declared cards too)."""
        shown = Counter(known_cards(bid.cards))
        with suppress(ValueError):  # a bid the core cannot read is judged on its cards
            core = bids.Bid(bid.seat, bid.kind, tuple(shown.elements()))
            shown = bids.cards_needed(state, core)
        during_deal = state.phase in (bids.BidPhase.DEAL, bids.BidPhase.DEALT)
        if not during_deal or self.deck_order is None or self.deck_first is None:
            holding = self.holdings[bid.seat]
            lacking = shown - holding.known
            if lacking and holding.exact:
                self.find(
                    "bid-not-held",
                    msg("bid.not-held", seat=bid.seat, cards=tuple(sorted(lacking.elements()))),
                    bid,
                    seat=bid.seat,
                )
            return
        dealt = min(len(self.deck_order), 4 * HAND_SIZE)
        limit = dealt if bid.draw is None else min(bid.draw, dealt)
        lacking = _lacking(shown, self._drawn(bid.seat, limit))
        if not lacking:
            return
        if bid.draw is not None and not _lacking(shown, self._drawn(bid.seat, dealt)):
            self.find(
                "bid-not-drawn",
                msg(
                    "bid.not-drawn",
                    seat=bid.seat,
                    cards=tuple(sorted(lacking.elements())),
                    draw=bid.draw,
                ),
                bid,
                seat=bid.seat,
            )
            return
        self.find(
            "bid-not-held",
            msg("bid.never-dealt", seat=bid.seat, cards=tuple(sorted(lacking.elements()))),
            bid,
            seat=bid.seat,
        )

    def _drawn(self, seat: Seat, limit: int) -> Slots:
        """The cards ``seat`` has drawn among the first ``limit`` of the deck."""
        assert self.deck_order is not None and self.deck_first is not None
        return self.deck_order[(seat - self.deck_first) % 4 : limit : 4]

    def _exchange(
        self, event: KittyExchange, legal: bids.BidState, played: bids.BidState
    ) -> tuple[bids.BidState, bids.BidState]:
        """A pick-up and bury: by the dealer, or after 炒底 by the player who countered.
        A seat that a rejected bid made the kitty's holder is not a second finding: the
        bid was the mistake, and the bury shows the players went on with it."""
        expected, went_on = legal.kitty_holder, played.kitty_holder
        if expected is not None and event.seat != expected:
            if event.seat != went_on:
                self.find(
                    "kitty-seat",
                    msg("kitty.seat", seat=event.seat, expected=expected),
                    event,
                    seat=event.seat,
                )
            elif self.followed_played is None:
                self.followed_played = True
        elif self.followed_played is None and expected is not None:
            self.followed_played = False
        if legal.phase in (bids.BidPhase.DEAL, bids.BidPhase.DEALT):
            try:
                legal = bids.bury(self.rules, legal)
            except bids.BidError as e:
                if not self._refused_bid_explains(e, played):
                    sentence = msg("sentence", text=reason(e, capital=True))
                    self.find("kitty-seat", sentence, event, seat=event.seat)
        if played.phase in (bids.BidPhase.DEAL, bids.BidPhase.DEALT):
            with suppress(bids.BidError):  # said above, of the rules' state
                played = bids.bury(self.rules, played)
        holding = self.holdings[event.seat]
        size = self.rules.kitty.size
        holding.add(self.kitty if self.kitty is not None else tuple(UNKNOWN for _ in range(size)))
        if event.held is not None:  # the hand after the pick-up, as a program logs it
            self._check_held(event, event.held, holding)
            holding = self.holdings[event.seat] = Holding(event.held)
        if event.buried:
            exact = holding.exact
            missing = holding.remove(event.buried)
            if len(event.buried) != size:
                self.find(
                    "kitty-size",
                    msg(
                        "kitty.size",
                        seat=event.seat,
                        n=len(event.buried),
                        size=size,
                        left=holding.size(),
                        hand=HAND_SIZE,
                    ),
                    event,
                    seat=event.seat,
                )
            if missing and exact:
                self.find(
                    "kitty-not-held",
                    msg("kitty.not-held", seat=event.seat, cards=tuple(missing)),
                    event,
                    seat=event.seat,
                )
            self.kitty = event.buried
        else:
            holding.remove(tuple(UNKNOWN for _ in range(size)))
            self.kitty = tuple(UNKNOWN for _ in range(size))
        self.snapshot(StepKind.KITTY, f"{event.seat} picks up the kitty and buries", event, None)
        return legal, played

    def _refused_bid_explains(self, error: bids.BidError, played: bids.BidState) -> bool:
        """True if a bury before any trump was set only follows from a refused bid that
        the players went on with: the bid is the one finding, and it now says what the
        rules required instead (draw or redeal, the kitty's card, the flipped card)."""
        refused = self.refused_bid
        if refused is None or error.key not in ("bury-no-trump", "bury-no-dealer"):
            return False
        if not played.decided or played.dealer is None:
            return False
        fallback = self.rules.bidding.fallback
        if fallback is FallbackRule.REDEAL:
            then = msg("bid.then.redeal")
        elif fallback is FallbackRule.KITTY_CARD:
            then = msg("bid.then.kitty-card", n=self.rules.bidding.fallback_kitty_card)
        else:
            then = msg("bid.then.flipped")
        if isinstance(refused.text, Message) and refused.text.key != "bid.refused.then":
            self.amend(refused, msg("bid.refused.then", refused=refused.text, then=then))
        return True

    def _check_held(self, event: KittyExchange, held: Slots, holding: Holding) -> None:
        """The hand a seat held after picking up the kitty (``bury N: … from …``) against
        what the deal and the kitty say it held: its size, the cards it surely had, and,
        where both are known whole, no card more."""
        seat = event.seat
        if len(held) != holding.size():
            self.find(
                "held-hand",
                msg("held.size", seat=seat, n=len(held), held=holding.size()),
                event,
                seat=seat,
            )
            return
        shown = Counter(known_cards(held))
        lacking = holding.known - shown
        if sum(lacking.values()) > len(held) - shown.total():  # ?? cannot stand for them all
            self.find(
                "held-hand",
                msg("held.lacks", seat=seat, cards=tuple(sorted(lacking))),
                event,
                seat=seat,
            )
        elif holding.exact and not has_unknown(held) and (extra := shown - holding.known):
            self.find(
                "held-hand",
                msg("held.extra", seat=seat, cards=tuple(sorted(extra))),
                event,
                seat=seat,
            )

    # --- what a seat surely holds; a lead, a throw, a follow judged -------------------

    def _future(self) -> dict[Seat, list[Counter[Card]]]:
        """For each seat and trick index: the known cards it plays from that trick on.
        Also sets ``_whole_from``: for each seat, whether from that trick on it plays only
        known cards (then, if their number is all it holds, they are its whole hand)."""
        tricks = self.hand.tricks
        future: dict[Seat, list[Counter[Card]]] = {
            s: [Counter() for _ in range(len(tricks) + 1)] for s in SEATS
        }
        known_only = {s: [True] * (len(tricks) + 1) for s in SEATS}
        for i in range(len(tricks) - 1, -1, -1):
            for s in SEATS:
                future[s][i] = future[s][i + 1].copy()
                known_only[s][i] = known_only[s][i + 1]
            for play in tricks[i].plays:
                if play.seat in future:
                    future[play.seat][i].update(known_cards(play.cards))
                    if has_unknown(play.cards):
                        known_only[play.seat][i] = False
        self._whole_from = known_only
        return future

    def surely_held(self, seat: Seat, trick_index: int) -> tuple[CardCounts, bool]:
        """The cards ``seat`` surely holds before trick ``trick_index``, as counts (not to
        be changed), and whether that is all.

        Where the hand is not recorded, a seat holds at least what it plays from now on;
        when those plays are all known and as many as the cards it holds (a complete
        record: its later plays, and for the dealer its bury before them), they are its
        whole hand, known exactly.
        """
        holding = self.holdings[seat]
        if holding.exact:
            return holding.known, True
        if self._future_plays is None:
            self._future_plays = self._future()
        later = self._future_plays[seat][trick_index]
        if self._whole_from[seat][trick_index] and later.total() == holding.size():
            return later, True
        return (later if holding.blurred else (holding.known | later)), False

    # --- the game state's visitor: what a seat surely holds, a refused play ----------

    def held(self, seat: Seat) -> tuple[CardCounts, bool]:
        """What ``seat`` surely holds before the trick being played (see
        :meth:`surely_held`): what the game state judges a play against."""
        return self.surely_held(seat, self.trick_index)

    def refused(self, seat: Seat, violation: Violation) -> None:
        """A play the rules refuse: a finding at the play, in the core's words."""
        play, trick = self.at
        message = violation_message(violation, seat)
        self.find(violation.code.value, message, play, trick=trick.number, seat=seat)

    def unjudged(self, seat: Seat) -> None:
        """A lead with unknown cards: said once; its follows are not judged."""
        play, trick = self.at
        self.find("unchecked", msg("lead.unknown", seat=seat), play, trick=trick.number, seat=seat)

    def throw_stands(
        self, seat: Seat, lead: list[Card], units: list[Unit], others: dict[Seat, CardCounts]
    ) -> None:
        """A throw that stands against what the other seats surely hold, their hands not
        being known: it surely stood if no card the record has not shown yet (not played
        before, not in the thrower's hand, not buried) could beat any of its units in any
        hand. Otherwise say why it cannot be known."""
        play, trick = self.at
        trump = self.trump
        assert trump is not None  # a throw is judged only under a known trump
        index = self.trick_index
        earlier = self.hand.tricks[:index]
        played = (known_cards(p.cards) for trick_before in earlier for p in trick_before.plays)
        thrower = self.surely_held(seat, index)[0]
        out = unseen(*played, thrower, known_cards(self.kitty or ()), *others.values())
        possible = {s: Counter(held) + out for s, held in others.items()}
        verdict = judge_throw(lead, seat, possible, trump, units)
        if not verdict.failed:
            return  # no card still out could beat it: it stood
        unit, _ = verdict.failing[0]
        suit = unit.suit
        beaters = sorted(
            (c for c, n in out.items() if n > 0 and trump.effective_suit(c) == suit),
            key=trump.level,
            reverse=True,
        )
        above = [c for c in beaters if trump.level(c) > unit.top]
        shown = tuple(above[:4]) or msg("throw.suit-cards")
        self.find(
            "unchecked",
            msg(
                "throw.unknowable",
                seat=seat,
                cards=tuple(lead),
                shown=shown,
                unit=tuple(unit.cards),
            ),
            play,
            trick=trick.number,
            seat=seat,
        )

    # --- the tricks, one play after another -------------------------------------------

    def play(self) -> None:
        """Drive the play phase's game state through the record's tricks: each play as
        recorded (its refusals become findings), each trick's end with the winner the
        rules give, else the one the record shows."""
        trump = self.trump
        timeline = self.timeline
        tricks = self.hand.tricks
        impossible = self._impossible_copies()
        holdings = [self.holdings[s] for s in SEATS]
        game = self.game = PlayState.from_record(self.rules, trump, self.dealer, holdings)
        previous: tuple[Trick, list[tuple[Seat, Slots]], Seat | None] | None = None
        followed_claim: Seat | None = None  # the next leader may be the recorded winner
        for index, trick in enumerate(tricks):
            self.trick_number = index + 1
            self.trick_index = index
            if trick.number != index + 1:
                self.find(
                    "trick-number",
                    msg("trick.number", number=trick.number, index=index + 1),
                    trick,
                    trick=trick.number,
                )
            plays = trick.plays
            if not plays:
                continue
            leader = plays[0].seat
            expected_leader = game.leads_next
            if expected_leader is not None and leader not in (expected_leader, followed_claim):
                self._wrong_leader(trick, leader, expected_leader, previous)
            self.table = on_table = []
            self.winning = None
            order = seats_from(leader)
            for position, play in enumerate(plays):
                event = play
                written = cards = play.cards  # (each attribute read once: the model is pure)
                shown = None
                if impossible and (index, position) in impossible:
                    play = self._blank_copies(play, impossible[index, position], trick.number)
                    if play is not event:
                        cards, shown = play.cards, written
                seat = play.seat
                self.at = (play, trick)
                game.record(seat, cards, self, attempted=play.attempted, shown=shown)
                on_table.append((seat, written))
                if timeline:
                    self.winning = game.winning()
                    nxt = order[position + 1] if position + 1 < 4 else None
                    self.snapshot(StepKind.PLAY, f"{seat} plays {fmt_cards(written)}", event, nxt)
                elif self.pending:
                    self.pending.clear()
            if index + 1 == len(tricks) and game.trick_waits():
                break  # the record stops inside this trick: nobody has won it yet
            self.winning = winner = game.winning()
            claimed = None  # a recorded winner the rules do not give: the next lead may follow it
            if trick.winner is not None:
                if winner is None:
                    winner = trick.winner  # the record says who won it: nothing to check against
                elif trick.winner != winner:
                    claimed = trick.winner
                    assert game.trick is not None
                    self._claimed_winner(trick, claimed, winner, on_table[game.trick.index][1])
            if winner is None and index + 1 < len(tricks) and tricks[index + 1].plays:
                winner = tricks[index + 1].plays[0].seat  # trust the record
                why = "trick.unknown-winner" if trump is not None else "trick.no-trump-winner"
                self.find(
                    "unchecked",
                    msg(why, number=trick.number, seat=winner),
                    trick,
                    trick=trick.number,
                )
            points = game.end_trick(winner)
            if timeline:
                won = f"trick {trick.number} to seat {winner}"
                self.snapshot(
                    StepKind.TRICK, won + (f", {points} points" if points else ""), trick, winner
                )
            else:
                self.pending.clear()
            previous = (trick, on_table, winner)
            followed_claim = claimed

    def _claimed_winner(self, trick: Trick, claimed: Seat, winner: Seat, won_with: Slots) -> None:
        """A trick recorded as won by another seat than the rules give (``won by``): one
        finding; the points go to the winner, and a next lead by the seat the record
        names is what the table did, not a second finding."""
        self.find(
            "trick-winner",
            msg(
                "trick.winner",
                claimed=claimed,
                number=trick.number,
                winner=winner,
                cards=tuple(won_with),
            ),
            trick,
            trick=trick.number,
            seat=claimed,
        )

    def _impossible_copies(self) -> dict[tuple[int, int], list[tuple[Card, Message]]]:
        """Plays that show a third copy of a card (two decks hold two): by trick index
        and place in the trick, each such card (once per copy too many) with where the
        other two were seen.

        The cards seats surely hold at the first lead, the buried kitty and the plays of
        seats whose hands are not known are all different cards of the two decks, so a
        card counted a third time among them is a card nobody can have (a typo, ♠A for
        ♠K). A seat whose whole hand is known is left to the not-held check.
        """
        holdings = self.holdings
        unknown = [s for s in SEATS if not holdings[s].exact]
        if not unknown:
            return {}
        seen: dict[Card, list[Message]] = {}  # where the first two copies were seen

        def note(card: Card, where: Message) -> bool:
            """Count one copy of ``card``; False if it is a third (or later) copy."""
            places = seen.setdefault(card, [])
            if len(places) >= 2:
                return False
            places.append(where)
            return True

        for s in SEATS:
            if holdings[s].exact:
                for card, n in holdings[s].known.items():
                    for _ in range(min(n, 3)):
                        note(card, msg("place.hand", seat=s))
        for card in known_cards(self.kitty or ()):
            note(card, msg("place.kitty"))
        found: dict[tuple[int, int], list[tuple[Card, Message]]] = {}
        for index, trick in enumerate(self.hand.tricks):
            for position, play in enumerate(trick.plays):
                if play.seat not in unknown:
                    continue
                where = msg("place.trick", seat=play.seat, trick=trick.number)
                for card in known_cards(play.cards):
                    if not note(card, where):
                        first, second = seen[card]
                        others = msg("places.two", first=first, second=second)
                        found.setdefault((index, position), []).append((card, others))
        return found

    def _blank_copies(
        self, play: PlayNode, cards: list[tuple[Card, Message]], number: int
    ) -> PlayNode:
        """Report the impossible cards of ``play`` (one finding for the play); it is then
        judged with those cards unknown (``??``), so that a typo is one finding, not a
        wrong trick winner and the findings that follow from it."""
        if len(cards) == 1:
            card, others = cards[0]
            message = msg("copies.one", seat=play.seat, card=(card,), others=others)
        else:
            extra = Counter(card for card, _ in cards)
            copies = tuple(msg("copies", card=(c,), n=n) for c, n in list(extra.items())[:8])
            more = " …" if len(extra) > 8 else ""
            message = msg(
                "copies.many",
                seat=play.seat,
                n=len(cards),
                shown=Seq(copies, "sep.comma"),
                more=more,
            )
        self.find("card-copies", message, play, trick=number, seat=play.seat)
        excess = Counter(card for card, _ in cards)
        blanked = _blank(play.cards, excess)
        attempted = _blank(play.attempted, excess) if play.attempted is not None else None
        return replace(play, cards=blanked, attempted=attempted)

    def overplayed(self, seat: Seat) -> None:
        """A seat plays past the cards it had: 多牌少牌, said once, at the play that shows it."""
        if seat in self.played_past:
            return
        play, trick = self.at
        game = self.game
        assert game is not None
        self.played_past.add(seat)
        self.find(
            "hand-count",
            msg("count.overplay", seat=seat, n=game.played[seat - 1], held=game.capacity[seat - 1]),
            play,
            trick=trick.number,
            seat=seat,
        )

    def _wrong_leader(
        self,
        trick: Trick,
        leader: Seat,
        expected: Seat,
        previous: tuple[Trick, list[tuple[Seat, Slots]], Seat | None] | None,
    ) -> None:
        trump = self.trump
        if previous is not None and trump is not None:
            prev_trick, table, _winner = previous
            claimed = next((cards for seat, cards in table if seat == leader), None)
            lead = known_cards(table[0][1]) if table else []
            if claimed is not None and lead and not has_unknown(claimed):
                units = decompose(lead, trump)
                known = known_cards(claimed)
                all_trump = all(trump.is_trump(c) for c in known)
                if all_trump and units[0].suit != TRUMP and play_value(units, known, trump) is None:
                    self.find(
                        "ruff-shape",
                        msg(
                            "lead.ruff-shape",
                            seat=leader,
                            number=trick.number,
                            ruff=tuple(known),
                            previous=prev_trick.number,
                            lead=tuple(lead),
                            expected=expected,
                        ),
                        trick,
                        trick=trick.number,
                        seat=leader,
                    )
                    return
        message = (
            msg("lead.not-dealer", seat=leader, number=trick.number, expected=expected)
            if previous is None
            else msg(
                "lead.not-winner",
                seat=leader,
                number=trick.number,
                expected=expected,
                previous=previous[0].number,
            )
        )
        self.find(
            "wrong-leader",
            message,
            trick,
            trick=trick.number,
            seat=leader,
        )

    # --- the end: the result the rules give, checked against the record's -------------

    def finish(self) -> Computed:
        dealer = self.dealer
        defenders = self._defenders_team()
        trump = self.trump
        game = self.game
        assert game is not None  # the play has been read
        # 多牌少牌: once some seat has played a full hand, every seat must have. A count
        # that a finding already explains (a wrong deal or bury, a play past the last
        # card) is not said again; the rule set's consequence applies all the same.
        played_out = max(game.played) >= HAND_SIZE
        last_trick = self.hand.tricks[-1] if self.hand.tricks else None
        for seat in SEATS:
            left = self.holdings[seat]
            played, held = game.played[seat - 1], game.capacity[seat - 1]
            if played_out and played != HAND_SIZE:
                self.miscounted.add(seat)
                if played != held and seat not in self.played_past:
                    self.find(
                        "hand-count",
                        msg("count.played", seat=seat, n=played, hand=HAND_SIZE),
                        last_trick,
                        seat=seat,
                    )
            elif played_out and left.exact and left.size():
                self.miscounted.add(seat)
                if self.held_after_auction[seat] == HAND_SIZE:
                    self.find(
                        "hand-count",
                        msg("count.left", seat=seat, cards=count(left.size(), "cards")),
                        last_trick,
                        seat=seat,
                    )
        complete = played_out
        kitty_points: int | None = None
        multiplier: int | None = None
        total: int | None = None
        outcome: Outcome | None = None
        next_dealer: Seat | None = None
        last = game.last.winner if game.last is not None else None
        if complete and defenders is not None and last is not None:
            if self.kitty is not None and not has_unknown(self.kitty):
                kitty_points = scoring.card_points(known_cards(self.kitty))
            multiplier, total = game.final(kitty_points)
            if total is not None:
                outcome = self._miscount(self.rules.outcome(total))
            if outcome is not None:
                assert dealer is not None
                next_dealer = scoring.next_dealer(dealer, outcome)
        if complete and total is None:
            self.find("unchecked", msg("result.no-kitty"), None)
        computed = Computed(
            complete=complete,
            card_points=game.points,
            kitty_points=kitty_points,
            multiplier=multiplier,
            penalty_points=game.penalties,
            points=total,
            outcome=outcome,
            dealer=dealer,
            next_dealer=next_dealer,
            trump=trump,
            levels=self.levels,
            last_winner=last,
            no_change=total is not None and outcome is None,
        )
        self._check_result(computed)
        self.table = []
        self.winning = None
        label = _end_label(computed) if self.timeline else ""  # (said only in a timeline)
        self.snapshot(StepKind.END, label, self.hand.result, None)
        return computed

    def _miscount(self, played: Outcome) -> Outcome | None:
        """The result after 多牌少牌: the rule set's consequence for a side that held too
        many or too few cards (``None``: both sides did and nobody goes up)."""
        wrong = self.miscounted
        if not wrong or self.dealer is None:
            return played
        dealer_team = team(self.dealer)
        return scoring.wrong_count_outcome(
            self.rules,
            played,
            dealer_side_wrong=any(team(s) == dealer_team for s in wrong),
            defenders_wrong=any(team(s) != dealer_team for s in wrong),
        )

    def _check_result(self, computed: Computed) -> None:
        result = self.hand.result
        if result is None or computed.points is None:
            return
        self._differs("result-points", "result.points", result.points, computed.points)
        self._differs("result-kitty", "result.kitty", result.kitty_points, computed.kitty_points)
        if result.multiplier is not None and result.multiplier != (computed.multiplier or 0):
            expected = computed.multiplier
            message = (
                msg("result.multiplier-last", recorded=result.multiplier)
                if expected is None
                else msg("result.multiplier", recorded=result.multiplier, ruled=expected)
            )
            self.find("result-kitty", message, result)
        outcome = computed.outcome
        if computed.no_change:
            self._no_change_result(result)
        if outcome is not None and result.side is not None:
            levels = result.levels if result.levels is not None else 0
            if result.side.value != outcome.winner.value or levels != outcome.levels:
                self.find(
                    "result-level",
                    msg(
                        "result.level",
                        recorded=outcome_words(result.side.value, levels),
                        points=computed.points,
                        outcome=outcome_words(outcome.winner.value, outcome.levels),
                    ),
                    result,
                )
        self._differs(
            "result-next-dealer", "result.next-dealer", result.next_dealer, computed.next_dealer
        )

    def _no_change_result(self, result: Result) -> None:
        """Both sides held a wrong number of cards (多牌少牌): the rule set gives no level
        change and nobody deals next by right, whatever the record says."""
        rule = self.rules.penalties.wrong_card_count.value
        if result.side is not None:
            recorded = outcome_words(result.side.value, result.levels)
            self.find(
                "result-level", msg("result.level-miscount", recorded=recorded, rule=rule), result
            )
        if result.next_dealer is not None:
            self.find(
                "result-next-dealer",
                msg("result.dealer-miscount", recorded=result.next_dealer, rule=rule),
                result,
            )

    def _differs(self, code: str, key: str, recorded: int | None, ruled: int | None) -> None:
        """Report ``code`` (message ``key``) when the result records a value and the rules
        give another; the message is made only then (the rest is every hand's case)."""
        if recorded is not None and ruled is not None and recorded != ruled:
            self.find(code, msg(key, recorded=recorded, ruled=ruled), self.hand.result)
