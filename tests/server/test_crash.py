"""A server killed mid-game (SIGKILL, no shutdown) loses nothing that was acknowledged."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.server.services import free_port, wait_port


def start(data: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "regalia", "serve", "--port", str(port), "--data-dir", str(data),
         "--bot-workers", "1"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    wait_port(port, 90)
    return process, f"http://127.0.0.1:{port}"


@pytest.mark.slow
def test_a_killed_server_resumes_every_table(tmp_path: Path) -> None:
    server, base = start(tmp_path)
    try:
        made = httpx.post(f"{base}/api/tables", json={"game": "regulator", "seats": [
            {"kind": "human"}, {"kind": "bot", "level": "random"}]}).json()  # fmt: skip
        table = made["table"]["id"]
        headers = {"X-Seat-Token": made["tokens"][0]["token"]}
        httpx.post(f"{base}/api/tables/{table}/join", json={"name": "Ann"}, headers=headers)
        for _ in range(5):
            view = httpx.get(f"{base}/api/tables/{table}/view", headers=headers).json()
            while not view["legal"]:
                time.sleep(0.05)
                view = httpx.get(f"{base}/api/tables/{table}/view", headers=headers).json()
            move = {"type": "action", "action": view["legal"][0]["action"], "seq": view["seq"]}
            acknowledged = httpx.post(f"{base}/api/tables/{table}/commands", json=move,
                                      headers=headers).json()["seq"]  # fmt: skip
        before = httpx.get(f"{base}/api/tables/{table}/events").json()["events"]
    finally:
        os.kill(server.pid, signal.SIGKILL)
        server.wait()
    server, base = start(tmp_path)
    try:
        after = httpx.get(f"{base}/api/tables/{table}/events").json()["events"]
        assert len(after) >= acknowledged
        assert after[: len(before)] == before
        # The bot answers the last move even if the crash came before it could.
        deadline = time.monotonic() + 30
        view = httpx.get(f"{base}/api/tables/{table}/view", headers=headers).json()
        while not view["legal"] and view["status"] == "playing":
            assert time.monotonic() < deadline
            time.sleep(0.1)
            view = httpx.get(f"{base}/api/tables/{table}/view", headers=headers).json()
    finally:
        server.terminate()
        server.wait(timeout=30)
