"""`regalia bot`: connect an engine, a Python policy or a built-in level to a Regalia
server as a BOT, through the Bot API alone (docs/server.md, "Bot API").

It follows the BOT's event stream, accepts the challenges its rules allow (games, clocks,
rated or not, how many games at once), plays each game on a thread of its own from the
game's NDJSON stream, and reconnects with backoff (1 s doubling to a minute) whenever a
stream drops; a game stream opened again starts with the whole game, so nothing is missed.

A player decides a move from the BOT's `gameState` (its own view, legal actions, moves):
- `EnginePlayer`: a program speaking the engine protocol of `regalia engine GAME`
  (docs/engine.md): `position startpos moves …`, `go …`, then its `bestmove`;
- `PolicyPlayer`: `module:function`, called with the observation the PettingZoo env gives
  (`{"observation": planes, "action_mask": mask}`, built from the view alone), answering an
  action number (or an action's text);
- `BuiltinPlayer`: one of the game's own levels. A game of perfect information is rebuilt
  from its moves; a hidden one (Regicida) from the seat's own `view` in the `gameState`
  (`Game.seat_state`: what the seat sees, placeholders for what it does not), so the level
  thinks with exactly what the server lets this seat know.
"""

from __future__ import annotations

import importlib
import json
import logging
import shlex
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx

log = logging.getLogger("regalia.bridge")
MAX_BACKOFF = 60.0


@dataclass(frozen=True)
class Rules:
    """Which challenges the BOT accepts; the others it declines with lichess's reason."""

    games: frozenset[str] = frozenset()  # empty: every game its player can play
    clock: str = "any"  # any | timed | untimed
    rated: str = "any"  # any | rated | casual
    max_games: int = 4

    def refusal(self, challenge: dict[str, Any], playing: int) -> str | None:
        """None to accept, else the decline reason."""
        if self.games and challenge["game"] not in self.games:
            return "variant"
        timed = challenge.get("clock") is not None
        if (self.clock == "timed" and not timed) or (self.clock == "untimed" and timed):
            return "timeControl"
        if self.rated == "rated" and not challenge.get("rated"):
            return "casual"
        if self.rated == "casual" and challenge.get("rated"):
            return "rated"
        if playing >= self.max_games:
            return "later"
        return None


class Player:
    """Chooses the BOT's action from a game's state (`gameState`) and its first line."""

    def move(self, full: dict[str, Any], state: dict[str, Any]) -> str:
        raise NotImplementedError

    def close(self) -> None:
        """The game is over."""


