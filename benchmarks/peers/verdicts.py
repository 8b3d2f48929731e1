"""Explain castability disagreements by removing the permanents suspected of causing them.

Each kind of suspect names permanents on seat 0's battlefield and says which engine is wrong.
A disagreement is explained by a kind if, once those permanents are removed from the
board, both engines agree — i.e. the disagreement came from those permanents alone.  Every kind
was checked by hand on a minimal board (see tests/test_peer_regressions.py and
benchmarks/results/peers.md); an unexplained disagreement is reported as such.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass

from benchmarks.peers.cards import phase_faces
from benchmarks.peers.compare import Disagreement, manasolve_castable, phase_castable
from benchmarks.peers.convert import to_phase
from manasolve.models.board import load_board
from manasolve.models.carddb import default_db
from manasolve.solver.resources import collect


@dataclass(frozen=True)
class Suspect:
    """A kind of permanent one engine is known to get wrong, and the verdict for it."""

    name: str
    verdict: str
    matches: Callable[[dict, dict], bool]  # (permanent, board) -> is a suspect


def _phase_mana_costs(card: str) -> set[str]:
    kinds = set()
    for ab in phase_faces().get(card.lower(), {}).get("abilities", []):
        if ab.get("is_mana_ability") and (ab.get("cost") or {}).get("type") == "Composite":
            kinds.update(c.get("type") for c in ab["cost"]["costs"])
    return kinds


def _sacrifices_for_mana(card: str) -> bool:
    """A mana ability of the card (as manasolve reads it) sacrifices something: itself or,
    as a sacrifice outlet (Skirk Prospector), another permanent."""
    return any(ab.cost.sacrifice_self or ab.cost.sacrifice for ab in default_db().get(card).mana_abilities)


def _not_modelled(perm: dict, board: dict) -> bool:
    skipped = collect(load_board(board), board["players"][0]["name"]).skipped
    return any(note.startswith(perm["id"] + ":") for note in skipped)


SUSPECTS = [
    Suspect("sacrifice-cost mana ability (e.g. Dromar's Attendant)",
            "phase bug: its castability check never activates a mana ability whose cost includes a sacrifice; "
            "mana abilities may be activated while paying (CR 601.2g, 605.1a, 605.3a)",
            lambda perm, board: "Sacrifice" in _phase_mana_costs(perm["card"]) or _sacrifices_for_mana(perm["card"])),
    Suspect("tap-a-creature-cost mana ability (e.g. Springleaf Drum)",
            "phase bug: its castability check never activates a mana ability whose cost taps another creature, and "
            "with such a source present its auto-tapper can fail a cost other sources pay (CR 601.2g, 605.1a; "
            "tapping a creature for a cost ignores its summoning sickness, CR 302.6)",
            lambda perm, board: "TapCreatures" in _phase_mana_costs(perm["card"])),
    Suspect("Reflecting Pool beside Exotic Orchard",
            "phase bug: Reflecting Pool does not see what Exotic Orchard could produce (CR 106.7)",
            lambda perm, board: perm["card"] == "Reflecting Pool"),
    Suspect("mana ability manasolve does not model (reported in not_modelled)",
            "manasolve bug: the ability is left out (see not_modelled), so a payable cost is called unpayable",
            _not_modelled),
]


# Hand cards whose mana ability exiles them from the hand (Elvish Spirit Guide), checked by
# replacing them in the hand with a card without abilities.
HAND_SUSPECT = ("mana ability of a card in hand (e.g. Elvish Spirit Guide)",
                "phase bug: its castability check never activates \"Exile this from your hand: Add {G}\", a mana "
                "ability that works from the hand (CR 605.1a, 113.6k) and may be activated while paying (601.2g)")
_PLAIN_CARD = "Dakmor Scorpion"


def _hand_mana(card: str) -> bool:
    return any(ab.cost.exile_self_from_hand for ab in default_db().get(card).mana_abilities)


def _without(board: dict, ids: set[str]) -> dict:
    out = copy.deepcopy(board)
    me = out["players"][0]
    me["battlefield"] = [p for p in me["battlefield"] if p["id"] not in ids]
    return out


def explain(d: Disagreement) -> str | None:
    """The verdict of the first suspect kind that explains castability disagreement ``d``:
    with that kind's permanents removed from the board, both engines agree on the card."""
    if d.card is None:
        return None
    for s in SUSPECTS:
        ids = {p["id"] for p in d.board["players"][0]["battlefield"] if s.matches(p, d.board)}
        if not ids:
            continue
        reduced = _without(d.board, ids)
        me = reduced["players"][0]
        at = me["hand"].index(d.card) if d.zone == "hand" else len(me["hand"]) + me["graveyard"].index(d.card)
        ours = manasolve_castable(load_board(reduced), me["hand"], me["graveyard"])[at]
        pb = to_phase(reduced)
        if ours == phase_castable(pb.game(), pb)[at]:
            return "%s — %s" % (s.name, s.verdict)
    hand = d.board["players"][0]["hand"]
    if any(_hand_mana(c) for c in hand):
        reduced = copy.deepcopy(d.board)
        me = reduced["players"][0]
        me["hand"] = [_PLAIN_CARD if _hand_mana(c) and c != d.card else c for c in hand]
        at = me["hand"].index(d.card) if d.zone == "hand" else len(me["hand"]) + me["graveyard"].index(d.card)
        pb = to_phase(reduced)
        if manasolve_castable(load_board(reduced), me["hand"], me["graveyard"])[at] == phase_castable(pb.game(), pb)[at]:
            return "%s — %s" % HAND_SUSPECT
    return None
