"""What a game tells the puzzle miner about itself (`Game.puzzles`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

from regalia.core.errors import BadNotation
from regalia.core.game import Game, State
from regalia.core.registry import load_ref


class PuzzleHook:
    """A game's puzzle knowledge; subclasses override what they know."""

    # Plies from the start before a position may be a puzzle (openings are the book's).
    min_ply: int = 6
    # The starter set the server loads: (package, file name) of a JSONL resource of mined
    # and verified puzzles (`regalia puzzles mine`); None: the game ships none.
    shipped: tuple[str, str] | None = None
    # The depth of the second opinion's full-width search (regalia.puzzles.verify): as deep
    # as a shipped set's check stays within seconds.
    verify_depth: int = 6
    # The game's own themes in English words, {theme: title} (lichess's names are the
    # pages' own): GET /api/games sends them as `puzzle_themes`, the pages translate them.
    theme_titles: ClassVar[Mapping[str, str]] = MappingProxyType({})

    def position_text(self, state: State[Any]) -> str:
        """The position text that `Game.from_position` reads back as `state`."""
        raise NotImplementedError

    def is_capture(self, state: State[Any], action: Any) -> bool:
        """Whether `action` takes a piece (a quiet first move rates the puzzle higher)."""
        return False

    def themes(self, state: State[Any], line: Sequence[Any]) -> list[str]:
        """The game's own themes of the solution `line` (actions, solver's first) played
        from `state`: lichess's names where they apply (hangingPiece, fork), its own else."""
        return []


def hook_for(game: Game[Any]) -> PuzzleHook:
    """The game's puzzle hook; BadNotation when the game has no puzzles."""
    if not game.puzzles:
        raise BadNotation(f"{game.title} has no puzzles")
    found: PuzzleHook = load_ref(game.puzzles)
    return found
