"""Every numbered ruling of the seed documents (shared/seeds/*.txt, the founding
requirements) mapped to the tests that assert what it says, or to the reason it is judged
outside a cost solver.  The table is ours and lives here: each ruling's meaning in our words
(`says`), the tests that check it, and where it sits in the seed files; it is checked on every
run.  Only the comparison with the seed documents themselves (``../shared/seeds`` beside the
checkout, or the folder ``MANASOLVE_SEEDS`` names) needs them, and skips without them.

A ruling's number is its position (from 1) among the non-empty paragraphs of its file
after the "Search" heading.  The same ruling text appears in several files; `RULINGS`
names each text once (with the words it starts with) and `SEED_TABLE` says, file by file
and number by number, which text is there.  The suite fails if a seed ruling is missing
from the table, if a number points at another text than the table says, or if a mapped
test does not exist.
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass
from pathlib import Path

import pytest

SEEDS = Path(os.environ.get("MANASOLVE_SEEDS") or Path(__file__).resolve().parents[2] / "shared" / "seeds")
ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Outside:
    """A ruling (or the part of one) judged outside a cost solver, and why."""

    why: str


@dataclass(frozen=True)
class Ruling:
    says: str  # what the ruling means for manasolve, in our words
    starts: str  # the ruling's first words (straight quotes), to find it in the seed documents
    tests: tuple[str | Outside, ...]  # "tests/FILE.py::TEST", or why it is outside


RULINGS: dict[str, Ruling] = {
    # --- mana production (106.7, 605) --------------------------------------------------------
    "undefined_type": Ruling(
        'mana of a type that cannot be defined is no mana at all',
        "If an ability would produce one or more mana of an undefined type", (
        "tests/test_produce.py::test_seed_undefined_type_produces_no_mana",)),
    "could_produce": Ruling(
        'what a permanent could produce is every type its abilities would make if they resolved now, replacements in any order, costs ignored; none if it would make nothing',
        "Some abilities produce mana based on the type of mana another permanent", (
        "tests/test_produce.py::test_seed_could_produce_ignores_costs",
        "tests/test_produce.py::test_seed_could_produce_takes_replacements_into_account",
        "tests/test_produce.py::test_seed_wouldnt_produce_any_mana_means_no_type")),
    "tap_for_mana": Ruling(
        'tapping a permanent for mana means activating one of its mana abilities whose cost contains {T}',
        'To "tap [a permanent] for mana" is to activate a mana ability', (
        "tests/test_produce.py::test_seed_tap_for_mana_needs_tap_symbol",)),
    "tapped_for_mana_trigger": Ruling(
        "a 'whenever ... is tapped for mana' trigger needs the mana ability to resolve and actually make mana (of the named type)",
        'An ability that triggers whenever a permanent "is tapped for mana"', (
        "tests/test_produce.py::test_seed_tapped_for_mana_trigger_needs_mana_produced",)),
    "tapped_for_mana_replacement": Ruling(
        "a replacement on 'tapped for mana' changes the production event while the mana ability resolves",
        'A replacement effect that applies if a permanent "is tapped for mana"', (
        "tests/test_produce.py::test_seed_replacement_modifies_production_while_resolving",)),
    "etb_x": Ruling(
        "an entering permanent's trigger or replacement sees the spell's X, but the permanent itself has X = 0",
        "If an object's enters-the-battlefield triggered ability or replacement effect refers to X", (
        "tests/test_cost_rulings_commands.py::test_permanent_with_x_in_its_mana_cost_has_x_zero_for_its_mana_value",
        Outside("the X of a resolving enters-the-battlefield trigger or replacement is what a resolved spell's "
                "permanent does, not a cost: no manasolve question reads it (the board keeps no X a permanent was "
                "cast with); only 'the value of X for that permanent is 0' reaches a cost, tested above"))),
    "tap_symbol": Ruling(
        "{T} taps the permanent: not if already tapped, and a creature needs to have been controlled since its controller's turn began (302.6)",
        "The tap symbol is {T}.", (
        "tests/test_pay_cases.py::test_seed_tapped_permanent_cannot_pay_tap_cost",
        "tests/test_pay_cases.py::test_sick_llanowar_elves_cannot_tap_for_mana")),
    "untap_symbol": Ruling(
        '{Q} untaps the permanent: not if already untapped, and the same summoning-sickness rule as {T} applies to creatures',
        "The untap symbol is {Q}.", (
        "tests/test_pay_cases.py::test_seed_untap_symbol_needs_a_tapped_permanent_and_no_sickness",)),
    # --- saddle and the Mounts --------------------------------------------------------------
    "saddle_n": Ruling(
        'Saddle N taps other untapped creatures of yours with total power at least N, sorcery speed, and saddles the Mount until end of turn',
        '"Saddle N" means "Tap any number of other untapped creatures', (
        "tests/test_saddle_rulings.py::"
        "test_saddle_n_means_tap_other_untapped_creatures_with_total_power_n_activate_only_as_a_sorcery",)),
    "copy_of_saddled_mount": Ruling(
        'a permanent that becomes a copy of a saddled Mount is not saddled itself',
        "If a permanent becomes a copy of a saddled Mount", (
        "tests/test_saddle_rulings.py::test_if_a_permanent_becomes_a_copy_of_a_saddled_mount_the_copy_wont_be_saddled",
        "tests/test_saddle_rulings.py::"
        "test_worked_example_12_copy_of_saddled_mount_needs_its_own_saddle_and_lki_for_the_original")),
    "saddle_again": Ruling(
        'a Mount that is already saddled may be saddled again',
        "You may activate a permanent's saddle ability even if", (
        "tests/test_saddle_rulings.py::"
        "test_you_may_activate_a_permanents_saddle_ability_even_if_that_permanent_is_already_saddled",)),
    "saddled_is_a_designation": Ruling(
        "'saddled' is a state, not an ability; it lasts until the turn ends or the Mount leaves",
        '"Saddled" isn\'t an ability that a creature has.', (
        "tests/test_saddle_rulings.py::"
        "test_saddled_isnt_an_ability_and_lasts_until_the_turn_ends_or_it_leaves_the_battlefield",)),
    "attack_unsaddled": Ruling(
        'a creature with saddle attacks and blocks normally when not saddled',
        "Creatures with saddle can attack or block as normal", (
        "tests/test_saddle_rulings.py::"
        "test_creatures_with_saddle_can_attack_or_block_as_normal_even_if_they_arent_saddled",
        Outside("the blocking half: declaring blockers is no cost question and manasolve has no block command; "
                "the attacking half is tested"))),
    "attacks_while_saddled": Ruling(
        "'attacks while saddled' triggers only if the creature was saddled as attackers were declared",
        'An ability that triggers when a creature "attacks while saddled"', (
        "tests/test_saddle_rulings.py::"
        "test_an_ability_that_triggers_when_a_creature_attacks_while_saddled_triggers_only_if_saddled_when_declared",
        "tests/test_saddle_rulings.py::test_unsaddled_fortune_creates_no_delayed_trigger")),
    # --- Caustic Bronco ---------------------------------------------------------------------
    "revealed_no_mana_cost": Ruling(
        'a revealed card without a mana cost (a land) has mana value 0',
        "If the revealed card doesn't have a mana cost", (
        "tests/test_saddle_rulings.py::test_if_the_revealed_card_doesnt_have_a_mana_cost_its_mana_value_is_0",)),
    "revealed_split": Ruling(
        "a revealed split card's mana value adds up both halves' costs",
        "If the revealed card is a split card", (
        "tests/test_saddle_rulings.py::"
        "test_if_the_revealed_card_is_a_split_card_its_mana_value_is_based_on_the_combined_cost_of_both_halves",)),
    "revealed_x": Ruling(
        "X in a revealed card's cost counts 0 for its mana value",
        "If the revealed card's mana cost includes {X}", (
        "tests/test_saddle_rulings.py::test_if_the_revealed_cards_mana_cost_includes_x_x_is_0",)),
    "bronco_left": Ruling(
        'if Caustic Bronco is gone when its trigger resolves, its last saddled state decides who loses life',
        "If Caustic Bronco isn't on the battlefield as its triggered ability resolves", (
        "tests/test_saddle_rulings.py::test_if_caustic_bronco_isnt_on_the_battlefield_use_whether_it_was_saddled_before_it_left",
        "tests/test_saddle_rulings.py::"
        "test_worked_example_12_copy_of_saddled_mount_needs_its_own_saddle_and_lki_for_the_original")),
    # --- Fortune, Loyal Steed ---------------------------------------------------------------
    "fortune_delayed_trigger": Ruling(
        "Fortune's end-of-combat delayed trigger happens even if Fortune has left; a creature that saddled it may still be exiled",
        "Fortune's middle ability creates a delayed triggered ability", (
        "tests/test_saddle_rulings.py::"
        "test_fortunes_delayed_trigger_triggers_whether_or_not_fortune_is_still_on_the_battlefield",)),
    "fortune_tokens": Ruling(
        "tokens exiled by Fortune's delayed trigger do not come back",
        "Tokens exiled by the delayed triggered ability won't return", (
        "tests/test_saddle_rulings.py::test_tokens_exiled_by_the_delayed_triggered_ability_wont_return_to_the_battlefield",)),
    "fortune_no_target": Ruling(
        "Fortune's delayed trigger targets nothing: the creature to exile is picked on resolution, too late to respond",
        "The delayed triggered ability doesn't target any creature.", (
        "tests/test_saddle_rulings.py::"
        "test_the_delayed_triggered_ability_doesnt_target_the_creature_is_chosen_as_it_resolves",)),
    # --- total cost (601.2f) and flashback --------------------------------------------------
    "total_cost_flashback": Ruling(
        'total cost = mana cost or alternative cost (flashback too) + increases, then reductions; mana value reads the mana cost only',
        
        "To determine the total cost of a spell, start with the mana cost or alternative cost (such as a flashback cost)", (
            "tests/test_cost_rulings_commands.py::test_increase_then_reduction_from_hand_faithless_looting_costs_r",
            "tests/test_cost_rulings_commands.py::test_alternative_cost_then_increase_then_reduction_granted_flashback",
            "tests/test_cost_rulings_commands.py::test_property_cost_is_base_plus_increases_then_reductions_then_floor",
            "tests/test_flashback_rulings.py::"
            "test_total_cost_starts_from_flashback_cost_adds_increases_then_reductions_mana_value_from_mana_cost")),
    "flashback_without_being_cast": Ruling(
        'flashback works on a card that reached the graveyard without being cast',
        "You can cast a spell using flashback even if it was somehow put", (
        "tests/test_flashback_rulings.py::test_flashback_castable_even_if_card_reached_graveyard_without_being_cast",)),
    "flashback_instances": Ruling(
        'a card with several flashback costs may use any one of them',
        "If a card has multiple instances of flashback", (
        "tests/test_flashback_rulings.py::test_multiple_flashback_instances_choose_any",
        "tests/test_request.py::test_pay_card_flashback_picks_the_granted_instance_through_the_cli",
        "tests/test_request.py::test_cost_flashback_instance_through_the_cli",
        "tests/test_request.py::test_plays_lists_every_instance_with_the_index_pay_takes",
        "tests/test_request.py::test_unknown_instance_is_one_line_listing_the_instances")),
    "flashback_other_costs": Ruling(
        'flashback excludes other alternative costs, allows optional additional costs (kicker) and requires mandatory ones',
        "If you cast a spell with flashback, you can't pay any alternative costs", (
        "tests/test_flashback_rulings.py::test_flashback_no_other_alternative_cost_kicker_allowed_mandatory_additional_required",
        "tests/test_cost_rulings_commands.py::test_flashback_pays_kicker_and_mandatory_costs_but_no_other_alternative_cost",
        "tests/test_total_cost.py::test_example_10_flashback_kicker_and_tax",
        "tests/test_total_cost.py::test_example_10_only_one_alternative_cost")),
    "flashback_timing": Ruling(
        "flashback keeps the card's timing: a sorcery only at sorcery speed",
        "You must still follow any timing restrictions and permissions", (
        "tests/test_flashback_rulings.py::test_flashback_follows_card_type_timing_sorcery_only_at_sorcery_speed",)),
    "flashback_means": Ruling(
        'flashback = cast from the graveyard for that cost instead of the mana cost, and exile it whenever it would leave the stack',
        '"Flashback [cost]" means "You may cast this card from your graveyard', (
        "tests/test_flashback_rulings.py::test_flashback_means_cast_from_graveyard_rather_than_mana_cost_then_exile",)),
    "flashback_x": Ruling(
        'with flashback equal to the mana cost X is still chosen; with flashback {0} X is 0',
        "If you cast an instant or sorcery with {X} in its mana cost and a flashback cost", (
        "tests/test_flashback_rulings.py::test_x_spell_with_flashback_equal_to_mana_cost_chooses_x_flashback_zero_makes_x_zero",)),
    "flashback_exiled": Ruling(
        'a flashback spell is exiled however it leaves the stack',
        "A spell cast using flashback will always be exiled afterward", (
        "tests/test_flashback_rulings.py::test_spell_cast_with_flashback_always_exiled_afterward",)),
    "flashback_no_mana_cost": Ruling(
        "flashback 'equal to its mana cost' on a card with no mana cost gives no way to cast it",
        "If a card with no mana cost gains flashback equal to its mana cost", (
        "tests/test_flashback_rulings.py::test_card_with_no_mana_cost_gaining_flashback_equal_to_mana_cost_has_no_flashback_cost",)),
    # --- Golden-Tail Trainer and modified (700.9) -------------------------------------------
    "modified_equipped": Ruling(
        'an equipped creature is modified, whoever controls the Equipment',
        "A creature that is equipped is considered modified", (
        "tests/test_creatures.py::test_equipped_creature_is_modified_whoever_controls_the_equipment",
        "tests/test_attack_pumps.py::test_trainer_pumps_only_other_modified_creatures_its_controller_controls")),
    "trainer_x_on_resolution": Ruling(
        "Golden-Tail Trainer's X is read only when its ability resolves",
        "The value of X in Golden-Tail Trainer's last ability is determined only as", (
        "tests/test_attack_pumps.py::test_trainer_x_is_determined_only_as_the_ability_resolves",
        "tests/test_attack_pumps.py::test_trainer_that_left_uses_last_known_power_and_a_creature_gone_is_not_pumped")),
    "modified_other_players_aura": Ruling(
        "another player's Aura does not make your creature modified",
        "An Aura controlled by another player does not cause", (
        "tests/test_creatures.py::test_aura_controlled_by_another_player_does_not_make_a_creature_modified",
        "tests/test_attack_pumps.py::test_trainer_pumps_only_other_modified_creatures_its_controller_controls")),
    "costs_locked_in": Ruling(
        'costs are locked in before mana abilities: Golden-Tail Trainer shrinking or leaving then changes nothing',
        "All costs to cast a spell are locked in before mana abilities are activated", (
        "tests/test_total_cost.py::test_example_9_golden_tail_trainer_sacrificed_to_ashnods_altar_keeps_locked_total",
        "tests/test_flashback_rulings.py::"
        "test_costs_locked_before_mana_abilities_trainer_leaving_or_shrinking_changes_nothing")),
    "total_cost": Ruling(
        'total cost = mana cost or alternative cost + increases, then reductions; the mana value does not change',
        
        "To determine the total cost of a spell, start with the mana cost or alternative cost you're paying", (
            "tests/test_cost_rulings_commands.py::test_golden_tail_trainer_reduction_applies_after_thalias_increase",
            "tests/test_cost_rulings_commands.py::test_increase_then_reduction_from_hand_faithless_looting_costs_r",
            "tests/test_cost_rulings_commands.py::test_alternative_cost_then_increase_then_reduction_granted_flashback",
            "tests/test_cost_rulings_commands.py::test_property_cost_is_base_plus_increases_then_reductions_then_floor",
            "tests/test_flashback_rulings.py::test_trainer_total_cost_increases_then_reductions_mana_value_unchanged")),
    "modified_counter": Ruling(
        'a creature with any counter, put there by anyone, is modified',
        "A creature with a counter on it is considered modified", (
        "tests/test_creatures.py::test_creature_with_any_counter_is_modified_whoever_put_it_there",
        "tests/test_attack_pumps.py::test_trainer_pumps_only_other_modified_creatures_its_controller_controls")),
}

_PRODUCTION = ["undefined_type", "could_produce", "tap_for_mana", "tapped_for_mana_trigger",
               "tapped_for_mana_replacement", "etb_x", "tap_symbol", "untap_symbol"]

# (seed file, ruling number) -> which ruling text is there.
SEED_TABLE: dict[str, list[str]] = {
    "000_becafd03f7994b4a.txt": _PRODUCTION + [
        "saddle_n", "copy_of_saddled_mount", "saddle_again", "saddled_is_a_designation", "attack_unsaddled",
        "revealed_no_mana_cost", "revealed_split", "bronco_left", "attacks_while_saddled", "revealed_x"],
    "001_6b6d83438c348b6a.txt": _PRODUCTION + [
        "saddled_is_a_designation", "attacks_while_saddled", "saddle_n", "fortune_delayed_trigger", "fortune_tokens",
        "attack_unsaddled", "copy_of_saddled_mount", "fortune_no_target", "saddle_again"],
    "002_557708e2a1d397d7.txt": _PRODUCTION + [
        "total_cost_flashback", "flashback_without_being_cast", "flashback_instances", "flashback_other_costs",
        "copy_of_saddled_mount", "flashback_timing", "flashback_means", "flashback_x", "flashback_exiled",
        "attacks_while_saddled", "flashback_no_mana_cost", "saddle_n", "attack_unsaddled", "saddle_again",
        "saddled_is_a_designation"],
    "004_3371ef2f73a535d8.txt": _PRODUCTION + [
        "modified_equipped", "trainer_x_on_resolution", "modified_other_players_aura", "costs_locked_in", "total_cost",
        "modified_counter"],
}

TABLE: list[tuple[str, int, str | Outside]] = [
    (seed, number, target)
    for seed, keys in SEED_TABLE.items()
    for number, key in enumerate(keys, 1)
    for target in RULINGS[key].tests
]


def seed_rulings(path: Path) -> list[str]:
    """The numbered rulings of a seed file: its non-empty paragraphs after "Search", with
    curly quotes made straight."""
    lines = [ln.strip() for ln in path.read_text(encoding="utf-8").splitlines()]
    paras = [ln for ln in lines if ln and ln != "Search"]
    return [p.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"') for p in paras]


# --- the table itself: checked on every run, from the repository alone ------------------------


def test_the_table_numbers_72_rulings_and_uses_every_entry():
    assert sum(len(v) for v in SEED_TABLE.values()) == 72
    assert set(RULINGS) == {k for keys in SEED_TABLE.values() for k in keys}  # no unused entry


@pytest.mark.parametrize("key", sorted(RULINGS))
def test_every_ruling_says_in_our_words_what_it_means(key):
    ruling = RULINGS[key]
    assert len(ruling.says) >= 30 and ruling.tests
    assert ruling.starts.lower() not in ruling.says.lower()  # a paraphrase, not a copy of the ruling


def _test_exists(node: str) -> bool:
    path, _, name = node.partition("::")
    if not (ROOT / path).is_file():
        return False
    module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
    return name.startswith("test_") and callable(getattr(module, name, None))


@pytest.mark.parametrize("seed,number,target", TABLE,
                         ids=["%s#%d-%s" % (s[:3], n, "outside" if isinstance(t, Outside) else t.split("::")[1][:40])
                              for s, n, t in TABLE])
def test_ruling_is_mapped_to_an_existing_test_or_a_reason(seed, number, target):
    if isinstance(target, Outside):
        assert len(target.why) > 40
    else:
        assert _test_exists(target), "no test %s (ruling %d of %s)" % (target, number, seed)


# --- the table against the founding documents: only where they are ---------------------------

needs_seeds = pytest.mark.skipif(
    not SEEDS.is_dir(),
    reason="the founding documents (the seed rulings) are not here: looked for %s; "
           "set MANASOLVE_SEEDS to their folder to compare the table with them" % SEEDS)


@needs_seeds
def test_every_seed_ruling_is_in_the_table():
    files = sorted(p.name for p in SEEDS.glob("*.txt"))
    assert files == sorted(SEED_TABLE)
    for name in files:
        numbered = seed_rulings(SEEDS / name)
        assert len(SEED_TABLE[name]) == len(numbered), "%s has %d rulings, the table %d" % (
            name, len(numbered), len(SEED_TABLE[name]))


@needs_seeds
@pytest.mark.parametrize("seed", sorted(SEED_TABLE))
def test_seed_rulings_are_the_texts_the_table_names(seed):
    wrong = ["ruling %d is not %r: %s" % (n, key, text[:80])
             for n, (key, text) in enumerate(zip(SEED_TABLE[seed], seed_rulings(SEEDS / seed)), 1)
             if not text.startswith(RULINGS[key].starts)]
    assert not wrong, "%s: %s" % (seed, "; ".join(wrong))
