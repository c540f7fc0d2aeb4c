"""Regalia's three games as OpenSpiel games: importing this module registers them.

    import pyspiel
    import regalia.env.openspiel  # registers regalia_regulator, regalia_regicide, regalia_regicida

    game = pyspiel.load_game("regalia_regicida", {"players": 3})
    state = game.new_initial_state()      # a chance node: Regicida's deal

Then OpenSpiel's own code runs on them: MCTS and information-set MCTS, sampled MCCFR,
evaluation bots, `rl_environment`, `random_sim_test`, `generate_playthrough` (the game trees
are far too big for full-tree CFR or exact exploitability). Needs the `env` extra (open_spiel
and numpy; pettingzoo and gymnasium are not imported).

| short name | dynamics | chance | information | utility |
| --- | --- | --- | --- | --- |
| `regalia_regulator` | sequential | none | perfect | zero-sum |
| `regalia_regicide` | sequential | none | perfect | zero-sum (two teams of two) |
| `regalia_regicida` | simultaneous (the vote) | the deal | imperfect | general-sum |

Actions are the adapters' fixed numbers (`regalia.env.adapters`); observation tensors are
their planes and observation strings their position texts, all built from `State.view(seat)`
alone. Information-state strings add the actions so far as the seat may know them. For
algorithms that need sequential turns (MCTS, ISMCTS, MCCFR) load Regicida with
`pyspiel.load_game_as_turn_based("regalia_regicida", …)`: the voters then vote one after
another, none seeing an earlier vote. docs/env.md has the parameters, the layouts and
examples.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

import numpy as np
import pyspiel

from regalia.core.errors import IllegalAction, RegaliaError
from regalia.core.game import Chance, Dynamics, Game, Seat, State, Utility
from regalia.env.adapter import Adapter, Deal, Planes, apply_joint
from regalia.env.adapters import ADAPTERS, make_adapter

CHANCE = int(pyspiel.PlayerId.CHANCE)
SIMULTANEOUS = int(pyspiel.PlayerId.SIMULTANEOUS)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)

Step = int | tuple[int, ...]  # one action, or one joint action at a simultaneous node

# The games' own facts (`Game.dynamics`, `utility`, `chance`) in OpenSpiel's words. A seeded
# game is played from its adapter's `Deal`: the seed's choices as explicit chance nodes.
DYNAMICS = {
    Dynamics.SEQUENTIAL: pyspiel.GameType.Dynamics.SEQUENTIAL,
    Dynamics.SIMULTANEOUS: pyspiel.GameType.Dynamics.SIMULTANEOUS,
}
UTILITY = {
    Utility.ZERO_SUM: pyspiel.GameType.Utility.ZERO_SUM,
    Utility.GENERAL_SUM: pyspiel.GameType.Utility.GENERAL_SUM,
}
CHANCE_MODE = {
    Chance.DETERMINISTIC: pyspiel.GameType.ChanceMode.DETERMINISTIC,
    Chance.SEEDED: pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
}


# --- the games ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Spec:
    """What OpenSpiel is told about one of our games, read from the game and its adapter.

    Parameters: `players` where the game allows several counts; each game option (default
    as in the game); `position`, a start position in the game's own text form ("" for the
    usual start), where the game reads one; `max_game_length`, where only the game's ply
    guard bounds a game: one still going after that many plies ends as a draw, as in
    `regalia arena`.
    """

    name: str  # the Regalia game
    game_type: pyspiel.GameType
    parameters: Mapping[str, int | str | bool]
    options: tuple[str, ...]  # the parameters that are game options
    extras: tuple[str, ...] = ()  # the parameters of the adapter alone (`Adapter.parameters`)


def describe(name: str) -> Spec:
    """The OpenSpiel facts of the game called `name`, at its default parameters."""
    adapter = make_adapter(name)
    game = adapter.game
    parameters: dict[str, int | str | bool] = {}
    if game.min_players != game.max_players:
        parameters["players"] = adapter.players
    for option in game.options.values():
        parameters[option.name] = "" if option.default is None else option.default
    parameters.update(adapter.parameters)
    if type(game).from_position is not Game.from_position:
        parameters["position"] = ""
    if adapter.max_decisions() is None:
        parameters["max_game_length"] = game.max_plies
    kind = pyspiel.GameType
    perfect = game.perfect_information
    if (game.chance is Chance.DETERMINISTIC) != (adapter.deal() is None):
        raise ValueError(f"{game.name}: a seeded game's adapter deals (chance nodes), no other")
    game_type = kind(
        short_name=f"regalia_{game.name}",
        long_name=f"Regalia {game.title}",
        dynamics=DYNAMICS[game.dynamics],
        chance_mode=CHANCE_MODE[game.chance],
        information=(
            kind.Information.PERFECT_INFORMATION
            if perfect
            else kind.Information.IMPERFECT_INFORMATION
        ),
        utility=UTILITY[game.utility],
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=adapter.info_state_shape is not None,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(parameters),
        provides_factored_observation_string=not perfect,
    )
    return Spec(name, game_type, parameters, tuple(game.options), tuple(adapter.parameters))


SPECS = {spec.game_type.short_name: spec for spec in map(describe, ADAPTERS)}


class RegaliaGame(pyspiel.Game):  # type: ignore[misc]  # untyped base
    """One of our games at fixed parameters, as OpenSpiel sees it."""

    spec: ClassVar[Spec]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        short_name = self.spec.game_type.short_name
        given = {**self.spec.parameters, **(params or {})}
        unknown = sorted(set(given) - set(self.spec.parameters))
        if unknown:
            raise ValueError(f"{short_name} has no parameter {unknown[0]!r}")
        try:
            built = _build(self.spec, given)
        except RegaliaError as exc:
            raise ValueError(f"{short_name}: {exc}") from None
        self.adapter, self.max_plies, given = built.adapter, built.max_plies, built.shown
        deal = self.adapter.deal() if built.start is None else None
        self._deal = deal
        info = pyspiel.GameInfo(
            num_distinct_actions=self.adapter.num_actions,
            max_chance_outcomes=deal.max_outcomes if deal is not None else 0,
            num_players=self.adapter.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if self.adapter.game.utility is Utility.ZERO_SUM else None,
            max_game_length=self.max_plies,
        )
        super().__init__(self.spec.game_type, info, given)
        self._first = Run(self.to_string(), built.start, deal, 0, None, False)

    def new_initial_state(self) -> RegaliaState:
        return RegaliaState(self, self._first)

    def first_deal(self) -> Deal:
        """The deal before any chance node (its forced choices made)."""
        if self._first.deal is None:
            raise ValueError(f"{self.spec.game_type.short_name} at these parameters deals nothing")
        return self._first.deal

    def information_state_tensor_shape(self) -> list[int]:
        """The tensor's shape; `SpielError` where there is none, as C++ chess answers."""
        shape = self.adapter.info_state_shape
        if shape is None:
            raise pyspiel.SpielError(
                f"{self.spec.game_type.short_name}: InformationStateTensorShape unimplemented"
            )
        return list(shape)

    def information_state_tensor_size(self) -> int:
        return math.prod(self.information_state_tensor_shape())

    def max_chance_nodes_in_history(self) -> int:
        return self._deal.max_choices if self._deal is not None else 0

    def make_py_observer(
        self,
        iig_obs_type: pyspiel.IIGObservationType | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> Observer:
        """Observers of OpenSpiel's observation types, all built from `view(seat)`.

        The default (and `perfect_recall=False`, one seat's private part): the planes and
        the position text. `perfect_recall=True`: the text with every action so far and,
        in a game of hidden information, the information-state tensor. Public or private
        parts alone: texts only.
        """
        if params:
            raise ValueError(f"observation parameters are not supported; got {dict(params)}")
        if iig_obs_type is None:
            return Observer(self, "observation")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("Regalia observes from one seat's view; ALL_PLAYERS is not offered")
        recall = iig_obs_type.perfect_recall
        if private == pyspiel.PrivateInfoType.NONE:
            if not iig_obs_type.public_info:
                return Observer(self, "nothing")
            return Observer(self, "public_history" if recall else "public")
        if not iig_obs_type.public_info:
            return Observer(self, "private")
        return Observer(self, "information" if recall else "observation")


@dataclass(frozen=True)
class Built:
    """A game at given parameters: its adapter, its fixed start (None when a deal comes
    first), the most decisions a game may take, and the parameters as its name shows them."""

    adapter: Adapter
    start: State[Any] | None
    max_plies: int
    shown: dict[str, Any]


def _build(spec: Spec, params: Mapping[str, Any]) -> Built:
    """The game `spec` describes at `params` (every parameter given)."""
    players = int(params["players"]) if "players" in spec.parameters else None
    options = {name: params[name] for name in spec.options if params[name] != ""}
    extras = {name: params[name] for name in spec.extras}
    adapter = make_adapter(spec.name, players, **options, **extras)
    shown: dict[str, Any] = {} if players is None else {"players": adapter.players}
    chosen = {name: adapter.options[name] for name in spec.options}
    shown.update({name: "" if value is None else value for name, value in chosen.items()})
    shown.update(extras)
    start = None if adapter.deal() is not None else adapter.new_state(0)
    if "position" in spec.parameters:
        # Game strings split parameters at commas, so `;` stands for `,` in a position.
        text = str(params["position"]).strip()
        if text:
            defaults = adapter.game.options
            changed = [n for n in spec.options if chosen[n] != defaults[n].default]
            if changed:
                raise ValueError(
                    f"a position gives the whole start; leave {changed[0]} at its default"
                )
            start = adapter.game.from_position(text.replace(";", ","))
        shown["position"] = text.replace(",", ";")
    plies = adapter.max_decisions()
    if plies is None:
        plies = int(params["max_game_length"])
        if plies < 1:
            raise ValueError("max_game_length must be at least 1")
        shown["max_game_length"] = plies
    return Built(adapter, start, plies, shown)


# --- the states --------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Run:
    """Everything about a state that changes in play. Immutable, so clones share it:
    OpenSpiel clones a Python state by deep-copying its attributes, and a `Run` copies
    as itself. Pickled (OpenSpiel's serialization) as the game and its steps, replayed."""

    game_string: str
    core: State[Any] | None  # None while the deal goes on
    deal: Deal | None
    plies: int  # decisions taken (a simultaneous node counts once)
    trail: tuple[Any, Step] | None  # (earlier trail, last step): appending costs nothing
    stopped: bool  # the ply limit ended the game as a draw
    player: int = field(init=False)
    # Views asked for so far, by seat: OpenSpiel asks for each seat's observations several
    # times a step, and the core state never changes.
    views: dict[Seat | None, dict[str, Any]] = field(init=False, default_factory=dict)
    # Planes asked for so far, by seat (read-only arrays): pyspiel fills a tensor twice.
    planes: dict[Seat, Planes] = field(init=False, default_factory=dict)
    # The result once over: scoring a game can cost more than a step.
    kept: dict[str, Any] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "player", self._player())

    def view(self, seat: Seat | None) -> dict[str, Any]:
        assert self.core is not None
        view = self.views.get(seat)
        if view is None:
            view = self.views[seat] = self.core.view(seat)
        return view

    def _player(self) -> int:
        if self.core is None:
            return CHANCE
        seats = self.core.to_act()
        if self.stopped or not seats:
            return TERMINAL
        if len(seats) > 1:
            return SIMULTANEOUS
        return next(iter(seats))

    def steps(self) -> list[Step]:
        out: list[Step] = []
        trail = self.trail
        while trail is not None:
            trail, step = trail
            out.append(step)
        return out[::-1]

    def __deepcopy__(self, memo: dict[int, Any]) -> Run:
        return self

    def __reduce__(self) -> tuple[Callable[..., Run], tuple[str, list[Step]]]:
        return _replay, (self.game_string, self.steps())


