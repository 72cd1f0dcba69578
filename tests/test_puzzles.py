"""Puzzles from the analysed mistakes (notation.analysis.puzzles, ``shengji puzzles``):
each theme on a small position where it is certain, the answer the analysis's best play
on the bundled analysed hands, the set a PSN file the validator reads, and bad input
said with its place and exit 2, the other files still read."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import pytest

from notation.analysis.annotations import read_analysis
from notation.analysis.line import Line, LinePlay, LineSource
from notation.analysis.puzzles import (
    NoAnalysis,
    Theme,
    hand_puzzles,
    puzzle_hand,
    read_puzzle,
    themes,
)
from notation.cli import main
from notation.errors import ShengjiError
from notation.presets import load_ruleset
from notation.psn import parse, parse_hand, write
from notation.rules.cards import Card
from notation.rules.game import Play, PlayState, Position
from notation.rules.order import Trump
from notation.validate import validate_text
from tests.conftest import cards
from tests.test_messages import english_in

ROOT = Path(__file__).resolve().parent.parent
ANALYSED = sorted((ROOT / "examples" / "analysis").glob("*.psn"))
SET = ROOT / "examples" / "puzzles" / "from-analysis.psn"
HEARTS_2 = Trump.parse("H 2")


def position(
    leader: int, hands: Sequence[str], trick: Sequence[str] = (), kitty: str = "D5 D10"
) -> Position:
    """A qq position, hearts and 2s trump, seat 1 the dealer (seats 2 and 4 defend)."""
    return Position(
        load_ruleset("qq"),
        HEARTS_2,
        1,
        tuple(tuple(cards(h)) for h in hands),  # type: ignore[arg-type]
        leader,
        trick=tuple(tuple(cards(p)) for p in trick),
        kitty=tuple(cards(kitty)),
    )


def made(at: Position, *plays: str) -> list[Play]:
    """The plays as the rules core makes them from ``at``, in turn."""
    state = PlayState(at)
    return [state.play(tuple(cards(p))) for p in plays]


def line_of(at: Position, trick: int, *plays: str) -> Line:
    """A solver's line of ``plays`` from ``at`` (the first is the answer)."""
    return Line(
        LineSource.SOLVER,
        tuple(LinePlay(trick, p.seat, p.shown) for p in made(at, *plays)),
    )


# --- themes, each on a position where it is certain -------------------------------------


def test_a_ruff_is_the_theme_when_the_best_play_trumps_a_side_suit_lead_and_wins() -> None:
    # Seat 1 leads ♠A; seat 2, out of spades, discards ♣3 where ♥3 (trump) takes the trick.
    at = position(1, ["S4", "H3 C3", "S5 S6", "S7 S8"], ["SA"])
    game = made(at, "C3", "S5", "S7")
    assert themes(at, game[0], cards("H3"), game[1:], None) == (Theme.RUFF,)


def test_a_throw_the_other_team_ruffs_is_a_failed_throw() -> None:
    # Seat 2 throws ♣A ♣K; it stands, but seat 3, out of clubs, ruffs it with two trumps.
    at = position(2, ["C5 C6", "CA CK", "H5 H6", "C3 C4"])
    game = made(at, "CA CK", "H5 H6", "C3 C4", "C5 C6")
    assert themes(at, game[0], cards("CA"), game[1:], None) == (Theme.THROW,)


def test_points_go_on_the_partners_winning_trick() -> None:
    # Seat 1's ♠A wins; its partner seat 3 plays ♠4 where the ♠10 would have scored.
    at = position(1, ["S3", "C4", "S10 S4", "S5 S6"], ["SA", "C3"])
    game = made(at, "S4", "S5")
    assert themes(at, game[0], cards("S10"), game[1:], None) == (Theme.POINTS,)


def test_points_given_to_the_other_teams_trick_are_points_too() -> None:
    # Seat 2's ♠A wins against seat 3, who plays the ♠10 into it where ♠4 kept the points.
    at = position(2, ["S3 C7", "S6", "S10 S4", "S5 S7"], ["SA"])
    game = made(at, "S10", "S5", "S3")
    assert themes(at, game[0], cards("S4"), game[1:], None) == (Theme.POINTS,)


def test_a_trump_spent_on_the_partners_trick_is_keeping_a_trump() -> None:
    # Seat 1's ♠A wins; seat 3, out of spades, ruffs it with ♥3 where ♣4 would do.
    at = position(1, ["S3", "C5", "H3 C4", "S5 S6"], ["SA", "S4"])
    game = made(at, "H3", "S5")
    assert themes(at, game[0], cards("C4"), game[1:], None) == (Theme.KEEP_TRUMP,)


