"""Every message on the wire, declared once as pydantic models (`GET /api/protocol`).

Client messages — `hello`, `ping` and each command — are one union on `type` (`ClientMessage`);
the WebSocket reads every frame with it and `POST /api/tables/{id}/commands` takes its
commands (`HttpCommand`), so both transports accept the same fields within the same limits.
`regalia.tables.commands.read_client` turns a validation failure into the player's
`TableError`.

Server messages (`ServerMessage`: welcome, event, view, presence, error, pong) and the table
summary are models too, but the server builds them as plain dicts on its hot path (a model
per message sent costs more than the message); the tests validate what a real game sends on
both transports against these models, and HTTP responses are checked by FastAPI.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, TypeAdapter

from regalia.protocol import CommandType, ErrorCode, EventKind, MessageType, TableStatus

MAX_NAME = 40  # a seat's display name
MAX_CHAT = 500  # one chat line
MAX_ACTION = 200  # an action's notation
MAX_KEY = 100  # a player key
MAX_LANG = 35  # a language tag (BCP 47 allows 35 characters)
MAX_PING_ID = 64  # characters of a ping's id echoed back

Seq = Annotated[StrictInt, Field(ge=0)]  # StrictInt: `true` is not 1


class _Client(BaseModel):
    # Unknown fields are ignored: a newer page may send more than this server reads.
    model_config = ConfigDict(extra="ignore", frozen=True)


class Hello(_Client):
    """The first WebSocket message: who is connecting and what they have seen."""

    type: Literal[MessageType.HELLO]
    token: StrictStr | None = None  # a seat token; none to watch
    name: Annotated[StrictStr, Field(max_length=MAX_NAME)] | None = None
    last_seq: Seq = 0  # events up to here are not sent again
    player_key: Annotated[StrictStr, Field(max_length=MAX_KEY)] | None = None
    lang: Annotated[StrictStr, Field(max_length=MAX_LANG)] | None = None


class Ping(_Client):
    type: Literal[MessageType.PING]
    id: Any = None  # echoed in the `pong` when a short number or string, else null


class Join(_Client):
    """Take the seat of the token (WebSocket: sent by the server for a `hello` with a name)."""

    type: Literal[CommandType.JOIN]
    name: Annotated[StrictStr, Field(max_length=MAX_NAME)] | None = None


class Action(_Client):
    type: Literal[CommandType.ACTION]
    action: Annotated[StrictStr, Field(max_length=MAX_ACTION)]
    seq: Seq  # the table's seq the action was chosen at: a later one makes it `stale`


class Chat(_Client):
    type: Literal[CommandType.CHAT]
    text: Annotated[StrictStr, Field(max_length=MAX_CHAT, pattern=r"\S")]


class Resign(_Client):
    type: Literal[CommandType.RESIGN]


class OfferDraw(_Client):
    type: Literal[CommandType.OFFER_DRAW]


class AcceptDraw(_Client):
    type: Literal[CommandType.ACCEPT_DRAW]


class DeclineDraw(_Client):
    type: Literal[CommandType.DECLINE_DRAW]


class Rematch(_Client):
    type: Literal[CommandType.REMATCH]


class Leave(_Client):
    type: Literal[CommandType.LEAVE]


class Claim(_Client):
    type: Literal[CommandType.CLAIM]


class OfferTakeback(_Client):
    type: Literal[CommandType.OFFER_TAKEBACK]


class AcceptTakeback(_Client):
    type: Literal[CommandType.ACCEPT_TAKEBACK]


class DeclineTakeback(_Client):
    type: Literal[CommandType.DECLINE_TAKEBACK]


_Commands = (
    Action | Chat | Resign | OfferDraw | AcceptDraw | DeclineDraw | Rematch | Leave | Claim
    | OfferTakeback | AcceptTakeback | DeclineTakeback
)  # fmt: skip
# A command over HTTP: joining has its own route (POST /api/tables/{id}/join).
HttpCommand = Annotated[_Commands, Field(discriminator="type")]
CommandMessage = Annotated[Join | _Commands, Field(discriminator="type")]
ClientMessage = Annotated[Hello | Ping | Join | _Commands, Field(discriminator="type")]
CLIENT: TypeAdapter[Hello | Ping | Join | _Commands] = TypeAdapter(ClientMessage)
HELLO: TypeAdapter[Hello] = TypeAdapter(Hello)


# ------------------------------------------------------------------------ server messages


class _Server(BaseModel):
    # What the server sends is exactly this: a field added on one side only fails the tests.
    model_config = ConfigDict(extra="forbid")


class ErrorBody(_Server):
    code: ErrorCode
    message: str


class ErrorOut(_Server):
    """Every HTTP error's body."""

    error: ErrorBody


