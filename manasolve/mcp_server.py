"""``manasolve mcp``: the questions as Model Context Protocol tools, over stdio.

A thin door over `manasolve.server.Server`: each tool is one of the server's methods (the
questions, the board sessions) under an MCP-legal name, its input schema is the method's
params schema with the board schema inlined, and a call is answered by `Server.handle`, so
the validation, the one-line errors, the time limits and the answers are the server's (and
so the API's).  A tool result carries the answer twice, as MCP asks of structured results:
as ``structuredContent`` and as text (a short summary an LLM can read, then the JSON); an
error is a tool error (``isError``) with the server's one line and its JSON path.

Needs the optional ``mcp`` extra (``pip install "manasolve[mcp]"``), imported only here.
"""

from __future__ import annotations

import dataclasses
import json
import typing
from dataclasses import dataclass
from importlib import resources
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from manasolve import __version__, protocol
from manasolve.models.board_schema import BoardIn, validation_error
from manasolve.models.carddb import CardDB
from manasolve.models.errors import nearest
from manasolve.questions import ask
from manasolve.server import Server

# A tool: MCP name, the server method it calls, what it answers (the tool's description).
TOOLS: tuple[tuple[str, str, str], ...] = (
    ("pay", "pay", "Can this cost be paid on this board, and how? Give `cost` (\"{2}{G}{W/U}\") or `card` (a card "
     "name, with zone/alt/kicker/x... as the cast's choices). mode: null (payable? the fast question), \"count\" (the "
     "exact number of legal payments), \"all\" (every payment, grouped by interchangeable permanents), \"best\" (the "
     "payment an AI should make; keep: costs to keep payable afterwards), \"candidates\" (a decision: at most "
     "`candidates` groups of payments ranked by the best order, the best first, each with what it leaves untapped "
     "and castable)."),
    ("plays", "plays", "Every legal play now for a player (casts from every zone, activations, land plays, special "
     "actions), each with its total cost and whether it can be paid."),
    ("produce", "produce", "For each permanent (or one, by id), the mana types it could produce now (rule 106.7)."),
    ("cost", "cost", "A card's total cost as it would be locked in (601.2f): base, additional costs, increases, "
     "reductions, total, mana value, and whether it can be cast now and why not."),
    ("saddle", "saddle", "Sets of creatures that can be tapped to Saddle a Mount: how many, the minimal ones, the best."),
    ("crew", "crew", "Sets of creatures that can be tapped to Crew a Vehicle: how many, the minimal ones, the best."),
    ("attack", "attack", "Which attack triggers fire for the named attackers and how they resolve."),
    ("creatures", "creatures", "Each creature's power and toughness as they stand and whether it is modified (700.9)."),
    ("audit", "audit", "Is a payment an engine chose legal (the first rule it breaks), and is manasolve's best payment "
     "strictly better?"),
    ("board_load", "board.load", "Hold a board as a session; answers its handle, to pass as `board` or `session` to "
     "the other tools (the server holds a bounded number of sessions, see its info)."),
    ("board_patch", "board.patch", "Change a held board in place (tap, untap, counters, life, zones...); all or nothing."),
    ("board_apply", "board.apply", "Carry out a payment (a pay answer's best, or a group of its payments) on a held "
     "board: tap, sacrifice, pay life."),
    ("board_undo", "board.undo", "Undo the last change of a held board."),
    ("board_copy", "board.copy", "Copy a held board into a new session."),
    ("board_get", "board.get", "The held board as board JSON."),
    ("board_close", "board.close", "Forget a held board."),
)
CASTABILITY_TOOL = ("castability", "How often each spell of a deck list is castable by turn, on curve, and on curve given "
                    "the lands, from goldfish games (Karsten's question: the land drops chosen for each card). Give the "
                    "deck list's text (\"4 Lightning Bolt\" per line; Commander/Deck/Sideboard sections).")
# The longest deck list text the castability tool takes (a 100-card list is ~3,000 characters).
MAX_DECK_TEXT = 100_000
CARD_TOOL = ("card", "How manasolve reads one card: its printed cost and text, the mana abilities, cost keywords "
             "and cost sentences it understands, and every sentence it does not (left out of every answer, never "
             "guessed).")

