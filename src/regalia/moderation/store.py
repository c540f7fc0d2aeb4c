"""Moderation's reads and writes (blocking; the server runs them on its database threads).

Roles: "admin" (everything, and grants roles) and "moderator" (reports, actions, the log).
Actions: `warn` (a message), `mute` (no chat), `ban` (no new games: tables, quick play,
challenges; games in play finish), `close` (the account: its keys and API tokens are
revoked and its name cannot sign in). A mute or ban lasts `minutes` (none: for good).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from sqlalchemy import delete, or_, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from regalia.moderation.models import ModerationRow, ReportRow
from regalia.protocol import ErrorCode, EventKind
from regalia.tables.errors import TableError
from regalia.tables.models import (
    ApiTokenRow,
    EventRow,
    PlayerKeyRow,
    PlayerRow,
    RatedGameRow,
    RatingRow,
)
from regalia.tables.names import stored_key

ROLES = ("admin", "moderator")
ACTIONS = ("warn", "mute", "ban", "close")
LASTING = ("mute", "ban")  # actions with an end
MAX_REASON = 500
MAX_MINUTES = 10 * 365 * 24 * 60
CONTEXT_LINES = 10  # chat lines on each side of a reported one
SHOWN_DAYS = 30  # a player sees the actions of the last this many days, and any in force


class Moderation:
    def __init__(self, engine: Engine, now: Callable[[], float]) -> None:
        self.engine = engine
        self.now = now

    # ----------------------------------------------------------------------------- roles

    def role_of(self, player_id: str) -> str | None:
        with Session(self.engine) as session:
            role: str | None = session.scalar(
                select(PlayerRow.role).where(PlayerRow.id == player_id)
            )
        return role

    def grant(self, name: str, role: str | None) -> str:
        """Give the player called `name` `role` (None: no role); their id."""
        if role is not None and role not in ROLES:
            raise TableError(ErrorCode.INVALID, f"a role is one of {', '.join(ROLES)}")
        with Session(self.engine) as session, session.begin():
            row = session.scalar(select(PlayerRow).where(PlayerRow.name_key == _key(name)))
            if row is None or row.is_bot:
                raise TableError(ErrorCode.UNKNOWN_PLAYER, f"no player is called {name!r}")
            row.role = role
            return row.id

    def rename(self, player_id: str, new_name: str) -> None:
        with Session(self.engine) as session, session.begin():
            taken = session.scalar(select(PlayerRow.id).where(PlayerRow.name_key == _key(new_name)))
            if taken is not None and taken != player_id:
                raise TableError(ErrorCode.NAME_TAKEN, f"the name {new_name!r} is taken")
            found = session.execute(
                update(PlayerRow)
                .where(PlayerRow.id == player_id)
                .values(name=new_name, name_key=_key(new_name))
            )
            if not found.rowcount:  # type: ignore[attr-defined]
                raise TableError(ErrorCode.UNKNOWN_PLAYER, "no such player")

    # --------------------------------------------------------------------------- reports

    def report(
        self, reporter: str, player: str | None, table: str | None, seq: int | None, reason: str
    ) -> int:
        with Session(self.engine) as session, session.begin():
            if player is not None and session.get(PlayerRow, player) is None:
                raise TableError(ErrorCode.UNKNOWN_PLAYER, "no such player to report")
            row = ReportRow(reporter_id=reporter, player_id=player, table_id=table,
                            event_seq=seq, reason=reason, created_at=self.now())  # fmt: skip
            session.add(row)
            session.flush()
            return row.id

    def open_reports(self, limit: int = 100) -> list[dict[str, Any]]:
        """Unhandled reports, oldest first, each with its context: who was reported and,
        for a chat line, the chat around it."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(ReportRow)
                .where(ReportRow.handled_at.is_(None))
                .order_by(ReportRow.id)
                .limit(limit)
            ).all()
            return [self._report(session, row) for row in rows]

    def handled(self, report_id: int, moderator: str) -> None:
        with Session(self.engine) as session, session.begin():
            row = session.get(ReportRow, report_id)
            if row is None:
                raise TableError(ErrorCode.NOT_FOUND, f"no report {report_id}")
            row.handled_at, row.handled_by = self.now(), moderator

    def _report(self, session: Session, row: ReportRow) -> dict[str, Any]:
        names = _names(session, [i for i in (row.reporter_id, row.player_id) if i])
        chat: list[dict[str, Any]] = []
        if row.table_id is not None and row.event_seq is not None:
            lines = session.scalars(
                select(EventRow)
                .where(EventRow.table_id == row.table_id, EventRow.kind == EventKind.CHAT)
                .where(EventRow.seq.between(row.event_seq - 200, row.event_seq + 200))
                .order_by(EventRow.seq)
            ).all()
            at = next((i for i, e in enumerate(lines) if e.seq == row.event_seq), None)
            if at is not None:
                near = lines[max(0, at - CONTEXT_LINES) : at + CONTEXT_LINES + 1]
                chat = [_line(e, row.event_seq) for e in near]
        return {
            "id": row.id,
            "reporter": {"id": row.reporter_id, "name": names.get(row.reporter_id)},
            "player": {"id": row.player_id, "name": names.get(row.player_id or "")}
            if row.player_id
            else None,
            "table": row.table_id,
            "event_seq": row.event_seq,
            "reason": row.reason,
            "created_at": row.created_at,
            "chat": chat,
        }

    # --------------------------------------------------------------------------- actions

    def act(
        self, moderator: str, player: str, action: str, minutes: float | None, reason: str,
        table: str | None = None,
    ) -> dict[str, Any]:  # fmt: skip
        now = self.now()
        until = now + minutes * 60 if minutes is not None and action in LASTING else None
        with Session(self.engine) as session, session.begin():
            target = session.get(PlayerRow, player)
            if target is None:
                raise TableError(ErrorCode.UNKNOWN_PLAYER, "no such player")
            if target.role is not None and self._role(session, moderator) != "admin":
                raise TableError(ErrorCode.FORBIDDEN, "only an admin acts on a moderator")
            row = ModerationRow(player_id=player, moderator_id=moderator, action=action,
                                reason=reason, at=now, until=until, table_id=table)  # fmt: skip
            session.add(row)
            if action == "close":
                target.closed_at = now
                _revoke_everything(session, player)
            session.flush()
            return _action(row)

    def sanctions(self, player: str) -> list[dict[str, Any]]:
        """What the player is told: actions in force, and those of the last SHOWN_DAYS."""
        now = self.now()
        with Session(self.engine) as session:
            rows = session.scalars(
                select(ModerationRow)
                .where(ModerationRow.player_id == player, ModerationRow.annulled_at.is_(None))
                .where(
                    or_(
                        ModerationRow.at >= now - SHOWN_DAYS * 86_400,
                        ModerationRow.until.is_(None) & ModerationRow.action.in_(LASTING),
                        ModerationRow.until > now,
                    )
                )
                .order_by(ModerationRow.id.desc())
            ).all()
        return [_action(row) | {"in_force": _in_force(row, now)} for row in rows]

    def in_force(self, player: str) -> tuple[bool, bool, bool, bool]:
        """(muted, banned, closed, chat off) now; the last is the player's own "I don't want
        chat" (regalia.server.chatprefs), read in the same look at their row."""
        now = self.now()
        with Session(self.engine) as session:
            row = session.execute(
                select(PlayerRow.closed_at, PlayerRow.chat_off).where(PlayerRow.id == player)
            ).first()
            closed, chat_off = (row[0], bool(row[1])) if row is not None else (None, False)
            kinds = set(
                session.scalars(
                    select(ModerationRow.action)
                    .where(ModerationRow.player_id == player)
                    .where(ModerationRow.action.in_(LASTING))
                    .where(ModerationRow.annulled_at.is_(None))
                    .where(or_(ModerationRow.until.is_(None), ModerationRow.until > now))
                ).all()
            )
        return "mute" in kinds, "ban" in kinds, closed is not None, chat_off

    def lift(self, action_id: int) -> None:
        """Annul an action (a mute or ban ends at once; the log keeps it, marked)."""
        with Session(self.engine) as session, session.begin():
            row = session.get(ModerationRow, action_id)
            if row is None:
                raise TableError(ErrorCode.NOT_FOUND, f"no action {action_id}")
            row.annulled_at = self.now()

    def annul_rating(self, moderator: str, table_id: str, reason: str) -> list[str]:
        """Take back a rated game's rating change: each player's rating moves back by
        exactly what that game moved it (later games stay counted), the game leaves the
        rating history and the seasons, and each player is told (an `annul` action). The
        players whose ratings moved."""
        now = self.now()
        with Session(self.engine) as session, session.begin():
            row = session.get(RatedGameRow, table_id)
            if row is None:
                raise TableError(ErrorCode.NOT_FOUND, "this table's game was not rated")
            if row.annulled_at is not None:
                raise TableError(ErrorCode.INVALID, "this game's rating change is annulled already")
            if row.detail is None:
                raise TableError(
                    ErrorCode.INVALID,
                    "this game was rated before its exact change was kept: it cannot be annulled",
                )
            moved: list[str] = []
            for seat in reversed(json.loads(row.detail)):  # a player on two seats: last first
                if not seat or not seat["counted"]:
                    continue
                rating = session.get(RatingRow, (seat["player"], row.game))
                if rating is None:
                    continue
                rating.mu -= seat["after"][0] - seat["before"][0]
                rating.sigma = max(0.001, rating.sigma - (seat["after"][1] - seat["before"][1]))
                rating.games = max(0, rating.games - 1)
                if seat["player"] not in moved:
                    moved.append(seat["player"])
            row.annulled_at = now
            for player in moved:
                session.add(ModerationRow(player_id=player, moderator_id=moderator,
                                          action="annul", reason=reason, at=now,
                                          table_id=table_id))  # fmt: skip
        return moved

    def log(self, limit: int = 200) -> list[dict[str, Any]]:
        with Session(self.engine) as session:
            rows = session.scalars(
                select(ModerationRow).order_by(ModerationRow.id.desc()).limit(limit)
            ).all()
            names = _names(session, [r.player_id for r in rows] + [r.moderator_id for r in rows])
        return [_logged(r, names) for r in rows]

    def _role(self, session: Session, player: str) -> str | None:
        role: str | None = session.scalar(select(PlayerRow.role).where(PlayerRow.id == player))
        return role


