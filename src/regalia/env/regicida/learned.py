"""A small learned Regicida policy: PPO with PyTorch on the CPU, from OpenSpiel's
information-state tensor (the `learn` extra: `pip install 'regalia[learn]'`).

    from regalia.env.regicida.learned import PPOConfig, train_ppo

    policy = train_ppo(PPOConfig(episodes=20_000), seed=0)   # an open_spiel Policy
    policy.action_probabilities(state)                       # {action: probability}

The network is a two-layer perceptron over the seat's information-state tensor with a
masked softmax over the legal actions and a value head. Each episode is one game of the
turn-based reduced Regicida (`baselines.REDUCED` by default) where the learner plays one seat
against an opponent drawn from `opponents` (`"self"`: the learner plays both seats, and
both seats' decisions train it), or any other game with an information-state tensor.
Rewards come at the end only (+1 win, -1 loss, 0), so each decision's return is the game's
and its advantage that return less the value head's estimate. One PPO update (clipped
ratio, `epochs` passes, entropy bonus) follows every `batch` episodes.

Reproducible from the seed: the network's initial weights, every sampled action, the deals
and the opponents' seeds all come from it, and training runs on one thread
(`torch.set_num_threads(1)` for its duration).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyspiel
import torch
from open_spiel.python import policy as os_policy
from torch import nn

from regalia.core.seeds import derive
from regalia.env.regicida.baselines import LEVELS, BotFactory, builtin, deal, regicida


@dataclass(frozen=True)
class PPOConfig:
    episodes: int = 20_000
    batch: int = 256  # episodes per update
    epochs: int = 4
    hidden: int = 64
    lr: float = 3e-3
    clip: float = 0.2
    entropy: float = 0.01
    value: float = 0.5
    opponents: tuple[str, ...] = ("self", "random", "greedy")  # "self" or built-in levels
    reduced: bool = True
    players: int = 2  # the full game's seat count when not reduced


class Net(nn.Module):
    """Information-state tensor -> (masked action logits, value)."""

    def __init__(self, inputs: int, actions: int, hidden: int) -> None:
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(inputs, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh()
        )
        self.logits = nn.Linear(hidden, actions)
        self.value = nn.Linear(hidden, 1)

    def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = self.body(obs)
        logits = self.logits(h).masked_fill(mask == 0, -1e9)
        return logits, self.value(h).squeeze(-1)


class LearnedPolicy(os_policy.Policy):  # type: ignore[misc]  # untyped base
    """The network as an `open_spiel` policy (for `exploitability.nash_conv` and
    `baselines.PolicyBot`): its masked softmax at the acting seat's information state."""

    def __init__(self, game: pyspiel.Game, net: Net) -> None:
        super().__init__(game, list(range(game.num_players())))
        self.net = net
        self.actions = game.num_distinct_actions()

    def probabilities(self, state: Any, player: int) -> np.ndarray[Any, Any]:
        return _forward(self.net, state, player, self.actions)[2]

    def action_probabilities(self, state: Any, player_id: int | None = None) -> dict[int, float]:
        player = state.current_player() if player_id is None else player_id
        probs = self.probabilities(state, player)
        legal = state.legal_actions(player)
        total = float(sum(probs[a] for a in legal))
        return {a: float(probs[a]) / total for a in legal}


