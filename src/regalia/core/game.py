"""The core contract: a `Game` (static facts) and its `State` (one point in play).

Seats are ints 0..players-1. More than one seat may act at once (Regicida's secret vote);
`to_act()` says who. States are immutable from the outside: `apply` returns a new state.
Engines keep their own fast mutable positions underneath and wrap them.
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from regalia.core.errors import BadNotation, NotYourTurn

Seat = int
A = TypeVar("A")


class Outcome(enum.Enum):
    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"

    @property
    def score(self) -> float:
        return {"win": 1.0, "loss": 0.0, "draw": 0.5}[self.value]


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended: one outcome per seat and the reason in words."""

    outcomes: tuple[Outcome, ...]
    reason: str

    def winners(self) -> tuple[Seat, ...]:
        return tuple(s for s, o in enumerate(self.outcomes) if o is Outcome.WIN)

    def to_json(self) -> dict[str, Any]:
        return {"outcomes": [o.value for o in self.outcomes], "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Option:
    """One game option: an int in a range or one of a set of choices."""

    name: str
    help: str
    default: int | str | None
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def read(self, value: object) -> int | str | None:
        """Check and normalise a value given for this option (str or int)."""
        if value is None:
            return self.default
        if self.choices:
            text = str(value).strip().lower()
            if text not in self.choices:
                raise BadNotation(
                    f"option {self.name}: {value!r} is not one of {', '.join(self.choices)}"
                )
            return text
        try:
            number = int(str(value))
        except ValueError:
            raise BadNotation(f"option {self.name}: {value!r} is not a whole number") from None
        if (self.minimum is not None and number < self.minimum) or (
            self.maximum is not None and number > self.maximum
        ):
            raise BadNotation(
                f"option {self.name}: {number} is outside {self.minimum}..{self.maximum}"
            )
        return number


@dataclass(frozen=True)
class Game(ABC, Generic[A]):
    """Static facts about a game; `new` deals a fresh state from a seed."""

    name: str
    title: str
    summary: str
    min_players: int
    max_players: int
    options: Mapping[str, Option] = field(default_factory=dict)
    # False when some seat may not see everything (Regicida): agents then get views only.
    perfect_information: bool = True

    @abstractmethod
    def seat_names(self, players: int) -> tuple[str, ...]:
        """Display names of the seats, e.g. ("White", "Black")."""

    def teams(self, players: int) -> tuple[frozenset[Seat], ...]:
        """Seats that win and lose together; by default every seat alone."""
        return tuple(frozenset({s}) for s in range(players))

    def read_options(self, given: Mapping[str, object]) -> dict[str, int | str | None]:
        unknown = sorted(set(given) - set(self.options))
        if unknown:
            raise BadNotation(f"{self.name} has no option {unknown[0]!r}")
        return {name: opt.read(given.get(name)) for name, opt in self.options.items()}

    def check_players(self, players: int | None) -> int:
        count = self.min_players if players is None else players
        if not self.min_players <= count <= self.max_players:
            raise BadNotation(
                f"{self.title} takes {self.min_players}–{self.max_players} players, not {count}"
            )
        return count

    @abstractmethod
    def new(self, seed: int, players: int | None = None, **options: object) -> State[A]:
        """A fresh game; every random choice derives from `seed`."""

    @abstractmethod
    def from_record(self, text: str) -> State[A]:
        """Replay a record written by `State.to_record`; raises `BadRecord`."""


class State(ABC, Generic[A]):
    """One point in play. Never mutated after construction by public code."""

    @property
    @abstractmethod
    def game(self) -> Game[A]: ...

    @property
    @abstractmethod
    def players(self) -> int: ...

    @abstractmethod
    def to_act(self) -> frozenset[Seat]:
        """Seats that may act now; empty when the game is over."""

    @abstractmethod
    def legal_actions(self, seat: Seat) -> Sequence[A]:
        """Every legal action for `seat` (empty if it is not to act)."""

    @abstractmethod
    def apply(self, seat: Seat, action: A) -> State[A]:
        """The state after `seat` takes `action`; raises NotYourTurn / IllegalAction."""

    @abstractmethod
    def result(self) -> Result | None:
        """The result once the game is over, else None."""

    def is_over(self) -> bool:
        return self.result() is not None

    @abstractmethod
    def view(self, seat: Seat | None) -> dict[str, Any]:
        """JSON-ready view holding exactly what `seat` may know (None: a spectator)."""

    @abstractmethod
    def describe(self, action: A) -> str:
        """The action in the game's own notation, as the acting seat would write it here."""

    @abstractmethod
    def parse(self, seat: Seat, text: str) -> A:
        """Read an action in any accepted notation; raises BadNotation / IllegalAction."""

    @abstractmethod
    def to_record(self) -> str:
        """A lossless text record from which `game.from_record` replays this state."""

    def encode(self, action: A) -> str:
        """Stable machine form of an action (for storage and the wire)."""
        return self.describe(action)

    def apply_text(self, seat: Seat, text: str) -> State[A]:
        return self.apply(seat, self.parse(seat, text))

    def require_turn(self, seat: Seat) -> None:
        if seat not in self.to_act():
            if self.is_over():
                raise NotYourTurn("the game is over")
            names = self.game.seat_names(self.players)
            who = ", ".join(names[s] for s in sorted(self.to_act()))
            raise NotYourTurn(f"it is not {names[seat]}'s turn ({who} to act)")
