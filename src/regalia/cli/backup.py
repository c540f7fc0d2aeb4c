"""`regalia backup` and `regalia restore`: the server's database, copied while it runs."""

from __future__ import annotations

from pathlib import Path

import typer

from regalia.cli import Groups
from regalia.cli.common import fail

DATA_DIR = typer.Option(
    None, help="Where the SQLite database lives (env REGALIA_DATA_DIR; default ./data)."
)
DATABASE_URL = typer.Option(
    None, help="SQLAlchemy URL, e.g. postgresql+psycopg://… (env REGALIA_DATABASE_URL)."
)


def _url(data_dir: Path | None, database_url: str | None) -> str:
    from regalia.server.config import Settings

    if data_dir is not None and database_url is not None:
        raise fail("give --data-dir or --database-url, not both")
    return Settings.from_env(data_dir, database_url).db_url()


def backup(
    out: Path = typer.Option(..., help="The backup file to write (replaced if it exists)."),
    data_dir: Path | None = DATA_DIR,
    database_url: str | None = DATABASE_URL,
) -> None:
    """Copy the database while the server runs (SQLite's online backup, or pg_dump)."""
    from regalia.tables.backup import BackupError
    from regalia.tables.backup import backup as run

    try:
        found = run(_url(data_dir, database_url), out)
    except BackupError as exc:
        raise fail(str(exc)) from None
    typer.echo(f"backed up {found} to {out}")


def restore(
    backup_file: Path = typer.Argument(..., help="A file `regalia backup` wrote."),
    data_dir: Path | None = DATA_DIR,
    database_url: str | None = DATABASE_URL,
) -> None:
    """Load a backup into an empty database (then upgraded to this release's schema)."""
    from regalia.tables.backup import BackupError
    from regalia.tables.backup import restore as run

    try:
        found = run(backup_file, _url(data_dir, database_url))
    except BackupError as exc:
        raise fail(str(exc)) from None
    typer.echo(f"restored {found} from {backup_file}")


def register(groups: Groups) -> None:
    """Add `backup` and `restore` to the root command."""
    groups.root.command("backup")(backup)
    groups.root.command("restore")(restore)
