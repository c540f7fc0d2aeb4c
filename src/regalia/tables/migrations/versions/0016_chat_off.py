"""A player's "I don't want chat" (issue 29): with `chat_off` they are sent no chat lines
and cannot write any.

Revision ID: 0016
Revises: 0015
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("regalia_players") as players:
        players.add_column(sa.Column("chat_off", sa.Boolean, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("regalia_players") as players:
        players.drop_column("chat_off")
