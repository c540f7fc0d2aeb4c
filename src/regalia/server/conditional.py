"""Conditional moves over HTTP: a seat queues, reads or cancels its replies to the others'
possible moves (`tables/policies/conditionals.py`). Its seat token says whose they are;
no other seat, spectator or export ever sees them.

`PUT /api/tables/{id}/conditional {"lines": [["Nc3", "e5", "Nf3", "Nc6"], …]}` sets them
(each line from the position now: the others' move, the seat's reply, in turn; SAN or
machine form), `GET` reads them (each action in machine form and as text), `DELETE`
cancels them. Any move that no line foresaw cancels them too.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Request
from pydantic import BaseModel, ConfigDict, Field

from regalia.protocol import ErrorCode
from regalia.server.errors import ERRORS
from regalia.tables.errors import TableError
from regalia.tables.policies import conditionals
from regalia.tables.round import Round
from regalia.tables.service import TableService

router = APIRouter(prefix="/api", responses=ERRORS)
Token = Annotated[str | None, Header(alias="X-Seat-Token", max_length=100)]
Text = Annotated[str, Field(max_length=32)]


class ConditionalIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    lines: list[Annotated[list[Text], Field(max_length=conditionals.MAX_PLIES)]] = Field(
        max_length=conditionals.MAX_LINES
    )


class Step(BaseModel):
    action: str
    text: str


class ConditionalOut(BaseModel):
    lines: list[list[Step]]


async def _seat(request: Request, table_id: str, token: str | None) -> tuple[Round, int]:
    svc: TableService = request.app.state.service
    found = await svc.round(table_id)
    seat = await found.seat_of(token)
    if seat is None:
        raise TableError(ErrorCode.NOT_SEATED, "send your seat token in the X-Seat-Token header")
    return found, seat


@router.put("/tables/{table_id}/conditional", response_model=ConditionalOut)
async def set_lines(
    table_id: str, body: ConditionalIn, request: Request, x_seat_token: Token = None
) -> dict[str, Any]:
    found, seat = await _seat(request, table_id, x_seat_token)
    await found.store(lambda table: conditionals.decide_set(table, seat, body.lines))
    return {"lines": conditionals.described(found.table, seat)}


@router.get("/tables/{table_id}/conditional", response_model=ConditionalOut)
async def get_lines(table_id: str, request: Request, x_seat_token: Token = None) -> dict[str, Any]:
    found, seat = await _seat(request, table_id, x_seat_token)
    return {"lines": conditionals.described(found.table, seat)}


@router.delete("/tables/{table_id}/conditional", response_model=ConditionalOut)
async def cancel(table_id: str, request: Request, x_seat_token: Token = None) -> dict[str, Any]:
    found, seat = await _seat(request, table_id, x_seat_token)
    if found.table.conditionals.get(seat):
        await found.store(lambda table: conditionals.decide_set(table, seat, []))
    return {"lines": []}
