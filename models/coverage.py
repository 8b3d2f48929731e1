"""How much of a card database's cost text the parsers read exactly (``cards check``).

Counts, over every card face: activated mana-ability lines (605.1a) and how many parsed;
the cost keywords Saddle, Crew, Convoke, Improvise, Delve (oracle parser) and Flashback,
Kicker, Multikicker (``manasolve.models.spell_costs`` when present); and every sentence
left out, grouped by template.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable

from manasolve.models.cards import Card, NotUnderstood, card_from_mtgjson
from manasolve.models.mana import CostSyntaxError
from manasolve.models.oracle import is_mana_ability_line, normalize, strip_reminder

ORACLE_KEYWORDS = ("Saddle", "Crew", "Convoke", "Improvise", "Delve")
SPELL_COST_KEYWORDS = ("Flashback", "Kicker", "Multikicker")
_EXAMPLES = 3


def _spell_cost_parser():
    """``parse_spell_costs`` of the spell-cost module, or None while it does not exist."""
    try:
        from manasolve.models.spell_costs import parse_spell_costs
    except ImportError:
        return None
    return parse_spell_costs


def keyword_lines(text: str, name: str) -> dict[str, list[str]]:
    """The printed lines (reminder text removed) that state each cost keyword.

    Deliberately looser than the parsers: a line counts if it begins with Saddle, Crew,
    Flashback, Kicker or Multikicker, or lists Convoke/Improvise/Delve among
    comma-separated keywords, whatever follows."""
    found: dict[str, list[str]] = defaultdict(list)
    shown = strip_reminder(text).split("\n")
    for line, original in zip(normalize(text, name).split("\n"), shown):
        line = line.strip()
        m = re.match(r"(Saddle|Crew|Flashback|Kicker|Multikicker)\b", line)
        if m:
            found[m.group(1)].append(original.strip())
            continue
        for part in line.split(","):
            word = part.strip().capitalize()
            if word in ("Convoke", "Improvise", "Delve"):
                found[word].append(original.strip())
    return found


def _not_understood_of(result, card: Card) -> list[NotUnderstood]:
    """NotUnderstood records a spell-cost parse reported, in whichever of the usual
    places it put them: a ``not_understood`` attribute, a returned sequence, or the card."""
    items: list = []
    if hasattr(result, "not_understood"):
        items = list(result.not_understood)
    elif isinstance(result, (list, tuple)):
        for part in result:
            if isinstance(part, NotUnderstood):
                items.append(part)
            elif isinstance(part, (list, tuple)):
                items.extend(x for x in part if isinstance(x, NotUnderstood))
    items.extend(card.not_understood)
    return [x for x in items if isinstance(x, NotUnderstood)]


def coverage_report(cards: Iterable[dict]) -> dict:
    """The ``cards check`` answer for MTGJSON-shaped card dicts (aliases marked
    ``aliasOf`` by the loaders are skipped): cards read, mana-ability lines seen and
    understood, per-keyword seen/understood, and every sentence not understood."""
    spell_costs = _spell_cost_parser()
    try:
        from manasolve.models.mana_effects import (
            not_understood as effects_not_understood,
        )
    except ImportError:
        effects_not_understood = None
    n_cards = mana_lines = mana_ok = 0
    kw = {k: {"seen": 0, "understood": 0} for k in ORACLE_KEYWORDS + SPELL_COST_KEYWORDS}
    missed: list[NotUnderstood] = []
    for d in cards:
        if d.get("aliasOf"):
            continue
        n_cards += 1
        name, text = d.get("name") or "", d.get("text") or ""
        lines = [ln.strip() for ln in normalize(text, name).split("\n")]
        seen_mana = sum(1 for ln in lines if ln and is_mana_ability_line(ln))
        mana_lines += seen_mana
        found = keyword_lines(text, name)
        try:
            card = card_from_mtgjson(d)
        except (CostSyntaxError, KeyError, TypeError, ValueError) as exc:
            missed.append(NotUnderstood(name, "%s (manaCost %s)" % (exc, d.get("manaCost")), "unreadable card: " + type(exc).__name__))
            for k, found_lines in found.items():
                kw[k]["seen"] += len(found_lines)
            continue
        mana_ok += len(card.mana_abilities)  # each parsed from one of this card's mana-ability lines
        missed.extend(card.not_understood)
        if effects_not_understood is not None:
            missed.extend(effects_not_understood(card))
        for k in ORACLE_KEYWORDS:
            kw[k]["seen"] += len(found.get(k, ()))
        for k in ("Saddle", "Crew"):
            kw[k]["understood"] += min(len(found.get(k, ())), sum(1 for t in card.tap_costs if t.keyword == k))
        for k in ("Convoke", "Improvise", "Delve"):
            kw[k]["understood"] += min(len(found.get(k, ())), 1 if card.static_keywords.get(k) else 0)
        spell_lines = [(k, ln) for k in SPELL_COST_KEYWORDS for ln in found.get(k, ())]
        for k, _ in spell_lines:
            kw[k]["seen"] += 1
        if spell_lines or spell_costs is not None:
            missed.extend(_spell_cost_missed(card, spell_lines, spell_costs, kw))
    return {
        "cards": n_cards,
        "mana_lines": mana_lines,
        "mana_lines_understood": mana_ok,
        "mana_lines_pct": round(100.0 * mana_ok / mana_lines, 2) if mana_lines else 100.0,
        "keywords": kw,
        "spell_costs": "manasolve.models.spell_costs.parse_spell_costs" if spell_costs else
        "not available yet: Flashback/Kicker/Multikicker lines counted as not understood",
        "not_understood": [{"card": x.card, "sentence": x.sentence, "template": x.template}
                           for x in sorted(missed, key=lambda x: (x.template, x.card))],
        "not_understood_by_template": _group(missed),
    }


def _spell_cost_missed(card: Card, spell_lines: list[tuple[str, str]], parser, kw: dict) -> list[NotUnderstood]:
    """Every sentence the spell-cost parser reports as not understood; Flashback/Kicker/
    Multikicker lines count as understood unless the parser is missing or reports them."""
    if parser is None:
        return [NotUnderstood(card.name, ln, "%s (spell-cost parser not available)" % k) for k, ln in spell_lines]
    before = list(card.not_understood)
    try:
        result = parser(card)
    except Exception as exc:  # a crash in another module is reported, not propagated
        return [NotUnderstood(card.name, ln, "%s (spell-cost parser raised %s)" % (k, type(exc).__name__)) for k, ln in spell_lines]
    reported = [x for x in _not_understood_of(result, card) if x not in before]
    for k, ln in spell_lines:
        if not any(x.sentence.strip() == ln or ln.startswith(x.sentence.strip()) for x in reported):
            kw[k]["understood"] += 1
    return reported


def _group(missed: list[NotUnderstood]) -> list[dict]:
    groups: dict[str, list[NotUnderstood]] = defaultdict(list)
    for x in missed:
        groups[x.template].append(x)
    return [{"template": t, "count": len(xs), "examples": [{"card": x.card, "sentence": x.sentence} for x in xs[:_EXAMPLES]]}
            for t, xs in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))]
