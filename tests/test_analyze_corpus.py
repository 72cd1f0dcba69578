"""``shengji analyze`` over a corpus on every executor: the same bytes with -j 1, -j 2
and a Dask LocalCluster of 2 worker processes; each file's analysis written beside it or
under --out DIR mirroring the tree; a rerun skips the hands analysed with the same
settings and analyses again when they change; a chunk that kills its worker is its
hand's error, the other hands go on."""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from notation.analysis.annotate import engine_version
from notation.analysis.evaluate import View
from notation.cli import analyze as analyze_cli
from notation.cli import main
from notation.presets import load_ruleset
from notation.psn import parse, write
from notation.simulate import simulate_hand, simulate_match

# Fast: a tiny budget, and only the last trick or two of each hand (qq hands have 13).
FAST = ["--budget", "0.01", "--tricks", "12"]
# Faster: from trick 21, which only the match's second hand (22 tricks) reaches; the
# other hands have no play to judge and are done at once, out of the files' order. (A
# run with FAST judges 120 plays, 15 s of CPU; with ENDGAME 8, under 1 s: the tests of
# what is written where, skipped or resumed need a hand with plays judged, not many.)
ENDGAME = ["--budget", "0.01", "--tricks", "21"]
DISPUTES = Path(__file__).resolve().parent.parent / "examples" / "disputes"


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    """Two single hands and a match of three hands in a sub-folder."""
    folder = tmp_path / "corpus"
    (folder / "club").mkdir(parents=True)
    for seed in (0, 1):
        (folder / f"hand-{seed}.psn").write_text(
            write(simulate_hand("qq", seed=seed)), encoding="utf-8"
        )
    match = list(simulate_match("match-a", seed=4))[:3]
    (folder / "club" / "match.psn").write_text(write(match), encoding="utf-8")
    return folder


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["analyze", *args])
    out, err = capsys.readouterr()
    return code, out, err


def _tree(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): p.read_text("utf-8") for p in sorted(folder.rglob("*"))
            if p.is_file()}  # fmt: skip


