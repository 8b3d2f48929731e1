"""Random boards in manasolve's board format (``manasolve/board@1``) for the peer comparison.

Hand cards are drawn from the development cards whose castability is decided by paying
their printed mana cost alone: no targets, no cost modifiers or alternative costs, no
{X}, and a phase parse with no ``Unimplemented`` part.  Graveyards hold flashback cards
whose flashback cost is mana only.  Mana sources are the basics, duals, painlands,
filter lands, any-colour lands and mana creatures/rocks of ``SOURCES``.
"""

from __future__ import annotations

import random
import re
from functools import lru_cache

from benchmarks.peers.cards import dev_cards, flashback_cost, phase_faces, unimplemented

BASICS = ["Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"]
DUALS = ["Tundra", "Underground Sea", "Badlands", "Taiga", "Savannah", "Scrubland", "Volcanic Island",
         "Bayou", "Plateau", "Tropical Island"]
SOURCES = DUALS + [
    "Reflecting Pool", "Exotic Orchard", "City of Brass", "Ancient Tomb", "Command Tower", "Mana Confluence",
    "Adarkar Wastes", "Battlefield Forge", "Caves of Koilos", "Brushland", "Karplusan Forest", "Llanowar Wastes",
    "Shivan Reef", "Sulfurous Springs", "Underground River", "Yavimaya Coast", "Arcane Sanctum", "Jungle Shrine",
    "Seaside Citadel", "Savage Lands", "Crumbling Necropolis", "Azorius Guildgate", "Golgari Guildgate",
    "Mystic Gate", "Graven Cairns", "Fire-Lit Thicket", "Wooded Bastion", "Fetid Heath", "Sunken Ruins",
    "Twilight Mire", "Flooded Grove", "Gaea's Cradle", "Birds of Paradise", "Llanowar Elves", "Elvish Mystic",
    "Sol Ring", "Fellwar Stone", "Grim Monolith", "Mana Vault", "Chromatic Lantern", "Azorius Signet",
    "Golgari Signet", "Izzet Signet", "Rakdos Signet", "Springleaf Drum",
]
_EXCLUDED = re.compile(
    r"target|costs? \{|less to cast|more to cast|additional cost|convoke|affinity|improvise|delve|emerge|"
    r"can't be cast|cast this spell only|spectacle|surge|evoke|offspring|kicker|buyback|entwine|casualty|"
    r"bargain|madness|miracle|prowl|\bdash\b|blitz|overload|cleave|ninjutsu|bestow|\bflash\b|split second|"
    r"foretell|plot|escape|suspend|harmonize|rather than pay", re.I)


_STATIC = re.compile(r"spell|cost|power|gets? [+-]|creatures you control|crew|saddle|mana|flash|\bcast", re.I)


def _plain_cost(card: dict) -> bool:
    face = phase_faces().get(card["name"].lower())
    cost = card.get("manaCost") or ""
    return (face is not None and not unimplemented(face) and "Land" not in (card.get("types") or [])
            and bool(cost) and "X" not in cost and not _EXCLUDED.search(card.get("text") or "")
            and "Aura" not in (card.get("subtypes") or []))


@lru_cache(maxsize=1)
def hand_pool() -> list[str]:
    """Cards whose castability from hand is decided by their printed mana cost alone."""
    return sorted(n for n, c in dev_cards().items() if _plain_cost(c))


@lru_cache(maxsize=1)
def flashback_pool() -> list[tuple[str, str]]:
    """(card, mana-only flashback cost) for flashback cards with no targets or cost modifiers."""
    return sorted((n, flashback_cost(c)) for n, c in dev_cards().items() if _plain_cost(c) and flashback_cost(c))


@lru_cache(maxsize=1)
def keyword_pool(keyword: str) -> list[str]:
    """Single-faced cards with Saddle or Crew (``keyword``) that phase parses fully."""
    faces = phase_faces()
    return sorted(n for n, c in dev_cards().items() if keyword in (c.get("keywords") or [])
                  and n.lower() in faces and not unimplemented(faces[n.lower()]))


@lru_cache(maxsize=1)
def creature_pool() -> list[str]:
    """Creatures with a fixed power (0..6) and no text touching costs, power or mana."""
    out = []
    for n, c in dev_cards().items():
        face = phase_faces().get(n.lower())
        if (face is not None and "Creature" in (c.get("types") or []) and (c.get("power") or "").isdigit()
                and int(c["power"]) <= 6 and not _STATIC.search(c.get("text") or "")):
            out.append(n)
    return sorted(out)


def random_board(rng: random.Random, sources: int, creatures: int, hand: int = 7, flashback: int = 2,
                 mounts: int = 1, vehicles: int = 1, opponent_lands: int = 2) -> dict:
    """One random board@1 dict: seat 0 (``me``) is active in its precombat main phase."""
    field: list[dict] = []

    def add(card: str, tapped_p: float, sick_p: float, counters_p: float = 0.0) -> None:
        perm: dict = {"id": "p%d" % len(field), "card": card}
        if rng.random() < tapped_p:
            perm["tapped"] = True
        if rng.random() < sick_p:
            perm["sick"] = True
        if rng.random() < counters_p:
            perm["counters"] = {"+1/+1": rng.randint(1, 3)}
        field.append(perm)

    for _ in range(sources):
        add(rng.choice(BASICS if rng.random() < 0.5 else SOURCES), 0.2, 0.2)
    for _ in range(creatures):
        add(rng.choice(creature_pool()), 0.2, 0.3, 0.2)
    for _ in range(mounts):
        add(rng.choice(keyword_pool("Saddle")), 0.2, 0.3)
    for _ in range(vehicles):
        add(rng.choice(keyword_pool("Crew")), 0.2, 0.0)
    me = {"name": "me", "life": rng.choice([1, 2, 3, 5, 20]), "battlefield": field,
          "hand": rng.sample(hand_pool(), hand),
          "graveyard": [n for n, _ in rng.sample(flashback_pool(), min(flashback, len(flashback_pool())))]}
    opp = {"name": "opp", "battlefield": [{"id": "o%d" % i, "card": rng.choice(BASICS[:5] + DUALS)}
                                           for i in range(opponent_lands)]}
    return {"format": "manasolve/board@1", "active_player": "me", "step": "precombat_main",
            "players": [me, opp]}


def timing_board(rng: random.Random, lands: int) -> dict:
    """A board for timing: ``lands`` lands, 20 creatures (mana elves, a Mount, a Vehicle),
    a 7-card hand and two flashback cards in the graveyard."""
    board = random_board(rng, 0, 16, hand=7, flashback=2, mounts=1, vehicles=1, opponent_lands=2)
    field = board["players"][0]["battlefield"]
    lands_ = [rng.choice(BASICS[:5] + DUALS + SOURCES[:16]) for _ in range(lands)]
    elves = ["Llanowar Elves", "Elvish Mystic"]
    extra = [{"id": "l%d" % i, "card": c} for i, c in enumerate(lands_)]
    extra += [{"id": "e%d" % i, "card": elves[i % 2]} for i in range(2)]
    board["players"][0]["battlefield"] = extra + field
    for perm in field:
        perm.pop("tapped", None)
    return board
