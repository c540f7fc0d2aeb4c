"""How fast `regalia engine GAME` answers while it searches, and how exactly it stops.

For each chess engine: starts `go infinite` from the start position, then sends `isready`
`--pings` times and measures each `readyok` (milliseconds, the round trip through the
pipes), then `stop` until `bestmove`; then `go nodes N` for a few N and prints the node
count of the engine's last `info` line. The same ping figure for Fairy-Stockfish (its
`regulator2` variant) is printed beside Regulator Chess's as the reference.

.venv/bin/python bench/uci.py
.venv/bin/python bench/uci.py --pings 200
"""

from __future__ import annotations

import argparse
import queue
import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

FAIRY = "/usr/games/fairy-stockfish"
VARIANTS = Path(__file__).resolve().parents[1] / "tests/games/regulator/data/variants.ini"


class Engine:
    def __init__(self, command: list[str]) -> None:
        self.proc = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def send(self, *lines: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write("".join(line + "\n" for line in lines))
        self.proc.stdin.flush()

    def until(self, prefix: str) -> list[str]:
        got = []
        while True:
            got.append(self.lines.get(timeout=60))
            if got[-1].startswith(prefix):
                return got

    def quit(self) -> None:
        self.send("quit")
        self.proc.wait(timeout=60)


def pings(engine: Engine, count: int) -> tuple[list[float], float]:
    """`isready` round trips during `go infinite` (ms), and `stop` to `bestmove` (ms)."""
    engine.send("isready")
    engine.until("readyok")  # started up (imports done)
    engine.send("position startpos", "go infinite")
    time.sleep(0.2)  # let the search get deep
    waits = []
    for _ in range(count):
        began = time.perf_counter()
        engine.send("isready")
        engine.until("readyok")
        waits.append((time.perf_counter() - began) * 1000)
    began = time.perf_counter()
    engine.send("stop")
    engine.until("bestmove")
    return waits, (time.perf_counter() - began) * 1000


def describe(name: str, waits: list[float], stop: float) -> str:
    return (
        f"{name:<28} isready during a search: median {statistics.median(waits):.2f} ms, "
        f"max {max(waits):.2f} ms over {len(waits)}; stop -> bestmove {stop:.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pings", type=int, default=50)
    args = parser.parse_args()
    for game in ("regulator", "regicide"):
        engine = Engine([sys.executable, "-m", "regalia", "engine", game])
        waits, stop = pings(engine, args.pings)
        print(describe(f"regalia engine {game}", waits, stop))
        counted = []
        for nodes in (1, 777, 5000, 5000):
            engine.send("position startpos", f"go nodes {nodes}")
            lines = engine.until("bestmove")
            counted.append(lines[-2].split(" nodes ")[1].split()[0])
        print(f"{'':<28} go nodes 1, 777, 5000, 5000 (warm): counted {', '.join(counted)}")
        engine.quit()
    if shutil.which(FAIRY):
        fairy = Engine([FAIRY])
        fairy.send(f"setoption name VariantPath value {VARIANTS}")
        fairy.send("setoption name UCI_Variant value regulator2")
        waits, stop = pings(fairy, args.pings)
        print(describe("fairy-stockfish regulator2", waits, stop))
        fairy.quit()


if __name__ == "__main__":
    main()
