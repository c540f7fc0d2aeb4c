"""Regicida's reduced configuration: a two-player endgame small enough for exact methods.

The full game's tree is far beyond tabular CFR. The reduced configuration (the env
parameter `reduced`, off by default) plays the standard rules from one fixed, public
position at the start of Intrigue's last round: the grid below (every token dark but three
adjacent light pairs, each straddling the inner 4 × 4), the Objective `central`, the Line
of Succession 1 2 3 4 5 6, each seat with one Intrigue turn left and Player 1 to act. Only
the two Identities are dealt (30 deals, by chance nodes); then one swap each (six, then four
choices) and the vote. Nothing in the rules changes: it is a position any game could reach.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

import numpy as np

from regalia.core.game import Seat, State
from regalia.env.adapter import Deal, Planes

PLAYERS = 2
HOUSES = 6
HOUSE_NUMBERS = tuple(range(1, HOUSES + 1))
OBJECTIVE = "central"
SUCCESSION = HOUSE_NUMBERS
GRID_TEXT = """\
1D 5D 4D 3D 6L 2D
5L 1L 4D 1D 2L 5D
2D 2D 6D 5D 4D 3D
6D 3D 4D 3D 2D 1D
4D 5D 6D 1D 3L 6L
2D 1D 6D 5D 4D 3D"""
TURNS_LEFT = 1  # Intrigue turns left to each seat
# Each seat's turn and the vote; the history lists each seat's vote.
MAX_DECISIONS = PLAYERS * TURNS_LEFT + 1
MAX_ENTRIES = PLAYERS * TURNS_LEFT + PLAYERS


def start(identities: Sequence[int]) -> State[Any]:
    """The reduced game's first state with the given Identities."""
    from regalia.core.registry import get_game
    from regalia.games.regicida import rules
    from regalia.games.regicida.board import parse_board
    from regalia.games.regicida.state import RegicidaState

    position = rules.Position(
        players=PLAYERS,
        objective=OBJECTIVE,
        succession=SUCCESSION,
        identities=tuple(identities),
        unused=tuple(h for h in HOUSE_NUMBERS if h not in identities),
        piles=((), (), ()),
        board=parse_board(GRID_TEXT),
        phase=rules.Phase.INTRIGUE,
        current=0,
        split_due=False,
        intrigues=(rules.INTRIGUES_PER_PLAYER - TURNS_LEFT,) * PLAYERS,
        votes=(None,) * PLAYERS,
    )
    return RegicidaState(get_game("regicida"), None, position, ())  # type: ignore[arg-type]


def new_state(seed: int) -> State[Any]:
    """A reduced game whose Identities are drawn from `seed`."""
    return start(random.Random(seed).sample(HOUSE_NUMBERS, PLAYERS))


@dataclass(frozen=True)
class ReducedDeal(Deal):
    """The reduced game's deal: Player 1's House, then Player 2's (outcome: House − 1).
    Everything else is public and fixed; a seat sees its own House only."""

    identities: tuple[int, ...] = ()

    objective: ClassVar[str] = OBJECTIVE
    succession: ClassVar[tuple[int, ...]] = SUCCESSION
    max_outcomes = HOUSES
    max_choices = PLAYERS

    def outcomes(self) -> list[tuple[int, float]]:
        if len(self.identities) == PLAYERS:
            return []
        free = [h for h in HOUSE_NUMBERS if h not in self.identities]
        return [(h - 1, 1 / len(free)) for h in free]

    def choose(self, outcome: int) -> ReducedDeal:
        if outcome not in {o for o, _ in self.outcomes()}:
            raise ValueError(f"{outcome} is not a possible outcome of the deal here")
        return replace(self, identities=(*self.identities, outcome + 1))

    def describe(self, outcome: int) -> str:
        return f"P{len(self.identities) + 1} holds House {outcome + 1}"

    def state(self) -> State[Any]:
        if len(self.identities) != PLAYERS:
            raise ValueError("the deal is not complete")
        return start(self.identities)

    def text(self, seat: Seat | None) -> str:
        fields = ["dealing", f"objective {OBJECTIVE}"]
        if seat is not None:
            fields.append(f"P{seat + 1} {self.private_text(seat) or 'House ?'}")
        return "; ".join(fields)

    def private_text(self, seat: Seat) -> str:
        return f"House {self.identities[seat]}" if seat < len(self.identities) else ""

    def planes(self, seat: Seat) -> Planes:
        from regalia.env.adapters import regicida as layout

        out = np.zeros((layout.PLANES, layout.CANVAS, layout.CANVAS), dtype=np.float32)
        out[layout.OBJECTIVE + layout.OBJECTIVES.index(OBJECTIVE)] = 1.0
        for place, house in enumerate(SUCCESSION):
            out[layout.SUCCESSION + house - 1] = 1.0 - place / HOUSES
        if seat < len(self.identities):
            out[layout.IDENTITY + self.identities[seat] - 1] = 1.0
        out[layout.SEAT + seat] = 1.0
        out[layout.PLAYERS] = PLAYERS / HOUSES
        return out

    def summary(self) -> str:
        return "deal: identities " + (" ".join(str(h) for h in self.identities) or "-")

    def choices_to(self, other: Deal) -> list[int]:
        if not isinstance(other, ReducedDeal) or not other.complete():
            raise ValueError("a reduced deal leads only to a complete reduced deal")
        if other.identities[: len(self.identities)] != self.identities:
            raise ValueError("this deal cannot become that one")
        return [h - 1 for h in other.identities[len(self.identities) :]]

    def resample(self, seat: Seat, actions: Sequence[str], rng: random.Random) -> ReducedDeal:
        """The other seat's House dealt again from the five `seat` does not hold."""
        own = self.identities[seat]
        other = rng.choice([h for h in HOUSE_NUMBERS if h != own])
        return replace(self, identities=(own, other) if seat == 0 else (other, own))
