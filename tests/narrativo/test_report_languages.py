"""narrativo (Comandos de Guerra) in Spanish and Catalan (issue 19): the
reports of one exchange of the bundled example `examples/narrativo-commando-raid`
in the three languages, and the order issues, refusals and Narrator's-file
problems of the ruleset as a Spanish or Catalan reader reads them.

Exchange 3 is snapshotted: a hidden roll revealed, an opposed action with a
rival's roll and a tie, a multiple action with a pifia, a simple action, an
extended action abandoned, a Moral loss of 5 leaving the choice of the
Trauma, a Fatigue effort of two checks, an effect running and the sheets.
The public report, a player's (ana's: Dreyer) and the Narrator's are kept.

What stays as written in every language: the rulebook's own Spanish words
the players and the Narrator write (the keywords `elige trauma`, the
triggers `bombardeo`, the situations `bajo_fuego`, the efforts `correr`),
the game's sheet names (attributes, skills, ranks) and what the players wrote
(intents, the Narrator's reasons)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator.rulesets.narrativo.options import NarrativoOptions
from adjudicator.rulesets.narrativo.outcome import Level, NarrativoResolution
from adjudicator.rulesets.narrativo.turn import NarrativoOrder, NarratorInput, resolve_exchange
from orders.issues import OrderIssue
from orders.narrativo.declarations import read_post
from orders.narrativo.model import ActionKind, NarratorFile, Ruling
from orders.narrativo.names import NarrativoNames
from orders.narrativo.narrator_file import read_narrator_file
from renderers.narrativo.entries import entries
from tests.languages import english_words, reports_in, snapshot
from tests.narrativo.test_actions_dice import ScriptedDice, character, declare, state_of
from texts import tr, using

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "narrativo-commando-raid"
PLAYED = EXAMPLE / "played" / "reports"
SNAPSHOTS = Path(__file__).resolve().parents[1] / "snapshots" / "narrativo"
PHASE = "3-turno"
READERS = ("public", "ana", "narrador")
LANGUAGES = ("en", "es", "ca")
FILE_NAMES = re.compile(r"\b[\w-]+\.txt\b")
ALLOWED = ()
"""No English word is kept: the rulebook (Spanish) names everything."""
NARRATOR_WORDS = ("mortar fire on the bridge", "a half-track on the bridge and no bazooka")
"""The Narrator's own words (`razon:` in the example's `orders/3-turno/narrador.txt`,
written in English): what he wrote is printed as written, never translated."""


def _readable(text: str) -> str:
    """`text` without what is no word of the report's language: the game's
    folder name (`narrativo-commando-raid`), the receipts' file names and
    the Narrator's own words."""
    for words in NARRATOR_WORDS:
        text = text.replace(words, " ")
    return FILE_NAMES.sub(" ", text.replace("narrativo-commando-raid", " "))


