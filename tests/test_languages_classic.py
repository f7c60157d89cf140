"""Issue 19, languages: `classic` (and the board kit it shares with Machiavelli)
in Spanish and Catalan.

The bundled example's turn (1901-spring-movement: moves, bounces, holds, two
order issues) in English, Spanish and Catalan, as snapshots; a retreat and an
adjustment phase played on small positions, for their own words; and the
order issues and refusals a player reads, with exact expected strings."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from adjudicator.core.phase import Phase
from adjudicator.kits.board.results import illegal_issues
from adjudicator.kits.board.state import (
    Dislodged,
    GameState,
    PhaseKind,
    Season,
    StateDataError,
    Unit,
)
from adjudicator.kits.board.validate import board_problems
from adjudicator.rulesets.classic import CLASSIC
from maps import load_map
from maps.model import GameMap
from orders.board.model import UnitKind
from orders.board.parser import parse_orders
from orders.issues import OrderIssue
from renderers.board.report import TurnReport, render_board, render_power_report, render_report
from tests.languages import english_words, reports_in, snapshot
from texts import tr, using

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "classic-1901"
SNAPSHOTS = ROOT / "tests" / "snapshots" / "classic"
PHASE = "1901-spring-movement"
LANGS = ("en", "es", "ca")
A, F = UnitKind.ARMY, UnitKind.FLEET


def readable(text: str) -> str:
    """`text` without its phase ids (`1901-fall-movement`): they name the
    game's files and stay as they are in every language, so their English
    season words are no English left in the report."""
    for year in range(1900, 1905):
        for season in Season:
            for kind in PhaseKind:
                text = text.replace(f"{year}-{season}-{kind}", "")
    return text


KEYWORDS = re.compile(r"\b(BUILD|DISBAND|WAIVE)\b")
"""The commands of adjustment orders as the report writes them (`BUILD A BER`):
order syntax, what players write, never translated."""

ALLOWED: tuple[str, ...] = ()
"""No English word is allowed in a Spanish or Catalan report."""


def assert_no_english(text: str) -> None:
    assert english_words(KEYWORDS.sub("", readable(text)), ALLOWED) == []


# --- the bundled example's turn --------------------------------------------------


@pytest.fixture(scope="module")
def example_reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, str]]:
    workdir = tmp_path_factory.mktemp("classic-languages")
    return {lang: reports_in(EXAMPLE, workdir, lang) for lang in LANGS}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", ["public", "austria", "france"])
def test_the_example_turn_snapshots(
    example_reports: dict[str, dict[str, str]], lang: str, name: str
) -> None:
    text = example_reports[lang][name]
    snapshot(SNAPSHOTS / f"{PHASE}.{lang}.{name}.txt", text)
    if lang != "en":
        assert_no_english(text)


def test_english_is_the_report_without_a_language(
    example_reports: dict[str, dict[str, str]], tmp_path: Path
) -> None:
    """`--lang en` writes what the game wrote before translations: the
    English snapshot is the report of a run without `--lang`."""
    from adjudicator.app.game import current_phase_id
    from tests.cli_runner import run

    folder = tmp_path / "game"
    shutil.copytree(EXAMPLE, folder)
    run("adjudicate", folder, *sorted((folder / "orders").glob("*.txt")))
    phase = PHASE
    assert current_phase_id(folder) != phase
    public = (folder / "reports" / f"{phase}.txt").read_text(encoding="utf-8")
    assert public == example_reports["en"]["public"]
    private = (folder / "reports" / phase / "austria.txt").read_text(encoding="utf-8")
    assert private == example_reports["en"]["austria"]


def test_the_example_in_spanish_reads_the_rulebook_words(
    example_reports: dict[str, dict[str, str]],
) -> None:
    public = example_reports["es"]["public"]
    assert "Fase resuelta: Primavera de 1901, movimiento (1901-spring-movement)" in public
    assert "== Inglaterra ==" in public
    assert "  A VIE - GAL  rebote" in public
    assert "  A BUD H      sin orden; se mantiene" in public
    assert "provincia desconocida 'Serbie'" in public
    assert "Próxima fase: Otoño de 1901, movimiento (1901-fall-movement)" in public
    catalan = example_reports["ca"]["france"]
    assert "Informe privat per a França" in catalan
    assert "província desconeguda 'mid-atlantc'" in catalan


# --- a retreat and an adjustment phase -------------------------------------------


@pytest.fixture(scope="module")
def game_map() -> GameMap:
    return load_map("classic")


def turn(game_map: GameMap, state: GameState, text: str) -> TurnReport[GameState]:
    """`state`'s phase played with the orders `text` (power headers inside)."""
    kind = PhaseKind(state.phase.kind)
    parsed = parse_orders(text, game_map=game_map, phase_kind=kind, file="turno.txt")
    resolution = CLASSIC.resolve(state, parsed.orders, game_map)
    return TurnReport(
        resolution=resolution,
        game_map=game_map,
        ruleset="classic",
        ruleset_title=CLASSIC.title,
        game_name="demo",
        issues=parsed.issues + illegal_issues(resolution.results),
    )


