"""The Bot API: API tokens, BOT accounts, and lichess's Bot API as these games allow.

A program acts for a player with an API token (`Authorization: Bearer`, scope `bot:play`);
once the player upgraded itself to a BOT it hears of its games on `GET /api/stream/event`,
follows each on `GET /api/bot/game/stream/{id}` (NDJSON, `regalia.server.botstream`) and
acts with `POST /api/bot/game/{id}/move/{move}`, `…/chat`, `…/resign`, `…/claim-victory`.
Idle streams carry a newline every `bot_keepalive_seconds`; a stream opened again starts
with the whole game (`gameFull`), so nothing is lost across a reconnection. A BOT plays at
most `bot_games` games at once. docs/server.md ("Bot API") has an example session.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Path, Query, Request
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from regalia.core.game import Seat
from regalia.protocol import CommandType, ErrorCode, TableStatus
from regalia.server import bearer
from regalia.server.botladder import Ladder, ladder_of
from regalia.server.botstream import GameListener, from_url_form, status_of
from regalia.server.errors import ERRORS
from regalia.server.limits import client_of
from regalia.server.people import challenges_of
from regalia.server.players import PlayerKey, me
from regalia.server.players import service as table_service
from regalia.tables.accounts import Player
from regalia.tables.apitokens import BOT_PLAY, SCOPES, Holder, check_scopes
from regalia.tables.commands import MAX_ACTION, MAX_CHAT, Command
from regalia.tables.errors import TableError
from regalia.tables.periodic import every
from regalia.tables.round import Round
from regalia.tables.service import TableService

router = APIRouter(prefix="/api", responses=ERRORS)
NDJSON = "application/x-ndjson"
LINES: dict[int | str, dict[str, Any]] = {
    200: {"description": "NDJSON lines, one JSON object each", "content": {NDJSON: {}}}
}
GameId = Annotated[str, Path(max_length=32)]


class TokenIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    scopes: list[Annotated[str, Field(max_length=40)]] = Field(
        min_length=1, max_length=len(SCOPES), description='e.g. ["bot:play"]'
    )


class TokenOut(BaseModel):
    id: str
    scopes: list[str]
    created_at: str
    token: str | None = None  # shown once, when the token is made


class AccountOut(BaseModel):
    id: str
    name: str
    bot: bool


class OkOut(BaseModel):
    ok: bool


class ChatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(min_length=1, max_length=MAX_CHAT)
    room: str | None = Field(default=None, max_length=20)  # lichess's field; one room here


def install(app: FastAPI) -> None:
    """The Bot API's routes, and API tokens read for the other routers too (the
    challenges' `caller` looks for `app.state.bearer`)."""
    app.include_router(router)
    app.state.bearer = bearer.player_of_token


# ----------------------------------------------------------------------------- tokens


@router.post("/players/me/tokens", response_model=TokenOut, status_code=201)
async def make_token(body: TokenIn, request: Request, x_player_key: PlayerKey = None) -> Any:
    """A new API token of the signed-in player: shown this once, kept only as a hash."""
    player = await me(request, x_player_key)
    scopes = check_scopes(body.scopes)
    svc = table_service(request)
    info, token = await svc.db.read(bearer.api_tokens(request).create, player.id, scopes)
    return info.to_json() | {"token": token}


@router.get("/players/me/tokens", response_model=list[TokenOut])
async def my_tokens(request: Request, x_player_key: PlayerKey = None) -> Any:
    """The player's API tokens (never their secrets)."""
    player = await me(request, x_player_key)
    found = await table_service(request).db.read(bearer.api_tokens(request).tokens, player.id)
    return [info.to_json() for info in found]


@router.delete("/players/me/tokens/{token_id}", status_code=204)
async def revoke_token(
    token_id: Annotated[str, Path(max_length=16)], request: Request, x_player_key: PlayerKey = None
) -> None:
    """Revoke one of the player's API tokens: it opens nothing from now on."""
    player = await me(request, x_player_key)
    svc = table_service(request)
    if not await svc.db.read(bearer.api_tokens(request).revoke, player.id, token_id):
        raise TableError(ErrorCode.NOT_FOUND, "you have no API token of that id")


@router.get("/account", response_model=AccountOut)
async def account(request: Request) -> Any:
    """Who the API token acts for."""
    holder = await _holder(request)
    return _account(holder.player)


