"""Clauses: every preset's rules name their document, quote it as written, and read in
English and Chinese; a citation in Chinese holds no English sentence."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from notation.findings import penalty_text
from notation.messages import (
    TEMPLATES,
    add_language,
    cite,
    clause_source,
    keys,
    rule_name,
    template,
)
from notation.presets import load_ruleset, load_ruleset_file, preset_names
from notation.rules.clauses import Clause, Rule, Title, english_numbers

SEEDS = Path(__file__).parent / "data" / "seeds"  # a copy of the user's rule documents
CLUB = Path(__file__).parent.parent / "examples" / "rules" / "club.yaml"

# An English sentence: three or more Latin words in a row.
ENGLISH = re.compile(r"[A-Za-z]+(?:[ ,;:'-]+[A-Za-z]+){2,}")


def seed_parts() -> dict[str, str]:
    """Each document of the seeds: 000's numbered parts (``000§6``) and 001 whole."""
    (text000,) = (p.read_text(encoding="utf-8") for p in SEEDS.glob("000_*.txt"))
    (text001,) = (p.read_text(encoding="utf-8") for p in SEEDS.glob("001_*.txt"))
    parts = {"001": text001}
    # In 000 each part starts on a line "N，title" (the first after a note's number).
    starts = [m for m in re.finditer(r"^(?:117笔记)?(\d)，", text000, re.M)]
    for m, after in zip(starts, [*starts[1:], None], strict=True):
        end = after.start() if after else len(text000)
        parts[f"000§{m.group(1)}"] = text000[m.start() : end]
    return parts


# The documents the presets quote: title → the seed part that holds it. 001 has no
# title of its own; it calls itself 这份详细的规则 (these detailed rules) of 双升.
DOCUMENTS = {
    "双升比赛计分规则": "000§2",
    "双升比赛的规则以及循环赛的规则": "000§3",
    "拖拉机(两副牌)介绍": "000§5",
    "双升的游戏规则": "000§6",
    "双升详细规则": "001",
}


def test_the_seed_copy_is_split_into_its_seven_documents() -> None:
    parts = seed_parts()
    assert sorted(parts) == ["000§1", "000§2", "000§3", "000§4", "000§5", "000§6", "000§7", "001"]
    assert parts["000§6"].startswith("6，双升的游戏规则")


def all_clauses() -> list[tuple[str, Rule, Clause]]:
    found = [(n, r, c) for n in preset_names() for r, c in load_ruleset(n).clauses.items()]
    club = load_ruleset_file(CLUB)
    return [*found, ("club", Rule.THROW_PENALTY, club.clause(Rule.THROW_PENALTY))]


@pytest.mark.parametrize(("name", "rule", "clause"), all_clauses())
def test_every_clause_quotes_its_document_as_written(name: str, rule: Rule, clause: Clause) -> None:
    assert clause.doc is not None, f"{name} {rule}: no document"
    assert clause.doc.en and not ENGLISH.search(clause.doc.zh)
    part = DOCUMENTS.get(clause.doc.zh)
    assert part is not None, f"{name} {rule}: unknown document {clause.doc.zh!r}"
    text = seed_parts()[part]
    if part.startswith("000"):
        assert clause.doc.zh in text, f"{name} {rule}: the title is not in {part}"
    assert clause.quote and clause.quote in text, f"{name} {rule}: not in {part}: {clause.quote}"
    assert clause.text and clause.zh
    assert not ENGLISH.search(clause.zh), f"{name} {rule}: English in {clause.zh!r}"


@pytest.mark.parametrize(("name", "rule", "clause"), all_clauses())
def test_a_chinese_citation_has_no_english_sentence(name: str, rule: Rule, clause: Clause) -> None:
    cited = cite(clause, "zh")
    assert cited.startswith(f"《{clause.doc.zh if clause.doc else ''}》")
    assert f"“{clause.quote}”" in cited and clause.zh in cited
    assert not ENGLISH.search(cited), cited


@pytest.mark.parametrize(("name", "rule", "clause"), all_clauses())
def test_an_english_citation_names_the_document_quotes_it_and_says_the_rule(
    name: str, rule: Rule, clause: Clause
) -> None:
    cited = cite(clause, "en")
    assert clause.doc is not None
    assert cited.startswith(f'"{clause.doc.en}" ({clause.doc.zh})')
    assert cited.endswith(f"“{clause.quote}” — {clause.text}")


def test_citations_in_both_languages() -> None:
    clause = load_ruleset("qq").clause(Rule.FOLLOW_PAIR)
    assert cite(clause, "zh") == (
        "《双升的游戏规则》五.2：“其他玩家必须也跟出该花色的对子，在没有该花色对子时必须跟出"
        "该花色单张”——首家出对子：有该花色的对子必须跟对子，没有则跟该花色单张。"
    )
    assert cite(clause, "en").startswith(
        '"Shuangsheng game rules" (双升的游戏规则) §5.2: “其他玩家必须也跟出该花色的对子'
    )
    assert clause_source(clause).render("zh") == "《双升的游戏规则》五.2"
    assert clause.ref == "000§6.五.2"  # the machines' reference is kept


