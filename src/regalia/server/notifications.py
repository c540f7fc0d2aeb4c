"""The HTTP API of notifications: push subscriptions, e-mail addresses and their
verification, preferences, one-click unsubscribe and password reset by e-mail.

`install` wires one `Notifications` (regalia.notify.service) into the app: the outbox's
background task, finished games from the event log, and T's "your turn" hook.
"""

from __future__ import annotations

import re
import secrets
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import RedirectResponse
from pydantic import BaseModel, ConfigDict, Field

from regalia.notify import prefs as prefs_mod
from regalia.notify.push import check_endpoint
from regalia.notify.service import Notifications
from regalia.notify.store import digest_of
from regalia.protocol import ErrorCode, TableStatus
from regalia.server.config import Settings
from regalia.server.errors import ERRORS
from regalia.server.players import (
    PlayerKey,
    accounts,
    forget_tokens,
    me,
    passwords,
    read,
    service,
)
from regalia.server.schemas import PlayerKeyOut
from regalia.tables.accounts import MAX_PASSWORD, MIN_PASSWORD
from regalia.tables.errors import TableError
from regalia.tables.eventlog import StoreLog
from regalia.tables.names import name_key
from regalia.tables.periodic import every
from regalia.tables.service import TableService
from regalia.tables.table import Table

router = APIRouter(prefix="/api", responses=ERRORS)
# An address as people type it: something@domain.tld, no spaces or angle brackets.
ADDRESS = re.compile(r"^[^@\s<>\"]{1,64}@[^@\s<>\"]+\.[^@\s<>\".]{2,}$")
# An account mail (verification, reset) waits this long before the next one to the player.
ACCOUNT_MAIL_SECONDS = 60.0


class KeysIn(BaseModel):
    p256dh: str = Field(min_length=20, max_length=200)
    auth: str = Field(min_length=8, max_length=64)


class SubscriptionIn(BaseModel):
    endpoint: str = Field(max_length=1000)
    keys: KeysIn
    expirationTime: float | None = None


class PushIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    subscription: SubscriptionIn


class PushOffIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    endpoint: str = Field(max_length=1000)


class EmailIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    address: str = Field(max_length=254)


class ForgotIn(BaseModel):
    """A player's name or e-mail address."""

    model_config = ConfigDict(extra="forbid")
    who: str = Field(min_length=1, max_length=254)


class ResetIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(min_length=10, max_length=100)
    password: str = Field(max_length=200)


class QuietIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    start: str = Field(max_length=5)  # HH:MM
    end: str = Field(max_length=5)
    tz: str = Field(default="UTC", max_length=64)  # an IANA time zone


class PrefsIn(BaseModel):
    """What changes; what is left out stays as it is (`quiet: null` turns quiet hours off)."""

    model_config = ConfigDict(extra="forbid")
    events: dict[str, bool] | None = None
    channels: dict[str, bool] | None = None
    quiet: QuietIn | None = None
    digest: bool | None = None
    language: str | None = Field(default=None, max_length=8)
    tz: str | None = Field(default=None, max_length=64)


def notes(request: Request) -> Notifications:
    found: Notifications = request.app.state.notifications
    return found


# --------------------------------------------------------------------------- push


@router.get("/push/key")
async def push_key(request: Request) -> dict[str, str]:
    """The VAPID public key a browser subscribes with (`applicationServerKey`)."""
    return {"public_key": notes(request).public_key}


@router.post("/players/me/push", status_code=201)
async def subscribe(
    body: PushIn, request: Request, x_player_key: PlayerKey = None
) -> dict[str, str]:
    """Keep this browser's push subscription: pushes for this player go to it."""
    player = await me(request, x_player_key)
    found = notes(request)
    sub = body.subscription
    check_endpoint(sub.endpoint, found.settings.push_allowed_hosts)
    now = service(request).clock.now()
    sub_id = await read(
        request, found.store.subscribe, player.id, sub.endpoint, sub.keys.p256dh, sub.keys.auth, now
    )
    return {"id": sub_id}


@router.delete("/players/me/push", status_code=204)
async def unsubscribe(body: PushOffIn, request: Request, x_player_key: PlayerKey = None) -> None:
    player = await me(request, x_player_key)
    await read(request, notes(request).store.unsubscribe, player.id, body.endpoint)


# --------------------------------------------------------------------------- e-mail


