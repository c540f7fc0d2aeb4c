"""A background round every few seconds that survives its own failures."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from regalia.tables.errors import TableError

log = logging.getLogger("regalia.tables")


async def every(
    seconds: Callable[[], float], round_: Callable[[], Awaitable[None]], name: str
) -> None:
    """Run `round_` every `seconds()` (read each time) until cancelled. A storage failure
    skips a round with one log line; a bug is logged whole; the next round runs anyway."""
    while True:
        await asyncio.sleep(seconds())
        try:
            await round_()
        except asyncio.CancelledError:
            raise
        except TableError as exc:
            log.warning("%s skipped a round: %s", name, exc.message)
        except Exception:
            log.exception("%s round failed", name)
