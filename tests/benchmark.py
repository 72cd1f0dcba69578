"""Benchmark: shengji against python-chess's PGN reader, measured in one run.

    python tests/benchmark.py [--hands 200] [--games 400] [--memory-hands 10000]
    python tests/benchmark.py --validator-only [--hands 200] [--games 400]
    python tests/benchmark.py --solver-only [--solver-positions 30]
    python tests/benchmark.py --duplicate-only [--duplicate-deals 100]
    python tests/benchmark.py --strength-only [--strength-deals 50] [--strength-budget 0.5]
                              [--strength-opponent rival] [--strength-log FILE]
    python tests/benchmark.py --rival-only [--rival-deals 400]

Prints, for simulated full hands (every card played): parse + full validation,
parse only, the canonical writer and ``judge`` per trick, each against
``chess.pgn.read_game`` on random ~80-ply games generated here, as ratios
(ours per record vs chess per game; >= 1.0 means we are at least as fast), then
where the time of validation goes, and the peak memory of validating a file of
``--memory-hands`` hands in a fresh process. Not a test: numbers depend on the machine.
``--validator-only`` stops there, without the memory, the viewer and the sections below.

The solver's section (``--solver-positions 0`` skips it) solves positions of simulated
hands exactly at 4, 6 and 8 cards a hand and reports the solve times (median, p90),
the nodes searched per second, how often a time budget is enough at 8 to 12 cards a
hand, and where the solver's time goes.

The executors' section (``--executor-hands 0`` skips it, ``--executors-only`` runs only
it) checks a simulated corpus with ``validate``'s and ``stats``' per-hand work on one
process, a local pool of 2 and a Dask LocalCluster of 2 workers, and reports hands per
second and Dask's overhead per hand.

The bots' section (``--duplicate-deals 0`` skips it) plays a duplicate match, the bot
of notation/bots.py against the first bot (tests/baseline_bot.py): each deal twice with
the seats swapped, the points and levels a deal with their 95% intervals, and the time.

The strength section (``--strength-deals N``, 50 by default, 0 skips it;
``--strength-only`` runs it alone) plays a duplicate match between a player that picks
its plays with the evaluator (player's view, ``--strength-budget``, on
``--strength-jobs`` processes) and the plain bots (``--strength-opponent rival``: the
rival below instead): the points and levels a deal with their 95% intervals, and the time.
With ``--strength-log FILE`` each deal's result is kept in FILE (JSON lines) as it comes
and said on stderr, and a run given a log of the same match plays only the deals it does
not hold: a match of hours can be stopped and taken up again, and read part way.

The rival's section (``--rival-deals N``, 100 by default, 0 skips it; ``--rival-only``
runs it alone) plays the same duplicate match between the bot of notation/bots.py and an
opponent written from another source, tests/rival_bot.py (ejfn/Tractor's rule-based
player's priorities), so that the bots' strength is not measured against themselves only.

Each match gives the points and levels a deal with their standard errors and 95% intervals.

The analysis section (``--analysis-hands 0`` skips it; ``--analysis-only`` runs it
alone) times ``shengji analyze`` on whole simulated hands (every play judged) in
hindsight and in the player's view at the default budget, with ``-j 1`` and ``-j 2``
(wall time of the command, process start included, and the CPU time of its processes:
what to compare on a machine shared with other jobs), and profiles one review in the
player's view on one core to say where its time goes.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import math
import os
import platform
import pstats
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from notation.analysis.choices import review_choices
from notation.analysis.duplicate import DealResult, MatchResult, PlayerMaker, match_deals
from notation.analysis.evaluate import DEFAULT_BUDGET, Evaluator
from notation.analysis.player import STRENGTH_BUDGET, evaluator_player
from notation.analysis.positions import hand_positions
from notation.analysis.review import Stop, plan_hand, review_decision, review_hand
from notation.analysis.solver import Solver
from notation.bots import Bot
from notation.lines.judge import judge_trick
from notation.presets import load_ruleset
from notation.psn import Hand, parse, write
from notation.replay import StepKind, replay
from notation.rules.game import Position
from notation.rules.ruleset import Ruleset
from notation.simulate import simulate_hand
from notation.validate import validate_lines
from tests.compiled import compile_list, compiled_modules

# cProfile sees only Python functions: a compiled build's time shares would be wrong.
NOT_PROFILED = "not profiled: compiled functions are not seen by cProfile (profile the pure build)"


def machine() -> str:
    """The machine, the Python and the build measured: pure Python, or compiled (README,
    "A compiled build"; a build that compiled only some of its modules is refused)."""
    compiled = compiled_modules()
    listed = len(compile_list())
    if compiled and len(compiled) != listed:
        raise SystemExit(f"a partly compiled build ({len(compiled)} of {listed}): reinstall")
    build = f"compiled with mypyc ({listed} modules)" if compiled else "pure Python"
    python = platform.python_version()
    return f"{platform.machine()}, {os.cpu_count()} cores, Python {python}, {build}"


def best_of(repeat: int, fn: Callable[[], object]) -> float:
    """The fastest of ``repeat`` runs, in seconds of this process's CPU time.

    CPU time rather than wall time, and the best run rather than the mean, so that other
    work on a shared machine disturbs both sides of a ratio as little as possible.
    """
    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return min(times)


def chess_games(count: int, plies: int, seed: int) -> str:
    """Random games as PGN text, the same every run."""
    import chess
    import chess.pgn

    rng = random.Random(seed)
    games = []
    for number in range(count):
        board = chess.Board()
        game = chess.pgn.Game()
        game.headers["Event"] = f"random {number}"
        node: chess.pgn.GameNode = game
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            node = node.add_variation(move)
            board.push(move)
        games.append(str(game))
    return "\n\n".join(games) + "\n"


def read_all_pgn(text: str) -> int:
    import chess.pgn

    stream = io.StringIO(text)
    count = 0
    while chess.pgn.read_game(stream) is not None:
        count += 1
    return count


def validate_all(text: str) -> int:
    """What ``shengji validate FILE`` does: read hand by hand from a stream, replay each,
    check each against the hand before it, keep the findings."""
    report = validate_lines(io.StringIO(text), "bench.psn", keep_replays=False)
    assert not report.findings, report.findings[0]  # simulated hands validate clean
    return len(report.hands)


# The parts of validation, by the functions that do them: (file, function) -> its time
# including what it calls (cProfile's cumulative time).
_PARTS = {
    "read: split, lex, parse, build the model": [("parser.py", "iter_hands")],
    "leads: held, one suit, throws judged": [("game.py", "_judge_lead")],
    "follows: suit, pairs, tractors": [("game.py", "_judge_follow")],
    "trick winners and points": [
        ("game.py", "_open_trick"),
        ("trick.py", "add"),
        ("game.py", "end_trick"),
    ],
    "deal and auction: decks, bids, kitty": [("replayer.py", "deal"), ("replayer.py", "auction")],
    "result, levels, match continuity": [("replayer.py", "finish"), ("match.py", "continues")],
}


def time_shares(stats: pstats.Stats) -> dict[str, float]:
    """Each part's share of the time of validation; the rest is the play loop's own
    bookkeeping (hands held, turns, the table) and the report."""
    cumulative: dict[tuple[str, str], float] = {}
    total = 0.0
    for (file, _line, function), row in stats.stats.items():  # type: ignore[attr-defined]
        key = (Path(file).name, function)
        cumulative[key] = cumulative.get(key, 0.0) + row[3]
        if key == ("benchmark.py", "validate_all"):
            total = row[3]
    shares = {
        name: sum(cumulative.get(key, 0.0) for key in keys) / total for name, keys in _PARTS.items()
    }
    shares["the rest: the play loop's bookkeeping, the report"] = 1 - sum(shares.values())
    return shares


def judge_lines(hands: list[Hand]) -> list[str]:
    """Every trick of the hands as a ``shengji judge`` request (one JSON line): the trump,
    each seat's whole hand before the trick, the leader, the plays (a throw as thrown)."""
    lines = []
    for hand in hands:
        replayed = replay(hand)
        trump = replayed.computed.trump
        assert trump is not None
        before = replayed.states[0]
        for state in replayed.states:
            if state.kind is StepKind.PLAY and len(state.trick) == 1:  # a lead: a new trick
                trick = hand.tricks[state.trick_number - 1]
                request = {
                    "trump": {"rank": trump.rank.value, "suit": trump.suit and trump.suit.value},
                    "leader": trick.plays[0].seat,
                    "hands": {str(s): [str(c) for c in before.hand(s)] for s in (1, 2, 3, 4)},
                    "plays": [[str(c) for c in p.attempted or p.cards] for p in trick.plays],
                    "last_trick": state.trick_number == len(hand.tricks),
                }
                lines.append(json.dumps(request))
            before = state
    return lines


