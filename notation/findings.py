"""Findings: what the validator reports about a record.

A finding has a stable code, a severity, where it happened (hand, trick, seat, line and
column), a message in plain words, the rule it rests on with the rule set's clause, and
the rule set's penalty if there is one. The catalogue of codes is :data:`CATALOGUE`;
``grammars/PSN.md`` and ``shengji validate --codes`` print it.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Final

from notation.frozen import frozen
from notation.messages import Message, Param, Seq, cite, msg
from notation.rules.clauses import Clause, Rule
from notation.rules.ruleset import PenaltyCounts, Ruleset, WrongCountRule
from notation.rules.seats import Seat

__all__ = [
    "CATALOGUE",
    "Finding",
    "Severity",
    "clause_line",
    "meaning",
    "meaning_of",
    "penalty_of",
    "penalty_text",
]


class Severity(StrEnum):
    """How bad a finding is."""

    ERROR = "error"  # the record breaks a rule or contradicts itself
    WARNING = "warning"  # suspicious, or a rule could not be applied
    INFO = "info"  # what the record cannot prove either way


# code → (severity, the rule it rests on or None); what each means is the catalogue's
# ``meaning.<code>`` (notation/messages/replay.py), said by meaning().
CATALOGUE: Final[dict[str, tuple[Severity, Rule | None]]] = {
    "syntax": (Severity.ERROR, None),
    "bad-header": (Severity.ERROR, None),
    "unknown-rules": (Severity.ERROR, None),
    "deal-decks": (Severity.ERROR, Rule.DEAL),
    "deal-count": (Severity.ERROR, Rule.DEAL),
    "bid-cards": (Severity.ERROR, Rule.DECLARE),
    "bid-too-weak": (Severity.ERROR, Rule.COUNTER),
    "bid-self": (Severity.ERROR, Rule.COUNTER),
    "bid-window": (Severity.ERROR, Rule.BID_WINDOW),
    "bid-not-drawn": (Severity.ERROR, Rule.DECLARE),
    "bid-not-held": (Severity.ERROR, Rule.DECLARE),
    "reinforce": (Severity.ERROR, Rule.REINFORCE),
    "fallback": (Severity.ERROR, Rule.NO_DECLARATION),
    "trump-header": (Severity.ERROR, Rule.DECLARE),
    "card-copies": (Severity.ERROR, Rule.DEAL),
    "kitty-size": (Severity.ERROR, Rule.KITTY),
    "kitty-not-held": (Severity.ERROR, Rule.KITTY),
    "kitty-seat": (Severity.ERROR, Rule.KITTY),
    "out-of-turn": (Severity.ERROR, Rule.TURN),
    "wrong-leader": (Severity.ERROR, Rule.TRICK_WINNER),
    "trick-winner": (Severity.ERROR, Rule.TRICK_WINNER),
    "held-hand": (Severity.ERROR, Rule.KITTY),
    "ruff-shape": (Severity.ERROR, Rule.RUFF),
    "not-held": (Severity.ERROR, Rule.CARD_HELD),
    "wrong-count": (Severity.ERROR, Rule.CARD_COUNT),
    "mixed-lead": (Severity.ERROR, Rule.LEAD),
    "follow-suit": (Severity.ERROR, Rule.FOLLOW_SUIT),
    "follow-pair": (Severity.ERROR, Rule.FOLLOW_PAIR),
    "follow-tractor": (Severity.ERROR, Rule.FOLLOW_TRACTOR),
    "throw-failed": (Severity.ERROR, Rule.THROW),
    "throw-stood": (Severity.ERROR, Rule.THROW),
    "wrong-forced-play": (Severity.ERROR, Rule.THROW),
    "hand-count": (Severity.ERROR, Rule.WRONG_COUNT),
    "trick-number": (Severity.WARNING, None),
    "comment-hides": (Severity.WARNING, None),
    "result-points": (Severity.ERROR, Rule.POINTS),
    "result-kitty": (Severity.ERROR, Rule.KITTY_MULTIPLIER),
    "result-level": (Severity.ERROR, Rule.LEVEL_TABLE),
    "result-next-dealer": (Severity.ERROR, Rule.NEXT_DEALER),
    "match-levels": (Severity.ERROR, Rule.MATCH),
    "match-dealer": (Severity.ERROR, Rule.NEXT_DEALER),
    "unchecked": (Severity.INFO, None),
}


@frozen
class Finding:
    """One thing the validator found, with its place and the rule it rests on."""

    code: str
    text: Message  # the message, in words only when shown (message_in)
    hand: int  # 1-based index of the hand in its file
    line: int = 0
    column: int = 0
    trick: int | None = None
    seat: Seat | None = None
    clause: Clause | None = None
    penalty: Message | None = None  # the rule set's penalty for breaking its rule
    step: int | None = None  # the replay step it belongs to
    cites: Rule | None = None  # the rule, where more precise than the code's (逢10必打)
    width: int = 1  # characters to underline from the column (a syntax error's token)

    def __post_init__(self) -> None:
        if self.code not in CATALOGUE:
            raise ValueError(f"no finding code {self.code!r}")

    @property
    def message(self) -> str:
        """The message in English."""
        return self.text.render("en")

    def message_in(self, lang: str) -> str:
        """The message in ``lang`` (``en`` or ``zh``)."""
        return self.text.render(lang)

    def penalty_in(self, lang: str) -> str | None:
        """The rule set's penalty in ``lang``, or ``None``."""
        return None if self.penalty is None else self.penalty.render(lang)

    @property
    def severity(self) -> Severity:
        """Error, warning or info, by code."""
        return CATALOGUE[self.code][0]

    @property
    def rule(self) -> Rule | None:
        """The rule the finding rests on, if any."""
        return self.cites or CATALOGUE[self.code][1]

    @property
    def is_error(self) -> bool:
        """True for findings of severity error."""
        return self.severity is Severity.ERROR

    def where(self, lang: str = "en") -> str:
        """``hand 2, trick 5, seat 3`` (``第 2 局，第 5 轮，3 号位``) as far as known."""
        parts: list[Param] = [msg("where.hand", n=self.hand)]
        if self.trick is not None:
            parts.append(msg("where.trick", n=self.trick))
        if self.seat is not None:
            parts.append(msg("where.seat", seat=self.seat))
        return msg("text", text=Seq(tuple(parts), "sep.comma")).render(lang)

    def clause_dict(self) -> dict[str, Any] | None:
        """The clause as plain values: ``ref`` for machines, ``text`` and ``zh``, the
        document's title, the place and the quote, and the citation in both languages."""
        c = self.clause
        if c is None:
            return None
        return {
            "ref": c.ref,
            "text": c.text,
            "zh": c.zh or None,
            "doc": {"en": c.doc.en, "zh": c.doc.zh} if c.doc else None,
            "section": c.section or None,
            "quote": c.quote or None,
            "cite": {"en": cite(c, "en"), "zh": cite(c, "zh")},
        }

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """Plain values for JSON (see ``shengji validate --json``); ``message`` and
        ``penalty`` in ``lang``."""
        return {
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message_in(lang),
            "hand": self.hand,
            "trick": self.trick,
            "seat": self.seat,
            "line": self.line,
            "column": self.column,
            "width": self.width,
            "rule": self.rule.value if self.rule else None,
            "clause": self.clause_dict(),
            "penalty": self.penalty_in(lang),
            "step": self.step,
        }


