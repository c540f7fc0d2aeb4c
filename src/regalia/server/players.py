"""The HTTP API of players: guest identities, passwords, sign-in and out, ratings.

A request identifies its player with the `X-Player-Key` header; keys never travel in URLs.
Sign-in attempts and password changes are limited (`regalia.server.signin`), a wrong name
gets the same answer, after the same work, as a wrong password, and Argon2 runs on threads
of its own (`regalia.tables.passwords`), never on the database's. A password change and a
sign-out everywhere revoke every key and every seat token of the player; with a new key the
player takes their seats again (`reseat`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Header, Query, Request

from regalia.core.game import Seat
from regalia.core.registry import get_game
from regalia.protocol import ErrorCode
from regalia.server import bearer
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
from regalia.server.signin import SignInLimits
from regalia.tables.accounts import MAX_PASSWORD, MIN_PASSWORD, Accounts, Player
from regalia.tables.apitokens import BOT_PLAY
from regalia.tables.errors import TableError
from regalia.tables.names import clean_name
from regalia.tables.passwords import Passwords
from regalia.tables.ratings import Ratings
from regalia.tables.service import TableService
from regalia.tables.tokens import hash_token, new_token
from regalia.wire import MAX_NAME as MAX_SEAT_NAME

T = TypeVar("T")
PlayerKey = Annotated[str | None, Header(alias="X-Player-Key", max_length=100)]
router = APIRouter(prefix="/api", responses=ERRORS)


def accounts(request: Request) -> Accounts:
    found: Accounts = request.app.state.accounts
    return found


def sign_in_limits(request: Request) -> SignInLimits:
    found: SignInLimits = request.app.state.sign_in
    return found


def passwords(request: Request) -> Passwords:
    found: Passwords = request.app.state.passwords
    return found


def ratings(request: Request) -> Ratings:
    found: Ratings = request.app.state.ratings
    return found


async def read(request: Request, fn: Callable[..., T], *args: Any) -> T:
    """A blocking database call, on the tables' reader thread."""
    return await service(request).db.read(fn, *args)


async def player_of(request: Request, key: str | None) -> Player | None:
    """The signed-in player of a request (None without a key); a bad key is an error.
    Without a key, an API token with `bot:play` (`Authorization: Bearer`) names it."""
    if not key:
        holder = await bearer.holder_of(request, required=False)
        if holder is not None:
            holder.require(BOT_PLAY)
            return holder.player
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
    limits, client = sign_in_limits(request), client_of(request.scope)
    name = await limits.check(body.name, client)
    passwords(request).check_room()
    found = await read(request, accounts(request).credentials, body.name)
    stored = found.password_hash if found is not None else None
    # A wrong name is checked against a hash too: it costs as long as a wrong password.
    matches = await passwords(request).verify(stored, body.password[:MAX_PASSWORD])
    if found is None or not matches:
        limits.failed(name, client)
        raise TableError(ErrorCode.BAD_LOGIN, "wrong name or password")
    limits.succeeded(name, client)
    if stored is not None and passwords(request).needs_rehash(stored):
        await rehash(request, found.player.id, stored, body.password)
    key = await read(request, accounts(request).new_key, found.player.id)
    return _answer(found.player, key)


async def rehash(request: Request, player_id: str, old: str, password: str) -> None:
    """Hash a password that just matched `old` again with today's parameters and keep it;
    skipped when the hashing threads are full (the next sign-in tries again)."""
    try:
        new = await passwords(request).hash(password)
    except TableError:
        return
    await read(request, accounts(request).rehash, player_id, old, new)


@router.post("/players/me/password", response_model=PlayerKeyOut)
async def set_password(
    body: PasswordIn, request: Request, x_player_key: PlayerKey = None
) -> dict[str, Any]:
    """Set (or change, giving the old one) the password that signs in elsewhere. A change
    signs out every device and frees every seat token: the answer's key is the new one."""
    if not x_player_key:
        raise TableError(
            ErrorCode.BAD_PLAYER_KEY, "send your player key in the X-Player-Key header"
        )
    if not MIN_PASSWORD <= len(body.password) <= MAX_PASSWORD:
        message = f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters"
        raise TableError(ErrorCode.BAD_PASSWORD, message)
    limits = sign_in_limits(request)
    await limits.change(f"client:{client_of(request.scope)}")
    passwords(request).check_room()
    found = await read(request, accounts(request).credentials_of, x_player_key)
    await limits.change(f"player:{found.player.id}")
    old = found.password_hash
    if old is None:
        age = service(request).clock.now() - found.key_at
        if age > limits.limits.first_password_seconds:
            raise TableError(ErrorCode.STALE_KEY, "this key is too old to set a first password")
    elif not await passwords(request).verify(old, (body.old_password or "")[:MAX_PASSWORD]):
        raise TableError(ErrorCode.BAD_LOGIN, "the current password is wrong")
    new = await passwords(request).hash(body.password)
    revoked = await read(request, accounts(request).set_password_hash, found.player.id, new, old)
    forget_tokens(request, revoked.seats)
    return _answer(found.player, revoked.key or x_player_key)