FALL_MOVEMENT = GameState(
    phase=Phase(1901, Season.FALL, PhaseKind.MOVEMENT),
    units=(
        Unit("france", A, "BUR"),
        Unit("france", F, "MAO"),
        Unit("germany", A, "MUN"),
        Unit("germany", A, "RUH"),
        Unit("germany", F, "KIE"),
    ),
    supply_centers={"MUN": "germany", "KIE": "germany", "PAR": "france", "BRE": "france"},
)
FALL_ORDERS = """\
Germany:
A MUN - BUR
A RUH S A MUN - BUR
F KIE - MUN
France:
A BUR H
F MAO - SPA
A PAR - PIC
"""

FALL_RETREAT = GameState(
    phase=Phase(1901, Season.FALL, PhaseKind.RETREAT),
    units=(
        Unit("france", F, "MAO"),
        Unit("germany", A, "BUR"),
        Unit("germany", A, "RUH"),
        Unit("germany", F, "KIE"),
    ),
    supply_centers={"MUN": "germany", "KIE": "germany", "PAR": "france", "BRE": "france"},
    dislodged=(Dislodged(Unit("france", A, "BUR"), "MUN", retreats=("GAS", "PAR", "PIC")),),
)

WINTER = GameState(
    phase=Phase(1901, Season.WINTER, PhaseKind.ADJUSTMENT),
    units=(
        Unit("france", A, "BUR"),
        Unit("france", A, "PIC"),
        Unit("france", F, "MAO"),
        Unit("germany", A, "RUH"),
    ),
    supply_centers={
        "BER": "germany",
        "KIE": "germany",
        "MUN": "germany",
        "PAR": "france",
    },
)
WINTER_ORDERS = """\
Germany:
BUILD A BER
BUILD F MUN
BUILD A PAR
France:
DISBAND A BUR
"""


def reports(game_map: GameMap, state: GameState, orders: str, lang: str) -> tuple[str, str]:
    """The public report and the private one of France of a phase, in `lang`."""
    played = turn(game_map, state, orders)
    with using(lang, "classic"):
        return render_report(played), render_power_report(played, "france")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("state", "orders"),
    [
        (FALL_MOVEMENT, FALL_ORDERS),
        (FALL_RETREAT, "France:\nA BUR R MUN\n"),
        (WINTER, WINTER_ORDERS),
    ],
    ids=["movement", "retreat", "adjustment"],
)
def test_small_positions_snapshots(
    game_map: GameMap, state: GameState, orders: str, lang: str
) -> None:
    public, france = reports(game_map, state, orders, lang)
    snapshot(SNAPSHOTS / f"position-{state.phase.id}.{lang}.public.txt", public)
    snapshot(SNAPSHOTS / f"position-{state.phase.id}.{lang}.france.txt", france)
    if lang != "en":
        assert_no_english(public)
        assert_no_english(france)


