"""Browser tests: one real Regalia server per test worker, and Debian's Chromium via Playwright.

The server runs as a subprocess on a free loopback port with a temporary data directory; each
test gets a fresh browser context (no shared storage) and creates its own tables.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Generator, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, expect, sync_playwright

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
# Generous waits: CI machines are often busy; a passing test never waits this long.
expect.set_options(timeout=15_000)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _wait_healthy(url: str, proc: subprocess.Popen[bytes], log: Path) -> None:
    # A start takes ~3 s; at load average 17 one took over 30 s (migrations, imports), and a
    # failed session fixture errs every browser test of its worker.
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited early:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(f"{url}/api/health", timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"server did not start:\n{log.read_text()[-3000:]}")


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of a running `regalia serve` with fast bots."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (make system-deps)")
    data = tmp_path_factory.mktemp("regalia-data")
    port = _free_port()
    env = {
        **os.environ,
        "REGALIA_BOT_WORKERS": "1",
        "REGALIA_BOT_SECONDS": "0.2",
        "REGALIA_DATA_DIR": str(data),
        # Every test's browser is one address: lift the per-address limits it is not testing
        # (tests/server covers them).
        "REGALIA_CREATE_BURST": "100000",
        "REGALIA_WRITE_BURST": "100000",
        "REGALIA_BOT_TABLES_PER_CLIENT": "100000",
        "REGALIA_BOT_TABLES_PER_ADDRESS": "100000",
        "REGALIA_BOT_TABLES": "100000",
        # … and the rule that games between one address's accounts count nothing.
        "REGALIA_SAME_SOURCE_WEIGHT": "1",
    }
    log = data / "server.log"
    command = [
        sys.executable, "-m", "regalia", "serve",
        "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(data),
    ]  # fmt: skip
    with log.open("wb") as out:
        proc = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy(url, proc, log)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Keep each phase's report on the test item, so fixtures can see whether it failed."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


def _console_error(message: ConsoleMessage) -> bool:
    # A refused API call (a 4xx the page shows in words) is expected; any other error is not.
    return message.type == "error" and "server responded with a status of 4" not in message.text


def _checked_page(
    browser: Browser,
    server: str,
    request: pytest.FixtureRequest,
    size: tuple[int, int],
    tag: str,
    locale: str | None = None,
) -> Iterator[Page]:
    """A page in a fresh context that fails the test on a JavaScript error, a console error
    or a request to another site, and saves a screenshot when the test fails. `locale`: the
    browser's languages (navigator.languages, Accept-Language) in this context."""
    width, height = size
    context = browser.new_context(
        base_url=server, viewport={"width": width, "height": height}, locale=locale
    )
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    # Tests are quiet: sound is off unless a test turns it on (regalia.sound, store.js).
    context.add_init_script(
        "if (localStorage.getItem('regalia.sound') === null)"
        " localStorage.setItem('regalia.sound', 'off');"
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if _console_error(m) else None)
    # Everything is served by our own server: no CDN, no other site.
    foreign: list[str] = []
    local = (server, server.replace("http", "ws", 1), "blob:", "data:")
    page.on("request", lambda r: None if r.url.startswith(local) else foreign.append(r.url))
    page.set_default_timeout(15_000)
    yield page
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        name = f"failed-{request.node.name}{tag}.png"
        page.screenshot(path=str(ARTIFACTS / name), full_page=True)
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
    assert not foreign, f"requests to other sites: {foreign}"


@pytest.fixture
def page(browser: Browser, server: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    yield from _checked_page(browser, server, request, (1200, 900), "")


@pytest.fixture
def phone(browser: Browser, server: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page the size of a phone (390 × 844), checked like `page`."""
    yield from _checked_page(browser, server, request, (390, 844), "-phone")


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