@pytest.fixture(scope="module", params=LANGUAGES)
def played(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[str, dict[str, str]]:
    lang = str(request.param)
    return lang, reports_in(EXAMPLE, tmp_path_factory.mktemp(f"narrativo-{lang}"), lang, PHASE)


@pytest.mark.parametrize("reader", READERS)
def test_the_exchange_reads_in_the_language(
    played: tuple[str, dict[str, str]], reader: str
) -> None:
    lang, reports = played
    text = reports[reader]
    snapshot(SNAPSHOTS / f"{PHASE}.{lang}.{reader}.txt", text)
    if lang == "en":
        english = PLAYED / (f"{PHASE}.txt" if reader == "public" else f"{PHASE}/{reader}.txt")
        assert text == english.read_text(encoding="utf-8")
    else:
        assert english_words(_readable(text), ALLOWED) == []


# --- order issues, the Narrator's file, refusals ------------------------------------------

NAMES = NarrativoNames(
    characters={"dreyer": ("Dreyer",), "muller": ("Müller",), "kessler": ("Kessler",)},
    attributes={"Fuerza": (), "Destreza": ()},
    skills={"Atletismo": (), "Pelea": ()},
    owners={"dreyer": "ana", "muller": "ana", "kessler": None},
)


def _post_issues(text: str, player: str | None = "ana") -> tuple[OrderIssue, ...]:
    return read_post(text, file="ana.txt", player=player, names=NAMES).issues


def _narrator_issues(text: str) -> tuple[OrderIssue, ...]:
    return read_narrator_file(text, file="narrador.txt", names=NAMES)[1]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "unknown character 'Drayer'"),
        ("es", "personaje desconocido 'Drayer'"),
        ("ca", "personatge desconegut 'Drayer'"),
    ],
)
def test_an_unknown_character_with_its_nearest(lang: str, expected: str) -> None:
    (issue,) = _post_issues("Drayer: Fuerza + Atletismo")
    with using(lang, "narrativo"):
        assert issue.text == expected
        assert "Dreyer" in issue.hint


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("es", "Kessler no es uno de tus personajes: los tuyos son Dreyer, Müller"),
        ("ca", "Kessler no és un dels teus personatges: els teus són Dreyer, Müller"),
    ],
)
def test_a_character_of_someone_else(lang: str, expected: str) -> None:
    (issue,) = _post_issues("Kessler: Fuerza + Pelea")
    with using(lang, "narrativo"):
        assert issue.text == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "es",
            (
                "una acción opuesta nunca es simple (N-026): escribe `opuesta` (compleja) u"
                " `opuesta extendida`"
            ),
        ),
        (
            "ca",
            (
                "una acció oposada mai no és simple (N-026): escriu `opuesta` (complexa) o"
                " `opuesta extendida`"
            ),
        ),
    ],
)
def test_an_illegal_declaration(lang: str, expected: str) -> None:
    (issue,) = _post_issues("Dreyer: simple opuesta Fuerza + Pelea contra Kessler")
    with using(lang, "narrativo"):
        assert issue.text == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("es", "atributo o habilidad desconocido 'Fuersa'"),
        ("ca", "atribut o habilitat desconegut 'Fuersa'"),
    ],
)
def test_an_unknown_attribute(lang: str, expected: str) -> None:
    (issue,) = _post_issues("Dreyer: Fuersa + Atletismo")
    with using(lang, "narrativo"):
        assert issue.text == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "reglas.Dreyer.dificultad: 12 is not within 2..10"),
        ("es", "reglas.Dreyer.dificultad: 12 no está entre 2..10"),
        ("ca", "reglas.Dreyer.dificultad: 12 no és entre 2..10"),
    ],
)
def test_a_narrator_file_problem(lang: str, expected: str) -> None:
    (issue,) = _narrator_issues("reglas:\n  Dreyer: {dificultad: 12}\n")
    with using(lang, "narrativo"):
        assert issue.text == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "es",
            (
                "tiempo: no se entiende el tiempo 'mucho': escribe `3 turnos`, `2 minutos`,"
                " `1 hora` o `90 min` (12 turnos por minuto, N-048)"
            ),
        ),
        (
            "ca",
            (
                "tiempo: no s'entén el temps 'mucho': escriu `3 turnos`, `2 minutos`,"
                " `1 hora` o `90 min` (12 torns per minut, N-048)"
            ),
        ),
    ],
)
def test_a_narrator_time_that_cannot_be_read(lang: str, expected: str) -> None:
    (issue,) = _narrator_issues("tiempo: mucho\n")
    with using(lang, "narrativo"):
        assert issue.text == expected


def _resolved(
    ruling: Ruling, faces: dict[str, list[int]] | None = None, moral: int = 10
) -> NarrativoResolution:
    """Dreyer's simple action (Fuerza + Atletismo) resolved under `ruling`,
    with scripted dice."""
    dreyer = character("dreyer", Fuerza=3, Atletismo=2, liderazgo=2, moral=moral)
    orders: list[NarrativoOrder] = [
        declare("dreyer", ActionKind.SIMPLE, ("Fuerza", "Atletismo")),
        NarratorInput(NarratorFile(rulings=(ruling,))),
    ]
    return resolve_exchange(state_of(dreyer), orders, NarrativoOptions(), ScriptedDice(faces))


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "refused by the Narrator: no hay tiempo"),
        ("es", "rechazada por el Narrador: no hay tiempo"),
        ("ca", "rebutjada pel Narrador: no hay tiempo"),
    ],
)
def test_a_refusal_by_the_narrator(lang: str, expected: str) -> None:
    (action,) = _resolved(Ruling("dreyer", refused="no hay tiempo")).actions
    assert action.level is Level.FAILURE
    with using(lang, "narrativo"):
        assert tr(action.refused) == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "the ruling gives no difficulty"),
        ("es", "la resolución no da ninguna dificultad"),
        ("ca", "la resolució no dona cap dificultat"),
    ],
)
def test_a_ruling_without_difficulty(lang: str, expected: str) -> None:
    (action,) = _resolved(Ruling("dreyer")).actions
    with using(lang, "narrativo"):
        assert tr(action.refused) == expected


