"""`GET /api/players/{player_id}/ratings/history`: a player's rating after each rated game,
per game, for the profile's chart (`regalia.tables.rating_history`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel

from regalia.protocol import ErrorCode
from regalia.server.errors import ERRORS
from regalia.server.players import ratings, read
from regalia.tables.errors import TableError
from regalia.tables.rating_history import rating_history

router = APIRouter(prefix="/api", responses=ERRORS)


class RatingPointOut(BaseModel):
    table: str | None  # None: the rating before the first rated game
    at: str | None  # when the game was rated (ISO text)
    rating: int


class RatingHistoryOut(BaseModel):
    player: str
    games: dict[str, list[RatingPointOut]]


@router.get("/players/{player_id}/ratings/history", response_model=RatingHistoryOut)
async def history(player_id: str, request: Request) -> dict[str, Any]:
    """Per game the player played rated: the rating before the first game, then after each."""
    engine = ratings(request).engine
    found = await read(request, rating_history, engine, player_id[:16])
    if found is None:
        raise TableError(ErrorCode.UNKNOWN_PLAYER, "no such player")
    return found
