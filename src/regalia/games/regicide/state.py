"""The Regicide game and its immutable State, wrapping the engine `Position`.

Actions are the engine's move ints (`moves.py`). The State adds what the engine leaves out:
draws (C14), resignation, forced passes played automatically (C13), the short-form history
and records. A seat whose only legal action is `pass` (no move at all, or no king and no
capture) passes automatically, and the record shows that `pass`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from regalia.core.errors import BadNotation, BadRecord, IllegalAction, RegaliaError
from regalia.core.game import (
    RANDOM_LEVEL,
    BotLevel,
    ClockPreset,
    Game,
    Outcome,
    Result,
    Seat,
    State,
    Utility,
    ladder_levels,
)
from regalia.games.regicide import board as B
from regalia.games.regicide import validity
from regalia.games.regicide.moves import PASS, letter, origin, target
from regalia.games.regicide.notation import coordinate, parse, short
from regalia.games.regicide.position import Position
from regalia.games.regicide.record import RESULT_TOKENS, format_record, read_record
from regalia.games.regicide.text import START_TEXT, from_text, to_text

TEAMS = (frozenset({0, 2}), frozenset({1, 3}))
TEAM_NAMES = ("light (Yellow and Red)", "dark (Green and Blue)")
DRAW_PLIES = 200  # C14


@dataclass(frozen=True)
class RegicideGame(Game[int]):
    def seat_names(self, players: int = 4) -> tuple[str, ...]:
        return B.SEAT_NAMES

    def teams(self, players: int = 4) -> tuple[frozenset[Seat], ...]:
        return TEAMS

    def new(self, seed: int, players: int | None = None, **options: object) -> RegicideState:
        self.check_players(players)
        self.read_options(options)
        return RegicideState(Position.start(), seed=seed)._settled()

    def from_position(self, text: str, seed: int = 0) -> RegicideState:
        """A game starting from a position text (`text.py`); raises BadPosition."""
        return RegicideState(from_text(text), seed=seed, start_text=text.strip())._settled()

    def position_problems(self, text: str) -> tuple[str, ...]:
        return validity.problems(text)

    def from_record(self, text: str) -> RegicideState:
        try:
            tags, tokens = read_record(text)
        except RegaliaError as exc:
            raise BadRecord(str(exc)) from None
        if tags.get("Game", "regicide").lower() != "regicide":
            raise BadRecord(f"record is of game {tags['Game']!r}, not regicide")
        try:
            seed = int(tags.get("Seed", "0"))
        except ValueError:
            raise BadRecord(f"record tag Seed: {tags['Seed']!r} is not a number") from None
        try:
            state = (
                self.from_position(tags["Position"], seed) if "Position" in tags else self.new(seed)
            )
        except RegaliaError as exc:
            raise BadRecord(f"record tag Position: {exc}") from None
        state = state._with(names={k: v for k, v in tags.items() if k in B.SEAT_NAMES})
        done = 0  # history entries the tokens have accounted for so far
        for number, token in enumerate(tokens, start=1):
            if len(state.moves) > done:  # a pass the state played automatically
                if token.lower() == "pass":
                    done += 1
                    continue
                done = len(state.moves)  # the record left automatic passes out
            try:
                seat = state.turn
                state = state.apply(seat, state.parse(seat, token))
            except RegaliaError as exc:
                raise BadRecord(f"record move {number} ({token}): {exc}") from None
            done += 1
        resigned = tags.get("Resigned")
        if resigned:
            if resigned not in B.SEAT_NAMES:
                raise BadRecord(f"record tag Resigned: {resigned!r} is not a seat name")
            state = state.resign(B.SEAT_NAMES.index(resigned))
        return state


# Titles name each level's strength for players in the measured order (Beginner < Novice <
# Casual < Strong, Level 1 < Level 2 …); the technical name stays the level's name.
# Weakest first; `rating` is the calibrated ladder's, random = 400 (bench/ladder.py,
# docs/engine.md): measured up to level3; ismcts, level4 and strong are still provisional.
LEVELS = (
    replace(RANDOM_LEVEL, title="Beginner", help="plays any legal move at random"),
    BotLevel("ismcts", "regalia.ai.regicide.levels:ismcts", "Novice",
             "Monte Carlo tree search", nodes=200, rating=900),
    BotLevel("greedy", "regalia.ai.regicide.levels:greedy", "Casual",
             "grabs the most material it sees one move ahead", rating=931),
    *ladder_levels("regalia.ai.regicide.ladder", (1141, 1312, 1739, 2000)),
    BotLevel("strong", "regalia.ai.regicide.agent:StrongAgent", "Strong",
             "alpha-beta search for the team: the strongest", seconds=0.3, rating=2200),
)  # fmt: skip

GAME = RegicideGame(
    name="regicide",
    title="Regicide",
    summary="Four-player team chess on a 160-square cross board; kings are captured.",
    min_players=4,
    max_players=4,
    description=(
        "Four-player team chess on a 160-square cross: Yellow and Red against Green and Blue, "
        "each army on its own arm of the cross. There is no check or mate — kings are captured "
        "like any other piece, and a player whose king falls plays on, capturing or passing. "
        "Pawns march away from their owner, may double-step on their first two moves, swap "
        "places with a teammate's pawn and promote on any other back rank. A team wins when "
        "both enemy kings are taken."
    ),
    rules_url="rules/regicide.html",
    notation_hint="YP-d4 or b4d4",
    max_plies=8000,  # far beyond what C14's draws allow in practice
    bot_levels=LEVELS,
    default_level="greedy",
    stand_in_level="strong",
    takebacks=True,  # the whole table agrees: every seat's moves since are undone
    utility=Utility.ZERO_SUM,  # one side (team) wins what the other loses
    clock_presets=(
        ClockPreset("5+5", 300, 5),
        ClockPreset("10+5", 600, 5),
        ClockPreset("15+10", 900, 10),
    ),
    on_timeout="lose",
    conditional_moves=True,
    absence="bot",
    lessons="regalia.games.regicide.lessons:LESSONS",
    puzzles="regalia.ai.regicide.puzzles:HOOK",
    terminal_view="regalia.terminal.regicide:render_view",
)


_SEATS = tuple(frozenset({seat}) for seat in range(4))
_NOBODY: frozenset[Seat] = frozenset()

# The short forms of a game line are worked out only when asked for (records, views), once
# for all the states that share them. Each state holds the node of its own last ply, a list
# [node of the ply before or None, short forms of the line so far or None] (a list, not an
# object: it is made on every move); the moves themselves are the position's move stack. A
# node's link back is let go once its short forms are known, and those known further back
# are reused.
_Line = list[Any]
_PREV, _SHORT = 0, 1

# The (seat, action) steps chosen so far (forced passes left out), shared along the line:
# None, or (steps before, (seat, action)).
_Steps = tuple[Any, tuple[Seat, int]] | None

_new_state = object.__new__  # a state without __init__: `_played` fills it in


class RegicideState(State[int]):
    """One point of a Regicide game. Never mutated after construction.

    The position holds the whole line: its move stack is `moves` (forced passes included),
    and its keys since construction count the repetitions (C14), so `position` must come
    with no move pushed yet.
    """

    _pos: Position
    _seed: int
    _start: str | None
    _start_turn: int
    _start_round: int
    _names: dict[str, str]
    _line: _Line
    _steps: _Steps
    _resigned: Seat | None
    _legal: list[int]
    _sorted: list[int] | None  # `legal_actions`, sorted when first asked
    _result: Result | None
    _to_act: frozenset[Seat]

    def __init__(
        self,
        position: Position,
        seed: int = 0,
        start_text: str | None = None,
        names: dict[str, str] | None = None,
    ) -> None:
        self._pos = position
        self._seed = seed
        self._start = start_text if start_text and start_text != START_TEXT else None
        self._start_turn = position.turn
        self._start_round = position.round
        self._names = names or {}
        self._line = [None, ()]
        self._steps = None
        self._resigned = None
        self._legal = position.legal_moves()
        self._sorted = None
        self._result = self._compute_result()
        self._to_act = _NOBODY if self._result else _SEATS[position.turn]

    # ------------------------------------------------------------------ contract: facts

    @property
    def game(self) -> RegicideGame:
        return GAME

    @property
    def players(self) -> int:
        return 4

    @property
    def position(self) -> Position:
        """A copy of the engine position (the State stays immutable)."""
        return self._pos.copy()

    @property
    def turn(self) -> Seat:
        """The seat to move (also when the game is over)."""
        return self._pos.turn

    @property
    def short_history(self) -> tuple[str, ...]:
        """Every move so far in short form, forced passes included (worked out on the first
        call, then kept)."""
        line = self._line
        known: tuple[str, ...] | None = line[_SHORT]
        if known is None:
            known = line[_SHORT] = _work_out_short(line, self._pos)
            line[_PREV] = None
        return known

    @property
    def moves(self) -> tuple[int, ...]:
        return tuple(self._pos.history)

    def history(self) -> Sequence[tuple[Seat, int]]:
        steps = []
        node = self._steps
        while node is not None:
            node, step = node
            steps.append(step)
        steps.reverse()
        return tuple(steps)

    def initial(self) -> RegicideState:
        start = from_text(self._start) if self._start is not None else Position.start()
        state = RegicideState(start, seed=self._seed, start_text=self._start, names=self._names)
        return state._settled()

    def to_act(self) -> frozenset[Seat]:
        return self._to_act

    def legal_actions(self, seat: Seat) -> Sequence[int]:
        if seat not in self._to_act:
            return []
        ordered = self._sorted
        if ordered is None:
            ordered = self._sorted = sorted(self._legal)
        return list(ordered)

    def result(self) -> Result | None:
        return self._result

    def is_over(self) -> bool:
        return self._result is not None

    # ------------------------------------------------------------------ contract: moves

    def apply(self, seat: Seat, action: int) -> RegicideState:
        if seat not in self._to_act:
            self.require_turn(seat)
        if action not in self._legal:
            raise IllegalAction(
                f"{coordinate(action)} is not a legal move for {B.SEAT_NAMES[seat]}"
            )
        state = self._played(action)
        state._steps = (self._steps, (seat, action))
        if state._legal == _ONLY_PASS and state._result is None:
            return state._settled()
        return state

    def resign(self, seat: Seat) -> RegicideState:
        """The seat gives up; its whole team loses at once."""
        if self._result is not None:
            raise IllegalAction("the game is over")
        state = self._with()
        state._resigned = seat
        state._result = state._compute_result()
        state._to_act = _NOBODY
        return state

    def describe(self, action: int) -> str:
        return short(self._pos, action, self._legal)

    def encode(self, action: int) -> str:
        return coordinate(action)

    def parse(self, seat: Seat, text: str) -> int:
        self.require_turn(seat)
        return parse(self._pos, text, self._legal)

    # ------------------------------------------------------------------ views and records

    def view(self, seat: Seat | None) -> dict[str, Any]:
        pos = self._pos
        last = next((m for m in reversed(pos.history) if m != PASS), None)
        return {
            "game": "regicide",
            "position": to_text(pos),
            "pieces": [
                {"square": B.square_name(sq), "seat": code >> 4, "piece": letter(code & 15)}
                for sq in B.SQUARES
                if (code := pos.board[sq])
            ],
            "turn": pos.turn,
            "to_act": sorted(self.to_act()),
            "seats": list(B.SEAT_NAMES),
            "teams": [sorted(team) for team in TEAMS],
            "kings_captured": [s for s in range(4) if pos.king_captured[s]],
            "legal": [coordinate(m) for m in self.legal_actions(pos.turn)],
            "history": list(self.short_history),
            "last_move": (
                {"from": B.square_name(origin(last)), "to": B.square_name(target(last))}
                if last is not None
                else None
            ),
            "over": self._result is not None,
            "result": self._result.to_json() if self._result else None,
        }

    def to_record(self) -> str:
        tags: dict[str, object] = {"Game": "regicide", "Seed": self._seed}
        for seat_name in B.SEAT_NAMES:
            if seat_name in self._names:
                tags[seat_name] = self._names[seat_name]
        if self._start is not None:
            tags["Position"] = self._start
        if self._resigned is not None:
            tags["Resigned"] = B.SEAT_NAMES[self._resigned]
        result = self._result_token()
        tags["Result"] = result
        if self._result is not None:
            tags["Termination"] = self._result.reason
        return format_record(
            tags, self._start_turn, self._start_round, list(self.short_history), result
        )

    def named(self, names: dict[str, str]) -> RegicideState:
        """The same state with player names for the record (keys are seat names)."""
        unknown = sorted(set(names) - set(B.SEAT_NAMES))
        if unknown:
            raise BadNotation(f"no seat called {unknown[0]!r}")
        return self._with(names={**self._names, **names})

    # ------------------------------------------------------------------ internals

    def _with(self, **changes: Any) -> RegicideState:
        state = _new_state(RegicideState)
        state.__dict__.update(self.__dict__)
        state.__dict__.update({f"_{k}": v for k, v in changes.items()})
        return state

    def _played(self, move: int) -> RegicideState:
        """The state after `move` (legal here), with the same steps: `apply` adds the step."""
        pos = self._pos.copy()
        pos.push(move)
        state = _new_state(RegicideState)
        state.__dict__.update(self.__dict__)  # seed, start, names, steps: the same
        state._pos = pos
        state._line = [self._line, None]
        state._legal = pos.legal_moves()
        state._sorted = None
        state._result = result = state._compute_result()
        state._to_act = _NOBODY if result else _SEATS[pos.turn]
        return state

    def _settled(self) -> RegicideState:
        """C13: a seat with nothing to do but pass passes at once."""
        state = self
        while state._result is None and state._legal == _ONLY_PASS:
            state = state._played(PASS)
        return state

    def _compute_result(self) -> Result | None:
        pos = self._pos
        winner = pos.winner_team()
        if self._resigned is not None:
            winner = 1 - (self._resigned & 1)
            reason = f"{B.SEAT_NAMES[self._resigned]} resigned"
        elif winner is not None:
            # Whole sentences per team (TEAM_NAMES), so each translates as a whole.
            if winner == 0:
                reason = "both kings of the dark (Green and Blue) team were captured"
            else:
                reason = "both kings of the light (Yellow and Red) team were captured"
        elif pos.repetitions() >= 3:
            return Result((Outcome.DRAW,) * 4, "the same position occurred three times")
        elif pos.halfmove >= DRAW_PLIES:
            return Result((Outcome.DRAW,) * 4, f"{DRAW_PLIES} plies without capture or pawn move")
        else:
            return None
        outcomes = tuple(Outcome.WIN if s & 1 == winner else Outcome.LOSS for s in range(4))
        if winner == 0:
            return Result(outcomes, f"light (Yellow and Red) team wins: {reason}")
        return Result(outcomes, f"dark (Green and Blue) team wins: {reason}")

    def _result_token(self) -> str:
        if self._result is None:
            return RESULT_TOKENS[3]
        winners = self._result.winners()
        if not winners:
            return RESULT_TOKENS[2]
        return RESULT_TOKENS[0] if winners[0] & 1 == 0 else RESULT_TOKENS[1]


_ONLY_PASS = [PASS]


def _work_out_short(line: _Line, pos: Position) -> tuple[str, ...]:
    """The short forms of the line ending at `line`, whose moves are `pos`'s move stack:
    those known at the nearest node back, then the rest by replaying a copy of `pos`."""
    node: _Line | None = line
    known: tuple[str, ...] = ()
    while node is not None:
        if node[_SHORT] is not None:
            known = node[_SHORT]
            break
        node = node[_PREV]
    moves = pos.history
    pending = moves[len(known) :]
    replay = pos.copy()
    for _ in pending:
        replay.pop()
    forms = list(known)
    for move in pending:
        forms.append(short(replay, move, replay.legal_moves()))
        replay.push(move)
    return tuple(forms)
