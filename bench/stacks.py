"""Sum py-spy's raw stacks (`py-spy record --format raw`, or `bench/load.py --py-spy FILE`)
by function: the share of the samples each function is running in itself ("self") and the
share it is on the stack at all ("total"), per thread and overall.

    .venv/bin/python bench/stacks.py /tmp/profile.raw --top 40
    .venv/bin/python bench/stacks.py /tmp/profile.raw --under view_message   # inside one call
    .venv/bin/python bench/stacks.py /tmp/profile.raw --groups              # by cost centre

A frame reads `function (file:line)`; lines are dropped so a function counts once however
many lines of it were sampled. Samples are on-CPU samples (py-spy leaves idle ones out
unless `--idle`), so the percentages are of the CPU the sampled process spent.
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from pathlib import Path

_LINE = re.compile(r":\d+\)$")

# Cost centres: the first group whose pattern matches any frame of a stack takes the sample.
# Order matters: the more specific first.
GROUPS: list[tuple[str, str]] = [
    ("notation (describe): legal list, event text", r"^\w*\.?describe "),
    ("legal list: encode, legal_actions", r"^\w*\.?encode \(regalia|legal_actions"),
    ("view: the game's state.view", r"State\.view "),
    ("view: clocks, presence, claimable", r"clock_json|presence|claimable"),
    ("json encode", r"json/encoder|^dumps \(json"),
    ("json decode", r"json/decoder|^loads \(json|_decode \(regalia"),
    ("record text per move (to_record)", r"to_record"),
    ("SQL (sqlalchemy, sqlite)", r"sqlalchemy|sqlite3"),
    ("bot moves: jobs to workers (pickle, pipe)", r"BotPool|multiprocessing"),
    (
        "websocket send (starlette, uvicorn, framing)",
        r"WebSocket\.send|websockets/frames|SansIOProtocol\.send ",
    ),
    ("websocket receive", r"data_received|receive_data|WebSocket\.receive"),
    ("rules: decide (parse, apply)", r"Table\.decide|_decide_"),
    ("table apply, commit, timers, events", r"regalia/tables/"),
    ("HTTP requests (create, audit)", r"regalia/server/api\.py|httptools_impl|h11"),
    ("logging", r"logging/"),
    ("pydantic", r"pydantic"),
    ("other regalia", r"regalia/"),
    ("event loop, asyncio, threads", r"asyncio/|uvloop|threading"),
]


def read(path: str) -> Counter[tuple[str, ...]]:
    stacks: Counter[tuple[str, ...]] = Counter()
    for line in Path(path).read_text().splitlines():
        if not line.strip():
            continue
        frames, _, count = line.rpartition(" ")
        stacks[tuple(_LINE.sub(")", f) for f in frames.split(";"))] += int(count)
    return stacks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--under", help="only samples with a frame containing this text")
    parser.add_argument("--thread", help="only this thread (text in its `thread (…)` frame)")
    parser.add_argument("--groups", action="store_true", help="sum by cost centre")
    args = parser.parse_args()
    stacks = read(args.file)
    everything = sum(stacks.values())
    threads: Counter[str] = Counter()
    for frames, n in stacks.items():
        threads[frames[0] if frames[0].startswith("thread") else "(no thread frame)"] += n
    print(f"{everything} samples")
    for thread, n in threads.most_common():
        print(f"  {100 * n / everything:5.1f}%  {thread}")
    if args.thread:
        stacks = Counter({f: n for f, n in stacks.items() if args.thread in f[0]})
    if args.under:
        stacks = Counter({f: n for f, n in stacks.items() if any(args.under in x for x in f)})
    total = sum(stacks.values()) or 1
    print(f"{total} samples selected ({100 * total / everything:.1f}%)")
    if args.groups:
        groups: Counter[str] = Counter()
        for frames, n in stacks.items():
            groups[_group(frames)] += n
        print("\n share  cost centre (the first group matching a frame)")
        for name, n in groups.most_common():
            print(f"{100 * n / total:5.1f}%  {name}")
        return
    own: Counter[str] = Counter()
    inclusive: Counter[str] = Counter()
    for frames, n in stacks.items():
        own[frames[-1]] += n
        for frame in set(frames):
            inclusive[frame] += n
    print("\n self  function")
    for frame, n in own.most_common(args.top):
        print(f"{100 * n / total:5.1f}%  {frame}")
    print("\ntotal  function")
    for frame, n in inclusive.most_common(args.top + 15):
        if not frame.startswith(("thread", "_run_module", "_run_code", "<module>")):
            print(f"{100 * n / total:5.1f}%  {frame}")


def _group(frames: tuple[str, ...]) -> str:
    for name, pattern in GROUPS:
        if any(re.search(pattern, frame) for frame in frames):
            return name
    return "other"


if __name__ == "__main__":
    main()