def test_dask_and_the_local_pool_give_the_same_bytes(
    corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = {
        "j1": ["-j", "1"],
        "j2": ["-j", "2"],
        "dask": ["--executor", "dask", "-j", "2"],
    }
    reports: dict[str, str] = {}
    trees: dict[str, dict[str, str]] = {}
    for name, how in runs.items():
        out = tmp_path / name
        code, report, _ = _run(capsys, str(corpus), *ENDGAME, *how, "--json", "--out", str(out))
        assert code == 0
        reports[name], trees[name] = report, _tree(out)
    assert reports["j1"] == reports["j2"] == reports["dask"]
    assert trees["j1"] == trees["j2"] == trees["dask"]
    files = json.loads(reports["j1"])["files"]
    assert [Path(f["path"]).relative_to(corpus).as_posix() for f in files] == [
        "club/match.psn", "hand-0.psn", "hand-1.psn",
    ]  # fmt: skip
    # each file's hands under it (a hand done early once went under the file before)
    assert [[h["number"] for h in f["hands"]] for f in files] == [[1, 2, 3], [1], [1]]
    assert all(p["trick"] >= 21 for f in files for h in f["hands"] for p in h["plays"])
    assert sum(len(h["plays"]) for f in files for h in f["hands"]) > 0


def test_out_mirrors_the_folders_and_leaves_the_corpus_as_it_was(
    corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = _tree(corpus)
    out = tmp_path / "analysed"
    code, _, err = _run(capsys, str(corpus), *ENDGAME, "-j", "1", "--out", str(out))
    assert code == 0 and "3 files written, 5 hands" in err
    assert _tree(corpus) == before
    assert sorted(_tree(out)) == ["club/match.psn", "hand-0.psn", "hand-1.psn"]
    hands = parse(_tree(out)["club/match.psn"]).hands
    assert len(hands) == 3 and all("[%engine shengji" in h.comments[-1].text for h in hands)


def test_a_glob_names_the_files_and_its_folder_is_the_root_under_out(
    corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "analysed"
    code, _, _ = _run(capsys, f"{corpus}/**/m*.psn", *ENDGAME, "-j", "1", "--out", str(out))
    assert code == 0 and sorted(_tree(out)) == ["club/match.psn"]


def test_two_files_of_one_name_cannot_share_an_out_folder(
    corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "other"
    other.mkdir()
    shutil.copy(corpus / "hand-0.psn", other / "hand-0.psn")
    named = [str(corpus / "hand-0.psn"), str(other / "hand-0.psn")]
    code, _, err = _run(capsys, *named, *FAST, "--out", str(tmp_path / "out"))
    assert code == 2 and "would both be written to" in err


def test_a_rerun_skips_the_hands_analysed_with_the_same_settings(
    corpus: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _run(capsys, str(corpus), *ENDGAME, "-j", "2", "--in-place")
    assert code == 0 and "skipped" not in err and "8 plays analysed" in err
    analysed = _tree(corpus)
    code, _, err = _run(capsys, str(corpus), *ENDGAME, "-j", "2", "--in-place")
    assert code == 0 and "5 hands (5 skipped: analysed before with the same settings)" in err
    assert "0 plays analysed" in err
    assert _tree(corpus) == analysed


def test_a_stopped_run_goes_on_where_it_stopped(
    corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    _run(capsys, str(corpus), *ENDGAME, "-j", "1", "--out", str(out))
    whole = _tree(out)
    # The match's last two hands were not written (the second is the one with plays
    # judged): as if the run had stopped there.
    match = parse(whole["club/match.psn"])
    (out / "club" / "match.psn").write_text(
        write([match.hands[0], *parse((corpus / "club" / "match.psn").read_text()).hands[1:]]),
        encoding="utf-8",
    )
    code, _, err = _run(capsys, str(corpus), *ENDGAME, "-j", "1", "--out", str(out))
    assert code == 0 and "(3 skipped" in err and "8 plays analysed" in err
    assert _tree(out) == whole


@pytest.mark.parametrize(
    "change", [["--budget", "0.02", "--tricks", "12"], ["--budget", "0.01", "--tricks", "13"],
               ["--budget", "0.01", "--tricks", "12", "--seed", "1"],
               ["--budget", "0.01", "--tricks", "12", "--view", "hindsight"],
               [*FAST, "--rules", "qq"], [*FAST, "--redo"]],
)  # fmt: skip
def test_other_settings_analyse_again(
    corpus: Path, change: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    hand = corpus / "hand-0.psn"
    _run(capsys, str(hand), *FAST, "-j", "1", "--in-place")
    code, _, err = _run(capsys, str(hand), *change, "-j", "1", "--in-place")
    assert code == 0 and "skipped" not in err and "1 hand," in err


def test_analysed_before_reads_the_summary_and_the_plays_judged(
    corpus: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = corpus / "hand-0.psn"
    _run(capsys, str(hand), *FAST, "-j", "1", "--in-place")
    (done,) = parse(hand.read_text()).hands
    settings = analyze_cli.AnalyzeOptions(View.PLAYER, 0.01, 0, None, (12, analyze_cli.ALL))
    assert analyze_cli.analysed_before(done, settings)
    assert not analyze_cli.analysed_before(done, replace(settings, tricks=(11, analyze_cli.ALL)))
    assert not analyze_cli.analysed_before(done, replace(settings, tricks=(12, 12)))
    assert not analyze_cli.analysed_before(done, replace(settings, rules=load_ruleset("qq")))
    (fresh,) = parse(write(simulate_hand("qq", seed=0))).hands
    assert not analyze_cli.analysed_before(fresh, settings)
    # Another engine (its code changed, even within one release) analyses again.
    other = write(done).replace(engine_version(), "0.1.0+00000000")
    assert engine_version() in write(done) and "0.1.0+00000000" in other
    assert not analyze_cli.analysed_before(parse(other).hands[0], settings)


def test_a_run_in_chinese_is_resumed_like_one_in_english(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = tmp_path / "stops.psn"
    shutil.copy(DISPUTES / "03-wrong-forced-play.psn", hand)
    _run(capsys, str(hand), "--budget", "0.01", "-j", "1", "--in-place", "--lang", "zh")
    written = hand.read_text(encoding="utf-8")
    assert "分析到此为止" in written
    code, _, err = _run(capsys, str(hand), "--budget", "0.01", "-j", "1", "--in-place")
    assert code == 0 and "(1 skipped" in err and hand.read_text(encoding="utf-8") == written


def _dies_on_the_second_hand(hand, task, options):  # type: ignore[no-untyped-def]
    """A chunk of the match's second hand kills its worker process (``task``: the file,
    the hand's number from 1, the chunk's first decision)."""
    if task[1] == 2:
        os._exit(3)
    return _analyse(hand, task, options)


_analyse = analyze_cli.analyse_chunk


def test_a_hand_that_kills_its_worker_is_its_error_and_the_rest_go_on(
    corpus: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(analyze_cli, "analyse_chunk", _dies_on_the_second_hand)  # the pool forks
    match = corpus / "club" / "match.psn"
    # from trick 15, the last of the first hand (the other two have 22 and 17)
    code, out, err = _run(capsys, str(match), "--budget", "0.01", "--tricks", "15", "-j", "2",
                          "--json")  # fmt: skip
    assert code == 2
    assert "hand 2: internal error while analysing: the worker process died" in err
    hands = json.loads(out)["files"][0]["hands"]
    assert [h["error"] is None for h in hands] == [True, False, True]
    assert hands[0]["plays"] and hands[2]["plays"]