def test_an_action_block_reads_in_each_language() -> None:
    """A botch of a simple action, its dice and words (the renderer's block)."""
    resolution = _resolved(Ruling("dreyer", difficulty=6), {"dreyer-1": [1, 3, 4, 2, 5]})
    expected = {
        "en": (
            "dreyer-1 — Dreyer, simple: Fuerza + Atletismo",
            (
                "  dreyer-1 Fuerza 3 + Atletismo 2 = 5 dice at 6 (dificultad 6): 1 3 4 2 5"
                " → 0 successes: pifia"
            ),
            "  Result: a botch (pifia): the action fails badly",
        ),
        "es": (
            "dreyer-1 — Dreyer, simple: Fuerza + Atletismo",
            (
                "  dreyer-1 Fuerza 3 + Atletismo 2 = 5 dados a 6 (dificultad 6): 1 3 4 2 5"
                " → 0 éxitos: pifia"
            ),
            "  Resultado: una pifia: la acción fracasa estrepitosamente",
        ),
        "ca": (
            "dreyer-1 — Dreyer, simple: Fuerza + Atletismo",
            (
                "  dreyer-1 Fuerza 3 + Atletismo 2 = 5 daus a 6 (dificultat 6): 1 3 4 2 5"
                " → 0 èxits: pífia"
            ),
            "  Resultat: una pífia: l'acció fracassa estrepitosament",
        ),
    }
    for lang, lines in expected.items():
        with using(lang, "narrativo"):
            (entry, *_) = entries(resolution)
            assert entry.lines[: len(lines)] == lines


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            "Moral check (bombardeo, demoralising): 2 dice at 6: 1 2 → 0 successes: Moral 10 → 4 (−6, N-063, NAMB-10). A loss of 6: Dreyer loses 1 Voluntad",
        ),
        (
            "es",
            "Chequeo de Moral (bombardeo, desmoralizante): 2 dados a 6: 1 2 → 0 éxitos: Moral 10 → 4 (−6, N-063, NAMB-10). Una pérdida de 6: Dreyer pierde 1 punto de Voluntad",
        ),
        (
            "ca",
            "Prova de Moral (bombardeo, desmoralitzant): 2 daus a 6: 1 2 → 0 èxits: Moral 10 → 4 (−6, N-063, NAMB-10). Una pèrdua de 6: Dreyer perd 1 punt de Voluntat",
        ),
    ],
)
def test_a_moral_loss_and_the_choice_it_leaves(lang: str, expected: str) -> None:
    from adjudicator.rulesets.narrativo.checks import run_check
    from orders.narrativo.model import CheckCall, CheckKind, MoralTrigger

    dreyer = character("dreyer", liderazgo=2, moral=10, fatiga=1)
    call = CheckCall("dreyer", CheckKind.MORAL, trigger=MoralTrigger.BOMBARDMENT)
    checked = run_check(
        call, state_of(dreyer), ScriptedDice({"dreyer:moral": [1, 2]}), NarrativoOptions(), 0
    )
    with using(lang, "narrativo"):
        assert tr(checked.result.words).startswith(expected)
        (choice,) = checked.changes.choices
        assert tr(choice.about).startswith(
            {"en": "Trauma of Moral", "es": "Trauma de Moral", "ca": "Trauma de Moral"}[lang]
        )


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "3d10 at difficulty 6, exploding 10s, 1s cancel nothing (NAMB-01)"),
        ("es", "3d10 a dificultad 6, los 10 explotan, los 1 no anulan nada (NAMB-01)"),
        ("ca", "3d10 a dificultat 6, els 10 exploten, els 1 no anul·len res (NAMB-01)"),
    ],
)
def test_the_odds_command_speaks_the_language(lang: str, expected: str) -> None:
    from tests.cli_runner import run

    result = run("odds", "3", "6", "--desperate", "--lang", lang)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == expected
    if lang != "en":
        assert english_words(result.output) == []