def _forward(
    net: Net, state: Any, player: int, actions: int
) -> tuple[list[float], np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """The seat's information-state tensor, its legal-action mask and the network's
    probabilities there."""
    obs = state.information_state_tensor(player)
    mask = np.zeros(actions, dtype=np.float32)
    mask[state.legal_actions(player)] = 1.0
    with torch.no_grad():
        logits, _ = net(torch.tensor(obs, dtype=torch.float32), torch.from_numpy(mask))
        probs: np.ndarray[Any, Any] = torch.softmax(logits, -1).double().numpy()
    return obs, mask, probs


@dataclass
class _Batch:
    obs: list[list[float]] = field(default_factory=list)
    mask: list[np.ndarray[Any, Any]] = field(default_factory=list)
    action: list[int] = field(default_factory=list)
    logp: list[float] = field(default_factory=list)
    ret: list[float] = field(default_factory=list)


@dataclass(frozen=True)
class TrainingLog:
    """After each update: episodes so far and the learner's mean return over the batch."""

    episodes: int
    mean_return: float


def train_ppo(
    config: PPOConfig = PPOConfig(),
    seed: int = 0,
    progress: Callable[[TrainingLog], None] | None = None,
) -> LearnedPolicy:
    """Train the policy (see the module) and return it."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        return _train(config, seed, progress)
    finally:
        torch.set_num_threads(threads)


def _train(
    config: PPOConfig, seed: int, progress: Callable[[TrainingLog], None] | None
) -> LearnedPolicy:
    game = regicida(config.players, config.reduced)
    torch.manual_seed(seed)
    rng = random.Random(derive(seed, "ppo"))
    actions = game.num_distinct_actions()
    net = Net(game.information_state_tensor_size(), actions, config.hidden)
    optimiser = torch.optim.Adam(net.parameters(), lr=config.lr)
    factories: dict[str, BotFactory] = {
        name: builtin(name) for name in config.opponents if name != "self"
    }
    batch, returns = _Batch(), []
    for episode in range(config.episodes):
        opponent = config.opponents[episode % len(config.opponents)]
        learners = _learners(game, opponent, rng)
        bots = {
            p: factories[opponent](game, p, rng.getrandbits(31))
            for p in range(game.num_players())
            if p not in learners
        }
        rows: dict[int, list[int]] = {p: [] for p in learners}
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                deal(state, rng)
                continue
            player = state.current_player()
            if player not in learners:
                state.apply_action(bots[player].step(state))
                continue
            obs, mask, probs = _forward(net, state, player, actions)
            action = rng.choices(range(actions), probs.tolist())[0]
            rows[player].append(len(batch.action))
            batch.obs.append(obs)
            batch.mask.append(mask)
            batch.action.append(action)
            batch.logp.append(float(np.log(max(probs[action], 1e-12))))
            batch.ret.append(0.0)
            state.apply_action(action)
        result = state.returns()
        for player, indices in rows.items():
            for i in indices:
                batch.ret[i] = result[player]
            returns.append(result[player])
        if (episode + 1) % config.batch == 0 or episode + 1 == config.episodes:
            _update(net, optimiser, batch, config)
            if progress is not None:
                progress(TrainingLog(episode + 1, float(np.mean(returns))))
            batch, returns = _Batch(), []
    net.eval()
    return LearnedPolicy(game, net)


def _learners(game: pyspiel.Game, opponent: str, rng: random.Random) -> set[int]:
    if opponent == "self":
        return set(range(game.num_players()))
    return {rng.randrange(game.num_players())}


def _update(net: Net, optimiser: torch.optim.Optimizer, batch: _Batch, config: PPOConfig) -> None:
    if not batch.action:
        return
    obs = torch.tensor(batch.obs, dtype=torch.float32)
    mask = torch.from_numpy(np.stack(batch.mask))
    action = torch.tensor(batch.action)
    old = torch.tensor(batch.logp, dtype=torch.float32)
    ret = torch.tensor(batch.ret, dtype=torch.float32)
    for _ in range(config.epochs):
        logits, value = net(obs, mask)
        logp_all = torch.log_softmax(logits, -1)
        logp = logp_all.gather(1, action[:, None]).squeeze(1)
        advantage = ret - value.detach()
        advantage = (advantage - advantage.mean()) / (advantage.std() + 1e-8)
        ratio = torch.exp(logp - old)
        surrogate = torch.min(
            ratio * advantage, torch.clamp(ratio, 1 - config.clip, 1 + config.clip) * advantage
        )
        probs = torch.softmax(logits, -1)
        entropy = -(probs * logp_all.masked_fill(mask == 0, 0.0)).sum(-1)
        loss = (
            -surrogate.mean()
            + config.value * ((value - ret) ** 2).mean()
            - config.entropy * entropy.mean()
        )
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()


def opponents_from(text: str) -> tuple[str, ...]:
    """`"self,random,greedy"` -> the opponents tuple, each checked."""
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    bad = [n for n in names if n != "self" and n not in LEVELS]
    if not names or bad:
        raise ValueError(f"opponents are self or {', '.join(LEVELS)}; not {text!r}")
    return names
