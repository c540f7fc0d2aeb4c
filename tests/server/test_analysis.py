"""The analysis API: both chess games from a record (a replay) and from a typed position,
a whole game ply by ply with its mistakes, clear errors, and the per-address limits."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from regalia.core.registry import get_game
from regalia.games.regicide.text import START_TEXT
from regalia.server.app import create_app
from regalia.server.config import Settings

REGULATOR_RECORD = '[Game "regulator"]\n\n1. c3 e5 2. Nc2 d5 *'
# Black to move; White's queenless side: Black's knight can take the bishop on d4 for free.
REGULATOR_FEN = "2k2/5/5/3b1/5/2N2/2K2 w 1 0 1"


def regicide_record() -> str:
    game = get_game("regicide")
    state = game.new(3)
    for text in ["YP-d4", "GP-e4", "RP-l10", "BP-d11"]:
        state = state.apply(state.turn, state.parse(state.turn, text))
    return state.to_record()


def post(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/analysis", json={"seconds": 0.2, **body})
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def test_the_chess_games_can_be_analysed_and_regicida_cannot(client: TestClient) -> None:
    listed = client.get("/api/analysis").json()
    assert {g["game"] for g in listed["games"]} >= {"regulator", "regicide"}
    assert "regicida" not in {g["game"] for g in listed["games"]}
    assert listed["max_seconds"] == 0.5  # the bots' time cap
    response = client.post("/api/analysis", json={"game": "regicida"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "no_analysis" and "Regicida" in error["message"]
    response = client.post("/api/analysis", json={"game": "chess"})
    assert response.status_code == 404 and response.json()["error"]["code"] == "unknown_game"


def test_regulator_from_a_record_at_a_ply_and_from_a_typed_position(client: TestClient) -> None:
    answer = post(client, game="regulator", record=REGULATOR_RECORD, ply=2)
    assert answer["ply"] == 2 and answer["plies"] == 4
    assert answer["to_act"] == [0] and answer["depth"] >= 1
    assert answer["best_line"] and all(isinstance(m, str) for m in answer["best_line"])
    assert set(answer["evaluation"]) == {"cp", "mate"}
    assert answer["view"]["fen"].split()[1] == "w"
    assert any(m["text"] == "Nc2" for m in answer["legal"])
    # A free bishop: the engine takes it, and White is clearly better.
    answer = post(client, game="regulator", position=REGULATOR_FEN)
    assert answer["best_line"][0] == "Nxd4"
    assert answer["evaluation"]["mate"] is not None or answer["evaluation"]["cp"] > 150
    assert answer["score"] > 150  # from White's side
    # Moves explored from there: Black to move after Nxd4, evaluation from Black's side.
    answer = post(client, game="regulator", position=REGULATOR_FEN, moves=["Nxd4"])
    assert answer["to_act"] == [1] and answer["score"] > 150
    assert answer["evaluation"]["mate"] is not None or answer["evaluation"]["cp"] < -150


def test_regicide_from_a_record_and_from_a_typed_position(client: TestClient) -> None:
    record = regicide_record()
    answer = post(client, game="regicide", record=record)
    assert answer["ply"] == 4 and answer["to_act"] == [0]
    assert answer["best_line"][0].startswith("Y")
    assert answer["view"]["position"].split()[1] == "Y"
    answer = post(client, game="regicide", record=record, ply=1)
    assert answer["to_act"] == [1] and answer["best_line"][0].startswith("G")
    answer = post(client, game="regicide", position=START_TEXT, moves=["YP-d4"])
    assert answer["to_act"] == [1] and answer["depth"] >= 1


def test_errors_say_what_is_wrong(client: TestClient) -> None:
    bad = client.post("/api/analysis", json={"game": "regulator", "record": "1. Kc5 *"})
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "bad_record"
    bad = client.post("/api/analysis", json={"game": "regulator", "position": "nonsense"})
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "bad_notation"
    bad = client.post(
        "/api/analysis", json={"game": "regulator", "record": REGULATOR_RECORD, "ply": 9}
    )
    assert bad.status_code == 422 and "0..4" in bad.json()["error"]["message"]
    bad = client.post(
        "/api/analysis", json={"game": "regulator", "position": REGULATOR_FEN, "moves": ["Kc9"]}
    )
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "illegal"
    bad = client.post("/api/analysis", json={"game": "regulator", "moves": ["e4"] * 500})
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "invalid"


def test_a_whole_game_ply_by_ply_with_its_mistakes(client: TestClient) -> None:
    # White gives a knight away on move 3 (Na3?? … no: the bishop walks into a pawn).
    record = '[Game "regulator"]\n\n1. c3 e5 2. Nc2 d5 3. Nd4 exd4 *'
    lines = []
    with client.stream(
        "POST", "/api/analysis/game", json={"game": "regulator", "record": record, "seconds": 0.2}
    ) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("application/x-ndjson")
        for line in response.iter_lines():
            if line:
                lines.append(json.loads(line))
    head, *plies, end = lines
    assert head["total"] == 6 and head["moves"][4] == "Nd4"
    assert [p["ply"] for p in plies] == list(range(7))
    assert all("score" in p and "best_line" in p for p in plies)
    assert end["done"] is True
    worst = [m for m in end["mistakes"] if m["ply"] == 5]
    assert worst and worst[0]["move"] == "Nd4" and worst[0]["seat"] == 0


def test_analyses_are_limited_per_address(client: TestClient, monkeypatch: Any) -> None:
    monkeypatch.setenv("REGALIA_ANALYSIS_BURST", "2")
    monkeypatch.setenv("REGALIA_ANALYSIS_PER_SECOND", "0.01")
    client.app.state.analysis = None  # type: ignore[attr-defined]
    for _ in range(2):
        post(client, game="regulator", position=REGULATOR_FEN)
    refused = client.post("/api/analysis", json={"game": "regulator", "seconds": 0.1})
    assert refused.status_code == 429 and refused.json()["error"]["code"] == "rate_limited"
    assert "Retry-After" in refused.headers


def test_an_analysis_never_takes_longer_than_the_bots_cap(tmp_path: Path) -> None:
    # Workers started with the server, as in production: the time is the analysis's alone.
    settings = Settings(data_dir=tmp_path, bot_workers=1, bot_seconds=0.5)
    with TestClient(create_app(settings)) as client:
        started = time.monotonic()
        answer = post(client, game="regicide", position=START_TEXT, seconds=30)
        assert answer["seconds_asked"] == 0.5
        assert time.monotonic() - started < 0.5 + 2.0


def test_analyses_leave_a_worker_to_the_tables_bots() -> None:
    """With two workers, three analyses at once run one at a time on one worker: a bot's
    move is not queued behind them."""
    import asyncio

    from regalia.core.registry import game_ref
    from regalia.tables.bots import AnalysisJob, BotJob, BotPool

    async def run() -> tuple[float, int]:
        pool = BotPool(2)
        await pool.start()
        most = 0

        async def watch() -> None:
            nonlocal most
            while True:
                most = max(most, pool._analysing)
                await asyncio.sleep(0.005)

        watcher = asyncio.create_task(watch())
        try:
            assert pool.analysis_slots == 1
            ref = game_ref(get_game("regulator"))
            jobs = [AnalysisJob(ref, None, REGULATOR_FEN, (), None, 1.0, seed=n) for n in range(3)]
            analyses = [asyncio.create_task(pool.analyse(job, "analysis:x", 1.0)) for job in jobs]
            await asyncio.sleep(0.2)
            started = time.monotonic()
            move, _ = await pool.choose(BotJob(ref, 1, 2, (), (), 0, "random", 1, 1.0), "table")
            bot_took = time.monotonic() - started
            answers = await asyncio.gather(*analyses)
            assert move and all(answer for answer, _ in answers)
            return bot_took, most
        finally:
            watcher.cancel()
            await pool.close()

    bot_took, most = asyncio.run(run())
    assert bot_took < 0.5  # the bot's move did not wait for an analysis to end
    assert most == 1  # never more analyses at once than leaves a worker free
