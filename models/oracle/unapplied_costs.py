"""Cost sentences read exactly whose effect the model does not apply, each named with why
(`Unapplied`): a cost change that depends on the spell's targets (601.2c comes before
601.2f), on what happened this turn, on a choice or a count the board does not hold; a
cost change or an alternative cost that a resolving ability creates, an Alchemy
"perpetually" change, a grant of flashback to other cards; an alternative or additional
cost under a condition or of a kind the payment model does not read.

`read_unapplied` answers for one normalized sentence that `spell_costs` read no other
way; None when no family here reads it (then it is not understood).  Nothing is guessed:
an `Unapplied` sentence changes no total cost, and answers name it ("not applied: ...").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from manasolve.models.oracle.words import SYMBOLS
from manasolve.models.vocab import Vocabulary


class UnappliedKind(Vocabulary):
    """Why a cost sentence read is not applied."""

    TARGETS = "targets"  # it depends on the spell's targets, chosen before the total cost (601.2c, 601.2f)
    CONDITION = "condition"  # a condition on the game the model does not evaluate
    COUNT = "count"  # "for each ...", "where X is ...": a count the model does not read
    SPELLS = "spells"  # a static change to other spells whose filter or condition the model does not read
    EFFECT = "effect"  # created by a triggered or activated ability, a chapter or a mode when it resolves
    PERPETUAL = "perpetual"  # an Alchemy "perpetually" change (digital only, no CR rule)
    FLASHBACK_GRANT = "flashback_grant"  # gives other cards flashback (702.34)
    ALTERNATIVE = "alternative"  # an alternative cost (118.9) under a condition or of a form not read
    ADDITIONAL = "additional"  # an additional cost (118.8) of a form the payment model does not read
    ABILITY_COST = "ability_cost"  # a change to the costs of abilities or of other keyword costs
    TIMING = "timing"  # "as though it had flash if you pay {2} more" (601.3a): a way of casting not offered
    NO_COST = "no_cost"  # names a cost or a keyword only as a quality ("cards with flashback"), or an effect of paying
    UN_SET = "un_set"  # an Un-set or playtest card's notion no rule defines


@dataclass(frozen=True)
class Unapplied:
    """A cost sentence read but not applied: its ``text`` as printed, what it is
    (``kind``) and why it is not applied (``why``, shown in answers)."""

    text: str
    kind: UnappliedKind
    why: str
    others: bool = False  # it changes other spells' costs (a permanent's static ability), not its own

    @property
    def note(self) -> str:
        """The answers' note: what is not applied, and why."""
        return "not applied: %r: %s" % (self.text, self.why)


_S = SYMBOLS
# Words in front of a sentence that make it part of a triggered or activated ability, a
# chapter, a mode or a level: what it creates is an effect when that resolves.
_EFFECT_START = (r"^(?:When|Whenever|At the beginning|At the end|[IVX]+(?:, [IVX]+)*(?: [A-Z][\w' ]*)? — |"
                 r"\[[+−-]?[\dX]+\]: |(?:%s|\{T\})(?:, [^:]+)?: |• |[A-Z][\w' ]+ — (?:Whenever|When|Until)|"
                 r"Until (?:your next turn|end of turn)|Forecast — )" % _S)
_UN = (r"electrical socket|years you've been alive|women's clothing|Mythic Championship|playtest cards?|"
       r"Mirran team|your team is currently behind|Unknown event|English language Magic releases|"
       r"originally printed|chosen plane|chosen character|Kamigawa expansion|booster pack|watermark|"
       r"__________|city's blessing|rules text|A through M|you can see from your seat|Contraptions")
_FLASHBACK_GRANT = (r"\b(?:gains?|gain|has|have) flashback\b|\bflashback cost is equal to\b|"
                    r"\bgains flashback\b|\bit has flashback\b")
_FLASHBACK_QUALITY = (r"\b(?:cards?|spells?) with flashback\b|\bexiled card with flashback\b|"
                      r"\bcard with flashback or disturb\b")
_PAID_EFFECT = (r"^(?:If|When|Whenever)\b.*\b(?:additional cost was paid|its additional cost was paid|"
                r"her additional cost was paid)\b|^It deals .* if ~'s additional cost was paid\.$|"
                r"^Whenever you pay an additional cost\b|^Put .* tapped to pay ~'s additional cost\.$")
