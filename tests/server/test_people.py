"""Challenges by name (accept, decline, cancel, several seats, live delivery), follows, and
blocks (no challenges, no quick play together, chat lines hidden from the blocker)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi.testclient import TestClient

from regalia.protocol import ErrorCode
from regalia.server.people import challenges_of
from regalia.tables.challenges import MAX_PENDING
from regalia.tables.errors import TableError
from tests.server.helpers import hello, receive

CHALLENGE = {"game": "regulator", "clock": {"initial_s": 300, "increment_s": 2}}


def player(client: TestClient, name: str) -> dict[str, str]:
    reply = client.post("/api/players", json={"name": name})
    assert reply.status_code == 201, reply.text
    return {"X-Player-Key": reply.json()["player_key"], "id": reply.json()["id"]}


def key(who: dict[str, str]) -> dict[str, str]:
    return {"X-Player-Key": who["X-Player-Key"]}


def challenge(
    client: TestClient, who: dict[str, str], name: str, status: int = 200, **body: Any
) -> dict[str, Any]:
    reply = client.post(f"/api/challenge/{name}", json={**CHALLENGE, **body}, headers=key(who))
    assert reply.status_code == status, reply.text
    answer: dict[str, Any] = reply.json()
    return answer


def post(client: TestClient, path: str, who: dict[str, str], status: int = 200, **body: Any) -> Any:
    reply = client.post(path, json=body or None, headers=key(who))
    assert reply.status_code == status, reply.text
    return reply.json() if reply.content else None


class Watch:
    """A player's challenge events, read in the server's own loop."""

    def __init__(self, client: TestClient, player_id: str) -> None:
        self.portal = client.portal
        assert self.portal is not None
        self.events = challenges_of(client.app.state).watch(player_id)

    def next(self) -> dict[str, Any]:
        async def one() -> dict[str, Any]:
            async with asyncio.timeout(5):
                found: dict[str, Any] = await anext(self.events)
                return found

        assert self.portal is not None
        return self.portal.call(one)


def seated(client: TestClient, table_id: str) -> list[str | None]:
    async def players() -> list[str | None]:
        table = await client.app.state.service.table(table_id)  # type: ignore[attr-defined]
        return [seat.player for seat in table.seats]

    assert client.portal is not None
    return client.portal.call(players)


def test_a_challenge_accepted_is_a_table_with_both_players_seated(client: TestClient) -> None:
    ana, bea = player(client, "Ana"), player(client, "Bea")
    watch = Watch(client, bea["id"])
    made = challenge(client, ana, "bea", seat=1)["challenge"]  # names in any case
    assert made["status"] == "pending" and made["challenger"]["name"] == "Ana"
    assert [(i["name"], i["seat"]) for i in made["invited"]] == [("Bea", 0)]
    assert watch.next() == {"type": "challenge", "challenge": made}
    mine = client.get("/api/challenge", headers=key(bea)).json()
    assert [c["id"] for c in mine["in"]] == [made["id"]] and mine["out"] == []
    assert client.get("/api/challenge", headers=key(ana)).json()["out"][0]["id"] == made["id"]

    answer = post(client, f"/api/challenge/{made['id']}/accept", bea)
    table_id = answer["challenge"]["table"]
    assert answer["challenge"]["status"] == "accepted" and answer["seat"] == 0
    assert watch.next()["type"] == "challengeAccepted"
    table = client.get(f"/api/tables/{table_id}").json()
    assert table["status"] == "playing" and table["clock"] == CHALLENGE["clock"]
    assert seated(client, table_id) == [bea["id"], ana["id"]]
    # Bea plays with the token the answer gave; Ana takes hers with her key alone.
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        assert hello(ws, answer["token"])["seat"] == 0
    joined = client.post(f"/api/tables/{table_id}/join", json={"name": ""}, headers=key(ana))
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    assert client.get("/api/challenge", headers=key(bea)).json()["in"] == []


def test_declined_and_cancelled_challenges_close_and_say_so(client: TestClient) -> None:
    ana, bea = player(client, "Ana"), player(client, "Bea")
    watch_ana, watch_bea = Watch(client, ana["id"]), Watch(client, bea["id"])
    first = challenge(client, ana, "Bea")["challenge"]
    assert watch_ana.next()["type"] == watch_bea.next()["type"] == "challenge"
    declined = post(client, f"/api/challenge/{first['id']}/decline", bea, reason="tooFast")
    assert declined["challenge"]["status"] == "declined"
    assert declined["challenge"]["reason"] == "tooFast"
    assert watch_ana.next() == {"type": "challengeDeclined", "challenge": declined["challenge"]}
    assert watch_bea.next()["type"] == "challengeDeclined"  # everyone in it hears
    refused = client.post(f"/api/challenge/{first['id']}/accept", headers=key(bea))
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "challenge_closed"

    second = challenge(client, ana, "Bea")["challenge"]
    watch_bea.next()
    # Only the challenger cancels; only an invited player answers.
    stranger = player(client, "Caio")
    for path in ("cancel", "accept"):
        reply = client.post(f"/api/challenge/{second['id']}/{path}", headers=key(stranger))
        assert reply.status_code == 404 and reply.json()["error"]["code"] == "unknown_challenge"
    shown = client.get(f"/api/challenge/{second['id']}/show", headers=key(bea))
    assert shown.json()["challenge"] == second
    hidden = client.get(f"/api/challenge/{second['id']}/show", headers=key(stranger))
    assert hidden.status_code == 404
    cancelled = post(client, f"/api/challenge/{second['id']}/cancel", ana)
    assert cancelled["challenge"]["status"] == "canceled"
    assert watch_bea.next() == {"type": "challengeCanceled", "challenge": cancelled["challenge"]}
    late = client.post(f"/api/challenge/{second['id']}/accept", headers=key(bea))
    assert late.status_code == 409


def test_a_stream_starts_with_the_challenges_still_pending(client: TestClient) -> None:
    ana, bea = player(client, "Ana"), player(client, "Bea")
    made = challenge(client, ana, "Bea")["challenge"]
    watch = Watch(client, bea["id"])  # Bea connects (or reconnects) after it was made
    assert watch.next() == {"type": "challenge", "challenge": made}
    post(client, f"/api/challenge/{made['id']}/cancel", ana)
    assert watch.next()["type"] == "challengeCanceled"


def test_a_challenge_invites_several_players_into_one_table(client: TestClient) -> None:
    ana, bea, caio, dani = (player(client, n) for n in ("Ana", "Bea", "Caio", "Dani"))
    made = challenge(client, ana, "Bea", game="regicide", clock=None, seat=0,
                     invite=["Caio", "Dani"])["challenge"]  # fmt: skip
    assert [(i["name"], i["seat"]) for i in made["invited"]] == [("Bea", 1), ("Caio", 2),
                                                               ("Dani", 3)]  # fmt: skip
    assert post(client, f"/api/challenge/{made['id']}/accept", bea)["challenge"]["table"] is None
    assert post(client, f"/api/challenge/{made['id']}/accept", caio)["challenge"]["table"] is None
    last = post(client, f"/api/challenge/{made['id']}/accept", dani)
    table_id = last["challenge"]["table"]
    assert last["seat"] == 3 and client.get(f"/api/tables/{table_id}").json()["status"] == "playing"
    assert seated(client, table_id) == [ana["id"], bea["id"], caio["id"], dani["id"]]


def test_challenges_that_cannot_be(client: TestClient) -> None:
    ana = player(client, "Ana")
    player(client, "Bea")
    assert challenge(client, ana, "Nobody", 404)["error"]["code"] == "unknown_player"
    assert challenge(client, ana, "Ana", 400)["error"]["code"] == "bad_options"
    too_many = challenge(client, ana, "Bea", 400, invite=["Ana"])
    assert too_many["error"]["code"] == "bad_options"
    clock = challenge(client, ana, "Bea", 400, clock={"initial_s": -1, "increment_s": 0})
    assert clock["error"]["code"] == "bad_options"
    assert challenge(client, ana, "Bea", 404, game="go")["error"]["code"] == "unknown_game"
    guest = client.post("/api/challenge/Bea", json=CHALLENGE)
    assert guest.status_code == 401


def test_a_blocked_player_cannot_challenge_and_neither_can_the_blocker(
    client: TestClient,
) -> None:
    ana, bea = player(client, "Ana"), player(client, "Bea")
    post(client, "/api/rel/block/Ana", bea, 204)
    assert client.get("/api/rel/with/Ana", headers=key(bea)).json() == {
        "following": False, "blocking": True,
    }  # fmt: skip
    assert [b["name"] for b in client.get("/api/rel/blocking", headers=key(bea)).json()] == ["Ana"]
    assert challenge(client, ana, "Bea", 403)["error"]["code"] == "blocked"
    assert challenge(client, bea, "Ana", 403)["error"]["code"] == "blocked"
    post(client, "/api/rel/unblock/Ana", bea, 204)
    assert challenge(client, ana, "Bea")["challenge"]["status"] == "pending"


def test_following_lists_the_games_a_player_plays_now(client: TestClient) -> None:
    ana, bea, caio = player(client, "Ana"), player(client, "Bea"), player(client, "Caio")
    post(client, "/api/rel/follow/Bea", caio, 204)
    assert client.get("/api/rel/following", headers=key(caio)).json() == [
        {"id": bea["id"], "name": "Bea", "bot": False, "playing": []}
    ]
    made = challenge(client, ana, "Bea", seat=0)["challenge"]
    table_id = post(client, f"/api/challenge/{made['id']}/accept", bea)["challenge"]["table"]
    followed = client.get("/api/rel/following", headers=key(caio)).json()
    assert followed[0]["playing"] == [{"table": table_id, "game": "regulator", "seat": 1}]
    post(client, "/api/rel/unfollow/Bea", caio, 204)
    assert client.get("/api/rel/following", headers=key(caio)).json() == []
    # Blocking someone one follows ends the follow.
    post(client, "/api/rel/follow/Ana", caio, 204)
    post(client, "/api/rel/block/Ana", caio, 204)
    assert client.get("/api/rel/following", headers=key(caio)).json() == []


def quick(client: TestClient, who: dict[str, str], name: str) -> dict[str, Any]:
    body = {**CHALLENGE, "name": name}
    reply = client.post("/api/quickplay", json=body, headers=key(who))
    assert reply.status_code == 200, reply.text
    found: dict[str, Any] = reply.json()
    return found


def test_quick_play_never_pairs_a_blocked_pair(client: TestClient) -> None:
    ana, bea, caio = player(client, "Ana"), player(client, "Bea"), player(client, "Caio")
    post(client, "/api/rel/block/Bea", ana, 204)
    seek = quick(client, ana, "Ana")
    other = quick(client, bea, "Bea")  # blocked by Ana: a table of her own
    assert other["table"]["id"] != seek["table"]["id"] and other["seat"] == 0
    third = quick(client, caio, "Caio")  # nobody blocks Caio: he meets the oldest seek
    assert third["table"]["id"] == seek["table"]["id"] and third["seat"] == 1


def test_a_blocked_players_chat_is_hidden_from_the_blocker(client: TestClient) -> None:
    ana, bea = player(client, "Ana"), player(client, "Bea")
    made = challenge(client, ana, "Bea", seat=0)["challenge"]
    answer = post(client, f"/api/challenge/{made['id']}/accept", bea)
    table_id = answer["challenge"]["table"]
    ana_token = client.post(
        f"/api/tables/{table_id}/join", json={"name": ""}, headers=key(ana)
    ).json()["token"]
    bea_says = {"X-Seat-Token": answer["token"]}
    said = client.post(f"/api/tables/{table_id}/commands", headers=bea_says,
                       json={"type": "chat", "text": "before the block"})  # fmt: skip
    assert said.status_code == 200
    post(client, "/api/rel/block/Bea", ana, 204)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello", "token": ana_token, "last_seq": 0,
                      "player_key": ana["X-Player-Key"]})  # fmt: skip
        chats = []
        while (message := receive(ws))["type"] != "view":
            if message["type"] == "event" and message["event"]["kind"] == "chat":
                chats.append(message["event"]["text"])
        client.post(f"/api/tables/{table_id}/commands", headers=bea_says,
                    json={"type": "chat", "text": "after the block"})  # fmt: skip
        ws.send_json({"type": "chat", "text": "mine"})
        while (message := receive(ws))["type"] != "event" or message["event"]["kind"] != "chat":
            pass
        chats.append(message["event"]["text"])
    assert chats == ["mine"]
    # Bea's own view of the table still has every line.
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello", "token": answer["token"], "last_seq": 0})
        seen = []
        while (message := receive(ws))["type"] != "view":
            if message["type"] == "event" and message["event"]["kind"] == "chat":
                seen.append(message["event"]["text"])
    assert seen == ["before the block", "after the block", "mine"]
    # Over HTTP too: the blocker's key leaves Bea's lines out, for everyone else they stay.
    lines = client.get(f"/api/tables/{table_id}/chat", headers=key(ana)).json()["chat"]
    assert [line["text"] for line in lines] == ["mine"]
    events = client.get(f"/api/tables/{table_id}/events", headers=key(ana)).json()["events"]
    assert [e["text"] for e in events if e["kind"] == "chat"] == ["mine"]
    everyone = client.get(f"/api/tables/{table_id}/chat").json()["chat"]
    assert len(everyone) == 3


def test_a_challenged_player_away_from_the_site_is_notified(client: TestClient) -> None:
    told: list[tuple[str, str, str]] = []

    class Notes:  # the notifications' entry point, as N's Notifications.notify
        async def notify(self, player_id: str, kind: str, **more: Any) -> int:
            told.append((player_id, kind, more["once"]))
            return 1

    client.app.state.notifications = Notes()  # type: ignore[attr-defined]
    ana, bea = player(client, "Ana"), player(client, "Bea")
    away = challenge(client, ana, "Bea")["challenge"]
    assert told == [(bea["id"], "challenge", away["id"])]
    watch = Watch(client, bea["id"])
    assert watch.next()["challenge"]["id"] == away["id"]  # Bea is on the site now
    challenge(client, ana, "Bea")
    assert len(told) == 1


def test_a_player_has_at_most_so_many_challenges_waiting(client: TestClient) -> None:
    ana = player(client, "Ana")
    player(client, "Bea")
    made = [challenge(client, ana, "Bea")["challenge"] for _ in range(MAX_PENDING)]
    refused = challenge(client, ana, "Bea", 429)
    assert refused["error"]["code"] == "rate_limited"
    post(client, f"/api/challenge/{made[0]['id']}/cancel", ana)
    assert challenge(client, ana, "Bea")["challenge"]["status"] == "pending"


def test_an_acceptance_that_cannot_make_the_table_may_come_again(client: TestClient) -> None:
    ana, bea = player(client, "Ana"), player(client, "Bea")
    made = challenge(client, ana, "Bea")["challenge"]
    svc = client.app.state.service  # type: ignore[attr-defined]
    create = svc.create

    async def down(*args: Any, **kwargs: Any) -> Any:
        raise TableError(ErrorCode.UNAVAILABLE, "the store is locked")

    svc.create = down
    refused = client.post(f"/api/challenge/{made['id']}/accept", headers=key(bea))
    assert refused.status_code == 503 and refused.json()["error"]["code"] == "unavailable"
    svc.create = create
    again = post(client, f"/api/challenge/{made['id']}/accept", bea)
    assert again["challenge"]["status"] == "accepted" and again["challenge"]["table"]


def test_a_bot_account_is_challenged_by_name_and_accepts_with_its_api_token(
    client: TestClient,
) -> None:
    ana, robo = player(client, "Ana"), player(client, "Robo")
    made = client.post("/api/players/me/tokens", json={"scopes": ["bot:play"]}, headers=key(robo))
    assert made.status_code == 201, made.text
    bearer = {"Authorization": f"Bearer {made.json()['token']}"}
    upgraded = client.post("/api/bot/account/upgrade", headers=bearer)
    assert upgraded.status_code == 200 and upgraded.json()["bot"] is True
    watch = Watch(client, robo["id"])  # what the Bot API's event stream reads
    sent = challenge(client, ana, "Robo", seat=0)["challenge"]
    assert sent["invited"][0]["bot"] is True
    assert watch.next() == {"type": "challenge", "challenge": sent}
    mine = client.get("/api/challenge", headers=bearer).json()
    assert [c["id"] for c in mine["in"]] == [sent["id"]]
    answer = client.post(f"/api/challenge/{sent['id']}/accept", headers=bearer)
    assert answer.status_code == 200, answer.text
    table_id = answer.json()["challenge"]["table"]
    assert seated(client, table_id) == [ana["id"], robo["id"]]
    wrong = client.post(
        "/api/challenge/Ana", json=CHALLENGE, headers={"Authorization": "Bearer nope"}
    )
    assert wrong.status_code == 401
