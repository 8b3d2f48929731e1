"""Oracle text → the cost-relevant abilities the solver uses.

Only exact templates are accepted; any mana-ability or cost-keyword line that does not
match one is recorded on the card as `NotUnderstood` and left out (never guessed).
"""

from __future__ import annotations

import re

from manasolve.models.abilities import (
    AbilityCost,
    ManaAbility,
    Reference,
    TapCreaturesCost,
    any_color_options,
)
from manasolve.models.mana import COLORS, CostSyntaxError, ManaCost

_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_SELF_PHRASES = re.compile(r"\b[Tt]his (?:land|creature|artifact|enchantment|permanent|Vehicle|Mount|card|spell)\b")
_REMINDER = re.compile(r"\s*\([^()]*\)")
_SYMBOLS = r"(?:\{[^{}]+\})+"


def normalize(text: str, name: str) -> str:
    """Oracle text with reminder text removed and self-references written as ``~``."""
    t = _REMINDER.sub("", text)
    if name:
        t = t.replace(name, "~")
        short = name.split(",")[0]
        if short != name and len(short) > 3:
            t = t.replace(short, "~")
    return _SELF_PHRASES.sub("~", t)


def parse_card_abilities(card) -> None:
    """Fill ``card.mana_abilities``, ``tap_costs``, ``static_keywords`` and
    ``not_understood`` from ``card.text``."""
    from manasolve.models.cards import NotUnderstood

    shown = _REMINDER.sub("", card.text).split("\n")
    for line, original in zip((ln.strip() for ln in normalize(card.text, card.name).split("\n")), shown):
        if not line:
            continue
        if _looks_like_mana_ability(line):
            ab = parse_mana_ability(line, original.strip())
            if ab is None:
                card.not_understood.append(NotUnderstood(card.name, original.strip(), template_of(line)))
            else:
                card.mana_abilities.append(ab)
            continue
        m = re.fullmatch(r"(Saddle|Crew) (\d+)", line)
        if m:
            card.tap_costs.append(TapCreaturesCost(m.group(1), int(m.group(2))))
            continue
        for kw in ("Convoke", "Improvise", "Delve"):
            if re.fullmatch(r"(?:[A-Z][a-z]+, )*%s(?:, [A-Z][a-z]+)*" % kw, line):
                card.static_keywords[kw] = True


def _looks_like_mana_ability(line: str) -> bool:
    head, sep, effect = line.partition(": ")
    return bool(sep) and effect.startswith("Add ") and not head.startswith(("When", "At ", "As "))


def template_of(sentence: str) -> str:
    """A sentence with its symbols and numbers abstracted, to group what is not understood."""
    t = re.sub(_SYMBOLS, "{…}", sentence)
    t = re.sub(r"\b\d+\b", "N", t)
    return t


def parse_cost(text: str) -> AbilityCost | None:
    """An activation cost like ``{1}, {T}, Pay 1 life``; None if any part is unknown."""
    mana = ManaCost()
    tap = untap = sac = False
    life = tap_creatures = 0
    for part in (p.strip() for p in text.split(",")):
        if part == "{T}":
            tap = True
        elif part == "{Q}":
            untap = True
        elif re.fullmatch(_SYMBOLS, part):
            try:
                mana = mana + ManaCost.parse(part)
            except CostSyntaxError:
                return None
        elif m := re.fullmatch(r"Pay (\d+) life", part):
            life += int(m.group(1))
        elif part in ("Sacrifice ~",):
            sac = True
        elif part == "Tap an untapped creature you control":
            tap_creatures += 1
        elif m := re.fullmatch(r"Tap (\w+) untapped creatures you control", part):
            n = _NUMBER_WORDS.get(m.group(1))
            if n is None:
                return None
            tap_creatures += n
        else:
            return None
    return AbilityCost(mana=mana, tap=tap, untap=untap, life=life, sacrifice_self=sac, tap_creatures=tap_creatures)


def _bundle(symbols: str) -> tuple[str, ...] | None:
    """``{C}{C}`` → ("C", "C"); None unless every symbol is a plain mana type."""
    out = []
    for m in re.finditer(r"\{([^{}]+)\}", symbols):
        b = m.group(1)
        if b not in ("W", "U", "B", "R", "G", "C"):
            return None
        out.append(b)
    return tuple(sorted(out, key="WUBRGC".index))


def parse_add(effect: str):
    """The mana an ``Add …`` sentence adds: (options, reference) or None."""
    m = re.fullmatch(r"Add (%s)" % _SYMBOLS, effect)
    if m:
        b = _bundle(m.group(1))
        return ((b,), None) if b else None
    # "Add {W} or {U}" / "Add {R}, {G}, or {W}" / "Add {W}{W}, {W}{U}, or {U}{U}"
    m = re.fullmatch(r"Add ((?:%s, )*%s,? or %s)" % (_SYMBOLS, _SYMBOLS, _SYMBOLS), effect)
    if m:
        opts = []
        for piece in re.split(r",? or |, ", m.group(1)):
            b = _bundle(piece)
            if b is None:
                return None
            opts.append(b)
        return tuple(dict.fromkeys(opts)), None
    m = re.fullmatch(r"Add (\w+) mana of any(?: one)? color", effect)
    if m and m.group(1) in _NUMBER_WORDS:
        n = _NUMBER_WORDS[m.group(1)]
        if n == 1 or "one color" in effect:
            return any_color_options(n), None
        return None
    m = re.fullmatch(r"Add one mana of any (type|color) that a land (you|an opponent) controls? could produce", effect)
    if m:
        scope = "lands_you_control" if m.group(2) == "you" else "lands_opponents_control"
        return (), Reference(scope, m.group(1))
    return None


def parse_mana_ability(line: str, shown: str = "") -> ManaAbility | None:
    """``{T}: Add {W} or {U}. ~ deals 1 damage to you.`` → ManaAbility, or None.

    ``line`` is normalized text (self-references as ``~``); ``shown`` the printed line."""
    head, _, effect = line.partition(": ")
    cost = parse_cost(head)
    if cost is None:
        return None
    sentences = [s.strip() for s in re.split(r"(?<=\.)\s+", effect.strip()) if s.strip()]
    added = parse_add(sentences[0].rstrip("."))
    if added is None:
        return None
    damage = 0
    for extra in sentences[1:]:
        m = re.fullmatch(r"~ deals (\d+) damage to you\.", extra)
        if not m:
            return None
        damage += int(m.group(1))
    options, ref = added
    if any(c not in COLORS + ("C",) for o in options for c in o):
        return None
    return ManaAbility(cost=cost, options=options, reference=ref, damage=damage, text=shown or line)
