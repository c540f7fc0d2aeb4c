"""Notifications (issue 26): the outbox every push and mail goes through, players' push
subscriptions, e-mail addresses, notification preferences and password-reset tokens.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

PLAYER = "regalia_players.id"


def upgrade() -> None:
    op.create_table(
        "regalia_outbox",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(160), nullable=False, unique=True),
        sa.Column("player_id", sa.String(16), nullable=False),
        sa.Column("channel", sa.String(8), nullable=False),
        sa.Column("kind", sa.String(24), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("payload", sa.Text, nullable=False),
        sa.Column("state", sa.String(12), nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("due_at", sa.Float, nullable=False),
        sa.Column("claimed_by", sa.String(40), nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("sent_at", sa.Float, nullable=True),
        sa.Column("error", sa.Text, nullable=True),
    )
    op.create_index("ix_regalia_outbox_player_id", "regalia_outbox", ["player_id"])
    op.create_index("ix_regalia_outbox_state", "regalia_outbox", ["state", "due_at"])
    op.create_table(
        "regalia_push_subscriptions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(16), sa.ForeignKey(PLAYER), nullable=False),
        sa.Column("endpoint", sa.Text, nullable=False),
        sa.Column("p256dh", sa.String(200), nullable=False),
        sa.Column("auth", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index(
        "ix_regalia_push_subscriptions_player_id", "regalia_push_subscriptions", ["player_id"]
    )
    op.create_table(
        "regalia_emails",
        sa.Column("player_id", sa.String(16), sa.ForeignKey(PLAYER), primary_key=True),
        sa.Column("address", sa.String(254), nullable=False),
        sa.Column("address_key", sa.String(254), nullable=False),
        sa.Column("verified", sa.Boolean, nullable=False, server_default="0"),
        sa.Column("verify_hash", sa.String(64), nullable=True),
        sa.Column("verify_until", sa.Float, nullable=True),
        sa.Column("unsubscribe", sa.String(48), nullable=False),
    )
    op.create_index("ix_regalia_emails_address_key", "regalia_emails", ["address_key"])
    op.create_index("ix_regalia_emails_verify_hash", "regalia_emails", ["verify_hash"])
    op.create_index("ix_regalia_emails_unsubscribe", "regalia_emails", ["unsubscribe"])
    op.create_table(
        "regalia_notify_prefs",
        sa.Column("player_id", sa.String(16), sa.ForeignKey(PLAYER), primary_key=True),
        sa.Column("data", sa.Text, nullable=False),
    )
    op.create_table(
        "regalia_reset_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(16), sa.ForeignKey(PLAYER), nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
        sa.Column("used_at", sa.Float, nullable=True),
    )
    op.create_index("ix_regalia_reset_tokens_player_id", "regalia_reset_tokens", ["player_id"])


def downgrade() -> None:
    op.drop_index("ix_regalia_reset_tokens_player_id", "regalia_reset_tokens")
    op.drop_table("regalia_reset_tokens")
    op.drop_table("regalia_notify_prefs")
    for name in ("unsubscribe", "verify_hash", "address_key"):
        op.drop_index(f"ix_regalia_emails_{name}", "regalia_emails")
    op.drop_table("regalia_emails")
    op.drop_index("ix_regalia_push_subscriptions_player_id", "regalia_push_subscriptions")
    op.drop_table("regalia_push_subscriptions")
    op.drop_index("ix_regalia_outbox_state", "regalia_outbox")
    op.drop_index("ix_regalia_outbox_player_id", "regalia_outbox")
    op.drop_table("regalia_outbox")
