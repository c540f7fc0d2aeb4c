"""The WebSocket of a table: `hello`, then commands in and events plus views out.

Any input is hostile until checked: a malformed message gets an `error` and the socket stays
open; only a bad `hello` closes it (with a documented code). Nothing a client sends can raise
past this module, and nothing it sends is logged.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import Callable, Sequence
from typing import Any

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect

from regalia import jsontext
from regalia.core.game import Seat
from regalia.i18n import negotiate, translate
from regalia.metrics import COMMANDS, RATE_LIMITED, WEBSOCKETS
from regalia.protocol import CloseCode, CommandType, ErrorCode, EventKind, MessageType
from regalia.server.chatprefs import chat_off
from regalia.server.errors import language
from regalia.server.limits import client_of
from regalia.server.people import relations_of
from regalia.server.players import seat_name
from regalia.tables.commands import Command, read_client
from regalia.tables.errors import TableError
from regalia.tables.ratelimit import RateLimiter
from regalia.tables.service import TableService
from regalia.tables.table import Table
from regalia.wire import MAX_PING_ID, Hello, Join, Ping

log = logging.getLogger("regalia.server")
MAX_FRAME = 16 * 1024  # bytes of UTF-8
HELLO_SECONDS = 30.0
# A client this far behind is not reading; dropping it protects the server's memory.
MAX_BACKLOG = 2000

router = APIRouter()
COMMAND_TYPES = frozenset(CommandType)


class Client:
    """One connection; its table's Round sends it messages already built for its seat."""

    def __init__(self, seat: Seat | None, limiter: RateLimiter, lang: str = "en") -> None:
        self.seat = seat
        self.limiter = limiter
        self.lang = lang
        # Frames to send: the messages of one change go in one frame (None: close).
        self.outbox: asyncio.Queue[Sequence[dict[str, Any]] | None] = asyncio.Queue()
        # The seats whose chat lines this viewer does not see (their player is blocked).
        self.muted: Callable[[Seat | None], bool] | None = None
        self.chat: RateLimiter | None = None  # a spectator's chat lines, per connection
        self.player: Any = None  # the signed-in player (a seat's, or a spectator's key's)

    def send(self, messages: Sequence[dict[str, Any]]) -> None:
        """One frame: a change's events and view together (one message: just that one)."""
        if self.muted is not None:
            messages = self._unmuted(messages)
            if not messages:
                return
        if self.outbox.qsize() > MAX_BACKLOG:
            self.outbox.put_nowait(None)
            return
        self.outbox.put_nowait(messages)

    def say(self, message: dict[str, Any]) -> None:
        if self.muted is None or self._unmuted((message,)):
            self.outbox.put_nowait((message,))

    def _unmuted(self, messages: Sequence[dict[str, Any]]) -> Sequence[dict[str, Any]]:
        muted = self.muted
        assert muted is not None
        keep = [m for m in messages if not _chat_of(m, muted)]
        return messages if len(keep) == len(messages) else keep

    def close(self) -> None:
        """The seat's token was revoked: say so, then close (the writer does)."""
        message = "this seat token was revoked: sign in again and take your seat"
        self.say(error(ErrorCode.BAD_TOKEN, message, None, self.lang))
        self.outbox.put_nowait(None)


class Sockets:
    """Open sockets per client address and in all, capped (held in `app.state`)."""

    def __init__(self, per_client: int, total: int = 16_384) -> None:
        self.per_client = per_client
        self.total = total
        self.count = 0
        self.open: dict[str, int] = {}

    def enter(self, client: str) -> bool:
        if self.open.get(client, 0) >= self.per_client or self.count >= self.total:
            return False
        self.open[client] = self.open.get(client, 0) + 1
        self.count += 1
        return True

    def leave(self, client: str) -> None:
        self.count -= 1
        left = self.open.get(client, 1) - 1
        if left > 0:
            self.open[client] = left
        else:
            self.open.pop(client, None)


def _chat_of(message: dict[str, Any], muted: Callable[[Seat | None], bool]) -> bool:
    """Whether `message` is a chat line of a muted seat."""
    if message.get("type") != MessageType.EVENT:
        return False
    event = message.get("event") or {}
    return bool(event.get("kind") == EventKind.CHAT and muted(event.get("seat")))


def error(
    code: ErrorCode, message: str, seq: int | None = None, lang: str = "en"
) -> dict[str, Any]:
    """An `error` message, in the client's language when the catalogue has the sentence."""
    text = translate(message, lang)
    return {"type": MessageType.ERROR, "code": code, "message": text, "seq": seq}


async def _send(ws: WebSocket, message: dict[str, Any]) -> None:
    await ws.send_text(jsontext.dumps(message))


# The last frame encoded: every connection of one seat is sent the same frame object, and
# their writers usually run one after another, so spectators share one encoding.
_last: tuple[object, str] = (None, "")


