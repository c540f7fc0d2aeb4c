"""My games: every unfinished table of the player (their key: a signed-in player or a
browser's guest), whose turn it is and how long is left, and a way out of each.

`GET /api/players/me/games` lists them, the last changed first, with `my_turn` (the
header's badge counts those); `POST /api/players/me/games/{id}/leave` leaves one: a waiting
table frees its seat (and ends when no other person sat down there), a game in play is
resigned (the game's own rule says what follows, as for a `leave` command).

`POST /api/players/me/vacation {"days"}` stops the player's turn-based clocks for that many
days (at most `REGALIA_VACATION_DAYS` a year): a `vacation` event at each of their
unfinished turn-based tables, shown there; `GET` says how many days are left.
"""

from __future__ import annotations

import functools
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from regalia.core.game import Seat
from regalia.protocol import ErrorCode, EventKind, TableStatus
from regalia.server.errors import ERRORS
from regalia.server.players import PlayerKey, me
from regalia.tables.clock import DAY
from regalia.tables.errors import TableError
from regalia.tables.events import Draft, iso_time
from regalia.tables.mine import add_vacation, unfinished_of, vacations
from regalia.tables.policies.resign import decide_leave
from regalia.tables.round import Round
from regalia.tables.service import TableService
from regalia.tables.table import Table
from regalia.wire import TableSummary

router = APIRouter(prefix="/api", responses=ERRORS)


class LastMove(BaseModel):
    seat: int
    text: str | None  # None: a secret move of another seat
    at: str


class MyGame(BaseModel):
    table: TableSummary
    seat: int | None  # None: a table the player created but does not sit at
    my_turn: bool
    time_left_ms: int | None  # the player's clock, when it runs; else the one that runs first
    last_move: LastMove | None


class MyGamesOut(BaseModel):
    games: list[MyGame]
    my_turn: int  # how many of them wait for the player


def _service(request: Request) -> TableService:
    svc: TableService = request.app.state.service
    return svc


def my_turn(table: Table, seat: Seat | None) -> bool:
    return seat is not None and seat in table.to_act() and table.human_plays(seat)


def _last_move(table: Table, seat: Seat | None) -> dict[str, Any] | None:
    for event in reversed(table.events):
        if event.kind == EventKind.ACTION and event.seat is not None:
            hidden = event.secret and event.seat != seat
            text = None if hidden else str(event.data.get("text") or event.data["action"])
            return {"seat": event.seat, "text": text, "at": iso_time(event.at)}
    return None


def _time_left(found: Round, seat: Seat | None) -> int | None:
    clocks = found.table.timing.clocks
    if clocks is None or not clocks.running:
        return None
    now = found.clock.now()
    if seat is not None and seat in clocks.running:
        return round(1000 * clocks.left(seat, now))
    return round(1000 * min(clocks.left(s, now) for s in clocks.running))


def entry(found: Round, seat: Seat | None) -> dict[str, Any]:
    table = found.table
    return {
        "table": found.summary(),
        "seat": seat,
        "my_turn": my_turn(table, seat),
        "time_left_ms": _time_left(found, seat),
        "last_move": _last_move(table, seat),
    }


@router.get("/players/me/games", response_model=MyGamesOut)
async def my_games(request: Request, x_player_key: PlayerKey = None) -> dict[str, Any]:
    """Every unfinished table the player sits at or created, the last changed first."""
    svc = _service(request)
    player = await me(request, x_player_key)
    games = []
    for table_id, seat in await svc.db.read(unfinished_of, svc.db.store, player.id):
        try:
            found = await svc.round(table_id)
        except TableError as exc:
            if exc.code != ErrorCode.UNKNOWN_TABLE:
                raise
            continue
        if found.table.status in (TableStatus.WAITING, TableStatus.PLAYING):
            games.append(entry(found, seat))
    return {"games": games, "my_turn": sum(1 for g in games if g["my_turn"])}