def test_a_dislodgement_in_spanish(game_map: GameMap) -> None:
    public, _ = reports(game_map, FALL_MOVEMENT, FALL_ORDERS, "es")
    assert "  A BUR H      desalojada" in public
    assert "  Desalojada: A BUR (puede retirarse a: BEL, GAS, MAR, PAR, PIC)" in public
    assert "  A RUH S A MUN - BUR  apoyo dado" in public
    assert (
        "  F MAO - SPA  ilegal: costa errónea o no indicada; la unidad se mantiene "
        "(indica la costa de España: SPA/nc o SPA/sc)"
    ) in public
    assert "Próxima fase: Otoño de 1901, retirada (1901-fall-retreat)" in public


def test_a_retreat_in_catalan(game_map: GameMap) -> None:
    public, _ = reports(game_map, FALL_RETREAT, "France:\nA BUR R MUN\n", "ca")
    assert (
        "  A BUR R MUN  il·legal: una unitat no es pot retirar a la zona d'on va venir l'atac; "
        "la unitat es dissol (l'atac va venir de MUN)"
    ) in public
    assert "  Centres de subministrament: 2 (BRE, PAR); unitats: 1; construccions: 1" in public
    assert "Fase següent: Hivern de 1901, ajustos (1901-winter-adjustment)" in public


def test_an_adjustment_in_spanish(game_map: GameMap) -> None:
    public, _ = reports(game_map, WINTER, WINTER_ORDERS, "es")
    assert "  BUILD A BER  construida" in public
    assert (
        "  BUILD A PAR  ilegal: solo se construye en los centros de abastecimiento de origen; "
        "se ignora (París no es un centro de origen de Alemania)"
    ) in public
    assert (
        "  BUILD F MUN  ilegal: ese tipo de unidad no puede ir allí; se ignora "
        "(no se puede construir una flota en Múnich, en el interior)"
    ) in public
    assert "  DISBAND A BUR  disuelta" in public
    assert "disuelta por la regla de desorden civil" in public


def test_the_board_in_catalan(game_map: GameMap) -> None:
    with using("ca", "classic"):
        board = render_board(FALL_RETREAT, game_map)
    assert board.splitlines()[:4] == [
        "Fase: Tardor de 1901, retirada (1901-fall-retreat)",
        "França:",
        "  unitats (1): F MAO",
        "  centres (2): BRE, PAR",
    ]
    assert "  desallotjada: A BUR (es pot retirar a: GAS, PAR, PIC)" in board
    assert_no_english(board)


# --- order issues and refusals -----------------------------------------------------


def issues(game_map: GameMap, state: GameState, text: str) -> list[OrderIssue]:
    """The issues of `text` (one order a line, power headers inside): read,
    then checked against `state` as `mapjudge check` does."""
    kind = PhaseKind(state.phase.kind)
    parsed = parse_orders(text, game_map=game_map, phase_kind=kind, file="turno.txt")
    return [*parsed.issues, *CLASSIC.check(state, parsed.orders, game_map)]


def texts(found: list[OrderIssue], lang: str) -> list[str]:
    with using(lang, "classic"):
        return [issue.text for issue in found]


SPRING = CLASSIC.initial_state(load_map("classic"))