async def _send_frame(ws: WebSocket, messages: Sequence[dict[str, Any]]) -> None:
    """A lone message as itself, several as a JSON array (one frame, one write)."""
    global _last
    frame, text = _last
    if frame is not messages:
        text = jsontext.dumps(messages[0] if len(messages) == 1 else list(messages))
        _last = (messages, text)
    await ws.send_text(text)


def _decode(text: str | None) -> dict[str, Any]:
    if text is None:
        raise TableError(ErrorCode.BAD_MESSAGE, "send JSON text frames")
    if len(text) > MAX_FRAME or len(text.encode("utf-8", "surrogatepass")) > MAX_FRAME:
        raise TableError(ErrorCode.TOO_LARGE, f"a message may be at most {MAX_FRAME} bytes")
    try:
        # Refuses escapes that spell text that is not Unicode (a lone surrogate) and nesting
        # past 1,024 levels, as well as what is not JSON.
        data = jsontext.loads(text)
    except ValueError as exc:
        why = str(exc)
        if "depth" in why:
            raise TableError(ErrorCode.BAD_JSON, "the message is nested too deeply") from None
        if "surrogate" in why:
            raise TableError(
                ErrorCode.BAD_JSON, "the message holds text that is not valid Unicode"
            ) from None
        raise TableError(ErrorCode.BAD_JSON, "the message is not valid JSON") from None
    if not isinstance(data, dict):
        raise TableError(ErrorCode.BAD_MESSAGE, "a message is a JSON object with a 'type'")
    return data


def _read_hello(data: dict[str, Any]) -> Hello:
    if data.get("type") != MessageType.HELLO:
        raise TableError(ErrorCode.BAD_MESSAGE, "the first message must be a 'hello'")
    hello = read_client(data)
    assert isinstance(hello, Hello)  # its type was checked just above
    return hello


@router.websocket("/ws/tables/{table_id}")
async def table_socket(ws: WebSocket, table_id: str) -> None:
    sockets: Sockets = ws.app.state.sockets
    address = client_of(ws.scope)
    await ws.accept()
    if not sockets.enter(address):
        full = sockets.count >= sockets.total
        RATE_LIMITED.labels(what="sockets" if full else "sockets_per_client").inc()
        lang = language(ws.headers)
        if full:
            message = "the server has no room for another socket; try again in a moment"
        else:
            message = "too many open sockets from your address"
        await _send(ws, error(ErrorCode.RATE_LIMITED, message, None, lang))
        await ws.close(CloseCode.TRY_AGAIN)
        return
    WEBSOCKETS.inc()
    try:
        await _serve(ws, table_id)
    finally:
        WEBSOCKETS.dec()
        sockets.leave(address)


async def _serve(ws: WebSocket, table_id: str) -> None:
    svc: TableService = ws.app.state.service
    try:
        table = await svc.table(table_id)
    except TableError as exc:
        await _send(ws, error(exc.code, exc.message, None, language(ws.headers)))
        gone = exc.code == ErrorCode.UNKNOWN_TABLE
        await ws.close(CloseCode.UNKNOWN_TABLE if gone else CloseCode.TRY_AGAIN)
        return
    try:
        async with asyncio.timeout(HELLO_SECONDS):  # not wait_for: it can swallow a cancel
            message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            return
        hello = _read_hello(_decode(message.get("text")))
        found = await svc.round(table_id)  # the same table, unless it left memory meanwhile
        table = found.table
        seat = await found.seat_of(hello.token)
        key = hello.player_key
        accounts = ws.app.state.accounts
        player = await svc.db.read(accounts.player, key) if seat is not None else None
        name = await seat_name(svc, hello.name, player) if seat is not None else None
    except (TableError, TimeoutError) as exc:
        code = exc.code if isinstance(exc, TableError) else ErrorCode.BAD_MESSAGE
        text = exc.message if isinstance(exc, TableError) else "no hello received"
        await _send(ws, error(code, text, table.seq, language(ws.headers)))
        await ws.close(
            CloseCode.BAD_TOKEN if code == ErrorCode.BAD_TOKEN else CloseCode.BAD_MESSAGE
        )
        return
    limits = ws.app.state.http_limits
    lang = negotiate(hello.lang) if hello.lang is not None else language(ws.headers)
    limiter = RateLimiter(limits.socket_burst, limits.socket_per_second, what="socket")
    client = Client(seat, limiter, lang)
    if seat is None:  # a seat's chat is limited per seat at its table; a spectator's here
        chat_limits = svc.limits
        client.chat = RateLimiter(chat_limits.chat_burst, chat_limits.chat_per_second,
                                  svc.clock.now, what="chat")  # fmt: skip
    client.muted = await _muted(ws, svc, found, key if player is None else None, player, client)
    # No await between catching up and subscribing: no event can slip between the two.
    for message in found.welcome(seat, hello.last_seq, svc.limits.chat_history):
        client.say(message)  # a catch-up can be long: a frame per message
    found.subscribe(client)
    writer = asyncio.create_task(_write(ws, client))
    try:
        if seat is not None and (hello.name or player or not table.seats[seat].joined):
            pid = player.id if player else None
            join = Command(CommandType.JOIN, name=name, player=pid, source=client_of(ws.scope),
                           bot=bool(player and player.bot_account))  # fmt: skip
            await _submit(svc, table, seat, join, client)
        if seat is not None and table.timing.bot_playing.get(seat) is False:
            with contextlib.suppress(TableError):  # the bot just keeps the seat a while more
                await svc.came_back(table.id, seat)
        await _read(ws, svc, table, seat, client)
    finally:
        found.unsubscribe(client)
        client.outbox.put_nowait(None)
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer


