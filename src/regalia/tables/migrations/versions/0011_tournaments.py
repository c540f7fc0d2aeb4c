"""Tournaments (Swiss, arena, round-robin): each tournament, its entrants, and its games.

A tournament's settings are one JSON object; its director (one process, by lease) keeps
`status`, `round` and the times. A game row is written with its pairing, before its table
exists: `(tournament_id, round, board)` is the key, so no round is paired twice, and a
table the director did not make before a restart is made from its row. A bye is a game
row without a table.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "regalia_tournaments",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("status", sa.String(16), nullable=False, index=True),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("round", sa.Integer, nullable=False, server_default="0"),
        sa.Column("created_at", sa.Float, nullable=False, index=True),
        sa.Column("starts_at", sa.Float, nullable=True),
        sa.Column("started_at", sa.Float, nullable=True),
        sa.Column("ends_at", sa.Float, nullable=True),
        sa.Column("finished_at", sa.Float, nullable=True),
        sa.Column("paused", sa.Boolean, nullable=False, server_default="0"),
        sa.Column("organiser_hash", sa.String(64), nullable=True),
        sa.Column("invite_hash", sa.String(64), nullable=True),
        sa.Column("owner", sa.String(40), nullable=True),
        sa.Column("lease_until", sa.Float, nullable=True),
    )
    op.create_table(
        "regalia_tournament_entrants",
        sa.Column(
            "tournament_id",
            sa.String(16),
            sa.ForeignKey("regalia_tournaments.id"),
            primary_key=True,
        ),
        sa.Column("player_id", sa.String(16), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("level", sa.String(32), nullable=True),
        sa.Column("team", sa.Integer, nullable=True),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("rating", sa.Float, nullable=True),
        sa.Column("withdrawn", sa.Boolean, nullable=False, server_default="0"),
        sa.Column("forfeits", sa.Integer, nullable=False, server_default="0"),
        sa.Column("joined_at", sa.Float, nullable=False),
    )
    op.create_index("ix_regalia_tournament_entrants_player_id", "regalia_tournament_entrants",
                    ["player_id"])  # fmt: skip
    op.create_table(
        "regalia_tournament_games",
        sa.Column(
            "tournament_id",
            sa.String(16),
            sa.ForeignKey("regalia_tournaments.id"),
            primary_key=True,
        ),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("board", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.String(32), nullable=True, unique=True),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("scores", sa.Text, nullable=True),
        sa.Column("started_at", sa.Float, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("regalia_tournament_games")
    op.drop_index("ix_regalia_tournament_entrants_player_id", "regalia_tournament_entrants")
    op.drop_table("regalia_tournament_entrants")
    op.drop_table("regalia_tournaments")