def _key(name: str) -> str:
    return stored_key(name)


def _names(session: Session, ids: list[str]) -> dict[str, str]:
    if not ids:
        return {}
    rows = session.execute(select(PlayerRow.id, PlayerRow.name).where(PlayerRow.id.in_(ids)))
    return {pid: name for pid, name in rows}


def _line(event: EventRow, reported: int | None) -> dict[str, Any]:
    text = json.loads(event.data).get("text")
    return {"seq": event.seq, "seat": event.seat, "text": text, "reported": event.seq == reported}


def _in_force(row: ModerationRow, now: float) -> bool:
    if row.action not in LASTING or row.annulled_at is not None:
        return False
    return row.until is None or row.until > now


def _logged(row: ModerationRow, names: dict[str, str]) -> dict[str, Any]:
    who = {"name": names.get(row.player_id), "moderator_name": names.get(row.moderator_id)}
    return _action(row) | who | {"annulled_at": row.annulled_at}


def _action(row: ModerationRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "player": row.player_id,
        "moderator": row.moderator_id,
        "action": row.action,
        "reason": row.reason,
        "at": row.at,
        "until": row.until,
        "table": row.table_id,
    }


def _revoke_everything(session: Session, player: str) -> None:
    """A closed account: no key or API token of it opens anything any more."""
    session.execute(delete(PlayerKeyRow).where(PlayerKeyRow.player_id == player))
    session.execute(delete(ApiTokenRow).where(ApiTokenRow.player_id == player))
