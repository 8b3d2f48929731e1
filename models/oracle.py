"""Oracle text → the cost-relevant abilities the solver uses.

Read here: the card's own activated mana abilities (605.1a), Saddle/Crew (702.171,
702.122), Convoke/Improvise/Delve (702.51, 702.126, 702.66) and the "crews Vehicles as
though its power were N greater" statics.  Only exact templates are accepted; any
mana-ability or cost-keyword line that does not match one is recorded on the card as
`NotUnderstood` and left out (never guessed).
"""

from __future__ import annotations

import re

from manasolve.models.abilities import (
    AbilityCost,
    Condition,
    Count,
    Instead,
    ManaAbility,
    Reference,
    SpellFilter,
    SpendRestriction,
    TapBonus,
    TapCreaturesCost,
    any_color_options,
    any_type_options,
    combination_options,
)
from manasolve.models.mana import COLORS, CostSyntaxError, ManaCost

_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_SELF_PHRASES = re.compile(r"\b[Tt]his (?:land|creature|artifact|enchantment|permanent|Vehicle|Mount|card|spell|token)\b")
_REMINDER = re.compile(r"\s*\([^()]*\)")
_SYMBOLS = r"(?:\{[^{}]+\})+"
NUMBER_ALTS = r"\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten"  # a number as written
_NUM = "(%s)" % NUMBER_ALTS
# An ability word (207.2c) before an ability: "Metalcraft — {T}: Add ...".
_ABILITY_WORD = re.compile(r"^[A-Z][A-Za-z' -]* — ")
# A loyalty ability's cost (606): never a mana ability (605.1a).
_LOYALTY = re.compile(r"^\[[+−-]?[\dX]+\]")
COST_KEYWORDS = ("Convoke", "Improvise", "Delve")

_TYPES = {"artifact", "creature", "land", "enchantment", "planeswalker", "instant", "sorcery", "battle", "permanent", "kindred"}
_SUPERTYPES = {"basic", "legendary", "snow"}
_COLOR_WORDS = {"white", "blue", "black", "red", "green", "colorless", "multicolored"}


def number_word(word: str) -> int | None:
    """"three" → 3, "a" → 1, "12" → 12; None for anything else."""
    return int(word) if word.isdigit() else _NUMBER_WORDS.get(word.lower())


def strip_reminder(text: str) -> str:
    """Oracle text without its reminder text (parenthesised)."""
    return _REMINDER.sub("", text)


def normalize(text: str, name: str) -> str:
    """Oracle text with reminder text removed and self-references written as ``~``."""
    t = _REMINDER.sub("", text)
    names = [name] + [n for n in name.split(" // ") if n != name] if name else []
    for full in names:
        t = _replace_word(t, full)
        short = full.split(",")[0]
        if short != full and len(short) > 3:
            t = _replace_word(t, short)
    return _SELF_PHRASES.sub("~", t)


def _replace_word(text: str, name: str) -> str:
    """``name`` → ``~`` where it stands as whole words (a card named "Ice" leaves "Police")."""
    if name not in text:
        return text
    return re.sub(r"(?<!\w)%s(?!\w)" % re.escape(name), "~", text)


