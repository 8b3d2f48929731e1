"""The answer JSON of the solver's typed results, built here, at the edge, with the
stable keys of design.md: a group of payments (``pay --all``'s ``payments``), one
payment (``pay --best``'s ``best``), a cast's total cost (``cost``), the mana each
permanent could produce (``produce``), the sets that pay Saddle/Crew (``saddle``,
``crew``) and the creatures as they stand (``creatures``)."""

from __future__ import annotations

import typing
from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields, is_dataclass
from typing import TYPE_CHECKING, Any, Literal

from manasolve.solver.attack_results import (
    AttackAnswer,
    AttackTriggered,
    BroncoResolution,
    Fate,
    FortuneResolution,
    Pumped,
    PumpModified,
    PumpSelf,
    Resolution,
)
from manasolve.solver.creatures import Counters, CreatureState, Modification
from manasolve.solver.other_costs import PartChoice
from manasolve.solver.play_results import LandPlay, Play, PlaysAnswer, Tally
from manasolve.solver.could_graph import Step, Why
from manasolve.solver.produce import NotUnderstood, PermanentMana, ProduceAnswer
from manasolve.models.abilities import TapKeyword
from manasolve.models.oracle.costs import PartKind
from manasolve.solver.results import (
    ActivationUse,
    Announced,
    BestFound,
    Activation,
    Candidate,
    ChoiceTotal,
    Counted,
    DelveUse,
    PayAnswer,
    Payment,
    PaymentGroup,
    Ranked,
    Tapped,
    TapUse,
    PaymentDone,
)
from manasolve.solver.tapset_results import BestSet, TapSets
from manasolve.solver.tapset_results import Candidate as TapCandidate
from manasolve.solver.castability_results import CastabilityAnswer, Executor
from manasolve.solver.cost_results import ChangeFrom, CostAnswer, CostChange
from manasolve.results import AuditAnswer, CardsUpdate

if TYPE_CHECKING:
    from manasolve.models.coverage import Coverage

# What answers call the objects chosen for each kind of non-mana part.
CHOSEN_KEY = {"sacrifice": "sacrificed", "discard": "discarded", "exile": "exiled", "reveal": "revealed",
              "return": "returned", "tap": "tapped", "remove_counters": "counters_removed_from",
              "collect_evidence": "collected"}


@dataclass(frozen=True)
class Shape:
    """How the JSON of a frozen answer type differs from its fields, for its writer here
    and for the shipped schemas (manasolve.answer_schema reads it; nothing else describes
    an answer): the key of a field (`keys`, else its name), the fields not written under a
    key of their own (`own`: its writer's code writes them, in `extra`'s keys or not at
    all), the fields whose value's keys are written in place (`inline`), the fields
    without a default the writer may leave out (`absent`; a field with a default is left
    out when None, empty or False), those with a default always written (`always`),
    those left out or null (`nullable`: an absent field is otherwise never null), the JSON
    type of a field written in another shape than its annotation's (`types`), the keys
    written that are no field (`extra`: key -> (type, always written)) and the name of
    its JSON object in the schemas (`name`, else the type's)."""

    keys: Mapping[str, str] = field(default_factory=dict)
    own: tuple[str, ...] = ()
    inline: tuple[str, ...] = ()
    absent: tuple[str, ...] = ()
    always: tuple[str, ...] = ()
    nullable: tuple[str, ...] = ()
    types: Mapping[str, Any] = field(default_factory=dict)
    extra: Mapping[str, tuple[Any, bool]] = field(default_factory=dict)
    name: str | None = None


@dataclass(frozen=True)
class Untapped:
    """`count` of the interchangeable `permanents` stay untapped (a candidate's `untapped`)."""

    permanents: tuple[str, ...]
    count: int


ManaType = Literal["W", "U", "B", "R", "G", "C"]  # a mana type (106.7's answers), WUBRGC order
_USED_ONCE = {"permanents": (list[str], True), "use": (Literal[1], True)}  # one permanent used once: a group's shape
# A count as plays and pay's choices write it: ``count`` when exact, else ``count_at_least``.
_COUNT_KEYS = {"count": (int, False), "count_at_least": (int, False)}
_DEFAULT = Shape()