async def _muted(
    ws: WebSocket, svc: TableService, found: Any, key: str | None, player: Any, client: Client
) -> Callable[[Seat | None], bool] | None:
    """Which seats' chat a signed-in viewer (a player, or a spectator with a key) does not
    see: those of players they block, or every one if they want no chat (read once, when
    they connect; their own lines are refused where every chat line is checked,
    `Rounds.submit`)."""
    if player is None and key:
        with contextlib.suppress(TableError):  # a spectator's stale key is no error
            player = await svc.db.read(ws.app.state.accounts.player, key)
    if player is None:
        return None
    client.player = player
    if await svc.db.read(chat_off, svc, player.id):
        return lambda seat: True
    blocked = await svc.db.read(relations_of(ws.app.state).blocked_by, player.id)
    if not blocked:
        return None
    return lambda seat: seat is not None and found.table.seats[seat].player in blocked


async def _write(ws: WebSocket, client: Client) -> None:
    while True:
        frame = await client.outbox.get()
        if frame is None:
            with contextlib.suppress(Exception):
                slow = client.outbox.qsize() > MAX_BACKLOG
                await ws.close(CloseCode.TOO_SLOW if slow else CloseCode.NORMAL)
            return
        try:
            await _send_frame(ws, frame)
        except (WebSocketDisconnect, RuntimeError, OSError):
            return


async def _read(
    ws: WebSocket, svc: TableService, table: Table, seat: Seat | None, client: Client
) -> None:
    while True:
        try:
            message = await ws.receive()
        except (WebSocketDisconnect, RuntimeError, OSError):
            return
        if message["type"] == "websocket.disconnect":
            return
        kind = None
        try:
            wait = client.limiter.take(None)  # a refusal counts as rate_limited{what="socket"}
            if wait:
                raise TableError(ErrorCode.RATE_LIMITED, f"too many messages; wait {wait:.1f} s")
            data = _decode(message.get("text"))
            kind = data.get("type")
            read = read_client(data)
            if isinstance(read, Ping):
                ping = read.id
                client.say({"type": MessageType.PONG, "id": ping if _small(ping) else None})
                continue
            if isinstance(read, Hello):
                names = ", ".join(CommandType)
                raise TableError(
                    ErrorCode.BAD_MESSAGE, f"unknown message type {kind!r}; use one of {names}"
                )
            if isinstance(read, Join):
                raise TableError(ErrorCode.BAD_MESSAGE, "join by reconnecting with a new 'hello'")
            cmd = Command.of(read)
            spectator = cmd.type == CommandType.CHAT and client.chat is not None
            if spectator and (chat_wait := client.chat.take(None)):  # type: ignore[union-attr]
                raise TableError(
                    ErrorCode.RATE_LIMITED,
                    f"too many chat lines; wait {chat_wait:.0f} s before the next one",
                    retry_after=chat_wait,
                )
            if spectator and client.player is not None:  # signed in: named, and mutes hold
                cmd = dataclasses.replace(cmd, name=client.player.name, player=client.player.id)
        except TableError as exc:
            # A command refused before it reached the table still counts, under its type.
            if isinstance(kind, str) and kind in COMMAND_TYPES:
                COMMANDS.labels(type=kind, outcome=exc.code).inc()
            client.say(error(exc.code, exc.message, table.seq, client.lang))
            continue
        await _submit(svc, table, seat, cmd, client)


async def _submit(
    svc: TableService, table: Table, seat: Seat | None, cmd: Command, client: Client
) -> None:
    try:
        await svc.submit(table.id, seat, cmd)
    except TableError as exc:
        COMMANDS.labels(type=cmd.type, outcome=exc.code).inc()
        client.say(error(exc.code, exc.message, table.seq, client.lang))
        return
    except Exception as exc:  # a bug: the player hears of it, the socket stays open
        COMMANDS.labels(type=cmd.type, outcome=ErrorCode.INTERNAL).inc()
        log.error("table %s: %s failed: %s: %s", table.id, cmd.type, type(exc).__name__, exc)
        message = "the server failed to do that"
        client.say(error(ErrorCode.INTERNAL, message, table.seq, client.lang))
        return
    COMMANDS.labels(type=cmd.type, outcome="ok").inc()


def _small(value: object) -> bool:
    return isinstance(value, int | str) and len(str(value)) <= MAX_PING_ID
