"""What the Bot API's NDJSON streams say: a BOT's game as `gameFull` and `gameState` lines,
built from its seat's view only, and the listener a game stream is to its table's Round.

A game stream is one more listener of the Round (as a WebSocket is), seeing its seat's
view: its lines carry nothing another seat may not know, since they are built from what
the Round sends that seat (events as that seat sees them, the seat's view). `moves` holds
every action in its text form, space-separated: a space inside an action's own text is
written `_` (`place_1_f6`: the move endpoint reads it back), an action hidden from the seat
(another seat's secret vote) is `?`; `actions` lists the same with seats and exact texts.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from regalia.core.game import Seat
from regalia.protocol import EventKind, MessageType, TableStatus
from regalia.tables.round import Round
from regalia.tables.table import Table

# Lines a stream may fall behind by before it is closed (its client is not reading).
MAX_BACKLOG = 2000
HIDDEN = "?"


def url_form(action: str) -> str:
    """An action's text as one word of `moves` (and of a move URL)."""
    return action.replace(" ", "_")


def from_url_form(text: str) -> str:
    return text.replace("_", " ")


def status_of(table: Table) -> str:
    """lichess's words where they fit: `created` (waiting for players), `started`, then
    the result's reason once finished (`resign`, `timeout`, …), or `aborted` (expired)."""
    if table.status == TableStatus.PLAYING:
        return "started"
    if table.status == TableStatus.WAITING:
        return "created"
    if table.status == TableStatus.EXPIRED:
        return "aborted"
    return table.result.reason if table.result else "finished"


class Moves:
    """The actions of a table as one seat sees them, kept up to date one event at a time."""

    def __init__(self, table: Table, seat: Seat) -> None:
        self.seat = seat
        self.actions: list[dict[str, Any]] = []
        self.seen = 0
        for event in table.events:
            self.add(event.visible_to(seat))

    def add(self, event: dict[str, Any]) -> None:
        if event["seq"] <= self.seen:
            return
        self.seen = event["seq"]
        if event["kind"] == EventKind.ACTION:
            self.actions.append({"seat": event["seat"], "action": event.get("action")})
        elif event["kind"] == EventKind.TAKEBACK:  # the last `plies` actions are undone
            self.actions = self.actions[: len(self.actions) - int(event["plies"])]

    def text(self) -> str:
        return " ".join(
            HIDDEN if a["action"] is None else url_form(str(a["action"])) for a in self.actions
        )


def game_state(table: Table, moves: Moves, view: dict[str, Any]) -> dict[str, Any]:
    """A `gameState` line from the seat's `view` message (regalia.tables.round)."""
    result = view.get("result")
    return {
        "type": "gameState",
        "seq": view["seq"],
        "moves": moves.text(),
        "actions": moves.actions,
        "status": status_of(table),
        "to_act": view["to_act"],
        "my_turn": moves.seat in view["to_act"],
        "legal": [item["action"] for item in view.get("legal", [])],
        "clocks": view.get("clocks"),
        "view": view["view"],
        "result": result,
        "winner": _winners(result),
        "draw_offer": view.get("draw_offer"),
        "claimable": view.get("claimable", False),
    }


def _winners(result: dict[str, Any] | None) -> list[int] | None:
    if not result:
        return None
    return [seat for seat, outcome in enumerate(result.get("outcomes", [])) if outcome == "win"]


def game_full(found: Round, seat: Seat, moves: Moves) -> dict[str, Any]:
    """The first line of a game stream: the table, the BOT's seat, and its state now."""
    table = found.table
    summary = found.summary()
    return {
        "type": "gameFull",
        "id": table.id,
        "game": table.game.name,
        "title": table.game.title,
        "players": table.players,
        "options": table.options,
        "position": table.position,  # the start set up by hand (null: the game's own deal)
        "rated": table.rated,
        "seat": seat,
        "seat_name": table.seat_names[seat],
        "seats": summary["seats"],
        "clock": summary.get("clock"),
        "created_at": table.created_at,
        "state": game_state(table, moves, found.view(seat)),
    }


class GameListener:
    """A game stream as a Round listener: each change becomes lines on its queue."""

    def __init__(self, found: Round, seat: Seat) -> None:
        self.seat: Seat | None = seat
        self.round = found
        self.moves = Moves(found.table, seat)
        self.lines: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()

    def start(self) -> dict[str, Any]:
        """Subscribe and answer the `gameFull` line, in one step: nothing slips between."""
        first = game_full(self.round, self.seat or 0, self.moves)
        self.round.subscribe(self)
        return first

    def stop(self) -> None:
        self.round.unsubscribe(self)

    def send(self, messages: Sequence[dict[str, Any]]) -> None:
        if self.lines.qsize() > MAX_BACKLOG:
            self.lines.put_nowait(None)
            return
        for message in messages:
            kind = message.get("type")
            if kind == MessageType.EVENT:
                event = message["event"]
                self.moves.add(event)
                if event["kind"] == EventKind.CHAT:
                    self.lines.put_nowait(_chat_line(event))
            elif kind == MessageType.VIEW:
                self.lines.put_nowait(game_state(self.round.table, self.moves, message))

    def close(self) -> None:
        """The seat's token was revoked: the stream ends."""
        self.lines.put_nowait(None)


def _chat_line(event: dict[str, Any]) -> dict[str, Any]:
    return {"type": "chatLine", "seat": event.get("seat"), "username": event.get("name"),
            "text": event.get("text"), "room": "player"}  # fmt: skip
