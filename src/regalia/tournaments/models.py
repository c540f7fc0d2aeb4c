"""Database rows of tournaments (migration 0011): a tournament, its entrants, its games."""

from __future__ import annotations

from sqlalchemy import BigInteger, Boolean, Float, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from regalia.tables.models import Base


class TournamentRow(Base):
    __tablename__ = "regalia_tournaments"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    format: Mapped[str] = mapped_column(String(16))
    status: Mapped[str] = mapped_column(String(16), index=True)
    settings: Mapped[str] = mapped_column(Text)  # JSON object (`director.Settings`)
    seed: Mapped[int] = mapped_column(BigInteger)
    round: Mapped[int] = mapped_column(Integer, default=0)  # rounds (arena: pairings) made
    created_at: Mapped[float] = mapped_column(Float, index=True)
    starts_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    started_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    ends_at: Mapped[float | None] = mapped_column(Float, nullable=True)  # an arena's end
    finished_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    paused: Mapped[bool] = mapped_column(Boolean, default=False)
    organiser_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # The process whose director runs this tournament, until `lease_until`.
    owner: Mapped[str | None] = mapped_column(String(40), nullable=True)
    lease_until: Mapped[float | None] = mapped_column(Float, nullable=True)


class EntrantRow(Base):
    __tablename__ = "regalia_tournament_entrants"

    tournament_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("regalia_tournaments.id"), primary_key=True
    )
    player_id: Mapped[str] = mapped_column(String(16), primary_key=True, index=True)
    name: Mapped[str] = mapped_column(String(40))
    kind: Mapped[str] = mapped_column(String(8))  # a SeatKind: human or bot
    level: Mapped[str | None] = mapped_column(String(32), nullable=True)
    team: Mapped[int | None] = mapped_column(Integer, nullable=True)  # pre-registered team
    number: Mapped[int] = mapped_column(Integer)  # order of joining; at the start, seeding
    rating: Mapped[float | None] = mapped_column(Float, nullable=True)
    withdrawn: Mapped[bool] = mapped_column(Boolean, default=False)
    forfeits: Mapped[int] = mapped_column(Integer, default=0)
    joined_at: Mapped[float] = mapped_column(Float)


class GameRow(Base):
    """One table of a round (arena: of a pairing), or a bye (no table)."""

    __tablename__ = "regalia_tournament_games"

    tournament_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("regalia_tournaments.id"), primary_key=True
    )
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    board: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str | None] = mapped_column(String(32), nullable=True, unique=True)
    seats: Mapped[str] = mapped_column(Text)  # JSON: the player id at each seat
    scores: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON: per seat
    started_at: Mapped[float] = mapped_column(Float)
    finished_at: Mapped[float | None] = mapped_column(Float, nullable=True)
