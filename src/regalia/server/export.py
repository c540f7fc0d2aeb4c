"""Open game data over HTTP: `GET /api/export/games` (NDJSON, streamed, a page at a time)
and a player's choice not to be named in it (docs/export.md)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict
from sqlalchemy import update
from sqlalchemy.orm import Session

from regalia.protocol import ErrorCode
from regalia.server.errors import ERRORS
from regalia.server.players import PlayerKey, me, read, service
from regalia.tables.errors import TableError
from regalia.tables.export import PAGE, Exporter, with_final_views
from regalia.tables.models import PlayerRow
from regalia.tables.requests import game_named

router = APIRouter(prefix="/api", responses=ERRORS)
# The most games one request answers; the next page starts `after` the last one's id.
MAX_GAMES = 10_000
# Exports one process streams at once (each replays its games on a thread); one more: busy.
EXPORTS_AT_ONCE = 2


class OpenDataIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    named: bool


class OpenDataOut(BaseModel):
    named: bool


def moment(text: str | None, name: str) -> float | None:
    """An ISO date or time (UTC unless it says), or seconds since the epoch, as seconds."""
    if text is None or text == "":
        return None
    try:
        return float(text)
    except ValueError:
        pass
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        raise TableError(
            ErrorCode.INVALID, f"{name} is an ISO date or time, or seconds since 1970"
        ) from None
    return (when if when.tzinfo else when.replace(tzinfo=UTC)).timestamp()


@router.get("/export/games", include_in_schema=False)
async def export_games(
    request: Request,
    game: Annotated[str | None, Query(max_length=32)] = None,
    since: Annotated[str | None, Query(max_length=40)] = None,
    until: Annotated[str | None, Query(max_length=40)] = None,
    after: Annotated[str | None, Query(max_length=32)] = None,
    max: Annotated[int, Query(ge=1, le=MAX_GAMES)] = 1000,  # lichess's name
) -> StreamingResponse:
    """Finished games, one JSON object a line (docs/export.md), in the order they finished:
    of `game` (else every game), finished at or after `since` and before `until`, after
    the game whose id is `after`, at most `max`."""
    name = game_named(game).name if game else None
    start, end = moment(since, "since"), moment(until, "until")
    exporter = Exporter(service(request).db.store.engine)
    running: asyncio.Semaphore = _exports(request)
    if running.locked():
        raise TableError(
            ErrorCode.BUSY, "the server is exporting games for others; try again soon",
            retry_after=5,
        )  # fmt: skip

    async def lines() -> AsyncIterator[bytes]:
        async with running:
            last, left = after, max
            while left > 0:
                found = await read(request, exporter.page, name, start, end, last,
                                   min(PAGE, left))  # fmt: skip
                # Replaying each game for its final view is CPU: not on the database's thread.
                await asyncio.to_thread(with_final_views, found)
                for item in found:
                    text = json.dumps(item, separators=(",", ":"), ensure_ascii=False)
                    yield (text + "\n").encode()
                if len(found) < min(PAGE, left):
                    return
                left -= len(found)
                last = found[-1]["id"]

    return StreamingResponse(lines(), media_type="application/x-ndjson")


def _exports(request: Request) -> asyncio.Semaphore:
    """The exports running at once in this process (made on first use)."""
    state = request.app.state
    found: asyncio.Semaphore | None = getattr(state, "exports", None)
    if found is None:
        found = state.exports = asyncio.Semaphore(EXPORTS_AT_ONCE)
    return found


@router.get("/players/me/open-data", response_model=OpenDataOut)
async def my_open_data(request: Request, x_player_key: PlayerKey = None) -> dict[str, Any]:
    """Whether the caller's name and id appear in the game export."""
    player = await me(request, x_player_key)
    return {"named": not await read(request, _anonymous, service(request), player.id)}


@router.post("/players/me/open-data", response_model=OpenDataOut)
async def set_open_data(
    body: OpenDataIn, request: Request, x_player_key: PlayerKey = None
) -> dict[str, Any]:
    """Be named in the game export, or not (`named: false`: "anonymous" instead of your
    name and id, in every game, past ones too)."""
    player = await me(request, x_player_key)
    engine = service(request).db.store.engine

    def store() -> None:
        with Session(engine) as session, session.begin():
            session.execute(
                update(PlayerRow).where(PlayerRow.id == player.id)
                .values(anonymous=not body.named)
            )  # fmt: skip

    await service(request).db.write(store, "open data")
    return {"named": body.named}


def _anonymous(svc: Any, player_id: str) -> bool:
    with Session(svc.db.store.engine) as session:
        row = session.get(PlayerRow, player_id)
    return bool(row is not None and row.anonymous)
