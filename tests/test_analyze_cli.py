"""``shengji analyze``: the JSON report under its schema, the annotations written and
replaced on a rerun with the players' own comments kept, --out and --in-place, the same
bytes for a seed whatever -j, and bad input located."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from notation.analysis.annotate import engine_version, is_engine_comment
from notation.analysis.review import JSON_SCHEMA
from notation.cli import main
from notation.psn import Comment, parse, write
from notation.psn.model import GLYPHS
from notation.simulate import simulate_hand
from tests.test_messages import english_in

ROOT = Path(__file__).resolve().parent.parent
DISPUTES = ROOT / "examples" / "disputes"
FAST = ["--budget", "0.01"]


@pytest.fixture
def record(tmp_path: Path) -> Path:
    """The first trick of a simulated hand, with a player's comment and glyph."""
    hand = simulate_hand("qq", seed=3)
    first = hand.tricks[0]
    plays = list(first.plays)
    plays[1] = replace(plays[1], comments=(Comment("a low diamond, as agreed"),))
    plays[2] = replace(plays[2], nags=(GLYPHS["!"],))
    hand = replace(hand, tricks=(replace(first, plays=tuple(plays)),), result=None)
    path = tmp_path / "hand.psn"
    path.write_text(write(hand), encoding="utf-8")
    return path


