"""Which games there are: the entries of the `regalia.games` entry-point group.

Each entry names a `Game` object ("package.module:GAME"). Regalia's own three games are
entries of its own distribution (pyproject.toml), so they load exactly as a game from another
installed package does. Games load lazily: listing names imports nothing.

    >>> get_game("regulator").title
    'Regulator Chess'
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Any

from regalia.core.errors import BadNotation, quoted
from regalia.core.game import Game

GROUP = "regalia.games"
# The built-in entries, for a source tree run without its distribution installed; when it
# is installed these are the same names and references as its entry points.
BUILTIN = {
    "regulator": "regalia.games.regulator:GAME",
    "regicide": "regalia.games.regicide:GAME",
    "regicida": "regalia.games.regicida:GAME",
}

_refs: dict[str, str] | None = None
_loaded: dict[str, Game[Any]] = {}


def game_refs() -> dict[str, str]:
    """Every registered game's name and reference, built-ins first, then the rest by name."""
    global _refs
    if _refs is None:
        found = {ep.name.strip().lower(): ep.value for ep in entry_points(group=GROUP)}
        plugins = {name: found[name] for name in sorted(found) if name not in BUILTIN}
        _refs = {**BUILTIN, **plugins}
    return _refs


def game_names() -> tuple[str, ...]:
    return tuple(game_refs())


def register(name: str, ref: str) -> None:
    """Add a game without packaging it (a notebook, a test): `ref` is "module:attribute".

    Bot worker processes import the game by its reference, so the module must be importable
    there too. A name already taken keeps its game."""
    game_refs().setdefault(name.strip().lower(), ref)


def load_ref(ref: str) -> Any:
    """The object a "package.module:attribute" reference names."""
    module, _, attribute = ref.partition(":")
    target: Any = importlib.import_module(module)
    for part in attribute.split(".") if attribute else ():
        target = getattr(target, part)
    return target


def get_game(name: str) -> Game[Any]:
    """The game registered as `name`; BadNotation when there is none or it fails to load."""
    key = name.strip().lower()
    game = _loaded.get(key)
    if game is not None:
        return game
    refs = game_refs()
    if key not in refs:
        raise BadNotation(f"unknown game {quoted(name)}; choose one of {', '.join(refs)}")
    try:
        loaded = load_ref(refs[key])
    except Exception as exc:  # a broken plug-in must not take the other games down
        raise BadNotation(f"game {key!r} could not be loaded: {type(exc).__name__}") from exc
    if not isinstance(loaded, Game) or loaded.name != key:
        raise BadNotation(f"game {key!r}: {refs[key]} is not a Game called {key!r}")
    _loaded[key] = loaded
    return loaded


def game_ref(game: Game[Any]) -> str:
    """The reference other processes load `game` by (bot workers)."""
    return game_refs()[game.name]


def available_games() -> list[Game[Any]]:
    """Every registered game that loads, in registry order (a broken one is left out)."""
    games = []
    for name in game_refs():
        try:
            games.append(get_game(name))
        except BadNotation:
            continue
    return games
