"""Puzzles (issue 30): the puzzles themselves with their ratings, each player's puzzle
rating and streak per game, and each player's first try of each puzzle (the key that rates
a try once).

Revision ID: 0018
Revises: 0017
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "regalia_puzzles",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("position", sa.Text, nullable=False),
        sa.Column("to_move", sa.Integer, nullable=False),
        sa.Column("moves", sa.Text, nullable=False),
        sa.Column("themes", sa.Text, nullable=False),
        sa.Column("source", sa.String(120), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("plays", sa.Integer, nullable=False, server_default="0"),
        sa.Column("solved", sa.Integer, nullable=False, server_default="0"),
    )
    op.create_index("ix_regalia_puzzles_game", "regalia_puzzles", ["game"])
    op.create_table(
        "regalia_puzzle_players",
        sa.Column(
            "player_id", sa.String(16), sa.ForeignKey("regalia_players.id"), primary_key=True
        ),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("streak", sa.Integer, nullable=False, server_default="0"),
        sa.Column("best_streak", sa.Integer, nullable=False, server_default="0"),
        sa.Column("solved", sa.Integer, nullable=False, server_default="0"),
        sa.Column("failed", sa.Integer, nullable=False, server_default="0"),
    )
    op.create_table(
        "regalia_puzzle_tries",
        sa.Column(
            "player_id", sa.String(16), sa.ForeignKey("regalia_players.id"), primary_key=True
        ),
        sa.Column(
            "puzzle_id", sa.String(16), sa.ForeignKey("regalia_puzzles.id"), primary_key=True
        ),
        sa.Column("solved", sa.Boolean, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("change", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("regalia_puzzle_tries")
    op.drop_table("regalia_puzzle_players")
    op.drop_index("ix_regalia_puzzles_game", "regalia_puzzles")
    op.drop_table("regalia_puzzles")