# (kind, pattern, why, whether it changes other spells' costs): the first that matches.
# A why is formatted with the match's groups ({0}, ...) and the whole match ({m}).
# Compiled on first use (`_families`), so importing the parsers stays cheap (CLI start-up).
_FAMILY_SOURCES: tuple[tuple[UnappliedKind, str, str, bool], ...] = (
    (UnappliedKind.UN_SET, _UN, "it asks about {m}, an Un-set, playtest or real-world notion the model "
                                        "does not hold", False),
    (UnappliedKind.PERPETUAL, r".*\bperpetually\b.*", "an Alchemy 'perpetually' change (digital only, no "
                                                      "Comprehensive Rule): not modelled", False),
    (UnappliedKind.NO_COST, _PAID_EFFECT, "an effect that depends on whether an additional cost was paid; "
                                                   "it changes no cost", False),
    (UnappliedKind.NO_COST, _FLASHBACK_QUALITY, "it names flashback only as a quality of cards; it changes "
                                                        "no cost", False),
    (UnappliedKind.FLASHBACK_GRANT, _FLASHBACK_GRANT, "it gives other cards flashback (702.34) or says what "
                                                              "that flashback costs; the model reads a card's own "
                                                              "flashback only", False),
    (UnappliedKind.EFFECT, r"• .*", "a mode's text (700.2): the board does not say which mode was chosen, so its "
                                     "cost change is not applied", False),
    (UnappliedKind.EFFECT, _EFFECT_START + r".*\b(?:costs?|cost) .*\b(?:more|less)\b.*",
     "a cost change a triggered or activated ability or a chapter creates when it resolves; the board holds no "
     "such effect, so it is not applied", False),
    (UnappliedKind.EFFECT, _EFFECT_START + r".*\brather than pay(?:ing)?\b.*",
     "an alternative cost a triggered or activated ability or a chapter gives when it resolves; the board holds "
     "no such effect, so it is not offered", False),
    (UnappliedKind.EFFECT, r"The next .+ costs? (?:%s|X) (?:less|more) to cast.*\." % _S,
     "a cost change for the next spell, created when a spell or ability resolves; the board holds no such effect, "
     "so it is not applied", False),
    (UnappliedKind.EFFECT, r"(?:If you do|If they do|If it's a nonland card|For as long as|You may cast (?:that card|"
                           r"the copy|the exiled card|it)|Once during each of your turns|Once each turn|If you cast a "
                           r"spell this way|Spells you cast this way|A spell cast (?:by an opponent )?this way|Each "
                           r"spell cast this way|Those spells|That copy|It costs|Cards in your hand that|"
                           r"If that spell|~ costs (?:%s|X) less to cast this way).*" % _S,
     "it applies to spells cast the way another of the card's abilities allows ('this way', 'that card', 'those "
     "spells', a copy); the board holds no such effect, so it is not applied", False),
    (UnappliedKind.TIMING, r"You may cast ~ as though it had flash if you (pay %s more to cast it|behold .+ as an "
                           r"additional cost to cast it)\." % _S,
     "a way to cast it at instant speed if you {0} (601.3a, 601.2f); plays and cost do not offer it", False),
    (UnappliedKind.TARGETS, r"~ costs %s (?:less|more) to cast if it targets (.+)\." % _S,
     "its cost change depends on its target ({0}), chosen before the total cost is locked in (601.2c, 601.2f); "
     "not applied", False),
    (UnappliedKind.TARGETS, r".*\b(?:[Ss]pells?|spell you cast)\b.*\bthat targets? .+ costs? %s (?:less|more) to "
                            r"cast\.|As long as ~ is on the stack, spells that target it cost %s more to cast\."
                            % (_S, _S),
     "a cost change to spells that depends on the targets they choose (601.2c, 601.2f); not applied", True),
    (UnappliedKind.TARGETS, r".*\bcosts? (?:%s|\d+ life) (?:less|more) to cast for each (?:target|creature it "
                            r"targets)\." % _S,
     "a cost change for each target a spell chooses (601.2c, 601.2f); not applied", True),
    (UnappliedKind.ABILITY_COST, r"This cost is reduced by %s for each .+\." % _S,
     "it reduces the keyword cost before it (a disguise, morph or other keyword's cost), which the model does not "
     "reduce", False),
    (UnappliedKind.COUNT, r"Affinity for (.+)", "its affinity (702.41) counts {0}, a quality the model does not "
                                                "read; not applied", False),
    (UnappliedKind.COUNT, r"(?:.+ — )?~ costs %s (?:less|more) to cast for each (.+)\." % _S,
     "its cost change counts each {0}, which the model does not read; not applied", False),
    (UnappliedKind.COUNT, r"(?:.+, )?~ costs \{X\} less to cast, where X is (.+)\.",
     "its reduction is {0}, which the model does not read; not applied", False),
    (UnappliedKind.CONDITION, r"(?:.+ — )?(?:If (.+), |During (.+), |As long as (.+), )?~ costs %s (?:less|more) to "
                              r"cast(?: (?:if|as long as|during) (.+?))?\." % _S,
     "its cost change holds only under a condition the model does not evaluate; not applied", False),
    (UnappliedKind.CONDITION, r"~ costs %s less to cast if .+ and %s less to cast if .+\." % (_S, _S),
     "its reductions hold only under conditions the model does not evaluate; not applied", False),
    (UnappliedKind.ALTERNATIVE, r"For each \{[WUBRG]\} in a cost, you may pay \d+ life rather than pay that mana\.",
     "it lets its controller pay life instead of each such mana symbol of any cost, which the payment model does "
     "not offer", True),
    (UnappliedKind.SPELLS, r"During your turn, spells your opponents cast cost %s more to cast and abilities your "
                           r"opponents activate cost %s more to activate unless they're mana abilities\." % (_S, _S),
     "a cost increase to opponents' spells and abilities during its controller's turn, which the model does not "
     "apply", True),
    (UnappliedKind.ABILITY_COST, r".*\b(?:rather than pay the (?:power-up|equip|cycling|echo|unearth) cost|"
                                 r"rather than pay cycling costs|rather than pay ~'s crew cost|(?:Flashback|Buyback) "
                                 r"costs (?:you pay |your opponents pay )?cost %s (?:less|more)|rather than pay that "
                                 r"mana)\b.*" % _S,
     "it changes the cost of abilities or of another keyword cost, which the model does not apply", False),
    (UnappliedKind.ALTERNATIVE, r"(?:.+ — )?(?:If (.+), |As long as (.+), )?(?:you may|rather than pay ~'s mana cost, "
                                r"you may) .+",
     "an alternative cost (118.9) under a condition or of a form the model does not read; not offered", False),
    (UnappliedKind.ALTERNATIVE, r"You may (?:pay .+|collect evidence \d+|cast .+ by paying .+) rather than pay(?:ing)? "
                                r"(?:the mana cost|their mana costs) .+\.",
     "an alternative cost (118.9) this permanent gives other spells, which the model does not offer", True),
    (UnappliedKind.ADDITIONAL, r"As an additional cost to cast (?!~)(.+) spells, .+\.",
     "an additional cost this permanent gives {0} spells (118.8), which the model does not apply", True),
    (UnappliedKind.ADDITIONAL, r"(?:.+ — )?As an additional cost to (?:cast|play) ~, (.+)\.",
     "an additional cost (118.8) '{0}' of a form the payment model does not read (a choice between costs, X life, "
     "a keyword action such as waterbend or blight); the total cost leaves it out", False),
    (UnappliedKind.SPELLS, r"(?:.+ — )?(?:During .+, |As long as .+, |Until your next turn, )?(?:The first |"
                           r"Each |Other )?(?:.+ )?(?:spells?|Spells?|cards?|commander|Enchanted card)\b.* costs? "
                           r"(?:%s(?:, %s)*(?:,? or %s)?|X) (?:more|less)(?: to cast)?.*\." % (_S, _S, _S),
     "a static cost change to spells whose filter or condition the model does not read (601.2f); not applied", True),
    (UnappliedKind.ALTERNATIVE, r"(?:Flashback|Evoke|Kicker|Replicate|Unearth|Madness|Casualty|Splice onto Arcane)"
                                r"\b.*",
     "a keyword cost of a form the model does not read; not offered", False),
)


@cache
def _families() -> tuple[tuple[UnappliedKind, re.Pattern, str, bool], ...]:
    return tuple((k, re.compile(p), why, others) for k, p, why, others in _FAMILY_SOURCES)


# Families found anywhere in the sentence (the others match it whole).
_SEARCHED = (UnappliedKind.UN_SET, UnappliedKind.NO_COST, UnappliedKind.FLASHBACK_GRANT)


def read_unapplied(sentence: str, original: str) -> Unapplied | None:
    """The family of a cost sentence (normalized; `original` as printed) read exactly but
    not applied, or None."""
    for kind, rx, why, others in _families():
        m = rx.search(sentence) if kind in _SEARCHED else rx.fullmatch(sentence)
        if m:
            return Unapplied(original, kind, why.format(*m.groups(), m=m.group(0)), others)
    return None
