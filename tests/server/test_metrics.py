"""`GET /metrics`: the token rule, and every series of regalia.metrics moving in a real game.

The series are process-wide (one registry), so each check compares a scrape before and after
what it does: the tests pass in any order and beside any other test of the process.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from starlette.testclient import WebSocketTestSession

import tests.tables.toygame  # noqa: F401  (the toy game, registered by name)
from regalia.metrics import REGISTRY
from regalia.server.app import create_app
from regalia.server.config import HttpLimits, Settings
from regalia.tables.bots import _FairQueue
from tests.server.helpers import create, hello, receive_until

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]
TOKEN = "s3cret-metrics-token"
# Two writes per address, then a refill too slow to matter.
TWO_WRITES = HttpLimits(write_burst=2, write_per_second=0.001)


def app_client(data_dir: Path, **settings: Any) -> TestClient:
    values: dict[str, Any] = {
        "data_dir": data_dir,
        "bot_workers": 1,
        "bot_workers_on_demand": True,
        "bot_seconds": 0.5,
    }
    return TestClient(create_app(Settings(**(values | settings))))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with app_client(tmp_path) as test_client:
        yield test_client


def scrape(client: TestClient, **headers: str) -> Samples:
    reply = client.get("/metrics", headers=headers)
    assert reply.status_code == 200, reply.text
    assert reply.headers["content-type"].startswith("text/plain; version=")
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(reply.text)
        for sample in family.samples
    }


def value(samples: Samples, name: str, **labels: str) -> float:
    """The sum of the samples called `name` whose labels include `labels` (0 if none)."""
    wanted = set(labels.items())
    return sum(v for (n, have), v in samples.items() if n == name and wanted <= have)


def moved(before: Samples, after: Samples, name: str, **labels: str) -> float:
    return value(after, name, **labels) - value(before, name, **labels)


def series_names() -> set[str]:
    return {family.name for family in REGISTRY.collect()}


def my_turn(ws: WebSocketTestSession, after: int = 0) -> dict[str, Any]:
    """The next view from seq `after` on in which this seat must act, or the last one."""
    while True:
        view = receive_until(ws, "view")
        if view["seq"] >= after and (view["legal"] or view["status"] == "finished"):
            return view


def play_a_bot_game(client: TestClient) -> None:
    """A human (over HTTP commands) against a random bot to the end, then a chat flood."""
    made = create(client, "toy", [{"kind": "human"}, {"kind": "bot", "level": "random"}], seed=7)
    table, token = made["table"]["id"], made["tokens"][0]["token"]
    url, headers = f"/api/tables/{table}/commands", {"X-Seat-Token": token}
    with client.websocket_connect(f"/ws/tables/{table}") as ws:  # to hear the bot's moves
        hello(ws, token, "Ann")
        seq = 0
        while (view := my_turn(ws, seq))["status"] != "finished":
            command = {"type": "action", "action": view["legal"][0]["action"], "seq": view["seq"]}
            reply = client.post(url, json=command, headers=headers)
            assert reply.status_code == 200, reply.text
            seq = reply.json()["seq"]  # the views before it are out of date
        # Chat past the per-seat rate: the first refusal ends the flood.
        for number in range(20):
            reply = client.post(url, json={"type": "chat", "text": f"gg {number}"}, headers=headers)
            if reply.status_code == 429:
                break
        assert reply.status_code == 429 and reply.json()["error"]["code"] == "rate_limited"


# The token rule.


def test_metrics_are_open_without_a_token(tmp_path: Path) -> None:
    with app_client(tmp_path) as client:
        assert scrape(client)
        assert scrape(client, Authorization="Bearer anything")  # no token: nothing checked


def test_metrics_with_a_token_need_it_as_a_bearer(tmp_path: Path) -> None:
    with app_client(tmp_path, metrics_token=TOKEN) as client:
        for headers in (
            {},
            {"Authorization": "Bearer wrong"},
            {"Authorization": f"Bearer {TOKEN}x"},
            {"Authorization": f"Basic {TOKEN}"},
            {"Authorization": TOKEN},
            {"Authorization": "Bearer é".encode("latin-1")},
        ):
            reply = client.get("/metrics", headers=headers)
            assert reply.status_code == 401, headers
            assert reply.json()["error"]["code"] == "bad_token"
            assert reply.json()["error"]["message"]
            assert reply.headers["www-authenticate"].startswith("Bearer")
        assert scrape(client, Authorization=f"Bearer {TOKEN}")
        assert scrape(client, Authorization=f"bearer {TOKEN}")  # the scheme in any case


def test_the_token_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REGALIA_METRICS_TOKEN", TOKEN)
    assert Settings.from_env().metrics_token == TOKEN
    monkeypatch.setenv("REGALIA_METRICS_TOKEN", "")
    assert Settings.from_env().metrics_token is None


def test_metrics_stay_out_of_the_openapi_document(client: TestClient) -> None:
    assert "/metrics" not in client.get("/openapi.json").json()["paths"]


# The series.


def test_every_series_is_served_and_parses(client: TestClient) -> None:
    reply = client.get("/metrics")
    families = {family.name for family in text_string_to_metric_families(reply.text)}
    assert series_names() <= families
    assert all(name.startswith("regalia_") for name in series_names())


def test_a_game_moves_the_writer_bot_and_rate_limit_series(client: TestClient) -> None:
    before = scrape(client)
    play_a_bot_game(client)
    after = scrape(client)
    assert moved(before, after, "regalia_writer_batch_size_count") > 0
    assert moved(before, after, "regalia_writer_batch_size_sum") >= moved(
        before, after, "regalia_writer_batch_size_count"
    )
    assert moved(before, after, "regalia_writer_commit_seconds_count") > 0
    assert moved(before, after, "regalia_writer_commit_seconds_sum") > 0
    assert moved(before, after, "regalia_bot_think_seconds_count") > 0
    assert moved(before, after, "regalia_bot_think_seconds_sum") > 0
    assert value(after, "regalia_bot_queue_depth") >= 0
    assert moved(before, after, "regalia_rate_limited_total") >= 1  # the chat flood


def test_the_http_write_limit_counts_its_refusals(tmp_path: Path) -> None:
    with app_client(tmp_path, http=TWO_WRITES) as client:
        before = scrape(client)
        codes = [client.post("/api/tables/none/join", json={"name": "Bo"}).status_code
                 for _ in range(3)]  # fmt: skip
        assert codes == [404, 404, 429]
        after = scrape(client)
    assert moved(before, after, "regalia_rate_limited_total", what="write") == 1
    assert moved(before, after, "regalia_rate_limited_total") == 1


def depth() -> float:
    return REGISTRY.get_sample_value("regalia_bot_queue_depth") or 0.0


def test_the_bot_queue_depth_counts_jobs_waiting_for_a_worker() -> None:
    async def run() -> None:
        start = depth()
        queue = _FairQueue()
        loop = asyncio.get_running_loop()
        waiting = [loop.create_future() for _ in range(3)]
        for number, future in enumerate(waiting):
            queue.push(f"table{number}", future, loop.time())
        assert depth() == start + 3
        waiting[1].cancel()  # its bot task was cancelled while it waited
        handed = queue.pop()
        assert handed is not None
        handed.set_result(object())  # type: ignore[arg-type]
        await asyncio.sleep(0)  # one turn of the loop: the futures' callbacks run
        assert depth() == start + 1
        queue.pop()  # skips the cancelled one, hands out the last
        assert not queue
        waiting[2].cancel()
        await asyncio.sleep(0)
        assert depth() == start

    asyncio.run(run())


def test_a_game_moves_the_table_runtime_series(client: TestClient) -> None:
    before = scrape(client)
    made = create(client, "toy", [{"kind": "human"}, {"kind": "bot", "level": "random"}], seed=8)
    with client.websocket_connect(f"/ws/tables/{made['table']['id']}") as ws:
        hello(ws, made["tokens"][0]["token"], "Ann")
        during = scrape(client)
        assert moved(before, during, "regalia_websocket_connections") >= 1
        assert value(during, "regalia_rounds_loaded") >= 1
    play_a_bot_game(client)
    after = scrape(client)
    assert moved(before, after, "regalia_commands_total", type="action", outcome="ok") > 0
    assert moved(before, after, "regalia_commands_total", type="chat", outcome="rate_limited") > 0
    assert moved(before, after, "regalia_move_latency_seconds_count") > 0
    assert moved(before, after, "regalia_move_latency_seconds_sum") > 0


def test_a_second_server_taking_a_table_over_counts_a_lease_takeover(tmp_path: Path) -> None:
    with app_client(tmp_path) as first:
        made = create(first, "toy", [{"kind": "human"}, {"kind": "bot", "level": "random"}])
        headers = {"X-Seat-Token": made["tokens"][0]["token"]}
        joined = first.post(f"/api/tables/{made['table']['id']}/join", json={"name": "Ann"},
                            headers=headers)  # fmt: skip
        assert joined.json()["table"]["status"] == "playing"  # a table in play has an owner
        before = scrape(first)
        # A lone server takes every table in play when it starts, the first one's too.
        with app_client(tmp_path) as second:
            after = scrape(second)
    assert moved(before, after, "regalia_lease_takeovers_total") >= 1


def test_a_garbage_collection_is_timed_by_its_generation(client: TestClient) -> None:
    before = scrape(client)
    gc.collect()  # the server runs in this process: its collections are this one's
    gc.collect(0)
    after = scrape(client)
    assert moved(before, after, "regalia_gc_pause_seconds_count", generation="2") >= 1
    assert moved(before, after, "regalia_gc_pause_seconds_count", generation="0") >= 1
    assert moved(before, after, "regalia_gc_pause_seconds_sum", generation="2") > 0
