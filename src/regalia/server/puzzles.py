"""Puzzles over HTTP (issue 30): the next puzzle for a player, the puzzle of the day, a try.

The solution never leaves the server before it is earned: a puzzle's answer names its
position and the board to draw; a try answers whether the moves so far were the solution's
and, while they are, the other side's reply; the whole line only once the puzzle is solved or
failed. A game whose puzzles ask a question (`PuzzleHook.answer` "choice": who holds a hidden
identity) sends the spectator's view and the answers to pick from; its stored position may
hold secrets, so what goes out is the hook's `shown` text, never the stored one. A
signed-in player's first try of each puzzle is rated (regalia.puzzles.rating), and puzzles
are chosen near their rating; a guest plays unrated puzzles near 1500.
"""

from __future__ import annotations

import hashlib
import random
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from regalia.core.errors import RegaliaError, quoted
from regalia.core.game import Game
from regalia.core.registry import available_games, get_game
from regalia.protocol import ErrorCode
from regalia.puzzles.follow import NotAMove, solver_moves
from regalia.puzzles.hook import hook_for
from regalia.puzzles.rating import START_MU
from regalia.puzzles.shipped import shipped_puzzles
from regalia.server.analysis import board_of
from regalia.server.errors import ERRORS
from regalia.server.players import PlayerKey, me, player_of
from regalia.tables.errors import TableError
from regalia.tables.puzzle_store import Puzzle, PuzzleStore, Standing
from regalia.tables.service import TableService

router = APIRouter(prefix="/api", responses=ERRORS)
MAX_MOVES = 8  # solver moves a try may send (puzzles have at most 3)
MAX_MOVE_TEXT = 40
NEAR = 12  # the next puzzle is drawn from this many nearest the player's rating
ID = Annotated[str, Field(max_length=16)]


class BoardOut(BaseModel):
    view: dict[str, Any]
    to_act: list[int]
    legal: list[dict[str, str]]  # {action, text}: what the page offers to play


class PuzzleOut(BaseModel):
    id: str
    game: str
    position: str
    to_move: int
    rating: int
    themes: list[str]
    plays: int
    solver_moves: int
    board: BoardOut
    answer: str  # "line": play the line on the board; "choice": pick one of board.legal
    question: str | None  # "choice": what is asked, in English (the page translates it)
    date: str | None = None  # the puzzle of the day's UTC day


class TryIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    moves: list[Annotated[str, Field(min_length=1, max_length=MAX_MOVE_TEXT)]] = Field(
        min_length=1, max_length=MAX_MOVES
    )


class TryOut(BaseModel):
    ok: bool  # every move sent was the solution's
    solved: bool  # ... and the last one ended it
    reply: str | None  # ok and not solved: the other side's answer to the last move
    board: BoardOut | None  # ok: the position to play on (or the final one)
    solution: list[str] | None  # the whole line, once solved or failed
    rating_change: int
    rating: int | None  # the player's puzzle rating after (None: a guest)
    streak: int | None


class StandingOut(BaseModel):
    rating: int
    streak: int
    best_streak: int
    solved: int
    failed: int


class MyPuzzlesOut(BaseModel):
    games: dict[str, StandingOut]


def _store(request: Request) -> PuzzleStore:
    found: PuzzleStore = request.app.state.puzzles
    return found


def _service(request: Request) -> TableService:
    found: TableService = request.app.state.service
    return found


def _game(name: str) -> Game[Any]:
    try:
        game = get_game(name)
    except RegaliaError:
        raise TableError(ErrorCode.UNKNOWN_GAME, f"unknown game {quoted(name)}") from None
    if not game.puzzles:
        raise TableError(ErrorCode.NO_PUZZLES, f"{game.title} has no puzzles")
    return game


def _board(state: Any, choices: list[tuple[str, str]] | None) -> dict[str, Any]:
    """The board to draw: the state's own moves, or the answers a question offers."""
    if choices is None:
        return board_of(state)
    legal = [{"action": action, "text": text} for action, text in choices]
    return {"view": state.view(None), "to_act": [], "legal": legal}


def _out(puzzle: Puzzle, date: str | None = None) -> dict[str, Any]:
    game = get_game(puzzle.game)
    hook = hook_for(game)
    shown = hook.shown(game, puzzle.position)
    return {
        "id": puzzle.id,
        "game": puzzle.game,
        "position": shown.position,
        "to_move": puzzle.to_move,
        "rating": puzzle.rating,
        "themes": puzzle.themes,
        "plays": puzzle.plays,
        "solver_moves": solver_moves(puzzle.moves),
        "board": _board(shown.state, shown.choices),
        "answer": hook.answer,
        "question": hook.question or None,
        "date": date,
    }


async def _puzzle(request: Request, puzzle_id: str) -> Puzzle:
    found = await _service(request).db.read(_store(request).get, puzzle_id)
    if found is None:
        raise TableError(ErrorCode.NOT_FOUND, f"no puzzle {quoted(puzzle_id)}")
    return found


