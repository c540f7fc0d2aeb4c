"""The HTTP API between players: challenges by name, follows and blocks.

A request names its player with `X-Player-Key`, or with `Authorization: Bearer <token>`
(an API token, the Bot API's: `app.state.bearer` reads it when the Bot API is installed).
The challenge routes follow lichess's (`POST /api/challenge/{name}`, `…/{id}/accept`,
`…/decline`, `…/cancel`), so its clients' habits fit; `GET /api/challenge/stream` is the
browser's live feed of its challenges (NDJSON, a newline every few seconds while idle).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Request, Response
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from regalia.protocol import ErrorCode, EventKind
from regalia.server.bearer import check_games
from regalia.server.chatprefs import chat_off
from regalia.server.errors import ERRORS
from regalia.server.limits import client_of
from regalia.server.players import PlayerKey, me, read, reseat, service
from regalia.server.schemas import ClockIn
from regalia.tables.accounts import Player
from regalia.tables.challenges import DECLINE_REASONS, Ask, Challenges
from regalia.tables.errors import TableError
from regalia.tables.names import MAX_NAME
from regalia.tables.relations import Relations

router = APIRouter(prefix="/api", responses=ERRORS)
Authorization = Annotated[str | None, Header(max_length=200)]
# Seconds between the keep-alive newlines of an idle stream.
KEEP_ALIVE_SECONDS = 7.0
Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME)]


class ChallengeIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=32)
    players: int | None = Field(default=None, ge=1, le=8)
    clock: ClockIn | None = Field(default=None, max_length=2)
    rated: bool = False
    seat: int | None = Field(default=None, ge=0, le=7)  # the challenger's; default: any
    # More players for the other seats of a game of three or more (each must accept).
    invite: list[Name] = Field(default_factory=list, max_length=7)


class DeclineIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    reason: Literal[DECLINE_REASONS] | None = None  # type: ignore[valid-type]


class WhoOut(BaseModel):
    id: str
    name: str | None
    bot: bool


class InvitedOut(WhoOut):
    seat: int | None
    answer: str | None


class ChallengeBody(BaseModel):
    id: str
    game: str
    players: int
    clock: dict[str, int] | None
    rated: bool
    seat: int | None
    status: Literal["pending", "accepted", "declined", "canceled"]
    reason: str | None
    table: str | None
    created_at: str
    challenger: WhoOut
    invited: list[InvitedOut]


class ChallengeOut(BaseModel):
    challenge: ChallengeBody
    # When this answer made the table: the caller's seat and its token (shown once).
    seat: int | None = None
    token: str | None = None


class ChallengesOut(BaseModel):
    model_config = ConfigDict(populate_by_name=True)
    in_: list[ChallengeBody] = Field(alias="in", serialization_alias="in")
    out: list[ChallengeBody]


class PlayingOut(BaseModel):
    table: str
    game: str
    seat: int


class FollowedOut(WhoOut):
    playing: list[PlayingOut]


class PlayerRefOut(BaseModel):
    id: str
    name: str


class RelationOut(BaseModel):
    following: bool
    blocking: bool


def relations_of(state: Any) -> Relations:
    """The app's follows and blocks (made on first use, from its table service)."""
    found: Relations | None = getattr(state, "relations", None)
    if found is None:
        svc = state.service
        found = state.relations = Relations(svc.db.store.engine, svc.clock.now)
    return found


def challenges_of(state: Any) -> Challenges:
    """The app's challenges, with the one registry of who watches theirs in this process
    (made on first use)."""
    found: Challenges | None = getattr(state, "challenges", None)
    if found is None:
        notes = getattr(state, "notifications", None)  # push and e-mail, when installed
        notify = notes.notify if notes is not None else None
        found = state.challenges = Challenges(state.service, relations_of(state), notify)
    return found


def challenges(request: Request) -> Challenges:
    return challenges_of(request.app.state)


def relations(request: Request) -> Relations:
    return relations_of(request.app.state)


async def caller(request: Request, key: str | None, authorization: str | None) -> Player:
    """The player a request comes from: its player key, else its API token."""
    if key or not authorization:
        return await me(request, key)
    scheme, _, token = authorization.partition(" ")
    bearer: Callable[[Request, str], Awaitable[Player]] | None = getattr(
        request.app.state, "bearer", None
    )
    if scheme.lower() != "bearer" or not token.strip() or bearer is None:
        raise TableError(ErrorCode.BAD_PLAYER_KEY, "send your player key or an API token")
    return await bearer(request, token.strip())


