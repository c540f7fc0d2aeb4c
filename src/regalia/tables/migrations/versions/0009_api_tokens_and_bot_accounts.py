"""API tokens (for the Bot API) and BOT accounts.

A player may make API tokens with scopes (`bot:play`); only a token's hash is kept, and a
token can be revoked. `bot_account` marks a player that upgraded itself to a BOT (for
good): it plays through the Bot API, never in quick play's human pool, and is rated on its
own. Players of earlier releases are not BOTs.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "regalia_api_tokens",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("player_id", sa.String(16), sa.ForeignKey("regalia_players.id"), nullable=False),
        sa.Column("scopes", sa.String(200), nullable=False),
        sa.Column("created_at", sa.String(40), nullable=False),
    )
    op.create_index("ix_regalia_api_tokens_player_id", "regalia_api_tokens", ["player_id"])
    with op.batch_alter_table("regalia_players") as players:
        players.add_column(sa.Column("bot_account", sa.Boolean, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("regalia_players") as players:
        players.drop_column("bot_account")
    op.drop_index("ix_regalia_api_tokens_player_id", "regalia_api_tokens")
    op.drop_table("regalia_api_tokens")
