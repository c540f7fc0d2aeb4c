"""Ratings: OpenSkill's Plackett–Luce model, which rates teams and free-for-all alike.

Plackett–Luce ranks any number of teams of any size, with ties, so one model covers
Regulator Chess (two players), Regicide (two teams of two) and Regicida (every seat alone,
several winners possible): a seat's outcome gives its team's rank (win, then draw, then
loss). A game is rated in the same transaction that stores its `finished` event, keyed by
its table, so neither a restart nor a replayed log ever rates it twice. The number shown is
conservative: 1000 + 40 × (μ − 3σ), so a newcomer starts at 1000 and climbs as the model
grows sure of them.

A built-in level that its game's ladder rates (`regalia.ai.ratings.ladder`) sits at every
rated game with that rating, fixed: its opponents are rated against it as against a
well-known player (σ = `LEVEL_SIGMA`), and its own rating never moves (each game it plays
stores the ladder's rating in its row and counts one more game). A seat is such a level when
it is a bot seat of a level the ladder rates and its player is a built-in bot (`is_bot`); a
BOT account (a program playing through the Bot API) is rated like anyone, and so is a level
the ladder does not rate.

What a rating cannot be farmed with: a seat whose result a stand-in earned (it resigned,
timed out, a bot played it at the end or made most of its actions) is rated as a loss, as
if its team had lost, while everyone else is rated on the result as it stands; a game
between opposing seats that sat down from one source (an IPv4 address, an IPv6 /64) counts
`same_source_weight` of a game (none by default); and a player is provisional, ranked below
every established player, until they have `provisional_games` rated games in that game and
an account `provisional_seconds` old (bots: the games alone). The leaderboard lists only
players active in the last `active_days` (`REGALIA_ACTIVE_DAYS`, 30): a rated game of that
game (annulled or not: they were here) whose table's last event falls in that window.
"""

from __future__ import annotations

import ipaddress
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import and_, case, exists, func, insert, or_, select, true, update
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session

from regalia.ai.ratings import ladder
from regalia.core.errors import BadNotation
from regalia.protocol import SeatKind
from regalia.tables.events import iso_time, now
from regalia.tables.limits import Limits
from regalia.tables.models import PlayerRow, RatedGameRow, RatingRow, SeatRow, TableRow
from regalia.tables.names import BOT_SUFFIX

MODEL = PlackettLuce()
RANK = {"win": 1, "draw": 2, "loss": 3}
# The network one source stands for: a host has one IPv4 address but a whole IPv6 /64.
IPV6_PREFIX = 64
# Leaderboards list the players who played a rated game in this many days (the default).
ACTIVE_DAYS = 30
DAY = 86_400.0
# The shown rating: BASE + SCALE × (μ − 3σ).
BASE = 1000
SCALE = 40
# How well a rated level's fixed rating is known, in μ: about what the ladder's ±50 (95%)
# interval leaves (25 shown points), so a game against it moves its opponent as a game
# against a well-known player does.
LEVEL_SIGMA = 25 / SCALE


@dataclass(frozen=True, slots=True)
class RatingJob:
    """What rating a finished table needs: who sat where, the outcomes and the teams."""

    table_id: str
    game: str
    players: tuple[str, ...]  # the player at each seat
    outcomes: tuple[str, ...]  # per seat: win, loss or draw
    teams: tuple[tuple[int, ...], ...]
    forfeits: tuple[int, ...] = ()  # seats whose result a stand-in earned: each a loss
    same_source_weight: float = 0.0  # what a game between opponents from one source counts


def shown(mu: float, sigma: float) -> int:
    return round(BASE + SCALE * (mu - 3 * sigma))


def level_rating(rating: int) -> tuple[float, float]:
    """The (μ, σ) a level rated `rating` plays at: shown as `rating`, σ = LEVEL_SIGMA."""
    return (rating - BASE) / SCALE + 3 * LEVEL_SIGMA, LEVEL_SIGMA


def fixed_ratings(conn: Connection, job: RatingJob) -> dict[str, tuple[float, float]]:
    """The players of `job` who are built-in levels the game's ladder rates: each one's
    (μ, σ), which no game moves."""
    levels = conn.execute(
        select(SeatRow.player_id, SeatRow.level)
        .join(PlayerRow, PlayerRow.id == SeatRow.player_id)
        .where(SeatRow.table_id == job.table_id, SeatRow.kind == SeatKind.BOT)
        .where(SeatRow.level.is_not(None), PlayerRow.is_bot)
    ).all()
    if not levels:
        return {}
    try:
        rated = dict(ladder(job.game))
    except BadNotation:  # a game no longer installed: its levels are rated as players
        return {}
    return {
        player: level_rating(rated[level])
        for player, level in levels
        if level in rated and player in job.players
    }


