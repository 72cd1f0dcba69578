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

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from notation.errors import ShengjiError
from notation.messages import Both, MessageError, msg, violation_message
from notation.messages.commands import described, kind_words
from notation.rules.cards import Card, Rank, Suit, parse_card
from notation.rules.clauses import Rule
from notation.rules.follow import check_follow, check_lead
from notation.rules.order import Trump
from notation.rules.ruleset import Ruleset
from notation.rules.seats import SEATS, Seat, seats_from
from notation.rules.throw import judge_throw
from notation.rules.trick import trick_winner
from notation.rules.units import decompose
from notation.rules.violations import Violation
from notation.rulesets import RulesetError, load_ruleset

__all__ = ["JudgeError", "judge_trick"]


class JudgeError(MessageError):
    """A request that cannot be judged: a missing field, an unknown card or seat."""


def _field(request: Mapping[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    if name not in request:
        raise JudgeError(msg("judge.missing-field", name=repr(name)))
    value = request[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise JudgeError(msg("judge.wrong-type", name=repr(name), kind=kind_words(value)))
    return value


def _cards(value: Any, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise JudgeError(msg("judge.card-list", where=where))
    cards: list[Card] = []
    for index, token in enumerate(value):
        if not isinstance(token, str):
            raise JudgeError(
                msg("judge.card-kind", where=where, index=index, kind=kind_words(token))
            )
        try:
            cards.append(parse_card(token))
        except ShengjiError:
            raise JudgeError(msg("judge.unknown-card", where=where, token=repr(token))) from None
    return cards


def _seat(value: Any, where: str) -> Seat:
    if isinstance(value, str) and value.strip() in ("1", "2", "3", "4"):
        return int(value)
    if isinstance(value, bool) or value not in SEATS:
        raise JudgeError(msg("judge.no-seat", where=where, value=described(value)))
    return int(value)


def _trump(value: Any, rules: Ruleset) -> Trump:
    if not isinstance(value, dict) or "rank" not in value:
        raise JudgeError(msg("judge.trump-shape"))
    rank_text, suit_text = value["rank"], value.get("suit")
    if isinstance(rank_text, int) and not isinstance(rank_text, bool):
        rank_text = str(rank_text) if 2 <= rank_text <= 10 else "?"
    if not isinstance(rank_text, str):
        raise JudgeError(msg("judge.rank-kind", kind=kind_words(rank_text)))
    if suit_text is not None and not isinstance(suit_text, str):
        raise JudgeError(msg("judge.suit-kind", kind=kind_words(suit_text)))
    try:
        rank = Rank.parse(rank_text)
        suit = None if suit_text in (None, "", "NT", "nt") else Suit(str(suit_text).upper())
    except (ShengjiError, ValueError):
        bad = msg("judge.bad-trump", rank=described(rank_text), suit=described(suit_text))
        raise JudgeError(bad) from None
    return rules.trump(rank, suit)


def _rules(value: Any, load: Callable[[str], Ruleset]) -> Ruleset:
    """The rule set a request names: a name only (never a file, whatever it holds)."""
    if not isinstance(value, str):
        raise JudgeError(msg("judge.rules-kind", kind=kind_words(value)))
    try:
        return load(value)
    except RulesetError as e:
        reason = Both(e.brief("en"), e.brief("zh"))
        raise JudgeError(msg("judge.rules", reason=reason)) from None


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
    (its findings' messages in ``lang``)."""
    if not isinstance(request, Mapping):
        raise JudgeError(msg("request.object"))
    if request.get("rules") is not None:
        rules = _rules(request["rules"], load)
    elif rules is None:
        rules = load("qq")
    trump = _trump(request.get("trump"), rules)
    leader = _seat(_field(request, "leader", (int, str)), "leader")
    raw_hands = request.get("hands") or {}
    if not isinstance(raw_hands, dict):
        raise JudgeError(msg("judge.hands-map"))
    hands: dict[Seat, list[Card]] = {
        _seat(k, "hands"): _cards(v, f"hands.{k}") for k, v in raw_hands.items()
    }
    raw_plays = _field(request, "plays", list)
    if not 1 <= len(raw_plays) <= 4:
        raise JudgeError(msg("judge.trick-plays", n=len(raw_plays)))
    plays = [_cards(p, f"plays[{i}]") for i, p in enumerate(raw_plays)]
    order = seats_from(leader)
    _check_copies(hands, plays, order)
    last_trick = request.get("last_trick")
    if last_trick is not None and not isinstance(last_trick, bool):
        raise JudgeError(msg("judge.last-trick", kind=kind_words(last_trick)))
    return _judge(rules, trump, leader, hands, plays, order, bool(last_trick), lang)


def _check_copies(
    hands: Mapping[Seat, list[Card]], plays: Sequence[list[Card]], order: Sequence[Seat]
) -> None:
    """Refuse a third copy of a card: two decks hold two of each. The cards are the hands
    given, seat by seat, and the plays of the seats whose hand is not given (a seat's
    play comes from its hand, and a card it does not hold is that play's finding)."""
    seen: Counter[Card] = Counter()
    held = [(seat, f"hands.{seat}", hands[seat]) for seat in sorted(hands)]
    played = [
        (seat, f"plays[{i}]", cards)
        for i, (seat, cards) in enumerate(zip(order, plays, strict=False))
        if seat not in hands
    ]
    for seat, where, cards in (*held, *played):
        for card in cards:
            seen[card] += 1
            if seen[card] > 2:
                raise JudgeError(msg("judge.third-copy", where=where, card=str(card), seat=seat))


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
    points = sum(c.points for _, cards in table for c in cards)
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
