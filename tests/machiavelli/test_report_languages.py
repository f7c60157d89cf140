"""Machiavelli's reports in English, Spanish and Catalan (issue 19).

Each bundled example is played once per language (`mapjudge adjudicate ...
--lang LANG`, every phase), and the reports of the phases that show most of
the ruleset's words are kept as snapshots in `tests/snapshots/machiavelli/`
(`<phase>.<lang>.<name>.txt`): the public report and private ones. Spanish
and Catalan have no English word left (`tests.languages.english_words`);
English is what the example's `played/` reports say, byte for byte.

The basic game (`examples/machiavelli-1454`): the summer of 1454 (sieges
begun, a support of another power's unit, a dislodgement and its retreat
options, a convoy, a conversion), its fall (cities surrendered, control
gained and lost, the cities counted) and the adjustment of 1455 (purchases).
The advanced game (`examples/machiavelli-1454-advanced`): the fall of 1454
(the famine roll, the variable-income die, each power's income), the spring
adjustment of 1455 (upkeep, purchases, a special unit, a refusal) and the
spring of 1455 (loans repaid, granted and defaulted, expenses, an
assassination, paralysis, rebellions).

Then the order issues and refusals Machiavelli's own readers and rules write,
told in each language.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from adjudicator.app.game import current_phase_id
from adjudicator.kits.board.state import Unit
from adjudicator.rulesets.machiavelli.advanced.loans import LoanRefusal, RefusalReason
from adjudicator.rulesets.machiavelli.advanced.rebellions import RebellionKind, placement_problem
from adjudicator.rulesets.machiavelli.board import reach_problem
from adjudicator.rulesets.machiavelli.ruleset import MACHIAVELLI, MachiavelliOptions
from adjudicator.rulesets.machiavelli.spring import build_problem
from adjudicator.rulesets.machiavelli.validate import garrison_rule
from maps.loader import load_map
from orders.board.model import UnitKind, UnitRef
from orders.issues import OrderIssue, Source
from orders.machiavelli.expenses import read_advanced_line
from orders.machiavelli.local_names import power_label
from tests.cli_runner import run
from tests.languages import english_words, snapshot
from texts import tr, using

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
SNAPSHOTS = ROOT / "tests" / "snapshots" / "machiavelli"
LANGUAGES = ("en", "es", "ca")

BASIC = "machiavelli-1454"
ADVANCED = "machiavelli-1454-advanced"
SHOWN: dict[str, dict[str, tuple[str, ...]]] = {
    BASIC: {
        "1454-summer-movement": ("public", "venice", "papacy"),
        "1454-fall-movement": ("public", "milan"),
        "1455-spring-adjustment": ("public", "venice"),
    },
    ADVANCED: {
        "1454-fall-movement": ("public", "venice"),
        "1455-spring-adjustment": ("public", "venice", "milan"),
        "1455-spring-movement": ("public", "venice", "florence"),
    },
}
"""The phases snapshotted in each example, and whose reports."""

ALLOWED: tuple[str, ...] = ()
"""No English word is allowed: the rulebook (003) keeps none in its own words
that the reports use."""

PHASE_ID = re.compile(r"\b\d{4}-(?:spring|summer|fall)-(?:movement|retreat|adjustment)\b")
ROLL = re.compile(r"^  [\w:-]+ #\d+: d\d+ -> \d+$", re.MULTILINE)
OPTION = re.compile(r"\b\w+ = (?:True|False|\d+)\b")
KEYWORDS = frozenset({"BUILD", "DISBAND", "WAIVE"})


def _without_codes(text: str) -> str:
    """`text` without what is never translated: phase ids (`1454-summer-movement`,
    the names of files and folders), area codes and order keywords written in
    capitals (`IS`, the Ionian Sea; `BUILD A AUS`), the dice log's labels
    (`year-chart #0: d6 -> 4`) and the game options' names (`famine = True`)."""
    codes = {code for code in load_map("machiavelli").areas if code.isupper()} | KEYWORDS
    text = ROLL.sub(" ", PHASE_ID.sub(" ", text))
    text = OPTION.sub(" ", text)
    return re.sub(r"\b[A-Z]+\b", lambda m: " " if m.group() in codes else m.group(), text)