def judge_all(lines: list[str], rules: Ruleset) -> None:
    """What ``shengji judge`` does with each line: read the JSON, judge, write JSON."""
    for line in lines:
        json.dumps(judge_trick(json.loads(line), rules), ensure_ascii=False)


def peak_memory(hands: int) -> tuple[int, float]:
    """Validate a file of ``hands`` hands in a fresh process; return (KiB peak RSS, seconds)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.psn"
        with path.open("w", encoding="utf-8") as out:
            for seed in range(hands):
                out.write(write(simulate_hand("qq", seed=seed % 500, dealer=1 + seed % 4)))
                out.write("\n")
        code = (
            "import resource, sys, time\n"
            "from notation.cli import main\n"
            "t = time.perf_counter()\n"
            f"main(['validate', '-q', '-j', '1', {str(path)!r}])\n"
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, time.perf_counter() - t,"
            " file=sys.stderr)\n"
        )
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=False
        )
        rss, seconds = done.stderr.strip().splitlines()[-1].split()
        return int(rss), float(seconds)


def best_wall(repeat: int, command: list[str]) -> float:
    """The fastest of ``repeat`` runs of ``command`` in a fresh process, wall time in
    seconds, start-up included (what a user waits for)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - start)
    return min(times)


def best_child_cpu(repeat: int, command: list[str]) -> float:
    """The least CPU time (user and system) of ``repeat`` runs of ``command`` in a fresh
    process, start-up included: on a shared machine steadier than wall time."""
    times = []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return min(times)


def shengji_command() -> list[str]:
    """``shengji`` as a user runs it: the console script beside this Python, else ``-m``."""
    script = Path(sys.executable).parent / "shengji"
    return [str(script)] if script.exists() else [sys.executable, "-m", "notation"]


# python-chess's reader as a command: every game of the file named.
_READ_PGN = (
    "import sys, chess.pgn\n"
    "with open(sys.argv[1], encoding='utf-8') as f:\n"
    "    while chess.pgn.read_game(f) is not None:\n"
    "        pass\n"
)


def command_numbers(
    psn_text: str, hands: int, pgn_text: str, games: int, repeat: int
) -> dict[str, float]:
    """``shengji validate FILE`` as a user runs it (its default options, then ``-j 1``)
    against a script reading the same number of games with ``chess.pgn.read_game``, each
    a fresh process, start-up included (wall time, and CPU time); and start-up alone: one
    hand against one game (wall time, and CPU time)."""
    with tempfile.TemporaryDirectory() as folder:
        psn, pgn = Path(folder) / "hands.psn", Path(folder) / "games.pgn"
        psn.write_text(psn_text, encoding="utf-8")
        pgn.write_text(pgn_text, encoding="utf-8")
        one_psn, one_pgn = Path(folder) / "one.psn", Path(folder) / "one.pgn"
        for whole, one in ((psn_text, one_psn), (pgn_text, one_pgn)):
            one.write_text(whole.split("\n\n[Event ", 1)[0] + "\n", encoding="utf-8")
        shengji = shengji_command()
        read_pgn = [sys.executable, "-c", _READ_PGN]
        # The parser's cache and the preset's kept tree made once, as a user's first run does.
        best_wall(1, [*shengji, "validate", str(one_psn)])
        chess_s = best_wall(repeat, [*read_pgn, str(pgn)])
        default_s = best_wall(repeat, [*shengji, "validate", str(psn)])
        one_job_s = best_wall(repeat, [*shengji, "validate", "-j", "1", str(psn)])
        start_s = best_wall(repeat, [*shengji, "validate", str(one_psn)])
        chess_start_s = best_wall(repeat, [*read_pgn, str(one_pgn)])
        version_s = best_wall(repeat, [*shengji, "--version"])
        chess_cpu = best_child_cpu(repeat, [*read_pgn, str(pgn)])
        default_cpu = best_child_cpu(repeat, [*shengji, "validate", str(psn)])
        start_cpu = best_child_cpu(repeat, [*shengji, "validate", str(one_psn)])
        chess_start_cpu = best_child_cpu(repeat, [*read_pgn, str(one_pgn)])
    return {
        "command_hands": hands,
        "command_games": games,
        "chess_command_seconds": chess_s,
        "validate_command_seconds": default_s,
        "validate_j1_command_seconds": one_job_s,
        "ratio_validate_command": (chess_s / games) / (default_s / hands),
        "ratio_validate_command_j1": (chess_s / games) / (one_job_s / hands),
        "chess_command_cpu_seconds": chess_cpu,
        "validate_command_cpu_seconds": default_cpu,
        "ratio_validate_command_cpu": (chess_cpu / games) / (default_cpu / hands),
        "startup_validate_one_hand_seconds": start_s,
        "startup_chess_one_game_seconds": chess_start_s,
        "startup_version_seconds": version_s,
        "startup_validate_one_hand_cpu_seconds": start_cpu,
        "startup_chess_one_game_cpu_seconds": chess_start_cpu,
    }


