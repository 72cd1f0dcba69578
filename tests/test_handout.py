"""The printable handout: the deal, the bidding, every trick with its winner and points,
the annotations and the analysis, the graphs, on A4, in English and Chinese."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from notation.charts import level_bands, trick_rows
from notation.handout import handout_html, notes
from notation.psn import parse_hand
from notation.replay import HandReplay, replay
from notation.rules.ruleset import LevelTable, Side
from notation.validate import validate_text

EXAMPLES = Path(__file__).parents[1] / "examples"
ALTERNATIVE = EXAMPLES / "teaching" / "20-alternative-lines.psn"  # Chinese names, notes
MATCH = EXAMPLES / "matches" / "match-a-full-match.psn"
REVOKE = EXAMPLES / "disputes" / "01-revoke-discovered-later.psn"
KITTY = EXAMPLES / "teaching" / "11-kitty-qq-single.psn"  # defenders capture the kitty x2


def checked(path: Path, number: int = 1) -> tuple[HandReplay, str]:
    """The hand's replay and its handout (with the validator's findings)."""
    hand = validate_text(path.read_text(encoding="utf-8"), path.name, timeline=True).hands[
        number - 1
    ]
    assert hand.replay is not None
    return hand.replay, handout_html(hand.replay, hand.findings)


def tree(page: str) -> ET.Element:
    """The page read by an XML parser: it fails on any element left open."""
    assert page.startswith("<!DOCTYPE html>\n")
    return ET.fromstring(page.removeprefix("<!DOCTYPE html>\n"))


def by_class(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [e for e in root.iter(tag) if cls in (e.get("class") or "").split()]


def text(element: ET.Element) -> str:
    return "".join(element.itertext())


def test_every_example_gives_a_well_formed_page_in_both_languages() -> None:
    for path in sorted(EXAMPLES.rglob("*.psn")):
        report = validate_text(path.read_text(encoding="utf-8"), path.name, timeline=True)
        for hand in report.hands:
            assert hand.replay is not None, path
            for lang in ("en", "zh"):
                root = tree(handout_html(hand.replay, hand.findings, lang))
                assert root.tag == "html"


def test_the_deal_diagram_shows_every_card_each_seat_was_dealt() -> None:
    played, page = checked(ALTERNATIVE)
    boxes = by_class(tree(page), "div", "hand")
    assert len(boxes) == 4
    shown = 0
    for box in boxes:
        for line in by_class(box, "div", "suit"):
            cards = by_class(line, "span", "card")  # the trump line: whole cards
            ranks = line.findall("span")[1:]  # a side suit: its symbol, then its ranks
            shown += len(cards) if cards else len(text(ranks[0]).split())
    assert shown == 100  # four hands of 25; the kitty is in the middle
    assert "Seat 4 Du 杜 · Dealer" in page
    centre = by_class(tree(page), "td", "centre")[0]
    assert len(by_class(centre, "span", "card")) == 8  # the kitty as dealt
    # seat 3 sits at the top, seat 1 at the bottom (seat 2 plays after 1, on its right)
    deal = page[page.index('<table class="compass">') :]
    assert deal.index("Seat 3 Cai") < deal.index("Seat 4 Du") < deal.index("Seat 2 Bo")
    assert deal.index("Seat 2 Bo") < deal.index("Seat 1 Ann")
    assert len(played.states[0].hand(1)) == 25


def test_a_hand_without_a_deal_says_its_cards_are_not_recorded() -> None:
    played = replay(parse_hand('[Trump "S 2"]\n[Dealer "1"]\n1. 1: SA 2: S3 3: S4 4: S5\n'))
    page = handout_html(played)
    assert page.count("25 not recorded") == 4


def test_the_bidding_lists_each_bid_with_its_draw_and_the_bury() -> None:
    _, page = checked(ALTERNATIVE)
    assert "<td>4 Du 杜</td><td>declares</td>" in page
    assert "<td>4 Du 杜</td><td>reinforces</td>" in page
    assert "<td>16</td>" in page and "<td>76</td>" in page  # drawn at card 16 and 76
    bury = next(r for r in tree(page).iter("tr") if "buries" in text(r))
    assert len(by_class(bury, "span", "card")) == 8


def test_every_trick_stands_in_the_table_with_its_winner_and_points() -> None:
    played, page = checked(ALTERNATIVE)
    table = by_class(tree(page), "table", "tricks")[0]
    rows = [r for r in table.iter("tr") if r.find("td") is not None]
    assert len(rows) == len(played.hand.tricks) == 24
    cells = [[text(td) for td in row.findall("td")] for row in rows]
    assert cells[0][0].startswith("1") and cells[0][5] == "4 Du 杜"  # seat 4 wins trick 1
    assert cells[0][6] == "10"  # ♣K
    assert cells[-1][5] == "4 Du 杜" and cells[-1][6] == "20"
    # all 200 card points of the two decks are in the tricks (the kitty holds none here)
    assert sum(int(c[6] or 0) for c in cells) == 200
    # the defenders' running total ends at the recorded result
    assert played.hand.result is not None
    assert int(cells[-1][7]) == played.hand.result.points == 55
    # the leader of each trick is marked
    assert all(sum(1 for td in row.findall("td") if td.get("class") == "lead") == 1 for row in rows)


def test_a_failed_throw_shows_what_was_tried_and_what_was_played() -> None:
    _, page = checked(MATCH)
    table = by_class(tree(page), "table", "tricks")[0]
    trick_4 = [r for r in table.iter("tr") if r.find("td") is not None][3]
    failed = by_class(trick_4, "span", "failed")[0]
    assert failed.find("s") is not None and text(failed.find("s")) == "♥8 ♥5"  # type: ignore[arg-type]
    assert "→" in text(failed) and text(failed).endswith("♥5")


def test_glyphs_and_note_numbers_stand_at_the_play() -> None:
    _, page = checked(ALTERNATIVE)
    table = by_class(tree(page), "table", "tricks")[0]
    trick_18 = [r for r in table.iter("tr") if r.find("td") is not None][17]
    seat_1 = trick_18.findall("td")[1]
    assert text(seat_1) == "♠2![4]"  # 1: S2! {…}, the fourth annotation of the hand


def test_annotations_list_comments_glyphs_and_variations_in_order() -> None:
    played, page = checked(ALTERNATIVE)
    found = notes(played.hand)
    assert [n.where for n in found][:3] == [
        "before the hand",
        "trick 1, seat 1",
        "trick 18, seat 4",
    ]
    items = by_class(tree(page), "ol", "notes")[0].findall("li")
    assert len(items) == len(found) == 9
    assert "Keeping C8 and playing C5 is just as legal" in text(items[1])
    assert "Instead: 1. 1: ♣5" in text(items[1])  # the variation written out
    assert "2: ♣K 3: ♣3" in text(items[1])
    assert "♠2 ! (good play)" in text(items[3])
    assert "Seat 1 over-ruffs with ♠2" in text(items[3])


ANALYSED = """[Event "Analysed"]
[Trump "S 2"]
[Dealer "1"]

