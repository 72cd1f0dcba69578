"""``python -m notation`` is the ``shengji`` command; :func:`main` is its entry point."""

from __future__ import annotations

import gc


def main() -> int:
    """Run the ``shengji`` command (:func:`notation.cli.main`).

    Its modules are imported with the garbage collector off: they make classes,
    functions and tables that live as long as the process, no garbage, and the collector
    walked them some fifty times while they were made (about 5 ms of every start).
    :func:`notation.cli.main` sets them aside from it and turns it on again.

    What lives at the end is set aside too: Python's exit then frees it by reference
    counts without the collector walking it three times (about 9 million instructions
    of a command; the command has closed its files and joined its pools by then).
    """
    gc.disable()
    from notation.cli import main as command

    status = command()
    gc.freeze()
    return status


if __name__ == "__main__":
    raise SystemExit(main())
