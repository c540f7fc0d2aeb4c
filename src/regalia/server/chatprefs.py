"""A player's "I don't want chat" (issue 29): with it on, the server sends them no chat
lines (their sockets, and `/chat` and `/events` asked with their key) and refuses theirs."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict
from sqlalchemy import update
from sqlalchemy.orm import Session

from regalia.server.errors import ERRORS
from regalia.server.players import PlayerKey, me, read, service
from regalia.tables.models import PlayerRow

router = APIRouter(prefix="/api", responses=ERRORS)


class ChatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    on: bool


class ChatOut(BaseModel):
    on: bool  # false: this player is sent no chat lines and cannot write any


@router.get("/players/me/chat", response_model=ChatOut)
async def my_chat(request: Request, x_player_key: PlayerKey = None) -> dict[str, Any]:
    """Whether the caller wants chat."""
    player = await me(request, x_player_key)
    return {"on": not await read(request, chat_off, service(request), player.id)}


@router.put("/players/me/chat", response_model=ChatOut)
async def set_chat(
    body: ChatIn, request: Request, x_player_key: PlayerKey = None
) -> dict[str, Any]:
    """Want chat, or not (`on: false`); sockets already open keep what they read when they
    connected until they reconnect."""
    player = await me(request, x_player_key)
    engine = service(request).db.store.engine

    def store() -> None:
        with Session(engine) as session, session.begin():
            session.execute(
                update(PlayerRow).where(PlayerRow.id == player.id).values(chat_off=not body.on)
            )

    await service(request).db.write(store, "chat preference")
    service(request).gate.forget(player.id)  # its chat lines are refused (or taken) at once
    return {"on": body.on}


def chat_off(svc: Any, player_id: str) -> bool:
    """Whether the player turned their chat off (read once per socket or request)."""
    with Session(svc.db.store.engine) as session:
        row = session.get(PlayerRow, player_id)
    return bool(row is not None and row.chat_off)
