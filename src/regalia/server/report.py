"""The post-game report's API: `GET /api/tables/{id}/report`, for everyone once the game is
over (refused before: `not_finished`). Pending while the background task computes it
(`regalia.tables.reports`), then ready: the chess games' accuracy report or a game's own
(Regicida's identity inference). `install` starts the task and hears of finished games."""

from __future__ import annotations

import os
from typing import Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict

from regalia.server.api import TableId
from regalia.server.config import limits_from_env
from regalia.server.errors import ERRORS
from regalia.tables.bots import BotPool
from regalia.tables.eventlog import StoreLog
from regalia.tables.reports import ReportLimits, Reports
from regalia.tables.service import TableService

router = APIRouter(prefix="/api", responses=ERRORS)


class SeatFiguresOut(BaseModel):
    seat: int
    moves: int
    accuracy: float | None  # 0-100; None: the seat made no move
    inaccuracies: int
    mistakes: int
    blunders: int


class ReportOut(BaseModel):
    """`status` pending: `progress` (positions analysed of all); ready: an accuracy report
    (`seats`, `chart`, `turning_point`, `mistakes`) or the game's own (Regicida: `chart`,
    `identities`, `votes`, …); failed: `error`."""

    model_config = ConfigDict(extra="allow")
    table: str
    game: str
    kind: Literal["accuracy", "own"]
    status: Literal["pending", "ready", "failed"]
    progress: dict[str, int] | None = None
    seats: list[SeatFiguresOut] | None = None
    chart: list[dict[str, Any]] | None = None
    turning_point: int | None = None
    mistakes: list[dict[str, Any]] | None = None
    error: str | None = None


def reports(request: Request) -> Reports:
    found: Reports = request.app.state.reports
    return found


@router.get(
    "/tables/{table_id}/report", response_model=ReportOut, response_model_exclude_unset=True
)
async def game_report(table_id: TableId, request: Request) -> dict[str, Any]:
    """The game's report: per seat its accuracy (0-100) and its inaccuracies, mistakes and
    blunders, the evaluation chart with the turning point, each judged move with the better
    one (docs/report.md)."""
    return await reports(request).get(table_id)


def install(app: Any, tables: TableService, pool: BotPool) -> Reports:
    """The app's Reports: told of every stored batch, computing on the tables' task group."""
    found = Reports(tables, pool, limits_from_env(ReportLimits(), os.environ))
    app.state.reports = found
    log = tables.rounds.ports.log
    if isinstance(log, StoreLog):
        log.on_appended.append(found.appended)
    tables.spawn(found.run(), "reports")
    return found
