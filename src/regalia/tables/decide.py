"""What a command causes at a table: the drafts it decides, or a TableError and nothing.

Joining, sitting, moving and chat are decided here; everything with a rule of its own goes
to its policy (`policies/`). Pure: the Round hands in the time (`cmd.at`), who is absent,
and, for a rematch, the new table's id and seed.
"""

from __future__ import annotations

from typing import Any

import regalia.tables.policies.takebacks as takebacks
from regalia.core.errors import BadNotation, IllegalAction, NotYourTurn, RegaliaError
from regalia.core.game import Seat
from regalia.protocol import CommandType, ErrorCode, EventKind, SeatKind, TableStatus
from regalia.tables.commands import Command
from regalia.tables.errors import TableError
from regalia.tables.events import Draft
from regalia.tables.policies import absence, draws, rematch, resign
from regalia.tables.policies.absence import Absent
from regalia.tables.policies.conditionals import replies as conditional_replies
from regalia.tables.policies.finish import finish, with_resignations
from regalia.tables.table import Table

# Commands that need the game in play.
_IN_PLAY = {
    CommandType.ACTION, CommandType.RESIGN, CommandType.OFFER_DRAW, CommandType.ACCEPT_DRAW,
    CommandType.DECLINE_DRAW, CommandType.CLAIM, CommandType.OFFER_TAKEBACK,
    CommandType.ACCEPT_TAKEBACK, CommandType.DECLINE_TAKEBACK,
}  # fmt: skip


def decide(
    table: Table,
    seat: Seat | None,
    cmd: Command,
    absent: Absent,
    rematch_to: tuple[str, int] | None = None,
) -> list[Draft]:
    """The events `cmd` from `seat` causes; raises TableError and changes nothing."""
    if cmd.type not in tuple(CommandType):
        raise TableError(ErrorCode.BAD_MESSAGE, f"unknown command {cmd.type!r}")
    if seat is None:
        if cmd.type == CommandType.CHAT:
            return _spectator_chat(table, cmd)
        raise TableError(ErrorCode.NOT_SEATED, "spectators can only watch and read the chat")
    if cmd.type in _IN_PLAY:
        _need_playing(table)
    kind = cmd.type
    if kind == CommandType.JOIN:
        return _join(table, seat, cmd)
    if kind == CommandType.ACTION:
        return _action(table, seat, cmd)
    if kind == CommandType.CHAT:
        return _chat(table, seat, cmd)
    if kind == CommandType.RESIGN:
        return resign.decide_resign(table, seat)
    if kind == CommandType.LEAVE:
        return resign.decide_leave(table, seat, table.status == TableStatus.PLAYING)
    if kind == CommandType.OFFER_DRAW:
        return draws.decide_offer(table, seat)
    if kind == CommandType.ACCEPT_DRAW:
        return draws.decide_accept(table, seat)
    if kind == CommandType.DECLINE_DRAW:
        return draws.decide_decline(table, seat)
    if kind == CommandType.OFFER_TAKEBACK:
        return takebacks.decide_offer(table, seat)
    if kind == CommandType.ACCEPT_TAKEBACK:
        return takebacks.decide_accept(table, seat)
    if kind == CommandType.DECLINE_TAKEBACK:
        return takebacks.decide_decline(table, seat)
    if kind == CommandType.CLAIM:
        return absence.decide_claim(table, absent, seat, cmd.at)
    if rematch_to is None:  # CommandType.REMATCH: the Round always names the new table
        raise ValueError("a rematch needs the new table's id and seed")
    return rematch.decide_rematch(table, seat, *rematch_to)


def _need_playing(table: Table) -> None:
    if table.status == TableStatus.WAITING:
        raise TableError(ErrorCode.NOT_STARTED, "the game starts when every seat is filled")
    if table.status == TableStatus.FINISHED:
        raise TableError(ErrorCode.FINISHED, "the game is over")
    if table.status == TableStatus.EXPIRED:
        raise TableError(ErrorCode.FINISHED, "this table expired: nobody took every seat in time")


def _join(table: Table, seat: Seat, cmd: Command) -> list[Draft]:
    if table.status == TableStatus.EXPIRED:
        raise TableError(ErrorCode.FINISHED, "this table expired: nobody took every seat in time")
    info = table.seats[seat]
    player = cmd.player or info.player
    _check_player(table, seat, player)
    if info.player is not None and cmd.player is None:  # a token alone: the account's name
        name = info.name or table.seat_names[seat]
    else:
        name = (cmd.name or "").strip() or info.name or table.seat_names[seat]
    if info.joined and info.name == name and info.player == player:
        return []
    data: dict[str, Any] = {"name": name}
    if player is not None:
        data["player"] = player
    if cmd.bot if cmd.player is not None else info.bot_account:
        data["bot"] = True  # a BOT account: every summary of the table marks its seat
    joined = Draft(EventKind.JOINED, seat, data, source=cmd.source)
    return [joined, *_start_if_ready(table, seat)]


