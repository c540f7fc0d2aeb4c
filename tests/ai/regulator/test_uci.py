"""The UCI-like protocol, driven in memory and once through the real command."""

from __future__ import annotations

import io
import subprocess
import sys

from regalia.ai.regulator.uci import UciSession


def session_output(*lines: str) -> list[str]:
    out = io.StringIO()
    UciSession(out).run(lines)
    return out.getvalue().splitlines()


def test_handshake() -> None:
    assert session_output("uci", "isready") == [
        "id name Regalia Regulator",
        "id author the Regalia authors",
        "uciok",
        "readyok",
    ]


def test_go_depth_reports_every_iteration_then_a_best_move() -> None:
    lines = session_output("position startpos moves c2c3 Nc5", "go depth 3")
    infos = [line for line in lines if line.startswith("info depth")]
    assert [line.split()[2] for line in infos] == ["1", "2", "3"]
    for word in ("score", "nodes", "nps", "pv"):
        assert f" {word} " in infos[-1]
    assert lines[-1].startswith("bestmove ")
    assert lines[-1].split()[1] == infos[-1].split(" pv ")[1].split()[0]


def test_finds_the_mate_in_2_from_a_fen() -> None:
    lines = session_output("position fen k4/5/2K2/5/5/5/4R w 1 0 1", "go depth 5")
    assert any(" score mate 2 " in line for line in lines)
    assert lines[-1] in {"bestmove c5b5", "bestmove c5c6"}


def test_nodes_and_movetime_limits() -> None:
    lines = session_output("position startpos", "go nodes 300", "go movetime 100")
    assert len([line for line in lines if line.startswith("bestmove")]) == 2


def test_no_legal_move_answers_none() -> None:
    lines = session_output("position fen k4/3N1/1K3/5/5/4P/5 b 1 0 1", "go depth 2")
    assert lines[-1] == "bestmove (none)"
    assert "score mate 0" in lines[-2]


def test_bad_commands_are_reported_and_the_session_goes_on() -> None:
    lines = session_output(
        "frobnicate",
        "position startpos moves z9",
        "position fen not a position",
        "position",
        "go depth",
        "go sideways 3",
        "go",
        "d",
    )
    errors = [line for line in lines if line.startswith("info string error: ")]
    assert len(errors) == 7
    assert lines[-1] == "info string fen bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 1 0 1"


def test_a_bad_move_list_leaves_the_position_unchanged() -> None:
    lines = session_output("position startpos moves c2c3", "position startpos moves b2b3 b2b3", "d")
    assert lines[-1] == "info string fen bnkbn/ppppp/5/5/2P2/PP1PP/BNKBN b 2 0 1"


def test_stop_ends_an_infinite_search_with_a_best_move() -> None:
    out = io.StringIO()
    session = UciSession(out)
    session.handle("position startpos")
    session.handle("go infinite")
    assert session.handle("go depth 2")  # refused, not fatal
    session.handle("stop")
    lines = out.getvalue().splitlines()
    assert any("send stop first" in line for line in lines)
    assert lines[-1].startswith("bestmove ")
    assert not session.handle("quit")


def test_the_command_line_engine_speaks_the_protocol() -> None:
    script = "uci\nisready\nposition startpos\ngo depth 3\nquit\n"
    done = subprocess.run(
        [sys.executable, "-m", "regalia", "engine", "regulator"],
        input=script,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    lines = done.stdout.splitlines()
    assert lines[:4] == [
        "id name Regalia Regulator",
        "id author the Regalia authors",
        "uciok",
        "readyok",
    ]
    assert any(line.startswith("bestmove ") for line in lines)


def test_new_game_during_an_infinite_search_is_refused_not_hung() -> None:
    out = io.StringIO()
    session = UciSession(out)
    session.handle("go infinite")
    session.handle("ucinewgame")
    session.handle("stop")
    lines = out.getvalue().splitlines()
    assert any("send stop first" in line for line in lines)
    assert lines[-1].startswith("bestmove ")
