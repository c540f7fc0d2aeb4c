"""A player's rating history per game: the rating after each rated game, oldest first.

Nothing new is stored for it: each rated game keeps every seat's change (`RatedGameRow`,
per seat `{player, before, after}` in shown points) and the seats name their players, so
the history is those rows joined to the player's seats. The first point is the rating
before the player's first rated game of that game (1000 for a newcomer).
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from regalia.tables.models import PlayerRow, RatedGameRow, SeatRow

# The most games one answer carries per game (the newest): a chart has no room for more.
MAX_POINTS = 500


def rating_history(engine: Any, player_id: str) -> dict[str, Any] | None:
    """{"player", "games": {game: [{"table", "at", "rating"}…]}}, or None for no such player.

    The first point of a game has `table` None and the rating before its first rated game."""
    with Session(engine) as session:
        if session.get(PlayerRow, player_id) is None:
            return None
        rows = session.execute(
            select(SeatRow.seat, RatedGameRow)
            .join(RatedGameRow, RatedGameRow.table_id == SeatRow.table_id)
            .where(SeatRow.player_id == player_id, RatedGameRow.annulled_at.is_(None))
            .order_by(RatedGameRow.rated_at.desc(), RatedGameRow.table_id.desc())
            .limit(MAX_POINTS * 8)
        ).all()
    games: dict[str, list[dict[str, Any]]] = {}
    for seat, row in reversed(rows):
        changes = json.loads(row.changes)
        change = changes[seat] if seat < len(changes) else None
        if not change or change.get("player") != player_id:
            continue  # a seat this player did not hold when the game was rated
        points = games.setdefault(row.game, [])
        if not points:
            points.append({"table": None, "at": None, "rating": change["before"]})
        points.append({"table": row.table_id, "at": row.rated_at, "rating": change["after"]})
    return {
        "player": player_id,
        "games": {game: points[-(MAX_POINTS + 1) :] for game, points in games.items()},
    }