@router.post("/players/me/email", status_code=202)
async def add_email(
    body: EmailIn, request: Request, x_player_key: PlayerKey = None
) -> dict[str, Any]:
    """Set the player's address (unverified) and mail it a verification link."""
    player = await me(request, x_player_key)
    found = notes(request)
    if not found.mail_on:
        raise TableError(ErrorCode.MAIL_OFF, "this server sends no e-mail")
    address = body.address.strip()
    if not ADDRESS.match(address):
        raise TableError(ErrorCode.BAD_EMAIL, "that is not an e-mail address")
    await _account_mail_room(request, player.id, "verify")
    token = secrets.token_urlsafe(24)
    until = service(request).clock.now() + found.settings.verify_hours * 3600
    await read(request, found.store.set_email, player.id, address, digest_of(token), until)
    await found.account_mail(player.id, "verify", address, token)
    return {"address": address, "verified": False}


@router.delete("/players/me/email", status_code=204)
async def remove_email(request: Request, x_player_key: PlayerKey = None) -> None:
    player = await me(request, x_player_key)
    await read(request, notes(request).store.remove_email, player.id)


@router.get("/email/verify", status_code=303, response_class=RedirectResponse)
async def verify_email(
    request: Request, token: Annotated[str, Query(max_length=100)] = ""
) -> RedirectResponse:
    """The link of a verification mail: verifies the address, then opens the settings."""
    found = notes(request)
    player = await read(request, found.store.verify, digest_of(token), service(request).clock.now())
    outcome = "verified" if player else "expired"
    return RedirectResponse(found.link(f"#/settings/email-{outcome}"), status_code=303)


async def _unsubscribe(request: Request, key: str, kind: str) -> bool:
    found = notes(request)
    return await read(request, found.store.unsubscribe_mail, key, kind or None) is not None


@router.get("/email/unsubscribe", status_code=303, response_class=RedirectResponse)
async def unsubscribe_link(
    request: Request,
    key: Annotated[str, Query(max_length=64)] = "",
    kind: Annotated[str, Query(max_length=24)] = "",
) -> RedirectResponse:
    """A mail's unsubscribe link: that kind of mail off (any other kind: every mail)."""
    done = await _unsubscribe(request, key, kind)
    where = "unsubscribed" if done else "email-expired"
    return RedirectResponse(notes(request).link(f"#/settings/{where}"), status_code=303)


@router.post("/email/unsubscribe", status_code=200)
async def unsubscribe_one_click(
    request: Request,
    key: Annotated[str, Query(max_length=64)] = "",
    kind: Annotated[str, Query(max_length=24)] = "",
) -> dict[str, bool]:
    """RFC 8058 one-click unsubscribe (`List-Unsubscribe-Post`), as mail programs send it."""
    if not await _unsubscribe(request, key, kind):
        raise TableError(ErrorCode.BAD_TOKEN, "this unsubscribe link is not valid")
    return {"unsubscribed": True}


async def _account_mail_room(request: Request, player_id: str, kind: str) -> None:
    found = notes(request)
    last = await read(request, found.store.last_made, player_id, kind)
    if last is not None and service(request).clock.now() - last < ACCOUNT_MAIL_SECONDS:
        raise TableError(
            ErrorCode.RATE_LIMITED,
            "a mail was sent a moment ago; wait a minute",
            retry_after=int(ACCOUNT_MAIL_SECONDS),
        )


# --------------------------------------------------------------------------- preferences


@router.get("/players/me/notifications")
async def my_prefs(request: Request, x_player_key: PlayerKey = None) -> dict[str, Any]:
    """The player's preferences, address and push subscriptions, and what the server can
    send (`mail`: false when it sends no e-mail)."""
    player = await me(request, x_player_key)
    found = notes(request)
    prefs = await read(request, found.store.prefs, player.id)
    email = await read(request, found.store.email, player.id)
    subs = await read(request, found.store.subscriptions, player.id)
    return {
        "prefs": prefs.to_json(),
        "email": None if email is None else {"address": email.address, "verified": email.verified},
        "push_subscriptions": len(subs),
        "mail": found.mail_on,
        "events": list(prefs_mod.EVENTS),
        "channels": list(prefs_mod.CHANNELS),
    }


@router.put("/players/me/notifications")
async def set_prefs(
    body: PrefsIn, request: Request, x_player_key: PlayerKey = None
) -> dict[str, Any]:
    """Change preferences: `events` and `channels` ({name: bool}), `quiet` ({start, end,
    tz}: HH:MM in that IANA time zone, or null), `digest`, `language`, `tz`."""
    player = await me(request, x_player_key)
    found = notes(request)
    current = await read(request, found.store.prefs, player.id)
    wanted = prefs_mod.read(body.model_dump(exclude_unset=True), current)
    await read(request, found.store.set_prefs, player.id, wanted)
    return {"prefs": wanted.to_json()}


