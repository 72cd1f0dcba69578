"""``shengji judge``: one trick in, a verdict out, as JSON lines."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from notation.errors import ShengjiError
from notation.lines.judge import JudgeError, judge_trick
from notation.presets import load_ruleset
from notation.replay import StepKind
from notation.rules.cards import format_symbols, parse_cards
from notation.rules.ruleset import ShorterTractor

HANDS = {
    "1": ["S9", "S8", "S8", "S4", "S4", "HA"],
    "2": ["SJ", "S2", "C3", "C4", "C5", "C6"],
    "3": ["S3", "S3", "S5", "D2", "D3", "D4"],
    "4": ["H3", "H4", "H5", "H6", "H7", "H8"],
}


def request(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "trump": {"rank": "10", "suit": "H"},
        "leader": 1,
        "hands": HANDS,
        "plays": [["S9", "S8", "S8", "S4", "S4"], ["SJ", "S2", "C3", "C4", "C5"]],
    }
    base.update(changes)
    return base


def test_failed_throw_forces_the_failing_unit_and_later_plays_follow_it() -> None:
    answer = judge_trick(request(plays=[["S9", "S8", "S8", "S4", "S4"], ["SJ"], ["S3"], ["H3"]]))
    assert answer["throw"]["failed"] is True
    assert answer["throw"]["forced"] == ["S9"] and answer["throw"]["beaten_by"] == 2
    assert [p["legal"] for p in answer["plays"]] == [True, True, True, True]
    assert answer["winner"] == 4  # ♥3 is a trump: it ruffs the forced ♠9


def test_failed_throw_penalty_follows_the_rule_set() -> None:
    plays = [["S9", "S8", "S8", "S4", "S4"], ["SJ"], ["S3"], ["H3"]]
    qq = judge_trick(request(plays=plays, rules="qq"))["throw"]
    match_a = judge_trick(request(plays=plays, rules="match-a"))["throw"]
    assert qq["penalty_points"] == 0  # qq: forced play, no point penalty (000§6.五)
    assert match_a["penalty_points"] == 40  # match-a: 10 per card not thrown (000§2 六)


def test_a_revoke_is_reported_with_its_rule() -> None:
    answer = judge_trick(request(plays=[["S4", "S4"], ["C3", "C4"]]))
    second = answer["plays"][1]
    assert second["legal"] is False
    assert second["findings"][0]["code"] == "follow-suit"
    assert second["findings"][0]["rule"] == "follow.suit"
    assert second["findings"][0]["clause"]


def test_kitty_multiplier_on_the_last_trick() -> None:
    hands = {"1": ["S4", "S4"], "2": ["C3", "C4"], "3": ["S3", "S3"], "4": ["D3", "D4"]}
    plays = [["S4", "S4"], ["C3", "C4"], ["S3", "S3"], ["D3", "D4"]]
    answer = judge_trick(request(hands=hands, plays=plays, last_trick=True))
    assert answer["winner"] == 1 and answer["kitty_multiplier"] == 4
    assert judge_trick(request(hands=hands, plays=plays))["kitty_multiplier"] is None


def test_last_trick_won_with_side_cards_uses_the_side_multiplier() -> None:
    # seed-001 (001§4.5): 抠底 with side cards doubles the kitty, whatever the unit.
    hands = {"1": ["S4", "S4"], "2": ["C3", "C4"], "3": ["S3", "S3"], "4": ["D3", "D4"]}
    plays = [["S4", "S4"], ["C3", "C4"], ["S3", "S3"], ["D3", "D4"]]
    side = judge_trick(request(hands=hands, plays=plays, last_trick=True, rules="seed-001"))
    assert side["winner"] == 1 and side["kitty_multiplier"] == 2
    hands["2"] = ["H3", "H3"]  # hearts are trump: seat 2 ruffs with a pair
    plays[1] = ["H3", "H3"]
    ruff = judge_trick(request(hands=hands, plays=plays, last_trick=True, rules="seed-001"))
    assert ruff["winner"] == 2 and ruff["kitty_multiplier"] == 4


def test_unknown_hands_are_not_judged() -> None:
    answer = judge_trick(request(hands={}, plays=[["S4"], ["C3"]]))
    assert [p["legal"] for p in answer["plays"]] == [None, None]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"plays": [["S11"]]}, "unknown card 'S11'"),
        ({"leader": 5}, "no seat 5"),
        ({"trump": {"rank": "X"}}, "bad trump"),
        ({"plays": []}, "1 to 4 plays"),
        ({"rules": 5}, "field 'rules' must be a rule-set name like \"qq\", not a number"),
        ({"rules": "/etc/passwd"}, "not a rule-set name"),
        ({"hands": {"1": [["S9"]]}}, r"hands.1\[0\]: expected a card like \"S10\", found a list"),
        ({"plays": [["S9", 5]]}, r"plays\[0\]\[1\]: expected a card like \"S10\", found a number"),
        ({"leader": 10**400}, r"leader: no seat 1000000000… \(401 digits\); seats are 1, 2,"),
        ({"trump": {"rank": [[1]], "suit": "H"}}, 'trump.rank: expected a rank like "10"'),
        ({"last_trick": "yes"}, "field 'last_trick' must be true or false"),
    ],
)
def test_bad_requests_are_judge_errors(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(JudgeError, match=message):
        judge_trick(request(**changes))


def judge_cli(lines: list[str]) -> subprocess.CompletedProcess[str]:
    """``shengji judge`` run on ``lines``."""
    return subprocess.run(
        [sys.executable, "-m", "notation", "judge"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_cli_answers_each_line_and_survives_bad_lines() -> None:
    lines = [
        json.dumps(request(plays=[["S4", "S4"], ["C3", "C4"]])),
        "{not json",
        json.dumps(request(plays=[["XX"]])),
        json.dumps(request(plays=[["HA"], ["S2"]])),
    ]
    result = judge_cli(lines)
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(answers) == 4
    assert answers[0]["plays"][1]["findings"][0]["code"] == "follow-suit"
    assert "not JSON" in answers[1]["error"] and "unknown card" in answers[2]["error"]
    assert answers[3]["plays"][1]["legal"] is True
    assert result.returncode == 2 and "Traceback" not in result.stderr


def test_a_rules_field_naming_a_file_reads_nothing(tmp_path: Path) -> None:
    secret = tmp_path / "secret.yaml"
    secret.write_text("password: hunter2\n", encoding="utf-8")
    with pytest.raises(ShengjiError) as info:
        judge_trick(request(rules=str(secret)))
    assert "hunter2" not in str(info.value) and "the presets are" in str(info.value)


def test_a_rules_field_names_a_rule_set_in_any_case() -> None:
    assert judge_trick(request(rules="Match-A")) == judge_trick(request(rules="match-a"))
    with pytest.raises(ShengjiError, match=r"\(did you mean 'match-a'\?\)"):
        judge_trick(request(rules="matcha"))


def test_a_deeply_nested_value_is_named_without_being_shown() -> None:
    nested: Any = "S9"
    for _ in range(900):
        nested = [nested]
    with pytest.raises(JudgeError, match=r"plays\[0\]\[0\]: expected a card"):
        judge_trick(request(plays=[[nested]]))


def test_cli_answers_every_line_of_a_hostile_stream() -> None:
    good = json.dumps(request(plays=[["S4", "S4"], ["C3", "C4"]]))
    lines = [
        good,
        "[" * 100_000 + "]" * 100_000,  # nested past any recursion limit
        '{"leader": ' + "9" * 5000 + "}",  # past Python's 4300-digit limit
        "[1, 2, 3]",
        '"a string"',
        "null",
        json.dumps(request(plays=[[["S9"] * 3]])),
        good,
    ]
    result = judge_cli(lines)
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(answers) == len(lines)
    assert "nested too deeply" in answers[1]["error"]
    assert "a number of 5000 digits" in answers[2]["error"]
    assert all("a request is a JSON object" in a["error"] for a in answers[3:6])
    assert "error" in answers[6]
    assert answers[0] == answers[7] and "error" not in answers[7]
    assert result.returncode == 2 and "Traceback" not in result.stderr


def test_judge_agrees_with_the_replay_on_every_trick_of_simulated_hands() -> None:
    # The same tricks the benchmark judges: each seat's whole hand, throws as thrown.
    from notation.simulate import simulate_hand
    from tests.benchmark import judge_lines

    hands = [
        simulate_hand(preset, seed=seed, dealer=2)
        for preset in ("qq", "match-a", "seed-001")
        for seed in range(3)
    ]
    lines = judge_lines(hands)
    tricks = [(hand, trick) for hand in hands for trick in hand.tricks]
    assert len(lines) == len(tricks)
    for line, (hand, trick) in zip(lines, tricks, strict=True):
        answer = judge_trick(json.loads(line), load_ruleset(hand.rules or "qq"))
        assert all(p["legal"] for p in answer["plays"]), (line, answer)
        failed = trick.plays[0].attempted is not None
        assert (answer["throw"] is not None and answer["throw"]["failed"]) is failed
        later = hand.tricks.index(trick) + 1
        if later < len(hand.tricks):
            assert answer["winner"] == hand.tricks[later].plays[0].seat  # the winner leads next


FOLLOW_CODES = {"follow-suit", "follow-pair", "follow-tractor", "not-held", "wrong-count"}


def test_judge_and_the_replay_agree_on_random_follows() -> None:
    # The replay checks follows with quick paths of its own (a single to a single, a pair
    # to a pair) and hands kept as counts; judge reads whole hands as lists. On random
    # follows drawn from the real hands, legal or not, both must say the same.
    import random
    from dataclasses import replace

    from notation.replay import replay
    from notation.simulate import simulate_hand
    from tests.benchmark import judge_lines

    rng = random.Random(7)
    verdicts = {True: 0, False: 0}
    for preset in ("qq", "match-a", "tractor", "seed-001"):
        for seed in range(6):
            hand = simulate_hand(preset, seed=seed, dealer=1 + seed % 4)
            rules = load_ruleset(preset)
            states = replay(hand).states
            for _ in range(6):
                t = rng.randrange(len(hand.tricks))
                trick = hand.tricks[t]
                k = rng.randrange(1, len(trick.plays))
                play = trick.plays[k]
                lead_state = next(
                    s for s in states if s.kind is StepKind.PLAY and s.event is trick.plays[0]
                )
                held = list(states[lead_state.step - 1].hand(play.seat))
                cards = tuple(rng.sample(held, len(play.cards)))
                plays = (*trick.plays[:k], replace(play, cards=cards), *trick.plays[k + 1 :])
                tricks = (*hand.tricks[:t], replace(trick, plays=plays), *hand.tricks[t + 1 :])
                changed = replace(hand, tricks=tricks)
                found = [
                    f.code
                    for f in replay(changed, rules, timeline=False).findings
                    if f.trick == trick.number and f.seat == play.seat and f.code in FOLLOW_CODES
                ]
                answer = judge_trick(json.loads(judge_lines([changed])[t]), rules)
                legal = answer["plays"][k]["legal"]
                assert legal is (not found), (preset, seed, trick.number, cards, found, answer)
                verdicts[legal] += 1
    assert verdicts[True] > 20 and verdicts[False] > 20  # both kinds were tried


def test_judge_and_the_replay_agree_on_random_throws() -> None:
    # Random leads of several cards of one suit from the leader's real hand: the replay
    # says "throw-failed" exactly where judge says the throw fails, with the same unit.
    import random
    from dataclasses import replace

    from notation.replay import replay
    from notation.simulate import simulate_hand
    from tests.benchmark import judge_lines

    rng = random.Random(11)
    verdicts = {True: 0, False: 0}
    for preset in ("qq", "match-b", "tractor"):
        for seed in range(8):
            hand = simulate_hand(preset, seed=seed, dealer=1 + seed % 4)
            rules = load_ruleset(preset)
            states = replay(hand).states
            trump = replay(hand).computed.trump
            assert trump is not None
            for t in rng.sample(range(len(hand.tricks)), 4):
                trick = hand.tricks[t]
                lead = trick.plays[0]
                lead_state = next(s for s in states if s.event is lead)
                held = list(states[lead_state.step - 1].hand(lead.seat))
                suit = trump.effective_suit(rng.choice(held))
                suited = [c for c in held if trump.effective_suit(c) == suit]
                if len(suited) < 2:
                    continue
                cards = tuple(rng.sample(suited, rng.randint(2, min(5, len(suited)))))
                plain = replace(lead, cards=cards, attempted=None, blocker=None)
                alone = replace(trick, plays=(plain,))
                changed = replace(hand, tricks=(*hand.tricks[:t], alone))
                found = [
                    f
                    for f in replay(changed, rules, timeline=False).findings
                    if f.trick == trick.number and f.code == "throw-failed"
                ]
                answer = judge_trick(json.loads(judge_lines([changed])[t]), rules)
                failed = answer["throw"] is not None and answer["throw"]["failed"]
                assert failed is bool(found), (preset, seed, trick.number, cards, answer)
                if failed:
                    forced = format_symbols(parse_cards(answer["throw"]["forced"]))
                    assert f"had to play {forced}" in found[0].message
                verdicts[failed] += 1
    assert verdicts[True] > 20 and verdicts[False] > 5  # random throws mostly fail


def test_a_shorter_tractor_is_owed_under_the_rule_sets_policy() -> None:
    # Trump ♥2, ♠99-1010-JJ led; seat 2 holds ♠3344 and plays ♠33 77 QQ (RULES.md §5).
    tractor = {
        "trump": {"rank": "2", "suit": "H"},
        "leader": 1,
        "hands": {"2": ["S3", "S3", "S4", "S4", "S7", "S7", "SQ", "SQ", "C5"]},
        "plays": [["S9", "S9", "S10", "S10", "SJ", "SJ"], ["S3", "S3", "S7", "S7", "SQ", "SQ"]],
    }
    (found,) = judge_trick({**tractor, "rules": "qq"})["plays"][1]["findings"]
    assert found["code"] == "follow-tractor"
    assert found["message"].startswith("Seat 2 did not follow with a tractor: ")
    assert found["cards"] == ["S4", "S4", "S3", "S3"]
    qq = load_ruleset("qq")
    loose = replace(qq, follow=replace(qq.follow, shorter_tractor=ShorterTractor.OPTIONAL))
    assert judge_trick(tractor, rules=loose)["plays"][1] == {
        "seat": 2,
        "legal": True,
        "findings": [],
    }


@pytest.mark.parametrize(
    ("hands", "plays", "where"),
    [
        # one seat holds three
        (
            {**HANDS, "2": ["SJ", "S2", "C3", "C3", "C3", "C6"]},
            [["S9"]],
            "hands.2: a third C3 (seat 2)",
        ),
        # two seats hold three between them
        (
            {**HANDS, "4": ["S8", "H4", "H5", "H6", "H7", "H8"]},
            [["S9"]],
            "hands.4: a third S8 (seat 4)",
        ),
        # a seat whose hand is not given plays the third
        (
            {k: v for k, v in HANDS.items() if k != "3"},
            [["S4"], ["S2"], ["S3", "S4"]],
            "plays[2]: a third S4 (seat 3)",
        ),
    ],
)
def test_a_third_copy_of_a_card_is_refused_naming_the_card_and_the_seat(
    hands: dict[str, list[str]], plays: list[list[str]], where: str
) -> None:
    with pytest.raises(JudgeError) as info:
        judge_trick(request(hands=hands, plays=plays))
    assert where in str(info.value) and "two decks hold two" in str(info.value)
    assert "第三张" in info.value.text.render("zh")


def test_a_card_not_held_is_a_finding_not_a_third_copy() -> None:
    # Seat 2 plays S8 without holding it: seat 1 holds both, and the play is not held.
    answer = judge_trick(request(plays=[["S4"], ["S8"]]))
    assert answer["plays"][1]["legal"] is False


def test_the_cli_answers_a_third_copy_with_that_lines_error_and_goes_on() -> None:
    good = json.dumps(request(plays=[["S4", "S4"], ["C3", "C4"]]))
    third = json.dumps(request(hands={**HANDS, "2": ["S4", "S2", "C3", "C4", "C5", "C6"]}))
    result = judge_cli([third, good])
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert "line 1: hands.2: a third S4 (seat 2)" in answers[0]["error"]
    assert "error" not in answers[1] and result.returncode == 2
