"""Non-mana cost parts counted independently of the solver: each part's text, what it does,
how many objects it takes and which (`PARTS`), and the ways to pay a part after a
brute-force mana payment (`brute_count`; 601.2g mana abilities first, then 601.2h)."""

from __future__ import annotations

from math import comb

def _is(types: str):
    return lambda perm: any(t in perm.card.types for t in types.split("|"))


# text -> (what it does, how many (None: any number), which permanents / "graveyard" / "hand")
PARTS = {
    "Tap an untapped creature you control": ("tap", 1, _is("Creature")),
    "Tap two untapped creatures you control": ("tap", 2, _is("Creature")),
    "Tap any number of untapped creatures you control": ("tap", None, _is("Creature")),
    "Tap an untapped white creature you control": ("tap", 1, lambda p: "Creature" in p.card.types and "W" in p.colors),
    "Sacrifice a creature": ("remove", 1, _is("Creature")),
    "Sacrifice an artifact or creature": ("remove", 1, _is("Artifact|Creature")),
    "Return a land you control to its owner's hand": ("remove", 1, _is("Land")),
    "Exile a card from your graveyard": ("exile", 1, "graveyard"),
    "Exile two cards from your graveyard": ("exile", 2, "graveyard"),
    "Collect evidence 4": ("evidence", 4, "graveyard"),
    "Discard a card": ("discard", 1, "hand"),
    "Exile a green card from your hand": ("exile", 1, "green in hand"),
    "Reveal a green card in your hand": ("reveal", 1, "green in hand"),  # Temur Charger's morph cost
    # Bargain (702.166a), Casualty 2 (702.153a), Conspire cast with a red spell (702.78a), Ninjutsu (702.49a)
    "Sacrifice an artifact, enchantment, or token": (
        "remove", 1, lambda p: p.token or "Artifact" in p.card.types or "Enchantment" in p.card.types),
    "Sacrifice a creature with power 2 or greater": ("remove", 1, lambda p: "Creature" in p.card.types and p.power >= 2),
    "Sacrifice a creature with power 1 or greater": ("remove", 1, lambda p: "Creature" in p.card.types and p.power >= 1),
    "Tap two untapped creatures you control that share a color with it": (
        "tap", 2, lambda p: "Creature" in p.card.types and "R" in p.colors),
    "Return an unblocked attacker you control to its owner's hand": (
        "remove", 1, lambda p: "Creature" in p.card.types and p.unblocked),
}


def mana_value(board, name: str) -> int:
    card = board.db.get(name)
    return card.mana_cost.mana_value if card.mana_cost else 0


def brute_count(board, ident, part: str) -> int:
    """Ways to pay `part` after the mana payment `ident` (a brute-force identity)."""
    kind, k, which = PARTS[part]
    _, acts, taps = ident
    me = board.player("a")
    to_outlets = {h.split(":", 1)[1] for a in acts for h in a[3] if h.startswith("sacrificed:")}
    used = {a[0] for a in acts} | {h for a in acts for h in a[3]} | {pid for pid, _ in taps} | to_outlets
    sacrificed = to_outlets | {a[0] for a in acts if a[0] != "pool" and not a[0].startswith("hand[") and any(
        ab.text == a[1] and ab.cost.sacrifice_self for ab in board.get(a[0]).card.intrinsic_mana_abilities())}
    delved = {pid for pid, how in taps if how == "delve"}
    if which in ("hand", "green in hand"):  # less a card exiled for mana (Elvish Spirit Guide)
        avail = [c for c in ("hand[%d]:%s" % (i, n) for i, n in enumerate(me.hand)) if c not in used
                 and (which == "hand" or "G" in board.db.get(c.split(":", 1)[1]).color_set)]
    elif which == "graveyard":
        avail = ["graveyard[%d]:%s" % (i, c) for i, c in enumerate(me.graveyard)]
        avail = [c for c in avail if c not in delved]
    else:
        eligible = [p.id for p in board.controlled_by("a") if which(p) and not (kind == "tap" and p.tapped)]
        avail = [pid for pid in eligible if pid not in (used if kind == "tap" else sacrificed)]
    if kind == "evidence":
        values = [mana_value(board, c.split(":", 1)[1]) for c in avail]
        return sum(1 for mask in range(2 ** len(values))
                   if sum(v for i, v in enumerate(values) if mask >> i & 1) >= k)
    return 2 ** len(avail) if k is None else comb(len(avail), k)
