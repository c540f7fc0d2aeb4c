"""Seasons: per game, a leaderboard of points that starts level at each season's start.

A season is a calendar week (from Monday), month or quarter in UTC (`REGALIA_SEASON`:
`weekly`, `monthly` — the default — or `quarterly`), named `2026-W49`, `2026-12` or
`2026-Q4`. A player's season points: each rated game of the game that season scores its
outcome (a win 1, a draw ½, a loss 0), and each tournament of the game finished that
season adds 3, 2 and 1 for its podium's first, second and third. Everyone starts each
season at 0. Leaderboards list only players active in the last `active_days` (a rated game
or a tournament game then; `REGALIA_ACTIVE_DAYS`, 30 by default), so the board is of the
players who are here.

    >>> bounds(datetime(2026, 12, 2, tzinfo=UTC).timestamp(), "monthly")[0]
    '2026-12'
    >>> bounds(datetime(2026, 12, 2, tzinfo=UTC).timestamp(), "quarterly")[0]
    '2026-Q4'
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from regalia.core.game import Outcome
from regalia.tables.events import iso_time
from regalia.tables.models import PlayerRow, RatedGameRow, TableRow
from regalia.tournaments.director import podium_of
from regalia.tournaments.models import EntrantRow, GameRow, TournamentRow

KINDS = ("weekly", "monthly", "quarterly")
PODIUM_POINTS = (3, 2, 1)
ACTIVE_DAYS = 30
# Seasons a profile looks back on for its podiums.
PROFILE_SEASONS = 12


def bounds(at: float, kind: str) -> tuple[str, float, float]:
    """The season holding time `at`: its name, start and end (seconds since the epoch)."""
    day = datetime.fromtimestamp(at, UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    if kind == "weekly":
        start = day - timedelta(days=day.weekday())
        end = start + timedelta(days=7)
        year, week, _ = start.isocalendar()
        name = f"{year}-W{week:02d}"
    else:
        months = 3 if kind == "quarterly" else 1
        first = (day.month - 1) // months * months + 1
        start = day.replace(month=first, day=1)
        after = first + months
        end = start.replace(year=start.year + (after - 1) // 12, month=(after - 1) % 12 + 1)
        name = f"{start.year}-Q{(first - 1) // 3 + 1}" if months == 3 else f"{start:%Y-%m}"
    return name, start.timestamp(), end.timestamp()


def named(name: str, kind: str) -> tuple[str, float, float] | None:
    """The season called `name` (as `bounds` names them), or None if no season is."""
    try:
        if kind == "weekly":
            year, week = name.split("-W")
            at = datetime.fromisocalendar(int(year), int(week), 1).replace(tzinfo=UTC)
        elif kind == "quarterly":
            year, quarter = name.split("-Q")
            at = datetime(int(year), 3 * int(quarter) - 2, 1, tzinfo=UTC)
        else:
            at = datetime.strptime(name, "%Y-%m").replace(tzinfo=UTC)
    except ValueError:
        return None
    found = bounds(at.timestamp(), kind)
    return found if found[0] == name else None


def previous(at: float, kind: str, count: int) -> list[tuple[str, float, float]]:
    """The `count` seasons before the one holding `at`, latest first."""
    out = []
    start = bounds(at, kind)[1]
    for _ in range(count):
        found = bounds(start - 1, kind)
        out.append(found)
        start = found[1]
    return out


def standings(
    engine: Engine, game: str, start: float, end: float, active_since: float
) -> list[dict[str, Any]]:
    """The season's leaderboard (blocking): players active since `active_since`, by points."""
    points: dict[str, float] = defaultdict(float)
    games: Counter[str] = Counter()
    last: dict[str, float] = defaultdict(float)
    with Session(engine) as session:
        rated = session.execute(
            select(RatedGameRow.changes, TableRow.result, RatedGameRow.rated_at)
            .join(TableRow, TableRow.id == RatedGameRow.table_id)
            .where(RatedGameRow.game == game, RatedGameRow.annulled_at.is_(None))
            .where(RatedGameRow.rated_at >= iso_time(start), RatedGameRow.rated_at < iso_time(end))
        ).all()
        for changes, result, _ in rated:
            outcomes = json.loads(result)["outcomes"] if result else []
            for seat, change in enumerate(json.loads(changes)):
                if change and seat < len(outcomes):
                    points[change["player"]] += Outcome(outcomes[seat]).score
                    games[change["player"]] += 1
        finished = session.scalars(
            select(TournamentRow.id).where(TournamentRow.game == game)
            .where(TournamentRow.status == "finished")
            .where(TournamentRow.finished_at >= start, TournamentRow.finished_at < end)
        ).all()  # fmt: skip
        for tid in finished:
            for rank, pid in enumerate(podium_of(engine, tid)[: len(PODIUM_POINTS)]):
                points[pid] += PODIUM_POINTS[rank]
        seen = set(points) | set(games)
        for pid in seen:
            last[pid] = _last_active(session, pid, game)
        names = {
            pid: name
            for pid, name in session.execute(
                select(PlayerRow.id, PlayerRow.name).where(PlayerRow.id.in_(seen))
            ).all()
        }
    rows = [p for p in seen if last[p] >= active_since]
    rows.sort(key=lambda p: (-points[p], -games[p], names.get(p, "")))
    return [
        {"rank": n, "player": p, "name": names.get(p, ""), "points": points[p], "games": games[p]}
        for n, p in enumerate(rows, start=1)
    ]


def _last_active(session: Session, player_id: str, game: str) -> float:
    """When the player last played a rated game or a tournament game of `game`."""
    rated = session.execute(
        select(RatedGameRow.rated_at, RatedGameRow.changes)
        .where(RatedGameRow.game == game).order_by(RatedGameRow.rated_at.desc()).limit(2000)
    ).all()  # fmt: skip
    for at, changes in rated:
        if any(c and c.get("player") == player_id for c in json.loads(changes)):
            return datetime.fromisoformat(at.replace("Z", "+00:00")).timestamp()
    played = session.scalar(
        select(GameRow.finished_at)
        .join(EntrantRow, EntrantRow.tournament_id == GameRow.tournament_id)
        .join(TournamentRow, TournamentRow.id == GameRow.tournament_id)
        .where(EntrantRow.player_id == player_id, TournamentRow.game == game)
        .where(GameRow.seats.contains(player_id)).order_by(GameRow.finished_at.desc())
    )  # fmt: skip
    return float(played or 0.0)
