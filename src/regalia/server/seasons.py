"""Seasons over HTTP: a game's season leaderboard, and a player's podiums of past seasons."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from regalia.core.registry import available_games
from regalia.protocol import ErrorCode
from regalia.server.errors import ERRORS
from regalia.tables.errors import TableError
from regalia.tables.events import iso_time
from regalia.tables.requests import game_named
from regalia.tournaments import seasons

router = APIRouter(prefix="/api", responses=ERRORS)
DAY = 86_400.0


def _settings(request: Request) -> tuple[str, int]:
    kind, days = request.app.state.seasons
    return str(kind), int(days)


@router.get("/seasons/{game}")
async def season(
    game: str, request: Request,
    season: Annotated[str | None, Query(max_length=10)] = None,
) -> dict[str, Any]:  # fmt: skip
    """The season's leaderboard (this season, or `season` as named: `2026-12`); players
    active in the last `active_days` only."""
    name = game_named(game).name
    svc = request.app.state.service
    kind, days = _settings(request)
    now = svc.clock.now()
    found = seasons.bounds(now, kind) if season is None else seasons.named(season, kind)
    if found is None:
        raise TableError(ErrorCode.NOT_FOUND, f"no {kind} season {season!r}")
    label, start, end = found
    rows = await svc.db.read(seasons.standings, svc.db.store.engine, name, start, end,
                             now - days * DAY)  # fmt: skip
    return {"game": name, "season": label, "kind": kind, "starts_at": iso_time(start),
            "ends_at": iso_time(end), "active_days": days, "standings": rows}  # fmt: skip


@router.get("/players/{player_id}/podiums")
async def podiums(player_id: str, request: Request) -> list[dict[str, Any]]:
    """The player's places on the podiums of the past seasons (each game, latest first)."""
    svc = request.app.state.service
    kind, _ = _settings(request)
    out = []
    for label, start, end in seasons.previous(svc.clock.now(), kind, seasons.PROFILE_SEASONS):
        for game in available_games():
            rows = await svc.db.read(seasons.standings, svc.db.store.engine, game.name, start,
                                     end, 0.0)  # fmt: skip
            out += [{"game": game.name, "season": label, "rank": r["rank"], "points": r["points"]}
                    for r in rows[:3] if r["player"] == player_id]  # fmt: skip
    return out
