"""What everyone at the device is told, the same words for every game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from regalia.core.game import Game, Outcome, Result
from regalia.terminal.players import Player


def action_line(player: Player, text: str, secret: bool, forced: bool) -> str:
    """ "White plays Nc3"; a secret action (several seats acting at once) only that it happened."""
    if secret:
        return f"{player.label} has voted."
    if forced:
        return f"{player.label} plays {text} (the only legal action)."
    return f"{player.label} plays {text}"


def end_line(result: Result, players: Sequence[Player]) -> str:
    winners = [players[s].name for s in result.winners()]
    drawn = [players[s].name for s, o in enumerate(result.outcomes) if o is Outcome.DRAW]
    if len(winners) == 1:
        who = f"Winner: {winners[0]}."
    elif winners:
        who = f"Winners: {', '.join(winners)}."
    elif len(drawn) == len(players):
        who = "Draw."
    elif drawn:
        who = f"Drawn between {', '.join(drawn)}."
    else:
        who = "Everyone loses."
    return f"Game over: {result.reason}. {who}"


def help_text(game: Game[Any]) -> str:
    example = f" (e.g. {game.notation_hint})" if game.notation_hint else ""
    resign = "  resign        give up: you (and your team) lose\n" if game.resignation else ""
    return (
        f"Type an action as {game.title} writes it{example}, or a command:\n"
        "Commands:\n"
        "  moves         list your legal actions\n"
        "  board         draw the game again\n"
        "  undo          take back the last action chosen here (and the bots' after it)\n"
        "  save FILE     write the game's record to FILE\n"
        "  load FILE     continue the game recorded in FILE\n"
        f"{resign}"
        "  help, ?       this text\n"
        "  quit, exit    leave the game (save first to continue it later)"
    )
