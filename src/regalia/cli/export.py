"""`regalia export`: a month of finished games as NDJSON, compressed with Zstandard."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import typer

from regalia.cli import Groups
from regalia.cli.common import fail


def month_span(month: str) -> tuple[float, float]:
    """`2026-12` as [its first instant, the next month's) in seconds, UTC."""
    try:
        start = datetime.strptime(month, "%Y-%m").replace(tzinfo=UTC)
    except ValueError:
        raise fail(f"--month is YEAR-MONTH, e.g. 2026-12, not {month!r}") from None
    end = start.replace(year=start.year + 1, month=1) if start.month == 12 else start.replace(
        month=start.month + 1
    )  # fmt: skip
    return start.timestamp(), end.timestamp()


def export(
    game: str | None = typer.Option(None, help="Only this game (default: every game)."),
    month: str | None = typer.Option(None, help="Games finished in this month, e.g. 2026-12."),
    out: Path = typer.Option(..., help="The file to write; ending in .zst: Zstandard-compressed."),
    data_dir: Path | None = typer.Option(
        None, help="Where the SQLite database lives [env REGALIA_DATA_DIR; default ./data]."
    ),
    database_url: str | None = typer.Option(
        None, help="SQLAlchemy URL, e.g. postgresql+psycopg://… [env REGALIA_DATABASE_URL]."
    ),
) -> None:
    """Write every finished game (docs/export.md; one JSON object a line)."""
    import zstandard

    from regalia.server.config import Settings
    from regalia.tables.export import Exporter
    from regalia.tables.requests import game_named
    from regalia.tables.store import Store

    try:
        settings = Settings.from_env(data_dir, database_url)
        name = game_named(game).name if game else None
    except Exception as exc:
        raise fail(str(getattr(exc, "message", exc))) from None
    since, until = month_span(month) if month else (None, None)
    store = Store(settings.db_url())
    count = 0
    try:
        with out.open("wb") as raw:
            sink = (
                zstandard.ZstdCompressor(level=10).stream_writer(raw)
                if out.suffix == ".zst"
                else raw
            )
            with sink:
                for line in Exporter(store.engine).lines(name, since, until):
                    text = json.dumps(line, separators=(",", ":"), ensure_ascii=False) + "\n"
                    sink.write(text.encode())
                    count += 1
    finally:
        store.close()
    typer.echo(f"{count} games written to {out}")


def register(groups: Groups) -> None:
    """Add `export` to the root command."""
    groups.root.command("export")(export)
