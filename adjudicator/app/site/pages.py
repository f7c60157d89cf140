"""The website's files: `index.html`, a page per phase, `site.css`, written
from the Jinja2 templates beside this module (autoescaped: a report or a name
is text, never markup). Plain HTML and CSS that work from `file://`; the only
script is an optional one for the arrow keys (previous and next phase), and
every page reads without it. Written into a fresh folder, then moved into
place, so an interrupted run leaves the old site whole.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup

from adjudicator.app.site.story import PhasePage, Story
from texts import _
from texts.current import current_language

STYLE = "site.css"


def page_name(page: PhasePage) -> str:
    return f"{page.phase}.html"


def words() -> Mapping[str, str]:
    """The site's own words, in the current language."""
    return {
        "game": _("Game"),
        "ruleset": _("Ruleset"),
        "map": _("Map"),
        "powers": _("Powers"),
        "power": _("Power"),
        "player": _("Player"),
        "standing": _("Where the game stands"),
        "current": _("Now: {phase}."),
        "see_map": _("The map and the last report"),
        "phases": _("Phases"),
        "previous": _("Previous"),
        "next": _("Next"),
        "index": _("The game"),
        "report": _("Report"),
        "report_of": _("Report of {phase}"),
        "no_report": _("The game starts here: no phase has been resolved yet."),
        "dice": _("Dice rolled"),
        "purpose": _("For"),
        "sides": _("Sides"),
        "result": _("Result"),
        "no_dice": _("No dice were rolled."),
        "receipts": _("Order files received"),
        "file": _("File"),
        "sha256": _("SHA-256"),
        "commitment": _("Dice commitment"),
        "commitment_text": _(
            "Every die of this game comes from a secret the GM chose before the first"
            " turn. Its SHA-256 is below; when the game ends the GM publishes the"
            " secret, and anyone can check that its SHA-256 is this one and replay"
            " every roll with `mapjudge verify`."
        ),
        "no_commitment": _("This game rolls no dice, or has no dice commitment."),
        "map_alt": _("Map of {phase}"),
        "timeline": _("The game over time: {measure}"),
        "game_over": _("The game is over:"),
    }


def write_site(story: Story, out: Path) -> list[Path]:
    """Write the site of `story` into `out` (replaced whole); the files written."""
    environment = Environment(
        loader=PackageLoader("adjudicator.app.site", "templates"),
        autoescape=select_autoescape(["html", "j2"]),
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    common: dict[str, Any] = {
        "story": story,
        "w": words(),
        "style": STYLE,
        "lang": current_language(),
    }
    files: dict[str, str] = {
        "index.html": environment.get_template("index.html.j2").render(
            **common,
            page_name=page_name,
            timeline_svg=Markup(story.timeline.chart_svg if story.timeline else ""),
        )
    }
    pages = story.phases
    for k, page in enumerate(pages):
        files[page_name(page)] = environment.get_template("phase.html.j2").render(
            **common,
            page=page,
            map_svg=Markup(page.map_svg),  # our own renderer's SVG, inlined for its titles
            previous=page_name(pages[k - 1]) if k else None,
            following=page_name(pages[k + 1]) if k + 1 < len(pages) else None,
            page_name=page_name,
        )
    files[STYLE] = environment.get_template("site.css").render()
    return _replace(out, files)


def _replace(out: Path, files: Mapping[str, str]) -> list[Path]:
    """`files` written into a fresh folder beside `out`, which then takes its place."""
    out.parent.mkdir(parents=True, exist_ok=True)
    fresh = Path(tempfile.mkdtemp(prefix=f".{out.name}-", dir=out.parent))
    for name, text in files.items():
        (fresh / name).write_text(text, encoding="utf-8")
    if out.exists():
        shutil.rmtree(out)
    fresh.rename(out)
    return [out / name for name in files]
