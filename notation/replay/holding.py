"""Card slots as a record writes them and as players read them."""

from __future__ import annotations

from collections.abc import Sequence

from notation.rules.cards import CardSlot


def fmt_cards(cards: Sequence[CardSlot]) -> str:
    """Canonical tokens (``S10 ??``), as in a record."""
    return " ".join(str(c) for c in cards)