def source_of(address: str) -> str:
    """The source an address belongs to: an IPv4 address itself (an IPv4-mapped IPv6 one
    too), an IPv6 address's /64; anything else (a name) as it is."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, IPV6_PREFIX), strict=False))
    return str(ip)


def one_source(job: RatingJob, sources: dict[int, str | None]) -> bool:
    """Whether two seats on different sides sat down from the same source."""
    side = {seat: n for n, team in enumerate(job.teams) for seat in team}
    seen: dict[str, int] = {}
    for seat, source in sources.items():
        if source is None or seat not in side:
            continue
        if seen.setdefault(source, side[seat]) != side[seat]:
            return True
    return False


def rate_in(conn: Connection, job: RatingJob) -> None:
    """Rate `job` inside the caller's transaction, once per table."""
    done = conn.execute(select(RatedGameRow.table_id).where(RatedGameRow.table_id == job.table_id))
    if done.first() is not None:
        return
    stored = {
        row.player_id: (row.mu, row.sigma, row.games)
        for row in conn.execute(
            select(RatingRow).where(
                RatingRow.game == job.game, RatingRow.player_id.in_(job.players)
            )
        )
    }
    sources = dict(
        conn.execute(
            select(SeatRow.seat, SeatRow.source).where(SeatRow.table_id == job.table_id)
        ).all()
    )
    weight = min(1.0, job.same_source_weight) if one_source(job, sources) else 1.0
    fresh = MODEL.rating()
    fixed = fixed_ratings(conn, job)

    def before(player: str) -> tuple[float, float, int]:
        mu, sigma, games = stored.get(player, (fresh.mu, fresh.sigma, 0))
        return (*fixed[player], games) if player in fixed else (mu, sigma, games)

    def rating(player: str) -> Any:
        mu, sigma, _ = before(player)
        return MODEL.rating(mu=mu, sigma=sigma)

    ratings = [[rating(job.players[s]) for s in team] for team in job.teams]
    ranks = [float(min(RANK[job.outcomes[s]] for s in team)) for team in job.teams]
    rated = MODEL.rate(ratings, ranks=ranks)
    lost: dict[int, Any] = {}  # per team with a forfeit: its ratings had it come last

    def after(n: int, k: int, seat: int) -> Any:
        if seat not in job.forfeits or ranks[n] >= RANK["loss"]:
            return rated[n][k]
        if n not in lost:
            last = [max(ranks) + 1 if i == n else rank for i, rank in enumerate(ranks)]
            lost[n] = MODEL.rate(ratings, ranks=last)[n]
        return lost[n][k]

    seats_of: dict[str, int] = {}
    for player in job.players:
        seats_of[player] = seats_of.get(player, 0) + 1
    changes: list[dict[str, Any]] = [{}] * len(job.players)
    detail: list[dict[str, Any]] = [{}] * len(job.players)  # exact values (annulling)
    for n, team in enumerate(job.teams):
        for k, seat in enumerate(team):
            player = job.players[seat]
            was_mu, was_sigma, games = before(player)
            new = after(n, k, seat)
            # One bot on several seats moves by none of them; a rated level never moves.
            share = 0.0 if seats_of[player] > 1 or player in fixed else weight
            mu = was_mu + share * (new.mu - was_mu)
            sigma = was_sigma + share * (new.sigma - was_sigma)
            changes[seat] = {"player": player, "before": shown(was_mu, was_sigma),
                             "after": shown(mu, sigma)}  # fmt: skip
            counted = weight != 0.0
            detail[seat] = {"player": player, "before": [was_mu, was_sigma],
                            "after": [mu, sigma], "counted": counted}  # fmt: skip
            if not counted:
                continue  # a game between one source's accounts: not even a game played
            values = {"mu": mu, "sigma": sigma, "games": games + 1}
            if player in stored:
                conn.execute(update(RatingRow).where(RatingRow.player_id == player,
                             RatingRow.game == job.game).values(**values))  # fmt: skip
            else:
                conn.execute(insert(RatingRow).values(player_id=player, game=job.game, **values))
            stored[player] = (mu, sigma, games + 1)
    record = {"game": job.game, "changes": json.dumps(changes), "rated_at": now(),
              "detail": json.dumps(detail)}  # fmt: skip
    conn.execute(insert(RatedGameRow).values(table_id=job.table_id, **record))


