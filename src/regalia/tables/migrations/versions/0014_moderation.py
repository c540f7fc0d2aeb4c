"""Moderation and accounts a public site can run (issue 29): players' roles and the end of
a closed or deleted account, reports, and the moderation log of every action taken.

`role` is "admin", "moderator" or null; `closed_at` is set when a moderator closes the
account or its player deletes it (`deleted` then too). `regalia_reports` holds what players
reported (a player, a table, one chat line by its event seq) until a moderator handles it;
`regalia_moderation` every action with its reason and end (`until`, seconds since the epoch;
null: for good). A mute or ban is in force while an unannulled row of its kind has not ended.

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("regalia_players") as players:
        players.add_column(sa.Column("role", sa.String(16), nullable=True))
        players.add_column(sa.Column("closed_at", sa.Float, nullable=True))
        players.add_column(
            sa.Column("deleted", sa.Boolean, nullable=False, server_default=sa.false())
        )
    op.create_table(
        "regalia_reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("reporter_id", sa.String(16), nullable=False, index=True),
        sa.Column("player_id", sa.String(16), nullable=True, index=True),
        sa.Column("table_id", sa.String(16), nullable=True),
        sa.Column("event_seq", sa.Integer, nullable=True),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("handled_at", sa.Float, nullable=True, index=True),
        sa.Column("handled_by", sa.String(16), nullable=True),
    )
    op.create_table(
        "regalia_moderation",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("player_id", sa.String(16), nullable=False, index=True),
        sa.Column("moderator_id", sa.String(16), nullable=False),
        sa.Column("action", sa.String(16), nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("until", sa.Float, nullable=True),
        sa.Column("table_id", sa.String(16), nullable=True),
        sa.Column("annulled_at", sa.Float, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("regalia_moderation")
    op.drop_table("regalia_reports")
    with op.batch_alter_table("regalia_players") as players:
        players.drop_column("deleted")
        players.drop_column("closed_at")
        players.drop_column("role")
