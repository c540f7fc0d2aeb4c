"""The tournament director: a background task that starts tournaments, pairs their rounds,
makes their tables on the table service, reads their results and finishes them.

One process runs each tournament (a lease in its row, like a table's); everything it knows
is in the database, and each step is a compare-and-set, so a process killed between rounds
or mid-round loses nothing and pairs no round twice: the next director (the same server
restarted, or another) reads the rows and goes on. Pairings are pure functions of the
games so far and the seeding (`swiss`, `roundrobin`, `arena`), so a round is replayable.

Fair play: a table of a round waits `grace_s` for its players; then it is cancelled (its
`expired` event), the seats that joined win and the absent lose (a forfeit). Two forfeits
withdraw an entrant. A seat a stand-in bot played (a `takeover`) scores 0 for its player.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import TYPE_CHECKING, Any

from regalia.core.errors import RegaliaError
from regalia.core.seeds import derive
from regalia.protocol import ErrorCode, EventKind, SeatKind, TableStatus
from regalia.tables.clock import ClockConfig
from regalia.tables.errors import TableError
from regalia.tables.events import Draft, iso_time
from regalia.tables.periodic import every
from regalia.tables.policies.resign import after_resign
from regalia.tables.requests import check_rated, game_named
from regalia.tables.store import SeatSpec
from regalia.tables.timing import TimeRules
from regalia.tables.tokens import hash_token, new_seed, new_table_id, new_token
from regalia.tournaments import arena, roundrobin, swiss
from regalia.tournaments.models import EntrantRow, GameRow, TournamentRow
from regalia.tournaments.scoring import Played, Shape, TableSides, standings
from regalia.tournaments.store import ACTIVE, Loaded, TournamentStore

if TYPE_CHECKING:
    from regalia.tables.accounts import Player
    from regalia.tables.service import TableService

log = logging.getLogger("regalia.tournaments")
FORMATS = ("swiss", "arena", "round_robin")
TICK_SECONDS = 1.0
LEASE_SECONDS = 10.0
GRACE_SECONDS = 60.0
WITHDRAW_AFTER = 2  # forfeits
MAX_ENTRANTS = 128
MAX_BOT_ENTRANTS = 32
MAX_ROUNDS = 30
MAX_MINUTES = 7 * 24 * 60
MAX_ACTIVE_PER_CREATOR = 4  # upcoming or running tournaments one address made
TWO_ONE_A_SIDE = Shape(2, ((0,), (1,)))


def refuse(message: str, code: ErrorCode = ErrorCode.BAD_OPTIONS) -> TableError:
    return TableError(code, message)


@dataclass(frozen=True)
class Settings:
    """What the organiser chose (stored as the tournament's `settings`)."""

    name: str = ""
    players_per_table: int = 2
    rounds: int | None = None  # Swiss: as asked; round-robin: set at the start
    minutes: float | None = None  # arena
    clock: dict[str, Any] | None = None
    rated: bool = False
    entry: str = "individual"  # or "teams": pre-registered teams of a partnered game
    min_rating: int | None = None
    max_rating: int | None = None
    start_when: int | None = None
    grace_s: float = GRACE_SECONDS
    invite: bool = False
    options: dict[str, Any] = field(default_factory=dict)
    creator: str = ""  # the address that made it (its cap counts there)


@dataclass(frozen=True, slots=True)
class Entry:
    kind: str  # a SeatKind: bot (at creation) or human
    level: str | None = None


class Director:
    def __init__(self, svc: TableService) -> None:
        self.svc = svc
        self.store = TournamentStore(svc.db.store.engine)
        self.tick_seconds = TICK_SECONDS
        self._watchers: dict[str, set[asyncio.Queue[str]]] = {}
        self._stepping = asyncio.Lock()
        # Push and e-mail (the notifications' entry point), once the app has installed them.
        self.notify: Callable[..., Awaitable[Any]] | None = None

    def start(self) -> None:
        self.svc.spawn(every(lambda: self.tick_seconds, self.tick, "tournaments"), "tournaments")

    async def read(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await self.svc.db.read(fn, *args)

    # ------------------------------------------------------------------------- asking

    async def create(
        self,
        game_name: str,
        format_: str,
        settings: Settings,
        starts_at: float | None,
        entrants: Sequence[Entry],
        creator: str = "",
    ) -> tuple[dict[str, Any], str, str | None]:
        """A new tournament: its view, the organiser's token and the invite (if asked).
        `creator` (an address): at most MAX_ACTIVE_PER_CREATOR unfinished tournaments each."""
        game = game_named(game_name)
        if format_ not in FORMATS:
            raise refuse(f"a format is one of {', '.join(FORMATS)}, not {format_!r}")
        settings = self._checked(game, format_, settings)
        await self._check_caps(creator, bool(entrants))
        bots = [e for e in entrants if e.kind == SeatKind.BOT]
        if len(bots) != len(entrants):
            raise refuse("entrants given at creation are bots; people join themselves")
        if len(bots) > MAX_BOT_ENTRANTS:
            raise refuse(f"at most {MAX_BOT_ENTRANTS} bot entrants")
        for bot in bots:
            try:
                game.level(bot.level or "")
            except RegaliaError as exc:
                raise refuse(str(exc)) from None
        now = self.svc.clock.now()
        tid = new_table_id()
        organiser, invite = new_token(), new_token() if settings.invite else None
        settings = replace(settings, creator=creator)
        row = TournamentRow(
            id=tid,
            game=game.name,
            format=format_,
            status="upcoming",
            settings=json.dumps(asdict(settings)),
            seed=new_seed(),
            round=0,
            created_at=now,
            starts_at=starts_at,
            paused=False,
            organiser_hash=hash_token(organiser),
            invite_hash=hash_token(invite) if invite else None,
        )
        rows = []
        for number, bot in enumerate(bots):
            level = game.level(bot.level or "").name
            name = f"{level} bot {number + 1}·{tid[:4]}"
            pid = await self.svc.db.write(
                functools.partial(self.store.bot_player, name, iso_time(now)), "bot entrant"
            )
            rows.append(
                EntrantRow(
                    tournament_id=tid,
                    player_id=pid,
                    name=name,
                    kind=SeatKind.BOT,
                    level=level,
                    number=number,
                    joined_at=now,
                    team=number // 2 if settings.entry == "teams" else None,
                    withdrawn=False,
                    forfeits=0,
                )
            )
        await self.svc.db.write(lambda: self.store.create(row, rows), "tournament")
        await self.step(tid)  # a start time now or past starts it at once
        return await self.view(tid), organiser, invite

    async def _check_caps(self, creator: str, bots: bool) -> None:
        """Unfinished tournaments per creator, and no bot entrants while the server runs
        its most tables with bots (`bot_tables`, docs/server.md "Limits")."""
        mine = 0
        for tid in await self.read(self.store.ids, ACTIVE, 1000):
            found = await self.read(self.store.load, tid)
            if found is not None and found.settings.get("creator") == creator:
                mine += 1
        if mine >= MAX_ACTIVE_PER_CREATOR:
            raise TableError(
                ErrorCode.TOO_MANY_TABLES,
                f"you already have {mine} tournaments not finished (at most "
                f"{MAX_ACTIVE_PER_CREATOR}); cancel one first",
                retry_after=60,
            )
        store = self.svc.db.store
        if bots and await self.read(store.count_unfinished_with_bots) >= self.svc.limits.bot_tables:
            raise TableError(
                ErrorCode.BUSY,
                "the server is running its most tables with bots; try again later",
                retry_after=60,
            )

    def _checked(self, game: Any, format_: str, settings: Settings) -> Settings:
        try:
            players = game.check_players(settings.players_per_table or None)
            game.read_options(settings.options)
        except RegaliaError as exc:
            raise refuse(str(exc)) from None
        rules = TimeRules.read(game, settings.clock, None, None)
        if settings.rated:
            check_rated(rules)
        if format_ == "swiss" and not 1 <= (settings.rounds or 0) <= MAX_ROUNDS:
            raise refuse(f"a Swiss tournament needs rounds: 1 to {MAX_ROUNDS}")
        if format_ == "arena" and not 1 <= (settings.minutes or 0) <= MAX_MINUTES:
            raise refuse(f"an arena needs minutes: 1 to {MAX_MINUTES}")
        shape = Shape.of(game, players)
        if settings.entry not in ("individual", "teams"):
            raise refuse('entry is "individual" or "teams"')
        if settings.entry == "teams" and (not shape.two_sided or shape.side_size < 2):
            raise refuse("teams enter only games of two teams of partners")
        if settings.entry == "teams" and format_ == "arena":
            raise refuse("an arena is played by individuals")
        if settings.start_when is not None and not 2 <= settings.start_when <= MAX_ENTRANTS:
            raise refuse(f"start_when is 2 to {MAX_ENTRANTS} entrants")
        if not 0 <= settings.grace_s <= 86_400:
            raise refuse("grace_s is 0 to 86400 seconds")
        rounds = settings.rounds if format_ == "swiss" else None
        return Settings(
            **{
                **asdict(settings),
                "players_per_table": players,
                "rounds": rounds,
                "minutes": settings.minutes if format_ == "arena" else None,
            }
        )

    async def loaded(self, tid: str) -> Loaded:
        found: Loaded | None = await self.read(self.store.load, tid)
        if found is None:
            raise refuse(f"no tournament {tid!r}", ErrorCode.NOT_FOUND)
        return found

    async def join(self, tid: str, player: Player, invite: str | None, team: int | None) -> None:
        t = await self.loaded(tid)
        settings = Settings(**t.settings)
        if t.row.status != "upcoming":
            raise refuse("this tournament has started; joining is closed", ErrorCode.FINISHED)
        if t.row.invite_hash is not None and (
            not invite or hash_token(invite) != t.row.invite_hash
        ):
            raise refuse(
                "this tournament is by invitation: open its invite link", ErrorCode.BAD_TOKEN
            )
        rating = await self.read(self.store.rating, player.id, t.row.game)
        low, high = settings.min_rating, settings.max_rating
        if (low is not None or high is not None) and rating is None:
            raise refuse("this tournament is for rated players; play a rated game first")
        if rating is not None and (
            (low is not None and rating < low) or (high is not None and rating > high)
        ):
            raise refuse(f"your rating {rating:.0f} is outside this tournament's range")
        if settings.entry == "teams" and team is None:
            raise refuse("a team tournament needs your team's number (team)")
        now = self.svc.clock.now()
        row = EntrantRow(
            tournament_id=tid,
            player_id=player.id,
            name=player.name,
            kind=SeatKind.HUMAN,
            level=None,
            number=0,
            joined_at=now,
            rating=rating,
            team=team if settings.entry == "teams" else None,
            withdrawn=False,
            forfeits=0,
        )
        if not await self.svc.db.write(lambda: self.store.join(row, MAX_ENTRANTS), "join"):
            if any(e.player_id == player.id for e in t.entrants):
                raise refuse("you have joined this tournament already", ErrorCode.ALREADY_SEATED)
            raise refuse(f"this tournament is full ({MAX_ENTRANTS})", ErrorCode.SEAT_TAKEN)
        await self.step(tid)

    async def leave(self, tid: str, player: Player) -> None:
        """Leave an upcoming tournament; a running one is left by withdrawing."""
        t = await self.loaded(tid)
        if t.row.status != "upcoming":
            await self.withdraw(tid, player)
            return
        if not await self.svc.db.write(lambda: self.store.leave(tid, player.id), "leave"):
            raise refuse("you are not in this tournament", ErrorCode.NOT_SEATED)
        await self._changed(tid, "entrants")

    async def withdraw(self, tid: str, player: Player) -> None:
        if not await self.svc.db.write(lambda: self.store.withdraw(tid, player.id), "withdraw"):
            raise refuse("you are not in this tournament", ErrorCode.NOT_SEATED)
        await self._changed(tid, "standings")

    async def organise(self, tid: str, token: str | None, action: str) -> None:
        """The organiser starts early, pauses or resumes between rounds, or cancels."""
        t = await self.loaded(tid)
        if not token or hash_token(token) != t.row.organiser_hash:
            raise refuse("only the organiser may do this (X-Organiser-Token)", ErrorCode.BAD_TOKEN)
        if t.row.status not in ACTIVE:
            raise refuse("this tournament is over", ErrorCode.FINISHED)
        write = self.svc.db.write
        if action == "cancel":
            await write(
                lambda: self.store.change(
                    tid,
                    {"status": t.row.status},
                    status="cancelled",
                    finished_at=self.svc.clock.now(),
                ),
                "cancel",
            )
        elif action in ("pause", "resume"):
            await write(lambda: self.store.change(tid, {}, paused=action == "pause"), "pause")
        elif action == "start":
            if t.row.status != "upcoming":
                raise refuse("this tournament has started", ErrorCode.FINISHED)
            await write(
                lambda: self.store.change(
                    tid, {"status": "upcoming"}, starts_at=self.svc.clock.now()
                ),
                "start",
            )
        await self.step(tid)
        await self._changed(tid, action)

    # ------------------------------------------------------------------------- running

    async def tick(self) -> None:
        """One round of every tournament this process runs (every `tick_seconds`)."""
        leases = self.svc.leases
        for tid in await self.read(self.store.ids, ACTIVE, 1000):
            now = self.svc.clock.now()
            taken = await self.svc.db.write(
                functools.partial(
                    self.store.take_lease,
                    tid,
                    leases.me,
                    now,
                    now + LEASE_SECONDS,
                    not leases.shared,
                ),
                "tournament lease",
            )
            if taken:
                try:
                    await self.step(tid)
                except TableError as exc:
                    log.warning("tournament %s: %s", tid, exc.message)
                except Exception:  # a bug in one tournament must not stop the others
                    log.exception("tournament %s: step failed; the next tick tries again", tid)

    async def step(self, tid: str) -> None:
        """Whatever is due now: start, results in, forfeits, the next round, the end."""
        async with self._stepping:
            t = await self.loaded(tid)
            if t.row.status == "upcoming":
                if self._due(t):
                    await self._start(t)
                return
            if t.row.status != "running":
                return
            await self._make_tables(t)
            if t.row.format == "round_robin" and _turn_based(Settings(**t.settings)):
                await self._resign_withdrawn(t)
            if await self._results(t):
                await self._changed(tid, "table_finished")
                t = await self.loaded(tid)
            if t.row.format == "arena":
                await self._arena(t)
            else:
                await self._next_round(t)

    def _due(self, t: Loaded) -> bool:
        start_when = t.settings.get("start_when")
        if start_when is not None and len(t.entrants) >= start_when:
            return True
        return t.row.starts_at is not None and t.row.starts_at <= self.svc.clock.now()

    async def _start(self, t: Loaded) -> None:
        tid, now = t.row.id, self.svc.clock.now()
        game = game_named(t.row.game)
        settings = Settings(**t.settings)
        # Seeding: rating (unrated last), then an order the tournament's seed draws.
        order = sorted(
            t.entrants,
            key=lambda e: (
                -(e.rating if e.rating is not None else -1e9),
                derive(t.row.seed, e.player_id),
            ),
        )
        await self.svc.db.write(
            lambda: self.store.renumber(tid, {e.player_id: n for n, e in enumerate(order)}),
            "seeding",
        )
        t = await self.loaded(tid)
        units = self._units(t)
        shape, _ = self._shapes(game, settings)
        least = shape.size if shape.two_sided else game.min_players
        if len(units) < (2 if shape.two_sided else least):
            await self.svc.db.write(
                lambda: self.store.change(
                    tid, {"status": "upcoming"}, status="cancelled", finished_at=now
                ),
                "cancel",
            )
            await self._changed(tid, "cancelled")
            return
        values: dict[str, Any] = {"status": "running", "started_at": now}
        if t.row.format == "arena":
            values["ends_at"] = now + 60 * (settings.minutes or 0)
        if t.row.format == "round_robin":
            rounds = roundrobin.rounds_for(
                list(units), shape, settings.players_per_table, game.min_players
            )
            values["settings"] = json.dumps({**t.settings, "rounds": rounds})
        if await self.svc.db.write(
            lambda: self.store.change(tid, {"status": "upcoming"}, **values), "start"
        ):
            await self._changed(tid, "started")
            t = await self.loaded(tid)
            if t.row.format == "arena":
                await self._arena(t)
            else:
                await self._next_round(t)

    # ------------------------------------------------------------------------- units

    @staticmethod
    def _shapes(game: Any, settings: Settings) -> tuple[Shape, Shape]:
        """The shape pairing works on, and the game's own (they differ for teams)."""
        table = Shape.of(game, settings.players_per_table)
        return (TWO_ONE_A_SIDE if settings.entry == "teams" else table), table

    @staticmethod
    def _units(t: Loaded, active_only: bool = False) -> dict[str, list[EntrantRow]]:
        """Units in seeding order and their members: each entrant, or each full team."""
        out: dict[str, list[EntrantRow]] = {}
        for e in sorted(t.entrants, key=lambda e: e.number):
            key = e.player_id if e.team is None else f"team{e.team}"
            out.setdefault(key, []).append(e)
        if t.settings.get("entry") == "teams":
            game = game_named(t.row.game)
            size = Shape.of(game, t.settings["players_per_table"]).side_size
            out = {k: v[:size] for k, v in out.items() if len(v) >= size}
        if active_only:
            out = {k: v for k, v in out.items() if not any(e.withdrawn for e in v)}
        return out

    @staticmethod
    def _played(t: Loaded) -> list[Played]:
        """Every scored game as pairing sees it (units on sides, a score per side)."""
        game = game_named(t.row.game)
        pair_shape, table_shape = Director._shapes(game, Settings(**t.settings))
        unit_of = {
            e.player_id: (e.player_id if e.team is None else f"team{e.team}") for e in t.entrants
        }
        out = []
        for g in t.games:
            if g.scores is None:
                continue
            seats, scored = json.loads(g.seats), json.loads(g.scores)
            voided = frozenset(unit_of.get(p, p) for p in scored.get("voided", []))
            if g.table_id is None:  # a bye (or a walkover)
                out.append(Played(g.round, ((unit_of.get(seats[0], seats[0]),),), (1.0,)))
                continue
            scores = scored["scores"]
            if not table_shape.two_sided:  # every seat its own side, whatever the size
                sides = [(unit_of.get(p, p),) for p in seats]
                ranks = scored.get("ranks")
                out.append(Played(g.round, tuple(sides), tuple(scores), voided,
                                  tuple(ranks) if ranks else None))  # fmt: skip
                continue
            sides = []
            side_scores = []
            for team in table_shape.teams:
                members = [unit_of.get(seats[s], seats[s]) for s in team]
                # A pre-registered team is one unit on its side.
                side = (
                    tuple(dict.fromkeys(members))
                    if pair_shape is not table_shape
                    else tuple(members)
                )
                sides.append(side)
                side_scores.append(max(scores[s] for s in team))
            out.append(Played(g.round, tuple(sides), tuple(side_scores), voided))
        return out

    # ------------------------------------------------------------------------- rounds

    async def _next_round(self, t: Loaded) -> None:
        if any(g.scores is None for g in t.games):
            return  # the round (a turn-based round-robin: some round) is being played
        settings = Settings(**t.settings)
        if t.row.round >= (settings.rounds or 0):
            await self._finish(t)
            return
        if t.row.paused:
            return
        game = game_named(t.row.game)
        pair_shape, _ = self._shapes(game, settings)
        if t.row.format == "round_robin" and _turn_based(settings):
            await self._every_round(t, game, settings, pair_shape)
            return
        played = self._played(t)
        round_ = t.row.round + 1
        if t.row.format == "swiss":
            units = list(self._units(t, active_only=True))
            pairing = swiss.pair(
                units, played, pair_shape, round_, settings.players_per_table, game.min_players
            )
            tables, byes = pairing.tables, pairing.byes
        else:
            everyone = list(self._units(t))
            active = set(self._units(t, active_only=True))
            pairing = roundrobin.pair(
                everyone, played, pair_shape, round_, settings.players_per_table, game.min_players
            )
            tables, byes = self._without_withdrawn(
                pairing.tables, pairing.byes, active, pair_shape, game.min_players
            )
        await self._pair(t, round_, tables, byes, {})
        if round_ == t.row.round + 1:
            await self._changed(t.row.id, "round_started")

    async def _every_round(
        self, t: Loaded, game: Any, settings: Settings, pair_shape: Shape
    ) -> None:
        """A turn-based round-robin: every round's games made at once, all played
        concurrently (a game lasts days; rounds one after another would make a month-long
        event of each round). One transaction, so none is made twice."""
        everyone = list(self._units(t))
        active = set(self._units(t, active_only=True))
        found = roundrobin.every_round(
            everyone, pair_shape, settings.players_per_table, game.min_players
        )
        rounds = {
            number: self._without_withdrawn(
                pairing.tables, pairing.byes, active, pair_shape, game.min_players
            )
            for number, pairing in enumerate(found, start=1)
            if number > t.row.round
        }
        if rounds and await self._pair_rounds(t, rounds, {}):
            await self._changed(t.row.id, "round_started")

    @staticmethod
    def _without_withdrawn(
        tables: list[TableSides], byes: list[str], active: set[str], shape: Shape, least: int
    ) -> tuple[list[TableSides], list[str]]:
        """A round-robin round without who withdrew: the others at a table too small
        without them get a walkover (a bye)."""
        kept, walkovers = [], [b for b in byes if b in active]
        for sides in tables:
            units = [u for side in sides for u in side]
            if all(u in active for u in units):
                kept.append(sides)
            elif shape.two_sided or sum(u in active for u in units) < least:
                walkovers += [u for u in units if u in active]
            else:
                kept.append(tuple(side for side in sides if side[0] in active))
        return kept, walkovers

    async def _pair(
        self,
        t: Loaded,
        round_: int,
        tables: list[TableSides],
        byes: list[str],
        values: dict[str, Any],
    ) -> bool:
        """Store round `round_`'s games (CAS on the round), then make their tables."""
        return await self._pair_rounds(t, {round_: (tables, byes)}, values)

    async def _pair_rounds(
        self,
        t: Loaded,
        rounds: dict[int, tuple[list[TableSides], list[str]]],
        values: dict[str, Any],
    ) -> bool:
        """Store the games of `rounds` (the next ones, in order) in one transaction (CAS on
        the round), then make their tables."""
        rows: list[GameRow] = []
        for round_, (tables, byes) in rounds.items():
            rows += self._games(t, round_, tables, byes)
        was, to = t.row.round, max(rounds)
        done = await self.svc.db.write(
            lambda: self.store.pair_round(t.row.id, was, rows, to, **values), "pairing"
        )
        if done:
            await self._make_tables(await self.loaded(t.row.id))
        return bool(done)

    def _games(
        self, t: Loaded, round_: int, tables: list[TableSides], byes: list[str]
    ) -> list[GameRow]:
        """The rows of round `round_`'s games: a table id for each table, a won bye."""
        now = self.svc.clock.now()
        game = game_named(t.row.game)
        pair_shape, table_shape = self._shapes(game, Settings(**t.settings))
        units = self._units(t)
        rows = []
        for board, sides in enumerate(tables):
            if pair_shape is table_shape:
                if table_shape.two_sided:
                    seats = table_shape.seats(sides)
                else:
                    seats = [u for side in sides for u in side]
            else:  # a team fills its side's seats
                seats = [""] * table_shape.size
                for team, side in zip(table_shape.teams, sides, strict=True):
                    for s, member in zip(team, units[side[0]], strict=True):
                        seats[s] = member.player_id
            rows.append(
                GameRow(
                    tournament_id=t.row.id,
                    round=round_,
                    board=board,
                    table_id=new_table_id(),
                    seats=json.dumps(seats),
                    started_at=now,
                )
            )
        for i, unit in enumerate(byes):
            members = [m.player_id for m in units[unit]]
            rows.append(
                GameRow(
                    tournament_id=t.row.id,
                    round=round_,
                    board=len(tables) + i,
                    table_id=None,
                    seats=json.dumps(members),
                    scores=json.dumps({"scores": [1.0] * len(members)}),
                    started_at=now,
                    finished_at=now,
                )
            )
        return rows

    async def _make_tables(self, t: Loaded) -> None:
        """Make the table of each game whose table does not exist yet (paired, then the
        process stopped before making it)."""
        wanted = [g for g in t.games if g.table_id is not None and g.scores is None]
        have = await self.read(self.store.existing_tables, [g.table_id for g in wanted])
        settings = Settings(**t.settings)
        game = game_named(t.row.game)
        kinds = {e.player_id: e for e in t.entrants}
        for g in wanted:
            if g.table_id in have:
                continue
            seats = json.loads(g.seats)
            specs = [
                SeatSpec(SeatKind.BOT, kinds[p].level, None, p)
                if kinds[p].kind == SeatKind.BOT
                else SeatSpec(SeatKind.HUMAN, None, None, p)
                for p in seats
            ]
            rules = TimeRules.read(game, settings.clock, None, None)
            seed = derive(t.row.seed, f"table:{g.round}:{g.board}") >> 2  # below 2**62
            assert g.table_id is not None
            options = game.read_options(settings.options)
            await self.svc.create_seated(
                g.table_id, game.name, len(seats), options, seed, specs, rules, settings.rated
            )
            await self._tell_seated(t, g, [p for p in seats if kinds[p].kind == SeatKind.HUMAN])

    async def _tell_seated(self, t: Loaded, g: GameRow, people: list[str]) -> None:
        """Tell each person of a new round's game that it is ready (a push or a mail, as their
        preferences want). Keyed by the game itself: telling it again adds nothing."""
        if self.notify is None:
            return
        name = Settings(**t.settings).name or ""
        payload = {"game": t.row.game, "tournament": name, "round": g.round}
        for player in people:
            try:
                await self.notify(
                    player, "tournament", table_id=g.table_id, link=f"#/t/{g.table_id}",
                    payload=payload, once=f"{t.row.id}:{g.round}:{g.board}",
                )  # fmt: skip
            except Exception as exc:  # the game stands even if nobody could be told of it
                log.warning("tournament %s: %s not notified: %s", t.row.id, player, exc)

    async def _resign_withdrawn(self, t: Loaded) -> None:
        """A turn-based round-robin made every game at the start: an entrant who withdrew
        resigns those of theirs in play, so no opponent waits out their clock for days
        (where the game has resigning and the entrant is alone on its side; a partner's
        team is not resigned for them)."""
        gone = {e.player_id for e in t.entrants if e.withdrawn}
        game = game_named(t.row.game)
        shape = Shape.of(game, t.settings["players_per_table"])
        if not gone or not game.resignation or not shape.two_sided or shape.side_size != 1:
            return
        for g in t.games:
            if g.scores is not None or g.table_id is None:
                continue
            for seat, pid in enumerate(json.loads(g.seats)):
                if pid in gone:
                    try:
                        await self.svc.rounds.store(g.table_id, functools.partial(_resign, seat))
                    except TableError as exc:
                        if exc.code != ErrorCode.UNKNOWN_TABLE:
                            raise

    async def _results(self, t: Loaded) -> bool:
        """Score every game whose table ended; forfeit tables whose players did not come."""
        changed = False
        now = self.svc.clock.now()
        grace = float(t.settings.get("grace_s", GRACE_SECONDS))
        for g in t.games:
            if g.scores is not None or g.table_id is None:
                continue
            try:
                table = await self.svc.table(g.table_id)
            except TableError as exc:
                if exc.code == ErrorCode.UNKNOWN_TABLE:
                    continue  # made on the next step
                raise
            seats = json.loads(g.seats)
            if table.status == TableStatus.WAITING and now - g.started_at >= grace:
                await self.svc.rounds.store(g.table_id, _expire)
                table = await self.svc.table(g.table_id)
            if table.status == TableStatus.FINISHED and table.result is not None:
                scores = [o.score for o in table.result.outcomes]
                taken = {
                    e.seat
                    for e in table.events
                    if e.kind == EventKind.TAKEOVER and e.seat is not None
                }
                voided = [
                    seats[s]
                    for s in sorted(taken)
                    if s < len(seats) and table.seats[s].kind == SeatKind.HUMAN
                ]
                # Each seat's place at the table, as the game places it (arena points).
                ranks = game_named(t.row.game).ranks(table.state, table.result)
                scored: dict[str, Any] = {"scores": scores, "voided": voided, "ranks": ranks}
                absent: list[str] = []
            elif table.status == TableStatus.EXPIRED:
                present = [table.seats[s].joined for s in range(len(seats))]
                scored = {
                    "scores": [1.0 if p and not all(present) else 0.0 for p in present],
                    "voided": [],
                    "forfeit": True,
                }
                absent = [seats[s] for s, p in enumerate(present) if not p]
            else:
                continue
            if await self.svc.db.write(
                functools.partial(self.store.score, t.row.id, g.round, g.board, scored, now),
                "score",
            ):
                changed = True
                if absent:
                    await self.svc.db.write(
                        functools.partial(self.store.forfeited, t.row.id, absent, WITHDRAW_AFTER),
                        "forfeit",
                    )
        return changed

    async def _arena(self, t: Loaded) -> None:
        now = self.svc.clock.now()
        playing = {p for g in t.games if g.scores is None for p in json.loads(g.seats)}
        if t.row.ends_at is not None and now >= t.row.ends_at:
            if not playing:
                await self._finish(t)
            return
        if t.row.paused:
            return
        game = game_named(t.row.game)
        settings = Settings(**t.settings)
        shape, _ = self._shapes(game, settings)
        units = self._units(t, active_only=True)
        last_end: dict[str, float] = {}
        last_met: dict[str, frozenset[str]] = {}
        for g in t.games:
            seats = json.loads(g.seats)
            for p in seats:
                if g.finished_at is not None and g.finished_at >= last_end.get(p, -1):
                    last_end[p] = g.finished_at
                    last_met[p] = frozenset(seats) - {p}
        waiting = sorted(
            (u for u in units if u not in playing),
            key=lambda u: (last_end.get(u, 0.0), list(units).index(u)),
        )
        points = {row["player"]: row["points"] for row in self._standings(t)}
        tables = arena.pair(waiting, points, last_met, shape, settings.players_per_table)
        if tables:
            await self._pair(t, t.row.round + 1, tables, [], {})
            await self._changed(t.row.id, "round_started")

    async def _finish(self, t: Loaded) -> None:
        now = self.svc.clock.now()
        if await self.svc.db.write(
            lambda: self.store.change(
                t.row.id, {"status": "running"}, status="finished", finished_at=now
            ),
            "finish",
        ):
            await self._changed(t.row.id, "finished")

    # ------------------------------------------------------------------------- views

    @staticmethod
    def _standings(t: Loaded) -> list[dict[str, Any]]:
        units = Director._units(t)
        played = Director._played(t)
        if t.row.format == "arena":
            game = game_named(t.row.game)
            two = Shape.of(game, t.settings["players_per_table"]).two_sided
            per: dict[str, list[float]] = {u: [] for u in units}
            above: dict[str, list[int]] = {u: [] for u in units}  # seats it finished above
            for p in sorted(played, key=lambda p: p.round):
                for i, (side, score) in enumerate(zip(p.sides, p.scores, strict=True)):
                    for u in side:
                        if u in per:
                            per[u].append(0.0 if u in p.voided else score)
                            above[u].append(0 if u in p.voided else p.outranked(i))
            scored = {u: arena.score(per[u], two, above[u]) for u in units}
            order = sorted(units, key=lambda u: (-scored[u][0], list(units).index(u)))
            rows = [
                {
                    "unit": u,
                    "points": scored[u][0],
                    "games": len(per[u]),
                    "tiebreaks": {
                        "on_streak": scored[u][1],
                        "wins": sum(1 for s in per[u] if s >= 1.0),
                    },
                }
                for u in order
            ]
        else:
            rows = [
                {
                    "unit": s.unit,
                    "points": s.points,
                    "games": s.games,
                    "tiebreaks": {"buchholz": s.buchholz, "sonneborn_berger": s.sonneborn_berger},
                }
                for s in standings(list(units), played)
            ]
        out = []
        for rank, row in enumerate(rows, start=1):
            members = units[str(row["unit"])]
            out.append(
                {
                    "rank": rank,
                    "player": members[0].player_id,
                    "players": [m.player_id for m in members],
                    "name": " & ".join(m.name for m in members),
                    "points": row["points"],
                    "tiebreaks": row["tiebreaks"],
                    "games": row["games"],
                    "withdrawn": any(m.withdrawn for m in members),
                }
            )
        return out

    async def view(self, tid: str) -> dict[str, Any]:
        t = await self.loaded(tid)
        return self.describe(t)

    def describe(self, t: Loaded) -> dict[str, Any]:
        settings = t.settings
        rounds: dict[int, list[dict[str, Any]]] = {}
        for g in t.games:
            scored = json.loads(g.scores) if g.scores else None
            rounds.setdefault(g.round, []).append(
                {
                    "table": g.table_id,
                    "seats": json.loads(g.seats),
                    "result": scored,
                    "bye": g.table_id is None,
                }
            )
        standing = self._standings(t)
        finished = t.row.status == "finished"
        return {
            "id": t.row.id,
            "game": t.row.game,
            "format": t.row.format,
            "name": settings["name"],
            "status": t.row.status,
            "round": t.row.round,
            "rounds_total": settings.get("rounds"),
            "players_per_table": settings["players_per_table"],
            "clock": settings["clock"],
            "rated": settings["rated"],
            "entry": settings["entry"],
            "min_rating": settings["min_rating"],
            "max_rating": settings["max_rating"],
            "start_when": settings["start_when"],
            "grace_s": settings["grace_s"],
            "invite_only": t.row.invite_hash is not None,
            "paused": t.row.paused,
            "starts_at": iso_time(t.row.starts_at) if t.row.starts_at else None,
            "started_at": iso_time(t.row.started_at) if t.row.started_at else None,
            "ends_at": iso_time(t.row.ends_at) if t.row.ends_at else None,
            "finished_at": iso_time(t.row.finished_at) if t.row.finished_at else None,
            "entrants": [
                {
                    "player": e.player_id,
                    "name": e.name,
                    "kind": e.kind,
                    "level": e.level,
                    "team": e.team,
                    "rating": e.rating,
                    "withdrawn": e.withdrawn,
                    "forfeits": e.forfeits,
                }
                for e in sorted(t.entrants, key=lambda e: e.number)
            ],
            "standings": standing,
            "rounds": [{"number": n, "tables": tables} for n, tables in sorted(rounds.items())],
            "podium": standing[:3] if finished else [],
        }

    async def listing(self) -> dict[str, list[dict[str, Any]]]:
        out: dict[str, list[dict[str, Any]]] = {"upcoming": [], "running": [], "finished": []}
        for status in out:
            for tid in await self.read(self.store.ids, [status], 50):
                t = await self.loaded(tid)
                out[status].append(
                    {
                        "id": tid,
                        "game": t.row.game,
                        "format": t.row.format,
                        "name": t.settings["name"],
                        "status": status,
                        "round": t.row.round,
                        "entrants": len(t.entrants),
                        "invite_only": t.row.invite_hash is not None,
                        "starts_at": iso_time(t.row.starts_at) if t.row.starts_at else None,
                    }
                )
        return out

    # ------------------------------------------------------------------------- events

    def watch(self, tid: str) -> asyncio.Queue[str]:
        queue: asyncio.Queue[str] = asyncio.Queue(maxsize=16)
        self._watchers.setdefault(tid, set()).add(queue)
        return queue

    def unwatch(self, tid: str, queue: asyncio.Queue[str]) -> None:
        queues = self._watchers.get(tid)
        if queues is not None:
            queues.discard(queue)
            if not queues:  # one empty set per id ever watched would only grow
                del self._watchers[tid]

    async def _changed(self, tid: str, what: str) -> None:
        for queue in list(self._watchers.get(tid, ())):
            if not queue.full():
                queue.put_nowait(what)


def podium_of(engine: Any, tid: str) -> list[str]:
    """The player ids of a tournament's standings, best first (blocking; for seasons)."""
    found = TournamentStore(engine).load(tid)
    return [] if found is None else [row["player"] for row in Director._standings(found)]


def _turn_based(settings: Settings) -> bool:
    """Whether the tournament's tables play on a turn-based clock (`days_per_move`)."""
    config = ClockConfig.read(settings.clock)
    return config is not None and config.turn_based


def _resign(seat: int, table: Any) -> list[Draft]:
    if table.status != TableStatus.PLAYING or table.seats[seat].resigned:
        return []
    return [Draft(EventKind.RESIGNED, seat), *after_resign(table, seat)]


def _expire(table: Any) -> list[Draft]:
    if table.status != TableStatus.WAITING:
        return []
    return [
        Draft(EventKind.EXPIRED, None, {"reason": "a player did not come to a tournament game"})
    ]
