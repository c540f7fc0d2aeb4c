"""Every error leaves the server as `{"error": {"code", "message"}}` with a fitting status."""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from regalia.i18n import negotiate, translate
from regalia.server.schemas import ErrorOut
from regalia.tables.errors import TableError

log = logging.getLogger("regalia.server")

STATUS = {
    "bad_json": 400,
    "bad_message": 400,
    "bad_options": 400,
    "too_large": 413,
    "unknown_table": 404,
    "unknown_game": 404,
    "not_found": 404,
    "bad_token": 401,
    "not_seated": 401,
    "not_started": 409,
    "not_finished": 409,
    "finished": 409,
    "not_your_turn": 409,
    "stale": 409,
    "no_draw_offer": 409,
    "draws_not_allowed": 409,
    "illegal": 422,
    "bad_notation": 422,
    "bad_record": 422,
    "invalid": 422,
    "resign_not_allowed": 409,
    "seat_taken": 409,
    "bad_name": 400,
    "bad_password": 400,
    "name_taken": 409,
    "bad_login": 401,
    "bad_player_key": 401,
    "player_required": 401,
    "already_seated": 409,
    "unknown_player": 404,
    "not_claimable": 409,
    "timed_out": 409,
    "rate_limited": 429,
    "too_many_tables": 429,
    "timeout": 408,
    "unavailable": 503,
    "busy": 503,
    "storage_error": 500,
    "internal": 500,
}


# Every route may answer with these, in the one error shape (for the OpenAPI document).
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut} for code in sorted(set(STATUS.values()) | {405})
}


def language(headers: Mapping[str, str]) -> str:
    """The language a client reads: `X-Lang` when the page chose one, else Accept-Language."""
    return negotiate(headers.get("x-lang") or headers.get("accept-language"))


def error_body(code: str, message: str) -> dict[str, dict[str, str]]:
    return {"error": {"code": code, "message": message}}


def error_response(
    code: str, message: str, retry_after: float | None = None, lang: str = "en"
) -> JSONResponse:
    """The error in the documented shape, its message in `lang` when the catalogue has it."""
    message = translate(message, lang)
    headers = {}
    if retry_after is not None:
        headers["Retry-After"] = str(max(1, math.ceil(retry_after)))
    return JSONResponse(
        error_body(code, message), status_code=STATUS.get(code, 400), headers=headers
    )


def install(app: FastAPI) -> None:
    @app.exception_handler(TableError)
    async def table_error(request: Request, exc: TableError) -> JSONResponse:
        return error_response(exc.code, exc.message, exc.retry_after, language(request.headers))

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        # A bug, not the client's doing: still the documented shape. The server logs it.
        first = str(exc).splitlines()[0][:200] if str(exc) else ""
        log.error("%s %s failed: %s: %s", request.method, request.url.path,
                  type(exc).__name__, first)  # fmt: skip
        lang = language(request.headers)
        return error_response("internal", "the server failed to answer; try again", None, lang)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        if first.get("type") == "json_invalid":
            message = "the request body is not valid JSON"
            return error_response("bad_json", message, None, language(request.headers))
        message = f"{where or 'request'}: {first.get('msg', 'invalid')}"
        return error_response("invalid", message[:300])

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        codes = {404: "not_found", 413: "too_large"}
        code = codes.get(exc.status_code, "bad_message")
        headers = dict(exc.headers or {})
        if exc.status_code == 405:
            headers["Allow"] = ", ".join(sorted(_allowed(request)))
        return JSONResponse(
            error_body(code, str(exc.detail)), status_code=exc.status_code, headers=headers
        )


def _allowed(request: Request) -> set[str]:
    """Every method the API documents at this path (Starlette names only one route's)."""
    methods: set[str] = set()
    for template, operations in request.app.openapi().get("paths", {}).items():
        pattern = re.sub(r"\\{[^}/]+\\}", "[^/]+", re.escape(template))
        if re.fullmatch(pattern, request.url.path):
            methods |= {m.upper() for m in operations}
    return methods
