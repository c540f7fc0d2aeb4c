"""Challenges: one player invites others by name to a new table (issue 27, "People").

A challenge names its game, size, clock, whether it is rated, the challenger's seat and the
players it invites (one, or several for a game of more seats); the rest of the seats are
open. It stays `pending` until every invited player accepts — then it is `accepted` and
names its table, every invited seat joined by its player from where they answered — or one
declines (`declined`, with a reason), or the challenger cancels (`canceled`). Nobody may
challenge a player who blocks them or whom they block (`blocked`).

Everyone in a challenge hears of it live: `watch(player_id)` is an async iterator of the
events below, first the challenges still pending that invite the player (so a stream that
reconnects misses none), then each change as it happens. The web client reads it through
`GET /api/challenge/stream`, the Bot API's event stream through the same iterator.

    {"type": "challenge", "challenge": C}           a new challenge (to everyone in it)
    {"type": "challengeCanceled", "challenge": C}   the challenger took it back
    {"type": "challengeDeclined", "challenge": C}   an invited player said no
    {"type": "challengeAccepted", "challenge": C}   all said yes: C["table"] is the table

The registry of watchers lives in this process: a challenge made at another process of a
scaled-out server reaches a stream here when it reconnects (the pending ones come first).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from regalia.core.errors import RegaliaError
from regalia.protocol import CommandType, ErrorCode, SeatKind
from regalia.tables.accounts import Player
from regalia.tables.commands import Command
from regalia.tables.errors import TableError
from regalia.tables.events import iso_time
from regalia.tables.models import ChallengeInviteRow, ChallengeRow, PlayerRow
from regalia.tables.relations import Relations
from regalia.tables.requests import SeatRequest, TableRequest, check_rated, game_named
from regalia.tables.timing import TimeRules

if TYPE_CHECKING:
    from regalia.tables.service import TableService

log = logging.getLogger("regalia.tables")
Notify = Callable[..., Awaitable[Any]]
PENDING, ACCEPTED, DECLINED, CANCELED = "pending", "accepted", "declined", "canceled"
# Why a challenge was declined (lichess's reasons, so its clients' choices fit).
DECLINE_REASONS = ("generic", "later", "tooFast", "tooSlow", "timeControl", "rated",
                   "casual", "variant", "noBot", "onlyBot")  # fmt: skip
# Challenges one player may have waiting for an answer at once (more: 429 rate_limited), so
# nobody floods another's header, pushes and mail.
MAX_PENDING = 20
# Events a watcher may fall behind by before it is dropped (it reconnects and catches up).
MAX_QUEUE = 256


@dataclass(frozen=True, slots=True)
class Ask:
    """A challenge as its challenger asks for it (checked against the game's facts)."""

    game: str
    players: int | None = None
    clock: dict[str, Any] | None = None
    rated: bool = False
    seat: int | None = None


class ChallengeStore:
    """The challenges' rows (blocking: run on a database thread)."""

    def __init__(self, engine: Any, now: Callable[[], float]) -> None:
        self.engine = engine
        self.now = now

    def create(
        self, challenger: Player, invited: Sequence[tuple[Player, int]], game: str,
        players: int, clock: dict[str, Any] | None, rated: bool, seat: int, source: str,
    ) -> dict[str, Any]:  # fmt: skip
        challenge_id = secrets.token_urlsafe(6)
        with Session(self.engine) as session, session.begin():
            session.add(ChallengeRow(
                id=challenge_id, challenger_id=challenger.id, game=game, players=players,
                clock=json.dumps(clock, separators=(",", ":")) if clock else None,
                rated=rated, seat=seat, status=PENDING, created_at=iso_time(self.now()),
                source=source,
            ))  # fmt: skip
            session.flush()
            for player, at in invited:
                session.add(ChallengeInviteRow(challenge_id=challenge_id, player_id=player.id,
                                               seat=at))  # fmt: skip
        return self.get(challenge_id)

    def get(self, challenge_id: str) -> dict[str, Any]:
        with Session(self.engine) as session:
            row = session.get(ChallengeRow, challenge_id[:16])
            if row is None:
                raise TableError(ErrorCode.UNKNOWN_CHALLENGE, "no such challenge")
            return _json(session, row)

    def answer(
        self, challenge_id: str, player_id: str, accept: bool, reason: str | None, source: str
    ) -> tuple[dict[str, Any], bool]:
        """Store an invited player's answer; whether every invited player has now accepted
        (exactly one answer sees that: answers are written one at a time)."""
        with Session(self.engine) as session, session.begin():
            row = session.get(ChallengeRow, challenge_id[:16])
            invite = session.get(ChallengeInviteRow, (challenge_id[:16], player_id))
            if row is None or invite is None:
                raise TableError(ErrorCode.UNKNOWN_CHALLENGE, "no such challenge for you")
            if row.status != PENDING:
                raise _closed(row.status)
            if accept:
                was, invite.answer, invite.source = invite.answer, ACCEPTED, source
                answers = session.scalars(
                    select(ChallengeInviteRow.answer)
                    .where(ChallengeInviteRow.challenge_id == row.id)
                ).all()  # fmt: skip
                ready = was != ACCEPTED and all(a == ACCEPTED for a in answers)
            else:
                invite.answer, row.status, row.reason = DECLINED, DECLINED, reason or "generic"
                ready = False
            session.flush()
            return _json(session, row), ready

    def unanswer(self, challenge_id: str, player_id: str) -> None:
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(ChallengeInviteRow)
                .where(ChallengeInviteRow.challenge_id == challenge_id[:16])
                .where(ChallengeInviteRow.player_id == player_id)
                .values(answer=None)
            )

    def cancel(self, challenge_id: str, player_id: str) -> dict[str, Any]:
        with Session(self.engine) as session, session.begin():
            row = session.get(ChallengeRow, challenge_id[:16])
            if row is None or row.challenger_id != player_id:
                raise TableError(ErrorCode.UNKNOWN_CHALLENGE, "no such challenge of yours")
            if row.status != PENDING:
                raise _closed(row.status)
            row.status = CANCELED
            session.flush()
            return _json(session, row)

    def opened(self, challenge_id: str, table_id: str) -> dict[str, Any]:
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(ChallengeRow).where(ChallengeRow.id == challenge_id)
                .values(status=ACCEPTED, table_id=table_id)
            )  # fmt: skip
        return self.get(challenge_id)

    def sources(self, challenge_id: str) -> dict[str, str | None]:
        """Where each player of the challenge answered from (the challenger: where they
        challenged from)."""
        with Session(self.engine) as session:
            row = session.get(ChallengeRow, challenge_id)
            found: dict[str, str | None] = {row.challenger_id: row.source} if row else {}
            for invite in session.scalars(
                select(ChallengeInviteRow).where(ChallengeInviteRow.challenge_id == challenge_id)
            ):
                found[invite.player_id] = invite.source
        return found

    def pending(self, player_id: str) -> list[dict[str, Any]]:
        """Pending challenges the player makes or is invited to, oldest first."""
        with Session(self.engine) as session:
            invited = select(ChallengeInviteRow.challenge_id).where(
                ChallengeInviteRow.player_id == player_id
            )
            rows = session.scalars(
                select(ChallengeRow)
                .where(ChallengeRow.status == PENDING)
                .where((ChallengeRow.challenger_id == player_id) | ChallengeRow.id.in_(invited))
                .order_by(ChallengeRow.created_at, ChallengeRow.id)
            ).all()
            return [_json(session, row) for row in rows]


