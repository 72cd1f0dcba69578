"""PSN round trips: any record written and read back is the same record, canonical text
is a fixed point of the writer, and the JSON form loses nothing."""

from __future__ import annotations

import json
import random
import re

import jsonschema
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from notation.psn import (
    UNKNOWN,
    Bid,
    BidKind,
    Comment,
    Deal,
    Deck,
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
    from_json,
    parse,
    to_json,
    write,
)
from notation.psn.model import AuctionEvent, Cards, CardSlot, Event
from notation.resources import grammar_path
from notation.rules.cards import ALL_CARDS
from notation.rules.seats import next_seat

SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])

seats = st.integers(1, 4)
slots: st.SearchStrategy[CardSlot] = st.sampled_from((*ALL_CARDS, UNKNOWN))


def cards(min_size: int = 1, max_size: int = 6) -> st.SearchStrategy[Cards]:
    return st.lists(slots, min_size=min_size, max_size=max_size).map(tuple)


# Comment text: anything but "}", including "{", newlines, commands and Chinese.
comment_text = st.one_of(
    st.text(st.characters(blacklist_characters="}", blacklist_categories=("Cs",)), max_size=30),
    st.sampled_from(["[%clk 0:01:02] fast", " 好牌! ", 'line one\n[Event "x"] two', "{nested"]),
)
comments = st.lists(comment_text.map(Comment), max_size=2).map(tuple)
nags = st.lists(st.integers(0, 20), max_size=3).map(tuple)
strains = st.none() | st.sampled_from(list(Strain))
header_value = st.text(
    st.characters(blacklist_characters="\n", blacklist_categories=("Cs",)), max_size=20
)
headers = st.lists(
    st.builds(
        Header,
        st.sampled_from(["Event", "Site", "Date", "Hand", "Seat1", "Rules", "Levels", "X_y9"]),
        header_value,
    ),
    min_size=1,
    max_size=4,
).map(tuple)
# Known tags must hold valid values; these stay apart from the free-text ones above.
headers = headers.map(
    lambda hs: tuple(Header(h.tag, "5 3") if h.tag == "Levels" else h for h in hs)
)


@st.composite
def plays_from(
    draw: st.DrawFn, number: int, first: int, offset: int, depth: int
) -> tuple[Play, ...]:
    """Plays of trick ``number`` from place ``offset``, the first by seat ``first``."""
    count = draw(st.integers(1, 4 - offset))
    out = []
    seat = first
    for i in range(count):
        failed = draw(st.booleans())
        attempted = draw(cards(2, 5)) if failed else None
        blocker = draw(st.none() | seats) if failed else None
        variations: tuple[Variation, ...] = ()
        if depth > 0 and draw(st.integers(0, 3)) == 0:
            variations = (draw(play_variation(number, seat, offset + i, depth - 1)),)
        out.append(
            Play(
                seat,
                draw(cards(1, 4)),
                attempted,
                blocker,
                draw(nags),
                draw(comments),
                variations,
            )
        )
        seat = next_seat(seat)
    return tuple(out)


@st.composite
def tricks_from(draw: st.DrawFn, number: int, depth: int, max_size: int = 3) -> tuple[Trick, ...]:
    count = draw(st.integers(0, max_size))
    return tuple(
        Trick(
            number + i,
            draw(plays_from(number + i, draw(seats), 0, depth)),
            draw(comments),
        )
        for i in range(count)
    )


@st.composite
def play_variation(draw: st.DrawFn, number: int, seat: int, offset: int, depth: int) -> Variation:
    partial = Trick(number, draw(plays_from(number, seat, offset, depth)))
    later = draw(tricks_from(number + 1, depth, max_size=1))
    return Variation((partial, *later), draw(comments))


@st.composite
def auction_event(draw: st.DrawFn, depth: int) -> AuctionEvent:
    variations: tuple[Variation, ...] = ()
    if depth > 0 and draw(st.integers(0, 2)) == 0:
        variations = (draw(auction_variation(depth - 1)),)
    kind = draw(st.sampled_from(["bid", "fallback", "bury"]))
    if kind == "bid":
        return Bid(
            draw(st.sampled_from(list(BidKind))),
            draw(seats),
            draw(cards(1, 3)),
            draw(strains),
            draw(st.none() | st.integers(0, 108)),
            draw(nags),
            draw(comments),
            variations,
        )
    if kind == "fallback":
        return Fallback(
            draw(st.sampled_from(list(FallbackSource))),
            draw(cards(1, 2)),
            draw(strains),
            draw(nags),
            draw(comments),
            variations,
        )
    return KittyExchange(draw(seats), draw(cards(0, 8)), draw(nags), draw(comments), variations)


@st.composite
def auction_variation(draw: st.DrawFn, depth: int) -> Variation:
    events: list[Event] = list(draw(st.lists(auction_event(depth), min_size=1, max_size=2)))
    events.extend(draw(tricks_from(draw(st.integers(1, 25)), depth, max_size=1)))
    return Variation(tuple(events), draw(comments))


