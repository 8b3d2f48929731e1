"""Activated mana abilities (605.1a) of a card: "{T}: Add {W} or {U}. ~ deals 1 damage to
you." → `ManaAbility` (its cost, the mana it adds, conditions, spend restrictions)."""

from __future__ import annotations

import re

from manasolve.models.abilities import (
    AbilityCost,
    Condition,
    ConditionKind,
    Count,
    CountKind,
    Instead,
    ManaAbility,
    ManaSort,
    Reference,
    ReferenceScope,
    SpellFilter,
    SpendRestriction,
    all_of,
    any_color_options,
    any_type_options,
    combination_options,
)
from manasolve.models.mana import COLORS, TYPES
from manasolve.models.oracle.board_conditions import negated, read_board_condition
from manasolve.models.oracle.colour_of import read_colour_of
from manasolve.models.oracle.costs import parse_ability_cost
from manasolve.models.oracle.mana_amounts import parse_leading, parse_more_adds, parse_more_amounts, parse_more_counts
from manasolve.models.oracle.spend_restrictions import cant_be_spent, parse_restriction
from manasolve.models.bounds import MAX_PRINTED_MANA
from manasolve.models.oracle.words import NUMBER, SYMBOLS, filter_words, matched_number, number_word, sentences, times_word, without_ability_word

_NUM = "(%s)" % NUMBER
# A loyalty ability's cost (606): never a mana ability (605.1a).
_LOYALTY = re.compile(r"^\[[+−-]?[\dX]+\]")
_ADDS = re.compile(r"(?:^|\. |, )[Aa]dd (?:\{|X |an amount|one|two|three|four|five)")


def is_mana_ability_line(line: str) -> bool:
    """Whether a normalized line is an activated ability of this object whose effect
    begins "Add" — a mana ability by 605.1a unless it is a loyalty ability.  Abilities in
    quotes (granted to other objects) and triggered abilities are not."""
    body = without_ability_word(line)
    head, sep, effect = body.partition(": ")
    if not sep or '"' in head or _LOYALTY.match(head) or head.startswith(("When", "At ", "As ", "If ")):
        return False
    # 605.1a: it could add mana, whatever its first word ("Choose a color. Add ...",
    # Nykthos; "For each color among permanents you control, add ...", Bloom Tender), and
    # has no target; mana added by a reflexive trigger ("When you do, add") is not its own.
    # "Add or subtract X from a number ..." (Truss, Chief Engineer) adds no mana.
    return (effect.startswith("Add ") and not effect.startswith("Add or ")) or (
        _ADDS.search(effect) is not None and "target" not in effect.lower() and "When you do" not in effect)


# 605.1a as amended by the CR of 2026-08-07: what moves a card to or from a library —
# draw, mill, surveil, explore, connive, seek, search, "put/exile/return/shuffle ... into /
# on top of / from / of ... library".  (Looking at or revealing cards moves none.)
_LIBRARY_MOVE = re.compile(
    r"\b(?:draw|mill|surveil|explore|connive|seek)s?\b|\bsearch(?:es)?\b[^.]*\blibrar"
    r"|\b(?:put|exile|return|shuffle)s?\b[^.]*\b(?:into|on top of|on the bottom of|of|from)\b[^.]*\blibrar", re.I)
# A sentence that sets up a delayed or reflexive triggered ability (603.7, 603.12): what
# that trigger does later is its own effect, not the activated ability's (Astrolabe's
# "Draw a card at the beginning of the next turn's upkeep.", "When you do, mill two cards.").
_TRIGGER_SET_UP = re.compile(r"(?:When|Whenever|At the beginning)\b|.*\bat the beginning of the next\b")


def moves_library_card(line: str) -> bool:
    """605.1a (CR 2026-08-07): whether the cost or the effect of a normalized activated
    ability line moves a card to or from a library; such an ability is no mana ability
    even if it adds mana (Chromatic Sphere, the Odyssey Eggs, Millikin).  A draw by a
    separate triggered ability does not count (Chromatic Star's "When ~ is put into a
    graveyard ...", a delayed or reflexive trigger the effect sets up)."""
    head, _, effect = without_ability_word(line).partition(": ")
    if _LIBRARY_MOVE.search(head):
        return True
    for sentence in sentences(effect):
        if _TRIGGER_SET_UP.match(sentence):
            return False  # this sentence and the ones after it are the trigger's
        if _LIBRARY_MOVE.search(sentence):
            return True
    return False


