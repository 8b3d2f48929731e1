"""Card file loaders: the three shapes, gzip, multi-face cards, the cache, bad files."""

from __future__ import annotations

import gzip
import json
import os
import re
import zipfile

import pytest

from manasolve.models.board import InputError
from manasolve.models.carddb import CardDB
from manasolve.models.card_pool import FORMAT, CardPool, write_pool
from manasolve.models.loaders import load_card_file, read_card_file
from tests.support.paths import DEV_CARDS


@pytest.fixture
def cache_dir(tmp_path):
    """The folder card files are cached in (the front reads it: `card_settings.cache_dir`)."""
    return tmp_path / "cache"


ATOMIC = {"meta": {"version": "5"}, "data": {
    "Llanowar Elves": [{"name": "Llanowar Elves", "manaCost": "{G}", "type": "Creature — Elf Druid",
                        "types": ["Creature"], "subtypes": ["Elf", "Druid"], "text": "{T}: Add {G}.",
                        "power": "1", "toughness": "1", "layout": "normal", "legalities": {"vintage": "Legal"},
                        "foreignData": [{"language": "German", "name": "Llanowarelfen"}]}],
    "Fire // Ice": [
        {"name": "Fire // Ice", "faceName": "Fire", "manaCost": "{1}{R}", "type": "Instant", "types": ["Instant"],
         "text": "Fire deals 2 damage divided as you choose among one or two targets.", "layout": "split", "side": "a"},
        {"name": "Fire // Ice", "faceName": "Ice", "manaCost": "{1}{U}", "type": "Instant", "types": ["Instant"],
         "text": "Tap target permanent.\nDraw a card.", "layout": "split", "side": "b"}],
    "Bonecrusher Giant // Stomp": [
        {"name": "Bonecrusher Giant // Stomp", "faceName": "Bonecrusher Giant", "manaCost": "{2}{R}",
         "type": "Creature — Giant", "types": ["Creature"], "power": "4", "toughness": "3", "text": "...",
         "layout": "adventure", "side": "a"},
        {"name": "Bonecrusher Giant // Stomp", "faceName": "Stomp", "manaCost": "{1}{R}", "type": "Instant — Adventure",
         "types": ["Instant"], "text": "Stomp deals 2 damage to any target.", "layout": "adventure", "side": "b"}],
}}

SCRYFALL = [
    {"object": "card", "name": "Sol Ring", "mana_cost": "{1}", "type_line": "Artifact",
     "oracle_text": "{T}: Add {C}{C}.", "layout": "normal", "keywords": []},
    {"object": "card", "name": "Delver of Secrets // Insectile Aberration", "layout": "transform",
     "card_faces": [
         {"name": "Delver of Secrets", "mana_cost": "{U}", "type_line": "Creature — Human Wizard",
          "oracle_text": "At the beginning of your upkeep, look at the top card of your library.", "power": "1", "toughness": "1"},
         {"name": "Insectile Aberration", "mana_cost": "", "type_line": "Creature — Human Insect",
          "oracle_text": "Flying", "power": "3", "toughness": "2"}]},
]


def write(path, obj, gz=False):
    data = json.dumps(obj).encode()
    path.write_bytes(gzip.compress(data) if gz else data)
    return path


@pytest.mark.parametrize("gz", [False, True])
def test_atomic_cards_by_name_and_by_face(tmp_path, gz):
    cards = load_card_file(write(tmp_path / ("a.json.gz" if gz else "a.json"), ATOMIC, gz))
    assert cards["Llanowar Elves"]["text"] == "{T}: Add {G}."
    assert "foreignData" not in cards["Llanowar Elves"] and "legalities" not in cards["Llanowar Elves"]
    assert cards["Fire"]["manaCost"] == "{1}{R}" and cards["Ice"]["manaCost"] == "{1}{U}"
    whole = cards["Fire // Ice"]  # a split card's full name is both halves (709.4), not one face
    assert (whole["manaCost"], whole["types"], "text" in whole) == ("{1}{R}{1}{U}", ["Instant"], False)
    assert (cards["Fire"]["faceOf"], cards["Stomp"]["faceOf"]) == ("Fire // Ice", "Bonecrusher Giant // Stomp")
    assert cards["Stomp"]["type"] == "Instant — Adventure"
    assert cards["Bonecrusher Giant // Stomp"]["manaCost"] == "{2}{R}"  # front face
    assert CardDB([cards]).get("Llanowar Elves").mana_abilities[0].options == (("G",),)


