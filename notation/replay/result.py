"""The end of a hand: 多牌少牌, the kitty, the total, the level result, the record's result."""

from __future__ import annotations

from notation.messages import Message, count, msg, outcome_words
from notation.psn.model import (
    Result,
)
from notation.replay.engine import _Base
from notation.replay.holding import (
    HAND_SIZE,
    has_unknown,
    known_cards,
)
from notation.replay.values import Computed, StepKind
from notation.rules import scoring
from notation.rules.ruleset import Outcome
from notation.rules.seats import SEATS, Seat, team


class _Result(_Base):
    """The result the rules give, checked against the record's."""

    def finish(self) -> Computed:
        dealer = self.dealer
        defenders = self._defenders_team()
        trump = self.trump
        # 多牌少牌: once some seat has played a full hand, every seat must have. A count
        # that a finding already explains (a wrong deal or bury, a play past the last
        # card) is not said again; the rule set's consequence applies all the same.
        played_out = max(self.played.values()) >= HAND_SIZE
        last_trick = self.hand.tricks[-1] if self.hand.tricks else None
        for seat in SEATS:
            left = self.holdings[seat]
            played, held = self.played[seat], self.capacity.get(seat, HAND_SIZE)
            if played_out and played != HAND_SIZE:
                self.miscounted.add(seat)
                if played != held and seat not in self.overplayed:
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
        card_points = self.points[defenders - 1] if defenders else 0
        kitty_points: int | None = None
        multiplier: int | None = None
        total: int | None = None
        outcome: Outcome | None = None
        next_dealer: Seat | None = None
        last = self.last_winner
        if complete and defenders is not None and last is not None:
            if self.kitty is not None and not has_unknown(self.kitty):
                kitty_points = sum(c.points for c in known_cards(self.kitty))
            total = card_points + self.penalty_points
            if team(last) == defenders:
                shape = self.last_shape
                if shape is not None:
                    multiplier = self.rules.kitty_multiplier(*shape, trump=self.last_won_by_trump)
                if kitty_points is None or multiplier is None:
                    total = None
                else:
                    total += kitty_points * multiplier
            if total is not None:
                # Penalties can take the defenders below nothing; a total is never negative
                # (the level tables start at 0 points).
                total = max(total, 0)
                outcome = self._miscount(self.rules.outcome(total))
            if outcome is not None:
                assert dealer is not None
                next_dealer = scoring.next_dealer(dealer, outcome)
        if complete and total is None:
            self.find("unchecked", msg("result.no-kitty"), None)
        computed = Computed(
            complete=complete,
            card_points=card_points,
            kitty_points=kitty_points,
            multiplier=multiplier,
            penalty_points=self.penalty_points,
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
        self.snapshot(StepKind.END, _end_label(computed), self.hand.result, None)
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
        self._differs(
            "result-points",
            result.points,
            computed.points,
            msg("result.points", recorded=result.points, ruled=computed.points),
        )
        self._differs(
            "result-kitty",
            result.kitty_points,
            computed.kitty_points,
            msg("result.kitty", recorded=result.kitty_points, ruled=computed.kitty_points),
        )
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
            "result-next-dealer",
            result.next_dealer,
            computed.next_dealer,
            msg("result.next-dealer", recorded=result.next_dealer, ruled=computed.next_dealer),
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

    def _differs(
        self, code: str, recorded: int | None, ruled: int | None, message: Message
    ) -> None:
        """Report ``code`` when the result records a value and the rules give another."""
        if recorded is not None and ruled is not None and recorded != ruled:
            self.find(code, message, self.hand.result)


def _end_label(computed: Computed) -> str:
    if computed.points is None:
        return "end of the hand"
    text = f"defenders {computed.points}"
    if computed.multiplier:
        text += f" (kitty {computed.kitty_points} × {computed.multiplier})"
    if computed.outcome is not None:
        text += f": {computed.outcome}"
    return text