def _play(game: pyspiel.Game, steps: Sequence[Step]) -> Any:
    """A new state of `game` after `steps` (joint steps at simultaneous nodes)."""
    state = game.new_initial_state()
    for step in steps:
        if isinstance(step, tuple):
            state.apply_actions(list(step))
        else:
            state.apply_action(step)
    return state


def _replay(game_string: str, steps: Sequence[Step]) -> Run:
    run: Run = _play(pyspiel.load_game(game_string), steps)._run
    return run


class RegaliaState(pyspiel.State):  # type: ignore[misc]  # untyped base
    """A point of play; OpenSpiel changes it in place (`apply_action`), but all it holds is
    one immutable `Run` around an immutable core state."""

    def __init__(self, game: RegaliaGame, run: Run) -> None:
        super().__init__(game)
        self._run = run

    # --- the regalia side, for tools and tests -----------------------------------------
    @property
    def core(self) -> State[Any] | None:
        """The core state (None during a deal). It holds every secret: agents of a game of
        hidden information must read observations instead."""
        return self._run.core

    def _adapter(self) -> Adapter:
        adapter: Adapter = self.get_game().adapter
        return adapter

    # --- pyspiel's API -----------------------------------------------------------------
    def current_player(self) -> int:
        return self._run.player

    def is_terminal(self) -> bool:
        return self._run.player == TERMINAL

    def _legal_actions(self, player: int) -> list[int]:
        core = self._run.core
        if core is None or self._run.stopped:
            return []
        if player == SIMULTANEOUS:  # OpenSpiel's flat joint actions, as C++ games give
            return list(range(self._joint_count()))
        return sorted(self._adapter().legal_by_index(core, player))

    def _voters(self) -> list[tuple[int, list[int]]]:
        """Each player acting at this simultaneous node and its legal actions, in seat
        order: the digits of a flat joint action (player 0 the least significant)."""
        acting = []
        for player in range(self.num_players()):
            legal = self._legal_actions(player)
            if legal:
                acting.append((player, legal))
        return acting

    def _joint_count(self) -> int:
        return math.prod(len(legal) for _, legal in self._voters())

    def _joint(self, flat: int) -> list[int]:
        """The actions of a flat joint action, one per player (0 for a player not acting),
        decoded as OpenSpiel's `SimMoveState::FlatJointActionToActions` does."""
        voters = self._voters()
        if not 0 <= flat < math.prod(len(legal) for _, legal in voters):
            raise pyspiel.SpielError(f"{flat} is not a joint action of this node")
        actions = [0] * self.num_players()
        for player, legal in voters:
            flat, digit = divmod(flat, len(legal))
            actions[player] = legal[digit]
        return actions

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        """As OpenSpiel's, and at a simultaneous node asked for `SIMULTANEOUS` (or with no
        player): ones at the flat joint actions, the mask as long as the longer of the
        action count and the joint actions (C++'s would write past its end)."""
        if player is None:
            player = self.current_player()
        if player == SIMULTANEOUS and self.is_simultaneous_node():
            count = self._joint_count()
            return [1] * count + [0] * max(0, self.num_distinct_actions() - count)
        mask: list[int] = super().legal_actions_mask(player)
        return mask

    def chance_outcomes(self) -> list[tuple[int, float]]:
        deal = self._run.deal
        if self._run.core is not None or deal is None:
            return []
        return deal.outcomes()

    def _apply_action(self, action: int) -> None:
        """Apply `action`; at a simultaneous node a flat joint action (`legal_actions()`).
        Anything not legal here raises `pyspiel.SpielError`, as OpenSpiel's games do."""
        run = self._run
        if run.player == TERMINAL:
            raise pyspiel.SpielError(f"the game is over: action {action} cannot be applied")
        if run.core is None:
            assert run.deal is not None
            try:
                deal = run.deal.choose(int(action))
            except ValueError as exc:
                raise pyspiel.SpielError(str(exc)) from None
            core = deal.state() if deal.complete() else None
            self._run = replace(run, core=core, deal=deal, trail=(run.trail, int(action)))
            return
        seat = run.player
        if seat == SIMULTANEOUS:
            self._apply_joint(self._joint(int(action)))
            return
        chosen = self._decode(run.core, seat, action)
        self._advance(run.core.apply(seat, chosen), int(action))

    def _decode(self, core: State[Any], seat: Seat, action: int) -> Any:
        try:
            return self._adapter().decode(core, seat, action)
        except IllegalAction as exc:
            raise pyspiel.SpielError(str(exc)) from None

    def _apply_actions(self, actions: Sequence[int]) -> None:
        """One action per player at a simultaneous node. Where one seat acts, its entry
        alone counts, as if given to `apply_action`: OpenSpiel's `rl_environment` steps
        every node of a simultaneous-move game this way."""
        run = self._run
        if len(actions) != self.num_players():
            raise pyspiel.SpielError(
                f"apply_actions takes one action per player ({self.num_players()}), "
                f"not {len(actions)}"
            )
        if run.core is not None and run.player >= 0:
            self._apply_action(actions[run.player])
            return
        if run.core is None or run.player != SIMULTANEOUS:
            raise pyspiel.SpielError("apply_actions is for decision nodes")
        self._apply_joint(list(actions))

    def _apply_joint(self, actions: list[int]) -> None:
        core = self._run.core
        assert core is not None
        chosen = {s: self._decode(core, s, actions[s]) for s in core.to_act()}
        self._advance(apply_joint(core, chosen), tuple(int(a) for a in actions))

    def _advance(self, core: State[Any], step: Step) -> None:
        run = self._run
        plies = run.plies + 1
        result = core.result() if plies >= self.get_game().max_plies else None
        stopped = plies >= self.get_game().max_plies and result is None
        self._run = replace(run, core=core, plies=plies, trail=(run.trail, step), stopped=stopped)
        if result is not None:  # scoring a game can cost more than the step: kept
            self._run.kept["result"] = result

    def undo_action(self, player: int, action: int) -> None:
        """Refused: pyspiel's Python games cannot take an action back out of the history
        OpenSpiel keeps in C++. Clone the state before the action instead: a clone shares
        the immutable core state, so it costs next to nothing."""
        raise pyspiel.SpielError(
            "undo_action is not offered by a Python game (pyspiel keeps its history in C++); "
            "clone the state before applying the action instead: clones are cheap here"
        )

    def resample_from_infostate(self, player: int, sampler: Any = None) -> RegaliaState:
        """A state `player` cannot tell from this one: what it has not seen dealt again
        (other seats' Houses, tokens no pile has shown). For information-set search; only
        at decision nodes. `sampler` (a pyspiel sampler, or any callable giving a float)
        seeds the draw; without it the draw is fresh each time."""
        rng = random.Random(sampler() if callable(sampler) else None)
        sampled: RegaliaState = _play(self.get_game(), self._sampled_steps(player, rng))
        return sampled

    def _sampled_steps(self, player: int, rng: random.Random) -> list[Step]:
        run = self._run
        if run.core is None:
            raise ValueError("a state is resampled at decision nodes, not during the deal")
        steps = run.steps()
        if run.deal is None:
            return steps  # nothing random, so nothing hidden from the start
        first = self.get_game().first_deal()
        played = steps[len(steps) - run.plies :]
        texts = [self._adapter().action_text(s) for s in played if isinstance(s, int)]
        return [*first.choices_to(run.deal.resample(player, texts, rng)), *played]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            deal = self._run.deal
            return deal.describe(action) if deal is not None else f"chance {action}"
        if player == SIMULTANEOUS:  # a flat joint action, written as C++ games write it
            parts = self._joint(int(action))
            texts = (self._adapter().action_text(parts[p]) for p, _ in self._voters())
            return "[" + ", ".join(texts) + "]"
        return self._adapter().action_text(action)

    def string_to_action(self, player_or_text: int | str, text: str | None = None) -> int:
        """The number of a legal action written in any notation the game reads (the action
        strings, SAN, `vote 2`, …); `string_to_action(text)` for the player to act."""
        player = self.current_player() if text is None else int(player_or_text)
        text = str(player_or_text) if text is None else text
        core = self._run.core
        if core is None or player < 0:
            result: int = super().string_to_action(player, text)
            return result
        try:
            return self._adapter().encode(core, core.parse(player, text))
        except RegaliaError as exc:
            raise pyspiel.SpielError(str(exc)) from None

    def returns(self) -> list[float]:
        run = self._run
        if run.core is None or run.stopped:
            return [0.0] * self.num_players()
        if run.player != TERMINAL:
            return [0.0] * self.num_players()
        result = run.kept.get("result")
        if result is None:
            result = run.kept["result"] = run.core.result()
        return self._adapter().returns(result)

    def __str__(self) -> str:
        run = self._run
        if run.core is None:
            assert run.deal is not None
            return f"{run.deal.text(None)}\n{run.deal.summary()}"
        lines = [self._adapter().render(run.view(None))]
        if run.deal is not None:
            lines.append(run.deal.summary())
        if run.stopped:
            lines.append(f"stopped after {run.plies} plies: a draw")
        return "\n".join(lines)

    # --- what a seat knows ---------------------------------------------------------------
    def planes(self, seat: Seat) -> Planes:
        """The observation planes of `seat` (read-only: states share them)."""
        run = self._run
        planes = run.planes.get(seat)
        if planes is None:
            if run.core is None:
                assert run.deal is not None
                planes = run.deal.planes(seat)
            else:  # the adapter's fast build, equal to `planes(view(seat), seat)`
                planes = self._adapter().observe(run.core, seat)
            planes.flags.writeable = False
            run.planes[seat] = planes
        return planes

    def info_state(self, seat: Seat) -> Planes:
        """The information-state tensor of `seat` (read-only: states share it)."""
        run = self._run
        key = -1 - seat  # kept beside the planes, apart from them
        tensor = run.planes.get(key)
        if tensor is None:
            adapter = self._adapter()
            if adapter.info_state_shape is None:
                raise pyspiel.SpielError(
                    f"{self.get_game().get_type().short_name}: InformationStateTensor "
                    "unimplemented (a game of perfect information: use the observation tensor)"
                )
            if run.core is None:
                assert run.deal is not None
                tensor = adapter.deal_info_state(run.deal, seat)
            else:
                tensor = adapter.info_state(run.view(seat), seat)
            tensor.flags.writeable = False
            run.planes[key] = tensor
        return tensor

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """As pyspiel's; a game without the tensor raises `SpielError`, as C++ chess does,
        where pyspiel would silently answer []."""
        if player is None:
            player = self.current_player()
        self._check_player(player)
        tensor: list[float] = self.info_state(player).tolist()
        return tensor

    def _check_player(self, player: int) -> None:
        if not 0 <= player < self.num_players():
            raise pyspiel.SpielError(f"player {player} is not a player of this game")

    def text(self, kind: str, seat: Seat | None) -> str:
        """An observation string of one kind (see `Observer`), from views only."""
        run = self._run
        if kind == "nothing":
            return ""
        if run.core is None:
            assert run.deal is not None
            if kind == "private":
                assert seat is not None
                return run.deal.private_text(seat)
            return run.deal.text(None if kind.startswith("public") else seat)
        adapter = self._adapter()
        shown: Seat | None = None if kind.startswith("public") else seat
        view = run.view(shown)
        if kind == "private":
            assert seat is not None
            return adapter.private_text(view, seat)
        now = adapter.observation_text(view, shown)
        if kind in ("observation", "public"):
            return now
        return f"{adapter.history_text(view, shown)}\n{now}"


