"""The catalogues for the browser: every sentence the pages and the server may show, with
its translation (templates keep their `{0}` slots; the page fills them as the server does)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from regalia.i18n import LANGUAGES, catalogue, negotiate
from regalia.server.errors import ERRORS

router = APIRouter(prefix="/api", responses=ERRORS)


@router.get("/i18n")
async def languages() -> dict[str, Any]:
    return {"languages": list(LANGUAGES), "source": LANGUAGES[0]}


@router.get("/i18n/{lang}")
async def translations(lang: str) -> dict[str, Any]:
    """`{lang, messages: {english: translation}}`; an unknown language gets English."""
    chosen = negotiate(lang[:16])
    return {"lang": chosen, "messages": catalogue(chosen).to_json()}
