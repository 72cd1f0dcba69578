"""A JSON request's fields read and checked: the one home of what ``judge`` and ``solve``
share (a seat, a list of cards, the trump, the rule set named, a field of a given kind).

Each reader raises :class:`RequestError` naming the field and what is wrong with it, in
words of the catalogue (English and Chinese); a rule set is only ever named, never a
file, whatever the request holds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from notation.errors import ShengjiError
from notation.messages import MessageError, error_message, msg
from notation.messages.commands import described, kind_words
from notation.presets import DEFAULT_RULESET, RulesetError
from notation.rules.cards import Card, Rank, Suit, parse_card
from notation.rules.order import Trump
from notation.rules.ruleset import Ruleset
from notation.rules.seats import SEATS, Seat

__all__ = [
    "RequestError",
    "read_cards",
    "read_field",
    "read_rules",
    "read_seat",
    "read_setting",
    "read_trump",
    "refuse_third_copies",
]


class RequestError(MessageError):
    """A request that cannot be read: a missing field, an unknown card or seat."""


def read_field(request: Mapping[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    """The field ``name`` of ``request``, of the type ``kind`` (a bool is not an int)."""
    if name not in request:
        raise RequestError(msg("judge.missing-field", name=repr(name)))
    value = request[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RequestError(msg("judge.wrong-type", name=repr(name), kind=kind_words(value)))
    return value


def read_cards(value: Any, where: str) -> list[Card]:
    """A list of card tokens (``["SA", "H10"]``) at ``where``, as cards."""
    if not isinstance(value, list):
        raise RequestError(msg("judge.card-list", where=where))
    cards: list[Card] = []
    for index, token in enumerate(value):
        if not isinstance(token, str):
            raise RequestError(
                msg("judge.card-kind", where=where, index=index, kind=kind_words(token))
            )
        try:
            cards.append(parse_card(token))
        except ShengjiError:
            raise RequestError(msg("judge.unknown-card", where=where, token=repr(token))) from None
    return cards


def read_seat(value: Any, where: str) -> Seat:
    """A seat, 1 to 4 (as a number or a string), at ``where``."""
    if isinstance(value, str) and value.strip() in ("1", "2", "3", "4"):
        return int(value)
    if isinstance(value, bool) or value not in SEATS:
        raise RequestError(msg("judge.no-seat", where=where, value=described(value)))
    return int(value)


def read_trump(value: Any, rules: Ruleset) -> Trump:
    """The trump ``{"rank": "10", "suit": "H"}`` (no suit, or "NT": no-trump)."""
    if not isinstance(value, dict) or "rank" not in value:
        raise RequestError(msg("judge.trump-shape"))
    rank_text, suit_text = value["rank"], value.get("suit")
    if isinstance(rank_text, int) and not isinstance(rank_text, bool):
        rank_text = str(rank_text) if 2 <= rank_text <= 10 else "?"
    if not isinstance(rank_text, str):
        raise RequestError(msg("judge.rank-kind", kind=kind_words(rank_text)))
    if suit_text is not None and not isinstance(suit_text, str):
        raise RequestError(msg("judge.suit-kind", kind=kind_words(suit_text)))
    try:
        rank = Rank.parse(rank_text)
        suit = None if suit_text in (None, "", "NT", "nt") else Suit(str(suit_text).upper())
    except (ShengjiError, ValueError):
        bad = msg("judge.bad-trump", rank=described(rank_text), suit=described(suit_text))
        raise RequestError(bad) from None
    return rules.trump(rank, suit)


def read_rules(value: Any, load: Callable[[str], Ruleset]) -> Ruleset:
    """The rule set a request names: a name only (never a file, whatever it holds)."""
    if not isinstance(value, str):
        raise RequestError(msg("judge.rules-kind", kind=kind_words(value)))
    try:
        return load(value)
    except RulesetError as e:
        raise RequestError(msg("judge.rules", reason=error_message(e))) from None


def refuse_third_copies(
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
                raise RequestError(msg("judge.third-copy", where=where, card=str(card), seat=seat))


def read_setting(
    request: Any, rules: Ruleset | None, load: Callable[[str], Ruleset]
) -> tuple[Ruleset, Trump]:
    """The rule set and the trump of a request (an object): the rule set it names, else
    ``rules``, else the default rule set; then its trump under that rule set."""
    if not isinstance(request, Mapping):
        raise RequestError(msg("request.object"))
    if request.get("rules") is not None:
        rules = read_rules(request["rules"], load)
    elif rules is None:
        rules = load(DEFAULT_RULESET)
    return rules, read_trump(request.get("trump"), rules)
