"""The payment a client gives back, as one strict model shared by every door that takes
one (``board.apply``/`PlayBoard.apply` and ``audit``, on the server, the API and the
command line): a ``pay --best`` answer's ``best``, one group of ``pay --all``'s
``payments``, or the whole ``pay`` answer (its ``best``).

Every key is known (an unknown one is refused with the nearest valid name), every field
is typed strictly (a string is not a number) and bounded like the board; the error is one
line with the JSON path, the same on every door.  A `PaymentIn` is the typed payment the
core carries out (`manasolve.solver.position.Position.push`, the rules in
`manasolve.solver.carry_out`), which checks what a payment does on the board (a permanent
it names, a tap, mana that pays); the front (`manasolve.payment_apply`) only translates
JSON to it and back.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, model_validator

from manasolve.models.board_schema import Count, Text, validation_error
from manasolve.models.bounds import MAX_COST_SYMBOLS, MAX_MAGNITUDE
from manasolve.models.errors import InputError
from manasolve.models.mana import CostSyntaxError, ManaCost

# What a permanent is tapped for that is not a mana activation (solver.resources.TAP_PURPOSE).
_TAP_PURPOSES = Literal["convoke", "improvise", "ability_cost", "additional_cost"]


def _mana_text(text: str) -> str:
    try:
        ManaCost.parse(text)
    except CostSyntaxError as exc:
        raise ValueError("not a mana cost: %s" % exc) from None
    return text


# A cost or mana string: a few characters per symbol, at most MAX_COST_SYMBOLS symbols.
Mana = Annotated[str, Field(min_length=1, max_length=10 * MAX_COST_SYMBOLS), AfterValidator(_mana_text)]
Life = Annotated[int, Field(ge=0, le=MAX_MAGNITUDE)]  # life paid (119.4); never negative
Use = Annotated[int, Field(ge=1, le=1_000_000)]


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=False, frozen=True)


class ActivationIn(_In):
    """One mana ability activated: of `permanent` (or ``hand[i]:Name``, a card exiled from
    the hand for mana), `ability` by its text, adding `produces`; `sacrificed`: the
    permanent an outlet sacrificed.  ``permanents``, ``use`` and ``sacrificed_to`` are the
    group shape's keys as every answer writes them: ``[permanent]`` (``[sacrificed]`` for
    an outlet), 1, ``[permanent]``."""

    permanent: Text
    ability: Text
    produces: Mana
    permanents: list[Text] | None = None
    use: Literal[1] | None = None
    sacrificed: Text | None = None
    sacrificed_to: list[Text] | None = None
    riders: list[Text] | None = None

    @model_validator(mode="after")
    def _group_keys_agree(self) -> ActivationIn:
        used = self.permanent if self.sacrificed is None else self.sacrificed
        if self.permanents is not None and self.permanents != [used]:
            raise ValueError("permanents must be [%r], the permanent %s" % (
                used, "activated" if self.sacrificed is None else "sacrificed"))
        if self.sacrificed_to is not None and (self.sacrificed is None or self.sacrificed_to != [self.permanent]):
            raise ValueError("sacrificed_to must be [%r] beside sacrificed, the outlet activated" % self.permanent)
        return self


class TappedIn(_In):
    """A permanent tapped for something other than a mana ability (convoke, improvise, an
    ability's or an additional cost's tap); ``permanents`` (``[permanent]``) and ``use``
    (1): the group shape's keys."""

    permanent: Text
    for_: _TAP_PURPOSES = Field(alias="for")
    permanents: list[Text] | None = None
    use: Literal[1] | None = None

    @model_validator(mode="after")
    def _group_keys_agree(self) -> TappedIn:
        if self.permanents is not None and self.permanents != [self.permanent]:
            raise ValueError("permanents must be [%r], the permanent tapped" % self.permanent)
        return self


class OtherCostIn(_In):
    """A non-mana part of a card's cost and the objects chosen for it."""

    cost: Text
    chosen: list[Text]


class PaymentIn(_In):
    """One payment (``pay --best``'s ``best``)."""

    announced: Mana
    life: Life = 0
    paid_with_life: list[Mana] | None = None  # the Phyrexian symbols announced as life (601.2b)
    tapped_for_cost: list[TappedIn] = Field(default_factory=list)
    activations: list[ActivationIn] = Field(default_factory=list)
    exiled_for_delve: list[Text] = Field(default_factory=list)
    from_pool: list[Mana] = Field(default_factory=list)
    other_costs: list[OtherCostIn] | None = None
    # the objects chosen for each non-mana part, by the key answers give them
    # (manasolve.answers.CHOSEN_KEY; a test checks every key is here)
    sacrificed: list[Text] | None = None
    discarded: list[Text] | None = None
    exiled: list[Text] | None = None
    revealed: list[Text] | None = None
    returned: list[Text] | None = None
    tapped: list[Text] | None = None
    counters_removed_from: list[Text] | None = None
    collected: list[Text] | None = None
    energy: list[Text] | None = None


