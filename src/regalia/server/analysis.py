"""The analysis board's API: a game's strongest engine on a position, or on a whole game.

Which games can be analysed comes from their descriptors (`regalia.ai.analysis`: a game with
an alpha-beta bot level); a game without one gets `no_analysis`. The engine runs in the bot
workers (`BotPool.analyse`), in the same fair queue as the tables' bots and under the same
time cap (`REGALIA_BOT_SECONDS`), never on more workers than leaves one for the tables.
Each address may ask `analysis_burst` analyses at once, then `analysis_per_second`, with at
most `analysis_running` of its own waiting or running at any time; all addresses together
at most `analysis_queue` (beyond it: 503 `busy`). The next free worker goes to the address
that has used the least worker time lately. While an analysis waits, the request keeps its
record and a few words about it, never the game's states; and when its client hangs up, the
analysis is dropped from the queue, or stopped on its worker if it already runs.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated, Any, Literal, TypeVar

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.types import Receive, Scope, Send

from regalia.ai import analysis
from regalia.core.errors import BadRecord, RegaliaError
from regalia.core.game import Game, State
from regalia.core.registry import available_games, game_ref, get_game
from regalia.protocol import ErrorCode
from regalia.server.config import limits_from_env
from regalia.server.errors import ERRORS
from regalia.server.limits import client_of
from regalia.tables.bots import AnalysisJob, BotPool
from regalia.tables.errors import TableError
from regalia.tables.ratelimit import RateLimiter
from regalia.wire import MAX_ACTION, ErrorBody, Legal, Result

router = APIRouter(prefix="/api", responses=ERRORS)

MAX_RECORD = 200_000  # characters, as for uploaded records
MAX_POSITION = 2_000
MAX_MOVES = 200
GRACE = 1.0  # seconds beyond the thinking time before a worker is given up
BUSY_RETRY = 5.0  # seconds a refused analysis is told to wait when the queue is full
T = TypeVar("T")


@dataclass(frozen=True)
class AnalysisLimits:
    """Per client address; each has a `REGALIA_<NAME>` variable."""

    analysis_burst: int = 12
    analysis_per_second: float = 1.0
    analysis_running: int = 2
    # Analyses waiting or running at once, all addresses together (a whole game is one).
    analysis_queue: int = 32
    # The most plies a whole-game analysis covers, and its default time per ply.
    analysis_plies: int = 600
    analysis_ply_seconds: float = 0.3
    # The default time for one position.
    analysis_seconds: float = 1.0


Move = Annotated[str, Field(min_length=1, max_length=MAX_ACTION)]


class AnalysisIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(min_length=1, max_length=32)
    record: str | None = Field(default=None, min_length=1, max_length=MAX_RECORD)
    position: str | None = Field(default=None, min_length=1, max_length=MAX_POSITION)
    ply: int | None = Field(default=None, ge=0, le=100_000)
    moves: list[Move] = Field(default_factory=list, max_length=MAX_MOVES)
    seconds: float | None = Field(default=None, gt=0, le=600)


class GameAnalysisIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(min_length=1, max_length=32)
    record: str = Field(min_length=1, max_length=MAX_RECORD)
    seconds: float | None = Field(default=None, gt=0, le=600)


class EvaluationOut(BaseModel):
    cp: int | None  # centipawns from the side to move's point of view
    mate: int | None  # moves to mate (negative: being mated)


class EndgameOut(BaseModel):
    """The game's exact endgame knowledge (tablebases) for the side to move."""

    result: Literal["win", "loss", "draw"]
    moves: int | None  # the winner's moves to the end ("mate in 17"); None for a draw
    plies: int | None
    clock: bool  # a draw only because the 100-ply clock runs out first


class _Engine(BaseModel):
    """What the engine says of one position."""

    to_act: list[int]
    over: bool
    result: Result | None
    evaluation: EvaluationOut | None  # None: the game is over there
    score: int  # from the first team's side, mates at ±MATE_CP
    best_line: list[str]
    depth: int
    nodes: int
    seconds: float
    endgame: EndgameOut | None = None  # where the game knows the exact result


class AnalysisOut(_Engine):
    game: str
    ply: int
    plies: int
    moves: list[str]
    seconds_asked: float
    view: dict[str, Any]
    legal: list[Legal]


