"""Reading "enters tapped" (614.1c): always, with counters, shocklands, check/fast/slow lands."""

from __future__ import annotations

from manasolve.models.carddb import default_db
from manasolve.models.oracle.enters import read_enters_tapped


def test_enters_tapped_sentences():
    assert read_enters_tapped("Vivid Meadow", "This land enters tapped with two charge counters on it.\n{T}: Add {W}.") \
        .counters == (("charge", 2),)
    shock = read_enters_tapped("X", "As this land enters, you may pay 2 life. If you don't, it enters tapped.")
    assert shock.life == 2 and not shock.tapped(0, {})
    fast = read_enters_tapped("X", "This land enters tapped unless you control two or fewer other lands.")
    assert not fast.tapped(2, {}) and fast.tapped(3, {})
    check = read_enters_tapped("X", "This land enters tapped unless you control a Swamp or a Forest.")
    assert check.tapped(3, {"Island": 3}) and not check.tapped(1, {"Forest": 1})
    sanctuary = default_db().get("Mystic Sanctuary").enters
    assert sanctuary.at_least == (3, "Island") and sanctuary.tapped(4, {"Island": 2})
    assert not sanctuary.tapped(3, {"Island": 3})
    unread = read_enters_tapped("The Shire", "The Shire enters tapped unless you control a legendary creature.")
    assert unread.unread and unread.tapped(5, {})  # not understood: reported, played tapped
    assert default_db().get("Golgari Guildgate").enters.always
    assert not default_db().get("Forest").enters.tapped(0, {})
