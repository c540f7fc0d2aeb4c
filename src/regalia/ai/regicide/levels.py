"""Regicide bots below `strong`: one-ply team material, and ISMCTS cut off by it."""

from __future__ import annotations

from typing import Any

from regalia.ai.base import Agent
from regalia.ai.greedy import OnePlyAgent
from regalia.ai.ismcts import IsmctsAgent
from regalia.ai.material import VALUES, win_chances
from regalia.core.game import Seat, State

# A lost king leaves its player able only to capture: worth more than a queen.
KING = 12.0


def material(state: State[Any], seat: Seat) -> float:
    """Own team's material minus the other team's."""
    team = next(t for t in state.game.teams(state.players) if seat in t)
    total = 0.0
    for piece in state.view(None)["pieces"]:
        kind = str(piece["piece"]).lower()
        value = KING if kind == "k" else VALUES.get(kind, 0.0)
        total += value if piece["seat"] in team else -value
    return total


def greedy(seed: int) -> Agent[Any]:
    return OnePlyAgent(material, seed)


def ismcts(seed: int) -> Agent[Any]:
    return IsmctsAgent(seed, cutoff=win_chances(material))
