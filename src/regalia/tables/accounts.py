"""Players: lasting identities, their keys and passwords (blocking; run on a DB thread).

A visitor becomes a guest player at once and gets a secret key, which only its hash is kept
of; a password (Argon2id) lets the same player sign in on another device, each sign-in with
a fresh key. Keys can be revoked one by one or all at once. Bots are players too, one per
bot level ("strong (bot)"), so the ladder has fixed landmarks.

Nothing here hashes: Argon2 runs in `regalia.tables.passwords`, on threads of its own, so a
burst of sign-ins never holds up the database thread. A password change and a sign-out
everywhere revoke every key of the player and every seat token bound to it (`Revoked`);
the player reaches those seats again with a new key.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from regalia.protocol import ErrorCode
from regalia.tables.errors import TableError
from regalia.tables.events import iso_time, seconds_of
from regalia.tables.models import PlayerKeyRow, PlayerRow, SeatRow
from regalia.tables.names import BOT_SUFFIX, MAX_NAME, clean_name, stored_key
from regalia.tables.ports import Clock
from regalia.tables.store import Store
from regalia.tables.wallclock import WallClock

__all__ = ["MAX_NAME", "Accounts", "Credentials", "Player", "Revoked", "check_name"]
MIN_PASSWORD, MAX_PASSWORD = 8, 200


@dataclass(frozen=True, slots=True)
class Player:
    id: str
    name: str
    is_bot: bool = False
    bot_account: bool = False  # a BOT: plays through the Bot API, never in quick play


@dataclass(frozen=True, slots=True)
class Credentials:
    """What signing in as a player needs: who it is and its password's hash (None: a guest);
    `key_at`, for a player found by key, is when that key was made (seconds)."""

    player: Player
    password_hash: str | None
    key_at: float = 0.0


@dataclass(frozen=True, slots=True)
class Revoked:
    """Seats whose tokens a revocation removed: (table id, seat), and the player's new key
    (None after a sign-out)."""

    seats: list[tuple[str, int]]
    key: str | None = None


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("ascii", "replace")).hexdigest()


def check_name(name: str) -> str:
    """A player name as kept (regalia.tables.names): NFKC, 1–24 characters, nothing
    invisible, not a bot's."""
    return clean_name(name, MAX_NAME)


