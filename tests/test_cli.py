"""The ``shengji`` command: help, version and clean errors."""

from __future__ import annotations

import subprocess
import sys

import pytest

from notation import __version__
from notation.cli import main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "notation", *args], capture_output=True, text=True, timeout=60
    )


def test_help_lists_the_command() -> None:
    result = run("--help")
    assert result.returncode == 0
    assert "usage: shengji" in result.stdout


def test_version() -> None:
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"shengji {__version__}"


def test_unknown_subcommand_is_a_clean_error() -> None:
    result = run("frobnicate")
    assert result.returncode == 2
    assert "invalid choice" in result.stderr
    assert "Traceback" not in result.stderr


def test_no_subcommand_is_a_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main([])
    assert exc.value.code == 2
    assert "required" in capsys.readouterr().err