class GameHeadOut(BaseModel):
    """The first line of a whole-game analysis."""

    total: int  # plies
    seconds: float  # per ply
    moves: list[str]
    movers: list[int | None]
    first_team: list[int]


class GamePlyOut(_Engine):
    """One line per position, ply 0 (the start) to the last."""

    ply: int
    mover: int | None  # who played the move that led here
    move: str


class MistakeOut(BaseModel):
    ply: int
    seat: int | None
    drop: float
    kind: str
    move: str


class GameDoneOut(BaseModel):
    """The last line."""

    done: Literal[True]
    mistakes: list[MistakeOut]


class GameErrorOut(BaseModel):
    """Instead of the next ply's line when the engine cannot go on; the stream ends."""

    error: ErrorBody


GameLine = GameHeadOut | GamePlyOut | GameDoneOut | GameErrorOut
NDJSON_LINES: dict[int | str, dict[str, Any]] = {
    200: {
        "model": GameLine,
        "description": "One JSON object a line: a `GameHeadOut`, then a `GamePlyOut` per ply, "
        "then a `GameDoneOut`; a `GameErrorOut` instead ends it early.",
    }
}


class _State:
    """What the router keeps per application: its limits and who is analysing."""

    def __init__(self) -> None:
        self.limits = limits_from_env(AnalysisLimits(), os.environ)
        self.rate = RateLimiter(
            self.limits.analysis_burst, self.limits.analysis_per_second, what="analysis"
        )
        self.running: dict[str, int] = {}  # by address: analyses waiting or running
        self.admitted = 0  # all addresses together


def _state(request: Request) -> _State:
    found = getattr(request.app.state, "analysis", None)
    if found is None:
        found = request.app.state.analysis = _State()
    return found


def _pool(request: Request) -> tuple[BotPool, float]:
    state = request.app.state
    return state.bots, float(state.bot_seconds)


def _game(name: str) -> Game[Any]:
    try:
        game = get_game(name)
    except RegaliaError:
        raise TableError(ErrorCode.UNKNOWN_GAME, f"no such game: {name[:40]}") from None
    try:
        analysis.level_for(game)
    except analysis.NoAnalysis as exc:
        raise TableError(ErrorCode.NO_ANALYSIS, str(exc)) from None
    return game


class _Admission:
    """One analysis counted for its address and in the global queue until `release()`."""

    def __init__(self, state: _State, client: str) -> None:
        self.state, self.client = state, client
        state.running[client] = state.running.get(client, 0) + 1
        state.admitted += 1
        self._held = True

    def release(self) -> None:
        if not self._held:
            return
        self._held = False
        self.state.admitted -= 1
        left = self.state.running.get(self.client, 1) - 1
        if left > 0:
            self.state.running[self.client] = left
        else:
            self.state.running.pop(self.client, None)


def _admit(request: Request) -> _Admission:
    """Count one analysis for the caller's address, or refuse it (429, or 503 when the
    queue of all addresses is full)."""
    state = _state(request)
    client = client_of(request.scope)
    if state.running.get(client, 0) >= state.limits.analysis_running:
        raise TableError(
            ErrorCode.RATE_LIMITED,
            "your address already has its analyses running; wait for them",
            1.0,
        )
    if state.admitted >= state.limits.analysis_queue:
        raise TableError(
            ErrorCode.BUSY,
            f"the engine has too many analyses waiting; try again in {BUSY_RETRY:.0f} s",
            BUSY_RETRY,
        )
    wait = state.rate.take(client)
    if wait:
        raise TableError(
            ErrorCode.RATE_LIMITED,
            f"too many analyses from your address; try again in {wait:.0f} s",
            wait,
        )
    return _Admission(state, client)


def _states(game: Game[Any], body: AnalysisIn | GameAnalysisIn) -> list[State[Any]]:
    position = body.position if isinstance(body, AnalysisIn) else None
    if body.record is not None and position is not None:
        raise TableError(ErrorCode.INVALID, "give a record or a position, not both")
    try:
        return analysis.states(game, body.record, position)
    except BadRecord as exc:
        raise TableError(ErrorCode.BAD_RECORD, str(exc)) from None
    except RegaliaError as exc:
        raise TableError(ErrorCode.BAD_NOTATION, f"position: {exc}") from None


