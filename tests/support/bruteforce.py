"""An independent brute-force payment enumerator for small boards.

It shares no code with the solver (no classes, patterns, flows, DP or CP-SAT): it tries
every choice for every permanent, every announcement, every order of the mana-costing
activations and every assignment of mana units to cost symbols.  Exponential: use it on
boards of at most ~8 sources.

A payment's identity (design.md): the multiset of (symbol, announced half), the set of
activations (permanent, ability text, mana produced, creature tapped for its cost), and
the set of permanents tapped for convoke/improvise.

Effects of other permanents on mana production (`_Effects`) are applied here from the
parsed effect data with this module's own reading of the rules: granted abilities and
added land types (613), replacement effects in every order (616.1), triggered mana
abilities that add mana in the same activation (605.1b).  Which abilities adding mana are
mana abilities (605.1a as amended by the CR of 2026-08-07: none whose cost or effect moves
a card to or from a library) is read again here from the ability's text (`_payable_ability`).
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from itertools import permutations, product

from manasolve.models.abilities import basic_land_ability
from manasolve.models.board import Board
from manasolve.models.mana import ManaCost, SymbolKind

COLORS = "WUBRG"
_BASIC = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
# 605.1a (CR 2026-08-07), this module's reading: a cost or an immediate effect that draws,
# mills, surveils or names a library; a sentence beginning a trigger ("When you do, ...",
# "... at the beginning of the next turn's upkeep") and the ones after it are not the
# ability's own effect.
_LIBRARY_WORDS = re.compile(r"\b(?:[Dd]raws?|[Mm]ills?|[Ss]urveils?|librar(?:y|ies))\b")
_LATER = re.compile(r"^(?:When|Whenever|At)\b|\bat the beginning of the next\b")


# This module's reading of what no payment may rely on: mana any player may stop ("unless
# any player pays"), a coin flip, an activation waiting for a turn of the game, tickets
# ({TK}), watermarks, a cost part no game action pays ("Say the secret word").
_NOT_RELIED_ON = re.compile(r"unless any player pays|[Ff]lip a coin|until you've begun your|\{TK\}|watermark|"
                            r"[Ss]ay the secret word")


def _payable_ability(ab) -> bool:
    """Whether a payment may activate `ab`: a mana ability under 605.1a as amended, whose
    mana a payment may rely on (`_NOT_RELIED_ON`)."""
    cost, _, effect = ab.text.partition(": ")
    if _LIBRARY_WORDS.search(cost) or _NOT_RELIED_ON.search(ab.text):
        return False
    for sentence in re.split(r"(?<=\.) ", effect):
        if _LATER.search(sentence):
            break
        if _LIBRARY_WORDS.search(sentence):
            return False
    return True


def _payment_abilities(card) -> list:
    """The card's own mana abilities a payment may activate (`_payable_ability`)."""
    return [ab for ab in card.intrinsic_mana_abilities() if _payable_ability(ab)]


def _sorted(bundle) -> tuple:
    return tuple(sorted(bundle, key="WUBRGC".index))


def _in_band(cond, perm) -> bool:
    """Whether `perm` has what a level band gives (LEVEL n-m, 711.2: by its level counters)."""
    if cond is None:
        return True
    if cond.kind != "self_counter" or cond.counter != "level":
        raise AssertionError("band not handled by the brute force: %s" % (cond,))
    n = perm.counters.get("level", 0)
    return n >= cond.n and (cond.at_most is None or n <= cond.at_most)


class _Resolved:
    """The source of an "Until end of turn" effect the board says a player resolved."""

    attached_to = None
    token = False
    chosen_color = None
    chosen_type = None

    def __init__(self, controller: str):
        self.controller = controller