def test_scryfall_bulk_converted_to_mtgjson_fields(tmp_path):
    cards = load_card_file(write(tmp_path / "s.json", SCRYFALL))
    sol = cards["Sol Ring"]
    assert (sol["manaCost"], sol["type"], sol["types"], sol["text"]) == ("{1}", "Artifact", ["Artifact"], "{T}: Add {C}{C}.")
    back = cards["Insectile Aberration"]
    assert back["subtypes"] == ["Human", "Insect"] and back["power"] == "3" and back.get("manaCost") is None
    assert cards["Delver of Secrets // Insectile Aberration"]["name"] == "Delver of Secrets // Insectile Aberration"
    assert cards["Delver of Secrets // Insectile Aberration"]["manaCost"] == "{U}"


def test_plain_list_of_mtgjson_cards_indexes_front_face_too(tmp_path):
    cards = load_card_file(write(tmp_path / "p.json", [
        {"name": "Sol Ring", "manaCost": "{1}", "type": "Artifact", "text": "{T}: Add {C}{C}."},
        {"name": "Jewel // Locus", "manaCost": "{U}", "type": "Artifact", "text": "{T}: Add {C}{C}.", "layout": "transform"}]))
    assert cards["Jewel"]["aliasOf"] == "Jewel // Locus"
    assert "aliasOf" not in cards["Sol Ring"]


def test_dev_cards_load(tmp_path):
    cards = load_card_file(str(DEV_CARDS))
    assert len([c for c in cards.values() if not c.get("aliasOf")]) == 698


def test_second_load_comes_from_the_cache_read_lazily(tmp_path, cache_dir):
    path = write(tmp_path / "a.json", ATOMIC)
    first = load_card_file(path, cache_dir)
    assert len(list(cache_dir.iterdir())) == 1
    assert load_card_file(path, cache_dir) == first  # the cached cards are the cards read
    cached = next(cache_dir.iterdir())
    # Prove the cache is read: plant a marker in it, written as a cache of this file is
    # (meta.json's key: the file's digest and the version), and load again.
    key = CardPool(cached).meta["key"]
    write_pool(dict(first, Marker={"name": "Marker"}), cached, "planted", key=key)
    again = load_card_file(path, cache_dir)
    assert isinstance(again, CardPool) and again._names is None and not again._shards  # nothing read yet
    assert again["Marker"] == {"name": "Marker", "supertypes": [], "types": [], "subtypes": []}
    assert dict(again) == dict(first, Marker=again["Marker"])
    # A changed file (size/mtime) is read afresh.
    write(path, {"data": {"Sol Ring": [{"name": "Sol Ring", "type": "Artifact"}]}})
    assert set(load_card_file(path, cache_dir)) == {"Sol Ring"}


def _rezip(cached, change) -> None:
    """Rewrite the cache zip `cached` with `change(member, bytes) -> bytes` applied."""
    with zipfile.ZipFile(cached) as z:
        members = {n: z.read(n) for n in z.namelist()}
    with zipfile.ZipFile(cached, "w", zipfile.ZIP_DEFLATED) as z:
        for n, data in members.items():
            z.writestr(n, change(n, data))


def test_a_shard_changed_in_the_right_shape_is_not_believed(tmp_path, cache_dir):
    """Issue 27: a shard whose content changed but still has a card's shape changed the
    answers silently; now its digest (listed in meta.json) disagrees and the card file is
    read afresh (and the cache rewritten)."""
    path = write(tmp_path / "a.json", ATOMIC)
    first = load_card_file(path, cache_dir)
    cached = next(cache_dir.iterdir())
    _rezip(cached, lambda n, data: data.replace(b"{T}: Add {G}.", b"{T}: Add {U}.") if n.startswith("shard") else data)
    assert dict(load_card_file(path, cache_dir)) == first
    assert dict(load_card_file(path, cache_dir)) == first  # and again, from the rewritten cache
    assert b"Add {U}" not in b"".join(zipfile.ZipFile(cached).read(n) for n in zipfile.ZipFile(cached).namelist())