def _bundle(symbols: str) -> tuple[str, ...] | None:
    """``{C}{C}`` → ("C", "C"); None unless every symbol is a plain mana type."""
    out = []
    for m in re.finditer(r"\{([^{}]+)\}", symbols):
        b = m.group(1)
        if b not in TYPES:
            return None
        out.append(b)
    return tuple(sorted(out, key="WUBRGC".index))


def _alternatives(text: str) -> list[str]:
    return [p for p in re.split(r",? or |, ", text) if p]


def parse_add(effect: str) -> dict | None:
    """The mana an ``Add …`` sentence adds, as ManaAbility field values (options,
    reference, per, any_combination), or None."""
    effect = effect.rstrip(".")
    m = re.fullmatch(r"Add (%s)" % SYMBOLS, effect)
    if m:
        b = _bundle(m.group(1))
        return {"options": (b,)} if b else None
    # "Add {W} or {U}" / "Add {R}, {G}, or {W}" / "Add {R} or one mana of the chosen color"
    m = re.fullmatch(r"Add ((?:%s, )*%s,? or (?:%s|one mana of the chosen color))" % (SYMBOLS, SYMBOLS, SYMBOLS), effect)
    if m:
        opts, ref = [], None
        for piece in _alternatives(m.group(1)):
            if piece == "one mana of the chosen color":
                ref = Reference(ReferenceScope.CHOSEN, ManaSort.COLOR)
                continue
            b = _bundle(piece)
            if b is None:
                return None
            opts.append(b)
        return {"options": tuple(dict.fromkeys(opts)), "reference": ref}
    m = re.fullmatch(r"Add %s mana (of any(?: one)? color|of any type|in any combination of colors|of different colors)" % _NUM, effect)
    if m:
        n, how = number_word(m.group(1)), m.group(2)
        if n is None or n > MAX_PRINTED_MANA:  # the options would number in the billions: not understood
            return None
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
            scope = ReferenceScope.LANDS_YOU_CONTROL if m.group(3) == "you" else ReferenceScope.LANDS_OPPONENTS_CONTROL
            rest = tuple(w for w in words if w != "Land")
        elif m.group(3) == "you":
            scope, rest = ReferenceScope.PERMANENTS_YOU_CONTROL, words
        else:
            return None
        return {"reference": Reference(scope, ManaSort(m.group(1)), rest)}
    m = re.fullmatch(r"Add %s mana of the chosen color" % _NUM, effect)
    if m and (n := number_word(m.group(1))) and n <= MAX_PRINTED_MANA:
        return {"reference": Reference(ReferenceScope.CHOSEN, ManaSort.COLOR, amount=n)}
    if effect in _CHOSEN_BEFORE_THE_GAME:
        return {"reference": Reference(ReferenceScope.CHOSEN, ManaSort.COLOR)}
    if effect == "Add one mana of any color in your commander's color identity":
        return {"reference": Reference(ReferenceScope.COMMANDER_IDENTITY, ManaSort.COLOR)}
    if effect == "Add one mana of any type the sacrificed land could produce":
        return {"reference": Reference(ReferenceScope.SACRIFICED, ManaSort.TYPE)}
    return _parse_variable_add(effect)


# Colours chosen for the card before the game, which the board gives as the permanent's
# `chosen.colors` like colours chosen as it entered (none given: no mana, never guessed).
_CHOSEN_BEFORE_THE_GAME = (
    "Add one mana of either of the circled colors",  # Cryptic Spires: circled as the deck is built
    "Add one mana of any color chosen as you drafted cards named ~",  # Paliano, the High City
    "Add one mana of a color written on ~",  # Your Mana Rock: written during deckbuilding
)


