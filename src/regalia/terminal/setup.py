"""`regalia play`'s options, as typed, read into a starting state and the seats' players.

Every mistake is a BadNotation naming the option at fault, for a one-line error.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from regalia.core.errors import BadNotation, RegaliaError
from regalia.core.game import Game, Seat, State
from regalia.terminal.players import default_kinds
from regalia.textfile import read_user_text


def whole(text: str, option: str, low: int = 0) -> int:
    try:
        value = int(text.strip())
    except ValueError:
        raise BadNotation(f"{option}: {text!r} is not a whole number") from None
    if value < low:
        raise BadNotation(f"{option}: {value} is less than {low}")
    return value


def think_seconds(text: str) -> float:
    try:
        value = float(text.strip())
    except ValueError:
        raise BadNotation(f"--think: {text!r} is not a number of seconds") from None
    if not 0 < value <= 3600:
        raise BadNotation(f"--think: {text.strip()} is outside 0..3600 seconds (0 excluded)")
    return value


def listed(text: str | None) -> list[str] | None:
    """A comma-separated option ("human,random"), or None when not given."""
    return None if text is None else [item.strip() for item in text.split(",")]


def game_options(game: Game[Any], given: Sequence[tuple[str, str, str]]) -> dict[str, Any]:
    """Options from (where, name, value): `--option regulator=3` or `--regulator 3`."""
    chosen: dict[str, Any] = {}
    for where, name, value in given:
        if name not in game.options:
            names = ", ".join(game.options) or "none"
            raise BadNotation(f"{where}: {game.title} has no option {name!r} (it has {names})")
        if name in chosen:
            raise BadNotation(f"{where}: the option {name} is given twice")
        try:
            chosen[name] = game.options[name].read(value)
        except BadNotation as exc:
            raise BadNotation(f"{where}: {str(exc).removeprefix(f'option {name}: ')}") from None
    game.read_options(chosen)
    return chosen


def option_pair(text: str) -> tuple[str, str, str]:
    """`--option NAME=VALUE` as (where, name, value)."""
    name, equals, value = text.partition("=")
    if not equals or not name.strip():
        raise BadNotation(f"--option {text[:40]!r}: write NAME=VALUE")
    return f"--option {name.strip()}", name.strip().lower(), value.strip()


def start_state(
    game: Game[Any],
    seed: int,
    players: int | None,
    load: str | None,
    position: str | None,
    options: dict[str, Any],
) -> State[Any]:
    """A new game, the game recorded in file `load`, or one from a position text."""
    if load is not None and position is not None:
        raise BadNotation("give --load or --position, not both")
    source = "--load" if load is not None else "--position"
    if (load is not None or position is not None) and options:
        raise BadNotation(f"{source} sets up the game: leave out its options")
    if load is not None:
        text = read_user_text(load, "--load")
        try:
            state = game.from_record(text)
        except RegaliaError as exc:
            raise BadNotation(f"--load {load}: {exc}") from None
    elif position is not None:
        state = game.from_position(position, seed)
    else:
        return game.new(seed, players, **options)
    if players is not None and players != state.players:
        raise BadNotation(f"--players {players}: the game of {source} has {state.players}")
    return state


def seat_kinds(
    game: Game[Any], count: int, seats: list[str] | None, by_flag: Sequence[tuple[str, Seat, str]]
) -> list[str]:
    """Who plays each seat: --seats, else the defaults changed by per-seat flags."""
    if seats is not None and len(seats) != count:
        raise BadNotation(f"--seats lists {len(seats)} seats but the game has {count} players")
    if seats is not None and by_flag:
        raise BadNotation(f"give --seats or {by_flag[0][0]}, not both")
    kinds = seats if seats is not None else default_kinds(game, count)
    for _, seat, kind in by_flag:
        kinds[seat] = kind
    return kinds


def player_names(text: str | None, count: int) -> list[str] | None:
    names = listed(text)
    if names is not None and len(names) != count:
        raise BadNotation(f"--names lists {len(names)} names but there are {count} players")
    return names
