"""A match's hands follow from each other: the levels and the dealer of a hand are what
the hand before leaves.

:func:`levels_after` says what a replayed hand does to both teams' levels, the misplay
penalties included (:class:`LevelsAfter`); :func:`continues` says whether a hand is the
next of the same match as the hand before it in a file. The validator
(:func:`notation.validate.check_hands`) replays such a hand at the levels and dealer that
follow where its headers disagree and the play bears that reading out, and reports the
headers that do not follow (``match-levels``, ``match-dealer``).
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import replace
from typing import Any

from notation.findings import CATALOGUE, Finding
from notation.frozen import frozen
from notation.messages import Message, msg, outcome_words
from notation.programs import kept_regexp
from notation.psn import BidNode, Hand
from notation.psn.model import KittyExchange
from notation.replay import HandReplay, replay
from notation.replay.replayer import read_levels
from notation.rules import bidding as bids
from notation.rules.cards import Rank
from notation.rules.clauses import Rule
from notation.rules.ruleset import Goal, Outcome, Ruleset, Side
from notation.rules.scoring import HandResult, Levels, apply_outcome
from notation.rules.seats import Seat, team

__all__ = [
    "MISPLAYS",
    "LevelsAfter",
    "continues",
    "levels_after",
    "match_findings",
    "replay_in_match",
]

# Findings that are misplays (出错牌): the rule set's misplay penalty falls on the team.
MISPLAYS = {"follow-suit", "follow-pair", "follow-tractor", "not-held"}


@frozen
class LevelsAfter:
    """What a hand does to both teams' levels: the level-table result, then each team's
    misplay penalty (000§2 五). Teams are 1&3 then 2&4."""

    dealer: Seat
    outcome: Outcome  # the level table's result
    before: Levels
    played: HandResult  # the result alone
    after: HandResult  # with the misplay penalties
    misplays: tuple[tuple[Finding, ...], tuple[Finding, ...]]  # each team's, in this hand
    drops: tuple[int, int]  # levels each team is to drop for them (not below 2)

    @property
    def winner(self) -> int:
        """The team (1 or 2) the level table's result favours."""
        dealer_team = team(self.dealer)
        return dealer_team if self.outcome.winner is Side.DEALER else 3 - dealer_team

    @property
    def counts(self) -> tuple[int, int]:
        """How many misplays each team made."""
        return (len(self.misplays[0]), len(self.misplays[1]))

    def to_dict(self) -> dict[str, Any]:
        """The fields ``shengji validate --json`` adds to a hand's ``computed``."""
        return {
            "levels_before": [r.value for r in self.before],
            "misplays": list(self.counts),
            "misplay_levels": list(self.drops),
            "levels_after": [r.value for r in self.after.levels],
        }


def levels_after(result: HandReplay) -> LevelsAfter | None:
    """Both teams' levels after a replayed hand, misplay penalties included, or ``None``
    when the record does not give the result, the dealer or the levels.

    The one computation behind ``validate --json``'s ``computed``, the report's "Levels
    after the hand" and the next hand's ``match-levels`` check. Only the record's own
    plays count: a revoke in a variation is a lesson, not a misplay.
    """
    computed = result.computed
    if computed.outcome is None or computed.dealer is None or computed.levels is None:
        return None
    teams: tuple[list[Finding], list[Finding]] = ([], [])
    for f in result.findings:
        if f.code in MISPLAYS and f.seat is not None:
            teams[team(f.seat) - 1].append(f)
    counts = (len(teams[0]), len(teams[1]))
    rules = result.rules
    args = (rules, computed.levels, computed.dealer, computed.outcome)
    played = apply_outcome(*args)
    after = apply_outcome(*args, misplays=counts) if any(counts) else played
    per = rules.penalties.misplay_levels
    return LevelsAfter(
        computed.dealer,
        computed.outcome,
        computed.levels,
        played,
        after,
        (tuple(teams[0]), tuple(teams[1])),
        (counts[0] * per, counts[1] * per),
    )


def continues(before: Hand, after: Hand) -> bool:
    """True if ``after`` is the hand that follows ``before`` in one match, so its levels
    and dealer must follow from it.

    A file may hold separate hands, as a PGN file holds separate games: a hand whose
    ``Hand`` number is not one more than the hand before's, or whose ``Event`` differs,
    starts afresh. Hands without these headers are taken as one match.
    """
    if before.header("Hand") is not None and after.header("Hand") is not None:
        first, second = _hand_number(before), _hand_number(after)
        if first is None or second is None or second != first + 1:
            return False
    events = before.header("Event"), after.header("Event")
    return events[0] is None or events[1] is None or events[0].strip() == events[1].strip()


_LEADING_NUMBER = kept_regexp(r"\s*(\d+)")


def _hand_number(hand: Hand) -> int | None:
    """The number a ``Hand`` header starts with (``"3"``, ``"3/12"``), if any."""
    value = hand.header("Hand")
    found = _LEADING_NUMBER.match(value) if value is not None else None
    return int(found[1]) if found else None


