"""The installable app and notifications in Chromium: the manifest and icons pass
Chromium's own installability check, the offline page shows without the network, a push the
server sent (received and decrypted by the local push service) reaches a second browser
context's service worker, which shows it, and the settings page keeps its choices in both
languages."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from tests.notify.services import MailSink, PushService
from tests.web.conftest import CHROMIUM, _free_port, _wait_healthy

pytestmark = pytest.mark.browser


class Site:
    def __init__(self, url: str, push: PushService) -> None:
        self.url, self.push = url, push

    def call(self, method: str, path: str, body: Any = None, key: str | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if key:
            request.add_header("X-Player-Key", key)
        with urllib.request.urlopen(request, timeout=10) as answer:
            text = answer.read()
        return json.loads(text) if text else None


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """A server of its own: pushes allowed to the local push service, mail to aiosmtpd."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (make system-deps)")
    data = tmp_path_factory.mktemp("regalia-notify")
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    with PushService() as push, MailSink() as mail:
        env = {**os.environ, "REGALIA_DATA_DIR": str(data), "REGALIA_BOT_WORKERS": "1",
               "REGALIA_PUSH_ALLOWED_HOSTS": push.allowed, "REGALIA_SMTP_URL": mail.url,
               "REGALIA_PUBLIC_URL": url, "REGALIA_CREATE_BURST": "100000",
               "REGALIA_WRITE_BURST": "100000"}  # fmt: skip
        log = data / "server.log"
        command = [sys.executable, "-m", "regalia", "serve", "--host", "127.0.0.1",
                   "--port", str(port), "--data-dir", str(data)]  # fmt: skip
        with log.open("wb") as out:
            proc = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
        try:
            _wait_healthy(url, proc, log)
            yield Site(url, push)
        finally:
            proc.terminate()
            proc.wait(timeout=10)


def signed_in(
    browser: Browser, site: Site, who: dict[str, Any], locale: str = "en"
) -> BrowserContext:
    context = browser.new_context(base_url=site.url, locale=locale)
    player = {"id": who["id"], "name": who["name"], "key": who["player_key"], "hasPassword": False}
    # On the tab's first page only: a reload keeps whoever the page has signed in since.
    context.add_init_script(
        "if (!sessionStorage.getItem('signed-in')) {"
        f" localStorage.setItem('regalia.player', {json.dumps(json.dumps(player))});"
        " sessionStorage.setItem('signed-in', '1'); }"
    )
    return context


