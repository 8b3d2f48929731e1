"""Running a ``manasolve`` command the way a user does (CLI ``main()`` on a board file,
``--json``) from a test."""

from __future__ import annotations

import json

from manasolve.cli import main


def cli_json(capsys, tmp_path, data: dict, command: str, *argv: str) -> dict:
    """The JSON answer of ``manasolve COMMAND BOARD ARGV... --json`` for the board `data`
    (written to tmp_path); fails the test on a non-zero exit status."""
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data))
    code = main([command, str(path), *argv, "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)