@router.post("/bot/account/upgrade", response_model=AccountOut)
async def upgrade(request: Request) -> Any:
    """Make the token's player a BOT account, for good (as on lichess)."""
    holder = await _holder(request)
    holder.require(BOT_PLAY)
    svc = table_service(request)
    player = await svc.db.read(bearer.api_tokens(request).upgrade, holder.player.id)
    return _account(player)


def _account(player: Player) -> dict[str, Any]:
    return {"id": player.id, "name": player.name, "bot": player.bot_account}


async def _holder(request: Request) -> Holder:
    found = await bearer.holder_of(request)
    assert found is not None  # required: no token is an error
    return found


async def bot_of(request: Request) -> Holder:
    """A BOT's token with `bot:play`; else `missing_scope` or `bot_only`."""
    holder = await _holder(request)
    holder.require(BOT_PLAY)
    if not holder.player.bot_account:
        raise TableError(
            ErrorCode.BOT_ONLY, "the Bot API plays for BOT accounts: POST /api/bot/account/upgrade"
        )
    return holder


# ----------------------------------------------------------------------------- streams


def _line(message: dict[str, Any]) -> bytes:
    return json.dumps(message, separators=(",", ":")).encode() + b"\n"


class _Lines(StreamingResponse):
    media_type = NDJSON


@router.get("/stream/event", responses=LINES)
async def stream_events(request: Request) -> _Lines:
    """The BOT's events, one JSON line each: `gameStart` for each game in play (all of
    them again after a reconnection), `gameFinish`, and `challenge` / `challengeCanceled`
    for challenges to it; a newline every `bot_keepalive_seconds` while idle."""
    holder = await bot_of(request)
    svc = table_service(request)
    limits = request.app.state.http_limits
    tokens = bearer.api_tokens(request)
    pid = holder.player.id

    ladder = _ladder(request)

    async def lines() -> AsyncIterator[bytes]:
        started: set[str] = set()
        quiet = 0.0
        challenges: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        watching = asyncio.create_task(_watch_challenges(request, pid, challenges))
        ladder.enter(holder.player)
        try:
            while True:
                sent = False
                games = dict(await svc.db.read(tokens.games, pid))
                for table_id, status in games.items():
                    if status == TableStatus.PLAYING and table_id not in started:
                        found = await _round_or_none(svc, table_id)
                        if found is not None:
                            started.add(table_id)
                            yield _line({"type": "gameStart", "game": _game_info(found, pid)})
                            sent = True
                for table_id in sorted(started - games.keys()):
                    started.discard(table_id)
                    found = await _round_or_none(svc, table_id)
                    info = _game_info(found, pid) if found else {"id": table_id, "gameId": table_id}
                    yield _line({"type": "gameFinish", "game": info})
                    sent = True
                while not challenges.empty():
                    yield _line(challenges.get_nowait())
                    sent = True
                quiet = 0.0 if sent else quiet + limits.bot_poll_seconds
                if quiet >= limits.bot_keepalive_seconds:
                    quiet = 0.0
                    yield b"\n"
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(limits.bot_poll_seconds):
                        await challenges.put(await challenges.get())  # wake on a challenge
        finally:
            ladder.leave(holder.player)
            watching.cancel()
            with contextlib.suppress(BaseException):
                await watching

    return _Lines(lines())


def _ladder(request: Request) -> Ladder:
    """The process's BOT ladder, its rounds running from the first BOT's connection."""
    ladder = ladder_of(request.app.state)
    seconds = request.app.state.http_limits.bot_ladder_seconds
    if not ladder.started and seconds > 0:
        ladder.started = True

        async def round_() -> None:
            await ladder.round()

        table_service(request).spawn(every(lambda: seconds, round_, "bot ladder"), "bot-ladder")
    return ladder


# The challenge events a BOT's event stream passes on (lichess's names).
CHALLENGE_EVENTS = frozenset({"challenge", "challengeCanceled", "challengeDeclined"})


async def _watch_challenges(request: Request, pid: str, into: asyncio.Queue[Any]) -> None:
    """Challenges to and from the BOT (regalia.tables.challenges), first those pending."""
    events = challenges_of(request.app.state).watch(pid)
    try:
        async for event in events:
            if event.get("type") in CHALLENGE_EVENTS:
                into.put_nowait(event)
    finally:
        await events.aclose()  # type: ignore[attr-defined]


async def _round_or_none(svc: TableService, table_id: str) -> Round | None:
    try:
        return await svc.round(table_id)
    except TableError:
        return None


