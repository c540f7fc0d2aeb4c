"""A player's own data: `GET /api/players/me/export` (everything the site keeps about them,
as JSON) and `DELETE /api/players/me` (the account is deleted).

A deleted account's games stay — they are the other players' history too — but every name
it left in them reads `deleted player`: the players row, the `joined` and `chat` events of
its seats (which summaries, replays and the open-data export are rebuilt from), tournament
entries, and the seats of its tables loaded in this process. Its e-mail, password, keys,
API tokens, seat tokens, push subscriptions, preferences, reset tokens, pending
notifications, follows and blocks are erased; its name is free for someone else; the row is
marked `deleted` with `closed_at`. Ratings and rated games keep their numbers, under the new
name, so other players' rating histories still add up.
"""

from __future__ import annotations

import functools
import json
from dataclasses import replace
from typing import Any

from fastapi import APIRouter, Request
from sqlalchemy import delete, or_, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from regalia.notify.models import (
    EmailRow,
    NotifyPrefsRow,
    OutboxRow,
    PushSubscriptionRow,
    ResetTokenRow,
)
from regalia.protocol import EventKind
from regalia.server.errors import ERRORS
from regalia.server.players import PlayerKey, forget_tokens, me, ratings
from regalia.tables.models import (
    ApiTokenRow,
    BlockRow,
    EventRow,
    FollowRow,
    PlayerKeyRow,
    PlayerRow,
    SeatRow,
    TableRow,
)
from regalia.tables.names import DELETED_NAME
from regalia.tables.service import TableService
from regalia.tournaments.models import EntrantRow

router = APIRouter(prefix="/api", responses=ERRORS)


def export_of(engine: Engine, player_id: str) -> dict[str, Any]:
    """The player's own data beside their profile: account, games, e-mail, preferences,
    push subscriptions, API tokens, follows and blocks (blocking)."""
    with Session(engine) as session:
        row = session.get(PlayerRow, player_id)
        assert row is not None
        games = session.execute(
            select(
                TableRow.id,
                TableRow.game,
                TableRow.status,
                TableRow.created_at,
                TableRow.rated,
                SeatRow.seat,
            )
            .join(SeatRow, SeatRow.table_id == TableRow.id)
            .where(SeatRow.player_id == player_id)
            .order_by(TableRow.created_at)
        ).all()
        email = session.get(EmailRow, player_id)
        prefs = session.get(NotifyPrefsRow, player_id)
        pushes = session.scalars(
            select(PushSubscriptionRow).where(PushSubscriptionRow.player_id == player_id)
        ).all()
        tokens = session.scalars(select(ApiTokenRow).where(ApiTokenRow.player_id == player_id))
        follows = session.scalars(
            select(FollowRow.followed_id).where(FollowRow.player_id == player_id)
        )
        blocks = session.scalars(select(BlockRow.blocked_id).where(BlockRow.player_id == player_id))
        return {
            "account": {
                "id": row.id,
                "name": row.name,
                "created_at": row.created_at,
                "has_password": bool(row.password_hash),
                "role": row.role,
            },
            "games": [
                {"table": t, "game": g, "status": s, "created_at": c, "rated": r, "seat": seat}
                for t, g, s, c, r, seat in games
            ],
            "email": None
            if email is None
            else {"address": email.address, "verified": email.verified},
            "preferences": None if prefs is None else json.loads(prefs.data),
            "push_subscriptions": [
                {"endpoint": p.endpoint, "created_at": p.created_at} for p in pushes
            ],
            "api_tokens": [
                {"id": t.id, "scopes": t.scopes.split(), "created_at": t.created_at} for t in tokens
            ],
            "follows": list(follows),
            "blocks": list(blocks),
        }


def erase(engine: Engine, player_id: str, now: float) -> list[tuple[str, int]]:
    """Delete the account (blocking, one transaction); the seats it held, (table, seat),
    whose tokens and shown names must change in memory too."""
    with Session(engine) as session, session.begin():
        seats = [
            (t, s)
            for t, s in session.execute(
                select(SeatRow.table_id, SeatRow.seat).where(SeatRow.player_id == player_id)
            )
        ]
        session.execute(
            update(SeatRow).where(SeatRow.player_id == player_id).values(token_hash=None)
        )
        for table_id, seat in seats:
            events = session.scalars(
                select(EventRow).where(
                    EventRow.table_id == table_id,
                    EventRow.seat == seat,
                    EventRow.kind.in_((EventKind.JOINED, EventKind.CHAT)),
                )
            )
            for event in events:
                data = json.loads(event.data)
                if data.get("name") != DELETED_NAME:
                    event.data = json.dumps(data | {"name": DELETED_NAME})
        session.execute(
            update(EntrantRow).where(EntrantRow.player_id == player_id).values(name=DELETED_NAME)
        )
        for model in (
            PlayerKeyRow,
            ApiTokenRow,
            PushSubscriptionRow,
            EmailRow,
            NotifyPrefsRow,
            ResetTokenRow,
            OutboxRow,
        ):
            session.execute(delete(model).where(model.player_id == player_id))
        session.execute(
            delete(FollowRow).where(
                or_(FollowRow.player_id == player_id, FollowRow.followed_id == player_id)
            )
        )
        session.execute(
            delete(BlockRow).where(
                or_(BlockRow.player_id == player_id, BlockRow.blocked_id == player_id)
            )
        )
        session.execute(
            update(PlayerRow)
            .where(PlayerRow.id == player_id)
            .values(
                name=DELETED_NAME,
                name_key=f"\x00deleted {player_id}",
                password_hash=None,
                deleted=True,
                closed_at=now,
            )
        )
    return seats


def _service(request: Request) -> TableService:
    found: TableService = request.app.state.service
    return found


@router.get("/players/me/export")
async def my_export(request: Request, x_player_key: PlayerKey = None) -> Any:
    """Everything the site keeps about you, as one JSON document: your profile and
    ratings, every game you sat at, your e-mail, preferences, push subscriptions, API
    tokens, follows and blocks."""
    player = await me(request, x_player_key)
    svc = _service(request)
    profile = await svc.db.read(ratings(request).profile, player.id)
    data: dict[str, Any] = await svc.db.read(export_of, svc.accounts.engine, player.id)
    return {"profile": profile} | data


@router.delete("/players/me", status_code=204)
async def delete_me(request: Request, x_player_key: PlayerKey = None) -> None:
    """Delete your account for good: your games stay, under the name `deleted player`;
    your e-mail, keys, tokens and push subscriptions are erased."""
    player = await me(request, x_player_key)
    svc = _service(request)
    now = svc.clock.now()
    seats = await svc.db.write(
        functools.partial(erase, svc.accounts.engine, player.id, now), "delete account"
    )
    forget_tokens(request, seats)
    for table_id, seat in seats:
        found = svc.rounds.loaded(table_id)
        if found is not None:
            await found.run(functools.partial(_rename_seat, seat=seat))
    svc.gate.forget(player.id)


async def _rename_seat(table: Any, seat: int) -> None:
    """The loaded table as the database now has it: the seat and its past lines renamed."""
    table.seats[seat].name = DELETED_NAME
    table.events[:] = [
        replace(e, data={**e.data, "name": DELETED_NAME})
        if e.seat == seat and e.kind in (EventKind.JOINED, EventKind.CHAT)
        else e
        for e in table.events
    ]
