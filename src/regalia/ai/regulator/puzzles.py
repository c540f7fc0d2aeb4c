"""Regulator Chess's puzzle hook: FEN-like position texts and its themes.

- hangingPiece: the first move takes a piece that the opponent cannot take back on its square;
- regulatorShift (ours): a solver's move changes the regulator's power band (R5, R6), so the
  minor pieces' moves change with it (a pawn push that gives bishops knight leaps, a capture
  that takes them away);
- fork: the first move is quiet and the next solver move takes a piece other than the one
  the opponent's reply moved (two targets were attacked at once).
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

from regalia.core.game import State
from regalia.games.regulator.game import RegulatorState, powers
from regalia.puzzles.hook import PuzzleHook


def _to(move: int) -> int:
    return move >> 6 & 63


class RegulatorPuzzles(PuzzleHook):
    shipped = ("regalia.ai.regulator", "puzzles.jsonl")
    theme_titles = MappingProxyType({"regulatorShift": "regulator shift"})

    def position_text(self, state: State[Any]) -> str:
        assert isinstance(state, RegulatorState)
        return str(state.fen)

    def is_capture(self, state: State[Any], action: Any) -> bool:
        assert isinstance(state, RegulatorState)
        return bool(state.position().is_capture(action))

    def themes(self, state: State[Any], line: Sequence[Any]) -> list[str]:
        assert isinstance(state, RegulatorState)
        found: set[str] = set()
        current = state
        for index, move in enumerate(line):
            pos = current.position()
            if index % 2 == 0 and powers(pos.regulator) != powers(pos.regulator_after(move)):
                found.add("regulatorShift")
            current = current.apply(sorted(current.to_act())[0], move)
        first = line[0]
        pos = state.position()
        if pos.is_capture(first) and pos.captured_piece(first) > 1:
            after = state.apply(sorted(state.to_act())[0], first)
            if after.result() is None:
                recaptures = [m for m in after.legal_actions(sorted(after.to_act())[0])
                              if _to(m) == _to(first)]  # fmt: skip
                if not recaptures:
                    found.add("hangingPiece")
        if len(line) >= 3 and not pos.is_capture(first):
            mid = state.apply(sorted(state.to_act())[0], first)
            mid = mid.apply(sorted(mid.to_act())[0], line[1])
            third = line[2]
            if mid.position().is_capture(third) and _to(third) != _to(line[1]):
                found.add("fork")
        return sorted(found)


HOOK = RegulatorPuzzles()
