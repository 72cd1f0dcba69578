"""The JSON form of a record, for game servers and bots, and its inverse.

The shape (documented in ``grammars/PSN.md``): ``{"format": "psn", "version": 1,
"hands": [...]}``; cards are canonical tokens with ``"??"`` for an unknown card, seats
are 1..4, every event carries ``"type"``. ``from_json(to_json(r)) == r``.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterable, Iterator
from enum import StrEnum
from functools import partial
from typing import Any, NoReturn, TypeVar

from notation.errors import CardError
from notation.messages import Message, MessageError, Param, Seq, msg
from notation.messages.commands import described, json_words, kind_words
from notation.messages.reasons import reason
from notation.psn.model import (
    UNKNOWN,
    AuctionEvent,
    BidKind,
    BidNode,
    CardSlot,
    Comment,
    Deal,
    Deck,
    Event,
    Fallback,
    FallbackSource,
    Hand,
    Header,
    KittyExchange,
    PlayNode,
    Record,
    Result,
    Side,
    Strain,
    Trick,
    Variation,
)
from notation.psn.parser import MAX_DIGITS, MAX_VARIATION_DEPTH, parse
from notation.psn.writer import write, write_event, write_hand
from notation.rules.cards import Slots, parse_card
from notation.rules.seats import SEATS, Seat

__all__ = [
    "JSONFormatError",
    "from_json",
    "hand_to_dict",
    "strict_json",
    "to_json",
    "to_json_pieces",
]

FORMAT = "psn"
VERSION = 1

Json = dict[str, Any]
_T = TypeVar("_T")
_E = TypeVar("_E", bound=StrEnum)
_LARGEST = 10**MAX_DIGITS - 1  # the largest number PSN text holds


class JSONFormatError(MessageError):
    """A JSON document that is not a PSN record (``str()`` English, ``text`` the message)."""


def to_json(record: Record | Hand, indent: int | None = 2) -> str:
    """The record as a JSON document."""
    hands = (record,) if isinstance(record, Hand) else record.hands
    doc = {"format": FORMAT, "version": VERSION, "hands": [hand_to_dict(h) for h in hands]}
    if indent is None:
        return json.dumps(doc, ensure_ascii=False, allow_nan=False) + "\n"
    return _dump(doc, indent, 0) + "\n"


def to_json_pieces(hands: Iterable[Hand]) -> Iterator[str]:
    """The text :func:`to_json` gives for a record of ``hands``, a hand at a time (a file
    converted in the memory of one hand)."""
    yield f'{{\n  "format": "{FORMAT}",\n  "version": {VERSION},\n  "hands": '
    first = True
    for hand in hands:
        yield ("[\n" if first else ",\n") + "    " + _dump(hand_to_dict(hand), 2, 2)
        first = False
    yield "[]\n}\n" if first else "\n  ]\n}\n"


def _dump(value: Any, indent: int, level: int) -> str:
    """JSON with objects indented and flat lists (cards, headers) kept on one line.

    Variations nest about six levels of JSON each: this calls itself once per level,
    with plain loops, to keep the stack shallow.
    """
    pad, inner = " " * (indent * level), " " * (indent * (level + 1))
    rows: list[str] = []
    if isinstance(value, dict) and value:
        for k, v in value.items():
            rows.append(f"{inner}{json.dumps(k, allow_nan=False)}: {_dump(v, indent, level + 1)}")
        return "{\n" + ",\n".join(rows) + "\n" + pad + "}"
    if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        flat = all(isinstance(v, list) and not any(isinstance(x, dict) for x in v) for v in value)
        for v in value:
            row = (
                json.dumps(v, ensure_ascii=False, allow_nan=False)
                if flat
                else _dump(v, indent, level + 1)
            )
            rows.append(inner + row)
        return "[\n" + ",\n".join(rows) + "\n" + pad + "]"
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


def from_json(text: str) -> Record:
    """The record of a JSON document made by :func:`to_json`.

    Anything else is a :class:`JSONFormatError` that names the place by its path in the
    document (``hands[0].tricks[3].plays[1].cards: expected a list of cards, found a
    number``), and a record is returned only if its PSN text reads back as the same
    record: what converts, converts back.
    """
    try:
        doc = strict_json(text)
    except json.JSONDecodeError as e:
        # The reason in both languages, as a JSON line's error says it.
        why = dict(json_words(e.msg, e.colno).params)["why"]
        not_json = msg("psnjson.not-json", why=why, line=e.lineno, column=e.colno)
        raise JSONFormatError(not_json) from None
    except RecursionError:
        raise JSONFormatError(msg("psnjson.too-deep")) from None
    except ValueError:  # Python reads at most 4300 digits into a number
        digits = max((len(m) for m in re.findall(r"[0-9]+", text)), default=0)
        raise JSONFormatError(msg("psnjson.long-number", digits=digits)) from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise JSONFormatError(msg("psnjson.not-psn"))
    if doc.get("version") != VERSION:
        version = described(doc.get("version"))
        raise JSONFormatError(msg("psnjson.version", version=version))
    hands = _list(doc.get("hands"), "hands", "hands")
    record = Record(tuple(_read_hand(h, f"hands[{i}]") for i, h in enumerate(hands)))
    _check_reads_back(record)
    return record


def strict_json(text: str) -> Any:
    """The value of JSON ``text`` as the standard has it: ``NaN``, ``Infinity`` and
    ``-Infinity``, which Python reads, and numbers past any float (``1e999``, which
    Python reads as infinite) are refused where they stand: no JSON writer can write
    them back.

    >>> strict_json('[1, NaN]')
    Traceback (most recent call last):
    json.decoder.JSONDecodeError: Expecting value: line 1 column 5 (char 4)
    >>> strict_json('{"a": 1e999}')
    Traceback (most recent call last):
    json.decoder.JSONDecodeError: Number out of range: line 1 column 7 (char 6)
    """

    def refuse(word: str, why: str = "Expecting value") -> NoReturn:
        pattern = re.compile(r'"(?:[^"\\]|\\.)*+"|(' + re.escape(word) + ")")
        at = next((m.start(1) for m in pattern.finditer(text) if m[1] is not None), 0)
        raise json.JSONDecodeError(why, text, at)

    def number(word: str) -> float:
        value = float(word)
        if not math.isfinite(value):
            refuse(word, "Number out of range")
        return value

    return json.loads(text, parse_constant=refuse, parse_float=number)


# ---- model -> plain values -----------------------------------------------------------------


def hand_to_dict(hand: Hand) -> Json:
    """One hand as plain JSON values."""
    deal: Json | None = None
    if isinstance(hand.deal, Deal):
        deal = {
            "type": "hands",
            "hands": [_cards(c) if c is not None else None for c in hand.deal.hands],
            "kitty": _cards(hand.deal.kitty) if hand.deal.kitty is not None else None,
            "comments": _comments(hand.deal.comments),
        }
    elif isinstance(hand.deal, Deck):
        deal = {
            "type": "deck",
            "first": hand.deal.first,
            "cards": _cards(hand.deal.cards),
            "comments": _comments(hand.deal.comments),
        }
    result: Json | None = None
    if hand.result is not None:
        r = hand.result
        result = {
            "points": r.points,
            "kitty_points": r.kitty_points,
            "multiplier": r.multiplier,
            "side": r.side.value if r.side is not None else None,
            "levels": r.levels,
            "next_dealer": r.next_dealer,
            "comments": _comments(r.comments),
        }
    return {
        "headers": [[h.tag, h.value] for h in hand.headers],
        "comments": _comments(hand.comments),
        "deal": deal,
        "auction": [_event(e) for e in hand.auction],
        "tricks": [_event(t) for t in hand.tricks],
        "result": result,
    }


def _cards(cards: Slots) -> list[str]:
    return [str(c) for c in cards]


def _comments(comments: tuple[Comment, ...]) -> list[str]:
    return [c.text for c in comments]


def _annotations(event: BidNode | Fallback | KittyExchange | PlayNode) -> Json:
    variations: list[Json] = []
    for v in event.variations:  # a loop, not a comprehension: one frame less a level
        events: list[Json] = []
        for e in v.events:
            events.append(_event(e))
        variations.append({"comments": _comments(v.comments), "events": events})
    return {
        "nags": list(event.nags),
        "comments": _comments(event.comments),
        "variations": variations,
    }


def _event(event: Event) -> Json:
    if isinstance(event, Trick):
        plays: list[Json] = []
        for p in event.plays:
            plays.append(_play(p))
        return {
            "type": "trick",
            "number": event.number,
            "comments": _comments(event.comments),
            "plays": plays,
            "winner": event.winner,
        }
    if isinstance(event, BidNode):
        return {
            "type": "bid",
            "kind": event.kind.value,
            "seat": event.seat,
            "cards": _cards(event.cards),
            "strain": event.strain.value if event.strain is not None else None,
            "draw": event.draw,
            **_annotations(event),
        }
    if isinstance(event, Fallback):
        return {
            "type": "fallback",
            "source": event.source.value,
            "cards": _cards(event.cards),
            "strain": event.strain.value if event.strain is not None else None,
            **_annotations(event),
        }
    return {
        "type": "bury",
        "seat": event.seat,
        "cards": _cards(event.buried),
        "held": _cards(event.held) if event.held is not None else None,
        **_annotations(event),
    }


def _play(play: PlayNode) -> Json:
    return {
        "seat": play.seat,
        "cards": _cards(play.cards),
        "attempted": _cards(play.attempted) if play.attempted is not None else None,
        "blocker": play.blocker,
        **_annotations(play),
    }


# ---- plain values -> model ----------------------------------------------------------------
# Each reader takes the value and its path in the document, for the messages.


def _fail(path: str, text: Param) -> NoReturn:
    """Refuse the document: ``text`` is what is wrong at ``path``."""
    raise JSONFormatError(msg("value.at", where=path, text=text))


def _expected(path: str, what: Message, found: Param) -> NoReturn:
    """Refuse the document: ``path: expected <what>, found <found>``."""
    _fail(path, msg("value.expected", what=what, kind=found))


def _listed(names: tuple[str, ...]) -> Seq:
    return Seq(names)


def _object(value: Any, path: str, fields: tuple[str, ...], required: tuple[str, ...]) -> Json:
    """``value`` as an object with only ``fields``, of which ``required`` are there."""
    if not isinstance(value, dict):
        _expected(path, msg("kind.object"), kind_words(value))
    for key in value:
        if key not in fields:
            import difflib  # an error's hint: every start would pay for its import

            close = difflib.get_close_matches(str(key), fields, n=1)
            hint = msg("value.did-you-mean", name=repr(close[0])) if close else ""
            unknown = msg(
                "psnjson.unknown-field", field=described(key), hint=hint, fields=_listed(fields)
            )
            _fail(path, unknown)
    for key in required:
        if key not in value:
            _fail(path, msg("judge.missing-field", name=repr(key)))
    return value


def _list(value: Any, path: str, what: str) -> list[Any]:
    """``value`` as a list (``what``: its items, ``psnjson.list.WHAT`` in the messages)."""
    if not isinstance(value, list):
        _expected(path, msg(f"psnjson.list.{what}"), kind_words(value))
    return value


def _text(value: Any, path: str) -> str:
    if not isinstance(value, str):
        _expected(path, msg("kind.text"), kind_words(value))
    return value


def _number(value: Any, path: str, low: int = 0, high: int = _LARGEST) -> int:
    """A whole number that PSN can write (at most six digits: see the reader)."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        _expected(path, msg("psnjson.want.number", low=low, high=high), described(value))
    return value


