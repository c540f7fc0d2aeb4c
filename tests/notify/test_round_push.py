"""A tournament round's game is ready: each person seated at it gets a push (and only one,
however often the director steps), in their language; a challenge's push is written in the
invitee's language too."""

from __future__ import annotations

from regalia.notify import texts
from tests.notify.conftest import PUBLIC, Site
from tests.notify.test_push import key, player, subscribe


def test_a_round_s_push_tells_each_person_their_game_once(site: Site) -> None:
    client = site.client
    made = client.post("/api/tournaments", json={
        "game": "regulator", "format": "swiss", "rounds": 1, "name": "Club night",
        "entrants": [{"kind": "bot", "level": "random"}],
    }).json()  # fmt: skip
    tid = made["tournament"]["id"]
    gil = player(client, "Gil")
    subscribe(site, gil, "gil-phone")
    assert client.post(f"/api/tournaments/{tid}/join", headers=key(gil)).status_code == 200
    started = client.post(f"/api/tournaments/{tid}/start",
                          headers={"X-Organiser-Token": made["organiser_token"]})  # fmt: skip
    assert started.status_code == 200, started.text
    table = started.json()["rounds"][0]["tables"][0]["table"]
    assert site.deliver() == 1
    (push,) = site.push.pushes
    assert push.name == "gil-phone" and push.payload["kind"] == "tournament"
    assert push.payload["title"] == "Tournament"
    assert push.payload["body"] == (
        "Round 1 of Club night has begun: your game of Regulator Chess is ready."
    )
    assert push.payload["url"] == f"{PUBLIC}/#/t/{table}"
    assert push.headers["Urgency"] == "high"
    director = client.app.state.tournaments  # type: ignore[attr-defined]
    client.portal.call(director.step, tid)  # type: ignore[union-attr]
    client.portal.call(director.step, tid)  # type: ignore[union-attr]
    assert site.deliver() == 0 and len(site.push.pushes) == 1


def test_round_and_challenge_texts_in_both_languages() -> None:
    ready = {"game": "regulator", "tournament": "Noite do clube", "round": 2}
    assert texts.push("tournament", ready, "pt-BR") == (
        "Torneio",
        "A rodada 2 de Noite do clube começou: sua partida de Regulator Chess está pronta.",
    )
    unnamed = {"game": "regulator", "round": 1}
    assert texts.push("tournament", unnamed, "en")[1] == (
        "A tournament round has begun: your game of Regulator Chess is ready."
    )
    subject, body = texts.mail("tournament", ready | {"link": "#/t/abc"}, "en",
                               lambda path: f"{PUBLIC}{path}", None)  # fmt: skip
    assert subject == "Your tournament game of Regulator Chess is ready"
    assert body.endswith(f"is ready: {PUBLIC}/#/t/abc")
    asked = {"game": "regulator", "challenger": "Ana"}
    assert texts.push("challenge", asked, "pt-BR") == (
        "Desafio",
        "Ana desafia você para uma partida de Regulator Chess.",
    )
    assert texts.push("challenge", asked, "en") == (
        "Challenge",
        "Ana challenges you to Regulator Chess.",
    )
