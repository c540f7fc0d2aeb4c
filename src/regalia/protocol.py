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


class ErrorCode(StrEnum):
    """Why the server refused: the `code` of every HTTP error body and WebSocket `error`.

    Each code carries the HTTP status it is answered with (`ErrorCode.STALE.status == 409`);
    over the WebSocket the code alone is sent.
    """

    status: int

    # `status` has a default only so that `ErrorCode("stale")` (a lookup by value) type-checks;
    # a member declared without its status fails here, at import.
    def __new__(cls, value: str, status: int = 0) -> ErrorCode:
        if not status:
            raise ValueError(f"error code {value!r} needs its HTTP status")
        member = str.__new__(cls, value)
        member._value_ = value
        member.status = status
        return member

    # The request itself is malformed.
    BAD_JSON = "bad_json", 400
    BAD_MESSAGE = "bad_message", 400
    BAD_OPTIONS = "bad_options", 400
    BAD_NAME = "bad_name", 400
    BAD_PASSWORD = "bad_password", 400
    NO_ANALYSIS = "no_analysis", 400  # the game has no engine to analyse it
    TIMEOUT = "timeout", 408  # the request's headers or body came too slowly
    TOO_LARGE = "too_large", 413
    INVALID = "invalid", 422  # an HTTP body or query that fails its schema
    ILLEGAL = "illegal", 422
    BAD_NOTATION = "bad_notation", 422
    BAD_RECORD = "bad_record", 422
    # Who is asking.
    BAD_TOKEN = "bad_token", 401
    NOT_SEATED = "not_seated", 401
    BAD_LOGIN = "bad_login", 401
    BAD_PLAYER_KEY = "bad_player_key", 401
    PLAYER_REQUIRED = "player_required", 401
    STALE_KEY = "stale_key", 403  # a first password needs a recent key (a fresh sign-in)
    # What is asked for does not exist.
    NOT_FOUND = "not_found", 404
    UNKNOWN_TABLE = "unknown_table", 404
    UNKNOWN_GAME = "unknown_game", 404
    UNKNOWN_PLAYER = "unknown_player", 404
    # Not now, in this state of the table or account.
    NOT_STARTED = "not_started", 409
    NOT_FINISHED = "not_finished", 409
    FINISHED = "finished", 409
    NOT_YOUR_TURN = "not_your_turn", 409
    STALE = "stale", 409
    NO_DRAW_OFFER = "no_draw_offer", 409
    DRAWS_NOT_ALLOWED = "draws_not_allowed", 409
    RESIGN_NOT_ALLOWED = "resign_not_allowed", 409
    SEAT_TAKEN = "seat_taken", 409
    ALREADY_SEATED = "already_seated", 409
    NAME_TAKEN = "name_taken", 409
    NOT_CLAIMABLE = "not_claimable", 409
    TIMED_OUT = "timed_out", 409
    # Too much, or the server cannot now.
    RATE_LIMITED = "rate_limited", 429
    TOO_MANY_TABLES = "too_many_tables", 429
    INTERNAL = "internal", 500
    STORAGE_ERROR = "storage_error", 500
    UNAVAILABLE = "unavailable", 503
    BUSY = "busy", 503