def parse_card_abilities(card) -> None:
    """Fill ``card.mana_abilities``, ``tap_costs``, ``static_keywords`` and
    ``not_understood`` from ``card.text``."""
    from manasolve.models.cards import NotUnderstood

    shown = strip_reminder(card.text).split("\n")
    for line, original in zip((ln.strip() for ln in normalize(card.text, card.name).split("\n")), shown):
        original = original.strip()
        if not line:
            continue
        if is_mana_ability_line(line):
            ab = parse_mana_ability(_ABILITY_WORD.sub("", line), original)
            if ab is None:
                card.not_understood.append(NotUnderstood(card.name, original, template_of(line)))
            else:
                card.mana_abilities.append(ab)
            continue
        kw = keyword_in_line(line)
        if kw in ("Saddle", "Crew"):
            m = re.fullmatch(r"(Saddle|Crew) (\d+)", line)
            if m:
                card.tap_costs.append(TapCreaturesCost(m.group(1), int(m.group(2))))
            else:
                card.not_understood.append(NotUnderstood(card.name, original, template_of(line)))
            continue
        if kw in COST_KEYWORDS:
            for part in _keyword_list(line) or ():
                if part in COST_KEYWORDS:
                    card.static_keywords[part] = True
            continue
        bonus = parse_tap_bonus(line)
        if bonus is not None:
            card.static_keywords["TapBonus"] = bonus
        elif re.search(r"\b(?:crews|saddles) (?:Vehicles|Mounts)\b|\b(?:crew|saddle) cost\b", line) and '"' not in line:
            card.not_understood.append(NotUnderstood(card.name, original, template_of(line)))


def is_mana_ability_line(line: str) -> bool:
    """Whether a normalized line is an activated ability of this object whose effect
    begins "Add" — a mana ability by 605.1a unless it is a loyalty ability.  Abilities in
    quotes (granted to other objects) and triggered abilities are not."""
    body = _ABILITY_WORD.sub("", line)
    head, sep, effect = body.partition(": ")
    if not sep or not effect.startswith("Add ") or '"' in head or _LOYALTY.match(head):
        return False
    return not head.startswith(("When", "At ", "As ", "If "))


def keyword_in_line(line: str) -> str | None:
    """The cost keyword a normalized line states, if any: Saddle/Crew (any line beginning
    with them) or Convoke/Improvise/Delve in a keyword list such as "Convoke, delve"."""
    m = re.match(r"(Saddle|Crew)\b", line)
    if m:
        return m.group(1)
    for part in _keyword_list(line) or ():
        if part in COST_KEYWORDS:
            return part
    return None


def _keyword_list(line: str) -> list[str] | None:
    """The keywords of a line that is only a comma-separated list of short keywords."""
    parts = [p.strip() for p in line.split(",")]
    if not all(re.fullmatch(r"[A-Za-z]+(?: [a-z]+)?", p) for p in parts):
        return None
    return [p[0].upper() + p[1:] for p in parts]


def parse_tap_bonus(line: str) -> TapBonus | None:
    """"~ crews Vehicles as though its power were 2 greater." and the saddle/toughness
    variants → TapBonus; None for any other line."""
    m = re.fullmatch(r"~ (crews Vehicles|saddles Mounts|saddles Mounts and crews Vehicles|crews Vehicles and saddles Mounts) "
                     r"(?:as though its power were (\d+) greater|using its toughness rather than its power)\.", line)
    if not m:
        return None
    keywords = tuple(k for k in ("Saddle", "Crew") if k.lower() in m.group(1))
    if m.group(2):
        return TapBonus(keywords, power_bonus=int(m.group(2)))
    return TapBonus(keywords, use_toughness=True)


def template_of(sentence: str) -> str:
    """A sentence with its symbols and numbers abstracted, to group what is not understood."""
    t = re.sub(_SYMBOLS, "{…}", sentence)
    t = re.sub(r"\b\d+\b", "N", t)
    return t


def _singular(word: str) -> str:
    if word.lower() == "plains":
        return word  # the land type is "Plains" in the singular too
    if word.endswith("ves"):
        return word[:-3] + "f"  # Elves → Elf, Dwarves → Dwarf
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith(("ss", "'s")):
        return word[:-1]
    return word


