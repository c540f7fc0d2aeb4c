"""A newcomer's first visit: how long until the lobby is usable, and what it downloads.

Starts `regalia serve` on a free port (a fresh data directory), opens the lobby in Debian's
Chromium with an empty cache and measures, per profile, the time from navigation until every
game card is drawn with its buttons (the lobby is usable), the requests, and the bytes that
crossed the network (compressed sizes and headers, as Chromium's network log counts them):

  desktop  loopback, no throttling
  phone    150 ms round trip, 1.6 Mb/s down, 750 kb/s up, CPU slowed 4x (CDP's
           Network.emulateNetworkConditions and Emulation.setCPUThrottlingRate)

Then a second visit in the same context (a warm cache) shows what cache headers save.
`--against DIR` measures a second server beside this one, run from another tree's `src/`
(say `git archive <commit> src | tar -x -C DIR`), the two alternated run by run so a busy
machine weighs on both alike.

    .venv/bin/python bench/cold_load.py [--runs 5] [--against DIR]
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path

from load import launch
from playwright.sync_api import Browser, CDPSession, Page, sync_playwright

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking"]
PHONE = {"latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}
# Every card drawn with its two buttons: the player can start a game.
USABLE = (
    "() => { const cards = document.querySelectorAll('.game-card');"
    " return cards.length >= 3 && [...cards].every((c) => c.querySelector('.play-computer')); }"
)


@dataclass
class Visit:
    ms: float
    requests: int = 0
    bytes: int = 0
    types: dict[str, int] = field(default_factory=dict)


def visit(page: Page, cdp: CDPSession, base: str) -> Visit:
    sizes: dict[str, int] = {}
    kinds: dict[str, str] = {}
    cdp.on(
        "Network.responseReceived",
        lambda e: kinds.__setitem__(e["requestId"], e.get("type", "Other")),
    )
    cdp.on(
        "Network.loadingFinished",
        lambda e: sizes.__setitem__(e["requestId"], int(e["encodedDataLength"])),
    )
    start = time.perf_counter()
    page.goto(base + "/", wait_until="commit")
    page.wait_for_function(USABLE, polling=10, timeout=120_000)
    ms = (time.perf_counter() - start) * 1000
    page.wait_for_load_state("networkidle")
    types: dict[str, int] = {}
    for rid in sizes:
        kind = kinds.get(rid, "Other")
        types[kind] = types.get(kind, 0) + 1
    return Visit(ms, len(sizes), sum(sizes.values()), types)


def profile(browser: Browser, base: str, phone: bool) -> tuple[Visit, Visit]:
    """A cold visit (fresh context, empty cache) and then a warm one in the same context."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844} if phone else {"width": 1366, "height": 768}
    )
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    if phone:
        cdp.send("Network.emulateNetworkConditions", {"offline": False, **PHONE})
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    cold = visit(page, cdp, base)
    page.goto("about:blank")
    warm = visit(page, cdp, base)
    context.close()
    return cold, warm


def report(name: str, runs: list[tuple[Visit, Visit]]) -> None:
    cold = [c for c, _ in runs]
    warm = [w for _, w in runs]
    first = cold[0]
    print(
        f"{name:16} cold: usable median {statistics.median(v.ms for v in cold):6.0f} ms"
        f" (min {min(v.ms for v in cold):.0f}, max {max(v.ms for v in cold):.0f})"
        f"  {first.requests} requests  {first.bytes / 1024:.1f} KiB  {first.types}"
    )
    print(
        f"{name:16} warm: usable median {statistics.median(v.ms for v in warm):6.0f} ms"
        f"  {warm[0].requests} requests  {warm[0].bytes / 1024:.1f} KiB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="cold visits per profile")
    parser.add_argument("--against", help="another tree whose src/ serves the same visits")
    args = parser.parse_args()
    servers = {"now": launch({"REGALIA_BOT_WORKERS": "1"}, prefix="regalia-cold-")}
    if args.against:
        src = str(Path(args.against).resolve() / "src")
        env = {"REGALIA_BOT_WORKERS": "1", "PYTHONPATH": src}
        servers["against"] = launch(env, prefix="regalia-cold-")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for _, base in servers.values():
                profile(browser, base, False)  # the server's first answers (imports, catalogues)
            for name, phone in (("desktop", False), ("phone", True)):
                runs: dict[str, list[tuple[Visit, Visit]]] = {label: [] for label in servers}
                for _ in range(args.runs):
                    for label, (_, base) in servers.items():
                        runs[label].append(profile(browser, base, phone))
                for label, measured in runs.items():
                    report(f"{name} {label}" if len(servers) > 1 else name, measured)
            browser.close()
    finally:
        for server, _ in servers.values():
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
