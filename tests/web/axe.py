"""axe-core in the browser tests: fetched from npm once into a cache under the venv (never
committed), then evaluated in the page (CDP evaluation, which the page's CSP does not block).

`violations(page)` runs axe's default rules (WCAG 2.x A/AA and best practices) and
`EXTRA_RULES` over the whole page and returns the violations of impact moderate or worse, each
as one line a failing test prints: rule, impact, and the first nodes' selectors with axe's
summary. axe sets inline styles while it measures, which the page's CSP refuses (and the other
browser tests prove the page itself needs none): `axe_page` is a page whose context bypasses
the CSP, failing the test on a JavaScript error as the other pages do.
"""

from __future__ import annotations

import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

VERSION = "4.10.3"  # pinned: a new release brings new rules, which is a change of its own
CACHE = Path(__file__).resolve().parents[2] / ".venv" / "npm-cache" / f"axe-core-{VERSION}"
SEVERE = ("critical", "serious", "moderate")
# Beyond the default rules: a control's name must contain the words it shows (WCAG 2.5.3),
# an experimental rule in this release.
EXTRA_RULES = {"label-content-name-mismatch": {"enabled": True}}


@cache
def source() -> str:
    """axe.min.js of `VERSION`, from the cache or from npm (`npm pack`)."""
    script = CACHE / "axe.min.js"
    if not script.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.skip("npm is not installed: axe-core cannot be fetched")
        with tempfile.TemporaryDirectory() as folder:
            subprocess.run(
                [npm, "pack", f"axe-core@{VERSION}", "--pack-destination", folder, "--silent"],
                check=True,
                capture_output=True,
                timeout=300,
            )
            with tarfile.open(next(Path(folder).glob("axe-core-*.tgz"))) as archive:
                member = archive.extractfile("package/axe.min.js")
                assert member is not None
                CACHE.mkdir(parents=True, exist_ok=True)
                script.write_bytes(member.read())
    return script.read_text(encoding="utf-8")


def violations(page: Page) -> list[str]:
    """axe's violations of impact moderate or worse on `page` as it is now."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(source())
    found: list[dict[str, Any]] = page.evaluate(
        "async (rules) => (await axe.run(document, { resultTypes: ['violations'], rules }))"
        ".violations",
        EXTRA_RULES,
    )
    lines = []
    for v in found:
        if v.get("impact") not in SEVERE:
            continue
        nodes = "; ".join(
            f"{' '.join(n['target'][0] if isinstance(n['target'][0], list) else n['target'])}"
            f" ({n.get('failureSummary', '').splitlines()[-1].strip()})"
            for n in v["nodes"][:3]
        )
        lines.append(f"{v['id']} [{v['impact']}] x{len(v['nodes'])}: {nodes}")
    return lines


def counts(page: Page) -> dict[str, int]:
    """How many violations of each impact (moderate or worse) the page has."""
    out = dict.fromkeys(SEVERE, 0)
    for line in violations(page):
        impact = line.split("[", 1)[1].split("]", 1)[0]
        out[impact] += 1
    return out


@contextmanager
def axe_page(
    browser: Browser, server: str, size: tuple[int, int], locale: str | None = None
) -> Iterator[Page]:
    """A fresh page that axe can measure (its CSP bypassed), quiet, failing on page errors."""
    width, height = size
    context = browser.new_context(
        base_url=server,
        viewport={"width": width, "height": height},
        locale=locale,
        bypass_csp=True,
    )
    context.add_init_script(
        "if (localStorage.getItem('regalia.sound') === null)"
        " localStorage.setItem('regalia.sound', 'off');"
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_default_timeout(15_000)
    try:
        yield page
    finally:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
