"""``shengji rules``: print a rule set as a referee's reference card, or score a total."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from enum import StrEnum
from typing import Any

from notation.rules.clauses import Rule
from notation.rules.ruleset import LevelTable, Outcome, Ruleset, Side
from notation.rules.scoring import is_possible_total, max_defenders_total, total_step
from notation.rulesets import load_ruleset, preset_names, ruleset_to_dict

__all__ = ["add_parser", "format_outcome", "format_ruleset", "format_table", "run"]

# Each section of the card: YAML key, English and Chinese heading, and the rules it states.
_SECTIONS: tuple[tuple[str, str, str, tuple[Rule, ...]], ...] = (
    ("cards", "Card order", "牌序", (Rule.TRICK_WINNER,)),
    (
        "bidding",
        "Bidding",
        "亮主 · 反主",
        (Rule.DECLARE, Rule.COUNTER, Rule.REINFORCE, Rule.BID_WINDOW, Rule.NO_DECLARATION),
    ),
    (
        "follow",
        "Following",
        "跟牌",
        (Rule.FOLLOW_SUIT, Rule.FOLLOW_PAIR, Rule.FOLLOW_TRACTOR),
    ),
    ("throw", "Failed throw", "甩牌失败", (Rule.THROW, Rule.THROW_PENALTY)),
    ("kitty", "Kitty", "底牌 · 抠底", (Rule.KITTY, Rule.KITTY_MULTIPLIER)),
    ("scoring", "Level table", "升级", (Rule.POINTS, Rule.LEVEL_TABLE, Rule.NEXT_DEALER)),
    ("match", "Match", "比赛", (Rule.MATCH, Rule.MUST_PLAY)),
    ("penalties", "Penalties", "罚则", (Rule.MISPLAY, Rule.WRONG_COUNT)),
    ("tribute", "Tribute", "进贡", ()),
)

_LABELS: dict[str, str] = {
    "permanent_twos": "every 2 is trump (2为常主)",
    "rank_above_jokers": "rank cards above the jokers",
    "declare_with": "declare with",
    "direct_no_trump": "jokers may declare no-trump directly",
    "counter_with": "counter with",
    "equal_shape_counters": "a higher suit counters an equal shape",
    "suit_order": "suit order (high → low)",
    "self_counter": "the declarer may counter themselves (自反)",
    "reinforce_by": "who may reinforce",
    "reinforce_with": "reinforce with",
    "first_hand_window": "counters in the first hand",
    "first_hand_counter_takes_deal": "first-hand counter becomes dealer (反主反打)",
    "deal_passes_to_declarer": "dealer's side declares nothing: the declarer deals (谁亮主谁坐庄)",
    "later_hand_window": "counters in later hands",
    "counter_after_fallback": "a turned card may be countered",
    "fallback": "nobody declares",
    "fallback_kitty_card": "kitty card turned",
    "shorter_tractor": "a longer tractor led, a shorter one held",
    "penalty_per_card": "points per card",
    "penalty_counts": "cards counted",
    "size": "kitty size",
    "multiplier": "multiplier",
    "max_multiplier": "largest multiplier (0: no cap)",
    "side_win_multiplier": "won with side cards (0: as trumps)",
    "start_level": "first level",
    "must_play": "must-play levels (逢N必打)",
    "goal": "end of the match",
    "goal_rank": "goal level",
    "take_over": "level after a take-over (上台)",
    "misplay_levels": "levels lost per misplay",
    "misplay_strikes_to_lose": "misplays that lose the match (0: never)",
    "wrong_card_count": "wrong card count (多牌少牌)",
    "wrong_card_count_levels": "levels for a wrong card count",
    "cards": "cards given after a kitty capture (0: none)",
}


# Closed choices in words a referee reads at the table (the YAML value follows in brackets).
_WORDS: dict[str, str] = {
    "single": "one rank card",
    "pair": "a pair of rank cards",
    "joker_with_single": "joker + rank card",
    "joker_with_pair": "joker + pair of rank cards",
    "two_jokers": "a pair of jokers (无主)",
    "self": "the declarer (自保)",
    "partner": "the partner (对家保)",
    "none": "none",
    "before_pickup": "until the dealer picks up the kitty",
    "after_bury": "after the bury, in turn from the dealer's next player (炒底)",
    "kitty_card": "a kitty card's suit; a joker → no-trump",
    "flipped_card": "the suit of the card flipped before the deal",
    "redeal": "draw for the dealer, else deal again",
    "doubling": "doubling: single 2, pair 4, tractor 8, ×2 per extra pair",
    "power_of_cards": "2^(cards in the unit)",
    "pairs_times_four": "single 2, pair 4, tractor 4 × pairs",
    "power_of_pairs_plus_one": "single 2, pair 4, tractor 2^(pairs+1)",
    "must": "it must be played, longest first, before other pairs",
    "optional": "only a tractor of the led length is owed; else any pairs",
    "withdrawn": "cards that could not be thrown",
    "beaten": "cards that were beaten (被管)",
    "pass": "the first team past the goal level wins",
    "win_as_dealer": "win a hand as dealer at the goal level (报A)",
    "fixed": "fixed result against the side at fault",
    "played_out": "played out; the side at fault loses the hand",
    "own": "the defenders' own level, plus the levels won",
    "over_dealer": "the old dealer's level, +1 for the take-over, plus the levels won",
}


def add_parser(subparsers: Any) -> None:
    """Register ``shengji rules``."""
    parser = subparsers.add_parser(
        "rules",
        help="print a rule set (a preset or a YAML file), or the result of a points total",
        description=(
            "Print a rule set as a referee's reference card, grouped by section, each with "
            f"the seed clause it rests on. Presets: {', '.join(preset_names())}."
        ),
    )
    parser.add_argument("ruleset", metavar="PRESET|FILE", help="a preset name or a YAML file")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    parser.add_argument(
        "--points",
        type=int,
        metavar="N",
        help="print only the result of a hand in which the defenders took N points "
        "(a multiple of 5 from 0 to the most a hand can give under the rule set)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the rule set, or the outcome of ``--points``."""
    rules = load_ruleset(args.ruleset)
    if args.points is not None:
        if not is_possible_total(rules, args.points):
            print(
                f"shengji rules: --points {args.points}: the defenders' total under "
                f"{rules.name} is a multiple of {total_step(rules)} from 0 to "
                f"{max_defenders_total(rules)} (all card points, the kitty at its largest "
                "multiplier, and the failed-throw penalties the dealer side can pay)",
                file=sys.stderr,
            )
            return 2
        result = rules.outcome(args.points)
        if args.json:
            answer = {"points": args.points, "winner": result.winner.value, "levels": result.levels}
            print(json.dumps(answer, ensure_ascii=False))
        else:
            print(format_outcome(rules, args.points, result))
        return 0
    if args.json:
        print(json.dumps(ruleset_to_dict(rules), ensure_ascii=False, indent=2))
    else:
        print(format_ruleset(rules), end="")
    return 0


