"""What a game tells the puzzle miner about itself (`Game.puzzles`)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from regalia.core.errors import BadNotation
from regalia.core.game import Game, State
from regalia.core.registry import load_ref
from regalia.puzzles.follow import Step, follow

if TYPE_CHECKING:
    from regalia.puzzles.mine import Puzzle


@dataclass(frozen=True, slots=True)
class Shown:
    """What the client receives of a stored puzzle, before it is answered."""

    position: str  # the position text sent (a game may keep its own stored text secret)
    state: State[Any]  # the state whose spectator view (`view(None)`) the page draws
    # (encode, English words) of each answer to offer; None: the state's legal moves
    choices: list[tuple[str, str]] | None = None


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
    # How a puzzle is answered: "line" — the solver plays the solution's line move by move
    # on the board (regalia.puzzles.follow); "choice" — one pick among the board's `legal`
    # (a game of hidden information asks who holds what), the question in `question`'s
    # English words (the pages translate it). A game answered otherwise overrides `shown`,
    # `follow`, `play`, `mine` and `problems` below; the shared layers call only these.
    answer: ClassVar[str] = "line"
    question: ClassVar[str] = ""

    def shown(self, game: Game[Any], position: str) -> Shown:
        """What the client gets of a stored puzzle's `position` before it is answered: by
        default the position itself and the board of the side to move."""
        return Shown(position, game.from_position(position))

    def follow(
        self, game: Game[Any], position: str, solution: Sequence[str], moves: Sequence[str]
    ) -> Step:
        """What the solver's `moves` so far earn against `solution` (NotAMove when they do
        not read); by default the line is followed move by move (regalia.puzzles.follow)."""
        return follow(game, position, solution, moves)

    def play(self, game: Game[Any], seed: int, nodes: int) -> list[State[Any]]:
        """One seeded self-play game to mine, every state from its start: by default the
        analysing level against itself (regalia.puzzles.selfplay)."""
        from regalia.puzzles.selfplay import selfplay

        return selfplay(game, seed, nodes)

    def mine(self, states: Iterable[State[Any]], source: str, nodes: int) -> Iterator[Puzzle]:
        """The puzzles among one game's states, in order: by default the positions where
        one move alone keeps a decisive advantage (regalia.puzzles.mine)."""
        from regalia.puzzles.mine import mine_states

        return mine_states(states, source, nodes)

    def problems(self, game: Game[Any], puzzle: Mapping[str, Any]) -> list[str] | None:
        """Why a mined puzzle is none, by the game's own check (empty: it is one); None:
        the shared second search decides (regalia.puzzles.verify)."""
        return None

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
