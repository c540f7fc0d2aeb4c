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

from regalia.core.errors import BadNotation, IllegalAction, NotYourTurn, RegaliaError, quoted

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


# Outcomes best first, for placing the seats of a finished table.
OUTCOME_ORDER = {Outcome.WIN: 0, Outcome.DRAW: 1, Outcome.LOSS: 2}


def ranked(keys: Sequence[Any]) -> tuple[int, ...]:
    """Places from sort keys, the least first: one more than the seats keyed strictly less.

    >>> ranked([2, 0, 2, 1])
    (3, 1, 3, 2)
    """
    return tuple(1 + sum(other < mine for other in keys) for mine in keys)


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
    # The level's rating on the site's scale (`regalia.ai.ratings`); None: not rated.
    rating: int | None = None
    # Its choice costs no more than listing the legal actions (a uniform pick): a table's
    # bot of this level chooses in the server's process, where the state already is, rather
    # than have a worker rebuild the game for it.
    inline: bool = False

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
    "random",
    "regalia.ai.base:RandomAgent",
    "Random",
    "plays any legal action at random",
    rating=400,
    inline=True,
)

# The chess games' numbered ladder levels (regalia.ai.ladder.CHESS_LEVELS builds their agents
# in each game's `ladder` module), weakest first: each one's title and help.
LADDER_LEVELS = (
    ("Level 1", "looks one move ahead with a very rough eye"),
    ("Level 2", "looks one move ahead with a rough eye"),
    ("Level 3", "sees the reply to its move, not the tactic behind it"),
    ("Level 4", "looks three moves ahead"),
)


def ladder_levels(module: str, ratings: Sequence[int]) -> tuple[BotLevel, ...]:
    """`LADDER_LEVELS` as a game's levels: agents `level1`… of `module`, with their ratings."""
    return tuple(
        BotLevel(f"level{n}", f"{module}:level{n}", title, help_, rating=rating)
        for n, ((title, help_), rating) in enumerate(zip(LADDER_LEVELS, ratings, strict=True), 1)
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
    # Whether a seat may ask to take its last move back (every other seat still standing
    # must agree: `tables/policies/takebacks.py`); off by default, and for hidden moves.
    takebacks: bool = False
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
    # Turn-based play: the days per move offered (`"clock": {"days_per_move": N}`), and
    # whether a seat may queue conditional moves (replies to the opponents' possible moves).
    days_per_move: tuple[int, ...] = (1, 2, 3, 5, 7, 14)
    conditional_moves: bool = False
    # "package.module:name": exact endgame knowledge (tablebases), a callable(state) ->
    # {"result": "win" | "loss" | "draw", "moves", "plies", "clock"} for the side to move,
    # or None where it knows nothing; the analysis board shows it (none when empty).
    endgame: str = ""
    # "package.module:LESSONS": a tuple of `regalia.core.lessons.Lesson` (none when empty).
    lessons: str = ""
    # "package.module:name": a referee for a physical table, called with the fields of a
    # request (texts) and answering JSON, or raising BadNotation (none when empty).
    referee: str = ""
    # "package.module:name": the game's own post-game report, a callable(final state) ->
    # JSON, run in a bot worker (empty: an accuracy report when the game can be analysed).
    report: str = ""
    # "package.module:HOOK": the game's puzzle knowledge, a `regalia.puzzles.PuzzleHook`
    # (position texts, its own themes); empty: the game has no puzzles.
    puzzles: str = ""
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

    def strength(self, level: str) -> int:
        """Where `level` stands weakest to strongest: its place in `bot_levels`, and the
        stand-in (the strongest the game names) above every other."""
        names = [lv.name for lv in self.bot_levels]
        place = names.index(level) if level in names else 0
        return len(names) if level == self.stand_in().name else place

    def resigned_stand_in(self) -> BotLevel:
        """The level that plays out a seat that resigned (or a bot seat naming no level)."""
        return self.level(self.resigned_level) if self.resigned_level else self.bot_levels[0]

    def ranks(self, state: State[A], result: Result) -> tuple[int, ...]:
        """Each seat's place at the table once `result` ended the game in `state` (1 the
        best; seats tied share a place, the next place skips them). By default by outcome:
        the winners, then the draws, then the losers. A multi-seat arena scores by it."""
        return ranked([OUTCOME_ORDER[o] for o in result.outcomes])

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

    def position_problems(self, text: str) -> tuple[str, ...]:
        """Why `text` cannot start a game — a position set up by hand (the board editor, a
        table's `position`) that could not arise in play — each a plain sentence; empty when
        it can. By default whatever `from_position` refuses; a game adds its own rules."""
        try:
            self.from_position(text)
        except RegaliaError as exc:
            return (str(exc),)
        return ()

    def seat_state(self, view: Mapping[str, Any], seat: Seat) -> State[A] | None:
        """For a bot that hears only its seat (`regalia bot --builtin`): a state holding all
        that `seat`'s `view` shows and placeholders for what it hides (an agent's
        `sample_hidden` deals them afresh). None: the game cannot; a game of perfect
        information needs none, its moves replay it."""
        return None

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

    def legal_texts(self, seat: Seat) -> list[tuple[str, str]]:
        """Each legal action of `seat` as (`encode`, `describe`); a game may work the
        descriptions out together, faster than one at a time."""
        return [(self.encode(a), self.describe(a)) for a in self.legal_actions(seat)]

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