# --------------------------------------------------------------------------- password reset


@router.post("/password/forgot", status_code=202)
async def forgot(body: ForgotIn, request: Request) -> dict[str, str]:
    """Mail a single-use reset link to the verified address of the player named (by name or
    address). The answer is the same whether or not such a player or address exists."""
    found = notes(request)
    answer = {"detail": "if that player has a verified address, a link is on its way"}
    if not found.mail_on:
        raise TableError(ErrorCode.MAIL_OFF, "this server sends no e-mail")
    who = body.who.strip()
    if "@" in who:
        player_id = await read(request, found.store.verified_player, who)
    else:
        player_id = await read(request, found.store.player_by_name, name_key(who)[:96])
    email = await read(request, found.store.email, player_id) if player_id else None
    if player_id is None or email is None or not email.verified:
        return answer
    last = await read(request, found.store.last_made, player_id, "reset")
    now = service(request).clock.now()
    if last is not None and now - last < ACCOUNT_MAIL_SECONDS:
        return answer  # the same answer: a refusal would tell the name has an address
    token = secrets.token_urlsafe(24)
    until = now + found.settings.reset_minutes * 60
    await read(request, found.store.add_reset, player_id, digest_of(token), until)
    await found.account_mail(player_id, "reset", email.address, token)
    return answer


@router.post("/password/reset", response_model=PlayerKeyOut)
async def reset(body: ResetIn, request: Request) -> dict[str, Any]:
    """Spend a reset token on a new password: every key and seat token of the player is
    revoked (as in a password change) and the answer carries a new key."""
    if not MIN_PASSWORD <= len(body.password) <= MAX_PASSWORD:
        message = f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters"
        raise TableError(ErrorCode.BAD_PASSWORD, message)
    found = notes(request)
    hasher = passwords(request)
    hasher.check_room()
    new = await hasher.hash(body.password)
    player_id = await read(
        request, found.store.use_reset, digest_of(body.token), service(request).clock.now()
    )
    if player_id is None:
        raise TableError(ErrorCode.BAD_TOKEN, "this reset link was used or has expired")
    old = await read(request, found.store.password_hash, player_id)
    revoked = await read(request, accounts(request).set_password_hash, player_id, new, old)
    forget_tokens(request, revoked.seats)
    key = revoked.key or await read(request, accounts(request).new_key, player_id)
    player = await read(request, accounts(request).player, key)
    assert player is not None
    return {"id": player.id, "name": player.name, "player_key": key}


# --------------------------------------------------------------------------- wiring


class TurnsToNotify:
    """T's turn hook (`TableService.turns`): a human seat's turn began at a turn-based
    table, on its owning process; the notification is made on a task of its own."""

    def __init__(self, tables: TableService, found: Notifications) -> None:
        self.tables, self.found = tables, found

    def on_turn(self, table: Table, seat: int) -> None:
        clock = table.timing.rules.clock
        player = table.seats[seat].player
        if clock is None or clock.days_per_move is None or player is None:
            return
        # The turn began now, not when the task gets to it: "a minute later" counts from here.
        began = self.tables.clock.now()
        work = self.found.on_turn(table.id, player, seat, table.game.name, table.seq, began)
        self.found.making(self.tables.spawn(work, f"notify-turn-{table.id}"))


async def install(app: Any, tables: TableService, settings: Settings) -> Notifications:
    """Make the app's Notifications, mark what a stopped process was delivering, and start
    the outbox task on the tables' task group."""

    async def turn_still(table_id: str, seat: int, away: bool) -> bool:
        round_ = await tables.round(table_id)
        table = round_.table
        if table.status != TableStatus.PLAYING or seat not in table.state.to_act():
            return False
        return not away or not round_.connected().get(seat, 0)

    found = Notifications(
        tables.db,
        settings.notify,
        settings.data_dir,
        tables.clock,
        turn_still,
        shared=tables.leases.shared,
    )
    app.state.notifications = found
    log = tables.rounds.ports.log
    if isinstance(log, StoreLog):
        log.on_appended.append(found.appended)
    tables.turns.add(TurnsToNotify(tables, found))
    await found.start()

    async def deliver() -> None:
        await found.run_once()

    async def outbox() -> None:
        try:
            await every(lambda: settings.notify.outbox_poll_seconds, deliver, "notifications")
        finally:  # cancelled when the table service closes
            await found.close()

    tables.spawn(outbox(), "notifications")
    return found
