"""Where the tests find the dev card set: shared/ beside the checkout (as CI lays it), else
else the package's built-in copy (the same 698 cards)."""

from pathlib import Path

import manasolve

_CANDIDATES = [
    Path(__file__).resolve().parents[3] / "shared" / "data" / "cards-dev.json",
    Path(manasolve.__file__).parent / "data" / "builtin_cards.json",
]
DEV_CARDS: Path = next(p for p in _CANDIDATES if p.exists())
