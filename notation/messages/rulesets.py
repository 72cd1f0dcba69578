"""The messages of what a command reads besides PSN text: a rule-set file
(:mod:`notation.presets`, the YAML reader's errors) and a record in its JSON form
(:mod:`notation.psn.jsonio`, ``convert --from json``). The rule set's own checks, the
record model's and the game's reasons are :mod:`notation.messages.reasons`.
"""

from __future__ import annotations

from typing import Final

from notation.messages.core import Message, msg
from notation.programs import kept_regexp

__all__ = ["CATALOGUE", "yaml_words"]

CATALOGUE: Final[dict[str, tuple[str, str]]] = {
    # --- shared by the YAML and the JSON readers ------------------------------------------
    # where: a dotted key (kitty.size) or a path (hands[0].deal); text: what is wrong there
    "value.at": ("{where}: {text}", "{where}：{text}"),
    "value.expected": ("expected {what}, found {kind}", "应当是{what}，却是{kind}"),
    "value.one-of": ("one of {choices}", "以下之一：{choices}"),
    "value.did-you-mean": (" (did you mean {name}?)", "（是不是 {name}？）"),
    # --- a rule-set file (notation/presets/) -----------------------------------------------
    # problem: the YAML library's words, quoted in Chinese
    "yaml.malformed": ("malformed YAML: {problem}", "YAML 格式错误：{problem}"),
    "yaml.problem": ("{problem}", "“{problem}”"),
    # the YAML library's words for what it could not read (its English, with our Chinese)
    "yaml.why.mapping-here": (
        "mapping values are not allowed here",
        "这里不能有键值（冒号后少了空格，或缩进不对？）",
    ),
    "yaml.why.token-start": (
        "found character {char} that cannot start any token",
        "字符 {char} 不能出现在这里",
    ),
    "yaml.why.block-end": (
        "expected <block end>, but found {token}",
        "缩进不对：这里不应出现 {token}",
    ),
    "yaml.why.flow-end": (
        "expected ',' or {close}, but got {token}",
        "应当是逗号或 {close}，却是 {token}",
    ),
    "yaml.why.stream-end": ("found unexpected end of stream", "文件意外结束（引号没有配对？）"),
    "yaml.why.alias": ("found undefined alias {name}", "别名 {name} 没有定义"),
    "yaml.why.escape": ("found unknown escape character {char}", "不认识的转义字符 {char}"),
    "yaml.why.colon": ("could not find expected ':'", "缺少冒号 ':'"),
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
    # the other values YAML reads, by their Python type's name
    "yaml.type.str": ("str", "文字"),
    "yaml.type.float": ("float", "小数"),
    "yaml.type.date": ("date", "日期"),
    "yaml.type.datetime": ("datetime", "日期时间"),
    "yaml.text-key": ("{key}.text", "{key}.text "),  # 'x.text 里没有键
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


# The YAML library's problems (its English, as PyYAML writes it), each a message of the
# catalogue above with the values it quotes.
_YAML_PROBLEMS: Final = (
    (kept_regexp(r"mapping values are not allowed here"), "mapping-here", ()),
    (kept_regexp(r"found character (.+) that cannot start any token"), "token-start", ("char",)),
    (kept_regexp(r"expected <block end>, but found (.+)"), "block-end", ("token",)),
    (kept_regexp(r"expected ',' or (.+), but got (.+)"), "flow-end", ("close", "token")),
    (kept_regexp(r"found unexpected end of stream"), "stream-end", ()),
    (kept_regexp(r"found undefined alias (.+)"), "alias", ("name",)),
    (kept_regexp(r"found unknown escape character (.+)"), "escape", ("char",)),
    (kept_regexp(r"could not find expected ':'"), "colon", ()),
)


def yaml_words(problem: str) -> Message:
    """What the YAML library could not read, by the catalogue's ``yaml.why.*`` whose
    English it is; another (a newer PyYAML's), quoted as it is (``yaml.problem``)."""
    for pattern, key, names in _YAML_PROBLEMS:
        found = pattern.fullmatch(problem)
        if found is not None:
            return msg(f"yaml.why.{key}", **dict(zip(names, found.groups(), strict=True)))
    return msg("yaml.problem", problem=problem)
