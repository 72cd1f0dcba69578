"""README.md's tour of the CLI runs as written, every line of it, from a checkout."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]


def tour() -> list[str]:
    """The command lines of the README's "A short tour of the CLI" block."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## A short tour of the CLI", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.DOTALL)
    assert block is not None, "the tour has a ```sh block"
    return [line for line in block[1].splitlines() if line.strip() and not line.startswith("#")]


def test_the_tour_names_only_files_that_exist() -> None:
    named = [
        word
        for line in tour()
        for word in shlex.split(line, comments=True)
        if word.startswith("examples/")
    ]
    assert named, "the tour uses the bundled examples"
    assert [w for w in named if not (ROOT / w).exists()] == []


@pytest.mark.parametrize("line", tour(), ids=lambda line: line.split("#")[0][:60])
def test_each_line_of_the_tour_runs(tmp_path: Path, line: str) -> None:
    # Run where a checkout's examples/ is at hand; whatever a line writes (report.html,
    # sims/, match.psn) goes to a folder of the test's own. ``shengji`` is this Python's
    # package; ``view`` only says the command it would start (--dry-run).
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    shell = (
        f'shengji() {{ if [ "$1" = view ]; then {shlex.quote(sys.executable)} -m notation '
        f'"$@" --dry-run; else {shlex.quote(sys.executable)} -m notation "$@"; fi; }}\n'
        "set -o pipefail\n"
        f"{line}\n"
    )
    done = subprocess.run(
        ["bash", "-c", shell], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    # 1 is a verdict (the disputes break rules); 2 would be input that cannot be read.
    assert done.returncode in (0, 1), done.stderr
    assert "Traceback" not in done.stderr
    written = [p for p in tmp_path.iterdir() if p.name != "examples"]  # -o report.html …
    assert done.stdout or done.stderr or written


def test_set_up_installs_once_before_the_viewer_runs() -> None:
    """Following Set up top to bottom works: the one install comes first and no later
    step installs again (an install swaps the files of a viewer that is running); the
    note on CJK fonts is there."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Set up", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", section, re.DOTALL)
    assert "pip install -e" in blocks[0]
    viewer = next(i for i, b in enumerate(blocks) if "shengji view" in b)
    assert viewer > 0 and not any("pip install" in b for b in blocks[1:])
    assert "fonts-noto-cjk" in section