def filter_words(phrase: str) -> tuple[str, ...] | None:
    """"basic Swamp" → ("Basic", "Swamp"); "black creature card" → ("black",
    "Creature"); "noncreature" → ("non-Creature",).  Type words are capitalised, colour
    words kept lower-case, capitalised subtypes kept (plurals made singular); None if a
    word is not one of these."""
    out: list[str] = []
    for raw in phrase.split():
        w = _singular(raw) if raw[0].isupper() else raw
        low = _singular(raw.lower())
        if low in ("card", "spell"):
            continue
        if low.startswith("non") and low[3:] in _TYPES:
            out.append("non-" + low[3:].capitalize())
        elif low in _TYPES or low in _SUPERTYPES:
            out.append(low.capitalize())
        elif low in _COLOR_WORDS:
            out.append(low)
        elif raw[0].isupper():
            out.append(w)
        else:
            return None
    return tuple(out) if out else None


def parse_cost(text: str) -> AbilityCost | None:
    """An activation cost like ``{1}, {T}, Pay 1 life``; None if any part is unknown."""
    mana = ManaCost()
    fields: dict = {"tap": False, "untap": False, "life": 0, "sacrifice_self": False, "tap_creatures": 0,
                    "tap_untapped": (), "sacrifice": (), "remove_counters": (), "energy": 0,
                    "exile_from_graveyard": 0, "exile_self_from_hand": False, "discard": 0}
    for part in (p.strip() for p in text.split(",")):
        if part == "{T}":
            fields["tap"] = True
        elif part == "{Q}":
            fields["untap"] = True
        elif re.fullmatch(r"Pay (?:\{E\})+", part):
            fields["energy"] += part.count("{E}")
        elif re.fullmatch(_SYMBOLS, part):
            try:
                mana = mana + ManaCost.parse(part)
            except CostSyntaxError:
                return None
        elif m := re.fullmatch(r"Pay (\d+) life", part):
            fields["life"] += int(m.group(1))
        elif part == "Sacrifice ~":
            fields["sacrifice_self"] = True
        elif part == "Exile ~ from your hand":
            fields["exile_self_from_hand"] = True
        elif part == "Exile a card from your graveyard":
            fields["exile_from_graveyard"] += 1
        elif m := re.fullmatch(r"Discard (%s) cards?" % _NUM, part):
            fields["discard"] += number_word(m.group(1))
        elif m := re.fullmatch(r"Sacrifice an? ([A-Za-z']+)", part):
            words = filter_words(m.group(1))
            if words is None:
                return None
            fields["sacrifice"] = words
        elif m := re.fullmatch(r"Tap %s untapped (.+) you control" % _NUM, part):
            n = number_word(m.group(1))
            words = filter_words(m.group(2))
            if words is None:
                return None
            if words == ("Creature",):
                fields["tap_creatures"] += n
            else:
                fields["tap_untapped"] += ((n, words),)
        elif m := re.fullmatch(r"Remove (X|any number of|%s) ([a-z+/\d-]+) counters? from ~" % _NUM, part):
            n = -1 if m.group(1) in ("X", "any number of") else number_word(m.group(1))
            fields["remove_counters"] += ((m.group(3), n),)
        else:
            return None
    return AbilityCost(mana=mana, **fields)


def _bundle(symbols: str) -> tuple[str, ...] | None:
    """``{C}{C}`` → ("C", "C"); None unless every symbol is a plain mana type."""
    out = []
    for m in re.finditer(r"\{([^{}]+)\}", symbols):
        b = m.group(1)
        if b not in ("W", "U", "B", "R", "G", "C"):
            return None
        out.append(b)
    return tuple(sorted(out, key="WUBRGC".index))


def _alternatives(text: str) -> list[str]:
    return [p for p in re.split(r",? or |, ", text) if p]


