"""Shared fixtures for the Regicida tests: a hand-worked board and position builders."""

from __future__ import annotations

from dataclasses import replace

from regalia.core.seeds import Rng
from regalia.games.regicida import GAME, RegicidaState
from regalia.games.regicida.board import parse_board
from regalia.games.regicida.rules import Phase, Position, deal

# Hand-worked in test_scoring.py: per House the clusters, inner and border counts, and the
# same counted over light tokens only (dark tokens: a4 1D, b5 2D, c6 3D, d6 4D, f6 6D).
BOARD_TEXT = """\
1L 1L 2L 2L 3L 3L
1L 4L 2L 5L 3L 6L
4L 4L 5L 5L 6L 6L
1D 2L 3L 4L 5L 6L
1L 2D 3L 4L 5L 6L
1L 2L 3D 4D 5L 6D
"""
BOARD = parse_board(BOARD_TEXT)


def state_of(pos: Position) -> RegicidaState:
    """A state at a hand-built position (no seed replays it, so it has no record)."""
    return RegicidaState(GAME, None, pos, ())


def voting_position(identities: tuple[int, ...], objective: str = "central") -> Position:
    """The Assassination over BOARD with Line of Succession 1..6 and the given Identities."""
    pos = deal(0, len(identities), objective)
    unused = tuple(h for h in range(1, 7) if h not in identities)
    return replace(
        pos,
        identities=identities,
        unused=unused,
        succession=(1, 2, 3, 4, 5, 6),
        piles=((), (), ()),
        board=BOARD,
        phase=Phase.ASSASSINATION,
        intrigues=(3,) * len(identities),
    )


def random_game(seed: int, players: int, **options: object) -> list[RegicidaState]:
    """Every state of one random game, from the deal to the verdict."""
    rng = Rng(seed)
    state = GAME.new(seed, players, **options)
    states = [state]
    while not state.is_over():
        seat = rng.choice(sorted(state.to_act()))
        state = state.apply(seat, rng.choice(list(state.legal_actions(seat))))
        states.append(state)
    return states
