"""The whole card pool shipped with the package (``manasolve/data/card_pool.zip``), read
lazily: one name looks in one small shard, so naming a card outside the built-in
development set costs milliseconds, not the parse of 35,000 cards.

The file is a zip (stdlib, random access by member) of plain JSON, never code:

- ``meta.json``: ``{"format": FORMAT, "shards": S, "cards": N, "source": ...}``;
- ``names.json``: every name, sorted (for suggestions and for walking the pool);
- ``shard-N.json``: ``{name: card}`` for the names whose CRC-32 modulo S is N.

A card is the MTGJSON-shaped dict the loaders keep (`loaders.KEPT_FIELDS`, aliases marked
``aliasOf``) with empty values left out and ``types``/``subtypes``/``supertypes`` left out
where the type line says the same; reading restores them.

`write_pool` writes one from the cards the loaders read; the shipped pool is built from
its corpus and second faces by ``python -m tools.card_pool`` (README, "The built-in card
pool"), and the loaders cache every card file they read as one.
"""

from __future__ import annotations

import json
import os
import zipfile
import zlib
from collections.abc import Callable, Iterator, Mapping
from importlib import resources
from pathlib import Path

from manasolve.models.cards import split_type_line
from manasolve.models.errors import InputError

FORMAT = "manasolve/card-pool@1"
SHARDS = 128  # ~270 names (~90 KB of JSON) a shard: a name costs a few ms
_TYPE_FIELDS = ("supertypes", "types", "subtypes")  # in split_type_line's order


def shard_of(name: str, shards: int) -> int:
    """The shard holding ``name`` (stable across runs and machines, unlike ``hash``)."""
    return zlib.crc32(name.encode("utf-8")) % shards


def _compact(card: dict) -> dict:
    """``card`` without null values, empty text or keyword lists, the default layout, or
    type lists the type line gives (an empty ``colors`` stays: it says colourless)."""
    derived = dict(zip(_TYPE_FIELDS, split_type_line(card.get("type") or "")))
    out = {}
    for k, v in card.items():
        if v is None or (k == "text" and v == "") or (k == "keywords" and v == []):
            continue
        if k == "layout" and v == "normal":
            continue
        if k in derived and tuple(v) == tuple(derived[k]):
            continue
        out[k] = v
    return out


def _expanded(card: dict) -> dict:
    """The inverse of `_compact` for the type lists (the other fields read as absent)."""
    derived = zip(_TYPE_FIELDS, split_type_line(card.get("type") or ""))
    return {**{k: list(v) for k, v in derived}, **card}


def normalized(card: dict) -> dict:
    """``card`` as a pool gives it back: what the models read of it, said one way."""
    return _expanded(_compact(card))


def write_pool(cards: Mapping[str, dict], out: str | os.PathLike, source: str, shards: int = SHARDS) -> None:
    """Write ``cards`` (name → MTGJSON-shaped dict, as `loaders.load_card_file` returns)
    as a pool file at ``out``; the same input always gives the same bytes."""
    parts: list[dict[str, dict]] = [{} for _ in range(shards)]
    for name in sorted(cards):
        parts[shard_of(name, shards)][name] = _compact(cards[name])
    meta = {"format": FORMAT, "shards": shards, "cards": sum(1 for c in cards.values() if not c.get("aliasOf")),
            "names": len(cards), "source": source}
    tmp = Path("%s.tmp%d" % (out, os.getpid()))  # one per writer: two processes may cache the same file
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        def put(member: str, value: object) -> None:
            info = zipfile.ZipInfo(member, date_time=(1980, 1, 1, 0, 0, 0))  # reproducible bytes
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True))
        put("meta.json", meta)
        put("names.json", sorted(cards))
        for i, part in enumerate(parts):
            put("shard-%d.json" % i, part)
    os.replace(tmp, out)


class CardPool(Mapping):
    """The cards of a pool file by name, each shard read on first use and kept.

    ``check`` judges each shard read (e.g. a cache's shape); a member that is missing, not
    JSON or fails it makes the pool damaged: then every lookup is answered from
    ``reload()`` (the cards read afresh from where the pool came from), or without
    ``reload`` an InputError says so in one line."""

    def __init__(self, path: str | os.PathLike | None = None, check: Callable[[dict], bool] | None = None,
                 reload: Callable[[], Mapping[str, dict]] | None = None):
        self._path = path
        self._check, self._reload = check, reload
        self._zip: zipfile.ZipFile | None = None
        self._meta: dict | None = None
        self._shards: dict[int, dict[str, dict]] = {}
        self._names: list[str] | None = None
        self._fallback: Mapping[str, dict] | None = None

    def _member(self, name: str) -> object:
        """A member's JSON, or None if the member is missing or unreadable."""
        try:
            if self._zip is None:
                if self._path is None:
                    self._zip = zipfile.ZipFile(resources.files("manasolve").joinpath("data/card_pool.zip").open("rb"))
                else:
                    self._zip = zipfile.ZipFile(self._path)
            return json.loads(self._zip.read(name))
        except (OSError, KeyError, ValueError, RecursionError, zipfile.BadZipFile, zlib.error, EOFError):
            return None

    def _damaged(self, what: str) -> Mapping[str, dict]:
        """The cards to answer from when `what` of the file cannot be used."""
        if self._reload is None:
            raise InputError(what, "the card pool file is damaged (reinstall manasolve, or rebuild it)",
                             source=str(self._path or "manasolve/data/card_pool.zip"))
        if self._fallback is None:
            self._fallback = self._reload()
        return self._fallback

    @property
    def meta(self) -> dict:
        """``meta.json``: format, shard count, card count, where the cards came from."""
        if self._meta is None:
            meta = self._member("meta.json")
            if not (isinstance(meta, dict) and meta.get("format") == FORMAT and isinstance(meta.get("shards"), int)
                    and meta["shards"] > 0):
                raise InputError("meta.json", "not a %s card pool" % FORMAT, source=str(self._path or "card_pool.zip"))
            self._meta = meta
        return self._meta

    def _shard(self, name: str) -> Mapping[str, dict]:
        if self._fallback is not None:
            return self._fallback
        i = shard_of(name, self.meta["shards"])
        if i not in self._shards:
            shard = self._member("shard-%d.json" % i)
            if not isinstance(shard, dict) or (self._check is not None and not self._check(shard)):
                return self._damaged("shard-%d.json" % i)
            self._shards[i] = shard
        return self._shards[i]

    def __getitem__(self, name: str) -> dict:
        return _expanded(self._shard(name)[name])

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self._shard(name)

    def names(self) -> list[str]:
        """Every name of the pool (cards, faces and full names of multi-face cards), sorted."""
        if self._fallback is not None:
            return sorted(self._fallback)
        if self._names is None:
            names = self._member("names.json")
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                return sorted(self._damaged("names.json"))
            self._names = names
        return self._names

    def __iter__(self) -> Iterator[str]:
        names = self.names()
        for name in names:
            if name in self:  # its shard read and checked first: a damaged file's list is not trusted
                yield name
        if self._fallback is not None:  # damage found on the way: the names only the fresh read has
            listed = set(names)
            yield from (n for n in self._fallback if n not in listed)

    def __len__(self) -> int:
        return len(self.names())


_POOL: CardPool | None = None


def card_pool() -> CardPool:
    """The pool shipped with the package (one per process; nothing is read until a name is)."""
    global _POOL
    if _POOL is None:
        _POOL = CardPool()
    return _POOL
