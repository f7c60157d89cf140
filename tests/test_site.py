"""The game's website (issue 21: `mapjudge site DIR OUT`): every bundled
example played and published; every page linked and present, each phase's
map with its hover titles and the public report that led to it; and nothing
private: no line of a private report, no player's address, no dice secret."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

from adjudicator.app import gamefolder as gf
from tests.cli_runner import current_phase, play_example, run

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
GAMES = sorted(p.name for p in EXAMPLES.iterdir() if (p / "game.yaml").is_file())
WITHOUT_MAP = {"narrativo-commando-raid"}
"""narrativo has no map: its pages have none."""


def played(example: str, into: Path) -> Path:
    """The example played as `make demo` plays it: each phase's mail from
    `orders/<phase>/`, or (classic) the one set of orders in `orders/`."""
    folder = into / example
    source = EXAMPLES / example
    if any(p.is_dir() for p in (source / "orders").iterdir()):
        play_example(source, folder)
    else:
        shutil.copytree(source, folder)
        mail = sorted((folder / "orders").glob("*.txt"))
        assert run("adjudicate", folder, *mail).exit_code in (0, 1)
    return folder


@pytest.fixture(scope="module", params=GAMES)
def site(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Path, Path]]:
    root = tmp_path_factory.mktemp("site")
    folder = played(request.param, root)
    out = root / "out"
    result = run("site", folder, out)
    assert result.exit_code == 0, result.output
    yield folder, out


class Links(HTMLParser):
    """The `href`s and `src`s of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.targets: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in {"href", "src"} and value and not value.startswith("#"):
                self.targets.append(value)


def links(page: Path) -> list[str]:
    parser = Links()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.targets


def test_every_phase_has_a_page_and_every_link_resolves(site: tuple[Path, Path]) -> None:
    folder, out = site
    phases = sorted(p.stem for p in (folder / "turns").glob("*.yaml"))
    pages = {p.stem for p in out.glob("*.html")} - {"index"}
    assert pages == set(phases)
    for page in out.glob("*.html"):
        for target in links(page):
            assert "://" not in target, (page.name, target)  # works from file://, offline
            assert (out / target).is_file(), (page.name, target)
    index = links(out / "index.html")
    assert all(f"{phase}.html" in index for phase in phases)


def test_each_page_has_its_map_and_the_report_that_led_to_it(site: tuple[Path, Path]) -> None:
    """In the game's order (the index's): each page's map (an inline SVG with
    hover titles) and the public report of the phase before it."""
    folder, out = site
    listed = (out / "index.html").read_text(encoding="utf-8").partition('id="phases"')[2]
    parser = Links()
    parser.feed(listed.partition("</section>")[0])
    order = [t.removesuffix(".html") for t in parser.targets]
    order = [phase for phase in order if (out / f"{phase}.html").is_file() and phase != "index"]
    for k, phase in enumerate(order):
        html = (out / f"{phase}.html").read_text(encoding="utf-8")
        if folder.name not in WITHOUT_MAP:
            assert html.count("<svg") == 1, phase
            assert "<title>" in html.partition("<svg")[2], phase
        if k:
            report = folder / "reports" / f"{order[k - 1]}.txt"
            assert html_has_report(html, report), phase


def html_has_report(html: str, report: Path) -> bool:
    lines = [line for line in report.read_text(encoding="utf-8").splitlines() if len(line) > 20]
    return bool(lines) and all(escaped(line) in html for line in lines[:5])


def escaped(text: str) -> str:
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&#34;")
        .replace("'", "&#39;")
    )


def private_lines(folder: Path) -> set[str]:
    """Every line of every private report that no public report of the game
    also says (a private line the game later made public, or words every
    report uses, are public), long enough to be its own."""
    reports = folder / "reports"
    public = "\n".join(p.read_text(encoding="utf-8") for p in sorted(reports.glob("*.txt")))
    found: set[str] = set()
    for part in sorted(reports.glob("*/*.txt")):
        for line in part.read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if len(line) >= 16 and re.search(r"[A-Za-z]", line) and line not in public:
                found.add(line)
    return found


