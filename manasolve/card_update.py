"""``manasolve cards update [URL|PATH]``: fetch a card file (MTGJSON's AtomicCards by
default), check that it reads, and store it where the card setting points
(`manasolve.models.card_settings`), so every command looks its cards up there."""

from __future__ import annotations

import os
import shutil
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

from manasolve.models.card_settings import update_target
from manasolve.models.errors import InputError
from manasolve.models.loaders import cache_cards, read_card_file

DEFAULT_URL = "https://mtgjson.com/api/v5/AtomicCards.json.gz"
_TIMEOUT = 120  # seconds without an answer from the server before giving up


def _fetch(source: str, into: Path) -> None:
    """Copy `source` (a URL with a scheme, e.g. https:// or file://, or a local path) to `into`."""
    try:
        if "://" in source:
            with urllib.request.urlopen(source, timeout=_TIMEOUT) as answer, open(into, "wb") as out:
                shutil.copyfileobj(answer, out, 1 << 20)
        else:
            shutil.copyfile(source, into)
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", None) or getattr(exc, "strerror", None) or exc
        raise InputError("", "cannot fetch the card file (%s)" % reason, source=source) from None


def update_cards(source: str | None = None) -> dict:
    """Fetch `source` (default: MTGJSON's AtomicCards), check it is a card file the loaders
    read with at least one card, and replace the stored file with it (the old one is kept
    if anything fails).  The answer: where it came from, where it went, what setting chose
    that place, and how many cards it holds."""
    source = source or DEFAULT_URL
    target = update_target()
    try:
        target.path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError("", "cannot create the folder for the card file (%s)" % (exc.strerror or exc),
                         source=str(target.path)) from None
    fd, tmp_name = tempfile.mkstemp(prefix=".cards-update-", dir=target.path.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        _fetch(source, tmp)
        cards = read_card_file(tmp, source)
        if not cards:
            raise InputError("", "no cards in it", source=source)
        os.chmod(tmp, 0o644)  # mkstemp makes it private; it is public card data
        os.replace(tmp, target.path)
    finally:
        tmp.unlink(missing_ok=True)
    cache_cards(target.path, cards)
    return {"source": source, "path": str(target.path), "set_by": target.set_by,
            "cards": sum(1 for c in cards.values() if not c.get("aliasOf")), "names": len(cards)}