def meaning(code: str, lang: str = "en") -> str:
    """What a finding code means, in ``lang``: the catalogue's words (``meaning.<code>``)."""
    return meaning_of(code).render(lang)


def meaning_of(code: str) -> Message:
    """What a finding code means, as a message (a part of a sentence)."""
    if code not in CATALOGUE:
        raise ValueError(f"no finding code {code!r}")
    return msg(f"meaning.{code}")


def clause_line(clause: Clause, lang: str = "en") -> str:
    """A finding's clause as shown to a reader, in ``lang`` (every place that shows one
    calls this): the rule document by its title, the place and the quoted clause."""
    return cite(clause, lang)


def penalty_text(rule: Rule | None, rules: Ruleset, lang: str = "en") -> str | None:
    """The rule set's penalty for breaking ``rule``, in words (``lang``), or ``None``."""
    said = penalty_of(rule, rules)
    return None if said is None else said.render(lang)


def penalty_of(rule: Rule | None, rules: Ruleset) -> Message | None:
    """The rule set's penalty for breaking ``rule`` as a message (``penalty.*``): every
    finding's penalty is this."""
    if rule in (Rule.FOLLOW_SUIT, Rule.FOLLOW_PAIR, Rule.FOLLOW_TRACTOR, Rule.CARD_HELD):
        levels = rules.penalties.misplay_levels
        if not levels:
            return None
        strikes = rules.penalties.misplay_strikes_to_lose
        more = msg("penalty.misplay-strikes", strikes=strikes) if strikes else ""
        return msg(f"penalty.misplay.{_one(levels)}", n=levels, more=more)
    if rule is Rule.THROW:
        per = rules.throw.penalty_per_card
        if not per:
            return msg("penalty.throw-none")
        withdrawn = rules.throw.penalty_counts is PenaltyCounts.WITHDRAWN
        which = msg("penalty.throw-withdrawn" if withdrawn else "penalty.throw-beaten")
        return msg("penalty.throw", per=per, which=which)
    if rule in (Rule.WRONG_COUNT, Rule.CARD_COUNT):
        kind = rules.penalties.wrong_card_count
        if kind is WrongCountRule.FIXED:
            levels = rules.penalties.wrong_card_count_levels
            return msg(f"penalty.count-fixed.{_one(levels)}", n=levels)
        if kind is WrongCountRule.PLAYED_OUT:
            return msg("penalty.count-played-out")
        return None  # the rule set gives no penalty: the referee decides
    return None


def _one(n: int) -> str:
    return "one" if n == 1 else "many"
