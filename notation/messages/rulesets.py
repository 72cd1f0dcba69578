"""The messages of what a command reads besides PSN text: a rule-set file
(:mod:`notation.rulesets`: the YAML reader's errors and the rule set's own checks), a
record in its JSON form (:mod:`notation.psn.jsonio`, ``convert --from json``), and a
position ``shengji solve`` is given that the rules cannot reach.

The English is the readers' own words. Three kinds of reason come from code that says
them in English only, and get their Chinese here: the rules core's checks of a rule set
(:func:`check_words`, by the error's key and facts, as a refused bid), the record
model's checks of a node read from JSON (:func:`model_words`) and the game's reasons
for refusing a position (:func:`position_words`).
"""

from __future__ import annotations

import re
from typing import Final

from notation.messages.core import Both, keyed_words, say_cards_in
from notation.messages.replay import violation_message

__all__ = ["CATALOGUE", "CHECKS_ZH", "check_words", "model_words", "position_words"]

CATALOGUE: Final[dict[str, tuple[str, str]]] = {
    # --- shared by the YAML and the JSON readers ------------------------------------------
    # where: a dotted key (kitty.size) or a path (hands[0].deal); text: what is wrong there
    "value.at": ("{where}: {text}", "{where}：{text}"),
    "value.expected": ("expected {what}, found {kind}", "应当是{what}，却是{kind}"),
    "value.one-of": ("one of {choices}", "以下之一：{choices}"),
    "value.did-you-mean": (" (did you mean {name}?)", "（是不是 {name}？）"),
    # --- a rule-set file (notation/rulesets.py) --------------------------------------------
    # problem: the YAML library's words, quoted in Chinese
    "yaml.malformed": ("malformed YAML: {problem}", "YAML 格式错误：{problem}"),
    "yaml.unreadable": ("malformed YAML", "无法解析"),
    "yaml.empty": ("the file is empty: expected a rule set", "文件是空的：应当是一个规则集"),
    "yaml.aliases": (
        "more than {n} values: aliases (*name) expand too far for a rule set",
        "超过 {n} 个值：别名（*name）展开得太多，规则集不会这么大",
    ),
    "yaml.plain-key": ("a key must be a plain name", "键必须是一个普通的名字"),
    "yaml.duplicate-key": ("duplicate key {name}", "键 {name} 重复了"),
    "yaml.bad-value": ("bad value: {problem}", "值不对：“{problem}”"),
    "yaml.too-deep": (
        "lists and mappings nested deeper than {n}: not a rule set",
        "列表和映射嵌套超过 {n} 层：这不是规则集",
    ),
    "yaml.unknown-key": (
        "unknown key {name} in {where}{hint}: expected one of {known}",
        "{where}里没有键 {name}{hint}：可用的键有 {known}",
    ),
    "yaml.the-rule-set": ("the rule set", "规则集"),
    "yaml.section": ("section {name}", "{name} 部分"),
    "yaml.clause": ("clause {name}", "{name} 条款"),
    "yaml.missing-field": ("missing field {path} in {where}", "{where}缺少字段 {path}"),
    "yaml.missing-en": (
        "missing field {path}: the rule in English",
        "缺少字段 {path}：规则的英文文字",
    ),
    "yaml.not-rank": (
        "{value} is not a rank: expected 2..10, J, Q, K or A",
        "{value} 不是级别：应当是 2..10、J、Q、K 或 A",
    ),
    "yaml.unknown-value": (
        "unknown value {value}: expected one of {choices}",
        "没有 {value} 这个值：应当是以下之一：{choices}",
    ),
    "yaml.quote-needs-doc": (
        "a quote or section needs doc, the title of the document it is from",
        "有 quote 或 section 就要有 doc，即它所出自的文件的标题",
    ),
    "yaml.no-clause": ("no clause for rule {rules}", "缺少规则 {rules} 的条款"),
    "yaml.own-base": ("{name} is its own base", "{name} 以它自己为基础（base）"),
    # what a key expects (value.expected's {what})
    "yaml.want.list": ("a list", "列表"),
    "yaml.want.mapping": ("a mapping", "映射"),
    "yaml.want.bool": ("true or false", " true 或 false"),  # 应当是 true …
    "yaml.want.int": ("a whole number", "整数"),
    "yaml.want.text": ("text", "文字"),
    "yaml.want.rank": ("a rank 2..A", "级别 2..A"),
    "yaml.want.single": ("a single value", "单个值"),
    "yaml.want.table": (
        "a table name (forty, twenty, super) or a mapping with name, rows and step",
        "级别表的名字（forty、twenty、super），或含 name、rows 和 step 的映射",
    ),
    "yaml.want.clause": ("a mapping with ref and text", "含 ref 和 text 的映射"),
    "yaml.want.clause-text": ("the rule's text, or en and zh", "规则的文字，或 en 和 zh"),
    "yaml.want.clauses": ("a mapping of rule ids", "以规则编号为键的映射"),
    "yaml.want.ruleset": ("a rule set (a mapping of sections)", "规则集（各部分组成的映射）"),
    "yaml.want.preset": ("a preset name", "预设规则的名字"),
    # what was found instead (value.expected's {kind})
    "yaml.kind.mapping": ("a mapping", "映射"),
    "yaml.kind.list": ("a list", "列表"),
    "yaml.kind.null": ("nothing (null)", "空值（null）"),
    "yaml.kind.bool": ("a yes/no value ({value})", "是非值（{value}）"),
    "yaml.kind.number": ("a number ({value})", "数字（{value}）"),
    "yaml.kind.value": ("{type} {value}", "{type} {value}"),
    # --- a record in JSON (notation/psn/jsonio.py) ----------------------------------------
    "psnjson.not-json": (
        "not JSON: {why} at line {line} column {column}",
        "不是 JSON：第 {line} 行第 {column} 列{why}",
    ),
    "psnjson.too-deep": (
        "not JSON a record can be: lists or objects nested too deeply",
        "不能作为记录的 JSON：列表或对象嵌套太深",
    ),
    "psnjson.long-number": (
        "not JSON a record can be: a number of {digits} digits",
        "不能作为记录的 JSON：一个 {digits} 位的数字",
    ),
    "psnjson.not-psn": (
        'not a PSN JSON document: expected {{"format": "psn", ...}}',
        '不是 PSN 的 JSON 文档：应当是 {{"format": "psn", ...}}',
    ),
    "psnjson.version": (
        "PSN JSON version {version} is not supported",
        "不支持 PSN JSON 的版本 {version}",
    ),
    "psnjson.unknown-field": (
        "unknown field {field}{hint}: expected {fields}",
        "没有字段 {field}{hint}：可用的字段有 {fields}",
    ),
    "psnjson.card-kind": (
        'expected a card like "S10", found {kind}',
        '应当是牌，如 "S10"，却是{kind}',
    ),
    "psnjson.unknown-card": (
        "unknown card {token}: expected a card like S10, BJ",
        "没有 {token} 这张牌：牌写作 S10、BJ 这样",
    ),
    "psnjson.no-moves": ("a hand with neither headers nor moves", "这一局既没有标头也没有着法"),
    "psnjson.trick-in-auction": (
        "a trick cannot stand in the auction",
        "叫牌（auction）里不能有轮次",
    ),
    "psnjson.only-tricks": (
        "only tricks stand in the tricks list",
        "tricks 列表里只能有轮次",
    ),
    "psnjson.needs-header": (
        "every hand but the first needs a header: in PSN text a hand starts at its headers",
        "除第一局外，每一局都要有标头：在 PSN 文本里，一局从它的标头开始",
    ),
    "psnjson.hand-differs": (
        "this hand would not read back the same from its PSN text",
        "这一局写成 PSN 文本后，读回来会不一样",
    ),
    "psnjson.hands-differ": (
        "these hands would not read back the same from their PSN text",
        "这几局写成 PSN 文本后，读回来会不一样",
    ),
    "psnjson.want.number": ("a number {low} to {high}", "数字 {low} 到 {high}"),
    "psnjson.want.seat": ("a seat 1 to 4", "座位 1 到 4"),
    "psnjson.want.header": ("[tag, value]", " [tag, value]"),
    "psnjson.want.four-hands": (
        "four hands (null for one not recorded)",
        "四手牌（没有记录的一手写 null）",
    ),
    "psnjson.want.deal": ("hands or deck", " hands 或 deck"),
    "psnjson.list.hands": ("a list of hands", "各局的列表"),
    "psnjson.list.cards": ("a list of cards", "牌的列表"),
    "psnjson.list.events": ("a list of events", "事件的列表"),
    "psnjson.list.tricks": ("a list of tricks", "轮次的列表"),
    "psnjson.list.plays": ("a list of plays", "出牌的列表"),
    "psnjson.list.comments": ("a list of comments", "评注的列表"),
    "psnjson.list.headers": ("a list of headers", "标头的列表"),
    "psnjson.list.four-hands": ("a list of four hands", "四手牌的列表"),
    "psnjson.list.numbers": ("a list of numbers", "数字的列表"),
    "psnjson.list.variations": ("a list of variations", "变着的列表"),
}


