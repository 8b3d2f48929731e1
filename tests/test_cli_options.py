"""The flags of castability, serve, mcp and batch are their request and option types'
fields (one help text and one default each), and the MCP castability tool's arguments
are the same fields: a field added, renamed or re-described shows at every door."""

from __future__ import annotations

import argparse
import dataclasses

import pytest

from manasolve.cli import build_parser
from manasolve.cli.common import BatchOptions, ServerOptions
from manasolve.questions import CastabilityRequest


def _command(name: str) -> argparse.ArgumentParser:
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return sub.choices[name]


def _flags(name: str) -> dict[str, argparse.Action]:
    """The first flag of each destination (--play before --draw)."""
    out: dict[str, argparse.Action] = {}
    for a in _command(name)._actions:
        if a.dest != "help":
            out.setdefault(a.dest, a)
    return out


def _check(action: argparse.Action, f: dataclasses.Field) -> None:
    assert action.help is not None and action.help.replace("%%", "%") == f.metadata["help"]
    expected = None if f.default is dataclasses.MISSING or isinstance(f.default, tuple) else f.default
    assert action.default == expected
    assert action.required == (f.default is dataclasses.MISSING)  # a positional argument, or a required flag


def test_the_castability_flags_are_its_request_fields():
    flags = _flags("castability")
    fields = [f for f in dataclasses.fields(CastabilityRequest) if f.name != "progress"]  # a callback: no flag
    for f in fields:
        _check(flags[f.name], f)
    assert flags["pairs"].option_strings == ["--pair"] and flags["time_limit"].option_strings == ["--timeout"]
    # the flags of the command line alone: --draw (--play's opposite), --plot, --quiet, --json
    assert set(flags) - {f.name for f in fields} == {"plot", "quiet", "json"}
    on_play = [a.option_strings for a in _command("castability")._actions if a.dest == "on_play"]
    assert on_play == [["--play"], ["--draw"]]


@pytest.mark.parametrize(("command", "types"), [
    ("serve", (ServerOptions,)), ("mcp", (ServerOptions,)), ("batch", (BatchOptions, ServerOptions))])
def test_the_server_flags_are_their_option_fields(command, types):
    flags = _flags(command)
    fields = {f.name: f for t in types for f in dataclasses.fields(t) if f.name in flags}
    assert set(flags) == set(fields)
    for name, f in fields.items():
        _check(flags[name], f)


def test_the_workers_and_address_flags_exclude_each_other():
    for command in ("castability", "batch"):
        groups = [{a.dest for a in g._group_actions} for g in _command(command)._mutually_exclusive_groups]
        assert {"workers", "address"} in groups


def test_the_mcp_castability_tool_takes_the_request_fields():
    pytest.importorskip("mcp", reason="the MCP SDK (manasolve[mcp]) is not installed")
    from manasolve.mcp_server import CastabilityArgs

    schema = CastabilityArgs.model_json_schema()["properties"]
    by_name = {f.name: f for f in dataclasses.fields(CastabilityRequest)}
    for name in ("games", "turns", "on_play", "mulligan", "seed"):
        assert schema[name]["description"] == by_name[name].metadata["help"]
        assert schema[name].get("default") == by_name[name].default
    assert set(schema) == {"deck", "games", "turns", "on_play", "mulligan", "seed", "time_limit"}
