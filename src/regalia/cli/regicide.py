"""CLI commands of the regicide area: `perft regicide` and `engine regicide`.

`regalia play regicide` is the generic `regalia play` (`regalia.cli.play`)."""

from __future__ import annotations

import typer

from regalia.cli import Groups
from regalia.cli.common import fail, user_errors
from regalia.core.errors import RegaliaError


def register(groups: Groups) -> None:
    """Add this area's commands to the groups."""
    groups.perft.command("regicide")(perft_command)
    groups.engine.command("regicide")(engine_command)


def engine_command() -> None:
    """Speak UCI for the seat to move on stdin/stdout (see docs/engine.md); `quit` ends it."""
    import sys

    from regalia.ai.regicide.uci import UciSession
    from regalia.ai.uci import serve

    serve(UciSession(sys.stdout), sys.stdin)


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