def _parse_variable_add(effect: str) -> dict | None:
    """"for each", "X mana ... where X is", "an amount of {G} equal to" and storage-land
    amounts: the mana is counted on the game when the ability resolves."""
    m = re.fullmatch(r"Add (%s) for each (.+)" % SYMBOLS, effect)
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
    m = re.fullmatch(r"Add (X|%s) mana in any combination of (colors|(?:\{[WUBRGC]\}, )*\{[WUBRGC]\},? and/or \{[WUBRGC]\})"
                     r"(?:, where X is (.+))?" % NUMBER, effect)
    if m:
        types = COLORS if m.group(2) == "colors" else tuple(re.findall(r"\{([WUBRGC])\}", m.group(2)))
        if m.group(1) != "X":  # "three mana in any combination of {R} and/or {G}"
            n = number_word(m.group(1))
            return {"options": combination_options(n, types)} if n and n <= MAX_PRINTED_MANA else None
        # X: "where X is ...", or the number of counters the cost removed ("Remove X storage counters")
        count = parse_amount(m.group(3)) if m.group(3) else Count(CountKind.REMOVED_COUNTERS)
        return {"options": tuple((t,) for t in types), "per": count, "any_combination": True} if count else None
    m = re.fullmatch(r"Add X mana of any one color", effect)
    if m:  # X: the counters the cost removed ("Remove X +1/+1 counters from ~")
        return {"options": any_color_options(1), "per": Count(CountKind.REMOVED_COUNTERS)}
    m = re.fullmatch(r"Add (%s) (\{[WUBRGC]\})" % NUMBER, effect)
    if m and (n := number_word(m.group(1))) and 1 < n <= MAX_PRINTED_MANA:  # "Add six {G}"
        return {"options": (_bundle(m.group(2) * n),)}
    return parse_more_adds(effect, parse_amount)


def parse_count(phrase: str) -> Count | None:
    """What a "for each ..." phrase counts, when it is on the board (or the cost)."""
    more = parse_more_counts(phrase)  # keywords, names, history, different powers
    if more is not None:
        return more
    m = re.fullmatch(r"(other )?(.+?) (?:with power (\d+) or greater )?(you control|on the battlefield)", phrase)
    if m:
        words = filter_words(m.group(2))
        power = int(m.group(3)) if m.group(3) else None
        return Count(CountKind.PERMANENTS, words, power_at_least=power, others=bool(m.group(1)),
                     everyone=m.group(4) == "on the battlefield") if words else None
    m = re.fullmatch(r"(.+?) in your graveyard", phrase)
    if m:
        words = filter_words(m.group(1))
        return Count(CountKind.GRAVEYARD_CARDS, words) if words else None
    m = re.fullmatch(r"(?:([a-z+/\d-]+) )?counters? on ~", phrase)
    if m:
        return Count(CountKind.COUNTERS_ON_SELF, counter=m.group(1))
    m = re.fullmatch(r"([a-z+/\d-]+) counter removed this way", phrase)
    if m:
        return Count(CountKind.REMOVED_COUNTERS, counter=m.group(1))
    return None


def parse_amount(phrase: str) -> Count | None:
    """"~'s power", "the sacrificed artifact's mana value", "the number of permanent
    cards in your graveyard" → Count."""
    if phrase in ("~'s power", "~ power"):
        return Count(CountKind.SELF_POWER)
    if re.fullmatch(r"the (?:sacrificed|exiled) \w+'s mana value", phrase):  # checked against the cost (`_cost_object`)
        return Count(CountKind.SACRIFICED_MANA_VALUE)
    if phrase == "the sacrificed creature's power":
        return Count(CountKind.SACRIFICED_POWER)
    m = re.fullmatch(r"(\d+) plus (.+)", phrase)  # Food Chain: "1 plus the exiled creature's mana value"
    if m and (count := parse_amount(m.group(2))) and count.kind == CountKind.SACRIFICED_MANA_VALUE:
        return Count(count.kind, plus=count.plus + int(m.group(1)))
    if phrase == "your life total":
        return Count(CountKind.LIFE_TOTAL)
    m = re.fullmatch(r"your devotion to (white|blue|black|red|green)", phrase)
    if m:
        return Count(CountKind.DEVOTION, counter=m.group(1))
    m = re.fullmatch(r"the greatest (power|toughness) among (other )?(.+?) you control", phrase)
    if m and (words := filter_words(m.group(3))):
        return Count(CountKind.GREATEST_POWER if m.group(1) == "power" else CountKind.GREATEST_TOUGHNESS, words,
                     others=bool(m.group(2)))
    m = re.fullmatch(r"the number of (.+)", phrase)
    return (parse_count(m.group(1)) if m else None) or parse_more_amounts(phrase)


