"""PSN round trips: any record written and read back is the same record, canonical text
is a fixed point of the writer, and the JSON form loses nothing."""

from __future__ import annotations

import io
import json
import random
import re

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from notation.psn import (
    UNKNOWN,
    BidKind,
    BidNode,
    Comment,
    Deal,
    Deck,
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
    from_json,
    iter_hands,
    parse,
    to_json,
    write,
)
from notation.psn.jsonio import JSONFormatError
from notation.psn.model import AuctionEvent, CardSlot, Event, ModelError
from notation.psn.parser import MAX_VARIATION_DEPTH
from notation.resources import grammar_path
from notation.rules.cards import ALL_CARDS, Slots
from notation.rules.seats import next_seat

SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])

seats = st.integers(1, 4)
slots: st.SearchStrategy[CardSlot] = st.sampled_from((*ALL_CARDS, UNKNOWN))


def cards(min_size: int = 1, max_size: int = 6) -> st.SearchStrategy[Slots]:
    return st.lists(slots, min_size=min_size, max_size=max_size).map(tuple)


# Comment text: anything but "}" and "\r", including "{", newlines, commands and Chinese.
comment_text = st.one_of(
    st.text(st.characters(blacklist_characters="}\r", blacklist_categories=("Cs",)), max_size=30),
    st.sampled_from(["[%clk 0:01:02] fast", " 好牌! ", 'line one\n[Event "x"] two', "{nested"]),
)
comments = st.lists(comment_text.map(Comment), max_size=2).map(tuple)
nags = st.lists(st.integers(0, 20), max_size=3).map(tuple)
strains = st.none() | st.sampled_from(list(Strain))
header_value = st.text(
    st.characters(blacklist_characters="\n\r", blacklist_categories=("Cs",)), max_size=20
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
) -> tuple[PlayNode, ...]:
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
            PlayNode(
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
            draw(st.none() | seats),
        )
        for i in range(count)
    )


@st.composite
def play_variation(draw: st.DrawFn, number: int, seat: int, offset: int, depth: int) -> Variation:
    partial = Trick(
        number, draw(plays_from(number, seat, offset, depth)), winner=draw(st.none() | seats)
    )
    later = draw(tricks_from(number + 1, depth, max_size=1))
    return Variation((partial, *later), draw(comments))


