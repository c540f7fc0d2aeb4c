"""Post-game reports (issue 30): one row per finished table whose report is wanted, pending
until a server process computes it (under a lease, so a process that dies mid-way leaves it
to the next) and ready once stored, which happens once.

Revision ID: 0017
Revises: 0016
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "regalia_game_reports",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("regalia_tables.id"), primary_key=True),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("owner", sa.String(40), nullable=True),
        sa.Column("lease_until", sa.Float, nullable=True),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("done_at", sa.Float, nullable=True),
        sa.Column("data", sa.Text, nullable=True),
    )
    op.create_index("ix_regalia_game_reports_status", "regalia_game_reports", ["status"])


def downgrade() -> None:
    op.drop_index("ix_regalia_game_reports_status", "regalia_game_reports")
    op.drop_table("regalia_game_reports")
