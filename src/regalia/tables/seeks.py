"""Quick play's seeks: who may be paired (a waiting table whose seated player is connected
now), what the lobby shows of them, and the computer opponent a player gets when nobody
comes.

A seek dies with its last connection (a turn-based one lives until it expires): a table
whose player closed the tab stays waiting
(an invite link still opens it) but quick play never seats anyone there; only a table made
in the last `CONNECTING_SECONDS`, whose player's page is still connecting, counts as live
without one. When nobody is
found, the seeker's client comes back after `bot_after_s` (or at once, "Play the
computer") and the open seats go to bots of the level whose rating is nearest the
player's — the levels' own rated players, as the game's descriptor names its levels.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

from sqlalchemy import select
from sqlalchemy.orm import Session

from regalia.core.game import Game, Seat
from regalia.core.registry import get_game
from regalia.protocol import CommandType, ErrorCode, EventKind, SeatKind, TableStatus
from regalia.tables.accounts import Player
from regalia.tables.commands import Command
from regalia.tables.errors import TableError
from regalia.tables.events import Draft, seconds_of
from regalia.tables.models import PlayerRow, RatingRow
from regalia.tables.names import BOT_SUFFIX
from regalia.tables.ratings import shown
from regalia.tables.relations import Relations
from regalia.tables.requests import SeatRequest, TableRequest, compact_json
from regalia.tables.round import Round
from regalia.tables.table import Table

if TYPE_CHECKING:
    from regalia.tables.database import Database
    from regalia.tables.ports import Clock
    from regalia.tables.rounds import Rounds


class TableService(Protocol):
    """What matching needs of the table service (which calls it: no import back)."""

    clock: Clock
    db: Database
    rounds: Rounds

    async def create(
        self, request: TableRequest, seeker: Player | None = None
    ) -> tuple[Table, list[tuple[Seat, str]]]: ...

    async def round(self, table_id: str) -> Round: ...

    async def table(self, table_id: str) -> Table: ...

    async def submit(self, table_id: str, seat: Seat | None, cmd: Command) -> int: ...

    async def seat_of(self, table_id: str, token: str | None) -> Seat | None: ...

    async def sit(
        self, table_id: str, seat: Seat, name: str, player: Player | None = None,
        source: str | None = None,
    ) -> tuple[Table, str]: ...  # fmt: skip


# Seconds a quick play waits for people before its client offers the seats to bots.
BOT_AFTER_SECONDS = 20
# A table quick play just made counts as live this long before its player's connection
# comes (the page opens it right after the answer): seekers arriving together pair up.
CONNECTING_SECONDS = 2.0
COMPUTER_CHOSEN = "its player chose to play the computer"


def live(found: Round, now: float) -> bool:
    """Someone who sits at this table is connected now (here, or as another process said),
    or the table is a few seconds old and its player's connection is on its way. A
    turn-based table's seek lives without one (nobody waits online for days) until it
    expires."""
    if found.table.turn_based or now - seconds_of(found.table.created_at) < CONNECTING_SECONDS:
        return True
    return any(count > 0 for count in found.connected().values())


def clock_key(found: Round) -> str | None:
    rules = found.table.timing.rules
    return compact_json(rules.clock.to_json()) if rules.clock else None


def online(rounds: Rounds, now: float) -> dict[str, Any]:
    """The lobby's counts: seats with a live connection at unfinished tables, and the live
    seeks (oldest first) with what each waits for."""
    players = 0
    for found in rounds:
        if found.table.status in (TableStatus.WAITING, TableStatus.PLAYING):
            players += sum(1 for count in found.connected().values() if count > 0)
    seeks = [
        {
            "game": found.table.game.name,
            "players": found.table.players,
            "clock": found.table.timing.rules.clock.to_json()
            if found.table.timing.rules.clock else None,
            "waiting_s": max(0, int(now - seconds_of(found.table.created_at))),
        }
        for found in reversed(rounds.seeks())
    ]  # fmt: skip
    return {"players_online": players, "seeks": seeks}


def level_ratings(
    engine: Any, game: str, player_id: str | None
) -> tuple[float | None, dict[str, float]]:
    """The player's rating at `game` (None: unrated) and each rated bot level's (blocking)."""
    query = (
        select(PlayerRow.id, PlayerRow.name, PlayerRow.is_bot, RatingRow.mu, RatingRow.sigma)
        .join(RatingRow, RatingRow.player_id == PlayerRow.id)
        .where(RatingRow.game == game)
        .where(PlayerRow.is_bot | (PlayerRow.id == (player_id or "")))
    )
    mine: float | None = None
    levels: dict[str, float] = {}
    with Session(engine) as session:
        for pid, name, is_bot, mu, sigma in session.execute(query).all():
            if is_bot:
                levels[name.removesuffix(BOT_SUFFIX)] = float(shown(mu, sigma))
            elif pid == player_id:
                mine = float(shown(mu, sigma))
    return mine, levels


def level_near(game: Game[Any], rating: float | None, ratings: Mapping[str, float]) -> str:
    """The game's level whose rating is nearest `rating`; the game's default opponent for
    a player with no rating or when no level has one yet."""
    names = [level.name for level in game.bot_levels]
    default = game.default_level or names[0]
    rated = [name for name in names if name in ratings]
    if rating is None or not rated:
        return default
    return min(rated, key=lambda name: abs(ratings[name] - rating))


async def candidates(svc: TableService, game: str, count: int, key: str | None) -> list[str]:
    """Tables a quick play may sit at, oldest first: live seeks in memory, then the store's
    waiting tables of that kind (each is looked at for liveness once loaded)."""
    here = [
        f for f in reversed(svc.rounds.seeks())
        if f.table.game.name == game and f.table.players == count and clock_key(f) == key
    ]  # fmt: skip
    ids = [f.id for f in here]
    stored = await svc.db.read(svc.db.store.open_seat_tables, game, count, key)
    return ids + [i for i in stored if i not in ids]


async def match(
    svc: TableService, game: str, count: int, clock: Mapping[str, Any] | None, key: str | None,
    name: str, client: str, player: Player | None, bot_after_s: int,
) -> tuple[Table, Seat, str]:  # fmt: skip
    """A seat at the oldest live seek of that kind; else, with `bot_after_s` 0, a table
    against bots; else a new table with this player first and the other seats open. Never
    at a table with a player this one blocks or is blocked by."""
    avoided: frozenset[str] = frozenset()
    if player is not None:
        relations = Relations(svc.db.store.engine, svc.clock.now)
        avoided = await svc.db.read(relations.avoided, player.id)
    for table_id in await candidates(svc, game, count, key):
        found = await svc.round(table_id)
        table = found.table
        if not live(found, svc.clock.now()) or table.status != TableStatus.WAITING:
            continue  # nobody there any more: never pair with someone who left
        if player is not None and any(s.player == player.id for s in table.seats):
            continue  # never both seats of one table
        if any(s.player in avoided for s in table.seats):
            continue  # never with someone blocked either way
        for seat, info in enumerate(table.seats):
            if info.kind == SeatKind.OPEN and not info.joined:
                try:
                    _, token = await svc.sit(table_id, seat, name, player, client)
                except TableError as exc:
                    if exc.code != ErrorCode.SEAT_TAKEN:
                        raise
                    continue
                return await svc.table(table_id), seat, token
    others = SeatRequest(SeatKind.OPEN)
    if bot_after_s == 0:
        pid = player.id if player is not None else None
        mine, levels = await svc.db.read(level_ratings, svc.db.store.engine, game, pid)
        others = SeatRequest(SeatKind.BOT, level_near(get_game(game), mine, levels))
    request = TableRequest(game, [SeatRequest(SeatKind.HUMAN)] + [others] * (count - 1), count,
                           client=client, clock=clock)  # fmt: skip
    table, tokens = await svc.create(request, player)
    who = player.name if player is not None else name
    joined = Command(CommandType.JOIN, name=who, player=player.id if player else None,
                     source=client)  # fmt: skip
    await svc.submit(table.id, 0, joined)
    return await svc.table(table.id), 0, tokens[0][1]


async def give_up(svc: TableService, table_id: str, token: str) -> Table | None:
    """The seeker of waiting table `table_id` stops waiting (to play the computer): the
    table expires. The table itself when someone sat down meanwhile (the seeker stays)."""
    seat = await svc.seat_of(table_id, token)
    if seat is None:
        return None

    def expire(table: Table) -> list[Draft]:
        if table.status != TableStatus.WAITING:
            return []
        return [Draft(EventKind.EXPIRED, None, {"reason": COMPUTER_CHOSEN})]

    await svc.rounds.store(table_id, expire)
    table = await svc.table(table_id)
    return table if table.status != TableStatus.EXPIRED else None
