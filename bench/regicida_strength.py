"""Regicida's strong level against greedy tables, this tree's and a reference tree's side by side.

Each game seats one strong agent (the hero, on seat `game mod players`) among greedy ones, and
each deal is played twice: once with this tree's strong, once with the reference tree's (the
same greedy seeds, so the two differ only by the hero). The reference is a source tree, e.g.
today's: `git archive HEAD src | tar -x -C /tmp/regicida_before`; its `regalia/ai/regicida`
package is loaded in-process under another name (the rest of regalia is this tree's), so no
duplicate of the agent ships in src.

.venv/bin/python bench/regicida_strength.py --reference /tmp/regicida_before --games 40
.venv/bin/python bench/regicida_strength.py --reference /tmp/regicida_before --games 200 \
    --players 4,6 --jobs 2

Per table size and hero it prints: wins with a 95% interval (baseline 1/players), the
posterior's accuracy at the vote (its most likely holder of the Regent House, or the Neutral
Player, against the revealed Identities, over games where the Regent is not its own), how
often its vote named the Regent's holder and how often the Regent was killed with its vote,
how it won (as the surviving Regent or as the best-placed voter), and CPU seconds per strong
move (mean and slowest), against the level's 2 s budget.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import multiprocessing
import os
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from regalia.ai.base import Agent, Observation
from regalia.ai.elo import score_interval
from regalia.ai.levels import budget_for, make_agent
from regalia.core.registry import get_game
from regalia.core.seeds import derive

PACKAGE = "regicida_reference"


@functools.cache
def load_reference(tree: str) -> Any:
    """The reference tree's strong agent class: its regicida AI package copied to a temporary
    folder under another name, its own imports pointed at the copy."""
    source = Path(tree) / "src" / "regalia" / "ai" / "regicida"
    if not source.is_dir():
        raise SystemExit(f"{source} is not a folder: give a source tree with --reference")
    folder = Path(tempfile.gettempdir()) / f"regicida-reference-{os.getpid()}"
    package = folder / PACKAGE
    package.mkdir(parents=True, exist_ok=True)
    for path in source.glob("*.py"):
        text = path.read_text().replace("regalia.ai.regicida.", PACKAGE + ".")
        (package / path.name).write_text(text)
    sys.path.insert(0, str(folder))
    return importlib.import_module(PACKAGE + ".agent").StrongAgent


def play(task: tuple[str, int, int, int, str]) -> dict[str, Any]:
    """One game: `hero` ("new" or "old") on seat `index mod players`, greedy elsewhere."""
    tree, players, index, seed, hero = task
    game = get_game("regicida")
    deal = derive(seed, f"regicida-strength:{players}:{index}") & 0x7FFF_FFFF_FFFF
    state: Any = game.new(deal, players)
    me = index % players
    agents: list[Agent[Any]] = []
    for seat in range(players):
        agent_seed = derive(seed, f"regicida-strength:{players}:{index}:{seat}") & 0x7FFF_FFFF
        if seat != me:
            agents.append(make_agent(game, "greedy", agent_seed))
        elif hero == "new":
            agents.append(make_agent(game, "strong", agent_seed))
        else:
            agents.append(load_reference(tree)(agent_seed))
    budget = budget_for(game, "strong")
    cpu: list[float] = []
    while not state.is_over():
        acting = sorted(state.to_act())
        chosen = []
        for seat in acting:
            began = time.process_time()
            action = agents[seat].choose(Observation(state, seat), budget)
            if seat == me:
                cpu.append(time.process_time() - began)
            chosen.append((seat, action))
        for seat, action in chosen:
            state = state.apply(seat, action)
            for other, agent in enumerate(agents):
                agent.observe(seat, "", state.view(other))
    reveal = state.view(me)["reveal"]
    verdict = reveal["verdict"]
    target = None if verdict["target"] == "neutral" else verdict["target"]
    vote = reveal["votes"][me]
    report = agents[me].report()
    return {
        "hero": hero,
        "players": players,
        "won": me in verdict["winners"],
        "regent": target == me,
        "named": (None if vote == "neutral" else vote) == target and target != me,
        "killed": verdict["assassinated"] and vote == verdict["target"] and target != me,
        "guess": (report.get("regent_holder.hits", 0.0), report.get("regent_holder.of", 0.0)),
        "cpu": cpu,
    }


def summary(rows: list[dict[str, Any]]) -> str:
    games = len(rows)
    wins = [1.0 if r["won"] else 0.0 for r in rows]
    interval = score_interval(wins)
    hits = sum(r["guess"][0] for r in rows)
    asked = sum(r["guess"][1] for r in rows)
    voting = [r for r in rows if not r["regent"]]
    named = sum(r["named"] for r in voting)
    killed = sum(r["killed"] for r in voting)
    regent = [r for r in rows if r["regent"]]
    survived = sum(r["won"] for r in regent)
    cpu = [s for r in rows for s in r["cpu"]]
    return (
        f"{sum(r['won'] for r in rows)}/{games} wins = {interval.mean:.1%} "
        f"[{interval.low:.1%}, {interval.high:.1%}]\n"
        f"    inference at the vote: {hits:.0f}/{asked:.0f} = {hits / max(asked, 1):.1%}; "
        f"vote named the Regent's holder {named}/{len(voting)} = "
        f"{named / max(len(voting), 1):.1%}, killed the Regent {killed}/{len(voting)} = "
        f"{killed / max(len(voting), 1):.1%}\n"
        f"    won as Regent {survived}/{len(regent)}, as a voter "
        f"{sum(r['won'] for r in voting)}/{len(voting)}; CPU s/move: mean "
        f"{sum(cpu) / max(len(cpu), 1):.3f}, max {max(cpu, default=0.0):.3f} "
        f"over {len(cpu)} moves"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", required=True, help="the reference source tree")
    parser.add_argument("--games", type=int, default=40, help="games per table size and hero")
    parser.add_argument("--players", default="4,6")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--heroes", default="new,old")
    args = parser.parse_args()
    heroes = args.heroes.split(",")
    tables = [int(p) for p in args.players.split(",")]
    tasks = [
        (args.reference, players, index, args.seed, hero)
        for players in tables
        for index in range(args.games)
        for hero in heroes
    ]
    began = time.monotonic()
    if args.jobs <= 1:
        rows = [play(task) for task in tasks]
    else:
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=args.jobs, mp_context=context) as pool:
            rows = list(pool.map(play, tasks, chunksize=4))
    seconds = time.monotonic() - began
    print(f"regicida strong vs greedy, seed {args.seed}, {seconds:.0f} s wall, {args.jobs} jobs")
    for players in tables:
        print(f"{players} seats ({args.games} games each, baseline {1 / players:.1%}):")
        for hero in heroes:
            picked = [r for r in rows if r["players"] == players and r["hero"] == hero]
            name = "new strong" if hero == "new" else f"old strong ({args.reference})"
            print(f"  {name}: {summary(picked)}")


if __name__ == "__main__":
    main()
