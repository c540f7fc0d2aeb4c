"""Database tables: one row per table, its seats and its append-only event log; players,
their keys and ratings, and the games already rated."""

from __future__ import annotations

from sqlalchemy import BigInteger, Boolean, Float, ForeignKey, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """Static facts of a table plus a summary kept current for the lobby."""

    __tablename__ = "regalia_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[str] = mapped_column(Text)  # JSON object
    seed: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[str] = mapped_column(String(40), index=True)  # lobby lists: newest first
    # Derived from the event log; updated in the same transaction as each append.
    status: Mapped[str] = mapped_column(String(16), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    record: Mapped[str] = mapped_column(Text)
    result: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON object
    # The time control as compact JSON (quick play matches on it); None: untimed.
    clock: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # The server process that runs this table's clocks and bots, until `lease_until`
    # (seconds since the epoch); another takes over when the lease lapses.
    owner: Mapped[str | None] = mapped_column(String(40), nullable=True)
    lease_until: Mapped[float | None] = mapped_column(Float, nullable=True)
    updated_at: Mapped[str | None] = mapped_column(String(40), nullable=True)  # last event
    # A rated table starts only when every human seat is a signed-in player.
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    # Who created a table with bots (a guest key or an address): caps count from here.
    creator: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    # The player who created it, when the request carried a player key (caps count per
    # player; `creator` is then the address's looser backstop).
    creator_player: Mapped[str | None] = mapped_column(String(16), nullable=True, index=True)


class SeatRow(Base):
    __tablename__ = "regalia_seats"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("regalia_tables.id"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # "human" or "bot"
    level: Mapped[str | None] = mapped_column(String(32), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    bot_name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    # The player who sits here (a bot seat of a rated table: its level's bot player).
    player_id: Mapped[str | None] = mapped_column(String(16), nullable=True, index=True)
    # Where that player sat down from (`ratings.source_of`: an address or an IPv6 /64).
    source: Mapped[str | None] = mapped_column(String(64), nullable=True)


class EventRow(Base):
    """One event. The primary key makes every append a compare-and-set on `seq`."""

    __tablename__ = "regalia_events"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("regalia_tables.id"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(24))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    at: Mapped[float] = mapped_column(Float)  # seconds since the epoch
    data: Mapped[str] = mapped_column(Text)  # JSON object
    is_secret: Mapped[bool] = mapped_column(Boolean, default=False)


class PlayerRow(Base):
    """A lasting identity: a guest until it sets a password; bots are players too."""

    __tablename__ = "regalia_players"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(24))
    # The confusable skeleton of the case-folded name (regalia.tables.names): unique.
    name_key: Mapped[str] = mapped_column(String(96), unique=True)
    password_hash: Mapped[str | None] = mapped_column(Text, nullable=True)  # Argon2id
    is_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[str] = mapped_column(String(40))
    # Open data names this player only as "anonymous" (their choice; docs/export.md).
    anonymous: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    # A BOT account (upgraded for good with an API token): plays through the Bot API only.
    bot_account: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    # "admin", "moderator" or None (regalia.moderation); a closed account's time of closing,
    # and whether its player deleted it (the name then reads "deleted player").
    role: Mapped[str | None] = mapped_column(String(16), nullable=True)
    closed_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    deleted: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    # "I don't want chat": sent no chat lines, and cannot write any.
    chat_off: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")


class VacationRow(Base):
    """A vacation a player declared: their turn-based clocks stand still until `until`."""

    __tablename__ = "regalia_vacations"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player_id: Mapped[str] = mapped_column(String(16), ForeignKey("regalia_players.id"), index=True)
    declared_at: Mapped[float] = mapped_column(Float)  # seconds since the epoch
    until: Mapped[float] = mapped_column(Float)
    days: Mapped[int] = mapped_column(Integer)


class PlayerKeyRow(Base):
    """One signed-in device: the hash of its key (the key itself is never stored)."""

    __tablename__ = "regalia_player_keys"

    key_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(String(16), ForeignKey("regalia_players.id"), index=True)
    created_at: Mapped[str] = mapped_column(String(40))


class RatingRow(Base):
    """A player's OpenSkill rating in one game."""

    __tablename__ = "regalia_ratings"

    player_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("regalia_players.id"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)


class RatedGameRow(Base):
    """A table whose result has been rated: the key that keeps it from being rated twice,
    and each seat's change for the players to see."""

    __tablename__ = "regalia_rated_games"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("regalia_tables.id"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(32))
    changes: Mapped[str] = mapped_column(Text)  # JSON: per seat {player, before, after}
    rated_at: Mapped[str] = mapped_column(String(40))
    # JSON: per seat [mu, sigma, games] before and after (None for games rated before
    # migration 0015); `annulled_at`: a moderator took the change back.
    detail: Mapped[str | None] = mapped_column(Text, nullable=True)
    annulled_at: Mapped[float | None] = mapped_column(Float, nullable=True)


class ChallengeRow(Base):
    """One player's invitation of others to a new table (issue 27): `pending` until every
    invited player accepts (then `accepted`, with its table) or one declines, the
    challenger cancels, or it lapses."""

    __tablename__ = "regalia_challenges"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    challenger_id: Mapped[str] = mapped_column(String(16), index=True)
    game: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    clock: Mapped[str | None] = mapped_column(String(64), nullable=True)  # compact JSON
    rated: Mapped[bool] = mapped_column(Boolean, server_default="0")
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)  # the challenger's
    status: Mapped[str] = mapped_column(String(16), index=True)
    reason: Mapped[str | None] = mapped_column(String(32), nullable=True)
    table_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created_at: Mapped[str] = mapped_column(String(40))
    source: Mapped[str | None] = mapped_column(String(64), nullable=True)  # the challenger's


class ChallengeInviteRow(Base):
    """A player a challenge invites, the seat asked for them, and their answer."""

    __tablename__ = "regalia_challenge_invites"

    challenge_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("regalia_challenges.id"), primary_key=True
    )
    player_id: Mapped[str] = mapped_column(String(16), primary_key=True, index=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    answer: Mapped[str | None] = mapped_column(String(16), nullable=True)
    source: Mapped[str | None] = mapped_column(String(64), nullable=True)  # where they accepted


class FollowRow(Base):
    __tablename__ = "regalia_follows"

    player_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    followed_id: Mapped[str] = mapped_column(String(16), primary_key=True, index=True)
    created_at: Mapped[str] = mapped_column(String(40))


class BlockRow(Base):
    """`player_id` blocks `blocked_id`: no challenges, chat or quick play between them."""

    __tablename__ = "regalia_blocks"

    player_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    blocked_id: Mapped[str] = mapped_column(String(16), primary_key=True, index=True)
    created_at: Mapped[str] = mapped_column(String(40))


# Notifications keep their tables in their own module, on this metadata (migration 0010).
from regalia.notify import models as _notify_models  # noqa: E402, F401


class ApiTokenRow(Base):
    """An API token of a player (`Authorization: Bearer`): only its hash is kept, with the
    scopes it grants; deleting the row revokes it."""

    __tablename__ = "regalia_api_tokens"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    player_id: Mapped[str] = mapped_column(String(16), ForeignKey("regalia_players.id"), index=True)
    scopes: Mapped[str] = mapped_column(String(200))  # space-separated
    created_at: Mapped[str] = mapped_column(String(40))


# Moderation keeps its reports and log in its own module, on this metadata (migration 0014).
from regalia.moderation import models as _moderation_models  # noqa: E402, F401
