"""Regicida: two to six hidden Houses build a grid, scheme, crown a Regent and vote (H1–H11).

Pure rules: no I/O, no clock. `GAME.new(seed, players, objective=...)` deals a state;
scoring helpers for agents live in `scoring` (objective scores, the Coronation ranking) and
`verdict` (the Assassination).
"""

from regalia.games.regicida.actions import Action, Pass, Place, Split, Swap, Vote
from regalia.games.regicida.board import Board, Token, parse_board
from regalia.games.regicida.game import GAME, RegicidaGame
from regalia.games.regicida.houses import HOUSES, OBJECTIVE_KEYS, OBJECTIVES
from regalia.games.regicida.rules import Phase
from regalia.games.regicida.scoring import HouseScore, coronation, objective_score
from regalia.games.regicida.state import RegicidaState
from regalia.games.regicida.verdict import Verdict, decide

__all__ = [
    "GAME",
    "HOUSES",
    "OBJECTIVES",
    "OBJECTIVE_KEYS",
    "Action",
    "Board",
    "HouseScore",
    "Pass",
    "Phase",
    "Place",
    "RegicidaGame",
    "RegicidaState",
    "Split",
    "Swap",
    "Token",
    "Verdict",
    "Vote",
    "coronation",
    "decide",
    "objective_score",
    "parse_board",
]