@pytest.mark.parametrize(
    ("orders", "es", "ca"),
    [
        (
            "Austria:\nA Budapest - Serbie",
            "provincia desconocida 'Serbie'",
            "província desconeguda 'Serbie'",
        ),
        (
            "Frnace:\nA PAR - BUR",
            "potencia desconocida 'Frnace'",
            "potència desconeguda 'Frnace'",
        ),
        (
            "Russia:\nF STP/ec - BOT",
            "San Petersburgo no tiene costa este",
            "Sant Petersburg no té costa est",
        ),
        (
            "France:\nBUILD A PAR",
            "en una fase de movimiento no se dan órdenes de construcción",
            "en una fase de moviment no es donen ordres de construcció",
        ),
        (
            "England:\nF LON - NTH via convoy -",
            "no se puede leer '-' aquí",
            "no es pot llegir '-' aquí",
        ),
        (
            "England:\nF LON -",
            "la orden está incompleta",
            "l'ordre és incompleta",
        ),
        ("France:\nA PAR - BUR\nA PAR - PIC", "", ""),  # the later order counts: see below
    ],
)
def test_order_issues_read_in_spanish_and_catalan(
    game_map: GameMap, orders: str, es: str, ca: str
) -> None:
    found = issues(game_map, SPRING, orders)
    if not es:
        assert texts(found, "es") == ["sustituida por una orden posterior para PAR"]
        assert texts(found, "ca") == ["substituïda per una ordre posterior per a PAR"]
        return
    assert texts(found, "es")[:1] == [es]
    assert texts(found, "ca")[:1] == [ca]
    assert texts(found, "en")[:1] == [found[0].message]


def test_the_nearest_names_are_the_readers(game_map: GameMap) -> None:
    (issue,) = issues(game_map, SPRING, "France:\nF BRE - mid-atlantc")
    assert issue.suggestions == ("MAO (Mid-Atlantic Ocean)",)
    with using("es", "classic"):
        assert [tr(s) for s in issue.suggestions] == ["MAO (Océano Atlántico Medio)"]
    with using("ca", "classic"):
        assert [tr(s) for s in issue.suggestions] == ["MAO (Oceà Atlàntic Mitjà)"]


@pytest.mark.parametrize(
    ("orders", "es", "ca"),
    [
        (  # no such unit
            "France:\nA PIC - BEL",
            "no hay ninguna unidad en PIC",
            "no hi ha cap unitat a PIC",
        ),
        (  # someone else's unit
            "France:\nA MUN - BUR",
            "la unidad de MUN pertenece a germany",
            "la unitat de MUN pertany a germany",
        ),
        (  # unreachable destination, an army
            "France:\nA PAR - MOS",
            "no hay ruta de PAR a MOS",
            "no hi ha cap ruta de PAR a MOS",
        ),
        (  # unreachable destination, a fleet
            "France:\nF BRE - PAR",
            "una flota no puede entrar en París, una zona de tierra",
            "una flota no pot entrar a París, una zona de terra",
        ),
        (  # an army into the sea
            "France:\nA PAR - ENG",
            "un ejército no puede entrar en Canal de la Mancha, una zona de mar",
            "un exèrcit no pot entrar a Canal de la Mànega, una zona de mar",
        ),
        (  # support of a move the supporter could not make itself
            "Germany:\nA MUN S A PAR - PIC",
            "A MUN no puede llegar a PIC",
            "A MUN no pot arribar a PIC",
        ),
        (  # a coast missing
            "France:\nF MAR - SPA\nF BRE - MAO\nA PAR H",
            "",
            "",
        ),
    ],
)
def test_refusals_read_in_spanish_and_catalan(
    game_map: GameMap, orders: str, es: str, ca: str
) -> None:
    found = issues(game_map, SPRING, orders)
    if not es:  # F MAR - SPA: Marseilles touches only Spain's south coast, no refusal
        assert found == []
        found = issues(game_map, MAO_FLEET, "France:\nF MAO - SPA")
        es = "indica la costa de España: SPA/nc o SPA/sc"
        ca = "cal indicar la costa a Espanya: SPA/nc o SPA/sc"
    assert texts(found, "es") == [es]
    assert texts(found, "ca") == [ca]


