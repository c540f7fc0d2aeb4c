"""Who created a table (its player, when the request carried a player key) and players'
vacations.

`creator_player` lets the cap on unfinished tables with bots count per player (or per
browser, by its guest key) instead of per address: a household or a school behind one
address no longer shares one cap (the address keeps a looser one). `regalia_vacations`
holds each vacation a player declared (when, until when, how many days), so a player's
days per year are counted (docs/server.md, "Turn-based tables").

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("regalia_tables") as tables:
        tables.add_column(sa.Column("creator_player", sa.String(16), nullable=True))
        tables.create_index("ix_regalia_tables_creator_player", ["creator_player"])
    op.create_table(
        "regalia_vacations",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "player_id",
            sa.String(16),
            sa.ForeignKey("regalia_players.id"),
            nullable=False,
            index=True,
        ),
        sa.Column("declared_at", sa.Float, nullable=False),
        sa.Column("until", sa.Float, nullable=False),
        sa.Column("days", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("regalia_vacations")
    with op.batch_alter_table("regalia_tables") as tables:
        tables.drop_index("ix_regalia_tables_creator_player")
        tables.drop_column("creator_player")
