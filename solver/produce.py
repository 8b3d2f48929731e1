"""The ``produce`` answer: which mana types each permanent could produce now (106.7)."""

from __future__ import annotations

from manasolve.models.board import Board
from manasolve.solver.production import could_produce, mana_abilities


def produce_answer(board: Board, id: str | None = None) -> dict:
    """The JSON answer of ``manasolve produce``: ``{"permanents": {id: [types]}}`` for every
    permanent on the board (opponents' included), or only `id` (InputError naming the
    nearest id if unknown).  Extra keys: per permanent its card, controller and mana
    abilities now; and the sentences about mana production on the board that are not
    understood (left out, never guessed)."""
    perms = [board.get(id)] if id is not None else board.permanents
    could = could_produce(board)
    ignored = {(n.card, n.sentence) for p in board.permanents for n in p.card.production_not_understood}
    return {
        "permanents": {p.id: list(could[p.id]) for p in perms},
        "details": {
            p.id: {"card": p.name, "controller": p.controller,
                   "mana_abilities": [ab.text for ab in mana_abilities(board, p)]}
            for p in perms
        },
        "not_understood": [{"card": c, "sentence": s} for c, s in sorted(ignored)],
    }