@st.composite
def deals(draw: st.DrawFn) -> Deal | Deck | None:
    kind = draw(st.sampled_from(["none", "hands", "deck"]))
    if kind == "deck":
        return Deck(draw(seats), draw(cards(1, 20)), draw(comments))
    if kind == "hands":
        hands = draw(st.lists(st.none() | cards(1, 10), min_size=4, max_size=4))
        kitty = draw(st.none() | cards(1, 8))
        if all(h is None for h in hands) and kitty is None:
            kitty = (UNKNOWN,) * 8
        return Deal((hands[0], hands[1], hands[2], hands[3]), kitty, draw(comments))
    return None


@st.composite
def results(draw: st.DrawFn) -> Result | None:
    if draw(st.booleans()):
        return None
    kitty = draw(st.none() | st.integers(0, 50))
    side = draw(st.none() | st.sampled_from(list(Side)))
    return Result(
        points=draw(st.none() | st.integers(0, 300)),
        kitty_points=kitty,
        multiplier=draw(st.none() | st.integers(1, 64)) if kitty is not None else None,
        side=side,
        levels=draw(st.integers(-3, 6)) if side is not None else None,
        next_dealer=draw(st.none() | seats),
        comments=draw(comments),
    )


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    return Hand(
        headers=draw(headers),
        comments=draw(comments),
        deal=draw(deals()),
        auction=tuple(draw(st.lists(auction_event(2), max_size=3))),
        tricks=draw(tricks_from(draw(st.integers(1, 20)), 2)),
        result=draw(results()),
    )


records = st.lists(hands(), min_size=1, max_size=3).map(lambda hs: Record(tuple(hs)))


@SETTINGS
@given(records)
def test_a_written_record_reads_back_equal_and_its_text_is_a_fixed_point(
    record: Record,
) -> None:
    text = write(record)
    back = parse(text)
    assert back.errors == (), [str(e) for e in back.errors]
    assert back == record
    assert write(back) == text


SCHEMA = json.loads(grammar_path("psn.schema.json").read_text(encoding="utf-8"))


@SETTINGS
@given(records)
def test_json_form_loses_nothing_and_follows_the_schema(record: Record) -> None:
    text = to_json(record)
    assert from_json(text) == record
    assert from_json(to_json(record, indent=None)) == record
    jsonschema.validate(json.loads(text), SCHEMA, cls=jsonschema.Draft202012Validator)


def test_json_schema_is_a_valid_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_positions_take_no_part_in_equality() -> None:
    a = Comment("same", line=1, column=1)
    b = Comment("same", line=9, column=4)
    assert a == b


# ---- the import form: aliases, case and spacing read back as the same record --------------

_CARD_TOKEN = re.compile(r"(?<![\w?])([SHCD])(10|[2-9JQKA])(?![\w])|(?<![\w?])(BJ|LJ)(?![\w])")
_KEYWORD = re.compile(
    r"\b(deal|deck|kitty|declare|reinforce|counter|fallback|flip|bury|to|by|result|points"
    r"|level|next|dealer|defenders|NT)\b"
)
_SUIT_ALIASES = {
    "S": ["s", "♠", "♤", "黑桃"],
    "H": ["h", "♥", "♡", "红桃"],
    "C": ["c", "♣", "♧", "梅花"],
    "D": ["d", "♦", "♢", "方块"],
}
_JOKER_ALIASES = {"BJ": ["bj", "大王", "大鬼"], "LJ": ["lj", "小王", "小鬼"]}


def _messy(text: str, rnd: random.Random) -> str:
    """The canonical ``text`` as a careless player might type it (comments untouched)."""

    def card(m: re.Match[str]) -> str:
        if m[3]:
            return rnd.choice([m[3], *_JOKER_ALIASES[m[3]]])
        rank = rnd.choice(["T", "t", "10"]) if m[2] == "10" else rnd.choice([m[2], m[2].lower()])
        return rnd.choice([m[1], *_SUIT_ALIASES[m[1]]]) + rank

    def keyword(m: re.Match[str]) -> str:
        return rnd.choice([m[1].upper(), m[1].capitalize(), m[1]])

    def space(m: re.Match[str]) -> str:
        return rnd.choice([" ", "  ", "\t", " \n  "])

    out = []
    for piece in re.split(r"(\{[^}]*\}|^\[.*\]$)", text, flags=re.M):
        if piece.startswith(("{", "[")):
            out.append(piece)
            continue
        piece = _CARD_TOKEN.sub(card, piece)
        piece = _KEYWORD.sub(keyword, piece)
        piece = re.sub(r"(?<=\S) (?=\S)", space, piece)
        piece = re.sub(r"(?<=\d):", lambda m: rnd.choice([":", " :"]), piece)
        out.append(piece)
    return "".join(out)


@SETTINGS
@given(records, st.randoms(use_true_random=False))
def test_the_lenient_import_form_reads_as_the_same_record(
    record: Record, rnd: random.Random
) -> None:
    messy = _messy(write(record), rnd)
    back = parse(messy)
    assert back.errors == (), [str(e) for e in back.errors]
    assert back == record
