"""Typed payments and the ``pay`` answer, as the payment solver finds them: a group of
interchangeable payments (``pay --all``), one concrete payment (``pay --best``), what each
mode finds and the whole answer.  Frozen values: the answer JSON is written at the edge,
in `manasolve.answers`, and read back by nobody (callers read these fields)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from manasolve.solver.other_costs import PartChoice


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
    """`use` of the `permanents` tapped for `purpose` (the answer's ``for``: convoke,
    improvise, a tap cost)."""

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
    used: the announcement, life paid and each use (non-mana parts folded in);
    `paid_with_life`: the Phyrexian symbols announced as life (601.2b), which tell apart
    two announcements alike in `announced` and `life`."""

    multiplicity: int
    announced: str
    life: int
    activations: tuple[ActivationUse, ...]
    tapped: tuple[TapUse, ...]
    exiled: tuple[DelveUse, ...] = ()
    pool: tuple[PoolUse, ...] = ()
    shares: tuple[PartShare, ...] | None = None
    parts: tuple[PartAsk, ...] = ()
    paid_with_life: tuple[str, ...] = ()


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
    spent and, with non-mana parts, the objects chosen for each; `paid_with_life` as in
    `PaymentGroup`."""

    announced: str
    life: int
    activations: tuple[Activation, ...]
    tapped: tuple[Tapped, ...]
    exiled: tuple[str, ...] = ()
    pool: tuple[str, ...] = ()
    chosen: tuple[PartChosen, ...] | None = None
    paid_with_life: tuple[str, ...] = ()


@dataclass(frozen=True)
class Candidate:
    """One candidate of ``pay --candidates``: its group of payments, the mana it makes, the
    sources it leaves untapped ((ids of a class, how many stay unused)), the hand cards it
    leaves castable and its level values (lower is better; keep and colors negated counts)."""

    group: PaymentGroup
    mana: str
    untapped: tuple[tuple[tuple[str, ...], int], ...]
    castable: tuple[str, ...]
    levels: Mapping[str, int]


# -- what each pay mode finds --------------------------------------------------------------
@dataclass(frozen=True)
class Announced:
    """Mode payable: the announcement that works (None: none does)."""

    announced: str | None


@dataclass(frozen=True)
class Counted:
    """Modes count and all: `count` payments, exactly or (`exact` False: the time limit
    or a memory bound stopped it, `undone` says which announcements) at least; mode all
    also the `payments` groups listed, whether they are all of them (`listed_all`) and
    the announcements whose groups were not all listed (`payments_undone`)."""

    count: int
    exact: bool
    undone: tuple[str, ...] = ()
    payments: tuple[PaymentGroup, ...] | None = None
    listed_all: bool = False
    payments_undone: tuple[str, ...] = ()
    time_limit_reached: bool = False


@dataclass(frozen=True)
class BestFound:
    """Mode best: one payment (None: the cost can't be paid), its `levels` (lower is
    better), the keep costs it keeps payable (`kept`) among those asked (`keep`; None
    when not payable), whether it is proven optimal, `why` (the reason against the
    runner-up; None when not asked), notes about damage not counted, and with non-mana
    parts `parts_why`: how their objects were chosen.  `no_option`: no way to share
    objects with the non-mana parts leaves the mana payable (its answer lists ``why``
    before the levels, as it always has)."""

    best: Payment | None
    levels: Mapping[str, int]
    kept: tuple[str, ...] = ()
    keep: tuple[str, ...] | None = None
    optimal: bool = True
    why: tuple[str, ...] | None = None
    time_limit_reached: bool = False
    notes: tuple[str, ...] = ()
    parts_why: str | None = None
    no_option: bool = False

    @property
    def reasons(self) -> tuple[str, ...]:
        """The answer's ``why`` lines: the reason against the runner-up (when asked), then
        how the non-mana parts' objects were chosen."""
        return (self.why or ()) + ((self.parts_why,) if self.parts_why is not None else ())


@dataclass(frozen=True)
class Ranked:
    """Mode candidates: at most K candidates, the best first, how many groups were ranked,
    whether every group was (`ranked_all`), whether the first is proven best."""

    candidates: tuple[Candidate, ...]
    groups_ranked: int
    ranked_all: bool
    time_limit_reached: bool = False
    optimal: bool = True


Found = Announced | Counted | BestFound | Ranked


@dataclass(frozen=True)
class CastFields:
    """A card's cast paid (``pay --card``): the card, its locked total, whether it may be
    cast now and why not, and its cost sentences not understood (`notes`)."""

    card: str
    total: str
    castable_now: bool
    reason: str | None
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class ChoiceTotal:
    """One locked total of a cast whose payment choices change it (Emerge), with whether
    it is payable and its count (None: not counted; `exact` False: a lower bound)."""

    total: str
    payable: bool
    count: int | None = None
    exact: bool = True


@dataclass(frozen=True)
class PayAnswer:
    """The ``pay`` answer: the cost (a locked total's announcement text), who pays,
    whether it is payable, what the mode found, the non-mana parts paid with it, what is
    not modelled, and for a card's cast its fields (`cast`) and, when its payment choices
    change its total, each total (`choices`)."""

    cost: str
    player: str
    payable: bool
    found: Found
    parts: tuple[PartChoice, ...] = ()
    not_modelled: tuple[str, ...] = ()
    cast: CastFields | None = None
    choices: tuple[ChoiceTotal, ...] | None = None

    @property
    def notes(self) -> tuple[str, ...]:
        """The answer's ``notes``: a card's cost sentences not understood, else the best
        payment's notes about damage not counted."""
        return (self.cast.notes if self.cast is not None else ()) or (
            self.found.notes if isinstance(self.found, BestFound) else ())


@dataclass(frozen=True)
class PaymentDone:
    """What carrying out a payment did: the permanents `tapped` and `untapped`, the ones
    `sacrificed`, the cards and permanents `exiled`, the life lost and energy paid, the
    counters removed (per permanent, per kind), `notes` on parts not carried out, the
    mana it leaves `floating` and the `mana_pool` after it; `taken`: the objects of the
    other non-mana parts (returned, discarded, collected) and the permanents returned
    by their own ability's cost, by answer key in the order first taken."""

    tapped: tuple[str, ...]
    untapped: tuple[str, ...]
    sacrificed: tuple[str, ...]
    exiled: tuple[str, ...]
    life_lost: int
    energy_paid: int
    counters_removed: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]
    notes: tuple[str, ...]
    floating: str
    mana_pool: str
    taken: tuple[tuple[str, tuple[str, ...]], ...] = ()