def _seat(value: Any, path: str) -> Seat:
    if isinstance(value, bool) or not isinstance(value, int) or value not in SEATS:
        _expected(path, msg("psnjson.want.seat"), described(value))
    seat: Seat = value
    return seat


def _choice(value: Any, path: str, kind: type[_E]) -> _E:
    choices = msg("value.one-of", choices=_listed(tuple(str(m.value) for m in kind)))
    if not isinstance(value, str):
        _expected(path, choices, described(value))
    try:
        return kind(value)
    except ValueError:
        _expected(path, choices, described(value))


def _made(path: str, make: Callable[[], _T]) -> _T:
    """A model node, its own checks (a comment with "}", a trick of five plays) put at
    ``path``."""
    try:
        return make()
    except (ValueError, TypeError) as e:
        _fail(path, reason(e, "model"))


def _read_slots(value: Any, path: str) -> Slots:
    out: list[CardSlot] = []
    for i, token in enumerate(_list(value, path, "cards")):
        if not isinstance(token, str):
            _fail(f"{path}[{i}]", msg("psnjson.card-kind", kind=kind_words(token)))
        if token == "??":
            out.append(UNKNOWN)
            continue
        try:
            out.append(parse_card(token))
        except CardError:
            _fail(f"{path}[{i}]", msg("psnjson.unknown-card", token=described(token)))
    return tuple(out)


