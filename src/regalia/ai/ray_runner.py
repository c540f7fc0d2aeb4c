"""Independent jobs (arena games, self-play shards) as Ray tasks, on one machine or a cluster.

    for result in ray_map(play_game, jobs, address="local"):
        ...

`address`:
- `"local"` (or `""`): start a Ray instance on this machine for the run, stopped after it;
- `"auto"`: join the cluster this machine belongs to (`ray start --head` ran here);
- `"HOST:PORT"`: join the cluster whose head listens there (`ray start --head` prints it;
  6379 by default).

If Ray is already initialised in this process (a notebook, a test), its instance is used as
it is and left running. Every node must have the same `regalia` installed: a task is the
function's module and name plus its job, pickled.

Results come back as tasks finish (any order); the caller sorts them by index, so a run's
results are the same however many nodes took part. `ray` is an optional dependency (the
`scale` extra); without it a clear error says so.
"""

from __future__ import annotations

import re
import socket
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from regalia.core.errors import BadNotation

J = TypeVar("J")
R = TypeVar("R")


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise BadNotation(
            "--ray needs Ray: pip install 'regalia[scale]' (or pip install ray)"
        ) from None
    return ray


# A head's address as `--ray` takes it: HOST:PORT, or Ray Client's ray://HOST:PORT.
_HEAD = re.compile(r"^(?:ray://)?(\[[^\]]+\]|[^:/\s]+):(\d{1,5})$")
REACH_SECONDS = 5.0  # Ray itself retries an unreachable head for minutes


def check_reachable(where: str) -> None:
    """BadNotation at once when nothing listens at a HOST:PORT address."""
    found = _HEAD.match(where)
    if found is None:
        return  # not a host and port (Ray reads it, and says what is wrong)
    host, port = found.group(1).strip("[]"), int(found.group(2))
    try:
        with socket.create_connection((host, port), timeout=REACH_SECONDS):
            pass
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise BadNotation(f"--ray {where}: cannot reach Ray: {reason}") from None


def connect(address: str) -> bool:
    """Initialise Ray for `address` (see the module); True if this call started it (and the
    caller should shut it down)."""
    ray = _ray()
    if ray.is_initialized():
        return False
    where = address.strip()
    kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
    try:
        if where in ("", "local"):
            ray.init(**kwargs)
        else:
            check_reachable(where)
            ray.init(address=where, **kwargs)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise BadNotation(f"--ray {where or 'local'}: cannot reach Ray: {first}") from None
    return True


def ray_map(
    fn: Callable[[J], R],
    jobs: Sequence[J],
    address: str = "local",
    stop: Callable[[R], bool] | None = None,
) -> Iterator[R]:
    """`fn(job)` for every job as a Ray task, yielded as each finishes. Once `stop(result)`
    is true the tasks not yet finished are cancelled and nothing more is yielded."""
    ray = _ray()
    started = connect(address)
    try:
        task = ray.remote(num_cpus=1, max_retries=0)(fn)
        pending = [task.remote(job) for job in jobs]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            result: R = ray.get(done[0])
            yield result
            if stop is not None and stop(result):
                for ref in pending:
                    ray.cancel(ref, force=True)
                return
    finally:
        if started:
            ray.shutdown()
