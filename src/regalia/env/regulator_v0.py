"""PettingZoo AEC environment of Regulator Chess (two players, a 5 × 7 board and a regulator track).

from regalia.env import regulator_v0
env = regulator_v0.env(render_mode="ansi")
env.reset(seed=42)
"""

from __future__ import annotations

from typing import Any, ClassVar

from regalia.env.adapters.regulator import RegulatorAdapter
from regalia.env.aec import RegaliaEnv, checked, wrap


class raw_env(RegaliaEnv):
    metadata: ClassVar[dict[str, Any]] = {**RegaliaEnv.metadata, "name": "regulator_v0"}

    def __init__(
        self,
        render_mode: str | None = None,
        players: int | None = None,
        position: str | None = None,
        **options: object,
    ) -> None:
        """`position`: start every game from this position text (the game's own form)
        instead of the usual start, where the game reads positions. Bad arguments raise
        ValueError, as OpenSpiel's loader does, with the game's own message."""
        super().__init__(
            checked(lambda: RegulatorAdapter(players, **options)), render_mode, position
        )


def env(**kwargs: Any) -> Any:
    """The wrapped environment: illegal actions lose (-1), order of calls enforced."""
    return wrap(raw_env(**kwargs))