def _read_comments(value: Any, path: str) -> tuple[Comment, ...]:
    texts = _list(value, path, "comments")
    return tuple(
        _made(f"{path}[{i}]", partial(Comment, _text(t, f"{path}[{i}]")))
        for i, t in enumerate(texts)
    )


def _read_headers(value: Any, path: str) -> tuple[Header, ...]:
    out: list[Header] = []
    for i, pair in enumerate(_list(value, path, "headers")):
        where = f"{path}[{i}]"
        if not isinstance(pair, list) or len(pair) != 2:
            _expected(where, msg("psnjson.want.header"), kind_words(pair))
        tag, text = _text(pair[0], f"{where}[0]"), _text(pair[1], f"{where}[1]")
        out.append(_made(where, partial(Header, tag, text)))
    return tuple(out)


_HAND = ("headers", "comments", "deal", "auction", "tricks", "result")


def _read_hand(value: Any, path: str) -> Hand:
    data = _object(value, path, _HAND, ())
    deal: Deal | Deck | None = None
    if data.get("deal") is not None:
        deal = _read_deal(data["deal"], f"{path}.deal")
    result = None if data.get("result") is None else _read_result(data["result"], f"{path}.result")
    auction: list[AuctionEvent] = []
    for i, e in enumerate(_list(data.get("auction", []), f"{path}.auction", "events")):
        event = _read_event(e, f"{path}.auction[{i}]", 0, "auction")
        assert not isinstance(event, Trick)
        auction.append(event)
    tricks: list[Trick] = []
    for i, t in enumerate(_list(data.get("tricks", []), f"{path}.tricks", "tricks")):
        trick = _read_event(t, f"{path}.tricks[{i}]", 0, "tricks")
        assert isinstance(trick, Trick)
        tricks.append(trick)
    hand = Hand(
        headers=_read_headers(data.get("headers", []), f"{path}.headers"),
        comments=_read_comments(data.get("comments", []), f"{path}.comments"),
        deal=deal,
        auction=tuple(auction),
        tricks=tuple(tricks),
        result=result,
    )
    if hand == Hand():
        _fail(path, msg("psnjson.no-moves"))
    return hand