class EnginePlayer(Player):
    """An engine process per game, speaking `regalia engine`'s protocol (docs/engine.md)."""

    def __init__(self, command: str, movetime_ms: int = 500) -> None:
        self.process = subprocess.Popen(
            shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.movetime_ms = movetime_ms

    def _say(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def move(self, full: dict[str, Any], state: dict[str, Any]) -> str:
        self._say(f"position startpos moves {state['moves']}".rstrip())
        self._say(self._go(full, state))
        assert self.process.stdout is not None
        for line in self.process.stdout:
            words = line.split()
            if words[:1] == ["bestmove"] and len(words) > 1:
                return words[1]
        raise RuntimeError("the engine ended without a bestmove")

    def _go(self, full: dict[str, Any], state: dict[str, Any]) -> str:
        clocks = state.get("clocks") or {}
        left = clocks.get("remaining_ms")
        if full["players"] == 2 and not clocks.get("per_move") and isinstance(left, list):
            inc = int(1000 * ((full.get("clock") or {}).get("increment_s") or 0))
            white, black = (int(t) for t in left)
            return f"go wtime {white} btime {black} winc {inc} binc {inc}"
        return f"go movetime {self.movetime_ms}"

    def close(self) -> None:
        try:
            self._say("quit")
            self.process.wait(5)
        except (OSError, ValueError, subprocess.TimeoutExpired):
            self.process.kill()


class PolicyPlayer(Player):
    """A Python policy over the env's observation (regalia.env): `module:function`."""

    def __init__(self, ref: str) -> None:
        module, _, name = ref.partition(":")
        self.policy: Callable[[dict[str, Any]], Any] = getattr(
            importlib.import_module(module), name
        )
        self._adapters: dict[str, Any] = {}

    def move(self, full: dict[str, Any], state: dict[str, Any]) -> str:
        import numpy as np

        from regalia.env.adapters import make_adapter

        adapter = self._adapters.get(full["id"])
        if adapter is None:
            adapter = make_adapter(full["game"], full["players"], **full["options"])
            self._adapters[full["id"]] = adapter
        words = adapter.vocabulary
        mask = np.zeros(words.size, dtype=np.int8)
        for text in state["legal"]:
            mask[words.index(text)] = 1
        observation = {"observation": adapter.planes(state["view"], full["seat"]),
                       "action_mask": mask}  # fmt: skip
        chosen = self.policy(observation)
        return chosen if isinstance(chosen, str) else words.text(int(chosen))


class BuiltinPlayer(Player):
    """One of the game's own bot levels, thinking with the position its seat may know: the
    moves replayed, or (a game with hidden information) the state of the seat's view."""

    def __init__(self, level: str, seed: int = 0) -> None:
        self.level, self.seed = level, seed

    def move(self, full: dict[str, Any], state: dict[str, Any]) -> str:
        from regalia.ai.base import Observation
        from regalia.ai.levels import budget_for, make_agent
        from regalia.core.registry import get_game

        game = get_game(full["game"])
        seat = full["seat"]
        if game.perfect_information:
            start = full.get("position")
            position = (
                game.from_position(start)
                if start
                else game.new(0, full["players"], **full["options"])
            )
            for item in state["actions"]:
                position = position.apply(
                    item["seat"], position.parse(item["seat"], item["action"])
                )
        else:
            built = game.seat_state(state["view"], seat)
            if built is None:
                raise RuntimeError(f"a built-in level cannot play {game.title} from a seat's view")
            position = built
        agent = make_agent(game, self.level, self.seed)
        action = agent.choose(Observation(position, seat), budget_for(game, self.level))
        return str(position.encode(action))


@dataclass
class Bridge:
    """One BOT on one server: its event stream, and a thread per game it plays."""

    server: str
    token: str
    make_player: Callable[[], Player]
    rules: Rules = field(default_factory=Rules)
    stop: threading.Event = field(default_factory=threading.Event)
    me: str = ""
    playing: set[str] = field(default_factory=set)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self.http = httpx.Client(base_url=self.server.rstrip("/"), timeout=30,
                                 headers={"Authorization": f"Bearer {self.token}"})  # fmt: skip

    def run(self) -> None:
        """Until stopped: follow the event stream, reconnecting with backoff."""
        account = self.http.get("/api/account")
        account.raise_for_status()
        self.me = account.json()["id"]
        if not account.json()["bot"]:
            upgraded = self.http.post("/api/bot/account/upgrade")
            upgraded.raise_for_status()
        for event in self._lines("/api/stream/event"):
            self._on_event(event)

    def _lines(self, path: str) -> Iterator[dict[str, Any]]:
        """The NDJSON lines of a stream, reconnecting with backoff until stopped or ended
        by the server (a game stream ends with its game)."""
        backoff = 1.0
        while not self.stop.is_set():
            try:
                timeout = httpx.Timeout(30, read=60)
                with self.http.stream("GET", path, timeout=timeout) as response:
                    response.raise_for_status()
                    backoff = 1.0
                    for text in response.iter_lines():
                        if self.stop.is_set():
                            return
                        if text.strip():
                            yield json.loads(text)
                return  # the server ended the stream
            except httpx.HTTPStatusError as exc:
                if exc.response.status_code in (401, 403, 404):
                    log.error("%s: %s", path, exc.response.text)
                    return
                log.warning("%s: %s; again in %.0f s", path, exc, backoff)
            except httpx.HTTPError as exc:
                log.warning("%s: %s; again in %.0f s", path, exc, backoff)
            self.stop.wait(backoff)
            backoff = min(MAX_BACKOFF, 2 * backoff)

    def _on_event(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        if kind == "challenge":
            self._answer(event["challenge"])
        elif kind == "gameStart":
            game_id = event["game"]["id"]
            with self._lock:
                if game_id in self.playing:
                    return
                self.playing.add(game_id)
            threading.Thread(target=self._play, args=(game_id,), daemon=True).start()

    def _answer(self, challenge: dict[str, Any]) -> None:
        mine = [i for i in challenge["invited"] if i["id"] == self.me and i["answer"] is None]
        if challenge["status"] != "pending" or not mine:
            return
        with self._lock:
            reason = self.rules.refusal(challenge, len(self.playing))
        path = f"/api/challenge/{challenge['id']}"
        if reason is None:
            self.http.post(f"{path}/accept")
        else:
            self.http.post(f"{path}/decline", json={"reason": reason})

    def _play(self, game_id: str) -> None:
        player = self.make_player()
        full: dict[str, Any] | None = None
        moved_at = -1  # own actions seen when this BOT last moved: one move per new state
        try:
            for line in self._lines(f"/api/bot/game/stream/{game_id}"):
                if line["type"] == "gameFull":
                    full, state = line, line["state"]
                elif line["type"] == "gameState":
                    state = line
                else:
                    continue
                if full is None or state["status"] not in ("started", "created"):
                    if full is not None:
                        return
                    continue
                mine = sum(1 for a in state["actions"] if a["seat"] == full["seat"])
                if state["my_turn"] and state["legal"] and mine > moved_at:
                    moved_at = mine
                    if not self._move(game_id, player.move(full, state), state):
                        moved_at = mine - 1  # stale: decide again on the next state
        except Exception:
            log.exception("game %s: the player failed; resigning", game_id)
            self.http.post(f"/api/bot/game/{game_id}/resign")
        finally:
            player.close()
            with self._lock:
                self.playing.discard(game_id)

    def _move(self, game_id: str, move: str, state: dict[str, Any]) -> bool:
        """Play `move`; False if the table moved on first (decide again); a move the
        server refuses otherwise (illegal, not understood) is the player's fault."""
        word = move.replace(" ", "_")
        answer = self.http.post(f"/api/bot/game/{game_id}/move/{word}",
                                params={"seq": state["seq"]})  # fmt: skip
        if answer.status_code == 200:
            return True
        if answer.status_code == 409:
            return False
        raise RuntimeError(f"{move!r} refused: {answer.text}")


def run_forever(bridge: Bridge) -> None:
    """Run until interrupted; an unreachable server is tried again with backoff."""
    backoff = 1.0
    while not bridge.stop.is_set():
        try:
            bridge.run()
            return
        except httpx.HTTPError as exc:
            log.warning("%s: %s; again in %.0f s", bridge.server, exc, backoff)
            time.sleep(backoff)
            backoff = min(MAX_BACKOFF, 2 * backoff)
