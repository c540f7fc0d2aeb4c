"""Follows and blocks between players (blocking: run on a database thread).

Following a player lists their games in play on your page. Blocking one keeps them away
from you: neither may challenge the other (`between`), quick play never seats the two at
one table (`avoided`), and their chat lines are hidden from you (`blocked_by`: the server
leaves them out of what it sends you).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import delete, or_, select
from sqlalchemy.orm import Session

from regalia.protocol import TableStatus
from regalia.tables.events import iso_time
from regalia.tables.models import BlockRow, FollowRow, PlayerRow, SeatRow, TableRow

# The most players one may follow or block, so a page of them stays one query.
MAX_RELATIONS = 1000


class Relations:
    def __init__(self, engine: Any, now: Callable[[], float]) -> None:
        self.engine = engine
        self.now = now

    def follow(self, player_id: str, other_id: str, on: bool) -> None:
        self._set(FollowRow, FollowRow.followed_id, player_id, other_id, on)

    def block(self, player_id: str, other_id: str, on: bool) -> None:
        self._set(BlockRow, BlockRow.blocked_id, player_id, other_id, on)
        if on:  # one does not follow whom one blocks
            self._set(FollowRow, FollowRow.followed_id, player_id, other_id, False)

    def _set(self, model: Any, column: Any, player_id: str, other_id: str, on: bool) -> None:
        with Session(self.engine) as session, session.begin():
            where = (model.player_id == player_id, column == other_id)
            session.execute(delete(model).where(*where))
            if on:
                count = session.scalar(
                    select(model.player_id).where(model.player_id == player_id).offset(
                        MAX_RELATIONS - 1
                    ).limit(1)
                )  # fmt: skip
                if count is None:
                    session.add(model(player_id=player_id, created_at=iso_time(self.now()),
                                      **{column.key: other_id}))  # fmt: skip

    def blocked_by(self, player_id: str) -> frozenset[str]:
        """The players this one blocks."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(BlockRow.blocked_id).where(BlockRow.player_id == player_id)
            ).all()
        return frozenset(rows)

    def avoided(self, player_id: str) -> frozenset[str]:
        """The players this one blocks or is blocked by: never at one table by chance."""
        with Session(self.engine) as session:
            mine = select(BlockRow.blocked_id).where(BlockRow.player_id == player_id)
            theirs = select(BlockRow.player_id).where(BlockRow.blocked_id == player_id)
            rows = session.scalars(mine.union(theirs)).all()
        return frozenset(rows)

    def between(self, one: str, other: str) -> bool:
        """Whether either of the two blocks the other."""
        with Session(self.engine) as session:
            found = session.scalar(
                select(BlockRow.player_id).where(
                    or_(
                        (BlockRow.player_id == one) & (BlockRow.blocked_id == other),
                        (BlockRow.player_id == other) & (BlockRow.blocked_id == one),
                    )
                )
            )
        return found is not None

    def blocks(self, player_id: str) -> list[dict[str, Any]]:
        with Session(self.engine) as session:
            rows = session.execute(
                select(PlayerRow.id, PlayerRow.name)
                .join(BlockRow, BlockRow.blocked_id == PlayerRow.id)
                .where(BlockRow.player_id == player_id)
                .order_by(PlayerRow.name)
            ).all()
        return [{"id": pid, "name": name} for pid, name in rows]

    def following(self, player_id: str) -> list[dict[str, Any]]:
        """Whom the player follows, each with the tables they play at now."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(PlayerRow.id, PlayerRow.name, PlayerRow.is_bot)
                .join(FollowRow, FollowRow.followed_id == PlayerRow.id)
                .where(FollowRow.player_id == player_id)
                .order_by(PlayerRow.name)
            ).all()
            ids = [pid for pid, _, _ in rows]
            playing: dict[str, list[dict[str, Any]]] = {pid: [] for pid in ids}
            games = session.execute(
                select(SeatRow.player_id, SeatRow.seat, TableRow.id, TableRow.game)
                .join(TableRow, TableRow.id == SeatRow.table_id)
                .where(SeatRow.player_id.in_(ids))
                .where(TableRow.status == TableStatus.PLAYING)
                .order_by(TableRow.created_at.desc())
            ).all()
            for pid, seat, table_id, game in games:
                playing[str(pid)].append({"table": table_id, "game": game, "seat": seat})
        return [
            {"id": pid, "name": name, "bot": bool(bot), "playing": playing[pid]}
            for pid, name, bot in rows
        ]

    def follows(self, player_id: str, other_id: str) -> bool:
        with Session(self.engine) as session:
            found = session.get(FollowRow, (player_id, other_id))
        return found is not None

    def is_blocked(self, player_id: str, other_id: str) -> bool:
        with Session(self.engine) as session:
            found = session.get(BlockRow, (player_id, other_id))
        return found is not None
