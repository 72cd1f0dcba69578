"""``shengji rules``: print a rule set as a referee's reference card, or score a total."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from enum import StrEnum
from typing import Any

from notation.cli.language import said
from notation.messages import Seq, cite, has, msg, say, template
from notation.presets import load_ruleset, preset_names, ruleset_to_dict
from notation.rules.clauses import Rule
from notation.rules.ruleset import BidSuit, LevelTable, Outcome, Ruleset, Side
from notation.rules.scoring import is_possible_total, max_defenders_total, total_step

__all__ = ["add_parser", "format_outcome", "format_ruleset", "format_table", "run"]

# Each section of the card: its YAML key (its heading is the catalogue's
# rulecard.section.<key>) and the rules it states.
_SECTIONS: tuple[tuple[str, tuple[Rule, ...]], ...] = (
    ("cards", (Rule.TRICK_WINNER,)),
    (
        "bidding",
        (Rule.DECLARE, Rule.COUNTER, Rule.REINFORCE, Rule.BID_WINDOW, Rule.NO_DECLARATION),
    ),
    ("follow", (Rule.FOLLOW_SUIT, Rule.FOLLOW_PAIR, Rule.FOLLOW_TRACTOR)),
    ("throw", (Rule.THROW, Rule.THROW_PENALTY)),
    ("kitty", (Rule.KITTY, Rule.KITTY_MULTIPLIER)),
    ("scoring", (Rule.POINTS, Rule.LEVEL_TABLE, Rule.NEXT_DEALER)),
    ("match", (Rule.MATCH, Rule.MUST_PLAY)),
    ("penalties", (Rule.MISPLAY, Rule.WRONG_COUNT)),
    ("tribute", ()),
)


def _say(lang: str, key: str, **values: object) -> str:
    """The card's words ``rulecard.<key>`` in ``lang``."""
    return say(f"rulecard.{key}", lang, **values)


def add_parser(subparsers: Any) -> None:
    """Register ``shengji rules``."""
    parser = subparsers.add_parser(
        "rules",
        help=said("help.rules"),
        description=said("help.rules.about", presets=Seq(tuple(preset_names()))),
    )
    parser.add_argument("ruleset", metavar="PRESET|FILE", help=said("help.rules.ruleset"))
    parser.add_argument("--json", action="store_true", help=said("help.rules.json"))
    parser.add_argument(
        "--points",
        type=int,
        metavar="N",
        help=said("help.rules.points"),
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the rule set, or the outcome of ``--points``."""
    rules = load_ruleset(args.ruleset)
    if args.points is not None:
        if not is_possible_total(rules, args.points):
            error = msg(
                "rules.points-range",
                points=args.points,
                name=rules.name,
                step=total_step(rules),
                most=max_defenders_total(rules),
            )
            print(error.render(args.lang), file=sys.stderr)
            return 2
        result = rules.outcome(args.points)
        if args.json:
            answer = {"points": args.points, "winner": result.winner.value, "levels": result.levels}
            print(json.dumps(answer, ensure_ascii=False, allow_nan=False))
        else:
            print(format_outcome(rules, args.points, result, args.lang))
        return 0
    if args.json:
        print(json.dumps(ruleset_to_dict(rules), ensure_ascii=False, indent=2, allow_nan=False))
    else:
        print(format_ruleset(rules, args.lang), end="")
    return 0


def format_outcome(rules: Ruleset, points: int, result: Outcome, lang: str = "en") -> str:
    """One sentence: what a defenders' total gives under ``rules``."""
    if result.winner is Side.DEALER:
        key = f"rules.outcome.dealer.{'one' if result.levels == 1 else 'many'}"
    elif result.levels == 0:
        key = "rules.outcome.take-over"
    else:
        key = f"rules.outcome.defenders.{'one' if result.levels == 1 else 'many'}"
    return msg(key, name=rules.name, points=points, n=result.levels).render(lang)


def _value(value: object, lang: str) -> str:
    if isinstance(value, bool):
        return _say(lang, "yes" if value else "no")
    if isinstance(value, tuple):
        shown = [_value(v, lang) for v in value]
        return template("sep.list", lang).join(shown) if value else _say(lang, "value.none")
    if isinstance(value, BidSuit):
        return _say(lang, f"suit.{value.value}")
    if isinstance(value, StrEnum) and has(f"rulecard.value.{value.value}"):
        words = _say(lang, f"value.{value.value}")
        return words if value.value == "none" else f"{words} [{value.value}]"
    return str(value)


def format_table(table: LevelTable, lang: str = "en") -> list[str]:
    """The level table as lines: a points range and its result."""
    lines = [_say(lang, "table", name=table.name)]
    for i, row in enumerate(table.rows):
        last = i == len(table.rows) - 1
        if last:
            span = f"{row.points}+"
        else:
            top = table.rows[i + 1].points - 5
            span = str(row.points) if top == row.points else f"{row.points}–{top}"
        if row.winner is Side.DEALER:
            result = _say(lang, "dealer", n=row.levels)
        elif row.levels == 0:
            result = _say(lang, "take_over")
        else:
            result = _say(lang, "defenders", n=row.levels)
        if last and table.step:
            result += _say(lang, "step", step=table.step)
        lines.append(f"  {span:>9}  {result}")
    return lines


def _multipliers(rules: Ruleset, lang: str) -> str:
    units = [("single", 1, 1), ("pair", 2, 1), ("tractor-2", 2, 2), ("of-3", 2, 3)]
    shown = Seq(
        tuple(
            msg(
                "rulecard.multiplier",
                unit=msg(f"rulecard.{name}"),
                times=rules.kitty_multiplier(c, p),
            )
            for name, c, p in units
        )
    )
    return _say(lang, "examples", shown=shown)


def _clause_line(rules: Ruleset, rule: Rule, lang: str) -> str:
    """``§ follow.pair: <the citation>`` (in Chinese the rule's name)."""
    # by its id in English, as the YAML names it; in Chinese by its name
    named = msg(f"rule.{rule.value}")
    return _say(lang, "clause", rule=rule.value, name=named, cited=cite(rules.clause(rule), lang))


def format_ruleset(rules: Ruleset, lang: str = "en") -> str:
    """The whole rule set as a reference card, each section with its clauses."""
    title = rules.title
    out = [_say(lang, "title", name=rules.name, en=title.en, zh=title.zh), ""]
    documents = template("rulecard.documents", lang).join(
        _say(lang, "document", en=doc.en, zh=doc.zh) for doc in rules.documents()
    )
    out.append(rules.description.get(lang))
    out.append(_say(lang, "sources") + (documents or "; ".join(rules.sources)))
    for key, clauses in _SECTIONS:
        section = getattr(rules, key)
        out += ["", _say(lang, f"section.{key}")]
        for f in dataclasses.fields(section):
            value = getattr(section, f.name)
            if isinstance(value, LevelTable):
                out += ["  " + line for line in format_table(value, lang)]
            else:
                label = _say(lang, f"field.{f.name}") if has(f"rulecard.field.{f.name}") else f.name
                out.append(_say(lang, "field", label=label, value=_value(value, lang)))
        if key == "kitty":
            out.append("  " + _multipliers(rules, lang))
        out += [_clause_line(rules, rule, lang) for rule in clauses]
    shown = {rule for _, clauses in _SECTIONS for rule in clauses}
    out += ["", _say(lang, "play")]
    out += [_clause_line(rules, rule, lang) for rule in Rule if rule not in shown]
    return "\n".join(out) + "\n"