# The shape of each answer type whose JSON is not its fields as they are (`Shape`).
SHAPES: dict[type, Shape] = {
    # pay
    TapUse: Shape(keys={"purpose": "for"}, name="TappedGroup"),
    DelveUse: Shape(name="DelveGroup"),
    ActivationUse: Shape(name="GroupActivation"),
    PaymentGroup: Shape(keys={"tapped": "tapped_for_cost", "exiled": "exiled_for_delve", "pool": "from_pool",
                              "shares": "other_costs"}, own=("parts",)),  # a group's non-mana parts: a key per kind
    Tapped: Shape(keys={"purpose": "for"}, extra=_USED_ONCE),
    Activation: Shape(extra={**_USED_ONCE, "sacrificed_to": (list[str], False)}),
    Payment: Shape(keys={"tapped": "tapped_for_cost", "exiled": "exiled_for_delve", "pool": "from_pool"},
                   own=("chosen",)),  # written as other_costs and a key per kind
    Candidate: Shape(inline=("group",), types={"untapped": tuple[Untapped, ...]},
                     extra={"levels_words": (dict[str, str], True)}),
    Counted: Shape(keys={"exact": "count_exact", "undone": "count_undone", "listed_all": "groups_listed_all"},
                   types={"listed_all": bool}, own=("count",), extra=_COUNT_KEYS),
    BestFound: Shape(keys={"optimal": "best_optimal"}, types={"optimal": Literal[False]}, always=("kept",),
                     own=("parts_why", "no_option"), extra={"levels_words": (dict[str, str], True)}),
    Ranked: Shape(keys={"optimal": "best_optimal"}, types={"optimal": Literal[False]}),
    ChoiceTotal: Shape(own=("count", "exact"), extra=_COUNT_KEYS),
    PayAnswer: Shape(own=("found", "parts"), inline=("cast",),  # found: one model per mode (answer_schema)
                     extra={"time_limit_reached": (Literal[True], False)}),  # a partial answer
    # plays
    Tally: Shape(own=("n", "exact", "undone"), extra={"count": (int | None, False), "count_exact": (bool, False),
                                                       "count_at_least": (int, False),
                                                       "count_undone": (list[str], False)}),
    # produce
    ProduceAnswer: Shape(own=("production", "why"), extra={
        "permanents": (dict[str, list[ManaType]], True), "details": (dict[str, PermanentMana], False),
        "not_understood": (list[NotUnderstood], False), "why": (dict[str, Why], False)}),
    PermanentMana: Shape(own=("id", "could"), types={"riders": dict[str, list[str]]}, name="ProduceDetail"),
    Why: Shape(keys={"chains": "types"}, own=("id",), types={"chains": dict[ManaType, list[Step]]}, name="ProduceWhy"),
    Step: Shape(name="ProduceStep"),
    # castability
    Executor: Shape(name="CastabilityExecutor"),
    # cards update
    CardsUpdate: Shape(absent=("sha256", "sha256_checked")),
    # board.apply
    PaymentDone: Shape(absent=("notes",), types={"counters_removed": dict[str, dict[str, int]]}, own=("taken",),
                       extra={"returned": (list[str], False), "discarded": (list[str], False),
                              "collected": (list[str], False)}),
    # cost
    CostChange: Shape(own=("origin",)),  # written in its origin's order (cost_change_json)
    # saddle, crew
    TapSets: Shape(own=("keyword", "source", "best_asked"), absent=("already_saddled", "all", "all_truncated", "best"),
                   nullable=("best",), extra={"ability": (str, True), "effect": (str, True),
                                              "activatable_now": (bool, True)}),
    TapCandidate: Shape(keys={"counted": "counted_power"}, own=("index", "haste", "cannot_attack"),
                        always=("attacked",), name="TapCandidate"),
    BestSet: Shape(extra={"why": (str, True)}),
    # creatures, attack
    Counters: Shape(always=("kind",)),
    CreatureState: Shape(absent=("not_modifying",), extra={"modified": (bool, True)}, name="Creature"),
    AttackTriggered: Shape(own=("while_saddled",), name="Trigger",
                           extra={"condition": (Literal["attacks", "attacks while saddled"], True)}),
    BroncoResolution: Shape(extra={"effect": (str, True)}),
    FortuneResolution: Shape(keys={"source_left": "triggers_although_source_left"}, extra={
        "effect": (str, True), "delayed_trigger": (Literal["end_of_combat"], True), "targets": (Literal[False], True),
        "chosen_on_resolution": (Literal[True], True)}),
    Fate: Shape(nullable=("under", "why"), extra={"exiled": (Literal[True], True)}),
    PumpModified: Shape(extra={"effect": (str, True), "x_determined": (str, True)}),
    PumpSelf: Shape(own=("power", "toughness", "left"), absent=("x",),
                    extra={"effect": (str, True), "why": (str, False)}),
}
# A play's kind first (play_json), its count as a Tally's keys; a land play always says it is payable.
SHAPES.update({t: Shape(inline=("count",), always=("payable",) if t is LandPlay else (),
                        extra={"kind": (Literal[t.kind], True)}) for t in typing.get_args(Play)})


