"""Typed payments, as the payment solver finds them: a group of interchangeable payments
(``pay --all``) and one concrete payment (``pay --best``).  The answer JSON of both is
built at the edge, in `manasolve.answers`."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ActivationUse:
    """`use` activations of one mana ability among the interchangeable `permanents`.
    `sacrificed_to`: the outlets each of those permanents is sacrificed to (one each);
    `same_permanents_as_previous`: the members of the use before, once more (they made
    mana, then were sacrificed); `riders`: what else the ability does, changing neither
    the mana nor the cost ("When that mana is spent to cast ...", "You gain 1 life.")."""

    permanents: tuple[str, ...]
    use: int
    ability: str
    produces: str
    sacrificed_to: tuple[str, ...] = ()
    same_permanents_as_previous: bool = False
    riders: tuple[str, ...] = ()


@dataclass(frozen=True)
class TapUse:
    """`use` of the `permanents` tapped for `purpose` (convoke, improvise, a tap cost)."""

    permanents: tuple[str, ...]
    use: int
    purpose: str


@dataclass(frozen=True)
class DelveUse:
    """`use` of the graveyard `cards` exiled for delve (702.66)."""

    cards: tuple[str, ...]
    use: int


@dataclass(frozen=True)
class PoolUse:
    """`use` floating mana of type `mana` spent."""

    mana: str
    use: int


@dataclass(frozen=True)
class PartShare:
    """A non-mana part's objects (one per interchangeable kind) a group keeps out of
    the mana payment because the part takes them."""

    cost: str
    kept_from_payment: tuple[str, ...]


@dataclass(frozen=True)
class PartAsk:
    """What a non-mana part asks: choose `choose` (None: any number) of `eligible`."""

    kind: str
    choose: int | None
    eligible: tuple[str, ...]


@dataclass(frozen=True)
class PaymentGroup:
    """`multiplicity` payments that differ only by which interchangeable members are
    used: the announcement, life paid and each use (non-mana parts folded in)."""

    multiplicity: int
    announced: str
    life: int
    activations: tuple[ActivationUse, ...]
    tapped: tuple[TapUse, ...]
    exiled: tuple[DelveUse, ...] = ()
    pool: tuple[PoolUse, ...] = ()
    shares: tuple[PartShare, ...] | None = None
    parts: tuple[PartAsk, ...] = ()


@dataclass(frozen=True)
class Activation:
    """One mana ability activated: of `permanent` (an outlet, when `sacrificed` names
    the permanent it sacrifices); `riders` as in `ActivationUse`."""

    permanent: str
    ability: str
    produces: str
    sacrificed: str | None = None
    riders: tuple[str, ...] = ()


@dataclass(frozen=True)
class Tapped:
    """A permanent tapped for `purpose`."""

    permanent: str
    purpose: str


@dataclass(frozen=True)
class PartChosen:
    """The objects chosen for one non-mana part of kind `kind`."""

    cost: str
    kind: str
    chosen: tuple[str, ...]


@dataclass(frozen=True)
class Payment:
    """One concrete payment: the announcement, life paid, the activations (in permanent
    id order), what is tapped for costs, the cards exiled for delve, the floating mana
    spent and, with non-mana parts, the objects chosen for each."""

    announced: str
    life: int
    activations: tuple[Activation, ...]
    tapped: tuple[Tapped, ...]
    exiled: tuple[str, ...] = ()
    pool: tuple[str, ...] = ()
    chosen: tuple[PartChosen, ...] | None = None
