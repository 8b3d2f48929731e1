"""``manasolve cards update [URL|PATH]``: fetch a card file (MTGJSON's AtomicCards by
default), check that it reads, and store it where the card setting points
(`manasolve.card_settings`), so every command looks its cards up there.

Safe by default (issue 27): a URL must be ``https://`` (``http://``, ``ftp://`` and
``file://`` only with ``allow_insecure``; a PATH without a scheme is a local file); the
file's SHA-256 is checked against ``sha256`` when given, else against the checksum the
source publishes beside it (``URL.sha256``, as MTGJSON does; none published: the answer
says ``"sha256_checked": false``); at most MAX_DOWNLOAD bytes are fetched, the whole update
ends within ``deadline`` seconds, and the temporary file is removed on any failure (also
on SIGTERM; one left by a killed update is removed by the next one).
"""

from __future__ import annotations

import hashlib
import os
import re
import signal
import tempfile
import threading
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from manasolve.models.bounds import UPDATE_DEADLINE
from manasolve.card_settings import cache_dir, update_target
from manasolve.models.errors import InputError, shown
from manasolve.models.loaders import cache_cards, read_card_file
from manasolve.results import CardsUpdate

DEFAULT_URL = "https://mtgjson.com/api/v5/AtomicCards.json.gz"
_TIMEOUT = 120  # seconds without an answer from the server before giving up
# The largest card file fetched: AtomicCards.json.gz is ~30 MB, a Scryfall bulk file of
# every printing ~500 MB; past this it is not a card file.
MAX_DOWNLOAD = 1024 ** 3
_SECURE_SCHEMES = {"https"}
_TEMPORARY = ".cards-update-"  # prefix of the temporary files in the target folder
_HEX = re.compile(r"[0-9a-f]{64}")


def _scheme(source: str) -> str | None:
    """The URL scheme of `source` ("https", "file", ...), or None for a local path."""
    m = re.match(r"([A-Za-z][A-Za-z0-9+.-]*)://", source)
    return m.group(1).lower() if m else None


def _copy(stream: IO[bytes], out: IO[bytes], source: str, deadline: float) -> str:
    """Copy `stream` to `out` within MAX_DOWNLOAD bytes and `deadline` (time.monotonic());
    the SHA-256 of what was copied."""
    digest, size = hashlib.sha256(), 0
    while True:
        if time.monotonic() > deadline:
            raise InputError("", "the update took longer than its deadline; --deadline SECONDS to wait longer",
                             source=source)
        block = stream.read(1 << 20)
        if not block:
            return digest.hexdigest()
        size += len(block)
        if size > MAX_DOWNLOAD:
            raise InputError("", "more than %d bytes, the bound of a card file" % MAX_DOWNLOAD, source=source)
        digest.update(block)
        out.write(block)


def _read_timeout(deadline: float) -> float:
    return max(0.1, min(_TIMEOUT, deadline - time.monotonic()))


def _fetch(source: str, into: Path, deadline: float) -> str:
    """Copy `source` (a URL, or a local path) to `into`; the SHA-256 of its bytes."""
    try:
        with open(into, "wb") as out:
            if _scheme(source):
                with urllib.request.urlopen(source, timeout=_read_timeout(deadline)) as answer:
                    return _copy(answer, out, source, deadline)
            with open(source, "rb") as local:
                return _copy(local, out, source, deadline)
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", None) or getattr(exc, "strerror", None) or exc
        raise InputError("", "cannot fetch the card file (%s)" % reason, source=source) from None


def _published_sha256(source: str, deadline: float) -> str | None:
    """The checksum published beside a URL (``URL.sha256``: the hex digest first), None
    if there is none (HTTP 404, or not a URL).  A checksum file that is there but does not
    read is an error: the file cannot be checked."""
    if not _scheme(source) or _scheme(source) == "file":
        return None
    url = source + ".sha256"
    try:
        with urllib.request.urlopen(url, timeout=_read_timeout(deadline)) as answer:
            text = answer.read(4096).decode("ascii", "replace")
    except urllib.error.HTTPError as exc:
        if exc.code in (403, 404, 410):
            return None
        raise InputError("", "cannot fetch its checksum %s (HTTP %d)" % (url, exc.code), source=source) from None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise InputError("", "cannot fetch its checksum %s (%s)" % (url, getattr(exc, "reason", exc)),
                         source=source) from None
    words = text.split()
    if not words or not _HEX.fullmatch(words[0].lower()):
        raise InputError("", "its checksum file %s holds no SHA-256 (got %s)" % (url, shown(text, 40)), source=source)
    return words[0].lower()


