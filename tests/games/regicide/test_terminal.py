"""Terminal play driven by scripted input lines, output captured."""

from io import StringIO
from pathlib import Path

from rich.console import Console

from regalia.games.regicide import GAME
from regalia.terminal.regicide import LAST, TerminalGame, draw_board


def console() -> tuple[Console, StringIO]:
    out = StringIO()
    return Console(file=out, width=200, color_system=None, highlight=False), out


def test_board_drawing_colours_and_last_move() -> None:
    s = GAME.new(0)
    s = s.apply(0, s.parse(0, "b4d4"))
    drawn = draw_board(s)
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


def test_scripted_humans_moves_errors_undo_save_load_resign(tmp_path: Path) -> None:
    out_console, out = console()
    record = tmp_path / "game.rec"
    game = TerminalGame(["human"] * 4, seed=1, console=out_console)
    lines = iter(
        [
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
    )
    final = game.run(lines)
    text = out.getvalue()
    assert "Commands:" in text
    errors = [line for line in text.splitlines() if line.startswith("error:")]
    assert len(errors) == 2
    assert "'foo' is not a move" in errors[0] and "GP-d4" in errors[1]
    assert "Move taken back." in text
    assert "RP-m4" in text  # the list of Red's legal moves
    assert record.read_text().count("GN-f3") == 1
    assert '[Yellow "human"]' in record.read_text()
    # Loading went back to the saved game (Red to move), then Red resigned.
    assert final.short_history == ("YP-d4", "GN-f3")
    result = final.result()
    assert result is not None and result.winners() == (1, 3)
    assert "Red resigns." in text and "Game over: dark (Green and Blue) team wins" in text


def test_human_against_bots_and_undo_takes_back_the_bots_replies() -> None:
    out_console, out = console()
    game = TerminalGame(["human", "random", "random", "random"], seed=3, console=out_console)
    final = game.run(iter(["b4d4", "undo", "b5d5", "quit"]))
    assert final.short_history[0] == "YP-d5" and len(final.short_history) == 4
    text = out.getvalue()
    assert "Yellow plays YP-d4" in text and "Green plays G" in text


def test_bots_play_a_whole_game() -> None:
    out_console, out = console()
    final = TerminalGame(["random"] * 4, seed=5, console=out_console).run(iter([]))
    assert final.is_over()
    assert "Game over:" in out.getvalue()


def test_undo_with_nothing_to_undo_and_missing_files(tmp_path: Path) -> None:
    out_console, out = console()
    game = TerminalGame(["human"] * 4, seed=1, console=out_console)
    game.run(iter(["undo", "save", f"load {tmp_path / 'none.rec'}", "quit"]))
    errors = [line for line in out.getvalue().splitlines() if line.startswith("error:")]
    assert len(errors) == 3
    assert game.state.short_history == ()
