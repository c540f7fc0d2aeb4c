"""The core contract: a `Game` (static facts) and its `State` (one point in play).

Seats are ints 0..players-1. More than one seat may act at once (Regicida's secret vote);
`to_act()` says who. States are immutable from the outside: `apply` returns a new state.
Engines keep their own fast mutable positions underneath and wrap them.
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from regalia.core.errors import BadNotation, IllegalAction, NotYourTurn, quoted

Seat = int
A = TypeVar("A")


class Outcome(enum.Enum):
    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"

    @property
    def score(self) -> float:
        return {"win": 1.0, "loss": 0.0, "draw": 0.5}[self.value]


class Dynamics(enum.Enum):
    """Who acts when (OpenSpiel's `GameType.Dynamics`)."""

    SEQUENTIAL = "sequential"  # one seat acts at a time
    SIMULTANEOUS = "simultaneous"  # several seats may act at once (`to_act()` > 1)


class Utility(enum.Enum):
    """How the seats' returns relate, counting a win 1, a loss -1 and a draw 0 (OpenSpiel's
    `GameType.Utility`)."""

    ZERO_SUM = "zero-sum"  # the returns of every finished game sum to zero (teams included)
    GENERAL_SUM = "general-sum"  # no such promise (everyone may lose)


class Chance(enum.Enum):
    """Where randomness comes in (OpenSpiel's `GameType.ChanceMode`)."""

    DETERMINISTIC = "deterministic"  # none: every seed deals the same game
    SEEDED = "seeded"  # the setup or later draws derive from the seed given to `new`


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
                    f"option {self.name}: {quoted(value)} is not one of {', '.join(self.choices)}"
                )
            return text
        try:
            number = int(str(value))
        except ValueError:
            raise BadNotation(
                f"option {self.name}: {quoted(value)} is not a whole number"
            ) from None
        if (self.minimum is not None and number < self.minimum) or (
            self.maximum is not None and number > self.maximum
        ):
            raise BadNotation(
                f"option {self.name}: {number} is outside {self.minimum}..{self.maximum}"
            )
        return number


@dataclass(frozen=True, slots=True)
class BotLevel:
    """A bot strength a game offers, and how to build it.

    `agent` names a callable as "package.module:name"; called with a seed, it returns a
    `regalia.ai.base.Agent`. A name, not the callable, so the rules layer imports no AI and
    a level costs nothing until a bot of it plays. `seconds` and `nodes` are the thinking
    budget the level gets when nobody sets one (None: the level stops on its own).
    """

    name: str
    agent: str
    title: str = ""
    help: str = ""
    seconds: float | None = None
    nodes: int | None = None

    @property
    def label(self) -> str:
        return self.title or self.name


@dataclass(frozen=True, slots=True)
class ClockPreset:
    """A time control offered for a game: a Fischer bank (`initial_s` + `increment_s` per
    action) or a limit per action (`per_move_s`)."""

    label: str
    initial_s: int | None = None
    increment_s: int = 0
    per_move_s: int | None = None

    def to_json(self) -> dict[str, int]:
        if self.per_move_s is not None:
            return {"per_move_s": self.per_move_s}
        return {"initial_s": self.initial_s or 0, "increment_s": self.increment_s}


RANDOM_LEVEL = BotLevel(
    "random", "regalia.ai.base:RandomAgent", "Random", "plays any legal action at random"
)


