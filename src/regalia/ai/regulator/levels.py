"""Regulator Chess bots below `strong`: one-ply material, and ISMCTS cut off by material."""

from __future__ import annotations

from typing import Any

from regalia.ai.base import Agent
from regalia.ai.greedy import OnePlyAgent
from regalia.ai.ismcts import IsmctsAgent
from regalia.ai.material import VALUES, win_chances
from regalia.core.game import Seat, State


def material(state: State[Any], seat: Seat) -> float:
    """Own material minus the opponent's, read from the public view's FEN (White upper case)."""
    placement = str(state.view(None)["fen"]).split()[0]
    white = sum(VALUES.get(ch.lower(), 0.0) for ch in placement if ch.isupper())
    black = sum(VALUES.get(ch, 0.0) for ch in placement if ch.islower())
    return white - black if seat == 0 else black - white


def greedy(seed: int) -> Agent[Any]:
    return OnePlyAgent(material, seed)


def ismcts(seed: int) -> Agent[Any]:
    return IsmctsAgent(seed, cutoff=win_chances(material))
