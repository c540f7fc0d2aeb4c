"""The event log's appends on SQLite: straight to the driver (what the server runs) beside
SQLAlchemy Core statements on a pooled connection (what other databases run), in one run.

Each round appends one move to each of `--batch` tables in one transaction, as the writer's
group commit does; the figure is CPU time (process_time) per append, the best of `--repeat`
runs with the spread of the others.

    .venv/bin/python bench/appends.py --rounds 400 --repeat 7
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from regalia.protocol import EventKind, TableStatus
from regalia.tables.events import Event
from regalia.tables.models import TableRow
from regalia.tables.store import Append, Store, sqlite_url

TABLES = 64


def store_with_tables(folder: Path, fast: bool) -> tuple[Store, dict[str, int]]:
    folder.mkdir()
    store = Store(sqlite_url(folder))
    store._sqlite = fast
    seqs: dict[str, int] = {}
    for number in range(TABLES):
        table_id = f"t{number:03d}"
        row = TableRow(id=table_id, game="regulator", players=2, options="{}", seed=1,
                       created_at="2026-12-01", updated_at="2026-12-01",
                       status=TableStatus.PLAYING, seq=0, record="")  # fmt: skip
        store.create(row, [], [Event(0, EventKind.CREATED, None, 0.0, {}, False)])
        seqs[table_id] = 0
    return store, seqs


def per_append(store: Store, seqs: dict[str, int], batch: int, rounds: int) -> float:
    """CPU seconds per append over `rounds` batches of `batch` tables' moves."""
    tables = list(seqs)[:batch]
    started = time.process_time()
    for _ in range(rounds):
        items = []
        for table_id in tables:
            seqs[table_id] += 1
            data = {"action": "b1c3", "text": "Nc3", "by_bot": False}
            move = Event(seqs[table_id], EventKind.ACTION, 0, 1.7e9, data, False)
            items.append(Append(table_id, [move], TableStatus.PLAYING, None, None))
        assert all(store.append(items))
    return (time.process_time() - started) / (rounds * batch)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=400, help="batches per run")
    parser.add_argument("--repeat", type=int, default=7, help="runs per figure")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        stores = {fast: store_with_tables(Path(folder) / str(fast), fast) for fast in (True, False)}
        print(f"{'batch':>5}  {'driver µs':>14}  {'Core µs':>14}  ratio")
        for batch in (1, 4, 16):
            runs: dict[bool, list[float]] = {True: [], False: []}
            for _ in range(args.repeat):  # alternate, so both meet the same machine
                for fast in (True, False):
                    runs[fast].append(per_append(*stores[fast], batch, args.rounds))
            best = {fast: min(times) * 1e6 for fast, times in runs.items()}
            spread = {fast: statistics.pstdev(times) * 1e6 for fast, times in runs.items()}
            ratio = best[False] / best[True]
            print(f"{batch:>5}  {best[True]:8.1f} ±{spread[True]:4.1f}  "
                  f"{best[False]:8.1f} ±{spread[False]:4.1f}  {ratio:.2f}×")  # fmt: skip
        for store, _ in stores.values():
            store.close()


if __name__ == "__main__":
    main()
