"""Cost rulings through the commands a user runs (``cost`` and ``pay --card``, CLI ``--json``
and the API).

601.2f: the total is the mana cost or alternative cost, plus increases, then minus
reductions, and a Trinisphere-style floor last.  Every board here is one where another
order gives another total, so each test fails if the order is broken:

* a generic reduction applied before a generic increase is wasted on a cost with no
  generic mana ({R} − {1} = {R}, then + {1} = {1}{R}, instead of {R});
* a floor applied before a reduction lets the reduction eat into it ({2}{R} − {1} =
  {1}{R}, instead of {2}{R}).

The seed rulings (002 and 004): "To determine the total cost of a spell, start with the
mana cost or alternative cost you're paying, add any cost increases, then apply any cost
reductions. The mana value of the spell remains unchanged, no matter what the total cost
to cast it was."
"""

from __future__ import annotations

from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from manasolve import api
from tests.support import boards
from tests.support.commands import cli_json


board = partial(boards.board, opponents=("bob",))


def cost_and_pay(capsys, tmp_path, data: dict, card: str, **opts) -> tuple[dict, dict]:
    """The ``cost`` and ``pay --card`` answers through the CLI, checked equal to the API's."""
    flags = []
    if "zone" in opts:
        flags += ["--from", opts["zone"]]
    if "alt" in opts:
        flags += ["--alt", opts["alt"]]
    cost = cli_json(capsys, tmp_path, data, "cost", "--card", card, *flags)
    pay = cli_json(capsys, tmp_path, data, "pay", "--card", card, *flags, "--count")
    assert cost == api.cost(data, card, **opts)
    assert pay == api.pay(data, card=card, **opts, mode="count")
    return cost, pay


SPHERE = [{"id": "sphere", "card": "Sphere of Resistance"}]  # Spells cost {1} more (bob's: it taxes alice too)
ELECTROMANCER = {"id": "el", "card": "Goblin Electromancer"}  # Instant and sorcery spells you cast cost {1} less


def mountains(n: int) -> list[dict]:
    return [{"id": "m%d" % i, "card": "Mountain"} for i in range(n)]


def test_increase_then_reduction_from_hand_faithless_looting_costs_r(capsys, tmp_path):
    """{R} + {1} (Sphere) − {1} (Electromancer) = {R}; reducing first would waste the
    reduction ({R}) and leave {1}{R}, which one Mountain can't pay."""
    data = board(*mountains(1) + [ELECTROMANCER], opponents={"bob": SPHERE}, hand=["Faithless Looting"])
    cost, pay = cost_and_pay(capsys, tmp_path, data, "Faithless Looting")
    assert (cost["base"], cost["total"]) == ("{R}", "{R}")
    assert [i["by"] for i in cost["increases"]] == ["{1}"] and [r["by"] for r in cost["reductions"]] == ["{1}"]
    assert cost["mana_value"] == 1
    assert (pay["total"], pay["payable"], pay["count"]) == ("{R}", True, 1)


def test_alternative_cost_then_increase_then_reduction_granted_flashback(capsys, tmp_path):
    """The alternative cost (a flashback equal to Dark Ritual's mana cost, {B}) starts the
    total: {B} + {1} − {1} = {B}; reducing first gives {1}{B}, which one Swamp can't pay.
    The mana value stays the printed mana cost's."""
    data = board({"id": "s", "card": "Swamp"}, ELECTROMANCER, opponents={"bob": SPHERE}, graveyard=["Dark Ritual"],
                 granted_flashback=[{"card": "Dark Ritual", "cost": "mana_cost"}])
    cost, pay = cost_and_pay(capsys, tmp_path, data, "Dark Ritual", zone="graveyard", alt="flashback")
    assert (cost["base_kind"], cost["base"], cost["total"], cost["mana_value"]) == ("flashback", "{B}", "{B}", 1)
    assert (pay["payable"], pay["count"]) == (True, 1)


def test_golden_tail_trainer_reduction_applies_after_thalias_increase(capsys, tmp_path):
    """Rancor {G} with Thalia (+{1}) and a Trainer of power 2 ({2} less): {G} + {1} − {2}
    = {G}; the reduction first would be wasted and leave {1}{G}.  Mana value stays 1."""
    data = board({"id": "f", "card": "Forest"},
                 {"id": "gt", "card": "Golden-Tail Trainer", "counters": {"+1/+1": 1}},
                 opponents={"bob": [{"id": "thalia", "card": "Thalia, Guardian of Thraben"}]}, hand=["Rancor"])
    cost, pay = cost_and_pay(capsys, tmp_path, data, "Rancor")
    assert cost["total"] == "{G}" and cost["mana_value"] == 1
    assert [(r["source"], r["x"], r["by"]) for r in cost["reductions"]] == [("gt", 2, "{2}")]
    assert (pay["payable"], pay["count"]) == (True, 1)


@pytest.mark.parametrize("lands,payable", [(2, False), (3, True)])
def test_trinisphere_floor_applies_after_reductions(capsys, tmp_path, lands, payable):
    """Trinisphere's "costs three mana" is applied last: {R} − {1} stays {R}, then the
    floor makes it {2}{R}.  The floor first would let the Electromancer take it down to
    {1}{R}, payable with two Mountains."""
    data = board(*mountains(lands) + [ELECTROMANCER], opponents={"bob": [{"id": "tri", "card": "Trinisphere"}]}, hand=["Faithless Looting"])
    cost, pay = cost_and_pay(capsys, tmp_path, data, "Faithless Looting")
    assert cost["total"] == "{2}{R}" and cost["mana_value"] == 1
    assert [i.get("floor") for i in cost["increases"]] == [3]
    assert (pay["payable"], pay["count"]) == (payable, int(payable))


