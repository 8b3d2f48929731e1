"""Where many independent tasks run: in this process, on a pool of processes forked from
it, or on Ray (local cores or a cluster).

Each takes a worker factory (a top-level function and its picklable arguments, called once
per worker to build the state its tasks share: a card database, a memo, a server) and a
list of tasks, and gives the tasks' results in task order.  A task's result never depends
on which worker ran it, so the answer is the same for any number of workers.

The choice is one function, `where` (``manasolve batch`` uses it through `executor`;
``castability`` can ask it the same question with its own measure of the work left):
Ray when ``--workers K`` (K > 1) or ``--address`` asks for it, this process for
``--workers 1``, and otherwise the faster on this machine for the work measured in this
process: a forked pool when the work left would take longer than `POOL_FROM_SECONDS` here
and two or more cores are usable (fork costs milliseconds, so on one machine it beats Ray,
whose start-up takes `RAY_START_SECONDS`), Ray only where fork is not available and the
work left repays that start-up on the cores there are, else this process.

Ray is imported only here, only when a Ray executor runs: ``pip install "manasolve[ray]"``.
Its own notices (start-up, token authentication, workers' output) are kept off the
terminal unless ``MANASOLVE_RAY_LOGS=1``.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from manasolve.models.errors import ParameterError

Factory = Callable[..., Callable[[Any], Any]]

PILOT_SECONDS = 0.5  # tasks run here this long (or all of them) before the work left is judged
POOL_FROM_SECONDS = 2.0  # a forked pool when the work left would take longer than this here
RAY_START_SECONDS = 10.0  # Ray's start-up on this 2-core machine (9-10 s, benchmarks/results/batch.md)
RAY_LOGS = "MANASOLVE_RAY_LOGS"  # set to 1: Ray's own notices and its workers' output shown


def usable_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def can_fork() -> bool:
    """Whether processes can be forked here (not on Windows)."""
    import multiprocessing  # keeps start-up light

    return "fork" in multiprocessing.get_all_start_methods()


def where(workers: int | None, address: str | None, seconds_left: float | None = None,
          cores: int | None = None) -> str:
    """Where the tasks not done yet run fastest: ``"ray"`` when a worker count above one or
    an `address` (a cluster) is asked for, ``"in_process"`` for one worker; with neither,
    by `seconds_left`, what they would take in this process as measured on the tasks done
    here (None: not measured yet, so here), on `cores` (default: the usable cores):
    ``"process_pool"`` (forked from this process) when that is more than
    `POOL_FROM_SECONDS` and there are two or more cores, ``"ray"`` instead where fork is
    not available, Ray is installed and its start-up is repaid (`seconds_left` more than
    `RAY_START_SECONDS` x cores / (cores - 1)), else ``"in_process"``."""
    if address is not None or (workers or 1) > 1:
        return "ray"
    cores = usable_cores() if cores is None else cores
    if workers == 1 or seconds_left is None or cores < 2:
        return "in_process"
    if can_fork():
        return "process_pool" if seconds_left > POOL_FROM_SECONDS else "in_process"
    if seconds_left > RAY_START_SECONDS * cores / (cores - 1) and ray_installed():
        return "ray"
    return "in_process"


def ray_installed() -> bool:
    """Whether Ray can be imported (it is not imported to tell)."""
    import importlib.util  # keeps start-up light

    return importlib.util.find_spec("ray") is not None


class InProcess:
    """Runs every task in this process, one after the other."""

    kind = "in_process"
    workers = 1

    def map(self, factory: Factory, args: tuple, tasks: list) -> Iterator:
        """The results of `tasks`, in order, from one worker built by factory(*args)."""
        work = factory(*args)
        for task in tasks:
            yield work(task)


class Measured:
    """Runs tasks in this process and, once those done here (`PILOT_SECONDS` of work, or
    all of them) show what the rest would take, runs the rest where `where` says: on a
    pool forked from this process (its processes inherit this one's worker, so they start
    warm, and take the next task no one has taken), or on Ray.  `kind` and `workers` say
    where the last tasks ran."""

    def __init__(self) -> None:
        self.kind, self.workers = "in_process", 1

    def map(self, factory: Factory, args: tuple, tasks: list) -> Iterator:
        """The results of `tasks`, in order, from workers built by factory(*args)."""
        work = factory(*args)
        spent, done = 0.0, 0
        while done < len(tasks) and (not done or spent < PILOT_SECONDS):  # at least one task measured
            started = time.monotonic()
            result = work(tasks[done])
            spent += time.monotonic() - started  # the tasks' time only, not the caller's between them
            done += 1
            yield result
        if done == len(tasks):
            return
        chosen = where(None, None, spent / done * (len(tasks) - done))
        if chosen == "process_pool":
            yield from self._pool(work, tasks, done)
        elif chosen == "ray":
            ray = RayExecutor()
            self.kind, self.workers = "ray", ray.workers
            yield from ray.map(factory, args, tasks[done:])
        else:
            yield from (work(task) for task in tasks[done:])

    def _pool(self, work: Callable[[Any], Any], tasks: list, start: int) -> Iterator:
        """The results of tasks[start:], in order, from this process and processes forked
        from it; a task a forked process took and never answered (it died) is answered here."""
        import multiprocessing  # keeps start-up light
        import queue

        context = multiprocessing.get_context("fork")
        taken = context.Value("i", start)  # the first task no one has taken
        results = context.Queue()

        def take() -> int | None:
            with taken.get_lock():
                if taken.value >= len(tasks):
                    return None
                taken.value += 1
                return taken.value - 1

        for stream in (sys.stdout, sys.stderr):  # a forked process flushes what it inherited as it ends
            stream.flush()
        children = [context.Process(target=_pool_worker, args=(work, tasks, take, results), daemon=True)
                    for _ in range(min(usable_cores() - 1, len(tasks) - start))]
        for child in children:
            child.start()
        self.kind, self.workers = "process_pool", 1 + len(children)
        got: dict[int, Any] = {}
        ended = 0

        def receive(wait: float | None) -> bool:  # one message into `got`; False when none came
            nonlocal ended
            try:
                message = results.get(timeout=wait) if wait else results.get_nowait()
            except queue.Empty:
                return False
            if message is None:
                ended += 1
            else:
                got[message[0]] = message[1]
            return True

        following = start
        try:
            while (i := take()) is not None:
                got[i] = work(tasks[i])
                while receive(None):
                    pass
                while following in got:
                    yield got.pop(following)
                    following += 1
            while ended < len(children):
                if not receive(0.2) and not any(child.is_alive() for child in children):
                    while receive(0.05):  # what the last of them sent as it ended
                        pass
                    break
                while following in got:
                    yield got.pop(following)
                    following += 1
            for i in range(following, len(tasks)):
                yield got.pop(i) if i in got else work(tasks[i])
        finally:
            for child in children:
                if child.is_alive():
                    child.terminate()


def _pool_worker(work: Callable[[Any], Any], tasks: list, take: Callable[[], int | None], results) -> None:
    """A forked pool process: answers the tasks it takes, sending (index, result) of each,
    then None; a task that raises is left to the process that forked it (which raises it)."""
    try:
        while (i := take()) is not None:
            results.put((i, work(tasks[i])))
    except BaseException:  # noqa: BLE001 - the task is answered again, and raises, in the forking process
        pass
    finally:
        results.put(None)


class _Worker:
    """A Ray actor holding one worker's state."""

    def __init__(self, factory: Factory, args: tuple):
        self.work = factory(*args)

    def run(self, task: Any) -> Any:
        return self.work(task)


