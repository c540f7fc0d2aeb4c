"""A player's own tables: the unfinished ones they sit at or created ("My games"), the
caps on tables with bots counted per player (or per address for requests without a
player key), and untimed tables with bots nobody touched for a while.

Plain queries over the tables' rows, run on the database's reader thread
(`Database.read(fn, store, …)`); nothing here holds state.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Select, func, select
from sqlalchemy.orm import Session

from regalia.protocol import SeatKind, TableStatus
from regalia.tables.models import SeatRow, TableRow, VacationRow
from regalia.tables.store import Store

UNFINISHED = (TableStatus.WAITING, TableStatus.PLAYING)
# "My games" lists at most this many tables (the newest).
MAX_MINE = 200


def _with_bots() -> Any:
    return (
        select(SeatRow.seat)
        .where(SeatRow.table_id == TableRow.id, SeatRow.kind == SeatKind.BOT)
        .exists()
    )


def _count(store: Store, query: Select[Any]) -> int:
    with Session(store.engine) as session:
        return int(session.scalar(query) or 0)


def bot_tables_of(store: Store, player: str | None, address: str) -> int:
    """Unfinished tables with a bot that `player` created, or, without a player, that
    requests without a player key created from `address`."""
    query = (
        select(func.count())
        .select_from(TableRow)
        .where(TableRow.status.in_(UNFINISHED), _with_bots())
    )
    if player is not None:
        return _count(store, query.where(TableRow.creator_player == player))
    mine = (TableRow.creator == address) & TableRow.creator_player.is_(None)
    return _count(store, query.where(mine))


def bot_tables_from(store: Store, address: str) -> int:
    """Unfinished tables with a bot created from `address` by anyone (the backstop)."""
    query = (
        select(func.count())
        .select_from(TableRow)
        .where(TableRow.status.in_(UNFINISHED), _with_bots(), TableRow.creator == address)
    )
    return _count(store, query)


def unfinished_of(store: Store, player: str) -> list[tuple[str, int | None]]:
    """The unfinished tables `player` sits at or created, last changed first, with the
    seat they hold there (None: created, not seated)."""
    seat = (
        select(func.min(SeatRow.seat))
        .where(SeatRow.table_id == TableRow.id, SeatRow.player_id == player)
        .scalar_subquery()
    )
    sits = select(SeatRow.table_id).where(SeatRow.player_id == player)
    query = (
        select(TableRow.id, seat)
        .where(TableRow.status.in_(UNFINISHED))
        .where(TableRow.id.in_(sits) | (TableRow.creator_player == player))
        .order_by(func.coalesce(TableRow.updated_at, TableRow.created_at).desc(), TableRow.id)
        .limit(MAX_MINE)
    )
    with Session(store.engine) as session:
        return [(str(row[0]), row[1]) for row in session.execute(query).all()]


def idle_bot_tables(store: Store, before: str) -> list[str]:
    """Untimed unfinished tables with a bot whose last event came before `before` (ISO)."""
    query = (
        select(TableRow.id)
        .where(TableRow.status.in_(UNFINISHED), TableRow.clock.is_(None), _with_bots())
        .where(func.coalesce(TableRow.updated_at, TableRow.created_at) < before)
        .limit(500)
    )
    with Session(store.engine) as session:
        return list(session.scalars(query).all())


YEAR = 365 * 86_400.0


def vacations(store: Store, player: str, now: float) -> tuple[int, float]:
    """The vacation days `player` declared in the year before `now`, and when the last
    vacation ends (0: none)."""
    query = select(func.coalesce(func.sum(VacationRow.days), 0), func.max(VacationRow.until))
    query = query.where(VacationRow.player_id == player, VacationRow.declared_at > now - YEAR)
    with Session(store.engine) as session:
        used, until = session.execute(query).one()
    return int(used or 0), float(until or 0.0)


def add_vacation(store: Store, player: str, now: float, until: float, days: int) -> None:
    with Session(store.engine) as session, session.begin():
        session.add(VacationRow(player_id=player, declared_at=now, until=until, days=days))