class GroupActivationIn(_In):
    """`use` of the interchangeable `permanents` activate `ability`, each adding `produces`."""

    permanents: list[Text] = Field(min_length=1)
    use: Use
    ability: Text
    produces: Mana
    sacrificed_to: list[Text] | None = None
    same_permanents_as_previous: bool | None = None
    riders: list[Text] | None = None


class TappedGroupIn(_In):
    permanents: list[Text] = Field(min_length=1)
    use: Use
    for_: _TAP_PURPOSES = Field(alias="for")


class DelveGroupIn(_In):
    cards: list[Text] = Field(min_length=1)
    use: Use


class PoolUseIn(_In):
    mana: Mana
    use: Use


class SharedPartIn(_In):
    cost: Text
    kept_from_payment: list[Text]


class PartChoiceIn(_In):
    choose: Count
    from_: list[Text] = Field(alias="from")


class PaymentGroupIn(_In):
    """One group of ``pay --all``'s ``payments``: `multiplicity` payments alike but for
    which interchangeable members are used."""

    multiplicity: Annotated[int, Field(ge=1)]
    announced: Mana
    life: Life = 0
    paid_with_life: list[Mana] | None = None
    activations: list[GroupActivationIn] = Field(default_factory=list)
    tapped_for_cost: list[TappedGroupIn] = Field(default_factory=list)
    exiled_for_delve: list[DelveGroupIn] = Field(default_factory=list)
    from_pool: list[PoolUseIn] = Field(default_factory=list)
    other_costs: list[SharedPartIn] | None = None
    # the objects each non-mana part may choose from, by the key answers give them
    sacrificed: PartChoiceIn | None = None
    discarded: PartChoiceIn | None = None
    exiled: PartChoiceIn | None = None
    revealed: PartChoiceIn | None = None
    returned: PartChoiceIn | None = None
    tapped: PartChoiceIn | None = None
    counters_removed_from: PartChoiceIn | None = None
    collected: PartChoiceIn | None = None
    energy: PartChoiceIn | None = None


class CandidateIn(PaymentGroupIn):
    """One of ``pay --candidates``'s ``candidates``: a group, with what it spends and leaves
    (read for the agent's choice; the group alone is the payment)."""

    mana: Mana | Literal[""]
    untapped: list[dict[str, Any]]
    castable: list[Text]
    levels: dict[str, int]
    levels_words: dict[str, str]


def checked_payment(payment: Any, player: str | None = None, where: str = "payment") -> tuple[dict, str | None]:
    """(the payment, who pays) after checking `payment` against the model: a best-shaped
    payment or a group (it has ``multiplicity``) as it is, a whole ``pay`` answer as its
    ``best`` with its ``player`` when `player` is None.  InputError naming the JSON path
    under `where` for anything that is not a payment."""
    if not isinstance(payment, dict):
        raise InputError(where, "a payment is an object: the \"best\" of a pay answer or one of its \"payments\"")
    if "best" in payment and "announced" not in payment:  # a whole pay answer
        best = payment["best"]
        if best is None:
            raise InputError(where + ".best", "the answer has no payment (the cost is not payable)")
        answer_player = payment.get("player")
        if answer_player is not None and not isinstance(answer_player, str):
            raise InputError(where + ".player", "must be a string")
        player, payment, where = player or answer_player, best, where + ".best"
        if not isinstance(payment, dict):
            raise InputError(where, "a payment is an object: the \"best\" of a pay answer")
    model = PaymentIn if "multiplicity" not in payment else CandidateIn if "levels_words" in payment else PaymentGroupIn
    try:
        model.model_validate(payment)
    except ValidationError as exc:
        raise validation_error(exc, model, prefix=where) from None
    return payment, player


def payment_value(payment: dict, where: str = "payment") -> PaymentIn:
    """The typed payment of a best-shaped payment in JSON (a group made one by
    `manasolve.payment_apply.group_as_payment`); InputError naming the JSON path under
    `where`, as `checked_payment` words it, for anything that is not one."""
    try:
        return PaymentIn.model_validate(payment)
    except ValidationError as exc:
        raise validation_error(exc, PaymentIn, prefix=where) from None