def _closed(status: str) -> TableError:
    if status == ACCEPTED:
        message = "this challenge was accepted already"
    elif status == DECLINED:
        message = "this challenge was declined"
    else:
        message = "this challenge was cancelled"
    return TableError(ErrorCode.CHALLENGE_CLOSED, message)


def _json(session: Session, row: ChallengeRow) -> dict[str, Any]:
    invites = session.scalars(
        select(ChallengeInviteRow)
        .where(ChallengeInviteRow.challenge_id == row.id)
        .order_by(ChallengeInviteRow.seat)
    ).all()
    ids = [row.challenger_id, *(i.player_id for i in invites)]
    players = {p.id: p for p in session.scalars(select(PlayerRow).where(PlayerRow.id.in_(ids)))}

    def who(pid: str) -> dict[str, Any]:
        found = players.get(pid)
        bot = bool(found and (found.is_bot or getattr(found, "bot_account", False)))
        return {"id": pid, "name": found.name if found else None, "bot": bot}

    return {
        "id": row.id, "game": row.game, "players": row.players,
        "clock": json.loads(row.clock) if row.clock else None, "rated": row.rated,
        "seat": row.seat, "status": row.status, "reason": row.reason, "table": row.table_id,
        "created_at": row.created_at, "challenger": who(row.challenger_id),
        "invited": [who(i.player_id) | {"seat": i.seat, "answer": i.answer} for i in invites],
    }  # fmt: skip


