"""The play state's plays made and taken back: a play checked or not, the trick's end.

A play is applied in place and taken back in place (:meth:`_Playing.apply`,
:meth:`_Playing.undo`), for search; the fourth play of a trick gives it to its winner
(:mod:`notation.rules.trick`), with its points and, at the last trick, the kitty's.
"""

from __future__ import annotations

from collections.abc import Sequence

from notation.rules.cards import Card
from notation.rules.follow import check_lead
from notation.rules.game_data import Cards, GameError, Play, _Last, _sorted
from notation.rules.game_leads import _Leads
from notation.rules.order import TRUMP
from notation.rules.scoring import kitty_bonus
from notation.rules.seats import Seat
from notation.rules.trick import OpenTrick, play_value


class _Playing(_Leads):
    """Plays made and taken back (see :class:`~notation.rules.game.PlayState`); a play
    checked judges a lead, so this phase builds on the leads."""

    __slots__ = ()

    # --- playing --------------------------------------------------------------------------

    def play(self, play: Play | Sequence[Card]) -> Play:
        """Make a play of the seat to move, checked: a lead is judged (a throw that fails
        becomes its forced unit), a follow must keep every obligation. Returns the play
        made; raises :class:`GameError` if it is not legal."""
        seat = self.to_move
        if self.is_over():
            raise GameError("the hand is over: nobody is to play", key="over")
        if isinstance(play, Play):
            if play.seat != seat:
                raise GameError(
                    f"seat {play.seat} played; it is seat {seat}'s turn",
                    key="turn",
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
                raise GameError(problems[0].sentence(seat), problems)
            made = self.judge_lead(cards)
        else:
            trick = self.trick
            assert trick is not None
            problems = self._follow_problems(self.table[0].cards, cards, hand, trick.lead_units)
            if problems:
                raise GameError(problems[0].sentence(seat), problems)
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
            self._history.append(
                (i, old, table, None, None, 0, 0, self.leader, self.points, self.penalties,
                 self.last, self.tricks, self.hand_points, self._trick_memo)
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
            trick.add(seat, cards)
        self.hands[i] = _without(old, cards)
        for card in cards:
            self.hand_points -= card.points
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
            self.last = _Last(
                winner,
                trick.lead_units[0].shape,
                all(trump_table[c][0] == TRUMP for c in won_with),
            )
        if (winner - self.dealer) % 2 == 0:  # the dealer's team
            return 0
        gained = trick.points
        self.points += gained
        if over:  # the defenders take the kitty too
            last = self.last
            assert last is not None
            gained += kitty_bonus(
                self.rules,
                self.kitty_points,
                defenders_won_last=True,
                copies=last.shape[0],
                pairs=last.shape[1],
                trump=last.by_trump,
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
        key = (self.table[0].cards, cards)
        memo = self._memo.values
        if key in memo:
            value = memo[key]
        else:
            value = memo[key] = play_value(trick.lead_units, cards, self.trump, trick.shape)
        return value is not None and value > trick.best


def _without(hand: Cards, cards: Cards) -> Cards:
    """``hand`` less ``cards`` (both sorted)."""
    if len(cards) == 1:
        i = hand.index(cards[0])
        return hand[:i] + hand[i + 1 :]
    left = list(hand)
    for card in cards:
        left.remove(card)
    return tuple(left)
