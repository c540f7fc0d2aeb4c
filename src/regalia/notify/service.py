"""The notifications of one server process: `notify(...)` puts rows in the outbox, and one
background task delivers them (`run_once`, every `outbox_poll_seconds`).

Guarantee: each row is delivered at most once, and exactly once unless its process dies
during the delivery itself (after claiming the row, before storing the push service's or
the SMTP server's answer). Enqueueing is idempotent (a row's key names its event, player,
channel and subscription), a claim is a compare-and-set, and a row found `sending` at start
was in that window: it becomes `unknown` and is not sent again (a duplicate is worse than a
gap for "your turn"; the player's My games page shows the truth either way). Failures
before the answer (refused connection, 5xx, 429, SMTP errors) retry with doubling waits; a
push service's 404/410 deletes the subscription.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

from regalia.notify import texts
from regalia.notify.config import NotifySettings
from regalia.notify.mail import Mail, Mailer, message_id
from regalia.notify.prefs import Prefs
from regalia.notify.push import Pusher, load_vapid, public_key
from regalia.notify.store import Item, NotifyStore, digest_of
from regalia.tables.database import Database
from regalia.tables.ports import Clock
from regalia.tables.store import Append

log = logging.getLogger("regalia.notify")
# Is it still this seat's turn at this table (and, if `away`, nobody connected at that seat)?
TurnStill = Callable[[str, int, bool], Awaitable[bool]]
PUSH_TTL = {"turn": 86_400, "game_over": 86_400, "challenge": 3_600, "tournament": 600}
URGENCY = {"turn": "normal", "game_over": "low", "challenge": "high", "tournament": "high"}


class Notifications:
    def __init__(
        self,
        db: Database,
        settings: NotifySettings,
        data_dir: Path,
        clock: Clock,
        turn_still: TurnStill | None = None,
        shared: bool = False,
    ) -> None:
        self.db = db
        self.settings = settings
        self.clock = clock
        self.store = NotifyStore(db.store)
        self.vapid = load_vapid(data_dir, settings.vapid_private_key)
        self.public_key = public_key(self.vapid)
        self.pusher = Pusher(self.vapid, settings.push_contact, settings.push_allowed_hosts)
        self.mailer = Mailer(settings.smtp_url, settings.mail_from) if settings.smtp_url else None
        self.turn_still = turn_still
        self.shared = shared
        self.me = uuid.uuid4().hex[:16]
        self._making: set[asyncio.Future[Any]] = set()  # notifications being enqueued

    def making(self, task: asyncio.Future[Any]) -> None:
        """A task that is enqueueing notifications: the next delivery round waits for it."""
        self._making.add(task)
        task.add_done_callback(self._making.discard)

    @property
    def mail_on(self) -> bool:
        return self.mailer is not None

    def link(self, path: str) -> str:
        return f"{self.settings.public_url}/{path.lstrip('/')}"

    async def start(self) -> None:
        if not self.shared:  # a lone server: nobody else is delivering
            lost = await self.db.read(self.store.recover)
            if lost:
                log.warning(
                    "%d notifications were being delivered when the server stopped; "
                    "they are marked unknown and not sent again",
                    lost,
                )

    async def close(self) -> None:
        await self.pusher.close()

    # ----------------------------------------------------------------------- the entry point

    async def notify(
        self,
        player_id: str,
        kind: str,
        *,
        table_id: str | None = None,
        link: str | None = None,
        payload: dict[str, Any] | None = None,
        once: str | None = None,
        at: float | None = None,
    ) -> int:
        """Tell a player about something: one outbox row per channel (and push subscription)
        their preferences want. `kind`: turn, game_over, challenge, tournament; `link`: a
        path of the site (`#/t/{id}`); `payload`: what the texts need (`game`, `title`,
        `body`); `once`: what makes this event itself (the same `once` again adds nothing);
        `at`: when it happened, if before this call (its delays count from then). How many
        rows were added."""
        now = self.clock.now() if at is None else at
        read = self.db.read
        prefs: Prefs = await read(self.store.prefs, player_id)
        event = once or secrets.token_hex(8)
        data = {"link": link or "", **(payload or {})}
        added = 0
        if prefs.wants(kind, "push"):
            due = prefs.after_quiet(now)
            for sub in await read(self.store.subscriptions, player_id):
                key = f"{kind}:{table_id or '-'}:{event}:{player_id}:push:{sub['id'][:16]}"
                added += await read(
                    self.store.enqueue,
                    key,
                    player_id,
                    "push",
                    kind,
                    table_id,
                    data | {"sub": sub["id"]},
                    due,
                    now,
                )
        if self.mail_on and prefs.wants(kind, "email"):
            email = await read(self.store.email, player_id)
            if email is not None and email.verified:
                added += await self._mail_row(player_id, kind, table_id, event, data, prefs, now)
        return added

    async def _mail_row(
        self,
        player_id: str,
        kind: str,
        table_id: str | None,
        event: str,
        data: dict[str, Any],
        prefs: Prefs,
        now: float,
    ) -> bool:
        state, due = "pending", now
        if kind == "turn" and table_id is not None:
            last = await self.db.read(self.store.last_sent, player_id, "email", kind, table_id)
            if last is not None and now - last < self.settings.turn_mail_hours * 3600:
                return False  # at most one "your turn" mail per game per N hours
            due = now + self.settings.turn_mail_delay_seconds
            if prefs.digest:
                state = "held"
        due = prefs.after_quiet(due)
        key = f"{kind}:{table_id or '-'}:{event}:{player_id}:email"
        return bool(
            await self.db.read(
                self.store.enqueue, key, player_id, "email", kind, table_id, data, due, now, state
            )
        )

    async def account_mail(self, player_id: str, kind: str, address: str, token: str) -> None:
        """A verification or password-reset mail to `address` (sent whatever the
        preferences say): its link carries `token`."""
        now = self.clock.now()
        data = {"address": address, "token": token}
        key = f"{kind}:-:{digest_of(token)[:24]}:{player_id}:email"
        await self.db.read(self.store.enqueue, key, player_id, "email", kind, None, data, now, now)

    # ----------------------------------------------------------------------- table events

    async def on_turn(
        self, table_id: str, player_id: str, seat: int, game: str, seq: int, began: float
    ) -> None:
        """It became `seat`'s turn (event `seq`) at a turn-based table at `began`: tell its
        player."""
        await self.notify(
            player_id,
            "turn",
            table_id=table_id,
            link=f"#/t/{table_id}",
            payload={"game": game, "seat": seat},
            once=str(seq),
            at=began,
        )

    async def appended(self, append: Append) -> None:
        """A batch of events was stored: if it finished the game, tell every player."""
        if append.result is None:
            return
        facts = await self.db.read(self.store.table_facts, append.table_id)
        game = facts[0] if facts else ""
        for seat, player in (
            await self.db.read(self.store.seated_players, append.table_id)
        ).items():
            await self.notify(
                player,
                "game_over",
                table_id=append.table_id,
                link=f"#/replay/{append.table_id}",
                payload={"game": game, "seat": seat},
                once="over",
            )

    # ----------------------------------------------------------------------- delivery

    async def run_once(self) -> int:
        """Deliver every due row; how many were sent."""
        if self._making:
            await asyncio.wait(list(self._making))
        await self._digests()
        sent = 0
        while True:
            items = await self.db.read(self.store.claim, self.me, self.clock.now())
            if not items:
                return sent
            for item in items:
                sent += await self._deliver(item)

    async def _deliver(self, item: Item) -> int:
        read, now = self.db.read, self.clock.now()
        try:
            if item.channel == "push":
                state = await self._push(item)
            else:
                state = await self._mail(item)
        except Exception as exc:  # the network, the push service, the SMTP server
            if item.attempts >= self.settings.retries:
                await read(self.store.finish, item.id, "failed", now, repr(exc)[:500])
                log.warning("notification %s given up: %r", item.key, exc)
                return 0
            wait = min(
                self.settings.retry_seconds * 2 ** (item.attempts - 1),
                self.settings.retry_max_seconds,
            )
            await read(self.store.retry, item.id, now + wait, repr(exc)[:500])
            return 0
        await read(self.store.finish, item.id, state, self.clock.now())
        return state == "sent"

    async def _push(self, item: Item) -> str:
        subs = {s["id"]: s for s in await self.db.read(self.store.subscriptions, item.player_id)}
        sub = subs.get(item.payload.get("sub", ""))
        if sub is None or not await self._still(item, away=False):
            return "skipped"  # removed since, or the turn was played already
        prefs: Prefs = await self.db.read(self.store.prefs, item.player_id)
        payload = self._push_payload(item, prefs.language)
        outcome = await self.pusher.send(
            sub,
            payload,
            PUSH_TTL.get(item.kind, 3600),
            URGENCY.get(item.kind, "normal"),
            topic=digest_of(item.table_id or item.key)[:32],
        )
        if outcome.gone:
            await self.db.read(self.store.drop_subscription, sub["id"])
            return "skipped"
        if not outcome.ok:
            raise RuntimeError(f"push service answered {outcome.status}")
        return "sent"

    async def _still(self, item: Item, away: bool) -> bool:
        """A "your turn" row is still worth sending: the seat is to act (and away)."""
        if item.kind != "turn" or item.table_id is None or self.turn_still is None:
            return True
        return await self.turn_still(item.table_id, int(item.payload.get("seat", -1)), away)

    def _push_payload(self, item: Item, lang: str) -> dict[str, Any]:
        title, body = texts.push(item.kind, item.payload, lang)
        return {
            "kind": item.kind,
            "title": title,
            "body": body,
            "table": item.table_id,
            "url": self.link("/" + str(item.payload.get("link") or "")),
            "tag": item.table_id or item.kind,
        }

    async def _mail(self, item: Item) -> str:
        if self.mailer is None:
            return "skipped"
        read = self.db.read
        email = await read(self.store.email, item.player_id)
        prefs: Prefs = await read(self.store.prefs, item.player_id)
        if item.kind in ("verify", "reset"):
            address = str(item.payload["address"])
            unsubscribe = None
        else:
            if email is None or not email.verified or not prefs.wants(item.kind, "email"):
                return "skipped"
            if not await self._still(item, away=True):
                return "skipped"  # played meanwhile, or back at the table
            address = email.address
            unsubscribe = self.link(
                f"api/email/unsubscribe?key={quote(email.unsubscribe)}&kind={item.kind}"
            )
        subject, text = texts.mail(item.kind, item.payload, prefs.language, self.link, unsubscribe)
        domain = self.settings.mail_from.rsplit("@", 1)[-1].strip(">")
        await self.mailer.send(
            Mail(address, subject, text, unsubscribe, message_id(f"{item.id}.{item.key}", domain))
        )
        return "sent"

    async def _digests(self) -> None:
        """Held "your turn" mails become one digest per player and day, at DIGEST_HOUR."""
        now = self.clock.now()
        for player, rows in (await self.db.read(self.store.held)).items():
            prefs: Prefs = await self.db.read(self.store.prefs, player)
            day = prefs.digest_day(now)
            if day is None:
                continue
            tables = sorted({str(r["table_id"]) for r in rows if r.get("table_id")})
            game_of = {str(r["table_id"]): str(r.get("game", "")) for r in rows}
            games = [{"table": t, "game": game_of[t]} for t in tables]
            key = f"digest:-:{day}:{player}:email"
            await self.db.read(
                self.store.enqueue, key, player, "email", "digest", None, {"games": games}, now, now
            )
            await self.db.read(self.store.merge, [int(r["id"]) for r in rows])