def replay_in_match(
    hand: Hand, rules: Ruleset | None, number: int, timeline: bool, expected: LevelsAfter
) -> HandReplay:
    """Replay a match's hand; where its Levels or Dealer header does not follow from the
    hand before, replay it at the levels and dealer that do, and keep whichever reading
    the play itself bears out (fewer broken rules; a tie goes to the headers): a mistyped
    header is then the one finding (``match-levels``, ``match-dealer``), not a hand judged
    at the wrong rank or with the wrong dealer."""
    result = replay(hand, rules, number=number, timeline=timeline)
    after = expected.after
    computed = result.computed
    levels = after.levels if computed.levels != after.levels else None
    dealer = hand.dealer
    moved = dealer is not None and dealer not in (
        after.next_dealer,
        _passed_deal(result, after.next_dealer),
    )
    if levels is None and not moved:
        return result
    other = replay(
        hand,
        rules,
        number=number,
        timeline=timeline,
        levels=levels,
        dealer=after.next_dealer if moved else None,
    )
    return other if len(other.errors) < len(result.errors) else result


def _header_levels(hand: Hand) -> tuple[str, tuple[Rank, Rank]] | None:
    """The Levels header as written and read, or ``None`` (none, or not readable: that is
    a bad-header finding of its own)."""
    value = hand.header("Levels")
    if value is None:
        return None
    try:
        return value, read_levels(value)
    except ValueError:
        return None


def match_findings(before: HandReplay, after: HandReplay) -> list[Finding]:
    """The levels and dealer of a hand must follow from the hand before it."""
    consequences = levels_after(before)
    computed = before.computed
    if consequences is None or computed.outcome is None or computed.dealer is None:
        return []
    counts, expected = consequences.counts, consequences.after
    hand = after.hand
    found: list[Finding] = []
    header = next((h for h in hand.headers if h.tag.lower() == "levels"), None)
    written = _header_levels(hand)
    if header is not None and written is not None and written[1] != expected.levels:
        value, levels = written
        want = " ".join(r.value for r in expected.levels)
        outcome = outcome_words(computed.outcome.winner.value, computed.outcome.levels)
        message = msg("match.levels", value=value, number=before.number, outcome=outcome, want=want)
        # Where a level that must be played (逢10必打) stopped the climb, that is the rule.
        rules = before.rules
        # (without the goal's stop either: the record simply added the levels)
        free_climb = replace(rules, match=replace(rules.match, must_play=(), goal=Goal.NONE))
        unstopped = apply_outcome(
            free_climb, consequences.before, computed.dealer, computed.outcome, misplays=counts
        )
        rule = None
        if unstopped.levels != expected.levels and levels == unstopped.levels:
            # The record climbed on as if no level had to be played.
            stop = next(e for e, u in zip(expected.levels, unstopped.levels, strict=True) if e != u)
            if stop in rules.match.must_play:  # not the goal: that stops the climb too
                message = msg(
                    "match.levels-stop",
                    value=value,
                    number=before.number,
                    outcome=outcome,
                    want=want,
                    stop=stop.value,
                )
                rule = Rule.MUST_PLAY
        found.append(_finding("match-levels", message, after, header, rule))
    header = next((h for h in hand.headers if h.tag.lower() == "dealer"), None)
    if (
        header is not None
        and hand.dealer is not None
        and hand.dealer != expected.next_dealer
        and hand.dealer != _passed_deal(after, expected.next_dealer)
    ):
        found.append(
            _finding(
                "match-dealer",
                msg(
                    "match.dealer",
                    seat=hand.dealer,
                    number=before.number,
                    outcome=outcome_words(computed.outcome.winner.value, computed.outcome.levels),
                    expected=expected.next_dealer,
                ),
                after,
                header,
            )
        )
    return found


def _passed_deal(after: HandReplay, dealer: int) -> int | None:
    """Who deals ``after`` if ``dealer`` starts it: another seat where its side declared
    nothing and the rule set passes the deal to the declarer (谁亮主谁坐庄)."""
    rules = after.rules
    if not rules.bidding.deal_passes_to_declarer or after.computed.levels is None:
        return None
    levels = after.computed.levels
    state = bids.BidState.start(levels[team(dealer) - 1], dealer, levels[2 - team(dealer)])
    for event in after.hand.auction:
        if isinstance(event, KittyExchange):
            break  # the deal is over: bids after the bury (炒底) do not count
        if isinstance(event, BidNode):
            with suppress(ValueError):  # (a bid that names no trump was reported already)
                core = event.bid
                if core is not None:  # a card not known: the bid is not counted
                    state = bids.record_bid(rules, state, core)
    return bids.end_deal(state, rules).dealer


def _finding(
    code: str, message: Message, after: HandReplay, node: Any, rule: Rule | None = None
) -> Finding:
    """A finding of the match; ``rule``, when the catalogue's rule is not the precise one."""
    cited = rule or CATALOGUE[code][1]
    return Finding(
        code=code,
        text=message,
        hand=after.number,
        line=getattr(node, "line", 0),
        column=getattr(node, "column", 0),
        clause=after.rules.clause(cited) if cited else None,
        cites=rule,
    )