def _every(parts: list[Condition | None]) -> tuple[Condition, ...] | None:
    """The conditions read, or None if one of them was not understood."""
    read = tuple(p for p in parts if p is not None)
    return read if len(read) == len(parts) else None


def parse_condition(text: str) -> Condition | None:
    """"you control four or more creatures", "you control a Swamp", "~ has a +1/+1
    counter on it", "you control an Urza's Mine and an Urza's Tower", "~ entered this
    turn or if you control a basic land" → Condition (and the forms of
    `board_conditions`)."""
    if (board := read_board_condition(text)) is not None:
        return board
    if " or if " in text:
        parts = _every([parse_condition(p) for p in text.split(" or if ")])
        return Condition(ConditionKind.ANY_OF, parts=parts) if parts is not None else None
    m = re.fullmatch(r"you control (an? [^,]+?)((?:, an? [^,]+?)*),? or (an? .+)", text)
    if m:  # "you control a Mountain or a Forest" (the Verges), "a Plains, an Island, or a Swamp"
        groups = [m.group(1), *(g.strip() for g in m.group(2).split(",") if g.strip()), m.group(3)]
        parts = _every([parse_condition("you control " + g) for g in groups])
        return Condition(ConditionKind.ANY_OF, parts=parts) if parts is not None else None
    if text == "~ entered this turn":
        return Condition(ConditionKind.ENTERED_THIS_TURN)
    if text == "you played a land this turn":
        return Condition(ConditionKind.LAND_PLAYED)
    m = re.fullmatch(r"~ is an? (\w+)", text)  # "this permanent is a creature"
    if m and (words := filter_words(m.group(1))):
        return Condition(ConditionKind.SELF_IS, words)
    m = re.fullmatch(r"(.+?) you control have total power (\d+) or greater", text)
    if m and (words := filter_words(m.group(1))):
        return Condition(ConditionKind.TOTAL_POWER, words, int(m.group(2)))
    m = re.fullmatch(r"~ has an? ([a-z+/\d-]+) counter on it", text)
    if m:
        return Condition(ConditionKind.SELF_COUNTER, counter=m.group(1))
    m = re.fullmatch(r"(?:~ has %s or more ([a-z+/\d-]+) counters on it|there are %s or more ([a-z+/\d-]+) counters on ~)"
                     % (_NUM, _NUM), text)
    if m:
        n, kind = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        return Condition(ConditionKind.SELF_COUNTER, counter=kind, n=matched_number(n))
    m = re.fullmatch(r"there (?:is|are) %s (?:or more )?(.+?) cards? in your graveyard" % _NUM, text)
    if m and (words := filter_words(m.group(2))) and (m.group(1) in ("a", "an") or "or more" in text):
        return Condition(ConditionKind.GRAVEYARD, words, matched_number(m.group(1)))
    m = re.fullmatch(r"you control (an? .+) and (an? .+)", text)
    if m:
        parts = _every([parse_condition("you control " + g) for g in m.groups()])
        return Condition(ConditionKind.ALL_OF, parts=parts) if parts is not None else None
    m = re.fullmatch(r"you control %s (?:or more )?(.+?)(?: with (power|toughness) (\d+) or greater)?" % _NUM, text)
    if m:
        n, words = matched_number(m.group(1)), filter_words(m.group(2))
        if words is None or (m.group(1) not in ("a", "an") and "or more" not in text):
            return None
        at_least = int(m.group(4)) if m.group(4) else None
        return Condition(ConditionKind.CONTROL, words, n, at_least if m.group(3) == "power" else None,
                         toughness_at_least=at_least if m.group(3) == "toughness" else None)
    m = re.fullmatch(r"you control no (.+)", text)  # "you control no creatures": not one
    if m and (words := filter_words(m.group(1))):
        return Condition(ConditionKind.NOT, parts=(Condition(ConditionKind.CONTROL, words),))
    return None