def _read_deal(value: Any, path: str) -> Deal | Deck:
    kind = _object(value, path, ("type", "hands", "kitty", "first", "cards", "comments"), ("type",))
    if kind["type"] == "hands":
        d = _object(value, path, ("type", "hands", "kitty", "comments"), ("type", "hands"))
        seats = _list(d["hands"], f"{path}.hands", "four-hands")
        if len(seats) != 4:
            _expected(f"{path}.hands", msg("psnjson.want.four-hands"), len(seats))
        hands = [
            None if c is None else _read_slots(c, f"{path}.hands[{i}]") for i, c in enumerate(seats)
        ]
        kitty = None if d.get("kitty") is None else _read_slots(d["kitty"], f"{path}.kitty")
        comments = _read_comments(d.get("comments", []), f"{path}.comments")
        return _made(path, partial(Deal, (hands[0], hands[1], hands[2], hands[3]), kitty, comments))
    if kind["type"] == "deck":
        d = _object(value, path, ("type", "first", "cards", "comments"), ("type", "first", "cards"))
        first = _seat(d["first"], f"{path}.first")
        cards = _read_slots(d["cards"], f"{path}.cards")
        return _made(
            path,
            partial(Deck, first, cards, _read_comments(d.get("comments", []), f"{path}.comments")),
        )
    _expected(f"{path}.type", msg("psnjson.want.deal"), described(kind["type"]))