def test_the_kitty_when_the_best_line_takes_the_last_trick_and_the_game_did_not() -> None:
    # Seat 2 (a defender) leads the big joker at once; its ♣3 then loses the last trick to
    # the dealer's team. ♣3 first keeps the joker to take the last trick and the kitty ×2.
    at = position(2, ["D6 D7", "BJ C3", "C5 C6", "D8 D9"])
    game = made(at, "BJ", "C5", "D8", "D6", "C3", "C6", "D9", "D7")
    line = line_of(at, 24, "C3", "C5", "D8", "D6", "C6", "D9", "D7", "BJ")
    found = themes(at, game[0], cards("C3"), game[1:], line)
    assert found == (Theme.KITTY, Theme.KEEP_TRUMP)


def test_no_kitty_theme_when_the_line_stops_before_the_end() -> None:
    at = position(2, ["D6 D7", "BJ C3", "C5 C6", "D8 D9"])
    game = made(at, "BJ", "C5", "D8", "D6", "C3", "C6", "D9", "D7")
    assert Theme.KITTY not in themes(at, game[0], cards("C3"), game[1:], None)


def test_a_best_play_the_rules_refuse_is_an_error() -> None:
    at = position(1, ["S4", "H3 C3", "S5 S6", "S7 S8"], ["SA"])
    game = made(at, "C3", "S5", "S7")
    with pytest.raises(ValueError):
        themes(at, game[0], cards("S5"), game[1:], None)


# --- the bundled analysed hands ----------------------------------------------------------


def test_each_puzzle_of_the_analysed_examples_asks_for_the_analysis_best_play() -> None:
    made_here = []
    for path in ANALYSED:
        hand = parse(path.read_text(encoding="utf-8")).hands[0]
        wanted = [
            p
            for p in read_analysis(hand).plays  # type: ignore[union-attr]
            if p.verdict in ("mistake", "blunder")
        ]
        found = hand_puzzles(hand)
        assert [(p.seat, p.best) for p in found] == [n.best for n in wanted]
        for puzzle, note in zip(found, wanted, strict=True):
            # cut just before the play: as many plays as the hand had before it
            before = sum(len(t.plays) for t in puzzle.hand.tricks)
            assert before == sum(len(t.plays) for t in hand.tricks[: note.trick]) + note.play
            assert puzzle.played == note.cards and puzzle.line == note.line
        made_here += found
    assert len(made_here) == 3  # 03's is an inaccuracy
    text = write([puzzle_hand(p, i) for i, p in enumerate(made_here, start=1)])
    report = validate_text(text, "set.psn")
    assert not report.findings and len(report.hands) == 3
    for hand, puzzle in zip(parse(text).hands, made_here, strict=True):
        note = read_puzzle(hand)
        assert note is not None and note.best == puzzle.best and note.seat == puzzle.seat
        assert note.solves(list(reversed(puzzle.best))) and not note.solves(puzzle.played)
        assert note.line == puzzle.line and note.themes == puzzle.themes