def shape(cls: type) -> Shape:
    """The shape of answer type `cls`'s JSON (`SHAPES`; else its fields as they are)."""
    return SHAPES.get(cls, _DEFAULT)


def fields_json(value) -> dict:
    """The fields of a frozen answer value in order, under the key map's names: a field
    with a default is left out when None, empty or False (unless its metadata says
    ``always``); nested values as their JSON, tuples as lists, a play's Tally as its keys."""
    out: dict = {}
    form = shape(type(value))
    keys, own = form.keys, form.own
    for f in fields(value):
        v = getattr(value, f.name)
        if f.name in own:
            continue
        if isinstance(v, Tally):
            out.update(tally_json(v))
        elif (f.default is MISSING and f.default_factory is MISSING) or f.metadata.get("always") or f.name in form.always or not (
                v is None or v is False or v == ()):
            out[keys.get(f.name, f.name)] = _json_value(v)
    return out


def _json_value(v):
    if is_dataclass(v):
        return fields_json(v)
    if isinstance(v, tuple):
        return [_json_value(x) for x in v]
    if isinstance(v, Mapping):
        return {k: _json_value(x) for k, x in v.items()}
    return v


def group_json(group: PaymentGroup) -> dict:
    """One group of ``pay --all``: multiplicity, announcement, life and each use; with
    non-mana parts the objects each keeps from the mana payment (``other_costs``) and
    what each part asks, under its kind."""
    answer = fields_json(group)
    for part in group.parts:
        answer[part.kind] = {"choose": part.choose, "from": list(part.eligible)}
    return answer


def payment_json(payment: Payment) -> dict:
    """One payment (``pay --best``'s ``best``): announcement, life, what is tapped for
    costs, the activations, the cards exiled for delve, the floating mana spent and the
    objects chosen for non-mana parts."""
    answer: dict = {"announced": payment.announced, "life": payment.life}
    if payment.paid_with_life:  # which Phyrexian symbols the life paid for (601.2b)
        answer["paid_with_life"] = list(payment.paid_with_life)
    answer["tapped_for_cost"] = [{"permanent": t.permanent, "permanents": [t.permanent], "use": 1, "for": t.purpose}
                                 for t in payment.tapped]
    answer["activations"] = [_activation(a) for a in payment.activations]
    if payment.exiled:
        answer["exiled_for_delve"] = list(payment.exiled)
    if payment.pool:
        answer["from_pool"] = list(payment.pool)
    if payment.chosen is not None:
        answer["other_costs"] = [{"cost": c.cost, "chosen": list(c.chosen)} for c in payment.chosen]
        for c in payment.chosen:
            answer[CHOSEN_KEY.get(c.kind, c.kind)] = list(c.chosen)
    return answer


def _activation(a) -> dict:
    # `permanents`/`use` (and `sacrificed_to`): the shape of a group's activation, one
    # permanent used once, so every answer's activations read alike.  As in a group, an
    # outlet's activation lists the permanent sacrificed under `permanents` and the outlet
    # under `sacrificed_to`; `permanent` is the one activating, `sacrificed` its victim.
    entry: dict = {"permanent": a.permanent, "permanents": [a.permanent if a.sacrificed is None else a.sacrificed],
                   "use": 1, "ability": a.ability, "produces": a.produces}
    if a.sacrificed is not None:
        entry["sacrificed"] = a.sacrificed
        entry["sacrificed_to"] = [a.permanent]
    if a.riders:
        entry["riders"] = list(a.riders)
    return entry


def payable_many_json(found: tuple[str, list[PayAnswer]]) -> dict:
    """The JSON of a ``payable_many`` answer: the player, and per cost in order its
    ``pay`` answer of mode payable (without ``format``)."""
    player, answers = found
    return {"player": player, "answers": [pay_json(a) for a in answers]}


