"""Moderation over HTTP: players report, moderators act, admins grant roles.

Every route but the report and the player's own sanctions needs a moderator's (or an
admin's) player key; anyone else gets 403 `forbidden`. Granting roles is for admins only.
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from regalia.moderation.gate import Gate
from regalia.moderation.store import MAX_MINUTES, MAX_REASON, Moderation
from regalia.protocol import ErrorCode
from regalia.server.errors import ERRORS
from regalia.server.players import PlayerKey, me
from regalia.tables.accounts import Player
from regalia.tables.errors import TableError
from regalia.tables.ratelimit import RateLimiter
from regalia.tables.service import TableService

router = APIRouter(prefix="/api", responses=ERRORS)
REPORTS_PER_HOUR = 20


def install(app: Any) -> None:
    """Serve the routes; each player may report `REPORTS_PER_HOUR` times an hour."""
    rate = REPORTS_PER_HOUR / 3600
    app.state.report_limiter = RateLimiter(REPORTS_PER_HOUR, rate, what="report")
    app.include_router(router)


class ReportIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    player: str | None = Field(None, max_length=16, description="the reported player's id")
    table: str | None = Field(None, max_length=16)
    event_seq: int | None = Field(None, ge=1, description="a chat line of `table`, by its seq")
    reason: str = Field(min_length=1, max_length=MAX_REASON)


class ActionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    player: str = Field(max_length=16, description="the player's id")
    action: Literal["warn", "mute", "ban", "close"]
    minutes: float | None = Field(
        None, gt=0, le=MAX_MINUTES, description="how long a mute or ban lasts (none: for good)"
    )
    reason: str = Field(min_length=1, max_length=MAX_REASON)
    table: str | None = Field(None, max_length=16)


class RoleIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=24, description="the player's name")
    role: Literal["admin", "moderator"] | None


def _parts(request: Request) -> tuple[TableService, Moderation, Gate]:
    svc: TableService = request.app.state.service
    return svc, svc.gate.moderation, svc.gate


async def _staff(request: Request, key: str | None, admin: bool = False) -> Player:
    """The caller, if a moderator (or, with `admin`, an admin); else 403 `forbidden`."""
    player = await me(request, key)
    svc, moderation, _ = _parts(request)
    role = await svc.db.read(moderation.role_of, player.id)
    if role == "admin" or (role == "moderator" and not admin):
        return player
    if admin:
        raise TableError(ErrorCode.FORBIDDEN, "only an admin may do this")
    raise TableError(ErrorCode.FORBIDDEN, "only a moderator may do this")


@router.post("/reports", status_code=201)
async def report(body: ReportIn, request: Request, x_player_key: PlayerKey = None) -> Any:
    """Report a player, a table, or one chat line (`table` and `event_seq`)."""
    reporter = await me(request, x_player_key)
    if body.player is None and body.table is None:
        raise TableError(ErrorCode.INVALID, "report a player, a table or a chat line")
    if body.event_seq is not None and body.table is None:
        raise TableError(ErrorCode.INVALID, "a chat line is named by its table and seq")
    limiter: RateLimiter = request.app.state.report_limiter
    wait = limiter.take(reporter.id)
    if wait:
        raise TableError(ErrorCode.RATE_LIMITED, f"too many reports; wait {wait:.0f} s", wait)
    svc, moderation, _ = _parts(request)
    if body.table is not None:
        await svc.table(body.table)  # unknown_table for a table that does not exist
    made = await svc.db.write(
        lambda: moderation.report(
            reporter.id, body.player, body.table, body.event_seq, body.reason.strip()
        ),
        "report",
    )
    return {"report": {"id": made}}


@router.get("/moderation/reports")
async def open_reports(request: Request, x_player_key: PlayerKey = None) -> Any:
    """Unhandled reports, oldest first, with their context (the chat around a line)."""
    await _staff(request, x_player_key)
    svc, moderation, _ = _parts(request)
    return {"reports": await svc.db.read(moderation.open_reports)}


@router.post("/moderation/reports/{report_id}/handled")
async def handled(report_id: int, request: Request, x_player_key: PlayerKey = None) -> Any:
    staff = await _staff(request, x_player_key)
    svc, moderation, _ = _parts(request)
    await svc.db.write(lambda: moderation.handled(report_id, staff.id), "report handled")
    return {"ok": True}


@router.post("/moderation/actions", status_code=201)
async def act(body: ActionIn, request: Request, x_player_key: PlayerKey = None) -> Any:
    """Warn, mute, ban from new games, or close the account of a player, with a reason."""
    staff = await _staff(request, x_player_key)
    if body.player == staff.id:
        raise TableError(ErrorCode.INVALID, "a moderator does not act on themselves")
    svc, moderation, gate = _parts(request)
    done = await svc.db.write(
        lambda: moderation.act(
            staff.id, body.player, body.action, body.minutes, body.reason.strip(), body.table
        ),
        "moderation",
    )
    gate.forget(body.player)
    return {"action": done}


@router.post("/moderation/actions/{action_id}/lift")
async def lift(action_id: int, request: Request, x_player_key: PlayerKey = None) -> Any:
    """End a mute or ban now (the log keeps it, marked annulled)."""
    await _staff(request, x_player_key)
    svc, moderation, gate = _parts(request)
    await svc.db.write(lambda: moderation.lift(action_id), "moderation lift")
    gate.forget_all()  # a lift is rare: everyone's state is read again
    return {"ok": True}


class AnnulIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    reason: str = Field(min_length=1, max_length=MAX_REASON)


@router.post("/moderation/tables/{table_id}/annul-rating")
async def annul_rating(
    table_id: str, body: AnnulIn, request: Request, x_player_key: PlayerKey = None
) -> Any:
    """Take back a rated game's rating change (rating abuse); its players are told."""
    staff = await _staff(request, x_player_key)
    svc, moderation, _ = _parts(request)
    moved = await svc.db.write(
        lambda: moderation.annul_rating(staff.id, table_id, body.reason.strip()), "annul"
    )
    return {"table": table_id, "players": moved}


@router.get("/moderation/log")
async def log(request: Request, x_player_key: PlayerKey = None) -> Any:
    """Every action taken, newest first."""
    await _staff(request, x_player_key)
    svc, moderation, _ = _parts(request)
    return {"actions": await svc.db.read(moderation.log)}


@router.post("/moderation/roles")
async def grant(body: RoleIn, request: Request, x_player_key: PlayerKey = None) -> Any:
    """Make a player an admin or a moderator, or take their role away (admins only)."""
    await _staff(request, x_player_key, admin=True)
    svc, moderation, _ = _parts(request)
    player = await svc.db.write(lambda: moderation.grant(body.name, body.role), "grant")
    return {"player": player, "role": body.role}


@router.get("/players/me/sanctions")
async def my_sanctions(request: Request, x_player_key: PlayerKey = None) -> Any:
    """What moderators did about this player: in force, and of the last 30 days; and the
    player's own role, if any."""
    player = await me(request, x_player_key)
    svc, moderation, _ = _parts(request)
    role = await svc.db.read(moderation.role_of, player.id)
    return {"role": role, "sanctions": await svc.db.read(moderation.sanctions, player.id)}
