"""Players: lasting identities, their keys and passwords (blocking; run on a DB thread).

A visitor becomes a guest player at once and gets a secret key, which only its hash is kept
of; a password (Argon2id) lets the same player sign in on another device, each sign-in with
a fresh key. Keys can be revoked one by one or all at once. Bots are players too, one per
bot level ("strong (bot)"), so the ladder has fixed landmarks.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from regalia.protocol import ErrorCode
from regalia.tables.errors import TableError
from regalia.tables.events import now
from regalia.tables.models import PlayerKeyRow, PlayerRow
from regalia.tables.store import Store

MAX_NAME = 24
MIN_PASSWORD, MAX_PASSWORD = 8, 200
BOT_SUFFIX = " (bot)"
_hasher = PasswordHasher()  # Argon2id with the library's current parameters
# Checked when the name is unknown, so a wrong name costs as long as a wrong password.
_DUMMY = _hasher.hash("a password nobody has")


@dataclass(frozen=True, slots=True)
class Player:
    id: str
    name: str
    is_bot: bool = False


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("ascii", "replace")).hexdigest()


def check_name(name: str) -> str:
    """A player name as kept: trimmed, 1–24 characters, printable, not a bot's."""
    text = unicodedata.normalize("NFC", name.strip())
    if not 1 <= len(text) <= MAX_NAME:
        raise TableError(ErrorCode.BAD_NAME, f"a name has 1 to {MAX_NAME} characters")
    if not all(ch.isprintable() for ch in text):
        raise TableError(ErrorCode.BAD_NAME, "a name has only printable characters")
    if text.casefold().endswith(BOT_SUFFIX):
        raise TableError(ErrorCode.BAD_NAME, "names ending in '(bot)' belong to the bots")
    return text


class Accounts:
    def __init__(self, store: Store) -> None:
        self.engine = store.engine

    def create_guest(self, name: str) -> tuple[Player, str]:
        """A new player called `name` (unique whatever the case) and its first key."""
        text = check_name(name)
        player = Player(secrets.token_hex(8), text)
        try:
            with Session(self.engine) as session, session.begin():
                session.add(PlayerRow(id=player.id, name=text, name_key=text.casefold(),
                                      is_bot=False, created_at=now()))  # fmt: skip
                session.flush()
                key = self._new_key(session, player.id)
        except IntegrityError:
            raise TableError(
                ErrorCode.NAME_TAKEN, f"the name {text!r} is taken; choose another"
            ) from None
        return player, key

    def login(self, name: str, password: str) -> tuple[Player, str]:
        """A fresh key for the player with this name and password; the same error, after
        the same work, for a wrong name and a wrong password."""
        with Session(self.engine) as session:
            row = session.scalar(select(PlayerRow).where(PlayerRow.name_key == _key(name)))
        stored = row.password_hash if row is not None and row.password_hash else _DUMMY
        try:
            _hasher.verify(stored, password[:MAX_PASSWORD])
            ok = row is not None and stored is not _DUMMY
        except (VerificationError, InvalidHashError):
            ok = False
        if not ok or row is None:
            raise TableError(ErrorCode.BAD_LOGIN, "wrong name or password")
        with Session(self.engine) as session, session.begin():
            key = self._new_key(session, row.id)
        return Player(row.id, row.name, row.is_bot), key

    def set_password(self, player: Player, password: str, old: str | None) -> None:
        if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
            raise TableError(
                ErrorCode.BAD_PASSWORD,
                f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters",
            )
        with Session(self.engine) as session, session.begin():
            row = session.get(PlayerRow, player.id)
            if row is None:
                raise TableError(ErrorCode.BAD_PLAYER_KEY, "sign in again")
            if row.password_hash:
                try:
                    _hasher.verify(row.password_hash, (old or "")[:MAX_PASSWORD])
                except (VerificationError, InvalidHashError):
                    raise TableError(ErrorCode.BAD_LOGIN, "the current password is wrong") from None
            row.password_hash = _hasher.hash(password)

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
        return Player(row.id, row.name, row.is_bot)

    def revoke(self, key: str, everywhere: bool) -> None:
        """Sign out this device, or every device of the key's player."""
        player = self.player(key)
        if player is None:
            return
        with Session(self.engine) as session, session.begin():
            query = delete(PlayerKeyRow)
            if everywhere:
                session.execute(query.where(PlayerKeyRow.player_id == player.id))
            else:
                session.execute(query.where(PlayerKeyRow.key_hash == key_hash(key)))

    def bot(self, level: str) -> Player:
        """The rated player of a bot level, made on first use."""
        name = f"{level}{BOT_SUFFIX}"
        with Session(self.engine) as session:
            row = session.scalar(select(PlayerRow).where(PlayerRow.name_key == name.casefold()))
            if row is not None:
                return Player(row.id, row.name, True)
        try:
            with Session(self.engine) as session, session.begin():
                player_id = secrets.token_hex(8)
                session.add(PlayerRow(id=player_id, name=name, name_key=name.casefold(),
                                      is_bot=True, created_at=now()))  # fmt: skip
            return Player(player_id, name, True)
        except IntegrityError:  # made meanwhile by another process
            return self.bot(level)

    @staticmethod
    def _new_key(session: Session, player_id: str) -> str:
        key = secrets.token_urlsafe(24)
        session.add(PlayerKeyRow(key_hash=key_hash(key), player_id=player_id, created_at=now()))
        return key


def _key(name: str) -> str:
    return unicodedata.normalize("NFC", name.strip()).casefold()[: MAX_NAME + 8]