_RESULT = ("points", "kitty_points", "multiplier", "side", "levels", "next_dealer", "comments")


def _read_result(value: Any, path: str) -> Result:
    r = _object(value, path, _RESULT, ())

    def number(key: str) -> int | None:
        return None if r.get(key) is None else _number(r[key], f"{path}.{key}")

    levels = r.get("levels")
    if levels is not None:
        _number(levels, f"{path}.levels", -_LARGEST)
    return _made(
        path,
        partial(
            Result,
            points=number("points"),
            kitty_points=number("kitty_points"),
            multiplier=number("multiplier"),
            side=None if r.get("side") is None else _choice(r["side"], f"{path}.side", Side),
            levels=levels,
            next_dealer=None
            if r.get("next_dealer") is None
            else _seat(r["next_dealer"], f"{path}.next_dealer"),
            comments=_read_comments(r.get("comments", []), f"{path}.comments"),
        ),
    )


_ANNOTATIONS = ("nags", "comments", "variations")
_FIELDS = {
    "trick": ("type", "number", "comments", "plays", "winner"),
    "bid": ("type", "kind", "seat", "cards", "strain", "draw", *_ANNOTATIONS),
    "fallback": ("type", "source", "cards", "strain", *_ANNOTATIONS),
    "bury": ("type", "seat", "cards", "held", *_ANNOTATIONS),
}
_REQUIRED = {
    "trick": ("type", "number", "plays"),
    "bid": ("type", "kind", "seat", "cards"),
    "fallback": ("type", "source", "cards"),
    "bury": ("type", "seat"),
}
_PLAY = ("seat", "cards", "attempted", "blocker", *_ANNOTATIONS)


class _EventType(StrEnum):
    BID = "bid"
    FALLBACK = "fallback"
    BURY = "bury"
    TRICK = "trick"


def _read_annotations(
    data: Json, path: str, depth: int
) -> tuple[tuple[int, ...], tuple[Comment, ...], tuple[Variation, ...]]:
    """The marks, comments and variations of an event ``depth`` variations deep."""
    nags = tuple(
        _number(n, f"{path}.nags[{i}]")
        for i, n in enumerate(_list(data.get("nags", []), f"{path}.nags", "numbers"))
    )
    variations: list[Variation] = []
    for i, v in enumerate(_list(data.get("variations", []), f"{path}.variations", "variations")):
        where = f"{path}.variations[{i}]"
        if depth == MAX_VARIATION_DEPTH:
            _fail(where, msg("psn.too-deep", most=MAX_VARIATION_DEPTH))
        variation = _object(v, where, ("comments", "events"), ("events",))
        events: list[Event] = []
        for k, e in enumerate(_list(variation["events"], f"{where}.events", "events")):
            events.append(_read_event(e, f"{where}.events[{k}]", depth + 1))
        comments = _read_comments(variation.get("comments", []), f"{where}.comments")
        variations.append(_made(f"{where}.events", partial(Variation, tuple(events), comments)))
    return nags, _read_comments(data.get("comments", []), f"{path}.comments"), tuple(variations)