MAO_FLEET = GameState(
    phase=Phase(1901, Season.SPRING, PhaseKind.MOVEMENT),
    units=(Unit("france", F, "MAO"),),
    supply_centers={},
)


def test_retreat_and_adjustment_refusals(game_map: GameMap) -> None:
    assert texts(issues(game_map, FALL_RETREAT, "France:\nA BUR R PAR\nF MAO R BRE"), "es") == [
        "la unidad de MAO no fue desalojada"
    ]
    assert texts(issues(game_map, WINTER, "Germany:\nBUILD A PAR\nBUILD F MUN"), "ca") == [
        "Alemanya no té París com a centre d'origen",
        "no es pot construir una flota a Munic, a l'interior",
    ]
    assert texts(issues(game_map, WINTER, "Russia:\nBUILD F STP"), "es") == [
        "a russia no le quedan construcciones"
    ]
    russia = GameState(
        phase=Phase(1901, Season.WINTER, PhaseKind.ADJUSTMENT),
        units=(Unit("russia", A, "MOS"),),
        supply_centers={"MOS": "russia", "STP": "russia"},
    )
    assert texts(issues(game_map, russia, "Russia:\nBUILD F STP"), "es") == [
        "indica la costa de San Petersburgo: nc, sc"
    ]
    assert texts(issues(game_map, russia, "Russia:\nBUILD F STP"), "ca") == [
        "cal indicar la costa a Sant Petersburg: nc, sc"
    ]


def test_a_support_the_other_unit_did_not_order(game_map: GameMap) -> None:
    orders = "Germany:\nA MUN S A BER - SIL\nA BER H\n"
    state = GameState(
        phase=Phase(1901, Season.SPRING, PhaseKind.MOVEMENT),
        units=(Unit("germany", A, "BER"), Unit("germany", A, "MUN")),
        supply_centers={},
    )
    played = turn(game_map, state, orders)
    with using("es", "classic"):
        public = render_report(played)
    assert (
        "  A MUN S A BER - SIL  la otra unidad no tenía esa orden; sin efecto "
        "(la unidad apoyada no recibió esa orden)"
    ) in public
    with using("ca", "classic"):
        public = render_report(played)
    assert (
        "  A MUN S A BER - SIL  l'altra unitat no tenia aquesta ordre; sense efecte "
        "(la unitat que rep el suport no va rebre aquesta ordre)"
    ) in public


def test_a_game_files_problems_in_spanish(game_map: GameMap) -> None:
    wrong = GameState(
        phase=Phase(1901, Season.SPRING, PhaseKind.MOVEMENT),
        units=(Unit("england", A, "NTH"), Unit("england", F, "PAR"), Unit("narnia", A, "LON")),
        supply_centers={"YOR": "england", "PRA": "france"},
    )
    with using("es", "classic"):
        found = [tr(p) for p in board_problems(wrong, game_map)]
    assert found == [
        "units.england: A NTH: un ejército no puede estar en el mar",
        "units.england: F PAR: una flota no puede estar en el interior",
        (
            "units.narnia: potencia desconocida 'narnia' (conocidas: austria, england, france, "
            "germany, italy, russia, turkey)"
        ),
        (
            "supply_centers.france: zona desconocida 'PRA' (las más cercanas: PAR (París), "
            "POR (Portugal), PRU (Prusia))"
        ),
        "supply_centers.england: YOR no es un centro de abastecimiento",
    ]


def test_a_state_files_errors_in_catalan() -> None:
    with pytest.raises(StateDataError) as caught:
        GameState.from_dict({"phase": "1901-spring-movement", "units": {"england": ["X LON"]}})
    with using("ca", "classic"):
        assert tr(caught.value.args[0]) == (
            "units.england: 'X LON' no és una unitat (A, F o G i una zona, p. ex. 'A PAR')"
        )
    assert str(caught.value) == (
        "units.england: 'X LON' is not a unit (A, F or G and an area, e.g. 'A PAR')"
    )