# Resources: the board format's JSON Schema and our summary of the rules the answers follow.
RESOURCES = (
    ("manasolve://schema/board", "board.schema.json", "application/schema+json",
     "The board format (manasolve/board@1) as JSON Schema: what the `board` argument of every tool takes."),
    ("manasolve://docs/rules", "rules.md", "text/markdown",
     "The Comprehensive Rules manasolve's answers follow, in short, with their numbers and the rules date."),
)


@dataclass(frozen=True)
class ToolAnswer:
    """One tool call's outcome: the structured answer (or error), its text, and whether it failed."""

    structured: dict
    text: str
    is_error: bool


def _board_inlined(schema: dict) -> dict:
    """`schema` (a method's params schema) with the board schema inlined under $defs, so
    the tool's input schema stands alone (a tool schema cannot point at another file)."""
    board = BoardIn.model_json_schema()
    defs = dict(schema.get("$defs", {}))
    defs.update(board.pop("$defs", {}))
    defs["Board"] = board

    def fix(node: Any) -> Any:
        if isinstance(node, dict):
            if "x-ref" in node:
                return {"$ref": "#/$defs/Board"}
            return {k: fix(v) for k, v in node.items()}
        if isinstance(node, list):
            return [fix(v) for v in node]
        return node

    out = fix(schema)
    out["$defs"] = fix(defs)
    return out


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


ArgsT = TypeVar("ArgsT", bound=_Args)


def _castability_args() -> type[_Args]:
    """The castability tool's arguments: CastabilityRequest's fields (their help texts) that
    the tool takes, the deck list as text (never a path) and a time limit defaulting to
    the server's."""
    from manasolve.questions import CastabilityRequest  # keeps start-up light

    by_name = {f.name: f for f in dataclasses.fields(CastabilityRequest)}
    hints = typing.get_type_hints(CastabilityRequest)
    spec: dict[str, Any] = {"deck": (str, Field(min_length=1, max_length=MAX_DECK_TEXT,
                                                description="the deck list's text"))}
    for name, bounds in (("games", {"ge": 1}), ("turns", {}), ("on_play", {}), ("mulligan", {}), ("seed", {"ge": 0})):
        f = by_name[name]
        spec[name] = (f.metadata["wire"] or hints[name], Field(default=f.default, description=f.metadata["help"],  # type: ignore[call-overload]  # the default a dataclass field's
                                                               **bounds))
    spec["time_limit"] = (float | None, Field(default=None, gt=0, allow_inf_nan=False, description=(
        "seconds (default: the server's); past it, the games played by then")))
    return create_model("CastabilityArgs", __base__=_Args, __doc__="The castability tool's arguments: the deck list "
                        "as text (never a path) and the game's options.", **spec)


CastabilityArgs = _castability_args()


class CardArgs(_Args):
    """The card tool's argument."""

    name: str = Field(min_length=1, description="the card's name")


# Params of the server that name a file to read: not offered to an MCP client (an LLM may
# be driving it); the card file is the operator's `manasolve mcp --cards PATH`.
FILE_PARAMS = {"board.load": "cards"}


def input_schemas() -> dict[str, dict]:
    """The JSON Schema of each tool's arguments, by tool name."""
    out = {}
    for name, method, _ in TOOLS:
        schema = _board_inlined(protocol.PARAMS[method].model_json_schema())
        if method in FILE_PARAMS:
            del schema["properties"][FILE_PARAMS[method]]
        out[name] = schema
    out[CASTABILITY_TOOL[0]] = CastabilityArgs.model_json_schema()
    out[CARD_TOOL[0]] = CardArgs.model_json_schema()
    return out