def test_the_examples_have_private_lines_to_check() -> None:
    """The privacy test is not empty: the examples that write private reports
    have lines no public report says."""
    for example in ("machiavelli-1454-advanced", "orbis-europa-500", "narrativo-commando-raid"):
        folder = EXAMPLES / example / "played"
        assert (folder / "reports").is_dir(), example
        assert private_lines(folder), example


def test_nothing_private_reaches_the_site(site: tuple[Path, Path]) -> None:
    """Secrets stay secret: no private report line, no address, no dice secret."""
    folder, out = site
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(out.iterdir()))
    leaked = sorted(line for line in private_lines(folder) if escaped(line) in text)
    assert leaked == []
    config = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8"))
    for power in (config.get("powers") or {}).values():
        if isinstance(power, dict) and power.get("email"):
            assert power["email"] not in text
    secret = (folder / "secret.txt").read_text(encoding="utf-8").strip()
    assert secret and secret not in text


def test_the_site_cannot_be_written_into_the_game_folder(tmp_path: Path) -> None:
    folder = tmp_path / "game"
    shutil.copytree(EXAMPLES / "machiavelli-1454", folder)
    result = run("site", folder, folder / "web")
    assert result.exit_code != 0 and "outside the game folder" in result.output
    assert not (folder / "web").exists() and current_phase(folder) == "1454-spring-movement"
    assert gf.list_phases is not None


def test_the_site_speaks_the_language_asked(tmp_path: Path) -> None:
    """`--lang es`: the site's own words (and its maps' names) in Spanish."""
    folder = played("machiavelli-1454", tmp_path)
    out = tmp_path / "web"
    assert run("site", folder, out, "--lang", "es").exit_code == 0
    index = (out / "index.html").read_text(encoding="utf-8")
    assert '<html lang="es">' in index and "Potencias" in index and "Fases" in index
    page = (out / "1454-summer-movement.html").read_text(encoding="utf-8")
    assert "Siguiente" in page and "Dados tirados" in page


def test_the_index_charts_what_the_game_counts(site: tuple[Path, Path]) -> None:
    """The timeline: a chart (SVG) and a table with each power's value at each
    phase, where the ruleset counts something (not narrativo)."""
    folder, out = site
    index = (out / "index.html").read_text(encoding="utf-8")
    phases = len(list((folder / "turns").glob("*.yaml")))
    if folder.name in WITHOUT_MAP:
        assert 'id="timeline"' not in index
        return
    section = index.partition('id="timeline"')[2].partition("</section>")[0]
    assert section.count("<svg") == 1
    rows = section.partition("<tbody>")[2].split("<tr>")[1:]
    assert rows and all(row.count("<td>") == phases + 1 for row in rows)


def test_an_ended_game_says_so_and_how_to_verify_its_dice(tmp_path: Path) -> None:
    """The index of an ended game names how it ended; the dice commitment
    comes with the command that checks it once the secret is published."""
    from adjudicator.app.site.pages import write_site
    from adjudicator.app.site.story import PowerLine, Story

    story = Story(
        name="ended",
        ruleset="Standard Diplomacy",
        map_name="classic",
        powers=(PowerLine("france", "France", "Ana"),),
        commitment="ab" * 32,
        phases=(),
        game_over="France won",
    )
    write_site(story, tmp_path / "web")
    index = (tmp_path / "web" / "index.html").read_text(encoding="utf-8")
    assert "The game is over:" in index and "France won" in index
    assert "ab" * 32 in index and "mapjudge verify" in index


def test_a_damaged_report_is_named_not_a_traceback(tmp_path: Path) -> None:
    """Bad input gets a clear message naming the file; nothing is written."""
    folder = played("classic-1901", tmp_path)
    (json_path,) = sorted((folder / "reports").glob("*.json"))
    json_path.write_text("{not json", encoding="utf-8")
    result = run("site", folder, tmp_path / "web")
    assert result.exit_code == 1
    assert json_path.name in result.output and "cannot read the report" in result.output
    assert "Traceback" not in result.output and not (tmp_path / "web").exists()
