"""Refuse an oversized request body before reading it, with the API's own error shape."""

from __future__ import annotations

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from regalia.server.errors import error_body


class BodyLimit:
    """Declared bodies over `limit` bytes get 413 `too_large`; FastAPI's own limit stays
    the backstop for bodies sent without a length."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            for key, value in scope["headers"]:
                if key == b"content-length" and value.isdigit() and int(value) > self.limit:
                    message = f"a request body may be at most {self.limit} bytes"
                    response = JSONResponse(error_body("too_large", message), status_code=413)
                    await response(scope, receive, send)
                    return
        await self.app(scope, receive, send)
