"""`regalia engine regulator` driven line by line, as a match runner drives it.

What a GUI cannot check through python-chess (test_uci_gui.py): every form of `go` ends in a
`bestmove`, `isready` and `stop` are answered while a search runs (even with another `go`
queued behind it), a pondering search holds its `bestmove` until `ponderhit`, `nodes N`
stops at exactly N nodes, and the variant names and Fairy-Stockfish's FEN are accepted.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator

import pytest

from regalia.games.regulator.fen import read_fen
from regalia.games.regulator.notation import parse_move
from tests.ai.uci_pipe import Pipe

FAIRY = "/usr/games/fairy-stockfish"
VARIANTS = "tests/games/regulator/data/variants.ini"
MATE_IN_2 = "k4/5/2K2/5/5/5/4R w 1 0 1"


@pytest.fixture(scope="module")
def engine() -> Iterator[Pipe]:
    pipe = Pipe("regulator")
    pipe.ask("uci", until="uciok")
    yield pipe
    pipe.close()


def best(lines: list[str], fen: str = "bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 1 0 1") -> str:
    """The `bestmove` of the answer, checked legal in `fen`."""
    assert lines[-1].startswith("bestmove ")
    move = lines[-1].split()[1]
    parse_move(read_fen(fen), move)
    return move


@pytest.mark.parametrize(
    "go",
    [
        "go wtime 3000 btime 3000 winc 10 binc 10 movestogo 40",
        "go wtime 300 btime 300 movestogo 1",
        "go btime 100",  # only the other side's clock: the default time per move
        "go depth 3 searchmoves a2a3 b2b3",
        "go searchmoves z9 nodes 500",  # an illegal move is left out
        "go mate 2",  # no mate from the start: it stops at its depth bound
        "go depth 0",
        "go nodes 0",
        "go",
        "go movetime 50",
        "go depth",
        "go sideways 3 depth 2",
    ],
)
def test_every_go_ends_in_a_bestmove(engine: Pipe, go: str) -> None:
    lines = engine.ask("position startpos", go)
    move = best(lines)
    if "searchmoves a2a3" in go:
        assert move in {"a2a3", "b2b3"}


@pytest.mark.parametrize("go", ["go infinite", "go ponder", "go ponder movetime 100000"])
def test_an_unbounded_go_ends_in_a_bestmove_at_stop(engine: Pipe, go: str) -> None:
    engine.send("position startpos", go, "isready")
    # Answered at once while it searches, with no bestmove before it.
    lines = engine.until("readyok")
    assert not any(line.startswith("bestmove") for line in lines)
    best(engine.ask("stop"))


def test_isready_is_answered_at_once_behind_a_queued_search(engine: Pipe) -> None:
    engine.send("position startpos", "go infinite", "go depth 40", "isready")
    lines = engine.until("readyok", within=5.0)
    assert not any(line.startswith("bestmove") for line in lines)
    engine.send("stop")  # stops both: each answers
    best(engine.until("bestmove"))
    best(engine.until("bestmove"))
    assert engine.ask("isready", until="readyok")[-1] == "readyok"


def test_a_pondering_search_answers_only_after_ponderhit(engine: Pipe) -> None:
    engine.send("position startpos moves c2c3", "go ponder depth 2", "isready")
    # depth 2 takes milliseconds, but the bestmove waits for the GUI's word.
    lines = engine.until("readyok")
    assert not any(line.startswith("bestmove") for line in lines)
    lines = engine.ask("ponderhit")
    assert lines[-1].split()[0] == "bestmove"
    # ponderhit starts the search's own clock: movetime counts from there.
    engine.send("position startpos", "go ponder movetime 200", "isready")
    engine.until("readyok")
    best(engine.ask("ponderhit"))


def test_go_mate_finds_the_mate_and_stops(engine: Pipe) -> None:
    lines = engine.ask(f"position fen {MATE_IN_2}", "go mate 2")
    assert any(" score mate 2 " in line for line in lines)
    assert best(lines, MATE_IN_2) in {"c5b5", "c5c6"}


@pytest.mark.parametrize("nodes", [1, 777, 5000, 5000])  # the second 5000: a warm table
def test_go_nodes_stops_at_exactly_that_many_nodes(engine: Pipe, nodes: int) -> None:
    lines = engine.ask("position startpos", f"go nodes {nodes}")
    best(lines)
    assert f" nodes {nodes} " in lines[-2]  # the totals, before the bestmove
    counts = [int(line.split(" nodes ")[1].split()[0]) for line in lines if " nodes " in line]
    assert max(counts) == nodes


def test_setoption_debug_register_and_multipv(engine: Pipe) -> None:
    engine.send(
        "debug on",
        "register later",
        "setoption name Hash value 16",
        "setoption name Threads value 1",
        "setoption name Clear Hash",
        "setoption name Ponder value true",
        "setoption name MultiPV value 3",
        "ucinewgame",
    )
    lines = engine.ask("position startpos", "go depth 3")
    best(lines)
    assert not any("error" in line for line in lines)
    assert "info string go read as Limits(depth=3, nodes=None, seconds=None" in lines[0]
    depth3 = [line.split() for line in lines if line.startswith("info depth 3 ")]
    assert [line[line.index("multipv") + 1] for line in depth3] == ["1", "2", "3"]
    assert len({line[line.index("pv") + 1] for line in depth3}) == 3  # three different moves
    cp = [int(line[line.index("cp") + 1]) for line in depth3]
    assert cp == sorted(cp, reverse=True)
    for word in ("seldepth", "score", "nodes", "nps", "hashfull", "time", "pv"):
        assert word in depth3[0]
    lines = engine.ask("setoption name Threads value 2", "isready", until="readyok")
    assert lines[0].startswith("info string error: Threads 2 is outside 1..1")
    engine.send("setoption name MultiPV value 1", "debug off")


def fairy_variant_line() -> str:
    if shutil.which(FAIRY) is None:
        pytest.fail(f"{FAIRY} is missing: install the Debian package fairy-stockfish")
    fairy = Pipe("fairy", [FAIRY])
    try:
        fairy.send(f"setoption name VariantPath value {VARIANTS}")
        lines = fairy.ask("setoption name UCI_Variant value regulator2", until="info string")
        return lines[-1]
    finally:
        fairy.close()


def test_the_fairy_stockfish_variants_and_their_fen_are_accepted(engine: Pipe) -> None:
    line = engine.ask("setoption name UCI_Variant value regulator2", until="info string")[-1]
    assert line == fairy_variant_line()
    start = line.split(" startpos ")[1]
    assert start == "bnkbn/ppppp/5/5/5/PPPPP/BNKBN w - - 0 1"
    # Fairy-Stockfish's FEN carries no regulator space: it is the variant's (range 3-5: 3).
    lines = engine.ask(f"position fen {start} moves e2e3", "d", until="info string fen")
    assert lines[-1] == "info string fen bnkbn/ppppp/5/5/4P/PPPP1/BNKBN b 4 0 1"
    best(engine.ask("go depth 2"), "bnkbn/ppppp/5/5/4P/PPPP1/BNKBN b 4 0 1")
    # Our own FEN is read under any variant; ours is the default again after this.
    engine.send("setoption name UCI_Variant value regulator")
    lines = engine.ask(f"position fen {start}", "d", until="info string fen")
    assert lines[-1] == "info string fen bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 1 0 1"