def viewer_timing(hands: int) -> tuple[float, float]:
    """Seconds to open a ``hands``-hand match in the viewer, and to take one step (AppTest)."""
    from streamlit.testing.v1 import AppTest

    from notation.simulate import simulate_match

    app = str(Path(__file__).resolve().parent.parent / "viewer" / "app.py")
    match = []
    seed = 0
    while len(match) < hands:  # matches end; chain them until there are enough hands
        match.extend(simulate_match("qq", seed=seed, max_hands=hands - len(match)))
        seed += 1
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "match.psn"
        path.write_text(write(match), encoding="utf-8")
        at = AppTest.from_file(app, default_timeout=300)
        at.query_params["file"] = str(path)
        start = time.perf_counter()
        at.run()
        load = time.perf_counter() - start
        steps = []
        for _ in range(5):
            start = time.perf_counter()
            at.button(key="nav_next").click().run()
            steps.append(time.perf_counter() - start)
        if at.exception:
            raise RuntimeError(f"the viewer failed: {at.exception}")
    return load, sorted(steps)[len(steps) // 2]


# --- the exact solver ---------------------------------------------------------------


def solver_positions(size: int, count: int, preset: str = "qq") -> list[Position]:
    """``count`` positions of simulated hands, each the first trick start at which every
    hand holds ``size`` cards (a hand where no trick starts there is skipped)."""
    found: list[Position] = []
    seed = 0
    while len(found) < count:
        hand = simulate_hand(preset, seed=seed, dealer=1 + seed % 4)
        seed += 1
        for position, _play in hand_positions(hand):
            if not position.trick and len(position.hands[0]) == size:
                found.append(position)
                break
    return found


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


# The parts of a solve, by the functions that do them (cProfile's cumulative time).
_SOLVER_PARTS = {
    "follows (the core's legal_follows, remembered)": [("game.py", "follows")],
    "leads and throws judged (judge_throw)": [("game.py", "leads")],
    "equivalent plays found (classes)": [("game.py", "distinct")],
    "plays ordered (points, value against the lead)": [
        ("solver.py", "_scored"),
        ("solver.py", "_follow_order"),
    ],
    "plays made and taken back (trick winner, points)": [
        ("game.py", "apply"),
        ("game.py", "undo"),
    ],
    "transposition key (relative ranks)": [("game.py", "key")],
    "bounds (points left, kitty, quick tricks)": [
        ("solver.py", "bound"),
        ("solver.py", "quick_tricks"),
    ],
}


def part_shares(
    stats: pstats.Stats, parts: dict[str, list[tuple[str, str]]], whole: tuple[str, str]
) -> tuple[dict[str, float], float]:
    """Each part's share of the time of ``whole`` (file, function), by the cumulative
    time of the functions that do it; and the time of ``whole``."""
    cumulative: dict[tuple[str, str], float] = {}
    total = 0.0
    for (file, _line, function), row in stats.stats.items():  # type: ignore[attr-defined]
        key = (Path(file).name, function)
        cumulative[key] = cumulative.get(key, 0.0) + row[3]
        if key == whole:
            total += row[3]
    shares = {
        name: sum(cumulative.get(key, 0.0) for key in keys) / total for name, keys in parts.items()
    }
    return shares, total


def solver_time_shares(stats: pstats.Stats) -> dict[str, float]:
    """Each part's share of the solver's time; the rest is the search's own loop."""
    shares, _ = part_shares(stats, _SOLVER_PARTS, ("solver.py", "solve"))
    shares["the search's own loop: alpha-beta, table, MTD(f)"] = 1 - sum(shares.values())
    return shares


def solver_numbers(
    count: int, cap: float, reach_budget: float, reach_count: int
) -> dict[str, object]:
    """Solve times at 4, 6 and 8 cards a hand, nodes per second, how far a budget reaches,
    where the time goes."""
    rows: dict[str, object] = {}
    nodes = 0
    seconds = 0.0
    for size, how_many in ((4, count), (6, count), (8, max(1, count // 3))):
        times = []
        counts = []  # the nodes of each solve (the same on any machine and build)
        unsolved = 0
        for position in solver_positions(size, how_many):
            start = time.process_time()
            solution = Solver().solve(position, budget=cap, clock=time.process_time)
            spent = time.process_time() - start
            counts.append(solution.nodes)
            if solution.exact:
                nodes += solution.nodes
                seconds += spent
                times.append(spent)
            else:
                unsolved += 1
                times.append(float("inf"))
        median, p90 = percentile(times, 0.5), percentile(times, 0.9)
        rows[f"{size}_cards"] = {
            "positions": how_many,
            "median_s": median if median < float("inf") else None,  # None: more than the cap
            "p90_s": p90 if p90 < float("inf") else None,
            "not_solved_within_cap": unsolved,
            "nodes": sum(counts),
            "median_nodes": percentile([float(n) for n in counts], 0.5),
        }
    rows["cap_s"] = cap
    rows["nodes_per_s"] = nodes / seconds if seconds else 0.0
    reach: dict[str, float] = {}
    for size in (8, 10, 12) if reach_count else ():
        solved = sum(
            Solver().solve(p, budget=reach_budget, clock=time.process_time).exact
            for p in solver_positions(size, reach_count)
        )
        reach[f"{size}_cards"] = solved / reach_count
    rows["reach_budget_s"] = reach_budget
    rows["solved_within_budget"] = reach
    rows["time_shares_6_cards"] = {}
    if not compiled_modules():
        profile = cProfile.Profile()
        positions = solver_positions(6, max(1, count // 3))
        profile.enable()
        for position in positions:
            Solver().solve(position)
        profile.disable()
        rows["time_shares_6_cards"] = solver_time_shares(pstats.Stats(profile))
    return rows


def print_solver(numbers: dict[str, object]) -> None:
    """The solver's section of the report."""
    print("\nthe exact solver (qq, positions of simulated hands, CPU time):")
    for size in (4, 6, 8):
        row = numbers[f"{size}_cards"]
        assert isinstance(row, dict)
        unsolved = row["not_solved_within_cap"]
        cap = f"> {numbers['cap_s']:.0f}"
        note = f"  ({unsolved} not solved within {numbers['cap_s']:.0f} s)" if unsolved else ""
        median = cap if row["median_s"] is None else f"{row['median_s']:.3f}"
        p90 = cap if row["p90_s"] is None else f"{row['p90_s']:.3f}"
        print(
            f"  {size} cards a hand, {row['positions']:3} positions: median {median:>8} s  "
            f"p90 {p90:>8} s{note}  nodes {row['nodes']:,} (median {row['median_nodes']:,.0f})"
        )
    print(f"  nodes searched per second: {numbers['nodes_per_s']:,.0f}")
    reach = numbers["solved_within_budget"]
    assert isinstance(reach, dict)
    if reach:  # (--reach-positions 0: not measured)
        shown = ", ".join(f"{k.replace('_', ' ')} {v:.0%}" for k, v in reach.items())
        print(f"  solved exactly within {numbers['reach_budget_s']:.0f} s: {shown}")
    shares = numbers["time_shares_6_cards"]
    assert isinstance(shares, dict)
    if not shares:
        print(f"  where a 6-card solve spends its time: {NOT_PROFILED}")
        return
    print("  where a 6-card solve spends its time (cProfile, shares of the whole):")
    for name, share in shares.items():
        print(f"    {name:52} {share:5.1%}")


# --- the executors (validate and stats on one process, a pool, Dask) ----------------------


def executor_corpus(folder: Path, hands: int, per_file: int = 50) -> list[Path]:
    """``hands`` simulated hands in files of ``per_file``, one match in every fourth file."""
    from notation.simulate import simulate_match

    files = []
    for start in range(0, hands, per_file):
        count = min(per_file, hands - start)
        if (start // per_file) % 4 == 3:
            match = list(simulate_match("match-a", seed=start, max_hands=count))
            batch = match + [simulate_hand("qq", seed=start + i) for i in range(count - len(match))]
        else:
            batch = [simulate_hand("qq", seed=start + i, dealer=1 + i % 4) for i in range(count)]
        path = folder / f"corpus-{start:06}.psn"
        path.write_text(write(batch), encoding="utf-8")
        files.append(path)
    return files


def executor_numbers(hands: int) -> dict[str, object]:
    """Hands per second for validation and the corpus report on each executor, wall time."""
    from functools import partial

    from notation.cli.validate import HandPrinter
    from notation.corpus import HandDone, Work, walk
    from notation.executor import DaskExecutor, InlineExecutor, PoolExecutor
    from notation.stats import hand_stats

    # (Analysis adds its per-hand work here when `shengji analyze` exists.)
    works = {"validate": Work(HandPrinter(json=True, quiet=False)), "stats": Work(hand_stats)}
    numbers: dict[str, object] = {"hands": hands}
    with tempfile.TemporaryDirectory() as tmp:
        files = executor_corpus(Path(tmp), hands)

        def rate(executor: object, work: Work[object], key: str) -> None:
            """Hands a second (the better of two runs: the first warms the workers up),
            and this process's CPU time a hand (reading, splitting, printing)."""
            best, cpu = float("inf"), float("inf")
            for _ in range(2):
                start, used = time.perf_counter(), time.process_time()
                done = sum(isinstance(e, HandDone) for e in walk(files, work, executor))  # type: ignore[arg-type]
                assert done == hands, done
                best = min(best, time.perf_counter() - start)
                cpu = min(cpu, time.process_time() - used)
            numbers[f"{key}_hands_per_s"] = hands / best
            numbers[f"{key}_driver_us_per_hand"] = cpu / hands * 1e6

        numbers["load_average"] = os.getloadavg()[0]  # other work on the machine
        for name, work in works.items():
            rate(InlineExecutor(), work, f"{name}_j1")
            with PoolExecutor(2) as pool:
                rate(pool, work, f"{name}_j2")
        start = time.perf_counter()
        with DaskExecutor(None, jobs=2) as dask:
            numbers["dask_startup_s"] = time.perf_counter() - start
            for name, work in works.items():
                rate(dask, work, f"{name}_dask2")
            start = time.perf_counter()
            tasks = 400
            assert len(list(dask.ordered(partial(max, 0), range(tasks)))) == tasks
            numbers["dask_task_ms"] = (time.perf_counter() - start) / tasks * 1000
            numbers["dask_batch_hands"] = dask.batch_hands
    pool_s = 1 / float(numbers["validate_j2_hands_per_s"])  # type: ignore[arg-type]
    dask_s = 1 / float(numbers["validate_dask2_hands_per_s"])  # type: ignore[arg-type]
    numbers["dask_overhead_us_per_hand"] = (dask_s - pool_s) * 1e6  # wall, vs the pool
    numbers["dask_task_us_per_hand"] = float(numbers["dask_task_ms"]) * 1000 / dask.batch_hands  # type: ignore[arg-type]
    return numbers


ANALYSIS_BUDGET = 0.05  # modelled seconds a play: small, so that the executors' share shows
ANALYSIS_TRICKS = (12, 10**9)  # from trick 12: a qq hand's last two (of 13), 8 plays


def analysis_executor_numbers(hands: int) -> dict[str, object]:
    """Analysis hands per second on each executor (small budget, last two tricks only):
    ``shengji analyze FOLDER --json`` as a user runs it, with ``-j 1``, ``-j 2`` and
    ``--executor dask -j 2``, each the better of two runs, start-up included."""
    numbers: dict[str, object] = {
        "hands": hands, "budget_s": ANALYSIS_BUDGET, "tricks": "12 to the end",
    }  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        executor_corpus(Path(tmp), hands, per_file=10)
        command = [*shengji_command(), "analyze", tmp, "--json", "--budget"]
        command += [str(ANALYSIS_BUDGET), "--tricks", str(ANALYSIS_TRICKS[0])]
        report = subprocess.run([*command, "-j", "1"], capture_output=True, text=True)
        done = json.loads(report.stdout)
        plays = sum(len(h.get("plays") or ()) for f in done["files"] for h in f["hands"])
        numbers["plays"] = plays
        numbers["load_average"] = os.getloadavg()[0]
        for key, options in (
            ("j1", ["-j", "1"]),
            ("j2", ["-j", "2"]),
            ("dask2", ["--executor", "dask", "-j", "2"]),
        ):
            best = best_wall(2, [*command, *options])
            numbers[f"{key}_hands_per_s"] = hands / best
            numbers[f"{key}_plays_per_s"] = plays / best
    pool_s = 1 / float(numbers["j2_hands_per_s"])  # type: ignore[arg-type]
    dask_s = 1 / float(numbers["dask2_hands_per_s"])  # type: ignore[arg-type]
    numbers["dask_overhead_ms_per_hand"] = (dask_s - pool_s) * 1000  # wall, vs the pool
    return numbers


def print_analysis_executors(numbers: dict[str, object]) -> None:
    """The analysis rows of the executors' section."""
    row = "  ".join(
        f"{label} {float(numbers[f'{key}_hands_per_s']):5.2f}"  # type: ignore[arg-type]
        for label, key in (("-j 1", "j1"), ("-j 2", "j2"), ("dask 2 workers", "dask2"))
    )
    print(
        f"  analyze   {numbers['hands']} simulated hands, budget {numbers['budget_s']} s a play, "
        f"tricks {numbers['tricks']} only ({numbers['plays']} plays; load average "
        f"{float(numbers['load_average']):.1f}):"  # type: ignore[arg-type]
    )
    print(f"  analyze   hands/s: {row}")
    print(
        f"  analyze   wall time a hand more on Dask than on the local pool: "
        f"{float(numbers['dask_overhead_ms_per_hand']):.1f} ms"  # type: ignore[arg-type]
    )


def print_executors(numbers: dict[str, object]) -> None:
    """The executors' section of the report."""
    print(
        f"\nexecutors: {numbers['hands']} simulated hands in files of 50 (wall time; load "
        f"average {float(numbers['load_average']):.1f} before: other work shares the cores)"  # type: ignore[arg-type]
    )
    for name in ("validate", "stats"):
        row = "  ".join(
            f"{label} {float(numbers[f'{name}_{key}_hands_per_s']):6.0f}"  # type: ignore[arg-type]
            for label, key in (("-j 1", "j1"), ("-j 2", "j2"), ("dask 2 workers", "dask2"))
        )
        print(f"  {name:9} hands/s: {row}")
        cpu = float(numbers[f"{name}_dask2_driver_us_per_hand"])  # type: ignore[arg-type]
        print(f"  {name:9} this process's CPU a hand with Dask: {cpu:.0f} µs")
    print(
        f"  dask: cluster startup {float(numbers['dask_startup_s']):.1f} s; a task's round trip "  # type: ignore[arg-type]
        f"{float(numbers['dask_task_ms']):.2f} ms ({numbers['dask_batch_hands']} hands a batch: "  # type: ignore[arg-type]
        f"{float(numbers['dask_task_us_per_hand']):.0f} µs a hand); wall time a hand more than "  # type: ignore[arg-type]
        f"the local pool's: {float(numbers['dask_overhead_us_per_hand']):.0f} µs"  # type: ignore[arg-type]
    )


def match_numbers(
    a: PlayerMaker,
    b: PlayerMaker,
    names: tuple[str, str],
    deals: int,
    preset: str = "qq",
    seed: int = 0,
    jobs: int = 1,
    log: Path | None = None,
    settings: dict[str, object] | None = None,
) -> dict[str, object]:
    """A duplicate match of ``deals`` deals between ``a`` and ``b`` (named ``names``);
    with a ``log``, the deals it holds are taken from it and the others kept in it as
    they come (``settings``: what else must match for a log to be this match's)."""
    start = time.perf_counter()
    match = {"a": names[0], "b": names[1], "preset": preset, "seed": seed, **(settings or {})}
    played = read_log(log, match) if log is not None else {}
    missing = [n for n in range(1, deals + 1) if n not in played]
    with open(log, "a", encoding="utf-8") if log is not None else io.StringIO() as out:
        if log is not None and not played:
            out.write(json.dumps({"match": match}) + "\n")
        for deal in match_deals(a, b, missing, rules=preset, seed=seed, jobs=jobs):
            played[deal.number] = deal
            if log is not None:
                out.write(json.dumps(deal_json(deal)) + "\n")
                out.flush()
                so_far = MatchResult(tuple(played.values()))
                print(
                    f"deal {deal.number}: {deal.points:+d} points, {deal.levels:+d} levels; "
                    f"{len(played)} deals: {so_far.points.mean:+.2f} points a deal",
                    file=sys.stderr,
                )
    seconds = time.perf_counter() - start
    result = MatchResult(tuple(played[n] for n in range(1, deals + 1)))
    points, levels = result.points, result.levels
    return {
        "a": names[0],
        "b": names[1],
        "preset": preset,
        "seed": seed,
        "deals": deals,
        "jobs": jobs,
        "a_defending": result.a_defending,
        "b_defending": result.b_defending,
        # one deal has no spread: its interval is unbounded, written null (JSON has no
        # Infinity)
        "points_per_deal": [_finite(points.mean), _finite(points.low), _finite(points.high)],
        "levels_per_deal": [_finite(levels.mean), _finite(levels.low), _finite(levels.high)],
        "points_standard_error": _finite(points.standard_error),
        "levels_standard_error": _finite(levels.standard_error),
        "confidence": points.confidence,
        "seconds": seconds,
        "deals_from_log": deals - len(missing),
    }


def deal_json(deal: DealResult) -> dict[str, int]:
    """A deal's result as a line of a strength log."""
    return {
        "number": deal.number,
        "dealer": deal.dealer,
        "a_defending": deal.a_defending,
        "b_defending": deal.b_defending,
        "levels": deal.levels,
    }


def read_log(log: Path, match: dict[str, object]) -> dict[int, DealResult]:
    """The deals a strength log holds, by number (none if there is no log yet); a log
    of another match (its first line says which) stops the run."""
    if not log.exists():
        return {}
    lines = log.read_text(encoding="utf-8").splitlines()
    if not lines or json.loads(lines[0]).get("match") != match:
        sys.exit(f"{log}: not a log of this match ({match}); give another file")
    played = {}
    for line in lines[1:]:
        entry = json.loads(line)
        played[entry["number"]] = DealResult(**entry)
    return played


def _finite(value: float) -> float | None:
    """``value``, or None where it is not a finite number."""
    return value if math.isfinite(value) else None


def duplicate_numbers(deals: int, preset: str = "qq", seed: int = 0) -> dict[str, object]:
    """The bot against the first bot in a duplicate match of ``deals`` deals."""
    from tests.baseline_bot import BaselineBot

    return match_numbers(Bot, BaselineBot, ("bot", "first bot"), deals, preset, seed)


def rival_numbers(deals: int, preset: str = "qq", seed: int = 0) -> dict[str, object]:
    """The bot against the rival (tests/rival_bot.py) in a duplicate match of ``deals``
    deals."""
    from tests.rival_bot import RivalBot

    return match_numbers(Bot, RivalBot, ("bot", "rival"), deals, preset, seed)


def opponent(name: str) -> PlayerMaker:
    """The strength match's opponent: the plain bots or the rival."""
    if name == "rival":
        from tests.rival_bot import RivalBot

        return RivalBot
    return Bot


def strength_numbers(
    deals: int,
    budget: float = STRENGTH_BUDGET,
    jobs: int = 2,
    seed: int = 0,
    against: str = "bots",
    log: Path | None = None,
) -> dict[str, object]:
    """The evaluator's player (player's view, ``budget``) against the plain bots (or the
    rival) in a duplicate match of ``deals`` deals, on ``jobs`` processes; ``log``: see
    :func:`match_numbers`."""
    numbers = match_numbers(
        evaluator_player(budget),
        opponent(against),
        ("evaluator", against),
        deals,
        seed=seed,
        jobs=jobs,
        log=log,
        settings={"budget": budget},
    )
    numbers["budget"] = budget
    return numbers


def print_match(numbers: dict[str, object], title: str) -> None:
    """A duplicate match's section of the report."""
    deals, a, b = numbers["deals"], numbers["a"], numbers["b"]
    print(
        f"\n{title} ({numbers['preset']}, duplicate match: {deals} deals, each played twice "
        f"with the seats swapped, seed {numbers['seed']}):"
    )
    print(
        f"  defending, points a hand: {a} {numbers['a_defending']:.1f}, "
        f"{b} {numbers['b_defending']:.1f}"
    )
    confidence = numbers["confidence"]
    assert isinstance(confidence, float) and isinstance(deals, int)
    for name in ("points", "levels"):
        row, error = numbers[f"{name}_per_deal"], numbers[f"{name}_standard_error"]
        assert isinstance(row, list)
        mean, low, high = row
        if error is None:  # one deal: no spread to measure
            print(f"  {a} - {b}, {name} a deal: {mean:+.2f}  (one deal: no standard error)")
            continue
        assert isinstance(error, float)
        print(
            f"  {a} - {b}, {name} a deal: {mean:+.2f}  "
            f"(standard error {error:.2f}; {confidence:.0%} CI {low:+.2f} to {high:+.2f})"
        )
    print(
        f"  time: {numbers['seconds']:.1f} s ({2 * deals} hands played, "
        f"{numbers['jobs']} process(es)"
        + (
            f"; {numbers['deals_from_log']} deals read from the log"
            if numbers.get("deals_from_log")
            else ""
        )
        + ")"
    )


def print_duplicate(numbers: dict[str, object]) -> None:
    """The bots' section of the report."""
    print_match(numbers, "the bot against the first bot")


def print_strength(numbers: dict[str, object]) -> None:
    """The strength section of the report."""
    against = "the rival" if numbers["b"] == "rival" else "the plain bots"
    print_match(
        numbers,
        f"the evaluator's player (player's view, budget {numbers['budget']}) against {against}",
    )


def print_rival(numbers: dict[str, object]) -> None:
    """The rival's section of the report."""
    print_match(
        numbers, "the bot against the rival (ejfn/Tractor's priorities, tests/rival_bot.py)"
    )


# --- the analysis of whole hands ------------------------------------------------------------


def children_cpu() -> float:
    """CPU seconds (user and system) of this process's children that have ended: on a
    machine shared with other jobs, what a command costs when wall time says little."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def analysis_times(
    hands: int, jobs: tuple[int, ...] = (1, 2), width_hands: int = 0
) -> dict[str, object]:
    """Wall seconds of ``shengji analyze`` on each of ``hands`` simulated qq hands, by view
    and ``-j``, at the default budget, where a review's time goes, and (``width_hands``)
    how wide the early values are (:func:`early_widths`)."""
    rows: dict[str, object] = {"budget_s": DEFAULT_BUDGET, "hands": hands}
    if width_hands:
        rows["early_widths"] = early_widths(width_hands)
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        plays = 0
        for seed in range(hands):
            path = Path(folder) / f"hand-{seed}.psn"
            simulated = simulate_hand("qq", seed=seed, dealer=1 + seed % 4)
            plays += sum(len(t.plays) for t in simulated.tricks)
            path.write_text(write(simulated))
            paths.append(path)
        rows["plays_a_hand"] = plays / max(1, hands)
        for view in ("hindsight", "player"):
            for j in jobs:
                times = []
                cpu = 0.0
                for path in paths:
                    command = [sys.executable, "-m", "notation", "analyze", str(path)]
                    command += ["--view", view, "-j", str(j), "--json"]
                    before = children_cpu()
                    start = time.perf_counter()
                    subprocess.run(command, check=True, capture_output=True)
                    times.append(time.perf_counter() - start)
                    cpu += children_cpu() - before
                rows[f"{view}_j{j}_s"] = sum(times) / len(times)
                rows[f"{view}_j{j}_cpu_s"] = cpu / len(times)
    for view in ("hindsight", "player"):  # the bury and declarations, part of the above
        cpu = time.process_time()
        for seed in range(hands):
            plan = plan_hand(simulate_hand("qq", seed=seed, dealer=1 + seed % 4))
            review_choices(plan, view, DEFAULT_BUDGET)
        rows[f"choices_{view}_cpu_s"] = (time.process_time() - cpu) / max(1, hands)
    rows["time_shares_player_j1"] = {}
    if not compiled_modules():
        hand = simulate_hand("qq", seed=0, dealer=1)
        profile = cProfile.Profile()
        profile.enable()
        review_hand(hand, Evaluator("player"))
        profile.disable()
        rows["time_shares_player_j1"] = analysis_time_shares(pstats.Stats(profile))
    return rows


EARLY_TRICKS = 7  # the tricks whose values the width figure measures


def early_widths(hands: int) -> dict[str, object]:
    """How wide the player's-view values are early in a hand: the 95% half-width of the
    played play's value at every decision of tricks 1 to :data:`EARLY_TRICKS` of
    ``hands`` simulated qq hands (seeds 0 on, as the timed hands), reviewed in this
    process at the default budget; the median and quartiles, and the CPU seconds a
    decision."""
    widths: list[float] = []
    start = time.process_time()
    for seed in range(hands):
        plan = plan_hand(simulate_hand("qq", seed=seed, dealer=1 + seed % 4))
        evaluator = Evaluator("player")
        for decision in plan.decisions:
            if decision.trick > EARLY_TRICKS:
                break
            review = review_decision(plan, decision, evaluator, 0)
            assert not isinstance(review, Stop), review
            widths.append(review.value.half)
    cpu = time.process_time() - start
    return {
        "hands": hands,
        "tricks": EARLY_TRICKS,
        "decisions": len(widths),
        "half_width_median": percentile(widths, 0.5),
        "half_width_q1": percentile(widths, 0.25),
        "half_width_q3": percentile(widths, 0.75),
        "cpu_s_a_decision": cpu / max(1, len(widths)),
    }


def print_widths(numbers: dict[str, object]) -> None:
    """The width figure of the analysis section."""
    print(
        f"  player's view, tricks 1-{numbers['tricks']} of {numbers['hands']} hands "
        f"({numbers['decisions']} plays, in process, default budget): the 95% half-width of "
        f"the play's value, median {numbers['half_width_median']:.1f} points (quartiles "
        f"{numbers['half_width_q1']:.1f} and {numbers['half_width_q3']:.1f}); CPU "
        f"{numbers['cpu_s_a_decision']:.2f} s a play"
    )


# The parts of a review, by the functions that do them (cProfile's cumulative time).
_ANALYSIS_PARTS = {
    "rollouts: the bots' plays (the policy)": [("evaluate.py", "_policy_play")],
    "exact solves (leaves, small decisions)": [("solver.py", "value"), ("solver.py", "solve")],
    "deals of the unseen cards (player's view)": [("sampling.py", "deal")],
    "what the seat knows (replayed knowledge)": [("knowledge.py", "knowledge_at")],
    "candidates found and merged": [("evaluate.py", "_candidates")],
    "the record replayed and planned": [("review.py", "plan_hand")],
}


def analysis_time_shares(stats: pstats.Stats) -> dict[str, float]:
    """Each part's share of a review's time (the parts do not call one another: the
    solver is called at a rollout's end, not from the policy)."""
    shares, total = part_shares(stats, _ANALYSIS_PARTS, ("review.py", "review_hand"))
    shares["the rest: rollout plays made and undone, the race"] = 1 - sum(shares.values())
    shares["total_s"] = total
    return shares


def print_analysis(numbers: dict[str, object]) -> None:
    """The analysis section of the report."""
    print(
        f"\nshengji analyze, one whole simulated qq hand ({numbers['plays_a_hand']:.0f} plays "
        f"on average), default budget {numbers['budget_s']:g} s a play, wall time (and CPU) a hand "
        f"over {numbers['hands']}:"
    )
    for view in ("hindsight", "player"):
        cells = [
            f"-j {k.split('_j')[1][:-2]} {v:6.1f} s (CPU {numbers[k[:-2] + '_cpu_s']:.1f} s)"
            for k, v in numbers.items()
            if k.startswith(f"{view}_j") and not k.endswith("_cpu_s") and isinstance(v, float)
        ]
        print(f"  {view:10} " + "   ".join(cells))
        choices = numbers.get(f"choices_{view}_cpu_s")
        if isinstance(choices, float):
            print(f"  {'':10} of which the bury and the declarations: CPU {choices:.1f} s")
    widths = numbers.get("early_widths")
    if isinstance(widths, dict):
        print_widths(widths)
    shares = numbers["time_shares_player_j1"]
    assert isinstance(shares, dict)
    if not shares:
        print(f"  where a review in the player's view spends its time: {NOT_PROFILED}")
        return
    print(
        f"  where a review in the player's view spends its time (cProfile, one core, "
        f"{shares['total_s']:.0f} s under the profiler):"
    )
    for name, share in shares.items():
        if name != "total_s":
            print(f"    {name:52} {share:5.1%}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--plies", type=int, default=80)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--memory-hands", type=int, default=10000)
    parser.add_argument("--viewer-hands", type=int, default=100, help="0: skip the viewer")
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    parser.add_argument(
        "--solver-positions",
        type=int,
        default=30,
        help="positions a size (8 cards: a third); 0: skip",
    )
    parser.add_argument("--solver-cap", type=float, default=60.0, help="CPU s at most a solve")
    parser.add_argument(
        "--reach-budget", type=float, default=10.0, help="the budget for 8-12 cards"
    )
    parser.add_argument("--reach-positions", type=int, default=5)
    parser.add_argument("--solver-only", action="store_true", help="only the solver's section")
    parser.add_argument("--executor-hands", type=int, default=2000, help="0: skip executors")
    parser.add_argument("--executors-only", action="store_true", help="only the executors")
    parser.add_argument(
        "--analysis-executor-hands", type=int, default=40, help="0: skip analysis on executors"
    )
    parser.add_argument(
        "--duplicate-deals",
        type=int,
        default=100,
        help="deals of the bot against the first bot; 0: skip",
    )
    parser.add_argument(
        "--duplicate-only", action="store_true", help="only the bots' duplicate match"
    )
    parser.add_argument(
        "--strength-deals",
        type=int,
        default=50,
        help="deals of the evaluator's player against the bots; 0: skip",
    )
    parser.add_argument(
        "--strength-budget",
        type=float,
        default=STRENGTH_BUDGET,
        help="the evaluator's budget a decision in the strength match (modelled seconds)",
    )
    parser.add_argument("--strength-jobs", type=int, default=2, help="processes for it")
    parser.add_argument(
        "--strength-opponent",
        choices=("bots", "rival"),
        default="bots",
        help="the evaluator's opponent: the plain bots or the rival (tests/rival_bot.py)",
    )
    parser.add_argument(
        "--strength-log",
        type=Path,
        help="keep each deal of the strength match in this file as it comes (JSON lines); "
        "a log of the same match is taken up where it stopped",
    )
    parser.add_argument(
        "--rival-deals", type=int, default=100, help="deals of the bot against the rival; 0: skip"
    )
    parser.add_argument(
        "--rival-only", action="store_true", help="only the bot's duplicate match against the rival"
    )
    parser.add_argument(
        "--strength-only", action="store_true", help="only the evaluator's strength match"
    )
    parser.add_argument(
        "--analysis-hands", type=int, default=1, help="hands analysed a setting; 0: skip"
    )
    parser.add_argument("--analysis-only", action="store_true", help="only the analysis section")
    parser.add_argument(
        "--width-hands",
        type=int,
        default=4,
        help="hands whose early values' widths are measured (tricks 1-7); 0: skip",
    )
    parser.add_argument(
        "--validator-only",
        action="store_true",
        help="only the validator's section (in-process and as a command), no memory or viewer",
    )
    args = parser.parse_args()
    if args.validator_only:
        args.memory_hands = args.viewer_hands = args.solver_positions = 0
        args.executor_hands = args.duplicate_deals = args.rival_deals = 0
        args.strength_deals = args.analysis_hands = 0
    if args.executors_only:
        executors = executor_numbers(args.executor_hands)
        if args.analysis_executor_hands:
            executors["analysis"] = analysis_executor_numbers(args.analysis_executor_hands)
        if args.json:
            print(json.dumps(executors, indent=2))
        else:
            print(f"machine: {machine()}")
            print_executors(executors)
            if "analysis" in executors:
                print_analysis_executors(executors["analysis"])  # type: ignore[arg-type]
        return 0
    if args.duplicate_only:
        bots = duplicate_numbers(args.duplicate_deals)
        if args.json:
            print(json.dumps(bots, indent=2))
        else:
            print_duplicate(bots)
        return 0
    if args.rival_only:
        rival = rival_numbers(args.rival_deals)
        if args.json:
            print(json.dumps(rival, indent=2))
        else:
            print_rival(rival)
        return 0
    if args.strength_only:
        strength = strength_numbers(
            args.strength_deals,
            args.strength_budget,
            args.strength_jobs,
            against=args.strength_opponent,
            log=args.strength_log,
        )
        if args.json:
            print(json.dumps(strength, indent=2))
        else:
            print_strength(strength)
        return 0
    if args.analysis_only or args.solver_only:
        if args.analysis_only:
            section: dict[str, object] = analysis_times(
                max(1, args.analysis_hands), width_hands=args.width_hands
            )
        else:
            section = solver_numbers(
                args.solver_positions, args.solver_cap, args.reach_budget, args.reach_positions
            )
        if args.json:
            print(json.dumps(section, indent=2))
        else:
            print(f"machine: {machine()}")
            (print_analysis if args.analysis_only else print_solver)(section)
        return 0
    try:
        import chess
    except ImportError:
        print("python-chess is needed: pip install -e '.[bench]'", file=sys.stderr)
        return 2

    hands = [simulate_hand("qq", seed=s, dealer=1 + s % 4) for s in range(args.hands)]
    text = "\n".join(write(h) for h in hands)
    plays = sum(len(t.plays) for h in hands for t in h.tricks)
    pgn = chess_games(args.games, args.plies, seed=1)
    assert read_all_pgn(pgn) == args.games
    assert validate_all(text) == args.hands

    chess_s = best_of(args.repeat, lambda: read_all_pgn(pgn)) / args.games
    validate_s = best_of(args.repeat, lambda: validate_all(text)) / args.hands
    parse_s = best_of(args.repeat, lambda: parse(text)) / args.hands
    record = parse(text)
    write_s = best_of(args.repeat, lambda: write(record)) / args.hands

    rules = load_ruleset("qq")
    lines = judge_lines(hands)
    judge_s = best_of(args.repeat, lambda: judge_all(lines, rules)) / len(lines)

    command = command_numbers(text, args.hands, pgn, args.games, args.repeat)

    shares: dict[str, float] = {}
    stream = io.StringIO()
    if not compiled_modules():
        profile = cProfile.Profile()
        profile.enable()
        validate_all(text)
        profile.disable()
        stats = pstats.Stats(profile)
        shares = time_shares(stats)
        stats.stream = stream  # type: ignore[attr-defined]
        stats.sort_stats("tottime").print_stats(12)

    solver = (
        solver_numbers(
            args.solver_positions, args.solver_cap, args.reach_budget, args.reach_positions
        )
        if args.solver_positions
        else {}
    )
    executors = executor_numbers(args.executor_hands) if args.executor_hands else {}
    if executors and args.analysis_executor_hands:
        executors["analysis"] = analysis_executor_numbers(args.analysis_executor_hands)
    bots = duplicate_numbers(args.duplicate_deals) if args.duplicate_deals else {}
    rival = rival_numbers(args.rival_deals) if args.rival_deals else {}
    strength = (
        strength_numbers(
            args.strength_deals,
            args.strength_budget,
            args.strength_jobs,
            against=args.strength_opponent,
            log=args.strength_log,
        )
        if args.strength_deals
        else {}
    )
    analysis = (
        analysis_times(args.analysis_hands, width_hands=args.width_hands)
        if args.analysis_hands
        else {}
    )
    rss_kib, memory_s = peak_memory(args.memory_hands) if args.memory_hands else (0, 0.0)
    view_load, view_step = viewer_timing(args.viewer_hands) if args.viewer_hands else (0.0, 0.0)
    numbers = {
        "machine": machine(),
        "chess_version": chess.__version__,
        "hands": args.hands,
        "plays_per_hand": plays / args.hands,
        "chess_us_per_game": chess_s * 1e6,
        "validate_us_per_hand": validate_s * 1e6,
        "validate_us_per_play": validate_s * 1e6 * args.hands / plays,
        "parse_us_per_hand": parse_s * 1e6,
        "write_us_per_hand": write_s * 1e6,
        "judge_us_per_trick": judge_s * 1e6,
        "judge_tricks": len(lines),
        "ratio_judge_trick": chess_s / judge_s,
        "ratio_validate": chess_s / validate_s,
        "ratio_parse": chess_s / parse_s,
        "ratio_write": chess_s / write_s,
        "command": command,
        "time_shares": shares,
        "memory_hands": args.memory_hands,
        "memory_peak_mib": rss_kib / 1024,
        "memory_seconds": memory_s,
        "viewer_hands": args.viewer_hands,
        "viewer_load_seconds": view_load,
        "viewer_step_seconds": view_step,
        "solver": solver,
        "executors": executors,
        "bots": bots,
        "rival": rival,
        "strength": strength,
        "analysis": analysis,
    }
    if args.json:
        print(json.dumps(numbers, indent=2))
        return 0
    print(f"machine: {numbers['machine']}; python-chess {chess.__version__}")
    print(
        f"{args.hands} simulated hands, {numbers['plays_per_hand']:.0f} plays per hand; "
        f"{args.games} random {args.plies}-ply chess games"
    )
    print(f"chess.pgn.read_game        {chess_s * 1e6:8.0f} µs/game  ({1 / chess_s:7.0f} games/s)")
    rows = [
        ("parse + validate", validate_s, numbers["ratio_validate"]),
        ("parse only", parse_s, numbers["ratio_parse"]),
        ("canonical writer", write_s, numbers["ratio_write"]),
    ]
    for name, seconds, ratio in rows:
        print(
            f"{name:26} {seconds * 1e6:8.0f} µs/hand  ({1 / seconds:7.0f} hands/s)  "
            f"ratio vs chess {ratio:5.2f}"
        )
    print(f"validation per play        {numbers['validate_us_per_play']:8.1f} µs")
    print(
        f"\nas a user runs it (fresh processes, wall time, start-up included): "
        f"shengji validate FILE of {command['command_hands']} hands against a script "
        f"reading {command['command_games']} games with chess.pgn.read_game"
    )
    print(
        f"  shengji validate FILE      {command['validate_command_seconds']:6.2f} s  "
        f"ratio vs chess per record {command['ratio_validate_command']:5.2f}"
    )
    print(
        f"  shengji validate -j 1 FILE {command['validate_j1_command_seconds']:6.2f} s  "
        f"ratio vs chess per record {command['ratio_validate_command_j1']:5.2f}"
    )
    print(f"  python + chess.pgn         {command['chess_command_seconds']:6.2f} s")
    print(
        f"  the same in CPU time: shengji validate FILE "
        f"{command['validate_command_cpu_seconds']:.2f} s, python + chess.pgn "
        f"{command['chess_command_cpu_seconds']:.2f} s, "
        f"ratio per record {command['ratio_validate_command_cpu']:5.2f}"
    )
    print(
        f"  start-up: validate one hand {command['startup_validate_one_hand_seconds']:.3f} s, "
        f"chess.pgn one game {command['startup_chess_one_game_seconds']:.3f} s, "
        f"shengji --version {command['startup_version_seconds']:.3f} s"
    )
    print(
        f"  start-up in CPU time: validate one hand "
        f"{command['startup_validate_one_hand_cpu_seconds']:.3f} s, chess.pgn one game "
        f"{command['startup_chess_one_game_cpu_seconds']:.3f} s"
    )
    print(
        f"shengji judge, per trick   {judge_s * 1e6:8.0f} µs/trick ({1 / judge_s:7.0f} tricks/s)  "
        f"ratio vs chess per game {numbers['ratio_judge_trick']:5.1f}"
    )
    if args.memory_hands:
        print(
            f"validate {args.memory_hands} hands in one file: peak RSS "
            f"{numbers['memory_peak_mib']:.0f} MiB, {memory_s:.1f} s"
        )
    if args.viewer_hands:
        print(
            f"viewer (AppTest, wall time): open a {args.viewer_hands}-hand match "
            f"{view_load:.1f} s, one step {view_step * 1000:.0f} ms"
        )
    if shares:
        print("\nwhere validation spends its time (cProfile; shares of the whole):")
        for name, share in shares.items():
            print(f"  {name:44} {share:5.1%}")
        print("\nthe functions that take most time of their own (cProfile):")
        print("\n".join(stream.getvalue().splitlines()[6:22]))
    else:
        print(f"\nwhere validation spends its time: {NOT_PROFILED}")
    if solver:
        print_solver(solver)
    if executors:
        print_executors(executors)
        if "analysis" in executors:
            print_analysis_executors(executors["analysis"])  # type: ignore[arg-type]
    if bots:
        print_duplicate(bots)
    if rival:
        print_rival(rival)
    if strength:
        print_strength(strength)
    if analysis:
        print_analysis(analysis)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
