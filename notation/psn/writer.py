"""The canonical PSN writer (the export format).

One header per line in the record's order, a blank line, the hand's opening comments,
the deal (one line per seat, then the kitty), one line per bid or bury (a bury's hand
after the pick-up on the same line, after ``from``), one line per trick (its recorded
winner last, ``won by 2``), the result. Cards in canonical tokens (``S10``, ``BJ``,
``??``), keywords in lower case, a glyph right after the token it marks, then ``$n``,
comments and variations.
``write(parse(text))`` is a fixed point.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from notation.psn.model import (
    GLYPH_OF,
    Comment,
    Deal,
    Deck,
    Event,
    Hand,
    PlayNode,
    Record,
    Result,
    Trick,
    Variation,
    format_slots,
)

__all__ = ["write", "write_event", "write_hand", "write_hands"]


def write(record: Record | Hand | Iterable[Hand]) -> str:
    """The canonical text of a record, a hand or hands, hands separated by a blank line."""
    hands = (record,) if isinstance(record, Hand) else tuple(record)
    for number, hand in enumerate(hands, start=1):
        _check_writable(hand, number)
    return "\n".join(write_hand(h) for h in hands)


def write_hands(hands: Iterable[Hand], first: int = 1) -> Iterator[str]:
    """The text :func:`write` gives, a hand at a time (a file rewritten in the memory of
    one hand): each hand's canonical text, after a blank line from the second on
    (``first``: the number in its file of the first of ``hands``)."""
    for number, hand in enumerate(hands, start=first):
        _check_writable(hand, number)
        yield ("\n" if number > 1 else "") + write_hand(hand)


def _check_writable(hand: Hand, number: int) -> None:
    # A file is split into hands at header blocks: only the first may go without.
    if number > 1 and not hand.headers:
        raise ValueError(f"hand {number} has no headers: every hand but the first needs one")
    if hand == Hand():
        raise ValueError(f"hand {number} is empty: it has neither headers nor moves")


def write_hand(hand: Hand) -> str:
    """The canonical text of one hand, ending with a newline."""
    head = [str(h) for h in hand.headers]
    body: list[str] = []
    if hand.comments:
        body.append(_comments(hand.comments))
    if isinstance(hand.deal, Deal):
        body.extend(_deal(hand.deal))
    elif isinstance(hand.deal, Deck):
        line = f"deck {hand.deal.first}: {format_slots(hand.deal.cards)}"
        body.append(line)
        if hand.deal.comments:
            body.append(_comments(hand.deal.comments))
    body.extend(_event(e) for e in hand.auction)
    body.extend(_event(t) for t in hand.tricks)
    if hand.result is not None:
        body.append(_result(hand.result))
    if head and body:
        head.append("")
    return "".join(line + "\n" for line in head + body)


def _comments(comments: Iterable[Comment]) -> str:
    return " ".join(str(c) for c in comments)


def _deal(deal: Deal) -> list[str]:
    lines = ["deal"]
    for seat, cards in enumerate(deal.hands, start=1):
        if cards is not None:
            lines.append(f"{seat}: {format_slots(cards)}")
    if deal.kitty is not None:
        lines.append(f"kitty: {format_slots(deal.kitty)}")
    if deal.comments:
        lines.append(_comments(deal.comments))
    return lines


def write_event(event: Event | PlayNode) -> str:
    """The canonical text of one bid, fallback, bury, trick or play, with its marks,
    comments and variations, as it stands in a hand's text.

    >>> from notation.psn import parse_hand
    >>> hand = parse_hand('[Event "x"]\\n\\ndeclare 1: H2 {early}\\n1. 1: SA 2: S3! (2: SK)\\n')
    >>> write_event(hand.auction[0]), write_event(hand.tricks[0].plays[1])
    ('declare 1: H2 {early}', '2: S3! (1. 2: SK)')
    """
    if isinstance(event, PlayNode):
        return _play(event)
    return _event(event)


# Variations nest (the reader allows MAX_VARIATION_DEPTH levels): the functions below
# call each other once per level, with plain loops, to keep the stack shallow.


def _event(event: Event) -> str:
    if isinstance(event, Trick):
        return _trick(event)
    text = str(event)
    return text + _suffix(text, event.nags, event.comments, event.variations)


def _trick(trick: Trick) -> str:
    parts = [f"{trick.number}."]
    if trick.comments:
        parts.append(_comments(trick.comments))
    for play in trick.plays:
        parts.append(_play(play))
    if trick.winner is not None:  # after the last play's annotations: it ends the trick
        parts.append(f"won by {trick.winner}")
    return " ".join(parts)


def _play(play: PlayNode) -> str:
    text = str(play)
    return text + _suffix(text, play.nags, play.comments, play.variations)


def _suffix(
    text: str,
    nags: tuple[int, ...],
    comments: tuple[Comment, ...],
    variations: tuple[Variation, ...],
) -> str:
    """Glyph, $n, comments and variations after an event written as ``text``."""
    out = ""
    rest = nags
    # The first mark is a glyph stuck to the event (S10!); after "1:" a "??" would read
    # as an unknown card, so there it stays $4.
    if nags and nags[0] in GLYPH_OF and not text.endswith(":"):
        out, rest = GLYPH_OF[nags[0]], nags[1:]
    parts = [f"${n}" for n in rest]
    parts.extend(str(c) for c in comments)
    for variation in variations:
        inside = [str(c) for c in variation.comments]
        for event in variation.events:
            inside.append(_event(event))
        parts.append("(" + " ".join(inside) + ")")
    return out + "".join(" " + p for p in parts)


def _result(result: Result) -> str:
    parts = ["result"]
    if result.points is not None:
        parts.append(f"points {result.points}")
    if result.kitty_points is not None:
        parts.append(f"kitty {result.kitty_points}")
        if result.multiplier is not None:
            parts.append(f"x{result.multiplier}")
    if result.side is not None and result.levels is not None:
        parts.append(f"level {result.side.value} {result.levels:+d}")
    if result.next_dealer is not None:
        parts.append(f"next {result.next_dealer}")
    parts.extend(str(c) for c in result.comments)
    return " ".join(parts)