@st.composite
def auction_event(draw: st.DrawFn, depth: int) -> AuctionEvent:
    variations: tuple[Variation, ...] = ()
    if depth > 0 and draw(st.integers(0, 2)) == 0:
        variations = (draw(auction_variation(depth - 1)),)
    kind = draw(st.sampled_from(["bid", "fallback", "bury"]))
    if kind == "bid":
        return BidNode(
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
    held = draw(st.none() | cards(1, 12))  # the hand after the pick-up ("from ...")
    return KittyExchange(
        draw(seats), draw(cards(0, 8)), held, draw(nags), draw(comments), variations
    )


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


# ---- a record's node and the rules' value it makes -------------------------------------------


@SETTINGS
@given(plays_from(1, 1, 0, 1))
def test_a_play_node_gives_the_rules_play_once_its_cards_are_known(
    nodes: tuple[PlayNode, ...],
) -> None:
    for node in nodes:
        play = node.play
        if UNKNOWN in node.cards or UNKNOWN in (node.attempted or ()):
            assert play is None
            continue
        assert play is not None
        assert (play.seat, play.cards, play.attempted, play.penalty) == (
            node.seat,
            node.cards,
            node.attempted,
            0,  # the record writes no penalty: the game state judges it
        )
        bare = PlayNode(node.seat, node.cards, node.attempted, node.blocker)
        assert PlayNode.from_play(play, node.blocker) == bare


@SETTINGS
@given(st.sampled_from(list(BidKind)), seats, cards(1, 3), strains, st.integers(0, 150) | st.none())
def test_a_bid_node_gives_the_rules_bid_once_its_cards_are_known(
    kind: BidKind, seat: int, shown: Slots, strain: Strain | None, count: int | None
) -> None:
    node = BidNode(kind, seat, shown, strain, count, nags=(1,), comments=(Comment("c"),))
    if UNKNOWN in shown:
        assert node.bid is None
    elif count is not None and count > 100:
        with pytest.raises(ValueError, match="draw count"):
            _ = node.bid  # the rules' bid knows no draw past the deal's 100 cards
    else:
        bid = node.bid
        assert bid is not None
        assert (bid.seat, bid.kind, bid.cards, bid.draw) == (seat, kind, shown, count)
        assert BidNode.from_bid(bid) == BidNode(kind, seat, shown, draw=count)


# ---- the import form: aliases, case and spacing read back as the same record --------------

_CARD_TOKEN = re.compile(r"(?<![\w?])([SHCD])(10|[2-9JQKA])(?![\w])|(?<![\w?])(BJ|LJ)(?![\w])")
_KEYWORD = re.compile(
    r"\b(deal|deck|kitty|declare|reinforce|counter|fallback|flip|bury|from|to|by|won|result"
    r"|points|level|next|dealer|defenders|NT)\b"
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


# ---- malformed JSON: named by its path, never a traceback ----------------------------------

JSON_BASE = (
    '[Event "json"]\n\n'
    "declare 1: H2 {early}\n"
    "bury 1: S3 from S3 SA SK\n"
    "1. 1: SA (1. 1: SK) 2: S3 3: S4 4: S5\n"
    "2. 1: SQ 2: S6 3: S7 4: S8 won by 1\n"
)


def broken(change: str, value: object) -> str:
    """The JSON form of JSON_BASE with the field at ``change`` (a path) set to ``value``."""
    doc = json.loads(to_json(parse(JSON_BASE)))
    *parents, last = re.findall(r"\w+|\[\d+\]", change)
    node = doc
    for part in parents:
        node = node[int(part[1:-1])] if part.startswith("[") else node[part]
    if last.startswith("["):
        node[int(last[1:-1])] = value
    elif value is _DROP:
        del node[last]
    else:
        node[last] = value
    return json.dumps(doc)


_DROP = object()
PLAY = "hands[0].tricks[0].plays[0]"
BAD_JSON = [
    (f"{PLAY}.cards", 5, f"{PLAY}.cards: expected a list of cards, found a number"),
    (f"{PLAY}.cards[0]", 5, f'{PLAY}.cards[0]: expected a card like "S10", found a number'),
    (f"{PLAY}.cards[0]", "S11", f"{PLAY}.cards[0]: unknown card 'S11'"),
    (f"{PLAY}.cards[0]", "S" * 5000, f"{PLAY}.cards[0]: unknown card 'SSSSSSSSSSSSSSSSSSSSSSSS…'"),
    (f"{PLAY}.cards", [], f"{PLAY}: a play needs at least one card"),
    (f"{PLAY}.seat", 7, f"{PLAY}.seat: expected a seat 1 to 4, found 7"),
    (f"{PLAY}.seat", "1", f"{PLAY}.seat: expected a seat 1 to 4, found '1'"),
    (f"{PLAY}.seat", 1.0, f"{PLAY}.seat: expected a seat 1 to 4, found 1.0"),
    (f"{PLAY}.seat", _DROP, f"{PLAY}: missing field 'seat'"),
    (f"{PLAY}.card", ["SA"], f"{PLAY}: unknown field 'card' (did you mean 'cards'?)"),
    (f"{PLAY}.blocker", 2, f"{PLAY}: only a failed throw has a seat that beat it"),
    (f"{PLAY}.nags", [10**7], f"{PLAY}.nags[0]: expected a number 0 to 999999, found 10000000"),
    (f"{PLAY}.comments", 5, f"{PLAY}.comments: expected a list of comments, found a number"),
    (f"{PLAY}.comments", ["a}b"], f"{PLAY}.comments[0]: a comment cannot contain '}}'"),
    (f"{PLAY}.variations[0]", [], f"{PLAY}.variations[0]: expected an object, found a list"),
    (f"{PLAY}.variations[0].events", [], f"{PLAY}.variations[0].events: a variation holds"),
    ("hands[0].tricks[0].number", "1", "hands[0].tricks[0].number: expected a number 1 to"),
    ("hands[0].tricks[0].plays", [], "hands[0].tricks[0].plays: a trick has one to four plays"),
    ("hands[0].tricks[1].number", 3, "hands[0].tricks[1]: trick 3 is out of sequence"),
    ("hands[0].tricks[0].type", "bid", "hands[0].tricks[0]: only tricks stand in the tricks"),
    ("hands[0].auction[0].type", "dance", "hands[0].auction[0].type: expected one of bid,"),
    ("hands[0].auction[0].kind", None, "hands[0].auction[0].kind: expected one of declare,"),
    ("hands[0].auction[0].draw", -1, "hands[0].auction[0].draw: expected a number 0 to"),
    ("hands[0].auction[1].held", 5, "hands[0].auction[1].held: expected a list of cards, found"),
    ("hands[0].auction[1].held", ["SA", 3], "hands[0].auction[1].held[1]: expected a card like"),
    ("hands[0].auction[1].held", ["S11"], "hands[0].auction[1].held[0]: unknown card 'S11'"),
    ("hands[0].auction[1].held", [], "hands[0].auction[1]: the hand held after the pick-up needs"),
    ("hands[0].auction[1].hold", [], "hands[0].auction[1]: unknown field 'hold' (did you mean"),
    ("hands[0].tricks[1].winner", 7, "hands[0].tricks[1].winner: expected a seat 1 to 4, found 7"),
    ("hands[0].tricks[1].winner", "1", "hands[0].tricks[1].winner: expected a seat 1 to 4, found"),
    ("hands[0].tricks[1].winner", True, "hands[0].tricks[1].winner: expected a seat 1 to 4"),
    ("hands[0].headers[0]", ["Event"], "hands[0].headers[0]: expected [tag, value], found a list"),
    ("hands[0].headers[0]", ["Ev ent", "x"], "hands[0].headers[0]: a header tag is letters"),
    ("hands[0].headers[0]", [None, "x"], "hands[0].headers[0][0]: expected text, found null"),
    ("hands[0].headers", 5, "hands[0].headers: expected a list of headers, found a number"),
    ("hands[0].comments", 5, "hands[0].comments: expected a list of comments, found a number"),
    ("hands[0].deal", [], "hands[0].deal: expected an object, found a list"),
    ("hands[0].deal", {"type": "hands"}, "hands[0].deal: missing field 'hands'"),
    ("hands[0].deal", {"type": "deck", "first": 9, "cards": ["SA"]}, "hands[0].deal.first:"),
    ("hands[0].result", {"side": "dealer"}, "hands[0].result: a level change names the side"),
    ("hands[0]", [], "hands[0]: expected an object, found a list"),
    ("hands[0]", {}, "hands[0]: a hand with neither headers nor moves"),
    ("hands", {}, "hands: expected a list of hands, found an object"),
    ("version", 2, "PSN JSON version 2 is not supported"),
]


@pytest.mark.parametrize(("change", "value", "message"), BAD_JSON, ids=[c for c, *_ in BAD_JSON])
def test_malformed_json_is_named_by_its_path(change: str, value: object, message: str) -> None:
    with pytest.raises(JSONFormatError) as info:
        from_json(broken(change, value))
    assert str(info.value).startswith(message), str(info.value)


def test_json_holds_the_hand_held_after_the_pick_up_and_the_recorded_winner() -> None:
    doc = json.loads(to_json(parse(JSON_BASE)))
    bury = doc["hands"][0]["auction"][1]
    assert bury["cards"] == ["S3"] and bury["held"] == ["S3", "SA", "SK"]
    assert [t["winner"] for t in doc["hands"][0]["tricks"]] == [None, 1]


def test_json_without_held_and_winner_reads_as_not_recorded() -> None:
    # Documents written before a bury had "held" and a trick "winner" are still records.
    doc = json.loads(to_json(parse(JSON_BASE)))
    del doc["hands"][0]["auction"][1]["held"]
    for trick in doc["hands"][0]["tricks"]:
        del trick["winner"]
    jsonschema.validate(doc, SCHEMA, cls=jsonschema.Draft202012Validator)
    (hand,) = from_json(json.dumps(doc)).hands
    assert hand.kitty_exchanges[0].held is None
    assert [t.winner for t in hand.tricks] == [None, None]


def test_a_second_hand_without_headers_is_refused() -> None:
    doc = json.loads(to_json(parse(JSON_BASE)))
    second = {**doc["hands"][0], "headers": []}
    doc["hands"].append(second)
    with pytest.raises(JSONFormatError, match=r"^hands\[1\]\.headers: every hand but the first"):
        from_json(json.dumps(doc))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"format": "psn", "version": 1, "hands": ' + "[" * 100_000, "nested too deeply"),
        ('{"format": "psn", "version": ' + "9" * 5000 + "}", "a number of 5000 digits"),
        ("[1, 2]", "not a PSN JSON document"),
        ("{", "not JSON: Expecting property name"),
    ],
    ids=["deep", "digits", "a list", "cut short"],
)
def test_json_python_cannot_hold_is_an_error(text: str, message: str) -> None:
    with pytest.raises(JSONFormatError, match=message):
        from_json(text)