@dataclass(frozen=True)
class Game(ABC, Generic[A]):
    """Static facts about a game; `new` deals a fresh state from a seed.

    Besides the rules, a game declares what the shared layers (bots, tables, server, CLI,
    web) need to know about it; each fact has a default, so a game declares only where it
    differs. docs/design.md, "Adding a game", lists them.
    """

    name: str
    title: str
    summary: str
    min_players: int
    max_players: int
    options: Mapping[str, Option] = field(default_factory=dict)
    # False when some seat may not see everything (Regicida): agents then get views only.
    perfect_information: bool = True
    # A paragraph for the lobby (the summary when empty) and a page of the full rules,
    # relative to the web app (none when empty).
    description: str = ""
    rules_url: str = ""
    # The player count offered first (the smallest when None).
    default_players: int | None = None
    # Whether a seat may resign (its team loses) and whether draws may be offered.
    resignation: bool = True
    draw_offers: bool = True
    # How to type an action, shown in move boxes: e.g. "Nc3 or b1c3".
    notation_hint: str = ""
    # A guard for bot-only games (the arena): a game this long is stopped as a draw.
    max_plies: int = 5000
    # Bot levels, weakest first; the first is the default opponent unless `default_level`.
    bot_levels: tuple[BotLevel, ...] = (RANDOM_LEVEL,)
    default_level: str = ""
    # "package.module:name" of a callable(view, seat) -> a Rich renderable drawing a view in
    # the terminal; empty: the terminal prints the view's fields.
    terminal_view: str = ""
    # Time controls offered when creating a table (besides untimed and a custom one), and
    # what a timed-out seat gets by default: "lose" (its team loses) or "bot" (a bot plays
    # it from then on).
    clock_presets: tuple[ClockPreset, ...] = ()
    on_timeout: str = "lose"
    # "package.module:LESSONS": a tuple of `regalia.core.lessons.Lesson` (none when empty).
    lessons: str = ""
    # "package.module:name": a referee for a physical table, called with the fields of a
    # request (texts) and answering JSON, or raising BadNotation (none when empty).
    referee: str = ""
    # What happens by default when a human seat to act has no live connection for a while:
    # "bot" (a bot plays it until the human returns), "claim" (the opponents may claim the
    # win; two-sided games) or "wait".
    absence: str = "wait"
    # The bot level that plays a human seat while its player is away or after its time ran
    # out (empty: the last of `bot_levels`), and the one that plays a resigned seat in a
    # game that goes on without it (empty: the first).
    stand_in_level: str = ""
    resigned_level: str = ""
    # OpenSpiel-like facts (`GameType`): who acts when, how the returns relate, and whether
    # the seed changes the game. The research interfaces read them.
    dynamics: Dynamics = Dynamics.SEQUENTIAL
    utility: Utility = Utility.GENERAL_SUM
    chance: Chance = Chance.DETERMINISTIC

    @abstractmethod
    def seat_names(self, players: int) -> tuple[str, ...]:
        """Display names of the seats, e.g. ("White", "Black")."""

    def teams(self, players: int) -> tuple[frozenset[Seat], ...]:
        """Seats that win and lose together; by default every seat alone."""
        return tuple(frozenset({s}) for s in range(players))

    def read_options(self, given: Mapping[str, object]) -> dict[str, int | str | None]:
        unknown = sorted(set(given) - set(self.options))
        if unknown:
            raise BadNotation(f"{self.name} has no option {quoted(unknown[0])}")
        return {name: opt.read(given.get(name)) for name, opt in self.options.items()}

    def players_by_default(self) -> int:
        return self.default_players or self.min_players

    def level(self, name: str) -> BotLevel:
        """The bot level called `name`; raises BadNotation naming the levels there are."""
        key = name.strip().lower()
        for level in self.bot_levels:
            if level.name == key:
                return level
        names = ", ".join(level.name for level in self.bot_levels)
        raise BadNotation(
            f"unknown bot level {quoted(name)} for {self.title}; choose one of {names}"
        )

    def stand_in(self) -> BotLevel:
        """The level that plays a human seat while its player is away or out of time."""
        return self.level(self.stand_in_level) if self.stand_in_level else self.bot_levels[-1]

    def resigned_stand_in(self) -> BotLevel:
        """The level that plays out a seat that resigned (or a bot seat naming no level)."""
        return self.level(self.resigned_level) if self.resigned_level else self.bot_levels[0]

    def bot_accepts_draw(self, state: State[A], seat: Seat) -> bool:
        """Whether a bot playing `seat` accepts a draw offered in `state`; by default bots
        decline every offer."""
        return False

    def catalogue_texts(self) -> Iterable[tuple[str, str]]:
        """(text, where) of texts the game's pages and referee show besides its descriptor's
        own (seat names, level titles, options…), for the language catalogues; `where` is a
        "path:line" of the source that says it. None by default."""
        return ()

    def check_players(self, players: int | None) -> int:
        count = self.players_by_default() if players is None else players
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

    def from_position(self, text: str, seed: int = 0) -> State[A]:
        """A game starting from a position written in the game's own text form (a FEN)."""
        raise BadNotation(f"{self.title} has no position text; start from the beginning")


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

    def action_is_secret(self, seat: Seat) -> bool:
        """Whether the action `seat` takes now is hidden from the other seats and spectators
        until the game is over. By default: while several seats act at once. A game whose
        simultaneous round leaves one seat to act last (a secret vote) says so here too."""
        return len(self.to_act()) > 1

    def history(self) -> Sequence[tuple[Seat, A]] | None:
        """The (seat, action) of every action taken since `initial()`, in order; None when
        the game does not keep them. Actions the game takes by itself (a forced pass) are
        left out: replaying these from `initial()` with `apply` gives this state again."""
        return None

    def initial(self) -> State[A] | None:
        """The state this game started from (same seed, options and start position)."""
        return None

    def resign(self, seat: Seat) -> State[A]:
        """The state after `seat` resigns, for games whose records keep a resignation.

        Tables keep resignations in their own log; this is for records (the terminal)."""
        raise IllegalAction(f"a {self.game.title} record cannot hold a resignation")

    def apply_text(self, seat: Seat, text: str) -> State[A]:
        return self.apply(seat, self.parse(seat, text))

    def require_turn(self, seat: Seat) -> None:
        if seat not in self.to_act():
            if self.is_over():
                raise NotYourTurn("the game is over")
            names = self.game.seat_names(self.players)
            who = ", ".join(names[s] for s in sorted(self.to_act()))
            raise NotYourTurn(f"it is not {names[seat]}'s turn ({who} to act)")