def _explore(state: State[Any], moves: list[str]) -> State[Any]:
    for number, text in enumerate(moves, start=1):
        acting = sorted(state.to_act())
        if not acting:
            raise TableError(ErrorCode.ILLEGAL, f"move {number} ({text[:40]}): the game is over")
        try:
            state = state.apply(acting[0], state.parse(acting[0], text))
        except RegaliaError as exc:
            # Not "move {0} ({1}): {2}": a template that short would match other sentences.
            message = f"move {number} ({text[:40]}) cannot be played: {exc}"
            raise TableError(ErrorCode.ILLEGAL, message) from None
    return state


def board_of(state: State[Any]) -> dict[str, Any]:
    """What the page draws: the public view and the legal moves of the seat to act."""
    acting = sorted(state.to_act())
    legal = state.legal_actions(acting[0]) if acting else []
    return {
        "view": state.view(None),
        "to_act": acting,
        "legal": [{"action": state.encode(a), "text": state.describe(a)} for a in legal],
    }


async def _think(request: Request, job: AnalysisJob, client: str, seconds: float) -> dict[str, Any]:
    pool, _ = _pool(request)
    answer, why = await pool.analyse(job, owner=f"analysis:{client}", cost=seconds)
    if answer is None:
        raise TableError(ErrorCode.BUSY, f"the engine could not finish this analysis ({why[:120]})")
    return answer


class ClientGone(Exception):
    """The client hung up while its answer was being worked out."""


