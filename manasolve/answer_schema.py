"""The answers as pydantic models: one per command (``pay`` one per mode), typing the
stable keys of design.md.  The models of the solver's answer types are generated from
those types and the shape of their JSON (`manasolve.answers.SHAPES`, beside the writer:
`model_of`), so each answer is described once; the answers without a type of the solver
(produce, cost, audit, cards, castability, the server's methods) are written here.
Answers gain keys (design.md: add keys freely, never rename), so every model allows
extra keys; a stable key renamed, dropped or retyped fails validation.
`manasolve.protocol` generates the shipped ``answer.COMMAND.schema.json`` files from
them; tests validate real answers against them."""

from __future__ import annotations

import functools
import operator
import typing
from collections.abc import Mapping
from dataclasses import MISSING, fields, is_dataclass
from types import UnionType
from typing import Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, RootModel, create_model

from manasolve.answer_format import FORMATS
from manasolve.answers import shape
from manasolve.results import AuditAnswer as AuditResult
from manasolve.results import (CancelState, CardsUpdate, Closed, Ping, ServerInfo, SessionBoard, SessionChanges,
                               SessionHandle)
from manasolve.models.coverage import Coverage
from manasolve.solver import results
from manasolve.solver.attack_results import AttackAnswer as AttackResult
from manasolve.solver.castability_results import CastabilityAnswer as CastabilityResult
from manasolve.solver.cost_results import CostAnswer as CostResult
from manasolve.solver.creatures import CreatureState
from manasolve.solver.other_costs import PartChoice  # named only under TYPE_CHECKING in results
from manasolve.solver.play_results import PlaysAnswer as PlaysResult
from manasolve.solver.produce import ProduceAnswer as ProduceResult
from manasolve.solver.tapset_results import TapSets


def _no_default(schema: dict[str, Any]) -> None:
    schema.pop("default", None)


def absent() -> Any:
    """A key that some answers leave out; typed when present (never null)."""
    return Field(default=None, json_schema_extra=_no_default)


class _Answer(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True)


# -- generated from the solver's answer types --------------------------------------------
def _json_type(hint: Any) -> Any:
    """The JSON model type of a field of an answer type: tuples as lists, answer types as
    their models, mappings as dicts."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if isinstance(hint, type) and is_dataclass(hint):
        return model_of(hint)
    if origin in (tuple, list):
        return list[_json_type(args[0])]  # type: ignore[misc]  # a type built at run time: mypy sees no static type here
    if origin in (Mapping, dict):
        return dict[_json_type(args[0]), _json_type(args[1])]  # type: ignore[misc]  # (as above)
    if origin in (Union, UnionType):
        return functools.reduce(operator.or_, [_json_type(a) for a in args])
    return hint


def _not_null(typ: Any) -> Any:
    """`typ` without None (a key left out rather than null)."""
    if typing.get_origin(typ) not in (Union, UnionType):
        return typ
    return functools.reduce(operator.or_, [a for a in typing.get_args(typ) if a is not type(None)])


# A key: its JSON model type and whether every answer writes it.
Keys = dict[str, tuple[Any, bool]]
# The answer types whose keys the models describe (read by the tests: every answer type
# of the solver has its keys in a shipped schema).
DESCRIBED: set[type] = set()


def keys_of(cls: type, optional: bool = False) -> Keys:
    """The keys of the JSON of answer type `cls` (manasolve.answers.shape): each field under
    its key, or its value's keys in place (`inline`), then the keys its writer adds; a
    field without a default is written always (null when its type allows), one with a
    default is left out when None, empty or False (never null; a bool defaulting to False
    is then true); `optional`: every key may be left out (a field inlined that may be
    absent)."""
    form, hints = shape(cls), typing.get_type_hints(cls, localns={"PartChoice": PartChoice})
    DESCRIBED.add(cls)
    out: Keys = {}
    for f in fields(cls):
        if f.name in form.own:
            continue
        has_default = f.default is not MISSING or f.default_factory is not MISSING
        always = (not has_default and f.name not in form.absent) or f.name in form.always or f.metadata.get("always")
        if f.name in form.inline:
            out.update(keys_of(_not_null(hints[f.name]), optional or not always))
            continue
        typ = form.types.get(f.name, hints[f.name])
        if not always and f.name not in form.nullable:
            typ = _not_null(typ)
            if typ is bool and f.default is False and f.name not in form.types:
                typ = Literal[True]
        out[form.keys.get(f.name, f.name)] = (_json_type(typ), bool(always) and not optional)
    for key, (typ, always) in form.extra.items():
        out[key] = (_json_type(typ), always and not optional)
    return out


def model(name: str, doc: str | None, keys: Keys) -> type[BaseModel]:
    """The model of a JSON object with `keys` (a key not always written is absent, never
    defaulted), named `name`, described by `doc`."""
    spec = {"k%d" % i: (typ, Field(alias=key) if always else Field(default=None, alias=key,
                                                                     json_schema_extra=_no_default))
            for i, (key, (typ, always)) in enumerate(keys.items())}
    return create_model(name, __base__=_Answer, __doc__=doc, **spec)  # type: ignore[call-overload]  # keys known at run time


@functools.cache
def model_of(cls: type) -> type[BaseModel]:
    """The JSON model of a frozen answer type of the solver (`keys_of`), named by its shape
    or as the type, described by the type's docstring."""
    return model(shape(cls).name or cls.__name__, _doc(cls), keys_of(cls))


