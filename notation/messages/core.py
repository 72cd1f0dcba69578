"""The messages' machinery: a message, its parameters, and putting it into words.

The templates themselves are the catalogues of :mod:`notation.messages` (one module per
concern), each registered into :data:`MESSAGES` when the package is imported.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, NamedTuple, TypeAlias

from notation.errors import ShengjiError
from notation.rules.cards import Card

__all__ = [
    "LANGS",
    "MESSAGES",
    "Both",
    "Message",
    "MessageError",
    "Param",
    "Seq",
    "count",
    "keyed_words",
    "msg",
    "param_names",
    "register",
    "render",
    "say_cards_in",
]

# key → (English, Chinese), every catalogue's. Seats are "seat 3" / "3 号位", as the
# viewer says them.
MESSAGES: Final[dict[str, tuple[str, str]]] = {}


def register(catalogue: dict[str, tuple[str, str]]) -> None:
    """Add a catalogue's templates to :data:`MESSAGES` (a key is defined once)."""
    twice = MESSAGES.keys() & catalogue.keys()
    if twice:
        raise ValueError(f"messages defined twice: {sorted(twice)}")
    MESSAGES.update(catalogue)


LANGS: Final = ("en", "zh")


class Both(NamedTuple):
    """A literal in English and in Chinese (a symbol, or a reason from the rules core)."""

    en: str
    zh: str


class Seq(NamedTuple):
    """Parameters joined: ``items`` with ``en`` between them in English, ``zh`` in Chinese."""

    items: tuple[Param, ...]
    en: str
    zh: str


@dataclass(frozen=True, slots=True)
class Message:
    """A message: its catalogue key and its named parameters, not yet in words."""

    key: str
    params: tuple[tuple[str, Param], ...] = ()

    def render(self, lang: str = "en") -> str:
        """The message in ``lang`` (``en`` or ``zh``)."""
        return render(self, lang)

    def __str__(self) -> str:
        return render(self, "en")


Param: TypeAlias = "int | str | tuple[object, ...] | Message | Both | Seq | None"


class MessageError(ShengjiError):
    """An error made from a message of the catalogue: ``str()`` is its English, ``text``
    the message, said in the user's language by :func:`notation.messages.error_words`
    (text already in words is taken as it is, ``text`` None)."""

    def __init__(self, text: Message | str) -> None:
        super().__init__(text.render("en") if isinstance(text, Message) else text)
        self.text = text if isinstance(text, Message) else None

    def __reduce__(self) -> tuple[Any, ...]:
        # Made again from its message in another process (``validate -j``'s workers).
        return type(self), (self.text or str(self),)


def msg(key: str, **params: Param) -> Message:
    """The message ``key`` with ``params`` (checked against the catalogue, not rendered)."""
    if key not in MESSAGES:
        raise KeyError(f"no message {key!r}")
    return Message(key, tuple(params.items()))


def count(n: int, noun: str) -> Message:
    """``1 card`` / ``3 cards`` (``3 张牌``): ``noun`` is a plural with ``n.NOUN.one`` and
    ``n.NOUN.many`` in the catalogue (``cards``, ``levels``, ``pairs``, ``plays``, …)."""
    return Message(f"n.{noun}.{'one' if n == 1 else 'many'}", (("n", n),))


def say_cards_in(cards: Iterable[object], lang: str) -> str:
    """Cards as a referee says them: ``♠10 ??``; in Chinese the jokers are 大王, 小王."""
    if lang != "zh":
        return " ".join(c.symbol if isinstance(c, Card) else str(c) for c in cards)
    return " ".join(_zh_card(c) for c in cards)


def _zh_card(card: object) -> str:
    if isinstance(card, Card):
        return card.chinese if card.suit is None else card.symbol
    return str(card)


def _param(value: object, lang: str) -> str:
    if isinstance(value, Message):
        return render(value, lang)
    if isinstance(value, Both):
        return value.zh if lang == "zh" else value.en
    if isinstance(value, Seq):
        sep = value.zh if lang == "zh" else value.en
        return sep.join(_param(v, lang) for v in value.items)
    if isinstance(value, tuple):
        return say_cards_in(value, lang)
    return str(value)


def render(message: Message, lang: str = "en") -> str:
    """``message`` in words, in ``lang`` (``en``, or ``zh``; anything else is English)."""
    en, zh = MESSAGES[message.key]
    template = zh if lang == "zh" else en
    return template.format_map({name: _param(v, lang) for name, v in message.params})


def keyed_words(
    error: Exception, templates: Mapping[str, str], fact: Callable[[str, object], str]
) -> Both | None:
    """A ``KeyedError`` in both languages: its own English, and the Chinese template for
    its key filled with its facts in Chinese words (``fact(name, value)``); None when
    ``templates`` has no template for it."""
    template = templates.get(getattr(error, "key", "") or "")
    if template is None:
        return None
    facts = getattr(error, "facts", {})
    return Both(str(error), template.format_map({n: fact(n, v) for n, v in facts.items()}))


def param_names(template: str) -> set[str]:
    """The ``{names}`` a template uses."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}
