"""Judge one trick from plain JSON values: the engine behind ``shengji judge``.

The request names the trump, the cards each seat holds before the trick, the leader
and the plays in playing order; the answer says which plays are legal and why not,
whether a throw stands (and what must be played if not), who wins, and the points.

>>> answer = judge_trick({"trump": {"rank": "10", "suit": "S"}, "leader": 1,
...     "hands": {"1": ["H5", "H5"], "2": ["HQ", "HQ", "H3"], "3": ["S4", "S4"], "4": ["C3", "C4"]},
...     "plays": [["H5", "H5"], ["HQ", "H3"], ["S4", "S4"], ["C3", "C4"]]})
>>> answer["winner"], [p["legal"] for p in answer["plays"]]
(3, [True, False, True, True])
>>> answer["plays"][1]["findings"][0]["code"]
'follow-pair'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from notation.lines.fields import (
    RequestError,
    read_cards,
    read_field,
    read_seat,
    read_setting,
    refuse_third_copies,
)
from notation.messages import msg, violation_message
from notation.messages.commands import kind_words
from notation.presets import load_ruleset
from notation.rules.cards import Card
from notation.rules.clauses import Rule
from notation.rules.follow import check_follow, check_lead
from notation.rules.order import Trump
from notation.rules.ruleset import Ruleset
from notation.rules.seats import Seat, seats_from
from notation.rules.throw import judge_throw
from notation.rules.trick import trick_points, trick_winner
from notation.rules.units import decompose
from notation.rules.violations import Violation

__all__ = ["JudgeError", "judge_trick"]


class JudgeError(RequestError):
    """A request that cannot be judged: a missing field, an unknown card or seat."""


def _finding(v: Violation, rules: Ruleset, seat: Seat, lang: str) -> dict[str, Any]:
    clause = rules.clause(v.rule)
    return {
        "code": v.code.value,
        "message": violation_message(v, seat).render(lang),
        "rule": v.rule.value,
        "clause": clause.ref,
        "cards": [str(c) for c in v.cards],
    }


def judge_trick(
    request: Mapping[str, Any],
    rules: Ruleset | None = None,
    load: Callable[[str], Ruleset] = load_ruleset,
    lang: str = "en",
) -> dict[str, Any]:
    """Judge one trick; see the module docstring for the shape of request and answer
    (its findings' messages in ``lang``). Raises :class:`JudgeError` for a request that
    cannot be read."""
    try:
        return _read_and_judge(request, rules, load, lang)
    except JudgeError:
        raise
    except RequestError as e:  # a field's reader, shared with ``solve``
        raise JudgeError(e.text if e.text is not None else str(e)) from None


def _read_and_judge(
    request: Mapping[str, Any],
    rules: Ruleset | None,
    load: Callable[[str], Ruleset],
    lang: str,
) -> dict[str, Any]:
    rules, trump = read_setting(request, rules, load)
    leader = read_seat(read_field(request, "leader", (int, str)), "leader")
    raw_hands = request.get("hands") or {}
    if not isinstance(raw_hands, dict):
        raise JudgeError(msg("judge.hands-map"))
    hands: dict[Seat, list[Card]] = {
        read_seat(k, "hands"): read_cards(v, f"hands.{k}") for k, v in raw_hands.items()
    }
    raw_plays = read_field(request, "plays", list)
    if not 1 <= len(raw_plays) <= 4:
        raise JudgeError(msg("judge.trick-plays", n=len(raw_plays)))
    plays = [read_cards(p, f"plays[{i}]") for i, p in enumerate(raw_plays)]
    order = seats_from(leader)
    refuse_third_copies(hands, plays, order)
    last_trick = request.get("last_trick")
    if last_trick is not None and not isinstance(last_trick, bool):
        raise JudgeError(msg("judge.last-trick", kind=kind_words(last_trick)))
    return _judge(rules, trump, leader, hands, plays, order, bool(last_trick), lang)


def _judge(
    rules: Ruleset,
    trump: Trump,
    leader: Seat,
    hands: Mapping[Seat, list[Card]],
    plays: Sequence[list[Card]],
    order: Sequence[Seat],
    last_trick: bool,
    lang: str,
) -> dict[str, Any]:
    answers: list[dict[str, Any]] = []
    attempt = plays[0]
    lead_problems: list[Violation] = []
    throw: dict[str, Any] | None = None
    lead = attempt
    if leader in hands:
        lead_problems = check_lead(attempt, hands[leader], trump)
    elif len({trump.effective_suit(c) for c in attempt}) > 1:
        lead_problems = check_lead(attempt, attempt, trump)
    if not lead_problems and len(decompose(attempt, trump)) > 1:
        others = {s: hands[s] for s in order[1:] if s in hands}
        verdict = judge_throw(attempt, leader, others, trump)
        lead = list(verdict.forced)
        counted = verdict.penalty_cards(rules.throw.penalty_counts.value)
        throw = {
            "failed": verdict.failed,
            "forced": [str(c) for c in verdict.forced],
            "beaten_by": verdict.beaten_by,
            "penalty_cards": counted,
            "penalty_points": counted * rules.throw.penalty_per_card,
            "checked_against": sorted(others),
            "clause": rules.clause(Rule.THROW).ref,
            "penalty_clause": rules.clause(Rule.THROW_PENALTY).ref,
        }
    answers.append(_answer(leader, lead_problems, leader in hands, rules, lang))
    for seat, play in zip(order[1:], plays[1:], strict=False):
        if seat in hands and not lead_problems:
            problems = check_follow(
                lead, play, hands[seat], trump, shorter_tractor=rules.follow.shorter_tractor
            )
        else:
            problems = []
        checked = seat in hands and not lead_problems
        answers.append(_answer(seat, problems, checked, rules, lang))
    winner: Seat | None = None
    winning: Seat | None = None
    shape: tuple[int, int] | None = None
    by_trump = True
    table = [(leader, lead), *zip(order[1:], plays[1:], strict=False)]
    points = trick_points([cards for _, cards in table])
    if not lead_problems:
        result = trick_winner(table, trump)
        winning, shape = result.winner, result.shape
        by_trump = all(trump.is_trump(c) for c in table[result.winning_play][1])
        if len(plays) == 4:
            winner = winning
    multiplier = None
    if last_trick and winner is not None and shape is not None:
        # Some rule sets multiply less when the last trick is won with side cards.
        multiplier = rules.kitty_multiplier(*shape, trump=by_trump)
    return {
        "plays": answers,
        "throw": throw,
        "winner": winner,
        "winning": winning,
        "points": points,
        "kitty_multiplier": multiplier,
    }


def _answer(
    seat: Seat, problems: list[Violation], checked: bool, rules: Ruleset, lang: str
) -> dict[str, Any]:
    return {
        "seat": seat,
        "legal": (not problems) if checked or problems else None,
        "findings": [_finding(v, rules, seat, lang) for v in problems],
    }
