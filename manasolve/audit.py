"""``audit``: is the payment an engine chose legal, and is there a strictly better one?

Legality: the announcement must be one of the cost's (601.2b); then the payment is carried
out on a copy of the board (`PlayBoard.apply`, which refuses it in the words ``board.apply``
uses: a permanent that is missing, tapped (107.5), untapped for {Q} (107.6), summoning
sick (302.6) or someone else's (602.2), an ability it lacks or mana it does not add
(605.1), activations that cost mana without mana made before them (601.2g), more life
than the life total (119.4), mana that does not pay the announced cost (601.2h), counters
or energy it lacks (118.3)); then what only the cost tells: mana with a spend restriction
may be spent on what is paid (106.6: the audited card), and the life paid must be exactly
what the announced Phyrexian symbols and the activations' life costs take (601.2h).  The
answer names the first rule broken.

Better: the engine's payment and manasolve's ``pay --best`` payment are both carried out
and measured by the same criteria, in the same order (`manasolve.solver.best`): keep
costs still payable afterwards (with the pool emptied), life lost (life paid, painland
damage, "whenever this becomes tapped" damage), permanents sacrificed and cards exiled
from hand for mana, mana left unspent, colours untapped sources could still make with a
free ability, flexibility of the sources used (mana types each could produce), creatures
tapped.  ``better`` is true when the best payment is strictly smaller lexicographically.
Only manasolve's best payment is compared: ``better: false`` means that payment is not
better, which for the default criteria means no strictly better payment exists as far as
these measures agree with the solver's.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING, Any

from manasolve.models.board import Board, InputError
from manasolve.models.board_edits import BoardEdit, EditKind
from manasolve.models.mana import COLORS, CostSyntaxError, ManaCost, Requirement
from manasolve.models.payment import PaymentIn, checked_payment, payment_value
from manasolve.models.request import Mode, PaymentRequest
from manasolve.payment_apply import group_as_payment
from manasolve.results import AuditAnswer, Broken
from manasolve.session import PlayBoard
from manasolve.solver.carry_out import activation_ability
from manasolve.solver.resources import restricted_flags
from manasolve.solver.results import BestFound

if TYPE_CHECKING:
    from manasolve.models.carddb import CardDB
    from manasolve.solver.resources import SpellBeingCast

_RULE = re.compile(r"\((\d{3}\.\d+[a-z]?)")


def audit_payment(board: PlayBoard | dict | str, db: CardDB | None, payment: Any, paid: PaymentRequest) -> AuditAnswer:
    """The ``audit`` answer for `payment` of what `paid` pays (a cost, or a card's total)
    on `board` (a PlayBoard, or board JSON read with `db`): ``legal``, ``broken`` (the
    first rule broken: rule, path, message), ``levels`` (the payment's value on each
    criterion, lower is better), ``best`` and ``best_levels`` (manasolve's best payment of
    `paid`, by its Ask's keep and order, measured the same way), ``better`` and ``why``."""
    from manasolve.answers import payment_json  # CP-SAT when audited: start-up light
    from manasolve.solver.best import compared, levels_words, parse_order
    from manasolve.questions import solve

    if not isinstance(board, PlayBoard):
        if isinstance(board, Board):
            raise TypeError("audit needs the board as JSON (a dict or a file) or a PlayBoard, not a resolved Board")
        board = PlayBoard(board, db)
    payment, player = checked_payment(payment, paid.player)  # bad input (not a payment) before any question
    paid = dataclasses.replace(paid, player=player, ask=dataclasses.replace(paid.ask, mode=Mode.BEST))
    solved = solve("pay", board.resolved, paid)  # as api.pay asks it (its time limit too)
    found = solved.found
    assert isinstance(found, BestFound)
    best_payment = None if found.best is None else payment_json(found.best)  # carried out as a client's would be
    player = solved.player
    criteria = list(parse_order(paid.order))
    keeps = list(found.keep or ())
    levels: dict[str, int] | None = None
    best_levels: dict[str, int] | None = None
    broken: Broken | None = None
    try:
        typed = payment_value(group_as_payment(payment) if "multiplicity" in payment else payment)
        life = _announcement(typed, solved.cost)
        measured = _levels(board, typed, player, keeps, criteria)  # carried out: board.apply's checks
        _spent(board, typed, life, player, _payee(board, player, paid))
        levels = measured
    except InputError as exc:
        rule = _RULE.search(exc.message)
        broken = Broken(rule.group(1) if rule else None, exc.where, exc.message)
    if best_payment is not None:
        best_levels = _levels(board, payment_value(best_payment), player, keeps, criteria)
    better, why = False, None
    if levels is not None and best_levels is not None:
        mine, theirs = levels, best_levels
        worse = next((c for c in criteria if mine[c] != theirs[c]), None)
        better = worse is not None and theirs[worse] < mine[worse]
        why = ("manasolve's best payment is better on %s: it %s" % (
            worse, compared(worse, theirs[worse], mine[worse], "this payment")) if worse is not None and better else
            "the payment is as good as manasolve's best by %s" % ", ".join(criteria) if worse is None else
            "the payment is better than manasolve's best on %s by these measures" % worse)
    elif broken is not None:
        better = best_payment is not None
        why = "the payment is not legal (%s)" % broken.message + (
            "; manasolve's best payment is given under \"best\"" if best_payment is not None else "; the cost can't be paid")
    return AuditAnswer(solved.cost, player, broken is None, broken, levels, found.best, best_levels, better, why,
                       card=solved.cast.card if solved.cast is not None else None,
                       levels_words=levels_words(levels) if levels is not None else None,  # the same values in words
                       best_levels_words=levels_words(best_levels) if best_levels is not None else None)


def _payee(board: PlayBoard, player: str, paid: PaymentRequest) -> SpellBeingCast | None:
    """What the payment pays as spend restrictions see it (106.6): the card's spell (or
    its keyword ability) when a card is audited, None for a bare cost."""
    from manasolve.solver.payable import ability_being_paid, spell_being_cast  # keeps start-up light
    from manasolve.solver.total_cost import total_cost

    if paid.cast is None:
        return None
    plan = total_cost(board.resolved, player, paid.cast)
    return ability_being_paid(plan) if plan.ability else spell_being_cast(board.resolved, plan)


def _requirement(text: str) -> Requirement | None:
    """What the announced cost `text` asks for, whatever its symbols' order (None if it is
    no announced cost)."""
    try:
        return Requirement.of(ManaCost.parse(text).symbols)
    except (CostSyntaxError, ValueError):
        return None


def _announcement(payment: PaymentIn, cost: str) -> int:
    """The life the cost's announcement that the payment's ``announced`` is takes (its
    Phyrexian symbols paid with life); InputError if it is none of the cost's
    announcements (601.2b; the order of its symbols means nothing, 202.1)."""
    try:
        announcements = ManaCost.parse(cost).announcements()
    except CostSyntaxError as exc:
        raise InputError("cost", str(exc)) from None
    texts = {a.text: a.requirement.life for a in announcements}
    announced = payment.announced
    by_requirement = {_requirement(text): text for text in texts}
    # (announced: a string, as the payment model checked)
    same = announced if announced in texts else by_requirement.get(_requirement(announced)) if isinstance(announced, str) else None
    if same is None:
        raise InputError("payment.announced", "%r is not an announcement of %s (601.2b; it has %s)" % (
            announced, cost, ", ".join(sorted(texts))))
    if payment.paid_with_life is not None:  # which Phyrexian symbols the life paid for: one of those announcements'
        named = sorted(payment.paid_with_life)
        valid = sorted({a.paid_with_life for a in announcements if a.text == same}, key=lambda p: (len(p), p))
        if tuple(named) not in {tuple(sorted(p)) for p in valid}:
            raise InputError("payment.paid_with_life", "%s announced %s pays life for %s, not %s (601.2b)" % (
                cost, same, " or ".join(str(list(p)) for p in valid), list(payment.paid_with_life)))
    return texts[same]


def _spent(board: PlayBoard, payment: PaymentIn, life: int, player: str, payee: SpellBeingCast | None) -> None:
    """The checks only the cost tells, after the payment is carried out as
    ``board.apply`` carries it out (which checks everything else, in the same words):
    spend restrictions on what is paid (106.6) and the life paid exactly what the
    announcement (its Phyrexian symbols, `life`) and the activations' costs take (601.2h)."""
    for k, act in enumerate(payment.activations):
        at = "payment.activations[%d]" % k
        perm, ab = activation_ability(board.resolved, act, player, at)
        if ab.restriction is not None and (payee is None or perm is None
                                           or restricted_flags(ab.restriction, payee, perm) is None):
            raise InputError(at, "%s's mana from %r can't be spent on %s (106.6)" % (
                act.permanent, ab.text, "a bare cost" if payee is None else payee.name or "this cost"))
        life += ab.cost.life
    _check_life(payment, life)


def _check_life(payment: PaymentIn, life: int) -> None:
    """601.2h: the payment's ``life`` (0 when left out) is exactly the life its announced
    Phyrexian symbols and its activations' "Pay N life" costs take, `life`: less is an
    underpayment, more pays life no cost asks for."""
    if payment.life != life:
        raise InputError("payment.life", "the payment pays %d life; announced %s and its activations take exactly %d "
                                         "(601.2h)" % (payment.life, payment.announced, life))


def _levels(board: PlayBoard, payment: PaymentIn, player: str, keeps: list[str], criteria: list[str]) -> dict[str, int]:
    """The payment's value on each criterion (lower is better), measured on the board
    after it is carried out."""
    from manasolve.solver.best import could_attack, tapped_trigger_damage  # keeps start-up light
    from manasolve.solver.production import could_produce, mana_abilities

    before = board.resolved
    after = board.copy()
    done = after.position.push(payment, player)
    assert done is not None
    after.position.push([BoardEdit(EditKind.MANA_POOL, (("player", player), ("set", "")))])
    used = [a.permanent for a in payment.activations] + [t.permanent for t in payment.tapped_for_cost]
    could = could_produce(before)
    left: set[str] = set()
    for perm in after.resolved.controlled_by(player):
        if not perm.tapped and perm.id not in used:
            for ab in mana_abilities(after.resolved, perm):
                if not ab.cost.mana.symbols and (perm.can_use_tap_abilities or not (ab.cost.tap or ab.cost.untap)):
                    left.update(t for o in ab.options for t in o if t in COLORS)
    levels = {
        "keep": -sum(after.payable(k) if k.startswith("{") else after.payable(card=k) for k in keeps),
        "life": done.life_lost + sum(tapped_trigger_damage(before.get(pid)) for pid in done.tapped),
        "sacrifice": len(done.sacrificed) + sum(1 for e in done.exiled if e.startswith("hand[")),
        "waste": len(ManaCost.parse(done.floating or "{0}").symbols),
        "colors": -len(left),
        "flexibility": sum(len(could.get(pid, ())) for pid in used if pid in could),
        "attackers": sum(1 for pid in set(done.tapped) | set(done.sacrificed)
                         if could_attack(before, player, before.get(pid))),
        "creatures": sum(1 for pid in done.tapped if before.get(pid).is_creature),
    }
    return {c: levels[c] for c in criteria}
