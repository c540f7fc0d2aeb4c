"""GET /api/tables in pages, and the cap on one address's waiting seeks, over HTTP."""

from __future__ import annotations

from fastapi.testclient import TestClient

from regalia.tables.limits import Limits
from tests.server.helpers import hello


def test_the_lobby_comes_in_pages(client: TestClient) -> None:
    for n in range(3):
        body = {"game": "regulator", "clock": {"per_move_s": 30 + n}, "name": f"P{n}"}
        assert client.post("/api/quickplay", json=body).status_code == 200
    whole = [t["id"] for t in client.get("/api/tables").json()]
    assert len(whole) == 3
    pages = [client.get(f"/api/tables?limit=2&offset={o}").json() for o in (0, 2, 4)]
    assert [[t["id"] for t in page] for page in pages] == [whole[:2], whole[2:], []]
    for query in ("limit=0", "limit=201", "offset=-1"):
        refused = client.get(f"/api/tables?{query}")
        assert refused.status_code == 422 and refused.json()["error"]["code"] == "invalid"


def test_one_address_has_a_bounded_number_of_seeks(client: TestClient) -> None:
    cap = Limits().waiting_tables_per_client
    codes, replies = [], []
    for n in range(cap + 1):
        body = {"game": "regulator", "clock": {"per_move_s": 30 + n}, "name": "Ana"}
        reply = client.post("/api/quickplay", json=body)
        codes.append(reply.status_code)
        replies.append(reply.json())
    assert codes == [200] * cap + [429]
    assert reply.json()["error"]["code"] == "too_many_tables" and reply.headers["Retry-After"]
    open_seat = {"game": "regulator", "seats": [{"kind": "human"}, {"kind": "open"}]}
    assert client.post("/api/tables", json=open_seat).status_code == 429
    private = {"game": "regulator", "seats": [{"kind": "human"}] * 2}
    assert client.post("/api/tables", json=private).status_code == 201  # no open seat
    # A seat at a waiting table is no new seek: quick play still finds one (its seeker is
    # connected: quick play never pairs with someone who left).
    first = replies[0]
    with client.websocket_connect(f"/ws/tables/{first['table']['id']}") as ws:
        hello(ws, first["token"], "Ana")
        body = {"game": "regulator", "clock": {"per_move_s": 30}, "name": "Bo"}
        assert client.post("/api/quickplay", json=body).json()["seat"] == 1
