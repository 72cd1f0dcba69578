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
a play is applied and taken back in place (:meth:`PlayState.apply`, :meth:`PlayState.undo`)
rather than copied, and the core's answers are remembered per hand and lead.

The class is composed by phase, one module each: the data and the position read
(:mod:`.game_base`, with the values in :mod:`.game_data`), the legal leads, throws
included (:mod:`.game_leads`), the legal follows (:mod:`.game_follows`), plays made and
taken back and the trick's end (:mod:`.game_playing`), equal positions and equivalent
plays for search (:mod:`.game_equivalence`), and the outcome (:mod:`.game_outcome`).

>>> from notation.rulesets import load_ruleset
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

from notation.rules.game_data import Cards as Cards
from notation.rules.game_data import GameError, Play, Position, TrickMemo
from notation.rules.game_equivalence import _Equivalence
from notation.rules.game_follows import _Follows
from notation.rules.game_outcome import HandOutcome, _Outcome
from notation.rules.game_playing import _Playing

__all__ = ["GameError", "HandOutcome", "Play", "PlayState", "Position", "TrickMemo"]


class PlayState(_Playing, _Follows, _Equivalence, _Outcome):
    """A hand being played: the position plus the bookkeeping to go on from it.

    Mutable, for search: :meth:`apply` makes a play and :meth:`undo` takes it back in
    place. :meth:`copy` gives an independent state. Seats are 1..4; the dealer's team is
    the dealer and partner, the defenders the other two.
    """

    __slots__ = ()  # the data is the base's (game_base._Base): no instance dict

    # --- legal plays --------------------------------------------------------------------

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
