"""The web front end's files: gzip-compressed once, cached for good under a versioned path,
modules preloaded.

A file is read, hashed and compressed the first time it is asked for and again only when it
changes on disk (its size or time), so an answer costs a `stat`. A client that accepts gzip
gets the compressed bytes (`Vary: Accept-Encoding`); every answer carries a strong `ETag`.

`index.html` (always revalidated: `Cache-Control: no-cache`) loads the scripts and styles
from `v/<version>/…`, the version a hash of every file's name, size and time under `js/` and
`css/`. Modules import each other by relative paths, so the whole graph resolves under that
prefix, and those answers are `immutable` for a year: a later visit asks only for the page,
and a changed file changes the version. The plain paths (`/js/app.js`, the rules pages' `../`
links) serve the same files, revalidated each time; an old version's path serves today's file
the same way. The page also gets one `<link rel="modulepreload">` per module of `js/app.js`'s
static import graph, read from the modules' `import … from` lines: the browser fetches the
whole graph at once instead of discovering it one import level at a time.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import mimetypes
import os
import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Receive, Scope, Send

ENTRY = "js/app.js"
VERSIONED = ("js", "css")  # the folders under the version prefix
FOR_GOOD = b"public, max-age=31536000, immutable"
# Static imports and re-exports: `import … from "./x.js"`, `import "./x.js"`, `export … from`.
IMPORT = re.compile(
    r"""^\s*(?:import|export)\b[^"'`;]*?(?:\bfrom\s*)?["'](\.{1,2}/[^"']+)["']""", re.M
)
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "image/svg+xml")
MIN_GZIP = 256  # below this, gzip's own header and the request's overhead win nothing


@dataclass(frozen=True, slots=True)
class _File:
    key: tuple[int, int, str]  # (size, mtime_ns, version) the bytes below were read at
    media_type: str
    etag: str
    body: bytes
    gzipped: bytes | None


def module_graph(root: Path, entry: str = ENTRY) -> list[str]:
    """Every module `entry` imports statically, directly or not, as paths under `root`, in
    the order first met; the entry itself is not listed."""
    seen: list[str] = []
    pending = [entry]
    while pending:
        current = pending.pop()
        try:
            text = (root / current).read_text(encoding="utf-8")
        except OSError:
            continue
        found = []
        for spec in IMPORT.findall(text):
            path = os.path.normpath(PurePosixPath(current).parent / spec).replace(os.sep, "/")
            if path != entry and path not in seen and not path.startswith(".."):
                seen.append(path)
                found.append(path)
        pending.extend(reversed(found))
    return seen


def with_preloads(page: str, modules: list[str], prefix: str = "") -> str:
    """`page` (index.html) with its scripts and stylesheets under `prefix` (`v/<version>/`)
    and a modulepreload link per module just before `</head>`."""
    for folder in VERSIONED:
        for attribute in ("src", "href"):
            page = page.replace(f'{attribute}="{folder}/', f'{attribute}="{prefix}{folder}/')
    links = "".join(f'  <link rel="modulepreload" href="{prefix}{m}">\n' for m in modules)
    return page.replace("</head>", links + "</head>", 1)


