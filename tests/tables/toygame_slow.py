"""The toy game, but dealing takes far longer than any bot budget (overrun tests)."""

from __future__ import annotations

import time
from dataclasses import dataclass

from tests.tables.toygame import GAME as TOY
from tests.tables.toygame import ToyGame, ToyState


@dataclass(frozen=True)
class SlowGame(ToyGame):
    def new(self, seed: int, players: int | None = None, **options: object) -> ToyState:
        time.sleep(30)
        return super().new(seed, players, **options)


GAME = SlowGame(TOY.name, TOY.title, TOY.summary, TOY.min_players, TOY.max_players,
                TOY.options, TOY.perfect_information, dynamics=TOY.dynamics,
                chance=TOY.chance)  # fmt: skip
