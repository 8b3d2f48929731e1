"""The ``plays`` answer as frozen values: one type per kind of play, the fields in the
order the answer lists them.  A field with a default is left out of the answer when it
is None; a field without one, or marked `ALWAYS`, is always written (null included).
The answer JSON is written at the edge, in `manasolve.answers`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from manasolve.solver.cost_results import AdditionalCost

# A field written even when None (the answer says null).
ALWAYS = {"always": True}


@dataclass(frozen=True)
class Tally:
    """A play's payment count: `n` payments (None: a cost part the solver does not pay,
    so not counted), exactly (`exact` True), at least (False: the time limit or a memory
    bound stopped it, `undone` says which), or counted without saying (None: a land play,
    a Saddle/Crew set count)."""

    n: int | None
    exact: bool | None = None
    undone: tuple[str, ...] = ()


@dataclass(frozen=True)
class CastPlay:
    """A cast: the card, the zone, the way (`via`), the locked total, payable, the count;
    the half or face cast, which flashback instance, the additional costs, X, what is not
    modelled, exiled as it leaves the stack, notes, targets, optional costs paid, Strive's
    cost per extra target, the largest X and the most kicks still payable, fused, and the
    other faces not in the card data."""

    card: str
    zone: str
    via: str
    total: str | None
    payable: bool | None
    count: Tally | None = None
    face: str | None = None
    flashback: int | None = None
    additional: tuple[AdditionalCost, ...] | None = None
    x: int | None = None
    not_modelled: tuple[str, ...] | None = None
    exiled_when_leaving_stack: Literal[True] | None = None
    notes: tuple[str, ...] | None = None
    targets: Any = None
    optional: tuple[int, ...] | None = None
    more_per_extra_target: str | None = None
    x_max: int | None = None
    times_max: int | None = None
    fuse: Literal[True] | None = None
    other_faces: str | None = None

    kind = "cast"


@dataclass(frozen=True)
class LandPlay:
    """A land play (a modal double-faced card's land `face`): payable, one way."""

    card: str
    face: str | None = None
    payable: bool = True
    count: Tally | None = None

    kind = "land"


@dataclass(frozen=True)
class SpecialPlay:
    """A special action exiling the card from the hand (plot, suspend): its total, payable,
    count, time counters (suspend), X announced and the largest X payable."""

    action: str
    card: str
    zone: str
    total: str | None
    payable: bool | None
    count: Tally | None = None
    time_counters: int | str | None = None
    x: int | None = None
    x_max: int | None = None
    not_modelled: tuple[str, ...] | None = None

    kind = "special"


@dataclass(frozen=True)
class ActivationPlay:
    """An activated ability of a permanent (Saddle/Crew, the abilities the parser reads,
    or a line not understood): its targets, total, payable, count, what is not modelled."""

    source: str
    ability: str
    targets: Any = None
    total: str | None = field(default=None, metadata=ALWAYS)
    payable: bool | None = field(default=None, metadata=ALWAYS)
    count: Tally | None = None
    not_modelled: tuple[str, ...] | None = None

    kind = "activate"


@dataclass(frozen=True)
class ZoneAbilityPlay:
    """A keyword ability of a card in the hand or graveyard (unearth, ninjutsu, ...)."""

    card: str
    zone: str
    ability: str
    total: str | None
    payable: bool | None
    count: Tally | None = None
    not_modelled: tuple[str, ...] | None = None
    notes: tuple[str, ...] | None = None

    kind = "activate"


@dataclass(frozen=True)
class FaceUpPlay:
    """Turning a face-down permanent face up (morph, disguise...)."""

    source: str
    card: str
    via: str
    total: str | None
    payable: bool | None
    count: Tally | None = None
    not_modelled: tuple[str, ...] | None = None
    notes: tuple[str, ...] | None = None

    kind = "turn_face_up"


Play = CastPlay | LandPlay | SpecialPlay | ActivationPlay | ZoneAbilityPlay | FaceUpPlay


@dataclass(frozen=True)
class Unchecked:
    """A part of the answer not checked within the time limit: the land plays, a card's
    casts from a zone, or the activations."""

    kind: str
    zone: str | None = None
    card: str | None = None


@dataclass(frozen=True)
class PlaysAnswer:
    """The ``plays`` answer: the player, every play they may start now, flash permissions
    not read, the parts not checked in time and whether the time limit was reached."""

    player: str
    plays: tuple[Play, ...]
    not_modelled: tuple[str, ...] | None = None
    unchecked: tuple[Unchecked, ...] | None = None
    time_limit_reached: Literal[True] | None = None