def _doc(cls: type) -> str | None:
    """The docstring of `cls`, None for the signature a dataclass without one is given."""
    doc = cls.__doc__
    return None if doc is None or doc.startswith(cls.__name__ + "(") else doc


def answer_model(command: str, name: str, *types: type, required: tuple[str, ...] = (), doc: str | None = None,
                 **keys: Any) -> type[BaseModel]:
    """The model of `command`'s answer: its ``format``, then the keys of `types` (the
    answer type, what it found...), the keys `keys` (key -> type, always written) and
    the keys `required` always written; described by `doc`, else the last type's docstring."""
    spec: Keys = {"format": (Literal[FORMATS[command]], True)}
    for t in types:
        spec.update(keys_of(t))
    spec.update({k: (t, True) for k, t in keys.items()})
    spec.update({k: (spec[k][0], True) for k in required})
    return model(name, doc or types[-1].__doc__, spec)


# -- pay: the answer's keys, then those of what its mode found ------------------------------
Payment = model_of(results.Payment)
PayPayable = answer_model("pay", "PayPayable", results.PayAnswer, results.Announced,
                          doc="``pay`` (mode payable): payable, and the announcement that works (null if none).")
PayCount = answer_model("pay", "PayCount", results.PayAnswer, results.Counted,
                        doc="``pay`` mode count: the exact count, or a lower bound when the time limit was hit.")
PayAll = answer_model("pay", "PayAll", results.PayAnswer, results.Counted, required=("payments", "groups_listed_all"),
                      doc="``pay`` mode all: the payments, grouped.")
PayBest = answer_model("pay", "PayBest", results.PayAnswer, results.BestFound,
                       doc="``pay`` mode best: one payment (null if none) and the levels of the criteria.")
PayCandidates = answer_model("pay", "PayCandidates", results.PayAnswer, results.Ranked,
                             doc="``pay`` mode candidates: at most K groups ranked by the best order, the best first.")


# One cost's answer in ``payable_many``: ``pay``'s in mode payable, without ``format``.
PayableOne = model("PayableOne", "One cost's answer in ``payable_many``: ``pay``'s in mode payable, without ``format``.",
                   {**keys_of(results.PayAnswer), **keys_of(results.Announced),
                    "format": (Literal[FORMATS["pay"]], False)})


class PayableManyAnswer(_Answer):
    """``payable_many``: the player, and each cost's payable answer in the order asked."""

    format: Literal["manasolve/payable_many@1"]
    player: str
    answers: list[PayableOne]  # type: ignore[valid-type]  # a model built by `model`: mypy sees a variable


class PayAnswer(RootModel[PayBest | PayCandidates | PayAll | PayCount | PayPayable]):  # type: ignore[valid-type]  # the five models are built by answer_model at import time
    """A ``pay`` answer in any mode."""


SaddleAnswer = answer_model("saddle", "SaddleAnswer", TapSets, mount=str, required=("already_saddled",),
                            doc="``saddle``: the sets of creatures that can saddle the Mount (702.171).")
