"""The table service: a façade over the map of rounds that creates tables and seats people.

Every change to a table goes through its Round (`rounds.py`, `round.py`); this module wires
the ports, owns every long-lived task in one task group, and does what is not one table's
business: creating tables (and rematches), quick play, taking open seats.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from regalia.core.errors import RegaliaError
from regalia.core.game import Seat
from regalia.moderation.gate import Gate
from regalia.moderation.store import Moderation
from regalia.protocol import ErrorCode, EventKind, SeatKind
from regalia.tables import caps, seeks
from regalia.tables.accounts import Accounts, Player
from regalia.tables.bots import BotPool
from regalia.tables.commands import Command
from regalia.tables.database import Database
from regalia.tables.decide import sit_drafts
from regalia.tables.errors import TableError
from regalia.tables.eventlog import StoreLog
from regalia.tables.events import Draft, iso_time
from regalia.tables.keyedlocks import KeyedLocks
from regalia.tables.leases import RENEW_SECONDS, Leases
from regalia.tables.limits import Limits
from regalia.tables.models import TableRow
from regalia.tables.periodic import every
from regalia.tables.policies.rematch import rematch_seats
from regalia.tables.ports import Clock, Notifier
from regalia.tables.ratings import Ratings
from regalia.tables.requests import (
    TableRequest,
    check_position,
    check_rated,
    check_request,
    compact_json,
    game_named,
    table_seed,
)
from regalia.tables.round import Ports, Round
from regalia.tables.rounds import Rounds, rebuild
from regalia.tables.store import SeatSpec, Store, Stored
from regalia.tables.sweeper import Sweeper
from regalia.tables.table import Table
from regalia.tables.tasks import Tasks
from regalia.tables.timing import TimeRules
from regalia.tables.tokens import hash_token, new_table_id, new_token
from regalia.tables.wallclock import WallClock

log = logging.getLogger("regalia.tables")
# How long shutdown waits for table and bot tasks to finish after cancelling them.
SHUTDOWN_SECONDS = 5.0


class TableService:
    def __init__(
        self, store: Store, bots: BotPool, notifier: Notifier | None = None,
        bot_seconds: float = 1.0, limits: Limits | None = None, clock: Clock | None = None,
        db: Database | None = None,
    ) -> None:  # fmt: skip
        self.limits = limits or Limits()
        self.clock = clock or WallClock()
        self.db = db or Database(store)
        self.accounts = Accounts(store, self.clock)  # rated bots and the players API
        self.gate = Gate(self.db, Moderation(store.engine, self.clock.now), self.clock.now)
        # Several processes share the tables only when they tell each other (Redis).
        self.leases = Leases(self.db, self.clock, shared=notifier is not None)
        self.tasks = Tasks()
        self.spawn = self.tasks.spawn
        self.ratings = Ratings(store.engine, self.limits, self.clock.now)  # players API's too
        log_port = StoreLog(self.db, self.ratings)
        ports = Ports(log_port, self.leases, notifier, bots, self.clock, self.spawn,
                      self.limits, bot_seconds)  # fmt: skip
        self.rounds = Rounds(ports, self.db, self._rematch)
        self.rounds.gate = self.gate
        self.turns = ports.turns  # `turns.add(watcher)`: hear "it became seat S's turn"
        self.leases.on_gained, self.leases.on_lost = self.rounds.gained, self.rounds.lost
        self.leases.ended = self.rounds.ended
        self.sweeper = Sweeper(self.rounds, self.db, self.clock, self.limits)
        self._matching = KeyedLocks()  # quick play: one match at a time per kind of table

    # ------------------------------------------------------------------------- lifecycle

    async def start(self) -> None:
        """Start the task group; take the leases of tables no process runs (all of them,
        when alone), then keep them. Other tables load when asked for."""
        await self.tasks.start()
        try:
            await self.leases.take_lapsed(everyone=not self.leases.shared)
        except TableError as exc:  # the store is down: the lease loop tries again
            log.warning("tables not resumed at start: %s", exc.message)
        self.spawn(every(lambda: RENEW_SECONDS, self.leases.round, "table leases"), "leases")
        self.spawn(every(lambda: self.limits.upkeep_seconds, self.sweeper.run_once,
                         "table upkeep"), "upkeep")  # fmt: skip

    async def close(self) -> None:
        await self.leases.release()
        await self.tasks.close(SHUTDOWN_SECONDS)
        self.db.close()

    # ------------------------------------------------------------------------- tables

    async def round(self, table_id: str) -> Round:
        return await self.rounds.get(table_id)

    async def table(self, table_id: str) -> Table:
        """The table, loaded on first use; TableError if unknown."""
        return (await self.rounds.get(table_id)).table

    async def submit(self, table_id: str, seat: Seat | None, cmd: Command) -> int:
        return await self.rounds.submit(table_id, seat, cmd)

    async def list_summaries(
        self, status: str | None = None, limit: int = 200, offset: int = 0
    ) -> list[dict[str, Any]]:
        return await self.rounds.list_summaries(status, limit, offset)

    async def create(
        self, request: TableRequest, seeker: Player | None = None
    ) -> tuple[Table, list[tuple[Seat, str]]]:
        """A new table and the seat tokens of its human seats (shown once, never stored).
        A table with an open seat counts against its address's (and `seeker`'s) cap."""
        await self.gate.may_play(seeker.id if seeker is not None else None)
        game, players, options = check_request(request)
        position = check_position(game, request.position, request.rated)
        rules = TimeRules.read(game, request.clock, request.on_timeout, request.absence)
        if request.rated:
            check_rated(rules)
        has_bots = any(s.kind == SeatKind.BOT for s in request.seats)
        if has_bots:
            await caps.check_bot_tables(self.db, self.limits, request.client, seeker)
        if any(s.kind == SeatKind.OPEN for s in request.seats):
            await caps.check_seeks(self.db, self.limits, request.client, seeker)
        seed = table_seed(game, request.seed, request.rated)
        tokens = [new_token() if s.kind == SeatKind.HUMAN else None for s in request.seats]
        specs = [
            SeatSpec(s.kind, s.level, hash_token(t) if t else None)
            for s, t in zip(request.seats, tokens, strict=True)
        ]
        if request.rated:  # each bot level plays as its own rated player
            specs = [
                replace(spec, player_id=(await self.db.read(self.accounts.bot, spec.level)).id)
                if spec.kind == SeatKind.BOT and spec.level else spec
                for spec in specs
            ]  # fmt: skip
        creator = request.client or None
        table = await self._create(new_table_id(), game.name, players, options, seed, specs, {},
                                   rules, request.rated, creator,
                                   seeker.id if seeker is not None else None,
                                   request.chat, position)  # fmt: skip
        return table, [(s, t) for s, t in enumerate(tokens) if t is not None]

    async def _create(
        self, table_id: str, game_name: str, players: int, options: dict[str, Any], seed: int,
        specs: Sequence[SeatSpec], names: Mapping[Seat, str], rules: TimeRules,
        rated: bool = False, creator: str | None = None, creator_player: str | None = None,
        chat: bool = True, position: str | None = None,
    ) -> Table:  # fmt: skip
        created_at = iso_time(self.clock.now())
        stored = Stored(table_id, game_name, players, options, seed, created_at, list(specs), [])
        table = rebuild(stored)
        data = {"game": game_name, "players": players, "options": options, **rules.to_json()}
        if rated:
            data["rated"] = True
        if not chat:
            data["chat"] = False
        if position is not None:
            data["position"] = position
        drafts = [Draft(EventKind.CREATED, None, data)]
        drafts += [Draft(EventKind.JOINED, s, {"name": n}) for s, n in sorted(names.items())]
        if all(not s.human for s in table.seats) or all(
            s in names for s, info in enumerate(table.seats) if info.human
        ):
            drafts.append(Draft(EventKind.STARTED))
        now = self.clock.now()
        events = [d.numbered(i + 1, now) for i, d in enumerate(drafts)]
        for ev in events:
            table.apply(ev)
        row = TableRow(
            id=table_id, game=game_name, players=players, options=compact_json(options), seed=seed,
            created_at=created_at, status=table.status, seq=table.seq,
            record=table.state.to_record(), result=None, updated_at=created_at,
            clock=compact_json(rules.clock.to_json()) if rules.clock else None,
            owner=self.leases.me, lease_until=self.leases.until(), rated=rated, creator=creator,
            creator_player=creator_player,
        )  # fmt: skip
        await self.rounds.ports.log.create(row, specs, events)
        self.leases.take(table_id)
        self.rounds.adopt(table, [s.token_hash for s in specs]).created()
        return table

    async def _rematch(self, old: Round) -> None:
        """Create the table a stored `rematch` event names, unless it exists already."""
        table = old.table
        event = next(e for e in reversed(table.events) if e.kind == EventKind.REMATCH)
        new_id, seed = str(event.data["table_id"]), event.data.get("seed")
        if seed is None or await self.rounds.ports.log.load(new_id) is not None:
            return  # made already (by this process, or by a release that made it first)
        before = await self.rounds.ports.log.load(table.id)  # where each player sat down from
        sources = [s.source for s in before.seats] if before else [None] * table.players
        specs, names = rematch_seats(table, old.hashes, sources)
        await self._create(new_id, table.game.name, table.players, table.options, int(seed),
                           specs, names, table.timing.rules, table.rated,
                           chat=table.chat, position=table.position)  # fmt: skip

    async def create_seated(
        self, table_id: str, game_name: str, players: int, options: dict[str, Any], seed: int,
        specs: Sequence[SeatSpec], rules: TimeRules, rated: bool,
    ) -> Table:  # fmt: skip
        """A table whose seats belong to given players (a tournament's pairing): it starts
        when its people have joined; no client's caps count it."""
        return await self._create(table_id, game_name, players, options, seed, specs, {}, rules,
                                  rated)  # fmt: skip

    # ------------------------------------------------------------------------- seats

    async def seat_of(self, table_id: str, token: str | None) -> Seat | None:
        """The seat a token opens (None for no token); TableError for a wrong one."""
        return await (await self.rounds.get(table_id)).seat_of(token)

    async def sit(
        self, table_id: str, seat: Seat, name: str, player: Player | None = None,
        source: str | None = None,
    ) -> tuple[Table, str]:  # fmt: skip
        """Take open seat `seat`; its token (shown once). TableError `seat_taken` if gone.
        A signed-in player sits under their own name; `source`: the address they sit from."""
        token = new_token()
        digest = hash_token(token)
        who = player.name if player is not None else name
        pid = player.id if player is not None else None
        await self.gate.may_play(pid)
        found = await self.rounds.get(table_id)
        # The seat's token and the `joined` event are stored in one transaction; if another
        # process stored first, the table catches up and the seat is looked at again.
        bot = player is not None and player.bot_account
        decide = functools.partial(sit_drafts, seat=seat, name=who, player=pid, source=source,
                                   bot=bot)  # fmt: skip
        await found.run(lambda _: found.settle(decide, ((seat, digest),)))
        found.hashes[seat] = digest
        return found.table, token

    async def quick_play(
        self, game_name: str, players: int | None, clock: Mapping[str, Any] | None, name: str,
        client: str, player: Player | None = None, bot_after_s: int = seeks.BOT_AFTER_SECONDS,
    ) -> tuple[Table, Seat, str]:  # fmt: skip
        """A seat for `name` at the oldest live seek of that game, size and clock (not one
        where this player sits already); else a table against bots (`bot_after_s` 0) or
        with the other seats open (`seeks.py`). One match at a time per game, size and
        clock in this process, so quick plays arriving together pair up instead of each
        making a table."""
        await self.gate.may_play(player.id if player is not None else None)
        game = game_named(game_name)
        try:
            count = game.check_players(players)
        except RegaliaError as exc:
            raise TableError(ErrorCode.BAD_OPTIONS, str(exc)) from None
        rules = TimeRules.read(game, clock, None, None)
        key = compact_json(rules.clock.to_json()) if rules.clock else None
        async with self._matching.hold((game.name, count, key)):
            return await seeks.match(self, game.name, count, clock, key, name, client, player,
                                     bot_after_s)  # fmt: skip

    async def came_back(self, table_id: str, seat: Seat) -> None:
        """The player of `seat` reconnected: a bot playing it for them stands down."""

        def hand_back(table: Table) -> list[Draft]:
            if table.timing.bot_playing.get(seat) is not False:
                return []  # no bot, or one playing for good (a timeout)
            return [Draft(EventKind.RETURNED, seat)]

        await self.rounds.store(table_id, hand_back)
