"""Backups of the server's database while it runs, and restores into an empty database.

SQLite: the online backup API copies the database page by page in one step, under a read
transaction: with the server's write-ahead log, readers never block its writer, so the copy
is a consistent snapshot taken while games go on. PostgreSQL: `pg_dump --format=custom` (a
snapshot too) and `pg_restore`. A backup is written beside its destination and renamed into
place once complete, so a failed one never leaves half a file under the given name; a
restore goes only into a database with no Regalia tables, and the schema is brought up to
this release's (the migrations) once it is in.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import create_engine, func, inspect, select
from sqlalchemy.engine import make_url

from regalia.core.errors import RegaliaError
from regalia.protocol import TableStatus
from regalia.tables.models import PlayerRow, TableRow

SQLITE_MAGIC = b"SQLite format 3\x00"
POSTGRES_MAGIC = b"PGDMP"  # pg_dump's custom format


class BackupError(RegaliaError):
    """A backup or restore that cannot be done; the message says why and what to do."""


@dataclass(frozen=True, slots=True)
class Contents:
    """What a database holds, as a backup or restore reports it."""

    tables: int
    unfinished: int
    players: int

    def __str__(self) -> str:
        tables = f"{self.tables} table{'' if self.tables == 1 else 's'}"
        players = f"{self.players} player{'' if self.players == 1 else 's'}"
        return f"{tables} ({self.unfinished} unfinished), {players}"


def backup(url: str, out: Path) -> Contents:
    """Copy the database at `url` into the file `out` (replaced if it exists)."""
    out = out.expanduser()
    if out.is_dir():
        raise BackupError(f"{out} is a directory: give the backup's file name")
    if not out.parent.is_dir():
        raise BackupError(f"no directory {out.parent} to write the backup in")
    partial = out.with_name(f".{out.name}.partial")
    try:
        if _is_sqlite(url):
            _sqlite_backup(_sqlite_path(url, must_exist=True), partial)
        else:
            _postgres_dump(url, partial)
        os.replace(partial, out)
    finally:
        partial.unlink(missing_ok=True)
    return contents(url)


def restore(backup_file: Path, url: str) -> Contents:
    """Load `backup_file` into the empty database at `url`, then migrate it to this release."""
    kind = _kind_of(backup_file)
    if kind == "sqlite" and not _is_sqlite(url):
        raise BackupError("this is a SQLite backup: restore it into a SQLite data directory")
    if kind == "postgresql" and _is_sqlite(url):
        raise BackupError("this is a PostgreSQL backup: restore it with --database-url")
    if kind == "sqlite":
        path = _sqlite_path(url, must_exist=False)
        path.parent.mkdir(parents=True, exist_ok=True)
        _require_empty(url)
        _sqlite_backup(backup_file, path)
    else:
        _require_empty(url)
        _postgres_restore(backup_file, url)
    from regalia.tables.store import Store  # runs the migrations

    Store(url).close()
    return contents(url)


def contents(url: str) -> Contents:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            tables = conn.execute(select(func.count()).select_from(TableRow)).scalar_one()
            unfinished = conn.execute(
                select(func.count())
                .select_from(TableRow)
                .where(TableRow.status != TableStatus.FINISHED)
            ).scalar_one()
            players = conn.execute(select(func.count()).select_from(PlayerRow)).scalar_one()
    finally:
        engine.dispose()
    return Contents(tables, unfinished, players)


# --------------------------------------------------------------------------- SQLite


def _is_sqlite(url: str) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


def _sqlite_path(url: str, must_exist: bool) -> Path:
    database = make_url(url).database
    if not database or database == ":memory:":
        raise BackupError(f"{url} is not a database file")
    path = Path(database)
    if must_exist and not path.is_file():
        raise BackupError(f"no database at {path}: give the server's --data-dir")
    return path


def _sqlite_backup(source: Path, target: Path) -> None:
    try:
        src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise BackupError(f"cannot open {source}: {exc}") from None
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst)  # in one step: a snapshot, whatever the server writes meanwhile
            if dst.execute("PRAGMA quick_check").fetchone() != ("ok",):
                raise BackupError(f"the copy in {target} failed its integrity check")
        finally:
            dst.close()
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"cannot copy {source}: {exc}") from None
    finally:
        src.close()


def _kind_of(path: Path) -> str:
    try:
        with path.open("rb") as file:
            head = file.read(16)
    except OSError as exc:
        raise BackupError(f"cannot read {path}: {exc.strerror}") from None
    if head.startswith(SQLITE_MAGIC):
        return "sqlite"
    if head.startswith(POSTGRES_MAGIC):
        return "postgresql"
    raise BackupError(f"{path} is not a Regalia backup (neither SQLite nor pg_dump's format)")


def _require_empty(url: str) -> None:
    engine = create_engine(url)
    try:
        names = inspect(engine).get_table_names()
    finally:
        engine.dispose()
    ours = [n for n in names if n.startswith("regalia_") or n == "alembic_version"]
    if ours:
        raise BackupError(
            "the target database already holds Regalia's tables: restore into an empty one"
        )


# --------------------------------------------------------------------------- PostgreSQL


def _libpq(url: str) -> str:
    """The URL as libpq reads it (no SQLAlchemy driver name)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise BackupError(f"{name} is not installed (Debian: apt install postgresql-client)")
    return found


def _postgres_dump(url: str, target: Path) -> None:
    command = [_tool("pg_dump"), "--format=custom", "--no-owner", "--file", str(target)]
    _run([*command, "--dbname", _libpq(url)], "pg_dump")


def _postgres_restore(source: Path, url: str) -> None:
    command = [_tool("pg_restore"), "--no-owner", "--exit-on-error", "--dbname", _libpq(url)]
    _run([*command, str(source)], "pg_restore")


def _run(command: list[str], name: str) -> None:
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode:
        lines = (done.stderr or done.stdout).strip().splitlines()
        raise BackupError(f"{name} failed: {lines[-1] if lines else done.returncode}")
