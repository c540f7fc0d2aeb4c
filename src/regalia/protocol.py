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
    TAKEBACK_OFFERED = "takeback_offered"  # a seat asks to take its last move back
    TAKEBACK_ACCEPTED = "takeback_accepted"
    TAKEBACK_DECLINED = "takeback_declined"
    TAKEBACK = "takeback"  # every other seat agreed: the last `plies` actions are undone
    FINISHED = "finished"
    REMATCH_OFFERED = "rematch_offered"
    REMATCH = "rematch"
    EXPIRED = "expired"
    TIMEOUT = "timeout"  # a seat's clock ran out
    TAKEOVER = "takeover"  # a bot plays an absent (or timed-out) seat
    RETURNED = "returned"  # the human is back and plays their seat again
    CLAIMED = "claimed"  # an opponent claimed the win from an absent seat
    CONDITIONAL = "conditional"  # a seat's queued replies (only that seat ever sees it)
    VACATION = "vacation"  # the seat's player is on vacation: its turn-based clock stands still
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
    OFFER_TAKEBACK = "offer_takeback"
    ACCEPT_TAKEBACK = "accept_takeback"
    DECLINE_TAKEBACK = "decline_takeback"


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
    BAD_PREFS = "bad_prefs", 400  # notification preferences: an unknown event, zone or time
    BAD_SUBSCRIPTION = "bad_subscription", 400  # a push subscription or its endpoint refused
    BAD_EMAIL = "bad_email", 400
    NO_ANALYSIS = "no_analysis", 400  # the game has no engine to analyse it
    TIMEOUT = "timeout", 408  # the request's headers or body came too slowly
    TOO_LARGE = "too_large", 413
    INVALID = "invalid", 422  # an HTTP body or query that fails its schema
    ILLEGAL = "illegal", 422
    BAD_NOTATION = "bad_notation", 422
    BAD_RECORD = "bad_record", 422
    BAD_POSITION = "bad_position", 422  # a position that could not arise in play
    # Who is asking.
    BAD_TOKEN = "bad_token", 401
    NOT_SEATED = "not_seated", 401
    BAD_LOGIN = "bad_login", 401
    BAD_PLAYER_KEY = "bad_player_key", 401
    PLAYER_REQUIRED = "player_required", 401
    STALE_KEY = "stale_key", 403  # a first password needs a recent key (a fresh sign-in)
    BAD_API_TOKEN = "bad_api_token", 401  # the Bearer token was revoked or never existed
    MISSING_SCOPE = "missing_scope", 403  # the API token lacks the scope (e.g. bot:play)
    BOT_ONLY = "bot_only", 403  # the Bot API plays only for BOT accounts
    BOT_ACCOUNT = "bot_account", 409  # a BOT cannot do that (quick play; a second upgrade)
    # What is asked for does not exist.
    NOT_FOUND = "not_found", 404
    UNKNOWN_TABLE = "unknown_table", 404
    UNKNOWN_GAME = "unknown_game", 404
    UNKNOWN_PLAYER = "unknown_player", 404
    UNKNOWN_CHALLENGE = "unknown_challenge", 404  # none, or not one of the caller's
    NO_PUZZLES = "no_puzzles", 404  # the game has no puzzles, or none yet
    # Not now, in this state of the table or account.
    NOT_STARTED = "not_started", 409
    NOT_FINISHED = "not_finished", 409
    FINISHED = "finished", 409
    NOT_YOUR_TURN = "not_your_turn", 409
    STALE = "stale", 409
    NO_DRAW_OFFER = "no_draw_offer", 409
    DRAWS_NOT_ALLOWED = "draws_not_allowed", 409
    NO_TAKEBACK = "no_takeback", 409  # no request to answer, or no move of yours to take back
    TAKEBACKS_NOT_ALLOWED = "takebacks_not_allowed", 409
    RESIGN_NOT_ALLOWED = "resign_not_allowed", 409
    SEAT_TAKEN = "seat_taken", 409
    ALREADY_SEATED = "already_seated", 409
    CHALLENGE_CLOSED = "challenge_closed", 409  # accepted, declined or cancelled already
    BLOCKED = "blocked", 403  # one of the two players blocks the other
    FORBIDDEN = "forbidden", 403  # moderation: the caller has not the role for it
    MUTED = "muted", 403  # a moderator muted this player: no chat until the mute ends
    CHAT_OFF = "chat_off", 403  # the table was created with its chat off
    BANNED = "banned", 403  # a moderator banned this player from new games for a while
    NAME_TAKEN = "name_taken", 409
    NOT_CLAIMABLE = "not_claimable", 409
    TIMED_OUT = "timed_out", 409
    NO_CONDITIONALS = "no_conditionals", 409  # no conditional moves in this game, or now
    # Too much, or the server cannot now.
    RATE_LIMITED = "rate_limited", 429
    TOO_MANY_TABLES = "too_many_tables", 429
    TOO_MANY_GAMES = "too_many_games", 429  # a BOT plays its most games at once
    INTERNAL = "internal", 500
    STORAGE_ERROR = "storage_error", 500
    UNAVAILABLE = "unavailable", 503
    MAIL_OFF = "mail_off", 503  # the server sends no mail (no REGALIA_SMTP_URL)
    BUSY = "busy", 503