class Observer:
    """OpenSpiel's Python observer: `tensor`/`dict` (planes, or None) and texts.

    Kinds: `observation` (planes and the position text), `information` (the text and every
    action so far as the seat knows it), `public` / `public_history` (a spectator's), `private`
    (the seat's own secrets), `nothing`.
    """

    def __init__(self, game: RegaliaGame, kind: str) -> None:
        self.kind = kind
        self.tensor: np.ndarray[Any, Any] | None = None
        self.dict: dict[str, np.ndarray[Any, Any]] = {}
        if kind == "observation":
            shape = game.adapter.obs_shape
            self.tensor = np.zeros(int(np.prod(shape)), np.float32)
            self.dict = {"observation": self.tensor.reshape(shape)}
        elif kind == "information" and game.adapter.info_state_shape is not None:
            shape = game.adapter.info_state_shape
            self.tensor = np.zeros(int(np.prod(shape)), np.float32)
            self.dict = {"info_state": self.tensor.reshape(shape)}

    def set_from(self, state: RegaliaState, player: int) -> None:
        if self.tensor is None:
            return
        if self.kind == "information":
            self.tensor[:] = state.info_state(player)
        else:
            self.tensor[:] = state.planes(player).reshape(-1)

    def string_from(self, state: RegaliaState, player: int) -> str:
        return state.text(self.kind, player)