async def named(request: Request, name: str) -> Player:
    found = await read(request, service(request).accounts.credentials, name[:MAX_NAME])
    if found is None:
        raise TableError(ErrorCode.UNKNOWN_PLAYER, "no such player")
    return found.player


# ----------------------------------------------------------------------------- challenges


@router.get("/challenge", response_model=ChallengesOut, response_model_by_alias=True)
async def my_challenges(
    request: Request, x_player_key: PlayerKey = None, authorization: Authorization = None
) -> dict[str, Any]:
    """The caller's pending challenges: those it is invited to (`in`) and its own (`out`)."""
    player = await caller(request, x_player_key, authorization)
    pending = await challenges(request).pending(player.id)
    mine = [c for c in pending if c["challenger"]["id"] == player.id]
    return {"in": [c for c in pending if c not in mine], "out": mine}


@router.get("/challenge/stream", include_in_schema=False)
async def challenge_stream(
    request: Request, x_player_key: PlayerKey = None, authorization: Authorization = None
) -> StreamingResponse:
    """NDJSON: the caller's pending challenges, then each challenge event as it happens;
    an empty line every few seconds while nothing happens."""
    player = await caller(request, x_player_key, authorization)
    events = challenges(request).watch(player.id)
    return StreamingResponse(_lines(events), media_type="application/x-ndjson")


async def _lines(events: AsyncIterator[dict[str, Any]]) -> AsyncIterator[bytes]:
    pending: asyncio.Task[dict[str, Any]] | None = None
    try:
        while True:
            if pending is None:
                pending = asyncio.ensure_future(anext(events))
            done, _ = await asyncio.wait({pending}, timeout=KEEP_ALIVE_SECONDS)
            if not done:
                yield b"\n"
                continue
            try:
                event = pending.result()
            except StopAsyncIteration:
                return
            pending = None
            yield (json.dumps(event, separators=(",", ":")) + "\n").encode()
    finally:
        if pending is not None:
            pending.cancel()
            with contextlib.suppress(BaseException):
                await pending
        await events.aclose()  # type: ignore[attr-defined]


@router.get("/challenge/{challenge_id}/show", response_model=ChallengeOut)
async def one_challenge(
    challenge_id: str, request: Request, x_player_key: PlayerKey = None,
    authorization: Authorization = None,
) -> dict[str, Any]:  # fmt: skip
    """A challenge the caller makes or is invited to."""
    player = await caller(request, x_player_key, authorization)
    found = await challenges(request).get(challenge_id)
    if player.id not in (found["challenger"]["id"], *(i["id"] for i in found["invited"])):
        raise TableError(ErrorCode.UNKNOWN_CHALLENGE, "no such challenge for you")
    return {"challenge": found}


@router.post("/challenge/{name}", response_model=ChallengeOut)
async def challenge(
    name: str, body: ChallengeIn, request: Request, x_player_key: PlayerKey = None,
    authorization: Authorization = None,
) -> dict[str, Any]:  # fmt: skip
    """Challenge the player called `name` (and those in `invite`) to a new table."""
    player = await caller(request, x_player_key, authorization)
    ask = Ask(body.game, body.players, body.clock, body.rated, body.seat)
    names = [name[:MAX_NAME], *body.invite]
    made = await challenges(request).challenge(player, names, ask, client_of(request.scope))
    return {"challenge": made}


@router.post("/challenge/{challenge_id}/accept", response_model=ChallengeOut)
async def accept(
    challenge_id: str, request: Request, x_player_key: PlayerKey = None,
    authorization: Authorization = None,
) -> dict[str, Any]:  # fmt: skip
    """Accept; when every invited player has, the table is made, everyone seated, and the
    answer carries the caller's seat and token (the others take theirs with
    `POST /api/tables/{id}/join` and their key alone)."""
    player = await caller(request, x_player_key, authorization)
    await check_games(request, player)  # a BOT plays at most `bot_games` games at once
    done = await challenges(request).accept(challenge_id, player, client_of(request.scope))
    if done["table"] is None:
        return {"challenge": done}
    seat, token = await reseat(request, done["table"], player)
    return {"challenge": done, "seat": seat, "token": token}


@router.post("/challenge/{challenge_id}/decline", response_model=ChallengeOut)
async def decline(
    challenge_id: str, request: Request, body: DeclineIn = DeclineIn(),
    x_player_key: PlayerKey = None, authorization: Authorization = None,
) -> dict[str, Any]:  # fmt: skip
    player = await caller(request, x_player_key, authorization)
    return {"challenge": await challenges(request).decline(challenge_id, player, body.reason)}


