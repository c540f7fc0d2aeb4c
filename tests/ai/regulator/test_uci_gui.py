"""`regalia engine regulator` driven by python-chess's `chess.engine`, as a GUI drives it.

python-chess's boards are 8x8 chess, so the GUI side needs a board that knows Regulator
Chess: `RegulatorBoard` is the little a GUI adds for a variant (what python-chess's own
`chess.variant` boards do): its FEN, its moves and its `uci_variant`. Everything else —
the handshake, options, `isready`, `position`, `go` with each limit, the parsing of `info`
and `bestmove`, pondering — is python-chess's own code.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import chess
import chess.engine
import pytest

from regalia.ai import ratings
from regalia.core.errors import RegaliaError
from regalia.games.regulator.fen import START_FEN, read_fen, write_fen
from regalia.games.regulator.notation import coordinate, parse_move

COMMAND = [sys.executable, "-m", "regalia", "engine", "regulator"]
MATE_IN_2 = "k4/5/2K2/5/5/5/4R w 1 0 1"


class RegulatorBoard(chess.Board):
    """A Regulator Chess position behind the few Board methods chess.engine calls."""

    uci_variant = "regulator"

    def __init__(self, fen: str | None = START_FEN, *, chess960: bool = False) -> None:
        super().__init__(None)
        self.start = fen or START_FEN
        self.position = read_fen(self.start)
        self.turn = self.position.turn == 0

    def fen(self, **_: Any) -> str:
        return write_fen(self.position)

    def root(self) -> RegulatorBoard:
        return RegulatorBoard(self.start)

    def copy(self, *, stack: bool | int = True) -> RegulatorBoard:  # type: ignore[override]
        if not stack:
            return RegulatorBoard(self.fen())
        board = RegulatorBoard(self.start)
        for move in self.move_stack:
            board.push(move)
        return board

    def parse_uci(self, uci: str) -> chess.Move:
        try:
            return chess.Move.from_uci(coordinate(parse_move(self.position, uci)))
        except RegaliaError as exc:
            raise chess.IllegalMoveError(str(exc)) from None

    def push(self, move: chess.Move) -> None:
        self.position.push(parse_move(self.position, move.uci()))
        self.move_stack.append(move)
        self.turn = self.position.turn == 0

    def push_uci(self, uci: str) -> chess.Move:
        move = self.parse_uci(uci)
        self.push(move)
        return move

    def pop(self) -> chess.Move:
        self.position.pop()
        self.turn = self.position.turn == 0
        return self.move_stack.pop()


@pytest.fixture(scope="module")
def engine() -> Iterator[chess.engine.SimpleEngine]:
    with chess.engine.SimpleEngine.popen_uci(COMMAND, timeout=30) as gui:
        yield gui


def test_handshake_and_options(engine: chess.engine.SimpleEngine) -> None:
    assert engine.id["name"] == "Regalia Regulator"
    options = engine.options
    assert options["Threads"].max == 1
    assert options["UCI_Variant"].var[0] == "regulator"
    assert options["UCI_Elo"].min < options["UCI_Elo"].max
    engine.configure({"Hash": 16, "Skill Level": 20, "Clear Hash": None})
    engine.ping()


def test_play_with_a_node_limit_counts_exactly(engine: chess.engine.SimpleEngine) -> None:
    board = RegulatorBoard()
    board.push_uci("c2c3")
    result = engine.play(board, chess.engine.Limit(nodes=3000), info=chess.engine.INFO_ALL)
    assert result.move is not None
    board.parse_uci(result.move.uci())  # legal
    assert result.info["nodes"] == 3000
    assert result.info["seldepth"] >= result.info["depth"] >= 1
    assert 0 <= result.info["hashfull"] <= 1000


def test_play_on_a_clock_with_moves_to_go_and_root_moves(engine: chess.engine.SimpleEngine) -> None:
    board = RegulatorBoard()
    limit = chess.engine.Limit(white_clock=2, black_clock=2, remaining_moves=40)
    assert engine.play(board, limit).move is not None
    root = [chess.Move.from_uci("a2a3"), chess.Move.from_uci("e2e3")]
    result = engine.play(board, chess.engine.Limit(depth=4), root_moves=root)
    assert result.move in root


def test_analyse_with_multipv_and_a_mate(engine: chess.engine.SimpleEngine) -> None:
    board = RegulatorBoard()
    lines = engine.analyse(board, chess.engine.Limit(depth=4), multipv=3)
    assert [info["multipv"] for info in lines] == [1, 2, 3]
    assert len({info["pv"][0] for info in lines}) == 3
    scores = [info["score"].relative.score() for info in lines]
    assert scores == sorted(scores, reverse=True)
    mate = engine.analyse(RegulatorBoard(MATE_IN_2), chess.engine.Limit(mate=2))
    assert mate["score"].relative == chess.engine.Mate(2)
    assert mate["pv"][0].uci() in {"c5b5", "c5c6"}


def test_analysis_runs_until_stopped(engine: chess.engine.SimpleEngine) -> None:
    with engine.analysis(RegulatorBoard()) as analysis:  # go infinite
        for info in analysis:
            if info.get("depth", 0) >= 6:
                break
    assert analysis.info["depth"] >= 6


def test_pondering_ends_in_ponderhit(engine: chess.engine.SimpleEngine) -> None:
    board = RegulatorBoard()
    limit = chess.engine.Limit(time=0.1)
    first = engine.play(board, limit, ponder=True, game="ponder")
    assert first.move is not None and first.ponder is not None
    board.push(first.move)
    board.push(first.ponder)  # the move it pondered on: python-chess sends ponderhit
    second = engine.play(board, limit, ponder=True, game="ponder")
    assert second.move is not None
    board.parse_uci(second.move.uci())


def test_limit_strength_plays_a_weaker_level(engine: chess.engine.SimpleEngine) -> None:
    second = ratings.ladder("regulator")[1]  # the second weakest level, at its own rating
    board = RegulatorBoard()
    result = engine.play(
        board,
        chess.engine.Limit(time=0.2),
        info=chess.engine.INFO_ALL,
        options={"UCI_LimitStrength": True, "UCI_Elo": second[1]},
    )
    assert result.move is not None
    assert result.info["string"] == f"playing as the {second[0]} level"
    engine.configure({"UCI_LimitStrength": False})