def _register(spec: Spec) -> type[RegaliaGame]:
    game_class = type(
        f"{spec.name.capitalize()}Game", (RegaliaGame,), {"spec": spec, "__module__": __name__}
    )
    if spec.game_type.short_name not in pyspiel.registered_names():
        pyspiel.register_game(spec.game_type, game_class)
    return game_class


GAME_CLASSES = {name: _register(spec) for name, spec in SPECS.items()}
# Module attributes, so pickle finds each class by its name (process pools and Ray pass
# games and states by pickling them).
RegulatorGame = GAME_CLASSES["regalia_regulator"]
RegicideGame = GAME_CLASSES["regalia_regicide"]
RegicidaGame = GAME_CLASSES["regalia_regicida"]


def turn_based_resampler(seed: int | None = None) -> Callable[[Any, int], Any]:
    """A resampler for OpenSpiel's information-set MCTS on a game loaded with
    `pyspiel.load_game_as_turn_based` (which ISMCTS needs: it searches sequential games):

        game = pyspiel.load_game_as_turn_based("regalia_regicida", {"players": 3})
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=100)
        bot.set_resampler(turn_based_resampler(seed=1))

    It returns a turn-based state the player cannot tell from the given one: the deal
    resampled as `RegaliaState.resample_from_infostate` does, and the secret votes already
    cast this round by other seats drawn at random among their legal votes.
    """
    rng = random.Random(seed)
    games: dict[str, pyspiel.Game] = {}

    def resample(state: Any, player: int) -> Any:
        outer = state.get_game()
        inner = dict(outer.get_parameters()["game"])
        name = inner.pop("name")
        key = f"{name}{sorted(inner.items())}"
        game = games.get(key) or games.setdefault(key, pyspiel.load_game(name, inner))
        native, partial = _native(game, state.history())
        steps = native._sampled_steps(player, rng)
        sampled = _play(game, steps)
        for seat in partial:
            if seat != player:
                partial[seat] = rng.choice(sampled.legal_actions(seat))
        out = outer.new_initial_state()
        for step in steps:
            if isinstance(step, tuple):  # voters in seat order; seats with no vote skipped
                for seat, action in enumerate(step):
                    if out.current_player() == seat:
                        out.apply_action(action)
            else:
                out.apply_action(step)
        for action in partial.values():
            out.apply_action(action)
        return out

    return resample


def _native(game: pyspiel.Game, history: Sequence[int]) -> tuple[RegaliaState, dict[int, int]]:
    """The state of `game` a turn-based history reaches, and the actions taken so far at a
    simultaneous node still being voted (by seat, in seat order; seats without legal
    actions take none)."""
    state: RegaliaState = game.new_initial_state()
    at = 0
    while at < len(history):
        if not state.is_simultaneous_node():
            state.apply_action(history[at])
            at += 1
            continue
        acting = [p for p in range(game.num_players()) if state.legal_actions(p)]
        taken = dict(zip(acting, history[at:], strict=False))
        if len(taken) < len(acting):
            return state, taken
        state.apply_actions([taken.get(p, 0) for p in range(game.num_players())])
        at += len(acting)
    return state, {}
