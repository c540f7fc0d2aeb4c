"""`regalia serve`: the game server (HTTP, WebSocket and the web front end)."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import typer

from regalia.cli import Groups
from regalia.cli.common import fail


def serve(
    host: str = typer.Option("127.0.0.1", help="Address to listen on."),
    port: int = typer.Option(8000, help="Port to listen on."),
    data_dir: Path | None = typer.Option(
        None, help="Where the SQLite database lives [env REGALIA_DATA_DIR; default ./data]."
    ),
    database_url: str | None = typer.Option(
        None, help="SQLAlchemy URL, e.g. postgresql+psycopg://… [env REGALIA_DATABASE_URL]."
    ),
    redis_url: str | None = typer.Option(
        None, help="Redis URL to fan events out to other server processes [env REGALIA_REDIS_URL]."
    ),
    bot_workers: int | None = typer.Option(
        None, help="Bot worker processes [env REGALIA_BOT_WORKERS; default: one per CPU]."
    ),
) -> None:
    """Start the game server; open http://HOST:PORT/ in a browser."""
    from regalia.server.config import Settings
    from regalia.server.run import serve as run

    try:
        settings = Settings.from_env(data_dir, database_url, redis_url, bot_workers)
    except ValueError as exc:
        raise fail(str(exc)) from None
    # Bot and analysis workers read the endgame tables from the server's data directory.
    os.environ.setdefault("REGALIA_TABLEBASES", str(settings.data_dir / "tablebases"))
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    typer.echo(
        f"Regalia on http://{host}:{port}/  (data: {settings.database_url or settings.data_dir})"
    )
    run(settings, host, port)


def register(groups: Groups) -> None:
    """Add `serve` to the root command."""
    groups.root.command("serve")(serve)
