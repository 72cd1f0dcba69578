"""The adjudication report and the terminal drawing: words a player reads."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from notation.psn import write
from notation.report import build_report, render_html, render_markdown, render_terminal
from notation.rules.cards import Rank
from notation.rules.ruleset import Side
from notation.rules.seats import team
from notation.simulate import simulate_hand
from notation.validate import HandReport, validate_text
from tests.test_replay import _revoke

EXAMPLES = Path(__file__).parents[1] / "examples"
REVOKE = EXAMPLES / "disputes" / "01-revoke-discovered-later.psn"


def checked(path: Path) -> list[HandReport]:
    return validate_text(path.read_text(encoding="utf-8"), path.name, timeline=True).hands


def report_of(hand: HandReport) -> str:
    assert hand.replay is not None
    return render_markdown(build_report(hand.replay, hand.findings))


def test_the_trump_is_written_as_players_write_it() -> None:
    (hand,) = checked(REVOKE)
    assert "- **Trump**: ♠2\n" in report_of(hand)
    (no_trump,) = checked(EXAMPLES / "teaching" / "04-no-trump-counter.psn")
    assert "- **Trump**: NT 2 (无主)\n" in report_of(no_trump)
    assert no_trump.replay is not None
    drawn = render_terminal(no_trump.replay, 60)
    assert drawn.splitlines()[1].startswith("trump NT 2 (无主)   dealer 3")


def test_trumps_are_marked_in_the_position_table() -> None:
    (hand,) = checked(REVOKE)
    text = report_of(hand)
    assert "Position before the play (trumps in **bold**):" in text
    assert "| 1 | **BJ ♠2 ♠2 ♦2 ♠K ♠10 ♠9 ♠8 ♠7 ♠5 ♠3** |" in text  # all trumps
    assert "| 2 | **LJ ♥2 ♠8 ♠6** ♥K ♥10 ♥9 ♥7 ♥5 ♦Q ♦9 ♦5 |" in text
    assert hand.replay is not None
    page = render_html(build_report(hand.replay, hand.findings))
    row = next(line for line in page.splitlines() if line.startswith("<tr><td>2</td>"))
    assert row.count(" trump") == 4  # LJ ♥2 ♠8 ♠6, and not ♥K ... ♦5
    assert row.index(">♠6<") < row.index(">♥K<")


# Where match-a's misplay penalty stands, as a report names it.
MISPLAY_SOURCE = '"Shuangsheng tournament scoring rules" (双升比赛计分规则) §5, 7'


def test_a_revoke_penalty_at_the_lowest_level_says_why_it_changes_nothing() -> None:
    (hand,) = checked(REVOKE)
    assert (
        "**Levels after the hand**: Team 1&3 stays at 2; team 2&4 takes over the deal (上台) "
        "at 2, then would drop 1 level for seat 2's revoke in trick 8 (misplay penalty, "
        f"{MISPLAY_SOURCE}), but 2 is the lowest level: it stays at 2. Next dealer: seat 2.\n"
    ) in report_of(hand)


@pytest.mark.parametrize(
    ("winner", "levels", "sentence"),
    [
        (
            Side.DEALER,
            2,
            "Team 1&3 goes up 2 levels to 7; team 2&4 stays at 3, then drops 2 levels for "
            "{revokes} (misplay penalty, " + MISPLAY_SOURCE + "), stopping at 2, the lowest level. "
            "Next dealer: seat 3.",
        ),
        (
            Side.DEFENDERS,
            2,
            "Team 1&3 stays at 5; team 2&4 takes over the deal (上台) and goes up 2 levels "
            "to 5, then drops 2 levels to 3 for {revokes} (misplay penalty, "
            + MISPLAY_SOURCE
            + "). "
            "Next dealer: seat 2.",
        ),
        (
            Side.DEFENDERS,
            0,
            "Team 1&3 stays at 5; team 2&4 takes over the deal (上台) at 3, then drops "
            "2 levels for {revokes} (misplay penalty, " + MISPLAY_SOURCE + "), stopping at 2, the "
            "lowest level. Next dealer: seat 2.",
        ),
    ],
)
def test_the_levels_after_a_revoke_are_sentences_with_the_cause_and_the_effect(
    winner: Side, levels: int, sentence: str
) -> None:
    # match-a at levels 5 and 3, seat 1 dealing; a revoke made in a simulated hand (the
    # first seed whose hand ends as the case wants: who wins, by how much, two revokes by
    # team 2&4 and none by team 1&3). Each revoke is named by its seat and trick.
    for seed in range(300):
        played = simulate_hand("match-a", seed=seed, levels=(Rank.FIVE, Rank.THREE), dealer=1)
        hand, _trick, seat = _revoke(played)
        (checked_hand,) = validate_text(write(hand), "x.psn", timeline=True).hands
        assert checked_hand.replay is not None
        outcome = checked_hand.replay.computed.outcome
        assert outcome is not None
        report = build_report(checked_hand.replay, checked_hand.findings)
        assert report.levels is not None
        made = report.levels.misplays[1]
        found = (outcome.winner, outcome.levels, team(seat), len(made))
        if found != (winner, levels, 2, 2) or report.levels.misplays[0]:
            continue
        assert all(f.seat == seat and f.trick is not None for f in made)
        named = " and ".join(f"seat {seat}'s revoke in trick {f.trick}" for f in made)
        assert report.levels_after == sentence.format(revokes=named)
        # validate --json says the same, as values.
        assert checked_hand.computed is not None
        assert checked_hand.computed["levels_after"] == [
            r.value for r in report.levels.after.levels
        ]
        return
    pytest.fail("no simulated hand ends as the case wants")


def test_validate_json_carries_the_misplay_penalty_the_report_shows() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "notation", "validate", "--json", str(REVOKE)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    (hand,) = json.loads(done.stdout)["files"][0]["hands"]
    computed = hand["computed"]
    assert computed["levels_before"] == ["2", "2"]
    assert computed["misplays"] == [0, 1] and computed["misplay_levels"] == [0, 1]
    assert computed["levels_after"] == ["2", "2"]  # at 2 already: nothing to drop to


def test_a_revoke_in_a_variation_is_no_misplay() -> None:
    # An alternative line is a lesson: its revoke is reported, but costs no level, even
    # under a rule set with a misplay penalty (match-a).
    lesson = EXAMPLES / "teaching" / "20-alternative-lines.psn"
    text = lesson.read_text(encoding="utf-8").replace("(1. 1: C5 ", "(1. 1: D5 ", 1)
    (hand,) = validate_text(text, lesson.name, "match-a", timeline=True).hands
    assert [f.code for f in hand.findings] == ["follow-suit"]  # inside the variation
    assert hand.computed is not None and hand.computed["misplays"] == [0, 0]
    assert "revoke" not in report_of(hand).split("**Levels after the hand**")[1]


NAMELESS = '[Event "Club night"]\n[Trump "H 2"]\n\n1. 1: SA 2: S3 3: S4 4: S5\n'


def _report(text: str, lang: str) -> str:
    (hand,) = validate_text(text, "x.psn", timeline=True).hands
    assert hand.replay is not None
    return render_markdown(build_report(hand.replay, hand.findings, lang))


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        (
            "en",
            "- **Rule set**: qq: QQ Shengji (normal) (QQ游戏双升（普通版）) — no Rules header: "
            "judged under qq, the default rule set\n",
        ),
        ("zh", "- **规则**：qq：QQ游戏双升（普通版）——没有 Rules 标头：按默认规则 qq 判定\n"),
    ],
    ids=["en", "zh"],
)
def test_the_report_says_why_a_hand_without_a_rules_header_is_judged_under_qq(
    lang: str, line: str
) -> None:
    assert line in _report(NAMELESS, lang)
    named = _report('[Rules "qq"]\n' + NAMELESS, lang)
    assert "Rules 标头" not in named and "Rules header" not in named


@pytest.mark.parametrize(
    ("lang", "nameless", "named"),
    [
        ("en", "- **Players**: —\n", "- **Players**: seat 1: Ann, seat 3: Cai\n"),
        ("zh", "- **牌手**：—\n", "- **牌手**：1 号位：Ann，3 号位：Cai\n"),
    ],
    ids=["en", "zh"],
)
def test_the_report_names_only_the_seats_the_record_names(
    lang: str, nameless: str, named: str
) -> None:
    assert nameless in _report(NAMELESS, lang)
    two = '[Seat1 "Ann"]\n[Seat3 "Cai"]\n' + NAMELESS
    assert named in _report(two, lang)