def test_the_bundled_set_is_what_the_command_makes(tmp_path: Path) -> None:
    out = tmp_path / "set.psn"
    assert main(["puzzles", str(ROOT / "examples" / "analysis"), "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == SET.read_text(encoding="utf-8")
    assert main(["validate", str(out)]) == 0


def test_seat_and_least_loss_choose_the_puzzles() -> None:
    hand = parse(ANALYSED[0].read_text(encoding="utf-8")).hands[0]  # seat 2's blunder, 67
    assert len(hand_puzzles(hand, seat=2)) == 1
    assert hand_puzzles(hand, seat=3) == []
    assert len(hand_puzzles(hand, min_loss=67)) == 1
    assert hand_puzzles(hand, min_loss=67.5) == []


def test_the_rule_set_the_analysis_imposed_replays_the_hand() -> None:
    # `shengji analyze --rules NAME` writes rules=NAME: the puzzles are made under it too
    # (a name only, as a record's Rules header: never a path read)
    text = ANALYSED[0].read_text(encoding="utf-8")
    imposed = re.sub(r"(\[%engine shengji \S+ \S+ \S+ \S+)\]", r"\1 rules=nosuch]", text, count=1)
    hand = parse(imposed).hands[0]
    found = read_analysis(hand)
    assert found is not None and found.engine is not None and found.engine.rules == "nosuch"
    with pytest.raises(ShengjiError, match="nosuch"):
        hand_puzzles(hand)
    assert len(hand_puzzles(hand, rules="qq")) == 1  # the --rules given comes first


def test_a_hand_with_no_analysis_has_no_puzzles_to_make() -> None:
    with pytest.raises(NoAnalysis):
        hand_puzzles(parse_hand("1. 1: SA 2: S3 3: S4 4: S5"))


@pytest.mark.parametrize(
    "comment",
    ["", "{[%best 2: XX]}", "{[%best 9: BJ]}", "{[%best 2:]}", "{[%played 2: BJ]}"],
)
def test_a_puzzle_whose_answer_does_not_read_is_no_puzzle(comment: str) -> None:
    hand = parse_hand(f'[Puzzle "1"]\n\n{comment}\n1. 1: SA 2: S3 3: S4 4: S5')
    assert read_puzzle(hand) is None


def test_a_hand_without_the_puzzle_header_is_no_puzzle() -> None:
    assert read_puzzle(parse_hand("{[%best 2: BJ]}\n1. 1: SA")) is None
    found = read_puzzle(parse_hand('[Puzzle "1"]\n\n{[%best 2: BJ] [%class mistake]}\n1. 1: SA'))
    assert found is not None and found.best == (Card.parse("BJ"),) and found.verdict == "mistake"
    odd = read_puzzle(parse_hand('[Puzzle "1"]\n\n{[%best 2: BJ] [%class wrong]}\n1. 1: SA'))
    assert odd is not None and odd.verdict == ""  # no class the catalogue does not name


# --- the command: bad input, exit codes ------------------------------------------------


def test_a_file_with_no_analysis_is_said_and_the_others_are_still_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain = ROOT / "examples" / "teaching" / "01-declare-and-reinforce.psn"
    out = tmp_path / "set.psn"
    status = main(["puzzles", str(plain), str(ANALYSED[1]), "-o", str(out)])
    err = capsys.readouterr().err
    assert status == 2
    assert "hand 1 has no analysis" in err and "shengji analyze" in err
    assert len(parse(out.read_text(encoding="utf-8")).hands) == 1


def test_a_missing_file_and_a_hand_that_is_not_psn_are_said_with_their_places(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.psn"
    broken.write_text("1. 1: SA 2: XX9\n", encoding="utf-8")
    out = tmp_path / "set.psn"
    status = main(
        ["puzzles", str(tmp_path / "missing.psn"), str(broken), str(ANALYSED[0]), "-o", str(out)]
    )
    err = capsys.readouterr().err
    assert status == 2 and "Traceback" not in err
    assert "missing.psn" in err and "broken.psn:1:" in err
    assert read_puzzle(parse(out.read_text(encoding="utf-8")).hands[0]) is not None


def test_no_puzzle_is_no_error_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "set.psn"
    assert main(["puzzles", str(ANALYSED[2]), "-o", str(out)]) == 0  # an inaccuracy only
    assert "nothing written" in capsys.readouterr().err and not out.exists()


@pytest.mark.parametrize(
    "argv", [["--min-loss", "-1"], ["--min-loss", "x"], ["--min-loss", "inf"], ["--seat", "5"]]
)
def test_bad_options_are_usage_errors(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["puzzles", str(ANALYSED[0]), *argv])
    assert stop.value.code == 2 and "Traceback" not in capsys.readouterr().err


def test_an_empty_folder_has_no_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzles", str(tmp_path)]) == 2
    assert "no *.psn files" in capsys.readouterr().err


def test_a_chinese_user_reads_no_english(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain = ROOT / "examples" / "teaching" / "01-declare-and-reinforce.psn"
    out = tmp_path / "set.psn"
    status = main(["--lang", "zh", "puzzles", str(plain), str(ANALYSED[1]), "-o", str(out)])
    err = capsys.readouterr().err
    assert status == 2 and "没有分析" in err
    for line in err.splitlines():
        assert english_in(line.replace(str(plain), "").replace(str(out), "")) is None, line


def test_a_hand_is_named_by_its_place_in_the_file_after_a_broken_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mixed = tmp_path / "mixed.psn"
    mixed.write_text('[Hand "1"]\n\n1. 1: SA 2: XX9\n\n[Hand "2"]\n\n1. 1: SA\n', encoding="utf-8")
    assert main(["puzzles", str(mixed)]) == 2
    err = capsys.readouterr().err
    assert "mixed.psn:3:" in err and "hand 2 has no analysis" in err
