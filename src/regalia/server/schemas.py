"""Request and response bodies of the HTTP API (they make the OpenAPI document)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel

from regalia.protocol import SeatKind
from regalia.tables.names import MAX_NAME as MAX_PLAYER_NAME
from regalia.tables.seeks import BOT_AFTER_SECONDS

# The shapes also sent over the WebSocket are declared once, in regalia.wire.
from regalia.wire import ErrorBody as ErrorBody
from regalia.wire import ErrorOut as ErrorOut
from regalia.wire import Event, HttpCommand, Legal, Result, TableSummary

TableOut = TableSummary
ResultOut = Result
LegalOut = Legal

# Game options are short words and values: anything longer is refused by the schema.
OptionName = Annotated[str, Field(max_length=32)]
OptionText = Annotated[str, Field(max_length=64)]


class OptionOut(BaseModel):
    name: str
    help: str
    default: int | str | None
    choices: list[str]
    minimum: int | None
    maximum: int | None


class LevelOut(BaseModel):
    name: str
    title: str
    help: str
    rating: int | None = None  # the calibrated ladder's (regalia.ai.ratings)


class ClockPresetOut(BaseModel):
    label: str
    clock: dict[str, int]


class GameOut(BaseModel):
    """What a client needs to know about a game; every fact comes from the game itself."""

    name: str
    title: str
    summary: str
    description: str
    rules_url: str
    min_players: int
    max_players: int
    default_players: int
    perfect_information: bool
    resignation: bool
    draw_offers: bool
    takebacks: bool
    notation_hint: str
    seat_names: dict[str, list[str]]
    teams: dict[str, list[list[int]]]
    options: list[OptionOut]
    bot_levels: list[str]
    levels: list[LevelOut]
    default_level: str
    clock_presets: list[ClockPresetOut]
    on_timeout: Literal["lose", "bot"]
    days_per_move: list[int]  # turn-based presets: {"days_per_move": N}
    conditional_moves: bool  # a seat may queue replies (PUT /api/tables/{id}/conditional)
    absence: Literal["bot", "claim", "wait"]
    # Whether the game ships lessons (GET /api/lessons/{game}) and a physical table's
    # referee (POST /api/referee/{game}).
    lessons: bool
    referee: bool
    report: bool  # a finished table has a post-game report (GET /api/tables/{id}/report)
    puzzles: bool  # the game has puzzles (GET /api/puzzles/next?game=)
    puzzle_themes: dict[str, str]  # its own puzzle themes: {theme: English title}
    # OpenSpiel-like facts: who acts at once, how results sum, where randomness comes from.
    dynamics: Literal["sequential", "simultaneous"]
    utility: Literal["zero-sum", "general-sum"]
    chance: Literal["deterministic", "seeded"]


class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: SeatKind
    level: str | None = Field(default=None, max_length=32)


# {"initial_s": N, "increment_s": M} or {"per_move_s": N}; the service checks the shape.
ClockIn = dict[Annotated[str, Field(max_length=16)], int]


class AbsenceIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    grace_s: int = Field(default=60, ge=1, le=86_400)
    then: Literal["bot", "claim", "wait"] | None = None


class CreateIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=32)
    players: int | None = Field(default=None, ge=1, le=8)
    options: dict[OptionName, int | OptionText] = Field(default_factory=dict, max_length=8)
    seats: list[SeatIn] = Field(min_length=1, max_length=8)
    seed: int | None = Field(default=None, ge=0, le=2**53)  # exact in JavaScript numbers
    clock: ClockIn | None = Field(default=None, max_length=2)
    on_timeout: Literal["lose", "bot"] | None = None
    absence: AbsenceIn | None = None
    # Start from this position (the game's own text: R12's FEN, Regicide's position text)
    # instead of the deal; the game's rules check it (`Game.position_problems`).
    position: str | None = Field(default=None, min_length=1, max_length=2_000)
    rated: bool = False
    chat: bool = True  # false: no chat at this table


class SitIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, le=7)
    name: str = Field(default="", max_length=40)


class QuickPlayIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=32)
    players: int | None = Field(default=None, ge=1, le=8)
    clock: ClockIn | None = Field(default=None, max_length=2)
    name: str = Field(default="", max_length=40)
    # Seconds the client waits for people before it offers the seats to bots (0: bots now
    # when nobody is seeking); `leave`: the waiting table this seeker gives up (its token
    # in X-Seat-Token), which expires unless someone sat down there meanwhile.
    bot_after_s: int = Field(default=BOT_AFTER_SECONDS, ge=0, le=3600)
    leave: str | None = Field(default=None, max_length=32)


class SeekOut(BaseModel):
    game: str
    players: int
    clock: dict[str, Any] | None
    waiting_s: int


class OnlineOut(BaseModel):
    """Who is at the tables now: seats with a live connection, and the live seeks."""

    players_online: int
    seeks: list[SeekOut]


class TokenOut(BaseModel):
    seat: int
    token: str


class CreatedOut(BaseModel):
    table: TableOut
    tokens: list[TokenOut]
    spectate: str


class JoinIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(default="", max_length=40)


class JoinOut(BaseModel):
    seat: int
    table: TableOut
    # A join by player key alone: the seat's new token (the old one no longer opens it).
    token: str | None = None


class SeatTokenOut(BaseModel):
    """A seat just taken and its token, shown this once."""

    seat: int
    token: str
    table: TableOut
    bot_after_s: int | None = None  # quick play: when the client offers the seats to bots


class EventsOut(BaseModel):
    events: list[Event]
    seq: int
    more: bool


class ChatOut(BaseModel):
    chat: list[dict[str, Any]]


class CommandIn(RootModel[HttpCommand]):
    """A command (a WebSocket command but `join`: that has its own route)."""


class SeqOut(BaseModel):
    seq: int


class StepOut(BaseModel):
    ply: int
    seat: int | None
    action: str | None
    text: str | None
    view: dict[str, Any]


class ReplayOut(BaseModel):
    game: str
    players: int
    options: dict[str, Any]
    record: str
    result: ResultOut | None
    seat_names: list[str]
    steps: list[StepOut]


class ReplayIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    record: str = Field(min_length=1, max_length=200_000)  # long games take ~30 000
    game: str | None = Field(default=None, max_length=32)


class PlayerIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    # The schema publishes the service's own limit (`tables.names`); the service refuses a
    # name outside it, or with characters it does not take, as `bad_name` (400) in words.
    name: str = Field(
        max_length=4 * MAX_PLAYER_NAME,  # a backstop only
        json_schema_extra={"minLength": 1, "maxLength": MAX_PLAYER_NAME},
    )


class LoginIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=64)
    password: str = Field(max_length=200)


class PasswordIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    password: str = Field(max_length=200)
    old_password: str | None = Field(default=None, max_length=200)


class LogoutIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    everywhere: bool = False


class PlayerKeyOut(BaseModel):
    id: str
    name: str
    player_key: str


class LeaderRowOut(BaseModel):
    player: str
    name: str
    rating: int
    games: int
    provisional: bool
    bot: bool = False  # a machine: a built-in level or a BOT account
    level: str | None = None  # a bot's level (its game names its title); None for a person


class RecentGameOut(BaseModel):
    table: str
    game: str
    seat: int
    status: str
    rated: bool
    created_at: str
    outcome: str | None
    reason: str | None
    rating_change: dict[str, Any] | None
    replay: str | None


class ProfileOut(BaseModel):
    id: str
    name: str
    bot: bool
    has_password: bool | None = None  # only in your own profile
    email: dict[str, Any] | None = None  # only in your own: {address, verified}
    ratings: dict[str, LeaderRowOut]
    recent: list[RecentGameOut]


class LessonStepOut(BaseModel):
    instruction: str
    seat: int
    view: dict[str, Any]
    legal: list[LegalOut]


class LessonOut(BaseModel):
    key: str
    title: str
    summary: str
    steps: list[LessonStepOut]


class LessonTryIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    lesson: str = Field(max_length=64)
    step: int = Field(ge=0, le=100)
    action: str = Field(max_length=200)


class LessonTryOut(BaseModel):
    ok: bool
    legal: bool
    message: str
    view: dict[str, Any] | None


class RefereeIn(RootModel[dict[str, str | None]]):
    """A physical table in the referee's text forms: texts by field name, at most 20 of
    them. Which fields, and how long each may be, is the game's referee's to say
    (`regalia.core.referee.RefereeField`): the route checks them against its `FIELDS`."""

    root: dict[str, str | None] = Field(max_length=20)
