"""Where card names are looked up: inline board cards, then the user's card file
(``--cards PATH``, else ``MANASOLVE_CARDS`` or the config file, read by the front:
`manasolve.card_settings`), then the built-in development set, then the whole card pool shipped with the package
(`card_pool`, read lazily)."""

from __future__ import annotations

import difflib
import json
import os
from collections.abc import Mapping
from importlib import resources
from pathlib import Path

from manasolve.models.card_pool import card_pool
from manasolve.models.cards import SPLIT_LAYOUTS, Card, card_from_mtgjson, whole_split_card
from manasolve.models.errors import InputError, shown


class UnknownCard(KeyError):
    """A card name found in no source; `message` says so with the nearest known names
    (looked for only when asked: a search of the whole pool takes a tenth of a second)."""

    def __init__(self, name: str, db: CardDB):
        super().__init__(name)
        self.name = name
        self.db = db

    def message(self, advice: bool = True) -> str:
        return self.db.unknown_message([self.name], advice=advice)


# What an unknown-card error suggests doing (after the names).
_GIVE_TEXT = "give %s text inline under \"cards\", or a card file with --cards PATH or MANASOLVE_CARDS"
_SUGGESTED_NAMES = 2  # unknown names given suggestions in one error (each a search of the pool)


class CardDB:
    """Raw card dicts by name, parsed into `Card` on first use."""

    def __init__(self, layers: list[Mapping[str, dict]] | None = None):
        self.layers: list[Mapping[str, dict]] = layers or []
        self._parsed: dict[str, Card] = {}

    def with_layer_first(self, cards: Mapping[str, dict]) -> CardDB:
        """A new database that looks in ``cards`` before this one."""
        return CardDB([cards] + self.layers)

    def raw(self, name: str) -> dict:
        for i, layer in enumerate(self.layers):
            if name in layer:
                # faces given in a layer looked at first (inline) make the whole card there
                whole = CardDB(self.layers[:i])._whole_card(name) if i and " // " in name else None
                return whole or layer[name]
        whole = self._whole_card(name)
        if whole is not None:
            return whole
        raise UnknownCard(name, self)

    def _whole_card(self, name: str) -> dict | None:
        """A multi-face card named by its full name ("Fire // Ice") when the database holds
        each face by its face name only (inline cards; split cards in MTGJSON and Scryfall
        files): for a split card the halves' combined characteristics (709.4: mana costs,
        colours and types together) with no text of its own (each half is cast with its
        own, 709.3); otherwise its front face, as the loaders alias a full name."""
        parts = name.split(" // ")
        if len(parts) < 2 or not all(p in self for p in parts):
            return None
        halves = [self.raw(p) for p in parts]
        layouts = {h.get("layout") or "normal" for h in halves}
        if len(layouts) > 1 or layouts == {"normal"}:
            return None  # not the faces of one card
        if not layouts <= set(SPLIT_LAYOUTS):
            return dict(halves[0], name=name, aliasOf=parts[0])
        return whole_split_card(name, halves)

    def faces(self, name: str) -> tuple[Card, ...]:
        """The faces of a multi-face card named by its full name ("A // B"), or by the name
        of one of its faces (an alias of the full name, or a face marked ``faceOf`` it), each
        as its own card, in order (the front may be the full-name entry itself); () when the
        card has one face or the database does not hold every face."""
        raw = self.raw(name)
        full = next((n for n in (name, raw.get("aliasOf") or "", raw.get("faceOf") or "") if " // " in n), "")
        out: list[Card] = []
        for i, part in enumerate(full.split(" // ") if full else []):
            if part in self:
                out.append(self.get(part))
            elif i == 0 and full in self and self.raw(full).get("layout") not in SPLIT_LAYOUTS:
                out.append(self.get(full))  # "A // B" given with its front face's text
            else:
                return ()
        return tuple(out)

    def get(self, name: str) -> Card:
        """The parsed card named ``name``; UnknownCard if no source has it."""
        card = self._parsed.get(name)
        if card is None:
            card = card_from_mtgjson(self.raw(name))
            self._parsed[name] = card
        return card

    def back_face(self, name: str) -> Card | None:
        """The back face of a modal double-faced card named by its full name ("A // B")
        or its front face's name, when the database holds that face; None otherwise."""
        if self.get(name).layout != "modal_dfc":
            return None
        faces = self.faces(name)
        return faces[1] if len(faces) > 1 and faces[1].name != name else None

    def __contains__(self, name: str) -> bool:
        """Whether some source holds the card, or every face of a card named "A // B"."""
        return any(name in layer for layer in self.layers) or (" // " in name and self._whole_card(name) is not None)

    def names(self) -> list[str]:
        seen: dict[str, None] = {}
        for layer in self.layers:
            seen.update(dict.fromkeys(layer))
        return list(seen)

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """The nearest known names (case-insensitive)."""
        names = self.names()
        lower = {k.lower(): k for k in names}
        key = name.lower()
        # A ratio of 0.75 or more (below that the suggestions are noise) needs lengths within
        # 0.6 and 1/0.6 of each other (ratio <= 2 min / sum): filter before difflib's loop.
        near = [k for k in lower if 0.6 * len(key) <= len(k) <= len(key) / 0.6]
        hits = difflib.get_close_matches(key, near, n=n, cutoff=0.75)
        return [lower[h] for h in hits]

    def unknown_message(self, unknown: list[str], limit: int = 240, advice: bool = True) -> str:
        """One error message for the card names `unknown` (distinct, in order): every
        name that fits in about `limit` characters (names first: "and N more" only past
        that), the first few with the nearest known names where they still fit, then
        (with `advice`: not for an API parameter, whose errors name no CLI flag) how to
        give the cards."""
        head = "unknown card " if len(unknown) == 1 else "unknown cards "
        tail = "; " + _GIVE_TEXT % ("its" if len(unknown) == 1 else "their") if advice else ""

        def line(parts: list[str]) -> str:
            more = len(unknown) - len(parts)
            return head + ", ".join(parts) + (" and %d more" % more if more else "") + tail

        parts: list[str] = []
        for name in unknown:
            if parts and len(line(parts + [shown(name)])) > limit:
                break
            parts.append(shown(name))
        for i, name in enumerate(unknown[:min(_SUGGESTED_NAMES, len(parts))]):
            hits = self.suggest(name) if len(name) <= 100 else []
            if hits:
                hinted = parts[i] + " (did you mean %s?)" % " or ".join(repr(h) for h in hits)
                if len(line(parts[:i] + [hinted] + parts[i + 1:])) <= limit:
                    parts[i] = hinted
        return line(parts)


