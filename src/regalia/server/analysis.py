"""The analysis board's API: a game's strongest engine on a position, or on a whole game.

Which games can be analysed comes from their descriptors (`regalia.ai.analysis`: a game with
an alpha-beta bot level); a game without one gets `no_analysis`. The engine runs in the bot
workers (`BotPool.analyse`), in the same fair queue as the tables' bots and under the same
time cap (`REGALIA_BOT_SECONDS`), never on more workers than leaves one for the tables.
Each address may ask `analysis_burst` analyses at once, then `analysis_per_second`, with at
most `analysis_running` of its own running at any time.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, Field

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

router = APIRouter(prefix="/api", responses=ERRORS)

MAX_RECORD = 200_000  # characters, as for uploaded records
MAX_POSITION = 2_000
MAX_MOVES = 200
GRACE = 1.0  # seconds beyond the thinking time before a worker is given up


@dataclass(frozen=True)
class AnalysisLimits:
    """Per client address; each has a `REGALIA_<NAME>` variable."""

    analysis_burst: int = 12
    analysis_per_second: float = 1.0
    analysis_running: int = 2
    # The most plies a whole-game analysis covers, and its default time per ply.
    analysis_plies: int = 600
    analysis_ply_seconds: float = 0.3
    # The default time for one position.
    analysis_seconds: float = 1.0


class AnalysisIn(BaseModel):
    game: str = Field(max_length=64)
    record: str | None = Field(default=None, max_length=MAX_RECORD)
    position: str | None = Field(default=None, max_length=MAX_POSITION)
    ply: int | None = Field(default=None, ge=0)
    moves: list[str] = Field(default_factory=list, max_length=MAX_MOVES)
    seconds: float | None = Field(default=None, gt=0, le=600)


class GameAnalysisIn(BaseModel):
    game: str = Field(max_length=64)
    record: str = Field(max_length=MAX_RECORD)
    seconds: float | None = Field(default=None, gt=0, le=600)


class _State:
    """What the router keeps per application: its limits and who is analysing."""

    def __init__(self) -> None:
        self.limits = limits_from_env(AnalysisLimits(), os.environ)
        self.rate = RateLimiter(
            self.limits.analysis_burst, self.limits.analysis_per_second, what="analysis"
        )
        self.running: dict[str, int] = {}


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


def _admit(request: Request) -> tuple[_State, str]:
    """Count one analysis for the caller's address, or refuse it (429)."""
    state = _state(request)
    client = client_of(request.scope)
    wait = state.rate.take(client)
    if wait:
        raise TableError(
            ErrorCode.RATE_LIMITED,
            f"too many analyses from your address; try again in {wait:.0f} s",
            wait,
        )
    if state.running.get(client, 0) >= state.limits.analysis_running:
        raise TableError(
            ErrorCode.RATE_LIMITED,
            "your address already has its analyses running; wait for them",
            1.0,
        )
    return state, client


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


def _board(state: State[Any]) -> dict[str, Any]:
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


@router.post("/analysis")
async def analyse_position(body: AnalysisIn, request: Request) -> dict[str, Any]:
    """One position: the record's after `ply` actions (default: the last), or the position
    text's, then `moves` played on. The evaluation, the best line, the depth, and what the
    page needs to draw it (view, legal moves)."""
    game = _game(body.game)
    if body.record is None and body.position is None and not body.moves and body.ply:
        raise TableError(ErrorCode.INVALID, "ply needs a record")
    state_, client = _admit(request)
    state_.running[client] = state_.running.get(client, 0) + 1
    try:
        found = await asyncio.to_thread(_states, game, body)
        ply = len(found) - 1 if body.ply is None else body.ply
        if ply >= len(found):
            raise TableError(
                ErrorCode.INVALID, f"ply {ply}: the game has plies 0..{len(found) - 1}"
            )
        state = await asyncio.to_thread(_explore, found[ply], body.moves)
        _, cap = _pool(request)
        seconds = min(cap, body.seconds or state_.limits.analysis_seconds)
        job = AnalysisJob(
            game_ref(game), body.record, body.position, tuple(body.moves), ply, seconds
        )
        answer = await _think(request, job, client, seconds)
    finally:
        _release(state_, client)
    return {
        "game": game.name,
        "ply": ply,
        "plies": len(found) - 1,
        "moves": body.moves,
        "seconds_asked": seconds,
        **answer,
        **_board(state),
    }


def _release(state: _State, client: str) -> None:
    left = state.running.get(client, 1) - 1
    if left > 0:
        state.running[client] = left
    else:
        state.running.pop(client, None)


@router.post("/analysis/game")
async def analyse_game(body: GameAnalysisIn, request: Request) -> StreamingResponse:
    """Every position of a game's record, one JSON line each as the engine finishes it
    (`application/x-ndjson`): first `{total, seconds, moves}`, then per ply `{ply,
    evaluation, score, best_line, depth, …}`, then `{done: true, mistakes}`."""
    game = _game(body.game)
    state_, client = _admit(request)
    found = await asyncio.to_thread(_states, game, body)
    limits = state_.limits
    if len(found) - 1 > limits.analysis_plies:
        raise TableError(
            ErrorCode.TOO_LARGE,
            f"a whole-game analysis covers at most {limits.analysis_plies} plies "
            f"(this game has {len(found) - 1}); analyse its positions one by one",
        )
    _, cap = _pool(request)
    seconds = min(cap, body.seconds or limits.analysis_ply_seconds)
    history = found[-1].history() or []
    movers: list[int | None] = [None, *(seat for seat, _ in history)]
    texts = [""] + [
        found[i].describe(action) for i, (_, action) in enumerate(history) if i < len(found)
    ]
    team = analysis.first_team(found[0])
    state_.running[client] = state_.running.get(client, 0) + 1

    async def lines() -> AsyncIterator[bytes]:
        scores: list[int] = []
        try:
            head = {"total": len(found) - 1, "seconds": seconds, "moves": texts[1:],
                    "movers": movers[1:], "first_team": sorted(team)}  # fmt: skip
            yield _line(head)
            for ply in range(len(found)):
                job = AnalysisJob(game_ref(game), body.record, None, (), ply, seconds)
                try:
                    answer = await _think(request, job, client, seconds)
                except TableError as exc:
                    yield _line({"error": {"code": exc.code, "message": exc.message}})
                    return
                scores.append(int(answer["score"]))
                yield _line({"ply": ply, "mover": movers[ply], "move": texts[ply], **answer})
            mistakes = analysis.judge_moves(scores, movers, team)
            for item in mistakes:
                item["move"] = texts[item["ply"]]
            yield _line({"done": True, "mistakes": mistakes})
        finally:
            _release(state_, client)

    return StreamingResponse(lines(), media_type="application/x-ndjson")


def _line(item: dict[str, Any]) -> bytes:
    return (json.dumps(item, separators=(",", ":")) + "\n").encode()
