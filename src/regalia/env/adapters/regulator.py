"""Regulator Chess as numbers: coordinate moves and 23 planes of 7 ranks × 5 files.

Planes are seen from the observer's side: row 0 is the observer's own back rank (White's
rank 1, Black's rank 7), columns are files a–e. Layout in docs/env.md; the plane numbers are
in `regulator_planes`, which writes them fast from the engine position.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from regalia.core.game import Seat, State
from regalia.env.adapter import Adapter, Planes
from regalia.env.adapters.regulator_planes import (
    CHECK,
    HALFMOVE,
    MINE,
    MY_TURN,
    PLANES,
    RANKS,
    REGULATOR,
    SIZE,
    THEIRS,
    WHITE,
    write_planes,
)
from regalia.env.vocabulary import Vocabulary, chess_moves

FILES = "abcde"
PIECES = "PNBRQK"

SQUARES = [(f"{f}{r + 1}", i, r) for r in range(RANKS) for i, f in enumerate(FILES)]
VOCABULARY = chess_moves(SQUARES, [f"{f}{r}" for f in FILES for r in (1, RANKS)])

_SHAPE = (PLANES, RANKS, len(FILES))
_FLOAT32 = np.dtype(np.float32)


class RegulatorAdapter(Adapter):
    game_name = "regulator"
    stateless_encode = True  # an action's text is its coordinates

    @property
    def vocabulary(self) -> Vocabulary:
        return VOCABULARY

    @property
    def obs_shape(self) -> tuple[int, ...]:
        return (PLANES, RANKS, len(FILES))

    def planes(self, view: Mapping[str, Any], seat: Seat) -> Planes:
        out = np.zeros(self.obs_shape, dtype=np.float32)
        # view["board"] lists ranks 7 down to 1; White upper case, Black lower case.
        for line, text in enumerate(view["board"]):
            rank = RANKS - 1 - line
            row = rank if seat == 0 else RANKS - 1 - rank
            for file, letter in enumerate(text):
                if letter == ".":
                    continue
                white = letter.isupper()
                base = MINE if white == (seat == 0) else THEIRS
                out[base + PIECES.index(letter.upper()), row, file] = 1.0
        out[REGULATOR + view["regulator"] - 1] = 1.0
        out[MY_TURN] = float(seat in view["to_act"])
        out[WHITE] = float(seat == 0)
        out[HALFMOVE] = min(view["halfmove"], 100) / 100
        out[CHECK] = float(view["check"])
        return out

    def observe(self, state: State[Any], seat: Seat) -> Planes:
        """`planes(state.view(seat), seat)` built from the engine position: a game of perfect
        information has nothing to hide, and this skips the view's FEN, SAN and move lists."""
        out = np.zeros(SIZE, _FLOAT32)  # flat, then shaped in place: a third of the cost
        position = state._position  # type: ignore[attr-defined]  # RegulatorState's own
        write_planes(out, position, seat, seat in state.to_act())
        out.shape = _SHAPE
        return out

    def observation_text(self, view: Mapping[str, Any], seat: Seat | None) -> str:
        """The FEN: board, side to move, regulator space and the move counters."""
        return str(view["fen"])

    def history_text(self, view: Mapping[str, Any], seat: Seat | None) -> str:
        """The start position's FEN, then every move in SAN."""
        return " ".join([f"[{view['start_fen']}]", *view["history"]])

    def render(self, view: Mapping[str, Any]) -> str:
        lines = [f"{RANKS - i} {' '.join(text)}" for i, text in enumerate(view["board"])]
        lines.append("  " + " ".join(FILES))
        lines.append(f"regulator on space {view['regulator']}; FEN {view['fen']}")
        if view["result"] is not None:
            lines.append(f"result: {view['result']['reason']}")
        else:
            lines.append(f"{'White' if view['turn'] == 0 else 'Black'} to move")
        return "\n".join(lines)
