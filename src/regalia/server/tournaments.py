"""Tournaments over HTTP and WebSocket: create, join, leave, withdraw, organise, watch.

The director (`regalia.tournaments.director`) does the work; this router checks bodies,
names who asks (a player key; the organiser's token) and answers the documented shapes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from datetime import datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Request, WebSocket
from pydantic import BaseModel, ConfigDict, Field
from starlette.websockets import WebSocketDisconnect

from regalia.protocol import ErrorCode
from regalia.server.errors import ERRORS
from regalia.server.limits import client_of
from regalia.server.players import PlayerKey, me
from regalia.server.schemas import ClockIn, OptionName, OptionText
from regalia.tables.errors import TableError
from regalia.tournaments.director import Director, Entry, Settings

router = APIRouter(prefix="/api", responses=ERRORS)
OrganiserToken = Annotated[str | None, Header(alias="X-Organiser-Token", max_length=100)]
# A watcher is sent the tournament when it changes here, and at least this often (the
# director may run in another process).
WATCH_SECONDS = 5.0


class EntrantIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["bot"]
    level: str = Field(max_length=32)


class TournamentIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=32)
    format: Literal["swiss", "arena", "round_robin"]
    name: str = Field(default="", max_length=60)
    players_per_table: int | None = Field(default=None, ge=2, le=8)
    rounds: int | None = Field(default=None, ge=1, le=30)
    minutes: float | None = Field(default=None, gt=0, le=7 * 24 * 60)
    clock: ClockIn | None = Field(default=None, max_length=2)
    options: dict[OptionName, int | OptionText] = Field(default_factory=dict, max_length=8)
    rated: bool = False
    entry: Literal["individual", "teams"] = "individual"
    min_rating: int | None = Field(default=None, ge=0, le=5000)
    max_rating: int | None = Field(default=None, ge=0, le=5000)
    starts_at: datetime | None = None
    start_when: int | None = Field(default=None, ge=2, le=128)
    grace_s: float = Field(default=60.0, ge=0, le=86_400)
    invite_only: bool = False
    entrants: list[EntrantIn] = Field(default_factory=list, max_length=32)


class JoinTournamentIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    invite: str | None = Field(default=None, max_length=100)
    team: int | None = Field(default=None, ge=0, le=1000)


NO_INVITE = JoinTournamentIn()  # a body may be left out: an open tournament, no team


def director(request: Request) -> Director:
    found: Director = request.app.state.tournaments
    return found


@router.post("/tournaments", status_code=201)
async def create(body: TournamentIn, request: Request) -> dict[str, Any]:
    """A new tournament; `organiser_token` (shown once) starts, pauses or cancels it."""
    settings = Settings(
        name=body.name, players_per_table=body.players_per_table or 0, rounds=body.rounds,
        minutes=body.minutes, clock=body.clock, rated=body.rated, entry=body.entry,
        min_rating=body.min_rating, max_rating=body.max_rating, start_when=body.start_when,
        grace_s=body.grace_s, invite=body.invite_only, options=dict(body.options),
    )  # fmt: skip
    starts = body.starts_at.timestamp() if body.starts_at else None
    entrants = [Entry(e.kind, e.level) for e in body.entrants]
    view, organiser, invite = await director(request).create(
        body.game, body.format, settings, starts, entrants, client_of(request.scope)
    )
    link = f"/#/tournaments/{view['id']}" + (f"?invite={invite}" if invite else "")
    return {"tournament": view, "join_link": link, "organiser_token": organiser}


@router.get("/tournaments")
async def listing(request: Request) -> dict[str, list[dict[str, Any]]]:
    """Upcoming, running and finished tournaments, newest first (50 of each)."""
    return await director(request).listing()


@router.get("/tournaments/{tournament_id}")
async def one(tournament_id: str, request: Request) -> dict[str, Any]:
    return await director(request).view(_checked_id(tournament_id))


@router.post("/tournaments/{tournament_id}/join")
async def join(
    tournament_id: str, request: Request, body: JoinTournamentIn = NO_INVITE,
    x_player_key: PlayerKey = None,
) -> dict[str, Any]:  # fmt: skip
    player = await me(request, x_player_key)
    found = director(request)
    await found.join(_checked_id(tournament_id), player, body.invite, body.team)
    return await found.view(tournament_id)


@router.post("/tournaments/{tournament_id}/leave")
async def leave(tournament_id: str, request: Request, x_player_key: PlayerKey = None) -> Any:
    """Leave an upcoming tournament (a running one: withdraw)."""
    player = await me(request, x_player_key)
    found = director(request)
    await found.leave(_checked_id(tournament_id), player)
    return await found.view(tournament_id)


@router.post("/tournaments/{tournament_id}/withdraw")
async def withdraw(tournament_id: str, request: Request, x_player_key: PlayerKey = None) -> Any:
    """No further games for you; the games played stay in the standings."""
    player = await me(request, x_player_key)
    found = director(request)
    await found.withdraw(_checked_id(tournament_id), player)
    return await found.view(tournament_id)


@router.post("/tournaments/{tournament_id}/{action}")
async def organise(
    tournament_id: str, action: Literal["start", "pause", "resume", "cancel"], request: Request,
    x_organiser_token: OrganiserToken = None,
) -> dict[str, Any]:  # fmt: skip
    """The organiser starts early, pauses or resumes between rounds, or cancels."""
    found = director(request)
    await found.organise(_checked_id(tournament_id), x_organiser_token, action)
    return await found.view(tournament_id)


@router.websocket("/ws/tournaments/{tournament_id}")
async def watch(websocket: WebSocket, tournament_id: str) -> None:
    """`{"type": "tournament", "event": …, "tournament": {…}}` at once and on each change:
    `round_started`, `table_finished`, `standings`, `started`, `finished`, `cancelled`…"""
    found: Director = websocket.app.state.tournaments
    await websocket.accept()
    # Watched before the first read: a change between the two is heard, not lost.
    queue = found.watch(tournament_id)
    try:
        view = await found.view(_checked_id(tournament_id))
    except TableError as exc:
        found.unwatch(tournament_id, queue)  # a bad id leaves nothing behind
        await websocket.send_text(json.dumps({"type": "error", "code": exc.code,
                                              "message": exc.message}))  # fmt: skip
        await websocket.close()
        return
    reader = asyncio.create_task(_drain(websocket))
    try:
        await websocket.send_text(json.dumps({"type": "tournament", "event": "welcome",
                                              "tournament": view}))  # fmt: skip
        while not reader.done():
            getter = asyncio.ensure_future(queue.get())
            done, _ = await asyncio.wait({getter, reader}, timeout=WATCH_SECONDS,
                                         return_when=asyncio.FIRST_COMPLETED)  # fmt: skip
            event = getter.result() if getter in done else "standings"
            getter.cancel()
            if reader.done():
                break
            fresh = await found.view(tournament_id)
            if fresh != view or event != "standings":
                view = fresh
                await websocket.send_text(json.dumps({"type": "tournament", "event": event,
                                                      "tournament": view}))  # fmt: skip
    except (WebSocketDisconnect, RuntimeError, TableError):
        pass
    finally:
        found.unwatch(tournament_id, queue)
        reader.cancel()
        with contextlib.suppress(Exception):
            await websocket.close()


async def _drain(websocket: WebSocket) -> None:
    """Read (and ignore) what the client sends, until it goes."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return


def _checked_id(tournament_id: str) -> str:
    if not (0 < len(tournament_id) <= 16 and tournament_id.isascii() and tournament_id.isalnum()):
        raise TableError(ErrorCode.NOT_FOUND, f"no tournament {tournament_id!r}")
    return tournament_id
