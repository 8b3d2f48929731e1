"""The distribution ships every package of the tree: pyproject lists the packages by hand
(models/ and solver/ are mapped into manasolve with package-dir), so a new subpackage that
is not listed would be missing from a non-editable install."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

ROOT = Path(__file__).resolve().parents[1]


def _installed_name(folder: Path, package_dir: dict[str, str]) -> str:
    rel = folder.relative_to(ROOT).as_posix()
    for name, where in sorted(package_dir.items(), key=lambda kv: -len(kv[1])):
        if rel == where or rel.startswith(where + "/"):
            return name + rel[len(where):].replace("/", ".")
    raise AssertionError("%s is under no package-dir entry" % rel)


def test_every_package_of_the_tree_is_listed_in_pyproject():
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    package_dir = setuptools["package-dir"]
    tree = {_installed_name(init.parent, package_dir)
            for top in package_dir.values() for init in (ROOT / top).rglob("__init__.py")}
    assert tree == set(setuptools["packages"])


def test_every_data_file_is_package_data():
    """A file of manasolve/data/ (the built-in cards, the whole card pool, the schemas) that
    no package-data pattern names would be missing from a non-editable install."""
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["manasolve"]
    data = ROOT / "manasolve" / "data"
    files = [p.relative_to(ROOT / "manasolve").as_posix() for p in data.rglob("*") if p.is_file()]
    assert "data/card_pool.zip" in files
    assert [f for f in files if not any(PurePosixPath(f).match(pat) for pat in patterns)] == []


@pytest.mark.parametrize("folder", ["models", "solver"])
def test_the_lower_layers_do_not_import_as_top_level_packages(folder):
    """From the repository root `import models` would load a second copy of every class
    (models.board.Board is not manasolve.models.board.Board): it fails, naming the real package."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", "import %s" % folder], cwd=root, capture_output=True, text=True)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines()[-1] == (
        "ImportError: %s/ is the package manasolve.%s (installed there by pyproject.toml's package-dir): "
        "import manasolve.%s; as a top-level package its classes would be copies of the real ones" % (folder, folder, folder))


def test_ci_type_checks_the_tree_as_installed(tmp_path):
    """.ci/run runs the type check as a step of its own (any error fails the run), with
    pyproject's [tool.mypy] (no module's errors switched off), on the view tools/typecheck.py
    builds: each package where pyproject's package-dir installs it."""
    from tools.typecheck import installed_view

    assert "python3 -m tools.typecheck" in (ROOT / ".ci" / "run").read_text().splitlines()
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]
    mypy = config["mypy"]
    assert mypy["check_untyped_defs"] is True and mypy["warn_unused_ignores"] is True
    assert not any(o.get("ignore_errors") for o in mypy.get("overrides", []))
    view = installed_view(tmp_path)
    for name, where in config["setuptools"]["package-dir"].items():
        folder = view.parent.joinpath(*name.split("."))
        assert (folder / "__init__.py").resolve() == (ROOT / where / "__init__.py").resolve()
