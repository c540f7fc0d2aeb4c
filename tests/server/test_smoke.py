from fastapi.testclient import TestClient

from tests.server.helpers import create, hello, receive_until


def test_two_humans_play_a_toy_game(client: TestClient) -> None:
    made = create(client, "toy", [{"kind": "human"}, {"kind": "human"}], seed=7)
    table = made["table"]["id"]
    t0, t1 = (t["token"] for t in made["tokens"])
    with client.websocket_connect(f"/ws/tables/{table}") as a, client.websocket_connect(f"/ws/tables/{table}") as b:
        assert hello(a, t0, "Ann")["seat"] == 0
        assert hello(b, t1, "Bob")["seat"] == 1
        view = receive_until(a, "view", status="playing")
        a.send_json({"type": "action", "action": "bid 2", "seq": view["seq"]})
        view = receive_until(a, "view", seq=view["seq"] + 1)
        print(view)
