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
from regalia.protocol import ErrorCode
from regalia.server.schemas import ErrorOut
from regalia.tables.commands import refusal
from regalia.tables.errors import TableError

log = logging.getLogger("regalia.server")


# Every route may answer with these, in the one error shape (for the OpenAPI document).
ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorOut} for status in sorted({code.status for code in ErrorCode} | {405})
}


def language(headers: Mapping[str, str]) -> str:
    """The language a client reads: `X-Lang` when the page chose one, else Accept-Language."""
    return negotiate(headers.get("x-lang") or headers.get("accept-language"))


def error_body(code: ErrorCode, message: str) -> dict[str, dict[str, str]]:
    return {"error": {"code": code, "message": message}}


def error_response(
    code: ErrorCode, message: str, retry_after: float | None = None, lang: str = "en"
) -> JSONResponse:
    """The error in the documented shape, its message in `lang` when the catalogue has it."""
    message = translate(message, lang)
    headers = {}
    if retry_after is not None:
        headers["Retry-After"] = str(max(1, math.ceil(retry_after)))
    return JSONResponse(error_body(code, message), status_code=code.status, headers=headers)


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
        return error_response(
            ErrorCode.INTERNAL, "the server failed to answer; try again", None, lang
        )

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        if first.get("type") == "json_invalid":
            message = "the request body is not valid JSON"
            return error_response(ErrorCode.BAD_JSON, message, None, language(request.headers))
        lang = language(request.headers)
        if request.url.path.endswith("/commands") and first.get("loc", ("",))[0] == "body":
            # A command in the WebSocket's words (the same wire model); HTTP keeps its 422.
            body = exc.body if isinstance(exc.body, dict) else {}
            loc = tuple(p for p in first["loc"] if p != "body")
            said = refusal({**first, "loc": loc}, body)  # type: ignore[typeddict-item]
            return error_response(ErrorCode.INVALID, said.message, None, lang)
        message = f"{where or 'request'}: {first.get('msg', 'invalid')}"
        return error_response(ErrorCode.INVALID, message[:300], None, lang)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        codes = {404: ErrorCode.NOT_FOUND, 413: ErrorCode.TOO_LARGE}
        code = codes.get(exc.status_code, ErrorCode.BAD_MESSAGE)
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