async def _unless_gone(receive: Receive, work: Awaitable[T]) -> T:
    """`work`'s result; cancelled (and ClientGone) as soon as the client disconnects. The
    request's body has been read: what `receive` gives next is the disconnect."""

    async def gone() -> None:
        while (await receive())["type"] != "http.disconnect":
            pass

    task = asyncio.ensure_future(work)
    watch = asyncio.ensure_future(gone())
    try:
        await asyncio.wait({task, watch}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        watch.cancel()
        if not task.done():
            task.cancel()
    if not task.done() or task.cancelled():
        await asyncio.gather(task, return_exceptions=True)  # let its cancellation finish
        raise ClientGone
    return task.result()


@router.get("/analysis")
async def analysable(request: Request) -> dict[str, Any]:
    """The games that can be analysed, and the time limits."""
    _, cap = _pool(request)
    limits = _state(request).limits
    games = []
    for game in available_games():
        try:
            level = await asyncio.to_thread(analysis.level_for, game)
        except analysis.NoAnalysis:
            continue
        games.append({"game": game.name, "title": game.title, "level": level})
    return {
        "games": games,
        "max_seconds": cap,
        "seconds": min(cap, limits.analysis_seconds),
        "ply_seconds": min(cap, limits.analysis_ply_seconds),
        "max_plies": limits.analysis_plies,
    }


def _position(game: Game[Any], body: AnalysisIn) -> tuple[int, int, dict[str, Any]]:
    """(ply, plies, board) of the position asked for: all the request keeps while waiting."""
    found = _states(game, body)
    ply = len(found) - 1 if body.ply is None else body.ply
    if ply >= len(found):
        raise TableError(ErrorCode.INVALID, f"ply {ply}: the game has plies 0..{len(found) - 1}")
    return ply, len(found) - 1, board_of(_explore(found[ply], body.moves))


@router.post("/analysis", response_model=AnalysisOut)
async def analyse_position(body: AnalysisIn, request: Request) -> dict[str, Any]:
    """One position: the record's after `ply` actions (default: the last), or the position
    text's, then `moves` played on. The evaluation, the best line, the depth, and what the
    page needs to draw it (view, legal moves)."""
    game = _game(body.game)
    if body.record is None and body.position is None and not body.moves and body.ply:
        raise TableError(ErrorCode.INVALID, "ply needs a record")
    admission = _admit(request)
    _, cap = _pool(request)
    seconds = min(cap, body.seconds or admission.state.limits.analysis_seconds)

    async def work() -> tuple[int, int, dict[str, Any], dict[str, Any]]:
        ply, plies, board = await asyncio.to_thread(_position, game, body)
        job = AnalysisJob(
            game_ref(game), body.record, body.position, tuple(body.moves), ply, seconds
        )
        return ply, plies, board, await _think(request, job, admission.client, seconds)

    try:
        ply, plies, board, answer = await _unless_gone(request.receive, work())
    except ClientGone:
        raise TableError(ErrorCode.BUSY, "the analysis was stopped: its client left") from None
    finally:
        admission.release()
    return {
        "game": game.name,
        "ply": ply,
        "plies": plies,
        "moves": body.moves,
        "seconds_asked": seconds,
        **answer,
        **board,
    }


class _Lines(StreamingResponse):
    """NDJSON lines; the analysis is released when the stream ends, however it ends."""

    media_type = "application/x-ndjson"

    def __init__(self, content: AsyncIterator[bytes], release: Callable[[], None]) -> None:
        super().__init__(content)
        self._release = release

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self._release()


def _game_facts(
    game: Game[Any], body: GameAnalysisIn, most: int
) -> tuple[int, list[Any], list[str], list[int]]:
    """(plies, movers, move texts, first team) of a record: all the stream keeps of it."""
    found = _states(game, body)
    if len(found) - 1 > most:
        raise TableError(
            ErrorCode.TOO_LARGE,
            f"a whole-game analysis covers at most {most} plies "
            f"(this game has {len(found) - 1}); analyse its positions one by one",
        )
    history = found[-1].history() or []
    movers: list[int | None] = [None, *(seat for seat, _ in history)]
    texts = [""] + [
        found[i].describe(action) for i, (_, action) in enumerate(history) if i < len(found)
    ]
    return len(found) - 1, movers, texts, sorted(analysis.first_team(found[0]))


@router.post("/analysis/game", status_code=200, response_class=_Lines, responses=NDJSON_LINES)
async def analyse_game(body: GameAnalysisIn, request: Request) -> _Lines:
    """Every position of a game's record, one JSON line each as the engine finishes it
    (`application/x-ndjson`): first `{total, seconds, moves}`, then per ply `{ply,
    evaluation, score, best_line, depth, …}`, then `{done: true, mistakes}`."""
    game = _game(body.game)
    admission = _admit(request)
    limits = admission.state.limits
    try:
        facts = asyncio.to_thread(_game_facts, game, body, limits.analysis_plies)
        plies, movers, texts, team = await _unless_gone(request.receive, facts)
    except BaseException as exc:
        admission.release()
        if isinstance(exc, ClientGone):
            message = "the analysis was stopped: its client left"
            raise TableError(ErrorCode.BUSY, message) from None
        raise
    _, cap = _pool(request)
    seconds = min(cap, body.seconds or limits.analysis_ply_seconds)

    async def lines() -> AsyncIterator[bytes]:
        scores: list[int] = []
        head = {"total": plies, "seconds": seconds, "moves": texts[1:], "movers": movers[1:],
                "first_team": team}  # fmt: skip
        yield _line(head)
        for ply in range(plies + 1):
            job = AnalysisJob(game_ref(game), body.record, None, (), ply, seconds)
            try:
                answer = await _think(request, job, admission.client, seconds)
            except TableError as exc:
                yield _line({"error": {"code": exc.code, "message": exc.message}})
                return
            scores.append(int(answer["score"]))
            yield _line({"ply": ply, "mover": movers[ply], "move": texts[ply], **answer})
        mistakes = analysis.judge_moves(scores, movers, frozenset(team))
        for item in mistakes:
            item["move"] = texts[item["ply"]]
        yield _line({"done": True, "mistakes": mistakes})

    return _Lines(lines(), admission.release)


def document_lines(openapi: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI document as FastAPI makes it but for the whole-game route's answers:
    FastAPI calls a response that is not JSON a string (these lines are objects), and files
    its refusals under the route's media type (they are JSON)."""
    responses = openapi["paths"]["/api/analysis/game"]["post"]["responses"]
    for status, response in responses.items():
        content = response.get("content", {})
        if status == "200":
            content["application/x-ndjson"]["schema"].pop("type", None)
        elif "application/x-ndjson" in content:
            content["application/json"] = content.pop("application/x-ndjson")
    return openapi


def _line(item: dict[str, Any]) -> bytes:
    return (json.dumps(item, separators=(",", ":")) + "\n").encode()
