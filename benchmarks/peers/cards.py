"""Card data for the phase engine, built from the MTGJSON-shaped development card list.

phase's ``build_oracle_face`` wants a few MTGJSON fields the development list lacks
(``colors``, ``manaValue``, ``identifiers``) and lists instead of ``null`` for keywords and
type parts; `phase_face_input` adds them.  Only single-faced layouts are built.
`EXTRA_CARDS` are a few real cards the development list lacks (protection, 702.16); boards
that use them give them inline (``cards``) and phase gets their faces too.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

CARDS_DEV = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "cards-dev.json"
SINGLE_FACED = ("normal", "saga", "class", "leveler")
_SYMBOL = re.compile(r"\{([^}]*)\}")
EXTRA_CARDS = [
    {"name": "White Knight", "manaCost": "{W}{W}", "type": "Creature — Human Knight", "types": ["Creature"],
     "subtypes": ["Human", "Knight"], "supertypes": [], "keywords": ["First strike", "Protection"],
     "text": "First strike\nProtection from black", "power": "2", "toughness": "2", "layout": "normal"},
    {"name": "Black Knight", "manaCost": "{B}{B}", "type": "Creature — Human Knight", "types": ["Creature"],
     "subtypes": ["Human", "Knight"], "supertypes": [], "keywords": ["First strike", "Protection"],
     "text": "First strike\nProtection from white", "power": "2", "toughness": "2", "layout": "normal"},
    {"name": "Tel-Jilad Chosen", "manaCost": "{1}{G}", "type": "Creature — Human Warrior", "types": ["Creature"],
     "subtypes": ["Human", "Warrior"], "supertypes": [], "keywords": ["Protection"],
     "text": "Protection from artifacts", "power": "2", "toughness": "1", "layout": "normal"},
    {"name": "Progenitus", "manaCost": "{W}{W}{U}{U}{B}{B}{R}{R}{G}{G}", "type": "Legendary Creature — Hydra Avatar",
     "types": ["Creature"], "subtypes": ["Hydra", "Avatar"], "supertypes": ["Legendary"], "keywords": ["Protection"],
     "text": "Protection from everything\nIf Progenitus would be put into a graveyard from anywhere, shuffle it into "
             "its owner's library instead.", "power": "10", "toughness": "10", "layout": "normal"},
]
_FLASHBACK = re.compile(r"^Flashback ((?:\{[^}]+\})+)(?: \(|$)", re.M)


def cards_path() -> Path:
    """The development card list (``shared/data/cards-dev.json``)."""
    return CARDS_DEV


@lru_cache(maxsize=1)
def dev_cards() -> dict[str, dict]:
    """The development card list by name (MTGJSON card shape)."""
    with open(cards_path(), encoding="utf-8") as fh:
        return {c["name"]: c for c in json.load(fh)}


def symbols(cost: str) -> list[str]:
    """The symbols of a mana cost, without braces: ``{2}{U}`` -> ``["2", "U"]``."""
    return _SYMBOL.findall(cost)


def _mana_value(cost: str) -> float:
    total = 0
    for sym in symbols(cost):
        if sym.isdigit():
            total += int(sym)
        elif sym not in ("X", "Y", "Z"):
            total += 1  # coloured, hybrid, Phyrexian and {C} symbols count one each (202.3)
    return float(total)


def phase_face_input(card: dict) -> dict:
    """``card`` with the fields phase's oracle builder requires filled in."""
    out = dict(card)
    for key in ("keywords", "subtypes", "supertypes", "types"):
        if out.get(key) is None:
            out[key] = []
    cost = out.get("manaCost") or ""
    out["colors"] = [c for c in "WUBRG" if any(c in s for s in symbols(cost))]
    out.setdefault("colorIdentity", out["colors"])
    out["manaValue"] = _mana_value(cost)
    out["identifiers"] = {}
    return out


def flashback_cost(card: dict) -> str | None:
    """The card's flashback cost if it is mana only (e.g. ``{2}{U}``), else None."""
    m = _FLASHBACK.search(card.get("text") or "")
    return m.group(1) if m else None


def unimplemented(face: dict) -> bool:
    """Whether phase's parse of a face left some part ``Unimplemented``."""
    return '"Unimplemented"' in json.dumps(face)


@lru_cache(maxsize=1)
def phase_faces() -> dict[str, dict]:
    """phase ``CardFace`` dicts for every single-faced card of the list and `EXTRA_CARDS`, by lower-cased name."""
    import phase

    faces = {}
    for name, card in list(dev_cards().items()) + [(c["name"], c) for c in EXTRA_CARDS]:
        if card.get("layout") in SINGLE_FACED:
            faces[name.lower()] = phase.build_oracle_face(phase_face_input(card), None)
    return faces


@lru_cache(maxsize=1)
def engine():
    """A phase ``Engine`` loaded with `phase_faces`."""
    import phase

    return phase.Engine.from_json(json.dumps(phase_faces()))
