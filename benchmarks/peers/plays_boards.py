"""Random boards for the land-play and targeted-spell differential (``python -m benchmarks.peers.plays``).

Each board varies what decides whether a land play or a targeted spell is legal now:
lands in hand and ``lands_played_this_turn`` (305.2), the step (main phase or not) and the
stack (305.3, 307.1, 117.1a), and targets (601.2c): creatures on both battlefields (some
with hexproof, shroud or protection: 702.11, 702.18, 702.16), creature cards in graveyards,
spells on the stack, players.  Mana comes from basics and duals only, so that payability
is never in question beyond its cost (the mana differential is ``python -m benchmarks.peers``).
"""

from __future__ import annotations

import random
import re
from functools import lru_cache

from benchmarks.peers.boards import BASICS, DUALS, creature_pool
from benchmarks.peers.cards import EXTRA_CARDS, dev_cards, phase_faces, symbols, unimplemented

# Steps where the active player gets priority (no untap, no cleanup: 502.4, 514.3).
OTHER_STEPS = ["upkeep", "draw", "beginning_of_combat", "end_of_combat", "end"]
_TARGET = re.compile(r"\btarget\b|^Enchant ", re.I | re.M)
# Hexproof, shroud and protection creatures (the protection ones are EXTRA_CARDS, given inline).
WARDED = ["Conifer Strider", "Scaled Behemoth", "Deft Duelist", "Kalonian Behemoth", "Hulking Raptor"] + [
    c["name"] for c in EXTRA_CARDS if "Creature" in c["types"]]


def _parsed(name: str) -> bool:
    face = phase_faces().get(name.lower())
    return face is not None and not unimplemented(face)


@lru_cache(maxsize=1)
def targeted_pool() -> list[str]:
    """Instants, sorceries and Auras with a target (or Enchant) that phase parses fully."""
    return sorted(n for n, c in dev_cards().items() if _parsed(n) and _TARGET.search(c.get("text") or "")
                  and ({"Instant", "Sorcery"} & set(c["types"]) or "Aura" in (c.get("subtypes") or [])))


@lru_cache(maxsize=1)
def stack_pool() -> list[str]:
    """Spells that can be put on the stack without choices: instants without targets whose
    cost is plain coloured/generic symbols (paid from mana added to the pool)."""
    return sorted(n for n, c in dev_cards().items() if _parsed(n) and "Instant" in c["types"]
                  and not _TARGET.search(c.get("text") or "") and c.get("manaCost")
                  and all(s.isdigit() or s in "WUBRGC" for s in symbols(c["manaCost"]))
                  and "additional cost" not in (c.get("text") or ""))


@lru_cache(maxsize=1)
def spell_targeting_pool() -> list[str]:
    """Cards of `targeted_pool` that target a spell ("counter target spell")."""
    return [n for n in targeted_pool() if re.search(r"\btarget (?:[a-z]+ )?spell\b", dev_cards()[n].get("text") or "")]


@lru_cache(maxsize=1)
def plain_creatures() -> list[str]:
    """Creatures of `creature_pool` without mana abilities (mana is the other differential's question)."""
    from manasolve.models.carddb import default_db

    return [n for n in creature_pool() if not default_db().get(n).mana_abilities]


def _creature_spells() -> list[str]:
    return [n for n in plain_creatures() if all(s.isdigit() or s in "WUBRGC" for s in symbols(dev_cards()[n].get("manaCost") or "x"))]


def plays_board(rng: random.Random) -> dict:
    """One random board@1 dict for the plays differential; seat 0 (``me``) is active."""
    counter = iter(range(10**6))

    def perm(card: str, tapped_p: float = 0.0, sick_p: float = 0.0, prefix: str = "p") -> dict:
        out: dict = {"id": "%s%d" % (prefix, next(counter)), "card": card}
        if rng.random() < tapped_p:
            out["tapped"] = True
        if rng.random() < sick_p:
            out["sick"] = True
        return out

    def creatures(n: int, prefix: str) -> list[dict]:
        return [perm(rng.choice(WARDED) if rng.random() < 0.35 else rng.choice(plain_creatures()), 0.2, 0.2, prefix)
                for _ in range(n)]

    mana = [perm(rng.choice(BASICS[:5] if rng.random() < 0.7 else DUALS), 0.2) for _ in range(rng.randint(3, 7))]
    hand = rng.sample(targeted_pool(), rng.randint(2, 5))
    hand += [rng.choice(BASICS[:5] + DUALS) for _ in range(rng.choice([0, 1, 1, 2]))]
    if rng.random() < 0.3:
        hand.append(rng.choice(stack_pool()))
    rng.shuffle(hand)
    graveyard = rng.sample(creature_pool(), rng.choice([0, 0, 1, 2]))
    if rng.random() < 0.3:
        graveyard.append("Unburial Rites")  # flashback with a graveyard target (601.2a: not itself)
    me = {"name": "me", "life": 20, "battlefield": mana + creatures(rng.choice([0, 1, 2]), "c"), "hand": hand,
          "graveyard": graveyard, "lands_played_this_turn": rng.choice([0, 0, 1])}
    opp = {"name": "opp", "battlefield": [perm(rng.choice(BASICS[:5]), prefix="o") for _ in range(2)]
           + creatures(rng.choice([0, 1, 1, 2]), "oc"),
           "graveyard": rng.sample(creature_pool(), rng.choice([0, 1]))}
    main = rng.random() < 0.6
    step = rng.choice(["precombat_main", "precombat_main", "postcombat_main"]) if main else rng.choice(OTHER_STEPS)
    board: dict = {"format": "manasolve/board@1", "active_player": "me", "step": step, "players": [me, opp]}
    if rng.random() < 0.35:
        # the bottom spell is seat 0's (it holds priority first); in a main phase it may be a creature spell
        bottom = rng.choice(_creature_spells()) if main and rng.random() < 0.5 else rng.choice(stack_pool())
        stack = [{"kind": "spell", "controller": "me", "card": bottom}]
        if rng.random() < 0.5:
            stack.append({"kind": "spell", "controller": rng.choice(["me", "opp"]), "card": rng.choice(stack_pool())})
        board["stack"] = stack
        if rng.random() < 0.6:
            hand.append(rng.choice(spell_targeting_pool()))
    used = {p["card"] for pl in (me, opp) for p in pl["battlefield"]}
    inline = [c for c in EXTRA_CARDS if c["name"] in used]
    if inline:
        board["cards"] = inline
    return board