def _analyze(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["analyze", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_json_report_follows_its_schema(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stopped = DISPUTES / "03-wrong-forced-play.psn"
    code, out, _ = _analyze(capsys, str(record), str(stopped), "--json", *FAST, "-j", "1")
    report = json.loads(out)
    Draft202012Validator(JSON_SCHEMA).validate(report)
    assert code == 0
    assert report["engine"] == {
        "name": "shengji", "version": report["engine"]["version"], "view": "player",
        "budget": 0.01, "seed": 0, "rules": None,
    }  # fmt: skip
    assert report["engine"]["version"] == engine_version()
    first, second = (f["hands"][0] for f in report["files"])
    assert [(p["trick"], p["seat"]) for p in first["plays"]] == [(1, 1), (1, 2), (1, 3), (1, 4)]
    assert all(p["class"] in ("fine", "inaccuracy", "mistake", "blunder") for p in first["plays"])
    assert first["summary"]["1"]["plays"] == 1 and first["stopped"] is None
    for k, play in enumerate(first["plays"]):  # early: the policy's line to the trick's end
        line = play["line"]
        assert line["source"] == "policy" and len(line["plays"]) == 4 - k
        assert line["plays"][0] == {"trick": 1, "seat": play["seat"], "cards": play["best"]}
    assert second["stopped"]["trick"] == 2 and second["stopped"]["seat"] == 1
    assert "wrong-forced-play" in second["stopped"]["reason"] and len(second["plays"]) == 4


def test_annotations_are_written_and_a_rerun_replaces_only_the_engine_s(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _analyze(capsys, str(record), "--in-place", *FAST, "--view", "hindsight")[0] == 0
    once = parse(record.read_text()).hands[0]
    assert _analyze(capsys, str(record), "-i", *FAST, "--view", "hindsight", "--seed", "5")[0] == 0
    twice = parse(record.read_text()).hands[0]
    for hand in (once, twice):
        plays = hand.tricks[0].plays
        assert [sum(map(is_engine_comment, p.comments)) for p in plays] == [1, 1, 1, 1]
        assert all("[%eval " in p.comments[-1].text for p in plays)
        assert plays[1].comments[0] == Comment("a low diamond, as agreed")
        assert GLYPHS["!"] in plays[2].nags  # the player's glyph stands
        assert sum(map(is_engine_comment, hand.comments)) == 1
        assert "[%engine shengji" in hand.comments[-1].text
    assert "hindsight 0.01 5]" in twice.comments[-1].text
    # Without the engine's comments and glyphs the record is the player's again.
    again = main(["analyze", str(record), "-i", *FAST, "--view", "hindsight", "--seed", "5"])
    assert again == 0 and parse(record.read_text()).hands[0] == twice


def test_out_writes_the_annotated_record_and_fmt_keeps_it(
    record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "annotated.psn"
    code, printed, err = _analyze(capsys, str(record), "--out", str(out), *FAST, "-j", "1")
    assert code == 0 and printed == "" and "1 file written" in err
    assert main(["fmt", "--check", str(out)]) == 0
    assert record.read_text() != out.read_text()


def test_the_same_seed_gives_the_same_bytes_whatever_j(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one = _analyze(capsys, str(record), *FAST, "-j", "1", "--seed", "3")[1]
    two = _analyze(capsys, str(record), *FAST, "-j", "2", "--seed", "3")[1]
    other = _analyze(capsys, str(record), *FAST, "-j", "2", "--seed", "4")[1]
    assert one == two and one != other


def test_the_same_seed_gives_the_same_bytes_in_another_process(record: Path) -> None:
    # Other processes hash strings differently and place cards elsewhere in memory.
    def run(hash_seed: str) -> str:
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        args = ["analyze", str(record), *FAST, "-j", "1", "--json"]
        done = subprocess.run(
            [sys.executable, "-m", "notation", *args], capture_output=True, text=True, env=env
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert run("1") == run("2")


def test_bad_input_is_located_and_exits_2(
    record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _analyze(capsys, str(tmp_path / "missing.psn"))
    assert code == 2 and "missing.psn: no such file" in err
    broken = tmp_path / "broken.psn"
    broken.write_text('[Event "x"]\n\n1. 1: SA 2: XX\n', encoding="utf-8")
    code, _, err = _analyze(capsys, str(broken), *FAST)
    assert code == 2 and "broken.psn:3:" in err and "Traceback" not in err
    code, _, err = _analyze(capsys, str(record), str(record), "--out", str(tmp_path / "o.psn"))
    assert code == 2 and "--out" in err


def test_a_hand_that_cannot_be_analysed_says_why_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (DISPUTES / "01-revoke-discovered-later.psn").read_text(encoding="utf-8")
    unknown = tmp_path / "unknown.psn"
    unknown.write_text(text.replace("deck 1: HQ", "deck 1: ??"), encoding="utf-8")
    code, out, err = _analyze(capsys, str(unknown), "--json", *FAST)
    assert code == 2 and "hand 1: cannot be analysed" in err
    hand = json.loads(out)["files"][0]["hands"][0]
    assert hand["analysed"] is False and hand["plays"] == []


def test_the_play_where_the_analysis_stops_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _analyze(capsys, str(DISPUTES / "03-wrong-forced-play.psn"), *FAST)
    hand = parse(out).hands[0]
    assert code == 0 and "analysed up to trick 2, seat 1's play" in err
    lead = hand.tricks[1].plays[0]
    assert "the analysis stops here" in lead.comments[-1].text
    assert "trick 2" in hand.comments[-1].text


def test_a_progress_bar_on_a_terminal_only(
    record: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert "plays" not in _analyze(capsys, str(record), *FAST, "-j", "1")[2]
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert "4/4 plays" in _analyze(capsys, str(record), *FAST, "-j", "1")[2]


def test_a_second_run_in_the_same_process_analyses_its_own_hand(
    record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "other.psn"
    hand = simulate_hand("qq", seed=4)
    other.write_text(write(replace(hand, tricks=hand.tricks[:1], result=None)), encoding="utf-8")
    _analyze(capsys, str(other), *FAST, "-j", "1", "--json")
    out = _analyze(capsys, str(record), *FAST, "-j", "1", "--json")[1]  # the first file too
    plays = json.loads(out)["files"][0]["hands"][0]["plays"]
    recorded = parse(record.read_text()).hands[0].tricks[0].plays
    assert [p["cards"] for p in plays] == [[str(c) for c in p.cards] for p in recorded]


def test_tricks_limits_the_plays_judged(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hand = simulate_hand("qq", seed=3)
    full = record.with_name("three.psn")
    full.write_text(write(replace(hand, tricks=hand.tricks[:3], result=None)), encoding="utf-8")
    code, out, _ = _analyze(capsys, str(full), *FAST, "-j", "1", "--json", "--tricks", "2-3")
    plays = json.loads(out)["files"][0]["hands"][0]["plays"]
    assert code == 0 and sorted({p["trick"] for p in plays}) == [2, 3] and len(plays) == 8
    with pytest.raises(SystemExit) as stop:
        main(["analyze", str(full), "--tricks", "3-2"])
    assert stop.value.code == 2 and "tricks run from 1 up" in capsys.readouterr().err


def test_lang_zh_writes_the_engine_s_words_in_chinese(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = str(DISPUTES / "03-wrong-forced-play.psn")
    code, out, err = _analyze(capsys, path, *FAST, "--lang", "zh")
    hand = parse(out).hands[0]
    assert code == 0 and "分析到第 2 轮 1 号位的出牌为止" in err
    assert "甩牌失败后没有出最小的失败牌型" in err  # the finding's meaning, not its code
    engine = [c.text for c in hand.comments if is_engine_comment(c)]
    assert len(engine) == 1 and "复盘分析（玩家视角）：1 号位：1 手牌" in engine[0]
    stop = hand.tricks[1].plays[0].comments[-1].text
    assert stop.startswith("[%engine shengji] 分析到此为止：")
    for text in (*engine, stop, err):
        words = re.sub(r"\[%[^\]]*\]|[♠♥♣♦](?:10|[2-9JQKA])|shengji|\S+\.psn", " ", text)
        assert english_in(words) is None, words


def test_the_stop_is_marked_on_its_play_when_only_later_tricks_are_judged(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = str(DISPUTES / "03-wrong-forced-play.psn")
    code, out, _ = _analyze(capsys, path, *FAST, "--tricks", "2")
    hand = parse(out).hands[0]
    marked = [
        (t.number, p.seat)
        for t in hand.tricks
        for p in t.plays
        if any("the analysis stops here" in c.text for c in p.comments)
    ]
    assert code == 0 and marked == [(2, 1)]
