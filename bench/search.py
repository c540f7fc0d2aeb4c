"""Search speed of the two chess engines: nodes per second and depth reached from the start.

.venv/bin/python bench/search.py            # 1 s per engine
.venv/bin/python bench/search.py --seconds 5
"""

from __future__ import annotations

import argparse
import threading
from collections.abc import Hashable
from typing import Any

from regalia.ai.regicide.domain import RegicideDomain
from regalia.ai.regulator.domain import RegulatorDomain
from regalia.ai.search import Domain, Limits, Report, Searcher
from regalia.games.regicide.position import Position as RegicidePosition
from regalia.games.regulator.position import Position as RegulatorPosition


def measure(domain: Domain[Any, Hashable], pos: Any, seconds: float) -> Report[Hashable]:
    """The last iteration completed when `seconds` run out, with the nodes of the whole run.

    A timer stops the search, rather than a time limit, because a limited search declines
    to start an iteration it is unlikely to finish."""
    searcher: Searcher[Any, Hashable] = Searcher(domain)
    done: list[Report[Hashable]] = []
    stop = threading.Event()
    timer = threading.Timer(seconds, stop.set)
    timer.start()
    final = searcher.search(pos, Limits(), on_iteration=done.append, stop=stop)
    timer.cancel()
    last = done[-1] if done else final
    return Report(last.move, last.score, last.depth, final.nodes, final.seconds, last.pv)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per engine")
    args = parser.parse_args()
    engines: list[tuple[str, Any, Any]] = [
        ("regulator", RegulatorDomain(), RegulatorPosition.start()),
        ("regicide", RegicideDomain(), RegicidePosition.start()),
    ]
    print(f"{'engine':<10} {'depth':>5} {'nodes':>9} {'seconds':>8} {'nodes/s':>9}")
    for name, domain, pos in engines:
        report = measure(domain, pos, args.seconds)
        print(
            f"{name:<10} {report.depth:>5} {report.nodes:>9} {report.seconds:>8.2f} {report.nps:>9}"
        )


if __name__ == "__main__":
    main()