def pay_json(answer: PayAnswer) -> dict:
    """The JSON of a ``pay`` answer: cost, player, payable, what the mode found (keys in
    the order of design.md's examples), the non-mana parts (``other_costs`` and one key
    per kind), ``not_modelled`` and a card's cast fields."""
    out: dict = {"cost": answer.cost, "player": answer.player, "payable": answer.payable}
    found, cast = answer.found, answer.cast
    notes_written = False
    if isinstance(found, Announced):
        out["announced"] = found.announced
    elif isinstance(found, Counted):
        out["count" if found.exact else "count_at_least"] = found.count
        out["count_exact"] = found.exact
        if answer.choices is not None and found.time_limit_reached:  # summed over the choices: said first
            out["time_limit_reached"] = True
        if not found.exact:
            out["count_undone"] = list(found.undone)
        if found.payments is not None:
            out["payments"] = [group_json(g) for g in found.payments]
            out["groups_listed_all"] = found.listed_all
            if found.payments_undone:
                out["payments_undone"] = list(found.payments_undone)
        if answer.choices is None and found.time_limit_reached:
            out["time_limit_reached"] = True
    elif isinstance(found, BestFound):
        notes_written = _best_fields(out, found, cast.notes if cast is not None else ())
    else:
        out["candidates"] = [candidate_json(c) for c in found.candidates]
        out["groups_ranked"], out["ranked_all"] = found.groups_ranked, found.ranked_all
        if found.time_limit_reached:
            out["time_limit_reached"] = True
        if not found.optimal:
            out["best_optimal"] = False
    if answer.parts:
        out["other_costs"] = [part_json(p) for p in answer.parts]
        for p in answer.parts:  # one key per kind too ("sacrifice", "discard", ...)
            out[p.kind] = part_json(p)
    if answer.not_modelled:
        out["not_modelled"] = list(answer.not_modelled)
    if cast is not None:
        if answer.choices is not None:  # the total answered, then each choice's
            out["total"] = cast.total
            out["choices"] = [_choice_json(c) for c in answer.choices]
        out["card"] = cast.card
        out.setdefault("total", cast.total)
        out["castable_now"], out["reason"] = cast.castable_now, cast.reason
        if cast.notes and not notes_written:
            out["notes"] = list(cast.notes)
    return out


def _best_fields(out: dict, found: BestFound, cast_notes: tuple[str, ...]) -> bool:
    """Mode best's keys into `out`; whether ``notes`` was written (a card's cost notes
    take the place of the best payment's notes about damage not counted)."""
    from manasolve.solver.best import levels_words  # keeps start-up light

    out["best"] = None if found.best is None else payment_json(found.best)
    why = list(found.reasons)
    if found.no_option:
        out["why"] = why
    out.update(levels=dict(found.levels), levels_words=levels_words(found.levels), kept=list(found.kept))
    if found.keep is not None:
        out["keep"] = list(found.keep)
    if not found.optimal:
        out["best_optimal"], out["time_limit_reached"] = False, True
    if found.why is not None and not found.no_option:
        out["why"] = why
    if found.optimal and found.time_limit_reached:  # the runner-up was not found in time
        out["time_limit_reached"] = True
    notes_written = bool(found.notes)
    if found.notes:
        out["notes"] = list(cast_notes or found.notes)
    if found.why is None and found.parts_why is not None:  # not asked: only how the parts were chosen
        out["why"] = why
    return notes_written


def _choice_json(c: ChoiceTotal) -> dict:
    out: dict = {"total": c.total, "payable": c.payable}
    if c.count is not None:
        out["count" if c.exact else "count_at_least"] = c.count
    return out


def part_json(part: PartChoice) -> dict:
    """A non-mana part as answers show it: kind, text, eligible objects, how many, ways."""
    out: dict = {"kind": part.kind, "cost": part.text, "from": list(part.eligible), "ways": part.ways()}
    if part.kind == PartKind.COLLECT_EVIDENCE:
        out["total_mana_value_at_least"] = part.at_least
    else:
        out["choose"] = "any number" if part.k is None else part.k
    return out