def parse_add(effect: str) -> dict | None:
    """The mana an ``Add …`` sentence adds, as ManaAbility field values (options,
    reference, per, any_combination), or None."""
    effect = effect.rstrip(".")
    m = re.fullmatch(r"Add (%s)" % _SYMBOLS, effect)
    if m:
        b = _bundle(m.group(1))
        return {"options": (b,)} if b else None
    # "Add {W} or {U}" / "Add {R}, {G}, or {W}" / "Add {R} or one mana of the chosen color"
    m = re.fullmatch(r"Add ((?:%s, )*%s,? or (?:%s|one mana of the chosen color))" % (_SYMBOLS, _SYMBOLS, _SYMBOLS), effect)
    if m:
        opts, ref = [], None
        for piece in _alternatives(m.group(1)):
            if piece == "one mana of the chosen color":
                ref = Reference("chosen", "color")
                continue
            b = _bundle(piece)
            if b is None:
                return None
            opts.append(b)
        return {"options": tuple(dict.fromkeys(opts)), "reference": ref}
    m = re.fullmatch(r"Add %s mana (of any(?: one)? color|of any type|in any combination of colors|of different colors)" % _NUM, effect)
    if m:
        n, how = number_word(m.group(1)), m.group(2)
        if how == "of any type" and n == 1:
            return {"options": any_type_options()}
        if how == "of any color" and n == 1 or how == "of any one color":
            return {"options": any_color_options(n)}
        if how == "in any combination of colors":
            return {"options": combination_options(n)}
        if how == "of different colors" and 1 < n <= len(COLORS):
            return {"options": combination_options(n, distinct=True)}
        return None
    m = re.fullmatch(r"Add one mana of any (type|color) that an? (.+?) (you|an opponent) controls? could produce", effect)
    if m:
        words = filter_words(m.group(2))
        if words is None:
            return None
        if "Land" in words:
            scope = "lands_you_control" if m.group(3) == "you" else "lands_opponents_control"
            rest = tuple(w for w in words if w != "Land")
        elif m.group(3) == "you":
            scope, rest = "permanents_you_control", words
        else:
            return None
        return {"reference": Reference(scope, m.group(1), rest)}
    if effect == "Add one mana of the chosen color":
        return {"reference": Reference("chosen", "color")}
    if effect == "Add one mana of any color in your commander's color identity":
        return {"reference": Reference("commander_identity", "color")}
    if effect == "Add one mana of any type the sacrificed land could produce":
        return {"reference": Reference("sacrificed", "type")}
    return _parse_variable_add(effect)


def _parse_variable_add(effect: str) -> dict | None:
    """"for each", "X mana ... where X is", "an amount of {G} equal to" and storage-land
    amounts: the mana is counted on the game when the ability resolves."""
    m = re.fullmatch(r"Add (%s) for each (.+)" % _SYMBOLS, effect)
    if m:
        b, count = _bundle(m.group(1)), parse_count(m.group(2))
        return {"options": (b,), "per": count} if b and count else None
    m = re.fullmatch(r"Add (\{[WUBRGC]\}), then add an additional \1 for each (.+)", effect)
    if m:
        count = parse_count(m.group(2))
        if count is None:
            return None
        return {"options": (_bundle(m.group(1)),), "per": Count(count.kind, count.filter, count.power_at_least, count.counter, plus=1)}
    m = re.fullmatch(r"Add X mana of any one color, where X is (.+)", effect)
    if m:
        count = parse_amount(m.group(1))
        return {"options": any_color_options(1), "per": count} if count else None
    m = re.fullmatch(r"Add an amount of (\{[WUBRGC]\}) equal to (.+)", effect)
    if m:
        count = parse_amount(m.group(2))
        return {"options": (_bundle(m.group(1)),), "per": count} if count else None
    m = re.fullmatch(r"Add X mana in any combination of (\{[WUBRGC]\}) and/or (\{[WUBRGC]\})", effect)
    if m:
        # X is the number of counters the cost removed ("Remove X storage counters").
        return {"options": (_bundle(m.group(1)), _bundle(m.group(2))), "per": Count("removed_counters"), "any_combination": True}
    return None