# Sentences after "Add ..." that change neither the mana nor any cost (riders): what
# happens when the mana is spent, delayed triggers, life and counters that are no cost.
_INERT_EFFECTS = tuple(re.compile(p) for p in (
    r"Draw a card\.",
    r"Scry \d+\.",
    r"Use toys to represent the tokens\.",  # Mishra's Toy Workshop: a note on what to put on the table
    r"Put (?:an?|two|three) [a-z+/\d-]+ counters? on ~\.",
    r"Remove an? [a-z+/\d-]+ counter from ~\.",
    r"~ doesn't untap during your next untap step\.",
    r"If there are no [a-z+/\d-]+ counters on ~, sacrifice it\.",
    r"When you do, ~ deals \d+ damage to each opponent\.",
    # 106.6a: effects of spending the mana, never a condition on spending it
    r"(?:When|If|Whenever) (?:you spend this mana|that mana is spent|this mana is spent)(?: (?:to cast|on) [^,.]+)?, [^.]+\.",
    r"[A-Z][^.]* you spend this mana to cast [^.]+\.",  # Andrios: "Creature spells you spend this mana to cast have ..."
    r"When you next cast [^.]+ this turn, [^.]+\.",
    r"You may choose new targets for the copy\.",  # of a spell copied when the mana is spent (707.10c)
    r"Until end of turn, you may cast that card without paying its mana cost\.",  # Codie's delayed trigger
    r"Put each other card exiled this way on the bottom of your library in a random order\.",
    r"When you do, mill (?:a card|two cards|three cards)\.",
    r"(?:You|Each player|Each opponent) (?:gain|gains) (?:\d+|X) life\.",
    r"Each opponent loses \d+ life\.",  # the controller's own loss is `life_loss`
    r"If you control [^.]+, you gain \d+ life\.",
    r"You get (?:a|two) poison counters?\.",
    r"Roll a d20\.",
    r"~ becomes that color until end of turn\.",
    r"(?:Target|An) opponent gains control of ~(?: at the beginning of the next end step)?\.",
    r"Draw a card at the beginning of the next turn's upkeep\.",
    r"During your next untap step, as you untap your permanents, return ~ to its owner's hand\.",
    r"If this ability has been activated (?:four|five) or more times this turn, sacrifice ~ at the beginning of the next end step\.",
))
# 602.5b: "Activate only ..." conditions the board states.  "as an instant" adds
# nothing (602.2: any time its controller has priority).
_ACTIVATE_ONLY = {"as a sorcery": Condition(ConditionKind.SORCERY_TIMING),
                  "during your turn": Condition(ConditionKind.YOUR_TURN),
                  "during an opponent's turn": Condition(ConditionKind.OPPONENTS_TURN)}


def read_activate_only(restriction: str) -> tuple[bool, Condition | None] | None:
    """What "Activate only <restriction>." asks (602.5b): (whether only once each turn,
    the condition it sets: its timing or "if ..."); None if a part of it is not understood.
    "once each turn and only during your turn" has two parts; "as an instant" asks nothing."""
    once, condition = False, None
    for part in restriction.split(" and only "):
        if part == "once each turn":
            once = True
        elif part == "as an instant":
            continue
        elif (cond := _ACTIVATE_ONLY.get(part) or (parse_condition(part[3:]) if part.startswith("if ") else None)):
            condition = all_of(condition, cond)
        else:
            return None
    return once, condition


