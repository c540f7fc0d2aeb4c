"""Play over time: each table's time control, its owner process and lease, its last change.

`clock` lets quick play find a table of the same time control; `owner` and `lease_until`
say which server process runs a table's clocks and bots (another takes over when the lease
lapses); `updated_at` lets finished tables leave the lobby after a while.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("regalia_tables") as table:
        table.add_column(sa.Column("clock", sa.String(64), nullable=True))
        table.add_column(sa.Column("owner", sa.String(40), nullable=True))
        table.add_column(sa.Column("lease_until", sa.Float, nullable=True))
        table.add_column(sa.Column("updated_at", sa.String(40), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("regalia_tables") as table:
        table.drop_column("updated_at")
        table.drop_column("lease_until")
        table.drop_column("owner")
        table.drop_column("clock")
