"""`regalia play GAME`: every registered game in the terminal, through one command.

`regalia play` is a group whose commands are the registered games, made on demand: each is
the one Typer command below, named after its game and carrying the game's own help. The
flags a game adds (one per seat, one per game option) come from its descriptors; Click
passes them through as unknown options and `regalia.terminal.flags` reads them.
"""

from __future__ import annotations

import copy
import secrets
import sys
from collections.abc import Callable
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from typer.core import TyperGroup

try:  # Typer 0.2x vendors Click; older Typers use the Click package
    from typer._click.exceptions import UsageError
except ImportError:  # pragma: no cover
    from click.exceptions import UsageError  # type: ignore[assignment]

from regalia.cli import Groups
from regalia.cli.common import user_errors
from regalia.core.errors import BadNotation
from regalia.core.game import Game, Option
from regalia.core.registry import game_names, get_game
from regalia.terminal import flags as F
from regalia.terminal import setup as S
from regalia.terminal.loop import Abandoned, TerminalGame
from regalia.terminal.players import default_level, seat_players

_app = typer.Typer(add_completion=False)


@_app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def play_command(
    ctx: typer.Context,
    players: str | None = typer.Option(
        None, "--players", "-n", metavar="N", help="How many players (default: the game's)."
    ),
    seats: str | None = typer.Option(
        None,
        "--seats",
        metavar="LEVELS",
        help='Who plays each seat, in seat order: human or a bot level, e.g. "human,random".',
    ),
    names: str | None = typer.Option(
        None,
        "--names",
        metavar="NAMES",
        help='Players\' names in seat order, e.g. "Ana,Bruno" (default: the seat names).',
    ),
    seed: str | None = typer.Option(
        None,
        "--seed",
        metavar="N",
        help="Seed of the deal and the bots, to replay a game (default: a new one).",
    ),
    think: str | None = typer.Option(
        None,
        "--think",
        metavar="SECONDS",
        help="Seconds a bot may think per action (default: its level's own budget).",
    ),
    load: str | None = typer.Option(
        None, "--load", metavar="FILE", help="Continue the game recorded in FILE."
    ),
    position: str | None = typer.Option(
        None,
        "--position",
        "--fen",
        metavar="TEXT",
        help="Start from this position text (a FEN), for games that have one.",
    ),
    option: list[str] = typer.Option(
        [],
        "--option",
        metavar="NAME=VALUE",
        help="A game option (repeatable); also written --NAME VALUE.",
    ),
) -> None:
    """Play a game in the terminal."""
    game = get_game(ctx.command.name or "")
    console = Console(highlight=False)
    with user_errors():
        terminal = session(
            game, ctx.args, console, players, seats, names, seed, think, load, position, option
        )
    try:
        terminal.run()
    except KeyboardInterrupt:
        console.print("\ninterrupted (save FILE keeps a game)", markup=False)
        raise typer.Exit(code=130) from None
    except Abandoned as exc:
        again = (
            f" Replay the deal with --seed {terminal.seed}." if terminal.seed is not None else ""
        )
        console.print(f"Game abandoned: {exc}.{again}", markup=False, highlight=False)
        raise typer.Exit(code=1) from None