def _game_info(found: Round, pid: str) -> dict[str, Any]:
    table = found.table
    seat = _seat_of(found, pid)
    return {
        "id": table.id,
        "gameId": table.id,
        "game": table.game.name,
        "players": table.players,
        "rated": table.rated,
        "seat": seat,
        "seat_name": table.seat_names[seat] if seat is not None else None,
        "status": status_of(table),
        "isMyTurn": seat is not None and seat in table.to_act(),
        "result": table.result.to_json() if table.result else None,
    }


def _seat_of(found: Round, pid: str) -> Seat | None:
    return next((s for s, info in enumerate(found.table.seats) if info.player == pid), None)


async def _bot_seat(request: Request, table_id: str) -> tuple[TableService, Round, Seat, Holder]:
    holder = await bot_of(request)
    svc = table_service(request)
    found = await svc.round(table_id)
    seat = _seat_of(found, holder.player.id)
    if seat is None:
        raise TableError(ErrorCode.NOT_SEATED, "this BOT has no seat at this table")
    return svc, found, seat, holder


@router.get("/bot/game/stream/{game_id}", responses=LINES)
async def stream_game(game_id: GameId, request: Request) -> _Lines:
    """The BOT's game: first `gameFull` (the table, `seat`, seats, clock and `state`, the
    BOT's own view), then a `gameState` after each change and `chatLine`s; it ends when
    the game does. A newline every `bot_keepalive_seconds` while idle."""
    svc, found, seat, _ = await _bot_seat(request, game_id)
    keepalive = request.app.state.http_limits.bot_keepalive_seconds
    listener = GameListener(found, seat)
    first = listener.start()
    if found.table.timing.bot_playing.get(seat) is False:
        with contextlib.suppress(TableError):  # the stand-in steps back: the BOT is here
            await svc.came_back(found.id, seat)

    async def lines() -> AsyncIterator[bytes]:
        try:
            yield _line(first)
            if first["state"]["status"] not in ("started", "created"):
                return
            while True:
                try:
                    async with asyncio.timeout(keepalive):
                        line = await listener.lines.get()
                except TimeoutError:
                    yield b"\n"
                    continue
                if line is None:
                    return
                yield _line(line)
                if line["type"] == "gameState" and line["status"] not in ("started", "created"):
                    return
        finally:
            listener.stop()

    return _Lines(lines())


# ----------------------------------------------------------------------------- acting


@router.post("/bot/game/{game_id}/move/{move}", response_model=OkOut)
async def move(
    game_id: GameId,
    move: Annotated[str, Path(max_length=MAX_ACTION)],
    request: Request,
    seq: Annotated[int | None, Query(ge=0)] = None,
) -> Any:
    """Play an action: the game's notation (the coordinate form of `moves` for the chess
    games, `b2b3`; Regicida's action text, spaces written `_` or `%20`). `seq`: the
    `gameState` it answers (optional): if a move came between, it is refused as `stale`."""
    svc, found, seat, holder = await _bot_seat(request, game_id)
    seen = found.table.seq if seq is None else seq
    cmd = Command(CommandType.ACTION, action=from_url_form(move), seq=seen,
                  player=holder.player.id, source=client_of(request.scope))  # fmt: skip
    await svc.submit(found.id, seat, cmd)
    return {"ok": True}


@router.post("/bot/game/{game_id}/chat", response_model=OkOut)
async def chat(game_id: GameId, body: ChatIn, request: Request) -> Any:
    """A chat line at the table, under the BOT's name."""
    svc, found, seat, _ = await _bot_seat(request, game_id)
    await svc.submit(found.id, seat, Command(CommandType.CHAT, text=body.text))
    return {"ok": True}


@router.post("/bot/game/{game_id}/resign", response_model=OkOut)
async def resign(game_id: GameId, request: Request) -> Any:
    svc, found, seat, _ = await _bot_seat(request, game_id)
    await svc.submit(found.id, seat, Command(CommandType.RESIGN))
    return {"ok": True}


@router.post("/bot/game/{game_id}/claim-victory", response_model=OkOut)
async def claim_victory(game_id: GameId, request: Request) -> Any:
    """Claim the win from an opponent away past the table's absence rule."""
    svc, found, seat, _ = await _bot_seat(request, game_id)
    await svc.submit(found.id, seat, Command(CommandType.CLAIM))
    return {"ok": True}