def test_tapped_trinisphere_sets_no_floor_and_sphere_increase_still_precedes_reduction(capsys, tmp_path):
    data = board(*mountains(1) + [ELECTROMANCER], opponents={"bob": SPHERE + [{"id": "tri", "card": "Trinisphere", "tapped": True}]},
                 hand=["Faithless Looting"])
    cost, pay = cost_and_pay(capsys, tmp_path, data, "Faithless Looting")
    assert cost["total"] == "{R}" and not any("floor" in i for i in cost["increases"])
    assert (pay["payable"], pay["count"]) == (True, 1)


def test_permanent_with_x_in_its_mana_cost_has_x_zero_for_its_mana_value(capsys, tmp_path):
    """Seed ruling (all four files): "... the value of X for that permanent is 0" — on the
    battlefield, X in a mana cost counts 0 (107.3i, 202.3e): Banquet Guests ({X}{G}{W}),
    whatever X it was cast for, adds 2 to "the total mana value of creatures you control"."""
    reducer = {"name": "Sum Reducer", "manaCost": "{6}{U}", "type": "Sorcery",
               "text": "This spell costs {X} less to cast, where X is the total mana value of creatures you control.\n"
                       "Draw a card."}
    data = dict(board({"id": "bg", "card": "Banquet Guests"}, *[{"id": "i%d" % i, "card": "Island"} for i in range(5)],
                      hand=["Sum Reducer"]), cards=[reducer])
    cost, pay = cost_and_pay(capsys, tmp_path, data, "Sum Reducer")
    assert [(r["count"], r["by"]) for r in cost["reductions"]] == [(2, "{2}")]
    assert (cost["total"], pay["payable"], pay["count"]) == ("{4}{U}", True, 1)


@settings(max_examples=60, deadline=None)
@given(generic=st.integers(0, 3), red=st.integers(0, 2), spheres=st.integers(0, 2), electromancers=st.integers(0, 4),
       trinisphere=st.sampled_from([None, "untapped", "tapped"]))
def test_property_cost_is_base_plus_increases_then_reductions_then_floor(generic, red, spheres, electromancers,
                                                                         trinisphere):
    """``cost`` against the 601.2f formula for a sorcery of {generic}{R}×red: generic part
    max(0, generic + spheres − electromancers) (the reductions come after every increase
    and never touch {R}), then Trinisphere (untapped) raises a total below three mana to
    three with generic mana."""
    mana_cost = ("{%d}" % generic if generic else "") + "{R}" * red or "{0}"
    probe = {"name": "Probe", "manaCost": mana_cost, "type": "Sorcery", "text": "Draw a card."}
    alice = [{"id": "el%d" % i, "card": "Goblin Electromancer"} for i in range(electromancers)]
    bob = [{"id": "sp%d" % i, "card": "Sphere of Resistance"} for i in range(spheres)]
    if trinisphere:
        bob.append({"id": "tri", "card": "Trinisphere", "tapped": trinisphere == "tapped"})
    got = api.cost(dict(board(*alice, opponents={"bob": bob}, hand=["Probe"]), cards=[probe]), "Probe")
    left = max(0, generic + spheres - electromancers)
    if trinisphere == "untapped":
        left = max(left, 3 - red)
    assert got["total"] == (("{%d}" % left if left else "") + "{R}" * red or "{0}")
    assert got["mana_value"] == generic + red


LOADED_FLASH = {"name": "Loaded Flash", "manaCost": "{2}{R}", "type": "Sorcery",
                "text": "As an additional cost to cast this spell, discard a card.\nKicker {2}\nOverload {4}{R}{R}\n"
                        "Flashback {3}{R}\nLoaded Flash deals 2 damage to any target."}


def test_flashback_pays_kicker_and_mandatory_costs_but_no_other_alternative_cost(capsys, tmp_path):
    """Seed 002: "If you cast a spell with flashback, you can't pay any alternative costs
    such as overload costs. You can pay additional costs such as kicker costs. If the
    spell has any mandatory additional costs, you must pay those to cast the spell with
    flashback."  Through ``cost``/``pay --card``: flashback kicked = {3}{R} + {2} and the
    discard; overloading it from the graveyard is not a cast anyone may start."""
    data = dict(board(*mountains(6), hand=["Forest"], graveyard=["Loaded Flash"]), cards=[LOADED_FLASH])
    kicked = cli_json(capsys, tmp_path, data, "cost", "--card", "Loaded Flash", "--alt", "flashback", "--kicker")
    assert [(a["kind"], a["cost"]) for a in kicked["additional"]] == [("kicker", "{2}"), ("mandatory", "discard a card")]
    assert (kicked["total"], kicked["castable_now"]) == ("{5}{R}, Discard a card", True)
    paid = cli_json(capsys, tmp_path, data, "pay", "--card", "Loaded Flash", "--from", "graveyard", "--alt", "flashback",
                    "--kicker", "--count")
    assert (paid["payable"], paid["count"], paid["discard"]["from"]) == (True, 1, ["hand[0]:Forest"])
    nothing_to_discard = dict(data, players=[dict(data["players"][0], hand=[]), data["players"][1]])
    assert api.pay(nothing_to_discard, card="Loaded Flash", zone="graveyard", alt="flashback", mode="count")["payable"] is False
    overload = cli_json(capsys, tmp_path, data, "cost", "--card", "Loaded Flash", "--from", "graveyard", "--alt", "overload")
    assert overload["castable_now"] is False and "graveyard" in overload["reason"]
