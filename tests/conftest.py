"""Shared test configuration: Hypothesis runs derandomized under CI so a red run is
reproducible; locally it explores new examples each run.  The one `board_file` fixture
(the test module's ``FILE_BOARD`` written to a file); shared helpers are in tests/support."""

import json
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


_PERSONAL = ("MANASOLVE_CARDS", "MANASOLVE_CONFIG", "MANASOLVE_CACHE_DIR", "XDG_CONFIG_HOME", "XDG_DATA_HOME")


def pytest_configure(config):
    """Before any test module is even imported (some build boards at import time), the run
    forgets the person's card setting, config file and card cache: the variables that name
    them are removed and the folders they default to point into a folder of the run's own.
    (The front reads the setting, `manasolve.card_settings`; models/ reads none.  The tests
    that write a setting start each from none: tests/test_card_settings.py.)"""
    saved = {name: os.environ.pop(name, None) for name in _PERSONAL}
    own = Path(tempfile.mkdtemp(prefix="manasolve-tests-"))
    os.environ["XDG_CONFIG_HOME"] = str(own / "config")
    os.environ["XDG_DATA_HOME"] = str(own / "data")
    os.environ["MANASOLVE_CACHE_DIR"] = str(own / "cache")

    def restore() -> None:
        shutil.rmtree(own, ignore_errors=True)
        for name, value in saved.items():
            os.environ.pop(name, None)
            if value is not None:
                os.environ[name] = value

    config.add_cleanup(restore)


@pytest.fixture
def board_file(tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """The path of a board file holding the test module's ``FILE_BOARD`` (a board dict),
    for the command-line tests that read a board file."""
    path = tmp_path / "board.json"
    path.write_text(json.dumps(request.module.FILE_BOARD))
    return str(path)