def session(
    game: Game[Any],
    extra: list[str],
    console: Console,
    players: str | None,
    seats: str | None,
    names: str | None,
    seed: str | None,
    think: str | None,
    load: str | None,
    position: str | None,
    option: list[str],
) -> TerminalGame:
    """The terminal game the options ask for; BadNotation names the option at fault."""
    pairs = F.read_flags(game, extra)
    by_option = F.option_flags(game)
    given = [S.option_pair(text) for text in option]
    given += [(flag, by_option[flag], value) for flag, value in pairs if flag in by_option]
    chosen = S.whole(seed, "--seed") if seed is not None else secrets.randbelow(2**31)
    count = S.whole(players, "--players", 1) if players is not None else None
    kinds = S.listed(seats)
    if kinds is not None and count is None:
        count = len(kinds)
        try:
            game.check_players(count)
        except BadNotation as exc:
            raise BadNotation(f"--seats: {exc}") from None
    options = S.game_options(game, given)
    state = S.start_state(game, chosen, count, load, position, options)
    here = F.seat_flags(game, state.players)
    by_seat = []
    for flag, value in pairs:
        if flag in by_option:
            continue
        if flag not in here:
            raise BadNotation(f"{flag}: a game of {state.players} players has no such seat")
        by_seat.append((flag, here[flag], value))
    table = seat_players(
        game,
        S.seat_kinds(game, state.players, kinds, by_seat),
        S.player_names(names, state.players),
        chosen,
        S.think_seconds(think) if think is not None else None,
    )
    fresh = load is None and position is None
    return TerminalGame(state, table, console, stdin_reader(console), chosen if fresh else None)


def stdin_reader(console: Console) -> Callable[[str], str | None]:
    def read_line(prompt: str) -> str | None:
        if sys.stdin.isatty():
            try:
                return console.input(prompt)  # line editing at a real terminal
            except EOFError:
                return None
        console.print(prompt, end="", markup=False)
        line = sys.stdin.readline()
        return line.rstrip("\n") if line else None

    return read_line


def game_help(game: Game[Any]) -> str:
    """The help of `regalia play GAME`: its seats, bot levels and options."""
    count = game.players_by_default()
    span = (
        f"{game.min_players}"
        if game.min_players == game.max_players
        else (f"{game.min_players}–{game.max_players}, {count} unless --players says otherwise")
    )
    levels = ", ".join(level.name for level in game.bot_levels)
    seat_flags = ", ".join(f"{flag} LEVEL" for flag in F.all_seat_flags(game))
    parts = [
        f"Play {game.title} in the terminal: {game.summary}",
        f"Players: {span}. Each seat is human (someone at this device) or a bot level: "
        f"{levels}. By default the first seat is human and the others "
        f"{default_level(game)}. Set every seat with --seats, or one at a time: {seat_flags}.",
    ]
    by_option = F.option_flags(game)
    if game.options:
        described = " ".join(
            f"{flag} VALUE: {option_help(game.options[name])}." for flag, name in by_option.items()
        )
        parts.append(f"Game options: {described} Each may also be given as --option NAME=VALUE.")
    hint = f" (e.g. {game.notation_hint})" if game.notation_hint else ""
    parts.append(
        f"Type actions as the game writes them{hint}. During play, help lists the commands: "
        "moves, board, undo, save FILE, load FILE, resign, quit."
    )
    return escape("\n\n".join(parts))


def option_help(option: Option) -> str:
    text = option.help
    if option.choices:
        text += f", one of {', '.join(option.choices)}"
    if "default" not in text and option.default is not None:
        text += f" (default {option.default})"
    return text


_commands: dict[str, Any] = {}


def game_command(game: Game[Any]) -> Any:
    """The play command named after `game`, with its help."""
    if game.name not in _commands:
        command = copy.copy(typer.main.get_command(_app))
        command.name = game.name
        command.help = game_help(game)
        command.short_help = game.summary
        _commands[game.name] = command
    return _commands[game.name]


class PlayGroup(TyperGroup):
    """`regalia play`: one command per registered game, loaded only when named."""

    def list_commands(self, ctx: Any) -> list[str]:
        return list(game_names())

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        try:
            return game_command(get_game(cmd_name))
        except BadNotation:
            return None  # a game that fails to load is left out of the list

    def resolve_command(self, ctx: Any, args: list[str]) -> tuple[str | None, Any, list[str]]:
        try:
            game = get_game(args[0])
        except BadNotation as exc:
            raise UsageError(str(exc), ctx) from None
        return game.name, game_command(game), args[1:]


def register(groups: Groups) -> None:
    """Make `regalia play` the group of every registered game."""
    groups.play.info.cls = PlayGroup
    groups.play.info.subcommand_metavar = "GAME [OPTIONS]"
