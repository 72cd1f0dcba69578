"""The JSON form of a record, for game servers and bots, and its inverse.

The shape (documented in ``grammars/PSN.md``): ``{"format": "psn", "version": 1,
"hands": [...]}``; cards are canonical tokens with ``"??"`` for an unknown card, seats
are 1..4, every event carries ``"type"``. ``from_json(to_json(r)) == r``.
"""

from __future__ import annotations

import json
from typing import Any

from notation.errors import ShengjiError
from notation.psn.model import (
    UNKNOWN,
    AuctionEvent,
    Bid,
    BidKind,
    Cards,
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
    Play,
    Record,
    Result,
    Side,
    Strain,
    Trick,
    Variation,
)
from notation.rules.cards import parse_card

__all__ = ["JSONFormatError", "from_json", "hand_from_dict", "hand_to_dict", "to_json"]

FORMAT = "psn"
VERSION = 1

Json = dict[str, Any]


class JSONFormatError(ShengjiError):
    """A JSON document that is not a PSN record."""


def to_json(record: Record | Hand, indent: int | None = 2) -> str:
    """The record as a JSON document."""
    hands = (record,) if isinstance(record, Hand) else record.hands
    doc = {"format": FORMAT, "version": VERSION, "hands": [hand_to_dict(h) for h in hands]}
    if indent is None:
        return json.dumps(doc, ensure_ascii=False) + "\n"
    return _dump(doc, indent, 0) + "\n"