class Result(_Server):
    outcomes: list[Literal["win", "loss", "draw"]]
    reason: str


class Clocks(_Server):
    remaining_ms: list[int]
    running: list[int]  # seats whose clock runs now
    per_move: bool


class SeatPresence(_Server):
    connected: bool
    bot: bool  # a bot plays the seat now (its own, or standing in)


class Absence(_Server):
    grace_s: int
    then: Literal["bot", "claim", "wait"]


class SeatSummary(_Server):
    seat: int
    seat_name: str
    name: str | None
    kind: Literal["human", "bot", "open"]
    level: str | None
    joined: bool
    connected: bool
    bot_playing: bool
    player: str | None
    bot: bool  # a machine plays it: a built-in level, or a BOT account (lobby: "BOT")
    vacation_until: str | None  # its player is on vacation (ISO time): its clock stands still


class TableSummary(_Server):
    """A table as the lobby and `welcome` show it (`GET /api/tables/{id}`)."""

    id: str
    game: str
    title: str
    players: int
    options: dict[str, Any]
    status: TableStatus
    seq: int
    created_at: str
    seats: list[SeatSummary]
    rated: bool
    chat: bool  # false: the table was created with its chat off
    clock: dict[str, int] | None
    turn_based: bool  # played across days: "clock" is {"days_per_move": N}
    on_timeout: Literal["lose", "bot"]
    absence: Absence
    clocks: Clocks | None
    to_act: list[int]
    result: Result | None
    position: str | None  # the position the game started from, when set up by hand
    rematch: str | None  # the rematch table's id, once there is one


class Legal(_Server):
    action: str  # what to send as a command's `action`
    text: str  # how to show it


class View(_Server):
    """A seat's (or a spectator's) view of the table after each change."""

    type: Literal[MessageType.VIEW]
    seq: int
    status: TableStatus
    view: dict[str, Any]  # the game's own view for this viewer
    to_act: list[int]
    legal: list[Legal]  # empty unless the viewer is to act
    result: Result | None
    draw_offer: int | None  # the seat that offered a draw
    takeback_offer: int | None  # the seat that asked to take its last move back
    clocks: Clocks | None
    presence: list[SeatPresence]
    claimable: bool  # the viewer may `claim` the win from an absent opponent
    ratings: list[dict[str, Any]] | None  # rating changes, once a rated game is rated


class _Event(BaseModel):
    # Stored events are sent as stored; an event written by an older release may carry a
    # field since dropped, so extra fields pass (the tests check a new game sends none).
    model_config = ConfigDict(extra="allow")
    seq: int
    seat: int | None
    at: str  # ISO 8601, UTC


class Created(_Event):
    kind: Literal[EventKind.CREATED]
    game: str
    players: int
    options: dict[str, Any]
    clock: dict[str, int] | None = None  # absent in tables of release 0.1
    on_timeout: Literal["lose", "bot"] | None = None
    absence: Absence | None = None
    rated: bool = False


class Joined(_Event):
    kind: Literal[EventKind.JOINED]
    name: str | None
    player: str | None = None  # the signed-in player who took the seat


class ActionTaken(_Event):
    kind: Literal[EventKind.ACTION]
    action: str | None  # None when hidden from this viewer (a secret simultaneous move)
    text: str | None
    hidden: bool


class ChatLine(_Event):
    kind: Literal[EventKind.CHAT]
    name: str
    text: str
    spectators: bool = False  # a spectator's line (seat null): sent to spectators only


class Finished(_Event):
    kind: Literal[EventKind.FINISHED]
    result: Result
    record: str