class WebFiles:
    """An ASGI app serving `root`'s files (GET and HEAD; `/` and a folder give its
    index.html), or raises a 404 (the app answers its JSON error shape) for what is not a
    file under it or is an /api path no route matched."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self.files: dict[Path, _File] = {}
        self.version = ""  # of the files as index.html last named them

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        assert scope["type"] == "http"
        url_path = str(scope.get("path", "/"))
        if url_path == "/api" or url_path.startswith("/api/"):
            # No route matched: the app's handler answers the API's JSON error shape.
            raise HTTPException(404, "no such route")
        if scope["method"] not in ("GET", "HEAD"):
            await _answer(send, 405, [(b"allow", b"GET, HEAD")], b"Method Not Allowed")
            return
        cache = b"no-cache"
        parts = url_path.split("/", 3)  # "", "v", version, the rest
        if len(parts) == 4 and parts[1] == "v" and parts[3].split("/", 1)[0] in VERSIONED:
            if not self.version:
                self.version = self._version()
            url_path = "/" + parts[3]
            if parts[2] == self.version:
                cache = FOR_GOOD
        path = self._resolve(url_path)
        entry = self._load(path) if path is not None else None
        if entry is None:
            raise HTTPException(404, "no such file")  # the JSON error shape, as every 404
        headers = {k.lower(): v for k, v in scope.get("headers", [])}
        common = [
            (b"etag", entry.etag.encode()),
            (b"cache-control", cache),
            (b"vary", b"Accept-Encoding"),
        ]
        if entry.etag in headers.get(b"if-none-match", b"").decode("latin-1"):
            await _answer(send, 304, common, b"")
            return
        body = entry.body
        extra = []
        if entry.gzipped is not None and b"gzip" in headers.get(b"accept-encoding", b""):
            body = entry.gzipped
            extra.append((b"content-encoding", b"gzip"))
        await _answer(
            send,
            200,
            [*common, *extra, (b"content-type", entry.media_type.encode())],
            body,
            head=scope["method"] == "HEAD",
        )

    def _resolve(self, url_path: str) -> Path | None:
        relative = url_path.lstrip("/")
        candidate = (self.root / relative).resolve()
        if candidate != self.root and self.root not in candidate.parents:
            return None  # outside the folder (`..`)
        if candidate.is_dir():
            candidate = candidate / "index.html"
        return candidate if candidate.is_file() else None

    def _load(self, path: Path) -> _File | None:
        try:
            stat = path.stat()
        except OSError:
            return None
        page = path == self.root / "index.html"
        version = ""
        if page:  # the page names the version and the graph: any module's change makes it anew
            version = self.version = self._version()
        key = (stat.st_size, stat.st_mtime_ns, version)
        known = self.files.get(path)
        if known is not None and known.key == key:
            return known
        body = path.read_bytes()
        if page:
            prefix = f"v/{version}/"
            body = with_preloads(body.decode("utf-8"), module_graph(self.root), prefix).encode()
        media_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        if media_type.startswith("text/") or media_type == "application/javascript":
            media_type += "; charset=utf-8"
        zipped = None
        if len(body) >= MIN_GZIP and media_type.startswith(COMPRESSIBLE):
            zipped = gzip.compress(body, compresslevel=9, mtime=0)
        etag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'
        entry = _File(key, media_type, etag, body, zipped)
        self.files[path] = entry
        return entry

    def _version(self) -> str:
        """The versioned folders' version: a hash of each file's path, size and time."""
        digest = hashlib.sha256()
        for folder in VERSIONED:
            for file in sorted((self.root / folder).rglob("*")):
                with contextlib.suppress(OSError):  # deleted since the listing
                    stat = file.stat()
                    if file.is_file():
                        name = file.relative_to(self.root).as_posix()
                        digest.update(f"{name}:{stat.st_size}:{stat.st_mtime_ns}\n".encode())
        return digest.hexdigest()[:12]


class StaticFirst:
    """Answers a request for one of the front end's files before the router sees it: the
    router tries every API route first (about 5 ms a request on this machine), which made
    a page's ~70 module and image requests the slowest part of its load. What is not a file
    (a missing one, an /api path) goes on to the app, whose fallback answers as before."""

    def __init__(self, app: ASGIApp, files: WebFiles) -> None:
        self.app = app
        self.files = files
        # The first path segments the front end owns: its top-level names, and the version.
        self.owned = {entry.name for entry in files.root.iterdir()} | {"v", ""}
        self.owned.discard("api")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in ("GET", "HEAD"):
            first = str(scope.get("path", "/")).lstrip("/").split("/", 1)[0]
            if first in self.owned:
                try:
                    await self.files(scope, receive, send)
                    return
                except HTTPException:  # not a file (nothing was sent yet): the app answers
                    pass
        await self.app(scope, receive, send)


async def _answer(
    send: Send, status: int, headers: list[tuple[bytes, bytes]], body: bytes, head: bool = False
) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [*headers, (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": b"" if head else body})
