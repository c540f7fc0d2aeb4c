"""`regalia conformance GAME`: check a game against the contract by random playouts."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from regalia.cli import Groups
from regalia.cli.common import err_console, fail, user_errors
from regalia.core.conformance import DEFAULT_MAX_PLIES, ConformanceError, check_game
from regalia.core.registry import game_names, get_game


def conformance_command(
    game: str = typer.Argument(..., help="The game's name (see the list below)."),
    playouts: int = typer.Option(5, "--playouts", min=1, max=10_000, help="Random games."),
    seed: int = typer.Option(0, "--seed", min=0, help="Seed of the deals and the actions."),
    max_plies: int = typer.Option(
        DEFAULT_MAX_PLIES, "--max-plies", min=1, help="Stop a game after this many actions."
    ),
) -> None:
    """Check a game against the contract (see `regalia conformance --help`)."""
    with user_errors():
        chosen = get_game(game)
    progress = Progress(
        TextColumn(f"[bold]{chosen.name}"),
        BarColumn(),
        MofNCompleteColumn(),
        console=err_console,
        transient=True,
    )
    with progress:
        task = progress.add_task("playouts", total=playouts)
        try:
            report = check_game(chosen, playouts, seed, max_plies, lambda _: progress.advance(task))
        except ConformanceError as exc:
            raise fail(f"{chosen.name} does not conform: {exc}") from None
    out = Console(highlight=False)
    out.print(
        f"{chosen.title} conforms: {report.playouts} games, {report.finished} played to the "
        f"end, {report.plies} actions. Checked:",
        markup=False,
    )
    for check in report.checks:
        out.print(f"  - {check}", markup=False)


def register(groups: Groups) -> None:
    """Add this area's commands to the groups."""
    text = (
        "Play seeded random games of a game, checking at every step what Regalia relies on: "
        "apply leaves its input unchanged; encode/parse and describe/parse give back every "
        "legal action; views are JSON and hide what sample_hidden may change; records and "
        "initial + history replay to the same state; the same seed gives the same game.\n\n"
        f"Games: {', '.join(game_names())}."
    )
    groups.root.command("conformance", help=text)(conformance_command)
