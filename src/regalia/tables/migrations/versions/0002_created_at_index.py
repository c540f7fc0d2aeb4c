"""Index tables by creation time: the lobby lists and table expiry read them newest first.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_regalia_tables_created_at", "regalia_tables", ["created_at"])


def downgrade() -> None:
    op.drop_index("ix_regalia_tables_created_at", "regalia_tables")
