"""A server killed (SIGKILL) mid-tournament: the next one goes on from the database, loses
no game and pairs no round twice."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.test_crash import start


def view_of(base: str, tid: str) -> dict[str, Any]:
    answer: dict[str, Any] = httpx.get(f"{base}/api/tournaments/{tid}", timeout=30).json()
    return answer


def wait_for(base: str, tid: str, done: Any, seconds: float = 120.0) -> dict[str, Any]:
    end = time.monotonic() + seconds
    while True:
        view = view_of(base, tid)
        if done(view):
            return view
        assert time.monotonic() < end, f"stuck: {view['status']} round {view['round']}"
        time.sleep(0.1)


@pytest.mark.slow
@pytest.mark.parametrize("when", ["mid-round", "between rounds"])
def test_a_killed_director_loses_nothing_and_pairs_no_round_twice(
    tmp_path: Path, when: str
) -> None:
    server, base = start(tmp_path)
    bots = [{"kind": "bot", "level": "random"}] * 6
    try:
        made = httpx.post(f"{base}/api/tournaments", json={
            "game": "regulator", "format": "swiss", "rounds": 4, "entrants": bots,
            "starts_at": "2000-01-01T00:00:00Z"}).json()  # fmt: skip
        tid = made["tournament"]["id"]
        if when == "mid-round":  # some tables of round 2 finished, some not

            def due(v: dict[str, Any]) -> bool:
                return v["round"] >= 2 and any(t["result"] is None
                                               for t in v["rounds"][-1]["tables"])  # fmt: skip
        else:

            def due(v: dict[str, Any]) -> bool:
                return bool(v["round"] >= 2)

        before = wait_for(base, tid, due)
    finally:
        os.kill(server.pid, signal.SIGKILL)
        server.wait()
    server, base = start(tmp_path)
    try:
        after = wait_for(base, tid, lambda v: v["status"] == "finished")
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert [r["number"] for r in after["rounds"]] == [1, 2, 3, 4]
    for r in after["rounds"]:
        seated = sorted(p for t in r["tables"] for p in t["seats"])
        assert seated == sorted(e["player"] for e in after["entrants"])  # once each
        assert all(t["result"] is not None for t in r["tables"])
    # What was paired before the kill stands as it was.
    for old, new in zip(before["rounds"], after["rounds"], strict=False):
        assert [t["table"] for t in old["tables"]] == [t["table"] for t in new["tables"]]
        assert [t["seats"] for t in old["tables"]] == [t["seats"] for t in new["tables"]]
        for a, b in zip(old["tables"], new["tables"], strict=True):
            if a["result"] is not None:
                assert a["result"] == b["result"]
    assert sum(row["points"] for row in after["standings"]) == 3.0 * 4


@pytest.mark.slow
def test_a_killed_director_of_a_turn_based_round_robin_makes_no_game_twice(
    tmp_path: Path,
) -> None:
    server, base = start(tmp_path)
    try:
        made = httpx.post(f"{base}/api/tournaments", json={
            "game": "regulator", "format": "round_robin", "clock": {"days_per_move": 1},
            "entrants": [{"kind": "bot", "level": "random"}] * 3,
            "starts_at": "2000-01-01T00:00:00Z"}).json()  # fmt: skip
        before = made["tournament"]
        assert before["round"] == before["rounds_total"] == 3  # every round made at once
    finally:
        os.kill(server.pid, signal.SIGKILL)
        server.wait()
    server, base = start(tmp_path)
    try:
        after = wait_for(base, before["id"], lambda v: v["status"] == "finished")
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert [r["number"] for r in after["rounds"]] == [1, 2, 3]
    for old, new in zip(before["rounds"], after["rounds"], strict=True):
        assert [t["table"] for t in old["tables"]] == [t["table"] for t in new["tables"]]
        assert [t["seats"] for t in old["tables"]] == [t["seats"] for t in new["tables"]]
        assert all(t["result"] is not None for t in new["tables"])
    pairs = [frozenset(t["seats"]) for r in after["rounds"] for t in r["tables"] if not t["bye"]]
    assert len(pairs) == len(set(pairs)) == 3  # each pair of three met once
    assert sum(row["points"] for row in after["standings"]) == 3.0 + 3  # games, byes