def test_a_heading_is_cited_as_it_stands() -> None:
    clause = load_ruleset("tractor").clause(Rule.FOLLOW_PAIR)
    assert (
        clause_source(clause).render("en")
        == '"Tractor (two decks): an introduction" (拖拉机(两副牌)介绍) 【出牌规则】'
    )
    assert clause_source(clause).render("zh") == "《拖拉机(两副牌)介绍》【出牌规则】"


def test_a_clause_without_a_document_cites_its_reference() -> None:
    bare = Clause("club §3", "10 per card")
    assert cite(bare, "en") == "club §3: 10 per card" == str(bare)
    assert cite(bare, "zh") == "club §3：10 per card"  # the club gave no Chinese
    both = Clause("club §3", "10 per card", zh="每张10分")
    assert cite(both, "zh") == "club §3：每张10分"


def test_a_quote_without_an_explanation_is_cited_alone_in_chinese() -> None:
    doc = Title("Shuangsheng tournament scoring rules", "双升比赛计分规则")
    clause = Clause("000§2 六", "10 points a card", doc=doc, section="六", quote="应扣N*10分")
    assert cite(clause, "zh") == "《双升比赛计分规则》六：“应扣N*10分”"


def test_a_citation_is_the_catalogue_s_words_in_any_language() -> None:
    """A third language cites by its own templates; the rule set gives the rule's text in
    English and Chinese only, so the quote stands alone there."""
    clause = load_ruleset("qq").clause(Rule.FOLLOW_PAIR)
    add_language("xx", {key: f"<{template(key)}>" for key in keys() if key.startswith("clause.")})
    try:
        cited = cite(clause, "xx")
    finally:
        del TEMPLATES["xx"]
    assert clause.doc is not None
    expected = f'<<"{clause.doc.en}" ({clause.doc.zh})< §5.2>>: “{clause.quote}”>'
    assert cited == expected


def test_section_numbers_read_as_digits_in_english() -> None:
    assert english_numbers("五.2") == "5.2"
    assert english_numbers("三、十一") == "3, 11"
    assert english_numbers("十二") == "12"


def test_every_rule_has_a_name_in_both_languages() -> None:
    for rule in Rule:
        assert rule_name(rule, "en") and not ENGLISH.search(rule_name(rule, "zh"))
    assert rule_name(Rule.FOLLOW_PAIR, "zh") == "跟对子"


@pytest.mark.parametrize("name", preset_names())
def test_every_preset_describes_itself_in_both_languages(name: str) -> None:
    rules = load_ruleset(name)
    assert rules.description.en and rules.description.zh
    assert not ENGLISH.search(rules.description.zh)
    assert rules.description.get("zh") == rules.description.zh
    assert {doc.zh for doc in rules.documents()} <= set(DOCUMENTS)


PENALISED = (Rule.FOLLOW_PAIR, Rule.CARD_HELD, Rule.THROW, Rule.WRONG_COUNT, Rule.CARD_COUNT)


@pytest.mark.parametrize("name", [*preset_names(), "club"])
def test_every_penalty_reads_in_chinese(name: str) -> None:
    rules = load_ruleset_file(CLUB) if name == "club" else load_ruleset(name)
    for rule in PENALISED:
        english, chinese = penalty_text(rule, rules), penalty_text(rule, rules, "zh")
        assert (english is None) == (chinese is None), f"{name} {rule}"
        assert chinese is None or not ENGLISH.search(chinese), chinese


def test_penalties_in_chinese_say_what_the_rule_set_gives() -> None:
    match_a, match_b = load_ruleset("match-a"), load_ruleset("match-b")
    assert penalty_text(Rule.FOLLOW_PAIR, match_a, "zh") == (
        "本局打完后犯规方降1级（不低于2）；一场比赛累计3次判负"
    )
    assert penalty_text(Rule.THROW, match_a, "zh") == (
        "甩不出去的牌每张罚10分（罚甩牌方）；出失败牌型中最小的一手"
    )
    assert penalty_text(
        Rule.THROW,
        match_b,
        "zh",
    ).startswith("被管的牌每张罚10分")
    assert penalty_text(Rule.THROW, load_ruleset("qq"), "zh") == "出失败牌型中最小的一手；不扣分"
    assert penalty_text(Rule.WRONG_COUNT, match_a, "zh") == "多牌少牌：对方升1级，不论牌局结果"
    assert penalty_text(Rule.WRONG_COUNT, match_b, "zh") == (
        "多牌少牌：将该盘打完，出错方该盘判负，对方按实际结果升级"
    )
    assert penalty_text(Rule.WRONG_COUNT, load_ruleset("qq"), "zh") is None
