"""The Regicida `Game`: static facts, dealing, and replaying records."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from regalia.core.errors import BadRecord, RegaliaError
from regalia.core.game import (
    OUTCOME_ORDER,
    RANDOM_LEVEL,
    BotLevel,
    Chance,
    ClockPreset,
    Dynamics,
    Game,
    Option,
    Outcome,
    Result,
    Seat,
    State,
    ranked,
)
from regalia.core.records import parse_tags
from regalia.games.regicida import rules
from regalia.games.regicida.actions import Action
from regalia.games.regicida.houses import OBJECTIVE_KEYS, OBJECTIVES
from regalia.games.regicida.seatstate import seat_state
from regalia.games.regicida.state import RegicidaState

OPTIONS = MappingProxyType(
    {
        "objective": Option(
            name="objective",
            help="the Objective scored at the Coronation; random (from the seed) by default",
            default="random",
            choices=("random", *OBJECTIVE_KEYS),
        )
    }
)

# Titles name each level's strength for players (Beginner < Casual < Intermediate < Strong);
# the technical name stays the level's name.
# Weakest first; `rating` is the calibrated ladder's (bench/ladder.py, docs/engine.md). The
# numbered levels are the ISMCTS level given fewer (or more) iterations to think.
LEVELS = (
    replace(RANDOM_LEVEL, title="Beginner", help="plays any legal action at random"),
    BotLevel("level1", "regalia.ai.regicida.levels:ismcts", "Level 1",
             "thinks a few playouts ahead", nodes=8, rating=500),
    BotLevel("greedy", "regalia.ai.regicida.greedy:GreedyAgent", "Casual",
             "plays for its own House's score", rating=800),
    BotLevel("level2", "regalia.ai.regicida.levels:ismcts", "Level 2",
             "thinks a few dozen playouts ahead", nodes=40, rating=900),
    BotLevel("ismcts", "regalia.ai.regicida.levels:ismcts", "Intermediate",
             "information-set Monte Carlo tree search", nodes=200, rating=1200),
    BotLevel("level3", "regalia.ai.regicida.levels:ismcts", "Level 3",
             "thinks a thousand playouts ahead", nodes=1000, rating=1400),
    BotLevel("strong", "regalia.ai.regicida.agent:StrongAgent", "Strong",
             "infers who holds which House: the strongest", seconds=2.0, rating=1600),
)  # fmt: skip


@dataclass(frozen=True)
class RegicidaGame(Game[Action]):
    name: str = "regicida"
    title: str = "Regicida"
    summary: str = "Hidden Houses build a 6×6 grid, scheme, crown a Regent and vote to kill."
    min_players: int = 2
    max_players: int = 6
    options: MappingProxyType[str, Option] = field(default_factory=lambda: OPTIONS)
    perfect_information: bool = False
    description: str = (
        "A hidden-identity game for two to six players. Each of you secretly serves one of six "
        "Houses. Together you lay out 36 Ally tokens into a 6 × 6 realm, then scheme by swapping "
        "pairs and turning tokens dark. The Objective card ranks the Houses and crowns a Regent "
        "— but then everyone votes in secret on who holds the Regent House. Unmask the Regent "
        "and the best-placed accuser wins; fail, and the Regent rules alone. Talk, bluff and "
        "deduce."
    )
    rules_url: str = "rules/regicida.html"
    default_players: int | None = 4
    # The rules have no resigning and no draws: the vote decides every game.
    resignation: bool = False
    draw_offers: bool = False
    notation_hint: str = "place 1 f6, swap c4 c5 flip c4"
    max_plies: int = 1000
    bot_levels: tuple[BotLevel, ...] = LEVELS
    default_level: str = "greedy"
    stand_in_level: str = "strong"
    dynamics: Dynamics = Dynamics.SIMULTANEOUS  # the vote
    chance: Chance = Chance.SEEDED  # the deal
    # Utility stays general-sum: everyone loses when the Neutral Player is struck.
    terminal_view: str = "regalia.terminal.regicida:render_view"
    # A time per action suits a game of table talk; a seat that runs out or walks away is
    # played by a bot, so the others' game goes on.
    clock_presets: tuple[ClockPreset, ...] = (
        ClockPreset("1 min a turn", per_move_s=60),
        ClockPreset("2 min a turn", per_move_s=120),
        ClockPreset("5 min a turn", per_move_s=300),
    )
    on_timeout: str = "bot"
    absence: str = "bot"
    lessons: str = "regalia.games.regicida.lessons:LESSONS"
    referee: str = "regalia.games.regicida.referee:referee"
    report: str = "regalia.ai.regicida.report:report"
    puzzles: str = "regalia.ai.regicida.puzzles:HOOK"

    def seat_names(self, players: int) -> tuple[str, ...]:
        return tuple(f"Player {i + 1}" for i in range(players))

    def ranks(self, state: State[Action], result: Result) -> tuple[int, ...]:
        """The winners first; then the others in the Coronation order of the Houses they
        held (the Regent House's holder first). A game not played to its vote (ended by
        the table, a forfeit) places every loser level."""
        places = state.house_places() if isinstance(state, RegicidaState) else None
        keys = [
            (OUTCOME_ORDER[o], places[s] if places is not None and o is not Outcome.WIN else 0)
            for s, o in enumerate(result.outcomes)
        ]
        return ranked(keys)

    def catalogue_texts(self) -> Iterable[tuple[str, str]]:
        """The Objectives' titles and rules: the board's Objective card and the referee's
        form show them."""
        where = "regalia/games/regicida/houses.py:0"
        return [(text, where) for item in OBJECTIVES for text in (item.title, item.rule)]

    def new(self, seed: int, players: int | None = None, **options: object) -> RegicidaState:
        count = self.check_players(players)
        chosen = self.read_options(options)["objective"]
        objective = None if chosen == "random" else str(chosen)
        return RegicidaState(self, seed, rules.deal(seed, count, objective), ())

    def seat_state(self, view: Mapping[str, Any], seat: Seat) -> RegicidaState:
        """What `seat`'s view shows, the rest placeholders (`regicida.seatstate`)."""
        return seat_state(self, view, seat)

    def from_record(self, text: str) -> RegicidaState:
        tags, body = parse_tags(text)
        if tags.get("Game", "regicida") != "regicida":
            raise BadRecord(f"this is a record of {tags['Game']}, not regicida")
        try:
            seed, players = int(tags["Seed"]), int(tags["Players"])
        except KeyError as missing:
            raise BadRecord(f"a regicida record needs the tag {missing}") from None
        except ValueError:
            raise BadRecord("the Seed and Players tags must be whole numbers") from None
        try:
            state = self.new(seed, players, objective=tags.get("Objective", "random"))
        except RegaliaError as exc:
            raise BadRecord(str(exc)) from None
        for number, line in enumerate(body.splitlines(), start=1):
            if not line.strip():
                continue
            who, _, text_action = line.strip().partition(" ")
            try:
                seat = int(who.removeprefix("P")) - 1
                if not who.startswith("P") or not 0 <= seat < players:
                    raise ValueError
            except ValueError:
                raise BadRecord(
                    f"body line {number}: {who!r} is not a seat P1..P{players}"
                ) from None
            try:
                state = state.apply(seat, state.parse(seat, text_action))
            except RegaliaError as exc:
                raise BadRecord(f"body line {number} ({line.strip()}): {exc}") from None
        return state


GAME = RegicidaGame()
