"""CLI commands of the ai area: `regalia arena`."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from regalia.ai.arena import PLY_LIMIT_REASON, GameReport, MatchResult, MatchSpec, run_match
from regalia.cli import Groups
from regalia.cli.common import err_console, fail, user_errors
from regalia.core.errors import BadNotation


def register(groups: Groups) -> None:
    """Add this area's commands to the groups."""
    register_arena(groups)


def register_arena(groups: Groups) -> None:
    @groups.root.command("arena")
    def arena(
        game: str = typer.Argument(..., help="The game, e.g. regulator."),
        agents: str = typer.Option(
            ...,
            "--agents",
            help="Bot levels, comma-separated (the game's own, e.g. random,strong). One per seat, "
            "one per team in team games, or two: a hero and the level filling the other seats.",
        ),
        games: int = typer.Option(10, "--games", help="Number of games."),
        jobs: int = typer.Option(1, "--jobs", help="Worker processes (0: one per CPU)."),
        seed: int = typer.Option(0, "--seed", help="Match seed: same seed, same games."),
        movetime: int | None = typer.Option(
            None, "--movetime", help="Milliseconds per action (default: each level's budget)."
        ),
        players: int | None = typer.Option(
            None, "--players", help="Table size (default: number of agents, within the game's)."
        ),
        option: list[str] = typer.Option(
            [], "--option", help="Game option NAME=VALUE (repeatable)."
        ),
        max_plies: int | None = typer.Option(
            None, "--max-plies", help="Safety cap: a longer game is a draw, 'arena ply limit'."
        ),
        as_json: bool = typer.Option(
            False, "--json", help="Print only one JSON object of per-agent results."
        ),
        save: Path | None = typer.Option(
            None, "--save", help="Folder to save every game's record (+ index.json)."
        ),
    ) -> None:
        """Play bots against each other: seeded, reproducible, in parallel processes."""
        with user_errors():
            spec = MatchSpec(
                game=game,
                agents=tuple(agents.split(",")),
                games=games,
                seed=seed,
                players=players,
                movetime_ms=movetime,
                max_plies=max_plies,
                options=_options(option),
                save_dir=str(save) if save else None,
            )
            workers = jobs if jobs > 0 else (os.cpu_count() or 1)
            result = _run(spec, min(workers, games) if games > 0 else 1)
        if as_json:
            typer.echo(json.dumps(result.to_json(), sort_keys=True))
        else:
            _print_result(result)


def _options(pairs: list[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise fail(f"--option wants NAME=VALUE, not {pair!r}")
        options[name.strip()] = value.strip()
    return options


def _run(spec: MatchSpec, jobs: int) -> MatchResult:
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console,
        transient=True,
    )
    with progress:
        task = progress.add_task(f"{spec.game} arena", total=spec.games)

        def advance(_: GameReport) -> None:
            progress.advance(task)

        try:
            return run_match(spec, jobs, advance)
        except BadNotation:
            raise
        except Exception as exc:  # a bot or rules bug in a worker: say which, briefly
            raise BadNotation(f"a game failed: {type(exc).__name__}: {exc}") from exc


def _print_result(result: MatchResult) -> None:
    out = Console(highlight=False)
    out.width = max(out.width, 110)  # the table's rows must not wrap or cut agent names
    spec = result.spec
    sides = result.sides
    table = Table(title=f"{spec.game}: {len(result.reports)} games, seed {spec.seed}")
    for column in ("agent", "games", "wins", "draws", "losses", "score [95%]", "Elo [95%]"):
        table.add_column(column, justify="left" if column == "agent" else "right")
    for label, tally in result.tallies.items():
        interval = result.interval(label)
        table.add_row(
            label,
            str(tally.games),
            str(tally.wins),
            str(tally.draws),
            str(tally.losses),
            f"{_pct(interval.mean)} [{_pct(interval.low)}, {_pct(interval.high)}]",
            result.elo(label).text(),
        )
    out.print(table)
    if sides > 2:
        out.print(f"baseline score with {sides} sides: {_pct(1 / sides)}; Elo is against the field")
    else:
        out.print("Elo is the difference against the other side")
    capped = result.capped
    if capped:
        out.print(f"[yellow]{capped} game(s) stopped as draws: {PLY_LIMIT_REASON}[/]")
    for label, tally in result.tallies.items():
        for line in _stat_lines(tally.stats):
            out.print(f"{label}: {line}")


def _stat_lines(stats: dict[str, float]) -> list[str]:
    """`x.hits` / `x.of` pairs read as a rate; anything else as a sum."""
    lines = []
    for name in sorted(stats):
        if name.endswith(".of"):
            continue
        if name.endswith(".hits"):
            base = name.removesuffix(".hits")
            total = stats.get(base + ".of", 0.0)
            rate = stats[name] / total if total else math.nan
            lines.append(f"{base}: {stats[name]:.0f}/{total:.0f} = {_pct(rate)}")
        else:
            lines.append(f"{name}: {stats[name]:g}")
    return lines


def _pct(value: float) -> str:
    return "n/a" if math.isnan(value) else f"{100 * value:.1f}%"