# --- the rules core's checks of a rule set (notation.rules.ruleset.RulesetCheckError) --

# In Chinese by the error's key; the ``{names}`` are its facts (a list is joined by 、).
CHECKS_ZH: Final[dict[str, str]] = {
    "outcome-levels": "升级数是 0 或更多，而不是 {levels}",
    "dealer-levels": "庄家方赢，至少要升一级",
    "threshold": "分数线是 5 的倍数，0 或更多，而不是 {points}",
    "no-rows": "级别表至少要有一行",
    "first-row": "级别表的第一行从 0 分开始",
    "thresholds-up": "分数线必须越来越高：{later} 排在了 {earlier} 之后",
    "step": "step 是 0 或 5 的正倍数，而不是 {step}",
    "grows": "超出最后一行还继续升级的表，最后一行必须是闲家（defenders）",
    "no-table": "没有级别表 {name!r}：已有的表是 {known}",
    "declare-with": "declare_with 至少要有一种牌型",
    "suit-order": "suit_order 要把 BJ、LJ、S、H、C、D 各列一次",
    "two-jokers": "declare_with 里有 two_jokers，就要有 direct_no_trump: true",
    "fallback-card": "fallback_kitty_card 是 1 到 8",
    "penalty-per-card": "penalty_per_card 是 0 或更多",
    "kitty-size": "底牌是 {deck} 张牌平均发给四家后剩下的牌（8、4、12……），而不是 {size} 张",
    "multipliers": "倍数是 0（不用）或正数",
    "penalty-counts": "罚的级数和次数是 0 或更多",
    "fixed-count-levels": "多牌少牌按固定升级处理（fixed）时，升的级数至少为 1",
    "tribute": "进贡的牌数是 0 或更多",
    "no-clauses": "规则集 {name!r} 缺少这些规则的条款：{missing}",
}


