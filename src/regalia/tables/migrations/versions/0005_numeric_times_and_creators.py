"""Event times as numbers, and who created each table.

An event's `at` was ISO text, parsed again at every replay of a table; it becomes seconds
since the epoch (a float), converted in place so every stored game keeps its times.
`creator` names who created a table with bots (a guest key or an address), so the cap on
unfinished bot tables is counted from the database: it survives restarts and holds across
server processes.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None
# Rows converted per round trip: a large database is not read into memory at once.
CHUNK = 5000


def _seconds(text: str) -> float:
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:  # every release wrote UTC
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def upgrade() -> None:
    conn = op.get_bind()
    with op.batch_alter_table("regalia_events") as events:
        events.add_column(sa.Column("at_s", sa.Float, nullable=True))
    rows = sa.table(
        "regalia_events",
        sa.column("table_id", sa.String),
        sa.column("seq", sa.Integer),
        sa.column("at", sa.String),
        sa.column("at_s", sa.Float),
    )
    while True:
        batch = conn.execute(
            sa.select(rows.c.table_id, rows.c.seq, rows.c.at).where(rows.c.at_s.is_(None))
            .limit(CHUNK)
        ).all()  # fmt: skip
        if not batch:
            break
        conn.execute(
            rows.update()
            .where(rows.c.table_id == sa.bindparam("tid"), rows.c.seq == sa.bindparam("sq"))
            .values(at_s=sa.bindparam("s")),
            [{"tid": t, "sq": q, "s": _seconds(at)} for t, q, at in batch],
        )
    with op.batch_alter_table("regalia_events") as events:
        events.drop_column("at")
        events.alter_column("at_s", new_column_name="at", existing_type=sa.Float, nullable=False)
    with op.batch_alter_table("regalia_tables") as tables:
        tables.add_column(sa.Column("creator", sa.String(64), nullable=True))
        tables.create_index("ix_regalia_tables_creator", ["creator"])


def downgrade() -> None:
    with op.batch_alter_table("regalia_tables") as tables:
        tables.drop_index("ix_regalia_tables_creator")
        tables.drop_column("creator")
    conn = op.get_bind()
    with op.batch_alter_table("regalia_events") as events:
        events.add_column(sa.Column("at_text", sa.String(40), nullable=True))
    rows = sa.table(
        "regalia_events",
        sa.column("table_id", sa.String),
        sa.column("seq", sa.Integer),
        sa.column("at", sa.Float),
        sa.column("at_text", sa.String),
    )
    for table_id, seq, at in conn.execute(sa.select(rows.c.table_id, rows.c.seq, rows.c.at)):
        text = datetime.fromtimestamp(at, UTC).isoformat(timespec="milliseconds")
        conn.execute(
            rows.update().where(rows.c.table_id == table_id, rows.c.seq == seq)
            .values(at_text=text)
        )  # fmt: skip
    with op.batch_alter_table("regalia_events") as events:
        events.drop_column("at")
        events.alter_column("at_text", new_column_name="at", existing_type=sa.String(40),
                            nullable=False)  # fmt: skip