def candidate_json(candidate: Candidate) -> dict:
    """One candidate of ``pay --candidates``: its group (as ``--all`` shows groups), the
    mana it makes, the sources it leaves untapped, the hand cards it leaves castable and
    its levels (numbers and words)."""
    from manasolve.solver.best import levels_words  # keeps start-up light

    return {**group_json(candidate.group), "mana": candidate.mana,
            "untapped": [fields_json(Untapped(ids, n)) for ids, n in candidate.untapped],
            "castable": list(candidate.castable), "levels": dict(candidate.levels),
            "levels_words": levels_words(candidate.levels)}


# The order of an increase's or reduction's keys, by what made it.
_CHANGE_KEYS = {ChangeFrom.MODIFIER: ("source", "text", "count", "x", "by"), ChangeFrom.FLOOR: ("source", "text", "floor"),
                ChangeFrom.EMERGE: ("by", "source", "count", "text"), ChangeFrom.STRIVE: ("source", "text", "by", "count"),
                ChangeFrom.SELF: ("by", "source", "text", "count")}


def cost_change_json(change: CostChange) -> dict:
    """One increase or reduction of ``cost``: its source, text and amount (``by``, or a
    ``floor``), how many times it applies and its X, each when it has one."""
    return {k: getattr(change, k) for k in _CHANGE_KEYS[change.origin] if getattr(change, k) is not None}


def cost_json(answer: CostAnswer) -> dict:
    """The answer of ``manasolve cost``: the 601.2f breakdown of a cast (design.md keys
    plus details)."""
    out: dict = {
        "card": answer.card, "zone": answer.zone, "player": answer.player, "base_kind": answer.base_kind,
        "base": answer.base, "additional": [fields_json(a) for a in answer.additional],
        "increases": [cost_change_json(c) for c in answer.increases],
        "reductions": [cost_change_json(c) for c in answer.reductions],
        "total": answer.total, "mana_value": answer.mana_value, "x": answer.x,
        "castable_now": answer.castable_now, "reason": answer.reason,
    }
    for key in ("x_forced_zero", "exiled_when_leaving_stack", "granted"):
        if getattr(answer, key):
            out[key] = True
    if answer.not_modelled:
        out["not_modelled"] = list(answer.not_modelled)
    if answer.by_announcement is not None:
        out["by_announcement"] = [fields_json(a) for a in answer.by_announcement]
    if answer.pays_with:
        out["pays_with"] = list(answer.pays_with)
    if answer.notes:
        out["notes"] = list(answer.notes)
    return out


def produce_json(answer: ProduceAnswer) -> dict:
    """The answer of ``manasolve produce``: ``{"permanents": {id: [types]}}``; extra keys:
    per permanent its card, controller and mana abilities now, the sentences about mana
    production that are not understood, and when asked (``--why`` / ``explain=True``) per
    permanent, per type the chain it comes from (solver.could_graph.Why) and its cycle."""
    result = answer.production
    out: dict = {
        "permanents": {p.id: list(p.could) for p in result.permanents},
        "details": {p.id: _produce_detail(p) for p in result.permanents},
        "not_understood": [fields_json(n) for n in result.not_understood],
    }
    if answer.why is not None:
        out["why"] = {w.id: {"types": {t: [fields_json(s) for s in chain] for t, chain in w.chains},
                             "cycle": list(w.cycle)} for w in answer.why}
    return out


def _produce_detail(p) -> dict:
    detail: dict = {"card": p.card, "controller": p.controller, "mana_abilities": list(p.mana_abilities)}
    if p.riders:  # what each ability does besides its mana, by its text
        detail["riders"] = {text: list(riders) for text, riders in p.riders}
    return detail


# What a tap-creature cost does, by keyword, for the answer's "effect" key.
TAP_COST_EFFECTS = {
    "Saddle": "becomes saddled until end of turn",  # 702.171a
    "Crew": "becomes an artifact creature until end of turn",  # 702.122a
}


