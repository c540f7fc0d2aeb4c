"""Terminal play driven by scripted input lines, output captured."""

from __future__ import annotations

import io
import re
from collections.abc import Callable

from rich.console import Console
from typer.testing import CliRunner

from regalia.ai.levels import make_agent
from regalia.cli import build
from regalia.games.regicida.houses import house
from regalia.terminal.regicida import Abandoned, Player, TerminalGame


def console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=120, color_system=None, highlight=False), out


def scripted(game_ref: list[TerminalGame], extra: list[str]) -> Callable[[str], str | None]:
    """Answers prompts like a careful player: first the extra lines, then a legal action."""
    queue = list(extra)

    def read_line(prompt: str) -> str | None:
        if "press enter" in prompt.lower():
            return ""
        if queue:
            return queue.pop(0)
        game = game_ref[0]
        name = prompt.removesuffix("> ")
        seat = [p.name for p in game.players].index(name)
        return str(game.state.view(seat)["legal"][-1])

    return read_line


def test_H2_hot_seat_hides_each_identity_behind_a_pass_screen() -> None:
    con, out = console()
    players = [
        Player("Ana", None),
        Player("Bruno", None),
        Player("Caio", make_agent("regicida", "random", 1)),
    ]
    ref: list[TerminalGame] = []
    game = TerminalGame(con, scripted(ref, []), players, seed=17, objective="central")
    ref.append(game)
    final = game.run()
    assert final.is_over()
    text = out.getvalue()
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
    con, out = console()
    players = [Player("Ana", None), Player("Bot", make_agent("regicida", "random", 2))]
    ref: list[TerminalGame] = []
    lines = ["help", "place 9 f6", "swap a1 a2 flip a1", "dance"]
    game = TerminalGame(con, scripted(ref, lines), players, seed=3)
    ref.append(game)
    game.run()
    text = out.getvalue()
    assert "Pass the device" not in text  # one human: no hot-seat screens
    assert "Legal: " in text
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
    game = TerminalGame(con, lambda prompt: None, [Player("Ana", None), Player("Eve", None)], 1)
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
        (["--players", "7"], "2-6"),
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
