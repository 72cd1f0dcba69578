"""The ``shengji`` command: a thin argparse layer over the library.

Each subcommand lives in its own module under ``notation.cli`` with an
``add_parser(subparsers)`` function that sets ``run`` as the parser default.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO, cast

from notation import __version__
from notation.cli.columns import Parser
from notation.cli.common import InputError, default_lang
from notation.cli.language import argparse_in, lang_of, localize, said
from notation.errors import ShengjiError
from notation.messages import LANGS, error_words, msg
from notation.presets import (
    RULES_DIR_ENV,
    is_ruleset_name,
    register_ruleset,
    ruleset_argument,
    unregister_ruleset,
)
from notation.terminal import PrintableStream, unwrapped

__all__ = ["build_parser", "command_of", "main"]

# Subcommand modules, in the order ``shengji --help`` lists them.
COMMANDS: tuple[str, ...] = (
    "validate",
    "stats",
    "report",
    "export",
    "simulate",
    "fmt",
    "convert",
    "judge",
    "solve",
    "analyze",
    "puzzles",
    "rules",
    "view",
)

# The commands that use a rule set: each takes --rules-dir, the folders of a club's own.
RULES_COMMANDS: tuple[str, ...] = (
    "validate",
    "report",
    "show",
    "export",
    "simulate",
    "judge",
    "analyze",
    "puzzles",
    "rules",
    "view",
)
# Every command says what it says in English or in Chinese, its help and usage too:
# --lang en|zh (notation/cli/language.py).
LANG_COMMANDS: tuple[str, ...] = (*COMMANDS, "show")
EXIT_INTERNAL = 3  # a bug of ours, never a verdict on the input

Runner = Callable[[argparse.Namespace], int]


# A command made by another command's module: ``show`` is the report's.
_MODULE_OF: dict[str, str] = {"show": "report"}


def command_of(words: Sequence[str]) -> str | None:
    """The subcommand a command line names (``validate`` of ``--lang zh validate x``);
    ``""`` for ``--version``, which needs none; None when it names none that exists (then
    every command is needed, for the help or argparse's "invalid choice")."""
    known = {*COMMANDS, *_MODULE_OF}
    skip = False
    for word in words:
        if skip:
            skip = False
        elif word == "--lang":
            skip = True  # its value follows
        elif word.startswith("-"):
            if word == "--version":
                return ""
            if word in ("-h", "--help"):
                return None
        else:
            return word if word in known else None
    return None


def build_parser(lang: str | None = None, command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered, its help in ``lang`` (build
    and use it inside :func:`argparse_in` for argparse's own words in ``lang``).

    With ``command``, only that command's module is imported and registered: a command
    line that names one never pays for the others' imports (start-up time)."""
    lang = default_lang() if lang is None else lang
    parser = Parser(
        prog="shengji",
        description=said("help.shengji.about"),
    )
    parser.add_argument("--version", action="version", version=f"shengji {__version__}")
    _add_lang(parser, lang)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    if command is None:
        modules = COMMANDS
    else:
        modules = (_MODULE_OF.get(command, command),) if command else ()
    for name in modules:
        module = importlib.import_module(f"notation.cli.{name}")
        module.add_parser(sub)
    for name in RULES_COMMANDS:
        if name not in sub.choices:
            continue
        sub.choices[name].add_argument(
            "--rules-dir",
            action="append",
            metavar="DIR",
            help=said("help.rules-dir", env=RULES_DIR_ENV),
        )
    for name in LANG_COMMANDS:
        if name in sub.choices:
            _add_lang(sub.choices[name], lang)
    localize(parser, lang)
    return parser


def _add_lang(parser: argparse.ArgumentParser, lang: str) -> None:
    # Its default is the language the command line was read in: a --lang before the
    # command's name (``shengji --lang zh validate``) holds for the command too.
    parser.add_argument(
        "--lang",
        choices=LANGS,
        default=lang,
        help=said("help.lang"),
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``shengji`` with ``argv``; return the exit status (never raise for bad input).

    Run as the command (``argv`` None), what start-up made (modules, classes) lives as
    long as the process: it is set aside from the garbage collector, which would
    otherwise walk it again in every full collection while a long file is read (about 4%
    of ``shengji validate``'s time per hand), and the collector, off while the command's
    modules were imported (:func:`notation.__main__.main`), is turned on again.
    """
    words = sys.argv[1:] if argv is None else list(argv)
    lang = lang_of(words, default_lang())
    with argparse_in(lang):
        parser = build_parser(lang, command_of(words))
        if argv is None:
            gc.freeze()
            gc.enable()
        args = parser.parse_args(words)
    with _printable(args):
        return _run(args, lang)


def _run(args: argparse.Namespace, lang: str) -> int:
    run: Runner = args.run
    try:
        with _rule_sets(args):
            return run(args)
    except ShengjiError as e:
        lang = getattr(args, "lang", lang)
        print(msg("cmd.error", text=error_words(e, lang)).render(lang), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (``shengji ... | head``): not an error of ours.
        unwrapped(sys.stderr).close()
        return 0
    except Exception as e:  # a bug: said plainly, without a traceback (tests/test_fuzz.py)
        what = f"{type(e).__name__}: {str(e)[:200]}"
        lang = getattr(args, "lang", lang)
        print(msg("cli.internal", what=what).render(lang), file=sys.stderr)
        return EXIT_INTERNAL


@contextmanager
def _printable(args: argparse.Namespace) -> Iterator[None]:
    """A record's control characters escaped on their way to people (notation.terminal):
    on standard error, and on standard output when the command prints words there or
    prints to a terminal (``show`` escapes its own drawing, which it colours)."""
    saved = sys.stdout, sys.stderr
    sys.stderr = cast(TextIO, PrintableStream(sys.stderr))
    if args.command != "show" and (_prints_words(args) or sys.stdout.isatty()):
        sys.stdout = cast(TextIO, PrintableStream(sys.stdout))
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved


def _prints_words(args: argparse.Namespace) -> bool:
    """True when the command's standard output is words for people, not PSN, JSON or
    HTML that is data (a record's text there is the record's, as the file has it)."""
    if args.command in ("validate", "rules"):
        return not args.json
    if args.command == "report":
        return bool(args.format == "md")
    return bool(args.command == "view")


@contextmanager
def _rule_sets(args: argparse.Namespace) -> Iterator[None]:
    """The rule sets the command line names, for the length of the command.

    ``--rules-dir`` folders go first in ``SHENGJI_RULES_DIR`` (so the processes the
    command starts see them too). A ``--rules FILE`` (or the ``rules`` command's FILE)
    is read once here, a broken file reported once, and then found by the text typed
    (also by the worker processes ``validate -j`` forks).
    """
    saved = os.environ.get(RULES_DIR_ENV)
    typed: list[str] = []
    try:
        folders: list[str] = getattr(args, "rules_dir", None) or []
        for folder in folders:
            if not Path(folder).is_dir():
                raise InputError(msg("cmd.rules-dir", folder=folder))
        if folders:
            os.environ[RULES_DIR_ENV] = os.pathsep.join([*folders, *([saved] if saved else [])])
        for text in (getattr(args, "rules", None), getattr(args, "ruleset", None)):
            if isinstance(text, str) and not is_ruleset_name(text):
                register_ruleset(text, ruleset_argument(text))
                typed.append(text)
        yield
    finally:
        for text in typed:
            unregister_ruleset(text)
        if saved is None:
            os.environ.pop(RULES_DIR_ENV, None)
        else:
            os.environ[RULES_DIR_ENV] = saved