def format_outcome(rules: Ruleset, points: int, result: Outcome) -> str:
    """One sentence: what a defenders' total gives under ``rules``."""
    head = f"{rules.name}: defenders with {points} points"
    if result.winner is Side.DEALER:
        return f"{head}: the dealer side goes up {_levels(result.levels)}."
    if result.levels == 0:
        return f"{head}: the defenders take over the deal (上台), no level gained."
    return f"{head}: the defenders take over and go up {_levels(result.levels)}."


def _levels(n: int) -> str:
    return f"{n} level" if n == 1 else f"{n} levels"


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return ", ".join(_value(v) for v in value) if value else "none"
    if isinstance(value, StrEnum) and value.value in _WORDS and value.value != "none":
        return f"{_WORDS[value.value]} [{value.value}]"
    return str(value)


def format_table(table: LevelTable) -> list[str]:
    """The level table as lines: a points range and its result."""
    lines = [f"level table: {table.name}"]
    for i, row in enumerate(table.rows):
        last = i == len(table.rows) - 1
        if last:
            span = f"{row.points}+"
        else:
            top = table.rows[i + 1].points - 5
            span = str(row.points) if top == row.points else f"{row.points}–{top}"
        if row.winner is Side.DEALER:
            result = f"dealer +{row.levels}"
        elif row.levels == 0:
            result = "defenders take over (上台)"
        else:
            result = f"defenders +{row.levels}"
        if last and table.step:
            result += f", then +1 per {table.step} points"
        lines.append(f"  {span:>9}  {result}")
    return lines


def _multipliers(rules: Ruleset) -> str:
    units = [("single", 1, 1), ("pair", 2, 1), ("tractor of 2", 2, 2), ("of 3", 2, 3)]
    shown = ", ".join(f"{name} ×{rules.kitty_multiplier(c, p)}" for name, c, p in units)
    return f"multiplier examples: {shown}"


def format_ruleset(rules: Ruleset) -> str:
    """The whole rule set as a reference card, each section with its clauses."""
    out = [f"{rules.name} — {rules.title.en} · {rules.title.zh}", ""]
    out.append(rules.description)
    out.append("Sources: " + "; ".join(rules.sources))
    for key, heading, chinese, clauses in _SECTIONS:
        section = getattr(rules, key)
        out += ["", f"{heading} ({chinese})"]
        for f in dataclasses.fields(section):
            value = getattr(section, f.name)
            if isinstance(value, LevelTable):
                out += ["  " + line for line in format_table(value)]
            else:
                out.append(f"  {_LABELS.get(f.name, f.name)}: {_value(value)}")
        if key == "kitty":
            out.append("  " + _multipliers(rules))
        for rule in clauses:
            clause = rules.clause(rule)
            out.append(f"  § {rule.value} [{clause.ref}] {clause.text}")
    shown = {rule for *_, clauses in _SECTIONS for rule in clauses}
    out += ["", "Deal and play (发牌 · 出牌)"]
    for rule in Rule:
        if rule not in shown:
            clause = rules.clause(rule)
            out.append(f"  § {rule.value} [{clause.ref}] {clause.text}")
    return "\n".join(out) + "\n"
