"""PettingZoo AEC environment of Regicide (four players in two teams; team rewards).

from regalia.env import regicide_v0
env = regicide_v0.env(render_mode="ansi")
env.reset(seed=42)
"""

from __future__ import annotations

from typing import Any, ClassVar

from regalia.env.adapters.regicide import RegicideAdapter
from regalia.env.aec import RegaliaEnv, checked, wrap


class raw_env(RegaliaEnv):
    metadata: ClassVar[dict[str, Any]] = {**RegaliaEnv.metadata, "name": "regicide_v0"}

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
            checked(lambda: RegicideAdapter(players, **options)), render_mode, position
        )


def env(**kwargs: Any) -> Any:
    """The wrapped environment: illegal actions lose (-1), order of calls enforced."""
    return wrap(raw_env(**kwargs))
