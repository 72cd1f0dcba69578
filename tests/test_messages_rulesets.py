"""What a command reads besides PSN, in Chinese: a rule-set file's errors (the YAML
reader's and the rule set's own checks), a JSON record's (``convert --from json``) and a
position ``solve`` cannot take. Each is said in Chinese with no English sentence in it
(``english_in``) once the user's own words are taken out: the file's path, its keys and
paths (``kitty.size``, ``hands[0].deal``) and the values it holds, quoted. The English
is the readers' own, unchanged (``tests/test_presets.py``,
``tests/test_psn_roundtrip.py``, ``tests/test_solve_cli.py``).
"""

from __future__ import annotations

import io
import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from notation.cli import main
from notation.lines.solve import SolveError, solve_request
from notation.messages import error_message, error_words, keys, param_names, template
from notation.presets import RulesetError, load_ruleset, ruleset_from_text
from notation.psn import from_json, model
from notation.psn.jsonio import JSONFormatError
from notation.psn.model import Comment, Deal, Header, KittyExchange, ModelError, Trick
from notation.resources import presets_dir
from notation.rules.cards import parse_cards
from notation.rules.ruleset import LevelTable, Outcome, RulesetCheckError, Side
from tests.test_messages import english_in
from tests.test_messages_commands import SOLVE
from tests.test_psn_roundtrip import BAD_JSON, broken

QQ_TEXT = (presets_dir() / "qq.yaml").read_text(encoding="utf-8")

# A key or a path of the user's file: kitty.size, clauses.throw.penalty.text.en,
# match.must_play[0], hands[0].tricks[0].plays[0].cards.
_KEY_PATH = re.compile(r"[A-Za-z_]\w*(?:\.\w+|\[\d+\])+")


def _chinese(text: str, *names: str | Path) -> None:
    """``text`` says something in Chinese, and nothing in English but the user's own
    words: the ``names`` given, keys and paths, and quoted values."""
    assert re.search(r"[\u4e00-\u9fff]", text), text
    for name in sorted(map(str, names), key=len, reverse=True):
        text = text.replace(name, " ")
    assert english_in(_KEY_PATH.sub(" ", text)) is None, text


def _error(text: str) -> RulesetError:
    with pytest.raises(RulesetError) as info:
        ruleset_from_text(text, "house.yaml")
    return info.value


def _table(rows: str, step: int = 0) -> str:
    return (
        f"base: qq\nscoring:\n  level_table:\n    name: house\n    rows: [{rows}]\n"
        f"    step: {step}\n"
    )


