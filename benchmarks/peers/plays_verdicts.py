"""Verdicts for the plays differential: for each disagreement, which engine is wrong and by
which rule.  Each kind was first found and checked by hand on the boards of
``benchmarks/results/peers_plays.md``; the checks here recognise it again, and where they
can, confirm it by changing the board (one land added) and asking phase again.
"""

from __future__ import annotations

import copy

from benchmarks.peers.plays import PlayQuestion

UNEXPLAINED = "UNEXPLAINED — not yet investigated"
NOT_CHECKED = ("not comparable — manasolve lists the play with `targets: \"not checked\"` (a target phrase it does "
               "not read); it makes no claim that a legal target exists (601.2c is left to the caller)")
NO_TARGET = ("phase wrong (601.2c, 115.1; 702.16b, 702.11b, 702.18a) — phase lists a cast whose required target has no "
             "legal choice: no permanent of that kind, or only ones with protection from the spell's colour, "
             "shroud or an opponent's hexproof")
TWO_GENERIC_HYBRID = ("phase wrong (107.4e, 601.2g) — a monocoloured hybrid symbol {2/W} may be paid with two generic "
                      "mana; phase only pays it with the colour (it lists the spell once a basic land of that colour "
                      "is added)")
BASIC_OF = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}


def _manasolve_reason(q: PlayQuestion) -> tuple[bool, bool]:
    """(payable by its cost alone, has a legal choice for every required target) per manasolve."""
    from manasolve.models.board import load_board
    from manasolve.solver.payable import payable
    from manasolve.solver.targets import Casting, check_targets

    board = load_board(q.board)
    card = board.db.get(q.card)
    legal, _ = check_targets(board, card.targeting, Casting("me", from_graveyard=q.card if q.zone == "graveyard" else None,
                                                          card=card))
    return payable(board, card.mana_cost), legal


def _phase_lists_with(board: dict, card: str, extra_lands: list[str]) -> bool:
    from benchmarks.peers.convert import to_phase

    b = copy.deepcopy(board)
    b["players"][0]["battlefield"] += [{"id": "v%d" % i, "card": land} for i, land in enumerate(extra_lands)]
    pb = to_phase(b)
    obj = dict(pb.hand)[card]
    return any(a.kind == "CastSpell" and a.data["object_id"] == obj for a in pb.game().actions())


def verdict(q: PlayQuestion) -> str:
    """The verdict for one disagreement (manasolve's answer differs from phase's)."""
    if q.manasolve is True and q.targets == "not checked":
        return NOT_CHECKED
    if q.phase and q.manasolve is False and q.zone == "hand":
        pays, legal = _manasolve_reason(q)
        if pays and not legal:
            return NO_TARGET
    if q.manasolve is True and not q.phase and q.zone == "hand":
        from manasolve.models.carddb import default_db
        from manasolve.models.mana import SymbolKind

        cost = default_db().get(q.card).mana_cost
        twos = [s.colors[0] for s in cost.symbols if s.kind == SymbolKind.TWOBRID] if cost else []
        if twos and _phase_lists_with(q.board, q.card, [BASIC_OF[c] for c in twos]):
            return TWO_GENERIC_HYBRID
    return UNEXPLAINED
