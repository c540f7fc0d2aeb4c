"""Regicida's ISMCTS level: playouts are short and finite, so they run to the game's end."""

from __future__ import annotations

from typing import Any

from regalia.ai.base import Agent
from regalia.ai.ismcts import IsmctsAgent


def ismcts(seed: int) -> Agent[Any]:
    return IsmctsAgent(seed, playout_plies=1000)
