"""How one game meets fixed-size tensors: an action numbering and observation planes.

An `Adapter` is the only game-specific piece of `regalia.env`. It numbers action *texts*
(`State.encode`) with a fixed `Vocabulary`, so a number means the same move in every state,
and it turns a seat's `view` (never the full state) into float32 planes and short texts.
A game whose setup is random also gives its `Deal`: the setup as a sequence of chance
choices, which OpenSpiel plays as chance nodes.
The PettingZoo and OpenSpiel interfaces are generic over it.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from regalia.core.errors import IllegalAction
from regalia.core.game import Game, Outcome, Result, Seat, State
from regalia.core.registry import get_game
from regalia.env.kernel import mark
from regalia.env.vocabulary import Vocabulary

Planes = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]

# The one reward, at the end. Not always zero-sum: in Regicida everyone may lose.
REWARD = {Outcome.WIN: 1.0, Outcome.LOSS: -1.0, Outcome.DRAW: 0.0}


class Adapter(ABC):
    """One game at one player count and option set, seen as numbers."""

    game_name: str = ""
    default_players: int | None = None  # None: the game's smallest count
    # Whether `State.encode(action)` depends on the (hashable) action alone, never on the
    # state: then each action's index is worked out once and kept (`legal_by_index`).
    stateless_encode: bool = False
    # Parameters of the environment that are not game options, with their defaults (a
    # constructor keyword each; OpenSpiel shows them as game parameters).
    parameters: ClassVar[Mapping[str, Any]] = {}

    def __init__(self, players: int | None = None, **options: object) -> None:
        self.game: Game[Any] = self.load_game()
        self.players = self.game.check_players(self.default_players if players is None else players)
        self.options = self.game.read_options(options)
        self._legal_key: tuple[State[Any], Seat] | None = None
        self._legal_table: dict[int, Any] = {}
        self._legal_indices: list[int] = []
        # With a stateless encode: each action seen so far and its index, both ways.
        self._index_of: dict[Any, int] = {}
        self._action_of: dict[int, Any] = {}

    def load_game(self) -> Game[Any]:
        return get_game(self.game_name)

    # --- the game-specific part -------------------------------------------------------
    @property
    @abstractmethod
    def vocabulary(self) -> Vocabulary:
        """Every action text this game may encode, numbered; fixed per player count."""

    @property
    @abstractmethod
    def obs_shape(self) -> tuple[int, ...]:
        """Shape of `planes`; the same for every seat."""

    @abstractmethod
    def planes(self, view: Mapping[str, Any], seat: Seat) -> Planes:
        """Observation tensor of `seat`, built only from `view` (what `seat` may know)."""

    def render(self, view: Mapping[str, Any]) -> str:
        """Text picture of a spectator's view; games override it with a board."""
        return json.dumps(view, indent=1, sort_keys=True)

    def observation_text(self, view: Mapping[str, Any], seat: Seat | None) -> str:
        """The present as `seat` sees it, as one short text built from `view` alone.

        Equal texts mean equal observations; games override it with their position text.
        """
        now = {k: v for k, v in view.items() if k not in ("history", "legal")}
        return json.dumps(now, sort_keys=True, separators=(",", ":"))

    def history_text(self, view: Mapping[str, Any], seat: Seat | None) -> str:
        """Every action so far as `seat` may know it (others' secret actions unnamed)."""
        return json.dumps(view.get("history", []), separators=(",", ":"))

    def private_text(self, view: Mapping[str, Any], seat: Seat) -> str:
        """What `seat` knows that others do not; empty in a game of perfect information."""
        return ""

    @property
    def info_state_shape(self) -> tuple[int, ...] | None:
        """Shape of `info_state`, or None when the game offers no information-state tensor
        (in a game of perfect information the observation is the whole state)."""
        return None

    def info_state(self, view: Mapping[str, Any], seat: Seat) -> Planes:
        """`seat`'s perfect-recall information-state tensor, built only from `view`."""
        raise NotImplementedError(f"{self.game_name} has no information-state tensor")

    def deal_info_state(self, deal: Deal, seat: Seat) -> Planes:
        """The information-state tensor of `seat` while `deal` goes on."""
        raise NotImplementedError(f"{self.game_name} has no information-state tensor")

    def deal(self) -> Deal | None:
        """The random setup as chance choices, or None when the setup is fixed (then
        `new_state` gives the start, whatever the seed)."""
        return None

    def max_decisions(self) -> int | None:
        """The most decisions (a simultaneous step counting once) any game can take by its
        own rules; None when only the game's ply guard (`Game.max_plies`) bounds it."""
        return None

    # --- generic, built on the above ---------------------------------------------------
    @property
    def num_actions(self) -> int:
        return self.vocabulary.size

    def action_index(self, text: str) -> int:
        """The index of an action text (`State.encode` form); ValueError if it has none."""
        return self.vocabulary.index(text)

    def action_text(self, index: int) -> str:
        """The action text an index stands for; ValueError outside the range."""
        return self.vocabulary.text(index)

    def new_state(self, seed: int) -> State[Any]:
        return self.game.new(seed, self.players, **self.options)

    def agent_name(self, seat: Seat) -> str:
        return f"player_{seat}"

    def encode(self, state: State[Any], action: Any) -> int:
        return self.action_index(state.encode(action))

    def legal_by_index(self, state: State[Any], seat: Seat) -> dict[int, Any]:
        """Legal actions of `seat` keyed by index; two legal actions never share one.

        The last answer is kept: mask, decode and step all ask about the same state, and
        states are immutable, so the kept table stays right for as long as we hold it.
        """
        self._number_legal(state, seat)
        return self._legal_table

    def legal_indices(self, state: State[Any], seat: Seat) -> list[int]:
        """The indices of `legal_by_index(state, seat)`, as a list (for a mask)."""
        self._number_legal(state, seat)
        return self._legal_indices

    def _number_legal(self, state: State[Any], seat: Seat) -> None:
        """Number the legal actions of `seat` in `state`, unless they are the kept ones."""
        kept = self._legal_key
        if kept is not None and kept[0] is state and kept[1] == seat:
            return
        actions = state.legal_actions(seat)
        if self.stateless_encode:
            known = self._index_of
            try:
                indices = [known[action] for action in actions]
            except KeyError:  # an action seen for the first time: number it, once
                for action in actions:
                    if action not in known:
                        known[action] = index = self.encode(state, action)
                        self._action_of.setdefault(index, action)
                indices = [known[action] for action in actions]
        else:
            indices = [self.encode(state, action) for action in actions]
        table = dict(zip(indices, actions, strict=True))
        if len(table) < len(indices):
            seen: dict[int, Any] = {}
            for index, action in zip(indices, actions, strict=True):
                if index in seen:
                    raise AssertionError(
                        f"{state.encode(action)!r} and {state.encode(seen[index])!r} share {index}"
                    )
                seen[index] = action
        self._legal_key = (state, seat)
        self._legal_table, self._legal_indices = table, indices

    def fill_mask(self, mask: Mask, state: State[Any], seat: Seat) -> None:
        """Set `mask` (all zeros) to 1 at the index of every legal action of `seat`."""
        if self.stateless_encode:
            actions = state.legal_actions(seat)
            if mark(mask, actions, self._index_of) >= 0:
                return
            mask[:] = 0
        mask[self.legal_indices(state, seat)] = 1

    def legal_action(self, state: State[Any], seat: Seat, index: int) -> Any | None:
        """The legal action of `seat` numbered `index`, or None if there is none."""
        if self.stateless_encode:
            action = self._action_of.get(index)
            if action is not None and action in state.legal_actions(seat):
                return action
        return self.legal_by_index(state, seat).get(index)

    def decode(self, state: State[Any], seat: Seat, index: int) -> Any:
        """The legal action of `seat` numbered `index`; IllegalAction if there is none."""
        action = self.legal_by_index(state, seat).get(int(index))
        if action is None:
            raise IllegalAction(f"action {index} is not legal for seat {seat} here")
        return action

    def mask(self, state: State[Any], seat: Seat) -> Mask:
        mask = np.zeros(self.num_actions, dtype=np.int8)
        for index in self.legal_by_index(state, seat):
            mask[index] = 1
        return mask

    def observe(self, state: State[Any], seat: Seat) -> Planes:
        """The planes of `seat` in `state`: `planes(state.view(seat), seat)`.

        A game may override it with a faster build, which must equal the planes of the view
        exactly (tests/env/test_fast_observe.py): from the engine position in a game of
        perfect information (nothing there is secret), or from a part of the seat's own view
        in a game with secrets, never from the full state.
        """
        return self.planes(state.view(seat), seat)

    def returns(self, result: Result | None) -> list[float]:
        """Final reward per seat (win +1, loss -1, draw 0); zeros while in play.

        Team games need nothing special: the result already gives teammates one outcome.
        """
        if result is None:
            return [0.0] * self.players
        return [REWARD[outcome] for outcome in result.outcomes]


