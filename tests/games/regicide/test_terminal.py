"""Regicide at the terminal: its board drawing and the generic loop driving it."""

from pathlib import Path
from typing import cast

from regalia.games.regicide import GAME, RegicideState
from regalia.terminal.regicide import LAST, draw_board, last_moves
from tests.terminal.helpers import play

from .helpers import text as position_text


def drive(seats: list[str], lines: list[str], seed: int) -> tuple[RegicideState, str]:
    final, out = play("regicide", seats, lines, seed=seed)
    return cast(RegicideState, final), out


def test_board_drawing_colours_and_last_move() -> None:
    s = GAME.new(0)
    s = s.apply(0, s.parse(0, "b4d4"))
    drawn = draw_board(s.view(None))
    lines = drawn.plain.splitlines()
    assert len(lines) == 15 and lines[0].startswith("14 ") and lines[-1].split()[0] == "a"
    assert "i" not in lines[-1].split()
    # The corners are blank: rank 1 starts with three empty cells after the label.
    assert lines[13] == " 1 " + " " * 9 + "gR gN gB gK gQ gB gN gR " + " " * 9
    colours = {drawn.plain[span.start : span.end]: str(span.style) for span in drawn.spans}
    assert "yellow" in colours["yQ "] and "green" in colours["gQ "]
    assert "red" in colours["rQ "] and "blue" in colours["bQ "]
    marked = [span for span in drawn.spans if LAST in str(span.style)]
    assert len(marked) == 2  # b4 and d4


def test_C13_forced_passes_show_in_the_last_moves() -> None:
    # Green has no king and nothing to capture: it passes at once, and the board says so.
    s = GAME.from_position(position_text(turn="Y", G="Nd4", Y="Ka7,Pb5", R="Kn8", B="Ke14"))
    s = s.apply(0, s.parse(0, "b5c5"))
    assert s.short_history[-1] == "pass"
    assert last_moves(s.view(None))[-2:] == ["Yellow YP-c5", "Green pass"]


def test_scripted_humans_moves_errors_undo_save_load_resign(tmp_path: Path) -> None:
    record = tmp_path / "game.rec"
    lines = [
        "help",
        "b4d4",
        "foo",  # not a move: one error line, nothing changes
        "GP-d4",  # d4 is taken: illegal
        "e1f3",
        "undo",  # takes back Green's e1f3
        "GN-f3",
        "moves",
        f"save {record}",
        "n4m4",
        f"load {record}",
        "resign",
    ]
    final, text = drive(["human"] * 4, lines, seed=1)
    assert "Commands:" in text
    errors = [line for line in text.splitlines() if line.startswith("error:")]
    assert len(errors) == 2
    assert "'foo' is not a move" in errors[0] and "GP-d4" in errors[1]
    assert "Taken back: Green GN-f3." in text
    assert "RP-m4" in text  # the list of Red's legal moves
    assert record.read_text().count("GN-f3") == 1
    assert GAME.from_record(record.read_text()).short_history == ("YP-d4", "GN-f3")
    # Loading went back to the saved game (Red to move), then Red resigned.
    assert final.short_history == ("YP-d4", "GN-f3")
    result = final.result()
    assert result is not None and result.winners() == (1, 3)
    assert "Red resigns." in text and "Game over: dark (Green and Blue) team wins" in text


def test_human_against_bots_and_undo_takes_back_the_bots_replies() -> None:
    final, text = drive(
        ["human", "random", "random", "random"], ["b4d4", "undo", "b5d5", "quit"], 3
    )
    assert final.short_history[0] == "YP-d5" and len(final.short_history) == 4
    assert "Yellow plays YP-d4" in text and "Green (random) plays G" in text


def test_bots_play_a_whole_game() -> None:
    final, text = drive(["random"] * 4, [], seed=5)
    assert final.is_over()
    assert "Game over:" in text


def test_undo_with_nothing_to_undo_and_missing_files(tmp_path: Path) -> None:
    final, text = drive(["human"] * 4, ["undo", "save", f"load {tmp_path / 'none.rec'}", "quit"], 1)
    errors = [line for line in text.splitlines() if line.startswith("error:")]
    assert len(errors) == 3
    assert final.short_history == ()
