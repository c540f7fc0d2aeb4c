"""A tiny game for testing the generic env machinery before (and apart from) the real games.

Players take turns adding 1 or 2 to a shared counter; at 6 or more, every player secretly
votes for another at once. Each seat holds a secret digit that only it sees. The seat with
the most votes loses and the others win; a tie for most votes is a draw.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from regalia.core.errors import BadNotation, IllegalAction
from regalia.core.game import Game, Outcome, Result, Seat, State
from regalia.core.seeds import Rng
from regalia.env.adapter import Adapter, Planes
from regalia.env.vocabulary import Vocabulary


@dataclass(frozen=True)
class ToyGame(Game[str]):
    name: str = "toy"
    title: str = "Toy"
    summary: str = "count to six, then vote"
    min_players: int = 2
    max_players: int = 3
    perfect_information: bool = False

    def seat_names(self, players: int) -> tuple[str, ...]:
        return tuple(f"P{s}" for s in range(players))

    def new(self, seed: int, players: int | None = None, **options: object) -> ToyState:
        count = self.check_players(players)
        rng = Rng(seed)
        return ToyState(count, 0, rng.below(count), tuple(rng.below(3) for _ in range(count)), ())

    def from_record(self, text: str) -> ToyState:
        raise NotImplementedError


GAME = ToyGame()


@dataclass(frozen=True)
class ToyState(State[str]):
    n: int
    counter: int
    turn: int
    secrets: tuple[int, ...]
    votes: tuple[tuple[Seat, Seat], ...] = field(default=())

    @property
    def game(self) -> ToyGame:
        return GAME

    @property
    def players(self) -> int:
        return self.n

    def voting(self) -> bool:
        return self.counter >= 6

    def to_act(self) -> frozenset[Seat]:
        if self.result() is not None:
            return frozenset()
        if self.voting():
            return frozenset(range(self.n)) - {s for s, _ in self.votes}
        return frozenset({self.turn})

    def legal_actions(self, seat: Seat) -> Sequence[str]:
        if seat not in self.to_act():
            return []
        if self.voting():
            return [f"vote {t}" for t in range(self.n) if t != seat]
        return ["add 1", "add 2"]

    def apply(self, seat: Seat, action: str) -> ToyState:
        self.require_turn(seat)
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"{action!r} is not legal")
        if self.voting():
            target = int(action.split()[1])
            return ToyState(
                self.n, self.counter, self.turn, self.secrets, (*self.votes, (seat, target))
            )
        step = int(action.split()[1])
        return ToyState(self.n, self.counter + step, (self.turn + 1) % self.n, self.secrets)

    def result(self) -> Result | None:
        if len(self.votes) < self.n:
            return None
        tally = [sum(1 for _, t in self.votes if t == s) for s in range(self.n)]
        top = [s for s in range(self.n) if tally[s] == max(tally)]
        if len(top) > 1:
            return Result(tuple(Outcome.DRAW for _ in range(self.n)), "tie")
        return Result(
            tuple(Outcome.LOSS if s == top[0] else Outcome.WIN for s in range(self.n)), "voted"
        )

    def view(self, seat: Seat | None) -> dict[str, Any]:
        over = self.result() is not None
        return {
            "counter": self.counter,
            "turn": self.turn,
            "secret": None if seat is None else self.secrets[seat],
            "voted": len(self.votes),
            "votes": [list(v) for v in self.votes] if over else None,
            "secrets": list(self.secrets) if over else None,
        }

    def describe(self, action: str) -> str:
        return action

    def parse(self, seat: Seat, text: str) -> str:
        if text.split()[0] not in {"add", "vote"}:
            raise BadNotation(f"cannot read {text!r}")
        return text.strip()

    def to_record(self) -> str:
        return ""


class ToyAdapter(Adapter):
    game_name = "toy"
    VOCABULARY = Vocabulary(["add 1", "add 2", "vote 0", "vote 1", "vote 2"])

    def load_game(self) -> Game[Any]:
        return GAME

    @property
    def vocabulary(self) -> Vocabulary:
        return self.VOCABULARY

    @property
    def obs_shape(self) -> tuple[int, ...]:
        return (6,)

    def planes(self, view: Mapping[str, Any], seat: Seat) -> Planes:
        out = np.zeros(6, dtype=np.float32)
        out[0] = min(view["counter"], 7) / 7
        out[1 + view["secret"]] = 1.0
        out[4] = float(view["turn"] == seat)
        out[5] = min(view["voted"], 3) / 3
        return out
