"""Regulator Chess at the terminal: its board drawing and the generic loop driving it."""

from __future__ import annotations

import io
from collections.abc import Iterable
from pathlib import Path
from typing import cast

import pytest
from rich.console import Console

from regalia.core.errors import BadNotation
from regalia.games.regulator import GAME, RegulatorState
from regalia.terminal.regulator import render_view
from tests.games.regulator.helpers import from_fen, play
from tests.terminal.helpers import play as play_lines


def drive(
    lines: Iterable[str],
    players: tuple[str, str] = ("human", "human"),
    state: RegulatorState | None = None,
) -> tuple[RegulatorState, str]:
    final, out = play_lines("regulator", players, lines, seed=3, state=state or GAME.new(0))
    return cast(RegulatorState, final), out


def test_board_shows_pieces_track_and_powers() -> None:
    console = Console(file=io.StringIO(), width=100, color_system=None, record=True)
    console.print(render_view(GAME.new(0, regulator=3).view(None), None))
    text = console.export_text()
    assert " 7  b  n  k  b  n" in text
    assert " 1  B  N  K  B  N" in text
    assert "[3]" in text
    # Rule R5 and R6 read off the board without colour: on 3, bishops jump, knights don't slide.
    assert "bishops move as knights too (3+): on" in text
    assert "knights move as rooks too (6+): off" in text
    assert "White to move." in text


def test_hot_seat_moves_in_both_notations() -> None:
    state, out = drive(["c3", "b6b5", "Nd3", "quit"])
    assert state.sans == ("c3", "b5", "Nd3")
    assert "Last move: Nd3. Black to move." in out


def test_bad_input_prints_one_line_and_keeps_the_game() -> None:
    state, out = drive(["c3", "Nz9", "Nc4", "b6b5", "quit"])
    assert state.sans == ("c3", "b5")
    errors = [line for line in out.splitlines() if "error:" in line]
    assert len(errors) == 2
    assert "cannot read move 'Nz9'" in errors[0]
    assert "no knight of yours can go to c4" in errors[1]


def test_undo_against_a_bot_takes_back_both_plies() -> None:
    state, out = drive(["c3", "undo", "quit"], players=("human", "random"))
    assert state.sans == ()
    assert "Black (random) plays" in out
    assert "Taken back: White c3, Black " in out


def test_undo_with_nothing_to_undo() -> None:
    _, out = drive(["undo", "quit"])
    assert "error: nothing to undo" in out


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    record = tmp_path / "game.pgn"
    drive(["c3", "b5", f"save {record}", "quit"])
    assert "1. c3 b5 *" in record.read_text()
    state, out = drive([f"load {record}", "Nd3", "quit"])
    assert state.sans == ("c3", "b5", "Nd3")
    assert f"Loaded {record}." in out


def test_undo_after_load_takes_back_the_recorded_moves(tmp_path: Path) -> None:
    record = tmp_path / "game.pgn"
    record.write_text("1. c3 b5 *\n")
    state, out = drive([f"load {record}", "undo", "quit"], players=("human", "random"))
    assert state.sans == ()  # back before White's c3, and Black's reply with it
    assert "Taken back: White c3, Black b5." in out


def test_load_of_a_bad_file_keeps_the_game(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pgn"
    bad.write_text("1. c3 c4 *")
    state, out = drive(["c3", f"load {bad}", f"load {tmp_path / 'missing.pgn'}", "quit"])
    assert state.sans == ("c3",)
    assert "record move 1... 'c4'" in out
    assert "cannot read" in out and "missing.pgn" in out


def test_resign_ends_the_game_with_the_reason(tmp_path: Path) -> None:
    record = tmp_path / "resigned.pgn"
    state, out = drive(["c3", "resign", "b5", f"save {record}", "quit"])
    result = state.result()
    assert result is not None and result.winners() == (0,)
    assert "Black resigns." in out
    assert "Game over (1-0): Black resigns." in out  # the board's status line
    assert "Game over: Black resigns. Winner: White." in out
    assert "error: the game is over" in out
    assert GAME.from_record(record.read_text()).result() == result  # the record keeps it


def test_R10_game_end_is_announced_with_why() -> None:
    start = from_fen("k4/5/1K3/5/5/5/4Q w 1 0 1")
    state, out = drive(["Qe7", "quit"], state=start)
    assert state.is_over()
    assert "Game over (1-0): checkmate: Black is mated." in out
    assert "Game over: checkmate: Black is mated. Winner: White." in out


def test_help_and_moves_commands() -> None:
    _, out = drive(["help", "moves", "quit"])
    assert "save FILE" in out and "undo" in out and "resign" in out
    assert "Legal: Na3, Nc3, Nd3, a3, b3, c3, d3, e3" in out


def test_bots_play_a_whole_game_to_its_end() -> None:
    state, out = drive([], players=("random", "random"))
    assert state.is_over()
    assert "Game over:" in out and ("Winner:" in out or "Draw." in out)


def test_end_of_input_stops_the_game_where_it_stands() -> None:
    state, _ = drive(["c3"])
    assert state.sans == ("c3",)


def test_unknown_bot_level_is_refused_before_play() -> None:
    with pytest.raises(BadNotation, match="unknown bot level"):
        drive([], players=("human", "grandmaster"))


def test_moves_after_a_loaded_finished_game_are_refused() -> None:
    finished = play(from_fen("k4/5/1K3/5/5/5/4Q w 1 0 1"), "Qe7")
    state, out = drive(["Ka8", "quit"], state=finished)
    assert state.sans == ("Qe7#",)
    assert "error: the game is over" in out