def choose(
    candidates: list[tuple[str, float]], target: float, skip: set[str], rng: random.Random
) -> str | None:
    """One of the NEAR puzzles nearest `target` (μ) among those not in `skip`."""
    pool = sorted((abs(mu - target), pid) for pid, mu in candidates if pid not in skip)
    return rng.choice(pool[:NEAR])[1] if pool else None


@router.get("/puzzles/next", response_model=PuzzleOut)
async def next_puzzle(
    request: Request,
    game: Annotated[str, Query(max_length=32)],
    after: Annotated[str | None, Query(max_length=16)] = None,
    x_player_key: PlayerKey = None,
) -> dict[str, Any]:
    """A puzzle of `game` near the player's puzzle rating that they have not tried."""
    found_game = _game(game)
    store, db = _store(request), _service(request).db
    player = await player_of(request, x_player_key)
    candidates = await db.read(store.ratings, found_game.name)
    target, tried = START_MU, set()
    if player is not None:
        target = (await db.read(store.standing, player.id, found_game.name)).mu
        tried = await db.read(store.tried, player.id, found_game.name)
    skip = {after} if after else set()
    # Every puzzle tried: repeats (unrated) rather than nothing.
    chosen = choose(candidates, target, tried | skip, random.Random()) or choose(
        candidates, target, skip, random.Random()
    )
    if chosen is None:
        raise TableError(ErrorCode.NO_PUZZLES, f"{found_game.title} has no puzzles yet")
    return _out(await _puzzle(request, chosen))


@router.get("/puzzles/daily", response_model=PuzzleOut)
async def daily_puzzle(
    request: Request, game: Annotated[str, Query(max_length=32)]
) -> dict[str, Any]:
    """The same puzzle for everyone all day (UTC)."""
    found_game = _game(game)
    day = datetime.fromtimestamp(_service(request).clock.now(), UTC).date().isoformat()
    candidates = await _service(request).db.read(_store(request).ratings, found_game.name)
    if not candidates:
        raise TableError(ErrorCode.NO_PUZZLES, f"{found_game.title} has no puzzles yet")
    digest = hashlib.sha256(f"{found_game.name}:{day}".encode()).digest()
    chosen = candidates[int.from_bytes(digest[:8], "big") % len(candidates)][0]
    return _out(await _puzzle(request, chosen), day)


@router.get("/puzzles/{puzzle_id}", response_model=PuzzleOut)
async def one_puzzle(puzzle_id: ID, request: Request) -> dict[str, Any]:
    return _out(await _puzzle(request, puzzle_id))


@router.post("/puzzles/{puzzle_id}/try", response_model=TryOut)
async def try_puzzle(
    puzzle_id: ID, body: TryIn, request: Request, x_player_key: PlayerKey = None
) -> dict[str, Any]:
    """The solver's moves so far: right so far (and the reply), solved, or failed."""
    puzzle = await _puzzle(request, puzzle_id)
    player = await player_of(request, x_player_key)
    try:
        game = get_game(puzzle.game)
        step = hook_for(game).follow(game, puzzle.position, puzzle.moves, body.moves)
    except NotAMove as exc:
        raise TableError(ErrorCode.ILLEGAL, str(exc)) from None
    ended = step.solved or not step.ok
    change, standing = 0, None
    if player is not None:
        svc = _service(request)
        if ended:
            now = svc.clock.now()
            store = _store(request)
            rated = await svc.db.write(
                lambda: store.record(player.id, puzzle.id, step.solved, now), "puzzle try"
            )
            change, standing = rated.change, rated.standing
        else:
            standing = await svc.db.read(_store(request).standing, player.id, puzzle.game)
    return {
        "ok": step.ok,
        "solved": step.solved,
        "reply": step.reply,
        "board": board_of(step.state) if step.state is not None else None,
        "solution": puzzle.moves if ended else None,
        "rating_change": change,
        "rating": standing.rating if standing else None,
        "streak": standing.streak if standing else None,
    }


def _standing_out(standing: Standing) -> dict[str, int]:
    return {"rating": standing.rating, "streak": standing.streak,
            "best_streak": standing.best_streak, "solved": standing.solved,
            "failed": standing.failed}  # fmt: skip


@router.get("/players/me/puzzles", response_model=MyPuzzlesOut)
async def my_puzzles(request: Request, x_player_key: PlayerKey = None) -> dict[str, Any]:
    """The player's puzzle rating, streak and counts in each game they have tried."""
    player = await me(request, x_player_key)
    found = await _service(request).db.read(_store(request).standings, player.id)
    return {"games": {game: _standing_out(s) for game, s in sorted(found.items())}}


async def install(app: FastAPI, service: TableService) -> None:
    """The puzzle store, with every game's shipped set added to what the database holds."""
    store = PuzzleStore(service.db.store)
    app.state.puzzles = store
    shipped = [p for game in available_games() for p in shipped_puzzles(game)]
    if shipped:
        await service.db.write(lambda: store.load(shipped), "shipped puzzles")


__all__ = ["choose", "install", "router"]