CrewAnswer = answer_model("crew", "CrewAnswer", TapSets, vehicle=str,
                          doc="``crew``: the sets of creatures that can crew the Vehicle (702.122).")
CreaturesAnswer = answer_model(
    "creatures", "CreaturesAnswer", creatures=list[model_of(CreatureState)],  # type: ignore[misc]  # a model built at import
    doc="``creatures``: each creature's power and toughness and whether it is modified (700.9).")
AttackAnswer = answer_model("attack", "AttackAnswer", AttackResult,
                            doc="``attack``: which attack triggers fire and how they resolve.")
PlaysAnswer = answer_model("plays", "PlaysAnswer", PlaysResult, doc="``plays``: every play the player may start now.")


# -- the other questions ------------------------------------------------------------------
ProduceAnswer = answer_model("produce", "ProduceAnswer", ProduceResult)
CostAnswer = answer_model("cost", "CostAnswer", CostResult)


CardsCheckAnswer = answer_model("cards_check", "CardsCheckAnswer", Coverage)


CardsUpdateAnswer = answer_model("cards_update", "CardsUpdateAnswer", CardsUpdate)
CastabilityAnswer = answer_model("castability", "CastabilityAnswer", CastabilityResult)


AuditAnswer = answer_model("audit", "AuditAnswer", AuditResult)


# -- the server's session methods (board.*) -----------------------------------------------
BoardLoadAnswer = answer_model("board.load", "BoardLoadAnswer", SessionHandle,
                               doc="``board.load``: the handle of the new session.")
BoardCopyAnswer = answer_model("board.copy", "BoardCopyAnswer", SessionHandle,
                               doc="``board.copy``: the handle of the new session (same position, same history).")
BoardGetAnswer = answer_model("board.get", "BoardGetAnswer", SessionBoard,
                              doc="``board.get``: the session's board as it stands (``manasolve/board@1`` JSON).")
BoardPatchAnswer = answer_model("board.patch", "BoardPatchAnswer", SessionChanges,
                                doc="``board.patch``: how many changes ``board.undo`` can take back now.")
BoardUndoAnswer = answer_model("board.undo", "BoardUndoAnswer", SessionChanges,
                               doc="``board.undo``: how many changes are left to take back.")
BoardApplyAnswer = answer_model("board.apply", "BoardApplyAnswer", results.PaymentDone,
                                doc="``board.apply``: what carrying out the payment did.")
BoardCloseAnswer = answer_model("board.close", "BoardCloseAnswer", Closed, doc="``board.close``: the handle freed.")
PingAnswer = answer_model("ping", "PingAnswer", Ping,
                          doc="``ping``: alive, and the id of the request running (null: none).")
CancelAnswer = answer_model("cancel", "CancelAnswer", CancelState)
ServerInfoAnswer = answer_model("server.info", "ServerInfoAnswer", ServerInfo)


# The model of each command's answer (the shipped answer.COMMAND.schema.json files; pay's
# also answer.pay.MODE.schema.json, one per mode, stricter than their union), and of each
# session method's result (answer.board.METHOD.schema.json).
ANSWERS: dict[str, type[BaseModel]] = {
    "pay": PayAnswer, "payable_many": PayableManyAnswer, "produce": ProduceAnswer, "creatures": CreaturesAnswer, "cost": CostAnswer,
    "saddle": SaddleAnswer, "crew": CrewAnswer, "attack": AttackAnswer, "plays": PlaysAnswer,
    "cards_check": CardsCheckAnswer, "cards_update": CardsUpdateAnswer, "castability": CastabilityAnswer,
    "audit": AuditAnswer,
    "board.load": BoardLoadAnswer, "board.get": BoardGetAnswer, "board.patch": BoardPatchAnswer,
    "board.apply": BoardApplyAnswer, "board.undo": BoardUndoAnswer, "board.copy": BoardCopyAnswer,
    "board.close": BoardCloseAnswer, "ping": PingAnswer, "cancel": CancelAnswer, "server.info": ServerInfoAnswer}
# The model of each pay mode.
PAY_MODES: dict[str, type[BaseModel]] = {"payable": PayPayable, "count": PayCount, "all": PayAll, "best": PayBest,
                                          "candidates": PayCandidates}
