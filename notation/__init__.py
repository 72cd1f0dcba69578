"""shengji: records, rules and replays of Shengji / Tractor (升级 · 拖拉机 · 双升).

The library behind the ``shengji`` command and the viewer. It imports neither
streamlit nor plotly.
"""

from notation.errors import CardError, ShengjiError, SourceError
from notation.rules.cards import Card, Rank, Suit, parse_card, parse_cards

__version__ = "0.1.0"

__all__ = [
    "Card",
    "CardError",
    "Rank",
    "ShengjiError",
    "SourceError",
    "Suit",
    "__version__",
    "parse_card",
    "parse_cards",
]
