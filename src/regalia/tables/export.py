"""Open game data: every finished game as one JSON object (docs/export.md; blocking).

A line holds the game's record in its own notation, its seats (names and player ids, or
`"anonymous"` for a player who chose not to be named), the ratings before and after, the
clock, the result and its reason, and `final_view`: the game's public view of its last
position. A game that hides information reveals it there once it is over (Regicida: every
Identity, every vote and the whole intrigue history) — and only finished games are ever
exported, so nothing secret of a game in play leaves the server. Chat is never exported.

Games come in the order they finished (then by table id), a page at a time: the next page
starts after the last line's `id` (`after`), so a client pages without gaps or repeats.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from sqlalchemy import and_, or_, select
from sqlalchemy.orm import Session

from regalia.core.errors import RegaliaError
from regalia.core.registry import get_game
from regalia.protocol import EventKind, TableStatus
from regalia.tables.events import iso_time
from regalia.tables.models import EventRow, PlayerRow, RatedGameRow, SeatRow, TableRow

ANONYMOUS = "anonymous"
# Format version of a line (docs/export.schema.json's `version`).
VERSION = 1
PAGE = 100  # rows read from the database at a time


class Exporter:
    def __init__(self, engine: Any) -> None:
        self.engine = engine

    def page(
        self, game: str | None, since: float | None, until: float | None,
        after: str | None, limit: int,
    ) -> list[dict[str, Any]]:  # fmt: skip
        """Up to `limit` finished games (of `game`, or all), finished in [since, until),
        after the game whose id is `after`."""
        finished = select(EventRow.table_id, EventRow.at).where(
            EventRow.kind == EventKind.FINISHED
        ).subquery()  # fmt: skip
        query = (
            select(TableRow, finished.c.at)
            .join(finished, finished.c.table_id == TableRow.id)
            .where(TableRow.status == TableStatus.FINISHED)
            .order_by(finished.c.at, TableRow.id)
            .limit(limit)
        )
        if game:
            query = query.where(TableRow.game == game)
        if since is not None:
            query = query.where(finished.c.at >= since)
        if until is not None:
            query = query.where(finished.c.at < until)
        with Session(self.engine) as session:
            if after:
                last = session.scalar(select(finished.c.at).where(finished.c.table_id == after))
                if last is not None:
                    query = query.where(
                        or_(finished.c.at > last, and_(finished.c.at == last, TableRow.id > after))
                    )
            rows = session.execute(query).all()
            facts = _Facts(session, [row.id for row, _ in rows])
            return [_line(facts, row, at) for row, at in rows]

    def full_page(self, *args: Any) -> list[dict[str, Any]]:
        """`page` with each line's final view (one thread does both: the command line)."""
        return with_final_views(self.page(*args))

    def lines(
        self, game: str | None, since: float | None, until: float | None
    ) -> Iterator[dict[str, Any]]:
        """Every game of the span, read a page at a time."""
        after: str | None = None
        while True:
            found = self.full_page(game, since, until, after, PAGE)
            yield from found
            if len(found) < PAGE:
                return
            after = found[-1]["id"]


class _Facts:
    """What a page's lines need besides their tables' rows, read in four queries for the
    whole page: seats, their players, the names seats joined under, rating changes."""

    def __init__(self, session: Session, ids: list[str]) -> None:
        self.seats: dict[str, list[SeatRow]] = {i: [] for i in ids}
        for row in session.scalars(
            select(SeatRow).where(SeatRow.table_id.in_(ids)).order_by(SeatRow.seat)
        ):
            self.seats[row.table_id].append(row)
        pids = {s.player_id for seats in self.seats.values() for s in seats if s.player_id}
        self.players = {
            p.id: p for p in session.scalars(select(PlayerRow).where(PlayerRow.id.in_(pids)))
        }
        self.joined: dict[str, dict[int, str]] = {i: {} for i in ids}
        for table_id, seat, data in session.execute(
            select(EventRow.table_id, EventRow.seat, EventRow.data)
            .where(EventRow.table_id.in_(ids), EventRow.kind == EventKind.JOINED)
            .order_by(EventRow.seq)
        ):
            if seat is not None:
                self.joined[table_id][seat] = json.loads(data).get("name")
        self.changes = {
            r.table_id: json.loads(r.changes)
            for r in session.scalars(select(RatedGameRow).where(RatedGameRow.table_id.in_(ids)))
        }


def _line(facts: _Facts, row: TableRow, finished_at: float) -> dict[str, Any]:
    seats = facts.seats.get(row.id, [])
    players = facts.players
    changes = facts.changes.get(row.id)
    joined = facts.joined.get(row.id, {})
    game = get_game(row.game)
    names = game.seat_names(row.players)

    def who(pid: str | None) -> str | None:
        found = players.get(pid or "")
        return ANONYMOUS if found is not None and found.anonymous else pid

    out_seats = []
    for s in seats:
        found = players.get(s.player_id or "")
        hidden = found is not None and found.anonymous
        name = found.name if found is not None else (joined.get(s.seat) or s.bot_name)
        out_seats.append({
            "seat": s.seat, "seat_name": names[s.seat], "kind": s.kind, "level": s.level,
            "name": ANONYMOUS if hidden else name, "player": who(s.player_id),
            "bot": bool(found.is_bot or getattr(found, "bot_account", False))
            if found is not None else s.kind == "bot",
        })  # fmt: skip
    ratings = None
    if changes is not None:
        ratings = [
            {**c, "player": who(c.get("player"))} if c else None
            for c in (changes if isinstance(changes, list) else changes.values())
        ]
    return {
        "version": VERSION, "id": row.id, "game": row.game, "players": row.players,
        "options": json.loads(row.options), "rated": bool(row.rated),
        "created_at": row.created_at, "finished_at": iso_time(finished_at),
        "clock": json.loads(row.clock) if row.clock else None,
        "result": json.loads(row.result) if row.result else None,
        "seats": out_seats, "ratings": ratings, "record": row.record,
        "final_view": None,
    }  # fmt: skip


def with_final_views(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each line with its `final_view`: the game replayed from its record (CPU work, kept
    off the database's threads)."""
    for line in lines:
        try:
            line["final_view"] = get_game(line["game"]).from_record(line["record"]).view(None)
        except RegaliaError:  # a record this release cannot read: the rest still is data
            line["final_view"] = {}
    return lines