def check_words(error: Exception) -> Both:
    """A check of the rules core that a rule set fails (``RulesetCheckError``) in both
    languages: its own words in English, in Chinese the same from its key and facts."""
    return keyed_words(error, CHECKS_ZH, _listed) or Both(str(error), "这些取值互相矛盾")


def _listed(name: str, value: object) -> str:
    """A fact of a rule set's check in Chinese words: a list joined by 、."""
    return "、".join(map(str, value)) if isinstance(value, tuple) else str(value)


# --- the record model's checks of a node (notation.psn.model) ------------------------------

# A node read from JSON that the model refuses: its English reason → Chinese.
_MODEL_ZH: Final[dict[str, str]] = {
    "nag": "$n 符号是 0 或更大的数字",
    "comment-brace": "评注里不能有 '}}'",
    "tag": "标头的名字只能由字母、数字和 _ 组成：{tag}",
    "one-line": "标头 {tag}：值只能有一行",
    "comment-cr": "评注的行尾只能是换行符，不能有回车符（\\r）",
    "comment-surrogate": "评注：{code} 只是半个字符（孤立的代理项），不是文件能保存的文字",
    "header-surrogate": "标头 {tag}：{code} 只是半个字符（孤立的代理项），不是文件能保存的文字",
    "deal-four": "发牌有四手牌",
    "deal-empty": "发牌至少要记录一手牌或底牌",
    "needs-card": "{holder}至少要有一张牌",
    "hand-empty": "{seat} 号位的手牌至少要有一张牌",
    "draw": "抓牌数是 0 或更多",
    "blocker": "只有甩牌失败才有管住它的座位",
    "trick-number": "轮次从 1 开始编号",
    "trick-plays": "一轮有一到四手出牌",
    "variation": "变着里至少要有一个事件",
    "level-change": "升级要写明哪一方、升几级",
    "kitty-points": "有底牌倍数就要有底分",
    "negative": "分数和倍数是 0 或更多",
}
# What may need a card (``ModelError`` ``needs-card``'s holder), in Chinese.
_HOLDERS_ZH: Final[dict[str, str]] = {
    "bid": "叫牌",
    "fallback": "无人叫主时的定主",
    "bury": "扣底",
    "play": "出牌",
    "throw": "甩牌",
    "deck": "牌堆",
    "kitty": "底牌",
    "held": "拿底后的手牌",
}


