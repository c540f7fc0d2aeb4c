"""The HTTP API of players: guest identities, passwords, sign-in and out, ratings.

A request identifies its player with the `X-Player-Key` header; keys never travel in URLs.
Sign-in attempts are limited per name and per address, and a wrong name gets the same
answer, after the same work, as a wrong password.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Header, Query, Request

from regalia.core.registry import get_game
from regalia.protocol import ErrorCode
from regalia.server.errors import ERRORS
from regalia.server.limits import client_of
from regalia.server.schemas import (
    LeaderRowOut,
    LoginIn,
    LogoutIn,
    PasswordIn,
    PlayerIn,
    PlayerKeyOut,
    ProfileOut,
)
from regalia.tables.accounts import Accounts, Player
from regalia.tables.errors import TableError
from regalia.tables.ratelimit import RateLimiter
from regalia.tables.ratings import Ratings
from regalia.tables.service import TableService

T = TypeVar("T")
PlayerKey = Annotated[str | None, Header(alias="X-Player-Key", max_length=100)]
router = APIRouter(prefix="/api", responses=ERRORS)
# Sign-in attempts: a few per name, a few more per address, then one a minute.
_by_name = RateLimiter(5, 1 / 60, what="sign_in")
_by_client = RateLimiter(20, 20 / 60, what="sign_in")


def accounts(request: Request) -> Accounts:
    found: Accounts = request.app.state.accounts
    return found


def ratings(request: Request) -> Ratings:
    found: Ratings = request.app.state.ratings
    return found


async def read(request: Request, fn: Callable[..., T], *args: Any) -> T:
    """A blocking database call, on the tables' reader thread."""
    svc: TableService = request.app.state.service
    return await svc.db.read(fn, *args)


async def player_of(request: Request, key: str | None) -> Player | None:
    """The signed-in player of a request (None without a key); a bad key is an error."""
    return await read(request, accounts(request).player, key)


async def me(request: Request, key: str | None) -> Player:
    player = await player_of(request, key)
    if player is None:
        raise TableError(
            ErrorCode.BAD_PLAYER_KEY, "send your player key in the X-Player-Key header"
        )
    return player


def _answer(player: Player, key: str) -> dict[str, Any]:
    return {"id": player.id, "name": player.name, "player_key": key}


@router.post("/players", response_model=PlayerKeyOut, status_code=201)
async def new_player(body: PlayerIn, request: Request) -> dict[str, Any]:
    """A guest player, at once; the key is shown this once: keep it."""
    player, key = await read(request, accounts(request).create_guest, body.name)
    return _answer(player, key)


@router.post("/login", response_model=PlayerKeyOut)
async def login(body: LoginIn, request: Request) -> dict[str, Any]:
    """A new key for a player with a password (another device)."""
    for limiter, key in ((_by_client, client_of(request.scope)), (_by_name, body.name.casefold())):
        wait = limiter.take(key)
        if wait:
            raise TableError(
                ErrorCode.RATE_LIMITED,
                f"too many sign-in attempts; try again in {wait:.0f} s",
                wait,
            )
    player, key = await read(request, accounts(request).login, body.name, body.password)
    return _answer(player, key)


@router.post("/players/me/password", status_code=204)
async def set_password(body: PasswordIn, request: Request, x_player_key: PlayerKey = None) -> None:
    """Set (or change, giving the old one) the password that signs in elsewhere."""
    player = await me(request, x_player_key)
    await read(request, accounts(request).set_password, player, body.password, body.old_password)


@router.post("/logout", status_code=204)
async def logout(body: LogoutIn, request: Request, x_player_key: PlayerKey = None) -> None:
    """Revoke this key, or every key of its player (`everywhere`)."""
    await me(request, x_player_key)
    await read(request, accounts(request).revoke, x_player_key, body.everywhere)


@router.get("/players/me", response_model=ProfileOut)
async def my_profile(request: Request, x_player_key: PlayerKey = None) -> dict[str, Any]:
    player = await me(request, x_player_key)
    mine = await profile(player.id, request)
    return mine | {"has_password": await read(request, accounts(request).has_password, player.id)}


@router.get("/players/{player_id}", response_model=ProfileOut)
async def profile(player_id: str, request: Request) -> dict[str, Any]:
    """A player's name, rating in each game and recent games (with links to replays)."""
    found = await read(request, ratings(request).profile, player_id[:16])
    if found is None:
        raise TableError(ErrorCode.UNKNOWN_PLAYER, "no such player")
    return found


@router.get("/leaderboard/{game}", response_model=list[LeaderRowOut])
async def leaderboard(
    game: str,
    request: Request,
    page: Annotated[int, Query(ge=1, le=10_000)] = 1,
    per_page: Annotated[int, Query(ge=1, le=100)] = 50,
) -> list[dict[str, Any]]:
    """Best first by the conservative rating; a page at a time."""
    try:
        name = get_game(game).name
    except Exception:
        raise TableError(ErrorCode.UNKNOWN_GAME, "no such game") from None
    rows: list[dict[str, Any]] = await read(
        request, ratings(request).leaderboard, name, (page - 1) * per_page, per_page
    )
    return rows