class Accounts:
    def __init__(self, store: Store, clock: Clock | None = None) -> None:
        self.engine = store.engine
        self.clock = clock or WallClock()

    def create_guest(self, name: str) -> tuple[Player, str]:
        """A new player called `name` (unique whatever the case and look-alike letters)
        and its first key."""
        text = check_name(name)
        player = Player(secrets.token_hex(8), text)
        try:
            with Session(self.engine) as session, session.begin():
                session.add(PlayerRow(id=player.id, name=text, name_key=_key(text),
                                      is_bot=False, created_at=self._now()))  # fmt: skip
                session.flush()
                key = self._new_key(session, player.id)
        except IntegrityError:
            raise TableError(
                ErrorCode.NAME_TAKEN, f"the name {text!r} is taken; choose another"
            ) from None
        return player, key

    def name_taken(self, name: str) -> bool:
        """Whether a player (or a bot) has this name or one that looks like it."""
        with Session(self.engine) as session:
            found = session.scalar(select(PlayerRow.id).where(PlayerRow.name_key == _key(name)))
        return found is not None

    def credentials(self, name: str) -> Credentials | None:
        """The player of this name and its password hash (None: no such name)."""
        with Session(self.engine) as session:
            row = session.scalar(select(PlayerRow).where(PlayerRow.name_key == _key(name)))
        if row is None:
            return None
        return Credentials(Player(row.id, row.name, row.is_bot, row.bot_account), row.password_hash)

    def credentials_of(self, key: str) -> Credentials:
        """The key's player, its password hash and when the key was made."""
        with Session(self.engine) as session:
            found = session.execute(
                select(PlayerRow, PlayerKeyRow.created_at)
                .join(PlayerKeyRow, PlayerKeyRow.player_id == PlayerRow.id)
                .where(PlayerKeyRow.key_hash == key_hash(key))
            ).first()
        if found is None:
            raise TableError(ErrorCode.BAD_PLAYER_KEY, "sign in again")
        row, made = found
        player = Player(row.id, row.name, row.is_bot, row.bot_account)
        return Credentials(player, row.password_hash, seconds_of(made))

    def new_key(self, player_id: str) -> str:
        """A fresh key for a player who proved who they are."""
        with Session(self.engine) as session, session.begin():
            return self._new_key(session, player_id)

    def set_password_hash(self, player_id: str, new: str, old: str | None) -> Revoked:
        """Store the hash of a new password, if the stored one is still `old` (else
        `bad_login`: it changed meanwhile). A change (not a first password) revokes every
        key and seat token of the player and makes one new key."""
        with Session(self.engine) as session, session.begin():
            changed = session.connection().execute(
                update(PlayerRow)
                .where(PlayerRow.id == player_id)
                .where(
                    PlayerRow.password_hash.is_(None)
                    if old is None
                    else PlayerRow.password_hash == old
                )
                .values(password_hash=new)
            )
            if not changed.rowcount:
                raise TableError(ErrorCode.BAD_LOGIN, "the current password is wrong")
            if old is None:  # a first password: nobody else could have known one
                return Revoked([])
            seats = self._revoke_all(session, player_id)
            return Revoked(seats, self._new_key(session, player_id))

    def rehash(self, player_id: str, old: str, new: str) -> None:
        """Store `new`, the same password hashed with today's parameters, if the stored
        hash is still `old`; nothing is revoked (the password did not change)."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(PlayerRow)
                .where(PlayerRow.id == player_id, PlayerRow.password_hash == old)
                .values(password_hash=new)
            )

    def has_password(self, player_id: str) -> bool:
        with Session(self.engine) as session:
            row = session.get(PlayerRow, player_id)
        return row is not None and bool(row.password_hash)

    def player(self, key: str | None) -> Player | None:
        """The player a key belongs to (None for no key); TableError for a revoked one."""
        if not key:
            return None
        with Session(self.engine) as session:
            row = session.scalar(
                select(PlayerRow)
                .join(PlayerKeyRow, PlayerKeyRow.player_id == PlayerRow.id)
                .where(PlayerKeyRow.key_hash == key_hash(key))
            )
        if row is None:
            raise TableError(
                ErrorCode.BAD_PLAYER_KEY, "this player key is not valid: sign in again"
            )
        return Player(row.id, row.name, row.is_bot, row.bot_account)

    def revoke(self, key: str, everywhere: bool) -> Revoked:
        """Sign out this device, or every device of the key's player and every seat token
        bound to it."""
        player = self.player(key)
        if player is None:
            return Revoked([])
        with Session(self.engine) as session, session.begin():
            if everywhere:
                return Revoked(self._revoke_all(session, player.id))
            session.execute(delete(PlayerKeyRow).where(PlayerKeyRow.key_hash == key_hash(key)))
        return Revoked([])

    def seat_token(self, table_id: str, seat: int, player_id: str, token_hash: str) -> bool:
        """Give the player's own seat a new token (the old one stops working); False if
        the seat is not bound to that player."""
        with Session(self.engine) as session, session.begin():
            done = session.connection().execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                .where(SeatRow.player_id == player_id)
                .values(token_hash=token_hash)
            )
        return bool(done.rowcount)

    def bot(self, level: str) -> Player:
        """The rated player of a bot level, made on first use."""
        name = f"{level}{BOT_SUFFIX}"
        with Session(self.engine) as session:
            row = session.scalar(select(PlayerRow).where(PlayerRow.name_key == _key(name)))
            if row is not None:
                return Player(row.id, row.name, True)
        try:
            with Session(self.engine) as session, session.begin():
                player_id = secrets.token_hex(8)
                session.add(PlayerRow(id=player_id, name=name, name_key=_key(name),
                                      is_bot=True, created_at=self._now()))  # fmt: skip
            return Player(player_id, name, True)
        except IntegrityError:  # made meanwhile by another process
            return self.bot(level)

    @staticmethod
    def _revoke_all(session: Session, player_id: str) -> list[tuple[str, int]]:
        seats = session.execute(
            select(SeatRow.table_id, SeatRow.seat)
            .where(SeatRow.player_id == player_id)
            .where(SeatRow.token_hash.is_not(None))
        ).all()
        session.execute(
            update(SeatRow).where(SeatRow.player_id == player_id).values(token_hash=None)
        )
        session.execute(delete(PlayerKeyRow).where(PlayerKeyRow.player_id == player_id))
        return [(table_id, seat) for table_id, seat in seats]

    def _new_key(self, session: Session, player_id: str) -> str:
        key = secrets.token_urlsafe(24)
        session.add(PlayerKeyRow(key_hash=key_hash(key), player_id=player_id,
                                 created_at=self._now()))  # fmt: skip
        return key

    def _now(self) -> str:
        return iso_time(self.clock.now())


def _key(name: str) -> str:
    return stored_key(name)