def by_name(cards: list[dict]) -> dict[str, dict]:
    """Index MTGJSON-shaped dicts by ``name``."""
    return {c["name"]: c for c in cards}


_BUILTIN: dict[str, dict] | None = None


def builtin_cards() -> dict[str, dict]:
    """The built-in card set (package data), indexed by name."""
    global _BUILTIN
    if _BUILTIN is None:
        data = resources.files("manasolve").joinpath("data/builtin_cards.json").read_text(encoding="utf-8")
        _BUILTIN = by_name(json.loads(data))
    return _BUILTIN


# The default databases built in this process: a database keeps the cards it parsed, so
# every question asked with the same card setting finds them parsed.  Keyed by the card
# file (its path, size and modification time; () for none), the latest card file's only.
_DEFAULT: dict[tuple, CardDB] = {}


def default_db(cards: str | os.PathLike | None = None, set_by: str | None = None,
               cache: Path | None = None) -> CardDB:
    """The built-in development set then the whole shipped pool, with the card file
    ``cards`` in front if given: the same database for the same card file (while it is
    unchanged) for the life of the process.  InputError for a file that cannot be read,
    saying what named it (``set_by``: an environment variable, a config file); ``cache``:
    the folder card files are cached in (`loaders.load_card_file`).  Which file the user
    set, and where the cache is, are the front's to read (`manasolve.card_settings`)."""
    key = _file_key(cards) if cards else ()
    db = _DEFAULT.get(key) if key is not None else None
    if db is None:
        user = [_user_cards(cards, set_by, cache)] if cards else []
        db = CardDB(user + [builtin_cards(), card_pool()])
        if key is not None:
            if key:  # another card file: the database of the one before goes
                for old in [k for k in _DEFAULT if k]:
                    del _DEFAULT[old]
            _DEFAULT[key] = db
    return db


def _file_key(path: str | os.PathLike) -> tuple | None:
    """What a card file is known by while unchanged; None if it cannot be looked at."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (os.fspath(path), st.st_size, st.st_mtime_ns)


def _user_cards(cards: str | os.PathLike, set_by: str | None, cache: Path | None) -> Mapping[str, dict]:
    """The cards of the file ``cards``; InputError for a file that cannot be read, saying
    which setting named it (`set_by`)."""
    from manasolve.models.loaders import load_card_file  # when a card file is read: keeps start-up light

    try:
        return load_card_file(cards, cache)
    except InputError as exc:
        if set_by is None:
            raise
        raise InputError(exc.where, "%s (card file set by %s)" % (exc.message, set_by), exc.source) from None
