"""The UCI-like protocol, driven in memory and once through the real command."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from regalia.ai import ratings
from regalia.ai.regulator.uci import UciSession


def session_output(*lines: str) -> list[str]:
    out = io.StringIO()
    UciSession(out).run(lines)
    return out.getvalue().splitlines()


def test_handshake() -> None:
    lines = session_output("uci", "isready")
    assert lines[:2] == ["id name Regalia Regulator", "id author the Regalia authors"]
    assert lines[-2:] == ["uciok", "readyok"]
    names = [line.split(" type ")[0].removeprefix("option name ") for line in lines[2:-2]]
    assert set(names) == {
        "Hash", "Clear Hash", "Threads", "MultiPV", "Ponder", "Skill Level",
        "UCI_Elo", "UCI_LimitStrength", "UCI_Variant",
    }  # fmt: skip
    assert "option name Threads type spin default 1 min 1 max 1" in lines


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
    assert lines[-1].split()[:2] in (["bestmove", "c5b5"], ["bestmove", "c5c6"])


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
        "setoption name Hash value lots",
        "setoption name Nonsense value 3",
        "go depth nodes 100",
        "go sideways 3 nodes 100",
        "d",
    )
    errors = [line for line in lines if line.startswith("info string error: ")]
    assert len(errors) == 8
    # A go it cannot wholly read still answers, with what it could read.
    assert len([line for line in lines if line.startswith("bestmove ")]) == 2
    assert lines[-1] == "info string fen bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 1 0 1"


def test_unknown_words_before_a_command_are_skipped() -> None:
    # UCI: "joho debug on" is "debug on"; here "please isready".
    assert session_output("please isready") == ["readyok"]


def test_a_bad_move_list_leaves_the_position_unchanged() -> None:
    lines = session_output("position startpos moves c2c3", "position startpos moves b2b3 b2b3", "d")
    assert lines[-1] == "info string fen bnkbn/ppppp/5/5/2P2/PP1PP/BNKBN b 2 0 1"


def test_stop_ends_an_infinite_search_and_the_go_queued_behind_it() -> None:
    out = io.StringIO()
    session = UciSession(out)
    session.handle("position startpos")
    session.handle("go infinite")
    assert session.handle("go depth 2")  # waits for the infinite search's end
    session.handle("stop")
    session.wait()
    lines = out.getvalue().splitlines()
    assert not any("error" in line for line in lines)
    assert len([line for line in lines if line.startswith("bestmove ")]) == 2
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
    assert lines[:2] == ["id name Regalia Regulator", "id author the Regalia authors"]
    assert lines.index("uciok") + 1 == lines.index("readyok")
    assert any(line.startswith("bestmove ") for line in lines)


def test_new_game_during_an_infinite_search_waits_for_stop_not_forever() -> None:
    out = io.StringIO()
    session = UciSession(out)
    session.handle("position startpos moves c2c3")
    session.handle("go infinite")
    session.handle("ucinewgame")
    session.handle("d")
    session.handle("stop")
    session.wait()
    lines = out.getvalue().splitlines()
    assert lines[-2].startswith("bestmove ")
    assert lines[-1] == "info string fen bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 1 0 1"


def test_currmove_lines_name_each_root_move_once_the_search_runs_long_enough() -> None:
    out = io.StringIO()
    session = UciSession(out)
    session.currmove_after = 0.0  # at once, instead of after CURRMOVE_AFTER seconds
    session.run(["position startpos", "go depth 2"])
    lines = [line.split() for line in out.getvalue().splitlines() if " currmove " in line]
    # depth 1 and depth 2 each name the 8 moves of the start (5 pawn pushes, 3 knight moves)
    assert [line[2] for line in lines] == ["1"] * 8 + ["2"] * 8
    assert [int(line[6]) for line in lines] == list(range(1, 9)) * 2
    start = {"a2a3", "b2b3", "c2c3", "d2d3", "e2e3", "b1a3", "b1c3", "e1d3"}
    assert {line[4] for line in lines[:8]} == {line[4] for line in lines[8:]} == start


def test_limit_strength_and_skill_level_play_the_levels_of_the_ratings_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def playing(*options: str) -> list[str]:
        lines = session_output(*options, "position startpos", "go depth 2")
        assert lines[-1].startswith("bestmove ")
        return [line for line in lines if line.startswith("info string playing")]

    limited = "setoption name UCI_LimitStrength value true"
    table = ratings.ladder("regulator")  # the game's levels, weakest first, with their ratings
    (weakest, low), (second, rating), (strongest, top) = table[0], table[1], table[-1]
    # UCI_Elo plays the strongest level rated at or below it; the top level is the engine.
    assert playing(limited, f"setoption name UCI_Elo value {rating + 1}") == [
        f"info string playing as the {second} level"
    ]
    assert playing(limited, f"setoption name UCI_Elo value {low}") == [
        f"info string playing as the {weakest} level"
    ]
    assert playing(limited, f"setoption name UCI_Elo value {top}") == []  # the engine itself
    assert playing("setoption name Skill Level value 0") == [
        f"info string playing as the {weakest} level"
    ]
    middle = playing("setoption name Skill Level value 14")
    assert len(middle) == 1 and middle[0].split()[-2] not in (weakest, strongest)
    assert playing("setoption name Skill Level value 20") == []
    # The ratings come from one place: a calibrated table there moves the mapping with it.
    monkeypatch.setitem(
        ratings.RATINGS, "regulator", {"random": 300, "greedy": 1400, "ismcts": 900, "strong": 2000}
    )
    assert playing(limited, "setoption name UCI_Elo value 1500") == [
        "info string playing as the greedy level"
    ]
    assert "option name UCI_Elo type spin default 2000 min 300 max 2000" in session_output("uci")


def test_debug_on_says_what_go_read() -> None:
    lines = session_output(
        "debug on", "go wtime 3000 btime 60000 movestogo 2 depth 3", "debug off", "go depth 1"
    )
    said = [line for line in lines if line.startswith("info string go read as")]
    # White's clock over the 2 moves to go: 1.5 s (under 80% of 3 s), and the depth.
    assert said == [
        "info string go read as Limits(depth=3, nodes=None, seconds=1.5, moves=None, mate=None)"
    ]
