"""`manasolve mcp` driven by the MCP SDK's own stdio client, as an LLM host would: it lists
the tools and resources, and every answer equals the Python API's; a malformed call is a
tool error with the server's one line, and the server goes on."""

from __future__ import annotations

import json
import sys

import pytest

from manasolve import api
from manasolve.mcp_server import TOOLS, input_schemas

mcp = pytest.importorskip("mcp", reason="the MCP SDK is not installed (pip install -e \".[mcp]\")")



def _example() -> dict:
    from importlib import resources

    return json.loads(resources.files("manasolve").joinpath("data", "example_board.json").read_text())


CALLS = {
    "payable": ("pay", {"cost": "{2}{G}{W/U}"}),
    "count": ("pay", {"cost": "{2}{G}{W/U}", "mode": "count"}),
    "best": ("pay", {"cost": "{2}{G}{W/U}", "mode": "best"}),
    "plays": ("plays", {}),
    "produce": ("produce", {}),
    "cost": ("cost", {"card": "Think Twice", "zone": "graveyard"}),
    "saddle": ("saddle", {"mount": "bronco"}),
}


DECK = "20 Mountain\n4 Lightning Bolt\n36 Wurmcoil Engine\n"


@pytest.fixture(scope="module")
def session():
    """One MCP session over stdio with `manasolve mcp`: every call's result, by label."""
    import anyio
    from mcp import Client, StdioServerParameters

    board = _example()
    out: dict = {}

    async def run() -> None:
        params = StdioServerParameters(command=sys.executable, args=["-m", "manasolve", "mcp"])
        async with Client(params) as client:
            out["tools"] = (await client.list_tools()).tools
            out["resources"] = (await client.list_resources()).resources
            out["rules"] = (await client.read_resource("manasolve://docs/rules")).contents[0].text
            out["board_schema"] = (await client.read_resource("manasolve://schema/board")).contents[0].text
            for label, (tool, args) in CALLS.items():
                out[label] = await client.call_tool(tool, dict(args, board=board))
            out["bad_mode"] = await client.call_tool("pay", {"board": board, "cost": "{G}", "mode": "bets"})
            out["bad_board"] = await client.call_tool("pay", {"board": {"players": 3}, "cost": "{G}"})
            out["unknown_tool"] = await client.call_tool("pya", {})
            out["castability"] = await client.call_tool("castability", {"deck": DECK, "games": 200, "seed": 3})
            out["bad_deck"] = await client.call_tool("castability", {"deck": "4 Lightning Blot\n"})
            out["card"] = await client.call_tool("card", {"name": "Birds of Paradise"})
            out["sphere"] = await client.call_tool("card", {"name": "Chromatic Sphere"})
            out["unknown_card"] = await client.call_tool("card", {"name": "Birds of Paradice"})
            loaded = await client.call_tool("board_load", {"board": board})
            handle = loaded.structured_content["session"]
            out["held_payable"] = await client.call_tool("pay", {"board": handle, "cost": "{2}{G}{W/U}"})
            out["file_param"] = await client.call_tool("board_load", {"board": board, "cards": "/etc/passwd"})
            out["after_errors"] = await client.call_tool("pay", {"board": board, "cost": "{G}"})
            await client.call_tool("board_close", {"session": handle})
            out["closed"] = await client.call_tool("pay", {"board": handle, "cost": "{G}"})

    anyio.run(run)
    return out


def test_the_client_lists_every_tool_with_its_generated_input_schema(session):
    listed = {t.name: t for t in session["tools"]}
    assert set(listed) == {name for name, _, _ in TOOLS} | {"card", "castability"}
    schemas = input_schemas()
    for name, tool in listed.items():
        assert tool.input_schema == schemas[name] and tool.description
    assert "cards" not in listed["board_load"].input_schema["properties"]  # no file a client names is read
    pay = listed["pay"].input_schema
    assert pay["properties"]["board"]["anyOf"][0] == {"$ref": "#/$defs/Board"} and "Board" in pay["$defs"]


