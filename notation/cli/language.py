"""The command line in the user's language: the help of every command, argparse's own
usage and error lines, and the errors of the options' types.

A command's help is written in English where the option is defined (the module of the
command); :func:`localize` puts each text into Chinese from the table of
:mod:`notation.messages.help`, gettext style (the English is the key). argparse marks
its own words for gettext (``_('usage: ')``) and looks that function up in its module
each time it speaks; :func:`argparse_in` answers those calls in Chinese for the length
of a command. A text with no Chinese stays English, and the tests list every one. The
help is laid out by the columns of a terminal (:mod:`notation.cli.columns`).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from notation.cli.columns import by_columns
from notation.messages import LANGS, Message
from notation.messages.help import ARGPARSE_ZH, HELP_ZH, METAVARS_ZH

__all__ = [
    "argparse_in",
    "lang_of",
    "localize",
    "parse_lang",
    "parser_texts",
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


@contextmanager
def argparse_in(lang: str) -> Iterator[None]:
    """argparse's own words (``usage:``, ``options``, its errors) in ``lang`` until the
    block ends."""
    module: Any = argparse  # its gettext functions are not in its stubs
    token = parse_lang.set(lang)
    saved = module._, module.ngettext
    if lang == "zh":
        module._, module.ngettext = _gettext_zh(saved[0]), _ngettext_zh(saved[1])
    try:
        yield
    finally:
        module._, module.ngettext = saved
        parse_lang.reset(token)


def type_error(message: Message) -> argparse.ArgumentTypeError:
    """The error of an option's type (``--budget x``), in the language of the command
    line being read (argparse prints it after the option's name)."""
    return argparse.ArgumentTypeError(message.render(parse_lang.get()))


def _gettext_zh(english: Callable[[str], str]) -> Callable[[str], str]:
    def gettext(message: str) -> str:
        return ARGPARSE_ZH.get(message) or english(message)

    return gettext


def _ngettext_zh(english: Callable[[str, str, int], str]) -> Callable[[str, str, int], str]:
    def ngettext(singular: str, plural: str, n: int) -> str:
        return ARGPARSE_ZH.get(singular) or english(singular, plural, n)

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
    """Put every text of ``parser`` (and its subcommands) into ``lang`` (English is the
    language they are written in), laid out by the columns of a terminal."""
    for each in _parsers(parser):
        each.formatter_class = by_columns(each.formatter_class)
    if lang != "zh":
        return
    for holder, name, text in list(parser_texts(parser)):
        if name == "metavar":
            zh = METAVARS_ZH.get(text)
        else:  # argparse's own helps (-h, --version) were put in words when made
            zh = HELP_ZH.get(text) or ARGPARSE_ZH.get(text)
        if zh is not None:
            setattr(holder, name, zh)


def _parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """``parser`` and every subcommand's parser below it, each once (an alias is the
    same parser)."""
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):
                yield from _parsers(sub)