1. 1: SA 2: H7? {left the heart [%eval -35] [%best 2: S3] [%loss 20] [%clk 0:01:02]} 3: S4 4: S5
2. 1: HA?! {[%eval 10]} 2: H3 3: H4 4: H5
"""


def test_analysis_commands_become_a_row_per_annotated_play() -> None:
    page = handout_html(replay(parse_hand(ANALYSED)))
    root = tree(page)
    heading = next(h for h in root.iter("h3") if text(h) == "Analysis")
    assert heading is not None
    table = next(t for t in root.iter("table") if "Loss" in text(t) and "Eval" in text(t))
    rows = [[text(td) for td in r.findall("td")] for r in table.iter("tr") if r.findall("td")]
    assert rows == [
        ["[1] trick 1, seat 2", "♥7", "?", "-35", "2: ♠3", "20", "[%clk 0:01:02]"],
        ["[2] trick 2, seat 1", "♥A", "?!", "10", "", "", ""],
    ]
    # the comment's words stay in the annotations, its commands do not
    assert "left the heart" in page and "left the heart [%eval" not in page


def test_no_analysis_table_without_commands() -> None:
    _, page = checked(ALTERNATIVE)
    assert "<h3>Analysis</h3>" not in page


def test_the_graphs_are_inline_svg_over_the_level_bands() -> None:
    played, page = checked(ALTERNATIVE)
    root = tree(page)
    svgs = [e for e in root.iter() if e.tag.endswith("svg")]
    assert len(svgs) == 2
    ns = "{http://www.w3.org/2000/svg}"
    line = next(svgs[0].iter(f"{ns}polyline"))
    assert len(line.get("points", "").split()) == 25  # 0, then after each of 24 tricks
    labels = [text(t) for t in svgs[0].iter(f"{ns}text")]
    assert {"dealer +3", "dealer +2", "dealer +1", "defenders +0", "defenders +1"} <= set(labels)
    bars = [r for r in svgs[1].iter(f"{ns}rect") if r.get("stroke") and r.get("height") != "12"]
    assert len(bars) == sum(1 for r in trick_rows(played) if r.points)


def test_the_kitty_bonus_is_the_last_point_of_the_graph() -> None:
    played, page = checked(KITTY)
    assert played.computed.multiplier == 2
    assert "kitty 60×2 → 145" in page
    assert "<polygon" in page  # the star


def test_failed_throw_penalties_step_the_graph_at_their_tricks() -> None:
    """Hand 1 of the full match: the tricks give the defenders 65; seat 4's failed throw
    leading trick 4 costs them 10, the dealer's leading trick 15 gives them 30. The
    graph steps (a red cross) where each happens and ends on the result's 85, as the
    viewer's does; so does the table's running total."""
    played, page = checked(MATCH)
    assert played.computed.points == 85 and played.computed.card_points == 65
    svg = next(e for e in tree(page).iter() if e.tag.endswith("svg"))
    ns = "{http://www.w3.org/2000/svg}"

    def title(element: ET.Element) -> str:
        found = element.find(f"{ns}title")
        return "" if found is None else text(found)

    def place(attribute: str) -> tuple[float, float]:
        x, y = attribute.removeprefix("translate(").removesuffix(")").split()
        return float(x), float(y)

    # the points after each trick, by their hover text ("Trick 3 · Defenders 25")
    after = {
        title(c): (float(c.get("cx", "")), float(c.get("cy", "")))
        for c in svg.iter(f"{ns}circle")
        if title(c)
    }
    x_of = {int(t.split(" · ")[0].removeprefix("Trick ")): xy[0] for t, xy in after.items()}
    crosses = [g for g in svg.iter(f"{ns}g") if g.get("class") == "penalty"]
    assert [title(g) for g in crosses] == [
        "Trick 4 · failed-throw penalties -10 → 15",
        "Trick 15 · failed-throw penalties +30 → 75",
    ]
    polyline = next(svg.iter(f"{ns}polyline")).get("points", "")
    line = [place(f"translate({p.replace(',', ' ')})") for p in polyline.split()]
    for cross, trick in zip(crosses, (4, 15), strict=True):
        x, y = place(cross.get("transform", ""))
        assert (x, y) in line  # a step of the line, between the trick before and its own
        assert x_of[trick - 1] < x < x_of[trick]
    assert line[-1] == after["Trick 19 · Defenders 85"] and len(after) == 19
    assert "<polygon" not in svg_text(page)  # no star: neither kitty nor floor here
    table = by_class(tree(page), "table", "tricks")[0]
    rows = [r for r in table.iter("tr") if r.find("td") is not None]
    assert text(rows[-1].findall("td")[7]) == "85"


def svg_text(page: str) -> str:
    """The first chart of the page, as written."""
    return page[page.index("<svg") : page.index("</svg>")]


def test_findings_and_the_result_close_the_handout() -> None:
    _, page = checked(REVOKE)
    findings = page[page.index("<h2>Findings</h2>") :]
    assert "follow-suit" in findings and "(Trick 8, Seat 2)" in findings
    assert "Levels after the hand" in findings
    _, clean = checked(ALTERNATIVE)
    assert "No rule was broken in this hand." in clean
    assert "<td>dealer +1</td><td>dealer +1</td>" in clean


def test_the_page_is_laid_out_for_a4_with_page_breaks() -> None:
    _, page = checked(ALTERNATIVE)
    assert "@page{size:A4;margin:" in page
    assert "section.page{break-before:page" in page
    sections = [s.get("class") for s in tree(page).iter("section")]
    assert sections.count("page") == 2  # the tricks and the annotations start a page
    assert "<script" not in page and "http://" not in page.replace(
        "http://www.w3.org/2000/svg", ""
    )  # nothing runs, nothing is fetched


def test_chinese_labels_with_lang_zh() -> None:
    hand = validate_text(ALTERNATIVE.read_text(encoding="utf-8"), "x", timeline=True).hands[0]
    assert hand.replay is not None
    page = handout_html(hand.replay, hand.findings, "zh")
    assert '<html lang="zh-Hans">' in page
    headings = [text(h) for h in tree(page).iter("h2")]
    assert headings[:3] == ["发牌", "叫主与扣底", "出牌"]
    for word in ("底牌", "主", "庄家", "闲家", "分", "批注", "图表", "结果", "庄家升 1 级"):
        assert word in page, word
    for english in ("<h2>Tricks</h2>", ">Kitty", "Dealer", "Won by"):
        assert english not in page, english


@pytest.mark.parametrize(
    ("points", "side", "levels"),
    [(0, Side.DEALER, 3), (35, Side.DEALER, 2), (80, Side.DEFENDERS, 0), (130, Side.DEFENDERS, 1)],
)
def test_level_bands_hold_the_level_tables_result(points: int, side: Side, levels: int) -> None:
    table = LevelTable.named("forty")
    band = next(b for b in level_bands(table, 200) if b.low <= points < b.high)
    outcome = table.outcome(points)
    assert (band.side, band.levels) == (side, levels) == (outcome.winner, outcome.levels)


def test_a_comment_in_two_languages_is_printed_in_the_handout_s() -> None:
    played, _ = checked(ALTERNATIVE)
    zh = text(tree(handout_html(played, [], "zh")))
    en = text(tree(handout_html(played, [], "en")))
    assert "Keeping C8 and playing C5 is just as legal" in en
    assert "Keeping C8" not in zh and "[%lang" not in zh and "[%lang" not in en
    # the comment of an alternative line, and a play's own
    assert "出小梅花C5留住C8也合规则" in zh and "出小梅花" not in en
    chinese = notes(played.hand, "zh")[2].remarks[0]
    assert chinese in zh and chinese not in en and re.search(r"[\u4e00-\u9fff]", chinese)


def test_the_analysis_summary_is_printed_in_the_handout_s_language() -> None:
    analysed = EXAMPLES / "analysis" / "01-kitty-keep-the-pair.psn"  # analysed in English
    played, english = checked(analysed)
    chinese = handout_html(played, None, "zh")
    assert "analysis (the player&#x27;s view): seat 1" in english
    assert "复盘分析（玩家视角）：1 号位：3 手牌" in chinese
    assert "analysis (the player" not in chinese and "average loss" not in chinese
    assert "better 2:" not in chinese  # the engine's words on a play: its table says them


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_engine_s_analysis_is_said_in_words_one_row_a_play_below_fine(lang: str) -> None:
    # An analysed example: every play carries the engine's commands ([%eval] [%open]
    # [%line] ...); the handout used to list them raw, a row and an empty note a play.
    played, _ = checked(EXAMPLES / "analysis" / "01-kitty-keep-the-pair.psn")
    page = handout_html(played, lang=lang)
    root = tree(page)
    assert "[%" not in page and "solver 23." not in page
    table = next(
        t for t in root.iter("table") if ("最佳变着" if lang == "zh" else "Best line") in text(t)
    )
    rows = [[text(td) for td in r.findall("td")] for r in table.iter("tr") if r.findall("td")]
    judged = [n for n in notes(played.hand, lang) if n.glyphs]
    assert len(rows) == 1 == len(judged)  # the one blunder; the fine plays have no row
    where, play, mark, value, better, loss, line = rows[0]
    assert where.startswith(f"[{judged[0].number}]")
    assert (play, mark, value, loss) == (
        ("小王", "?? 大错", "133 ±1", "67 ±2")
        if lang == "zh"
        else ("LJ", "?? blunder", "133 ±1", "67 ±2")
    )
    assert better == ("2: 大王 → 200" if lang == "zh" else "2: BJ → 200")
    assert line.count("|") == 1  # two tricks of the solver's line
    # no note is left for a play the engine found fine (nothing to read in it)
    assert all(
        n.glyphs or n.remarks or n.variations or n.commands for n in notes(played.hand, lang)
    )


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_bury_and_the_declaration_judged_and_the_key_moments_are_said(lang: str) -> None:
    """A hand whose declaration and bury the engine judged: the handout names each with
    its class and says its judgement in sentences, then lists the key moments."""
    from notation.analysis.annotate import annotate_hand, strip_analysis
    from notation.analysis.annotations import choice_words, read_analysis
    from notation.analysis.choices import review_choices
    from notation.analysis.evaluate import View
    from notation.analysis.review import hand_review, plan_hand
    from notation.labels import label
    from notation.psn import parse, write_hand
    from tests.test_messages import english_in

    path = EXAMPLES / "analysis" / "01-kitty-keep-the-pair.psn"
    hand = strip_analysis(parse(path.read_text(encoding="utf-8")).hands[0])
    plan = plan_hand(hand)
    review = hand_review(plan, View.HINDSIGHT, (), review_choices(plan, "hindsight", 0.01))
    annotated = write_hand(annotate_hand(hand, review, view="hindsight", budget=0.01, seed=0))
    played = replay(parse_hand(annotated))
    found = read_analysis(played.hand)
    assert found is not None and {c.kind for c in found.choices} == {"declare", "bury"}
    page = handout_html(played, lang=lang)
    tree(page)  # well formed
    body = re.sub(r"<(style|svg)\b.*?</\1>", " ", page, flags=re.S)  # the words read
    said = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body)))
    dealer = played.computed.dealer
    for choice in found.choices:
        defender = dealer is not None and choice.seat % 2 != dealer % 2
        assert " ".join(choice_words(choice, defender, lang)) in said
    assert found.moments  # the bury of this hand loses: it is a key moment
    assert all(m.message().render(lang) in said for m in found.moments)
    assert label(lang, "an_no_mistakes") not in said  # no play was judged: none is said fine
    if lang == "zh":  # the judgements' list items: no English word
        items = [text(li) for li in tree(page).iter("li")]
        judged = [i for i in items if any(m.message().render(lang) in i for m in found.moments)]
        judged += [
            i for i in items if any(choice_words(c, True, lang)[0] in i for c in found.choices)
        ]
        assert judged and all(english_in(i) is None for i in judged), judged
