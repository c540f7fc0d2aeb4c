"""The tables of moderation (migration 0014), on the tables' metadata."""

from __future__ import annotations

from sqlalchemy import Float, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from regalia.tables.models import Base


class ReportRow(Base):
    """What a player reported (a player, a table, a chat line by its seq), until handled."""

    __tablename__ = "regalia_reports"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    reporter_id: Mapped[str] = mapped_column(String(16), index=True)
    player_id: Mapped[str | None] = mapped_column(String(16), nullable=True, index=True)
    table_id: Mapped[str | None] = mapped_column(String(16), nullable=True)
    event_seq: Mapped[int | None] = mapped_column(Integer, nullable=True)
    reason: Mapped[str] = mapped_column(Text)
    created_at: Mapped[float] = mapped_column(Float)
    handled_at: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)
    handled_by: Mapped[str | None] = mapped_column(String(16), nullable=True)


class ModerationRow(Base):
    """One action a moderator took, with its reason and end (None: for good)."""

    __tablename__ = "regalia_moderation"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player_id: Mapped[str] = mapped_column(String(16), index=True)
    moderator_id: Mapped[str] = mapped_column(String(16))
    action: Mapped[str] = mapped_column(String(16))
    reason: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)
    until: Mapped[float | None] = mapped_column(Float, nullable=True)
    table_id: Mapped[str | None] = mapped_column(String(16), nullable=True)
    annulled_at: Mapped[float | None] = mapped_column(Float, nullable=True)
