"""The schema of release 0.1: tables, seats and the append-only event log.

Databases written by 0.1 (before migrations) have exactly these tables and are stamped with
this revision when first opened.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "regalia_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("created_at", sa.String(40), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("result", sa.Text, nullable=True),
    )
    op.create_index("ix_regalia_tables_status", "regalia_tables", ["status"])
    op.create_table(
        "regalia_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("regalia_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("level", sa.String(32), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("bot_name", sa.String(40), nullable=True),
    )
    op.create_table(
        "regalia_events",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("regalia_tables.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(24), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("at", sa.String(40), nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("is_secret", sa.Boolean, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("regalia_events")
    op.drop_table("regalia_seats")
    op.drop_index("ix_regalia_tables_status", "regalia_tables")
    op.drop_table("regalia_tables")