# Sentences after "Add ..." read exactly whose meaning the model cannot evaluate, each
# with why; the ability is then read with `unmodelled` (left out of payments, named).
_UNMODELLED_SENTENCES = tuple((re.compile(p), why) for p, why in (
    (r"You can't activate this ability until you've begun your (\w+) turn of the game\.",  # Black Tulip
     "it may be activated only once its controller has begun their {0} turn of the game; the board does not record "
     "how many turns they have begun"),
    (r"Any player may activate this ability but only during their turn before the end step\.",  # Mana Cache
     "any player may activate it, each only during their own turn before the end step; payments use only "
     "abilities their controller activates, and the board does not say whether the step is before the end step"),
    (r"If you don't have the city's blessing, you lose \d+ life\.",  # Temur Elevator
     "its life loss depends on the city's blessing (702.131), which the board does not record"),
    (r"Spend this mana only to cast spells with watermarks\.", "its spend restriction asks for watermarks, which "
     "the board does not record"),  # Watermarket
    (r"Spend this mana only to cast a spell that shares a watermark with ~\.", "its spend restriction asks "
     "for watermarks, which the board does not record"),  # Secret Base
    (r"Spend this mana only to cast spells that aren't from your starting deck\.", "its spend restriction asks "
     "whether a spell was in its caster's starting deck, which the board does not record"),  # The Mystical Archive
    (r"Spend this mana only to pay Un-costs\.", "its spend restriction asks for Un-costs, an Un-set notion "
     "no rule defines"),  # Underdome
    (r"Spend this mana only on spells and abilities that put tokens onto the battlefield\.", "its spend restriction "
     "asks whether a spell or ability would create tokens, which the model does not read"),  # Mishra's Toy Workshop
    (r"Spend this mana only to cast spells of the chosen types or spells whose names begin with the first letter of "
     r"your name\.", "its spend restriction asks for chosen types and the player's own name, which the board does "
     "not record"),  # ______
    (r"If you're in a city that starts with an A, instead add one mana of any color\.",  # A-Town
     "it adds one mana of any color instead of {{C}} in a city whose name starts with an A, which is no game state"),
    (r"If you control an? [^,.]+ and an? [^,.]+, add two mana of any color in your commander's color identity instead\.",
     "its replacement adds two mana of the commander's colours, an amount of chosen colours the model does not "
     "read"),  # Command Mine, Command Power Plant
))
# Parts of an activation cost read exactly but not paid by the model (the rest of the
# cost is read as usual).
_UNMODELLED_COST_PARTS = (
    (re.compile(r"Say the secret word"), "its cost %r is no game action the model pays"),  # The Secret Lair
    # Soldevi Adnate: one permanent of either filter; `AbilityCost.sacrifice` holds one filter
    (re.compile(r"Sacrifice an? [a-z]+ or [a-z]+ creature"), "its cost %r sacrifices a creature of either of two "
                                                              "filters, and the model reads one filter"),
)
# The words in front of an ability: "{TK}{TK} — {T}: Add {C}{C}." (tickets, an Un-set mechanic).
_TICKETS = re.compile(r"((?:\{TK\})+) — (.+)")


def parse_mana_ability(line: str, shown: str = "") -> ManaAbility | None:
    """``{T}: Add {W} or {U}. ~ deals 1 damage to you.`` → ManaAbility, or None.

    ``line`` is normalized text (self-references as ``~``); ``shown`` the printed line.
    What is read exactly but lies beyond the model ("unless any player pays {1}", a
    spend restriction on watermarks) is named in ``unmodelled``."""
    unmodelled: list[str] = []
    if m := _TICKETS.fullmatch(line):
        unmodelled.append("its %s prefix (tickets, an Un-set mechanic) is not modelled" % m.group(1))
        line = m.group(2)
    head, _, effect = line.partition(": ")
    left_out: list[str] = []  # the cost parts named in `unmodelled`
    cost = parse_ability_cost(head) or _cost_with_unmodelled(head, unmodelled, left_out)
    if cost is None:
        return None
    said = sentences(effect)
    fields, rest = parse_add(said[0]), said[1:]
    if fields is None:  # "Choose a color. Add ...", "For each color among ..., add ...", "Choose a color of ..."
        lead = parse_leading(said, parse_add, parse_amount) or read_colour_of(said) or _unmodelled_lead(said, unmodelled)
        if lead is None:
            return None
        fields, rest = lead
    for extra in rest:
        if _read_extra(extra, fields):
            continue
        why = next((why.format(*m.groups()) for p, why in _UNMODELLED_SENTENCES if (m := p.fullmatch(extra))), None)
        if why is None:
            return None
        unmodelled.append(why)
    if unmodelled:
        fields["unmodelled"] = tuple(unmodelled)
    per = fields.get("per")
    if per and per.kind == CountKind.REMOVED_COUNTERS:
        # "X" / "for each counter removed this way" needs a variable removal cost, or
        # "X" one other variable part: {X}, "Tap X untapped tokens", "Sacrifice X Goats".
        variable = [kind for kind, n in cost.remove_counters if n < 0]
        others = _cost_xs(cost)
        if not variable and others == 1 and per.counter is None and not per.plus and "X" in said[0]:
            fields["per"] = Count(CountKind.COST_X)
        elif len(variable) != 1 or others or per.counter not in (None, variable[0]):
            return None
        else:
            fields["per"] = Count(CountKind.REMOVED_COUNTERS, counter=variable[0], plus=per.plus)
    elif per and per.kind in (CountKind.SACRIFICED_MANA_VALUE, CountKind.SACRIFICED_POWER) and not _cost_object(cost, said[0]) \
            and not (len([p for p in left_out if p.startswith("Sacrifice ")]) == 1 and not cost.sacrifice):
        return None  # "the sacrificed creature's": the one permanent the cost (or its part named) sacrifices
    return ManaAbility(cost=cost, text=shown or line, moves_library=moves_library_card(line), **fields)