class _Effects:
    """The mana effects of every permanent on the board, applied by brute force."""

    HANDLED = {"AddFixed", "AddProduced", "AddChosen", "GrantAbility", "AddLandType", "Replace", "ChangeType", "Multiply"}

    def __init__(self, board: Board):
        self.on = [(p, e) for p in board.permanents for e in p.card.mana_effects.effects]
        self.on += [(_Resolved(pl.name), e) for pl in board.players for card in pl.until_end_of_turn
                    for e in card.mana_effects.until_end_of_turn]
        for _, e in self.on:
            if type(e).__name__ not in self.HANDLED:
                raise AssertionError("effect not handled by the brute force: %s" % e)
        self.board = board

    def added(self, perm) -> set[str]:
        """Basic land types given to the land `perm` "in addition to its other types"."""
        out: set[str] = set()
        for s, e in self.on:
            if type(e).__name__ != "AddLandType":
                continue
            if e.to == "yours" and s.controller != perm.controller or e.to == "attached" and s.attached_to != perm.id:
                continue
            if e.subtype == "every basic land type":
                out |= set(_BASIC)
            elif e.subtype == "the chosen type":
                out |= {s.chosen_type} & set(_BASIC)
            else:
                out.add(e.subtype)
        return out

    def words(self, perm) -> set[str]:
        out = set(perm.type_line.replace("—", " ").split())
        return out | self.added(perm) if "Land" in out else out

    def _watched(self, src, watch, perm) -> bool:
        if watch.who == "you" and perm.controller != src.controller:
            return False
        if watch.who == "opponent" and perm.controller == src.controller:
            return False
        w = self.words(perm)
        for what in watch.what.split(" or "):
            if (what == "permanent" or (what == "nonland permanent" and "Land" not in w)
                    or (what == "creature" and "Creature" in w) or (what == "land" and "Land" in w)
                    or (what == "basic land" and {"Basic", "Land"} <= w)
                    or (what == "nonbasic land" and "Land" in w and "Basic" not in w) or (what == "snow land" and {"Snow", "Land"} <= w)
                    or (what == "artifact token" and "Artifact" in w and perm.token)
                    or (what == "enchanted land" and src.attached_to == perm.id and "Land" in w)
                    or (what == "enchanted Forest" and src.attached_to == perm.id and "Forest" in w)
                    or (what in _BASIC and "Land" in w and what in w)):
                return True
        return False

    def abilities(self, perm) -> list:
        """Its own mana abilities, those of added basic land types, and granted ones."""
        out = [ab for ab in _payment_abilities(perm.card) if _in_band(ab.present_if, perm)]
        if "Land" in self.words(perm):
            out += [basic_land_ability(t) for t in sorted(self.added(perm))]
        for src, e in self.on:
            if type(e).__name__ != "GrantAbility":
                continue
            if e.to == "attached" and src.attached_to != perm.id or e.to == "yours" and src.controller != perm.controller:
                continue
            if e.other and src is perm or e.token and not perm.token or not _in_band(e.present_if, src) \
                    or not _payable_ability(e.ability):
                continue
            if e.counter is not None and not any(v > 0 and e.counter in ("", k) for k, v in perm.counters.items()):
                continue
            lands = sum(1 for q in self.board.permanents if q.controller == src.controller and "Land" in self.words(q))
            if lands < e.min_lands:
                continue
            w = self.words(perm) | {"Permanent"}
            if any(all(x in w for x in alt) for alt in e.alternatives):
                out.append(e.ability)
        # The same ability twice (a Swamp under Urborg) gives the same identities: one payment.
        return out

    def bundles(self, perm, ab, bundle) -> list[tuple]:
        """What one activation adding `bundle` really adds: replacements in every order the
        controller may pick, then every trigger's mana (only when it taps, 106.12)."""
        if not ab.cost.tap:
            return [_sorted(bundle)]
        reps = [e for s, e in self.on if type(e).__name__ in ("Replace", "ChangeType", "Multiply") and self._watched(s, e.watch, perm)]
        results = set()
        for order in permutations(range(len(reps))):
            results |= self._chain(list(order), reps, _sorted(bundle))
        triggers = [(s, e) for s, e in self.on if type(e).__name__ in ("AddFixed", "AddProduced", "AddChosen")
                    and self._watched(s, e.watch, perm)]
        out = set()
        for b in results:
            extra = []
            for s, e in triggers:
                kind = type(e).__name__
                if kind == "AddFixed":
                    extra.append(e.options)
                elif kind == "AddProduced":
                    extra.append([(t,) for t in set(b)])
                elif s.chosen_color is not None and (not e.if_produced or s.chosen_color in b):
                    extra.append([(s.chosen_color,)])
            for pick in product(*extra):
                out.add(_sorted(b + tuple(t for x in pick for t in x)))
        return sorted(out)

    def _chain(self, order: list[int], reps: list, b: tuple) -> set[tuple]:
        """Apply, while one applies, the first effect of `order` that applies (616.1e)."""
        if not b:
            return {b}
        for k, i in enumerate(order):
            e, kind = reps[i], type(reps[i]).__name__
            if kind == "Replace" and len(b) < e.min_amount:
                continue
            rest = order[:k] + order[k + 1:]
            if kind == "Replace":
                nexts = [(c,) for c in COLORS] if e.any_color else [tuple(e.bundle)]
            elif kind == "ChangeType":
                nexts = [(c,) * len(b) for c in ([e.to] if e.to else COLORS)]
            else:
                nexts = [b * e.factor]
            return set().union(*(self._chain(rest, reps, _sorted(n)) for n in nexts))
        return {b}


