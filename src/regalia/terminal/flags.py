"""The flags a game adds to `regalia play`: one per seat (`--black strong`) and one per game
option (`--regulator 3`), read from its descriptors. Click sees them as unknown options; these
functions read them from the leftover arguments."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from regalia.core.errors import BadNotation
from regalia.core.game import Game, Seat

# The options every game takes; a seat or game option of the same name gets no flag.
GENERIC = (
    "--players",
    "--seats",
    "--names",
    "--seed",
    "--think",
    "--load",
    "--position",
    "--fen",
    "--option",
)


def flag_name(name: str) -> str:
    return "--" + "-".join(name.strip().lower().replace("_", " ").split())


def seat_flags(game: Game[Any], players: int) -> dict[str, Seat]:
    """`--white` → 0 for the seats of a game of `players`."""
    flags: dict[str, Seat] = {}
    for seat, name in enumerate(game.seat_names(players)):
        flags.setdefault(flag_name(name), seat)
    return {flag: seat for flag, seat in flags.items() if flag not in GENERIC}


def option_flags(game: Game[Any]) -> dict[str, str]:
    """`--regulator` → "regulator" for each game option."""
    taken = set(GENERIC) | set(all_seat_flags(game))
    flags = {flag_name(name): name for name in game.options}
    return {flag: name for flag, name in flags.items() if flag not in taken}


def all_seat_flags(game: Game[Any]) -> list[str]:
    """Seat flags at any player count, in seat order."""
    found: dict[str, None] = {}
    for count in range(game.min_players, game.max_players + 1):
        found.update(dict.fromkeys(seat_flags(game, count)))
    return list(found)


def every_flag(game: Game[Any]) -> list[str]:
    return [*GENERIC, *all_seat_flags(game), *option_flags(game)]


def read_flags(game: Game[Any], args: Sequence[str]) -> list[tuple[str, str]]:
    """(flag, value) pairs from `--flag VALUE` or `--flag=VALUE`; BadNotation on anything
    else, listing the options the game takes."""
    known = {*all_seat_flags(game), *option_flags(game)}  # Click reads the generic ones
    pairs = []
    index = 0
    while index < len(args):
        token = args[index]
        flag, equals, value = token.partition("=")
        flag = flag.lower()
        if not token.startswith("--") or flag not in known:
            what = f"option {flag}" if token.startswith("-") else f"argument {token[:40]!r}"
            raise BadNotation(
                f"{game.name} takes no {what}; it takes {', '.join(every_flag(game))}"
            )
        if not equals:
            index += 1
            if index >= len(args) or args[index].startswith("--"):
                raise BadNotation(f"{flag} needs a value")
            value = args[index]
        pairs.append((flag, value))
        index += 1
    return pairs
