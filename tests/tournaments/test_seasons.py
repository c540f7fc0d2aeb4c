"""Seasons: their bounds, a season leaderboard of rated games and tournament podiums that
starts level each season, only active players listed, past podiums on a player's page."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from regalia.tournaments import seasons
from tests.server.conftest import make_client
from tests.tables.fakes import FakeClock
from tests.tournaments.test_director import advance, bots, create, director, finished, wait_for

DAY = 86_400.0


def at(*parts: int) -> float:
    return datetime(*parts, tzinfo=UTC).timestamp()  # type: ignore[misc]


def test_seasons_are_calendar_weeks_months_and_quarters() -> None:
    assert seasons.bounds(at(2026, 12, 31, 23), "monthly") == ("2026-12", at(2026, 12, 1),
                                                               at(2027, 1, 1))  # fmt: skip
    assert seasons.bounds(at(2026, 11, 5), "quarterly") == ("2026-Q4", at(2026, 10, 1),
                                                            at(2027, 1, 1))  # fmt: skip
    assert seasons.bounds(at(2026, 12, 2), "weekly") == ("2026-W49", at(2026, 11, 30),
                                                         at(2026, 12, 7))  # fmt: skip
    for kind in seasons.KINDS:
        name, start, end = seasons.bounds(at(2026, 2, 14), kind)
        assert seasons.named(name, kind) == (name, start, end)
        assert seasons.previous(start, kind, 1)[0][2] == start
    assert seasons.named("2026-13", "monthly") is None
    assert seasons.named("December", "monthly") is None


@pytest.fixture
def timed(tmp_path: Path) -> Iterator[TestClient]:
    clock = FakeClock(start=at(2026, 12, 10))
    with make_client(tmp_path, clock) as client:
        director(client).tick_seconds = 0.1
        yield client


def rated_game(client: TestClient) -> str:
    made = client.post("/api/tables", json={"game": "regulator", "rated": True, "seats": [
        {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "greedy"}]})  # fmt: skip
    assert made.status_code == 201, made.text
    table: str = made.json()["table"]["id"]
    return table


def board(client: TestClient, season: str | None = None) -> dict[str, Any]:
    query = f"?season={season}" if season else ""
    answer: dict[str, Any] = client.get(f"/api/seasons/regulator{query}").json()
    return answer


def test_a_season_counts_rated_games_and_podiums_then_everyone_starts_level(
    timed: TestClient,
) -> None:
    for _ in range(3):
        rated_game(timed)
    end = time.monotonic() + 90
    while sum(row["games"] for row in board(timed)["standings"]) < 6:
        assert time.monotonic() < end, board(timed)
        time.sleep(0.2)
    now = board(timed)
    assert now["season"] == "2026-12" and now["kind"] == "monthly" and now["active_days"] == 30
    assert sum(row["points"] for row in now["standings"]) == 3.0  # a win 1, a draw ½ each
    # A tournament of the game finished this season adds 3, 2, 1 for its podium.
    made = create(timed, game="regulator", format="swiss", rounds=1,
                  starts_at="2000-01-01T00:00:00Z", entrants=bots(2))  # fmt: skip
    podium = wait_for(timed, made["tournament"]["id"], finished)["podium"]
    after = {row["player"]: row["points"] for row in board(timed)["standings"]}
    assert after[podium[0]["player"]] == 3  # unrated tournament games: the podium only
    assert after[podium[1]["player"]] == 2
    # A month on: a new season where everyone starts level; a month and more without a game
    # leaves everyone off the boards, and last season's podium stays on their profile.
    advance(timed, 31 * DAY)
    assert board(timed)["season"] == "2027-01" and board(timed)["standings"] == []
    assert board(timed, "2026-12")["standings"] == []  # nobody active in the last 30 days
    winner = podium[0]["player"]
    places = timed.get(f"/api/players/{winner}/podiums").json()
    assert [(p["game"], p["season"], p["points"]) for p in places] == [("regulator", "2026-12", 3)]
    assert places[0]["rank"] <= 3
    bad = timed.get("/api/seasons/regulator?season=2026-13")
    assert bad.status_code == 404 and bad.json()["error"]["code"] == "not_found"