def _cost_with_unmodelled(head: str, unmodelled: list[str], left_out: list[str]) -> AbilityCost | None:
    """The activation cost without its parts `_UNMODELLED_COST_PARTS` names (their
    reasons added to `unmodelled`, the parts to `left_out`); None if there is none or the
    rest does not read."""
    parts = [p.strip() for p in head.split(",")]
    named = [(p, why) for p in parts for rx, why in _UNMODELLED_COST_PARTS if rx.fullmatch(p)]
    kept = [p for p in parts if p not in dict(named)]
    if not named or not kept or (cost := parse_ability_cost(", ".join(kept))) is None:
        return None
    unmodelled.extend(why % p for p, why in named)
    left_out.extend(p for p, _ in named)
    return cost


def _unmodelled_lead(said: list[str], unmodelled: list[str]) -> tuple[dict, list[str]] | None:
    """The mana of an effect read exactly whose amount or occurrence the model cannot
    evaluate (its reason added to `unmodelled`), with the sentences left to read:
    "Flip a coin. If you win the flip, add {C}{C}." (Mana Screw), "Choose a color. Add
    one mana of that color unless any player pays {1}." (Rhystic Cave), "Add one mana of
    any color and lose life equal to ..." (Blustering Barnyard), "Add {G} for each ...
    watermark among permanents you control" (Druid of the Sacred Beaker), Selvala's
    parley."""
    first, rest = said[0], said[1:]
    if first == "Flip a coin." and rest and (m := re.fullmatch(r"If you win the flip, (add .+)", rest[0])):
        fields = parse_add("A" + m.group(1)[1:])
        if fields is None or set(fields) - {"options", "reference"}:
            return None
        unmodelled.append("it adds mana only if its controller wins a coin flip (705), which no payment relies on")
        return fields, rest[1:]
    if first == "Choose a color." and rest and (m := re.fullmatch(r"Add one mana of that color unless any player pays "
                                                                  r"(\{\d+\})\.", rest[0])):
        unmodelled.append("any player may pay %s to stop its mana, so no payment relies on it" % m.group(1))
        return {"options": any_color_options(1)}, rest[1:]
    if m := re.fullmatch(r"(Add .+?) and lose life equal to (the number of .+)\.", first):
        fields = parse_add(m.group(1))
        if fields is None or set(fields) - {"options", "reference"}:
            return None
        unmodelled.append("its controller loses life equal to %s, an amount the model does not read" % m.group(2))
        return fields, rest
    if m := re.fullmatch(r"Add (\{[WUBRGC]\}) for each ([A-Z][\w ]+) watermark among permanents you control\.", first):
        unmodelled.append("it adds one for each %s watermark among its controller's permanents; the board records no "
                          "watermarks" % m.group(2))
        return {"options": (_bundle(m.group(1)),)}, rest
    if first == "Each player reveals the top card of their library." and len(rest) >= 2 and rest[1] == \
            "Then each player draws a card." and (m := re.fullmatch(r"For each nonland card revealed this way, add "
                                                                     r"(\{[WUBRGC]\}) and you gain (\d+) life\.", rest[0])):
        unmodelled.append("it adds one for each nonland card revealed from the top of each library, which the board "
                          "does not show")
        return {"options": (_bundle(m.group(1)),), "effects": ("You gain %s life for each." % m.group(2), rest[1])}, rest[2:]
    return None


