"""Messages in English and Chinese: the catalogue, the findings in both languages, and
the command line's ``--lang``.

A Chinese player reading only Chinese must never meet an English sentence: every finding
the validator gives over the examples and over simulated hands of every preset, mutated,
is rendered in Chinese and searched for a run of three English words (card codes, finding
codes, numbers and quoted values from the record allowed).
"""

from __future__ import annotations

import json
import pickle
import random
import re
import string
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from notation.cli import main
from notation.cli.common import default_lang
from notation.findings import CATALOGUE, Finding, meaning
from notation.messages import (
    LANGS,
    TEMPLATES,
    Message,
    add_language,
    has,
    keys,
    msg,
    param_names,
    render,
    say_cards_in,
    template,
    violation_message,
)
from notation.presets import preset_names
from notation.psn import parse, write
from notation.resources import examples_dir
from notation.rules import bidding
from notation.rules.cards import ALL_CARDS, Suit, parse_cards
from notation.rules.order import TRUMP
from notation.rules.ruleset import BidShape
from notation.rules.violations import Code, Violation
from notation.simulate import simulate_hand
from notation.validate import validate_text
from tests.test_fuzz import case_text

DISPUTES = examples_dir() / "disputes"

# A run of three English words: what a Chinese reader must not meet.
_ENGLISH = re.compile(r"[A-Za-z]+(?:[\s,.;:()'/&-]+[A-Za-z]+){2,}")
# What may stand in Chinese text: cards (♠10, BJ), finding codes, values quoted from the
# record ('…', “…”), the rule set's name for its miscount rule.
_ALLOWED = re.compile(r"[♠♥♣♦](?:10|[2-9JQKA])|\?\?|'[^']*'|“[^”]*”|\"[^\"]*\"")


def english_in(text: str) -> str | None:
    """The first run of three English words in ``text``, or None."""
    found = _ENGLISH.search(_ALLOWED.sub(" ", text))
    return found.group() if found else None


# --- the catalogue ---------------------------------------------------------------------


# A language may leave out a fact its reader does not need, or say a thing by another of
# the facts given: the English title the rule card and the report give beside the
# Chinese; a rule by its id (as the YAML names it) or by its name; a finding by its code
# or by what it means; a place in a document by its digits (§5.2) or as written (五.2);
# cards as typed (S10 BJ) or as a referee says them (♠10 大王); a
# reason no message says (a bug, a library's own English) in its words, or in Chinese
# what it comes to.
_LEFT_OUT = {
    "zh": {
        "rulecard.title": {"en"},
        "rulecard.document": {"en"},
        "report.rule-set-name": {"en"},
        "rulecard.clause": {"rule"},
        "analysis.stop-finding": {"code"},
        "cards.typed": {"typed"},
        "json.why.malformed": {"reason"},
        "error.unsaid": {"text"},
        **{f"{kind}.why.unsaid": {"text"} for kind in ("bid", "game", "ruleset", "model")},
        "knowledge.why.unsaid": {"text"},
        "clause.source": {"doc_en"},
        "clause.place.numbered": {"number"},
        "clause.place.heading": {"number"},
    },
    "en": {
        "rulecard.clause": {"name"},
        "analysis.stop-finding": {"meaning"},
        "cards.typed": {"cards"},
        "clause.place.numbered": {"section"},
        "clause.place.heading": {"section"},
    },
}


def test_every_message_has_english_and_chinese_with_the_same_parameters() -> None:
    assert LANGS == ("en", "zh")
    for key in keys():
        en, zh = TEMPLATES["en"][key], TEMPLATES["zh"][key]
        assert en.strip() and zh.strip(), key
        given = param_names(en) | param_names(zh)
        for lang in LANGS:
            left_out = _LEFT_OUT[lang].get(key, set())
            assert param_names(TEMPLATES[lang][key]) == given - left_out, (key, lang)


def _pseudo(english: str) -> str:
    """A pseudo-language: each English template bracketed, its ``{names}`` kept."""
    return f"[[{english}]]"


