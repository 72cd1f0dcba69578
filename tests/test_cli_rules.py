"""``shengji rules``: the reference card, JSON, ``--points`` and clean errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from notation.cli import main
from notation.messages import cite, rule_name
from notation.presets import load_ruleset, preset_names, ruleset_to_dict


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["rules", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("name", preset_names())
def test_reference_card_of_every_preset(capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, out, err = run(capsys, name)
    rules = load_ruleset(name)
    assert code == 0 and not err
    assert out.startswith(f"{name} — {rules.title.en} · {rules.title.zh}\n")
    for heading in ("Bidding (亮主 · 反主)", "Kitty (底牌 · 抠底)", "Level table (升级)"):
        assert heading in out
    for rule, clause in rules.clauses.items():
        assert f"  § {rule.value}: {cite(clause, 'en')}\n" in out
    documents = "; ".join(f'"{doc.en}" ({doc.zh})' for doc in rules.documents())
    assert f"\nSources: {documents}\n" in out


# An English sentence: three or more Latin words in a row.
ENGLISH = re.compile(r"[A-Za-z]+(?:[ ,;:'-]+[A-Za-z]+){2,}")


@pytest.mark.parametrize("name", preset_names())
def test_reference_card_in_chinese_has_no_english_sentence(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    code, out, err = run(capsys, name, "--lang", "zh")
    rules = load_ruleset(name)
    assert code == 0 and not err
    assert out.startswith(f"{name} — {rules.title.zh}\n\n{rules.description.zh}\n出处：《")
    for heading in ("\n亮主 · 反主\n", "\n底牌 · 抠底\n", "\n升级\n", "\n发牌 · 出牌\n"):
        assert heading in out
    for rule, clause in rules.clauses.items():
        assert f"  § {rule_name(rule, 'zh')}：{cite(clause, 'zh')}\n" in out
    assert not ENGLISH.search(out), ENGLISH.findall(out)


def test_points_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        run(capsys, "qq", "--points", "85", "--lang", "zh")[1]
        == "qq：闲家得85分，闲家上台，不升级。\n"
    )
    assert run(capsys, "qq", "--points", "0", "--lang", "zh")[1] == "qq：闲家得0分，庄家方升3级。\n"
    assert run(capsys, "qq", "--points", "120", "--lang", "zh")[1] == (
        "qq：闲家得120分，闲家上台并升1级。\n"
    )


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        (
            "en",
            [
                "      80–95  defenders take over (上台)",
                "       120+  defenders +2, then +1 per 20 points",
                "  multiplier examples: single ×2, pair ×4, tractor of 2 ×8, of 3 ×16",
                "  must-play levels (逢N必打): 10",
                "  points per card: 10",
                "  cards counted: cards that could not be thrown [withdrawn]",
                "  end of the match: the first team past the goal level wins [pass]",
            ],
        ),
        (
            "zh",
            [
                "      80–95  闲家上台",
                "       120+  闲家升2级，以后每20分多升1级",
                "  倍数举例：单张 ×2、对子 ×4、两对拖拉机 ×8、三对 ×16",
                "  必打级（逢N必打）：10",
                "  每张罚分：10",
                "  计罚的牌：甩不出去的牌 [withdrawn]",
                "  比赛结束：先过目标级者胜 [pass]",
                "  花色顺序（从大到小）：大王、小王、黑桃、红桃、方片、梅花",
            ],
        ),
    ],
)
def test_reference_card_shows_the_level_table_and_multipliers(
    capsys: pytest.CaptureFixture[str], lang: str, lines: list[str]
) -> None:
    _, out, _ = run(capsys, "match-a", "--lang", lang)
    for line in lines:
        assert f"{line}\n" in out


def test_reference_card_shows_the_follow_policy_with_its_clauses(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run(capsys, "qq")
    section = out.split("Following (跟牌)\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert section[0] == (
        "  a longer tractor led, a shorter one held: it must be played, longest first, "
        "before other pairs [must]"
    )
    assert [line.split(": ")[0] for line in section[1:]] == [
        "  § follow.suit",
        "  § follow.pair",
        "  § follow.tractor",
    ]


def test_json_is_the_whole_rule_set(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "seed-001", "--json")
    assert code == 0
    data = json.loads(out)
    assert data == ruleset_to_dict(load_ruleset("seed-001"))
    assert data["throw"] == {"penalty_per_card": 0, "penalty_counts": "withdrawn"}
    assert data["cards"]["rank_above_jokers"] is True
    assert data["follow"] == {"shorter_tractor": "must"}


@pytest.mark.parametrize(
    ("name", "points", "winner", "levels"),
    [
        ("qq", 0, "dealer", 3),
        ("qq", 85, "defenders", 0),
        ("qq-super", 0, "dealer", 6),
        ("match-a", 100, "defenders", 1),
        ("tractor", 240, "defenders", 3),
    ],
)
def test_points_as_json(
    capsys: pytest.CaptureFixture[str], name: str, points: int, winner: str, levels: int
) -> None:
    code, out, _ = run(capsys, name, "--points", str(points), "--json")
    assert code == 0
    assert json.loads(out) == {"points": points, "winner": winner, "levels": levels}


def test_points_as_a_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "qq", "--points", "35")[1] == (
        "qq: defenders with 35 points: the dealer side goes up 2 levels.\n"
    )
    assert run(capsys, "qq", "--points", "40")[1] == (
        "qq: defenders with 40 points: the dealer side goes up 1 level.\n"
    )
    assert run(capsys, "qq", "--points", "80")[1] == (
        "qq: defenders with 80 points: the defenders take over the deal (上台), no level gained.\n"
    )
    assert run(capsys, "qq", "--points", "165")[1] == (
        "qq: defenders with 165 points: the defenders take over and go up 2 levels.\n"
    )


def test_a_users_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "club.yaml"
    path.write_text("base: qq\nname: club\nscoring:\n  level_table: twenty\n", encoding="utf-8")
    code, out, _ = run(capsys, str(path), "--points", "100", "--json")
    assert code == 0
    assert json.loads(out)["levels"] == 1


def test_a_broken_file_is_a_clean_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "club.yaml"
    path.write_text("base: qq\nkitty:\n  size: eight\n", encoding="utf-8")
    code, out, err = run(capsys, str(path))
    assert code == 2 and not out
    assert err == (
        f"shengji: {path}:3:9: kitty.size: expected a whole number, found str 'eight'\n"
        "    size: eight\n"
        "          ^\n"
    )


def test_an_unknown_preset_is_a_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "bridge")
    assert code == 2
    assert err.startswith("shengji: no preset 'bridge': the presets are match-a")


def test_a_rule_set_is_named_in_any_case_on_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "QQ")
    assert code == 0 and out.startswith("qq — ")
    record = str(Path(__file__).parents[1] / "examples" / "teaching" / "13-kitty-qq-tractor.psn")
    assert main(["validate", record, "--rules", "QQ"]) == 0
    assert "unknown-rules" not in capsys.readouterr().out
    code, _, err = run(capsys, "qqq", "--lang", "zh")
    assert code == 2 and "没有预设规则 'qqq'（是不是 'qq'？）" in err


def test_rules_is_listed_in_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "rules" in capsys.readouterr().out


@pytest.mark.parametrize("points", ["-5", "7", "3965", "100000"])
def test_points_that_no_hand_can_total_are_a_clean_error(
    capsys: pytest.CaptureFixture[str], points: str
) -> None:
    # qq: multiples of 5 from 0 to 3960 (200 card points, the richest kitty of 80 points
    # captured by a 12-pair tractor at ×48; no throw penalty).
    code, out, err = run(capsys, "qq", "--points", points)
    assert code == 2 and not out
    assert err == (
        f"shengji rules: --points {points}: the defenders' total under qq is a multiple of 5 "
        "from 0 to 3960 (all card points, the kitty at its largest multiplier, and the "
        "failed-throw penalties the dealer side can pay)\n"
    )


def test_the_largest_possible_total_is_answered(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "qq", "--points", "3960", "--json")
    assert code == 0 and json.loads(out)["winner"] == "defenders"