class McpDoor:
    """The tools of one MCP server process over one `Server` (its sessions, cards, limits)."""

    def __init__(self, server: Server):
        self.server = server
        self.methods = {name: method for name, method, _ in TOOLS}
        self.schemas = input_schemas()

    def call(self, name: str, arguments: dict | None) -> ToolAnswer:
        """The answer of tool `name` to `arguments`, as the server answers its method."""
        if name == CARD_TOOL[0]:
            return self._card(arguments or {})
        if name == CASTABILITY_TOOL[0]:
            return self._castability(arguments or {})
        method = self.methods.get(name)
        if method is None:
            return _failed("unknown tool %r%s" % (name, nearest(name, list(self.schemas))), None)
        if method in FILE_PARAMS and FILE_PARAMS[method] in (arguments or {}):
            param = FILE_PARAMS[method]
            return _failed("arguments.%s: not taken over MCP (a file on the server's machine); the operator gives the "
                           "card file with manasolve mcp --cards PATH" % param, "arguments." + param)
        response = self.server.handle({"jsonrpc": "2.0", "id": 0, "method": method, "params": arguments or {}})
        if response is None or "error" in response:
            error = (response or {}).get("error") or {"message": "no answer"}
            path = (error.get("data") or {}).get("path")
            return _failed(_as_arguments(error["message"]), _as_arguments(path) if path else None)
        result = response["result"]
        return ToolAnswer(result, summary(name, result) + "\n" + _json(result), False)

    def _castability(self, arguments: dict) -> ToolAnswer:
        from manasolve.models.decklist import parse_decklist  # keeps start-up light
        from manasolve.models.errors import InputError, ParameterError
        from manasolve.solver.deadline import TimeUp

        args = _validated(CastabilityArgs, arguments)
        if isinstance(args, ToolAnswer):
            return args
        options = args.model_dump(exclude={"deck", "time_limit"}, exclude_none=True)
        given = args.model_dump(include={"deck", "time_limit"})  # (a model built from the request's fields)
        limit = given["time_limit"] if given["time_limit"] is not None else self.server.time_limit
        try:
            answer = ask("castability", deck=parse_decklist(given["deck"], self.server.db, source="arguments.deck"),
                         workers=1, time_limit=limit, **options)
        except ParameterError as exc:
            return _failed("arguments.%s: %s" % (exc.parameter.split("/")[0], exc.message), "arguments." + exc.parameter)
        except InputError as exc:
            return _failed(exc.line(), "arguments.deck")
        except TimeUp as exc:
            return _failed("%s; arguments.time_limit to wait longer" % exc, "arguments.time_limit")
        return ToolAnswer(answer, _castability_summary(answer) + "\n" + _json(answer), False)

    def _card(self, arguments: dict) -> ToolAnswer:
        args = _validated(CardArgs, arguments)
        if isinstance(args, ToolAnswer):
            return args
        name = args.name
        answer = card_reading(self.server.db, name)
        if answer is None:
            return _failed(self.server.db.unknown_message([name], advice=False), "arguments.name")
        return ToolAnswer(answer, _card_summary(answer) + "\n" + _json(answer), False)


def card_reading(db: CardDB, name: str) -> dict | None:
    """How manasolve reads the card `name` (None if no source has it): its printed data
    and the `cards check` report of that one card."""
    from manasolve.models.coverage import coverage_report  # keeps start-up light

    if name not in db:
        return None
    raw = db.raw(name)
    report = coverage_report([dict(raw, aliasOf=None)])
    card = db.get(name)
    return {"format": "manasolve/card@1", "name": card.name, "mana_cost": raw.get("manaCost"),
            "type": card.type_line, "text": card.text,
            "faces": [face.name for face in db.faces(name)],
            "mana_abilities": [{"text": a.text, "adds": ["".join("{%s}" % t for t in bundle) for bundle in a.options],
                                "reads_other_permanents": a.reference is not None or a.among is not None,
                                # 605.1a since 2026-08-07: moving a library card makes it no mana ability
                                "pays_inside_a_payment": a.is_mana_ability}
                               for a in card.mana_abilities],
            "mana_lines": report.mana_lines, "mana_lines_understood": report.mana_lines_understood,
            "keywords": {k: {"seen": v.seen, "understood": v.understood} for k, v in report.keywords.items() if v.seen},
            "not_understood": [{"sentence": x.sentence, "template": x.template} for x in report.not_understood]}