def test_a_third_language_is_one_table_and_every_message_renders_in_it() -> None:
    """A language is one table of templates by id: a pseudo-language made of the English
    templates in brackets is added, and every message of the catalogue renders in it,
    its ``{names}`` filled (a sentence made of others renders them in it too)."""
    add_language("xx", {key: _pseudo(template(key)) for key in keys()})
    try:
        for key in keys():
            # {change:+d}, {byte:02x}: a number; any other name a part of a sentence
            fields = string.Formatter().parse(template(key))
            numbers = {name for _, name, spec, _ in fields if name and spec}
            facts = {name: msg("text", text=name) for name in param_names(template(key))}
            filled = msg(key, **(facts | dict.fromkeys(numbers, 7)))
            said = render(filled, "xx")
            assert said.startswith("[[") and said.endswith("]]"), (key, said)
            for name in facts.keys() - numbers:
                assert f"[[{name}]]" in said, (key, name, said)
        nested = msg("variation.in", where=msg("variation.fallback", n=2), message="m")
        assert render(nested, "xx") == "[[in [[variation 2 of the fallback]]: m]]"
        cards = msg("kitty.not-held", seat=1, cards=tuple(parse_cards("BJ H10")))
        assert render(cards, "xx") == "[[Seat 1 buried [[BJ]] ♥10, which it did not hold.]]"
        # A finding's every sentence, its penalty too, is said in the new language.
        penalized = [f for f in _findings() if f.penalty is not None]
        assert {f.code for f in penalized} >= {"follow-suit", "throw-failed"}
        for f in penalized:
            said = (f.message_in("xx"), f.penalty_in("xx"))
            assert all(s and s.startswith("[[") for s in said), (f.code, said)
    finally:
        del TEMPLATES["xx"]


def test_every_finding_code_has_one_meaning_in_each_language() -> None:
    meanings = {key.removeprefix("meaning.") for key in keys() if key.startswith("meaning.")}
    assert meanings == set(CATALOGUE)
    for code in CATALOGUE:
        zh = meaning(code, "zh")
        assert meaning(code, "en") and zh and english_in(zh) is None, code


def test_chinese_templates_hold_no_english_sentence() -> None:
    """(The command line's help names options, JSON and paths a user types: it is read
    without them, in tests/test_cli_language.py.)"""
    for key, zh in TEMPLATES["zh"].items():
        if key.startswith("help."):
            continue
        text = re.sub(r"<[^>]+>|\{[a-z]+\}", " ", zh)  # tags and parameters
        text = re.sub(r"\b(?:[shcd](?:10|[2-9jqka])|[bl]j)\b", " ", text)  # cards as typed
        assert english_in(text) is None, key


def test_a_message_is_plain_data_that_survives_pickling() -> None:
    m = msg("throw.should-fail", seat=2, cards=tuple(parse_cards("SA SK")), by=3, unit=())
    again = pickle.loads(pickle.dumps(m))
    assert again == m and render(again, "zh") == render(m, "zh")


def test_an_unknown_message_key_is_refused() -> None:
    with pytest.raises(KeyError):
        msg("no-such-message")


def test_cards_in_chinese_use_suit_symbols_and_the_jokers_names() -> None:
    m = msg("kitty.not-held", seat=1, cards=tuple(parse_cards("BJ LJ H10")))
    assert render(m, "en") == "Seat 1 buried BJ LJ ♥10, which it did not hold."
    assert render(m, "zh") == "1 号位扣了 大王 小王 ♥10，但它手里没有这些牌。"


# --- the rules core's violations: English as the core says it --------------------------


def _violations() -> list[Violation]:
    ds = tuple(parse_cards("DQ D9 D5"))
    pair = tuple(parse_cards("S9 S9"))
    tractor = tuple(parse_cards("H7 H7 H8 H8"))
    found = [
        Violation(Code.NOT_HELD, ds[:1], leading=True),
        Violation(Code.NOT_HELD, ds),
        Violation(Code.WRONG_COUNT, asked=2, played=1),
        Violation(Code.WRONG_COUNT, asked=3, played=4),
        Violation(Code.WRONG_COUNT, leading=True),
        Violation(Code.MIXED_LEAD, suits=(Suit.SPADES, TRUMP, Suit.HEARTS)),
        Violation(Code.OUT_OF_TURN),
        Violation(Code.THROW_FAILED, pair),
        Violation(Code.WRONG_FORCED_PLAY, pair),
    ]
    for suit in (Suit.DIAMONDS, TRUMP, None):
        for asked, played in ((1, 0), (3, 0), (3, 1)):
            found.append(Violation(Code.FOLLOW_SUIT, ds, suit, asked, 0, played))
        for asked, held, played, split in ((1, 1, 0, False), (2, 3, 1, True), (2, 1, 0, False)):
            found.append(Violation(Code.FOLLOW_PAIR, pair, suit, asked, held, played, split=split))
        for asked, held, played in ((3, 2, 0), (2, 2, 0), (3, 3, 2)):
            found.append(Violation(Code.FOLLOW_TRACTOR, tractor, suit, asked, held, played))
    return found