def parse_count(phrase: str) -> Count | None:
    """What a "for each ..." phrase counts, when it is on the board (or the cost)."""
    m = re.fullmatch(r"(.+?) (?:with power (\d+) or greater )?you control", phrase)
    if m:
        words = filter_words(m.group(1))
        power = int(m.group(2)) if m.group(2) else None
        return Count("permanents", words, power_at_least=power) if words else None
    m = re.fullmatch(r"(.+?) in your graveyard", phrase)
    if m:
        words = filter_words(m.group(1))
        return Count("graveyard_cards", words) if words else None
    m = re.fullmatch(r"(?:([a-z+/\d-]+) )?counter on ~", phrase)
    if m:
        return Count("counters_on_self", counter=m.group(1))
    m = re.fullmatch(r"([a-z+/\d-]+) counter removed this way", phrase)
    if m:
        return Count("removed_counters", counter=m.group(1))
    return None


def parse_amount(phrase: str) -> Count | None:
    """"~'s power", "the sacrificed artifact's mana value", "the number of permanent
    cards in your graveyard" → Count."""
    if phrase in ("~'s power", "~ power"):
        return Count("self_power")
    if re.fullmatch(r"the sacrificed \w+'s mana value", phrase):
        return Count("sacrificed_mana_value")
    m = re.fullmatch(r"the number of (.+)", phrase)
    return parse_count(m.group(1)) if m else None


def parse_condition(text: str) -> Condition | None:
    """"you control four or more creatures", "you control a Swamp", "~ has a +1/+1
    counter on it", "you control an Urza's Mine and an Urza's Tower", "~ entered this
    turn or if you control a basic land" → Condition."""
    if " or if " in text:
        parts = [parse_condition(p) for p in text.split(" or if ")]
        return Condition("any_of", parts=tuple(parts)) if all(parts) else None
    if text == "~ entered this turn":
        return Condition("entered_this_turn")
    m = re.fullmatch(r"~ has an? ([a-z+/\d-]+) counter on it", text)
    if m:
        return Condition("self_counter", counter=m.group(1))
    m = re.fullmatch(r"you control (an? .+) and (an? .+)", text)
    if m:
        parts = [parse_condition("you control " + g) for g in m.groups()]
        return Condition("all_of", parts=tuple(parts)) if all(parts) else None
    m = re.fullmatch(r"you control %s (?:or more )?(.+?)(?: with power (\d+) or greater)?" % _NUM, text)
    if m:
        n, words = number_word(m.group(1)), filter_words(m.group(2))
        if words is None or (m.group(1) not in ("a", "an") and "or more" not in text):
            return None
        return Condition("control", words, n, int(m.group(3)) if m.group(3) else None)
    return None


def parse_restriction(text: str) -> SpendRestriction | None:
    """The part after "Spend this mana only " → SpendRestriction, or None."""
    if text == "on costs that contain {X}":
        return SpendRestriction(x_costs_only=True)
    m = re.fullmatch(r"to (cast .+?|activate abilities(?: of \w+)?)(?: or (activate abilities(?: of \w+)?))?", text)
    if not m:
        return None
    spells: tuple[SpellFilter, ...] = ()
    abilities: tuple[str, ...] | None = None
    for part in filter(None, m.groups()):
        if part.startswith("activate abilities"):
            words = filter_words(part[len("activate abilities of "):]) if " of " in part else ()
            if words is None:
                return None
            abilities = words
        else:
            spells = _spell_filters(part[len("cast "):])
            if spells is None:
                return None
    return SpendRestriction(spells=spells, abilities=abilities)


