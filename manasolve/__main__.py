"""``python -m manasolve``: the same as the ``manasolve`` console script."""

from manasolve.cli import main

raise SystemExit(main())
