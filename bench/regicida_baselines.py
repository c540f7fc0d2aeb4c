"""Regicida baselines: win rates and identity-inference accuracy against built-in tables.

Three parts (`--parts`), each printed as a table (docs/env.md publishes them):

- `curves`: NashConv of OpenSpiel's outcome- and external-sampling MCCFR on the turn-based
  reduced game after each checkpoint's iterations (CPU seconds of the iterations), the
  uniform policy's, and the learned policy's (PPO, `regalia.env.regicida.learned`) after training;
- `reduced`: the reduced game (two seats), each hero against one built-in bot of each level;
- `full`: the whole game at `--players` seats, each hero against a table of built-in bots of
  one level (the learned and MCCFR heroes play the reduced game only).

Game i seats the hero on seat i mod players and is dealt from (seed, players, i) alone, so
every hero meets the same deals. Per row: the hero's wins with a 95% interval and the number
of games, the two identity-inference accuracies at the vote (`belief`: the built-in
inference run from the hero seat's view; `vote`: whom its vote named; over the games where
the hero does not hold the Regent House), how often "always the Neutral Player" would be
right in those games, and the hero's CPU milliseconds per decision. regalia.env.regicida.baselines
defines each precisely.

.venv/bin/python bench/regicida_baselines.py                          # a few minutes
.venv/bin/python bench/regicida_baselines.py --parts curves,reduced --reduced-games 300
.venv/bin/python bench/regicida_baselines.py --parts full --games 60 --heroes random,greedy,strong
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

from regalia.env.regicida import baselines as B

FULL_HEROES = ("random", "greedy", "strong", "ismcts")
REDUCED_HEROES = (*FULL_HEROES, "os-mccfr", "es-mccfr", "ppo")


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def numbers(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x.strip()]


def names(text: str) -> list[str]:
    return [x.strip() for x in text.split(",") if x.strip()]


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument(
        "--parts", default="curves,reduced,full", help="which tables: curves, reduced, full"
    )
    p.add_argument("--players", type=int, default=4, help="seats of the full game (2-6)")
    p.add_argument(
        "--games", type=int, default=12, help="games per hero and level in the full game"
    )
    p.add_argument(
        "--reduced-games", type=int, default=100, help="games per hero and level, reduced game"
    )
    p.add_argument("--seed", type=int, default=1, help="seeds the deals, bots and training")
    p.add_argument(
        "--heroes",
        default=",".join(REDUCED_HEROES),
        help=f"heroes to seat: {', '.join(REDUCED_HEROES)} (the last three: reduced game only)",
    )
    p.add_argument("--levels", default=",".join(B.LEVELS), help="built-in levels at the tables")
    p.add_argument(
        "--ismcts-simulations", type=int, default=20, help="ISMCTS simulations a move, full game"
    )
    p.add_argument(
        "--reduced-ismcts-simulations",
        type=int,
        default=100,
        help="ISMCTS simulations a move, reduced game",
    )
    p.add_argument(
        "--os-iterations",
        default="100,1000,10000",
        help="outcome-sampling MCCFR checkpoints (iterations); the last trains the hero",
    )
    p.add_argument(
        "--es-iterations",
        default="10,100,1000",
        help="external-sampling MCCFR checkpoints (iterations); the last trains the hero",
    )
    p.add_argument("--ppo-episodes", type=int, default=5000, help="PPO training episodes")
    p.add_argument(
        "--ppo-opponents",
        default="self,random,greedy",
        help="PPO's opponents, taken in turn: self (both seats) or built-in levels",
    )
    return p


def table(title: str, header: list[str], rows: list[list[str]]) -> None:
    print(f"\n{title}")
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---" for _ in header) + "|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


class Heroes:
    """Builds each hero once (MCCFR and PPO train on first use)."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.trained: dict[str, B.BotFactory] = {}
        self.curves: list[list[str]] = []

    def factory(self, name: str, reduced: bool) -> B.BotFactory:
        args = self.args
        if name in B.LEVELS:
            return B.builtin(name)
        if name == "ismcts":
            sims = args.reduced_ismcts_simulations if reduced else args.ismcts_simulations
            return B.ismcts_bot(sims)
        if name not in self.trained:
            self.trained[name] = self._train(name)
        return self.trained[name]

    def _train(self, name: str) -> B.BotFactory:
        args = self.args
        if name in ("os-mccfr", "es-mccfr"):
            kind = "outcome" if name == "os-mccfr" else "external"
            spots = numbers(args.os_iterations if kind == "outcome" else args.es_iterations)

            def shown(point: B.CurvePoint) -> None:
                log(f"{name}: {point.iterations} iterations, NashConv {point.nash_conv:.3f}")
                self.curves.append(
                    [name, f"{point.iterations:,}", f"{point.nash_conv:.3f}", f"{point.cpu:.1f}"]
                )

            _, policy = B.mccfr_curve(kind, spots, args.seed, progress=shown)
            return B.policy_bot(policy)
        if name == "ppo":
            from open_spiel.python.algorithms import exploitability

            from regalia.env.regicida.learned import PPOConfig, opponents_from, train_ppo

            config = PPOConfig(
                episodes=args.ppo_episodes, opponents=opponents_from(args.ppo_opponents)
            )
            began = time.process_time()
            policy = train_ppo(
                config,
                args.seed,
                progress=lambda e: log(f"ppo: {e.episodes} episodes, mean return "
                                       f"{e.mean_return:+.2f} (last batch)")
                if e.episodes % (10 * config.batch) == 0 or e.episodes == config.episodes
                else None,
            )  # fmt: skip
            cpu = time.process_time() - began
            value = exploitability.nash_conv(B.regicida(reduced=True), policy)
            self.curves.append(
                [f"ppo ({args.ppo_opponents})", f"{args.ppo_episodes:,} episodes",
                 f"{value:.3f}", f"{cpu:.1f}"]
            )  # fmt: skip
            return B.policy_bot(policy)
        raise SystemExit(f"unknown hero {name!r}: {', '.join(REDUCED_HEROES)}")


