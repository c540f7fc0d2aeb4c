"""Search speed of the two chess engines: nodes per second and depth reached in one second.

Each engine searches its start position for `--seconds`, compiled (this process) and
interpreted (a subprocess with REGALIA_PURE_PYTHON=1), printed side by side with the ratio.
The reference line is Debian's Fairy-Stockfish on Regulator Chess's 5 x 7 board with one
regulator range frozen (tests/games/regulator/data/variants.ini: Fairy-Stockfish cannot
move a regulator), searching its start position for the same time, with its own nodes/s.

.venv/bin/python bench/search.py            # 1 s per engine and path
.venv/bin/python bench/search.py --seconds 5 --variant regulator2
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import threading
from collections.abc import Hashable
from pathlib import Path
from typing import Any

from paths import header, interpreted, ratio

from regalia.ai.regicide.domain import RegicideDomain
from regalia.ai.regulator.domain import RegulatorDomain
from regalia.ai.search import Domain, Limits, Report, Searcher
from regalia.games.regicide.position import Position as RegicidePosition
from regalia.games.regulator.position import Position as RegulatorPosition

FAIRY = "/usr/games/fairy-stockfish"
VARIANTS = Path(__file__).resolve().parents[1] / "tests/games/regulator/data/variants.ini"


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


def figures(seconds: float) -> dict[str, dict[str, float]]:
    """Per engine: depth completed, nodes, nodes/s."""
    engines: list[tuple[str, Any, Any]] = [
        ("regulator", RegulatorDomain(), RegulatorPosition.start()),
        ("regicide", RegicideDomain(), RegicidePosition.start()),
    ]
    found: dict[str, dict[str, float]] = {}
    for name, domain, pos in engines:
        report = measure(domain, pos, seconds)
        found[name] = {"depth": report.depth, "nodes": report.nodes, "nps": report.nps}
    return found


def fairy_stockfish(variant: str, seconds: float) -> dict[str, int] | None:
    """Fairy-Stockfish's last `info` of a `go movetime` from the variant's start (1 thread)."""
    if not shutil.which(FAIRY):
        return None
    script = (
        f"setoption name VariantPath value {VARIANTS}\n"
        f"setoption name UCI_Variant value {variant}\n"
        "setoption name Threads value 1\nisready\nposition startpos\n"
        f"go movetime {int(seconds * 1000)}\n"
    )
    proc = subprocess.Popen(
        [FAIRY], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(script)
    proc.stdin.flush()
    last: dict[str, int] = {}
    for line in proc.stdout:
        info = re.search(r"\bdepth (\d+) .*\bnodes (\d+) .*\bnps (\d+)", line)
        if line.startswith("info") and info and " lowerbound" not in line:
            last = {"depth": int(info[1]), "nodes": int(info[2]), "nps": int(info[3])}
        if line.startswith("bestmove"):
            break
    proc.stdin.write("quit\n")
    proc.stdin.close()
    proc.wait()
    return last or None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per engine")
    parser.add_argument("--variant", default="regulator2", help="Fairy-Stockfish variant")
    parser.add_argument("--json", action="store_true", help="print this path's figures only")
    args = parser.parse_args()
    if args.json:
        print(json.dumps(figures(args.seconds)))
        return
    print(header())
    ours = figures(args.seconds)
    pure = interpreted(__file__, "--seconds", str(args.seconds))
    print(
        f"{'engine':<10} {'depth':>5} {'nodes/s':>10} | {'interpreted depth':>17} "
        f"{'nodes/s':>8} | compiled/interpreted"
    )
    for name, row in ours.items():
        other = pure[name]
        print(
            f"{name:<10} {row['depth']:>5} {row['nps']:>10,} | {other['depth']:>17} "
            f"{other['nps']:>8,} | {ratio(row['nps'], other['nps'])}"
        )
    reference = fairy_stockfish(args.variant, args.seconds)
    if reference is None:
        print(f"fairy-stockfish: not found at {FAIRY} (apt install fairy-stockfish)")
        return
    print(
        f"fairy-stockfish {args.variant} (5x7, one regulator range frozen, 1 thread): depth "
        f"{reference['depth']}, {reference['nps']:,} nodes/s | regulator ours/fairy-stockfish "
        f"{ratio(ours['regulator']['nps'], reference['nps'])}"
    )


if __name__ == "__main__":
    main()