class Deal(ABC):
    """A random setup dealt one choice at a time: the chance nodes of an OpenSpiel game.

    Immutable: `choose` returns the next deal. Every outcome of a choice is numbered
    `0..max_outcomes-1`; choices with a single possibility are made without asking.
    Texts and planes hold only what a seat may know of the deal so far.
    """

    max_outcomes: int = 0  # the most outcomes a choice may have
    max_choices: int = 0  # the most choices a deal may ask

    @abstractmethod
    def outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the next choice and their probabilities; empty once dealt."""

    @abstractmethod
    def choose(self, outcome: int) -> Deal:
        """The deal after the next choice comes out as `outcome`; ValueError if it cannot."""

    @abstractmethod
    def describe(self, outcome: int) -> str:
        """The next choice coming out as `outcome`, in words."""

    @abstractmethod
    def state(self) -> State[Any]:
        """The game's first state; only once every choice is made."""

    @abstractmethod
    def text(self, seat: Seat | None) -> str:
        """What `seat` knows of the deal so far (None: what everyone knows)."""

    def private_text(self, seat: Seat) -> str:
        """What `seat` alone knows of the deal so far."""
        return ""

    @abstractmethod
    def planes(self, seat: Seat) -> Planes:
        """Observation planes of `seat` while the deal goes on, in the game's layout."""

    @abstractmethod
    def summary(self) -> str:
        """Everything dealt, secrets included: for debugging, never for a player."""

    def complete(self) -> bool:
        return not self.outcomes()

    @abstractmethod
    def choices_to(self, other: Deal) -> list[int]:
        """The outcomes that lead from this deal to `other`, a deal it can become."""

    def resample(self, seat: Seat, actions: Sequence[str], rng: random.Random) -> Deal:
        """A complete deal `seat` cannot tell from this one once `actions` (the action texts
        of the game so far, in order) are played: what `seat` has not seen dealt again.
        By default the deal hides nothing."""
        return self


def apply_joint(state: State[Any], actions: Mapping[Seat, Any]) -> State[Any]:
    """Apply the actions of every seat to act, in seat order: one simultaneous step.

    All actions were chosen from the same state, so no seat saw another's choice.
    """
    for seat in sorted(actions):
        state = state.apply(seat, actions[seat])
    return state