def _validated(model: type[ArgsT], arguments: dict) -> ArgsT | ToolAnswer:
    """The tool's arguments checked against `model`, or the tool error of the first problem
    (the board's messages: path, what is wrong, the value given, the nearest valid name)."""
    try:
        return model.model_validate(arguments)
    except ValidationError as exc:
        error = validation_error(exc, model, prefix="arguments")
        return _failed(error.line(), error.where)


def _as_arguments(text: str) -> str:
    """A server message or path about ``params`` said of the tool's ``arguments``."""
    return "arguments" + text[len("params"):] if text.startswith("params") else text


def _failed(message: str, path: str | None) -> ToolAnswer:
    error = {"message": message} | ({"path": path} if path else {})
    return ToolAnswer({"error": error}, message, True)


def _json(answer: Any) -> str:
    return json.dumps(answer, separators=(",", ":"), ensure_ascii=True)


def _yes(flag: Any) -> str:
    return "yes" if flag else "no"


def summary(tool: str, answer: dict) -> str:
    """A line or a few about `answer` for a reader (an LLM): the headline of each question."""
    if tool == "pay":
        head = "%s: payable %s" % (answer.get("card") or answer.get("cost"), _yes(answer.get("payable")))
        if answer.get("announced"):
            head += " (announced %s)" % answer["announced"]
        if "count" in answer:
            head += "; %d payments" % answer["count"]
        elif "count_at_least" in answer:
            from manasolve.solver.groups import stopped_by_the_clock  # keeps start-up light

            head += "; at least %d payments (%s)" % (answer["count_at_least"], "time limit" if stopped_by_the_clock(
                answer.get("count_undone", [])) else "memory bound")
        best = answer.get("best")
        if best:
            taps = ", ".join("%s -> %s" % (a.get("permanent"), a.get("produces")) for a in best.get("activations", []))
            head += "; best: %s%s" % (taps or "no mana", ", %d life" % best["life"] if best.get("life") else "")
        if "candidates" in answer:
            head += "; %d candidates, best first%s" % (len(answer["candidates"]), "" if answer.get("ranked_all") else
                                                      " (ranked among the groups listed in time)")
        return head
    if tool == "plays":
        lines = ["%d plays:" % len(answer.get("plays", []))]
        for p in answer.get("plays", []):
            what = p.get("card") or p.get("source") or ""
            lines.append("- %s %s%s%s: %s" % (p.get("kind"), what, " (%s)" % p["zone"] if p.get("zone") else "",
                                              " " + p["total"] if p.get("total") else "",
                                              "payable" if p.get("payable") else "not payable"))
        return "\n".join(lines)
    if tool == "produce":
        return "\n".join("%s: %s" % (pid, " ".join(types) or "nothing")
                         for pid, types in (answer.get("permanents") or {}).items())
    if tool == "cost":
        return "%s: total %s, mana value %s, castable now %s%s" % (
            answer.get("card"), answer.get("total"), answer.get("mana_value"), _yes(answer.get("castable_now")),
            " (%s)" % answer["reason"] if answer.get("reason") else "")
    if tool in ("saddle", "crew"):
        return "%s sets of creatures can %s it" % (answer.get("count", answer.get("count_at_least")), tool)
    if tool == "audit":
        return "legal %s%s" % (_yes(answer.get("legal")), ": " + answer["reason"] if answer.get("reason") else "")
    return "answer %s" % answer.get("format", "")


def _castability_summary(answer: dict) -> str:
    lines = ["%s games%s; per card, castable on curve (its mana value's turn):" % (
        answer["games"], " (time limit reached)" if answer.get("time_limit_reached") else "")]
    for card in answer.get("cards", []):
        done, games = (int(x) for x in card["on_curve"].split("/"))
        lines.append("- %s %s: %.1f%% on curve" % (card["card"], card["cost"], 100.0 * done / games if games else 0))
    return "\n".join(lines)


