"""OpenSpiel's own MCTS bot against uniform random bots on a Regalia game, through pyspiel.

    python examples/openspiel_mcts.py --game regulator --games 4 --simulations 20
    python examples/openspiel_mcts.py --game regicida --players 3 --ismcts

Nothing here is Regalia code but the import that registers the games: the bots, the search
and the game loop are OpenSpiel's. Regicida is loaded turn-based (voters vote one after
another, unseen), since OpenSpiel's tree searches need sequential games. Plain MCTS searches
the true state, so in Regicida it sees every Identity; `--ismcts` plays information-set MCTS
instead, which searches worlds dealt again from what its seat knows.
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.bots import uniform_random

import regalia.env.openspiel as regalia_openspiel  # registers regalia_* with pyspiel


def load(name: str, players: int | None, max_game_length: int | None) -> pyspiel.Game:
    params: dict[str, int] = {}
    if players is not None:
        params["players"] = players
    if max_game_length is not None:
        params["max_game_length"] = max_game_length
    if name == "regicida":
        return pyspiel.load_game_as_turn_based("regalia_regicida", params)
    return pyspiel.load_game(f"regalia_{name}", params)


def searcher(game: pyspiel.Game, args: argparse.Namespace, rng: np.random.RandomState) -> object:
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    if args.ismcts:
        bot = ismcts.ISMCTSBot(
            game, evaluator, uct_c=2.0, max_simulations=args.simulations, random_state=rng
        )
        bot.set_resampler(regalia_openspiel.turn_based_resampler(seed=args.seed))
        return bot
    return mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=args.simulations, evaluator=evaluator, random_state=rng
    )


def play(game: pyspiel.Game, bots: list[object], rng: np.random.RandomState) -> list[float]:
    """One game: chance by its odds, every other node by the bot of the seat to act."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=odds)))
        else:
            state.apply_action(bots[state.current_player()].step(state))  # type: ignore[attr-defined]
    return list(state.returns())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="regulator", help="regulator, regicide or regicida")
    parser.add_argument("--players", type=int, default=None, help="Regicida: 2-6 players")
    parser.add_argument("--max-game-length", type=int, default=None, help="plies, then a draw")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=20, help="MCTS simulations a move")
    parser.add_argument("--ismcts", action="store_true", help="information-set MCTS (Regicida)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    game = load(args.game, args.players, args.max_game_length)
    rng = np.random.RandomState(args.seed)
    players = game.num_players()
    returns = []
    for index in range(args.games):
        seat = index % players  # the searching bot takes every seat in turn
        bots: list[object] = [uniform_random.UniformRandomBot(p, rng) for p in range(players)]
        bots[seat] = searcher(game, args, rng)
        outcome = play(game, bots, rng)
        returns.append(float(outcome[seat]))
        print(f"game {index + 1}: searcher in seat {seat + 1} gets {outcome[seat]:+.0f}")
    wins = sum(r > 0 for r in returns)
    print(
        f"{args.game}: {'ISMCTS' if args.ismcts else 'MCTS'} ({args.simulations} simulations) "
        f"vs random: {wins} of {len(returns)} won, mean return {np.mean(returns):+.2f}"
    )


if __name__ == "__main__":
    main()
