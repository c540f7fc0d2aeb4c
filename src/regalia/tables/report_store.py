"""Post-game reports in the database: one row per finished table whose report is wanted.

A row is `pending` until a process claims it (a lease: `owner` until `lease_until`), computes
the report and stores it, which turns it `ready`. Storing is a compare-and-set on the row
still pending and still this process's, so a report is stored once even when a lease lapsed
and two processes computed it; a process that dies while computing leaves its lease to lapse,
and the next claim computes the report again. A report that cannot be made is `failed`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Float, ForeignKey, Integer, String, Text, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from regalia.tables.models import Base, TableRow
from regalia.tables.store import Store

PENDING, READY, FAILED = "pending", "ready", "failed"


class ReportRow(Base):
    __tablename__ = "regalia_game_reports"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("regalia_tables.id"), primary_key=True
    )
    status: Mapped[str] = mapped_column(String(12), index=True)
    owner: Mapped[str | None] = mapped_column(String(40), nullable=True)
    lease_until: Mapped[float | None] = mapped_column(Float, nullable=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    created_at: Mapped[float] = mapped_column(Float)
    done_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    data: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON: the report


@dataclass(frozen=True, slots=True)
class Stored:
    status: str
    data: dict[str, Any] | None


class ReportStore:
    def __init__(self, store: Store) -> None:
        self.engine = store.engine

    def want(self, table_id: str, now: float) -> bool:
        """A pending row for `table_id` unless it has one; True if added."""
        try:
            with Session(self.engine) as session, session.begin():
                session.add(ReportRow(table_id=table_id, status=PENDING, created_at=now))
        except IntegrityError:
            return False
        return True

    def get(self, table_id: str) -> Stored | None:
        with Session(self.engine) as session:
            row = session.get(ReportRow, table_id)
            if row is None:
                return None
            return Stored(row.status, json.loads(row.data) if row.data else None)

    def game_of(self, table_id: str) -> str | None:
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            return None if row is None else row.game

    def claim(self, me: str, now: float, lease: float) -> tuple[str, int] | None:
        """The oldest pending report no live lease holds, now leased to `me`, and how many
        times it has been claimed; None if none."""
        with Session(self.engine) as session:
            found = session.execute(
                select(ReportRow.table_id, ReportRow.attempts)
                .where(ReportRow.status == PENDING, _free(now))
                .order_by(ReportRow.created_at)
                .limit(4)
            ).all()
        for table_id, attempts in found:
            with Session(self.engine) as session, session.begin():
                won = session.connection().execute(
                    update(ReportRow)
                    .where(ReportRow.table_id == table_id, ReportRow.status == PENDING, _free(now))
                    .values(owner=me, lease_until=now + lease, attempts=ReportRow.attempts + 1)
                )
            if won.rowcount:
                return table_id, attempts + 1
        return None

    def renew(self, table_id: str, me: str, until: float) -> bool:
        """Keep the lease; False when it is no longer `me`'s (it lapsed and was taken)."""
        with Session(self.engine) as session, session.begin():
            done = session.connection().execute(
                update(ReportRow)
                .where(ReportRow.table_id == table_id, ReportRow.owner == me)
                .where(ReportRow.status == PENDING)
                .values(lease_until=until)
            )
        return bool(done.rowcount)

    def finish(
        self, table_id: str, me: str, now: float, data: dict[str, Any], status: str = READY
    ) -> bool:
        """Store the report once: only while the row is pending and leased to `me`."""
        with Session(self.engine) as session, session.begin():
            done = session.connection().execute(
                update(ReportRow)
                .where(ReportRow.table_id == table_id, ReportRow.owner == me)
                .where(ReportRow.status == PENDING)
                .values(
                    status=status,
                    data=json.dumps(data, separators=(",", ":")),
                    done_at=now,
                    owner=None,
                    lease_until=None,
                )
            )
        return bool(done.rowcount)


def _free(now: float) -> Any:
    return or_(ReportRow.lease_until.is_(None), ReportRow.lease_until < now)
