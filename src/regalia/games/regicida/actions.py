"""Regicida actions and their text form (see docs/rules/regicida.md).

Numbers in text are 1-based (piles 1-3, seats 1-n); fields are 0-based like core seats.
Cells are named on the grid of the current phase: the 11×11 canvas during Expansion, the
final 6×6 grid during Intrigue.
"""

from __future__ import annotations

from dataclasses import dataclass

from regalia.core.errors import BadNotation
from regalia.games.regicida.board import Cell, cell_name, parse_cell
from regalia.games.regicida.verdict import Target


@dataclass(frozen=True, slots=True)
class Place:
    """H3: take the top token of `pile` and put it on `cell`."""

    pile: int
    cell: Cell


@dataclass(frozen=True, slots=True)
class Split:
    """H4: split `pile`; its lower half becomes the pile that just ran out."""

    pile: int


@dataclass(frozen=True, slots=True)
class Swap:
    """H5: swap the tokens on `first` and `second`, then turn the one now on `flip` dark.

    `first` comes before `second` in reading order, so each swap has one form.
    """

    first: Cell
    second: Cell
    flip: Cell


@dataclass(frozen=True, slots=True)
class Pass:
    """H5: an Intrigue turn with no pair of adjacent light tokens."""


@dataclass(frozen=True, slots=True)
class Vote:
    """H8: a secret vote for another seat, or for the Neutral Player (None)."""

    target: Target


Action = Place | Split | Swap | Pass | Vote


def make_swap(a: Cell, b: Cell, flip: Cell) -> Swap:
    first, second = sorted((a, b))
    return Swap(first, second, flip)


def encode(action: Action) -> str:
    if isinstance(action, Place):
        return f"place {action.pile + 1} {cell_name(action.cell)}"
    if isinstance(action, Split):
        return f"split {action.pile + 1}"
    if isinstance(action, Swap):
        first, second, flip = (cell_name(c) for c in (action.first, action.second, action.flip))
        return f"swap {first} {second} flip {flip}"
    if isinstance(action, Pass):
        return "pass"
    return "vote neutral" if action.target is None else f"vote {action.target + 1}"


def _number(text: str, what: str, top: int) -> int:
    if not text.isdigit() or not 1 <= int(text) <= top:
        # One whole sentence per kind of number, so each translates as a whole.
        if what == "pile":
            message = f"pile {text!r} should be a number 1-{top}"
        else:
            message = f"seat {text!r} should be a number 1-{top}"
        raise BadNotation(message)
    return int(text) - 1


_FORMS = "place P CELL, split P, swap CELL CELL flip CELL, pass, vote N or vote neutral"


def parse(text: str, grid_size: int, players: int) -> Action:
    """Read an action's text; only the form is checked here, legality by the state."""
    words = text.strip().lower().split()
    if not words:
        raise BadNotation(f"empty action; write one of: {_FORMS}")
    verb, args = words[0], words[1:]
    if verb == "place" and len(args) == 2:
        return Place(_number(args[0], "pile", 3), parse_cell(args[1], grid_size))
    if verb == "split" and len(args) == 1:
        return Split(_number(args[0], "pile", 3))
    if verb == "swap" and len(args) == 4 and args[2] == "flip":
        a, b, flip = (parse_cell(args[i], grid_size) for i in (0, 1, 3))
        if flip not in (a, b):
            raise BadNotation(f"swap: flip {args[3]} must be one of the two swapped cells")
        return make_swap(a, b, flip)
    if verb == "pass" and not args:
        return Pass()
    if verb == "vote" and len(args) == 1:
        if args[0] == "neutral":
            return Vote(None)
        return Vote(_number(args[0], "seat", players))
    raise BadNotation(f"{text.strip()!r} is not an action; write one of: {_FORMS}")
