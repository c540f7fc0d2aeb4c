"""A server per test on a temporary data directory; the toy game registered by name."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import tests.tables.toygame  # noqa: F401
from regalia.server.app import create_app
from regalia.server.config import Settings
from regalia.tables.ports import Clock


def make_client(data_dir: Path, clock: Clock | None = None) -> TestClient:
    settings = Settings(data_dir=data_dir, bot_workers=1, bot_seconds=0.5)
    return TestClient(create_app(settings, clock))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path) as test_client:
        yield test_client
