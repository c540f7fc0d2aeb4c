"""The BOT ladder: every `bot_ladder_seconds` (a day; 0: never) the BOTs connected to this
process (their event stream open) are drawn into groups and challenged to rated games of
one game, the games taken in turn round after round, so every BOT's rating is tied to the
others' — the built-in levels among them when they run as BOTs (`regalia bot --builtin
strong`). A BOT answers as its own rules say (`regalia bot` declines what they refuse)."""

from __future__ import annotations

import logging
import random
from collections import Counter
from typing import Any

from regalia.core.registry import available_games
from regalia.server.people import challenges_of
from regalia.tables.accounts import Player
from regalia.tables.challenges import Ask
from regalia.tables.errors import TableError

log = logging.getLogger("regalia.server")


class Ladder:
    """Which BOTs are connected here, and the rounds that pair them."""

    def __init__(self, state: Any, rng: random.Random | None = None) -> None:
        self.state = state
        self.online: Counter[str] = Counter()  # BOT player id: open event streams
        self.players: dict[str, Player] = {}
        self.rounds = 0
        self.started = False
        self.rng = rng or random.Random()

    def enter(self, player: Player) -> None:
        self.online[player.id] += 1
        self.players[player.id] = player

    def leave(self, player: Player) -> None:
        self.online[player.id] -= 1
        if self.online[player.id] <= 0:
            del self.online[player.id]
            self.players.pop(player.id, None)

    async def round(self) -> list[dict[str, Any]]:
        """One round: the challenges it made (a group that cannot be challenged is skipped)."""
        games = available_games()
        if not games:
            return []
        game = games[self.rounds % len(games)]
        self.rounds += 1
        size = game.players_by_default()
        clock = game.clock_presets[0].to_json() if game.clock_presets else None
        bots = sorted(self.online)
        self.rng.shuffle(bots)
        made = []
        for start in range(0, len(bots) - size + 1, size):
            first, *others = (self.players[b] for b in bots[start : start + size])
            ask = Ask(game.name, size, clock, rated=clock is not None, seat=None)
            try:
                made.append(await challenges_of(self.state).challenge(
                    first, [p.name for p in others], ask, "ladder"
                ))  # fmt: skip
            except TableError as exc:  # one of them blocks another, say
                log.info("ladder: no %s game for %s: %s", game.name, first.name, exc.message)
        return made


def ladder_of(state: Any) -> Ladder:
    found: Ladder | None = getattr(state, "bot_ladder", None)
    if found is None:
        found = state.bot_ladder = Ladder(state)
    return found
