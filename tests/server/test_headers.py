"""Browser security headers on every kind of answer, and pages that need no inline code.

The browser tests (tests/web) fail on any console error, a CSP violation among them, so they
prove the web client runs under this policy."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from regalia.server.config import WEB_DIR

EXPECTED = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


def _policy(header: str) -> dict[str, list[str]]:
    directives = (part.split() for part in header.split(";") if part.strip())
    return {name: values for name, *values in directives}


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    answers = [
        client.get("/"),  # the page
        client.get("/js/app.js"),  # a static file
        client.get("/api/games"),  # the API
        client.get("/api/no-such-thing"),  # an error
        client.post("/api/replays", content=b"x" * (5 << 20)),  # refused before any work
    ]
    assert [a.status_code for a in answers] == [200, 200, 200, 404, 413]
    for answer in answers:
        for name, value in EXPECTED.items():
            assert answer.headers.get(name) == value, (answer.url, name)
        policy = _policy(answer.headers["content-security-policy"])
        assert policy["script-src"] == ["'self'"]  # no inline script, no other origin
        assert policy["style-src"] == ["'self'"]
        assert policy["frame-ancestors"] == ["'none'"]
        assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'none'"]
        assert policy["default-src"] == ["'self'"]


def test_only_the_api_pages_may_run_their_cdn_script(client: TestClient) -> None:
    docs = client.get("/docs")
    assert docs.status_code == 200
    policy = _policy(docs.headers["content-security-policy"])
    assert "https://cdn.jsdelivr.net" in policy["script-src"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert docs.headers["x-frame-options"] == "DENY"


def test_the_web_pages_have_no_inline_script_or_style() -> None:
    pages = sorted(Path(WEB_DIR).rglob("*.html"))
    assert len(pages) >= 7  # the client and the rules pages
    for page in pages:
        text = page.read_text()
        for tag in re.findall(r"<script\b[^>]*>", text, re.I):
            assert "src=" in tag, (page.name, tag)  # a script from a file, never inline
        assert not re.search(r"<style\b", text, re.I), page.name
        assert not re.search(r"\sstyle\s*=", text, re.I), page.name
        assert not re.search(r"\son[a-z]+\s*=", text, re.I), page.name  # no onclick=…
        assert "javascript:" not in text.lower(), page.name