def test_a_meta_json_with_another_shard_count_is_not_believed(tmp_path, cache_dir):
    """Issue 27: `"shards": 1` in meta.json made a valid board's cards unknown."""
    path = write(tmp_path / "a.json", ATOMIC)
    first = load_card_file(path, cache_dir)
    cached = next(cache_dir.iterdir())

    def one_shard(n, data):
        if n != "meta.json":
            return data
        meta = json.loads(data)
        meta["shards"] = 1
        return json.dumps(meta).encode()
    _rezip(cached, one_shard)
    again = load_card_file(path, cache_dir)
    assert dict(again) == first and "Llanowar Elves" in again


def test_a_same_size_file_with_its_time_stamp_put_back_is_read_afresh(tmp_path, cache_dir):
    """Issue 27: the cache was keyed by path, size and mtime; it is keyed by content."""
    path = tmp_path / "a.json"
    path.write_text(json.dumps({"data": {"Xa": [{"name": "Xa", "type": "Land", "text": "{T}: Add {G}."}]}}))
    st = path.stat()
    assert load_card_file(path, cache_dir)["Xa"]["text"] == "{T}: Add {G}."
    path.write_text(json.dumps({"data": {"Xa": [{"name": "Xa", "type": "Land", "text": "{T}: Add {U}."}]}}))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert path.stat().st_size == st.st_size and path.stat().st_mtime_ns == st.st_mtime_ns
    assert load_card_file(path, cache_dir)["Xa"]["text"] == "{T}: Add {U}."


def test_a_zip_bomb_in_the_cache_is_not_decompressed(tmp_path, cache_dir):
    """Issue 27: a 1.5 MB member of the cache decompressing to gigabytes reached 2.9 GB of
    memory; members over card_pool.MAX_MEMBER are not read (the card file is read afresh)."""
    from manasolve.models.card_pool import MAX_MEMBER

    path = write(tmp_path / "a.json", ATOMIC)
    first = load_card_file(path, cache_dir)
    cached = next(cache_dir.iterdir())
    bomb = b'{"Marker": {"name": "Marker", "text": "' + b" " * (MAX_MEMBER + 10) + b'"}}'
    _rezip(cached, lambda n, data: bomb if n == "shard-0.json" else data)
    assert cached.stat().st_size < MAX_MEMBER // 100
    import resource
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    assert dict(load_card_file(path, cache_dir)) == first
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < MAX_MEMBER // 1024  # KB: no member read whole


def test_the_cache_never_writes_through_a_planted_link(tmp_path, cache_dir):
    """Issue 27: the temporary file had a predictable name and followed a symlink planted
    there; it is now created exclusively (mkstemp) in the cache folder."""
    path = write(tmp_path / "a.json", ATOMIC)
    cache_dir.mkdir(exist_ok=True)
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    from manasolve.models import loaders

    cache = loaders._cache_path(loaders._cache_key(path), cache_dir)
    (cache.parent / (cache.name + ".tmp%d" % os.getpid())).symlink_to(victim)  # the old temporary name
    load_card_file(path, cache_dir)
    assert victim.read_text() == "keep me"
    assert cache.is_file() and not cache.is_symlink()
    assert not [p for p in cache_dir.iterdir() if p.name.endswith(".tmp")]  # no temporary file left


def test_a_gzip_card_file_is_read_to_its_bound(tmp_path, monkeypatch):
    """A .gz decompressing past MAX_CARD_FILE_BYTES is one line saying the bound."""
    import gzip

    from manasolve.models import loaders

    monkeypatch.setattr(loaders, "MAX_CARD_FILE_BYTES", 10_000)
    path = tmp_path / "big.json.gz"
    path.write_bytes(gzip.compress(b'[{"name": "X", "text": "' + b" " * 50_000 + b'"}]'))
    with pytest.raises(InputError) as e:
        read_card_file(path, str(path))
    assert "more than 10000 bytes" in e.value.line() and e.value.line().startswith(str(path))


