"""Triggered abilities the solver resolves: attack triggers (508.1m; "attacks while
saddled", 702.171) with the resolutions it models (Caustic Bronco, Fortune, Golden-Tail
Trainer, a Mount's "it gets +N/+M"), and "Whenever this land becomes tapped, it deals N
damage to you" (City of Brass), which a best payment counts."""

from __future__ import annotations

import re
from dataclasses import dataclass

from manasolve.models.mana import SymbolKind
from manasolve.models.oracle.words import normalize
from manasolve.models.vocab import Vocabulary

_SADDLED_TRIGGER = re.compile(r"\b(?:when|whenever) (?:~|it) attacks while saddled\b", re.IGNORECASE)
_ATTACK_TRIGGER = re.compile(r"\b(?:when|whenever) ~ attacks\b(?! while saddled)", re.IGNORECASE)
_BRONCO = ("reveal the top card of your library and put it into your hand. You lose life equal to that card's "
           "mana value if ~ isn't saddled. Otherwise, each opponent loses that much life.")
_FORTUNE = ("Whenever ~ attacks while saddled, at end of combat, exile it and up to one creature that saddled it "
            "this turn, then return those cards to the battlefield under their owner's control.")
_TRAINER = re.compile(r"^Whenever ~ attacks, other modified creatures you control get \+X/\+X until end of turn, "
                      r"where X is ~'s power\.$")
_SELF_PUMP = re.compile(r"^Whenever ~ attacks while saddled, it gets \+(\d+|X)/\+(\d+|X) until end of turn"
                        r"(?:, where X is the number of (\w+)s you control)?\.$")
_TAPPED_TRIGGER = re.compile(r"Whenever this (?:land|artifact|creature|permanent) becomes tapped, "
                             r"it deals (\d+) damage to you\.")


class Resolution(Vocabulary):
    """The attack-trigger effects the solver resolves."""

    REVEAL_LIFE_LOSS = "reveal_life_loss"  # Caustic Bronco
    EXILE_AND_RETURN = "exile_and_return"  # Fortune, Loyal Steed
    PUMP_MODIFIED = "pump_modified"  # Golden-Tail Trainer: other modified creatures get +X/+X
    PUMP_SELF = "pump_self"  # "attacks while saddled, it gets +N/+M"


@dataclass(frozen=True)
class SelfPump:
    """"It gets +N/+M until end of turn": ``None`` for an X, which is the number of
    permanents of subtype ``counted`` its controller controls."""

    power: int | None
    toughness: int | None
    counted: str | None = None


@dataclass(frozen=True)
class AttackTrigger:
    """A "When(ever) ~ attacks [while saddled]" ability (the normalized line), and the
    resolution the solver models for it, if any."""

    text: str
    while_saddled: bool
    resolution: Resolution | None = None
    pump: SelfPump | None = None


@dataclass(frozen=True)
class Triggers:
    """The triggered abilities of a card's text that the solver reads."""

    attack: tuple[AttackTrigger, ...] = ()
    tapped_damage: int = 0  # "Whenever this land becomes tapped, it deals N damage to you."
    tapped_unread: tuple[str, ...] = ()  # other lines about becoming tapped, not read


def _attack_trigger(line: str) -> AttackTrigger | None:
    saddled = bool(_SADDLED_TRIGGER.search(line))
    if not saddled and not _ATTACK_TRIGGER.search(line):
        return None
    if line.endswith(_BRONCO):
        return AttackTrigger(line, saddled, Resolution.REVEAL_LIFE_LOSS)
    if line == _FORTUNE:
        return AttackTrigger(line, saddled, Resolution.EXILE_AND_RETURN)
    if _TRAINER.match(line):
        return AttackTrigger(line, saddled, Resolution.PUMP_MODIFIED)
    if m := _SELF_PUMP.match(line):
        power, toughness = (None if g == SymbolKind.X else int(g) for g in m.group(1, 2))
        return AttackTrigger(line, saddled, Resolution.PUMP_SELF, SelfPump(power, toughness, m.group(3)))
    return AttackTrigger(line, saddled)


def read_triggers(name: str, text: str) -> Triggers:
    """The attack triggers and "becomes tapped" damage of a card's text."""
    lines = [ln.strip() for ln in normalize(text, name).split("\n") if ln.strip()]
    attack = tuple(t for t in map(_attack_trigger, lines) if t is not None)
    damage = sum(int(m.group(1)) for m in _TAPPED_TRIGGER.finditer(text))
    unread = tuple(line for line in text.splitlines() if "becomes tapped" in line and not _TAPPED_TRIGGER.fullmatch(line))
    return Triggers(attack, damage, unread)