def _halves(sym) -> list[tuple[str, object]]:
    """(label, what must be paid) for each way a symbol may be announced."""
    k, cs = sym.kind, sym.colors
    if k == "hybrid":
        return [(c, ("color", c)) for c in cs]
    if k == "twobrid":
        return [(cs[0], ("color", cs[0])), ("2", ("generic", 2))]
    if k == "chybrid":
        return [("C", ("C", 1)), (cs[0], ("color", cs[0]))]
    if k == "phyrexian" and cs == ("C",):
        return [("C", ("C", 1)), ("life", ("life", 2))]
    if k == "phyrexian":
        return [(cs[0], ("color", cs[0])), ("life", ("life", 2))]
    if k == "hphyrexian":
        return [(c, ("color", c)) for c in cs] + [("life", ("life", 2))]
    raise AssertionError(k)


def announcements(cost: ManaCost) -> list[tuple[tuple, list[str], int]]:
    """(identity, spell slots, life) for each distinct announcement."""
    base_slots: list[str] = []
    choosers = []
    for s in cost.symbols:
        if s.kind == SymbolKind.GENERIC:
            base_slots += ["gen"] * s.amount
        elif s.kind == SymbolKind.COLOR:
            base_slots.append(s.colors[0])
        elif s.kind in (SymbolKind.C, SymbolKind.S):
            base_slots.append(s.kind)
        else:
            choosers.append(s)
    seen = {}
    for picks in product(*[_halves(s) for s in choosers]):
        ident = tuple(sorted((str(s), label) for s, (label, _) in zip(choosers, picks)))
        if ident in seen:
            continue
        slots = list(base_slots)
        life = 0
        for _, (kind, val) in picks:
            if kind == "color":
                slots.append(val)
            elif kind == "generic":
                slots += ["gen"] * val
            elif kind == "C":
                slots.append("C")
            else:
                life += val
        seen[ident] = (ident, slots, life)
    return list(seen.values())


def _outlets(perms) -> list[tuple]:
    """(outlet, ability) for each "Sacrifice a <type>: Add ..." ability (no {T}, repeatable;
    one permanent each time)."""
    return [(p, ab) for p in perms for ab in _payment_abilities(p.card)
            if ab.cost.sacrifice and ab.cost.sacrifice_count == 1 and not ab.once_per_turn
            and not (ab.cost.tap or ab.cost.untap or ab.cost.sacrifice_self)]


def _times_activated(perm, text: str) -> int:
    """This turn's activations of the ability printed as `text` (the board's `activated`)."""
    return sum(n for t, n in perm.activated.items() if " ".join(t.split()).lower() == " ".join(text.split()).lower())


def _words(p) -> set[str]:
    """A permanent's printed type-line words, "Token" for a token."""
    return set(p.type_line.replace("—", " ").split()) | ({"Token"} if p.token else set())


def _condition(cond, mine, perm, board=None) -> bool:
    """An "Activate only if ..." condition of `perm`, on the printed type lines."""
    if cond.kind == "entered_this_turn":
        return perm.entered_this_turn
    if cond.kind == "control":  # power/toughness: printed plus +1/+1 and -1/-1 counters
        return sum(1 for p in mine if all(w in p.card.type_line.replace("—", " ").split() for w in cond.filter)
                   and (cond.power_at_least is None or ("Creature" in p.card.types and _power(p) >= cond.power_at_least))
                   and (cond.toughness_at_least is None
                        or ("Creature" in p.card.types and _toughness(p) >= cond.toughness_at_least))) >= cond.n
    if cond.kind == "not":
        return not _condition(cond.parts[0], mine, perm, board)
    if cond.kind == "same_name":
        names = [p.card.name for p in mine if all(w in _words(p) for w in cond.filter)]
        return any(names.count(n) >= cond.n for n in names)
    if cond.kind == "sorcery_timing":  # the controller's main phase, the stack empty
        return board.active_player == perm.controller and board.step.endswith("_main") and board.stack_empty
    if cond.kind == "opponent_poison":
        return any(pl.poison >= cond.n for pl in board.players if pl.name != perm.controller)
    if cond.kind == "exiled_with":  # a card exiled with it (Ugin's Labyrinth), as the board lists them
        return bool(perm.exiled_with)
    if cond.kind in ("all_of", "any_of"):
        results = [_condition(c, mine, perm, board) for c in cond.parts]
        return all(results) if cond.kind == "all_of" else any(results)
    raise AssertionError("condition not handled by the brute force: %s" % cond.kind)


_COLOR_WORD = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def _printed_words(card) -> set[str]:
    return set(card.types) | set(card.subtypes) | set(card.supertypes) | {"Permanent"}


def _has(card, words) -> bool:
    """Every filter word on the printed card (types, subtypes, supertypes, colour words)."""
    have = _printed_words(card) | {_COLOR_WORD[c] for c in card.color_set}
    return all(w in have for w in words)


def _power(perm) -> int:
    return int(perm.card.power) + perm.counters.get("+1/+1", 0) - perm.counters.get("-1/-1", 0)


def _toughness(perm) -> int:
    return int(perm.card.toughness) + perm.counters.get("+1/+1", 0) - perm.counters.get("-1/-1", 0)


