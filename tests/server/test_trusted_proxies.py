"""X-Forwarded-For counts only from the proxies in REGALIA_TRUSTED_PROXIES: behind nginx
each client gets its own per-address limits, and nobody else can pick an address."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from tests.server.process import serve

BOT_TABLE = {"game": "regulator", "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]}
ONE_CREATE = {"REGALIA_CREATE_BURST": "1", "REGALIA_CREATE_PER_MINUTE": "0.01"}


def creates(base: str, *forwarded_for: str) -> list[int]:
    """The status of one table creation per X-Forwarded-For value, in order."""
    statuses = []
    for ip in forwarded_for:
        headers = {"X-Forwarded-For": ip}
        reply = httpx.post(f"{base}/api/tables", json=BOT_TABLE, headers=headers, timeout=30)
        statuses.append(reply.status_code)
    return statuses


@pytest.mark.parametrize("trusted", [None, "10.0.0.0/8"])
def test_the_header_is_ignored_unless_the_peer_is_a_trusted_proxy(
    tmp_path: Path, trusted: str | None
) -> None:
    env = ONE_CREATE | ({"REGALIA_TRUSTED_PROXIES": trusted} if trusted else {})
    with serve(tmp_path / "data", tmp_path / "log", **env) as server:
        # Claiming another address each time does not escape the loopback peer's limit.
        assert creates(server.base, "203.0.113.5", "203.0.113.6") == [201, 429]


def test_behind_a_trusted_proxy_each_forwarded_client_has_its_own_limit(tmp_path: Path) -> None:
    env = ONE_CREATE | {"REGALIA_TRUSTED_PROXIES": "192.0.2.1, 127.0.0.0/8"}
    with serve(tmp_path / "data", tmp_path / "log", **env) as server:
        assert creates(server.base, "203.0.113.5", "203.0.113.6", "203.0.113.5") == [
            201,
            201,
            429,
        ]


def test_a_bad_proxy_list_stops_the_server_with_a_message(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "regalia", "serve", "--data-dir", str(tmp_path)],
        env={"REGALIA_TRUSTED_PROXIES": "127.0.0.1,nginx", "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2
    assert "'nginx' is not an address or a network" in done.stderr