def leave_drafts(table: Table, seat: Seat | None) -> list[Draft]:
    """Leaving: the seat's `leave`; a waiting table no other person sat down at ends."""
    if table.status not in (TableStatus.WAITING, TableStatus.PLAYING):
        raise TableError(ErrorCode.FINISHED, "this game is over already")
    playing = table.status == TableStatus.PLAYING
    drafts = decide_leave(table, seat, playing) if seat is not None else []
    others = [s for s, info in enumerate(table.seats) if info.human and info.joined and s != seat]
    if not playing and not others:
        reason = "its players left"
        drafts.append(Draft(EventKind.EXPIRED, None, {"reason": reason}))
    if not drafts:
        raise TableError(ErrorCode.NOT_SEATED, "you do not sit at this table")
    return drafts


@router.post("/players/me/games/{table_id}/leave", response_model=MyGame)
async def leave(table_id: str, request: Request, x_player_key: PlayerKey = None) -> dict[str, Any]:
    """Leave (or abandon) one of the player's tables; the table as it is afterwards."""
    svc = _service(request)
    player = await me(request, x_player_key)
    found = await svc.round(table_id)
    table = found.table
    seats = [s for s, info in enumerate(table.seats) if info.player == player.id]
    created = table_id in {t for t, _ in await svc.db.read(unfinished_of, svc.db.store, player.id)}
    if not seats and not created:
        raise TableError(ErrorCode.NOT_SEATED, "you do not sit at this table")
    seat = seats[0] if seats else None
    await found.store(lambda now: leave_drafts(now, seat))
    return entry(found, seat)


class VacationIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    days: int = Field(ge=1, le=366)


class VacationOut(BaseModel):
    days_per_year: int
    days_left: int  # in the year before now
    until: str | None  # the vacation under way ends then
    tables: list[str]  # the turn-based tables whose clock stands still meanwhile


def _vacation_drafts(seat: Seat, until: float, days: int, table: Table) -> list[Draft]:
    if table.status not in (TableStatus.WAITING, TableStatus.PLAYING):
        return []
    return [Draft(EventKind.VACATION, seat, {"until": until, "days": days})]


async def _vacation(svc: TableService, player: str) -> dict[str, Any]:
    now = svc.clock.now()
    used, until = await svc.db.read(vacations, svc.db.store, player, now)
    allowed = svc.limits.vacation_days
    return {
        "days_per_year": allowed,
        "days_left": max(0, allowed - used),
        "until": iso_time(until) if until > now else None,
        "tables": [],
    }


@router.get("/players/me/vacation", response_model=VacationOut)
async def vacation(request: Request, x_player_key: PlayerKey = None) -> dict[str, Any]:
    svc = _service(request)
    return await _vacation(svc, (await me(request, x_player_key)).id)


@router.post("/players/me/vacation", response_model=VacationOut)
async def take_vacation(
    body: VacationIn, request: Request, x_player_key: PlayerKey = None
) -> dict[str, Any]:
    """A vacation of `days` from now (or from the end of the one under way)."""
    svc = _service(request)
    player = await me(request, x_player_key)
    now = svc.clock.now()
    used, ends = await svc.db.read(vacations, svc.db.store, player.id, now)
    left = max(0, svc.limits.vacation_days - used)
    if body.days > left:
        raise TableError(
            ErrorCode.BAD_OPTIONS,
            f"you have {left} vacation days left this year "
            f"(at most {svc.limits.vacation_days} a year)",
        )
    until = max(now, ends) + body.days * DAY
    await svc.db.write(lambda: add_vacation(svc.db.store, player.id, now, until, body.days))
    paused = []
    for table_id, seat in await svc.db.read(unfinished_of, svc.db.store, player.id):
        found = await svc.round(table_id)
        if seat is None or not found.table.turn_based:
            continue
        await found.store(functools.partial(_vacation_drafts, seat, until, body.days))
        paused.append(table_id)
    return await _vacation(svc, player.id) | {"tables": paused}
