"""The command line in the user's language: the help of every command, argparse's own
usage and error lines, and the errors of the options' types.

A command takes its help from the message catalogue by id where the option is defined
(:func:`said`, :mod:`notation.messages.help`): argparse keeps it as English text that
remembers its message, and :func:`localize` says each one again in the user's language.
argparse marks its own words for gettext (``_('usage: ')``) and looks that function up
in its module each time it speaks; :func:`argparse_in` answers those calls from the
catalogue's ``argparse.*`` messages (found by argparse's message ids, their English) for
the length of a command. The help is laid out by the columns of a terminal
(:mod:`notation.cli.columns`).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from notation.cli.columns import by_columns
from notation.messages import LANGS, TEMPLATES, Message, Param, has, msg, template

__all__ = [
    "Said",
    "argparse_in",
    "argparse_words",
    "lang_of",
    "localize",
    "parse_lang",
    "parser_texts",
    "said",
    "type_error",
]

# The language argparse speaks in while a command line is read (for the options' types,
# whose errors argparse prints as they are).
parse_lang: ContextVar[str] = ContextVar("parse_lang", default="en")


def lang_of(argv: Sequence[str], default: str) -> str:
    """The language ``argv`` asks for with ``--lang xx`` or ``--lang=xx`` (the last one
    wins, as argparse's would), else ``default``; a value argparse would refuse is
    ignored here (argparse then says so, in ``default``)."""
    lang = default
    words = list(argv)
    for i, word in enumerate(words):
        if word == "--":
            break
        value = None
        if word == "--lang" and i + 1 < len(words):
            value = words[i + 1]
        elif word.startswith("--lang="):
            value = word.removeprefix("--lang=")
        if value in LANGS:
            lang = value
    return lang


class Said(str):
    """A message of the catalogue in English words that keeps the message, for argparse,
    which keeps a command's help as text: :func:`localize` says it again in the user's
    language."""

    message: Message

    def __new__(cls, message: Message) -> Said:
        text = super().__new__(cls, message.render("en"))
        text.message = message
        return text


def said(key: str, **params: Param) -> Said:
    """The help ``key`` of the catalogue (``help.validate.json``), for argparse."""
    return Said(msg(key, **params))


def argparse_words() -> dict[str, str]:
    """argparse's message ids (its English) and the catalogue's keys for them."""
    return {english: key for key, english in TEMPLATES["en"].items() if key.startswith("argparse.")}


@contextmanager
def argparse_in(lang: str) -> Iterator[None]:
    """argparse's own words (``usage:``, ``options``, its errors) in ``lang`` until the
    block ends."""
    module: Any = argparse  # its gettext functions are not in its stubs
    token = parse_lang.set(lang)
    saved = module._, module.ngettext
    if lang == "en":
        # As argparse writes them: gettext would look for a catalogue of its default
        # domain ("messages") in every language the environment names (importing locale
        # and probing files, 4 million instructions of every start) and, found, put
        # argparse's words alone in another language.
        module._, module.ngettext = _as_written, _as_written_n
    else:
        keys = argparse_words()
        module._ = _gettext_in(lang, keys, saved[0])
        module.ngettext = _ngettext_in(lang, keys, saved[1])
    try:
        yield
    finally:
        module._, module.ngettext = saved
        parse_lang.reset(token)


def type_error(message: Message) -> argparse.ArgumentTypeError:
    """The error of an option's type (``--budget x``), in the language of the command
    line being read (argparse prints it after the option's name)."""
    return argparse.ArgumentTypeError(message.render(parse_lang.get()))


def _as_written(message: str) -> str:
    return message


def _as_written_n(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def _gettext_in(
    lang: str, keys: dict[str, str], english: Callable[[str], str]
) -> Callable[[str], str]:
    def gettext(message: str) -> str:
        key = keys.get(message)
        return template(key, lang) if key else english(message)

    return gettext


def _ngettext_in(
    lang: str, keys: dict[str, str], english: Callable[[str, str, int], str]
) -> Callable[[str, str, int], str]:
    def ngettext(singular: str, plural: str, n: int) -> str:
        key = keys.get(singular)  # the singular is the key, one form said for every n
        return template(key, lang) if key else english(singular, plural, n)

    return ngettext


def parser_texts(
    parser: argparse.ArgumentParser,
) -> Iterator[tuple[object, str, str]]:
    """Every text of ``parser`` and its subcommands a user reads in ``--help``:
    ``(holder, attribute, text)`` for the descriptions, epilogs, helps and metavars
    (argparse keeps them in attributes; the subcommands' one-line helps in the
    subparsers action's ``_choices_actions``)."""
    for each in _parsers(parser):
        for name in ("description", "epilog"):
            text = getattr(each, name)
            if text:
                yield each, name, text
        for action in each._actions:
            yield from _action_texts(action)
            if isinstance(action, argparse._SubParsersAction):
                for choice in action._choices_actions:  # its metavar is the command's name
                    if choice.help:
                        yield choice, "help", choice.help


def _action_texts(action: argparse.Action) -> Iterator[tuple[object, str, str]]:
    if action.help and action.help is not argparse.SUPPRESS:
        yield action, "help", action.help
    metavar = action.metavar
    if metavar is None and action.nargs != 0 and not action.choices:
        # What argparse shows instead: an option's dest in capitals, a positional's dest.
        metavar = action.dest.upper() if action.option_strings else action.dest
    if isinstance(metavar, str) and metavar is not argparse.SUPPRESS:
        yield action, "metavar", metavar


def localize(parser: argparse.ArgumentParser, lang: str) -> None:
    """Put every text of ``parser`` (and its subcommands) into ``lang`` (they are made in
    English), laid out by the columns of a terminal: a help by its message, a placeholder
    by ``metavar.<PLACEHOLDER>``, argparse's own help of ``--version`` by its message id
    (``-h``'s was put in words when made)."""
    for each in _parsers(parser):
        each.formatter_class = by_columns(each.formatter_class)
    if lang == "en":
        return
    argparse_keys = argparse_words()
    for holder, name, text in list(parser_texts(parser)):
        if isinstance(text, Said):
            setattr(holder, name, text.message.render(lang))
        elif name == "metavar" and has(f"metavar.{text}"):
            setattr(holder, name, template(f"metavar.{text}", lang))
        elif text in argparse_keys:
            setattr(holder, name, template(argparse_keys[text], lang))


def _parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """``parser`` and every subcommand's parser below it, each once (an alias is the
    same parser)."""
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):
                yield from _parsers(sub)
