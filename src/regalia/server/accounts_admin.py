"""An admin renames a player (`POST /api/moderation/rename {player, name}`).

The new name follows the rules of every player name (`regalia.tables.names`: look-alikes of
another player's name and reserved names are refused); admins only, anyone else gets 403
`forbidden`. The player's profile, the leaderboards and the games listed from now on show
the new name.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from regalia.protocol import ErrorCode
from regalia.server.errors import ERRORS
from regalia.server.players import PlayerKey, me
from regalia.tables.accounts import check_name
from regalia.tables.errors import TableError
from regalia.tables.service import TableService

router = APIRouter(prefix="/api", responses=ERRORS)


class RenameIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    player: str = Field(max_length=16, description="the player's id")
    name: str = Field(min_length=1, max_length=64, description="the new name")


@router.post("/moderation/rename")
async def rename(body: RenameIn, request: Request, x_player_key: PlayerKey = None) -> Any:
    """Give a player another name (admins only)."""
    caller = await me(request, x_player_key)
    svc: TableService = request.app.state.service
    moderation = svc.gate.moderation
    if await svc.db.read(moderation.role_of, caller.id) != "admin":
        raise TableError(ErrorCode.FORBIDDEN, "only an admin may rename a player")
    name = check_name(body.name)
    await svc.db.write(lambda: moderation.rename(body.player, name), "rename")
    return {"player": body.player, "name": name}
