"""The simulator: every record it writes validates clean, and it reaches every rule path."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from functools import cache
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.presets import preset_names
from notation.psn import Fallback, Hand, parse, write
from notation.rules.units import UnitKind, decompose
from notation.simulate import simulate_hand, simulate_match
from notation.validate import validate_text

PRESETS = sorted(preset_names())


def errors_of(text: str) -> list[str]:
    return [f"{f.code}: {f.message}" for f in validate_text(text, "sim.psn").findings]


@settings(max_examples=24, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 10**6), st.integers(1, 4))
def test_every_simulated_hand_validates_clean(preset: str, seed: int, dealer: int) -> None:
    text = write(simulate_hand(preset, seed=seed, dealer=dealer))
    assert errors_of(text) == []
    assert parse(text).hands[0].result is not None


def test_first_hands_are_grabbed_by_the_first_declarer() -> None:
    for seed in range(6):
        hand = simulate_hand("qq", seed=seed)
        assert hand.dealer is None  # no Dealer header: whoever declares first deals
        assert errors_of(write(hand)) == []


def test_a_whole_match_runs_to_its_end_and_validates() -> None:
    # match-a: the first team past 10 wins (000§2 三), 逢10必打 on the way
    hands = list(simulate_match("match-a", seed=3))
    assert 2 < len(hands) < 200
    report = validate_text(write(hands), "match.psn")
    assert [f.code for f in report.findings] == []
    last = report.hands[-1].replay
    assert last is not None and last.computed.outcome is not None


def test_the_same_seed_gives_the_same_hand() -> None:
    assert write(simulate_hand("tractor", seed=9)) == write(simulate_hand("tractor", seed=9))
    assert write(simulate_hand("tractor", seed=9)) != write(simulate_hand("tractor", seed=10))


@cache
def many(preset: str, count: int) -> tuple[Hand, ...]:
    return tuple(simulate_hand(preset, seed=s, dealer=1 + s % 4) for s in range(count))


def paths(hands: tuple[Hand, ...]) -> Counter[str]:
    seen: Counter[str] = Counter()
    for hand in hands:
        assert hand.result is not None and hand.trump is not None
        trump = hand.trump
        seen["failed throw"] += any(t.plays[0].attempted for t in hand.tricks)
        seen["炒底"] += len(hand.kitty_exchanges) > 1
        seen["fallback"] += any(isinstance(e, Fallback) for e in hand.auction)
        seen["reinforce"] += any(b.kind.value == "reinforce" for b in hand.bids)
        seen["counter"] += any(b.kind.value == "counter" for b in hand.bids)
        seen["no-trump"] += trump.suit is None
        seen["take-over"] += hand.result.side is not None and hand.result.side.value == "defenders"
        seen["dealer up"] += hand.result.side is not None and hand.result.side.value == "dealer"
        if hand.result.multiplier:
            last = hand.tricks[-1].plays[0].cards
            kind = decompose(list(last), trump)[0].kind
            seen[f"kitty {kind.value}"] += 1
            seen[f"x{hand.result.multiplier}"] += 1
    return seen


def test_a_few_hundred_hands_reach_every_rule_path() -> None:
    qq = paths(many("qq", 200))
    for path in (
        "failed throw",
        "炒底",
        "fallback",
        "reinforce",
        "counter",
        "no-trump",
        "take-over",
        "dealer up",
        "kitty single",
        "kitty pair",
    ):
        assert qq[path], path
    match_b = paths(many("match-b", 200))
    # each family's multipliers for a single and a pair: qq 2/4, match-b 2^cards = 2/4
    assert qq["x2"] and qq["x4"] and match_b["x2"] and match_b["x4"]


def test_a_tractor_takes_the_kitty_in_some_simulated_hand() -> None:
    # Rare (a few hands in a thousand): the defenders must lead a tractor to the last
    # trick and win it. match-b multiplies by 2^cards: 16 for two pairs, 64 for three.
    for seed in range(3000):
        hand = simulate_hand("match-b", seed=seed, dealer=1 + seed % 4)
        seen = paths((hand,))
        if seen["kitty tractor"]:
            assert seen["x16"] or seen["x64"]
            assert errors_of(write(hand)) == []
            return
    pytest.fail("no simulated hand takes the kitty with a tractor")


def test_cli_writes_hands_and_matches(tmp_path: Path) -> None:
    run = [sys.executable, "-m", "notation", "simulate"]
    out = subprocess.run(
        [*run, "--hands", "4", "--seed", "5", "--rules", "tractor"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0
    record = parse(out.stdout)
    assert len(record.hands) == 4 and not record.errors
    # Separate hands in one file are not a match: the file validates clean as a whole.
    assert errors_of(out.stdout) == []
    folder = tmp_path / "sims"
    done = subprocess.run(
        [*run, "--match", "--seed", "2", "--rules", "match-a", "--out", str(folder)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    (match_file,) = folder.glob("*.psn")
    assert errors_of(match_file.read_text(encoding="utf-8")) == []
    bad = subprocess.run([*run, "--hands", "0"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_cli_says_what_it_wrote_in_plain_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from notation.cli import main

    out = tmp_path / "two.psn"
    assert main(["simulate", "--hands", "2", "--seed", "5", "--out", str(out)]) == 0
    assert capsys.readouterr().err == f"wrote 2 hands (seed 5) to {out}\n"
    assert main(["simulate", "--seed", "5", "--out", str(out)]) == 0
    assert capsys.readouterr().err == f"wrote 1 hand (seed 5) to {out}\n"


def test_every_simulated_lead_is_a_unit_or_a_throw_of_one_suit() -> None:
    for hand in many("qq", 20):
        assert hand.trump is not None
        for trick in hand.tricks:
            lead = trick.plays[0].attempted or trick.plays[0].cards
            units = decompose(list(lead), hand.trump)
            assert len({u.suit for u in units}) == 1
            assert all(u.kind in UnitKind for u in units)


def test_match_b_deals_pass_to_the_declaring_side_and_validate() -> None:
    # 000§3 二.4 (谁亮主谁坐庄): when the dealer's side declares nothing, the other side's
    # declarer deals, at its own level. The simulator plays it and the validator agrees.
    hands = list(simulate_match("match-b", seed=0, max_hands=24))
    assert errors_of(write(hands)) == []
    passed = [
        b for a, b in pairwise(hands) if a.result is not None and b.dealer != a.result.next_dealer
    ]
    assert passed, "no hand whose deal passed"
