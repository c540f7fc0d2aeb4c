"""A server per test on a temporary data directory; the toy game registered by name."""

from collections.abc import Iterator
from pathlib import Path

import argon2
import pytest
from fastapi.testclient import TestClient

import tests.tables.toygame  # noqa: F401
from regalia.server.app import create_app
from regalia.server.config import Settings
from regalia.tables import passwords
from regalia.tables.ports import Clock


def make_client(data_dir: Path, clock: Clock | None = None) -> TestClient:
    # The worker starts with the server, as in production: many of these files time a bot;
    # files whose server never runs one ask for bot_workers_on_demand.
    settings = Settings(
        data_dir=data_dir, bot_workers=1, bot_seconds=0.5, bot_workers_on_demand=False
    )
    return TestClient(create_app(settings, clock))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path) as test_client:
        yield test_client


@pytest.fixture
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Argon2id at its lightest, for tests of who may try a password and when, not of the
    hash: the server's own parameters cost a tenth of a second of CPU a hash or more."""
    cheap = argon2.PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    monkeypatch.setattr(passwords, "_hasher", cheap)
    monkeypatch.setattr(passwords, "_DUMMY", cheap.hash("a password nobody has"))
