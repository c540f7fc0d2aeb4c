"""The six Houses and the four Objectives: static facts of Regicida."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class House:
    number: int  # 1..6, the digit used in every notation
    name: str
    colour: str  # hex; mid-luminance so it reads on dark and on light backgrounds


HOUSES: Final = (
    House(1, "Drave", "#d1423b"),
    House(2, "Halvern", "#3b7dd8"),
    House(3, "Bearth", "#2f9e44"),
    House(4, "Gantis", "#e08e0b"),
    House(5, "Na'Ghar", "#9c4dcc"),
    House(6, "Avondale", "#0c9c9c"),
)
HOUSE_NUMBERS: Final = tuple(h.number for h in HOUSES)
TOKENS_PER_HOUSE: Final = 6


def house(number: int) -> House:
    return HOUSES[number - 1]


@dataclass(frozen=True, slots=True)
class Objective:
    key: str  # the option value
    title: str
    rule: str


OBJECTIVES: Final = (
    Objective("united", "United we are strong", "size of the House's largest cluster"),
    Objective("divide", "Divide to conquer", "number of the House's clusters"),
    Objective("central", "Central concentration", "its tokens in the inner 4×4"),
    Objective("borders", "Control of the borders", "its tokens on the outer ring of 20 cells"),
)
OBJECTIVE_KEYS: Final = tuple(o.key for o in OBJECTIVES)


def objective(key: str) -> Objective:
    for item in OBJECTIVES:
        if item.key == key:
            return item
    raise KeyError(key)
