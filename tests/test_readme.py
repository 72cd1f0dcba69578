"""README.md's set-up and tour of the CLI run as written, every line of them, in order,
as a new user following README top to bottom runs them."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    """The text of README's section ``## title``, up to the next section."""
    return README.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def sh_blocks(text: str) -> list[str]:
    """The ```sh blocks of ``text`` (indented ones, in a list item, too), dedented."""
    blocks = re.findall(r"^( *)```sh\n(.*?)^\1```", text, re.DOTALL | re.MULTILINE)
    return ["\n".join(line[len(indent) :] for line in body.splitlines()) for indent, body in blocks]


def command_lines(block: str) -> list[str]:
    return [line for line in block.splitlines() if line.strip() and not line.startswith("#")]


def tour() -> list[str]:
    """The command lines of the README's "A short tour of the CLI" block."""
    (block,) = sh_blocks(section("A short tour of the CLI"))
    return command_lines(block)


def installing(line: str) -> bool:
    return line.startswith("python3 -m venv")


def set_up() -> list[str]:
    """Set up's first step after the install: what makes the tour's ``shengji`` found."""
    first = command_lines(sh_blocks(section("Set up"))[0])
    assert installing(first[0]), "Set up starts by making .venv and installing into it"
    return first[1:]


def test_the_tour_names_only_files_that_exist() -> None:
    named = [
        word
        for line in tour()
        for word in shlex.split(line, comments=True)
        if word.startswith("examples/")
    ]
    assert named, "the tour uses the bundled examples"
    assert [w for w in named if not (ROOT / w).exists()] == []


# ---------------------------------------------------------------------------- the tour, run


def _venv() -> Path:
    """The virtual environment these tests run in, which README's Set up made."""
    prefix = Path(sys.prefix)
    assert (prefix / "bin" / "activate").is_file(), (
        "run the tests with the .venv that README's Set up makes (.venv/bin/python -m pytest)"
    )
    return prefix


def _without_the_venv() -> dict[str, str]:
    """This environment with no virtual environment on PATH: a new shell's."""
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONHOME")}
    venv_bins = {(_venv() / "bin").resolve(), (ROOT / ".venv" / "bin").resolve()}
    kept = [
        p for p in env.get("PATH", "").split(os.pathsep) if p and Path(p).resolve() not in venv_bins
    ]
    env["PATH"] = os.pathsep.join(kept)
    assert shutil.which("shengji", path=env["PATH"]) is None, (
        "shengji is on PATH without the virtual environment: the tour would not show "
        "whether README's set-up makes it found"
    )
    return env


# ``view`` would start a server: it only says the command it would start (--dry-run). The
# command itself is found on PATH, as the user's shell finds it.
_VIEW_DRY = (
    'shengji() { if [ "$1" = view ]; then command shengji "$@" --dry-run; '
    'else command shengji "$@"; fi; }'
)


def _outputs(line: str) -> list[str]:
    """What a line names to write (``-o FILE``, ``--out FOLDER``, ``mkdir -p FOLDER``)."""
    words = shlex.split(line, comments=True)
    named = [b for a, b in pairwise(words) if a in ("-o", "--out")]
    return named + (words[2:] if words[:2] == ["mkdir", "-p"] else [])


@pytest.fixture(scope="module")
def toured(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[Path, list[subprocess.CompletedProcess[str]]]:
    """Each line of the tour run in order in a checkout of its own (the examples and the
    virtual environment of this one), in a new shell after Set up's lines."""
    checkout = tmp_path_factory.mktemp("checkout")
    (checkout / "examples").symlink_to(ROOT / "examples")
    (checkout / ".venv").symlink_to(_venv())  # what `python3 -m venv .venv && pip …` made
    env = _without_the_venv()
    done = []
    for line in tour():
        script = "\n".join([*set_up(), _VIEW_DRY, "set -o pipefail", line]) + "\n"
        done.append(
            subprocess.run(
                ["bash", "-c", script],
                cwd=checkout,
                env=env,
                capture_output=True,
                text=True,
                timeout=600,
            )
        )
    return checkout, done


@pytest.mark.parametrize(
    "index", range(len(tour())), ids=[line.split("#")[0].strip()[:60] for line in tour()]
)
def test_each_line_of_the_tour_runs_as_written(
    index: int, toured: tuple[Path, list[subprocess.CompletedProcess[str]]]
) -> None:
    line = tour()[index]
    done = toured[1][index]
    assert "command not found" not in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    # 1 is a verdict ("a rule was broken"), and README says which lines give it.
    expected = 1 if "exits 1" in line.partition("#")[2] else 0
    assert done.returncode == expected, (line, done.stdout[-2000:], done.stderr[-2000:])
    written = [name for name in _outputs(line) if (toured[0] / name).exists()]
    assert done.stdout or done.stderr or written


def test_the_tour_writes_only_under_an_ignored_folder(
    toured: tuple[Path, list[subprocess.CompletedProcess[str]]],
) -> None:
    checkout = toured[0]
    written = sorted(p.name for p in checkout.iterdir() if p.name not in ("examples", ".venv"))
    assert written == ["out"]
    assert {p.name for p in (checkout / "out").iterdir()} == {
        "stats.html",
        "report.html",
        "handout.html",
        "table.png",
        "sims",
        "match.psn",
        "puzzles.psn",
    }
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert "out/" in ignored


def test_the_tour_says_why_validating_the_examples_exits_1() -> None:
    first = next(line for line in tour() if line.startswith("shengji validate examples/ "))
    assert "exits 1 (the disputes)" in first
    assert "the dispute examples break rules on\npurpose" in section("A short tour of the CLI")


# ---------------------------------------------------------------------------- set up and CI


def test_set_up_installs_once_before_the_viewer_runs() -> None:
    """Following Set up top to bottom works: the one install comes first and no later
    step installs again (an install swaps the files of a viewer that is running); the
    note on CJK fonts is there."""
    text = section("Set up")
    blocks = sh_blocks(text)
    assert "pip install -e" in blocks[0]
    viewer = next(i for i, b in enumerate(blocks) if "shengji view" in b)
    assert viewer > 0 and not any("pip install" in b for b in blocks[1:])
    assert "fonts-noto-cjk" in text


def test_set_up_activates_the_environment_it_installs_into() -> None:
    assert set_up() == [". .venv/bin/activate"]


def test_set_up_installs_and_tests_as_ci_does() -> None:
    """README's install and test commands are CI's (.ci/run), so that what CI proves is
    what a user who follows README gets."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    blocks = sh_blocks(section("Set up"))
    install = re.search(r"\.venv/bin/pip install -e '[^']*'", blocks[0])
    assert install is not None
    ci_install = re.search(r"\.venv/bin/pip install (?:--quiet )?(-e '[^']*')", ci)
    assert ci_install is not None and install[0].endswith(ci_install[1])
    assert ".venv/bin/python -m pytest" in blocks[-1] and ".venv/bin/python -m pytest" in ci