class RayExecutor:
    """Runs tasks on Ray actors: started in this process on `workers` local cores, or on
    the cluster at `address` (its workers must have manasolve installed)."""

    kind = "ray"

    def __init__(self, workers: int | None = None, address: str | None = None):
        try:
            import ray  # keeps start-up light (the [ray] extra)
        except ImportError:
            raise ParameterError("workers" if address is None else "address",
                                 "Ray is not installed: pip install \"manasolve[ray]\" (or --workers 1 runs in "
                                 "this process)") from None
        self.ray = ray
        shown = os.environ.get(RAY_LOGS, "") not in ("", "0")
        if not shown:  # its loggers' notices (the token-authentication one on every start) stay off the terminal
            import logging  # keeps start-up light

            logging.getLogger("ray").setLevel(logging.ERROR)
        if not ray.is_initialized():
            if address is None:
                ray.init(num_cpus=workers or os.cpu_count(), include_dashboard=False, log_to_driver=shown,
                         configure_logging=False, object_store_memory=80 * 1024 * 1024,
                         runtime_env={"env_vars": {"PYTHONPATH": os.pathsep.join(
                             p for p in (_source_root(), os.environ.get("PYTHONPATH")) if p)}})
            else:
                ray.init(address=address, log_to_driver=shown, configure_logging=False)
        self.workers = workers or int(ray.cluster_resources().get("CPU", 1))

    def map(self, factory: Factory, args: tuple, tasks: list) -> Iterator:
        """The results of `tasks`, in order, from `workers` actors built by factory(*args)."""
        from ray.util import ActorPool  # keeps start-up light (the [ray] extra)

        actor = self.ray.remote(num_cpus=1)(_Worker)
        pool = ActorPool([actor.remote(factory, args) for _ in range(min(self.workers, max(1, len(tasks))))])
        yield from pool.map(lambda a, task: a.run.remote(task), tasks)

    def close(self) -> None:
        """Stop the Ray runtime this executor started."""
        self.ray.shutdown()


def _source_root() -> str:
    """The folder holding the manasolve package (for Ray's worker processes' import path)."""
    return os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # this module is manasolve/executors.py


def executor(workers: int | None, address: str | None, tasks: int) -> InProcess | Measured | RayExecutor:
    """The executor for `tasks` tasks as `where` chooses: Ray when `workers` above one or an
    `address` asks for it; this process for one worker or one task; otherwise `Measured`
    (this process first, then what the work measured there calls for)."""
    if where(workers, address) == "ray":
        return RayExecutor(workers, address)
    if workers == 1 or tasks <= 1:
        return InProcess()
    return Measured()
