"""`regalia admin`: roles for moderation, given from the server's machine (the first admin
too); it writes to the database, so it works while the server runs."""

from __future__ import annotations

import time
from pathlib import Path

import typer

from regalia.cli import Groups
from regalia.cli.common import fail

ROLES_HELP = "admin (everything, and grants roles), moderator (reports and actions), or none"


def grant(
    name: str = typer.Argument(..., help="The player's name."),
    role: str = typer.Argument(..., help=ROLES_HELP),
    data_dir: Path | None = typer.Option(
        None, help="Where the SQLite database lives (env REGALIA_DATA_DIR; default ./data)."
    ),
    database_url: str | None = typer.Option(
        None, help="SQLAlchemy URL, e.g. postgresql+psycopg://… (env REGALIA_DATABASE_URL)."
    ),
) -> None:
    """Give a player a role (or take it away with `none`)."""
    from regalia.moderation.store import ROLES, Moderation
    from regalia.server.config import Settings
    from regalia.tables.errors import TableError
    from regalia.tables.store import Store

    if role != "none" and role not in ROLES:
        raise fail(f"a role is admin, moderator or none, not {role!r}")
    if data_dir is not None and database_url is not None:
        raise fail("give --data-dir or --database-url, not both")
    store = Store(Settings.from_env(data_dir, database_url).db_url())
    try:
        Moderation(store.engine, time.time).grant(name, None if role == "none" else role)
    except TableError as exc:
        raise fail(exc.message) from None
    finally:
        store.close()
    typer.echo(f"{name} is now {'without a role' if role == 'none' else 'a ' + role}")


def register(groups: Groups) -> None:
    """Add `admin grant` to the root command."""
    admin = typer.Typer(help="Moderation roles: regalia admin grant NAME ROLE.")
    admin.command("grant")(grant)
    groups.root.add_typer(admin, name="admin", no_args_is_help=True)
