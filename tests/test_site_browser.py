"""The game's website in a real browser (issue 21): headless Chromium
(Debian's `chromium`, driven by Playwright) opens each bundled example's site
from disk, follows the navigation from the index through every phase, and
checks on each page the map (an SVG with hover titles) and the report, with
no broken link, no failed request and no console error; one page per ruleset
is photographed (into `docs/images/` with `MAPJUDGE_SITE_SCREENSHOTS=1`,
`make site-screenshots`).

Without the browser `make test` skips this with how to install it; with
`MAPJUDGE_REQUIRE_BROWSER=1` (as `.ci/run` sets) a missing browser fails."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.cli_runner import run
from tests.test_site import GAMES, WITHOUT_MAP, played

CHROMIUM = Path(os.environ.get("MAPJUDGE_CHROMIUM", "/usr/bin/chromium"))
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
"""Offline and as root, as on the project's machines."""
DOCS_IMAGES = Path(__file__).resolve().parent.parent / "docs" / "images"
SHOT_PHASE = {
    "classic-1901": "1901-fall-movement",
    "machiavelli-1454": "1454-summer-movement",
    "machiavelli-1454-advanced": "1454-fall-movement",
    "cawa-10-players": "1-movement",
    "genes-3-players": "3-actions",
    "orbis-europa-500": "503-medidas",
    "narrativo-commando-raid": "3-turno",
}
"""The page photographed of each example: a phase with orders on its map."""
HOW_TO = (
    "the site's browser test needs Debian's chromium and the playwright package: "
    "`sudo apt-get install chromium` (or `make browser`) and `make test` installs playwright"
)


def browser_missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return HOW_TO
    return None if CHROMIUM.is_file() else HOW_TO


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    missing = browser_missing()
    if missing:
        if os.environ.get("MAPJUDGE_REQUIRE_BROWSER"):
            pytest.fail(f"MAPJUDGE_REQUIRE_BROWSER is set and {missing}")
        pytest.skip(missing)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        yield launched
        launched.close()


@pytest.mark.parametrize("example", GAMES)
def test_the_site_reads_in_a_browser_from_disk(browser: Any, example: str, tmp_path: Path) -> None:
    folder = played(example, tmp_path)
    out = tmp_path / "web"
    assert run("site", folder, out).exit_code == 0
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("requestfailed", lambda r: errors.append(f"failed: {r.url}"))
    page.goto((out / "index.html").as_uri())
    phases = sorted(p.stem for p in (folder / "turns").glob("*.yaml"))
    listed = page.locator("#phases a")
    assert listed.count() == len(phases)
    listed.first.click()
    visited = []
    while True:
        visited.append(Path(page.url).stem)
        assert page.locator("h1").count() == 1
        assert page.locator("#report").count() == 1
        if example not in WITHOUT_MAP:
            assert page.locator("figure.map svg").count() == 1
            assert page.locator("figure.map svg title").count() > 1  # hover titles
        if Path(page.url).stem == SHOT_PHASE[example]:
            shoot(page, example, tmp_path)
        following = page.locator("a#next")
        if not following.count():
            break
        following.click()
    assert sorted(visited) == phases and len(set(visited)) == len(visited)
    if len(visited) > 1:  # the one script: the arrow keys go back and forth
        with page.expect_navigation():
            page.keyboard.press("ArrowLeft")
        assert Path(page.url).stem == visited[-2]
    assert errors == []
    page.close()


def shoot(page: Any, example: str, tmp_path: Path) -> None:
    """A screenshot of the page: into docs/images when asked, else a scratch file."""
    shot = tmp_path / f"site-{example}.png"
    page.screenshot(path=str(shot))
    assert shot.stat().st_size > 10_000
    if os.environ.get("MAPJUDGE_SITE_SCREENSHOTS"):
        shutil.copyfile(shot, DOCS_IMAGES / f"site-{example}.png")
