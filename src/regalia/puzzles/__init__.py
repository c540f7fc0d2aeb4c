"""Puzzles: positions cut from finished games where exactly one move keeps a decisive
advantage, each step of the solution checked unique by a multi-line search.

Shared code: no game is named here. A game takes part through its descriptor's `puzzles`
hook ("package.module:HOOK", a `PuzzleHook`): how its positions are written and which of its
own themes a solution shows. The search is the game's analysing engine (`ai.analysis`).
"""

from regalia.puzzles.hook import PuzzleHook, hook_for
from regalia.puzzles.mine import Puzzle, mine_states

__all__ = ["Puzzle", "PuzzleHook", "hook_for", "mine_states"]
