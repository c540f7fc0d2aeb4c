"""CLI commands of the regicide area: `perft regicide` and `play regicide`."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

from regalia.cli import Groups
from regalia.cli.common import fail, user_errors
from regalia.core.errors import RegaliaError
from regalia.textfile import read_user_text


def register(groups: Groups) -> None:
    """Add this area's commands to the groups."""
    groups.perft.command("regicide")(perft_command)
    groups.play.command("regicide")(play_command)


def perft_command(
    depth: str = typer.Option("", "--depth", help="Plies to count (0 or more)."),
    moves: str = typer.Option(
        "", "--moves", help='Coordinate moves to play first, e.g. "b4d4 g2g4 pass".'
    ),
    position: str | None = typer.Option(
        None, "--position", help="Start from this position text instead of the setup."
    ),
    divide: bool = typer.Option(False, "--divide", help="Count below each root move."),
) -> None:
    """Count the leaves of Regicide's legal-move tree (pass counts; a won position is a leaf).

    The last line of output is the count alone.
    """
    from regalia.games.regicide import perft as P
    from regalia.games.regicide.notation import coordinate, parse
    from regalia.games.regicide.position import Position
    from regalia.games.regicide.text import from_text

    plies = _whole_number("--depth", depth, minimum=0)
    with user_errors():
        pos = from_text(position) if position is not None else Position.start()
        for number, token in enumerate(moves.split(), start=1):
            try:
                pos.push(parse(pos, token))
            except RegaliaError as exc:
                raise fail(f"--moves: move {number} ({token}): {exc}") from None
        if divide and plies > 0:
            total = 0
            for move, count in P.divide(pos, plies):
                typer.echo(f"{coordinate(move)}: {count}")
                total += count
            typer.echo(str(total))
        else:
            typer.echo(str(P.perft(pos, plies)))


def play_command(
    yellow: str = typer.Option("human", "--yellow", help="human, or a bot level (random, ...)."),
    green: str = typer.Option("random", "--green", help="human, or a bot level."),
    red: str = typer.Option("random", "--red", help="human, or a bot level."),
    blue: str = typer.Option("random", "--blue", help="human, or a bot level."),
    seed: str = typer.Option("0", "--seed", help="Seed of the bots' choices (a whole number)."),
    load: Path | None = typer.Option(None, "--load", help="Continue the game in this record."),
) -> None:
    """Play Regicide in the terminal: four seats, any mix of humans and bots."""
    from regalia.games.regicide import GAME
    from regalia.terminal.regicide import TerminalGame

    with user_errors():
        state = None
        if load is not None:
            state = GAME.from_record(read_user_text(load, "--load"))
        number = _whole_number("--seed", seed)
        console = Console(highlight=False)
        game = TerminalGame([yellow, green, red, blue], number, console, state)
        try:
            game.run()
        except KeyboardInterrupt:
            console.print("\ninterrupted (use save FILE to keep a game)", markup=False)
            raise typer.Exit(code=130) from None


def _whole_number(option: str, text: str, minimum: int | None = None) -> int:
    """Read an integer option ourselves, so a bad value gets the usual one-line error."""
    if not text.strip():
        raise fail(f"{option} is required")
    try:
        value = int(text)
    except ValueError:
        raise fail(f"{option}: {text!r} is not a whole number") from None
    if minimum is not None and value < minimum:
        raise fail(f"{option} must be {minimum} or more, not {value}")
    return value
