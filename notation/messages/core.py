"""The catalogue's machinery: its template tables, a message, its parameters, and putting
it into words.

The catalogue is one table of templates per language, each keyed by the messages' ids
(:data:`TEMPLATES`). English and Chinese are written side by side, a concern to a module
of :mod:`notation.messages`, and each module's pairs are :func:`register`-ed into both
tables when the package is imported; a further language is one more table,
:func:`add_language`. A message is put into words in a language by its template there,
filled from its parameters (:func:`render`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final, NamedTuple, TypeAlias

from notation.errors import ShengjiError
from notation.frozen import frozen
from notation.rules.cards import Card

__all__ = [
    "TEMPLATES",
    "Capital",
    "Message",
    "MessageError",
    "Param",
    "Seq",
    "add_language",
    "card_face",
    "count",
    "has",
    "keys",
    "msg",
    "param_names",
    "register",
    "render",
    "say",
    "say_card",
    "say_cards_in",
    "template",
]

# lang → {id → template}: every message in every language the catalogue speaks. English
# is complete (a message is defined by its English); another language may lack a
# template, which is then said in English (a test keeps the shipped ones complete).
TEMPLATES: Final[dict[str, dict[str, str]]] = {"en": {}, "zh": {}}


def register(catalogue: Mapping[str, tuple[str, str]]) -> None:
    """Add a concern's templates, each written as ``(English, Chinese)``, to the tables
    of both languages (an id is defined once)."""
    twice = TEMPLATES["en"].keys() & catalogue.keys()
    if twice:
        raise ValueError(f"messages defined twice: {sorted(twice)}")
    for key, (en, zh) in catalogue.items():
        TEMPLATES["en"][key] = en
        TEMPLATES["zh"][key] = zh


def add_language(lang: str, templates: Mapping[str, str]) -> None:
    """Add a language to the catalogue: one table of templates, by the messages' ids,
    each with the ``{names}`` of the English one."""
    unknown = sorted(templates.keys() - TEMPLATES["en"].keys())
    if unknown:
        raise ValueError(f"no messages {unknown}")
    TEMPLATES[lang] = dict(templates)


def keys() -> Iterable[str]:
    """Every message's id."""
    return TEMPLATES["en"].keys()


def has(key: str) -> bool:
    """True if the catalogue has a message ``key``."""
    return key in TEMPLATES["en"]


def template(key: str, lang: str = "en") -> str:
    """The template of ``key`` in ``lang`` (English where ``lang`` has none)."""
    table = TEMPLATES.get(lang, TEMPLATES["en"])
    found = table.get(key)
    return TEMPLATES["en"][key] if found is None else found


class Capital(NamedTuple):
    """A part that starts a sentence: its first letter upper case (in a language that
    has case)."""

    part: Param


class Seq(NamedTuple):
    """Parameters joined by a separator, itself a message of the catalogue (``sep.list``:
    ``, `` in English, ``、`` in Chinese)."""

    items: tuple[Param, ...]
    sep: str = "sep.list"


@frozen
class Message:
    """A message: its catalogue key and its named parameters, not yet in words."""

    key: str
    params: tuple[tuple[str, Param], ...] = ()

    def render(self, lang: str = "en") -> str:
        """The message in ``lang``."""
        return render(self, lang)

    def __str__(self) -> str:
        return render(self, "en")


Param: TypeAlias = "int | str | tuple[object, ...] | Message | Seq | Capital | None"


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


def msg(key: str, /, **params: Param) -> Message:
    """The message ``key`` with ``params`` (checked against the catalogue, not rendered)."""
    if key not in TEMPLATES["en"]:
        raise KeyError(f"no message {key!r}")
    return Message(key, tuple(params.items()))


def count(n: int, noun: str) -> Message:
    """``1 card`` / ``3 cards`` (``3 张牌``): ``noun`` is a plural with ``n.NOUN.one`` and
    ``n.NOUN.many`` in the catalogue (``cards``, ``levels``, ``pairs``, ``plays``, …)."""
    return Message(f"n.{noun}.{'one' if n == 1 else 'many'}", (("n", n),))


def say_cards_in(cards: Iterable[object], lang: str) -> str:
    """Cards as a referee says them: ``♠10 ??``, the jokers by the catalogue's names
    (``BJ``; in Chinese 大王, 小王). Every text a user reads writes cards with it (or
    with a message whose parameter is the cards), so a joker has one name a language."""
    return " ".join(say_card(c, lang) for c in cards)


def say_card(card: object, lang: str) -> str:
    """One card as :func:`say_cards_in` says it (``♠10``, ``大王``; ``??`` as it is)."""
    if isinstance(card, Card):
        return template(f"card.{card}", lang) if card.suit is None else card.symbol
    return str(card)


def card_face(card: Card, lang: str) -> tuple[str, ...]:
    """The corner of a card's face, a line each: the rank over the suit (``10``, ``♠``);
    a joker's name as :func:`say_card` says it, written down the card a character a
    line, as a joker's corner reads (``大``, ``王``; in English ``B``, ``J``), so a
    fanned hand that shows only a card's left edge shows all of it."""
    if card.suit is None:
        return tuple(say_card(card, lang))
    return card.rank.value, card.suit.symbol


def _param(value: object, lang: str) -> object:
    if isinstance(value, Message):
        return render(value, lang)
    if isinstance(value, Capital):
        said = str(_param(value.part, lang))
        return said[:1].upper() + said[1:]
    if isinstance(value, Seq):
        sep = template(value.sep, lang)
        return sep.join(str(_param(v, lang)) for v in value.items)
    if isinstance(value, tuple):
        return say_cards_in(value, lang)
    if value is None or isinstance(value, int | float):
        return value  # as it is, for a format of its own ({change:+d})
    return str(value)


def render(message: Message, lang: str = "en") -> str:
    """``message`` in words, in ``lang`` (a language the catalogue does not speak is
    English)."""
    values = {name: _param(v, lang) for name, v in message.params}
    return template(message.key, lang).format_map(values)


def say(key: str, lang: str = "en", /, **values: object) -> str:
    """The message ``key`` in ``lang`` filled from plain ``values`` (a number, text, cards,
    or a message); a ``{name}`` not given stays as it is."""
    filled = _Given({name: _param(v, lang) for name, v in values.items()})
    return template(key, lang).format_map(filled)


class _Given(dict[str, object]):
    def __missing__(self, name: str) -> str:
        return "{" + name + "}"


def param_names(template: str) -> set[str]:
    """The ``{names}`` a template uses."""
    import string  # the tests' and tools' question: every start would pay 2.5 M instructions

    return {name for _, name, _, _ in string.Formatter().parse(template) if name}
