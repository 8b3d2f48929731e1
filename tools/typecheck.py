"""Type-check the library as it is installed: ``python -m tools.typecheck [MYPY ARGS]``.

The design card keeps models/ and solver/ at the top of the repository, installed as
``manasolve.models`` and ``manasolve.solver`` (setuptools package-dir).  A static tool reading
the checkout sees three unrelated folders and no import arrow into models/ or solver/.  So
this builds, in a temporary folder, the tree the wheel installs (``manasolve/`` with
``models/`` and ``solver/`` linked inside it) and runs mypy on the package there, with the
settings of pyproject.toml's ``[tool.mypy]``.  Exit status: mypy's.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def installed_view(folder: Path) -> Path:
    """`folder`/manasolve: the package laid out as installed (links into the checkout)."""
    package = folder / "manasolve"
    package.mkdir()
    for entry in (ROOT / "manasolve").iterdir():
        if entry.name != "__pycache__":
            os.symlink(entry, package / entry.name)
    os.symlink(ROOT / "models", package / "models")
    os.symlink(ROOT / "solver", package / "solver")
    return package


def main(argv: list[str]) -> int:
    """Run mypy on the installed view; mypy's exit status."""
    with tempfile.TemporaryDirectory() as folder:
        installed_view(Path(folder))
        command = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"), "-p", "manasolve", *argv]
        return subprocess.run(command, cwd=folder).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
