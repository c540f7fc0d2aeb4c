"""A tiny hidden-information game for tests of the tables layer and the server.

Each seat is dealt a secret word. First every seat bids 0-2 at once (a secret,
simultaneous action, like Regicida's vote); the highest bid (lowest seat on ties) starts.
Then seats take turns to `guess <seat> <word>` or `pass`; a right guess wins, and after
`rounds` rounds of turns the game is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from regalia.core.errors import BadNotation, BadRecord, IllegalAction
from regalia.core.game import (
    RANDOM_LEVEL,
    Chance,
    Dynamics,
    Game,
    Option,
    Outcome,
    Result,
    Seat,
    State,
)
from regalia.core.records import format_tags, parse_tags
from regalia.core.registry import register
from regalia.core.seeds import Rng

WORDS = ("amber", "basil", "cedar", "delta", "ember", "flint", "grove", "hazel", "irises")


@dataclass(frozen=True, slots=True)
class Act:
    kind: str  # bid, guess, pass
    number: int = 0  # the bid, or the guessed seat
    word: str = ""


@dataclass(frozen=True)
class ToyState(State[Act]):
    toy: ToyGame
    seed: int
    words: tuple[str, ...]
    rounds: int
    bids: tuple[int | None, ...]
    turn: int = 0  # turns taken in the guessing phase
    first: int = 0
    winner: int | None = None
    history: tuple[tuple[Seat, str], ...] = ()

    @property
    def game(self) -> Game[Act]:
        return self.toy

    @property
    def players(self) -> int:
        return len(self.words)

    def _bidding(self) -> bool:
        return any(b is None for b in self.bids)

    def to_act(self) -> frozenset[Seat]:
        if self.result() is not None:
            return frozenset()
        if self._bidding():
            return frozenset(s for s, b in enumerate(self.bids) if b is None)
        return frozenset({(self.first + self.turn) % self.players})

    def legal_actions(self, seat: Seat) -> Sequence[Act]:
        if seat not in self.to_act():
            return []
        if self._bidding():
            return [Act("bid", n) for n in range(3)]
        guesses = [
            Act("guess", other, w)
            for other in range(self.players)
            if other != seat
            for w in WORDS
            if w != self.words[seat]
        ]
        return [Act("pass"), *guesses]

    def action_is_secret(self, seat: Seat) -> bool:
        return self._bidding()  # every bid, the last one too

    def apply(self, seat: Seat, action: Act) -> ToyState:
        self.require_turn(seat)
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"{self.encode(action)} is not allowed now")
        history = (*self.history, (seat, self.encode(action)))
        if action.kind == "bid":
            bids = tuple(action.number if s == seat else b for s, b in enumerate(self.bids))
            first = 0
            if all(b is not None for b in bids):
                first = max(range(self.players), key=lambda s: (bids[s], -s))
            return replace(self, bids=bids, first=first, history=history)
        winner = None
        if action.kind == "guess" and self.words[action.number] == action.word:
            winner = seat
        return replace(self, turn=self.turn + 1, winner=winner, history=history)

    def result(self) -> Result | None:
        if self.winner is not None:
            outcomes = tuple(
                Outcome.WIN if s == self.winner else Outcome.LOSS for s in range(self.players)
            )
            return Result(outcomes, "a right guess")
        if self.turn >= self.rounds * self.players:
            return Result(tuple(Outcome.DRAW for _ in self.words), "nobody guessed")
        return None

    def view(self, seat: Seat | None) -> dict[str, Any]:
        over = self.result() is not None
        return {
            "my_word": self.words[seat] if seat is not None else None,
            "words": list(self.words) if over else None,
            "bid_done": [b is not None for b in self.bids],
            "bids": None if self._bidding() else list(self.bids),
            "my_bid": self.bids[seat] if seat is not None else None,
            "turn": self.turn,
            "public": [h for h in self.history if not h[1].startswith("bid")],
        }

    def describe(self, action: Act) -> str:
        return self.encode(action)

    def encode(self, action: Act) -> str:
        if action.kind == "guess":
            return f"guess {action.number} {action.word}"
        if action.kind == "bid":
            return f"bid {action.number}"
        return "pass"

    def parse(self, seat: Seat, text: str) -> Act:
        parts = text.strip().lower().split()
        try:
            if parts == ["pass"]:
                return Act("pass")
            if len(parts) == 2 and parts[0] == "bid":
                return Act("bid", int(parts[1]))
            if len(parts) == 3 and parts[0] == "guess":
                return Act("guess", int(parts[1]), parts[2])
        except ValueError:
            pass
        raise BadNotation(f"cannot read {text[:40]!r}: use 'bid N', 'guess SEAT WORD' or 'pass'")

    def to_record(self) -> str:
        tags = format_tags({"Game": "toy", "Seed": self.seed, "Players": self.players,
                            "Rounds": self.rounds})  # fmt: skip
        body = " ".join(f"{seat}:{text.replace(' ', '_')}" for seat, text in self.history)
        return f"{tags}\n\n{body}\n"


@dataclass(frozen=True)
class ToyGame(Game[Act]):
    def seat_names(self, players: int) -> tuple[str, ...]:
        return tuple(f"P{n + 1}" for n in range(players))

    def new(self, seed: int, players: int | None = None, **options: object) -> ToyState:
        count = self.check_players(players)
        rounds = int(self.read_options(options)["rounds"] or 3)
        words = tuple(Rng(seed).shuffled(WORDS)[:count])
        return ToyState(self, seed, words, rounds, tuple(None for _ in words))

    def from_record(self, text: str) -> ToyState:
        tags, body = parse_tags(text)
        try:
            state = self.new(int(tags["Seed"]), int(tags["Players"]), rounds=tags["Rounds"])
            for token in body.split():
                seat, _, action = token.partition(":")
                state = state.apply(int(seat), state.parse(int(seat), action.replace("_", " ")))
        except (KeyError, ValueError, BadNotation, IllegalAction) as exc:
            raise BadRecord(f"not a toy record: {exc}") from None
        return state


GAME = ToyGame(
    name="toy",
    title="Toy",
    summary="guess the other seats' secret words",
    min_players=2,
    max_players=3,
    options={"rounds": Option("rounds", "rounds of guesses", 3, minimum=1, maximum=5)},
    perfect_information=False,
    draw_offers=False,
    dynamics=Dynamics.SIMULTANEOUS,
    chance=Chance.SEEDED,
    # "worker": a random mover that is not inline, so tests can watch the bot workers' port.
    bot_levels=(RANDOM_LEVEL, replace(RANDOM_LEVEL, name="worker", title="Worker", inline=False)),
)

# Registered on import, so bot worker processes that import this module know the game too.
register(GAME.name, f"{__name__}:GAME")
