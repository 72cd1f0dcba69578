"""shengji: records, rules and replays of Shengji / Tractor (升级 · 拖拉机 · 双升).

The library behind the ``shengji`` command and the viewer. It imports neither
streamlit nor plotly.

The names below are imported when first asked for (``from notation import Card``), not
with the package: the command (notation/__main__.py) imports the package, then turns
the garbage collector off and imports what it runs (the collector walked the modules
being imported, some 9 million instructions of every start).
"""

from __future__ import annotations

import importlib

# Not typing's: the package imports nothing the collector would walk before the command
# turns it off (typing's import, with re and collections, is a third of the start's
# imports). mypy reads any name TYPE_CHECKING as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
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

# Each name above, by the module that defines it.
_HOMES = {
    "CardError": "notation.errors",
    "ShengjiError": "notation.errors",
    "SourceError": "notation.errors",
    "Card": "notation.rules.cards",
    "Rank": "notation.rules.cards",
    "Suit": "notation.rules.cards",
    "parse_card": "notation.rules.cards",
    "parse_cards": "notation.rules.cards",
}


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'notation' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
