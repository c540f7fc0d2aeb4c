"""Small helpers for the Regulator Chess tests."""

from __future__ import annotations

from regalia.games.regulator import GAME, RegulatorState, coordinate, read_fen


def moves(fen: str) -> set[str]:
    """Coordinate forms of the legal moves of the position `fen`."""
    return {coordinate(m) for m in read_fen(fen).legal_moves()}


def play(state: RegulatorState, *texts: str) -> RegulatorState:
    """Apply moves given in any notation, each by the side to move."""
    for text in texts:
        state = state.apply_text(state.turn, text)
    return state


def from_fen(fen: str) -> RegulatorState:
    return GAME.from_fen(fen)
