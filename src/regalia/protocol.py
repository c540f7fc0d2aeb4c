"""The names on the wire, in one place: event kinds, commands, messages and close codes.

Stored events and JSON messages carry these as plain strings (they are `str`/`int` enums);
the browser's `web/js/protocol.js` holds the same names. docs/server.md describes each.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum


class EventKind(StrEnum):
    """What happened at a table: every change is one stored event of one of these kinds."""

    CREATED = "created"
    JOINED = "joined"
    STARTED = "started"
    ACTION = "action"
    CHAT = "chat"
    RESIGNED = "resigned"
    LEFT = "left"
    DRAW_OFFERED = "draw_offered"
    DRAW_ACCEPTED = "draw_accepted"
    DRAW_DECLINED = "draw_declined"
    FINISHED = "finished"
    REMATCH_OFFERED = "rematch_offered"
    REMATCH = "rematch"
    EXPIRED = "expired"
    TIMEOUT = "timeout"  # a seat's clock ran out
    TAKEOVER = "takeover"  # a bot plays an absent (or timed-out) seat
    RETURNED = "returned"  # the human is back and plays their seat again
    CLAIMED = "claimed"  # an opponent claimed the win from an absent seat
    RESUMED = "resumed"  # a server took the table on after none ran it: that time is not charged


class CommandType(StrEnum):
    """What a seat may ask a table to do (HTTP commands and WebSocket messages)."""

    JOIN = "join"
    ACTION = "action"
    CHAT = "chat"
    RESIGN = "resign"
    OFFER_DRAW = "offer_draw"
    ACCEPT_DRAW = "accept_draw"
    DECLINE_DRAW = "decline_draw"
    REMATCH = "rematch"
    LEAVE = "leave"
    CLAIM = "claim"


class MessageType(StrEnum):
    """WebSocket messages besides commands: client `hello`/`ping`, server the rest."""

    HELLO = "hello"
    PING = "ping"
    WELCOME = "welcome"
    EVENT = "event"
    VIEW = "view"
    ERROR = "error"
    PONG = "pong"
    PRESENCE = "presence"  # who is connected, and which seats bots play, as it changes


class TableStatus(StrEnum):
    WAITING = "waiting"
    PLAYING = "playing"
    FINISHED = "finished"
    EXPIRED = "expired"  # nobody took every seat in time: the game never started


class SeatKind(StrEnum):
    HUMAN = "human"
    BOT = "bot"
    OPEN = "open"  # anyone may take it (`sit`); then it is a human seat


class CloseCode(IntEnum):
    """Why the server closed a table's WebSocket."""

    NORMAL = 1000
    TOO_SLOW = 1008  # the client stopped reading: its backlog grew too long
    TRY_AGAIN = 1013  # the server cannot serve the table now (storage busy, too many sockets)
    BAD_MESSAGE = 4400  # no valid hello
    BAD_TOKEN = 4401  # the seat token is not this table's
    UNKNOWN_TABLE = 4404
