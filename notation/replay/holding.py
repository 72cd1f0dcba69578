"""Card slots as a record writes them and as players read them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from notation.rules.cards import Card, CardSlot


def fmt_cards(cards: Sequence[CardSlot]) -> str:
    """Canonical tokens (``S10 ??``), as in a record."""
    return " ".join(str(c) for c in cards)


def card_symbols(cards: Iterable[CardSlot]) -> str:
    """Cards as players write them, with suit symbols: ``♠10 BJ ??``.

    >>> from notation.rules.cards import UNKNOWN
    >>> card_symbols([Card.parse("S10"), Card.parse("BJ"), UNKNOWN])
    '♠10 BJ ??'
    """
    return " ".join(c.symbol if isinstance(c, Card) else str(c) for c in cards)
