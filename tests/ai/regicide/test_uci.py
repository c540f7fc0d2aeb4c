"""`regalia engine regicide` driven line by line: UCI for the seat to move of a four-seat game.

Positions are Regicide's position text, moves its coordinates (`pass` included); `go` searches
for the seat to move, `wtime` is the clock of Yellow and Red, `btime` that of Green and Blue.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from regalia.games.regicide.notation import parse
from regalia.games.regicide.position import Position
from regalia.games.regicide.text import from_text
from tests.ai.uci_pipe import Pipe

# Yellow has lost its king and has no capture: its one move is to pass (C12).
KINGLESS = "Y:Pb4:0/G:Kg1/R:Ko8/B:Kh14 Y - Y - 0 1"


@pytest.fixture(scope="module")
def engine() -> Iterator[Pipe]:
    pipe = Pipe("regicide")
    yield pipe
    pipe.close()


def best(lines: list[str], pos: Position) -> str:
    assert lines[-1].startswith("bestmove ")
    move = lines[-1].split()[1]
    parse(pos, move)  # legal for the seat to move
    return move


def after(*moves: str) -> Position:
    pos = Position.start()
    for move in moves:
        pos.push(parse(pos, move))
    return pos


def test_handshake(engine: Pipe) -> None:
    lines = engine.ask("uci", until="uciok")
    assert lines[0] == "id name Regalia Regicide"
    assert "option name UCI_Variant type combo default regicide var regicide" in lines


def test_go_answers_for_the_seat_to_move(engine: Pipe) -> None:
    lines = engine.ask("position startpos moves b4d4", "go depth 2")
    assert any(line.startswith("info depth 2 ") for line in lines)
    best(lines, after("b4d4"))  # Green's move
    lines = engine.ask("position startpos moves b4d4 g2g4", "go nodes 1500")
    best(lines, after("b4d4", "g2g4"))  # Red's
    assert " nodes 1500 " in lines[-2]


def test_a_forced_pass_is_the_best_move(engine: Pipe) -> None:
    lines = engine.ask(f"position fen {KINGLESS}", "go depth 3")
    assert best(lines, from_text(KINGLESS)) == "pass"


@pytest.mark.parametrize(
    ("moves", "clocks"),
    [
        ("", "wtime 30 btime 600000"),  # Yellow: the light team's clock
        ("b4d4", "wtime 600000 btime 30"),  # Green: the dark team's
        ("b4d4 g2g4", "wtime 30 btime 600000"),  # Red: light again
    ],
)
def test_the_clock_of_the_team_to_move_is_the_one_spent(
    engine: Pipe, moves: str, clocks: str
) -> None:
    # 1/30 of 600 s would be 20 s; 1/30 of 30 ms answers at once.
    engine.send(f"position startpos moves {moves}".strip(), f"go {clocks}")
    best(engine.until("bestmove", within=10.0), after(*moves.split()))


def test_stop_and_isready_while_searching(engine: Pipe) -> None:
    engine.send("position startpos", "go infinite", "isready")
    assert not any(line.startswith("bestmove") for line in engine.until("readyok"))
    best(engine.ask("stop"), Position.start())


def test_skill_level_plays_a_weaker_level(engine: Pipe) -> None:
    lines = engine.ask("setoption name Skill Level value 7", "position startpos", "go depth 2")
    assert "info string playing as the greedy level" in lines
    best(lines, Position.start())
    engine.send("setoption name Skill Level value 20")