_QQ_WITHOUT_CLAUSE = QQ_TEXT[: QQ_TEXT.index("  match.card_count:")]
_ALIASES = "\n".join(
    ["base: qq", "a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    + [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
)

# A broken rule set, and what its error says in Chinese: every kind of error.
BAD_YAML = [
    ("base: qq\nkitty:\n  size: [8\n", "YAML 格式错误：应当是逗号或 ']'"),
    ("base: qq\nkitty:\n\tsize: 8\n", "YAML 格式错误：字符 '\\t' 不能出现在这里"),
    ("", "文件是空的：应当是一个规则集"),
    (_ALIASES, "超过 20000 个值：别名（*name）展开得太多"),
    ("base: qq\n[a, b]: 1\n", "键必须是一个普通的名字"),
    ("base: qq\nname: a\nname: b\n", "键 'name' 重复了"),
    ("base: qq\nname: !!python/object:os.system ls\n", "值不对：“"),
    ("base: qq\nname: " + "[" * 40 + "]" * 40 + "\n", "列表和映射嵌套超过 32 层：这不是规则集"),
    (
        "base: qq\nkity:\n  size: 8\n",
        "规则集里没有键 'kity'（是不是 'kitty'？）：可用的键有 name、",
    ),
    ("base: qq\nkitty:\n  multiplyer: doubling\n", "'kitty' 部分里没有键 'multiplyer'"),
    ("base: qq\nkitty:\n  size: eight\n", "kitty.size：应当是整数，却是文字 'eight'"),
    ("base: qq\ncards:\n  permanent_twos: 2\n", "：应当是 true 或 false，却是数字（2）"),
    ("base: qq\nthrow:\n  penalty_per_card: yes\n", "应当是整数，却是是非值（true）"),
    ("base: qq\nname: 5\n", "name：应当是文字，却是数字（5）"),
    ("base: qq\nname: 1.5\n", "name：应当是文字，却是小数 1.5"),
    ("base: qq\nname: ~\n", "name：应当是文字，却是空值（null）"),
    ("base: qq\nthrow: 10\n", "throw：应当是映射，却是数字（10）"),
    ("base: qq\nbidding:\n  declare_with: single\n", "应当是列表，却是文字 'single'"),
    ("base: qq\nkitty:\n  size: [8]\n", "kitty.size：应当是整数，却是列表"),
    ("base: qq\nkitty:\n  multiplier: {a: 1}\n", "应当是以下之一：doubling、power_of_cards"),
    ("base: qq\nkitty:\n  multiplier: 5\n", "应当是以下之一：doubling、"),
    ("base: qq\nkitty:\n  multiplier: tripling\n", "没有 'tripling' 这个值：应当是以下之一："),
    ("base: qq\nmatch:\n  must_play: [11]\n", "match.must_play[0]：11 不是级别：应当是 2..10、J"),
    ("base: qq\nmatch:\n  start_level: 1.5\n", "match.start_level：应当是级别 2..A，却是小数 1.5"),
    ("base: qq\ncards:\n  permanent_twos: [1]\n", "应当是 true 或 false，却是列表"),
    ("base: qq\nname: [1]\n", "name：应当是单个值，却是列表"),
    (QQ_TEXT.replace("  size: 8", "", 1), "'kitty' 部分缺少字段 'kitty.size'"),
    (QQ_TEXT.replace("tribute:\n  cards: 0", "", 1), "规则集缺少字段 'tribute'"),
    ("base: qq\nscoring:\n  level_table: fifty\n", "没有级别表 'fifty'：已有的表是 forty、"),
    ("base: qq\nscoring:\n  level_table: [1]\n", "应当是级别表的名字（forty、twenty、super）"),
    ("base: qq\nclauses: 5\n", "clauses：应当是以规则编号为键的映射，却是数字（5）"),
    ('base: qq\nclauses:\n  bid.bogus: {ref: "x", text: "y"}\n', "'clauses' 部分里没有键"),
    (_QQ_WITHOUT_CLAUSE, "clauses：缺少规则 match.card_count 的条款"),
    ("base: qq\nclauses:\n  throw.penalty: 5\n", "应当是含 ref 和 text 的映射"),
    (
        'base: qq\nclauses:\n  throw.penalty: {ref: "x", text: "y", qoute: "z"}\n',
        "'clauses.throw.penalty' 条款里没有键",
    ),
    ('base: qq\nclauses:\n  throw.penalty: {ref: "x", text: "y", quote: "z"}\n', "就要有 doc"),
    ('base: qq\nclauses:\n  throw.penalty: {ref: "x", text: {zh: "y"}}\n', "规则的英文文字"),
    ('base: qq\nclauses:\n  throw.penalty: {ref: "x", text: {en: "y", fr: "z"}}\n', "没有键 'fr'"),
    ('base: qq\nclauses:\n  throw.penalty: {ref: "x"}\n', "缺少字段 clauses.throw.penalty.text"),
    ('base: qq\nclauses:\n  throw.penalty: {ref: "x", text: [1]}\n', "规则的文字，或 en 和 zh"),
    ("- qq\n", "应当是规则集（各部分组成的映射），却是列表"),
    ("base: [qq]\n", "base：应当是预设规则的名字，却是列表"),
    ("base: qqq\n", "base：没有预设规则 'qqq'（是不是 'qq'？）：预设规则有 "),
    # the rule set's own checks (notation.rules.ruleset)
    (_table("{points: 0, winner: dealer, levels: -1}"), "升级数是 0 或更多，而不是 -1"),
    (_table("{points: 0, winner: dealer, levels: 0}"), "庄家方赢，至少要升一级"),
    (
        _table("{points: 0, winner: dealer, levels: 1}, {points: 7, winner: defenders, levels: 0}"),
        "分数线是 5 的倍数，0 或更多，而不是 7",
    ),
    (_table(""), "级别表至少要有一行"),
    (_table("{points: 5, winner: dealer, levels: 1}"), "级别表的第一行从 0 分开始"),
    (
        _table(
            "{points: 0, winner: dealer, levels: 2}, {points: 80, winner: defenders, levels: 0}, "
            "{points: 40, winner: dealer, levels: 1}"
        ),
        "scoring.level_table：分数线必须越来越高：40 排在了 80 之后",
    ),
    (_table("{points: 0, winner: defenders, levels: 0}", 7), "step 是 0 或 5 的正倍数，而不是 7"),
    (_table("{points: 0, winner: dealer, levels: 1}", 40), "最后一行必须是闲家（defenders）"),
    ("base: qq\nbidding:\n  declare_with: []\n", "declare_with 至少要有一种牌型"),
    ("base: qq\nbidding:\n  suit_order: [BJ, LJ, S, H, C, C]\n", "suit_order 要把 BJ、LJ、S、H"),
    (
        "base: qq\nbidding:\n  declare_with: [two_jokers]\n  direct_no_trump: false\n",
        "declare_with 里有 two_jokers，就要有 direct_no_trump: true",
    ),
    ("base: qq\nbidding:\n  fallback_kitty_card: 9\n", "fallback_kitty_card 是 1 到 8"),
    ("base: qq\nthrow:\n  penalty_per_card: -1\n", "penalty_per_card 是 0 或更多"),
    (
        "base: qq\nkitty:\n  size: 7\n",
        "底牌是 108 张牌平均发给四家后剩下的牌（8、4、12……），而不是 7",
    ),
    ("base: qq\nkitty:\n  max_multiplier: -1\n", "倍数是 0（不用）或正数"),
    ("base: qq\npenalties:\n  misplay_levels: -1\n", "罚的级数和次数是 0 或更多"),
    (
        "base: qq\npenalties:\n  wrong_card_count: fixed\n  wrong_card_count_levels: 0\n",
        "升的级数至少为 1",
    ),
    ("base: qq\ntribute:\n  cards: -1\n", "进贡的牌数是 0 或更多"),
]


@pytest.mark.parametrize(("text", "words"), BAD_YAML, ids=range(len(BAD_YAML)))
def test_a_broken_rule_set_is_said_in_chinese(text: str, words: str) -> None:
    error = _error(text)
    said = error_words(error, "zh")
    head = said.splitlines()[0]  # the file's own line and its caret follow
    assert head.startswith("house.yaml"), said
    assert words in head, said
    _chinese(head, "house.yaml")
    assert error_message(error).render("zh") == head
    # The English is the reader's own words, as before.
    assert str(error).splitlines()[0] == f"{error.location}: {error.message}"
    assert error_words(error, "en") == str(error)


# The same errors in English, the reader's words as they were, and in Chinese.
BOTH = [
    (
        "base: qq\nkitty:\n  size: eight\n",
        "kitty.size: expected a whole number, found str 'eight'",
        "kitty.size：应当是整数，却是文字 'eight'",
    ),
    (
        "base: qq\nkity:\n  size: 8\n",
        "unknown key 'kity' in the rule set (did you mean 'kitty'?): expected one of name, title,",
        "规则集里没有键 'kity'（是不是 'kitty'？）：可用的键有 name、title、",
    ),
    (
        _table("{points: 0, winner: dealer, levels: 0}"),
        "scoring.level_table.rows[0]: the dealer side wins by at least one level",
        "scoring.level_table.rows[0]：庄家方赢，至少要升一级",
    ),
    (
        "base: qq\nkitty:\n\tsize: 8\n",
        "malformed YAML: found character '\\t' that cannot start any token",
        "YAML 格式错误：字符 '\\t' 不能出现在这里",
    ),
]


@pytest.mark.parametrize(("text", "english", "chinese"), BOTH, ids=range(len(BOTH)))
def test_a_broken_rule_set_says_the_same_in_both_languages(
    text: str, english: str, chinese: str
) -> None:
    error = _error(text)
    assert error.message.startswith(english)
    assert error_message(error).render("en") == f"{error.location}: {error.message}"
    assert error_message(error).render("zh").startswith(f"{error.location}: {chinese}")


def test_rules_and_validate_say_a_broken_rule_set_in_chinese(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("base: qq\nkitty:\n  size: 7\n", encoding="utf-8")
    hand = tmp_path / "hand.psn"
    hand.write_text('[Event "x"]\n', encoding="utf-8")
    for command in (["rules", str(path)], ["validate", "--rules", str(path), str(hand)]):
        assert main([*command, "--lang", "zh"]) == 2
        err = capsys.readouterr().err
        head = err.splitlines()[0]
        assert head == (
            f"shengji：{path}:2:1: kitty：底牌是 108 张牌平均发给四家后剩下的牌"
            "（8、4、12……），而不是 7 张"
        ), err
        _chinese(head, path)
        assert main([*command, "--lang", "en"]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"shengji: {path}:2:1: kitty: the kitty holds what is left of")


def test_a_rule_set_the_core_refuses_is_said_in_chinese_through_the_python_api() -> None:
    with pytest.raises(RulesetCheckError) as info:
        replace(load_ruleset("qq"), clauses={})
    assert str(info.value).startswith("rule set 'qq' has no clause for: deal.decks, ")
    said = error_words(info.value, "zh")
    assert said.startswith("规则集 'qq' 缺少这些规则的条款：deal.decks、bid.declare、"), said
    _chinese(said)
    with pytest.raises(RulesetCheckError) as table:
        LevelTable.named("fifty")
    assert str(table.value) == "no level table 'fifty': known tables are forty, twenty, super"
    assert error_words(table.value, "zh") == "没有级别表 'fifty'：已有的表是 forty、twenty、super"
    with pytest.raises(ValueError) as outcome:  # a ValueError, as before
        Outcome(Side.DEALER, 0)
    assert str(outcome.value) == "the dealer side wins by at least one level"
    assert error_words(outcome.value, "zh") == "庄家方赢，至少要升一级"
    assert error_words(outcome.value, "en") == str(outcome.value)


def test_every_check_of_a_rule_set_has_a_chinese_sentence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    checks = {key.removeprefix("ruleset.why.") for key in keys() if key.startswith("ruleset.why.")}
    for key in checks:
        assert (
            english_in(re.sub(r"\{\w+(?:!r)?\}", " ", template(f"ruleset.why.{key}", "zh"))) is None
        )
    # Every check the rules core makes is one a broken rule set above fails (the missing
    # clauses: the Python API's test), and has its words.
    raised: list[str] = []
    made = RulesetCheckError.__init__

    def record(error: RulesetCheckError, key: str, **facts: object) -> None:
        raised.append(key)
        made(error, key, **facts)

    monkeypatch.setattr(RulesetCheckError, "__init__", record)
    for text, _ in BAD_YAML:
        with pytest.raises(RulesetError):
            ruleset_from_text(text)
    assert {*raised, "no-clauses", "unsaid"} == checks


# --- convert --from json -------------------------------------------------------------------

_NOT_JSON = [
    ('{"format": "psn", "version": 1, "hands": ' + "[" * 100_000, "列表或对象嵌套太深"),
    ('{"format": "psn", "version": ' + "9" * 5000 + "}", "一个 5000 位的数字"),
    ("[1, 2]", '不是 PSN 的 JSON 文档：应当是 {"format": "psn", ...}'),
    ("{", "不是 JSON：第 1 行第 2 列缺少用双引号括起的属性名"),
    ('{"format": "psn", "version": "1"}', "不支持 PSN JSON 的版本 '1'"),
]


@pytest.mark.parametrize(("change", "value", "english"), BAD_JSON, ids=[c for c, *_ in BAD_JSON])
def test_a_bad_json_record_is_said_in_chinese(change: str, value: object, english: str) -> None:
    with pytest.raises(JSONFormatError) as info:
        from_json(broken(change, value))
    assert str(info.value).startswith(english)  # the English as before
    said = error_words(info.value, "zh")
    if change != "version":
        assert said.startswith(english.split(":")[0] + "："), said  # the path, as it is
    _chinese(said)


@pytest.mark.parametrize(("text", "words"), _NOT_JSON, ids=range(len(_NOT_JSON)))
def test_a_document_that_is_no_psn_json_is_said_in_chinese(text: str, words: str) -> None:
    with pytest.raises(JSONFormatError) as info:
        from_json(text)
    said = error_words(info.value, "zh")
    assert words in said, said
    _chinese(said)


def test_the_record_models_reasons_have_chinese() -> None:
    # What the model refuses of a node read from JSON (notation/psn/model.py's words).
    h = tuple(parse_cards("SA"))
    for make, english, chinese in (
        (lambda: Deal((None,) * 4), "a deal records at least one hand or the kitty", "发牌至少"),
        (lambda: Deal((h, h, (), h)), "seat 3's hand needs at least one card", "3 号位的手牌至少"),
        (
            lambda: KittyExchange(1, (), held=()),
            "the hand held after the pick-up needs at least one card",
            "拿底后的手牌至少要有一张牌",
        ),
        (
            lambda: Header("Ev ent", "x"),
            "a header tag is letters, digits and _: 'Ev ent'",
            "Ev ent",
        ),
        (
            lambda: Header("Event", "a\nb"),
            "header Event: a value is one line",
            "标头 Event：值只能有一行",
        ),
        (lambda: Comment("a } b"), "a comment cannot contain '}'", "评注里不能有 '}'"),
        (lambda: Trick(0, ()), "tricks are numbered from 1", "轮次从 1 开始编号"),
    ):
        with pytest.raises(ModelError) as info:
            make()
        assert str(info.value) == english
        zh = info.value.text.render("zh")
        assert chinese in zh, zh
        _chinese(zh, "Event", "Ev ent")
    # Every key the model raises has its words.
    source = Path(model.__file__).read_text(encoding="utf-8")
    raised = set(re.findall(r'ModelError\("([a-z-]+)"', source))
    raised |= set(re.findall(r'_check_writable\([^,]+, "([a-z-]+)"', source))
    said = {key.removeprefix("model.why.") for key in keys() if key.startswith("model.why.")}
    assert raised == said - {"unsaid"}


def test_convert_from_json_says_its_errors_in_chinese(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    doc = json.loads(broken("hands[0].tricks[0].plays[0].seat", 7))
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["convert", "--from", "json", str(path), "--lang", "zh"]) == 2
    err = capsys.readouterr().err
    assert err == "shengji：hands[0].tricks[0].plays[0].seat：应当是座位 1 到 4，却是7\n"
    path.write_text('{"format": "psn", "version": 2}', encoding="utf-8")
    assert main(["convert", "--from", "json", str(path), "--lang", "zh"]) == 2
    assert capsys.readouterr().err == "shengji：不支持 PSN JSON 的版本 2\n"
    assert main(["convert", "--from", "json", str(path), "--lang", "en"]) == 2
    assert capsys.readouterr().err == "shengji: PSN JSON version 2 is not supported\n"


# --- solve ---------------------------------------------------------------------------------

_EMPTY: dict[str, list[str]] = {"1": [], "2": [], "3": [], "4": []}

# A position the rules cannot reach, what it says in English and in Chinese.
BAD_POSITIONS: list[tuple[dict[str, Any], str, str]] = [
    (
        {"hands": {**SOLVE["hands"], "1": ["SA", "S3", "S6"]}},
        "every seat holds as many cards as the others when a trick begins",
        "每一轮开始时，各家手里的牌应当一样多（算上这一轮已出的牌）：1 号位 3 张、2 号位 2 张",
    ),
    (
        {"hands": {**SOLVE["hands"], "1": []}, "trick": [["SA", "S3"]]},
        "seat 1's throw S3 SA fails (seat 2 can beat S3)",
        "1 号位甩 ♠3 ♠A 失败（2 号位管得住 ♠3）：这一轮的首引是被迫出的 ♠3",
    ),
    ({"hands": _EMPTY}, "every hand is empty", "每一家的手牌都是空的：这一局已经结束，没有牌可出"),
    (
        {"hands": {"1": ["SA"], "2": ["S4"], "3": ["S5"], "4": ["D3"]}, "trick": [["S2"]] * 4},
        "the trick on the table has 4 plays",
        "桌上这一轮已有四手牌，已经结束了",
    ),
    (
        {"hands": {**SOLVE["hands"], "1": ["SA", "SA"], "2": ["SA", "S4"]}},
        "more than two of SA in the hands and kitty",
        "手牌和底牌里的 ♠A 超过了两张",
    ),
    (
        {"hands": {**SOLVE["hands"], "1": ["S3"], "2": ["SK"]}, "trick": [["SA"], ["D5"]]},
        "Seat 2 did not follow spades",
        "2 号位没有跟黑桃",
    ),
    (
        {"hands": {**SOLVE["hands"], "1": []}, "trick": [["SA", "C3"]]},
        "Seat 1 led clubs and spades together",
        "1 号位同时首出了梅花和黑桃",
    ),
]


@pytest.mark.parametrize(
    ("changes", "english", "chinese"), BAD_POSITIONS, ids=range(len(BAD_POSITIONS))
)
def test_a_position_solve_cannot_take_is_said_in_chinese(
    changes: dict[str, Any], english: str, chinese: str
) -> None:
    with pytest.raises(SolveError) as info:
        solve_request({**SOLVE, **changes})
    assert str(info.value).startswith(english)  # the game's own words, as before
    said = error_words(info.value, "zh")
    assert said.startswith(chinese), said
    _chinese(said)


def test_solve_answers_a_bad_position_in_chinese(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [json.dumps({**SOLVE, **changes}) for changes, _, _ in BAD_POSITIONS]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    assert main(["solve", "--lang", "zh"]) == 2
    answers = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    for number, (answer, (_, _, chinese)) in enumerate(
        zip(answers, BAD_POSITIONS, strict=True), start=1
    ):
        assert answer["error"].startswith(f"第 {number} 行：{chinese}"), answer
        _chinese(answer["error"])


def test_every_game_error_the_code_raises_has_a_key_said_in_each_language() -> None:
    """Each ``GameError(...)`` in the source carries the broken rules of a play (with the
    seat) or a key whose message its facts fill: no reason is in English words only."""
    import ast

    root = Path(__file__).resolve().parent.parent / "notation"
    raised: set[str] = set()
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "GameError"):
                continue
            named = {k.arg for k in node.keywords}
            key = node.args[0]
            assert isinstance(key, ast.Constant), f"{path.name}:{node.lineno}: a key"
            if key.value == "play":  # the broken rules of a play: said as the referee says
                assert len(node.args) == 2 and named == {"seat"}, (path.name, node.lineno)
                continue
            raised.add(key.value)
            assert param_names(template(f"game.why.{key.value}")) <= named, (path, node.lineno)
    said = {key.removeprefix("game.why.") for key in keys() if key.startswith("game.why.")}
    assert raised == said - {"unsaid", "size"}


@pytest.mark.parametrize(
    "text",
    ["a: b: c", "a: [1, 2", "a: {b: 1", "a:\n  - 1\n  b: 2", "a: @x", "a: *x", 'a: "\\q"', "a: 'x"],
)
def test_what_the_yaml_library_cannot_read_is_said_in_chinese_and_in_its_own_english(
    text: str,
) -> None:
    import yaml

    with pytest.raises(yaml.MarkedYAMLError) as library:
        yaml.compose(text)
    with pytest.raises(RulesetError) as caught:
        ruleset_from_text(text, "club.yaml")
    assert str(library.value.problem) in str(caught.value)  # the English as PyYAML says it
    zh = error_words(caught.value, "zh").splitlines()[0]
    assert "YAML 格式错误：" in zh and "“" not in zh, zh  # not its words quoted: ours
    assert english_in(re.sub(r"'[^']*'", " ", zh)) is None, zh