@router.post("/challenge/{challenge_id}/cancel", response_model=ChallengeOut)
async def cancel(
    challenge_id: str, request: Request, x_player_key: PlayerKey = None,
    authorization: Authorization = None,
) -> dict[str, Any]:  # fmt: skip
    player = await caller(request, x_player_key, authorization)
    return {"challenge": await challenges(request).cancel(challenge_id, player)}


# ----------------------------------------------------------------------------- relations


async def _relate(
    request: Request, name: str, key: str | None, authorization: str | None,
    change: Callable[[Relations], Callable[[str, str, bool], None]], on: bool,
) -> Response:  # fmt: skip
    player = await caller(request, key, authorization)
    other = await named(request, name)
    if other.id == player.id:
        raise TableError(ErrorCode.BAD_OPTIONS, "that is you")
    fn = change(relations(request))
    await service(request).db.write(lambda: fn(player.id, other.id, on), "relation")
    return Response(status_code=204)


@router.post("/rel/follow/{name}", status_code=204, response_class=Response)
async def follow(
    name: str, request: Request, x_player_key: PlayerKey = None,
    authorization: Authorization = None,
) -> Response:  # fmt: skip
    """Follow a player: their games in play are listed on your page."""
    return await _relate(request, name, x_player_key, authorization, lambda r: r.follow, True)


@router.post("/rel/unfollow/{name}", status_code=204, response_class=Response)
async def unfollow(
    name: str, request: Request, x_player_key: PlayerKey = None,
    authorization: Authorization = None,
) -> Response:  # fmt: skip
    return await _relate(request, name, x_player_key, authorization, lambda r: r.follow, False)


@router.post("/rel/block/{name}", status_code=204, response_class=Response)
async def block(
    name: str, request: Request, x_player_key: PlayerKey = None,
    authorization: Authorization = None,
) -> Response:  # fmt: skip
    """Block a player: no challenges between you, never paired by quick play, and their
    chat lines are hidden from you."""
    return await _relate(request, name, x_player_key, authorization, lambda r: r.block, True)


@router.post("/rel/unblock/{name}", status_code=204, response_class=Response)
async def unblock(
    name: str, request: Request, x_player_key: PlayerKey = None,
    authorization: Authorization = None,
) -> Response:  # fmt: skip
    return await _relate(request, name, x_player_key, authorization, lambda r: r.block, False)


@router.get("/rel/following", response_model=list[FollowedOut])
async def following(
    request: Request, x_player_key: PlayerKey = None, authorization: Authorization = None
) -> list[dict[str, Any]]:
    """Whom the caller follows, each with the tables they play at now."""
    player = await caller(request, x_player_key, authorization)
    found: list[dict[str, Any]] = await read(request, relations(request).following, player.id)
    return found


@router.get("/rel/blocking", response_model=list[PlayerRefOut])
async def blocking(
    request: Request, x_player_key: PlayerKey = None, authorization: Authorization = None
) -> list[dict[str, Any]]:
    player = await caller(request, x_player_key, authorization)
    found: list[dict[str, Any]] = await read(request, relations(request).blocks, player.id)
    return found


@router.get("/rel/with/{name}", response_model=RelationOut)
async def relation(
    name: str, request: Request, x_player_key: PlayerKey = None,
    authorization: Authorization = None,
) -> dict[str, Any]:  # fmt: skip
    """Whether the caller follows and blocks the player called `name`."""
    player = await caller(request, x_player_key, authorization)
    other = await named(request, name)
    rel = relations(request)
    return {
        "following": await read(request, rel.follows, player.id, other.id),
        "blocking": await read(request, rel.is_blocked, player.id, other.id),
    }


async def unblocked(
    request: Request, key: str | None, table: Any, events: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """`events` without the chat lines of the players the key's player blocks (a stale key
    filters nothing: the lines are public anyway)."""
    if not key:
        return events
    try:
        player = await me(request, key)
    except TableError:
        return events
    if await read(request, chat_off, service(request), player.id):  # "I don't want chat"
        return [e for e in events if e.get("kind") != EventKind.CHAT]
    found = await read(request, relations(request).blocked_by, player.id)
    if not found:
        return events
    return [
        e for e in events
        if e.get("kind") != EventKind.CHAT
        or e.get("seat") is None or table.seats[e["seat"]].player not in found
    ]  # fmt: skip
