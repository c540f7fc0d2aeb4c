"""An OpenSpiel-style API (`pyspiel` names) over any `Adapter`, without OpenSpiel itself.

Needs numpy only (not pettingzoo or gymnasium).

    >>> from regalia.env.openspiel import load_game
    >>> game = load_game("regulator")
    >>> state = game.new_initial_state()
    >>> game.num_players(), game.num_distinct_actions()
    (2, 870)
    >>> while not state.is_terminal():
    ...     state.apply_action(state.legal_actions()[0])
    >>> sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    True

Regicida's vote is a simultaneous node: `current_player()` is `SIMULTANEOUS`, each seat's
`legal_actions(seat)` lists its votes and `apply_actions([...])` takes one per seat.
The deal (identities, piles) is not a chance node: it comes from the seed given to
`load_game(name, {"seed": …})` or to `new_initial_state(seed)`, so games replay exactly.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from regalia.core.errors import IllegalAction
from regalia.core.game import Seat, State
from regalia.env.adapter import Adapter, apply_joint
from regalia.env.adapters import make_adapter

# The player ids pyspiel uses for nodes that are not one player's turn.
CHANCE = -1
SIMULTANEOUS = -2
INVALID = -3
TERMINAL = -4


class OpenSpielGame:
    """Static facts: sizes, players, and a factory of initial states."""

    def __init__(self, adapter: Adapter, seed: int = 0) -> None:
        self.adapter = adapter
        self.seed = seed

    def __repr__(self) -> str:
        params = ",".join(f"{k}={v}" for k, v in sorted(self.get_parameters().items()))
        return f"{self.adapter.game_name}({params})"

    def get_parameters(self) -> dict[str, Any]:
        params: dict[str, Any] = {"players": self.adapter.players, "seed": self.seed}
        params.update({k: v for k, v in self.adapter.options.items() if v is not None})
        return params

    def short_name(self) -> str:
        return self.adapter.game_name

    def num_distinct_actions(self) -> int:
        return self.adapter.num_actions

    def num_players(self) -> int:
        return self.adapter.players

    def min_utility(self) -> float:
        return -1.0

    def max_utility(self) -> float:
        return 1.0

    def observation_tensor_shape(self) -> list[int]:
        return list(self.adapter.obs_shape)

    def observation_tensor_size(self) -> int:
        return int(np.prod(self.adapter.obs_shape))

    def new_initial_state(self, seed: int | None = None) -> OpenSpielState:
        """The start of a game dealt from `seed` (by default the game's own seed)."""
        start = self.adapter.new_state(self.seed if seed is None else seed)
        return OpenSpielState(self, start)


class OpenSpielState:
    """One point in play; `apply_action` changes it in place, as in pyspiel."""

    def __init__(self, game: OpenSpielGame, state: State[Any]) -> None:
        self._game = game
        self.state = state  # the underlying core state; hidden-information users keep off
        self._history: list[int] = []
        self._public: list[str] = []

    # --- whose turn --------------------------------------------------------------------
    def get_game(self) -> OpenSpielGame:
        return self._game

    def current_player(self) -> int:
        seats = self.state.to_act()
        if not seats:
            return TERMINAL
        if len(seats) > 1:
            return SIMULTANEOUS
        return next(iter(seats))

    def is_terminal(self) -> bool:
        return self.state.is_over()

    def is_chance_node(self) -> bool:
        return False

    def is_simultaneous_node(self) -> bool:
        return self.current_player() == SIMULTANEOUS

    def is_player_node(self) -> bool:
        return self.current_player() >= 0

    def move_number(self) -> int:
        return len(self._public)

    # --- actions -----------------------------------------------------------------------
    def legal_actions(self, player: int | None = None) -> list[int]:
        seat = self.current_player() if player is None else player
        if seat < 0:
            if seat == SIMULTANEOUS:
                raise ValueError("at a simultaneous node ask legal_actions(player)")
            return []
        return sorted(self._game.adapter.legal_by_index(self.state, seat))

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        mask = [0] * self._game.adapter.num_actions
        for index in self.legal_actions(player):
            mask[index] = 1
        return mask

    def apply_action(self, action: int) -> None:
        seat = self.current_player()
        if seat < 0:
            raise IllegalAction(
                "use apply_actions at a simultaneous node"
                if seat == SIMULTANEOUS
                else "the game is over"
            )
        chosen = self._game.adapter.decode(self.state, seat, action)
        self._public.append(f"{seat}:{self.state.encode(chosen)}")
        self._history.append(int(action))
        self.state = self.state.apply(seat, chosen)

    def apply_actions(self, actions: Sequence[int]) -> None:
        """One action per player at a simultaneous node; entries of seats not to act are
        ignored (pass 0)."""
        if len(actions) != self._game.num_players():
            raise IllegalAction(f"apply_actions needs {self._game.num_players()} actions")
        adapter = self._game.adapter
        chosen: dict[Seat, Any] = {
            seat: adapter.decode(self.state, seat, actions[seat])
            for seat in sorted(self.state.to_act())
        }
        # Votes become public together, once all are in.
        for seat, action in chosen.items():
            self._public.append(f"{seat}:{self.state.encode(action)}")
            self._history.append(int(actions[seat]))
        self.state = apply_joint(self.state, chosen)

    def child(self, action: int) -> OpenSpielState:
        copy = self.clone()
        copy.apply_action(action)
        return copy

    def action_to_string(self, player: int, action: int) -> str:
        return self._game.adapter.action_text(action)

    def string_to_action(self, player: int, text: str) -> int:
        """Read any notation the game accepts; raises BadNotation / IllegalAction."""
        return self._game.adapter.encode(self.state, self.state.parse(player, text))

    def history(self) -> list[int]:
        return list(self._history)

    def history_str(self) -> str:
        return ", ".join(str(a) for a in self._history)

    # --- outcomes ----------------------------------------------------------------------
    def returns(self) -> list[float]:
        return self._game.adapter.returns(self.state.result())

    def rewards(self) -> list[float]:
        """Rewards come only at the end, so they equal the returns."""
        return self.returns()

    def player_return(self, player: int) -> float:
        return self.returns()[player]

    # --- what a player knows -----------------------------------------------------------
    def observation_string(self, player: int) -> str:
        return json.dumps(self.state.view(player), sort_keys=True, separators=(",", ":"))

    def information_state_string(self, player: int) -> str:
        """The player's view plus every action so far (all are public once applied)."""
        return self.observation_string(player) + "\n" + " ".join(self._public)

    def observation_tensor(self, player: int) -> list[float]:
        planes = self._game.adapter.observe(self.state, player)
        return [float(x) for x in planes.reshape(-1).tolist()]

    def clone(self) -> OpenSpielState:
        # Core states are immutable, so sharing `state` is safe.
        copy = OpenSpielState(self._game, self.state)
        copy._history = list(self._history)
        copy._public = list(self._public)
        return copy

    def __str__(self) -> str:
        return self._game.adapter.render(self.state.view(None))


def load_game(name: str, params: Mapping[str, Any] | None = None) -> OpenSpielGame:
    """`load_game("regicida", {"players": 4, "seed": 7, "objective": …})`, as in pyspiel."""
    given = dict(params or {})
    seed = int(given.pop("seed", 0))
    players = given.pop("players", None)
    adapter = make_adapter(name, None if players is None else int(players), **given)
    return OpenSpielGame(adapter, seed)
