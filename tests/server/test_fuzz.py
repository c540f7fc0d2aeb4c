"""Fuzz the HTTP API from its own OpenAPI document: no 500s, responses match the schema
(status codes, content types, shapes); and real requests of the main routes, which random
bodies seldom make, answered as the document says."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import checks

import tests.tables.toygame  # noqa: F401
from regalia.server.app import create_app
from regalia.server.config import HttpLimits
from regalia.tables.limits import Limits
from tests.server.live import create, live_server

# Building the app does not start it: no database is opened at import.
schema = schemathesis.openapi.from_dict(create_app().openapi())


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    # Fuzzing is a burst of writes from one address: lift the limits it is not testing.
    lifted = {
        "http": HttpLimits(create_burst=10**6, write_burst=10**6, write_per_second=10**6),
        "tables": Limits(bot_tables=10**6, bot_tables_per_client=10**6),
    }
    with live_server(tmp_path_factory.mktemp("fuzz"), **lifted) as url:
        # Some real tables, so fuzzed ids and tokens sometimes meet one.
        create(url, "regulator", [{"kind": "human"}, {"kind": "bot", "level": "random"}])
        create(url, "toy", [{"kind": "human"}, {"kind": "human"}])
        yield url


@schema.parametrize()
# Ten cases a route: over 109 routes, 25 cost two minutes of the suite's fifteen.
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_survives_fuzzing(case: schemathesis.Case, base: str) -> None:
    # Schema-valid requests may still break game rules (five seats for a two-player game):
    # those get 400/422 with a message, which the positive-data check would call a failure.
    excluded = [checks.positive_data_acceptance, checks.not_a_server_error]
    response = case.call_and_validate(base_url=base, excluded_checks=excluded)
    if response.status_code >= 500:
        # The one 5xx this server gives: it sends no mail, so the mail routes answer mail_off.
        assert response.status_code == 503, response.text
        assert response.json()["error"]["code"] == "mail_off", response.text


RECORD = '[Game "regulator"]\n\n1. c3 e5 2. Nc2 d5 *'
REAL = [
    ("/api/analysis", {"game": "regulator", "record": RECORD, "ply": 2, "seconds": 0.1}),
    ("/api/analysis/game", {"game": "regulator", "record": RECORD, "seconds": 0.1}),
    ("/api/replays", {"record": RECORD}),
    ("/api/players", {"name": "Fuzzy Ana"}),
    ("/api/tables", {"game": "regulator", "seats": [{"kind": "human"}, {"kind": "human"}]}),
]


@pytest.mark.parametrize(("path", "body"), REAL, ids=[path for path, _ in REAL])
def test_real_requests_are_answered_as_documented(
    path: str, body: dict[str, Any], base: str
) -> None:
    case = schema[path]["POST"].Case(body=body, media_type="application/json")
    response = case.call_and_validate(base_url=base)  # every check, acceptance too
    assert response.status_code in (200, 201)
