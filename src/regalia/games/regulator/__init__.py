"""Regulator Chess (seed 003, rules R1–R13): 5x7 chess with a regulator track.

Layers, each in its own module: `board` (squares, tables), `position` (fast mutable
position with push/pop and legal move generation), `fen` (R12), `notation` (R13),
`record` (PGN-like records), `perft`, and `game` (`GAME`, the core contract).
"""

from regalia.games.regulator.fen import START_FEN, read_fen, write_fen
from regalia.games.regulator.game import GAME, RegulatorGame, RegulatorState
from regalia.games.regulator.notation import coordinate, parse_move, san
from regalia.games.regulator.position import Position, make_move

__all__ = [
    "GAME",
    "START_FEN",
    "Position",
    "RegulatorGame",
    "RegulatorState",
    "coordinate",
    "make_move",
    "parse_move",
    "read_fen",
    "san",
    "write_fen",
]
