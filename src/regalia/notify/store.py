"""Blocking database calls of notifications (run them on the tables' database threads).

The outbox: `enqueue` is idempotent by key; `claim` moves due rows to `sending` one at a
time with a compare-and-set, so of several processes exactly one delivers a row; the
delivery's answer then marks it `sent`, due again later (a retry) or `failed`. A row still
`sending` when its process starts again was being delivered when the process died: it
becomes `unknown` and is never sent again (`recover`).
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from regalia.notify import prefs as prefs_mod
from regalia.notify.models import (
    EmailRow,
    NotifyPrefsRow,
    OutboxRow,
    PushSubscriptionRow,
    ResetTokenRow,
)
from regalia.tables.models import PlayerRow, SeatRow, TableRow
from regalia.tables.store import Store


def digest_of(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Item:
    """A claimed outbox row, ready to deliver."""

    id: int
    key: str
    player_id: str
    channel: str
    kind: str
    table_id: str | None
    payload: dict[str, Any]
    attempts: int
    created_at: float


@dataclass(frozen=True, slots=True)
class Email:
    address: str
    verified: bool
    unsubscribe: str


class NotifyStore:
    def __init__(self, store: Store) -> None:
        self.engine = store.engine

    # ----------------------------------------------------------------------- outbox

    def enqueue(
        self,
        key: str,
        player_id: str,
        channel: str,
        kind: str,
        table_id: str | None,
        payload: dict[str, Any],
        due_at: float,
        now: float,
        state: str = "pending",
    ) -> bool:
        """Add a row unless one with this key exists; True if added."""
        try:
            with Session(self.engine) as session, session.begin():
                session.add(
                    OutboxRow(
                        key=key,
                        player_id=player_id,
                        channel=channel,
                        kind=kind,
                        table_id=table_id,
                        payload=json.dumps(payload),
                        state=state,
                        attempts=0,
                        due_at=due_at,
                        created_at=now,
                    )
                )
        except IntegrityError:
            return False
        return True

    def recover(self) -> int:
        """At start: rows left `sending` by a process that died mid-delivery become
        `unknown` (never sent again). Only a lone server may call it (or one that knows no
        other process is delivering)."""
        with Session(self.engine) as session, session.begin():
            done = session.connection().execute(
                update(OutboxRow).where(OutboxRow.state == "sending").values(state="unknown")
            )
        return int(done.rowcount or 0)

    def claim(self, me: str, now: float, limit: int = 20) -> list[Item]:
        """Due pending rows, each moved to `sending` by this process (compare-and-set)."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(OutboxRow)
                .where(OutboxRow.state == "pending", OutboxRow.due_at <= now)
                .order_by(OutboxRow.due_at, OutboxRow.id)
                .limit(limit)
            ).all()
        claimed = []
        for row in rows:
            with Session(self.engine) as session, session.begin():
                won = session.connection().execute(
                    update(OutboxRow)
                    .where(OutboxRow.id == row.id, OutboxRow.state == "pending")
                    .values(state="sending", claimed_by=me, attempts=OutboxRow.attempts + 1)
                )
            if won.rowcount:
                claimed.append(
                    Item(
                        row.id,
                        row.key,
                        row.player_id,
                        row.channel,
                        row.kind,
                        row.table_id,
                        json.loads(row.payload),
                        row.attempts + 1,
                        row.created_at,
                    )
                )
        return claimed

    def finish(self, row_id: int, state: str, now: float, error: str | None = None) -> None:
        """A claimed row's end: `sent`, `skipped` or `failed`."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(OutboxRow)
                .where(OutboxRow.id == row_id)
                .values(state=state, sent_at=now if state == "sent" else None, error=error)
            )

    def retry(self, row_id: int, due_at: float, error: str) -> None:
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(OutboxRow)
                .where(OutboxRow.id == row_id)
                .values(state="pending", due_at=due_at, error=error)
            )

    def postpone(self, row_id: int, due_at: float) -> None:
        """Quiet hours: the row waits, not counted as a try."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(OutboxRow)
                .where(OutboxRow.id == row_id)
                .values(state="pending", due_at=due_at, attempts=OutboxRow.attempts - 1)
            )

    def rows(self, player_id: str | None = None) -> list[dict[str, Any]]:
        """Every row (of a player), oldest first: for tests and operators."""
        with Session(self.engine) as session:
            query = select(OutboxRow).order_by(OutboxRow.id)
            if player_id is not None:
                query = query.where(OutboxRow.player_id == player_id)
            return [
                {
                    "id": r.id,
                    "key": r.key,
                    "player": r.player_id,
                    "channel": r.channel,
                    "kind": r.kind,
                    "table_id": r.table_id,
                    "state": r.state,
                    "attempts": r.attempts,
                    "due_at": r.due_at,
                    "error": r.error,
                    "payload": json.loads(r.payload),
                }
                for r in session.scalars(query)
            ]

    def last_sent(self, player_id: str, channel: str, kind: str, table_id: str) -> float | None:
        """When the latest row of this kind for this table was made (sent or on its way)."""
        with Session(self.engine) as session:
            found = session.scalar(
                select(func.max(OutboxRow.created_at)).where(
                    OutboxRow.player_id == player_id,
                    OutboxRow.channel == channel,
                    OutboxRow.kind == kind,
                    OutboxRow.table_id == table_id,
                    OutboxRow.state.in_(("pending", "sending", "sent", "unknown")),
                )
            )
        return None if found is None else float(found)

    def held(self) -> dict[str, list[dict[str, Any]]]:
        """Rows waiting for a digest, per player."""
        out: dict[str, list[dict[str, Any]]] = {}
        with Session(self.engine) as session:
            for row in session.scalars(
                select(OutboxRow).where(OutboxRow.state == "held").order_by(OutboxRow.id)
            ):
                out.setdefault(row.player_id, []).append(
                    {"id": row.id, "table_id": row.table_id, **json.loads(row.payload)}
                )
        return out

    def merge(self, ids: list[int]) -> None:
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(OutboxRow)
                .where(OutboxRow.id.in_(ids), OutboxRow.state == "held")
                .values(state="merged")
            )

    # ----------------------------------------------------------------------- who sits where

    def seated_players(self, table_id: str) -> dict[int, str]:
        """Seat: player id, for every human seat a player holds."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(SeatRow.seat, SeatRow.player_id, PlayerRow.is_bot)
                .join(PlayerRow, PlayerRow.id == SeatRow.player_id)
                .where(SeatRow.table_id == table_id, SeatRow.kind == "human")
            ).all()
        return {seat: pid for seat, pid, is_bot in rows if pid and not is_bot}

    def table_facts(self, table_id: str) -> tuple[str, dict[str, Any] | None] | None:
        """The table's game and clock (JSON), or None if unknown."""
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
        if row is None:
            return None
        return row.game, (json.loads(row.clock) if row.clock else None)

    # ----------------------------------------------------------------------- preferences

    def prefs(self, player_id: str) -> prefs_mod.Prefs:
        with Session(self.engine) as session:
            row = session.get(NotifyPrefsRow, player_id)
        return prefs_mod.DEFAULT if row is None else prefs_mod.stored(json.loads(row.data))

    def set_prefs(self, player_id: str, prefs: prefs_mod.Prefs) -> None:
        with Session(self.engine) as session, session.begin():
            session.merge(NotifyPrefsRow(player_id=player_id, data=json.dumps(prefs.to_json())))

    # ----------------------------------------------------------------------- push

    def subscribe(self, player_id: str, endpoint: str, p256dh: str, auth: str, now: float) -> str:
        sub_id = digest_of(endpoint)
        with Session(self.engine) as session, session.begin():
            row = PushSubscriptionRow(
                id=sub_id,
                player_id=player_id,
                endpoint=endpoint,
                p256dh=p256dh,
                auth=auth,
                created_at=now,
            )
            session.merge(row)
        return sub_id

    def unsubscribe(self, player_id: str, endpoint: str) -> bool:
        with Session(self.engine) as session, session.begin():
            done = session.execute(
                delete(PushSubscriptionRow).where(
                    PushSubscriptionRow.id == digest_of(endpoint),
                    PushSubscriptionRow.player_id == player_id,
                )
            )
        return bool(done.rowcount)  # type: ignore[attr-defined]

    def drop_subscription(self, sub_id: str) -> None:
        with Session(self.engine) as session, session.begin():
            session.execute(delete(PushSubscriptionRow).where(PushSubscriptionRow.id == sub_id))

    def subscriptions(self, player_id: str) -> list[dict[str, Any]]:
        with Session(self.engine) as session:
            return [
                {"id": r.id, "endpoint": r.endpoint, "keys": {"p256dh": r.p256dh, "auth": r.auth}}
                for r in session.scalars(
                    select(PushSubscriptionRow).where(PushSubscriptionRow.player_id == player_id)
                )
            ]

    # ----------------------------------------------------------------------- e-mail

    def email(self, player_id: str) -> Email | None:
        with Session(self.engine) as session:
            row = session.get(EmailRow, player_id)
        return None if row is None else Email(row.address, row.verified, row.unsubscribe)

    def set_email(self, player_id: str, address: str, token_hash: str, until: float) -> None:
        """A new, unverified address with its verification token (the old one is gone)."""
        with Session(self.engine) as session, session.begin():
            row = session.get(EmailRow, player_id)
            if row is None:
                row = EmailRow(player_id=player_id, unsubscribe=secrets.token_urlsafe(24))
                session.add(row)
            row.address, row.address_key = address, address.casefold()
            row.verified, row.verify_hash, row.verify_until = False, token_hash, until

    def verify(self, token_hash: str, now: float) -> str | None:
        """Verify the address whose pending token this is; its player, or None."""
        with Session(self.engine) as session, session.begin():
            row = session.scalar(select(EmailRow).where(EmailRow.verify_hash == token_hash))
            if row is None or (row.verify_until or 0) < now:
                return None
            row.verified, row.verify_hash, row.verify_until = True, None, None
            return row.player_id

    def remove_email(self, player_id: str) -> None:
        with Session(self.engine) as session, session.begin():
            session.execute(delete(EmailRow).where(EmailRow.player_id == player_id))

    def unsubscribe_mail(self, key: str, kind: str | None) -> str | None:
        """One-click unsubscribe: that kind of mail (or every mail) off; the player."""
        with Session(self.engine) as session:
            row = session.scalar(select(EmailRow).where(EmailRow.unsubscribe == key))
        if row is None:
            return None
        current = self.prefs(row.player_id)
        if kind in prefs_mod.EVENTS:
            wanted = prefs_mod.read({"events": {kind: False}}, current)
        else:
            wanted = prefs_mod.read({"channels": {"email": False}}, current)
        self.set_prefs(row.player_id, wanted)
        return row.player_id

    def verified_player(self, address: str) -> str | None:
        """The player whose verified address this is (the newest, if several)."""
        with Session(self.engine) as session:
            return session.scalar(
                select(EmailRow.player_id)
                .where(EmailRow.address_key == address.casefold(), EmailRow.verified.is_(True))
                .limit(1)
            )

    def player_by_name(self, name_key: str) -> str | None:
        with Session(self.engine) as session:
            return session.scalar(select(PlayerRow.id).where(PlayerRow.name_key == name_key))

    # ----------------------------------------------------------------------- password reset

    def add_reset(self, player_id: str, token_hash: str, until: float) -> None:
        with Session(self.engine) as session, session.begin():
            session.add(ResetTokenRow(token_hash=token_hash, player_id=player_id, expires_at=until))

    def use_reset(self, token_hash: str, now: float) -> str | None:
        """Spend a reset token (once, before it expires); its player, or None."""
        with Session(self.engine) as session, session.begin():
            done = session.connection().execute(
                update(ResetTokenRow)
                .where(
                    ResetTokenRow.token_hash == token_hash,
                    ResetTokenRow.used_at.is_(None),
                    ResetTokenRow.expires_at >= now,
                )
                .values(used_at=now)
            )
            if not done.rowcount:
                return None
            return session.scalar(
                select(ResetTokenRow.player_id).where(ResetTokenRow.token_hash == token_hash)
            )

    def password_hash(self, player_id: str) -> str | None:
        with Session(self.engine) as session:
            row = session.get(PlayerRow, player_id)
        return None if row is None else row.password_hash

    def last_made(self, player_id: str, kind: str) -> float | None:
        """When this player's latest row of `kind` was made."""
        with Session(self.engine) as session:
            found = session.scalar(
                select(func.max(OutboxRow.created_at)).where(
                    OutboxRow.player_id == player_id, OutboxRow.kind == kind
                )
            )
        return None if found is None else float(found)
