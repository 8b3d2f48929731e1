"""Shared test configuration: Hypothesis runs derandomized under CI so a red run is
reproducible; locally it explores new examples each run."""

import os

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture(autouse=True)
def _no_user_card_setting(tmp_path_factory, monkeypatch):
    """Tests see no card file set by the person running them (MANASOLVE_CARDS, a config
    file, a stored ``cards update`` file): only the built-in cards, unless a test sets one."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.delenv("MANASOLVE_CARDS", raising=False)
    monkeypatch.delenv("MANASOLVE_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
