"""Ratings: OpenSkill's Plackett–Luce model, which rates teams and free-for-all alike.

Plackett–Luce ranks any number of teams of any size, with ties, so one model covers
Regulator Chess (two players), Regicide (two teams of two) and Regicida (every seat alone,
several winners possible): a seat's outcome gives its team's rank (win, then draw, then
loss). A game is rated in the same transaction that stores its `finished` event, keyed by
its table, so neither a restart nor a replayed log ever rates it twice. The number shown is
conservative: 1000 + 40 × (μ − 3σ), so a newcomer starts at 1000 and climbs as the model
grows sure of them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session

from regalia.tables.events import now
from regalia.tables.models import PlayerRow, RatedGameRow, RatingRow, SeatRow, TableRow

MODEL = PlackettLuce()
PROVISIONAL_GAMES = 10
RANK = {"win": 1, "draw": 2, "loss": 3}


@dataclass(frozen=True, slots=True)
class RatingJob:
    """What rating a finished table needs: who sat where, the outcomes and the teams."""

    table_id: str
    game: str
    players: tuple[str, ...]  # the player at each seat
    outcomes: tuple[str, ...]  # per seat: win, loss or draw
    teams: tuple[tuple[int, ...], ...]


def shown(mu: float, sigma: float) -> int:
    return round(1000 + 40 * (mu - 3 * sigma))


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
    fresh = MODEL.rating()

    def rating(player: str) -> Any:
        mu, sigma, _ = stored.get(player, (fresh.mu, fresh.sigma, 0))
        return MODEL.rating(mu=mu, sigma=sigma)

    teams = [[rating(job.players[s]) for s in team] for team in job.teams]
    ranks = [float(min(RANK[job.outcomes[s]] for s in team)) for team in job.teams]
    rated = MODEL.rate(teams, ranks=ranks)
    seats_of: dict[str, int] = {}
    for player in job.players:
        seats_of[player] = seats_of.get(player, 0) + 1
    changes: list[dict[str, Any]] = [{}] * len(job.players)
    for team, after_team in zip(job.teams, rated, strict=True):
        for seat, after in zip(team, after_team, strict=True):
            player = job.players[seat]
            mu, sigma, games = stored.get(player, (fresh.mu, fresh.sigma, 0))
            if seats_of[player] > 1:  # one bot on several seats: it does not rate itself
                after = MODEL.rating(mu=mu, sigma=sigma)
            changes[seat] = {"player": player, "before": shown(mu, sigma),
                             "after": shown(after.mu, after.sigma)}  # fmt: skip
            values = {"mu": after.mu, "sigma": after.sigma, "games": games + 1}
            if player in stored:
                conn.execute(update(RatingRow).where(RatingRow.player_id == player,
                             RatingRow.game == job.game).values(**values))  # fmt: skip
            else:
                conn.execute(insert(RatingRow).values(player_id=player, game=job.game, **values))
                stored[player] = (after.mu, after.sigma, games + 1)
    record = {"game": job.game, "changes": json.dumps(changes), "rated_at": now()}
    conn.execute(insert(RatedGameRow).values(table_id=job.table_id, **record))


class Ratings:
    """Reads of ratings for the leaderboard and the profiles (blocking; a DB thread)."""

    def __init__(self, engine: Any) -> None:
        self.engine = engine

    def changes(self, table_id: str) -> list[dict[str, Any]] | None:
        with Session(self.engine) as session:
            row = session.get(RatedGameRow, table_id)
        return list(json.loads(row.changes)) if row is not None else None

    def leaderboard(self, game: str, offset: int, limit: int) -> list[dict[str, Any]]:
        query = (
            select(RatingRow, PlayerRow.name)
            .join(PlayerRow, PlayerRow.id == RatingRow.player_id)
            .where(RatingRow.game == game)
            .order_by((RatingRow.mu - 3 * RatingRow.sigma).desc(), RatingRow.player_id)
            .offset(offset)
            .limit(limit)
        )
        with Session(self.engine) as session:
            return [_entry(rating, name) for rating, name in session.execute(query).all()]

    def profile(self, player_id: str, recent: int = 20) -> dict[str, Any] | None:
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
            "bot": player.is_bot,
            "ratings": {r.game: _entry(r, player.name) for r in ratings},
            "recent": [_recent(seat, table, changes.get(table.id)) for seat, table in games],
        }


def _entry(rating: RatingRow, name: str) -> dict[str, Any]:
    return {
        "player": rating.player_id,
        "name": name,
        "rating": shown(rating.mu, rating.sigma),
        "games": rating.games,
        "provisional": rating.games < PROVISIONAL_GAMES,
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
