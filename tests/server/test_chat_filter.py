"""The chat filter an operator edits (REGALIA_CHAT_FILTER, else chat-filter.txt in the data
directory): listed words are masked with asterisks in stored and shown chat, an edit holds
from the next line on, and other words stay as typed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from regalia.server.app import create_app
from regalia.server.config import Settings
from regalia.tables.chatfilter import ChatFilter
from tests.server.helpers import create
from tests.tables.fakes import FakeClock


def chat(client: TestClient, table: str, token: str, text: str) -> None:
    said = client.post(f"/api/tables/{table}/commands", json={"type": "chat", "text": text},
                       headers={"X-Seat-Token": token})  # fmt: skip
    assert said.status_code == 200, said.text


def lines(client: TestClient, table: str) -> list[str]:
    return [line["text"] for line in client.get(f"/api/tables/{table}/chat").json()["chat"]]


def test_listed_words_are_masked_in_stored_and_shown_chat(tmp_path: Path) -> None:
    words = tmp_path / "chat-filter.txt"
    words.write_text("# words this site masks\ndarn\nblast it\n", encoding="utf-8")
    settings = Settings(
        data_dir=tmp_path, bot_workers=1, bot_workers_on_demand=True, bot_seconds=0.5
    )
    with TestClient(create_app(settings, FakeClock())) as client:
        made = create(client, "regulator", [{"kind": "human"}, {"kind": "human"}])
        table, token = made["table"]["id"], made["tokens"][0]["token"]
        chat(client, table, token, "Darn, BLAST  it! darning is fine, you fool")
        assert lines(client, table) == ["****, *****  **! darning is fine, you fool"]
        # The operator adds a word: the next line is masked by it, without a restart.
        words.write_text("darn\nblast it\nfool\n", encoding="utf-8")
        os.utime(words, (1, 1))  # a new modification time even within the same second
        chat(client, table, token, "you fool")
        assert lines(client, table)[-1] == "you ****"
        events = client.get(f"/api/tables/{table}/events").json()["events"]
        said = [e["text"] for e in events if e["kind"] == "chat"]
        assert said == ["****, *****  **! darning is fine, you fool", "you ****"]
    with TestClient(create_app(settings, FakeClock())) as client:  # as stored
        assert lines(client, table) == ["****, *****  **! darning is fine, you fool", "you ****"]


def test_the_filter_file_is_named_by_regalia_chat_filter(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REGALIA_CHAT_FILTER", str(tmp_path / "words.txt"))
    assert Settings.from_env(data_dir=tmp_path).chat_filter == tmp_path / "words.txt"
    monkeypatch.delenv("REGALIA_CHAT_FILTER")
    assert Settings.from_env(data_dir=tmp_path).chat_filter is None
    assert ChatFilter(tmp_path / "missing.txt").mask("darn") == "darn"
