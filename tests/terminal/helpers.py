"""Drive the terminal loop with scripted lines and read what it printed."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rich.console import Console

from regalia.core.game import State
from regalia.core.registry import get_game
from regalia.terminal.loop import Abandoned, TerminalGame
from regalia.terminal.players import seat_players


def console(width: int = 120) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=width, color_system=None, highlight=False), out


def scripted(lines: Iterable[str], out: Console) -> Callable[[str], str | None]:
    """Answers prompts with `lines`, echoing each after its prompt: a readable transcript."""
    feed = iter(lines)

    def read_line(prompt: str) -> str | None:
        line = next(feed, None)
        if line is not None:
            out.print(f"{prompt}{line}", markup=False, highlight=False)
        return line

    return read_line


def terminal(
    game: str,
    seats: Sequence[str],
    read_line: Callable[[str], str | None],
    out: Console,
    seed: int = 1,
    state: State[Any] | None = None,
    names: Sequence[str] | None = None,
    **options: object,
) -> TerminalGame:
    rules = get_game(game)
    start = state if state is not None else rules.new(seed, len(seats), **options)
    players = seat_players(rules, seats, names, seed)
    return TerminalGame(start, players, out, read_line, seed)


def play(
    game: str,
    seats: Sequence[str],
    lines: Iterable[str],
    seed: int = 1,
    state: State[Any] | None = None,
    **options: object,
) -> tuple[State[Any], str]:
    """Play `lines` to the end; an input that ends first just stops the game here."""
    out, buffer = console()
    session = terminal(game, seats, scripted(lines, out), out, seed, state, **options)
    with contextlib.suppress(Abandoned):
        session.run()
    return session.state, buffer.getvalue()
