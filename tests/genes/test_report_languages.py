"""Issue 19, languages: Genes Mactantes in Spanish and Catalan.

The bundled example's two turns (`examples/genes-3-players`) in English,
Spanish and Catalan, as snapshots: turn 1 (the hidden principal, a typo, a
line over the budget, an Observació that cancels an Investigació) and turn 2
(a bescanvi, a capture, a siege, a battle with an ally). What a private
report keeps hidden stays hidden in every language. Then the order issues
and the refusals a player reads, with exact expected strings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator.rulesets.genes.characters import country_name, place_name
from adjudicator.rulesets.genes.outcome import GenesReason
from adjudicator.rulesets.genes.setup import SheetsRejected
from adjudicator.rulesets.genes.sheets import read_sheet_text
from maps.genes.region import Region, load_region
from orders.genes.parser import DeclarationNames, parse_declarations
from orders.issues import OrderIssue
from renderers.genes.words import reason_message
from tests.languages import english_words, reports_in, snapshot
from texts import T_, tr, using

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "genes-3-players"
SNAPSHOTS = ROOT / "tests" / "snapshots" / "genes"
PHASES = ("1-actions", "2-actions")
LANGS = ("en", "es", "ca")
PRIVATE = ("llevant", "serra")


ALLOWED = ("players",)
"""The example game's name, `genes-3-players` (the name of its folder, in
the header of every report): a name, not a word of the report."""


def assert_no_english(text: str) -> None:
    """No English word left: the players' lines are quoted (`> ...`), the
    dice log's purposes (`ponent:2:attack`) are the verifiable log's ids."""
    assert english_words(DICE_LOG.sub("", text), ALLOWED) == []


DICE_LOG = re.compile(r"^  [\w:]+ #\d+: d\d+ -> .*$", re.MULTILINE)
"""A line of the dice log (`  ponent:2:attack #0: d10 -> 6`): the roll's
purpose is the verifiable log's id, never translated."""


# --- the bundled example's turns -------------------------------------------------


