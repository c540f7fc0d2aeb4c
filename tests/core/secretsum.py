"""A tiny hidden-information game, and broken copies of it, to test the conformance check.

Each seat is dealt a secret digit. Seats take turns to `add 1` or `add 2` to a public counter;
when it reaches 6 the seat with the highest digit wins (ties: draws). Only `sample_hidden`
knows which parts are secret: the other seats' digits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from regalia.core.errors import BadNotation, BadRecord
from regalia.core.game import Game, Outcome, Result, Seat, State
from regalia.core.records import format_tags, parse_tags
from regalia.core.seeds import Rng

TARGET = 6


@dataclass(frozen=True)
class SumGame(Game[int]):
    name: str = "secretsum"
    title: str = "Secret sum"
    summary: str = "add to six; the highest secret digit wins"
    min_players: int = 2
    max_players: int = 3
    perfect_information: bool = False

    def seat_names(self, players: int) -> tuple[str, ...]:
        return tuple(f"S{s + 1}" for s in range(players))

    def deal(self, seed: int, players: int) -> tuple[int, ...]:
        rng = Rng(seed)
        return tuple(rng.below(10) for _ in range(players))

    def new(self, seed: int, players: int | None = None, **options: object) -> SumState:
        count = self.check_players(players)
        return SumState(self, seed, self.deal(seed, count), 0, ())

    def from_record(self, text: str) -> SumState:
        tags, body = parse_tags(text)
        try:
            state = self.new(int(tags["Seed"]), int(tags["Players"]))
        except (KeyError, ValueError):
            raise BadRecord("a secret-sum record needs Seed and Players tags") from None
        for line in body.splitlines():
            state = state.apply(state.turn, state.parse(state.turn, line))
        return state


@dataclass(frozen=True)
class SumState(State[int]):
    rules: SumGame
    seed: int
    digits: tuple[int, ...]
    counter: int
    moves: tuple[int, ...]

    @property
    def game(self) -> SumGame:
        return self.rules

    @property
    def players(self) -> int:
        return len(self.digits)

    @property
    def turn(self) -> Seat:
        return len(self.moves) % self.players

    def to_act(self) -> frozenset[Seat]:
        return frozenset() if self.counter >= TARGET else frozenset({self.turn})

    def legal_actions(self, seat: Seat) -> Sequence[int]:
        return [1, 2] if seat in self.to_act() else []

    def apply(self, seat: Seat, action: int) -> SumState:
        self.require_turn(seat)
        return replace(self, counter=self.counter + action, moves=(*self.moves, action))

    def result(self) -> Result | None:
        if self.counter < TARGET:
            return None
        best = max(self.digits)
        top = [s for s, d in enumerate(self.digits) if d == best]
        win = Outcome.WIN if len(top) == 1 else Outcome.DRAW
        outcomes = tuple(win if s in top else Outcome.LOSS for s in range(self.players))
        return Result(outcomes, f"the highest digit is {best}")

    def view(self, seat: Seat | None) -> dict[str, Any]:
        return {
            "counter": self.counter,
            "digit": None if seat is None else self.digits[seat],
            "moves": list(self.moves),
        }

    def describe(self, action: int) -> str:
        return f"add {action}"

    def parse(self, seat: Seat, text: str) -> int:
        words = text.split()
        if len(words) == 2 and words[0] == "add" and words[1] in ("1", "2"):
            return int(words[1])
        raise BadNotation(f"cannot read {text!r}: say add 1 or add 2")

    def to_record(self) -> str:
        tags = {"Game": self.rules.name, "Seed": self.seed, "Players": self.players}
        return format_tags(tags) + "\n\n" + "".join(f"add {a}\n" for a in self.moves)

    def history(self) -> Sequence[tuple[Seat, int]]:
        return [(ply % self.players, a) for ply, a in enumerate(self.moves)]

    def initial(self) -> SumState:
        return self.rules.new(self.seed, self.players)

    def sample_hidden(self, seat: Seat, seed: int) -> SumState:
        digits = list(self.rules.deal(seed, self.players))
        digits[seat] = self.digits[seat]
        return replace(self, digits=tuple(digits))


GAME = SumGame()
