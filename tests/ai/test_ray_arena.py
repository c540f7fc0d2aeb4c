"""The arena's games as Ray tasks on a small local Ray instance play the same games as the
local process runner: same seeds, same seats, same records, same tallies."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

ray = pytest.importorskip("ray")

from regalia.ai.arena import MatchSpec, run_match  # noqa: E402
from regalia.ai.ray_runner import check_reachable, ray_map  # noqa: E402
from regalia.ai.sprt import Sprt  # noqa: E402
from regalia.core.errors import BadNotation  # noqa: E402


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        object_store_memory=80 * 1024 * 1024,
        log_to_driver=False,
    )
    try:
        yield
    finally:
        ray.shutdown()


def test_ray_games_equal_the_process_runners_game_by_game(local_ray: None, tmp_path: Path) -> None:
    spec = MatchSpec("regicida", ("greedy", "random"), 6, seed=3, players=3)
    local = run_match(spec, jobs=2)
    seen: list[int] = []
    remote = run_match(spec, on_game=lambda r: seen.append(r.index), ray="auto")
    assert sorted(seen) == list(range(6))
    assert remote.reports == local.reports  # seeds, seats, outcomes, plies, record keys
    assert {k: t.to_json() for k, t in remote.tallies.items()} == {
        k: t.to_json() for k, t in local.tallies.items()
    }
    saved = run_match(
        MatchSpec("regulator", ("greedy", "random"), 2, seed=1, save_dir=str(tmp_path)),
        ray="auto",
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "index.json", "regulator-0001.txt", "regulator-0002.txt",
    ]  # fmt: skip
    assert (
        saved.reports == run_match(MatchSpec("regulator", ("greedy", "random"), 2, seed=1)).reports
    )


def test_an_sprt_match_stops_at_the_same_pair_on_ray(local_ray: None) -> None:
    sprt = Sprt(elo0=0, elo1=400, alpha=0.2, beta=0.2)
    spec = MatchSpec("regulator", ("greedy", "random"), 12, seed=2, sprt=sprt)
    local = run_match(spec)
    remote = run_match(spec, ray="auto")
    assert remote.reports == local.reports
    assert remote.sprt == local.sprt


def _square(x: int) -> int:
    return x * x


def test_ray_map_yields_every_result_and_stops_when_asked(local_ray: None) -> None:
    assert sorted(ray_map(_square, [1, 2, 3, 4])) == [1, 4, 9, 16]
    got = list(ray_map(_square, [5], stop=lambda r: r == 25))
    assert got == [25]


def test_a_head_where_nothing_listens_is_one_error_not_minutes_of_retries() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # closed again: nothing listens there
    for where in (f"127.0.0.1:{port}", f"ray://127.0.0.1:{port}"):
        with pytest.raises(BadNotation, match=rf"--ray {where}: cannot reach Ray"):
            check_reachable(where)
    check_reachable("auto")  # not a host and port: left to Ray
