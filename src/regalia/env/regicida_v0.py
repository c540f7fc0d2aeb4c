"""PettingZoo AEC environment of Regicida (two to six players, hidden Identities, a secret vote).

from regalia.env import regicida_v0
env = regicida_v0.env(render_mode="ansi")
env.reset(seed=42)
"""

from __future__ import annotations

from typing import Any, ClassVar

from regalia.env.adapters.regicida import RegicidaAdapter
from regalia.env.aec import RegaliaEnv, checked, wrap


class raw_env(RegaliaEnv):
    metadata: ClassVar[dict[str, Any]] = {**RegaliaEnv.metadata, "name": "regicida_v0"}

    def __init__(
        self,
        render_mode: str | None = None,
        players: int | None = None,
        position: str | None = None,
        reduced: bool = False,
        **options: object,
    ) -> None:
        """`reduced`: the two-player reduced configuration (`regicida_reduced`). Regicida
        reads no start positions, so a `position` is refused. Bad arguments raise
        ValueError, as OpenSpiel's loader does, with the game's own message."""
        super().__init__(
            checked(lambda: RegicidaAdapter(players, reduced, **options)), render_mode, position
        )


def env(**kwargs: Any) -> Any:
    """The wrapped environment: illegal actions lose (-1), order of calls enforced."""
    return wrap(raw_env(**kwargs))
