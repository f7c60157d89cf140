"""Orbis Terrarum in Spanish and Catalan (issue 19): the reports of the
bundled example in the three languages, and the order issues, GM-file
problems and refusals of the `orbis` domain as a Spanish or Catalan reader
sees them. English stays byte for byte what `played/` holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.plugins.orbis import OrbisPlugin
from orders.issues import OrderIssue
from orders.orbis.gm_file import read_gm_file
from orders.orbis.model import OrbisNames
from orders.orbis.reader import read_post
from tests.languages import english_words, reports_in, snapshot
from texts import tr, using

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "orbis-europa-500"
PLAYED = EXAMPLE / "played" / "reports"
SNAPSHOTS = Path(__file__).resolve().parents[1] / "snapshots" / "orbis"
PHASE = "505-medidas"
"""The year of wars on three fronts, counter-measures (Defensa), a broken
treaty, a conference voted, a vassal's independence and the registry."""
EARLIER = "502-medidas"
"""The year of a veto (Refused), a re-classification, a Supresión and purchases."""
PRIVATE = ("romanos", "visigodos")
"""The Empire (its vote and closing of the conference) and the Visigoths
(the broken treaty's penalty among their modifiers)."""

_CACHE: dict[tuple[str, str], dict[str, str]] = {}


def _reports(tmp_path_factory: pytest.TempPathFactory, lang: str, phase: str) -> dict[str, str]:
    if (lang, phase) not in _CACHE:
        folder = tmp_path_factory.mktemp(f"orbis-{lang}-{phase}")
        reports = reports_in(EXAMPLE, folder, lang, phase=phase)
        wiki = folder / f"{EXAMPLE.name}-{lang}" / "reports" / phase / "turno.wiki"
        reports["wiki"] = wiki.read_text(encoding="utf-8")  # the GM's turn page
        _CACHE[lang, phase] = reports
    return _CACHE[lang, phase]


SHOWN = ("public", "wiki", *PRIVATE)


@pytest.mark.parametrize("phase", [PHASE, EARLIER])
def test_english_is_the_played_report(tmp_path_factory: pytest.TempPathFactory, phase: str) -> None:
    """The English run writes exactly the reports `played/` keeps."""
    reports = _reports(tmp_path_factory, "en", phase)
    assert reports["public"] == (PLAYED / f"{phase}.txt").read_text(encoding="utf-8")
    assert reports["wiki"] == (PLAYED / phase / "turno.wiki").read_text(encoding="utf-8")
    for nation in PRIVATE:
        kept = (PLAYED / phase / f"{nation}.txt").read_text(encoding="utf-8")
        assert reports[nation] == kept


@pytest.mark.parametrize("lang", ["en", "es", "ca"])
@pytest.mark.parametrize("phase", [PHASE, EARLIER])
def test_snapshots(tmp_path_factory: pytest.TempPathFactory, lang: str, phase: str) -> None:
    """The public report, the GM's wiki tables and two private reports, in
    each language, as read and checked by a Spanish and a Catalan GM
    (`MAPJUDGE_UPDATE_SNAPSHOTS=1`)."""
    reports = _reports(tmp_path_factory, lang, phase)
    for name in SHOWN:
        snapshot(SNAPSHOTS / f"{phase}.{lang}.{name}.txt", reports[name])


@pytest.mark.parametrize("lang", ["es", "ca"])
@pytest.mark.parametrize("phase", [PHASE, EARLIER])
def test_no_english_word_is_left(
    tmp_path_factory: pytest.TempPathFactory, lang: str, phase: str
) -> None:
    """Spanish and Catalan reports hold no English word (the dice purposes,
    the players' lines and the nations' names are theirs, not translated)."""
    reports = _reports(tmp_path_factory, lang, phase)
    for name in SHOWN:
        assert english_words(reports[name]) == [], name


# --- the order issues of the `orbis` domain --------------------------------

NAMES = OrbisNames(
    {"borgona": ("Borgoña", "Burgundy"), "castilla": ("Castilla", "Castile")},
    {"Córcega": "corcega"},
)


def _post(text: str) -> OrderIssue:
    issues = read_post(text, file="castilla.txt", power="castilla", names=NAMES).issues
    assert len(issues) == 1, issues
    return issues[0]


def _gm(text: str) -> OrderIssue:
    issues = read_gm_file(text, file="gm.yaml", names=NAMES).issues
    assert len(issues) == 1, issues
    return issues[0]


def _told(issue: OrderIssue, lang: str) -> str:
    with using(lang, "orbis"):
        return f"{issue.source}: {issue.text}{issue.hint}"


def test_an_unknown_nation_with_its_did_you_mean() -> None:
    issue = _post("Medida: Ofensiva contra Borgoñaa")
    assert _told(issue, "en") == (
        "castilla.txt, line 1: unknown nation 'Borgoñaa': did you mean Borgoña?"
    )
    assert _told(issue, "es") == (
        "castilla.txt, línea 1: nación desconocida 'Borgoñaa': ¿quería decir Borgoña?"
    )
    assert _told(issue, "ca") == (
        "castilla.txt, línia 1: nació desconeguda 'Borgoñaa': volíeu dir Borgoña?"
    )
    assert issue.message == "unknown nation 'Borgoñaa'"  # stored in English