def _amount(perm, count, mine, who, db, color=None) -> list[int]:
    """Every amount a "for each" / "where X is" count may be on this board (several only
    for "Reveal any number of ..."), counted from the printed cards."""
    kind = count.kind
    if kind in ("permanents", "greatest_power", "different_powers", "shared_type"):
        chosen = [p for p in mine if _has(p.card, count.filter) and not (count.others and p is perm)
                  and (count.keyword is None or count.keyword in p.card.keywords)
                  and (count.named is None or p.card.name == (perm.card.name if count.named == "~" else count.named))
                  and (not count.entered_this_turn or p.entered_this_turn)
                  and (not count.of_chosen_type or (perm.chosen_type is not None  # none chosen: no mana
                                                      and (perm.chosen_type in p.card.subtypes
                                                           or "Changeling" in p.card.keywords)))]
        if kind == "permanents":
            n = len(chosen)
        elif kind == "greatest_power":
            n = max([_power(p) for p in chosen] + [0])
        elif kind == "different_powers":
            n = len({_power(p) for p in chosen})
        else:  # the biggest group of creatures with some one creature type (changelings have them all)
            types = {t for p in chosen for t in p.card.subtypes}
            n = max([sum(1 for p in chosen if t in p.card.subtypes or "Changeling" in p.card.keywords) for t in types]
                    + [sum(1 for p in chosen if "Changeling" in p.card.keywords)])
    elif kind == "devotion":
        n = sum(1 for p in mine if p.card.mana_cost for s in p.card.mana_cost.symbols if color in s.colors)
    elif kind == "counters_on_self":
        n = perm.counters.get(count.counter, 0)
    elif kind == "basic_land_types":
        n = len({t for p in mine if "Land" in p.card.types for t in p.card.subtypes if t in _BASIC})
    elif kind == "cards_drawn":
        n = who.cards_drawn_this_turn
    elif kind == "life_gained":
        n = who.life_gained_this_turn
    elif kind == "self_power":
        n = _power(perm)
    elif kind == "self_toughness":
        n = _toughness(perm)
    elif kind == "revealed":  # any subset of the matching hand cards may be revealed
        fits = [db.get(name) for name in who.hand]
        fits = [c for c in fits if _has(c, count.filter)
                and (count.power_at_least is None or int(c.power) >= count.power_at_least)
                and (not count.x_in_cost or (c.mana_cost is not None  # "cards with {X} in their mana cost"
                                             and any(s.kind == SymbolKind.X for s in c.mana_cost.symbols)))]
        return list(range(1, len(fits) + 1))
    else:
        raise AssertionError("count not handled by the brute force: %s" % kind)
    return [n + count.plus]


def _own_bundles(perm, ab, mine, who, db, board=None) -> list[tuple]:
    """The bundles one activation of `ab` may add, worked out from the printed cards: fixed
    options, "for each"/"where X is" amounts, "any combination", the colours among
    permanents / exiled cards, the chosen colours."""
    if ab.among is not None:
        a = ab.among
        if a.where == "exiled_with":
            cards = [db.get(name) for name in perm.exiled_with]
        elif a.where == "graveyard":
            cards = [db.get(name) for name in who.graveyard]
        elif a.where == "all_permanents":
            cards = [p.card for p in board.permanents]
        else:
            cards = [p.card for p in mine]
        colors = set()
        for c in cards:
            if (not a.alternatives or any(_has(c, alt) for alt in a.alternatives)) and \
                    (not a.monocolored or len(c.color_set) == 1):
                colors |= set(c.color_set)
        ordered = tuple(c for c in COLORS if c in colors)
        if not ordered:
            return []
        return [ordered] if a.each else [(c,) for c in ordered]
    options = list(ab.options)
    if ab.instead is not None and _condition(ab.instead.condition, mine, perm, board):  # "If ..., add ... instead"
        options = list(ab.instead.options) or [b * ab.instead.times for b in options]
    if ab.reference is not None:  # only "the chosen color" reaches here ("two mana of the chosen color")
        options += [(c,) * ab.reference.amount for c in perm.chosen_colors if (c,) * ab.reference.amount not in options]
    if ab.per is None:
        return options
    out = set()
    for b in options:
        for n in _amount(perm, ab.per, mine, who, db, b[0]):
            if ab.any_combination:
                out |= {tuple(sorted(m, key="WUBRGC".index)) for m in product(sorted({t for o in options for t in o}),
                                                                             repeat=n)}
            elif n > 0:
                out.add(tuple(sorted(b * n, key="WUBRGC".index)))
    return sorted(x for x in out if x)


