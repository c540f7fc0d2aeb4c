"""Notification preferences: what they refuse, quiet hours in the player's own time zone
(a push made during them waits for their end), and events or channels turned off."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from regalia.notify import prefs
from regalia.tables.errors import TableError
from tests.notify.conftest import Site
from tests.notify.test_push import key, play, player, subscribe, turn_based
from tests.server.test_online import advance


def at(text: str, zone: str) -> float:
    return dt.datetime.fromisoformat(text).replace(tzinfo=ZoneInfo(zone)).timestamp()


def test_quiet_hours_end_in_the_player_s_zone_across_midnight() -> None:
    quiet = prefs.read({"quiet": {"start": "22:00", "end": "07:30", "tz": "America/Sao_Paulo"}})
    zone = "America/Sao_Paulo"
    assert quiet.after_quiet(at("2026-12-02 21:59", zone)) == at("2026-12-02 21:59", zone)
    assert quiet.after_quiet(at("2026-12-02 23:10", zone)) == at("2026-12-03 07:30", zone)
    assert quiet.after_quiet(at("2026-12-03 03:00", zone)) == at("2026-12-03 07:30", zone)
    assert quiet.after_quiet(at("2026-12-03 07:30", zone)) == at("2026-12-03 07:30", zone)
    day = prefs.read({"quiet": {"start": "13:00", "end": "14:00", "tz": "Asia/Tokyo"}})
    assert day.after_quiet(at("2026-12-02 13:20", "Asia/Tokyo")) == at(
        "2026-12-02 14:00", "Asia/Tokyo"
    )


@pytest.mark.parametrize("bad", [
    {"events": {"weather": True}}, {"channels": {"sms": True}}, {"language": "fr"},
    {"quiet": {"start": "25:00", "end": "07:00", "tz": "UTC"}},
    {"quiet": {"start": "7", "end": "07:00", "tz": "UTC"}},
    {"quiet": {"start": "22:00", "end": "07:00", "tz": "Mars/Olympus"}}, {"tz": "../etc"},
])  # fmt: skip
def test_unknown_preferences_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(TableError) as refused:
        prefs.read(bad)
    assert refused.value.code == "bad_prefs"


def test_a_push_made_in_quiet_hours_waits_for_their_end(site: Site) -> None:
    eva, fred = player(site.client, "Eva"), player(site.client, "Fred")
    subscribe(site, fred, "fred")
    now = dt.datetime.fromtimestamp(site.clock.now(), ZoneInfo("UTC"))
    start, end = now - dt.timedelta(hours=1), now + dt.timedelta(hours=2)
    quiet = {"start": start.strftime("%H:%M"), "end": end.strftime("%H:%M"), "tz": "UTC"}
    reply = site.client.put("/api/players/me/notifications", headers=key(fred),
                            json={"quiet": quiet})  # fmt: skip
    assert reply.status_code == 200, reply.text
    bad = site.client.put("/api/players/me/notifications", headers=key(fred),
                          json={"quiet": {"start": "x", "end": "07:00"}})  # fmt: skip
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_prefs"
    table, tokens = turn_based(site.client, eva, fred)
    play(site.client, table, tokens[0])
    assert site.deliver() == 0
    advance(site.client, 3600)
    assert site.deliver() == 0  # still quiet
    advance(site.client, 3600 + 60)
    assert site.deliver() == 1 and site.push.pushes[0].payload["kind"] == "turn"


def test_an_event_or_a_channel_turned_off_sends_nothing(site: Site) -> None:
    eva, fred = player(site.client, "Eva"), player(site.client, "Fred")
    subscribe(site, fred, "fred")
    site.client.put("/api/players/me/notifications", headers=key(fred),
                    json={"events": {"turn": False}})  # fmt: skip
    table, tokens = turn_based(site.client, eva, fred)
    play(site.client, table, tokens[0])
    site.client.put("/api/players/me/notifications", headers=key(fred),
                    json={"events": {"turn": True}, "channels": {"push": False}})  # fmt: skip
    play(site.client, table, tokens[1])
    play(site.client, table, tokens[0])
    assert site.deliver() == 0 and not site.push.pushes
    assert site.rows(fred["id"]) == []
