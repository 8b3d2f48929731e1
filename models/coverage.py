"""How much of a card database's cost text the parsers read exactly (``cards check``).

Counts, over every card face: activated mana-ability lines (605.1a) and how many parsed;
the cost keywords Saddle, Crew, Convoke, Improvise, Delve (`oracle.card_abilities`) and
Flashback, Kicker, Multikicker (`oracle.spell_costs`); the cost sentences of
`oracle.spell_costs` (alternative and additional costs, cost modifiers, keyword ways of
casting: ``cost_sentences``, with those read but not applied counted apart); and every
sentence left out, grouped by template and by family (`FAMILIES`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from manasolve.models.abilities import CostKeyword
from manasolve.models.cards import Card, card_from_mtgjson
from manasolve.models.mana import CostSyntaxError
from manasolve.models.oracle.card_abilities import keyword_lines
from manasolve.models.oracle.mana_abilities import is_mana_ability_line
from manasolve.models.oracle.not_understood import NotUnderstood
from manasolve.models.oracle.spell_costs import parse_spell_costs
from manasolve.models.oracle.words import normalize

# The families of sentences not understood (issue 15's table), the first that matches:
# what a reader of `cards check` fixes together.  Mana-ability families first.
FAMILIES: tuple[tuple[str, re.Pattern], ...] = tuple((name, re.compile(rx)) for name, rx in (
    ("level, station, max speed or exhaust band", r"^(LEVEL \d|\d+\+ ?\||Max speed|Exhaust —)"),
    # a granted *mana* ability; other granted abilities ("perpetually gains "This spell costs
    # {1} less"") belong to the family of what they say
    ("granted ability", r'\b(ha(s|ve)|gains?) "[^"]*\b[Aa]dd\b'),
    ("whenever tapped for mana", r"\btapped for mana\b"),
    ("produces ... instead", r"\bproduces?\b.*\binstead\b"),
    ("spend restriction", r"\b[Ss]pend this mana only\b|\b[Tt]his mana can't be spent\b"),
    ("if ..., add ... instead", r"\b[Aa]dd\b.*\binstead\b|\binstead\b.*\badd\b"),
    ("activate only", r"\bActivate (this ability )?only\b|\bActivate no more than\b"),
    ("computed amount", r"\bwhere X is\b|\bequal to\b|\bthat much\b"),
    ("for each", r"\bfor each\b"),
    ("chosen or noted colour", r"\bchosen\b|\bnoted\b|\bthe last chosen\b"),
    ("colours among or of an exiled card", r"\bamong\b|\bexiled\b.*\bcolou?rs?\b"),
    ("rider on the mana", r"\b(that|this) mana is spent\b|\byou spend\b|\b(gain|lose)s? \w+ life\b|"
                          r"\bWhen(ever)? you next cast\b|\bpoison counters?\b|\bWhen you do\b|\bgains? control\b"),
    ("cost part not read", r"^[^:]*\b([Mm]ill|[Ee]xert|[Ee]xile|[Ss]acrifice|[Dd]iscard|[Rr]emove|[Pp]ut|[Rr]eturn|"
                           r"[Rr]eveal|[Pp]ay|[Tt]ap (an|two|three|X) untapped|[Uu]ntap|[Cc]ollect evidence|[Ff]orage|"
                           r"[Mm]ark)\b[^:]*: "),
    ("spell cost modifier", r"\bcosts? \{[^}]*\} (more|less)\b|\bcosts? \w+ (more|less)\b"),
    ("additional or alternative cost", r"\badditional cost\b|\brather than pay\b|\bwithout paying\b"),
))
OTHER_FAMILY = "other"
ORACLE_KEYWORDS = ("Saddle", "Crew", "Convoke", "Improvise", "Delve")
SPELL_COST_KEYWORDS = ("Flashback", "Kicker", "Multikicker")
_EXAMPLES = 3


@dataclass(frozen=True)
class KeywordCoverage:
    seen: int
    understood: int
    unapplied: int | None = None  # cost sentences: of the understood, those read exactly but not applied


@dataclass(frozen=True)
class Example:
    card: str
    sentence: str


@dataclass(frozen=True)
class TemplateGroup:
    """The sentences not understood of one template: how many, and a few examples."""

    template: str
    count: int
    examples: tuple[Example, ...]


@dataclass(frozen=True)
class FamilyGroup:
    """The sentences not understood of one family (`FAMILIES`): how many, how many of
    them are mana-ability lines (605.1a), and a few examples."""

    family: str
    count: int
    mana_lines: int
    examples: tuple[Example, ...]


@dataclass(frozen=True)
class Coverage:
    """``cards check``: how much of a card file's oracle text the parsers understand."""

    cards: int
    mana_lines: int
    mana_lines_understood: int
    mana_lines_pct: float
    mana_lines_unmodelled: int
    keywords: Mapping[str, KeywordCoverage]
    spell_costs: str  # the parser of the cost sentences
    mana_effects: KeywordCoverage  # sentences on other permanents' mana production
    cost_sentences: KeywordCoverage  # alternative/additional cost sentences, cost modifiers, keyword ways of casting
    cost_sentences_pct: float
    not_understood: tuple[NotUnderstood, ...]
    not_understood_by_template: tuple[TemplateGroup, ...]
    not_understood_by_family: tuple[FamilyGroup, ...]


