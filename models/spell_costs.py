"""Spell-cost text as data: alternative costs, additional costs and cost modifiers.

Read here, from a card's oracle text (exact templates only):

* alternative costs (118.9): ``Flashback`` (702.34; any number of instances, mana and
  non-mana parts, e.g. "Flashback—{1}{G}, Pay 3 life"), ``Overload``, ``Evoke``;
* optional additional costs (118.8b): ``Kicker`` (702.33, also "Kicker {R} and/or {W}"),
  ``Multikicker`` and "As an additional cost to cast this spell, you may ...";
* mandatory additional costs: "As an additional cost to cast this spell, sacrifice a
  creature." and the like;
* cost modifiers a permanent applies to spells (601.2f): "Noncreature spells cost {1}
  more to cast.", "Aura and Equipment spells you cast cost {X} less to cast, where X is
  this creature's power.", "Green spells you cast cost {G} more to cast.", ...;
* the spell's own reductions: "Affinity for artifacts" (702.41) and "This spell costs {1}
  less to cast for each artifact you control / instant card in your graveyard".

Every cost-related sentence that matches no template is returned in ``not_understood``
(never guessed).  Nothing here evaluates a board: that is the total-cost pipeline's job.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from manasolve.models.cards import Card, NotUnderstood, has_filter_words
from manasolve.models.mana import CostSyntaxError, ManaCost
from manasolve.models.oracle import filter_words, normalize, number_word, template_of

_SYMBOLS = r"(?:\{[^{}]+\})+"
_COST_WORDS = re.compile(
    r"^(?:Flashback|Kicker|Multikicker|Overload|Evoke|Affinity for)\b|additional cost|(?:more|less) to cast"
    r"|rather than pay|\bflashback\b|\bcosts? [a-z]+ mana to cast"
)
# Verbs that begin a non-mana cost part we recognise (kept as text; paying them is the
# solver's business, which reports them as not modelled).
_NON_MANA_VERBS = ("Sacrifice", "Discard", "Tap", "Exile", "Return", "Reveal", "Remove", "Collect", "Put", "Behold")


@dataclass(frozen=True)
class CostPart:
    """One cost as printed after a keyword or "additional cost": its mana part, life to
    pay, and the other (non-mana) parts as written, e.g. ``("Sacrifice a Mountain",)``."""

    mana: ManaCost = field(default_factory=ManaCost)
    life: int = 0
    other: tuple[str, ...] = ()
    text: str = ""

    @property
    def has_x(self) -> bool:
        """Whether this cost mentions X (in its mana or its other parts; 107.3b)."""
        return self.mana.has_x or any(re.search(r"\bX\b", o) for o in self.other)

    def __str__(self) -> str:
        return self.text or str(self.mana)


@dataclass(frozen=True)
class AltCost:
    """An alternative cost (118.9): kind ``flashback``, ``overload``, ``evoke`` or
    ``alternative`` ("You may sacrifice two Mountains rather than pay this spell's mana
    cost"), usable only while its caster controls a permanent with every word of
    ``if_you_control`` (empty: always)."""

    kind: str
    cost: CostPart
    if_you_control: tuple[str, ...] = ()


@dataclass(frozen=True)
class OptionalCost:
    """An optional additional cost (118.8b): kind ``kicker``, ``multikicker`` (any number
    of times, 702.33c) or ``optional`` ("As an additional cost ..., you may ...")."""

    kind: str
    cost: CostPart

    @property
    def repeatable(self) -> bool:
        return self.kind == "multikicker"


@dataclass(frozen=True)
class AdditionalCost:
    """A mandatory additional cost (118.8): must be paid whichever way the spell is cast.
    With ``alternatives``, the caster pays `cost` or one of them ("reveal a Goblin card
    from your hand or pay {3}")."""

    cost: CostPart
    alternatives: tuple[CostPart, ...] = ()

    @property
    def sides(self) -> tuple[CostPart, ...]:
        """Every cost the caster may choose to pay."""
        return (self.cost, *self.alternatives)


@dataclass(frozen=True)
class CostModifier:
    """A static cost increase or reduction a permanent applies to spells (601.2f).

    direction: ``more`` or ``less``; amount: the cost per application ({1}, {G}, {X});
    x_is_power: the amount's X is the source's power (Golden-Tail Trainer); spells: the
    alternatives a spell must match one of (each a tuple of filter words, see
    `card_matches`), empty = every spell; casters: ``you``, ``opponents`` or ``all``."""

    direction: str
    amount: ManaCost
    x_is_power: bool = False
    spells: tuple[tuple[str, ...], ...] = ()
    casters: str = "all"
    text: str = ""
    per_other_spell: bool = False  # "for each other spell that player has cast this turn"


@dataclass(frozen=True)
class CostFloor:
    """"As long as ~ is untapped, each spell that would cost less than three mana to cast
    costs three mana to cast." (Trinisphere): applied after every increase and reduction
    (601.2f), only while the source is untapped when ``while_untapped``."""

    mana: int
    while_untapped: bool = False
    text: str = ""


@dataclass(frozen=True)
class SelfReduction:
    """The spell's own reduction: ``amount`` times the number ``counting`` says, read with
    the objects matching one of ``per`` (filter-word tuples): ``battlefield`` (each
    permanent its caster controls), ``graveyard`` (each card in its caster's graveyard),
    ``if_control`` (once if its caster controls one), ``mana_value`` (their total mana
    value), ``opponent_most`` (the most one opponent controls), ``counters`` (each counter
    on a permanent), ``paid`` (once when the optional cost whose text begins with
    ``if_paid`` is paid: "if evidence was collected", "if it was kicked").  Affinity is
    one (702.41)."""

    amount: ManaCost
    per: tuple[tuple[str, ...], ...]
    counting: str = "battlefield"
    text: str = ""
    if_paid: str = ""


@dataclass
class SpellCosts:
    """What a card's text says about casting costs: what was understood, what was not."""

    card: str
    flashback: list[AltCost] = field(default_factory=list)
    alternative: list[AltCost] = field(default_factory=list)  # overload, evoke
    kicker: list[OptionalCost] = field(default_factory=list)
    multikicker: list[OptionalCost] = field(default_factory=list)
    optional: list[OptionalCost] = field(default_factory=list)  # "you may ..." additional costs
    additional: list[AdditionalCost] = field(default_factory=list)  # mandatory
    modifiers: list[CostModifier] = field(default_factory=list)
    floors: list[CostFloor] = field(default_factory=list)
    self_reductions: list[SelfReduction] = field(default_factory=list)
    not_understood: list[NotUnderstood] = field(default_factory=list)

    @property
    def optional_costs(self) -> list[OptionalCost]:
        """Every optional additional cost, in announcement order: kickers, multikickers,
        then "you may" costs."""
        return self.kicker + self.multikicker + self.optional


def parse_cost_part(text: str) -> CostPart | None:
    """``{1}{G}, Pay 3 life`` → CostPart; None if a part is neither mana, life nor a
    recognised non-mana action."""
    text = text.strip().rstrip(".")
    mana = ManaCost()
    life = 0
    other: list[str] = []
    # "pay {1} and return a basic land ...": " and " joins parts too when a verb follows.
    verbs = "|".join(v.lower() for v in _NON_MANA_VERBS)
    for part in (p.strip() for p in re.split(r",\s*(?:and\s+)?|\s+and\s+(?=(?:%s)\b)" % verbs, text)):
        if re.fullmatch(_SYMBOLS, part):
            try:
                mana = mana + ManaCost.parse(part)
            except CostSyntaxError:
                return None
        elif m := re.fullmatch(r"[Pp]ay (\d+) life", part):
            life += int(m.group(1))
        elif m := re.fullmatch(r"[Pp]ay (%s)" % _SYMBOLS, part):
            try:
                mana = mana + ManaCost.parse(m.group(1))
            except CostSyntaxError:
                return None
        elif part and part.split()[0].capitalize() in _NON_MANA_VERBS and "{" not in part:
            other.append(part[0].upper() + part[1:])
        else:
            return None
    return CostPart(mana, life, tuple(other), text)


def spell_filter(phrase: str) -> tuple[tuple[str, ...], ...] | None:
    """"Aura and Equipment" → (("Aura",), ("Equipment",)); "" → () (every spell);
    "white creature" → (("white", "Creature"),); None if a word is unknown."""
    phrase = phrase.strip()
    if not phrase:
        return ()
    out = []
    for alt in re.split(r",\s*(?:and |or )?|\s+and\s+|\s+or\s+", phrase):
        words = filter_words(alt) if alt else None
        if words is None:
            return None
        out.append(words)
    return tuple(out)


def card_matches(card: Card, words: tuple[str, ...]) -> bool:
    """Whether a card (as a spell or card) has every filter word: a type, supertype or
    subtype ("Creature", "Aura"), ``non-X`` (lacks type X), or a colour word."""
    return has_filter_words(set(card.types) | set(card.subtypes) | set(card.supertypes), card.color_set, words)


def _modifier(sentence: str) -> CostModifier | None:
    m = re.fullmatch(
        r"(?:(.*?) )?[Ss]pells (you cast |your opponents cast )?cost (%s) (more|less) to cast"
        r"(?:, where X is ~'s power)?\." % _SYMBOLS, sentence)
    if not m:
        return None
    spells = spell_filter(m.group(1) or "")
    if spells is None:
        return None
    amount = ManaCost.parse(m.group(3))
    x_is_power = sentence.endswith("where X is ~'s power.")
    if amount.has_x != x_is_power or any(s.needs_announcement for s in amount.symbols):
        return None  # an undefined X, or a hybrid reduction (118.7e) we don't model
    casters = {"you cast ": "you", "your opponents cast ": "opponents", None: "all"}[m.group(2)]
    return CostModifier(m.group(4), amount, x_is_power, spells, casters, sentence)


def _self_reduction(sentence: str) -> SelfReduction | None:
    m = re.fullmatch(r"Affinity for (.+)", sentence.rstrip("."))
    if m:
        per = spell_filter(m.group(1))
        return SelfReduction(ManaCost.parse("{1}"), per, "battlefield", sentence) if per else None
    m = re.fullmatch(r"~ costs (\{\d+\}) less to cast for each (.+?) (you control|in your graveyard)\.", sentence)
    if m:
        per = spell_filter(m.group(2))
        counting = "battlefield" if m.group(3) == "you control" else "graveyard"
        return SelfReduction(ManaCost.parse(m.group(1)), per, counting, sentence) if per else None
    m = re.fullmatch(r"~ costs (\{\d+\}) less to cast if you control an? (.+?)\.", sentence)
    if m:
        per = spell_filter(m.group(2))
        return SelfReduction(ManaCost.parse(m.group(1)), per, "if_control", sentence) if per else None
    m = re.fullmatch(r"~ costs \{X\} less to cast, where X is the total mana value of (.+?) you control\.", sentence)
    if m:
        per = spell_filter(m.group(1))
        return SelfReduction(ManaCost.parse("{1}"), per, "mana_value", sentence) if per else None
    m = re.fullmatch(r"~ costs \{X\} less to cast, where X is the greatest number of (.+?) an opponent controls\.",
                     sentence)
    if m:
        per = spell_filter(m.group(1))
        return SelfReduction(ManaCost.parse("{1}"), per, "opponent_most", sentence) if per else None
    if sentence == "~ costs {1} less to cast for each counter among players and permanents.":
        return SelfReduction(ManaCost.parse("{1}"), ((),), "counters", sentence)
    m = re.fullmatch(r"~ costs (\{\d+\}) less to cast if (evidence was collected|it was kicked|~ was kicked)\.", sentence)
    if m:
        paid = "collect evidence" if m.group(2).startswith("evidence") else "kicker"
        return SelfReduction(ManaCost.parse(m.group(1)), (), "paid", sentence, paid)
    return None


def _sentences(line: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=\.)\s+", line) if s.strip()]


def parse_spell_costs(card: Card) -> SpellCosts:
    """Everything the card's text says about the cost of casting spells: its own
    alternative and additional costs, its self-reductions, and the modifiers it applies
    to other spells while on the battlefield; unreadable cost sentences are listed in
    ``not_understood``."""
    out = SpellCosts(card.name)
    shown_lines = re.sub(r"\s*\([^()]*\)", "", card.text).split("\n")
    for line, shown in zip(normalize(card.text, card.name).split("\n"), shown_lines):
        line = re.sub(r"^[A-Z][A-Za-z' -]* — (?=\S)", "", line.strip())  # ability word (207.2c)
        sentences, originals = _sentences(line), _sentences(shown.strip())
        if len(originals) != len(sentences):
            originals = sentences
        for sentence, original in zip(sentences, originals):
            if _COST_WORDS.search(sentence) and not _read_sentence(sentence, original, out):
                out.not_understood.append(NotUnderstood(card.name, original, template_of(sentence)))
    return out


def _read_sentence(sentence: str, original: str, out: SpellCosts) -> bool:
    """Record one sentence (normalized; `original` as printed) in `out`; False if it
    matches no template."""
    m = re.fullmatch(r"(Flashback|Overload|Evoke|Multikicker)(?:—| )(.+?)\.?", sentence)
    if m:
        cost = parse_cost_part(m.group(2))
        if cost is None:
            return False
        kind = m.group(1).lower()
        if kind == "flashback":
            out.flashback.append(AltCost(kind, cost))
        elif kind == "multikicker":
            out.multikicker.append(OptionalCost(kind, cost))
        else:
            out.alternative.append(AltCost(kind, cost))
        return True
    m = re.fullmatch(r"Kicker(?:—| )(.+?)\.?", sentence)
    if m:
        parts = [parse_cost_part(p) for p in m.group(1).split(" and/or ")]
        if any(p is None for p in parts):
            return False
        out.kicker.extend(OptionalCost("kicker", p) for p in parts if p is not None)
        return True
    m = re.fullmatch(r"As an additional cost to cast ~, (.+) or (pay \{[^.]+\})\.", sentence)
    if m:  # "reveal a Goblin card from your hand or pay {3}": one side or the other
        sides = [parse_cost_part(m.group(1)), parse_cost_part(m.group(2))]
        if None in sides or " or " in m.group(1):
            return False
        out.additional.append(AdditionalCost(sides[0], (sides[1],)))
        return True
    m = re.fullmatch(r"As an additional cost to cast ~, (you may )?(.+)\.", sentence)
    if m:
        cost = parse_cost_part(m.group(2))
        if cost is None or " or " in m.group(2):
            return False  # another choice between costs: not modelled
        if m.group(1):
            out.optional.append(OptionalCost("optional", cost))
        else:
            out.additional.append(AdditionalCost(cost))
        return True
    m = re.fullmatch(r"(?:If you control an? ([A-Za-z ]+?), y|Y)ou may (.+?) rather than pay ~'s mana cost\.", sentence)
    if m:
        cost = parse_cost_part(m.group(2))
        condition = filter_words(m.group(1)) if m.group(1) else ()
        if cost is None or condition is None:
            return False
        out.alternative.append(AltCost("alternative", cost, condition))
        return True
    m = re.fullmatch(r"Each spell a player casts costs (\{\d+\}) more to cast for each other spell that player "
                     r"has cast this turn\.", sentence)
    if m:  # Damping Sphere
        out.modifiers.append(CostModifier("more", ManaCost.parse(m.group(1)), text=original, per_other_spell=True))
        return True
    m = re.fullmatch(r"(As long as ~ is untapped, )?each spell that would cost less than (\w+) mana to cast costs "
                     r"\2 mana to cast\.", sentence, flags=re.IGNORECASE)
    if m and number_word(m.group(2)):  # Trinisphere
        out.floors.append(CostFloor(number_word(m.group(2)), bool(m.group(1)), original))
        return True
    mod = _modifier(sentence)
    if mod is not None:
        out.modifiers.append(replace(mod, text=original))
        return True
    red = _self_reduction(sentence)
    if red is not None:
        out.self_reductions.append(replace(red, text=original))
        return True
    return False


__all__ = [
    "AdditionalCost", "AltCost", "CostFloor", "CostModifier", "CostPart", "OptionalCost", "SelfReduction", "SpellCosts",
    "card_matches", "parse_cost_part", "parse_spell_costs", "spell_filter",
]
