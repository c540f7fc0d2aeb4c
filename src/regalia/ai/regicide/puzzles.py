"""Regicide's puzzle hook: its position texts and themes.

- kingCapture (ours): the solution takes an opponent's king (C10: kings are captured);
- hangingPiece: the first move takes a piece that no opponent can take back on its square
  with its next move;
- fork: the first move is quiet and the team's next move in the line takes a piece.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

from regalia.core.game import State
from regalia.games.regicide.moves import KING, target
from regalia.games.regicide.state import RegicideState
from regalia.games.regicide.text import to_text
from regalia.puzzles.hook import PuzzleHook


class RegicidePuzzles(PuzzleHook):
    min_ply = 12
    shipped = ("regalia.ai.regicide", "puzzles.jsonl")
    theme_titles = MappingProxyType({"kingCapture": "king capture"})
    verify_depth = 4  # four seats: depth 5 costs about 80 ms a position, 4 about 15

    def position_text(self, state: State[Any]) -> str:
        assert isinstance(state, RegicideState)
        return to_text(state.position)

    def is_capture(self, state: State[Any], action: Any) -> bool:
        assert isinstance(state, RegicideState)
        return bool(state.position.captured_kind(action))

    def themes(self, state: State[Any], line: Sequence[Any]) -> list[str]:
        assert isinstance(state, RegicideState)
        found: set[str] = set()
        current = state
        for index, move in enumerate(line):
            if index % 2 == 0 and current.position.captured_kind(move) == KING:
                found.add("kingCapture")
            current = current.apply(sorted(current.to_act())[0], move)
        first = line[0]
        taken = state.position.captured_kind(first)
        if taken and taken != KING:
            after = state.apply(sorted(state.to_act())[0], first)
            if after.result() is None and after.to_act():
                seat = sorted(after.to_act())[0]
                if not any(target(m) == target(first) for m in after.legal_actions(seat)):
                    found.add("hangingPiece")
        if len(line) >= 3 and not taken:
            mid = state.apply(sorted(state.to_act())[0], first)
            mid = mid.apply(sorted(mid.to_act())[0], line[1])
            if mid.position.captured_kind(line[2]):
                found.add("fork")
        return sorted(found)


HOOK = RegicidePuzzles()