def matches(
    heroes: Heroes, names_: list[str], levels: list[str], reduced: bool, games: int, seed: int
) -> list[list[str]]:
    args = heroes.args
    game = B.regicida(args.players, reduced)
    where = "reduced" if reduced else f"{args.players} seats"
    rows = []
    for hero in names_:
        factory = heroes.factory(hero, reduced)
        for level in levels:
            began = time.monotonic()
            step = max(1, games // 4)
            progress: Callable[[int], None] = lambda done, h=hero, lv=level, k=step: (  # noqa: E731
                log(f"{where}: {h} vs {lv}: {done}/{games} games") if done % k == 0 else None
            )
            row = B.Row.of(B.play_match(game, factory, B.builtin(level), games, seed, progress))
            log(f"{where}: {hero} vs {level} done in {time.monotonic() - began:.0f} s wall")
            interval = row.interval
            rows.append(
                [hero, level, f"{row.wins}/{row.games} = {interval.mean:.1%} "
                 f"[{interval.low:.1%}, {interval.high:.1%}]",
                 B.rate(*row.belief), B.rate(*row.vote), B.rate(row.neutral, row.belief[1]),
                 f"{1000 * row.cpu_per_decision:.1f}"]
            )  # fmt: skip
    return rows


HEADER = ["hero", "table", "wins [95%]", "belief", "vote", "always Neutral", "CPU ms/decision"]


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args(argv)
    parts = names(args.parts)
    chosen = names(args.heroes)
    levels = names(args.levels)
    unknown = [p for p in parts if p not in ("curves", "reduced", "full")]
    unknown += [h for h in chosen if h not in REDUCED_HEROES]
    unknown += [lv for lv in levels if lv not in B.LEVELS]
    if unknown:
        raise SystemExit(f"unknown part, hero or level: {', '.join(unknown)}")
    heroes = Heroes(args)
    began = time.process_time()
    print(f"regicida baselines: seed {args.seed}, levels {', '.join(levels)}")
    if "curves" in parts:
        for name in ("os-mccfr", "es-mccfr", "ppo"):
            if name in chosen:
                heroes.factory(name, True)
        curves = [["uniform policy", "-", f"{B.uniform_nash_conv():.3f}", "-"], *heroes.curves]
        table(
            "NashConv on the turn-based reduced game",
            ["solver", "iterations", "NashConv", "CPU s"],
            curves,
        )
    if "reduced" in parts:
        rows = matches(heroes, chosen, levels, True, args.reduced_games, args.seed)
        table(
            "Reduced game (2 seats): hero against one built-in bot (reference: the table's "
            "own level as the hero)",
            HEADER,
            rows,
        )
    if "full" in parts:
        full = [h for h in chosen if h in FULL_HEROES]
        rows = matches(heroes, full, levels, False, args.games, args.seed)
        table(
            f"Full game, {args.players} seats: hero against {args.players - 1} built-in bots "
            "of one level (reference: the table's own level as the hero)",
            HEADER,
            rows,
        )
    print(f"\n{time.process_time() - began:.0f} CPU s in all")


if __name__ == "__main__":
    main()