def sit_drafts(
    table: Table, seat: Seat, name: str, player: str | None = None, source: str | None = None,
    bot: bool = False,
) -> list[Draft]:  # fmt: skip
    """Someone takes open seat `seat` (from address `source`; `bot`: `player` is a BOT
    account); the table starts when none is left to fill."""
    if not 0 <= seat < table.players:
        raise TableError(ErrorCode.BAD_MESSAGE, f"there is no seat {seat}")
    if table.status != TableStatus.WAITING:
        raise TableError(ErrorCode.SEAT_TAKEN, "this table is no longer waiting for players")
    info = table.seats[seat]
    if info.kind != SeatKind.OPEN or info.joined:
        raise TableError(ErrorCode.SEAT_TAKEN, f"{table.seat_names[seat]} is not an open seat")
    _check_player(table, seat, player)
    name = name.strip() or table.seat_names[seat]
    data: dict[str, Any] = {"name": name, "sat": True}
    if player is not None:
        data["player"] = player
    if bot and player is not None:
        data["bot"] = True
    joined = Draft(EventKind.JOINED, seat, data, source=source)
    return [joined, *_start_if_ready(table, seat)]


def _check_player(table: Table, seat: Seat, player: str | None) -> None:
    """A rated table seats only signed-in players, each at one seat."""
    if not table.rated:
        return
    if player is None:
        raise TableError(
            ErrorCode.PLAYER_REQUIRED, "a rated table needs you signed in (send X-Player-Key)"
        )
    if any(i != seat and s.player == player for i, s in enumerate(table.seats)):
        raise TableError(ErrorCode.ALREADY_SEATED, "you already play another seat of this table")
    mine = table.seats[seat].player
    if mine is not None and mine != player:
        raise TableError(ErrorCode.BAD_TOKEN, "this seat belongs to another player")


def _start_if_ready(table: Table, seat: Seat) -> list[Draft]:
    """`started`, if `seat` is the last human seat the table waited for."""
    if table.status != TableStatus.WAITING:
        return []
    others = [s for i, s in enumerate(table.seats) if i != seat]
    if all(s.joined or not s.human for s in others):
        return [Draft(EventKind.STARTED)]
    return []


def _action(table: Table, seat: Seat, cmd: Command) -> list[Draft]:
    if cmd.seq != table.seq:
        raise TableError(
            ErrorCode.STALE,
            f"the table has moved on (seq {table.seq}, you sent {cmd.seq}); "
            "look at the new position and try again",
        )
    if table.seats[seat].resigned:
        raise TableError(ErrorCode.FINISHED, "you resigned; a stand-in plays this seat")
    back: list[Draft] = []
    if seat in table.timing.bot_playing and not cmd.by_bot:
        if table.timing.bot_playing[seat]:
            raise TableError(ErrorCode.FINISHED, "your time ran out: a bot plays this seat now")
        back = [Draft(EventKind.RETURNED, seat)]  # the human takes the seat back
    elif cmd.by_bot and table.human_plays(seat):
        raise TableError(ErrorCode.STALE, "the player is back; the bot stands down")
    state = table.state
    try:
        state.require_turn(seat)
        action = state.parse(seat, cmd.action or "")
        after = state.apply(seat, action)
    except NotYourTurn as exc:
        raise TableError(ErrorCode.NOT_YOUR_TURN, str(exc)) from None
    except BadNotation as exc:
        raise TableError(ErrorCode.BAD_NOTATION, str(exc)) from None
    except IllegalAction as exc:
        raise TableError(ErrorCode.ILLEGAL, str(exc)) from None
    except RegaliaError as exc:
        raise TableError(ErrorCode.ILLEGAL, str(exc)) from None
    data = {"action": state.encode(action), "text": state.describe(action)}
    secret = state.action_is_secret(seat)
    drafts = [*back, Draft(EventKind.ACTION, seat, data, secret=secret, state=after)]
    drafts += draws.declined_by_move(table, seat)
    drafts += takebacks.declined_by_move(table, seat)
    result = after.result()
    if result is not None:
        drafts.append(finish(table, with_resignations(table, result), after))
    elif table.conditionals:  # a reply queued for this move is played at once
        drafts += conditional_replies(table, [(seat, data["action"])], after)
    return drafts


def _chat(table: Table, seat: Seat, cmd: Command) -> list[Draft]:
    _need_chat(table)
    info = table.seats[seat]
    text = (cmd.text or "").strip()
    name = info.name or table.seat_names[seat]
    return [Draft(EventKind.CHAT, seat, {"name": name, "text": text})]


def _spectator_chat(table: Table, cmd: Command) -> list[Draft]:
    """A spectator's line: only spectators ever see it (`Event.shown_to`)."""
    _need_chat(table)
    text = (cmd.text or "").strip()
    return [Draft(EventKind.CHAT, None, {"name": cmd.name or "", "text": text, "spectators": True})]


def _need_chat(table: Table) -> None:
    if not table.chat:
        raise TableError(ErrorCode.CHAT_OFF, "this table was created with its chat off")