def everyone(challenge: dict[str, Any]) -> list[str]:
    return [challenge["challenger"]["id"], *(i["id"] for i in challenge["invited"])]


class Watchers:
    """Who listens for their challenges in this process: queues per player."""

    def __init__(self) -> None:
        self._queues: dict[str, set[asyncio.Queue[dict[str, Any] | None]]] = {}

    def publish(self, player_ids: Sequence[str], event: dict[str, Any]) -> None:
        for pid in dict.fromkeys(player_ids):
            for queue in list(self._queues.get(pid, ())):
                if queue.qsize() >= MAX_QUEUE:
                    queue.put_nowait(None)  # too far behind: the stream ends, the client resumes
                else:
                    queue.put_nowait(event)

    @contextlib.contextmanager
    def queue(self, player_id: str) -> Any:
        queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._queues.setdefault(player_id, set()).add(queue)
        try:
            yield queue
        finally:
            mine = self._queues.get(player_id, set())
            mine.discard(queue)
            if not mine:
                self._queues.pop(player_id, None)

    def count(self, player_id: str) -> int:
        return len(self._queues.get(player_id, ()))


class Challenges:
    """Making, answering and delivering challenges; an accepted one becomes a table."""

    def __init__(
        self, svc: TableService, relations: Relations, notify: Notify | None = None
    ) -> None:
        self.svc = svc
        self.relations = relations
        self.notify = notify  # push and e-mail (the notifications' entry point), if any
        self.store = ChallengeStore(svc.db.store.engine, svc.clock.now)
        self.watchers = Watchers()

    async def watch(self, player_id: str) -> AsyncIterator[dict[str, Any]]:
        """The player's challenge events: those pending first, then each as it happens.
        Subscribed before the pending ones are read, so none falls between the two."""
        with self.watchers.queue(player_id) as queue:
            seen: set[str] = set()
            for challenge in await self.svc.db.read(self.store.pending, player_id):
                seen.add(challenge["id"])
                yield {"type": "challenge", "challenge": challenge}
            while True:
                event = await queue.get()
                if event is None:
                    return
                if event["type"] == "challenge" and event["challenge"]["id"] in seen:
                    continue  # read with the pending ones already
                yield event

    async def challenge(
        self, challenger: Player, names: Sequence[str], ask: Ask, source: str
    ) -> dict[str, Any]:
        game = game_named(ask.game)
        try:
            count = game.check_players(ask.players)
        except RegaliaError as exc:
            raise TableError(ErrorCode.BAD_OPTIONS, str(exc)) from None
        rules = TimeRules.read(game, ask.clock, None, None)
        if ask.rated:
            check_rated(rules)
        invited = [await self._invitee(challenger, name) for name in names]
        mine = await self.svc.db.read(self.store.pending, challenger.id)
        if sum(c["challenger"]["id"] == challenger.id for c in mine) >= MAX_PENDING:
            raise TableError(
                ErrorCode.RATE_LIMITED,
                f"you have {MAX_PENDING} challenges waiting for an answer: cancel one first",
                retry_after=60,
            )
        if len({p.id for p in invited}) != len(invited):
            raise TableError(ErrorCode.BAD_OPTIONS, "each player is invited once")
        if not 1 <= len(invited) < count:
            raise TableError(
                ErrorCode.BAD_OPTIONS, f"a table of {count} seats takes 1 to {count - 1} guests"
            )
        seat = ask.seat if ask.seat is not None else secrets.randbelow(count)
        if not 0 <= seat < count:
            raise TableError(ErrorCode.BAD_OPTIONS, f"there is no seat {seat}")
        others = [s for s in range(count) if s != seat]
        clock = rules.clock.to_json() if rules.clock else None
        made = await self.svc.db.write(lambda: self.store.create(
            challenger, list(zip(invited, others, strict=False)), game.name, count, clock,
            ask.rated, seat, source,
        ), "challenge")  # fmt: skip
        self.watchers.publish(everyone(made), {"type": "challenge", "challenge": made})
        for invitee in invited:
            if not self.watchers.count(invitee.id):  # not on the site here: a push or a mail
                await self._tell(invitee, challenger, made)
        return made

    async def _tell(self, invitee: Player, challenger: Player, made: dict[str, Any]) -> None:
        if self.notify is None:
            return
        payload = {"game": made["game"], "challenger": challenger.name}  # words: notify/texts.py
        try:
            await self.notify(invitee.id, "challenge", link="#/challenges", payload=payload,
                              once=made["id"])  # fmt: skip
        except Exception as exc:  # a challenge stands even if nobody could be told of it
            log.warning("challenge %s: not notified: %s", made["id"], exc)

    async def _invitee(self, challenger: Player, name: str) -> Player:
        found = await self.svc.db.read(self.svc.accounts.credentials, name)
        level = found is not None and found.player.is_bot  # a built-in level's player
        if found is None or (level and not getattr(found.player, "bot_account", False)):
            raise TableError(ErrorCode.UNKNOWN_PLAYER, "no such player")
        player = found.player
        if player.id == challenger.id:
            raise TableError(ErrorCode.BAD_OPTIONS, "you cannot challenge yourself")
        if await self.svc.db.read(self.relations.between, challenger.id, player.id):
            raise TableError(ErrorCode.BLOCKED, f"{player.name} does not take your challenges")
        return player

    async def get(self, challenge_id: str) -> dict[str, Any]:
        return await self.svc.db.read(self.store.get, challenge_id)

    async def pending(self, player_id: str) -> list[dict[str, Any]]:
        return await self.svc.db.read(self.store.pending, player_id)

    async def accept(self, challenge_id: str, player: Player, source: str) -> dict[str, Any]:
        """Accept; the last acceptance makes the table, every invited seat joined."""
        answered, ready = await self.svc.db.write(
            lambda: self.store.answer(challenge_id, player.id, True, None, source), "challenge"
        )
        if not ready:
            return answered
        try:
            table_id = await self._open(answered)
        except BaseException:  # no table: this answer is taken back, so it may come again
            await self.svc.db.write(lambda: self.store.unanswer(challenge_id, player.id))
            raise
        done = await self.svc.db.write(lambda: self.store.opened(answered["id"], table_id))
        self.watchers.publish(everyone(done), {"type": "challengeAccepted", "challenge": done})
        return done

    async def decline(
        self, challenge_id: str, player: Player, reason: str | None
    ) -> dict[str, Any]:
        done, _ = await self.svc.db.write(
            lambda: self.store.answer(challenge_id, player.id, False, reason, ""), "challenge"
        )
        self.watchers.publish(everyone(done), {"type": "challengeDeclined", "challenge": done})
        return done

    async def cancel(self, challenge_id: str, player: Player) -> dict[str, Any]:
        done = await self.svc.db.write(lambda: self.store.cancel(challenge_id, player.id))
        self.watchers.publish(everyone(done), {"type": "challengeCanceled", "challenge": done})
        return done

    async def _open(self, challenge: dict[str, Any]) -> str:
        """The challenge's table: each player joined at their seat, from where they
        answered; seats nobody was invited to are open."""
        seated = {challenge["seat"]: challenge["challenger"]}
        seated |= {i["seat"]: i for i in challenge["invited"]}
        sources = await self.svc.db.read(self.store.sources, challenge["id"])
        seats = [
            SeatRequest(SeatKind.HUMAN if s in seated else SeatKind.OPEN)
            for s in range(challenge["players"])
        ]
        source = sources.get(challenge["challenger"]["id"]) or ""
        request = TableRequest(challenge["game"], seats, challenge["players"], client=source,
                               clock=challenge["clock"], rated=challenge["rated"])  # fmt: skip
        challenger = Player(challenge["challenger"]["id"], challenge["challenger"]["name"])
        table, _ = await self.svc.create(request, challenger)
        for seat, who in sorted(seated.items()):
            join = Command(CommandType.JOIN, name=who["name"], player=who["id"],
                           source=sources.get(who["id"]) or None, bot=who["bot"])  # fmt: skip
            await self.svc.submit(table.id, seat, join)
        return table.id