@pytest.mark.parametrize("violation", _violations(), ids=lambda v: v.code.value)
def test_a_violation_in_english_is_the_rules_cores_sentence(violation: Violation) -> None:
    message = violation_message(violation, 3)
    assert render(message, "en") == violation.sentence(3)
    zh = render(message, "zh")
    assert "3 号位" in zh and english_in(zh) is None


# --- every finding, in Chinese -----------------------------------------------------------


def _mutated(text: str, rng: random.Random) -> str:
    """A simulated record with a few cards made others, a play line dropped or a result
    changed: the rule findings, not syntax errors."""
    tokens = [str(c) for c in ALL_CARDS]
    lines = text.splitlines()
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(lines))
        words = lines[i].split(" ")
        cards = [k for k, w in enumerate(words) if w in tokens]
        choice = rng.random()
        if cards and choice < 0.6:
            words[rng.choice(cards)] = rng.choice(tokens)
            lines[i] = " ".join(words)
        elif choice < 0.8 and re.match(r"\d+\. ", lines[i]):
            del lines[i]
        else:
            lines[i] = re.sub(r"\d+", lambda m: str(int(m.group()) + rng.randint(1, 9)), lines[i])
    return "\n".join(lines) + "\n"


@cache
def _findings() -> tuple[Finding, ...]:
    found: list[Finding] = []
    for path in sorted(examples_dir().rglob("*.psn")):
        found += validate_text(path.read_text(encoding="utf-8"), path.name).findings
    for name in preset_names():
        for seed in range(40):
            text = write(simulate_hand(name, seed=seed))
            rng = random.Random(f"{name}-{seed}")
            for _ in range(3):
                found += validate_text(_mutated(text, rng), name).findings
    for n in range(300):
        found += validate_text(case_text(n), "fuzz.psn").findings
    return tuple(found)


def test_findings_over_examples_and_mutated_hands_are_many_and_varied() -> None:
    codes = Counter(f.code for f in _findings())
    assert len(codes) >= 20, codes


def test_every_finding_renders_in_chinese_without_an_english_sentence() -> None:
    """The reader's syntax errors too: the fuzz cases and mutated hands give many kinds."""
    for f in _findings():
        zh = f.message_in("zh")
        assert zh and english_in(zh) is None, (f.code, zh, f.message)
        penalty = f.penalty_in("zh")
        assert penalty is None or english_in(penalty) is None, (f.code, penalty)
        assert english_in(f.where("zh")) is None


def test_english_and_chinese_messages_are_the_same_finding() -> None:
    """The same cards and seats are named in both languages."""
    for f in _findings()[:400]:
        en, zh = f.message_in("en"), f.message_in("zh")
        if f.code == "syntax":
            continue
        for card in re.findall(r"[♠♥♣♦](?:10|[2-9JQKA])", en):
            assert card in zh, (en, zh)


# --- the command line --------------------------------------------------------------------


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out = capsys.readouterr()
    return status, out.out, out.err


def test_validate_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(DISPUTES / "02-failed-throw-let-stand.psn")
    status, out, _ = _run(["validate", "--lang", "zh", path], capsys)
    assert status == 1
    assert ": 错误: throw-failed: " in out and "号位甩的" in out
    assert "  = 处罚：" in out
    summary = out.splitlines()[-1]
    assert summary.startswith("1 个文件，1 局：") and english_in(summary) is None
    heads = re.compile(re.escape(path) + r":\d+:\d+: \S+: [a-z-]+: ")
    messages = [heads.sub("", line) for line in out.splitlines() if heads.match(line)]
    assert messages
    for message in messages:
        assert english_in(message) is None, message


