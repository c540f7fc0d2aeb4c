"""Players, their keys and per-game ratings; rated tables; who sits at each seat.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "regalia_players",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("name_key", sa.String(24), nullable=False, unique=True),
        sa.Column("password_hash", sa.Text, nullable=True),
        sa.Column("is_bot", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.String(40), nullable=False),
    )
    op.create_table(
        "regalia_player_keys",
        sa.Column("key_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(16), sa.ForeignKey("regalia_players.id"), nullable=False),
        sa.Column("created_at", sa.String(40), nullable=False),
    )
    op.create_index("ix_regalia_player_keys_player_id", "regalia_player_keys", ["player_id"])
    op.create_table(
        "regalia_ratings",
        sa.Column(
            "player_id", sa.String(16), sa.ForeignKey("regalia_players.id"), primary_key=True
        ),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
    )
    op.create_table(
        "regalia_rated_games",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("regalia_tables.id"), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("changes", sa.Text, nullable=False),
        sa.Column("rated_at", sa.String(40), nullable=False),
    )
    with op.batch_alter_table("regalia_tables") as table:
        table.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default="0"))
    with op.batch_alter_table("regalia_seats") as seats:
        seats.add_column(sa.Column("player_id", sa.String(16), nullable=True))
        seats.create_index("ix_regalia_seats_player_id", ["player_id"])


def downgrade() -> None:
    with op.batch_alter_table("regalia_seats") as seats:
        seats.drop_index("ix_regalia_seats_player_id")
        seats.drop_column("player_id")
    with op.batch_alter_table("regalia_tables") as table:
        table.drop_column("rated")
    op.drop_table("regalia_rated_games")
    op.drop_table("regalia_ratings")
    op.drop_index("ix_regalia_player_keys_player_id", "regalia_player_keys")
    op.drop_table("regalia_player_keys")
    op.drop_table("regalia_players")
