"""``shengji rules``: print a rule set as a referee's reference card, or score a total."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from enum import StrEnum
from typing import Any

from notation.cli.language import said
from notation.messages import Seq, msg
from notation.rules.clauses import Rule, rule_name
from notation.rules.ruleset import BidSuit, LevelTable, Outcome, Ruleset, Side
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

# Each field's label: English, Chinese.
_LABELS: dict[str, tuple[str, str]] = {
    "permanent_twos": ("every 2 is trump (2为常主)", "2为常主"),
    "rank_above_jokers": ("rank cards above the jokers", "级牌大于王"),
    "declare_with": ("declare with", "报主用"),
    "direct_no_trump": ("jokers may declare no-trump directly", "可直接用对王亮无主"),
    "counter_with": ("counter with", "反主用"),
    "equal_shape_counters": ("a higher suit counters an equal shape", "同样牌型花色大者可反"),
    "suit_order": ("suit order (high → low)", "花色顺序（从大到小）"),
    "self_counter": ("the declarer may counter themselves (自反)", "可以自反"),
    "reinforce_by": ("who may reinforce", "谁可加固"),
    "reinforce_with": ("reinforce with", "加固用"),
    "first_hand_window": ("counters in the first hand", "第一局反主"),
    "first_hand_counter_takes_deal": (
        "first-hand counter becomes dealer (反主反打)",
        "第一局反主者坐庄（反主反打）",
    ),
    "deal_passes_to_declarer": (
        "dealer's side declares nothing: the declarer deals (谁亮主谁坐庄)",
        "庄家方亮不起主时谁亮主谁坐庄",
    ),
    "later_hand_window": ("counters in later hands", "以后各局反主"),
    "counter_after_fallback": ("a turned card may be countered", "翻牌定的主可以反"),
    "fallback": ("nobody declares", "无人亮主"),
    "fallback_kitty_card": ("kitty card turned", "翻底牌第几张"),
    "shorter_tractor": ("a longer tractor led, a shorter one held", "首家出长拖拉机，手中只有短的"),
    "penalty_per_card": ("points per card", "每张罚分"),
    "penalty_counts": ("cards counted", "计罚的牌"),
    "size": ("kitty size", "底牌张数"),
    "multiplier": ("multiplier", "倍数"),
    "max_multiplier": ("largest multiplier (0: no cap)", "最高倍数（0：不封顶）"),
    "side_win_multiplier": ("won with side cards (0: as trumps)", "副牌抠底倍数（0：同主牌）"),
    "start_level": ("first level", "起打级"),
    "must_play": ("must-play levels (逢N必打)", "必打级（逢N必打）"),
    "goal": ("end of the match", "比赛结束"),
    "goal_rank": ("goal level", "目标级"),
    "take_over": ("level after a take-over (上台)", "上台后的级别"),
    "misplay_levels": ("levels lost per misplay", "每次出错牌降级"),
    "misplay_strikes_to_lose": (
        "misplays that lose the match (0: never)",
        "累计几次判负（0：不判负）",
    ),
    "wrong_card_count": ("wrong card count (多牌少牌)", "多牌少牌"),
    "wrong_card_count_levels": ("levels for a wrong card count", "多牌少牌升降级数"),
    "cards": ("cards given after a kitty capture (0: none)", "抠底后进贡张数（0：不进贡）"),
}


# Closed choices in words a referee reads at the table (the YAML value follows in brackets).
_WORDS: dict[str, tuple[str, str]] = {
    "single": ("one rank card", "一张级牌"),
    "pair": ("a pair of rank cards", "一对级牌"),
    "joker_with_single": ("joker + rank card", "王带一张级牌"),
    "joker_with_pair": ("joker + pair of rank cards", "王带一对级牌"),
    "two_jokers": ("a pair of jokers (无主)", "一对王（无主）"),
    "self": ("the declarer (自保)", "亮主者（自保）"),
    "partner": ("the partner (对家保)", "对家（对家保）"),
    "none": ("none", "无"),
    "before_pickup": ("until the dealer picks up the kitty", "庄家拿底牌之前"),
    "after_bury": (
        "after the bury, in turn from the dealer's next player (炒底)",
        "扣底之后，从庄家下家起依次（炒底）",
    ),
    "kitty_card": ("a kitty card's suit; a joker → no-trump", "底牌中一张的花色；王则无主"),
    "flipped_card": ("the suit of the card flipped before the deal", "发牌前翻出的牌的花色"),
    "redeal": ("draw for the dealer, else deal again", "抽牌定庄，不成则重新发牌"),
    "doubling": (
        "doubling: single 2, pair 4, tractor 8, ×2 per extra pair",
        "翻倍：单张2，对子4，拖拉机8，每多一对×2",
    ),
    "power_of_cards": ("2^(cards in the unit)", "2的张数次方"),
    "pairs_times_four": ("single 2, pair 4, tractor 4 × pairs", "单张2，对子4，连对4×对数"),
    "power_of_pairs_plus_one": (
        "single 2, pair 4, tractor 2^(pairs+1)",
        "单张2，对子4，拖拉机2的（对数+1）次方",
    ),
    "must": (
        "it must be played, longest first, before other pairs",
        "必须先出，长的先出，再出其他对子",
    ),
    "optional": (
        "only a tractor of the led length is owed; else any pairs",
        "只须跟同样长的拖拉机；否则跟任意对子",
    ),
    "withdrawn": ("cards that could not be thrown", "甩不出去的牌"),
    "beaten": ("cards that were beaten (被管)", "被管的牌"),
    "pass": ("the first team past the goal level wins", "先过目标级者胜"),
    "win_as_dealer": ("win a hand as dealer at the goal level (报A)", "在目标级坐庄打过（报A）"),
    "fixed": ("fixed result against the side at fault", "按固定结果判出错方"),
    "played_out": ("played out; the side at fault loses the hand", "打完本局，出错方判负"),
    "own": ("the defenders' own level, plus the levels won", "闲家自己的级别加上所升级数"),
    "over_dealer": (
        "the old dealer's level, +1 for the take-over, plus the levels won",
        "原庄家级别，上台加1，再加所升级数",
    ),
}

# The card's own words: English, Chinese.
_CARD: dict[str, tuple[str, str]] = {
    "sources": ("Sources: ", "出处："),
    "play": ("Deal and play (发牌 · 出牌)", "发牌 · 出牌"),
    "yes": ("yes", "是"),
    "no": ("no", "否"),
    "table": ("level table: {name}", "升级表：{name}"),
    "dealer": ("dealer +{n}", "庄家升{n}级"),
    "take_over": ("defenders take over (上台)", "闲家上台"),
    "defenders": ("defenders +{n}", "闲家升{n}级"),
    "step": (", then +1 per {step} points", "，以后每{step}分多升1级"),
    "examples": ("multiplier examples: {shown}", "倍数举例：{shown}"),
    "single": ("single", "单张"),
    "pair": ("pair", "对子"),
    "tractor of 2": ("tractor of 2", "两对拖拉机"),
    "of 3": ("of 3", "三对"),
}


# The suits of the bidding order in Chinese (BJ, LJ, S ... read as they are in English).
_SUITS_ZH: dict[str, str] = {
    "BJ": "大王",
    "LJ": "小王",
    "S": "黑桃",
    "H": "红桃",
    "C": "梅花",
    "D": "方片",
}


def _say(lang: str, words: tuple[str, str]) -> str:
    return words[1] if lang == "zh" else words[0]


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
        return _say(lang, _CARD["yes" if value else "no"])
    if isinstance(value, tuple):
        shown = [_value(v, lang) for v in value]
        return ("、" if lang == "zh" else ", ").join(shown) if value else _say(lang, _WORDS["none"])
    if isinstance(value, BidSuit) and lang == "zh":
        return _SUITS_ZH[value.value]
    if isinstance(value, StrEnum) and value.value in _WORDS:
        words = _say(lang, _WORDS[value.value])
        return words if value.value == "none" else f"{words} [{value.value}]"
    return str(value)


def format_table(table: LevelTable, lang: str = "en") -> list[str]:
    """The level table as lines: a points range and its result."""
    lines = [_say(lang, _CARD["table"]).format(name=table.name)]
    for i, row in enumerate(table.rows):
        last = i == len(table.rows) - 1
        if last:
            span = f"{row.points}+"
        else:
            top = table.rows[i + 1].points - 5
            span = str(row.points) if top == row.points else f"{row.points}–{top}"
        if row.winner is Side.DEALER:
            result = _say(lang, _CARD["dealer"]).format(n=row.levels)
        elif row.levels == 0:
            result = _say(lang, _CARD["take_over"])
        else:
            result = _say(lang, _CARD["defenders"]).format(n=row.levels)
        if last and table.step:
            result += _say(lang, _CARD["step"]).format(step=table.step)
        lines.append(f"  {span:>9}  {result}")
    return lines


def _multipliers(rules: Ruleset, lang: str) -> str:
    units = [("single", 1, 1), ("pair", 2, 1), ("tractor of 2", 2, 2), ("of 3", 2, 3)]
    shown = ("、" if lang == "zh" else ", ").join(
        f"{_say(lang, _CARD[name])} ×{rules.kitty_multiplier(c, p)}" for name, c, p in units
    )
    return _say(lang, _CARD["examples"]).format(shown=shown)


def _clause_line(rules: Ruleset, rule: Rule, lang: str) -> str:
    """``§ follow.pair: <the citation>`` (in Chinese the rule's name)."""
    cited = rules.clause(rule).cite(lang)
    if lang == "zh":
        return f"  § {rule_name(rule, lang)}：{cited}"
    return f"  § {rule.value}: {cited}"


def format_ruleset(rules: Ruleset, lang: str = "en") -> str:
    """The whole rule set as a reference card, each section with its clauses."""
    if lang == "zh":
        out = [f"{rules.name} — {rules.title.zh}", ""]
        documents = "、".join(f"《{doc.zh}》" for doc in rules.documents())
    else:
        out = [f"{rules.name} — {rules.title.en} · {rules.title.zh}", ""]
        documents = "; ".join(f'"{doc.en}" ({doc.zh})' for doc in rules.documents())
    out.append(rules.description.get(lang))
    out.append(_say(lang, _CARD["sources"]) + (documents or "; ".join(rules.sources)))
    for key, heading, chinese, clauses in _SECTIONS:
        section = getattr(rules, key)
        out += ["", chinese if lang == "zh" else f"{heading} ({chinese})"]
        for f in dataclasses.fields(section):
            value = getattr(section, f.name)
            if isinstance(value, LevelTable):
                out += ["  " + line for line in format_table(value, lang)]
            else:
                label = _say(lang, _LABELS[f.name]) if f.name in _LABELS else f.name
                colon = "：" if lang == "zh" else ": "
                out.append(f"  {label}{colon}{_value(value, lang)}")
        if key == "kitty":
            out.append("  " + _multipliers(rules, lang))
        out += [_clause_line(rules, rule, lang) for rule in clauses]
    shown = {rule for *_, clauses in _SECTIONS for rule in clauses}
    out += ["", _say(lang, _CARD["play"])]
    out += [_clause_line(rules, rule, lang) for rule in Rule if rule not in shown]
    return "\n".join(out) + "\n"
