"""What everyone is told: the same words for every game."""

from regalia.core.game import Outcome, Result
from regalia.terminal.announce import action_line, end_line
from regalia.terminal.players import Player

W, L, D = Outcome.WIN, Outcome.LOSS, Outcome.DRAW
PLAYERS = [Player("Ana"), Player("Bo", "random"), Player("Cy")]


def test_actions_public_secret_and_forced() -> None:
    assert action_line(PLAYERS[0], "Nc3", secret=False, forced=False) == "Ana plays Nc3"
    assert action_line(PLAYERS[1], "bid 3", secret=True, forced=False) == "Bo (random) has voted."
    forced = action_line(PLAYERS[2], "pass", secret=False, forced=True)
    assert forced == "Cy plays pass (the only legal action)."


def test_the_end_names_winners_draws_or_nobody() -> None:
    assert end_line(Result((W, L, L), "mate"), PLAYERS) == "Game over: mate. Winner: Ana."
    assert end_line(Result((W, L, W), "team"), PLAYERS).endswith("Winners: Ana, Cy.")
    assert end_line(Result((D, D, D), "repetition"), PLAYERS).endswith(" Draw.")
    assert end_line(Result((D, L, D), "tie"), PLAYERS).endswith("Drawn between Ana, Cy.")
    assert end_line(Result((L, L, L), "regent"), PLAYERS).endswith("Everyone loses.")