def test_json_variations_as_deep_as_the_reader_allows() -> None:
    inner = "2: SK (" * MAX_VARIATION_DEPTH + "2: SK" + ")" * MAX_VARIATION_DEPTH
    record = parse(f'[Event "deep"]\n\n1. 1: SA {inner} 3: S4 4: S5\n')
    assert not record.errors
    assert from_json(to_json(record)) == record
    doc = json.loads(to_json(record))
    play = doc["hands"][0]["tricks"][0]["plays"][1]
    while play["variations"]:
        play = play["variations"][0]["events"][0]["plays"][0]
    play["variations"] = [{"events": [{"type": "trick", "number": 1, "plays": [dict(play)]}]}]
    with pytest.raises(
        JSONFormatError, match=f"variations nested deeper than {MAX_VARIATION_DEPTH}"
    ):
        from_json(json.dumps(doc))


# ---- what the model holds, every reader reads back (issue 20) ----------------------------
# Any character at all, lone surrogates, carriage returns and other controls included.
any_text = st.text(st.characters(blacklist_categories=()), max_size=12)
FREE_TAGS = ("Event", "Site", "Seat1", "Annotator", "X_y9")


def _reads(data: bytes) -> dict[str, Record]:
    """The record in a file's bytes as each reader reads it: from a string, a file in
    text mode (as ``fmt``, ``convert``, ``show``, ``report`` and the viewer read it), a
    file read line by line untranslated (as ``validate`` and ``stats`` read it)."""
    text = data.decode("utf-8")
    lines = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", newline="")
    read_by_lines = list(iter_hands(lines))
    return {
        "string": parse(text),
        "text mode": parse(io.TextIOWrapper(io.BytesIO(data), encoding="utf-8").read()),
        "lines": Record(
            tuple(r.hand for r in read_by_lines if r.hand is not None),
            tuple(e for r in read_by_lines for e in r.errors),
        ),
    }


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    st.lists(st.tuples(st.sampled_from(FREE_TAGS), any_text), min_size=1, max_size=3),
    st.lists(any_text, max_size=2),
)
def test_what_the_model_holds_is_written_and_read_back_equal_by_every_reader(
    pairs: list[tuple[str, str]], texts: list[str]
) -> None:
    doc = {
        "format": "psn",
        "version": 1,
        "hands": [
            {
                "headers": [list(p) for p in pairs],
                "comments": texts,
                "tricks": [
                    {
                        "type": "trick",
                        "number": 1,
                        "plays": [{"seat": 1, "cards": [str(ALL_CARDS[0])]}],
                    }
                ],
            }
        ],
    }
    try:
        hand = Hand(
            headers=tuple(Header(tag, value) for tag, value in pairs),
            comments=tuple(Comment(t) for t in texts),
            tricks=(Trick(1, (PlayNode(1, (ALL_CARDS[0],)),)),),
        )
    except ModelError:
        # What the model refuses, convert --from json refuses, at its place.
        with pytest.raises(JSONFormatError, match=r"^hands\[0\]\.(headers|comments)\[\d\]"):
            from_json(json.dumps(doc))
        return
    record = Record((hand,))
    assert from_json(json.dumps(doc)) == record
    data = write(record).encode("utf-8")  # a file holds what the writer writes
    for reader, read in _reads(data).items():
        assert read.errors == (), (reader, [str(e) for e in read.errors])
        assert read == record, reader


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("a\rb", "header Event: a value is one line"),
        ("\ud800", "header Event: U+D800 is half of a character (a lone surrogate)"),
    ],
)
def test_json_whose_header_no_psn_file_holds_is_refused(value: str, message: str) -> None:
    doc = json.loads(to_json(parse('[Event "x"]\n\n1. 1: SA\n')))
    doc["hands"][0]["headers"][0][1] = value
    with pytest.raises(JSONFormatError, match=re.escape(f"hands[0].headers[0]: {message}")):
        from_json(json.dumps(doc))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("line one\rline two", "a comment's lines end with a line feed, never a carriage return"),
        ("half \udfff", "a comment: U+DFFF is half of a character (a lone surrogate)"),
    ],
)
def test_json_whose_comment_no_psn_file_holds_is_refused(text: str, message: str) -> None:
    doc = json.loads(to_json(parse('[Event "x"]\n\n1. 1: SA {fine}\n')))
    doc["hands"][0]["tricks"][0]["plays"][0]["comments"] = [text]
    path = r"hands\[0\]\.tricks\[0\]\.plays\[0\]\.comments\[0\]: "
    with pytest.raises(JSONFormatError, match=path + re.escape(message)):
        from_json(json.dumps(doc))


@pytest.mark.parametrize("value", ["a\rb", "a\r\nb"])
def test_a_carriage_return_in_a_header_is_a_line_break_to_every_reader(value: str) -> None:
    # The file convert --from json used to write: every reader now reads it alike (the
    # header broken across two lines), where validate read it and fmt refused it.
    data = f'[Event "{value}"]\n\n1. 1: SA\n'.encode()
    reads = _reads(data)
    errors = {
        reader: [(e.line, e.column, e.message) for e in r.errors] for reader, r in reads.items()
    }
    assert errors["string"] and all(e == errors["string"] for e in errors.values()), errors
    assert all(not r.hands for r in reads.values())


def test_a_crlf_file_reads_as_its_lf_twin_comments_included() -> None:
    lf = '[Event "x"]\n\n1. 1: SA {two\nlines} 2: S3\n2. 1: SK\n'
    for data in (lf.replace("\n", "\r\n").encode(), lf.replace("\n", "\r").encode()):
        for reader, read in _reads(data).items():
            assert read == parse(lf), reader
