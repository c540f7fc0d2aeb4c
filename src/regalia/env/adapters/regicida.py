"""Regicida as numbers: action texts and 66 planes of 11 × 11, from a seat's view only.

The spatial frame is the 11 × 11 Expansion canvas; once the grid is complete (Intrigue
onwards) the 6 × 6 grid sits in its top-left corner, so cell `a1` is always plane position
(0, 0) and a cell's name matches its place in both phases. Layout in docs/env.md.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np

from regalia.core.game import Seat
from regalia.env.adapter import Adapter, Planes
from regalia.env.vocabulary import Vocabulary

CANVAS = 11
GRID = 6
HOUSES = 6
PILES = 3
PILE_TOKENS = 12  # the size of each pile at the start
INTRIGUES = 3
OBJECTIVES = ("united", "divide", "central", "borders")
PHASES = ("expansion", "intrigue", "assassination", "over")

# Plane indices (see docs/env.md).
LIGHT = 0  # + House - 1: a light token of that House
DARK = 6  # + House - 1: a dark token of that House
FRAME = 12  # cells of the current board (all 121 in Expansion, the 6 × 6 afterwards)
IDENTITY = 13  # + House - 1: all ones on the observer's own House
OBJECTIVE = 19  # + objective: all ones on the game's Objective
SUCCESSION = 25  # + House - 1: 1 for the first House in line, 5/6 the second, … 1/6 the last
PILE_SIZE = 31  # + pile: tokens left / 12
PILE_TOP = 34  # + 6 * pile + House - 1: that pile's top token is of that House
PHASE = 52  # + phase index
SPLIT_DUE = 56
MY_TURN = 57  # the observer is to act
INTRIGUES_LEFT = 58  # the observer's Intrigue turns left / 3
SEAT = 59  # + seat: all ones on the observer's seat
PLAYERS = 65  # number of players / 6
PLANES = 66


def cell_name(row: int, col: int) -> str:
    return f"{chr(ord('a') + col)}{row + 1}"


def _swaps() -> Iterator[str]:
    for row in range(GRID):
        for col in range(GRID):
            for other in ((row, col + 1), (row + 1, col)):
                if other[0] < GRID and other[1] < GRID:
                    a, b = cell_name(row, col), cell_name(*other)
                    yield f"swap {a} {b} flip {a}"
                    yield f"swap {a} {b} flip {b}"


def vocabulary(players: int) -> Vocabulary:
    cells = [cell_name(r, c) for r in range(CANVAS) for c in range(CANVAS)]
    return Vocabulary(
        [
            *(f"place {pile} {cell}" for pile in range(1, PILES + 1) for cell in cells),
            *(f"split {pile}" for pile in range(1, PILES + 1)),
            *_swaps(),
            "pass",
            *(f"vote {seat}" for seat in range(1, players + 1)),
            "vote neutral",
        ]
    )


def _cell(name: str) -> tuple[int, int]:
    return int(name[1:]) - 1, ord(name[0]) - ord("a")


class RegicidaAdapter(Adapter):
    game_name = "regicida"
    default_players = 4

    def __init__(self, players: int | None = None, **options: object) -> None:
        super().__init__(players, **options)
        self._vocabulary = vocabulary(self.players)

    @property
    def vocabulary(self) -> Vocabulary:
        return self._vocabulary

    @property
    def obs_shape(self) -> tuple[int, ...]:
        return (PLANES, CANVAS, CANVAS)

    def planes(self, view: Mapping[str, Any], seat: Seat) -> Planes:
        out = np.zeros(self.obs_shape, dtype=np.float32)
        grid = view["grid"]
        for item in grid["cells"]:
            row, col = _cell(item["cell"])
            base = DARK if item["side"] == "dark" else LIGHT
            out[base + item["house"] - 1, row, col] = 1.0
        size = grid["size"]
        out[FRAME, :size, :size] = 1.0
        out[IDENTITY + view["identity"] - 1] = 1.0
        out[OBJECTIVE + OBJECTIVES.index(view["objective"]["key"])] = 1.0
        for place, house in enumerate(view["succession"]):
            out[SUCCESSION + house - 1] = 1.0 - place / HOUSES
        for pile, item in enumerate(view["piles"]):
            out[PILE_SIZE + pile] = item["size"] / PILE_TOKENS
            if item["top"] is not None:
                out[PILE_TOP + HOUSES * pile + item["top"] - 1] = 1.0
        out[PHASE + PHASES.index(view["phase"])] = 1.0
        out[SPLIT_DUE] = float(view["split_due"])
        out[MY_TURN] = float(seat in view["to_act"])
        out[INTRIGUES_LEFT] = view["intrigues_left"][seat] / INTRIGUES
        out[SEAT + seat] = 1.0
        out[PLAYERS] = view["players"] / HOUSES
        return out

    def render(self, view: Mapping[str, Any]) -> str:
        grid = view["grid"]
        size = grid["size"]
        cells = {item["cell"]: item for item in grid["cells"]}
        lines = [f"Regicida — {view['phase']}, objective: {view['objective']['title']}"]
        lines.append("succession: " + " ".join(str(h) for h in view["succession"]))
        for row in range(size):
            marks = []
            for col in range(size):
                item = cells.get(cell_name(row, col))
                side = "" if item is None else ("D" if item["side"] == "dark" else "L")
                marks.append(" ." if item is None else f"{item['house']}{side}")
            lines.append(f"{row + 1:>2} " + " ".join(marks))
        lines.append("   " + " ".join(f" {chr(ord('a') + c)}" for c in range(size)))
        piles = ", ".join(
            f"{p['pile']}: {p['size']} (top {p['top'] or '-'})" for p in view["piles"]
        )
        lines.append(f"piles {piles}")
        if view["result"] is not None:
            lines.append(f"result: {view['result']['reason']}")
        else:
            lines.append("to act: " + ", ".join(view["seats"][s] for s in view["to_act"]))
        return "\n".join(lines)
