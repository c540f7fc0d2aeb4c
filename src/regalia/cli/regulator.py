"""CLI commands of the regulator area: `perft regulator` and `engine regulator`.

`regalia play regulator` is the generic `regalia play` (`regalia.cli.play`)."""

from __future__ import annotations

import sys

import typer

from regalia.cli import Groups
from regalia.cli.common import user_errors
from regalia.core.errors import BadNotation
from regalia.games.regulator import coordinate, read_fen
from regalia.games.regulator.perft import divide, perft, start


def _whole(text: str, option: str, low: int, high: int | None = None) -> int:
    """Read an option's whole number ourselves, so a bad one is a one-line error."""
    try:
        value = int(text.strip())
    except ValueError:
        raise BadNotation(f"{option} {text!r} is not a whole number") from None
    if value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f"{low} or more"
        raise BadNotation(f"{option} {value} is outside {bound}")
    return value


def perft_command(
    depth: str | None = typer.Option(None, "--depth", "-d", help="required: plies (0 or more)"),
    fen: str | None = typer.Option(None, "--fen", help="start from this position (R12)"),
    show_divide: bool = typer.Option(False, "--divide", help="list each root move's count"),
) -> None:
    """Count leaf nodes of the legal-move tree (draw rules ignored). Last line: the count."""
    with user_errors():
        if depth is None:
            # Typer's own missing-option message is a multi-line box; ours is one line.
            raise BadNotation("--depth is required (see --help)")
        plies = _whole(depth, "--depth", 0)
        position = read_fen(fen) if fen is not None else start()
        if show_divide and plies < 1:
            raise BadNotation("--divide needs --depth 1 or more")
    if show_divide:
        rows = divide(position, plies)
        for move, count in rows:
            typer.echo(f"{coordinate(move)}: {count}")
        typer.echo(sum(count for _, count in rows))
    else:
        typer.echo(perft(position, plies))


def engine_command() -> None:
    """Speak a UCI subset on stdin/stdout (see docs/engine.md); `quit` ends it."""
    from regalia.ai.regulator.uci import UciSession

    session = UciSession(sys.stdout)
    try:
        session.run(sys.stdin)
    except KeyboardInterrupt:
        session.stop()  # Ctrl-C ends the session as `quit` would, without a traceback


def register(groups: Groups) -> None:
    """Add this area's commands to the groups."""
    groups.perft.command("regulator")(perft_command)
    groups.engine.command("regulator")(engine_command)