def test_the_board_format_and_the_rules_are_resources(session):
    assert {str(r.uri) for r in session["resources"]} == {"manasolve://schema/board", "manasolve://docs/rules"}
    assert "605.1a (amended 2026-08-07)" in session["rules"]
    assert json.loads(session["board_schema"])["title"] == "BoardIn"


@pytest.mark.parametrize("label", sorted(CALLS))
def test_each_answer_is_the_apis_answer(session, label):
    tool, args = CALLS[label]
    expected = json.loads(json.dumps(getattr(api, tool)(_example(), **args)))
    result = session[label]
    assert not result.is_error
    assert result.structured_content == expected
    text = result.content[0].text
    assert json.loads(text.split("\n")[-1]) == expected  # the JSON after the summary, for clients that read text


def test_the_summary_reads_as_a_sentence(session):
    assert session["payable"].content[0].text.startswith("{2}{G}{W/U}: payable yes (announced {2}{G}{W})")
    assert session["best"].content[0].text.startswith("{2}{G}{W/U}: payable yes; best: ")
    assert session["plays"].content[0].text.startswith("3 plays:\n- cast Think Twice (hand) {1}{U}: payable")


def test_a_malformed_call_is_a_tool_error_with_the_servers_line_and_the_server_goes_on(session):
    bad = session["bad_mode"]
    assert bad.is_error and bad.content[0].text.startswith("arguments.mode: unknown mode 'bets' (did you mean 'best'?)")
    assert bad.structured_content["error"]["path"] == "arguments.mode"
    assert session["bad_board"].is_error and session["bad_board"].content[0].text.startswith("arguments.board")
    assert session["unknown_tool"].is_error and "did you mean 'pay'" in session["unknown_tool"].content[0].text
    assert session["file_param"].is_error and session["file_param"].content[0].text.startswith(
        "arguments.cards: not taken over MCP")
    assert not session["after_errors"].is_error and session["after_errors"].structured_content["payable"] is True


def test_a_held_board_answers_like_an_inline_one_until_it_is_closed(session):
    assert session["held_payable"].structured_content == session["payable"].structured_content
    closed = session["closed"]
    assert closed.is_error and "no session" in closed.content[0].text


def test_the_card_tool_shows_how_manasolve_reads_a_card(session):
    card = session["card"].structured_content
    assert card["name"] == "Birds of Paradise" and card["mana_cost"] == "{G}"
    assert card["mana_abilities"] == [{"text": "{T}: Add one mana of any color.",
                                       "adds": ["{W}", "{U}", "{B}", "{R}", "{G}"], "reads_other_permanents": False,
                                       "pays_inside_a_payment": True}]
    assert card["mana_lines"] == card["mana_lines_understood"] == 1 and card["not_understood"] == []
    sphere = session["sphere"]
    assert sphere.structured_content["mana_abilities"][0]["pays_inside_a_payment"] is False
    assert "not a mana ability since CR 2026-08-07, 605.1a" in sphere.content[0].text
    unknown = session["unknown_card"]
    assert unknown.is_error and "did you mean 'Birds of Paradise'" in unknown.content[0].text


def test_the_castability_tool_answers_as_the_api_on_the_deck_text(session):
    from manasolve.castability import castability
    from manasolve.models.carddb import default_db
    from manasolve.models.decklist import parse_decklist

    expected = castability(parse_decklist(DECK, default_db(), source="arguments.deck"), games=200, seed=3, workers=1)
    result = session["castability"]
    assert not result.is_error
    answer = dict(result.structured_content)
    assert answer.pop("executor") and expected.pop("executor")  # where the games ran is not the answer
    assert answer == json.loads(json.dumps(expected))
    assert result.content[0].text.startswith("200 games; per card, castable on curve")
    bad = session["bad_deck"]
    assert bad.is_error and "unknown card 'Lightning Blot' (did you mean 'Lightning Bolt'" in bad.content[0].text
