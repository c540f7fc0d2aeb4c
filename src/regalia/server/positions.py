"""The board editor's check: whether a position set up by hand could start a game.

`POST /api/positions/check {game, position}` answers every reason the game's own rules give
(`Game.position_problems`, in the reader's language) and, for a possible position, who is
to act there and whether the game is already over in it. The same rules refuse such a
position when a table is created from it (`position` of `POST /api/tables`), so the editor
only tells early what the server would say.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from regalia.core.errors import RegaliaError, quoted
from regalia.core.registry import get_game
from regalia.i18n import translate
from regalia.protocol import ErrorCode
from regalia.server.errors import ERRORS, language
from regalia.tables.errors import TableError

router = APIRouter(prefix="/api", responses=ERRORS)
MAX_POSITION = 2_000  # characters, as the analysis board's and a table's `position`


class PositionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=32)
    position: str = Field(min_length=1, max_length=MAX_POSITION)


class PositionOut(BaseModel):
    game: str
    position: str  # as checked (surrounding spaces dropped)
    problems: list[str]  # why it could not arise in play; empty when it could
    to_act: list[int]  # the seats to act there (empty when it has problems or is over)
    over: str | None  # the result's reason when the game is already over there


@router.post("/positions/check", response_model=PositionOut)
async def check_position(body: PositionIn, request: Request) -> dict[str, Any]:
    """Every reason the game's rules give why `position` could not arise in play."""
    try:
        game = get_game(body.game)
    except RegaliaError:
        raise TableError(ErrorCode.UNKNOWN_GAME, f"unknown game {quoted(body.game)}") from None
    text = body.position.strip()
    lang = language(request.headers)
    problems = list(game.position_problems(text))
    to_act: list[int] = []
    over = None
    if not problems:
        state = game.from_position(text)
        ended = state.result()
        over = translate(ended.reason, lang) if ended is not None else None
        to_act = sorted(state.to_act())
    return {
        "game": game.name,
        "position": text,
        "problems": [translate(p, lang) for p in problems],
        "to_act": to_act,
        "over": over,
    }
