"""The one error type of the tables layer: a machine code and a message a player can act on.

Storage failures become TableErrors too (`storage_errors`), so the API and the WebSocket
answer them like any other error instead of dropping the connection.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy.exc import DBAPIError, DisconnectionError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from regalia.protocol import ErrorCode

log = logging.getLogger("regalia.tables")
# How long a client should wait before trying again after a transient storage failure.
RETRY_SECONDS = 1.0
# The longest the server's own retries (a bot's move, a catch-up) wait between two tries of
# a failing store, so play goes on within seconds of the store coming back.
LAST_RETRY_SECONDS = 2.0
# PostgreSQL's SQLSTATE for "disk full".
_PG_DISK_FULL = "53100"


class TableError(Exception):
    def __init__(self, code: ErrorCode, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.retry_after = retry_after


def unavailable() -> TableError:
    return TableError(
        ErrorCode.UNAVAILABLE,
        "the game store is busy; nothing was changed, try again",
        RETRY_SECONDS,
    )


def storage_full() -> TableError:
    return TableError(
        ErrorCode.UNAVAILABLE,
        "the server's storage is full; nothing was changed, try again later",
        RETRY_SECONDS,
    )


def disk_full(exc: BaseException) -> bool:
    """Whether a database error says its disk is full (SQLite or PostgreSQL)."""
    orig = getattr(exc, "orig", None) or exc
    if getattr(orig, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL:
        return True
    return getattr(orig, "sqlstate", None) == _PG_DISK_FULL


@contextmanager
def storage_errors(what: str) -> Iterator[None]:
    """Turn a database failure inside into a TableError, logged in one line.

    A lock, a lost connection, a pool timeout or a full disk is transient (`unavailable`;
    a full disk says so); anything else the database reports (a damaged file) is
    `storage_error`.
    """
    try:
        yield
    except (OperationalError, DisconnectionError, PoolTimeout) as exc:
        log.warning("%s: storage unavailable: %s", what, _first_line(exc))
        raise (storage_full() if disk_full(exc) else unavailable()) from None
    except DBAPIError as exc:
        log.error("%s: storage failed: %s", what, _first_line(exc))
        raise TableError(
            ErrorCode.STORAGE_ERROR, "the game store failed; try again later"
        ) from None


def _first_line(exc: BaseException) -> str:
    text = str(getattr(exc, "orig", None) or exc)
    return text.splitlines()[0][:200] if text else type(exc).__name__