def check_source(source: str, allow_insecure: bool, sha256: str | None) -> str | None:
    """InputError unless `source` is https:// (or allowed insecure) or a local path; the
    `sha256` given, lower-cased (InputError unless 64 hex digits)."""
    scheme = _scheme(source)
    if scheme is not None and scheme not in _SECURE_SCHEMES and not allow_insecure:
        raise InputError("", "only https:// URLs are fetched (got %s://); --allow-insecure to fetch it anyway, or give "
                         "a local PATH" % scheme, source=source)
    if sha256 is None:
        return None
    if not _HEX.fullmatch(sha256.strip().lower()):
        raise InputError("parameter sha256", "give the 64 hex digits of a SHA-256, got %s" % shown(sha256, 70),
                         source=source)
    return sha256.strip().lower()


@contextmanager
def _removed_on_term() -> Iterator[None]:
    """SIGTERM while inside ends the update as an exception (so the temporary file is
    removed), in the main thread; elsewhere nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum, frame):
        raise SystemExit(128 + signum)
    old = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)


def _remove_leftovers(folder: Path, older_than: float) -> None:
    """Temporary files of updates killed outright (SIGKILL) more than `older_than` s ago."""
    now = time.time()
    for p in folder.glob(_TEMPORARY + "*"):
        try:
            if p.is_file() and not p.is_symlink() and now - p.stat().st_mtime > older_than:
                p.unlink()
        except OSError:
            pass


def update_cards(source: str | None = None, allow_insecure: bool = False, sha256: str | None = None,
                 deadline: float | None = UPDATE_DEADLINE) -> CardsUpdate:
    """Fetch `source` (default: MTGJSON's AtomicCards), check its SHA-256 (`sha256`, else
    the one the source publishes) and that it is a card file the loaders read with at
    least one card, and replace the stored file with it (the old one is kept if anything
    fails), all within `deadline` seconds (None: no deadline).  The answer: where it came
    from, where it went, what setting chose that place, how many cards it holds, its
    SHA-256 and whether that was checked."""
    source = source or DEFAULT_URL
    wanted = check_source(source, allow_insecure, sha256)
    until = time.monotonic() + (deadline if deadline is not None else float("inf"))
    target = update_target()
    if target.path.is_dir():
        raise InputError("", "is a folder; the card file setting must name a file", source=str(target.path))
    try:
        target.path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError("", "cannot create the folder for the card file (%s)" % (exc.strerror or exc),
                         source=str(target.path)) from None
    _remove_leftovers(target.path.parent, max(UPDATE_DEADLINE, deadline or 0.0))
    with _removed_on_term():
        fd, tmp_name = tempfile.mkstemp(prefix=_TEMPORARY, dir=target.path.parent)
        os.close(fd)
        tmp = Path(tmp_name)
        try:
            got = _fetch(source, tmp, until)
            wanted = wanted or _published_sha256(source, until)
            if wanted is not None and got != wanted:
                raise InputError("", "its SHA-256 is %s, not %s: not stored" % (got, wanted), source=source)
            cards = read_card_file(tmp, source)
            if not cards:
                raise InputError("", "no cards in it", source=source)
            if time.monotonic() > until:
                raise InputError("", "the update took longer than its deadline; --deadline SECONDS to wait longer",
                                 source=source)
            os.chmod(tmp, 0o644)  # mkstemp makes it private; it is public card data
            try:
                os.replace(tmp, target.path)
            except OSError as exc:
                raise InputError("", "cannot store the card file (%s)" % (exc.strerror or exc),
                                 source=str(target.path)) from None
        finally:
            tmp.unlink(missing_ok=True)
    cache_cards(target.path, cards, cache_dir())
    return CardsUpdate(source, str(target.path), target.set_by, sum(1 for c in cards.values() if not c.get("aliasOf")),
                       len(cards), got, wanted is not None)

