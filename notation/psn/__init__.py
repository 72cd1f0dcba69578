"""PSN, Portable Shengji Notation: read, write and convert records of hands.

>>> record = parse('[Event "demo"]\\n1. 1: SA! {fine} 2: S3 3: S4 4: S5\\n')
>>> print(write(record), end="")
[Event "demo"]
<BLANKLINE>
1. 1: SA! {fine} 2: S3 3: S4 4: S5
"""

from notation.psn.errors import PSNError, PSNSemanticError, PSNSyntaxError
from notation.psn.jsonio import from_json, to_json, to_json_pieces
from notation.psn.model import (
    UNKNOWN,
    BidKind,
    BidNode,
    CardSlot,
    Command,
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
    comment_spans,
    without_comments,
)
from notation.psn.parser import ReadHand, iter_hands, load, parse, parse_hand, read, read_chunk
from notation.psn.split import Chunk, iter_chunks, numbered_chunks, split_hands
from notation.psn.writer import write, write_event, write_hand, write_hands

__all__ = [
    "UNKNOWN",
    "BidKind",
    "BidNode",
    "CardSlot",
    "Chunk",
    "Command",
    "Comment",
    "Deal",
    "Deck",
    "Event",
    "Fallback",
    "FallbackSource",
    "Hand",
    "Header",
    "KittyExchange",
    "PSNError",
    "PSNSemanticError",
    "PSNSyntaxError",
    "PlayNode",
    "ReadHand",
    "Record",
    "Result",
    "Side",
    "Strain",
    "Trick",
    "Variation",
    "comment_spans",
    "from_json",
    "iter_chunks",
    "iter_hands",
    "load",
    "numbered_chunks",
    "parse",
    "parse_hand",
    "read",
    "read_chunk",
    "split_hands",
    "to_json",
    "to_json_pieces",
    "without_comments",
    "write",
    "write_event",
    "write_hand",
    "write_hands",
]