def _played(example: str, workdir: Path, lang: str) -> Path:
    """The example played phase by phase with `--lang LANG` (players without
    a language of their own read it too), in a copy under `workdir`."""
    folder = workdir / f"{example}-{lang}"
    shutil.copytree(EXAMPLES / example, folder, ignore=shutil.ignore_patterns("played", "reports"))
    wanted = set(SHOWN[example])
    while not all((folder / "reports" / f"{phase}.txt").is_file() for phase in wanted):
        phase = current_phase_id(folder)
        mail = folder / "orders" / phase
        assert mail.is_dir(), f"{example}: no mail for {phase}"
        result = run("adjudicate", folder, *sorted(mail.glob("*.txt")), "--lang", lang)
        assert result.exit_code in (0, 1), result.output
    return folder


@pytest.fixture(scope="module", params=[(e, lang) for e in SHOWN for lang in LANGUAGES])
def played(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[str, str, Path]:
    example, lang = request.param
    return example, lang, _played(example, tmp_path_factory.mktemp("played"), lang)


def _report(folder: Path, phase: str, name: str) -> str:
    reports = folder / "reports"
    path = reports / f"{phase}.txt" if name == "public" else reports / phase / f"{name}.txt"
    return path.read_text(encoding="utf-8")


def test_the_reports_read_in_each_language(played: tuple[str, str, Path]) -> None:
    example, lang, folder = played
    for phase, names in SHOWN[example].items():
        for name in names:
            text = _report(folder, phase, name)
            snapshot(SNAPSHOTS / example / f"{phase}.{lang}.{name}.txt", text)
            if lang != "en":
                assert english_words(_without_codes(text), ALLOWED) == [], f"{phase} {name}"
                continue
            played_copy = EXAMPLES / example / "played" / "reports"
            if played_copy.is_dir():
                kept = played_copy / (f"{phase}.txt" if name == "public" else f"{phase}/{name}.txt")
                assert text == kept.read_text(encoding="utf-8"), f"{phase} {name}"


def test_spanish_and_catalan_name_the_places_and_powers() -> None:
    """The names come from the map (`names: {es, ca}`)."""
    game_map = load_map("machiavelli")
    with using("es", "machiavelli"):
        assert game_map.areas["FLO"].local_name == "Florencia"
        assert game_map.powers["turks"].local_name == "Turcos"
    with using("ca", "machiavelli"):
        assert game_map.areas["NAP"].local_name == "Nàpols"
        assert game_map.powers["papacy"].local_name == "Papat"


# --- the order issues of the advanced lines ------------------------------------------

MAP = load_map("machiavelli")


def _issue(line: str, power: str = "venice") -> OrderIssue:
    read = read_advanced_line(line, power=power, game_map=MAP, source=Source("venice.txt", 3, line))
    assert isinstance(read, OrderIssue), read
    return read


@pytest.mark.parametrize(
    ("line", "es", "ca"),
    [
        (
            "(Z) Turco 12d",
            "letra de gasto desconocida 'Z': las letras son A, B, C, D, E, F, G, H, I, J, K",
            "lletra de despesa desconeguda 'Z': les lletres són A, B, C, D, E, F, G, H, I, J, K",
        ),
        (
            "(E) Turco",
            "el gasto no tiene cantidad: termínalo con los ducados (`12d`)",
            "la despesa no té quantitat: acaba-la amb els ducats (`12d`)",
        ),
        ("(E) Turcco 12d", "potencia desconocida 'Turcco'", "potència desconeguda 'Turcco'"),
        ("(A) Pissa 3d", "área desconocida 'Pissa'", "àrea desconeguda 'Pissa'"),
        (
            "préstamo 10d 3 años",
            "los préstamos son a uno o dos años (003 §11.2), no '3 años'",
            "els préstecs són a un o dos anys (003 §11.2), no '3 años'",
        ),
        (
            "da 5d a Venecia",
            "'Venecia' es la potencia que escribe: un regalo va a otra potencia",
            "'Venecia' és la potència que escriu: un regal va a una altra potència",
        ),
        (
            "paga Pisa",
            "indica la unidad: A, F o G y su área (`paga A MIL`)",
            "indica la unitat: A, F o G i la seva àrea (`paga A MIL`)",
        ),
    ],
)
def test_the_issues_of_the_advanced_lines_are_told_in_each_language(
    line: str, es: str, ca: str
) -> None:
    issue = _issue(line)
    english = issue.message
    with using("es", "machiavelli"):
        assert issue.text == es
    with using("ca", "machiavelli"):
        assert issue.text == ca
    assert issue.text == english  # English outside `using`, as before


def test_an_unknown_power_offers_its_nearest_names() -> None:
    issue = _issue("(E) Turcco 12d")
    assert issue.suggestions == ("Turks",)
    with using("es", "machiavelli"):
        assert [tr(s) for s in issue.suggestions] == ["Turcos"]
        assert issue.render().startswith("venice.txt, línea 3: ")


# --- refusals and problems of the rules ----------------------------------------------


def test_the_refusals_of_the_rules_are_told_in_each_language() -> None:
    state = MACHIAVELLI.hooks.initial_state(MAP, "balance", MachiavelliOptions())
    army = Unit("austria", UnitKind.ARMY, "TYR")
    reach = reach_problem(MAP, state, army, "VEN")
    build = build_problem(state, MAP, "venice", UnitRef(UnitKind.ARMY, "FLO"), set())
    rebellion = placement_problem(RebellionKind.CONQUERED, "venice", "FLO", False, state, MAP)
    refused = LoanRefusal("florence", 30, 1, RefusalReason.OVER_LIMIT)
    refusal = refused.told(power_label(MAP, "florence"))
    assert refusal == refused.message
    garrison = garrison_rule(MAP, "ALB")
    assert reach is not None and build is not None and rebellion and garrison
    expected = {
        "en": [
            "an army cannot enter Venice, a sea area",
            "Florence is not a home area of venice",
            "Florence is a home province of florence: that is expense D",
            "florence is refused a loan of 30d for 1 year(s): it would owe more than 25d",
            "ALB's city Albania is not fortified: no garrison there",
        ],
        "es": [
            "un ejército no puede entrar en Venecia, un área de mar",
            "Florencia no es un área natal de Venecia",
            "Florencia es una provincia natal de Florencia: eso es el gasto D",
            "a Florencia se le deniega un préstamo de 30d a 1 año(s): debería más de 25d",
            "la ciudad Albania de ALB no está fortificada: no puede haber guarnición",
        ],
        "ca": [
            "un exèrcit no pot entrar a Venècia, una àrea de mar",
            "Florència no és una àrea natal de Venècia",
            "Florència és una província natal de Florència: això és la despesa D",
            "a Florència se li denega un préstec de 30d a 1 any(s): deuria més de 25d",
            "la ciutat Albània de ALB no és fortificada: no hi pot haver guarnició",
        ],
    }
    for lang, texts in expected.items():
        with using(lang, "machiavelli"):
            told = [tr(reach[1]), tr(build[1]), tr(rebellion), tr(refusal), tr(garrison)]
        assert told == texts, lang


def test_a_module_without_the_one_it_needs_is_told_in_each_language() -> None:
    with pytest.raises(ValueError) as caught:
        MachiavelliOptions(finances=False, expenses=True)
    message = caught.value.args[0]
    assert str(message) == "expenses needs finances on (003, AM-48)"
    with using("es", "machiavelli"):
        assert tr(message) == "expenses necesita finances activado (003, AM-48)"
    with using("ca", "machiavelli"):
        assert tr(message) == "expenses necessita finances activat (003, AM-48)"