def _choices(perm, convoke: bool, improvise: bool, outlets, spell: dict | None, mine, who, db, board,
             effects: _Effects) -> list[tuple]:
    """Every way one permanent can take part: None, an activation, a convoke/improvise tap,
    sacrificed to an outlet (any state: sacrificing needs no untapped permanent), or an
    activation of its own that leaves it in play (no mana cost) and then sacrificed."""
    out: list[tuple] = [None]
    creature = "Creature" in perm.card.types
    sick_blocked = creature and perm.sick and not perm.haste
    own = []
    for ab in effects.abilities(perm):
        c = ab.cost
        # Abilities usable at most once: {T}, {Q}, sacrifice / exile / return this, or
        # "only once each turn"; none once this turn's activations reach the limit.
        if (ab.reference is not None and ab.reference.scope != "chosen") or \
                not (c.tap or c.untap or c.sacrifice_self or c.exile_self or c.return_self or ab.once_per_turn):
            continue
        limit = 1 if ab.once_per_turn else ab.max_per_turn
        if limit is not None and _times_activated(perm, ab.text) >= limit:
            continue
        if c.sacrifice or c.tap_untapped or c.exile_from_graveyard or c.exile_other or c.mana.has_x:
            continue  # costs the payment solver leaves out with a note: sacrificing another
            # permanent with {T}, tapping X, exiling from the graveyard or the battlefield, {X}
        if c.tap and perm.tapped or c.untap and not perm.tapped:
            continue
        if (c.tap or c.untap) and sick_blocked:
            continue
        if _unit_kind(ab, spell, perm) is None:
            continue
        if ab.per is not None and ab.per.kind == "removed_counters":  # storage lands, Mana Batteries
            (kind, _), = c.remove_counters
            own += [("act", ab, made) for k in range(perm.counters.get(kind, 0) + 1)
                    if k + ab.per.plus > 0 for bundle in ab.options
                    for made in effects.bundles(perm, ab, bundle * (k + ab.per.plus))]
            continue
        if any(n < 0 or perm.counters.get(kind, 0) < n for kind, n in c.remove_counters):
            continue  # "Remove a charge counter from ~": only with that many counters
        if ab.activate_if is not None and not _condition(ab.activate_if, mine, perm, board):
            continue
        for bundle in _own_bundles(perm, ab, mine, who, db, board):
            own += [("act", ab, made) for made in effects.bundles(perm, ab, bundle)]
    words = _words(perm)
    sacs = [(ab, bundle, outlet) for outlet, ab in outlets if all(w in words for w in ab.cost.sacrifice)
            and not (ab.cost.sacrifice_other and outlet is perm) and ab.cost.sacrifice_named in ("", perm.card.name)
            for bundle in ab.options]
    out += own
    out += [("act", ab, bundle, outlet) for ab, bundle, outlet in sacs]
    out += [("act+sac", o[1], o[2], ab, bundle, outlet) for o in own for ab, bundle, outlet in sacs
            if not (o[1].cost.sacrifice_self or o[1].cost.exile_self or o[1].cost.return_self
                    or o[1].cost.mana.symbols or o[1].cost.tap_creatures)]
    if not perm.tapped:
        if convoke and creature:
            out.append(("convoke",))
        if improvise and "Artifact" in perm.card.types:
            out.append(("improvise",))
    return out


def _cost_slots(ab) -> list:
    slots = []
    for s in ab.cost.mana.symbols:
        if s.kind == SymbolKind.GENERIC:
            slots += [("gen",)] * s.amount
        elif s.kind == SymbolKind.COLOR:
            slots.append(("any_of", (s.colors[0],)))
        elif s.kind == SymbolKind.HYBRID:
            slots.append(("any_of", s.colors))
        elif s.kind == SymbolKind.C:
            slots.append(("any_of", ("C",)))
        elif s.kind == SymbolKind.S:
            slots.append(("snow",))
        else:
            raise AssertionError(s)
    return slots


def _fits_spell(slot: str, unit: tuple) -> bool:
    kind, t, snow, _src = unit
    if kind == "convoke":
        return slot == "gen" or slot in t
    if kind in ("improvise", "delve"):
        return slot == "gen"
    if slot == "gen":
        return kind != "mana:nogen"
    if slot == "S":
        return snow
    return slot == t


def _fits_cost(slot: tuple, unit: tuple) -> bool:
    kind, t, snow, _ = unit
    if kind not in ("mana", "mana:nogen"):  # "mana:spell" may pay only the spell
        return False
    if slot[0] == "gen":
        return kind == "mana"
    if slot[0] == "snow":
        return snow
    return t in slot[1]


class BruteBudget(Exception):
    """The brute force would take more steps than `brute_payments` was allowed."""


class _Steps:
    """Counts the brute force's steps (choices tried, slots filled) against a budget."""

    def __init__(self, limit: int | None):
        self.left = limit

    def take(self) -> None:
        if self.left is not None:
            self.left -= 1
            if self.left < 0:
                raise BruteBudget


