"""The auction: bids, the fallback and the kitty exchanges, checked against the rule set."""

from __future__ import annotations

from collections import Counter
from contextlib import suppress
from dataclasses import replace

from notation.messages import Message, Param, msg, reason
from notation.psn.model import (
    UNKNOWN,
    Bid,
    Fallback,
    FallbackSource,
    KittyExchange,
    Strain,
)
from notation.replay.engine import _Base
from notation.replay.holding import (
    HAND_SIZE,
    Holding,
    fmt_cards,
    has_unknown,
    known_cards,
)
from notation.replay.values import Slots, StepKind
from notation.rules import bidding as bids
from notation.rules.cards import Card, Rank, Suit
from notation.rules.order import Trump
from notation.rules.ruleset import Fallback as FallbackRule
from notation.rules.ruleset import Ruleset
from notation.rules.seats import SEATS, Seat

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


def _bid_sentence(event: Bid, error: Exception) -> Message:
    """A bid the rules refuse, as a referee says it."""
    kind = msg(f"bid.{event.kind.value}")
    return msg("bid.refused", seat=event.seat, kind=kind, reason=reason(error))


def _trump(trump: Trump) -> Param:
    """A trump as players say it: ``♠2``, ``NT 2`` (无主 2)."""
    return msg("trump.nt", rank=trump.rank.value) if trump.suit is None else trump.symbol


class _Auction(_Base):
    """Bids, fallback, kitty exchanges."""

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
            if isinstance(event, Bid):
                legal, played = self._bid(event, legal, played)
                self.dealer = legal.dealer
                self.declarer = legal.showing.seat if legal.showing else self.declarer
                self.trump = legal.trump(self.rules) or self.trump
                label = f"{event.seat} {event.kind.value}s {fmt_cards(event.cards)}"
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
        self, event: Bid, legal: bids.BidState, played: bids.BidState
    ) -> tuple[bids.BidState, bids.BidState]:
        """Check one bid. An illegal bid is reported and leaves the rules' state as it was;
        the players' state takes it as the record has it."""
        self._check_bid_held(event, legal)
        if has_unknown(event.cards):
            self.find(
                "unchecked",
                msg("bid.unknown", seat=event.seat),
                event,
                seat=event.seat,
            )
            return legal, played
        kind, shown = bids.BidKind(event.kind.value), tuple(known_cards(event.cards))
        try:
            core = bids.Bid(event.seat, kind, shown, event.draw)
        except ValueError as e:
            if event.draw is None:
                raise
            # A draw count past the deal ("@101"): reported, and the bid taken without it.
            self.find("bid-window", _bid_sentence(event, e), event, seat=event.seat)
            core = bids.Bid(event.seat, kind, shown)
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
            legal = replace(legal, fallback_suit=recorded.suit, fallback_used=True)
        turned = recorded or given
        if turned is not None:
            played = replace(played, fallback_suit=turned.suit, fallback_used=True)
        return legal, played

    def _check_bid_held(self, bid: Bid, state: bids.BidState) -> None:
        """A bid shows cards held: with the deck order known, cards already drawn (a
        reinforcement of one's own declaration, the declared cards too)."""
        shown = Counter(known_cards(bid.cards))
        with suppress(ValueError):  # a bid the core cannot read is judged on its cards
            core = bids.Bid(bid.seat, bids.BidKind(bid.kind.value), tuple(shown.elements()))
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
        lacking = shown - self._drawn(bid.seat, limit)
        if not lacking:
            return
        if bid.draw is not None and not (shown - self._drawn(bid.seat, dealt)):
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

    def _drawn(self, seat: Seat, limit: int) -> Counter[Card]:
        """The known cards ``seat`` has drawn among the first ``limit`` of the deck."""
        assert self.deck_order is not None and self.deck_first is not None
        mine = self.deck_order[(seat - self.deck_first) % 4 : limit : 4]
        return Counter(c for c in mine if c is not UNKNOWN)

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

    # --- the play -----------------------------------------------------------------------