def _spell_filters(text: str) -> tuple[SpellFilter, ...] | None:
    """"a creature spell", "an instant or sorcery spell", "spells from exile", "spells
    with flashback from a graveyard", "spells with mana value 5 or greater or spells with
    {X} in their mana costs" → the alternatives."""
    if text == "spells with mana value 5 or greater or spells with {X} in their mana costs":
        return (SpellFilter(min_mana_value=5), SpellFilter(x_in_cost=True))
    m = re.fullmatch(r"(?:an? )?(?:(.+?) )?spells?(?: (from exile|with flashback from a graveyard))?", text)
    if not m:
        return None
    zone = via = None
    if m.group(2) == "from exile":
        zone = "exile"
    elif m.group(2):
        zone, via = "graveyard", "flashback"
    if not m.group(1):
        return (SpellFilter(zone=zone, via=via),)
    words = [filter_words(w) for w in m.group(1).split(" or ")]
    if any(w is None or len(w) != 1 for w in words):
        return None
    return (SpellFilter(types=tuple(w[0] for w in words), zone=zone, via=via),)


# Sentences after "Add ..." that change neither the mana nor any cost.
_INERT_EFFECTS = (
    re.compile(r"Draw a card\."),
    re.compile(r"Scry \d+\."),
    re.compile(r"Put an? [a-z+/\d-]+ counter on ~\."),
    re.compile(r"~ doesn't untap during your next untap step\."),
    re.compile(r"If there are no [a-z+/\d-]+ counters on ~, sacrifice it\."),
    re.compile(r"When you do, ~ deals \d+ damage to each opponent\."),
)


def parse_mana_ability(line: str, shown: str = "") -> ManaAbility | None:
    """``{T}: Add {W} or {U}. ~ deals 1 damage to you.`` → ManaAbility, or None.

    ``line`` is normalized text (self-references as ``~``); ``shown`` the printed line."""
    head, _, effect = line.partition(": ")
    cost = parse_cost(head)
    if cost is None:
        return None
    sentences = [s.strip() for s in re.split(r"(?<=\.)\s+", effect.strip()) if s.strip()]
    fields = parse_add(sentences[0])
    if fields is None:
        return None
    for extra in sentences[1:]:
        if not _read_extra(extra, fields):
            return None
    per = fields.get("per")
    if per and per.kind == "removed_counters":
        # "X" / "for each counter removed this way" needs a variable removal cost.
        variable = [kind for kind, n in cost.remove_counters if n < 0]
        if len(variable) != 1 or per.counter not in (None, variable[0]):
            return None
        fields["per"] = Count("removed_counters", counter=variable[0], plus=per.plus)
    return ManaAbility(cost=cost, text=shown or line, **fields)


def _read_extra(sentence: str, fields: dict) -> bool:
    """Record one sentence following "Add ..." in ``fields``; False if not understood."""
    if m := re.fullmatch(r"~ deals (\d+) damage to you\.", sentence):
        fields["damage"] = fields.get("damage", 0) + int(m.group(1))
    elif sentence == "Activate only once each turn.":
        fields["once_per_turn"] = True
    elif m := re.fullmatch(r"Activate only if (.+)\.", sentence):
        cond = parse_condition(m.group(1))
        if cond is None:
            return False
        fields["activate_if"] = cond
    elif m := re.fullmatch(r"Spend this mana only (.+)\.", sentence):
        r = parse_restriction(m.group(1))
        if r is None:
            return False
        fields["restriction"] = r
    elif sentence == "This mana can't be spent to pay generic mana costs.":
        fields["restriction"] = SpendRestriction(spells=(SpellFilter(),), abilities=(), no_generic=True)
    elif m := re.fullmatch(r"If (.+), add (.+) instead\.", sentence):
        cond = parse_condition(m.group(1))
        if cond is None:
            return False
        times = re.fullmatch(r"%s mana of that type" % _NUM, m.group(2))
        if times and fields.get("reference"):
            fields["instead"] = Instead(cond, times=number_word(times.group(1)))
            return True
        other = parse_add("Add " + m.group(2))
        if other is None or set(other) != {"options"}:
            return False
        fields["instead"] = Instead(cond, options=other["options"])
    elif any(p.fullmatch(sentence) for p in _INERT_EFFECTS):
        fields["effects"] = fields.get("effects", ()) + (sentence,)
    else:
        return False
    return True