def coverage_report(cards: Iterable[dict]) -> Coverage:
    """The ``cards check`` answer for MTGJSON-shaped card dicts (aliases marked
    ``aliasOf`` by the loaders are skipped): cards read, mana-ability lines seen and
    understood, per-keyword seen/understood, and every sentence not understood."""
    n_cards = mana_lines = mana_ok = 0
    kw = {k: {"seen": 0, "understood": 0} for k in ORACLE_KEYWORDS + SPELL_COST_KEYWORDS}
    missed: list[NotUnderstood] = []
    effects = {"seen": 0, "understood": 0}  # sentences on other permanents' mana production
    # cost sentences: alternative/additional costs, cost modifiers (601.2b, 601.2f); "unapplied": of the
    # understood, those read exactly but not applied, each named with why (`oracle.unapplied_costs`)
    costs = {"seen": 0, "understood": 0, "unapplied": 0}
    unmodelled = 0  # mana-ability lines read with a part named not modelled (`ManaAbility.unmodelled`)
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
            costs["seen"] += parse_spell_costs(name, text).seen  # none understood: the card does not read
            for k, found_lines in found.items():
                kw[k]["seen"] += len(found_lines)
            continue
        mana_ok += len(card.mana_abilities)  # each parsed from one of this card's mana-ability lines
        unmodelled += sum(1 for ab in card.mana_abilities if ab.unmodelled)
        missed.extend(card.not_understood)
        missed.extend(card.mana_effects.not_understood)
        effects["seen"] += card.mana_effects.understood + len(card.mana_effects.not_understood)
        effects["understood"] += card.mana_effects.understood
        costs["seen"] += card.spell_costs.seen
        costs["understood"] += card.spell_costs.seen - len(card.spell_costs.not_understood)
        costs["unapplied"] += len(card.spell_costs.unapplied)
        for k in ORACLE_KEYWORDS:
            kw[k]["seen"] += len(found.get(k, ()))
        for k in ("Saddle", "Crew"):
            kw[k]["understood"] += min(len(found.get(k, ())), sum(1 for t in card.tap_costs if t.keyword == k))
        for k in ("Convoke", "Improvise", "Delve"):
            kw[k]["understood"] += min(len(found.get(k, ())), 1 if card.has_cost_keyword(CostKeyword(k)) else 0)
        spell_lines = [(k, ln) for k in SPELL_COST_KEYWORDS for ln in found.get(k, ())]
        for k, _ in spell_lines:
            kw[k]["seen"] += 1
        missed.extend(_spell_cost_missed(card, spell_lines, kw))
    missed.sort(key=lambda x: (x.card, x.sentence))  # the same answer whatever order the cards came in
    return Coverage(
        n_cards, mana_lines, mana_ok, round(100.0 * mana_ok / mana_lines, 2) if mana_lines else 100.0, unmodelled,
        {k: KeywordCoverage(**v) for k, v in kw.items()}, "manasolve.models.spell_costs.parse_spell_costs",
        KeywordCoverage(**effects), KeywordCoverage(**costs),
        round(100.0 * costs["understood"] / costs["seen"], 2) if costs["seen"] else 100.0,
        tuple(sorted(missed, key=lambda x: (x.template, x.card))), _group(missed), _families(missed))


def _spell_cost_missed(card: Card, spell_lines: list[tuple[str, str]], kw: dict) -> list[NotUnderstood]:
    """Every sentence the spell-cost parser reports as not understood (those the ability
    parser reported already left out); Flashback/Kicker/Multikicker lines count as
    understood unless it reports them."""
    reported = [x for x in card.spell_costs.not_understood if x not in card.not_understood]
    for k, ln in spell_lines:
        if not any(x.sentence.strip() == ln or ln.startswith(x.sentence.strip()) for x in reported):
            kw[k]["understood"] += 1
    return reported


def _group(missed: list[NotUnderstood]) -> tuple[TemplateGroup, ...]:
    groups: dict[str, list[NotUnderstood]] = defaultdict(list)
    for x in missed:
        groups[x.template].append(x)
    return tuple(TemplateGroup(t, len(xs), tuple(Example(x.card, x.sentence) for x in xs[:_EXAMPLES]))
                 for t, xs in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])))


def family_of(sentence: str) -> str:
    """The family (`FAMILIES`) of a sentence not understood, or "other"."""
    return next((name for name, rx in FAMILIES if rx.search(sentence)), OTHER_FAMILY)


def _families(missed: list[NotUnderstood]) -> tuple[FamilyGroup, ...]:
    """Sentences not understood by family, most first: how many, how many of them are
    mana-ability lines (605.1a), and a few examples."""
    groups: dict[str, list[NotUnderstood]] = defaultdict(list)
    for x in missed:
        groups[family_of(x.sentence)].append(x)
    return tuple(FamilyGroup(f, len(xs), sum(1 for x in xs if is_mana_ability_line(normalize(x.sentence, x.card).strip())),
                             tuple(Example(x.card, x.sentence) for x in xs[:_EXAMPLES]))
                 for f, xs in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])))
