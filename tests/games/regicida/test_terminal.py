"""Regicida at the terminal: the generic loop, scripted, with Regicida's own drawing."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from typer.testing import CliRunner

from regalia.cli import build
from regalia.games.regicida.houses import house
from regalia.terminal.loop import Abandoned, TerminalGame
from tests.terminal.helpers import console, terminal


def scripted(game_ref: list[TerminalGame], extra: list[str]) -> Callable[[str], str | None]:
    """Answers prompts like a careful player: first the extra lines, then a legal action."""
    queue = list(extra)

    def read_line(prompt: str) -> str | None:
        if "press enter" in prompt.lower():
            return ""
        if queue:
            return queue.pop(0)
        game = game_ref[0]
        names = [p.name for p in game.players]
        name = prompt.removesuffix("> ")
        if name not in names:
            return "quit"  # the game is over
        return str(game.state.view(names.index(name))["legal"][-1])

    return read_line


def regicida(
    seats: Sequence[str], names: Sequence[str], extra: list[str], seed: int, **options: object
) -> tuple[TerminalGame, Callable[[], str]]:
    con, out = console()
    ref: list[TerminalGame] = []
    game = terminal("regicida", seats, scripted(ref, extra), con, seed, names=names, **options)
    ref.append(game)
    return game, out.getvalue


def test_H2_hot_seat_hides_each_identity_behind_a_pass_screen() -> None:
    game, output = regicida(
        ["human", "human", "random"], ["Ana", "Bruno", "Caio"], [], 17, objective="central"
    )
    final = game.run()
    assert final.is_over()
    text = output()
    before_reveal, reveal = text.split("The reveal")
    identities = final.view(None)["reveal"]["identities"]
    segments = re.split(r"Pass the device to (\w+)", before_reveal)[1:]
    assert len(segments) >= 2 * 12  # every human turn of Expansion and Intrigue, and the votes
    for name, segment in zip(segments[::2], segments[1::2], strict=True):
        seat = ["Ana", "Bruno"].index(name)
        shown = re.findall(r"You are House (\d)", segment)
        assert shown == [str(identities[seat])]  # only the player at the device
    # The bot's House is never printed before the reveal; everyone's is printed after.
    bot = house(identities[2])
    assert f"House {identities[2]} {bot.name}" not in before_reveal.replace("You are", "")
    for seat, name in enumerate(("Ana", "Bruno", "Caio")):
        assert f"{name} is House {identities[seat]} {house(identities[seat]).name}" in reveal
    assert "has voted." in before_reveal and "voted for" not in before_reveal
    assert "Winner:" in reveal or "Everyone loses." in reveal


def test_H8_single_human_plays_bots_bad_input_is_reported() -> None:
    lines = ["help", "moves", "place 9 f6", "swap a1 a2 flip a1", "dance"]
    game, output = regicida(["human", "random"], ["Ana", "Bot"], lines, 3)
    game.run()
    text = output()
    assert "Pass the device" not in text  # one human: no hot-seat screens
    assert "Commands:" in text and "Legal: place 1 f6, place 2 f6, place 3 f6" in text
    assert "error: pile '9' should be a number 1-3" in text
    assert "error:" in text and "is not an action" in text
    assert "Line of Succession:" in text and "Piles:" in text and "Objective:" in text
    assert "The reveal" in text
    # Everyone sees the grid when Intrigue starts and the Coronation before the vote.
    intrigue, coronation, votes = (
        text.index("Intrigue: three turns each"),
        text.index("Coronation ─"),
        text.index("has voted."),
    )
    assert intrigue < coronation < votes


def test_terminal_game_stops_when_input_ends() -> None:
    con, _ = console()
    game = terminal("regicida", ["human", "human"], lambda prompt: None, con, 1)
    try:
        game.run()
    except Abandoned as exc:
        assert "ended" in str(exc)
    else:
        raise AssertionError("the game should have been abandoned")


def test_play_regicida_command_with_bots_only() -> None:
    result = CliRunner().invoke(
        build(), ["play", "regicida", "--seats", "random,random,random", "--seed", "9"]
    )
    assert result.exit_code == 0, result.output
    assert "The reveal" in result.stdout and "Seed 9" in result.stdout
    again = CliRunner().invoke(
        build(), ["play", "regicida", "--seats", "random,random,random", "--seed", "9"]
    )
    assert again.stdout == result.stdout  # same seed, same game


def test_play_regicida_bad_options_one_line_error() -> None:
    cases = [
        (["--players", "7"], "takes 2–6 players"),
        (["--player-2", "wizard"], "wizard"),
        (["--player-7", "random"], "--player-7"),
        (["--colour", "red"], "takes --players, --seats"),
        (["--seats", "human,wizard"], "wizard"),
        (["--players", "3", "--seats", "human,random"], "--seats"),
        (["--names", "Ana,Bruno"], "--names"),
        (["--objective", "wealth"], "--objective"),
        (["--players", "four"], "--players"),
        (["--seed", "x"], "--seed"),
        (["--think", "-2"], "--think"),
    ]
    for args, message in cases:
        result = CliRunner().invoke(build(), ["play", "regicida", *args])
        assert result.exit_code == 2, args
        assert result.stderr.startswith("error:") and message in result.stderr, result.stderr
        assert len(result.stderr.strip().splitlines()) == 1


def test_play_regicida_abandoned_when_stdin_ends() -> None:
    result = CliRunner().invoke(build(), ["play", "regicida", "--seed", "4"], input="")
    assert result.exit_code == 1
    assert "abandoned" in result.stdout and "--seed 4" in result.stdout
