"""Whether a player may chat and start games now: the mutes and bans in force, and their
own "I don't want chat".

Asked at every chat line (a seat's or a spectator's, over any transport: `Rounds.submit`)
and every new game of a signed player, so each player's state is read from the database at
most once every `TTL` seconds; a change made on this process is seen at once (`forget`),
one made on another within `TTL`. Who may write in the spectators' chat is the operator's
choice (`spectator_chat`, `REGALIA_SPECTATOR_CHAT`, docs/operate.md): players only (a line
without a player key has nobody a mute could hold), anyone, or nobody.
"""

from __future__ import annotations

from collections.abc import Callable

from regalia.moderation.store import Moderation
from regalia.protocol import ErrorCode
from regalia.tables.database import Database
from regalia.tables.errors import TableError

TTL = 5.0
MAX_CACHED = 50_000
# Who writes in a table's spectator chat: signed-in players (a guest's key counts), anyone
# (anonymous lines too, limited per connection), or nobody.
SPECTATOR_CHAT = ("players", "anyone", "off")


class Gate:
    def __init__(self, db: Database, moderation: Moderation, now: Callable[[], float]) -> None:
        self.db = db
        self.moderation = moderation
        self.now = now
        self._known: dict[str, tuple[float, tuple[bool, bool, bool, bool]]] = {}
        self.spectator_chat = "players"  # one of SPECTATOR_CHAT

    async def may_chat(self, player: str | None, spectator: bool = False) -> None:
        """Refuse a chat line of `player` (None: sent without a player key), written from
        a seat or, with `spectator`, from the stands."""
        if spectator and self.spectator_chat == "off":
            raise TableError(ErrorCode.CHAT_OFF, "spectators only read the chat on this server")
        if spectator and player is None and self.spectator_chat != "anyone":
            raise TableError(
                ErrorCode.PLAYER_REQUIRED,
                "spectators chat under a player's name on this server: choose a name or sign in",
            )
        if player is None:
            return
        muted, _, _, chat_off = await self._state(player)
        if muted:
            raise TableError(
                ErrorCode.MUTED,
                "a moderator muted you: you cannot chat until the mute ends "
                "(your account page says why and until when)",
            )
        if chat_off:
            raise TableError(ErrorCode.CHAT_OFF, "you turned your chat off (Settings)")

    async def may_play(self, player: str | None) -> None:
        if player is None:
            return
        _, banned, closed, _ = await self._state(player)
        if banned or closed:
            raise TableError(
                ErrorCode.BANNED,
                "a moderator banned you from new games for a while "
                "(your account page says why and until when); games in play go on",
            )

    def forget(self, player: str) -> None:
        self._known.pop(player, None)

    def forget_all(self) -> None:
        self._known.clear()

    async def _state(self, player: str) -> tuple[bool, bool, bool, bool]:
        now = self.now()
        known = self._known.get(player)
        if known is not None and known[0] > now:
            return known[1]
        state = await self.db.read(self.moderation.in_force, player)
        if len(self._known) >= MAX_CACHED:
            self._known.clear()
        self._known[player] = (now + TTL, state)
        return state