def model_words(error: Exception) -> Both:
    """Why the record model refuses a node (a ``ModelError``: its English, and the same
    in Chinese from its key and facts) in both languages."""
    said = keyed_words(error, _MODEL_ZH, _model_fact_zh)
    return said or Both(str(error), "记录里的这一项不成立")


def _model_fact_zh(name: str, value: object) -> str:
    return _HOLDERS_ZH[str(value)] if name == "holder" else str(value)


# --- a position the rules cannot reach (notation.rules.game.GameError) -------------------


# The game's reasons (``GameError.key``) in Chinese; the ``{names}`` are the error's facts
# (seats, cards, counts); its English is the exception's own text.
_GAME_ZH: Final[dict[str, str]] = {
    "seats": "庄家和首引的座位只能是 1、2、3 或 4 号位",
    "trick-over": "桌上这一轮已有四手牌，已经结束了：请给出这一轮之后、由赢家首引的局面",
    "sizes": "每一轮开始时，各家手里的牌应当一样多（算上这一轮已出的牌）：{sizes}",
    "empty": "每一家的手牌都是空的：这一局已经结束，没有牌可出",
    "too-many": "手牌和底牌里的 {cards} 超过了两张",
    "throw-fails": (
        "{leader} 号位甩 {lead} 失败（{by} 号位管得住 {forced}）：这一轮的首引是被迫出的 {forced}"
    ),
    "hands": "一个局面有四家的手牌，而不是 {n} 家",
    "over": "这一局已经结束：没有人要出牌",
    "not-over": "这一局还没有结束：结果还不知道",
    "turn": "{seat} 号位出了牌，但该 {turn} 号位出",
    "forced": "记录里被迫出的牌不是规则规定的那几张",
}


def _game_fact_zh(name: str, value: object) -> str:
    """One fact of a game error in Chinese words: cards with their symbols, hand sizes."""
    if name == "sizes" and isinstance(value, tuple):
        return "、".join(f"{seat} 号位 {n} 张" for seat, n in value)
    if isinstance(value, tuple):
        return say_cards_in(value, "zh")
    return str(value)


def position_words(error: Exception) -> Both:
    """Why the rules cannot reach a position (a ``GameError``: its English) in both
    languages: a broken rule of a play as the referee says it, another reason by its kind."""
    text = str(error)
    violations = getattr(error, "violations", ())
    seat = re.match(r"Seat (\d)\b", text)
    if violations and seat is not None:
        return Both(text, violation_message(violations[0], int(seat[1])).render("zh"))
    return keyed_words(error, _GAME_ZH, _game_fact_zh) or Both(text, "规则到不了这个局面")