def test_the_site_is_installable_and_opens_offline(browser: Browser, site: Site) -> None:
    context = browser.new_context(base_url=site.url)
    page = context.new_page()
    page.goto("/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    manifest = page.evaluate("fetch('/manifest.webmanifest').then(r => r.json())")
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    assert {i["sizes"] for i in manifest["icons"]} == {"192x192", "512x512"}
    cdp = context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # Chromium's own installability criteria; a test's browser context is a private window
    # (`in-incognito`), which says nothing of the site.
    assert [e for e in errors if e["errorId"] != "in-incognito"] == [], errors
    context.set_offline(True)
    page.reload()
    expect(page.get_by_role("heading", name="You are offline")).to_be_visible()
    expect(page.get_by_role("button", name="Try again")).to_be_visible()
    context.close()


def test_a_push_from_the_server_reaches_a_second_context_s_service_worker(
    browser: Browser, site: Site
) -> None:
    eva = site.call("POST", "/api/players", {"name": "EvaPush"})
    fred = site.call("POST", "/api/players", {"name": "FredPush"})
    # Fred's phone: a second browser context with its own service worker.
    context = signed_in(browser, site, fred)
    context.grant_permissions(["notifications"], origin=site.url)
    page = context.new_page()
    page.goto("/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    (worker,) = context.service_workers
    worker.evaluate("""() => {
        self.shown = [];
        const show = self.registration.showNotification.bind(self.registration);
        self.registration.showNotification = (title, options) => {
            self.shown.push({ title, ...options });
            return show(title, options);
        };
    }""")
    # Headless Chromium has no push service: the local one stands in for it (it holds the
    # subscription's keys, as a browser's push service does).
    phone = {"subscription": site.push.subscription("fred-phone")}
    site.call("POST", "/api/players/me/push", phone, fred["player_key"])
    site.push.received.clear()
    table = site.call("POST", "/api/tables", {"game": "regulator", "seats": [{"kind": "human"}] * 2,
                                               "clock": {"days_per_move": 1}})  # fmt: skip
    tokens = sorted(table["tokens"], key=lambda t: t["seat"])
    for who, token in zip((eva, fred), tokens, strict=True):
        request = urllib.request.Request(f"{site.url}/api/tables/{table['table']['id']}/join",
                                         data=b"{}", method="POST")  # fmt: skip
        request.add_header("Content-Type", "application/json")
        request.add_header("X-Seat-Token", token["token"])
        request.add_header("X-Player-Key", who["player_key"])
        urllib.request.urlopen(request, timeout=10).read()
    table_id = table["table"]["id"]
    view = _get(site, f"/api/tables/{table_id}/view", tokens[0]["token"])
    _post(site, f"/api/tables/{table_id}/commands", tokens[0]["token"],
          {"type": "action", "action": view["legal"][0]["action"], "seq": view["seq"]})  # fmt: skip
    assert site.push.received.wait(20), "the server sent no push"
    (push,) = [p for p in site.push.pushes if p.name == "fred-phone"]
    assert push.payload["kind"] == "turn" and push.vapid_ok
    # The decrypted payload goes to the worker as its push event (headless Chromium has no
    # push service to deliver one; the event's waitUntil is the worker's own promise).
    shown = worker.evaluate(
        """(data) => {
        const event = new PushEvent("push", { data });
        const waits = [];
        Object.defineProperty(event, "waitUntil", { value: (p) => waits.push(p) });
        self.dispatchEvent(event);
        return Promise.all(waits).then(() => self.shown);
    }""",
        json.dumps(push.payload),
    )
    assert shown and shown[0]["title"] == "Your turn"
    assert shown[0]["body"] == "It is your turn in Regulator Chess."
    assert shown[0]["data"]["url"] == f"{site.url}/#/t/{table_id}"
    assert shown[0]["tag"] == table_id
    context.close()


def _get(site: Site, path: str, token: str) -> Any:
    request = urllib.request.Request(site.url + path)
    request.add_header("X-Seat-Token", token)
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def _post(site: Site, path: str, token: str, body: Any) -> Any:
    request = urllib.request.Request(site.url + path, data=json.dumps(body).encode(), method="POST")
    request.add_header("Content-Type", "application/json")
    request.add_header("X-Seat-Token", token)
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def test_the_settings_page_keeps_the_player_s_choices(
    browser: Browser, site: Site, artifacts: Path
) -> None:
    # One page: Gil's settings in English, then (the header's switch) Gia's in Portuguese. A
    # player of each language: a confirmation mail waits a minute before the next one.
    players = {"en": site.call("POST", "/api/players", {"name": "Gil"}),
               "pt-BR": site.call("POST", "/api/players", {"name": "Gia"})}  # fmt: skip
    context = signed_in(browser, site, players["en"], "en")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto("/#/settings")
    for locale, gil in players.items():
        pt = locale == "pt-BR"
        if pt:
            player = {"id": gil["id"], "name": gil["name"], "key": gil["player_key"],
                      "hasPassword": False}  # fmt: skip
            page.evaluate("p => localStorage.setItem('regalia.player', p)", json.dumps(player))
            page.locator(".lang-select").select_option(locale)
            expect(page.locator("html")).to_have_attribute("lang", locale)
        expect(
            page.get_by_role("heading", name="Notificações" if pt else "Notifications")
        ).to_be_visible()
        page.locator("input[name=event-game_over]").uncheck()
        page.locator("input[name=quiet]").check()
        page.locator("input[name=quiet-start]").fill("23:30")
        page.locator("input[name=quiet-end]").fill("07:15")
        page.locator("select[name=tz]").select_option("America/Sao_Paulo")
        page.locator("input[name=digest]").check()
        page.get_by_role("button", name="Salvar" if pt else "Save").click()
        expect(page.locator(".settings-status")).to_have_text("Salvo." if pt else "Saved.")
        page.screenshot(path=str(artifacts / f"settings-{locale}.png"), full_page=True)
        prefs = site.call("GET", "/api/players/me/notifications", key=gil["player_key"])["prefs"]
        assert prefs["events"] == {
            "turn": True,
            "game_over": False,
            "challenge": True,
            "tournament": True,
        }
        assert prefs["quiet"] == {"start": "23:30", "end": "07:15", "tz": "America/Sao_Paulo"}
        assert prefs["digest"] is True and prefs["language"] == locale
        page.reload()
        expect(page.locator("input[name=event-game_over]")).not_to_be_checked()
        expect(page.locator("input[name=quiet-start]")).to_have_value("23:30")
        email = f"{gil['name'].lower()}@example.org"
        page.locator("input[name=email]").fill(email)
        page.get_by_role(
            "button", name="Enviar um link de confirmação" if pt else "Send a confirmation link"
        ).click()
        expect(page.locator(".settings-status")).to_contain_text(email)
    context.close()
    assert not errors, errors
