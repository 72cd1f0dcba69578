"""The play: tricks in turn, their winners and points, cards nobody can have."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import cast

from notation.messages import Message, Seq, msg
from notation.psn.model import (
    UNKNOWN,
    CardSlot,
    Play,
    Trick,
)
from notation.replay.checks import _Checks
from notation.replay.holding import (
    fmt_cards,
    has_unknown,
    known_cards,
)
from notation.replay.values import Slots, StepKind
from notation.rules.cards import Card
from notation.rules.order import TRUMP, EffectiveSuit, Trump
from notation.rules.seats import SEATS, Seat, seats_from, team
from notation.rules.trick import OpenTrick, play_value
from notation.rules.units import Unit, decompose


class _Play(_Checks):
    """The tricks, one play after another."""

    def play(self) -> None:
        trump = self.trump
        table = trump.table if trump is not None else None
        holdings = self.holdings
        played = self.played
        timeline = self.timeline
        tricks = self.hand.tricks
        expected_leader = self.dealer
        previous: tuple[Trick, list[tuple[Seat, Slots]], Seat | None] | None = None
        impossible = self._impossible_copies()
        followed_claim: Seat | None = None  # the next leader may be the recorded winner
        capacity = self.capacity = dict(self.held_after_auction)
        for index, trick in enumerate(tricks):
            self.trick_number = index + 1
            if trick.number != index + 1:
                self.find(
                    "trick-number",
                    msg("trick.number", number=trick.number, index=index + 1),
                    trick,
                    trick=trick.number,
                )
            if not trick.plays:
                continue
            leader = trick.plays[0].seat
            if expected_leader is not None and leader not in (expected_leader, followed_claim):
                self._wrong_leader(trick, leader, expected_leader, previous)
            self.table = on_table = []
            self.winning = None
            order = seats_from(leader)
            lead: Slots = ()
            lead_blind = False
            single_suit: EffectiveSuit | None = None  # the suit of a single lead
            open_trick: OpenTrick | None = None
            skipped = 0  # seats with no card left, passed over in turn
            for position, play in enumerate(trick.plays):
                event = play
                if impossible and (index, position) in impossible:
                    play = self._blank_copies(play, impossible[index, position], trick.number)
                seat = play.seat
                turn = position + skipped
                if turn > 3 or seat != order[turn]:
                    skipped += self._out_of_turn(play, trick, order, turn)
                cards = play.cards
                blind = UNKNOWN in cards  # some card of this play is ??
                holding = holdings[seat]
                if position == 0:
                    self.lead_units = None
                    lead = self._lead(play, trick, index, trump)
                    lead_blind = blind
                    single_suit = (
                        table[cast(Card, lead[0])][0]
                        if table is not None and len(lead) == 1 and not blind
                        else None
                    )
                elif single_suit is not None and len(cards) == 1 and not blind:
                    # The commonest follow, a single to a single: in suit and held is legal.
                    assert trump is not None and table is not None
                    card = cast(Card, cards[0])
                    if not (
                        table[card][0] == single_suit and holding.exact and holding.known[card] > 0
                    ):
                        self._follow(play, lead, trick, index, trump, blind)
                elif trump is not None and not lead_blind:
                    self._follow(play, lead, trick, index, trump, blind)
                holding.remove(cards)  # a card not held was reported above
                played[seat] += len(cards)
                if played[seat] > capacity[seat] and seat not in self.overplayed:
                    self._overplay(play, trick)
                on_table.append((seat, event.cards))
                if trump is None or blind:
                    open_trick = None  # the winner cannot be known
                elif position == 0:
                    open_trick = _open_trick(seat, cards, trump, self.lead_units)
                elif open_trick is not None:
                    open_trick.add(seat, cast(tuple[Card, ...], cards))
                if timeline:
                    self.winning = open_trick.winning if open_trick else None
                    nxt = order[position + 1] if position + 1 < 4 else None
                    self.snapshot(
                        StepKind.PLAY, f"{seat} plays {fmt_cards(event.cards)}", event, nxt
                    )
                elif self.pending:
                    self.pending.clear()
            turns = len(trick.plays) + skipped
            if (
                index + 1 == len(tricks)
                and turns < 4
                and played[order[turns]] < capacity[order[turns]]
            ):
                break  # the record stops inside this trick: nobody has won it yet
            self.winning = winner = open_trick.winning if open_trick else None
            claimed = None  # a recorded winner the rules do not give: the next lead may follow it
            if trick.winner is not None:
                if winner is None:
                    winner = trick.winner  # the record says who won it: nothing to check against
                elif trick.winner != winner:
                    claimed = trick.winner
                    assert open_trick is not None
                    self._claimed_winner(trick, claimed, winner, on_table[open_trick.index][1])
            if winner is None and index + 1 < len(tricks) and tricks[index + 1].plays:
                winner = tricks[index + 1].plays[0].seat  # trust the record
                why = "trick.unknown-winner" if trump is not None else "trick.no-trump-winner"
                self.find(
                    "unchecked",
                    msg(why, number=trick.number, seat=winner),
                    trick,
                    trick=trick.number,
                )
            if open_trick is not None:
                points = open_trick.points
                self.last_shape = open_trick.lead_units[0].shape
                won_with: Slots = on_table[open_trick.index][1]
            else:
                points = sum(c.points for _, cards in on_table for c in known_cards(cards))
                self.last_shape = None
                won_with = next((cards for seat, cards in on_table if seat == winner), ())
            if winner is not None:
                self.points[team(winner) - 1] += points
            self.last_winner = winner
            self.last_won_by_trump = table is not None and all(
                table[c][0] == TRUMP for c in known_cards(won_with)
            )
            if timeline:
                won = f"trick {trick.number} to seat {winner}"
                self.snapshot(
                    StepKind.TRICK, won + (f", {points} points" if points else ""), trick, winner
                )
            else:
                self.pending.clear()
            previous = (trick, on_table, winner)
            expected_leader = winner
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

    def _out_of_turn(self, play: Play, trick: Trick, order: Sequence[Seat], turn: int) -> int:
        """A play by another seat than the one whose turn it is: a finding, unless the
        seats passed over have no card left (a wrong count, said already). Returns how
        many seats were passed over."""
        passed = 0
        while (
            turn + passed < 4
            and order[turn + passed] != play.seat
            and self.played[order[turn + passed]] >= self.capacity[order[turn + passed]]
        ):
            passed += 1
        if turn + passed < 4 and order[turn + passed] == play.seat:
            return passed
        self.find(
            "out-of-turn",
            msg("turn.other", seat=play.seat, turn=order[turn])
            if turn < 4
            else msg("turn.fifth", seat=play.seat),
            play,
            trick=trick.number,
            seat=play.seat,
        )
        return 0

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

    def _blank_copies(self, play: Play, cards: list[tuple[Card, Message]], number: int) -> Play:
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

    def _overplay(self, play: Play, trick: Trick) -> None:
        """A seat plays past the cards it had: 多牌少牌, said at the play that shows it."""
        seat = play.seat
        self.overplayed.add(seat)
        self.find(
            "hand-count",
            msg("count.overplay", seat=seat, n=self.played[seat], held=self.capacity[seat]),
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


def _open_trick(
    seat: Seat, lead: Slots, trump: Trump, units: list[Unit] | None
) -> OpenTrick | None:
    """The trick as led (no unknown card in it), or ``None`` for a lead of several suits."""
    known = cast(tuple[Card, ...], lead)
    if len(known) > 1 and len({trump.effective_suit(c) for c in known}) != 1:
        return None
    return OpenTrick(seat, known, trump, units)
