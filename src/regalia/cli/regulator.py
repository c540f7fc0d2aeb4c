"""CLI commands of the regulator area: `perft regulator`, `play regulator`, `engine regulator`."""

from __future__ import annotations

import secrets
import sys
from collections.abc import Callable

import typer
from rich.console import Console

from regalia.cli import Groups
from regalia.cli.common import user_errors
from regalia.core.errors import BadNotation
from regalia.games.regulator import GAME, RegulatorState, coordinate, read_fen
from regalia.games.regulator.perft import divide, perft, start
from regalia.terminal.regulator import HUMAN, TerminalGame, load_record


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


def _seconds(text: str) -> float:
    try:
        value = float(text.strip())
    except ValueError:
        raise BadNotation(f"--think {text!r} is not a number of seconds") from None
    if not 0 < value <= 3600:
        raise BadNotation(f"--think {text.strip()} is outside 0..3600 seconds")
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


def play_command(
    white: str = typer.Option(HUMAN, "--white", help="human or a bot level (random, ...)"),
    black: str = typer.Option("random", "--black", help="human or a bot level"),
    regulator: str = typer.Option("1", "--regulator", help="regulator start space 1-7"),
    fen: str | None = typer.Option(None, "--fen", help="start from this position (R12)"),
    load: str | None = typer.Option(None, "--load", help="continue the game in this record"),
    seed: str | None = typer.Option(None, "--seed", help="bot seed (default: new)"),
    think: str = typer.Option("1", "--think", help="seconds a bot may think per move"),
) -> None:
    """Play Regulator Chess in the terminal: against a bot or hot-seat."""
    console = Console(highlight=False)
    with user_errors():
        chosen = _whole(seed, "--seed", 0) if seed is not None else secrets.randbelow(2**31)
        seconds = _seconds(think)
        state: RegulatorState
        if load is not None:
            state = load_record(load)
        elif fen is not None:
            state = GAME.from_fen(fen)
        else:
            state = GAME.new(chosen, regulator=_whole(regulator, "--regulator", 1, 7))
        game = TerminalGame(state, (white, black), console, _read_line(console), chosen, seconds)
    try:
        game.run()
    except KeyboardInterrupt:
        console.print("\ninterrupted (use save FILE to keep a game)", markup=False)
        raise typer.Exit(code=130) from None


def _read_line(console: Console) -> Callable[[str], str | None]:
    def read_line(prompt: str) -> str | None:
        console.print(prompt, end="", markup=False)
        line = sys.stdin.readline()
        return line.rstrip("\n") if line else None

    return read_line


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
    groups.play.command("regulator")(play_command)
    groups.engine.command("regulator")(engine_command)
