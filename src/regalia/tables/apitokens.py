"""API tokens and BOT accounts (blocking; run on a DB thread).

A player makes API tokens for programs that act for it (`Authorization: Bearer <token>`):
each token is shown once, only its hash is kept (as seat tokens and player keys are),
carries the scopes it grants and can be revoked. With a `bot:play` token a player upgrades
itself to a BOT account, for good: a BOT plays through the Bot API, never in quick play's
human pool, and is rated on its own.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from regalia.protocol import ErrorCode, TableStatus
from regalia.tables.accounts import Player
from regalia.tables.errors import TableError
from regalia.tables.events import iso_time
from regalia.tables.models import ApiTokenRow, PlayerRow, SeatRow, TableRow
from regalia.tables.ports import Clock
from regalia.tables.store import Store
from regalia.tables.tokens import MAX_TOKEN, hash_token, new_token
from regalia.tables.wallclock import WallClock

BOT_PLAY = "bot:play"
# The scopes a token may carry; docs/server.md ("Bot API") says what each allows.
SCOPES = frozenset({BOT_PLAY})
# Tokens one player may hold at once.
MAX_TOKENS = 20
# The tables a BOT's event stream watches: those not over yet.
UNFINISHED = (TableStatus.WAITING, TableStatus.PLAYING)


@dataclass(frozen=True, slots=True)
class TokenInfo:
    id: str
    scopes: tuple[str, ...]
    created_at: str

    def to_json(self) -> dict[str, object]:
        return {"id": self.id, "scopes": list(self.scopes), "created_at": self.created_at}


@dataclass(frozen=True, slots=True)
class Holder:
    """Who a token acts for, and what it may do."""

    player: Player
    token_id: str
    scopes: frozenset[str]

    def require(self, scope: str) -> None:
        if scope not in self.scopes:
            raise TableError(ErrorCode.MISSING_SCOPE, f"this API token lacks the {scope} scope")


def check_scopes(scopes: list[str]) -> tuple[str, ...]:
    unknown = sorted(set(scopes) - SCOPES)
    if unknown or not scopes:
        known = ", ".join(sorted(SCOPES))
        raise TableError(
            ErrorCode.BAD_OPTIONS, f"a token's scopes are among {known}, not {unknown or None}"
        )
    return tuple(sorted(set(scopes)))


class ApiTokens:
    def __init__(self, store: Store, clock: Clock | None = None) -> None:
        self.engine = store.engine
        self.clock = clock or WallClock()

    def create(self, player_id: str, scopes: tuple[str, ...]) -> tuple[TokenInfo, str]:
        """A new token of the player (shown this once) with these scopes."""
        token = new_token()
        info = TokenInfo(secrets.token_hex(8), scopes, iso_time(self.clock.now()))
        with Session(self.engine) as session, session.begin():
            held = session.scalar(select(func.count()).where(ApiTokenRow.player_id == player_id))
            if (held or 0) >= MAX_TOKENS:
                raise TableError(
                    ErrorCode.TOO_MANY_TABLES,
                    f"you hold {MAX_TOKENS} API tokens already; revoke one first",
                )
            row = ApiTokenRow(id=info.id, token_hash=hash_token(token), player_id=player_id,
                              scopes=" ".join(scopes), created_at=info.created_at)  # fmt: skip
            session.add(row)
        return info, token

    def tokens(self, player_id: str) -> list[TokenInfo]:
        """The player's tokens (never their secrets), oldest first."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(ApiTokenRow)
                .where(ApiTokenRow.player_id == player_id)
                .order_by(ApiTokenRow.created_at, ApiTokenRow.id)
            ).all()
        return [TokenInfo(r.id, tuple(r.scopes.split()), r.created_at) for r in rows]

    def revoke(self, player_id: str, token_id: str) -> bool:
        with Session(self.engine) as session, session.begin():
            done = session.connection().execute(
                delete(ApiTokenRow)
                .where(ApiTokenRow.id == token_id)
                .where(ApiTokenRow.player_id == player_id)
            )
        return bool(done.rowcount)

    def holder(self, token: str) -> Holder:
        """Who the token acts for; `bad_api_token` for a revoked or unknown one."""
        if not token.isascii() or len(token) > MAX_TOKEN:
            raise TableError(ErrorCode.BAD_API_TOKEN, "this API token is not valid")
        with Session(self.engine) as session:
            found = session.execute(
                select(PlayerRow, ApiTokenRow.id, ApiTokenRow.scopes)
                .join(ApiTokenRow, ApiTokenRow.player_id == PlayerRow.id)
                .where(ApiTokenRow.token_hash == hash_token(token))
            ).first()
        if found is None:
            raise TableError(ErrorCode.BAD_API_TOKEN, "this API token is not valid")
        row, token_id, scopes = found
        player = Player(row.id, row.name, row.is_bot, row.bot_account)
        return Holder(player, token_id, frozenset(scopes.split()))

    def upgrade(self, player_id: str) -> Player:
        """Make the player a BOT account, for good (`bot_account` if it is one already)."""
        with Session(self.engine) as session, session.begin():
            row = session.get(PlayerRow, player_id)
            if row is None:
                raise TableError(ErrorCode.UNKNOWN_PLAYER, "no such player")
            if row.bot_account or row.is_bot:
                raise TableError(ErrorCode.BOT_ACCOUNT, "this account is a BOT already")
            session.execute(
                update(PlayerRow).where(PlayerRow.id == player_id).values(bot_account=True)
            )
            return Player(row.id, row.name, row.is_bot, True)

    def games(self, player_id: str) -> list[tuple[str, str]]:
        """(table id, status) of every unfinished table where the player sits."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(TableRow.id, TableRow.status)
                .join(SeatRow, SeatRow.table_id == TableRow.id)
                .where(SeatRow.player_id == player_id)
                .where(TableRow.status.in_(UNFINISHED))
                .order_by(TableRow.created_at, TableRow.id)
            ).all()
        return [(table_id, status) for table_id, status in rows]

    def statuses(self, table_ids: list[str]) -> dict[str, str]:
        """The stored status of each of these tables."""
        if not table_ids:
            return {}
        with Session(self.engine) as session:
            rows = session.execute(
                select(TableRow.id, TableRow.status).where(TableRow.id.in_(table_ids))
            ).all()
        return {table_id: status for table_id, status in rows}