def tap_sets_json(result: TapSets) -> dict:
    """The answer of ``manasolve saddle`` / ``manasolve crew``: the source (``mount`` or
    ``vehicle``), the cost, the exact count, the minimal sets, activatable now and the
    candidates; ``already_saddled`` for Saddle; ``all`` and ``best`` when asked."""
    answer: dict = {
        "mount" if result.keyword == TapKeyword.SADDLE else "vehicle": result.source,
        "card": result.card,
        "ability": "%s %d" % (result.keyword, result.n),
        "effect": TAP_COST_EFFECTS[result.keyword],
        "n": result.n,
        "count": result.count,
        "minimal": [list(s) for s in result.minimal],
        "minimal_truncated": result.minimal_truncated,
        "limit": result.limit,
        "player": result.player,
        "activatable_now": result.activatable_now,
        "reason": result.reason,
        "candidates": [{"id": c.id, "power": c.power, "counted_power": c.counted, "toughness": c.toughness,
                        "sick": c.sick, "attacked": c.attacked} for c in result.candidates],
    }
    if result.already_saddled is not None:
        answer["already_saddled"] = result.already_saddled  # legal to saddle again (702.171, seed ruling)
    if result.all is not None:
        answer["all"] = [list(s) for s in result.all]
        answer["all_truncated"] = result.all_truncated
    if result.best_asked:
        best = result.best
        answer["best"] = None if best is None else {
            "set": list(best.set), "total_power": best.total_power, "excess": best.excess, "value": best.value,
            "spent": best.spent,
            "why": "least power tapped beyond %d, then least power+toughness tapped (at equal totals, most "
                   "creatures that attacked or are summoning-sick), then fewest creatures" % result.n,
        }
    return answer


def modification_json(m: Modification) -> dict:
    """One thing attached to or counted on a creature (700.9), as ``creatures`` and
    ``attack`` show it."""
    if isinstance(m, Counters):
        return {"kind": m.kind, "counter": m.counter, "count": m.count}
    entry = {"kind": m.kind, "id": m.id, "card": m.card, "controller": m.controller}
    if m.why is not None:
        entry["why"] = m.why
    return entry


def creatures_json(result: tuple[CreatureState, ...]) -> dict:
    """The answer of ``manasolve creatures``: per creature its controller, power,
    toughness, modified (700.9) with the modifications, tapped and summoning-sick state,
    and what is attached without modifying it."""
    out = []
    for c in result:
        entry: dict = {"id": c.id, "card": c.card, "controller": c.controller, "power": c.power,
                       "toughness": c.toughness, "modified": c.modified,
                       "modifications": [modification_json(m) for m in c.modifications],
                       "tapped": c.tapped, "sick": c.sick}
        if c.not_modifying:
            entry["not_modifying"] = [modification_json(m) for m in c.not_modifying]
        out.append(entry)
    return {"creatures": out}


def attack_json(answer: AttackAnswer) -> dict:
    """The answer of ``manasolve attack``: the attackers, whether each Mount among them is
    saddled, and each trigger: whether it fires, why, and how it resolves."""
    return {"attackers": list(answer.attackers), "saddled": dict(answer.saddled),
            "triggers": [_trigger_json(t) for t in answer.triggers]}


def _trigger_json(t: AttackTriggered) -> dict:
    entry: dict = {"source": t.source, "card": t.card, "ability": t.ability,
                   "condition": "attacks while saddled" if t.while_saddled else "attacks", "triggers": t.triggers,
                   "why": t.why}
    if t.resolution is not None:
        entry["resolution"] = _resolution_json(t.resolution)
    return entry


def _resolution_json(res: Resolution) -> dict:
    if isinstance(res, BroncoResolution):
        return {"effect": "reveal and draw; life loss", "saddled_on_resolution": res.saddled_on_resolution,
                "uses_last_known_information": res.uses_last_known_information, "revealed": res.revealed,
                "mana_value": res.mana_value,
                "loses_life": [{"player": loss.player, "amount": loss.amount} for loss in res.loses_life]}
    if isinstance(res, FortuneResolution):
        return {"effect": "delayed trigger at end of combat: exile it and up to one creature that saddled it, "
                          "then return them",
                "delayed_trigger": "end_of_combat", "triggers_although_source_left": res.source_left,
                "targets": False, "chosen_on_resolution": True,
                "choices": [{"creature": c.creature, "permanents": [_fate_json(f) for f in c.permanents]}
                            for c in res.choices]}
    if isinstance(res, PumpModified):
        return {"effect": "other modified creatures you control get +X/+X until end of turn", "x": res.x,
                "x_determined": "as the ability resolves: the source's power then",
                "uses_last_known_information": res.uses_last_known_information,
                "pumped": [_pumped_json(p) for p in res.pumped]}
    out: dict = {"effect": "it gets +%d/+%d until end of turn" % (res.power, res.toughness)}
    if res.x is not None:
        out["x"] = res.x
    out["pumped"] = [_pumped_json(p) for p in res.pumped]
    if res.left:
        out["why"] = "it left the battlefield: nothing to pump"
    return out


