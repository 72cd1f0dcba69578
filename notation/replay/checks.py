"""What a seat surely holds, and the checks of one lead, throw or follow."""

from __future__ import annotations

from collections import Counter
from typing import cast

from notation.messages import msg, violation_message
from notation.psn.model import (
    Play,
    Trick,
)
from notation.replay.engine import _Base
from notation.replay.holding import (
    TWO_DECKS,
    has_unknown,
    known_cards,
)
from notation.replay.values import Slots
from notation.rules.cards import Card, CardCounts
from notation.rules.follow import check_follow, check_lead
from notation.rules.order import Trump
from notation.rules.seats import SEATS, Seat, seats_from, team
from notation.rules.throw import judge_throw
from notation.rules.units import Unit, decompose
from notation.rules.violations import Code, Violation


class _Checks(_Base):
    """Leads, throws and follows judged against what each seat surely holds."""

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

    def _lead(self, play: Play, trick: Trick, index: int, trump: Trump | None) -> Slots:
        """Check a lead (and a throw); return the cards the others must follow."""
        seat = play.seat
        attempted = play.attempted if play.attempted is not None else play.cards
        if trump is None:
            return play.cards
        if has_unknown(attempted):
            self.find(
                "unchecked",
                msg("lead.unknown", seat=seat),
                play,
                trick=trick.number,
                seat=seat,
            )
            return play.cards
        lead_cards = known_cards(attempted)
        if len(lead_cards) == 1 and play.attempted is None:
            holding = self.holdings[seat]
            if holding.exact and holding.known[lead_cards[0]] <= 0:
                self.find(
                    "not-held",
                    violation_message(
                        Violation(Code.NOT_HELD, (lead_cards[0],), leading=True), seat
                    ),
                    play,
                    trick=trick.number,
                    seat=seat,
                )
            return play.cards  # a single: nothing more to check
        holding = self.holdings[seat]
        known = holding.known
        suit = trump.effective_suit(lead_cards[0])
        fine = all(trump.effective_suit(c) == suit for c in lead_cards) and (
            not holding.exact or all(known[c] >= n for c, n in Counter(lead_cards).items())
        )
        if not fine:  # say why, in the core's words
            # Cards not surely held are only reported when the whole hand is known.
            for v in check_lead(lead_cards, known if holding.exact else lead_cards, trump):
                message = violation_message(v, seat)
                self.find(v.code.value, message, play, trick=trick.number, seat=seat)
                return play.cards
        units = decompose(lead_cards, trump)
        if play.attempted is None:
            self.lead_units = units  # the trick is judged on them, no need to read them again
        if len(units) < 2:
            if play.attempted is not None:
                self.find(
                    "throw-stood",
                    msg("throw.one-unit", seat=seat, cards=tuple(lead_cards)),
                    play,
                    trick=trick.number,
                    seat=seat,
                )
            return play.cards
        others: dict[Seat, CardCounts] = {}
        all_exact = True
        for other in seats_from(seat)[1:]:
            cards, other_exact = self.surely_held(other, index)
            others[other] = cards
            all_exact = all_exact and other_exact
        verdict = judge_throw(lead_cards, seat, others, trump, units)
        if play.attempted is None:
            if verdict.failed:
                unit = verdict.forced_unit
                assert unit is not None
                self.find(
                    "throw-failed",
                    msg(
                        "throw.should-fail",
                        seat=seat,
                        cards=tuple(lead_cards),
                        by=verdict.beaten_by,
                        unit=tuple(unit.cards),
                    ),
                    play,
                    trick=trick.number,
                    seat=seat,
                )
                self.throw_penalty(
                    seat, verdict.penalty_cards(self.rules.throw.penalty_counts.value)
                )
            elif not all_exact:
                self._throw_unknowable(play, trick, index, lead_cards, units, others, trump)
            return play.cards
        # A throw recorded as failed: was it, and was the right unit played?
        if not verdict.failed:
            if all_exact:
                self.find(
                    "throw-stood",
                    msg("throw.stood", seat=seat, cards=tuple(lead_cards)),
                    play,
                    trick=trick.number,
                    seat=seat,
                )
            return play.cards
        self.throw_penalty(seat, verdict.penalty_cards(self.rules.throw.penalty_counts.value))
        played = Counter(known_cards(play.cards))
        allowed = [Counter(u.cards) for u in verdict.forced_options]
        if played not in allowed and not has_unknown(play.cards):
            self.find(
                "wrong-forced-play",
                msg(
                    "throw.forced",
                    seat=seat,
                    played=tuple(play.cards),
                    forced=tuple(verdict.forced),
                    by=verdict.beaten_by,
                ),
                play,
                trick=trick.number,
                seat=seat,
            )
        return play.cards

    def _throw_unknowable(
        self,
        play: Play,
        trick: Trick,
        index: int,
        lead: list[Card],
        units: list[Unit],
        others: dict[Seat, CardCounts],
        trump: Trump,
    ) -> None:
        """A throw that stands against what the other seats surely hold, their hands not
        being known: it surely stood if no card the record has not shown yet (not played
        before, not in the thrower's hand, not buried) could beat any of its units in any
        hand. Otherwise say why it cannot be known."""
        seat = play.seat
        unseen = Counter(TWO_DECKS)
        for earlier in self.hand.tricks[:index]:
            for p in earlier.plays:
                unseen.subtract(known_cards(p.cards))
        unseen.subtract(self.surely_held(seat, index)[0])
        unseen.subtract(known_cards(self.kitty or ()))
        for cards in others.values():
            unseen.subtract(cards)
        possible = {s: Counter(held) + unseen for s, held in others.items()}
        verdict = judge_throw(lead, seat, possible, trump, units)
        if not verdict.failed:
            return  # no card still out could beat it: it stood
        unit, _ = verdict.failing[0]
        suit = unit.suit
        beaters = sorted(
            (c for c, n in unseen.items() if n > 0 and trump.effective_suit(c) == suit),
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

    def throw_penalty(self, seat: Seat, cards: int) -> None:
        """A failed throw's point penalty: taken from the defenders, or given to them."""
        points = cards * self.rules.throw.penalty_per_card
        defenders = self._defenders_team()
        if not points or defenders is None:
            return
        self.penalty_points += -points if team(seat) == defenders else points

    def _follow(
        self, play: Play, lead: Slots, trick: Trick, index: int, trump: Trump, blind: bool
    ) -> None:
        """Check a follow to a known lead; ``blind``: the play has unknown cards."""
        seat = play.seat
        if len(play.cards) != len(lead):  # said below (wrong-count); not again at the end
            self.capacity[seat] += len(play.cards) - len(lead)
        if blind:
            if len(play.cards) != len(lead):
                wrong = Violation(Code.WRONG_COUNT, asked=len(lead), played=len(play.cards))
                message = violation_message(wrong, seat)
                self.find("wrong-count", message, play, trick=trick.number, seat=seat)
            return
        holding = self.holdings[seat]
        if len(lead) == 2 and len(play.cards) == 2 and holding.exact and lead[0] == lead[1]:
            # A pair against a pair from a known hand: a held pair of the suit is legal.
            first, second = cast(tuple[Card, Card], play.cards)
            suit = trump.effective_suit(cast(Card, lead[0]))
            if (
                first == second
                and holding.known[first] >= 2
                and trump.effective_suit(first) == suit
            ):
                return
        if len(lead) == 1 and len(play.cards) == 1 and holding.exact:
            # A single against a single from a known hand: legal if in suit, or void.
            card = cast(Card, play.cards[0])  # neither is unknown: checked above
            if holding.known[card] > 0:
                table = trump.table
                suit = table[cast(Card, lead[0])][0]
                if table[card][0] == suit or not any(
                    n > 0 and table[c][0] == suit for c, n in holding.known.items()
                ):
                    return
        held, exact = self.surely_held(seat, index)
        known = cast(tuple[Card, ...], lead), cast(tuple[Card, ...], play.cards)  # not blind
        problems = check_follow(
            *known, held, trump, self.lead_units, self.rules.follow.shorter_tractor
        )
        for v in problems:
            if v.code.value == "not-held" and not exact:
                continue
            message = violation_message(v, seat)
            self.find(v.code.value, message, play, trick=trick.number, seat=seat)

    # --- the end ------------------------------------------------------------------------
