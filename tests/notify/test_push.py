"""Web Push end to end: a browser's subscription (made by the local push service, with its
own keys), a turn-based game, and pushes that the push service receives, checks (VAPID JWT,
TTL, urgency) and decrypts with the subscription's private key."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.notify.conftest import PUBLIC, Site
from tests.server.helpers import create
from tests.server.test_online import advance, view

HUMAN = {"kind": "human"}


def player(client: TestClient, name: str) -> dict[str, Any]:
    reply = client.post("/api/players", json={"name": name})
    assert reply.status_code == 201, reply.text
    found: dict[str, Any] = reply.json()
    return found


def key(who: dict[str, Any]) -> dict[str, str]:
    return {"X-Player-Key": who["player_key"]}


def turn_based(client: TestClient, a: dict[str, Any], b: dict[str, Any],
               days: int = 1) -> tuple[str, list[str]]:  # fmt: skip
    made = create(client, "regulator", [HUMAN, HUMAN], clock={"days_per_move": days})
    tokens = [t["token"] for t in sorted(made["tokens"], key=lambda t: t["seat"])]
    table = made["table"]["id"]
    for who, token in zip((a, b), tokens, strict=True):
        reply = client.post(f"/api/tables/{table}/join", json={},
                            headers={"X-Seat-Token": token, **key(who)})  # fmt: skip
        assert reply.status_code == 200, reply.text
    return table, tokens


def play(client: TestClient, table: str, token: str) -> None:
    mine = view(client, table, token)
    reply = client.post(f"/api/tables/{table}/commands",
                        json={"type": "action", "action": mine["legal"][0]["action"],
                              "seq": mine["seq"]},
                        headers={"X-Seat-Token": token})  # fmt: skip
    assert reply.status_code == 200, reply.text


def subscribe(site: Site, who: dict[str, Any], name: str, status: int = 201) -> dict[str, Any]:
    sub = site.push.subscription(name, status)
    reply = site.client.post("/api/players/me/push", json={"subscription": sub}, headers=key(who))
    assert reply.status_code == 201, reply.text
    return sub


def test_the_server_s_vapid_key_is_made_once_and_kept_in_the_data_dir(site: Site) -> None:
    first = site.client.get("/api/push/key").json()["public_key"]
    assert len(first) == 87  # an uncompressed P-256 point, base64url: 65 bytes
    assert (site.data / "vapid_private_key.pem").is_file()
    assert site.notes.public_key == first


def test_a_turn_push_arrives_encrypted_with_vapid_ttl_and_urgency(site: Site) -> None:
    eva, fred = player(site.client, "Eva"), player(site.client, "Fred")
    subscribe(site, fred, "fred-phone")
    table, tokens = turn_based(site.client, eva, fred)
    play(site.client, table, tokens[0])  # now Fred's turn
    assert site.deliver() == 1
    (push,) = site.push.pushes
    assert push.name == "fred-phone"
    assert push.payload["kind"] == "turn" and push.payload["table"] == table
    assert push.payload["title"] == "Your turn"
    assert push.payload["body"] == "It is your turn in Regulator Chess."
    assert push.payload["url"] == f"{PUBLIC}/#/t/{table}"
    assert push.headers["TTL"] == "86400" and push.headers["Urgency"] == "normal"
    assert push.headers["Content-Encoding"] == "aes128gcm"
    assert push.vapid_ok and push.vapid_key == site.client.get("/api/push/key").json()["public_key"]
    assert push.claims["aud"] == f"http://{site.push.allowed}"
    assert push.claims["sub"].startswith("mailto:")
    assert site.deliver() == 0  # sent once
    advance(site.client, 3600)
    assert site.deliver() == 0 and len(site.push.pushes) == 1


def test_a_real_time_game_sends_no_turn_push_but_its_end_reaches_both(site: Site) -> None:
    eva, fred = player(site.client, "Eva"), player(site.client, "Fred")
    subscribe(site, eva, "eva")
    subscribe(site, fred, "fred")
    made = create(site.client, "regulator", [HUMAN, HUMAN])
    tokens = [t["token"] for t in sorted(made["tokens"], key=lambda t: t["seat"])]
    table = made["table"]["id"]
    for who, token in zip((eva, fred), tokens, strict=True):
        site.client.post(f"/api/tables/{table}/join", json={},
                         headers={"X-Seat-Token": token, **key(who)})  # fmt: skip
    play(site.client, table, tokens[0])
    reply = site.client.post(f"/api/tables/{table}/commands", json={"type": "resign"},
                             headers={"X-Seat-Token": tokens[1]})  # fmt: skip
    assert reply.status_code == 200, reply.text
    assert site.deliver() == 2
    assert sorted(p.name for p in site.push.pushes) == ["eva", "fred"]
    assert {p.payload["kind"] for p in site.push.pushes} == {"game_over"}
    assert all(p.headers["Urgency"] == "low" for p in site.push.pushes)


def test_a_dead_subscription_is_deleted_on_404_or_410(site: Site) -> None:
    eva, fred = player(site.client, "Eva"), player(site.client, "Fred")
    subscribe(site, fred, "gone", status=410)
    subscribe(site, fred, "alive")
    table, tokens = turn_based(site.client, eva, fred)
    play(site.client, table, tokens[0])
    assert site.deliver() == 1
    assert sorted(p.name for p in site.push.pushes) == ["alive", "gone"]
    left = site.client.get("/api/players/me/notifications", headers=key(fred)).json()
    assert left["push_subscriptions"] == 1
    states = {r["payload"]["sub"][:4]: r["state"] for r in site.rows(fred["id"])}
    assert sorted(states.values()) == ["sent", "skipped"]


def test_a_failing_push_service_is_tried_again_later_with_backoff(site: Site) -> None:
    eva, fred = player(site.client, "Eva"), player(site.client, "Fred")
    subscribe(site, fred, "flaky", status=503)
    table, tokens = turn_based(site.client, eva, fred)
    play(site.client, table, tokens[0])
    assert site.deliver() == 0
    (row,) = site.rows(fred["id"])
    assert row["state"] == "pending" and row["attempts"] == 1
    assert site.deliver() == 0 and len(site.push.pushes) == 1  # not due yet
    site.push.subs["flaky"].status = 201
    advance(site.client, 31)
    assert site.deliver() == 1 and len(site.push.pushes) == 2
    assert site.rows(fred["id"])[0]["state"] == "sent"


def test_endpoints_must_be_https_on_public_addresses(site: Site) -> None:
    eva = player(site.client, "Eva")
    keys = site.push.subscription("x")["keys"]
    for endpoint in (
        "http://push.example.com/x",  # not https
        "https://127.0.0.1/x", "https://10.1.2.3/x", "https://192.168.0.1/x",
        "https://169.254.169.254/latest", "https://[::1]/x", "https://[fe80::1]/x",
        "https://localhost/x", "https://printer.local/x", "ftp://push.example.com/x",
        f"http://127.0.0.1:{site.push.port + 1}/x",  # loopback, but not the allowed port
    ):  # fmt: skip
        body = {"subscription": {"endpoint": endpoint, "keys": keys}}
        reply = site.client.post("/api/players/me/push", headers=key(eva), json=body)
        assert reply.status_code == 400, endpoint
        assert reply.json()["error"]["code"] == "bad_subscription", endpoint
    fine = {"endpoint": "https://fcm.googleapis.com/fcm/send/abc", "keys": keys}
    assert site.client.post("/api/players/me/push", headers=key(eva),
                            json={"subscription": fine}).status_code == 201  # fmt: skip
    gone = site.client.request("DELETE", "/api/players/me/push", headers=key(eva),
                               json={"endpoint": fine["endpoint"]})  # fmt: skip
    assert gone.status_code == 204
    assert site.client.get("/api/players/me/notifications",
                           headers=key(eva)).json()["push_subscriptions"] == 0  # fmt: skip