def _fate_json(f: Fate) -> dict:
    if f.returns:
        return {"id": f.id, "exiled": True, "returns": True, "under": f.under}
    return {"id": f.id, "exiled": True, "returns": False, "why": f.why}


def _pumped_json(p: Pumped) -> dict:
    out: dict = {"id": p.id, "power": p.power, "toughness": p.toughness}
    if p.modifications is not None:
        out["modifications"] = [modification_json(m) for m in p.modifications]
    return out


def plays_json(answer: PlaysAnswer) -> dict:
    """The answer of ``manasolve plays``: the player, each play (``kind`` first, then its
    fields in order), flash permissions not read, the parts not checked in time."""
    out: dict = {"player": answer.player, "plays": [play_json(p) for p in answer.plays]}
    if answer.not_modelled is not None:
        out["not_modelled"] = list(answer.not_modelled)
    if answer.unchecked is not None:
        out["unchecked"] = [fields_json(u) for u in answer.unchecked]
    if answer.time_limit_reached:
        out["time_limit_reached"] = True
    return out


def play_json(play: Play) -> dict:
    """One play: its kind, then each field (a count as ``count``/``count_at_least`` and
    ``count_exact``)."""
    return {"kind": play.kind, **fields_json(play)}


def tally_json(t: Tally) -> dict:
    """A play's count keys: ``count`` (null: not counted), or ``count_at_least`` and
    ``count_undone`` when the time limit or a memory bound stopped it, with
    ``count_exact`` when the count says."""
    if t.n is None or t.exact is None:
        return {"count": t.n}
    if t.exact:
        return {"count": t.n, "count_exact": True}
    return {"count_at_least": t.n, "count_exact": False, "count_undone": list(t.undone)}


def castability_json(answer: CastabilityAnswer) -> dict:
    """The answer of ``manasolve castability``: the games, the deck, where they ran, the
    definition, per card (and pair) its castability by turn and on curve, the notes."""
    return fields_json(answer)


def cards_check_json(coverage: Coverage) -> dict:
    """The answer of ``manasolve cards check``: the cards read, the mana-ability lines, the
    cost keywords and sentences seen and understood, and every sentence not understood
    (by template and by family too)."""
    return fields_json(coverage)


def cards_update_json(update: CardsUpdate) -> dict:
    """The answer of ``manasolve cards update``: where the card file came from, where it
    is stored and why there, its cards and names, its SHA-256 and whether it was checked."""
    return fields_json(update)


def audit_json(answer: AuditAnswer) -> dict:
    """The answer of ``manasolve audit``: cost, player, legal, the first rule broken, the
    payment's levels, manasolve's best payment and its levels, better and why, the card
    audited, and the levels in words."""
    out: dict = {"cost": answer.cost, "player": answer.player, "legal": answer.legal,
                 "broken": None if answer.broken is None else fields_json(answer.broken),
                 "levels": None if answer.levels is None else dict(answer.levels),
                 "best": None if answer.best is None else payment_json(answer.best),
                 "best_levels": None if answer.best_levels is None else dict(answer.best_levels),
                 "better": answer.better, "why": answer.why}
    if answer.card is not None:
        out["card"] = answer.card
    for key in ("levels_words", "best_levels_words"):
        words = getattr(answer, key)
        out[key] = None if words is None else dict(words)
    return out


def done_json(done: PaymentDone) -> dict:
    """What carrying out a payment did, as ``board.apply`` answers it: ``tapped``,
    ``untapped``, ``sacrificed``, ``exiled``, ``life_lost``, ``energy_paid``,
    ``counters_removed``, ``notes`` (when there are any), ``floating`` (the mana it leaves
    in the pool), ``mana_pool`` (the pool after it), then the other parts' objects
    (``returned``, ``discarded``, ``collected``)."""
    out: dict = {"tapped": list(done.tapped), "untapped": list(done.untapped), "sacrificed": list(done.sacrificed),
                 "exiled": list(done.exiled), "life_lost": done.life_lost, "energy_paid": done.energy_paid,
                 "counters_removed": {pid: dict(kinds) for pid, kinds in done.counters_removed}}
    if done.notes:
        out["notes"] = list(done.notes)
    out.update(floating=done.floating, mana_pool=done.mana_pool)
    out.update((key, list(ids)) for key, ids in done.taken)
    return out