def test_an_unknown_statistic() -> None:
    issue = _post("Medida: Ofensivo contra Borgoña")
    with using("es", "orbis"):
        assert issue.text == "estadística desconocida 'Ofensivo'"
    with using("ca", "orbis"):
        assert issue.text == "estadística desconeguda 'Ofensivo'"


def test_a_second_medida_without_an_extra_is_refused() -> None:
    issue = _post("Medida: Ofensiva contra Borgoña. Medida: Comercio")
    with using("es", "orbis"):
        assert issue.text.startswith(
            "una medida por nación y turno (O-020): vale la primera medida y esta no tiene"
            " medida extra (AMB-43: un evento, 20 PRO, una hueste,"
        )
    with using("ca", "orbis"):
        assert issue.text.startswith(
            "una mesura per nació i torn (O-020): val la primera mesura i aquesta no té"
            " mesura extra (AMB-43: un esdeveniment, 20 PRO, una host,"
        )


def test_a_post_without_medida() -> None:
    issue = _post("Hola a todos")
    with using("es", "orbis"):
        assert issue.text == (
            "no se encuentra ninguna medida: escríbala en una línea propia, p. ej."
            " `Medida: Ofensiva contra Borgoña` (O-011)"
        )
    with using("ca", "orbis"):
        assert issue.text == (
            "no s'ha trobat cap mesura: escriviu-la en una línia pròpia, p. ex."
            " `Medida: Ofensiva contra Borgoña` (O-011)"
        )


def test_a_purchase_that_is_no_multiple_of_its_price() -> None:
    issue = _post("Medida: Comercio\nGasto: 7 RQU en PRO")
    with using("es", "orbis"):
        assert issue.text == "pro cuesta 10 RQU cada uno (O-139): 7 no es múltiplo"
    with using("ca", "orbis"):
        assert issue.text == "pro costa 10 RQU cada un (O-139): 7 no n'és múltiple"


def test_a_political_line_names_what_was_expected() -> None:
    """The player's keywords and examples stay as written (`Vasallo: tributo MIL`)."""
    issue = _post("Medida: Comercio\nVasallo: tributo de oro")
    with using("es", "orbis"):
        assert issue.text == (
            "tributo desconocido 'oro': indique MIL, AUX, ECN, CLT, ADM, RQU o PRO"
            " (O-188, AMB-21); se esperaba, p. ej., `Vasallo: tributo MIL`,"
            " `Vasallo: perdona el tributo de Asturias`"
        )
    with using("ca", "orbis"):
        assert issue.text == (
            "tribut desconegut 'oro': indiqueu MIL, AUX, ECN, CLT, ADM, RQU o PRO"
            " (O-188, AMB-21); s'esperava, p. ex., `Vasallo: tributo MIL`,"
            " `Vasallo: perdona el tributo de Asturias`"
        )


def test_gm_file_problems() -> None:
    unknown = _gm("evento: []\n")
    assert (
        _told(unknown, "es")
        == "gm.yaml: sección desconocida 'evento': ¿quería decir events o veto?"
    )
    assert _told(unknown, "ca") == "gm.yaml: secció desconeguda 'evento': volíeu dir events o veto?"
    reach = _gm("reach:\n  - nations: [Castilla, Castilla]\n    level: lejano\n")
    with using("es", "orbis"):
        assert reach.text == "reach[0]: un nivel de Alcance necesita dos naciones distintas"
    with using("ca", "orbis"):
        assert reach.text == "reach[0]: un nivell d'Abast necessita dues nacions diferents"
    late = _gm(
        "events:\n  - name: Peste\n    year: 500\n    modifiers:\n"
        "      - {nation: Castilla, attribute: ECN, value: 5, until: 530}\n"
    )
    with using("es", "orbis"):
        assert late.text == (
            "events[0].modifiers[0]: until 530: el modificador de un evento termina entre"
            " 500 y 520 (O-049)"
        )
    civil = _gm("politics:\n  civil_wars:\n    - nation: Castilla\n      factions: [rey]\n")
    with using("ca", "orbis"):
        assert civil.text == (
            "politics.civil_wars[0]: una guerra civil necessita dos o més bàndols diferents,"
            " no ('rey',)"
        )


def test_the_gm_and_the_ruleset_title() -> None:
    plugin = OrbisPlugin()
    with using("es", "orbis"):
        assert tr(plugin.power_name(None, "gm")) == "el administrador"  # type: ignore[arg-type]
        assert tr(plugin.title) == "Orbis Terrarum, Historia Alternativa (medidas con 1d100)"
    with using("ca", "orbis"):
        assert tr(plugin.power_name(None, "gm")) == "l'administrador"  # type: ignore[arg-type]
        assert tr(plugin.title) == "Orbis Terrarum, Història Alternativa (mesures amb 1d100)"
    assert plugin.title == "Orbis Terrarum, Historia Alternativa (medidas on 1d100)"