def _dump(value: Any, indent: int, level: int) -> str:
    """JSON with objects indented and flat lists (cards, headers) kept on one line."""
    pad, inner = " " * (indent * level), " " * (indent * (level + 1))
    if isinstance(value, dict) and value:
        items = [f"{inner}{json.dumps(k)}: {_dump(v, indent, level + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        if all(isinstance(v, list) and not any(isinstance(x, dict) for x in v) for v in value):
            rows = [f"{inner}{json.dumps(v, ensure_ascii=False)}" for v in value]
        else:
            rows = [f"{inner}{_dump(v, indent, level + 1)}" for v in value]
        return "[\n" + ",\n".join(rows) + "\n" + pad + "]"
    return json.dumps(value, ensure_ascii=False)


def from_json(text: str) -> Record:
    """The record of a JSON document made by :func:`to_json`."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise JSONFormatError(f"not JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise JSONFormatError('not a PSN JSON document: expected {"format": "psn", ...}')
    if doc.get("version") != VERSION:
        raise JSONFormatError(f"PSN JSON version {doc.get('version')!r} is not supported")
    try:
        return Record(tuple(hand_from_dict(h) for h in doc["hands"]))
    except (KeyError, TypeError, ValueError) as e:
        raise JSONFormatError(f"malformed PSN JSON: {type(e).__name__}: {e}") from None


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


def _cards(cards: Cards) -> list[str]:
    return [str(c) for c in cards]


def _comments(comments: tuple[Comment, ...]) -> list[str]:
    return [c.text for c in comments]


def _annotations(event: Bid | Fallback | KittyExchange | Play) -> Json:
    return {
        "nags": list(event.nags),
        "comments": _comments(event.comments),
        "variations": [
            {"comments": _comments(v.comments), "events": [_event(e) for e in v.events]}
            for v in event.variations
        ],
    }


def _event(event: Event) -> Json:
    if isinstance(event, Trick):
        return {
            "type": "trick",
            "number": event.number,
            "comments": _comments(event.comments),
            "plays": [_play(p) for p in event.plays],
        }
    if isinstance(event, Bid):
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
        **_annotations(event),
    }


def _play(play: Play) -> Json:
    return {
        "seat": play.seat,
        "cards": _cards(play.cards),
        "attempted": _cards(play.attempted) if play.attempted is not None else None,
        "blocker": play.blocker,
        **_annotations(play),
    }


# ---- plain values -> model ----------------------------------------------------------------


def hand_from_dict(data: Json) -> Hand:
    """One hand from the plain values of :func:`hand_to_dict`."""
    deal: Deal | Deck | None = None
    d = data.get("deal")
    if d is not None:
        if d["type"] == "hands":
            hands = [_slots(c) if c is not None else None for c in d["hands"]]
            if len(hands) != 4:
                raise ValueError("a deal has four hands (null for one not recorded)")
            kitty = _slots(d["kitty"]) if d.get("kitty") is not None else None
            deal = Deal(
                (hands[0], hands[1], hands[2], hands[3]), kitty, _from_comments(d["comments"])
            )
        elif d["type"] == "deck":
            deal = Deck(d["first"], _slots(d["cards"]), _from_comments(d["comments"]))
        else:
            raise ValueError(f"unknown deal type {d['type']!r}")
    result: Result | None = None
    r = data.get("result")
    if r is not None:
        result = Result(
            points=r.get("points"),
            kitty_points=r.get("kitty_points"),
            multiplier=r.get("multiplier"),
            side=Side(r["side"]) if r.get("side") is not None else None,
            levels=r.get("levels"),
            next_dealer=r.get("next_dealer"),
            comments=_from_comments(r.get("comments", [])),
        )
    auction: list[AuctionEvent] = []
    for e in data.get("auction", []):
        event = _from_event(e)
        if isinstance(event, Trick):
            raise ValueError("a trick cannot stand in the auction")
        auction.append(event)
    tricks = []
    for t in data.get("tricks", []):
        trick = _from_event(t)
        if not isinstance(trick, Trick):
            raise ValueError("only tricks stand in the tricks list")
        tricks.append(trick)
    return Hand(
        headers=tuple(Header(str(tag), str(value)) for tag, value in data.get("headers", [])),
        comments=_from_comments(data.get("comments", [])),
        deal=deal,
        auction=tuple(auction),
        tricks=tuple(tricks),
        result=result,
    )


def _slot(token: str) -> CardSlot:
    return UNKNOWN if token == "??" else parse_card(token)


def _slots(tokens: list[str]) -> Cards:
    return tuple(_slot(t) for t in tokens)


def _from_comments(texts: list[str]) -> tuple[Comment, ...]:
    return tuple(Comment(str(t)) for t in texts)


def _from_annotations(data: Json) -> tuple[tuple[int, ...], tuple[Comment, ...], Any]:
    variations = tuple(
        Variation(tuple(_from_event(e) for e in v["events"]), _from_comments(v.get("comments", [])))
        for v in data.get("variations", [])
    )
    return (
        tuple(int(n) for n in data.get("nags", [])),
        _from_comments(data.get("comments", [])),
        variations,
    )


def _from_event(data: Json) -> Event:
    kind = data["type"]
    if kind == "trick":
        plays = tuple(_from_play(p) for p in data["plays"])
        return Trick(data["number"], plays, _from_comments(data.get("comments", [])))
    nags, comments, variations = _from_annotations(data)
    strain = Strain(data["strain"]) if data.get("strain") is not None else None
    if kind == "bid":
        return Bid(
            BidKind(data["kind"]),
            data["seat"],
            _slots(data["cards"]),
            strain,
            data.get("draw"),
            nags,
            comments,
            variations,
        )
    if kind == "fallback":
        return Fallback(
            FallbackSource(data["source"]),
            _slots(data["cards"]),
            strain,
            nags,
            comments,
            variations,
        )
    if kind == "bury":
        return KittyExchange(data["seat"], _slots(data["cards"]), nags, comments, variations)
    raise ValueError(f"unknown event type {kind!r}")


def _from_play(data: Json) -> Play:
    nags, comments, variations = _from_annotations(data)
    attempted = data.get("attempted")
    return Play(
        data["seat"],
        _slots(data["cards"]),
        _slots(attempted) if attempted is not None else None,
        data.get("blocker"),
        nags,
        comments,
        variations,
    )
