"""The message catalogue: every sentence a user reads, by a stable id, with one template
per language, filled from facts.

A message is an id and named parameters (:class:`Message`), plain data that a finding
keeps and that travels between processes; it is put into words only when shown
(:func:`render`), in the language asked for, by that language's template (a table per
language, :data:`TEMPLATES`; English and Chinese are written side by side, a concern to a
module; another language is one more table, :func:`add_language`). Each template has the
English one's ``{names}``. A parameter is rendered by its type:

* ``int`` (and ``None``) and ``str``: as they are (numbers, header tags, typed values);
* a tuple of cards: ``♠10 ♥K ??`` (the jokers by the catalogue's names: 大王, 小王);
* a :class:`Message`: rendered in the same language (a part of a sentence);
* :class:`Seq`: parameters joined by a separator, itself a message (``sep.list``);
* :class:`Capital`: a part that starts a sentence;

The catalogue is one module per concern, each a ``CATALOGUE`` registered here (an id is
defined once): :mod:`~notation.messages.words` (parts of sentences, separators),
:mod:`~notation.messages.replay` (findings, what each code means, violations, penalties),
:mod:`~notation.messages.reasons` (the rules core's and the record model's reasons, by
their keys and facts), :mod:`~notation.messages.cli` (the command line, the analysis's
words, the reports), :mod:`~notation.messages.reader` (the PSN reader's errors),
:mod:`~notation.messages.recorder` (the recorder's refusals),
:mod:`~notation.messages.commands` (the other commands' words, the errors they share, the
corpus report's page), :mod:`~notation.messages.rulesets` (a rule-set file's errors, a
JSON record's), :mod:`~notation.messages.help` (the commands' help, argparse's words),
:mod:`~notation.messages.labels` (the viewer's, the handout's and the table picture's
labels), :mod:`~notation.messages.rulecard` (the rules' names, ``shengji rules``'s card),
:mod:`~notation.messages.puzzles` (puzzles, ``shengji puzzles``, the puzzle mode);
:mod:`~notation.messages.core` is the machinery.

>>> m = msg("deal.kitty-count", n=7, size=8)
>>> render(m, "en"), render(m, "zh")
('The kitty has 7 cards, not 8.', '底牌有 7 张，而不是 8 张。')
>>> from notation.rules.cards import parse_cards
>>> render(msg("kitty.not-held", seat=2, cards=tuple(parse_cards("BJ S10"))), "zh")
'2 号位扣了 大王 ♠10，但它手里没有这些牌。'
"""

from __future__ import annotations

from typing import Final

from notation.errors import ShengjiError, SourceError
from notation.messages import (
    cli,
    commands,
    help,
    labels,
    puzzles,
    reader,
    reasons,
    recorder,
    replay,
    rulecard,
    rulesets,
    words,
)
from notation.messages.core import (
    TEMPLATES,
    Message,
    MessageError,
    Param,
    Seq,
    add_language,
    card_face,
    count,
    has,
    keys,
    msg,
    param_names,
    register,
    render,
    say,
    say_card,
    say_cards_in,
    template,
)
from notation.messages.reasons import reason, reason_message
from notation.messages.replay import violation_message
from notation.messages.rulecard import cite, clause_source
from notation.messages.words import outcome_words
from notation.rules.clauses import Rule

__all__ = [
    "LANGS",
    "TEMPLATES",
    "Message",
    "MessageError",
    "Param",
    "Seq",
    "add_language",
    "card_face",
    "cite",
    "clause_source",
    "count",
    "error_message",
    "error_words",
    "has",
    "keys",
    "msg",
    "outcome_words",
    "param_names",
    "reason",
    "reason_message",
    "render",
    "rule_name",
    "say",
    "say_card",
    "say_cards_in",
    "template",
    "violation_message",
]


def rule_name(rule: Rule, lang: str = "en") -> str:
    """The rule's name for a reader: ``rule_name(Rule.FOLLOW_PAIR, "zh")`` is ``跟对子``."""
    return msg(f"rule.{rule.value}").render(lang)


def error_words(error: BaseException, lang: str = "en") -> str:
    """An error for a user, in ``lang``: a located one (:class:`~notation.errors.
    SourceError`) with its place and caret, one made from a message of the catalogue or
    from a key and facts (its ``text``: a card that could not be read, a rule set's values
    that do not fit together …), or else the error's own words."""
    if isinstance(error, SourceError):
        return error.in_lang(lang)
    text = getattr(error, "text", None)  # an error made from a catalogue message
    return text.render(lang) if isinstance(text, Message) else str(error)


def error_message(error: BaseException) -> Message:
    """An error as a part of a sentence, on one line (a located one by its place, without
    the text it is in): one made from a message of the catalogue or from a key and facts
    by it; one of ours in words already as they are; another (a library's own words,
    which no message of the catalogue says) in its English, in Chinese as
    ``error.unsaid`` says."""
    text = getattr(error, "text", None)
    if not isinstance(text, Message):
        plain = error.message if isinstance(error, SourceError) else str(error)
        text = msg("text" if isinstance(error, ShengjiError) else "error.unsaid", text=plain)
    if isinstance(error, SourceError) and (error.filename is not None or error.line is not None):
        return msg("located", where=error.location, text=text)
    return text


for _catalogue in (
    words.CATALOGUE,
    replay.CATALOGUE,
    cli.CATALOGUE,
    reader.CATALOGUE,
    recorder.CATALOGUE,
    commands.CATALOGUE,
    rulesets.CATALOGUE,
    reasons.CATALOGUE,
    help.CATALOGUE,
    labels.CATALOGUE,
    rulecard.CATALOGUE,
    puzzles.CATALOGUE,
):
    register(_catalogue)

# The languages the catalogue speaks (the command line's --lang, the viewer's choice).
LANGS: Final = tuple(TEMPLATES)
