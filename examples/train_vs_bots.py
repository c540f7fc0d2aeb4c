"""Train a tiny policy against Regalia's built-in bots, then print its score.

    python examples/train_vs_bots.py --game regulator --level random --episodes 40

The policy is linear over a fixed random projection of the observation planes, with
illegal actions masked out, trained by REINFORCE on the final reward (+1 win, -1 loss,
0 draw). Any RL library that understands Gymnasium spaces and action masks can take the
place of the few lines below.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

# The matrices here are tiny: BLAS threads would cost more than they save.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402  (after the thread settings, which numpy reads on import)

from regalia.env.versus import VersusBots  # noqa: E402

Array = np.ndarray[Any, Any]
Step = tuple[Array, Array, Array]  # legal actions, features, gradient of log-probability


class LinearPolicy:
    """Action logits = W · (P · planes), P random and fixed, W learned."""

    def __init__(self, obs_size: int, actions: int, rng: np.random.Generator) -> None:
        self.projection = rng.normal(0.0, obs_size**-0.5, (64, obs_size)).astype(np.float32)
        self.weights = np.zeros((actions, 64), dtype=np.float32)

    def act(self, obs: dict[str, Array], rng: np.random.Generator) -> tuple[int, Array, Array]:
        features = self.projection @ obs["observation"].reshape(-1)
        legal = np.flatnonzero(obs["action_mask"])
        logits = self.weights[legal] @ features
        probs = np.exp(logits - logits.max())
        probs /= probs.sum()
        pick = int(rng.choice(len(legal), p=probs))
        return int(legal[pick]), features, np.eye(len(legal))[pick] - probs

    def learn(self, steps: list[Step], reward: float, rate: float) -> None:
        for legal, features, gradient in steps:  # d log pi / d logits of the legal actions
            self.weights[legal] += rate * reward * np.outer(gradient, features)


def play(
    env: VersusBots, policy: LinearPolicy, rng: np.random.Generator, seed: int
) -> tuple[list[Step], float]:
    obs, _ = env.reset(seed=seed)
    steps: list[Step] = []
    reward, done = 0.0, False
    while not done:
        action, features, gradient = policy.act(obs, rng)
        steps.append((np.flatnonzero(obs["action_mask"]), features, gradient))
        obs, reward, done, _, _ = env.step(action)
    return steps, float(reward)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="regulator", help="regulator, regicide or regicida")
    parser.add_argument("--level", default="random", help="bot level: random, greedy, …")
    parser.add_argument("--players", type=int, default=None, help="Regicida: 2-6 players")
    parser.add_argument("--episodes", type=int, default=40, help="training games")
    parser.add_argument("--eval-games", type=int, default=20, help="games scored at the end")
    parser.add_argument("--rate", type=float, default=0.05, help="learning rate")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    env = VersusBots(args.game, level=args.level, players=args.players)
    rng = np.random.default_rng(args.seed)
    size = int(np.prod(env.adapter.obs_shape))
    policy = LinearPolicy(size, env.adapter.num_actions, rng)
    for episode in range(args.episodes):
        env.seat = episode % env.adapter.players  # learn every seat
        steps, reward = play(env, policy, rng, seed=args.seed + episode)
        policy.learn(steps, reward, args.rate)

    rewards = []
    for game in range(args.eval_games):
        env.seat = game % env.adapter.players
        rewards.append(play(env, policy, rng, seed=10_000 + args.seed + game)[1])
    wins, draws = rewards.count(1.0), rewards.count(0.0)
    score = (wins + 0.5 * draws) / max(len(rewards), 1)
    print(
        f"{args.game} vs {args.level} bots after {args.episodes} training games: "
        f"{wins} won, {draws} drawn, {len(rewards) - wins - draws} lost; score {score:.2f}"
    )


if __name__ == "__main__":
    main()