class Ratings:
    """Reads of ratings for the leaderboard and the profiles (blocking; a DB thread)."""

    def __init__(
        self, engine: Any, limits: Limits | None = None, clock: Callable[[], float] = time.time
    ) -> None:
        self.engine = engine
        self.limits = limits or Limits()
        self.clock = clock  # seconds since the epoch: the tables' clock

    def _established_since(self) -> str:
        """Accounts created before this time (ISO text, as stored) are old enough to rank."""
        return iso_time(self.clock() - self.limits.provisional_seconds)

    def changes(self, table_id: str) -> list[dict[str, Any]] | None:
        with Session(self.engine) as session:
            row = session.get(RatedGameRow, table_id)
        return list(json.loads(row.changes)) if row is not None else None

    def leaderboard(
        self, game: str, offset: int, limit: int, bots: bool | None = None,
        active_days: float = ACTIVE_DAYS,
    ) -> list[dict[str, Any]]:  # fmt: skip
        """Established players first, best first; then the provisional ones, best first;
        only players with a rated game of `game` in the last `active_days`. `bots`: only
        machines (BOT accounts and the built-in levels), only people, or all."""
        established = and_(
            RatingRow.games >= self.limits.provisional_games,
            or_(PlayerRow.is_bot, PlayerRow.created_at <= self._established_since()),
        )
        # When a rated game was played: its table's last event (the tables' clock), or when
        # it was rated for a table that recorded none.
        played_at = func.coalesce(TableRow.updated_at, RatedGameRow.rated_at)
        active = exists(
            select(SeatRow.table_id)
            .join(RatedGameRow, RatedGameRow.table_id == SeatRow.table_id)
            .join(TableRow, TableRow.id == SeatRow.table_id)
            .where(SeatRow.player_id == RatingRow.player_id, RatedGameRow.game == game)
            .where(played_at >= iso_time(self.clock() - active_days * DAY))
        )
        query = (
            select(RatingRow, PlayerRow)
            .join(PlayerRow, PlayerRow.id == RatingRow.player_id)
            .where(RatingRow.game == game, active)
            .where(true() if bots is None else (PlayerRow.is_bot | PlayerRow.bot_account) == bots)
            .order_by(
                case((established, 0), else_=1),
                (RatingRow.mu - 3 * RatingRow.sigma).desc(),
                RatingRow.player_id,
            )
            .offset(offset)
            .limit(limit)
        )
        with Session(self.engine) as session:
            since = self._established_since()
            rows = session.execute(query).all()
            return [self._entry(rating, player, since) for rating, player in rows]

    def profile(self, player_id: str, recent: int = 20) -> dict[str, Any] | None:
        since = self._established_since()
        with Session(self.engine) as session:
            player = session.get(PlayerRow, player_id)
            if player is None:
                return None
            ratings = session.scalars(
                select(RatingRow).where(RatingRow.player_id == player_id)
            ).all()
            games = session.execute(
                select(SeatRow.seat, TableRow)
                .join(TableRow, TableRow.id == SeatRow.table_id)
                .where(SeatRow.player_id == player_id)
                .order_by(TableRow.created_at.desc())
                .limit(recent)
            ).all()
            changes = {
                row.table_id: json.loads(row.changes)
                for row in session.scalars(
                    select(RatedGameRow).where(RatedGameRow.table_id.in_([t.id for _, t in games]))
                )
            }
        return {
            "id": player.id,
            "name": player.name,
            "bot": player.is_bot or player.bot_account,
            "ratings": {r.game: self._entry(r, player, since) for r in ratings},
            "recent": [_recent(seat, table, changes.get(table.id)) for seat, table in games],
        }

    def _entry(self, rating: RatingRow, player: PlayerRow, since: str) -> dict[str, Any]:
        old_enough = player.is_bot or player.created_at <= since
        return {
            "player": rating.player_id,
            "name": player.name,
            "rating": shown(rating.mu, rating.sigma),
            "games": rating.games,
            "provisional": rating.games < self.limits.provisional_games or not old_enough,
            # A bot's level: pages name it by the title its game gives that level.
            "level": player.name.removesuffix(BOT_SUFFIX) if player.is_bot else None,
            "bot": player.is_bot or player.bot_account,  # a machine: a level or a BOT account
        }


def _recent(seat: int, table: TableRow, changes: Sequence[dict[str, Any]] | None) -> dict[str, Any]:
    result = json.loads(table.result) if table.result else None
    outcome = result["outcomes"][seat] if result else None
    change = changes[seat] if changes else None
    return {
        "table": table.id,
        "game": table.game,
        "seat": seat,
        "status": table.status,
        "rated": bool(table.rated),
        "created_at": table.created_at,
        "outcome": outcome,
        "reason": result["reason"] if result else None,
        "rating_change": change,
        "replay": f"/#/replay/{table.id}" if table.status == "finished" else None,
    }
