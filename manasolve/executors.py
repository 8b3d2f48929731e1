"""Where many independent tasks run: in this process, or on Ray (local cores or a cluster).

Both take a worker factory (a top-level function and its picklable arguments, called once
per worker to build the state its tasks share: a card database, a memo, a server) and a
list of tasks, and give the tasks' results in task order.  A task's result never depends
on which worker ran it, so the answer is the same for any number of workers.

Ray is imported only here, only when a Ray executor runs: ``pip install "manasolve[ray]"``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

from manasolve.models.errors import ParameterError

Factory = Callable[..., Callable[[Any], Any]]


class InProcess:
    """Runs every task in this process, one after the other."""

    workers = 1

    def map(self, factory: Factory, args: tuple, tasks: list) -> Iterator:
        """The results of `tasks`, in order, from one worker built by factory(*args)."""
        work = factory(*args)
        for task in tasks:
            yield work(task)


class _Worker:
    """A Ray actor holding one worker's state."""

    def __init__(self, factory: Factory, args: tuple):
        self.work = factory(*args)

    def run(self, task: Any) -> Any:
        return self.work(task)


class RayExecutor:
    """Runs tasks on Ray actors: started in this process on `workers` local cores, or on
    the cluster at `address` (its workers must have manasolve installed)."""

    def __init__(self, workers: int | None = None, address: str | None = None):
        try:
            import ray
        except ImportError:
            raise ParameterError("workers" if address is None else "address",
                                 "Ray is not installed: pip install \"manasolve[ray]\" (or --workers 1 runs in "
                                 "this process)") from None
        self.ray = ray
        if not ray.is_initialized():
            if address is None:
                ray.init(num_cpus=workers or os.cpu_count(), include_dashboard=False, log_to_driver=False,
                         configure_logging=False, object_store_memory=80 * 1024 * 1024,
                         runtime_env={"env_vars": {"PYTHONPATH": os.pathsep.join(
                             p for p in (_source_root(), os.environ.get("PYTHONPATH")) if p)}})
            else:
                ray.init(address=address, log_to_driver=False, configure_logging=False)
        self.workers = workers or int(ray.cluster_resources().get("CPU", 1))

    def map(self, factory: Factory, args: tuple, tasks: list) -> Iterator:
        """The results of `tasks`, in order, from `workers` actors built by factory(*args)."""
        from ray.util import ActorPool

        actor = self.ray.remote(num_cpus=1)(_Worker)
        pool = ActorPool([actor.remote(factory, args) for _ in range(min(self.workers, max(1, len(tasks))))])
        yield from pool.map(lambda a, task: a.run.remote(task), tasks)

    def close(self) -> None:
        """Stop the Ray runtime this executor started."""
        self.ray.shutdown()


def _source_root() -> str:
    """The folder holding the manasolve package (for Ray's worker processes' import path)."""
    return os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # this module is manasolve/executors.py


def executor(workers: int | None, address: str | None, tasks: int, ray_from: int) -> InProcess | RayExecutor:
    """Where `tasks` tasks run: Ray when a worker count above one or an `address` is asked
    for; with neither, Ray on the local cores only for a run of at least `ray_from` tasks
    (Ray's start-up, 6-13 s here, costs more than a smaller run) when Ray is installed;
    in this process otherwise."""
    if address is None and (workers == 1 or tasks <= 1):
        return InProcess()
    if address is None and workers is None:
        if tasks < ray_from:
            return InProcess()
        try:
            import ray  # noqa: F401
        except ImportError:
            return InProcess()
    return RayExecutor(workers, address)
