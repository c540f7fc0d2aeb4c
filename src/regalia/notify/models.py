"""Database tables of notifications (migration 0010); they share the tables' metadata."""

from __future__ import annotations

from sqlalchemy import Boolean, Float, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from regalia.tables.models import Base

PLAYER = "regalia_players.id"


class OutboxRow(Base):
    """One notification to one player on one channel. `key` makes enqueueing idempotent;
    `state`: pending → sending (claimed by one process for one delivery) → sent, or failed
    (retries used up), skipped (no longer wanted when due), unknown (the sender died during
    the delivery: never sent again), held/merged (waiting for, then in, a daily digest)."""

    __tablename__ = "regalia_outbox"
    __table_args__ = (Index("ix_regalia_outbox_state", "state", "due_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(160), unique=True)
    player_id: Mapped[str] = mapped_column(String(16), index=True)
    channel: Mapped[str] = mapped_column(String(8))  # "push" or "email"
    kind: Mapped[str] = mapped_column(String(24))
    table_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    payload: Mapped[str] = mapped_column(Text)  # JSON object
    state: Mapped[str] = mapped_column(String(12))
    attempts: Mapped[int] = mapped_column(Integer, server_default="0")
    due_at: Mapped[float] = mapped_column(Float)
    claimed_by: Mapped[str | None] = mapped_column(String(40), nullable=True)
    created_at: Mapped[float] = mapped_column(Float)
    sent_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)


class PushSubscriptionRow(Base):
    """A browser's push subscription; `id` is the SHA-256 of its endpoint."""

    __tablename__ = "regalia_push_subscriptions"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(String(16), ForeignKey(PLAYER), index=True)
    endpoint: Mapped[str] = mapped_column(Text)
    p256dh: Mapped[str] = mapped_column(String(200))
    auth: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[float] = mapped_column(Float)


class EmailRow(Base):
    """A player's e-mail address, whether it is verified, the hash of the pending
    verification token, and the key of its one-click unsubscribe links."""

    __tablename__ = "regalia_emails"

    player_id: Mapped[str] = mapped_column(String(16), ForeignKey(PLAYER), primary_key=True)
    address: Mapped[str] = mapped_column(String(254))
    address_key: Mapped[str] = mapped_column(String(254), index=True)  # case-folded
    verified: Mapped[bool] = mapped_column(Boolean, server_default="0")
    verify_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    verify_until: Mapped[float | None] = mapped_column(Float, nullable=True)
    unsubscribe: Mapped[str] = mapped_column(String(48), index=True)


class NotifyPrefsRow(Base):
    __tablename__ = "regalia_notify_prefs"

    player_id: Mapped[str] = mapped_column(String(16), ForeignKey(PLAYER), primary_key=True)
    data: Mapped[str] = mapped_column(Text)  # JSON: regalia.notify.prefs.Prefs


class ResetTokenRow(Base):
    """A password-reset token's hash: single use (`used_at`), until `expires_at`."""

    __tablename__ = "regalia_reset_tokens"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(String(16), ForeignKey(PLAYER), index=True)
    expires_at: Mapped[float] = mapped_column(Float)
    used_at: Mapped[float | None] = mapped_column(Float, nullable=True)
