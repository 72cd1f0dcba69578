"""``python -m notation`` is the ``shengji`` command; :func:`main` is its entry point."""

from __future__ import annotations

import gc


def main() -> int:
    """Run the ``shengji`` command (:func:`notation.cli.main`).

    Its modules are imported with the garbage collector off: they make classes,
    functions and tables that live as long as the process, no garbage, and the collector
    walked them some fifty times while they were made (about 5 ms of every start).
    :func:`notation.cli.main` sets them aside from it and turns it on again.
    """
    gc.disable()
    from notation.cli import main as command

    return command()


if __name__ == "__main__":
    raise SystemExit(main())
