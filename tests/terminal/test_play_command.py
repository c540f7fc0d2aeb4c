"""`regalia play GAME`: one command for every registered game, its flags read from the game."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import tests.tables.toygame  # noqa: F401  (registers the "toy" game in this process)
from regalia.cli import build


def run(*args: str, stdin: str = ""):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(build(), ["play", *args], input=stdin)


def test_a_game_without_its_own_drawing_plays_with_every_generic_option() -> None:
    result = run(
        "toy", "--players", "3", "--seats", "human,random,random", "--names", "Ana,Bo,Cy",
        "--seed", "3", "--think", "0.5", "--option", "rounds=1", stdin="bid 1\nquit\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Seed 3. Players: Ana, Bo (random), Cy (random)." in result.stdout
    assert "Ana has voted." in result.stdout and "my word" in result.stdout


def test_per_seat_and_per_option_flags_come_from_the_game() -> None:
    result = run("toy", "--p2", "random", "--rounds", "1", "--seed", "2", stdin="bid 0\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Players: P1, P2 (random)." in result.stdout


def test_same_seed_same_game() -> None:
    first = run("toy", "--seats", "random,random", "--seed", "11")
    again = run("toy", "--seats", "random,random", "--seed", "11")
    assert first.exit_code == 0 and "Game over:" in first.stdout
    assert first.stdout == again.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--rounds", "9"), "--rounds: 9 is outside 1..5"),
        (("--option", "rounds"), "--option 'rounds': write NAME=VALUE"),
        (("--option", "rounds=1", "--rounds", "2"), "the option rounds is given twice"),
        (("--seats", "human,random", "--p2", "human"), "give --seats or --p2, not both"),
        (("--p3", "random"), "--p3: a game of 2 players has no such seat"),
        (("--players", "4"), "Toy takes 2–3 players, not 4"),
        (("--names", "Ana,ana"), "every player needs a name of their own"),
        (("--position", "x"), "Toy has no position text"),
        (("--load", "a", "--position", "b"), "give --load or --position, not both"),
        (("--wizard", "3"), "toy takes no option --wizard; it takes --players, --seats"),
        (("extra",), "toy takes no argument 'extra'"),
    ],
)
def test_bad_options_are_one_error_line_with_exit_code_2(args: tuple[str, ...], words: str) -> None:
    result = run("toy", *args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], lines


def test_load_continues_a_saved_game(tmp_path: Path) -> None:
    record = tmp_path / "toy.txt"
    first = run("toy", "--seed", "5", stdin=f"bid 2\nsave {record}\nquit\n")
    assert first.exit_code == 0 and record.exists()
    again = run("toy", "--load", str(record), stdin="quit\n")
    assert again.exit_code == 0, again.output
    assert "Seed" not in again.stdout  # a loaded game is not a fresh deal


def test_input_ending_before_the_game_is_abandoned_with_exit_code_1() -> None:
    result = run("toy", "--seed", "8", stdin="")
    assert result.exit_code == 1
    assert "Game abandoned: the input ended. Replay the deal with --seed 8." in result.stdout


def test_ctrl_c_is_one_line_and_exit_code_130(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(prompt: str) -> str | None:
        raise KeyboardInterrupt

    monkeypatch.setattr("regalia.cli.play.stdin_reader", lambda console: interrupted)
    result = run("toy", "--seed", "1")
    assert result.exit_code == 130
    assert result.stdout.strip().splitlines()[-1] == "interrupted (save FILE keeps a game)"