def _cost_xs(cost: AbilityCost) -> int:
    """How many parts of the cost have an X the caster chooses (107.3): {X}, "Tap X
    untapped ...", "Sacrifice X ..."."""
    return int(cost.mana.has_x) + sum(1 for n, _ in cost.tap_untapped if n < 0) + int(bool(cost.sacrifice) and cost.sacrifice_count < 0)


def _cost_object(cost: AbilityCost, effect: str) -> bool:
    """Whether "the sacrificed creature's" / "the exiled creature's" names the one
    permanent the cost sacrifices / exiles."""
    if "the sacrificed " in effect:
        return bool(cost.sacrifice) and cost.sacrifice_count == 1 and not cost.exile_other
    return "the exiled " in effect and bool(cost.exile_other) and not cost.sacrifice


def _read_extra(sentence: str, fields: dict) -> bool:
    """Record one sentence following "Add ..." in ``fields``; False if not understood."""
    if m := re.fullmatch(r"~ deals (\d+) damage to you\.", sentence):
        fields["damage"] = fields.get("damage", 0) + int(m.group(1))
    elif m := re.fullmatch(r"~ deals (\d+) damage to you if you don't control (.+)\.", sentence):
        unless = parse_condition("you control " + m.group(2))
        if unless is None or fields.get("damage"):
            return False
        fields["damage"], fields["damage_if"] = int(m.group(1)), negated(unless)
    elif m := re.fullmatch(r"Activate no more than (.+?) each turn\.", sentence):
        fields["max_per_turn"] = times_word(m.group(1))
        return fields["max_per_turn"] is not None
    elif m := re.fullmatch(r"Activate only (.+)\.", sentence):
        read = read_activate_only(m.group(1))
        if read is None:
            return False
        if read[0]:
            fields["once_per_turn"] = True
        if read[1] is not None:
            fields["activate_if"] = all_of(fields.get("activate_if"), read[1])
    elif m := re.fullmatch(r"Spend this mana only (.+?)(, and that spell can't be countered)?\.", sentence):
        r = parse_restriction(m.group(1))
        if m.group(2):
            fields["effects"] = fields.get("effects", ()) + ("That spell can't be countered.",)
        if r is None:
            return False
        fields["restriction"] = r
    elif sentence == "This mana can't be spent to pay generic mana costs.":
        fields["restriction"] = SpendRestriction(spells=(SpellFilter(),), abilities=(), no_generic=True)
    elif (m := re.fullmatch(r"This mana can't be spent (.+)\.", sentence)) and (r := cant_be_spent(m.group(1))):
        fields["restriction"] = r
    elif m := (re.fullmatch(r"If (.+), add (.+) instead\.", sentence) or re.fullmatch(r"If (.+), instead add (.+)\.", sentence)):
        cond = parse_condition(m.group(1))
        if cond is None:
            return False
        times = re.fullmatch(r"%s mana of that type" % _NUM, m.group(2))
        if times and fields.get("reference"):
            fields["instead"] = Instead(cond, times=matched_number(times.group(1)))
            return True
        other = parse_add("Add " + m.group(2))
        if other is None or set(other) != {"options"}:
            return False
        fields["instead"] = Instead(cond, options=other["options"])
    elif m := re.fullmatch(r"(?:You lose|Each player loses) (\d+) life\.", sentence):
        # a rider that costs its controller (119.3): counted by `pay --best` like damage
        fields["life_loss"] = fields.get("life_loss", 0) + int(m.group(1))
        fields["effects"] = fields.get("effects", ()) + (sentence,)
    elif any(p.fullmatch(sentence) for p in _INERT_EFFECTS):
        fields["effects"] = fields.get("effects", ()) + (sentence,)
    else:
        return False
    return True