@pytest.fixture(scope="module")
def example_reports(
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[tuple[str, str], dict[str, str]]:
    workdir = tmp_path_factory.mktemp("genes-languages")
    return {
        (phase, lang): reports_in(EXAMPLE, workdir / phase, lang, phase)
        for phase in PHASES
        for lang in LANGS
    }


@pytest.mark.parametrize("phase", PHASES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", ["public", *PRIVATE])
def test_the_example_turn_snapshots(
    example_reports: dict[tuple[str, str], dict[str, str]], phase: str, lang: str, name: str
) -> None:
    text = example_reports[phase, lang][name]
    snapshot(SNAPSHOTS / f"{phase}.{lang}.{name}.txt", text)
    if lang != "en":
        assert_no_english(text)


@pytest.mark.parametrize("phase", PHASES)
def test_english_is_the_played_report(
    example_reports: dict[tuple[str, str], dict[str, str]], phase: str
) -> None:
    """`--lang en` writes the very bytes the example's `played/` reports
    hold (the reports the suite checked before translations)."""
    played = EXAMPLE / "played" / "reports"
    english = example_reports[phase, "en"]
    assert english["public"] == (played / f"{phase}.txt").read_text(encoding="utf-8")
    for country in PRIVATE:
        expected = (played / phase / f"{country}.txt").read_text(encoding="utf-8")
        assert english[country] == expected


@pytest.mark.parametrize("lang", LANGS)
def test_the_hidden_principal_stays_hidden(
    example_reports: dict[tuple[str, str], dict[str, str]], lang: str
) -> None:
    """Sança went to Vilagrana in turn 1 (002 §4.4): only Llevant's private
    report says where; the public report and the others' do not, in any
    language."""
    reports = example_reports["1-actions", lang]
    hidden = {
        "en": "Sança moves to a place only Llevant knows",
        "es": "Sança cambia de lugar: un lugar que solo conoce Levante",
        "ca": "Sança canvia de lloc: un lloc que només coneix Llevant",
    }[lang]
    assert hidden in reports["public"]
    for name, told in (("public", False), ("serra", False), ("llevant", True)):
        lines = [line for line in reports[name].splitlines() if line.startswith("    Sança")]
        assert any("Vilagrana" in line for line in lines) is told, (name, lines)
    assert "Vilagrana" not in reports["serra"].split("Sança")[-1]


def test_spanish_and_catalan_read_the_rulebook_words(
    example_reports: dict[tuple[str, str], dict[str, str]],
) -> None:
    spanish = example_reports["2-actions", "es"]["public"]
    assert "== Ficha de sociedad: Poniente ==" in spanish
    assert "  Relevancia: Mediana" in spanish
    assert "  Autoridad 6 (Contrapoder 1: 5 en juego), Diplomacia 5, Militarismo 6" in spanish
    assert "Asedio de Gavina (Militarismo 12, amurallada)" in spanish
    assert "Intercambio con La Sierra: da 2 de Ejército en Torremar; recibe Blanca" in spanish
    assert "Batalla contra Poniente en el campo de Levante (batalla):" in spanish
    catalan = example_reports["2-actions", "ca"]["public"]
    assert "== Fitxa de societat: Ponent ==" in catalan
    assert "Setge de Gavina (Militarisme 12, emmurallada)" in catalan
    assert "Bescanvi amb La Serra: dona 2 Exèrcit a Torremar; rep Blanca" not in catalan
    assert "Bescanvi amb La Serra: dona 2 d'Exèrcit a Torremar; rep Blanca" in catalan


# --- order issues and refusals --------------------------------------------------


@pytest.fixture(scope="module")
def region() -> Region:
    return load_region("peninsula")


def issue_names(region: Region) -> DeclarationNames:
    return DeclarationNames(
        countries={c.id: (c.name, *c.aliases) for c in region.countries.values()},
        cities={c.id: (c.name, *c.aliases) for c in region.cities.values()},
        characters={"jaume": ("Jaume",)},
    )


def issue_of(region: Region, text: str) -> OrderIssue:
    parsed = parse_declarations(text, names=issue_names(region), power="ponent", file="ponent.txt")
    assert parsed.issues, text
    return parsed.issues[0]


ISSUES = [
    (
        "Fortificar Castelnou",
        "ponent.txt, line 1: illegal: unknown city 'Castelnou': did you mean Castellnou?",
        (
            "ponent.txt, línea 1: ilegal: nombre desconocido (ciudad): 'Castelnou':"
            " ¿quería decir Castellnou?"
        ),
        (
            "ponent.txt, línia 1: il·legal: nom desconegut (ciutat): 'Castelnou':"
            " volíeu dir Castellnou?"
        ),
    ),
    (
        "Capturar Jaum",
        "ponent.txt, line 1: illegal: unknown character 'Jaum': did you mean Jaume?",
        "ponent.txt, línea 1: ilegal: nombre desconocido (personaje): 'Jaum': ¿quería decir Jaume?",
        "ponent.txt, línia 1: il·legal: nom desconegut (personatge): 'Jaum': volíeu dir Jaume?",
    ),
    (
        "Reclutar soldats 0 a Vilagrana",
        "ponent.txt, line 1: illegal: an amount must be 1 or more",
        "ponent.txt, línea 1: ilegal: una cantidad debe ser 1 o más",
        "ponent.txt, línia 1: il·legal: una quantitat ha de ser 1 o més",
    ),
    (
        "Fortificr Castellnou",
        (
            "ponent.txt, line 1: syntax: cannot read this line as an action: unknown action"
            " 'Fortificr': did you mean 'fortificar <ciutat>'?"
        ),
        (
            "ponent.txt, línea 1: sintaxis: no se puede leer esta línea como una acción:"
            " acción desconocida 'Fortificr': ¿quería decir 'fortificar <ciutat>'?"
        ),
        (
            "ponent.txt, línia 1: sintaxi: no es pot llegir aquesta línia com una acció:"
            " acció desconeguda 'Fortificr': volíeu dir 'fortificar <ciutat>'?"
        ),
    ),
    (
        "Poniet:\nFortificar Castellnou",
        "ponent.txt, line 1: illegal: unknown country 'Poniet': did you mean Ponent?",
        "ponent.txt, línea 1: ilegal: país desconocido 'Poniet': ¿quería decir Ponent?",
        "ponent.txt, línia 1: il·legal: país desconegut 'Poniet': volíeu dir Ponent?",
    ),
]
"""A line, and its first issue in English, Spanish and Catalan (the quoted
line and the forms of the action words are what players write: untranslated)."""


@pytest.mark.parametrize(("line", "en", "es", "ca"), ISSUES)
def test_order_issues_read_in_each_language(
    region: Region, line: str, en: str, es: str, ca: str
) -> None:
    issue = issue_of(region, line)
    for lang, expected in (("en", en), ("es", es), ("ca", ca)):
        with using(lang, "genes"):
            assert issue.render().splitlines()[0] == expected


def test_a_line_after_an_unknown_header(region: Region) -> None:
    names = issue_names(region)
    parsed = parse_declarations(
        "Poniet:\nFortificar Castellnou", names=names, power=None, file="ponent.txt"
    )
    second = parsed.issues[1]
    with using("es", "genes"):
        assert second.text == (
            "ningún país para esta línea (la línea 1 no nombra ningún país conocido)"
        )
    with using("ca", "genes"):
        assert second.text == (
            "cap país per a aquesta línia (la línia 1 no anomena cap país conegut)"
        )


def test_refusals_read_in_each_language(region: Region) -> None:
    """A ruling made while resolving (before the language is known) is told
    in each reader's language, names of countries from the region's `names`."""
    field = T_("the field of {country}", country=region.countries["llevant"].lazy_name)
    detail = T_("no forces of yours in {place}", place=field)
    message = reason_message(GenesReason.NO_FORCES_THERE, detail)
    assert message == (
        "impossible: the country has no forces there (no forces of yours in the field of Llevant)"
    )
    with using("es", "genes"):
        assert tr(message) == (
            "imposible: el país no tiene fuerzas allí (no tenéis fuerzas en el campo de Levante)"
        )
    with using("ca", "genes"):
        assert tr(message) == (
            "impossible: el país no hi té forces (no teniu forces a el camp de Llevant)"
        )


def test_a_sheet_problem_reads_in_each_language(region: Region) -> None:
    """A GM-file problem: a country sheet naming a city its country lacks."""
    text = (
        "country: ponent\nrelevance: medium\n"
        "characteristics: {autoritat: 5, diplomacia: 4, militarisme: 5, tecnologia: 4}\n"
        "cities: {capital: Montalt}\n"
    )
    result = read_sheet_text("ponent.yaml", text, region, {})
    capital = next(i for i in result.issues if i.key == "cities.capital")
    with using("es", "genes"):
        assert tr(capital.message) == (
            "Montalt es una ciudad de La Serra (ciudades de Ponent: Castellnou, Torremar,"
            " Vilagrana; la capital es una de las ciudades del país, 002 §4.4)"
        )
    with using("ca", "genes"):
        assert tr(capital.message) == (
            "Montalt és una ciutat de La Serra (ciutats de Ponent: Castellnou, Torremar,"
            " Vilagrana; la capital és una de les ciutats del país, 002 §4.4)"
        )
    rejected = SheetsRejected([capital])
    with using("es", "genes"):
        assert tr(rejected.message).startswith("1 problema(s) en las fichas de los países:\n")


def test_names_made_while_resolving_follow_the_reader(region: Region) -> None:
    class Board:
        pass

    board = Board()
    board.region = region  # type: ignore[attr-defined]
    board.countries = {}  # type: ignore[attr-defined]
    board.cities = {}  # type: ignore[attr-defined]
    name = country_name(board, "ponent")  # type: ignore[arg-type]
    place = place_name(board, "field:serra")  # type: ignore[arg-type]
    assert (name, place) == ("Ponent", "the field of La Serra")
    with using("es", "genes"):
        assert (tr(name), tr(place)) == ("Poniente", "el campo de La Sierra")
