"""Lessons and referees: what a game ships to teach itself and to score a physical table.

Both come from the game's descriptor (`Game.lessons`, `Game.referee`); a game without them
answers 404. Lesson steps are checked here with the real rules, so the browser needs no
rules of its own: it sends a try, the server says whether it solves the step. A referee's
module declares `FIELDS`, the texts a request holds (`regalia.core.referee.RefereeField`:
the request must give exactly these, the required ones and none too long), and defines
`form()`: what its page offers to choose from (GET /api/referee/{game}); it may define
`SENTENCES`: the fields of its answers that hold sentences for players, which the server
gives in the client's language (the rest are names, numbers and notation).
"""

from __future__ import annotations

import asyncio
import functools
from typing import Any

from fastapi import APIRouter, Request
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from regalia.core.errors import RegaliaError
from regalia.core.game import Game
from regalia.core.lessons import Lesson, LessonStep, solves
from regalia.core.referee import RefereeField
from regalia.core.registry import get_game, load_ref
from regalia.i18n import translate
from regalia.protocol import ErrorCode
from regalia.server.errors import ERRORS, language
from regalia.server.schemas import LessonOut, LessonTryIn, LessonTryOut, RefereeIn
from regalia.tables.errors import TableError

router = APIRouter(prefix="/api", responses=ERRORS)


def _game(name: str) -> Game[Any]:
    try:
        return get_game(name)
    except RegaliaError:
        raise TableError(ErrorCode.UNKNOWN_GAME, "no such game") from None


def _hook(game: Game[Any], ref: str, what: str) -> Any:
    if not ref:
        # One whole sentence per hook: "{0} has no {1}" would match (and garble) any
        # sentence with "has no" in it.
        if what == "lessons":
            message = f"{game.title} has no lessons"
        else:
            message = f"{game.title} has no referee"
        raise TableError(ErrorCode.NOT_FOUND, message)
    return load_ref(ref)


def lessons_of(game: Game[Any]) -> tuple[Lesson, ...]:
    found: tuple[Lesson, ...] = _hook(game, game.lessons, "lessons")
    return found


def _step_json(game: Game[Any], step: LessonStep, lang: str) -> dict[str, Any]:
    state = step.state(game)
    seat = step.actor(state)
    legal = [{"action": state.encode(a), "text": state.describe(a)}
             for a in state.legal_actions(seat)]  # fmt: skip
    return {"instruction": translate(step.instruction, lang), "seat": seat,
            "view": state.view(seat), "legal": legal}  # fmt: skip


@router.get("/lessons/{game}", response_model=list[LessonOut])
async def lessons(game: str, request: Request) -> list[dict[str, Any]]:
    """A game's lessons: each step's instruction and start (its solutions stay here), in
    the client's language (X-Lang or Accept-Language)."""
    found, lang = _game(game), language(request.headers)
    return [
        {"key": lesson.key, "title": translate(lesson.title, lang),
         "summary": translate(lesson.summary, lang),
         "steps": [_step_json(found, step, lang) for step in lesson.steps]}
        for lesson in lessons_of(found)
    ]  # fmt: skip


@router.post("/lessons/{game}/try", response_model=LessonTryOut)
async def try_step(game: str, body: LessonTryIn, request: Request) -> dict[str, Any]:
    """Check a try at a lesson step with the real rules: solved, legal but wrong, or not
    legal at all (the engine's reason); the position after a legal try comes back."""
    found = _game(game)
    by_key = {lesson.key: lesson for lesson in lessons_of(found)}
    lesson = by_key.get(body.lesson)
    if lesson is None or not 0 <= body.step < len(lesson.steps):
        raise TableError(ErrorCode.NOT_FOUND, "no such lesson step")
    step = lesson.steps[body.step]
    state = step.state(found)
    seat, lang = step.actor(state), language(request.headers)
    try:
        action = state.parse(seat, body.action)
        after = state.apply(seat, action)
    except RegaliaError as exc:
        return {"ok": False, "legal": False, "message": translate(str(exc), lang), "view": None}
    ok = solves(step, state, action)
    message = translate(step.success if ok else step.wrong, lang)
    return {"ok": ok, "legal": True, "message": message, "view": after.view(seat)}


def _referee_module(game: Game[Any]) -> Any:
    _hook(game, game.referee, "referee")
    return load_ref(game.referee.rpartition(":")[0])


@functools.cache
def _fields_model(fields: tuple[RefereeField, ...]) -> type[BaseModel]:
    """The request a referee with `fields` takes: those texts and no other."""
    spec: dict[str, Any] = {
        f.name: (str, Field(max_length=f.max_length))
        if f.required
        else (str | None, Field(default=None, max_length=f.max_length))
        for f in fields
    }
    config = ConfigDict(extra="forbid")
    model: type[BaseModel] = create_model("RefereeFields", __config__=config, **spec)
    return model


def _read_fields(module: Any, given: dict[str, str | None]) -> dict[str, str]:
    """The request's texts checked against the referee's `FIELDS` (422 as for any body)."""
    model = _fields_model(tuple(getattr(module, "FIELDS", ())))
    try:
        checked: dict[str, str] = model.model_validate(given).model_dump(exclude_none=True)
    except ValidationError as exc:
        raise RequestValidationError(exc.errors()) from None
    return checked


def _in_language(answer: Any, fields: frozenset[str], lang: str) -> Any:
    """`answer` with the strings of `fields` (at any depth) translated into `lang`."""
    if isinstance(answer, dict):
        return {
            key: translate(value, lang)
            if key in fields and isinstance(value, str)
            else _in_language(value, fields, lang)
            for key, value in answer.items()
        }
    if isinstance(answer, list):
        return [_in_language(item, fields, lang) for item in answer]
    return answer


@router.post("/referee/{game}")
async def referee(game: str, body: RefereeIn, request: Request) -> Any:
    """Score a physical table from the referee's texts (the game's own forms), as the
    command line's referee does, its sentences in the client's language (X-Lang or
    Accept-Language); 422 with the reason for a bad input."""
    found = _game(game)
    judge = _hook(found, found.referee, "referee")
    module = _referee_module(found)
    given = _read_fields(module, body.root)
    fields = frozenset(getattr(module, "SENTENCES", ()))
    try:
        answer = await asyncio.to_thread(judge, given)
    except RegaliaError as exc:
        raise TableError(ErrorCode.BAD_NOTATION, str(exc)) from None
    return _in_language(answer, fields, language(request.headers))


@router.get("/referee/{game}")
async def referee_form(game: str, request: Request) -> Any:
    """What the game's referee page offers to choose from (Regicida: Houses, Objectives),
    in the client's language."""
    module = _referee_module(_game(game))
    fields = frozenset(getattr(module, "SENTENCES", ()))
    return _in_language(module.form(), fields, language(request.headers))