def _card_summary(answer: dict) -> str:
    parts = ["%s %s — %s" % (answer["name"], answer["mana_cost"] or "(no mana cost)", answer["type"])]
    if answer["mana_abilities"]:
        parts.append("mana abilities read: " + "; ".join(
            a["text"] + ("" if a["pays_inside_a_payment"] else " (not a mana ability since CR 2026-08-07, 605.1a: "
                         "activate it before casting)") for a in answer["mana_abilities"]))
    if answer["not_understood"]:
        parts.append("not understood (left out of every answer): " +
                     "; ".join(x["sentence"] for x in answer["not_understood"]))
    return "\n".join(parts)


def resource_text(uri: str) -> str | None:
    """The text of the resource `uri` (None for an unknown one)."""
    for known, filename, _, _ in RESOURCES:
        if known == uri:
            folder = "schemas" if filename.endswith(".json") else "docs"
            return resources.files("manasolve").joinpath("data").joinpath(folder).joinpath(filename).read_text(
                encoding="utf-8")
    return None


def build(door: McpDoor):
    """The MCP low-level server whose tools and resources are `door`'s (the SDK imported here)."""
    import anyio  # keeps start-up light (the [mcp] extra)
    import mcp_types as types
    from mcp.server import Server as McpServer

    descriptions = {name: text for name, _, text in TOOLS} | {CARD_TOOL[0]: CARD_TOOL[1],
                                                             CASTABILITY_TOOL[0]: CASTABILITY_TOOL[1]}
    one_at_a_time = anyio.Lock()  # the solver's sessions are not shared between threads

    async def list_tools(ctx, params) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[types.Tool(name=name, description=descriptions[name],
                                                       input_schema=door.schemas[name])
                                            for name in door.schemas])

    async def call_tool(ctx, params: types.CallToolRequestParams) -> types.CallToolResult:
        async with one_at_a_time:
            # a question runs in a worker thread, so the protocol (ping, cancellation) stays live
            answer = await anyio.to_thread.run_sync(door.call, params.name, params.arguments)
        return types.CallToolResult(content=[types.TextContent(type="text", text=answer.text)],
                                    structured_content=answer.structured, is_error=answer.is_error)

    async def list_resources(ctx, params) -> types.ListResourcesResult:
        return types.ListResourcesResult(resources=[
            types.Resource(uri=uri, name=name, mime_type=mime, description=text)
            for uri, name, mime, text in RESOURCES])

    async def read_resource(ctx, params: types.ReadResourceRequestParams) -> types.ReadResourceResult:
        text = resource_text(str(params.uri))
        if text is None:
            from mcp.shared.exceptions import MCPError  # keeps start-up light (the [mcp] extra)

            raise MCPError(code=protocol.INVALID_PARAMS, message="unknown resource %s (resources: %s)" % (
                params.uri, ", ".join(uri for uri, *_ in RESOURCES)))
        mime = next(m for uri, _, m, _ in RESOURCES if uri == str(params.uri))
        return types.ReadResourceResult(contents=[types.TextResourceContents(uri=str(params.uri), mime_type=mime,
                                                                             text=text)])

    return McpServer("manasolve", version=__version__,
                     instructions="Exact Magic: The Gathering cost answers. Pass a board (manasolve/board@1 JSON, "
                     "see the resource manasolve://schema/board) inline, or hold it with board_load and pass the "
                     "handle. Start with plays (what can I do now?) or pay (can I pay this, and how?).",
                     on_list_tools=list_tools, on_call_tool=call_tool,
                     on_list_resources=list_resources, on_read_resource=read_resource)


def main(db: CardDB | None = None, time_limit: float | None = None) -> int:
    """Serve MCP over stdin/stdout until the client closes it."""
    import anyio  # keeps start-up light (the [mcp] extra)
    from mcp.server.stdio import stdio_server

    server = build(McpDoor(Server(db, time_limit)))

    async def run() -> None:
        async with stdio_server() as (read_stream, write_stream):
            await server.run(read_stream, write_stream, server.create_initialization_options())

    anyio.run(run)
    return 0
