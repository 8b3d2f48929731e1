"""``manasolve serve`` through the pipe: boards held as sessions, payable and best questions.

One server process (``python -m manasolve serve``); boards of 10, 20 and 40 permanents
(basics, duals, Signets, Sol Ring, mana creatures, painlands) are loaded once as sessions
and asked random costs:

* payable — ``pay`` with ``mode="payable"``, and best — ``pay`` with ``mode="best"``;
  one request in flight at a time: requests/s and p50/p99 latency (write to read).
  Payable on 20 permanents is measured in ``--rounds`` rounds of fresh boards; its target
  is judged on the slowest round ("reliably").
* payable on 20 permanents pipelined: all the requests written by one thread while the
  answers are read (the ids pair them), so the pipe's round trip and the wake-ups of two
  processes on a busy machine are not paid per question: the server's own throughput.
* a session loop on 20 permanents, what an engine does each turn: ``pay`` best, carry it
  out with ``board.apply``, ask ``pay`` payable again, ``board.undo``.
* baselines in the same run: the same questions to the Python API in this process
  (`PlayBoard` for the loop), alternating with the served ones (the floor: the pipe's
  and JSON's overhead is the ratio); with ``--before REV``, a second server running the
  code of commit REV (exported with ``git archive``) asked the same questions in turn
  (before/after); and a new ``python -m manasolve pay`` process per question (what
  engines in other languages had to do before the server).
* every served answer is compared with the Python API's answer to the same question.
* robustness: 10,000 lines of which 5% are malformed (not JSON, unknown method, unknown
  parameter, bad cost, unknown session), plus patch/undo pairs: every line must be
  answered (errors for the malformed ones, the API's answer for the others), the process
  alive at the end; its RSS at the start and after each quarter.

* interrupts (issue 30): while an exact count that would run for minutes is under way
  (60 mixed sources, a 7-symbol hybrid cost, ``time_limit`` 60), ``ping`` (write to read)
  and ``cancel`` (write to the count's partial answer), a few rounds; targets: ping < 50 ms,
  the cancelled count answering < 100 ms.

    python -m benchmarks.serve [--quick] [--rounds 3] [--before REV|none] [--interrupts]

``--interrupts`` measures only the interrupts and writes benchmarks/results/serve_interrupts.md.

What a change of a session costs in-process (patch or apply, then a question, then undo,
before/after, 20 to 160 permanents) is measured by benchmarks/session_changes.py.

Writes benchmarks/results/serve.md and benchmarks/results/serve.png: the targets of
issue 14 with pass/fail, then the measurements.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.decision_loop import export
from benchmarks.results_files import write_results
from manasolve import api
from manasolve.models.board import load_board
from manasolve.session import PlayBoard

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ["Forest", "Island", "Plains", "Swamp", "Mountain", "Tundra", "Taiga", "Underground Sea", "Savannah",
           "Azorius Signet", "Golgari Signet", "Sol Ring", "Llanowar Elves", "Birds of Paradise", "Adarkar Wastes",
           "Yavimaya Coast"]
WEIGHTS = [4, 4, 4, 4, 4, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1]
SYMBOLS = ["{W}", "{U}", "{B}", "{R}", "{G}", "{1}", "{2}", "{G/W}", "{U/P}", "{C}"]
SIZES = (10, 20, 40)
TARGET = {"payable": 1000.0, "best": 200.0}  # questions/s on 20-permanent boards (issue 14)
PING_MS, CANCEL_MS = 50.0, 100.0  # issue 30: ping answered, a cancelled count answering, while it runs
# The before side of the before/after columns: main before the server's throughput work
# (format keys on board.* results, orjson, undo keeping the resolved board, costs parsed once).
BEFORE = "a8daf7d"
RSS_FLAT_MB = 5.0  # "memory flat": the RSS at the end of the 10,000 lines within this of the start


def make_board(n: int, rng: random.Random) -> dict:
    """A board dict: player "a" with n permanents drawn from SOURCES, an opponent."""
    names = rng.choices(SOURCES, weights=WEIGHTS, k=n)
    return {"players": [{"name": "a", "life": 20, "battlefield": [{"id": "p%d" % i, "card": c} for i, c in enumerate(names)]},
                        {"name": "b"}]}


def make_cost(rng: random.Random) -> str:
    return "".join(rng.choices(SYMBOLS, k=rng.randint(1, 5)))


class Pipe:
    """A ``manasolve serve`` process (of the checkout at `root`) and one request in flight at a time."""

    def __init__(self, root: Path = ROOT) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "manasolve", "serve"], cwd=root, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, bufsize=0)
        self.next_id = 0

    def line(self, text: str) -> dict:
        self.proc.stdin.write(text.encode("utf-8") + b"\n")
        return json.loads(self.proc.stdout.readline())

    def call(self, method: str, **params) -> dict:
        self.next_id += 1
        return self.line(json.dumps({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}))

    def timed(self, method: str, **params) -> tuple[dict, float]:
        """The answer and the seconds from writing the request to reading the answer."""
        t = time.perf_counter()
        answer = self.call(method, **params)
        return answer, time.perf_counter() - t

    def rss_mb(self) -> float:
        for row in Path("/proc/%d/status" % self.proc.pid).read_text().splitlines():
            if row.startswith("VmRSS:"):
                return int(row.split()[1]) / 1024
        return float("nan")

    def close(self) -> int:
        self.proc.stdin.close()
        return self.proc.wait(timeout=60)


@dataclass
class Rate:
    """Requests/s (n over the summed latencies) and the latency percentiles of one side."""

    per_second: float
    p50_ms: float
    p99_ms: float

    @staticmethod
    def of(latencies: list[float]) -> Rate:
        ordered = sorted(latencies)
        return Rate(len(ordered) / sum(ordered), 1000 * statistics.median(ordered),
                    1000 * ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))])


@dataclass
class Row:
    """One question kind on one board size (one round)."""

    kind: str
    size: int
    questions: int
    served: Rate
    api_per_second: float
    agree: int
    before: Rate | None = None
    process_per_second: float | None = None
    keys: set[str] = field(default_factory=set)


class Servers:
    """The server under test and, with --before, the server of the earlier commit."""

    def __init__(self, before_root: Path | None) -> None:
        self.after = Pipe()
        self.before = Pipe(before_root) if before_root else None

    def load(self, boards: list[dict]) -> tuple[list[str], list[str] | None]:
        def handles(pipe: Pipe) -> list[str]:
            return [pipe.call("board.load", board=b)["result"]["session"] for b in boards]
        return handles(self.after), handles(self.before) if self.before else None

    def close_sessions(self, after: list[str], before: list[str] | None) -> None:
        for h in after:
            self.after.call("board.close", session=h)
        for h in before or ():
            self.before.call("board.close", session=h)


def measure(servers: Servers, kind: str, size: int, n: int, rng: random.Random, processes: int) -> Row:
    """Ask n questions of `kind` on sessions of `size`-permanent boards."""
    boards = [make_board(size, rng) for _ in range(5)]
    sessions, before_sessions = servers.load(boards)
    asks = [(rng.randrange(len(boards)), make_cost(rng)) for _ in range(n)]
    resolved = [load_board(b) for b in boards]
    for i, board in enumerate(resolved):  # warm-up, not timed: first imports on every side
        servers.after.call("pay", board=sessions[i], cost="{1}", mode=kind)
        if servers.before:
            servers.before.call("pay", board=before_sessions[i], cost="{1}", mode=kind)
        api.pay(board, "{1}", mode=kind)
    # The sides take turns question by question, so other work on the machine slows them alike.
    latencies, before_latencies, answers, expected, in_process = [], [], [], [], 0.0
    for bi, cost in asks:
        answer, seconds = servers.after.timed("pay", board=sessions[bi], cost=cost, mode=kind)
        answers.append(answer)
        latencies.append(seconds)
        if servers.before:
            before_latencies.append(servers.before.timed("pay", board=before_sessions[bi], cost=cost, mode=kind)[1])
        t = time.perf_counter()
        expected.append(api.pay(resolved[bi], cost, mode=kind))
        in_process += time.perf_counter() - t
    servers.close_sessions(sessions, before_sessions)
    return Row(kind, size, n, Rate.of(latencies), n / in_process, sum(a.get("result") == e for a, e in zip(answers, expected)),
               Rate.of(before_latencies) if before_latencies else None,
               _one_process_each(boards, asks[:processes], kind) if processes else None,
               set().union(*(a["result"].keys() for a in answers if "result" in a)))


def pipelined(servers: Servers, n: int, rng: random.Random) -> Row:
    """n payable questions on sessions of 20-permanent boards, written all at once by a
    thread while the answers are read: questions/s over the whole run (latency is then
    mostly queueing, so p50/p99 are those of the one-in-flight rows)."""
    boards = [make_board(20, rng) for _ in range(5)]
    sessions, before_sessions = servers.load(boards)
    asks = [(rng.randrange(len(boards)), make_cost(rng)) for _ in range(n)]
    resolved = [load_board(b) for b in boards]
    expected = [api.pay(resolved[bi], cost, mode="payable") for bi, cost in asks]

    def run(pipe: Pipe, handles: list[str]) -> tuple[list[dict], float]:
        lines = [json.dumps({"jsonrpc": "2.0", "id": i, "method": "pay", "params": {
            "board": handles[bi], "cost": cost, "mode": "payable"}}).encode() + b"\n" for i, (bi, cost) in enumerate(asks)]
        writer = threading.Thread(target=lambda: [pipe.proc.stdin.write(line) for line in lines])
        t = time.perf_counter()
        writer.start()
        answers = [json.loads(pipe.proc.stdout.readline()) for _ in lines]
        seconds = time.perf_counter() - t
        writer.join()
        return sorted(answers, key=lambda a: a["id"]), seconds

    def rate(seconds: float) -> Rate:
        return Rate(n / seconds, float("nan"), float("nan"))

    answers, seconds = run(servers.after, sessions)
    before = rate(run(servers.before, before_sessions)[1]) if servers.before else None
    t = time.perf_counter()
    for bi, cost in asks:
        api.pay(resolved[bi], cost, mode="payable")
    in_process = time.perf_counter() - t
    servers.close_sessions(sessions, before_sessions)
    return Row("payable, pipelined", 20, n, rate(seconds), n / in_process,
               sum(a.get("result") == e for a, e in zip(answers, expected)), before)


def session_loop(servers: Servers, n: int, rng: random.Random) -> Row:
    """n turns of an engine on 20-permanent sessions: best, apply it, payable again, undo
    (4 requests a turn); the same turns on `PlayBoard`s in this process."""
    boards = [make_board(20, rng) for _ in range(5)]
    sessions, before_sessions = servers.load(boards)
    local = [PlayBoard(b) for b in boards]
    asks = [(rng.randrange(len(boards)), make_cost(rng)) for _ in range(n)]

    def turn(pipe: Pipe, handle: str, cost: str) -> tuple[list[dict], float]:
        t = time.perf_counter()
        best = pipe.call("pay", board=handle, cost=cost, mode="best")
        out = [best]
        if best.get("result", {}).get("best"):
            out.append(pipe.call("board.apply", session=handle, payment=best["result"]["best"]))
            out.append(pipe.call("pay", board=handle, cost=cost, mode="payable"))
            out.append(pipe.call("board.undo", session=handle))
        return out, time.perf_counter() - t

    def local_turn(b: PlayBoard, cost: str) -> list[dict]:
        best = b.best(cost)
        if not best["best"]:
            return [best]
        done = b.apply(best["best"])
        again = b.pay(cost)
        b.undo()
        return [best, done, again, {"session": None, "changes": b.history_length}]

    latencies, before_latencies, agree, requests, in_process = [], [], 0, 0, 0.0
    for bi, cost in asks:
        answers, seconds = turn(servers.after, sessions[bi], cost)
        latencies.append(seconds)
        if servers.before:
            before_latencies.append(turn(servers.before, before_sessions[bi], cost)[1])
        t = time.perf_counter()
        expected = local_turn(local[bi], cost)
        in_process += time.perf_counter() - t
        requests += len(answers)
        got = [a.get("result") for a in answers]
        if len(got) == 4:  # board.apply's result names its format; board.undo's session is the handle
            expected[1] = {"format": "manasolve/board.apply@1", **expected[1]}
            expected[3] = {"format": "manasolve/board.undo@1", "session": sessions[bi], "changes": 0}
        agree += got == expected
    servers.close_sessions(sessions, before_sessions)
    return Row("loop", 20, n, Rate.of(latencies), n / in_process, agree,
               Rate.of(before_latencies) if before_latencies else None, None, {"requests": requests})


def _one_process_each(boards: list[dict], asks: list[tuple[int, str]], kind: str) -> float:
    """Questions/s with a new ``python -m manasolve pay ... --json`` process per question."""
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for i, b in enumerate(boards):
            files.append(Path(tmp) / ("b%d.json" % i))
            files[-1].write_text(json.dumps(b))
        start = time.perf_counter()
        for bi, cost in asks:
            # The command line has no payable-only flag: its default question (count) stands in.
            subprocess.run([sys.executable, "-m", "manasolve", "pay", str(files[bi]), "--cost", cost, "--json"]
                           + (["--best"] if kind == "best" else []), cwd=ROOT, check=True, capture_output=True)
        return len(asks) / (time.perf_counter() - start)


MALFORMED = [
    ("this is not JSON", -32700),
    ('{"jsonrpc": "2.0", "id": %d, "method": "pya", "params": {}}', -32601),
    ('{"jsonrpc": "2.0", "id": %d, "method": "pay", "params": {"board": "SESSION", "cots": "{G}"}}', -32602),
    ('{"jsonrpc": "2.0", "id": %d, "method": "pay", "params": {"board": "SESSION", "cost": "{G"}}', -32602),
    ('{"jsonrpc": "2.0", "id": %d, "method": "pay", "params": {"board": "s999", "cost": "{G}"}}', -32602),
    ('{"id": %d, "method": "pay"}', -32600),
    ('{"jsonrpc": "2.0", "id": %d, "method": "board.patch", "params": {"session": "SESSION", "ops": [{"op": "tap", "id": "nope"}]}}', -32602),
]


def robustness(pipe: Pipe, total: int, rng: random.Random) -> dict:
    """`total` lines, 5% malformed, on two 20-permanent sessions; what came back."""
    boards = [make_board(20, rng) for _ in range(2)]
    sessions = [pipe.call("board.load", board=b)["result"]["session"] for b in boards]
    resolved = [load_board(b) for b in boards]
    expected: dict[tuple[int, str], dict] = {}
    rss = [pipe.rss_mb()]
    counts = {"lines": 0, "answered": 0, "malformed": 0, "errors_for_malformed": 0, "good": 0, "good_right": 0}
    start = time.perf_counter()
    for i in range(total):
        counts["lines"] += 1
        rid = 100000 + i
        if rng.random() < 0.05:
            text, code = rng.choice(MALFORMED)
            text = text.replace("SESSION", sessions[0])
            answer = pipe.line(text % rid if "%d" in text else text)
            counts["malformed"] += 1
            counts["errors_for_malformed"] += answer.get("error", {}).get("code") == code
        elif rng.random() < 0.02:  # a patch and its undo
            si = rng.randrange(2)
            a = pipe.call("board.patch", session=sessions[si], ops=[{"op": "tap", "id": "p0"}])
            b = pipe.call("board.undo", session=sessions[si])
            counts["good"] += 1
            counts["good_right"] += a.get("result", {}).get("changes") == 1 and b.get("result", {}).get("changes") == 0
            counts["lines"] += 1
            counts["answered"] += 1
            answer = b
        else:
            bi, cost = rng.randrange(2), make_cost(rng)
            if (bi, cost) not in expected:
                expected[bi, cost] = api.pay(resolved[bi], cost, mode="payable")
            answer = pipe.call("pay", board=sessions[bi], cost=cost, mode="payable")
            counts["good"] += 1
            counts["good_right"] += answer.get("result") == expected[bi, cost]
        counts["answered"] += answer is not None
        if (i + 1) % (total // 4) == 0:
            rss.append(pipe.rss_mb())
    counts["seconds"] = time.perf_counter() - start
    counts["rss_mb"] = rss  # at the start and after each quarter of the lines
    counts["alive"] = pipe.proc.poll() is None and "result" in pipe.call("produce", board=sessions[0], id="p0")
    return counts


def interrupts(rounds: int) -> dict:
    """Ping and cancel latencies (ms) while a long exact count runs on a fresh server, and
    whether every cancelled count answered with its partial count marked cancelled."""
    from tests.support.fuzz_cases import _slow_board

    board, cost = _slow_board(), "{W/U}{B/G}{2/W}{G/P}{U/B}{R/P}{3}"
    pipe = Pipe()
    pipe.call("ping")  # started
    ping_ms, cancel_ms, partial = [], [], 0
    for i in range(rounds):
        rid = 1000 + i
        pipe.proc.stdin.write(json.dumps({"jsonrpc": "2.0", "id": rid, "method": "pay", "params": {
            "board": board, "cost": cost, "mode": "count", "time_limit": 60}}).encode() + b"\n")
        time.sleep(1.0)  # the count under way
        pong, seconds = pipe.timed("ping")
        assert pong["result"]["running"] == rid, pong
        ping_ms.append(1000 * seconds)
        t = time.perf_counter()
        ack = pipe.call("cancel", id=rid)
        answer = json.loads(pipe.proc.stdout.readline())
        cancel_ms.append(1000 * (time.perf_counter() - t))
        partial += ack["result"]["state"] == "running" and answer["id"] == rid and \
            answer["result"].get("cancelled") is True and "count_at_least" in answer["result"]
    pipe.close()
    return {"rounds": rounds, "ping_ms": ping_ms, "cancel_ms": cancel_ms, "partial": partial}


def interrupt_rows(stops: dict) -> list[tuple[str, str, str, bool]]:
    """(target, wanted, measured, met) of the interrupt targets (issue 30)."""
    worst_ping, worst_cancel = max(stops["ping_ms"]), max(stops["cancel_ms"])
    return [("ping answered while an exact count runs (worst of %d)" % stops["rounds"], "< %.0f ms" % PING_MS,
             "%.1f ms (median %.1f)" % (worst_ping, statistics.median(stops["ping_ms"])), worst_ping < PING_MS),
            ("cancel: the count answers its partial count (worst of %d)" % stops["rounds"], "< %.0f ms" % CANCEL_MS,
             "%.1f ms (median %.1f)" % (worst_cancel, statistics.median(stops["cancel_ms"])), worst_cancel < CANCEL_MS),
            ("every cancelled count answered count_at_least with \"cancelled\": true", "all",
             "%d/%d" % (stops["partial"], stops["rounds"]), stops["partial"] == stops["rounds"])]


def interrupts_report(stops: dict) -> str:
    lines = ["# manasolve serve: ping and cancel while a question runs", "",
             "A fresh `manasolve serve`; each round writes an exact count that would run for minutes (60 mixed "
             "sources, `{W/U}{B/G}{2/W}{G/P}{U/B}{R/P}{3}`, `time_limit` 60), waits 1 s, then times `ping` (write to "
             "read) and `cancel` of the count (write to the count's answer, read after the cancel's own answer). "
             "2 cores shared with other work. `python -m benchmarks.serve --interrupts` writes this file.", "",
             "| target | wanted | measured | met |", "|---|---|---|---|"]
    lines += ["| %s | %s | %s | %s |" % (t, w, m, "yes" if ok else "**NO**") for t, w, m, ok in interrupt_rows(stops)]
    lines += ["", "ping ms: " + ", ".join("%.1f" % v for v in stops["ping_ms"]),
              "", "cancel ms: " + ", ".join("%.1f" % v for v in stops["cancel_ms"]), ""]
    return "\n".join(lines)


def interrupts_plot(stops: dict):
    def draw(path: Path) -> None:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(6, 3.5))
        rounds = range(1, stops["rounds"] + 1)
        ax.plot(rounds, stops["ping_ms"], "o-", label="ping, write to read")
        ax.plot(rounds, stops["cancel_ms"], "s-", label="cancel, write to the count's answer")
        ax.axhline(PING_MS, color="C0", linestyle=":", linewidth=0.8, label="ping target")
        ax.axhline(CANCEL_MS, color="C1", linestyle=":", linewidth=0.8, label="cancel target")
        ax.set_xlabel("round")
        ax.set_ylabel("ms")
        ax.set_title("while an exact count runs")
        ax.legend(fontsize=8, loc="center left", bbox_to_anchor=(1, 0.5))
        fig.tight_layout()
        fig.savefig(path, dpi=100)
    return draw


def targets(rows: list[Row], robust: dict) -> list[tuple[str, str, str, bool]]:
    """(target, wanted, measured, met) for each target of issue 14."""
    out = []
    for kind, wanted in TARGET.items():
        rounds = [r for r in rows if r.kind == kind and r.size == 20]
        slowest = min(rounds, key=lambda r: r.served.per_second)
        out.append(("%s questions/s through the pipe, 20 permanents (slowest of %d round%s)" % (
            kind, len(rounds), "s" if len(rounds) > 1 else ""), "≥ %.0f" % wanted,
            "%.0f (p50 %.2f ms, p99 %.2f ms)" % (slowest.served.per_second, slowest.served.p50_ms, slowest.served.p99_ms),
            slowest.served.per_second >= wanted))
    flowing = [r for r in rows if r.kind == "payable, pipelined"]
    if flowing:
        out.append(("payable questions/s through the pipe, 20 permanents, pipelined (requests written ahead)",
                    "≥ %.0f" % TARGET["payable"], "%.0f" % flowing[0].served.per_second,
                    flowing[0].served.per_second >= TARGET["payable"]))
    questions = sum(r.questions for r in rows)
    agree = sum(r.agree for r in rows)
    out.append(("the same answers as the Python API, every request of the benchmark", "all",
                "%d/%d questions and turns" % (agree, questions), agree == questions))
    out.append(("malformed lines answered with an error (their JSON-RPC code)", "all",
                "%d/%d" % (robust["errors_for_malformed"], robust["malformed"]), robust["errors_for_malformed"] == robust["malformed"]))
    out.append(("good lines answered (as the API answers)", "all", "%d/%d" % (robust["good_right"], robust["good"]),
                robust["good_right"] == robust["good"] and robust["answered"] == robust["lines"]))
    out.append(("the process alive at the end, exit status 0", "yes", "yes" if robust["alive"] else "NO", robust["alive"]))
    start, end = robust["rss_mb"][0], robust["rss_mb"][-1]
    out.append(("memory flat over the %d lines (RSS start → end)" % robust["lines"], "within %.0f MB" % RSS_FLAT_MB,
                "%.1f → %.1f MB (%+.1f)" % (start, end, end - start), end - start <= RSS_FLAT_MB))
    return out


def report(rows: list[Row], robust: dict, quick: bool, before: str | None) -> str:
    keys = set().union(*(r.keys for r in rows if r.kind == "payable"))
    lines = ["# manasolve serve: questions through the pipe", "",
             "One `manasolve serve` process; boards held as sessions (5 random boards per size and round: basics, duals, "
             "Signets, Sol Ring, mana creatures, painlands), random costs of 1-5 symbols, one request in flight. "
             "Baselines in the same run, taking turns with the served questions: the Python API in-process on the same "
             "boards%s, and one `python -m manasolve pay --json` process per question (for payable its default "
             "question, the count; start-up dominates). Machine: 2 cores shared with other work%s. "
             "`python -m benchmarks.serve%s` writes this file." % (
                 ", a server of the code of commit `%s` (before)" % before if before else "",
                 " (--quick)" if quick else "", " --before %s" % before if before else ""), "",
             "## Targets (issue 14)", "",
             "| target | wanted | measured | met |", "|---|---|---|---|"]
    lines += ["| %s | %s | %s | %s |" % (t, w, m, "yes" if ok else "**NO**") for t, w, m, ok in targets(rows, robust)]
    lines += ["", "## Questions", "",
              "`payable` questions are `pay` with `mode=\"payable\"` (answer keys: %s); `best` questions "
              "`mode=\"best\"` (without `why`, the API's default: no runner-up is solved); a `loop` is one turn of an "
              "engine on a session: `pay` best, `board.apply` of its payment, `pay` payable of the same cost, "
              "`board.undo` (4 requests; the in-process side does the same on a `PlayBoard`). Rates are per "
              "question (per turn for the loop): n over the summed write-to-read latencies; `payable, pipelined`: "
              "all n requests written ahead by a thread while the answers are read, n over the whole run (the "
              "server's throughput without a round trip per question; no latency shown, it is queueing)." % ", ".join(sorted(keys)), "",
              "| question | permanents | n | served /s | p50 ms | p99 ms | API in-process /s | served / in-process "
              + ("| before /s | before p50 ms | before p99 ms | after / before " if before else "")
              + "| process per question /s | served / process | same answers |",
              "|---|---|---|---|---|---|---|---|" + ("---|---|---|---|" if before else "") + "---|---|---|"]
    for r in rows:
        proc = "%.2f" % r.process_per_second if r.process_per_second else "—"
        ratio = "%.0f×" % (r.served.per_second / r.process_per_second) if r.process_per_second else "—"
        cells = [r.kind, "%d" % r.size, "%d" % r.questions, "%.0f" % r.served.per_second, _ms(r.served.p50_ms),
                 _ms(r.served.p99_ms), "%.0f" % r.api_per_second, "%.2f" % (r.served.per_second / r.api_per_second)]
        if before:
            cells += ["%.0f" % r.before.per_second, _ms(r.before.p50_ms), _ms(r.before.p99_ms),
                      "%.2f" % (r.served.per_second / r.before.per_second)] if r.before else ["—"] * 4
        cells += [proc, ratio, "%d/%d" % (r.agree, r.questions)]
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", "## %d lines, 5%% malformed" % robust["lines"], "",
              "| lines | answered | malformed | answered with the right error code | good requests | answered as the API "
              "| alive at the end | RSS MB at start, after each quarter | seconds |",
              "|---|---|---|---|---|---|---|---|---|",
              "| %d | %d | %d | %d | %d | %d | %s | %s | %.1f |" % (
                  robust["lines"], robust["answered"], robust["malformed"], robust["errors_for_malformed"], robust["good"],
                  robust["good_right"], "yes" if robust["alive"] else "NO",
                  " → ".join("%.1f" % r for r in robust["rss_mb"]), robust["seconds"]), "",
              "(a patch/undo pair counts as two lines and one good request)", ""]
    return "\n".join(lines)


def _ms(value: float) -> str:
    return "—" if value != value else "%.2f" % value  # NaN: not measured (pipelined)


def plot(rows: list[Row]):
    def draw(path: Path) -> None:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, axes = plt.subplots(1, 2, figsize=(11, 4))
        for ax, kind in zip(axes, ("payable", "best")):
            rs = sorted((r for r in rows if r.kind == kind), key=lambda r: r.size)
            sizes = [r.size for r in rs]
            ax.plot(sizes, [r.served.per_second for r in rs], "o-", label="served (pipe)")
            if any(r.before for r in rs):
                ax.plot(sizes, [r.before.per_second for r in rs], "x-", label="served, before")
            ax.plot(sizes, [r.api_per_second for r in rs], "s--", label="Python API in-process")
            ax.plot([r.size for r in rs if r.process_per_second], [r.process_per_second for r in rs if r.process_per_second],
                    "^:", label="one process per question")
            flowing = [r for r in rows if r.kind == kind + ", pipelined"]
            if flowing:
                ax.plot([r.size for r in flowing], [r.served.per_second for r in flowing], "D", label="served, pipelined")
            ax.axhline(TARGET[kind], color="grey", linewidth=0.8, label="target (20 permanents)")
            ax.set_yscale("log")
            ax.set_xlabel("permanents on the board")
            ax.set_ylabel("questions / s")
            ax.set_title(kind)
            ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(path, dpi=100)
    return draw


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer questions (a smoke run)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of payable questions on 20 permanents")
    parser.add_argument("--before", metavar="REV", default=BEFORE,
                        help="also serve the code of this commit, in turn (default %s, the last one before the server's "
                        "speed-up work; none: no before side)" % BEFORE)
    parser.add_argument("--interrupts", action="store_true", help="only ping and cancel while a count runs "
                        "(writes serve_interrupts.md)")
    args = parser.parse_args()
    args.before = None if args.before == "none" else args.before
    if args.interrupts:
        stops = interrupts(3 if args.quick else 10)
        text = interrupts_report(stops)
        print(text)
        print(write_results("serve_interrupts", text, interrupts_plot(stops)))
        return
    rng = random.Random(14)
    counts = {"payable": 100 if args.quick else 1000, "best": 20 if args.quick else 100, "loop": 20 if args.quick else 100}
    processes = 3 if args.quick else 10
    with tempfile.TemporaryDirectory() as tmp:
        servers = Servers(export(args.before, Path(tmp)) if args.before else None)
        rows = []
        for kind in ("payable", "best"):
            for size in SIZES:
                for round_ in range(args.rounds if kind == "payable" and size == 20 else 1):
                    rows.append(measure(servers, kind, size, counts[kind], rng, processes if round_ == 0 else 0))
                    print(rows[-1], flush=True)
        rows.append(pipelined(servers, counts["payable"], rng))
        print(rows[-1], flush=True)
        rows.append(session_loop(servers, counts["loop"], rng))
        print(rows[-1], flush=True)
        if servers.before:
            servers.before.close()
        robust = robustness(servers.after, 1000 if args.quick else 10000, rng)
    print(robust, flush=True)
    status = servers.after.close()
    robust["alive"] = robust["alive"] and status == 0
    text = report(rows, robust, args.quick, args.before) + "\n" + interrupts_report(
        interrupts(3 if args.quick else 10)).replace("# manasolve serve:", "##", 1)
    print(text)
    print(write_results("serve", text, plot(rows)))


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
