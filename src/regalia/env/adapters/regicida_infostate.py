"""Regicida's information-state tensor: one seat's perfect-recall knowledge in a fixed size.

A header (the seat, the player count, the seat's own House, the Objective, the Line of
Succession, each pile's top now, and the Identities once revealed) and one slot per action
of the game so far, in order, as the seat's view lists them (`view["history"]`): who acted
and what, a placement's pile, cell and the House it showed, a split's pile, a swap's pair
and flipped cell, a pass, a vote's target or, for a vote not yet revealed, that one was
cast. Slots past the history stay zero (a slot is in use when its actor is set). Together
with the tops the history fixes every fact the seat has seen: a top stays on top until it
is placed, when its House enters the history. Layout in docs/env.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from regalia.core.game import Seat
from regalia.env.adapter import Planes

HOUSES = 6
SEATS = 6
PILES = 3
CANVAS = 11
GRID = 6
OBJECTIVES = ("united", "divide", "central", "borders")

# The header.
SEAT = 0  # + seat
PLAYERS = 6  # + players - 2
IDENTITY = 11  # + House - 1: the seat's own House
OBJECTIVE = 17  # + index in OBJECTIVES
SUCCESSION = 21  # + 6 * place + House - 1
TOPS = 57  # + 6 * pile + House - 1: that pile's top token now
REVEAL = 75  # + 6 * seat + House - 1: each seat's House, once the game is over
HEADER = 111

# One slot of the history, at HEADER + SLOT * index.
ACTOR = 0  # + seat
PLACE_PILE = 6  # + pile - 1
PLACE_ROW = 9  # + canvas row
PLACE_COL = 20  # + canvas column
PLACE_HOUSE = 31  # + House - 1: the token placed
SPLIT = 37  # + pile - 1
SWAP_ROW = 40  # + grid row of the pair's first cell (reading order)
SWAP_COL = 46  # + its column
SWAP_DOWN = 52  # 0: the second cell is to the right, 1: below
FLIP = 54  # 0: the first cell is turned dark, 1: the second
PASS = 56
VOTE_HIDDEN = 57  # a vote cast, its target not yet revealed
VOTE = 58  # + target seat; + 6: the Neutral Player
SLOT = 65


def size(slots: int) -> int:
    return HEADER + SLOT * slots


def _cell(name: str) -> tuple[int, int]:
    return int(name[1:]) - 1, ord(name[0]) - ord("a")


def encode(
    out: Planes,
    seat: Seat,
    players: int,
    *,
    identity: int | None,
    objective: str | None,
    succession: Sequence[int],
    tops: Sequence[int | None] = (),
    reveal: Sequence[int] = (),
    history: Sequence[Mapping[str, Any]] = (),
) -> Planes:
    """Write the tensor into `out` (zeros, of `size(slots)`); returns it."""
    out[SEAT + seat] = 1.0
    out[PLAYERS + players - 2] = 1.0
    if identity is not None:
        out[IDENTITY + identity - 1] = 1.0
    if objective is not None:
        out[OBJECTIVE + OBJECTIVES.index(objective)] = 1.0
    for place, house in enumerate(succession):
        out[SUCCESSION + HOUSES * place + house - 1] = 1.0
    for pile, top in enumerate(tops):
        if top is not None:
            out[TOPS + HOUSES * pile + top - 1] = 1.0
    for other, held in enumerate(reveal):
        out[REVEAL + HOUSES * other + held - 1] = 1.0
    slots = (len(out) - HEADER) // SLOT
    if len(history) > slots:
        raise ValueError(f"{len(history)} actions do not fit in {slots} slots")
    for index, item in enumerate(history):
        base = HEADER + SLOT * index
        out[base + ACTOR + item["seat"]] = 1.0
        verb, *words = str(item["action"]).split()
        if verb == "place":
            row, col = _cell(words[1])
            out[base + PLACE_PILE + int(words[0]) - 1] = 1.0
            out[base + PLACE_ROW + row] = 1.0
            out[base + PLACE_COL + col] = 1.0
            out[base + PLACE_HOUSE + int(item["house"]) - 1] = 1.0
        elif verb == "split":
            out[base + SPLIT + int(words[0]) - 1] = 1.0
        elif verb == "swap":  # swap X Y flip Z, X first in reading order
            (row, col), (row2, _col2) = _cell(words[0]), _cell(words[1])
            out[base + SWAP_ROW + row] = 1.0
            out[base + SWAP_COL + col] = 1.0
            out[base + SWAP_DOWN + int(row2 != row)] = 1.0
            out[base + FLIP + int(words[3] == words[1])] = 1.0
        elif verb == "pass":
            out[base + PASS] = 1.0
        elif not words:  # another seat's vote, before the reveal
            out[base + VOTE_HIDDEN] = 1.0
        else:
            target = SEATS if words[0] == "neutral" else int(words[0]) - 1
            out[base + VOTE + target] = 1.0
    return out


def from_view(view: Mapping[str, Any], seat: Seat, slots: int) -> Planes:
    """The tensor of `seat` from its own view alone."""
    reveal = view["reveal"]
    return encode(
        np.zeros(size(slots), np.float32),
        seat,
        int(view["players"]),
        identity=view["identity"],
        objective=view["objective"]["key"],
        succession=view["succession"],
        tops=[item["top"] for item in view["piles"]],
        reveal=reveal["identities"] if reveal is not None else (),
        history=view["history"],
    )