def _read_event(value: Any, path: str, depth: int, place: str = "") -> Event:
    """A bid, fallback, bury or trick ``depth`` variations deep (in a hand's ``auction``
    or ``tricks`` list if ``place`` says so)."""
    if not isinstance(value, dict):
        _expected(path, msg("kind.object"), kind_words(value))
    kind = _choice(value.get("type"), f"{path}.type", _EventType)
    if place == "auction" and kind is _EventType.TRICK:
        _fail(path, msg("psnjson.trick-in-auction"))
    if place == "tricks" and kind is not _EventType.TRICK:
        _fail(path, msg("psnjson.only-tricks"))
    data = _object(value, path, _FIELDS[kind], _REQUIRED[kind])
    if kind is _EventType.TRICK:
        number = _number(data["number"], f"{path}.number", 1)
        plays: list[PlayNode] = []
        for i, p in enumerate(_list(data["plays"], f"{path}.plays", "plays")):
            plays.append(_read_play(p, f"{path}.plays[{i}]", depth))
        comments = _read_comments(data.get("comments", []), f"{path}.comments")
        winner = None if data.get("winner") is None else _seat(data["winner"], f"{path}.winner")
        return _made(f"{path}.plays", partial(Trick, number, tuple(plays), comments, winner))
    nags, comments, variations = _read_annotations(data, path, depth)
    cards = _read_slots(data.get("cards", []), f"{path}.cards")
    if kind is _EventType.BURY:
        seat = _seat(data["seat"], f"{path}.seat")
        held = None if data.get("held") is None else _read_slots(data["held"], f"{path}.held")
        return _made(path, partial(KittyExchange, seat, cards, held, nags, comments, variations))
    strain = (
        None if data.get("strain") is None else _choice(data["strain"], f"{path}.strain", Strain)
    )
    if kind is _EventType.FALLBACK:
        source = _choice(data["source"], f"{path}.source", FallbackSource)
        return _made(path, partial(Fallback, source, cards, strain, nags, comments, variations))
    bid_kind = _choice(data["kind"], f"{path}.kind", BidKind)
    seat = _seat(data["seat"], f"{path}.seat")
    draw = None if data.get("draw") is None else _number(data["draw"], f"{path}.draw")
    return _made(
        path, partial(BidNode, bid_kind, seat, cards, strain, draw, nags, comments, variations)
    )


def _read_play(value: Any, path: str, depth: int) -> PlayNode:
    data = _object(value, path, _PLAY, ("seat", "cards"))
    seat = _seat(data["seat"], f"{path}.seat")
    cards = _read_slots(data["cards"], f"{path}.cards")
    attempted = (
        None
        if data.get("attempted") is None
        else _read_slots(data["attempted"], f"{path}.attempted")
    )
    blocker = None if data.get("blocker") is None else _seat(data["blocker"], f"{path}.blocker")
    nags, comments, variations = _read_annotations(data, path, depth)
    return _made(
        path, partial(PlayNode, seat, cards, attempted, blocker, nags, comments, variations)
    )


# ---- what converts, converts back ---------------------------------------------------------


def _check_reads_back(record: Record) -> None:
    """Refuse a record whose PSN text would not read back as the same record (a trick
    out of sequence, a variation that starts with another seat's play ...), naming the
    hand and the event the reader refuses."""
    for index, hand in enumerate(record.hands):
        path = f"hands[{index}]"
        if index and not hand.headers:
            _fail(f"{path}.headers", msg("psnjson.needs-header"))
        text = write_hand(hand)
        again = parse(text)
        if again.errors:
            error = again.errors[0]
            said = error.text if error.text is not None else error.message
            _fail(path + _event_path(hand, text, error.line), said)
        # The writer is canonical: the same text is the same record (and comparing texts
        # walks deep variations on a shorter stack than comparing the records).
        if len(again.hands) != 1 or write_hand(again.hands[0]) != text:
            _fail(path, msg("psnjson.hand-differs"))
    if len(record.hands) > 1:
        text = write(record)
        if write(parse(text)) != text:
            _fail("hands", msg("psnjson.hands-differ"))


def _event_path(hand: Hand, text: str, line: int | None) -> str:
    """The path (``.tricks[3]``) of the event written on ``line`` of the hand's ``text``."""
    lines = text.split("\n")  # the reader's lines (other breaks are text)
    if line is None or not 1 <= line <= len(lines):
        return ""
    written = lines[line - 1]
    for name, events in (("auction", hand.auction), ("tricks", hand.tricks)):
        for i, event in enumerate(events):
            if write_event(event) == written:
                return f".{name}[{i}]"
    return ""
