"""The front end is served at / ; API paths keep their JSON errors."""

from fastapi.testclient import TestClient


def test_root_serves_the_front_end_or_a_pointer(client: TestClient) -> None:
    root = client.get("/")
    assert root.status_code == 200
    if root.headers["content-type"].startswith("application/json"):
        assert root.json()["api"] == "/api"
    else:
        assert "<html" in root.text.lower()
    assert client.get("/openapi.json").json()["info"]["title"] == "Regalia"


def test_api_paths_answer_in_json(client: TestClient) -> None:
    assert client.get("/api/no-such-thing").json()["error"]["code"] == "not_found"
    posted = client.post("/api/no-such-thing", json={})  # not the front end's 405
    assert posted.status_code == 404 and posted.json()["error"]["code"] == "not_found"
    assert client.get("/js/no-such.js").json()["error"]["code"] == "not_found"
    wrong = client.get("/api/replays")
    assert wrong.status_code == 405 and wrong.headers["allow"] == "POST"
