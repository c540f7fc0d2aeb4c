"""`regalia puzzles mine`: puzzles from self-play, records, exported games or a database's
finished games, as JSONL."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import typer
from sqlalchemy.exc import SQLAlchemyError

from regalia.ai.analysis import states as game_states
from regalia.cli import Groups
from regalia.cli.common import fail
from regalia.core.errors import RegaliaError
from regalia.core.game import Game, State
from regalia.core.registry import get_game
from regalia.puzzles.hook import hook_for
from regalia.puzzles.mine import NODES
from regalia.puzzles.selfplay import PLAY_NODES
from regalia.puzzles.verify import problems, verifier


def _records(game: Game[Any], path: Path) -> Iterator[tuple[str, list[State[Any]]]]:
    """Games from a record file, a directory of them, or JSONL lines with a `record`."""
    files = sorted(p for p in path.iterdir() if p.is_file()) if path.is_dir() else [path]
    for file in files:
        text = file.read_text(encoding="utf-8")
        if file.suffix in (".jsonl", ".ndjson"):
            for number, line in enumerate(text.splitlines(), start=1):
                if not line.strip():
                    continue
                row = json.loads(line)
                if row.get("game", game.name) != game.name or not row.get("record"):
                    continue
                yield f"{file.name}:{number}", game_states(game, record=row["record"])
        else:
            yield file.name, game_states(game, record=text)


def _database(
    game: Game[Any], data_dir: Path | None, database_url: str | None
) -> Iterator[tuple[str, list[State[Any]]]]:
    """A database's finished games of `game`, oldest first, read as `regalia export` reads
    them (one at a time, so a large database is never held in memory)."""
    from regalia.server.config import Settings
    from regalia.tables.export import Exporter
    from regalia.tables.store import SQLITE_FILE, Store

    settings = Settings.from_env(data_dir, database_url)
    if not settings.database_url and not (settings.data_dir / SQLITE_FILE).is_file():
        raise fail(f"no database in {settings.data_dir} (give --data-dir or --database-url)")
    store = Store(settings.db_url())
    try:
        for line in Exporter(store.engine).lines(game.name, None, None):
            if line.get("record"):
                yield f"db:{line['id']}", game_states(game, record=line["record"])
    finally:
        store.close()


def mine(
    game: str = typer.Option(..., help="The game, e.g. regulator."),
    source: str = typer.Option(
        "selfplay",
        "--from",
        help="selfplay (the strongest level against itself, or the game's own bots), "
        "records, or db (the finished games in --data-dir's database or --database-url's).",
    ),
    records: Path | None = typer.Option(
        None,
        help="With --from records: a record file, a directory of them, or an export's "
        "JSONL (regalia export; a DB's finished games).",
    ),
    data_dir: Path | None = typer.Option(
        None, help="With --from db: where the SQLite database lives [env REGALIA_DATA_DIR]."
    ),
    database_url: str | None = typer.Option(
        None, help="With --from db: an SQLAlchemy URL [env REGALIA_DATABASE_URL]."
    ),
    out: Path = typer.Option(..., help="The JSONL file to write (one puzzle a line)."),
    games: int = typer.Option(20, min=1, help="With --from selfplay: how many games."),
    first_seed: int = typer.Option(0, help="With --from selfplay: the first game's seed."),
    play_nodes: int = typer.Option(PLAY_NODES, min=100, help="Self-play nodes per move."),
    nodes: int = typer.Option(NODES, min=100, help="Verifying search's nodes per position."),
    limit: int = typer.Option(0, min=0, help="Stop after this many puzzles (0: no limit)."),
) -> None:
    """Mine puzzles: positions where exactly one move keeps a decisive advantage, verified
    unique at every solver step by a MultiPV-2 search — or the game's own kind (a hidden
    identity the public evidence names surely and rightly) (docs/server.md, "Puzzles")."""
    try:
        found_game = get_game(game)
        if not found_game.puzzles:
            raise fail(f"{found_game.title} has no puzzles to mine")
        hook = hook_for(found_game)
        if source == "selfplay":
            sources: Iterator[tuple[str, list[State[Any]]]] = (
                (f"selfplay:{seed}", hook.play(found_game, seed, play_nodes))
                for seed in range(first_seed, first_seed + games)
            )
        elif source == "records":
            if records is None or not records.exists():
                raise fail("--from records needs --records FILE|DIR that exists")
            sources = _records(found_game, records)
        elif source == "db":
            sources = _database(found_game, data_dir, database_url)
        else:
            raise fail(f"--from is selfplay, records or db, not {source!r}")
        seen: set[str] = set()
        with out.open("w", encoding="utf-8") as sink:
            for number, (name, states) in enumerate(sources, start=1):
                made = 0
                for puzzle in hook.mine(states, name, nodes):
                    if puzzle.id in seen:
                        continue
                    seen.add(puzzle.id)
                    sink.write(json.dumps(puzzle.to_json(), ensure_ascii=False) + "\n")
                    sink.flush()
                    made += 1
                    if limit and len(seen) >= limit:
                        break
                print(f"game {number} ({name}): {len(states) - 1} plies, {made} puzzles, "
                      f"{len(seen)} in all", file=sys.stderr)  # fmt: skip
                if limit and len(seen) >= limit:
                    break
    except (RegaliaError, OSError, ValueError, SQLAlchemyError) as exc:
        raise fail(str(exc).splitlines()[0] if str(exc) else type(exc).__name__) from None


def check(
    files: list[Path] = typer.Argument(..., help="JSONL files of mined puzzles."),
    game: str = typer.Option(..., help="The game, e.g. regulator."),
    out: Path | None = typer.Option(
        None, help="Write the puzzles that pass here, each once, by id (a shipped set)."
    ),
) -> None:
    """Check mined puzzles with a second search set up unlike the miner's (full width to a
    fixed depth, no table, no reductions): the solution's move must be its best, decisive
    and clear of the next at every solver step (regalia.puzzles.verify)."""
    try:
        found_game = get_game(game)
        if not found_game.puzzles:
            raise fail(f"{found_game.title} has no puzzles to check")
        hook = hook_for(found_game)
        agent = None  # the second search, made when a puzzle needs it
        puzzles: dict[str, dict[str, Any]] = {}
        for file in files:
            for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
                if line.strip():
                    try:
                        row = json.loads(line)
                    except ValueError:
                        raise fail(f"{file}:{number}: not a JSON line") from None
                    if row.get("game") == found_game.name:
                        puzzles.setdefault(row["id"], row)
        passed = []
        for number, puzzle in enumerate(puzzles.values(), start=1):
            mine = hook.problems(found_game, puzzle)
            if mine is not None:
                found = mine
            else:
                agent = agent or verifier(found_game)
                found = problems(found_game, puzzle, agent)
            if found:
                print(f"{puzzle['id']}: {'; '.join(found)}", file=sys.stderr)
            else:
                passed.append(puzzle)
            if number % 50 == 0:
                print(f"{number}/{len(puzzles)} checked, {len(passed)} pass", file=sys.stderr)
        print(f"{len(passed)} of {len(puzzles)} puzzles pass")
        if out is not None:
            with out.open("w", encoding="utf-8") as sink:
                for puzzle in sorted(passed, key=lambda p: p["id"]):
                    sink.write(json.dumps(puzzle, ensure_ascii=False) + "\n")
    except (RegaliaError, OSError, KeyError) as exc:
        raise fail(str(exc).splitlines()[0] if str(exc) else type(exc).__name__) from None


def register(groups: Groups) -> None:
    app = typer.Typer(help="Puzzles: mine them from games and check them (docs/puzzles.md).")
    app.command("mine")(mine)
    app.command("check")(check)
    groups.root.add_typer(app, name="puzzles", no_args_is_help=True)
