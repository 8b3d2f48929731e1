"""Where card names are looked up: inline board cards, then ``--cards PATH``, then the
built-in card set shipped with the package (real oracle texts)."""

from __future__ import annotations

import difflib
import json
from importlib import resources

from manasolve.models.cards import Card, card_from_mtgjson


class UnknownCard(KeyError):
    """A card name found in no source; carries the nearest known names."""

    def __init__(self, name: str, suggestions: list[str]):
        super().__init__(name)
        self.name = name
        self.suggestions = suggestions


class CardDB:
    """Raw card dicts by name, parsed into `Card` on first use."""

    def __init__(self, layers: list[dict[str, dict]] | None = None):
        self.layers: list[dict[str, dict]] = layers or []
        self._parsed: dict[str, Card] = {}

    def with_layer_first(self, cards: dict[str, dict]) -> CardDB:
        """A new database that looks in ``cards`` before this one."""
        return CardDB([cards] + self.layers)

    def raw(self, name: str) -> dict:
        for layer in self.layers:
            if name in layer:
                return layer[name]
        raise UnknownCard(name, self.suggest(name))

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
        card = self.get(name)
        if card.layout != "modal_dfc":
            return None
        full = next((n for n in (name, self.raw(name).get("aliasOf") or "") if " // " in n), "")
        back = full.split(" // ")[1] if full else None
        return self.get(back) if back and back != name and back in self else None

    def __contains__(self, name: str) -> bool:
        return any(name in layer for layer in self.layers)

    def names(self) -> list[str]:
        seen: dict[str, None] = {}
        for layer in self.layers:
            seen.update(dict.fromkeys(layer))
        return list(seen)

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """The nearest known names (case-insensitive)."""
        names = self.names()
        lower = {k.lower(): k for k in names}
        hits = difflib.get_close_matches(name.lower(), list(lower), n=n, cutoff=0.75)  # below 0.75 the suggestions are noise
        return [lower[h] for h in hits]


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


def default_db() -> CardDB:
    """A database holding only the built-in card set."""
    return CardDB([builtin_cards()])
