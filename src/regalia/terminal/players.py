"""Who sits at each seat of a terminal game: a human at this device or a bot of some level."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from regalia.ai.base import Budget
from regalia.ai.levels import budget_for
from regalia.core.errors import BadNotation
from regalia.core.game import Game
from regalia.core.seeds import derive

HUMAN = "human"


@dataclass(frozen=True)
class Player:
    name: str
    level: str | None = None  # None: a human at this device
    seed: int = 0  # the bot's own seed
    budget: Budget | None = None  # the bot's thinking budget

    @property
    def human(self) -> bool:
        return self.level is None

    @property
    def label(self) -> str:
        return self.name if self.level is None else f"{self.name} ({self.level})"


def default_level(game: Game[Any]) -> str:
    return game.default_level or game.bot_levels[0].name


def default_kinds(game: Game[Any], count: int) -> list[str]:
    """The first seat human, the others the game's default bot."""
    return [HUMAN] + [default_level(game)] * (count - 1)


def seat_players(
    game: Game[Any],
    kinds: Sequence[str],
    names: Sequence[str] | None = None,
    seed: int = 0,
    think: float | None = None,
) -> list[Player]:
    """One player per seat; `kinds[seat]` is "human" or a bot level of `game`.

    Bots get the level's own budget, or `think` seconds when given, and a seed derived from
    `seed`. Raises BadNotation (naming the levels there are) before any play starts."""
    given = [n.strip() for n in names] if names else list(game.seat_names(len(kinds)))
    if len(given) != len(kinds):
        raise BadNotation(f"{len(given)} names for {len(kinds)} seats")
    if any(not n for n in given) or len({n.casefold() for n in given}) != len(given):
        raise BadNotation("every player needs a name of their own")
    players = []
    for seat, kind in enumerate(kinds):
        key = kind.strip().lower()
        if key == HUMAN:
            players.append(Player(given[seat]))
            continue
        level = game.level(key).name
        budget = budget_for(game, level)
        if think is not None:
            budget = replace(budget, seconds=think)
        players.append(Player(given[seat], level, derive(seed, f"terminal:bot:{seat}"), budget))
    return players
