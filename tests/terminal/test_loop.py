"""The generic terminal loop: every command, one undo for every game, secrets kept."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import tests.tables.toygame  # noqa: F401  (registers the "toy" game: no terminal_view)
from regalia.ai.base import RandomAgent
from regalia.core.game import Seat
from regalia.games.regicida import GAME as REGICIDA
from regalia.games.regulator import GAME as REGULATOR
from regalia.terminal.loop import Abandoned, TerminalGame
from tests.terminal.helpers import console, play, scripted, terminal


def careful(
    ref: list[TerminalGame], answers: Callable[[TerminalGame, str, int], str | None]
) -> tuple[Callable[[str], str | None], list[str]]:
    """A reader that confirms pass-the-device screens and asks `answers(game, prompt, n)`
    for the n-th other prompt, and the list of every prompt it was shown."""
    prompts: list[str] = []

    def read_line(prompt: str) -> str | None:
        prompts.append(prompt)
        if "press enter" in prompt.lower():
            return ""
        return answers(ref[0], prompt, sum("press enter" not in p.lower() for p in prompts))

    return read_line, prompts


def first_legal(game: TerminalGame, prompt: str) -> str:
    seat = [p.name for p in game.players].index(prompt.removesuffix("> "))
    state = game.state
    return state.describe(state.legal_actions(seat)[0])


def session(
    game: str, seats: list[str], answers: Callable[[TerminalGame, str, int], str | None], seed: int
) -> tuple[TerminalGame, Callable[[], str], list[str]]:
    out, buffer = console()
    ref: list[TerminalGame] = []
    reader, prompts = careful(ref, answers)
    ref.append(terminal(game, seats, reader, out, seed))
    return ref[0], buffer.getvalue, prompts


# -- commands --------------------------------------------------------------------------------


def test_help_and_question_mark_list_the_commands_resign_only_where_allowed() -> None:
    _, out = play("regulator", ["human", "human"], ["help", "?", "quit"])
    assert out.count("Commands:") == 2 and "resign" in out and "e.g. Nc3 or b1c3" in out
    _, out = play("regicida", ["human", "random"], ["help", "quit"])
    assert "Commands:" in out and "resign" not in out.split("Commands:")[1]


def test_moves_lists_the_legal_actions_of_the_seat_asked() -> None:
    _, out = play("toy", ["human", "random"], ["moves", "quit"])
    assert "Legal: bid 0, bid 1, bid 2" in out


def test_board_draws_the_screen_again() -> None:
    _, out = play("regulator", ["human", "human"], ["board", "quit"])
    assert out.count("White to move.") == 2


def test_empty_lines_are_ignored_and_bad_actions_are_one_error_line() -> None:
    state, out = play("regulator", ["human", "human"], ["", "castle", "c3", "quit"])
    errors = [line for line in out.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and "castle" in errors[0]
    assert REGULATOR.from_record(state.to_record()).view(None)["history"] == ["c3"]


@pytest.mark.parametrize("word", ["quit", "exit", "QUIT"])
def test_quit_and_exit_leave_without_finishing(word: str) -> None:
    state, out = play("regulator", ["human", "human"], [word, "c3"])
    assert not state.is_over() and "White plays" not in out


def test_end_of_input_abandons_the_game() -> None:
    out, _ = console()
    game = terminal("toy", ["human", "random"], lambda prompt: None, out)
    with pytest.raises(Abandoned, match="the input ended"):
        game.run()


def test_save_and_load_keep_the_game(tmp_path: Path) -> None:
    record = tmp_path / "toy.txt"
    first, out = play("toy", ["human", "random"], ["bid 2", f"save {record}", "quit"])
    assert "Saved to" in out and record.read_text() == first.to_record()
    again, out = play("toy", ["human", "random"], [f"load {record}", "quit"], seed=99)
    assert f"Loaded {record}." in out and again.to_record() == first.to_record()


def test_load_refuses_a_game_of_another_size_and_bad_files(tmp_path: Path) -> None:
    four = tmp_path / "four.txt"
    four.write_text(REGICIDA.new(3, 4).to_record())
    bad = tmp_path / "bad.txt"
    bad.write_text('[Game "regicida"]\n')
    lines = [f"load {four}", f"load {bad}", "load", "save", "quit"]
    _, out = play("regicida", ["human", "random", "random"], lines)
    errors = [line for line in out.splitlines() if line.startswith("error:")]
    assert len(errors) == 4
    assert "is a game of 4 players; this one has 3" in errors[0]
    assert str(bad) in errors[1] and "needs the tag" in errors[1]
    assert "load FILE" in errors[2] and "save FILE" in errors[3]


# -- undo -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "seats", "name"),
    [
        ("regulator", ["human", "random"], "White"),
        ("regicide", ["human", "random", "random", "random"], "Yellow"),
        ("regicida", ["human", "random", "random"], "Player 1"),
        ("toy", ["human", "random"], "P1"),
    ],
)
def test_undo_takes_back_your_last_action_and_the_bots_after_it(
    game: str, seats: list[str], name: str
) -> None:
    records: list[str] = []

    def answers(session: TerminalGame, prompt: str, n: int) -> str | None:
        records.append(session.state.to_record())
        return first_legal(session, prompt) if n == 1 else "undo" if n == 2 else "quit"

    session_, output, _ = session(game, seats, answers, seed=4)
    session_.run()
    # Back to the very state the human chose from: before their action and the bots' replies.
    assert records[2] == records[0] != records[1]
    assert f"Taken back: {name} " in output()


def test_undo_with_nothing_chosen_here_is_an_error() -> None:
    _, out = play("regicide", ["random", "human", "random", "random"], ["undo", "quit"])
    assert "error: nothing to undo: no action has been chosen here yet" in out


def test_a_lone_legal_action_is_played_without_asking_and_is_not_undone() -> None:
    start = REGULATOR.from_fen("k4/5/5/4P/4K/5/1Q3 b 6 4 90")  # Black's only move: Ka6
    state, out = play("regulator", ["human", "human"], ["undo", "quit"], state=start)
    assert "Black plays Ka6 (the only legal action)." in out
    assert "error: nothing to undo" in out
    assert state.view(None)["history"] == ["Ka6"]


# -- resigning --------------------------------------------------------------------------------


def test_resign_is_refused_in_regicida_with_a_clear_error() -> None:
    state, out = play("regicida", ["human", "random", "random"], ["resign", "quit"])
    assert "error: Regicida has no resigning" in out
    assert not state.is_over()


def test_resign_where_the_record_cannot_hold_it_ends_the_game_at_the_loop(
    tmp_path: Path,
) -> None:
    record = tmp_path / "toy.txt"
    lines = ["resign", "bid 1", f"save {record}", "undo", "bid 1", "quit"]
    state, out = play("toy", ["human", "random"], lines)
    assert "P1 resigns. The game ends here; a saved record keeps it as it stood." in out
    assert "Game over: P1 resigned. Winner: P2." in out
    assert "error: the game is over" in out
    assert "(without the resignation: the record cannot hold one)" in out
    assert "Taken back: P1 resigns." in out
    assert "P1 has voted." in out  # after undo the game went on
    assert state.result() is None


def test_resign_by_a_team_member_loses_for_the_team() -> None:
    state, out = play("regicide", ["human", "random", "random", "random"], ["resign"])
    result = state.result()
    assert result is not None and result.winners() == (1, 3)
    assert "Yellow resigns." in out and "Winners: Green, Blue." in out


# -- secrets: simultaneous actions and passing the device -------------------------------------


class Spy(RandomAgent):
    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.heard: list[tuple[Seat, str]] = []

    def observe(self, seat: Seat, description: str, view: dict[str, Any]) -> None:
        self.heard.append((seat, description))


def test_secret_actions_are_announced_without_their_content_and_told_to_bots_as_blank() -> None:
    out, buffer = console()
    game = terminal("toy", ["human", "random"], scripted(["bid 2", "quit"], out), out, 5)
    spy = Spy(1)
    game.agents[1] = spy
    game.run()
    text = buffer.getvalue()
    assert "P1 has voted." in text and "P2 (random) has voted." in text
    assert "plays bid" not in text
    heard = dict(spy.heard[:2])
    assert heard[0] == "" and heard[1].startswith("bid ")  # only its own bid in words


def test_two_humans_pass_the_device_and_see_only_their_own_secret() -> None:
    words: dict[str, str] = {}

    def answers(session: TerminalGame, prompt: str, n: int) -> str | None:
        if n == 3:
            return "undo"  # refused: it would show secrets
        return first_legal(session, prompt) if n < 8 else "quit"

    game, output, prompts = session("toy", ["human", "human"], answers, seed=7)
    words = {"P1": game.state.view(0)["my_word"], "P2": game.state.view(1)["my_word"]}
    game.run()
    text = output()
    assert "Toy hides information: pass the device" in text
    assert "error: undo is off: Toy hides information and several players share this device" in (
        text
    )
    screens = re.split(r"Pass the device to (P\d)", text)[1:]
    assert len(screens) >= 2 * 4
    for name, screen in zip(screens[::2], screens[1::2], strict=True):
        other = "P2" if name == "P1" else "P1"
        assert re.search(rf"my word\s+{words[name]}", screen)
        assert words[other] not in screen
    # Each screen is opened by its human and hidden again once they have acted.
    first = prompts.index("P1> ")
    assert prompts[first - 1] == "P1, press Enter when only you can see the screen. "
    assert "Done. Press Enter to hide your screen. " in prompts


def test_one_human_against_bots_gets_no_pass_screens_and_may_undo() -> None:
    _, out = play("toy", ["human", "random"], ["bid 0", "undo", "quit"])
    assert "Pass the device" not in out and "Taken back: P1 (secret)" in out


# -- drawing and announcements ----------------------------------------------------------------


def test_a_game_without_terminal_view_is_drawn_field_by_field() -> None:
    _, out = play("toy", ["human", "human"], ["quit"], seed=2)
    assert re.search(r"my word\s+\w+", out)
    assert re.search(r"bid done\s+no, no", out)
    assert not re.search(r"^legal", out, re.MULTILINE)  # `moves` lists them, readably


def test_names_replace_the_seat_names_in_views_that_name_seats() -> None:
    out, buffer = console()
    names = ["Ana", "Bia", "Caio", "Duda"]
    game = terminal("regicide", ["random"] * 4, lambda prompt: None, out, 5, names=names)
    game.run()
    assert "light: Ana, Caio | dark: Bia, Duda" in buffer.getvalue()


def test_bots_only_games_end_with_the_result_and_winners() -> None:
    state, out = play("regicida", ["random"] * 4, [], seed=9)
    result = state.result()
    assert result is not None
    assert f"Game over: {result.reason}." in out
    assert "The reveal" in out
