"""Errors of the PSN reader: located, drawn with a caret, in a player's words."""

from __future__ import annotations

from notation.errors import SourceError

__all__ = ["PSNError", "PSNSemanticError", "PSNSyntaxError"]


class PSNError(SourceError):
    """Something in a PSN text that could not be read; ``hand`` is its 1-based index."""

    hand: int | None = None


class PSNSyntaxError(PSNError):
    """The text does not follow the PSN grammar (``expected a card like S10 or BJ``)."""


class PSNSemanticError(PSNError):
    """The text follows the grammar but says something impossible (seat 5, card S11,
    trick 4 after trick 2), checked without any rule set."""
