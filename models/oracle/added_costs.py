"""Cost keywords that add to a spell's cost, change how it is cast, or are paid from
another zone, read from one sentence of a card's text (normalized: the card's name as
``~``, reminder text gone):

* optional additional costs (118.8b): Entwine (702.42), Gift (702.174), Bargain
  (702.166), Casualty N (702.153), Squad (702.157, any number of times), Escalate
  (702.120, once per mode beyond the first), Conspire (702.78), Spree (702.172: the
  "Spree" line; its "+ {cost} —" modes are read by `spell_costs`);
* Cleave (702.148): an alternative cost;
* Morph, Megamorph (702.37) and Disguise (702.168): the card may be cast face down for
  {3} (an alternative cost, 702.37c/702.168a) and turned face up for the keyword's cost
  (a special action, 116.2b);
* Strive: "costs {2}{W} more to cast for each target beyond the first" (601.2f);
  Undaunted (702.125): {1} less for each opponent;
* abilities of a card in another zone: Unearth, Embalm, Eternalize (from the graveyard,
  sorcery timing: 702.84a, 702.128a, 702.129a) and Ninjutsu (from the hand, returning an
  unblocked attacker you control: 702.49a), and a permanent's "Ninjutsu abilities you
  activate cost {1} less to activate." (602.2b, 601.2f);
* Splice onto Arcane (702.47): its cost is added to an Arcane spell it is spliced onto;
  Fuse (702.102): both halves of a split card cast from the hand together; Aftermath
  (702.127): this half is cast only from the graveyard.

`read_added_cost` answers None for a sentence that is none of these; a keyword sentence
it cannot read answers (field, None): not understood, never guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from manasolve.models.mana import ManaCost
from manasolve.models.oracle.costs import CostPart, parse_cost_part, read_non_mana_part
from manasolve.models.oracle.words import SYMBOLS, filter_alternatives
from manasolve.models.request import Alternative
from manasolve.models.vocab import Vocabulary


class OptionalKind(Vocabulary):
    """Optional additional costs (118.8b)."""

    KICKER = "kicker"  # 702.33
    MULTIKICKER = "multikicker"  # 702.33c: any number of times
    BUYBACK = "buyback"  # 702.27a: an optional additional cost
    OFFSPRING = "offspring"  # 702.175a: an optional additional cost
    REPLICATE = "replicate"  # 702.56a: an additional cost paid any number of times
    OPTIONAL = "optional"  # "As an additional cost to cast this spell, you may ..."
    ENTWINE = "entwine"  # 702.42a: pay it to choose every mode
    GIFT = "gift"  # 702.174a: "you may choose an opponent" (no mana, no object)
    BARGAIN = "bargain"  # 702.166a: "you may sacrifice an artifact, enchantment, or token"
    CASUALTY = "casualty"  # 702.153a: "you may sacrifice a creature with power N or greater"
    SQUAD = "squad"  # 702.157a: any number of times
    SPREE = "spree"  # 702.172a: one mode's "+ {cost}"; one or more of them must be chosen
    SPLICE = "splice"  # 702.47a: another card in hand spliced onto this spell (solver.total_cost)
    ESCALATE = "escalate"  # 702.120a: once for each mode chosen beyond the first
    CONSPIRE = "conspire"  # 702.78a: tap two untapped creatures that share a colour with it


# How the sentences read here begin (spell_costs looks only at cost sentences): a keyword
# alone, or followed by its cost ("Gift of Chaos —" is a card name, not the keyword).
ADDED_COST_START = re.compile(
    r"^(?:(?:Fuse|Spree|Undaunted|Bargain|Conspire|Aftermath)\.?$|Gift an? |Splice onto |This cost is reduced"
    r"|(?:Entwine|Squad|Escalate|Cleave|Morph|Megamorph|Disguise|Unearth|Embalm|Eternalize|Ninjutsu|Casualty)"
    r"(?:—| \{| \d| X\b| [A-Z]| abilities you activate))")

FACE_DOWN_COST = "{3}"  # 702.37c, 702.168a: a face-down spell is cast for {3}
NINJUTSU_RETURN = "Return an unblocked attacker you control to its owner's hand"  # 702.49a


class FaceUpKind(Vocabulary):
    """The keyword that lets a face-down permanent be turned face up (116.2b)."""

    MORPH = "morph"  # 702.37a
    MEGAMORPH = "megamorph"  # 702.37b: also a +1/+1 counter
    DISGUISE = "disguise"  # 702.168a: face down with ward {2}


@dataclass(frozen=True)
class FaceUpCost:
    """What turning this card face up costs (702.37e, 702.168d), by which keyword."""

    kind: FaceUpKind
    cost: CostPart


class ZoneAbilityKind(Vocabulary):
    """A keyword ability activated while the card is in a hidden or public zone."""

    UNEARTH = "unearth"  # 702.84a: from the graveyard, sorcery timing
    EMBALM = "embalm"  # 702.128a: exile it from the graveyard, sorcery timing
    ETERNALIZE = "eternalize"  # 702.129a: exile it from the graveyard, sorcery timing
    NINJUTSU = "ninjutsu"  # 702.49a: from the hand, return an unblocked attacker


# where each is activated from, and whether only at sorcery timing
ZONE_OF = {ZoneAbilityKind.UNEARTH: "graveyard", ZoneAbilityKind.EMBALM: "graveyard",
           ZoneAbilityKind.ETERNALIZE: "graveyard", ZoneAbilityKind.NINJUTSU: "hand"}
SORCERY_TIMING = (ZoneAbilityKind.UNEARTH, ZoneAbilityKind.EMBALM, ZoneAbilityKind.ETERNALIZE)


@dataclass(frozen=True)
class ZoneAbility:
    """An activated keyword ability of the card in its `zone` (``graveyard``, ``hand``)."""

    kind: ZoneAbilityKind
    cost: CostPart

    @property
    def zone(self) -> str:
        return ZONE_OF[self.kind]


@dataclass(frozen=True)
class Splice:
    """Splice onto <spells> (702.47a): while this card is in the hand, its cost may be
    added to a spell with one of the `onto` filter-word alternatives."""

    onto: tuple[tuple[str, ...], ...]
    cost: CostPart


def _part(text: str) -> CostPart:
    """A cost of one non-mana part whose text `parse_cost_part` would split at commas."""
    return CostPart(other=(read_non_mana_part(text),), text=text)


def read_added_cost(sentence: str) -> tuple[str, object] | None:
    """(the SpellCosts field, what it holds) for a sentence of one of these keywords; the
    value None when the keyword's sentence is not understood; None for other sentences."""
    s = sentence.rstrip(".")
    if s in ("Fuse", "Spree", "Undaunted", "Aftermath"):
        return s.lower(), True
    if s == "Bargain":  # 702.166a
        return "optional", ("bargain", _part("Sacrifice an artifact, enchantment, or token"))
    if s == "Conspire":  # 702.78a
        return "optional", ("conspire", _part("Tap two untapped creatures you control that share a color with it"))
    if m := re.fullmatch(r"Casualty (\d+)", s):  # 702.153a
        return "optional", ("casualty", _part("Sacrifice a creature with power %s or greater" % m.group(1)))
    if re.fullmatch(r"Gift an? [A-Za-z ]+", s):  # 702.174a: "you may choose an opponent"
        return "optional", ("gift", CostPart(text="choose an opponent (%s)" % s.lower()))
    if m := re.fullmatch(r"(Unearth|Embalm|Eternalize|Ninjutsu) abilities you activate cost (\{\d+\}) less to activate", s):
        return "ability_reductions", (ZoneAbilityKind(m.group(1).lower()), ManaCost.parse(m.group(2)))
    m = re.fullmatch(r"(Entwine|Squad|Escalate|Cleave|Morph|Megamorph|Disguise|Unearth|Embalm|Eternalize|Ninjutsu)"
                     r"(?:—| )(.+)", s)
    if m:
        kind, cost = m.group(1).lower(), parse_cost_part(m.group(2))
        if kind == OptionalKind.ENTWINE:
            return "optional", (kind, cost) if cost else None
        if kind in (OptionalKind.SQUAD, OptionalKind.ESCALATE):
            return "multikicker", (kind, cost) if cost else None
        if kind == Alternative.CLEAVE:
            return "alternative", (kind, cost) if cost else None
        if kind in (FaceUpKind.MORPH, FaceUpKind.MEGAMORPH, FaceUpKind.DISGUISE):
            return "face_up", FaceUpCost(FaceUpKind(kind), cost) if cost else None
        if cost is not None and kind == ZoneAbilityKind.NINJUTSU:
            cost = CostPart(cost.mana, cost.life, cost.other + (read_non_mana_part(NINJUTSU_RETURN),),
                            "%s, %s" % (cost.text, NINJUTSU_RETURN))
        return "zone_abilities", ZoneAbility(ZoneAbilityKind(kind), cost) if cost else None
    if m := re.fullmatch(r"Splice onto (.+?)(?:—| )(%s|[A-Z].+)" % SYMBOLS, s):
        onto, cost = filter_alternatives(m.group(1)), parse_cost_part(m.group(2))
        return "splice", Splice(onto, cost) if onto and cost else None
    if m := re.fullmatch(r"~ costs (%s) more to cast for each target beyond the first" % SYMBOLS, s):  # Strive
        return "per_extra_target", ManaCost.parse(m.group(1))
    if ADDED_COST_START.match(sentence):
        return "", None  # a sentence of one of these keywords no template reads
    return None