def _assignable(slots: list, units: list, must: set[int], must_units: set[int], steps: _Steps) -> bool:
    """Fill every slot with a distinct unit; every activation in `must` spends a unit,
    every unit in `must_units` (convoke/improvise) is used.  Depth first over the slots,
    remembering which (slot, units used) were already tried."""

    @cache
    def go(k: int, used: frozenset, low: int) -> bool:
        steps.take()
        if k == len(slots):
            spent_by = {units[u][3] for u in used}
            return must <= spent_by and must_units <= used
        fits, tag = slots[k]
        # identical consecutive slots: fill them in increasing unit order
        same_next = tag is not None and k + 1 < len(slots) and slots[k + 1][1] == tag
        for u in range(low, len(units)):
            if u in used or not fits(units[u]):
                continue
            if go(k + 1, used | {u}, u if same_next else 0):
                return True
        return False

    return go(0, frozenset(), 0)


def _unit_kind(ab, spell: dict | None, perm) -> str | None:
    """How mana of `perm`'s `ab` may be spent on `spell` (106.6): "mana" (anywhere),
    "mana:spell" (on the spell only), "mana:nogen" (never generic), None (not on this
    spell).  The spell dict: type_line, zone, via, mana_value, has_x, cost_has_x, and
    optionally colors, kicked, commander, no_abilities, keywords, nth, cost_has_c, and
    spell (False: an ability's cost) with its purposes ("turn face up", "morph")."""
    r = getattr(ab, "restriction", None)
    if r is None:
        return "mana"
    if spell is None:
        return None
    if r.no_generic:
        return "mana:nogen"
    if r.x_costs_only:
        return "mana:spell" if spell["cost_has_x"] else None
    if "C" in r.costs_with and spell.get("cost_has_c"):
        return "mana:spell"
    if any(p in spell.get("purposes", ()) for p in r.purposes):  # e.g. turning a permanent face up
        return "mana:spell"
    if not spell.get("spell", True):
        return None  # an ability or special action: no "to cast ..." holds
    words = spell["type_line"].replace("—", " ").split()
    subtypes = spell["type_line"].partition("—")[2].split()
    colors = tuple(spell.get("colors", ()))
    keywords = spell.get("keywords", ())
    names = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}

    def has_word(w: str) -> bool:
        if w.startswith("non-"):
            return not has_word(w[4:])
        if w == "colorless":
            return not colors
        if w == "monocolored":
            return len(colors) == 1
        if w == "multicolored":
            return len(colors) > 1
        if w in names.values():
            return w in {names[c] for c in colors}
        return w in words

    traits = {
        "kicked": spell.get("kicked", False), "commander": spell.get("commander", False),
        "no_abilities": spell.get("no_abilities", False), "face_down": False, "not_owned": False,
        "no_x": not spell["has_x"], "not_from_hand": spell["zone"] != "hand",
        "chosen_type": perm.chosen_type is not None and ("Changeling" in keywords or any(
            subtypes[i:i + len(perm.chosen_type.split())] == perm.chosen_type.split() for i in range(len(subtypes)))),
        "chosen_color": perm.chosen_color is not None and colors == (perm.chosen_color,),
    }
    for f in r.spells:
        if (all(has_word(w) for w in f.words) and f.zone in (None, spell["zone"]) and f.via in (None, spell["via"])
                and (f.min_mana_value is None or spell["mana_value"] >= f.min_mana_value)
                and (not f.x_in_cost or spell["has_x"]) and (f.keyword is None or f.keyword in keywords)
                and (f.nth_spell is None or f.nth_spell == spell.get("nth", 1))
                and all(traits[str(t)] for t in f.traits)):
            return "mana:spell"
    return None


def _valid(board: Board, player: str, spell_slots: list[str], life_needed: int, acts: list, taps: list,
           spell: dict | None, steps: _Steps) -> bool:
    if life_needed > board.player(player).life:
        return False
    costly = [i for i, (_, ab, _, _) in enumerate(acts) if ab.cost.mana.symbols]
    for order in set(permutations(costly)):
        pos = {i: n for n, i in enumerate(order)}
        units = []
        for i, (perm, ab, bundle, _) in enumerate(acts):
            for t in bundle:
                units.append((_unit_kind(ab, spell, perm), t, perm.is_snow, i))
        for j, (perm, kind) in enumerate(taps):
            units.append((kind, perm.colors, False, "tap%d" % j))
        slots = []
        for s in spell_slots:
            slots.append((lambda u, s=s: _fits_spell(s, u), ("spell", s)))
        for i in order:
            for cs in _cost_slots(acts[i][1]):
                slots.append((lambda u, cs=cs, i=i: _fits_cost(cs, u) and isinstance(u[3], int)
                              and u[3] != i and (u[3] not in pos or pos[u[3]] < pos[i]), ("cost", i, cs)))
        must = set(range(len(acts)))
        must_units = {k for k, u in enumerate(units) if not u[0].startswith("mana")}
        if _assignable(slots, units, must, must_units, steps):
            return True
    return False


