"""The whole card pool shipped with the package (``manasolve/data/card_pool.zip``), read
lazily: one name looks in one small shard, so naming a card outside the built-in
development set costs milliseconds, not the parse of 35,000 cards.

The file is a zip (stdlib, random access by member) of plain JSON, never code:

- ``meta.json``: ``{"format": FORMAT, "shards": S, "cards": N, "source": ..., "members":
  {member: SHA-256 of its bytes}, "key": ...}`` (``key``: what a cache was made from, the
  digest of its source file and the package version; see `loaders`);
- ``names.json``: every name, sorted (for suggestions and for walking the pool);
- ``shard-N.json``: ``{name: card}`` for the names whose CRC-32 modulo S is N.

Each member is checked before use: its size (at most MAX_MEMBER bytes, read before it is
decompressed, and no more than that decompressed) and its SHA-256 against ``members``; a
pool file whose ``shards`` disagrees with its members, or a cache whose ``key`` is not the
one expected, is not used.

A card is the MTGJSON-shaped dict the loaders keep (`loaders.KEPT_FIELDS`, aliases marked
``aliasOf``) with empty values left out and ``types``/``subtypes``/``supertypes`` left out
where the type line says the same; reading restores them.

`write_pool` writes one from the cards the loaders read; the shipped pool is built from
its corpus and second faces by ``python -m tools.card_pool`` (README, "The built-in card
pool"), and the loaders cache every card file they read as one.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import zipfile
import zlib
from collections.abc import Callable, Iterator, Mapping
from importlib import resources
from pathlib import Path

from manasolve.models.cards import split_type_line
from manasolve.models.errors import InputError

FORMAT = "manasolve/card-pool@1"
# The largest member read (decompressed): the shipped pool's largest is names.json, ~0.7 MB;
# a pool of every Scryfall printing stays under 10 MB a member.  A zip bomb stops here.
MAX_MEMBER = 64 * 1024 * 1024
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


def _json_bytes(value: object) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8")


def write_pool(cards: Mapping[str, dict], out: str | os.PathLike, source: str, shards: int = SHARDS,
               key: str | None = None) -> None:
    """Write ``cards`` (name → MTGJSON-shaped dict, as `loaders.load_card_file` returns)
    as a pool file at ``out`` (`key`: what a cache was made from, recorded in meta.json);
    the same input always gives the same bytes.  The file is written to a new temporary
    file in the same folder (created exclusively: a planted file or link there is never
    written through) and renamed over ``out``; on failure the temporary file is removed."""
    parts: list[dict[str, dict]] = [{} for _ in range(shards)]
    for name in sorted(cards):
        parts[shard_of(name, shards)][name] = _compact(cards[name])
    members = {"names.json": _json_bytes(sorted(cards))}
    members.update(("shard-%d.json" % i, _json_bytes(part)) for i, part in enumerate(parts))
    meta = {"format": FORMAT, "shards": shards, "cards": sum(1 for c in cards.values() if not c.get("aliasOf")),
            "names": len(cards), "source": source,
            "members": {m: hashlib.sha256(data).hexdigest() for m, data in members.items()}}
    if key is not None:
        meta["key"] = key
    out = Path(out)
    fd, tmp = tempfile.mkstemp(prefix=out.name + ".", suffix=".tmp", dir=out.parent)  # O_EXCL, mode 0600
    try:
        with os.fdopen(fd, "wb") as raw, zipfile.ZipFile(raw, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
            for member, data in [("meta.json", _json_bytes(meta))] + list(members.items()):
                info = zipfile.ZipInfo(member, date_time=(1980, 1, 1, 0, 0, 0))  # reproducible bytes
                info.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(info, data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, out)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class CardPool(Mapping):
    """The cards of a pool file by name, each shard read on first use and kept.

    ``check`` judges each shard read (e.g. a cache's shape); a member that is missing, not
    JSON or fails it makes the pool damaged: then every lookup is answered from
    ``reload()`` (the cards read afresh from where the pool came from), or without
    ``reload`` an InputError says so in one line."""

    def __init__(self, path: str | os.PathLike | None = None, check: Callable[[dict], bool] | None = None,
                 reload: Callable[[], Mapping[str, dict]] | None = None, key: str | None = None):
        """`key`: the ``key`` meta.json must have (a cache's source digest and version);
        with it every member must also have its digest listed."""
        self._path = path
        self._check, self._reload, self._key = check, reload, key
        self._zip: zipfile.ZipFile | None = None
        self._meta: dict | None = None
        self._shards: dict[int, dict[str, dict]] = {}
        self._names: list[str] | None = None
        self._fallback: Mapping[str, dict] | None = None

    def _member(self, name: str) -> object:
        """A member's JSON, or None if the member is missing, unreadable, over MAX_MEMBER
        bytes or not the bytes meta.json lists for it."""
        try:
            if self._zip is None:
                if self._path is None:
                    self._zip = zipfile.ZipFile(resources.files("manasolve").joinpath("data/card_pool.zip").open("rb"))
                else:
                    self._zip = zipfile.ZipFile(self._path)
            if self._zip.getinfo(name).file_size > MAX_MEMBER:
                return None
            with self._zip.open(name) as f:
                data = f.read(MAX_MEMBER + 1)  # the size said above may lie: no more is decompressed
            if len(data) > MAX_MEMBER:
                return None
            if name != "meta.json":
                digests = self.meta.get("members")
                if (digests is not None or self._key is not None) and (
                        not isinstance(digests, dict) or digests.get(name) != hashlib.sha256(data).hexdigest()):
                    return None
            return json.loads(data)
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
                    and meta["shards"] > 0 and _members_agree(meta) and (self._key is None or meta.get("key") == self._key)):
                raise InputError("meta.json", "not a %s card pool%s" % (FORMAT, "" if self._key is None else
                                                                        " made from this card file"),
                                 source=str(self._path or "card_pool.zip"))
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


def _members_agree(meta: dict) -> bool:
    """Does meta.json's list of member digests (if any) name exactly its shards and names?"""
    members = meta.get("members")
    if members is None:
        return True
    want = {"names.json"} | {"shard-%d.json" % i for i in range(meta["shards"])}
    return isinstance(members, dict) and set(members) == want and all(isinstance(v, str) for v in members.values())


_POOL: CardPool | None = None


def card_pool() -> CardPool:
    """The pool shipped with the package (one per process; nothing is read until a name is)."""
    global _POOL
    if _POOL is None:
        _POOL = CardPool()
    return _POOL
