"""The HTTP API under /api: games, tables, seats, commands and replays."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request

from regalia.ai.ratings import ladder
from regalia.core.game import Game
from regalia.core.registry import available_games
from regalia.metrics import COMMANDS
from regalia.protocol import CommandType, ErrorCode, SeatKind
from regalia.puzzles.hook import hook_for
from regalia.server import bearer
from regalia.server.errors import ERRORS
from regalia.server.limits import client_of
from regalia.server.people import unblocked
from regalia.server.players import PlayerKey, player_of, reseat, seat_name
from regalia.server.schemas import (
    ChatOut,
    CommandIn,
    CreatedOut,
    CreateIn,
    EventsOut,
    GameOut,
    JoinIn,
    JoinOut,
    OnlineOut,
    QuickPlayIn,
    ReplayIn,
    ReplayOut,
    SeatTokenOut,
    SeqOut,
    SitIn,
    TableOut,
)
from regalia.tables import seeks
from regalia.tables.commands import Command
from regalia.tables.errors import TableError
from regalia.tables.replay import record_replay, table_replay
from regalia.tables.reports import kind_of as report_kind
from regalia.tables.requests import SeatRequest, TableRequest
from regalia.tables.service import TableService
from regalia.tables.table import Table
from regalia.wire import View, schema

PROTOCOL = schema()  # built once: it is the code's, not the request's

Token = Annotated[str | None, Header(alias="X-Seat-Token", max_length=100)]
TableId = Annotated[str, "table id"]

router = APIRouter(prefix="/api", responses=ERRORS)
# Events one request returns at most: a long game's log comes in pages.
MAX_EVENTS = 1000
# Lobby rows one request returns at most, and how far its pages go.
MAX_TABLES = 200
MAX_OFFSET = 10_000


def service(request: Request) -> TableService:
    svc: TableService = request.app.state.service
    return svc


def summary(svc: TableService, table: Table) -> dict[str, Any]:
    found = svc.rounds.loaded(table.id)
    return found.summary() if found is not None else table.summary(svc.clock.now())


@router.get("/health")
async def health() -> dict[str, bool]:
    return {"ok": True}


# Where an unrated level sorts among rated ones: after them all.
RATING_UNKNOWN = 1 << 30


@router.get("/games", response_model=list[GameOut])
async def games() -> list[dict[str, Any]]:
    return [game_facts(game) for game in available_games()]


def game_facts(game: Game[Any]) -> dict[str, Any]:
    counts = range(game.min_players, game.max_players + 1)
    levels = game.bot_levels
    rated = dict(ladder(game))  # weakest first; a level with no rating after the rest
    return {
        "name": game.name,
        "title": game.title,
        "summary": game.summary,
        "description": game.description or game.summary,
        "rules_url": game.rules_url,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "default_players": game.players_by_default(),
        "perfect_information": game.perfect_information,
        "resignation": game.resignation,
        "draw_offers": game.draw_offers,
        "takebacks": game.takebacks,
        "notation_hint": game.notation_hint,
        "seat_names": {str(n): list(game.seat_names(n)) for n in counts},
        "teams": {str(n): [sorted(team) for team in game.teams(n)] for n in counts},
        "options": [
            {
                "name": o.name,
                "help": o.help,
                "default": o.default,
                "choices": list(o.choices),
                "minimum": o.minimum,
                "maximum": o.maximum,
            }
            for o in game.options.values()
        ],
        "bot_levels": [level.name for level in levels],
        "levels": [
            {"name": lv.name, "title": lv.label, "help": lv.help, "rating": rated.get(lv.name)}
            for lv in sorted(levels, key=lambda lv: rated.get(lv.name, RATING_UNKNOWN))
        ],
        "default_level": game.default_level or (levels[0].name if levels else ""),
        "clock_presets": [{"label": p.label, "clock": p.to_json()} for p in game.clock_presets],
        "on_timeout": game.on_timeout,
        "days_per_move": list(game.days_per_move),
        "conditional_moves": game.conditional_moves,
        "absence": game.absence,
        "lessons": bool(game.lessons),
        "referee": bool(game.referee),
        "report": report_kind(game) is not None,
        "puzzles": bool(game.puzzles),
        "puzzle_themes": dict(hook_for(game).theme_titles) if game.puzzles else {},
        "dynamics": game.dynamics.value,
        "utility": game.utility.value,
        "chance": game.chance.value,
    }


@router.post("/tables", response_model=CreatedOut, status_code=201)
async def create_table(
    body: CreateIn, request: Request, x_player_key: PlayerKey = None
) -> dict[str, Any]:
    """A new table; with a player key its tables with bots count against that player's
    cap (and the address's looser one), not the address's alone."""
    svc = service(request)
    player = await player_of(request, x_player_key)
    table, tokens = await svc.create(
        TableRequest(
            game=body.game,
            seats=[SeatRequest(s.kind, s.level) for s in body.seats],
            players=body.players,
            options=body.options,
            seed=body.seed,
            client=client_of(request.scope),
            clock=body.clock,
            on_timeout=body.on_timeout,
            absence=body.absence.model_dump(exclude_none=True) if body.absence else None,
            rated=body.rated,
            chat=body.chat,
            position=body.position,
        ),
        player,
    )
    return {
        "table": summary(svc, table),
        "tokens": [{"seat": s, "token": t} for s, t in tokens],
        "spectate": f"/#/t/{table.id}",
    }


@router.get("/tables", response_model=list[TableOut])
async def list_tables(
    request: Request,
    status: Annotated[str | None, Query(pattern="^(waiting|playing|finished|expired)$")] = None,
    limit: Annotated[int, Query(ge=1, le=MAX_TABLES)] = MAX_TABLES,
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
) -> list[dict[str, Any]]:
    """A page of the lobby: real seeks (a waiting table whose seated player is connected)
    first, then the rest newest first; fewer than `limit` rows: the last page."""
    return await service(request).list_summaries(status, limit, offset)


@router.get("/tables/{table_id}", response_model=TableOut)
async def get_table(table_id: TableId, request: Request) -> dict[str, Any]:
    svc = service(request)
    return summary(svc, await svc.table(table_id))


@router.post("/tables/{table_id}/join", response_model=JoinOut)
async def join(
    table_id: TableId,
    body: JoinIn,
    request: Request,
    x_seat_token: Token = None,
    x_player_key: PlayerKey = None,
) -> dict[str, Any]:
    """Take your seat (its token); with a player key the seat is bound to your player. A
    player key without a token takes the player's own seat with a new token (`token`)."""
    svc = service(request)
    table = await svc.table(table_id)
    player = await player_of(request, x_player_key)
    token = None
    if not x_seat_token and player is not None:
        seat, token = await reseat(request, table_id, player)
    else:
        seat = await _seat(svc, table, x_seat_token)
    name = await seat_name(svc, body.name, player)
    pid, source = player.id if player else None, client_of(request.scope)
    bot = player is not None and player.bot_account
    cmd = Command(CommandType.JOIN, name=name, player=pid, source=source, bot=bot)
    await svc.submit(table.id, seat, cmd)
    return {"seat": seat, "table": summary(svc, table), "token": token}


@router.post("/tables/{table_id}/sit", response_model=SeatTokenOut)
async def sit(
    table_id: TableId, body: SitIn, request: Request, x_player_key: PlayerKey = None
) -> dict[str, Any]:
    """Take an open seat: its token comes back this once (409 `seat_taken` if gone)."""
    svc = service(request)
    player = await player_of(request, x_player_key)
    if player is not None and player.bot_account:
        await bearer.check_games(request, player)
        table = await svc.table(table_id)
        if sum(1 for s in table.seats if s.kind == SeatKind.OPEN and not s.joined) > 1:
            raise TableError(
                ErrorCode.BOT_ACCOUNT,
                "a BOT takes only a table's last open seat (a waiting BOT would be a seek "
                "in quick play): challenge players instead",
            )
    name = await seat_name(svc, body.name, player) or ""
    table, token = await svc.sit(table_id, body.seat, name, player, client_of(request.scope))
    return {"seat": body.seat, "token": token, "table": summary(svc, table)}


@router.post("/quickplay", response_model=SeatTokenOut)
async def quick_play(
    body: QuickPlayIn, request: Request, x_player_key: PlayerKey = None, x_seat_token: Token = None
) -> dict[str, Any]:
    """A seat at the oldest live seek of that game, size and clock, or a new table: its
    other seats open (the client offers them to bots after `bot_after_s`), or bots of a
    level near the player's rating with `bot_after_s` 0. `leave` (with its seat token): the
    waiting table this seeker gives up; if someone sat down there meanwhile, that seat."""
    svc = service(request)
    player = await player_of(request, x_player_key)
    if player is not None and player.bot_account:
        raise TableError(ErrorCode.BOT_ACCOUNT, "a BOT plays through the Bot API, not quick play")
    if body.leave is not None:
        if not x_seat_token:
            raise TableError(ErrorCode.BAD_TOKEN, "leaving a table needs its seat token")
        kept = await seeks.give_up(svc, body.leave, x_seat_token)
        if kept is not None:
            seat = await svc.seat_of(kept.id, x_seat_token)
            return {"seat": seat, "token": x_seat_token, "table": summary(svc, kept)}
    name = await seat_name(svc, body.name, player) or ""
    table, seat, token = await svc.quick_play(
        body.game, body.players, body.clock, name, client_of(request.scope), player,
        body.bot_after_s,
    )  # fmt: skip
    return {"seat": seat, "token": token, "table": summary(svc, table),
            "bot_after_s": body.bot_after_s}  # fmt: skip


@router.get("/lobby/online", response_model=OnlineOut)
async def lobby_online(request: Request) -> dict[str, Any]:
    """Seats with a live connection at unfinished tables, and the live seeks, oldest first."""
    svc = service(request)
    return seeks.online(svc.rounds, svc.clock.now())


@router.get("/tables/{table_id}/view", response_model=View)
async def view(table_id: TableId, request: Request, x_seat_token: Token = None) -> dict[str, Any]:
    found = await service(request).round(table_id)
    return found.view(await found.seat_of(x_seat_token))


@router.get("/tables/{table_id}/events", response_model=EventsOut)
async def events(
    table_id: TableId,
    request: Request,
    after: Annotated[int, Query(ge=0)] = 0,
    limit: Annotated[int, Query(ge=1, le=MAX_EVENTS)] = MAX_EVENTS,
    x_seat_token: Token = None,
    x_player_key: PlayerKey = None,
) -> dict[str, Any]:
    """Events after `after`, at most `limit` of them; `more` says whether others follow.
    With a player key, the chat lines of players it blocks are left out."""
    svc = service(request)
    table = await svc.table(table_id)
    seat = await svc.seat_of(table.id, x_seat_token)
    found = await unblocked(request, x_player_key, table, table.events_after(after, seat))
    return {"events": found[:limit], "seq": table.seq, "more": len(found) > limit}


@router.get("/tables/{table_id}/chat", response_model=ChatOut)
async def chat(
    table_id: TableId,
    request: Request,
    before: Annotated[int | None, Query(ge=1)] = None,
    limit: Annotated[int, Query(ge=1, le=MAX_EVENTS)] = 50,
    x_seat_token: Token = None,
    x_player_key: PlayerKey = None,
) -> dict[str, Any]:
    """Chat lines before seq `before` (default: all), the newest `limit` of them; with a
    player key, those of players it blocks are left out; with a seat token, spectators'."""
    svc = service(request)
    table = await svc.table(table_id)
    seat = await svc.seat_of(table.id, x_seat_token)
    end = table.seq + 1 if before is None else before
    return {
        "chat": await unblocked(request, x_player_key, table, table.chat_before(end, limit, seat))
    }


@router.post("/tables/{table_id}/commands", response_model=SeqOut)
async def command(
    table_id: TableId, body: CommandIn, request: Request, x_seat_token: Token = None
) -> dict[str, int]:
    svc = service(request)
    table = await svc.table(table_id)
    seat = await _seat(svc, table, x_seat_token)
    cmd = Command.of(body.root)
    try:
        seq = await svc.submit(table.id, seat, cmd)
    except TableError as exc:
        COMMANDS.labels(type=cmd.type, outcome=exc.code).inc()
        raise
    COMMANDS.labels(type=cmd.type, outcome="ok").inc()
    return {"seq": seq}


@router.get("/protocol")
async def protocol() -> dict[str, Any]:
    """JSON Schemas of every WebSocket message both ways, the HTTP command body, the table
    summary, and each error code's HTTP status (regalia.wire)."""
    return PROTOCOL


@router.get("/tables/{table_id}/replay", response_model=ReplayOut)
async def replay(table_id: TableId, request: Request) -> dict[str, Any]:
    table = await service(request).table(table_id)
    return await asyncio.to_thread(table_replay, table)


@router.post("/replays", response_model=ReplayOut)
async def upload_replay(body: ReplayIn) -> dict[str, Any]:
    # Replaying a long record is CPU work: keep it off the event loop.
    return await asyncio.to_thread(record_replay, body.record, body.game)


async def _seat(svc: TableService, table: Table, token: str | None) -> int:
    seat = await svc.seat_of(table.id, token)
    if seat is None:
        raise TableError(ErrorCode.NOT_SEATED, "send your seat token in the X-Seat-Token header")
    return seat