class RematchMade(_Event):
    kind: Literal[EventKind.REMATCH]
    table_id: str | None
    seats: dict[str, int]  # old seat -> seat at the new table
    seed: int | None = None  # the new table's seed (absent in older tables)


class Expired(_Event):
    kind: Literal[EventKind.EXPIRED]
    reason: str


class TimedOut(_Event):
    kind: Literal[EventKind.TIMEOUT]
    rule: Literal["lose", "bot"]


class Takeover(_Event):
    kind: Literal[EventKind.TAKEOVER]
    level: str
    for_good: bool  # the bot keeps the seat (after a timeout), or until the human is back


class TakebackOffered(_Event):
    kind: Literal[EventKind.TAKEBACK_OFFERED]
    plies: int  # the actions the request would undo: the seat's last and every one after it


class TakebackMade(_Event):
    kind: Literal[EventKind.TAKEBACK]
    plies: int  # the last actions undone


class Resumed(_Event):
    kind: Literal[EventKind.RESUMED]
    paused_from: float | str  # seconds since the epoch; ISO text in tables of release 0.2


class Vacation(_Event):
    kind: Literal[EventKind.VACATION]
    until: float  # seconds since the epoch: the seat's clock stands still until then
    days: int


class ConditionalMoves(_Event):
    """A seat's queued replies: sent to that seat alone, never to anyone else."""

    kind: Literal[EventKind.CONDITIONAL]
    lines: list[list[str]]  # actions in machine form, the others' and the seat's in turn


class Plain(_Event):
    """An event that is its kind, seat and time alone."""

    kind: Literal[
        EventKind.STARTED, EventKind.RESIGNED, EventKind.LEFT, EventKind.DRAW_OFFERED,
        EventKind.DRAW_ACCEPTED, EventKind.DRAW_DECLINED, EventKind.REMATCH_OFFERED,
        EventKind.RETURNED, EventKind.CLAIMED, EventKind.TAKEBACK_ACCEPTED,
        EventKind.TAKEBACK_DECLINED,
    ]  # fmt: skip


Event = Annotated[
    Created | Joined | ActionTaken | ConditionalMoves | ChatLine | Finished | RematchMade
    | Expired | TimedOut | Vacation
    | Takeover | Resumed | TakebackOffered | TakebackMade | Plain,
    Field(discriminator="kind"),
]  # fmt: skip


class Welcome(_Server):
    """The answer to `hello`; the events the client missed and a `view` follow."""

    type: Literal[MessageType.WELCOME]
    table: TableSummary
    seat: int | None  # None: watching
    role: Literal["player", "spectator"]
    seq: int
    older_chat: bool  # chat older than the lines sent exists (GET /api/tables/{id}/chat)


class EventMessage(_Server):
    type: Literal[MessageType.EVENT]
    event: Event


class PresenceMessage(_Server):
    type: Literal[MessageType.PRESENCE]
    presence: list[SeatPresence]


class ErrorMessage(_Server):
    type: Literal[MessageType.ERROR]
    code: ErrorCode
    message: str
    seq: int | None  # the table's seq when the error was answered


class Pong(_Server):
    type: Literal[MessageType.PONG]
    id: int | str | None


ServerMessage = Annotated[
    Welcome | EventMessage | View | PresenceMessage | ErrorMessage | Pong,
    Field(discriminator="type"),
]
SERVER: TypeAdapter[Welcome | EventMessage | View | PresenceMessage | ErrorMessage | Pong] = (
    TypeAdapter(ServerMessage)
)
# A server frame: one message, or the messages of one change (its events, then its view)
# as a JSON array, so a move costs one frame.
FRAME: TypeAdapter[Any] = TypeAdapter(ServerMessage | list[ServerMessage])


def schema() -> dict[str, Any]:
    """The published protocol: JSON Schemas of both directions and every error's status."""
    return {
        "client": CLIENT.json_schema(),
        "http_command": TypeAdapter(HttpCommand).json_schema(),
        "server": SERVER.json_schema(),
        "server_frame": FRAME.json_schema(),
        "table": TableSummary.model_json_schema(),
        "errors": {code.value: code.status for code in ErrorCode},
        "limits": {"name": MAX_NAME, "chat": MAX_CHAT, "action": MAX_ACTION, "key": MAX_KEY},
    }