def test_validate_in_english_is_unchanged_by_the_option(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = str(DISPUTES / "02-failed-throw-let-stand.psn")
    _, default, _ = _run(["validate", path], capsys)
    _, english, _ = _run(["validate", "--lang", "en", path], capsys)
    assert default == english and ": error: throw-failed: Seat " in default


def test_validate_json_in_chinese_puts_the_chinese_message_in_message(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = str(DISPUTES / "04-counter-too-weak.psn")
    _, en, _ = _run(["validate", "--json", path], capsys)
    _, zh, _ = _run(["validate", "--json", "--lang", "zh", path], capsys)
    en_doc, zh_doc = json.loads(en), json.loads(zh)
    en_f = en_doc["files"][0]["hands"][0]["findings"]
    zh_f = zh_doc["files"][0]["hands"][0]["findings"]
    assert [f["code"] for f in en_f] == [f["code"] for f in zh_f] and en_f
    for a, b in zip(en_f, zh_f, strict=True):
        assert set(a) == set(b)
        assert english_in(b["message"]) is None and a["message"] != b["message"]


def test_the_locale_chooses_chinese(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    status, out, _ = _run(["validate", str(DISPUTES / "04-counter-too-weak.psn")], capsys)
    assert status == 1 and ": 错误: " in out


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({"LANG": "zh_CN.UTF-8"}, "zh"),
        ({"LANG": "zh_TW.UTF-8"}, "zh"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LC_ALL": "C", "LANG": "zh_CN.UTF-8"}, "en"),
        ({"LC_MESSAGES": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"}, "zh"),
        ({}, "en"),
    ],
)
def test_default_language_from_the_locale(env: dict[str, str], lang: str) -> None:
    assert default_lang(env) == lang


def test_validate_messages_of_its_own_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(["validate", "--lang", "zh"], capsys)
    assert status == 2 and "请至少给出一个文件或文件夹" in err
    status, _, err = _run(["validate", "--lang", "zh", "/no/such/file.psn"], capsys)
    assert status == 2 and "无法读取：没有这个文件" in err
    status, out, _ = _run(["validate", "--lang", "zh", "--codes"], capsys)
    assert status == 0 and "没有跟首出的花色" in out


def _without_record_data(text: str, path: Path) -> str:
    """The report with what the record itself says (event, players' names) taken out."""
    for header in re.findall(r'\[\w+ "([^"]*)"\]', path.read_text(encoding="utf-8")):
        text = text.replace(header, " ")
    return text


@pytest.mark.parametrize("fmt", ["md", "html"])
@pytest.mark.parametrize("name", ["02-failed-throw-let-stand", "07-wrong-card-count"])
def test_report_in_chinese(fmt: str, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The whole report is Chinese but for the rules' clause texts (the rules' own
    Chinese citations come with the rule sets) and what the record says."""
    path = DISPUTES / f"{name}.psn"
    status, out, _ = _run(["report", "--lang", "zh", "--format", fmt, str(path)], capsys)
    assert status == 1
    assert ("裁判报告" in out) and ("违规" in out) and ("结果" in out)
    text = _without_record_data(out, path)
    text = re.sub(r"<style>.*?</style>|<[^>]+>|`[^`]*`", " ", text, flags=re.S)
    for line in text.splitlines():
        if "规则" in line and "：" in line and ("§" in line or "seed" in line.lower()):
            continue  # a clause, cited in the rule set's words
        if line.startswith(("| ---", "|---")):
            continue
        assert english_in(line) is None, line


def test_report_in_english_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(DISPUTES / "02-failed-throw-let-stand.psn")
    _, default, _ = _run(["report", path], capsys)
    _, english, _ = _run(["report", "--lang", "en", path], capsys)
    assert default == english and "# Adjudication report: " in default


def test_show_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    path = DISPUTES / "02-failed-throw-let-stand.psn"
    status, out, _ = _run(["show", "--lang", "zh", "--step", "60", str(path)], capsys)
    assert status == 0 and out.startswith("第 60/") and "底牌：" in out
    assert english_in(_without_record_data(out, path)) is None


# --- the reader's errors ------------------------------------------------------------------

_HEAD = '[Event "x"]\n\n'
READER_CASES = {
    "psn.variation-open": "1. 1: SK (1: SA\n",
    "psn.ends-too-soon": "1. 1: SK 2: S3 won by\n",
    "psn.trick-under-way": "1. 1: SK 2: S3 (2: S4 1. 1: S5)\n",
    "psn.variation-trick": "1. 1: SK 2: S3 (2. 1: S4)\n",
    "psn.four-plays": "1. 1: SK 2: S3 3: S4 4: S5 (4: S6 1: S7)\n",
    "psn.empty-variation": "1. 1: SK ()\n",
    "psn.trick-from-1": "0. 1: SK\n",
    "psn.variation-seat": "1. 1: SK 2: S3 (3: S4)\n",
    "psn.kitty-twice": "deal kitty: S2 S3 kitty: S4\n",
    "psn.unexpected": "1. 1: SK won by 1 2: S3\n",  # with: 'won by' ends its trick
    "card.why.unknown": "1. 1: SK 2: XX\n",
    "psn.no-seat": "1. 1: SK 5: S3\n",
    "psn.comment-open": "1. 1: SK {never closed\n",
}


@pytest.mark.parametrize("key", sorted(READER_CASES))
def test_the_reader_s_errors_in_chinese(key: str) -> None:
    (error, *_) = parse(_HEAD + READER_CASES[key]).errors
    parts = [error.text, *(v for _, v in error.text.params)]
    made = {m.key for p in parts for m in getattr(p, "items", (p,)) if isinstance(m, Message)}
    assert key in made, made
    zh = error.in_lang("zh").splitlines()[0]  # the message; the next lines quote the record
    assert re.search(r"[\u4e00-\u9fff]", zh) and english_in(zh) is None, zh
    assert str(error) == error.in_lang("en")
    assert not re.search(r"[\u4e00-\u9fff]", str(error).splitlines()[0])


# --- the rules core's reasons for a refused bid ------------------------------------------


def _bid_raises() -> dict[str, set[str]]:
    """Each raise site of bidding.py: the reason's key and the names of its facts."""
    import ast

    raised: dict[str, set[str]] = {}
    classes = {name for name, c in vars(bidding).items() if isinstance(c, type)}
    # The source beside the module: in the compiled build its __file__ is the built library.
    source = Path(bidding.__file__).with_name("bidding.py")
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            call = node.exc
            if getattr(call.func, "id", "") in classes and call.args:
                key = call.args[0]
                if isinstance(key, ast.Constant) and isinstance(key.value, str):
                    raised[key.value] = {k.arg for k in call.keywords if k.arg}
    return raised


_SAMPLES: dict[str, object] = {
    "cards": tuple(parse_cards("S2 S2")), "old": tuple(parse_cards("BJ BJ")),
    "shape": BidShape.PAIR, "allowed": (BidShape.SINGLE, BidShape.PAIR), "first": True,
    "partner": True, "rank": "2", "dealer_rank": "3", "text": "'2 declare'", "draw": 9,
    "earlier": 17, "seat": 3, "last": 4, "first_seat": 2, "last_seat": 1, "n": 3,
    "phase": bidding.BidPhase.PLAY,
}  # fmt: skip


def test_every_bid_refusal_has_a_reason_in_each_language_with_its_facts() -> None:
    raised = _bid_raises()
    said = {key.removeprefix("bid.why.") for key in keys() if key.startswith("bid.why.")}
    assert len(raised) >= 30 and set(raised) == said - {"or-partner", "unsaid"}
    for key, names in raised.items():
        assert param_names(template(f"bid.why.{key}")) <= names, key
        facts = {n: _SAMPLES[n] for n in names}
        error = bidding.BidError(key, **facts)
        en, zh = str(error), error.text.render("zh")
        assert "{" not in en and "{" not in zh and english_in(zh) is None, (key, zh)
        for name in set(names) & {"cards", "old", "seat", "draw", "earlier"}:
            value = facts[name]
            shown = say_cards_in(value, "zh") if isinstance(value, tuple) else str(value)
            assert shown in zh, (key, name, zh)


def test_the_list_of_codes_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(["validate", "--codes", "--lang", "zh"], capsys)
    rows = out.splitlines()
    assert status == 0 and len(rows) == len(CATALOGUE)
    for row in rows:
        code, severity, rest = row.split(maxsplit=2)
        assert code in CATALOGUE and severity in ("错误", "警告", "提示"), row
        assert english_in(re.sub(r"\[[^\]]*\]", " ", rest)) is None, row


# --- every keyed error's raise sites --------------------------------------------------------


def _keyed_errors() -> dict[str, str]:
    """Each keyed error class of the library by name, and its kind (``card``, ``game`` …)."""
    import importlib
    import pkgutil

    import notation
    from notation.errors import KeyedError

    for info in pkgutil.walk_packages(notation.__path__, "notation."):
        if not info.name.startswith(("notation.cli", "notation.__main__")):
            importlib.import_module(info.name)

    def below(cls: type[KeyedError]) -> list[type[KeyedError]]:
        return [cls, *(c for sub in cls.__subclasses__() for c in below(sub))]

    return {cls.__name__: cls.kind for cls in below(KeyedError) if cls.kind}


def test_every_keyed_error_is_raised_with_a_key_whose_message_its_facts_fill() -> None:
    """Each ``XError("key", fact=…)`` in the source, for every keyed error (a card, a
    bid, a game, a rule set, the record model, a seat's view): its key is written as
    it is, the catalogue has ``<kind>.why.<key>``, and the facts given fill it. No
    reason is English words at its raise site."""
    import ast

    kinds = _keyed_errors()
    assert {"CardError", "GameError", "BidError", "ModelError", "KnowledgeError"} <= kinds.keys()
    root = Path(__file__).resolve().parent.parent / "notation"
    seen: set[str] = set()
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            kind = kinds.get(node.func.id)
            if kind is None:
                continue
            where = f"{path.name}:{node.lineno}"
            if any(k.arg is None for k in node.keywords):
                continue  # a key and facts passed on as they are (key, **facts)
            assert node.args and isinstance(node.args[0], ast.Constant), f"{where}: a key"
            key = node.args[0].value
            if kind == "game" and key == "play":  # the broken rules: said as a referee
                continue
            named = {k.arg for k in node.keywords} - {"rule"}
            seen.add(kind)
            assert has(f"{kind}.why.{key}"), where
            assert param_names(template(f"{kind}.why.{key}")) <= named, where
    assert seen >= {"card", "game", "bid", "model", "ruleset", "knowledge"}


def test_a_view_that_cannot_be_built_is_said_in_chinese() -> None:
    from notation.rules.holding import KnowledgeError

    error = KnowledgeError("unknown-cards", what="throw", seat=2, trick=3)
    assert str(error) == (
        "seat 2's throw in trick 3 has unknown cards (??): the player's view needs them"
    )
    assert error.text.render("zh").startswith("2 号位第 3 轮的甩牌里有未知的牌")


@pytest.mark.parametrize("written", ["dealer +2", "defenders +0", "defenders +1"])
def test_a_level_result_has_one_wording_wherever_it_is_said(written: str) -> None:
    """The level bands of the charts and the handout, the viewer's result, the findings
    and the report say a level result by the same message."""
    from notation.charts import Band
    from notation.messages import outcome_words
    from notation.rules.ruleset import Outcome

    outcome = Outcome.parse(written)
    for lang in LANGS:
        words = outcome_words(outcome.winner.value, outcome.levels).render(lang)
        assert Band(0, 5, outcome.winner, outcome.levels).label(lang) == words
    assert not [key for key in keys() if "band_" in key]


def _keys_in(message: Message) -> set[str]:
    """The keys of a message and of every message among its parameters."""
    found = {message.key}
    for _, value in message.params:
        parts = getattr(value, "items", None) or (getattr(value, "part", value),)
        for part in parts:
            if isinstance(part, Message):
                found |= _keys_in(part)
    return found


def test_no_finding_gives_a_reason_the_catalogue_does_not_say() -> None:
    """A reason of the rules core given without a key (``<kind>.why.unsaid``: its own
    English, in Chinese only what it comes to) is a bug: over the examples, mutated and
    simulated hands, and a bid after more cards than a deal has, none is."""
    drawn = validate_text('[Event "x"]\n[Dealer "1"]\n\ndeclare 1: H2 @150\n', "draw.psn")
    for f in (*_findings(), *drawn.findings):
        unsaid = {key for key in _keys_in(f.text) if key.endswith(".why.unsaid")}
        assert not unsaid, (f.code, f.message)
