"""Challenges, follows, blocks, and a player's choice not to be named in open data.

A challenge is one player's invitation to others to sit at a new table
(`regalia_challenges`), with one row per invited player and their answer
(`regalia_challenge_invites`); an accepted challenge names its table. Follows and blocks
are pairs of players. `regalia_players.anonymous`: the player's id and name are left out of
the game export (docs/export.md). Earlier databases have none of these: every player is
named, nobody follows or blocks anyone.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "regalia_challenges",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("challenger_id", sa.String(16), nullable=False, index=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("clock", sa.String(64), nullable=True),
        sa.Column("rated", sa.Boolean, nullable=False, server_default="0"),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("status", sa.String(16), nullable=False, index=True),
        sa.Column("reason", sa.String(32), nullable=True),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("created_at", sa.String(40), nullable=False),
    )
    op.create_table(
        "regalia_challenge_invites",
        sa.Column(
            "challenge_id",
            sa.String(16),
            sa.ForeignKey("regalia_challenges.id"),
            primary_key=True,
        ),
        sa.Column("player_id", sa.String(16), primary_key=True, index=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("answer", sa.String(16), nullable=True),
    )
    op.create_table(
        "regalia_follows",
        sa.Column("player_id", sa.String(16), primary_key=True),
        sa.Column("followed_id", sa.String(16), primary_key=True, index=True),
        sa.Column("created_at", sa.String(40), nullable=False),
    )
    op.create_table(
        "regalia_blocks",
        sa.Column("player_id", sa.String(16), primary_key=True),
        sa.Column("blocked_id", sa.String(16), primary_key=True, index=True),
        sa.Column("created_at", sa.String(40), nullable=False),
    )
    with op.batch_alter_table("regalia_players") as players:
        players.add_column(sa.Column("anonymous", sa.Boolean, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("regalia_players") as players:
        players.drop_column("anonymous")
    for name in (
        "regalia_blocks",
        "regalia_follows",
        "regalia_challenge_invites",
        "regalia_challenges",
    ):
        op.drop_table(name)