class _Exilable:
    """A graveyard card, for delve, or a hand card whose mana ability exiles it."""

    def __init__(self, ident: str):
        self.id = ident
        self.colors = ()
        self.is_snow = False


class _Floating:
    """One mana in the pool: spending it is its only choice; one mana is like another."""

    is_snow = False

    def __init__(self, t: str, k: int):
        self.id = "pool-%s-%d" % (t, k)
        self.type = t


class _CounterUse:
    """One activation of a repeatable "Remove a charge counter from ~: Add ..." ability
    (Pentad Prism): one per counter; activations of one kind can't be told apart."""

    is_snow = False

    def __init__(self, source, k: int):
        self.id = "%s#%d" % (source.id, k)
        self.source = source.id
        self.is_snow = source.is_snow


class _PoolAbility:
    """Stands in for "the mana pool" where activations are named."""

    text = "pool"

    class cost:  # noqa: N801 - mimics AbilityCost's fields the checks read
        mana = ManaCost()
        life = 0
        tap_creatures = 0
        energy = 0


def _items(board: Board, player: str, convoke: bool, improvise: bool, delve: bool,
           cast_from_graveyard: str | None, spell: dict | None) -> tuple[list, list[list]]:
    """Everything that may take part in a payment, each with its list of choices: the
    permanents, floating mana, counter-limited activations, hand cards that exile
    themselves for mana, graveyard cards for delve."""
    perms = [p for p in board.permanents if p.controller == player]
    outlets = _outlets(perms)
    effects = _Effects(board)
    per = [_choices(p, convoke, improvise, outlets, spell, perms, board.player(player), board.db, board, effects)
           for p in perms]
    for k, t in enumerate(board.player(player).mana_pool):
        perms.append(_Floating(t, k))
        per.append([None, ("act", _PoolAbility, (t,))])
    for p in [q for q in perms if not isinstance(q, _Floating)]:
        for ab in _payment_abilities(p.card):
            c = ab.cost
            if c.remove_counters and not (c.tap or c.untap or c.sacrifice_self or ab.once_per_turn
                                          or c.mana.symbols or c.life or c.sacrifice):
                times = min(p.counters.get(kind, 0) // n for kind, n in c.remove_counters)
                for k in range(times):
                    perms.append(_CounterUse(p, k))
                    per.append([None] + [("act", ab, bundle) for bundle in ab.options])
    hand = list(enumerate(board.player(player).hand))
    if spell and spell.get("zone") == "hand" and spell.get("name") in [n for _, n in hand]:
        hand.remove(next(h for h in hand if h[1] == spell["name"]))  # on the stack (601.2a)
    for i, name in hand:  # "Exile this from your hand: Add {G}" (Elvish Spirit Guide)
        exiles = [("act", ab, bundle) for ab in _payment_abilities(board.db.get(name))
                  if ab.cost.exile_self_from_hand for bundle in ab.options]
        if exiles:
            perms.append(_Exilable("hand[%d]:%s" % (i, name)))
            per.append([None] + exiles)
    if delve:
        grave = list(enumerate(board.player(player).graveyard))
        if cast_from_graveyard is not None:
            grave.remove(next(g for g in grave if g[1] == cast_from_graveyard))
        for i, name in grave:
            perms.append(_Exilable("graveyard[%d]:%s" % (i, name)))
            per.append([None, ("delve",)])
    return perms, per


# The most steps a property test lets the brute force take on one random board (a few
# seconds); the boards of the CI profile take at most about 410,000.
TEST_STEPS = 1_000_000


def brute_or_assume(board: Board, cost: ManaCost, **kw) -> set:
    """`brute_payments` within TEST_STEPS steps, for a hypothesis test: a board that needs
    more is assumed away (and counted as the event "brute force over its step budget")."""
    from hypothesis import assume, event

    try:
        return brute_payments(board, cost, max_steps=TEST_STEPS, **kw)
    except BruteBudget:
        event("brute force over its step budget")
        assume(False)  # raises: hypothesis drops the example


def choice_product(board: Board, player: str | None = None, convoke: bool = False, improvise: bool = False,
                   spell: dict | None = None) -> int:
    """How many combinations of choices `brute_payments` tries per announcement (delve
    aside): tests keep it small."""
    n = 1
    for choices in _items(board, player or board.active_player, convoke, improvise, False, None, spell)[1]:
        n *= len(choices)
    return n


def brute_payments(board: Board, cost: ManaCost, player: str | None = None,
                   convoke: bool = False, improvise: bool = False, delve: bool = False,
                   cast_from_graveyard: str | None = None, spell: dict | None = None,
                   max_steps: int | None = None) -> set:
    """Every payment of `cost` on `board`, as hashable identities (delve: the player's
    graveyard cards may each pay {1}, except one copy of the card being cast from it;
    spell: the spell being paid — type_line, zone, via, mana_value, has_x, cost_has_x —
    for mana with a spend restriction, which is not spent without one).

    max_steps: raise BruteBudget once more than this many steps (choices tried, cost
    symbols filled) were taken; None: no limit.  The search is exponential in the
    mana-costing activations (every order of them, every assignment of mana), so tests
    on random boards give it a budget."""
    player = player or board.active_player
    steps = _Steps(max_steps)
    perms, per = _items(board, player, convoke, improvise, delve, cast_from_graveyard, spell)
    found = set()
    for ann_id, spell_slots, ann_life in announcements(cost):
        for pick in product(*per):
            steps.take()
            acts, taps, free_creatures = [], [], []
            life = ann_life
            for perm, ch in zip(perms, pick):
                if ch is None:
                    if isinstance(perm, (_Exilable, _Floating, _CounterUse)):
                        continue
                    if "Creature" in perm.card.types and not perm.tapped:
                        free_creatures.append(perm)
                elif ch[0] == "act" and len(ch) == 4:  # perm sacrificed to outlet ch[3]
                    acts.append((ch[3], ch[1], ch[2], ("sacrificed:" + perm.id,)))
                    life += ch[1].cost.life
                    if "Creature" in perm.card.types and not perm.tapped:
                        free_creatures.append(perm)  # tapped for Springleaf Drum first, then sacrificed
                elif ch[0] == "act+sac":  # its own activation, then sacrificed to outlet ch[5]
                    acts.append((perm, ch[1], ch[2], ()))
                    acts.append((ch[5], ch[3], ch[4], ("sacrificed:" + perm.id,)))
                    life += ch[1].cost.life + ch[3].cost.life
                elif ch[0] == "act":
                    acts.append((perm, ch[1], ch[2], ()))
                    life += ch[1].cost.life
                else:
                    taps.append((perm, ch[0]))
            if sum(ab.cost.energy for _, ab, _, _ in acts) > board.player(player).energy:
                continue  # "Pay {E}": only the energy the player has (107.14)
            # Each slot (a symbol of the spell or of an activation's cost) takes one unit,
            # each activation spends a unit and each tap pays a slot: too many of them,
            # or too few units, and no assignment exists.
            n_slots = len(spell_slots) + sum(len(_cost_slots(ab)) for _, ab, _, _ in acts)
            if len(acts) + len(taps) > n_slots or sum(len(b) for _, _, b, _ in acts) + len(taps) < n_slots:
                continue
            needs = [i for i, (_, ab, _, _) in enumerate(acts) for _ in range(ab.cost.tap_creatures)]
            if len(needs) > len(free_creatures):
                continue
            for chosen in (permutations(free_creatures, len(needs)) if needs else [()]):
                helpers: dict[int, list[str]] = {}
                for i, c in zip(needs, chosen):
                    helpers.setdefault(i, []).append(c.id)
                full = [(p, ab, b, tuple(sorted(list(helpers.get(i, ())) + list(sac))))
                        for i, (p, ab, b, sac) in enumerate(acts)]
                if not _valid(board, player, spell_slots, life, full, taps, spell, steps):
                    continue
                # Floating mana of one type is indistinguishable: only how much is spent counts;
                # so are activations of a counter-limited ability making the same mana.
                spent = Counter(p.type for p, _, _, _ in full if isinstance(p, _Floating))
                uses = Counter((p.source, ab.text, b) for p, ab, b, _ in full if isinstance(p, _CounterUse))
                ident = (ann_id,
                         frozenset((p.id, ab.text, b, h) for p, ab, b, h in full
                                   if not isinstance(p, (_Floating, _CounterUse)))
                         | {("pool", t, n) for t, n in spent.items()}
                         | {("multi", src, text, b, n) for (src, text, b), n in uses.items()},
                         frozenset((p.id, k) for p, k in taps))
                found.add(ident)
    return found


def brute_could_produce(board: Board, player: str) -> dict[str, set[str]]:
    """Rule 106.7 for `player`'s permanents without mana effects on the board: the types
    their own mana abilities could add now, costs and tapped state ignored (a counter
    removed for the amount: any number)."""
    mine = [p for p in board.permanents if p.controller == player]
    who = board.player(player)
    out = {}
    for p in mine:
        types: set[str] = set()
        for ab in p.card.intrinsic_mana_abilities():
            if ab.per is not None and ab.per.kind == "removed_counters":
                types |= {t for b in ab.options for t in b}
            elif ab.reference is None or ab.reference.scope == "chosen":
                types |= {t for b in _own_bundles(p, ab, mine, who, board.db, board) for t in b}
        out[p.id] = types
    return out
