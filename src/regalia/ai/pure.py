"""A bot level on the interpreted path, beside the compiled one: `<level>-pure` in the arena.

The compiled extensions are chosen per process (`regalia.native`), so an agent on the
interpreted path runs in a child process started with REGALIA_PURE_PYTHON=1. `PureAgent`
sends it each position as the game's record and the budget; the child replays the record,
lets its own agent of the level choose, and answers with the action's text. This exists to
measure what compiling is worth in play (`regalia arena regulator --agents
strong,strong-pure`); the lobby never offers it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import IO, Any

from regalia.ai.base import Agent, Budget, Observation

SUFFIX = "-pure"


class PureAgent(Agent[Any]):
    """The agent of `level` for `game`, run interpreted in a child process."""

    def __init__(self, game: str, level: str, seed: int, env: dict[str, str] | None = None) -> None:
        """`env` replaces the child's environment (bench/strength.py runs an older source
        tree that way); by default it is this one's with REGALIA_PURE_PYTHON=1."""
        self.name = level + SUFFIX
        pure = env is None
        if env is None:
            env = dict(os.environ, REGALIA_PURE_PYTHON="1")
        self._child = subprocess.Popen(
            [sys.executable, "-c", "from regalia.ai.pure import serve; serve()"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            text=True,
        )
        self._send({"game": game, "level": level, "seed": seed, "pure": pure})

    def _send(self, message: dict[str, Any]) -> None:
        child_in = self._child.stdin
        assert child_in is not None
        child_in.write(json.dumps(message) + "\n")
        child_in.flush()

    def choose(self, obs: Observation[Any], budget: Budget) -> Any:
        state = obs.state
        self._send(
            {
                "record": state.to_record(),
                "seat": obs.seat,
                "budget": [budget.seconds, budget.depth, budget.nodes],
            }
        )
        child_out = self._child.stdout
        assert child_out is not None
        line = child_out.readline()
        if not line:
            raise RuntimeError(f"the interpreted {self.name} process ended")
        return state.parse(obs.seat, json.loads(line)["action"])

    def __del__(self) -> None:
        child = getattr(self, "_child", None)
        if child is not None and child.poll() is None:
            if child.stdin is not None:
                child.stdin.close()
            child.wait(timeout=5)


def serve(stdin: IO[str] = sys.stdin, stdout: IO[str] = sys.stdout) -> None:
    """The child's loop: one agent, one JSON request per line, one answer per line."""
    from regalia import native
    from regalia.ai.levels import make_agent
    from regalia.core.registry import get_game

    first = json.loads(stdin.readline())
    if first.get("pure", True) and any(native.status().values()):
        raise SystemExit(f"regalia.ai.pure: not on the interpreted path ({native.path()})")
    game = get_game(first["game"])
    agent = make_agent(game, first["level"], first["seed"])
    for line in stdin:
        request = json.loads(line)
        state = game.from_record(request["record"])
        seconds, depth, nodes = request["budget"]
        action = agent.choose(Observation(state, request["seat"]), Budget(seconds, depth, nodes))
        stdout.write(json.dumps({"action": state.encode(action)}) + "\n")
        stdout.flush()
