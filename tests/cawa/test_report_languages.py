"""CaWa in Spanish and Catalan (issue 19): the reports of the bundled example
`examples/cawa-10-players` in the three languages, and the order issues and
refusals of the ruleset as a Spanish or Catalan player reads them.

CaWa writes one public report per phase and no private ones: everything is
public in the rulebook ("lo que conoce el árbitro lo debe conocer el resto",
CC-A-3; the map, CC-V-1), so the public report is each player's and the
referee's. Every phase of the example's turn is snapshotted: economy
(statements, buildings, gifts), movement (moves, invasions, ships, fleets,
conflicts), skirmishes, reactions (defences, PM sums) and battles (results,
payments due)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from adjudicator.app.game import current_phase_id
from adjudicator.core.messages import message_of
from adjudicator.core.plugin import SetupError, StartRequest
from adjudicator.plugins.cawa import CawaPlugin, names_for
from adjudicator.rulesets.cawa.codec import CawaStateError, state_from_dict
from adjudicator.rulesets.cawa.options import CawaOptions
from adjudicator.rulesets.cawa.state import CawaPhaseKind
from adjudicator.rulesets.cawa.turn import check_phase
from maps.cawa.files import CawaMapError, cawa_map_from_dict, cawa_map_to_dict, load_cawa_map
from maps.cawa.model import Terrain
from orders.cawa.parser import CawaNames, parse_cawa
from orders.issues import OrderIssue
from renderers.cawa.report import player_name
from tests.cawa.fixtures import SMALL, grid_map, state_on
from tests.cli_runner import run
from tests.languages import english_words, snapshot
from texts import tr, using

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "cawa-10-players"
PLAYED = EXAMPLE / "played" / "reports"
SNAPSHOTS = Path(__file__).resolve().parents[1] / "snapshots" / "cawa"
PHASES = ("1-economy", "1-movement", "1-skirmishes", "1-reactions", "1-battles")
LANGUAGES = ("en", "es", "ca")
FILE_NAMES = re.compile(r"\b[\w-]+\.txt\b")


def _played_in(lang: str, workdir: Path) -> dict[str, str]:
    """The public report of each phase of the example's turn, every phase
    adjudicated with `--lang LANG` (the state never depends on it)."""
    folder = workdir / f"cawa-{lang}"
    shutil.copytree(EXAMPLE, folder, ignore=shutil.ignore_patterns("played", "reports"))
    reports: dict[str, str] = {}
    for phase in PHASES:
        assert current_phase_id(folder) == phase
        mail = sorted((folder / "orders" / phase).glob("*.txt"))
        result = run("adjudicate", folder, *mail, "--lang", lang)
        assert result.exit_code in (0, 1), result.output
        reports[phase] = (folder / "reports" / f"{phase}.txt").read_text(encoding="utf-8")
    return reports


@pytest.fixture(scope="module", params=LANGUAGES)
def played(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[str, dict[str, str]]:
    lang = str(request.param)
    return lang, _played_in(lang, tmp_path_factory.mktemp(f"cawa-{lang}"))


def _readable(text: str) -> str:
    """`text` without what is no word of the report's language: the game's
    name (`cawa-10-players`, the GM's folder) and file names (`player1.txt`,
    the receipts: file names are never translated)."""
    return FILE_NAMES.sub(" ", text.replace("cawa-10-players", " "))


@pytest.mark.parametrize("phase", PHASES)
def test_each_phase_reads_in_the_language(played: tuple[str, dict[str, str]], phase: str) -> None:
    lang, reports = played
    text = reports[phase]
    snapshot(SNAPSHOTS / f"{phase}.{lang}.public.txt", text)
    if lang == "en":
        assert text == (PLAYED / f"{phase}.txt").read_text(encoding="utf-8")
    else:
        assert english_words(_readable(text)) == []


# --- order issues, refusals and the GM's files --------------------------------------

# 0101..0805; water all round, land inside.
MAP = grid_map(["~~~~~~~~", "~......~", "~..f^..~", "~......~", "~~~~~~~~"])
NAMES = CawaNames(
    hexes=frozenset(MAP.hexes),
    players={"red": ("Red", "Rojo"), "blue": ("Blue", "Azul")},
    step=MAP.step,
    water=frozenset(code for code, cell in MAP.hexes.items() if cell.terrain is Terrain.WATER),
)


def _issue(text: str, kind: str) -> OrderIssue:
    parsed = parse_cawa(text, kind=kind, names=NAMES, file="red.txt", power="red")
    assert len(parsed.issues) == 1
    return parsed.issues[0]


ISSUES = [
    (
        "0303 -> 0430 invasión 1500",
        "movement",
        "casilla desconocida '0430': no está en el mapa: ¿quería decir 0403 o 0405 o 0305?",
        "casella desconeguda '0430': no és al mapa: volíeu dir 0403 o 0405 o 0305?",
    ),
    (
        "dona 500 a rijo",
        "economy",
        "jugador desconocido 'rijo': ¿quería decir Red?",
        "jugador desconegut 'rijo': volíeu dir Red?",
    ),
    (
        "donna 500 a rojo",
        "economy",
        (
            "palabra desconocida 'donna' al inicio de una línea de economía:"
            " ¿quería decir 'dona' o 'give' o 'abandona'?"
        ),
        (
            "paraula desconeguda 'donna' a l'inici d'una línia d'economia:"
            " volíeu dir 'dona' o 'give' o 'abandona'?"
        ),
    ),
    (
        "defiendo 0403 con 1500",
        "economy",
        (
            "'defiendo' es una línea de reacciones: va en el archivo de reacciones,"
            " no en el de economía"
        ),
        "'defiendo' és una línia de reaccions: va a l'arxiu de reaccions, no al d'economia",
    ),
    (
        "0303 -> 0403 invasión",
        "movement",
        "faltan los puntos tras 'invasión' (p. ej. 'invasión 1500')",
        "falten els punts després de 'invasión' (p. ex. 'invasión 1500')",
    ),
    (
        "terreno 0403 lava",
        "economy",
        (
            "se esperaba un terreno (llanura, bosque, montaña), se encontró 'lava':"
            " ¿quería decir 'llanura'?"
        ),
        (
            "s'esperava un terreny (llanura, bosque, montaña), s'ha trobat 'lava':"
            " volíeu dir 'llanura'?"
        ),
    ),
    (
        "0303 -> 0403 invasión 1500 ya",
        "movement",
        "'ya' inesperado al final de la línea",
        "'ya' inesperat al final de la línia",
    ),
    ("hola que tal", "economy", "no es una declaración", "no és una declaració"),
]


@pytest.mark.parametrize(("text", "kind", "es", "ca"), ISSUES)
def test_order_issues_read_in_spanish_and_catalan(text: str, kind: str, es: str, ca: str) -> None:
    found = _issue(text, kind)
    english = found.text + found.hint
    for lang, expected in (("es", es), ("ca", ca)):
        with using(lang, "cawa"):
            assert found.text + found.hint == expected
    assert found.text + found.hint == english  # outside `using`: English again


def test_refusals_read_in_spanish_and_catalan() -> None:
    """`mapjudge check`'s refusals: the reason's code in words, the figures."""
    state = state_on(SMALL, {"0101": "red", "0201": "red"}, kind=CawaPhaseKind.MOVEMENT)
    names = CawaNames(frozenset(SMALL.hexes), {"red": ("Red",)}, SMALL.step, frozenset())
    mail = "0101 -> 0301\n0201 -> 0202 invasión 1500"
    lines = parse_cawa(mail, kind="movement", names=names, file="red.txt", power="red").lines
    refused = check_phase(state, lines, SMALL, CawaOptions())
    assert [r.message for r in refused] == [
        "refused (not_adjacent): 0301 is not next to 0101",
        "refused (points_not_needed): 0202 is nobody's: no points",
    ]
    with using("es", "cawa"):
        assert [r.text for r in refused] == [
            "rechazado (casillas no adyacentes): 0301 no es adyacente a 0101",
            "rechazado (sobran los puntos): 0202 no es de nadie: sin puntos",
        ]
    with using("ca", "cawa"):
        assert [r.text for r in refused] == [
            "rebutjat (caselles no adjacents): 0301 no és adjacent a 0101",
            "rebutjat (sobren els punts): 0202 no és de ningú: sense punts",
        ]


def _state_problem(data: dict[str, object]) -> str:
    with pytest.raises(CawaStateError) as caught:
        state_from_dict(data)
    return message_of(caught.value)


def test_the_gms_files_problems_read_in_spanish_and_catalan() -> None:
    """A state file and a map file with mistakes; the keys stay as written."""
    phase = _state_problem({"phase": 5})
    code = _state_problem({"phase": "1-economy", "owners": {"red": ["0203x"]}})
    with pytest.raises(CawaMapError) as caught:
        cawa_map_from_dict({"name": "m", "rows": ["..", "."]}, "m.yaml")
    rows = message_of(caught.value)
    with using("es", "cawa"):
        assert tr(phase) == "phase: se esperaba un id de fase como 1-economy, no 5"
        assert tr(code) == (
            "owners.red[0]: se esperaba un código de casilla como '0203', no '0203x'"
        )
        assert tr(rows) == "m.yaml: rows[1]: '.' tiene 1 casilla(s); rows[0] tiene 2"
    with using("ca", "cawa"):
        assert tr(phase) == "phase: s'esperava un id de fase com 1-economy, no 5"
        assert tr(rows) == "m.yaml: rows[1]: '.' té 1 casella(es); rows[0] en té 2"


def test_setup_describe_and_game_over_read_in_spanish_and_catalan() -> None:
    plugin = CawaPlugin()
    request = StartRequest("g", "secret", inputs={"players": "1"})
    with pytest.raises(SetupError) as caught:
        plugin.start(request, CawaOptions())
    state = state_on(SMALL, {"0101": "red", "0201": "red"}, crowns=2500, winner="red")
    over = plugin.game_over(SMALL, state)
    with using("es", "cawa"):
        assert tr(message_of(caught.value)) == (
            "--players: un mapa de CaWa se genera para 2 a 40 jugadores"
        )
        assert plugin.describe(SMALL, state).splitlines()[:2] == [
            "Fase: Turno 1, economía (1-economy)",
            "Red: NT 2, CO 2500",
        ]
        assert tr(over) == "ha ganado Red"
    with using("ca", "cawa"):
        assert plugin.describe(SMALL, state).splitlines()[0] == (
            "Fase: Torn 1, economia (1-economy)"
        )
        assert tr(over) == "ha guanyat Red"


def test_a_maps_names_in_other_languages() -> None:
    """`names: {ca: Regne Vermell}` of the packaged map: the name a report
    writes in that language, English and Spanish keep `name`; the map written
    for a new game keeps them, and a line may name the kingdom so."""
    game_map = load_cawa_map("example")
    assert player_name(game_map, "red") == "Reino Rojo"
    with using("ca", "cawa"):
        assert player_name(game_map, "red") == "Regne Vermell"
    with using("es", "cawa"):
        assert player_name(game_map, "red") == "Reino Rojo"
    assert cawa_map_from_dict(cawa_map_to_dict(game_map), "again") == game_map
    state = state_on(game_map, {"0202": "red"})
    assert "Regne Vermell" in names_for(game_map, state).players["red"]