@pytest.mark.parametrize("card,field", [
    ({"name": "X", "types": "Creature"}, "[0].types"),
    ({"name": "X", "type": 5}, "[0].type"),
    ({"name": "X", "text": 7}, "[0].text"),
    ({"name": "X", "manaCost": ["{G}"]}, "[0].manaCost"),
    ({"name": "X", "power": 1}, "[0].power"),
    ({"name": "X", "keywords": "Flying"}, "[0].keywords"),
    ({"name": "X", "colors": [1]}, "[0].colors[0]"),
    ({"name": "X", "faceName": 3}, "[0].faceName"),
    ({"name": "X", "subtypes": [[1]]}, "[0].subtypes[0]"),
    ({"object": "card", "name": "X", "type_line": 5}, "[0].type_line"),
    ({"object": "card", "name": "X", "card_faces": [{"name": "Y", "oracle_text": []}]}, "[0].card_faces[0].oracle_text"),
])
def test_card_file_fields_of_the_wrong_type_name_the_file_the_card_and_the_field(tmp_path, card, field):
    """Issue 27: odd field types were TypeError/AttributeError tracebacks in cards check
    and --cards; each is one line naming the file, the field and the card."""
    path = tmp_path / "odd.json"
    path.write_text(json.dumps([card]))
    with pytest.raises(InputError) as e:
        read_card_file(path, str(path))
    assert e.value.where == field and e.value.line().startswith(str(path) + ": " + field)
    assert "(card 'X')" in e.value.line() or "(card 'Y')" in e.value.line()
    atomic = tmp_path / "odd_atomic.json"
    if "object" not in card:
        atomic.write_text(json.dumps({"data": {"X": [card]}}))
        with pytest.raises(InputError) as e:
            read_card_file(atomic, str(atomic))
        assert e.value.where == "data['X'][0]" + field[len("[0]"):]


def _pool_bytes(tmp_path, shard: bytes | None = None, names: bytes | None = None) -> bytes:
    """A cache file whose every shard (or names list) is `shard` (`names`)."""
    out = tmp_path / "planted.zip"
    with zipfile.ZipFile(out, "w") as z:
        z.writestr("meta.json", json.dumps({"format": FORMAT, "shards": 1, "cards": 1, "names": 1, "source": "x"}))
        z.writestr("names.json", names if names is not None else b'["Marker"]')
        z.writestr("shard-0.json", shard if shard is not None else b'{"Marker": {"name": "Marker"}}')
    return out.read_bytes()


@pytest.mark.parametrize("planted", [
    lambda tmp: b"\x80\x04\x95garbage",  # a pickle is not read (it could run code)
    lambda tmp: b'{"format": "manasolve/card-cache@3", "cards": {"Marker": {"name": "Marker"}}}',  # other version
    lambda tmp: _pool_bytes(tmp, shard=b'{"Marker": {"name": "Marker", "text": {"x": 1}}}'),  # bad shape
    lambda tmp: _pool_bytes(tmp, shard=b'{"Marker": {"name": "Marker", "evil": "x"}}'),  # unknown field
    lambda tmp: _pool_bytes(tmp, shard=b'["Marker"]'),
    lambda tmp: _pool_bytes(tmp, shard=b"[" * 100000),  # too deep
    lambda tmp: _pool_bytes(tmp, names=b'{"Marker": 1}'),
])
def test_a_bad_cache_is_ignored_and_the_file_read_afresh(tmp_path, cache_dir, planted):
    path = write(tmp_path / "a.json", ATOMIC)
    first = load_card_file(path, cache_dir)
    cached = next(cache_dir.iterdir())
    cached.write_bytes(planted(tmp_path))
    assert dict(load_card_file(path, cache_dir)) == first
    assert "Marker" not in load_card_file(path, cache_dir)
    assert CardPool(cached).meta["source"] == "manasolve/card-cache@5"  # rewritten


@pytest.mark.parametrize("content,where", [
    (b'{"data": {"X": [', ""),
    (b"not json", ""),
    (b'"a string"', ""),
    (b'{"meta": {}}', "data"),
    (b'{"data": {"X": {"name": "X"}}}', "data['X']"),
    (b'[{"type": "Artifact"}]', "[0].name"),
    (b'[1, 2]', "[0]"),
    (b'[{"object": "card", "type_line": "Land"}]', "[0].name"),
])
def test_bad_files_are_one_line_input_errors(tmp_path, content, where):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(InputError) as e:
        load_card_file(path)
    assert e.value.source == str(path) and e.value.where == where
    assert "\n" not in e.value.line()


def test_missing_file_and_bad_gzip(tmp_path):
    with pytest.raises(InputError, match=re.escape("missing.json: cannot read card file: No such file or directory")):
        load_card_file(tmp_path / "missing.json")
    bad = tmp_path / "x.json.gz"
    bad.write_bytes(b"\x1f\x8b" + b"garbage" * 10)
    with pytest.raises(InputError, match=re.escape("x.json.gz: cannot read card file (")):
        load_card_file(bad)
