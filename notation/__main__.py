"""``python -m notation`` is the ``shengji`` command."""

from notation.cli import main

raise SystemExit(main())
