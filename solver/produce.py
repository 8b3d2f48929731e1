"""The ``produce`` question: which mana types each permanent could produce now (106.7),
as a typed `ProduceAnswer` (its answer JSON is built in `manasolve.answers`)."""

from __future__ import annotations

from dataclasses import dataclass

from manasolve.models.board import Board
from manasolve.solver.could_graph import Why, explain
from manasolve.solver.production import abilities_adding_mana, could_produce


@dataclass(frozen=True)
class PermanentMana:
    """What one permanent could produce now (106.7), with its card, controller, the
    texts of its mana abilities now and their riders (effects that change neither the
    mana nor any cost, `ManaAbility.effects`)."""

    id: str
    card: str
    controller: str
    could: tuple[str, ...]
    mana_abilities: tuple[str, ...]
    riders: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (ability text, what else it does) per ability with riders


@dataclass(frozen=True)
class NotUnderstood:
    """A sentence about mana production on `card` that is not understood (left out)."""

    card: str
    sentence: str


@dataclass(frozen=True)
class Production:
    """The mana each asked permanent could produce, in board order, and the sentences
    about mana production on the board that are not understood (left out, never guessed)."""

    permanents: tuple[PermanentMana, ...]
    not_understood: tuple[NotUnderstood, ...]


def production(board: Board, id: str | None = None) -> Production:
    """What every permanent on the board (opponents' included), or only `id` (InputError
    naming the nearest id if unknown), could produce now; and the sentences about mana
    production on the board that are not understood."""
    perms = [board.get(id)] if id is not None else board.permanents
    could = could_produce(board)
    ignored = {(n.card, n.sentence) for _, n in board.production_not_understood()}
    return Production(
        tuple(PermanentMana(p.id, p.name, p.controller, tuple(could[p.id]),
                            tuple(ab.text for ab in abilities_adding_mana(board, p)),
                            tuple((ab.text, ab.effects) for ab in abilities_adding_mana(board, p) if ab.effects)) for p in perms),
        tuple(NotUnderstood(c, s) for c, s in sorted(ignored)))


@dataclass(frozen=True)
class ProduceAnswer:
    """``produce``: the mana types each permanent could produce now (106.7)."""

    production: Production
    why: tuple[Why, ...] | None = None  # asked (``--why``, `explain`): where each type comes from


def produce_answer(board: Board, id: str | None = None, explain_types: bool = False) -> ProduceAnswer:
    """``produce``: the mana types each permanent (or only `id`) could produce now;
    `explain_types`: with where each type comes from (``produce --why``, `could_graph.explain`)."""
    found = production(board, id)
    return ProduceAnswer(found, explain(board, [p.id for p in found.permanents]) if explain_types else None)
