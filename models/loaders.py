"""Card database files → MTGJSON-shaped card dicts indexed by name.

Three shapes are read (design.md, ``--cards PATH``): MTGJSON AtomicCards
(``{"data": {name: [face, ...]}}``), a Scryfall bulk file (a list of card objects with
``oracle_text``, ``mana_cost``, ``type_line``, ``card_faces``), or a plain list of
MTGJSON-shaped cards; each ``.json`` or ``.json.gz``.  Files are streamed with ``ijson``
and only the fields the models use are kept, so memory stays bounded by the kept cards,
not the file.  The result is cached in the folder the caller gives (the front's:
``$MANASOLVE_CACHE_DIR`` or ``~/.cache/manasolve``), keyed by the SHA-256 of the file's
content and the package version (never by its path, size or time stamp, which can stay the same while the content
changes), as a card pool file (`card_pool`: JSON shards in a zip, read lazily): plain data,
never code (a pickle would run whatever anyone who can write that folder put in it),
written to an exclusively created temporary file then renamed, and each member checked
against the digests its meta.json lists (and that meta.json against the key) before use;
any mismatch reads the card file afresh and rewrites the cache.  A card file is read to at
most MAX_CARD_FILE_BYTES (decompressed, for a .gz).
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import zlib
from collections.abc import Callable, Iterator, Mapping
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import IO

import ijson

from manasolve.models.card_pool import CardPool, normalized, write_pool
from manasolve.models.board_schema import check_card
from manasolve.models.bounds import MAX_CARD_FILE_BYTES
from manasolve.models.errors import InputError, shown
from manasolve.models.cards import SPLIT_LAYOUTS, split_type_line, whole_split_card

# Fields of an MTGJSON card face the models read; everything else is dropped on load.
KEPT_FIELDS = (
    "name", "faceName", "manaCost", "type", "types", "subtypes", "supertypes", "text",
    "power", "toughness", "loyalty", "keywords", "layout", "colors", "colorIdentity", "side",
)
# Layouts whose full name ("A // B") sensibly means the front face: the face that is cast
# or put onto the battlefield by default.  A split card's full name means both halves.
_FRONT_FACE_LAYOUTS = {"transform", "modal_dfc", "adventure", "flip", "meld", "reversible_card", "omen", "prepare"}
_CACHE_FORMAT = "manasolve/card-cache@5"  # a card_pool file (JSON shards in a zip)


def load_card_file(path: str | os.PathLike, cache: Path | None = None) -> Mapping[str, dict]:
    """The cards of a card database file, by name (each face also by its face name).

    With a `cache` folder, from the second load of an unchanged file on, the cards come
    from its cache there and are read lazily, a shard at a time (`card_pool.CardPool`), so
    a large file costs little when a board names a few of its cards; without, the file is
    read each time.

    Raises InputError (with ``source=path``) if the file is missing, not JSON, or not one
    of the three accepted shapes."""
    p = Path(path)
    source = str(path)
    try:
        p.stat()
    except OSError as exc:
        raise InputError("", "cannot read card file: %s" % (exc.strerror or exc), source=source) from None
    if not p.is_file():
        raise InputError("", "not a file", source=source)
    try:
        key = _cache_key(p)
    except OSError as exc:
        raise InputError("", "cannot read card file: %s" % (exc.strerror or exc), source=source) from None
    if cache is None:
        return read_card_file(p, source)
    cached_file = _cache_path(key, cache)
    cached = _read_cache(cached_file, key, lambda: _reread(p, source, cached_file, key))
    if cached is not None:
        return cached
    cards = read_card_file(p, source)
    _write_cache(cached_file, cards, key)
    return cards


def _reread(p: Path, source: str, cache: Path, key: str) -> dict[str, dict]:
    """The file read afresh (its cache turned out damaged), and the cache rewritten."""
    cards = read_card_file(p, source)
    _write_cache(cache, cards, key)
    return cards


def cache_cards(path: str | os.PathLike, cards: Mapping[str, dict], cache: Path) -> None:
    """Cache `cards` in the folder `cache` as what the file at `path` holds now (after
    `read_card_file` of its content), so the next `load_card_file` of it is fast."""
    key = _cache_key(Path(path))
    _write_cache(_cache_path(key, cache), cards, key)


def read_card_file(p: Path, source: str) -> dict[str, dict]:
    """The cards of the file `p`, read afresh (no cache); InputError naming `source`."""
    try:
        shape = _detect_shape(p)
        with _open(p) as f:
            if shape == "atomic":
                entries = _atomic_entries(f)
            else:
                entries = _list_entries(f)
            return _indexed(entries)
    except InputError as exc:
        raise InputError(exc.where, exc.message, source=source) from None
    except (ijson.JSONError, ijson.IncompleteJSONError) as exc:
        raise InputError("", "not valid JSON (%s)" % _first_line(exc), source=source) from None
    except (OSError, EOFError, zlib.error, UnicodeDecodeError) as exc:
        raise InputError("", "cannot read card file (%s)" % _first_line(exc), source=source) from None


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0][:200]


class _Bounded(io.RawIOBase):
    """A binary stream that raises InputError once more than MAX_CARD_FILE_BYTES were read
    from it (a .gz that decompresses without end stops there)."""

    def __init__(self, inner: io.BufferedIOBase):
        self._inner, self._read = inner, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        data = self._inner.read(len(buffer))
        self._read += len(data)
        if self._read > MAX_CARD_FILE_BYTES:
            raise InputError("", "more than %d bytes of card data (the bound), decompressed" % MAX_CARD_FILE_BYTES)
        buffer[:len(data)] = data
        return len(data)

    def close(self) -> None:
        self._inner.close()
        super().close()


def _open(p: Path) -> IO[bytes]:
    with open(p, "rb") as raw:
        magic = raw.read(2)
    if magic == b"\x1f\x8b":
        return io.BufferedReader(_Bounded(gzip.open(p, "rb")))
    return io.BufferedReader(_Bounded(open(p, "rb")))


def _detect_shape(p: Path) -> str:
    """``atomic`` for a top-level object, ``list`` for a top-level array."""
    with _open(p) as f:
        head = f.read(4096).lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"{"):
        return "atomic"
    if head.startswith(b"["):
        return "list"
    raise InputError("", "expected MTGJSON AtomicCards ({\"data\": {...}}), a Scryfall bulk list, or a list of MTGJSON cards")


# An entry: (JSON path for errors, face dict in MTGJSON shape, full card name or None).
Entry = tuple[str, dict, str | None]


def _atomic_entries(f: IO[bytes]) -> Iterator[Entry]:
    seen_data = False
    for name, faces in ijson.kvitems(f, "data", use_float=True):
        seen_data = True
        yield from _atomic_card_entries(name, faces)
    if not seen_data:
        raise InputError("data", "missing: an AtomicCards file is {\"data\": {name: [face, ...]}}")


def _atomic_card_entries(name: str, faces: object) -> Iterator[Entry]:
    """The faces of one AtomicCards card (``data[name]``)."""
    where = "data[%r]" % name
    if not isinstance(faces, list) or not all(isinstance(x, dict) for x in faces):
        raise InputError(where, "expected a list of card faces")
    seen_faces: set[str] = set()
    for i, face in enumerate(faces):
        check_card(dict(_kept(face), name=face.get("name", name)), "%s[%d]" % (where, i))
        face_name = face.get("faceName")
        key = face_name or face.get("name") or name
        if key in seen_faces:  # the same face printed with variations: keep the first
            continue
        seen_faces.add(key)
        d = _kept(face)
        d["name"] = face_name or d.get("name") or name
        yield "%s[%d]" % (where, i), d, name if face_name else None


def atomic_cards(data: Mapping[str, list[dict]]) -> dict[str, dict]:
    """The cards of an AtomicCards ``data`` object already in memory, by name, exactly as
    `read_card_file` gives them from such a file (the card pool build uses it)."""
    return _indexed(entry for name, faces in data.items() for entry in _atomic_card_entries(name, faces))


def _list_entries(f: IO[bytes]) -> Iterator[Entry]:
    for i, item in enumerate(ijson.items(f, "item", use_float=True)):
        where = "[%d]" % i
        if not isinstance(item, dict):
            raise InputError(where, "expected a card object")
        if _is_scryfall(item):
            yield from _scryfall_faces(item, where)
        else:
            d = _kept(item)
            if not isinstance(d.get("name"), str) or not d["name"]:
                raise InputError(where + ".name", "missing card name")
            check_card(d, where)
            yield where, d, None


def _kept(face: dict) -> dict:
    return {k: face[k] for k in KEPT_FIELDS if k in face}


def _is_scryfall(item: dict) -> bool:
    return item.get("object") == "card" or any(k in item for k in ("oracle_text", "type_line", "card_faces", "mana_cost"))


def _scryfall_faces(item: dict, where: str) -> Iterator[Entry]:
    name = item.get("name")
    if not isinstance(name, str) or not name:
        raise InputError(where + ".name", "missing card name")
    faces = item.get("card_faces")
    _check_strings(item, where, name)
    layout = item.get("layout") or "normal"
    if not faces:
        d = _from_scryfall(item, layout)
        check_card(d, where)
        yield where, d, None
        return
    if not isinstance(faces, list) or not all(isinstance(x, dict) for x in faces):
        raise InputError(where + ".card_faces", "expected a list of face objects")
    for i, face in enumerate(faces):
        face_where = "%s.card_faces[%d]" % (where, i)
        if not isinstance(face.get("name"), str) or not face["name"]:
            raise InputError(face_where + ".name", "missing face name")
        _check_strings(face, face_where, face["name"])
        # A face inherits what Scryfall only gives on the card (keywords, colours of
        # single-sided split cards).
        merged = {k: v for k, v in item.items() if k in ("keywords", "colors")}
        merged.update(face)
        d = _from_scryfall(merged, layout)
        d["side"] = "abcde"[i] if i < 5 else str(i)
        check_card(d, face_where)
        yield face_where, d, name


# The Scryfall fields read as text before a card is built from them (`_from_scryfall`).
_SCRYFALL_TEXT = ("type_line", "oracle_text", "mana_cost", "layout")


def _check_strings(o: dict, where: str, name: str) -> None:
    """InputError at the first Scryfall text field of `o` that is neither text nor null."""
    for field in _SCRYFALL_TEXT:
        if o.get(field) is not None and not isinstance(o[field], str):
            got = json.dumps(o[field])
            got = got if len(got) <= 40 else "%s… (%d characters)" % (got[:40], len(got))
            raise InputError("%s.%s" % (where, field), "Input should be a valid string (got %s) (card %s)" % (
                got, shown(name, 40)))


def _from_scryfall(o: dict, layout: str) -> dict:
    """One Scryfall card or face object in MTGJSON field names."""
    type_line = o.get("type_line") or ""
    supers, types, subs = split_type_line(type_line)
    d: dict = {
        "name": o["name"],
        "manaCost": o.get("mana_cost") or None,
        "type": type_line,
        "types": list(types),
        "subtypes": list(subs),
        "supertypes": list(supers),
        "text": o.get("oracle_text") or "",
        "layout": layout,
    }
    for src, dst in (("power", "power"), ("toughness", "toughness"), ("loyalty", "loyalty"),
                     ("keywords", "keywords"), ("colors", "colors"), ("color_identity", "colorIdentity")):
        if o.get(src) is not None:
            d[dst] = o[src]
    return d


def _indexed(entries: Iterator[Entry]) -> dict[str, dict]:
    """The entries by name, each said the one way a pool gives it back."""
    return {name: normalized(d) for name, d in _index(entries).items()}


def _index(entries: Iterator[Entry]) -> dict[str, dict]:
    """Exact names first; then the face names of multi-face cards (each face marked
    ``faceOf``, its card's full name), then each multi-face card's full name (front face),
    each only where no card of that name came before: a face named like a card of its
    own (a prepare card's copy of Lightning Bolt) never hides that card.  A full-name
    alias is a copy of the face marked ``aliasOf`` (the name it repeats), so counts can
    skip it; a split card's full name is the whole card made of its own halves
    (`cards.whole_split_card`), even where a half's name is another card's too (Bind,
    Start, Fire)."""
    cards: dict[str, dict] = {}
    faces: dict[str, dict] = {}
    aliases: dict[str, dict] = {}
    halves: dict[str, list[dict]] = {}
    for where, d, full_name in entries:
        name = d["name"]
        if not isinstance(name, str):
            raise InputError(where + ".name", "card name must be a string")
        if full_name and full_name != name:
            faces.setdefault(name, dict(d, faceOf=full_name))
            halves.setdefault(full_name, []).append(d)
            if d.get("side", "a") == "a" and (d.get("layout") or "normal") in _FRONT_FACE_LAYOUTS:
                aliases.setdefault(full_name, dict(d, name=full_name, aliasOf=name))
            continue
        cards.setdefault(name, d)
        if " // " in name and (d.get("layout") or "normal") in _FRONT_FACE_LAYOUTS:
            # A plain-list card named "Front // Back" carries its front face's text.
            front = name.split(" // ")[0]
            aliases.setdefault(front, dict(d, name=front, aliasOf=name))
    for full_name, parts in halves.items():
        if (parts[0].get("layout") in SPLIT_LAYOUTS and len(parts) == len(full_name.split(" // "))
                and len({h.get("layout") for h in parts}) == 1):
            aliases.setdefault(full_name, whole_split_card(full_name, parts))
    for name, d in [*faces.items(), *aliases.items()]:
        cards.setdefault(name, d)
    return cards


def _cache_key(p: Path) -> str:
    """What a cache of the file at `p` is made from: the SHA-256 of its bytes, the cache
    format and the package version (a new version may read cards differently)."""
    digest = hashlib.sha256()
    with open(p, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return "%s|%s|%s" % (digest.hexdigest(), _CACHE_FORMAT, _package_version())


def _package_version() -> str:
    """The installed manasolve's version (its distribution metadata; read by name, as
    models/ imports nothing of the front package)."""
    try:
        return version("manasolve")
    except PackageNotFoundError:  # run from a bare checkout
        return "unknown"


def _cache_path(key: str, cache: Path) -> Path:
    return cache / ("cards-%s.zip" % hashlib.sha256(key.encode()).hexdigest()[:32])


def _valid_cards(cards: object) -> bool:
    """Is `cards` what `read_card_file` returns: names → dicts of kept fields (plus
    ``aliasOf``), each value a string, number, boolean or list of strings?"""
    if not isinstance(cards, dict):
        return False
    allowed = set(KEPT_FIELDS) | {"aliasOf", "faceOf"}
    for name, card in cards.items():
        if not isinstance(card, dict) or not isinstance(card.get("name"), str) or not set(card) <= allowed:
            return False
        for value in card.values():
            if isinstance(value, list):
                if not all(isinstance(v, str) for v in value):
                    return False
            elif value is not None and not isinstance(value, (str, int, float)):
                return False
    return True


def _read_cache(cache: Path, key: str, reread: Callable[[], dict[str, dict]]) -> CardPool | None:
    """The cached cards (read lazily; a damaged shard found later makes them `reread()`),
    or None when the cache is missing, unreadable, or not made from `key` (then the card
    file is read afresh)."""
    if not cache.is_file():
        return None
    pool = CardPool(cache, check=_valid_cards, reload=reread, key=key)
    try:
        pool.meta
    except InputError:
        return None
    return pool


def _write_cache(cache: Path, cards: Mapping[str, dict], key: str) -> None:
    """Best effort: an unwritable cache directory only costs speed.  `write_pool` writes a
    temporary file then renames it, so a reader never sees half a cache."""
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        write_pool(cards, cache, _CACHE_FORMAT, key=key)
    except OSError:
        pass
