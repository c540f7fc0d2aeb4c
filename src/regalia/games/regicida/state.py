"""The `State` of the core contract for Regicida, wrapping an immutable `Position`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from regalia.core.errors import BadRecord, IllegalAction
from regalia.core.game import Outcome, Result, Seat, State
from regalia.core.records import format_tags
from regalia.core.seeds import Rng
from regalia.games.regicida import actions as notation
from regalia.games.regicida import rules
from regalia.games.regicida.actions import Action, Pass, Place, Split, Swap, Vote
from regalia.games.regicida.houses import HOUSE_NUMBERS, TOKENS_PER_HOUSE, house
from regalia.games.regicida.rules import Phase, Position
from regalia.games.regicida.views import Entry, board_view, player_view

if TYPE_CHECKING:
    from regalia.games.regicida.game import RegicidaGame

_ACTION_TYPES = (Place, Split, Swap, Pass, Vote)


class RegicidaState(State[Action]):
    """One point of a Regicida game. `to_record()` holds every secret: keep it server-side."""

    __slots__ = ("_game", "_history", "_pos", "_seed")

    def __init__(
        self, game: RegicidaGame, seed: int | None, pos: Position, history: tuple[Entry, ...]
    ) -> None:
        self._game = game
        self._seed = seed  # None for a sampled state, which no seed replays
        self._pos = pos
        self._history = history

    @property
    def game(self) -> RegicidaGame:
        return self._game

    @property
    def players(self) -> int:
        return self._pos.players

    @property
    def phase(self) -> Phase:
        return self._pos.phase

    def to_act(self) -> frozenset[Seat]:
        return rules.to_act(self._pos)

    def legal_actions(self, seat: Seat) -> Sequence[Action]:
        return rules.legal_actions(self._pos, seat)

    def house_places(self) -> tuple[int, ...] | None:
        """Once the game is over, each seat's House's place in the Coronation ranking (0
        the Regent House); None before."""
        if self._pos.phase is not Phase.OVER:
            return None
        ranking = rules.ranking_houses(self._pos)
        return tuple(ranking.index(h) for h in self._pos.identities)

    def action_is_secret(self, seat: Seat) -> bool:
        """H8: every vote is secret until all are in, the last one too."""
        return self._pos.phase is Phase.ASSASSINATION

    def apply(self, seat: Seat, action: Action) -> RegicidaState:
        self.require_turn(seat)
        if not isinstance(action, _ACTION_TYPES):
            raise IllegalAction(f"{action!r} is not a Regicida action")
        reason = rules.why_illegal(self._pos, seat, action)
        if reason is not None:
            # An outer sentence with words of its own: "{0}: {1}" could not be translated.
            raise IllegalAction(f"cannot play {notation.encode(action)}: {reason}")
        placed = rules.placed_house(self._pos, action) if isinstance(action, Place) else None
        entry = Entry(seat, action, placed)
        pos = rules.apply(self._pos, seat, action)
        return RegicidaState(self._game, self._seed, pos, (*self._history, entry))

    def result(self) -> Result | None:
        found = rules.verdict(self._pos)
        if found is None:
            return None
        names = self._game.seat_names(self.players)
        regent = house(found.regent).name
        holder = "the Neutral Player" if found.target is None else names[found.target]
        votes = found.votes_for_target
        if found.assassinated and found.target is None:
            reason = (
                f"nobody held the Regent House {regent} and the vote went to the Neutral "
                f"Player; {names[found.winners[0]]} ranks highest among those who voted Neutral"
            )
        elif found.assassinated and votes == 1:
            reason = (
                f"{holder} held the Regent House {regent} and was assassinated by a single "
                f"vote; {names[found.winners[0]]} ranks highest among those who voted for them"
            )
        elif found.assassinated:
            reason = (
                f"{holder} held the Regent House {regent} and was assassinated by {votes} "
                f"votes; {names[found.winners[0]]} ranks highest among those who voted for them"
            )
        elif found.target is None:
            reason = f"the Neutral Player keeps the crown of {regent}: everyone loses"
        else:
            reason = f"{holder} held the Regent House {regent} and survived the vote"
        outcomes = tuple(
            Outcome.WIN if s in found.winners else Outcome.LOSS for s in range(self.players)
        )
        return Result(outcomes, reason)

    def view(self, seat: Seat | None) -> dict[str, Any]:
        if seat is not None:
            self._require_seat(seat)
        names = self._game.seat_names(self.players)
        return player_view(self._pos, self._history, seat, names, self.result())

    def board_view(self, seat: Seat) -> dict[str, Any]:
        """Part of `view(seat)`, the same keys and values: the board, piles, Objective, Line
        of Succession, phase, turn and the seat's own Identity (`views.board_view`)."""
        self._require_seat(seat)
        return board_view(self._pos, seat)

    def _require_seat(self, seat: Seat) -> None:
        if not 0 <= seat < self.players:
            raise IllegalAction(f"there is no seat {seat + 1}")

    def describe(self, action: Action) -> str:
        return notation.encode(action)

    def parse(self, seat: Seat, text: str) -> Action:
        action = notation.parse(text, self._pos.board.size, self.players)
        reason = rules.why_illegal(self._pos, seat, action)
        if reason is not None:
            # An outer sentence with words of its own: "{0}: {1}" could not be translated.
            raise IllegalAction(f"cannot play {notation.encode(action)}: {reason}")
        return action

    def history(self) -> Sequence[tuple[Seat, Action]]:
        return [(entry.seat, entry.action) for entry in self._history]

    def initial(self) -> RegicidaState | None:
        if self._seed is None:
            return None  # a sampled state has no deal to start from
        return self._game.new(self._seed, self.players, objective=self._pos.objective)

    def to_record(self) -> str:
        """The full record: its seed re-deals every secret, so it is the server's private log."""
        if self._seed is None:
            raise BadRecord("a sampled state is a guess, not a game: it has no record")
        tags: dict[str, object] = {
            "Game": "regicida",
            "Seed": self._seed,
            "Players": self.players,
            "Objective": self._pos.objective,
        }
        result = self.result()
        if result is not None:
            tags["Result"] = " ".join(o.value for o in result.outcomes)
        lines = [f"P{e.seat + 1} {notation.encode(e.action)}" for e in self._history]
        return format_tags(tags) + "\n\n" + "\n".join(lines) + "\n"

    def sample_hidden(self, seat: Seat, seed: int) -> RegicidaState:
        """A full state consistent with all `seat` knows, the unseen parts dealt from `seed`.

        Resampled: the other seats' Identities and the unused Houses (from the Houses `seat`
        does not hold), the tokens below each pile's top (from the tokens nobody has seen),
        and the other seats' votes cast so far (among their legal votes).
        """
        pos = self._pos
        if not 0 <= seat < pos.players:
            raise IllegalAction(f"there is no seat {seat + 1}")
        if pos.phase is Phase.OVER:
            return self  # everything is revealed
        rng = Rng(seed)
        own = pos.identities[seat]
        others = rng.shuffled([h for h in HOUSE_NUMBERS if h != own])
        identities = [*others[: pos.players - 1]]
        identities.insert(seat, own)
        unused = tuple(sorted(others[pos.players - 1 :]))
        piles = _resample_piles(pos, rng)
        votes = list(pos.votes)
        history = list(self._history)
        for other, vote in enumerate(pos.votes):
            if vote is not None and other != seat:
                votes[other] = rng.choice(rules.vote_options(pos.players, other))
        for i, entry in enumerate(history):
            if isinstance(entry.action, Vote):
                cast = votes[entry.seat]
                assert cast is not None
                history[i] = Entry(entry.seat, cast)
        sampled = replace(
            pos, identities=tuple(identities), unused=unused, piles=piles, votes=tuple(votes)
        )
        return RegicidaState(self._game, None, sampled, tuple(history))


def _resample_piles(pos: Position, rng: Rng) -> tuple[tuple[int, ...], ...]:
    """Refill the hidden part of each pile (all but its top) from the unseen tokens."""
    seen = [token.house for _, token in pos.board.tokens()] + [p[-1] for p in pos.piles if p]
    unseen = [h for h in HOUSE_NUMBERS for _ in range(TOKENS_PER_HOUSE - seen.count(h))]
    unseen = rng.shuffled(unseen)
    piles = []
    for pile in pos.piles:
        if not pile:
            piles.append(pile)
            continue
        below, unseen = unseen[: len(pile) - 1], unseen[len(pile) - 1 :]
        piles.append((*below, pile[-1]))
    return tuple(piles)
