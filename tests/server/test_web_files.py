"""The front end's files: compressed, revalidated by ETag, and the page preloads its modules."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

from fastapi.testclient import TestClient

from regalia.server.config import WEB_DIR
from regalia.server.web_files import module_graph


def test_static_files_are_gzipped_with_an_etag_and_revalidated(client: TestClient) -> None:
    plain = client.get("/js/lobby.js", headers={"accept-encoding": "identity"})
    zipped = client.get("/js/lobby.js", headers={"accept-encoding": "gzip, br"})
    assert plain.status_code == zipped.status_code == 200
    assert "content-encoding" not in plain.headers
    assert zipped.headers["content-encoding"] == "gzip"
    assert zipped.headers["vary"] == "Accept-Encoding"
    assert zipped.headers["content-type"].startswith(("text/javascript", "application/javascript"))
    # httpx undoes the gzip: the same bytes as the file, fewer on the wire.
    source = (WEB_DIR / "js/lobby.js").read_bytes()
    assert zipped.content == plain.content == source
    assert int(zipped.headers["content-length"]) < len(source) / 2
    assert len(gzip.compress(source)) >= int(zipped.headers["content-length"]) * 0.9
    etag = zipped.headers["etag"]
    assert etag == plain.headers["etag"] and zipped.headers["cache-control"] == "no-cache"
    again = client.get("/js/lobby.js", headers={"if-none-match": etag})
    assert again.status_code == 304 and again.content == b""
    assert again.headers["etag"] == etag
    # A folder gives its page, a HEAD no body, a missing file or a way out of the folder 404.
    assert client.get("/").headers["content-type"].startswith("text/html")
    head = client.head("/css/app.css")
    assert head.status_code == 200 and head.content == b""
    assert client.get("/js/no-such.js").status_code == 404
    assert client.get("/../pyproject.toml").status_code == 404
    assert client.get("/js/%2e%2e/%2e%2e/server/app.py").status_code == 404


def test_the_page_preloads_every_module_app_js_imports(client: TestClient) -> None:
    page = client.get("/").text
    version = re.search(r'<script type="module" src="v/([0-9a-f]{12})/js/app.js">', page)
    assert version, page
    prefix = f"v/{version[1]}/"
    preloaded = re.findall(r'<link rel="modulepreload" href="([^"]+)">', page)
    graph = module_graph(WEB_DIR)
    assert preloaded == [prefix + module for module in graph]
    assert f'<link rel="stylesheet" href="{prefix}css/app.css">' in page
    # The whole static graph: the lobby, the table and what they import, never a board
    # (those load when a table opens) and never app.js itself (the page's own script).
    assert {"js/lobby.js", "js/table.js", "js/dom.js", "js/i18n.js", "js/protocol.js"} <= set(graph)
    assert "js/app.js" not in graph and "js/boards/regicide.js" not in graph
    for module in preloaded:
        assert client.get(f"/{module}").status_code == 200, module


def test_versioned_paths_are_cached_for_good_and_the_rest_revalidated(
    client: TestClient,
) -> None:
    page = client.get("/")
    assert page.headers["cache-control"] == "no-cache"
    version = re.search(r'src="v/([0-9a-f]{12})/js/app.js"', page.text)
    assert version
    current = client.get(f"/v/{version[1]}/js/store.js")
    plain = client.get("/js/store.js")
    old = client.get("/v/000000000000/js/store.js")
    assert current.content == plain.content == old.content == (WEB_DIR / "js/store.js").read_bytes()
    assert current.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert plain.headers["cache-control"] == old.headers["cache-control"] == "no-cache"
    # Only the versioned folders: nothing else is reached through the prefix.
    assert client.get(f"/v/{version[1]}/index.html").status_code == 404
    assert client.get(f"/v/{version[1]}/../pyproject.toml").status_code == 404


def test_the_module_graph_follows_imports_of_every_shape(tmp_path: Path) -> None:
    js = tmp_path / "js"
    (js / "sub").mkdir(parents=True)
    (js / "app.js").write_text(
        'import { a } from "./a.js";\nimport "./side.js";\n'
        'import {\n  b,\n  c,\n} from "./sub/b.js";\n'
        'const lazy = () => import("./lazy.js");\n'
    )
    (js / "a.js").write_text('export { x } from "./sub/b.js";\nexport const a = 1;\n')
    (js / "side.js").write_text("")
    (js / "sub" / "b.js").write_text('import { a } from "../a.js";\nexport const b = 2;\n')
    assert module_graph(tmp_path) == ["js/a.js", "js/side.js", "js/sub/b.js"]