@router.post("/logout", status_code=204)
async def logout(body: LogoutIn, request: Request, x_player_key: PlayerKey = None) -> None:
    """Revoke this key, or every key of its player and every seat token bound to it
    (`everywhere`)."""
    await me(request, x_player_key)
    revoked = await read(request, accounts(request).revoke, x_player_key, body.everywhere)
    forget_tokens(request, revoked.seats)


def forget_tokens(request: Request, seats: list[tuple[str, int]]) -> None:
    """Seat tokens revoked in the database open nothing in the tables in memory either,
    here or (told through the fan-out) at other processes."""
    rounds = service(request).rounds
    notifier = rounds.ports.notifier
    for table_id, seat in seats:
        found = rounds.loaded(table_id)
        if found is not None:
            found.revoke(seat)
        elif notifier is not None:
            notifier.publish_tokens(table_id)


async def reseat(request: Request, table_id: str, player: Player) -> tuple[Seat, str]:
    """A new token for the player's own seat at this table (the old one stops working):
    how a player reaches their seats again after their tokens were revoked."""
    svc = service(request)
    found = await svc.round(table_id)
    token = new_token()
    digest = hash_token(token)

    async def rekey(table: Any) -> Seat:
        mine = [s for s, info in enumerate(table.seats) if info.player == player.id]
        if not mine or not await read(
            request, accounts(request).seat_token, table_id, mine[0], player.id, digest
        ):
            raise TableError(ErrorCode.NOT_SEATED, "you have no seat at this table")
        found.rekeyed(mine[0], digest)
        return mine[0]

    return await found.run(rekey), token


async def seat_name(svc: TableService, name: str | None, player: Player | None) -> str | None:
    """The name a seat shows: a signed-in player's own; else `name` under the rules of
    player names (up to the wire's 40 characters) and not a player's (`name_taken`). An
    empty name stays empty: the seat keeps the name it has (or its seat's)."""
    if player is not None:
        return player.name
    if name is None or not name.strip():
        return name
    text = clean_name(name, MAX_SEAT_NAME)
    if await svc.db.read(svc.accounts.name_taken, text):
        raise TableError(
            ErrorCode.NAME_TAKEN, f"the name {text!r} belongs to a player: sign in to use it"
        )
    return text


def service(request: Request) -> TableService:
    found: TableService = request.app.state.service
    return found


@router.get("/players/me", response_model=ProfileOut)
async def my_profile(request: Request, x_player_key: PlayerKey = None) -> dict[str, Any]:
    player = await me(request, x_player_key)
    mine = await profile(player.id, request)
    has_password = await read(request, accounts(request).has_password, player.id)
    return mine | {"has_password": has_password, "email": await my_email(request, player.id)}


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
    bot: bool | None = None,
) -> list[dict[str, Any]]:
    """Best first by the conservative rating; a page at a time. `bot`: only the machines
    (BOT accounts and built-in levels, `true`) or only the people (`false`). Only players
    with a rated game in the last `REGALIA_ACTIVE_DAYS`."""
    try:
        name = get_game(game).name
    except Exception:
        raise TableError(ErrorCode.UNKNOWN_GAME, "no such game") from None
    rows: list[dict[str, Any]] = await read(
        request,
        ratings(request).leaderboard,
        name,
        (page - 1) * per_page,
        per_page,
        bot,
        request.app.state.seasons[1],  # the active days
    )
    return rows


async def my_email(request: Request, player_id: str) -> dict[str, Any] | None:
    """The player's e-mail address and whether it is verified (regalia.notify)."""
    found = await read(request, request.app.state.notifications.store.email, player_id)
    return None if found is None else {"address": found.address, "verified": found.verified}
