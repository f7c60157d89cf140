"""The Narrator's file (orders.narrativo.narrator_file)."""

from __future__ import annotations

import pytest

from adjudicator.rulesets.narrativo.sheet import Condition
from orders.issues import IssueKind, OrderIssue
from orders.narrativo.model import (
    ActionKind,
    CheckKind,
    Effort,
    Emotion,
    MoralTrigger,
    NarratorFile,
    Pool,
    Situation,
)
from orders.narrativo.narrator_file import read_narrator_file
from orders.narrativo.narrator_words import CONDITIONS
from tests.narrativo.test_declarations import NAMES


def read(text: str) -> tuple[NarratorFile, tuple[OrderIssue, ...]]:
    return read_narrator_file(text.encode("utf-8"), file="narrador.yaml", names=NAMES)


def clean(text: str) -> NarratorFile:
    made, issues = read(text)
    assert issues == ()
    return made


def messages(issues: tuple[OrderIssue, ...]) -> list[str]:
    return [issue.message for issue in issues]


FULL = """\
tiempo: 1 turno
escena: Asalto al puente
iniciativa: [Kessler, Dreyer, Müller]
reglas:
  Dreyer:
    dificultad: 6
    dados: -1
    mod_dificultad: 1
    automatico: true
    combate: false
    oculta: false
    exitos: 20
    turnos: 20
    tiradas_ahora: 3
    contra: {dificultad: 6, dados: 2}
    hazana: true
    decisiva: false
    niveles: {0: "colgado de un árbol", 3: "toma tierra más o menos bien", 5: "sin apenas ruido"}
    rechaza: "no hay tiempo"
pnj:
  - "Kessler: Destreza + Esquivar"
chequeos:
  - {personaje: Dreyer, tipo: moral, desencadenante: herido, situaciones: [bajo_fuego]}
descanso:
  - {personaje: Dreyer, minutos: 40, dormido: false}
cambios:
  - {personaje: Dreyer, salud: 1, carga: 32, moral: 12, moral_historico: {valor: 3, momento: "1943"}, estado: bien}
revela: [kessler-1]
"""


def test_every_key() -> None:
    """N-017, N-018, N-023, N-048, N-072, N-073, N-168, N-169, N-183, NAMB-02,
    NAMB-03, NAMB-31: each key of the brief's example file."""
    made = clean(FULL)
    assert (made.advance_turns, made.scene, made.initiative) == (
        1,
        "Asalto al puente",
        ("kessler", "dreyer", "muller"),
    )
    (ruling,) = made.rulings
    assert (ruling.ref, ruling.difficulty, ruling.dice, ruling.difficulty_mod) == (
        "dreyer",
        6,
        -1,
        1,
    )
    assert (ruling.automatic, ruling.combat, ruling.hidden) == (True, False, False)
    assert (ruling.need, ruling.limit, ruling.rolls) == (20, 20, 3)
    assert (ruling.opponent_difficulty, ruling.opponent_dice) == (6, 2)
    assert (ruling.feat, ruling.decisive, ruling.refused) == (True, False, "no hay tiempo")
    assert dict(ruling.levels) == {
        0: "colgado de un árbol",
        3: "toma tierra más o menos bien",
        5: "sin apenas ruido",
    }
    (npc,) = made.npc
    assert (npc.id, npc.kind, npc.pools, npc.source and npc.source.line) == (
        "kessler-1",
        ActionKind.SIMPLE,
        (Pool(("Destreza", "Esquivar")),),
        21,
    )
    (check,) = made.checks
    assert (check.character, check.kind, check.trigger, check.situations) == (
        "dreyer",
        CheckKind.MORAL,
        MoralTrigger.WOUNDED,
        (Situation.UNDER_FIRE,),
    )
    (rest,) = made.rests
    assert (rest.character, rest.minutes, rest.asleep) == ("dreyer", 40, False)
    (change,) = made.changes
    assert (change.health_penalty, change.load_kg, change.moral, change.historical) == (
        1,
        32,
        12,
        (3, "1943"),
    )
    assert change.condition == "bien"
    assert made.reveal == ("kessler-1",)


def test_english_keys() -> None:
    """The English aliases of every key."""
    made = clean(
        "time: 2 minutes\nscene: Bridge\ninitiative: Dreyer, Kessler\n"
        "rulings:\n  dreyer-2: {difficulty: [4, 8], dice: 1, difficulty_mod: -1, automatic: no,"
        " combat: yes, hidden: true, need: 5, limit: 4, rolls_now: 2, opponent: {difficulty: 7},"
        " feat: false, decisive: true, levels: {1: a}, refused: b}\n"
        "npc: ['Kessler: Fuerza']\n"
        "checks: [{character: Dreyer, kind: willpower, emotion: fear, situations: superior enemy}]\n"
        "rests: [{character: Müller, minutes: 60, asleep: true}]\n"
        "changes: [{character: Ward, health: 2, condition: knocked_out}]\n"
        "reveal: kessler-1\n"
    )
    assert (made.advance_turns, made.scene, made.initiative) == (
        24,
        "Bridge",
        ("dreyer", "kessler"),
    )
    (ruling,) = made.rulings
    assert (ruling.ref, ruling.difficulty, ruling.difficulties) == ("dreyer-2", None, (4, 8))
    assert (ruling.automatic, ruling.combat, ruling.hidden, ruling.rolls) == (False, True, True, 2)
    assert (ruling.opponent_difficulty, ruling.opponent_dice, ruling.decisive) == (7, 0, True)
    assert made.checks[0].emotion is Emotion.FEAR
    assert made.checks[0].situations == (Situation.SUPERIOR_ENEMY,)
    assert (made.rests[0].character, made.rests[0].asleep) == ("muller", True)
    assert (made.changes[0].health_penalty, made.changes[0].condition) == (2, "noqueado")
    assert made.reveal == ("kessler-1",)


@pytest.mark.parametrize(
    ("written", "turns"),
    [
        ("1 turno", 1),
        ("3 turnos", 3),
        ("2 minutos", 24),
        ("1 hora", 720),
        ("90 min", 1080),
        ("1 hora 30 minutos", 1080),
        ("1h y 5 min", 780),
        ("30 segundos", 6),
        ("7", 7),
        ("0", 0),
    ],
)
def test_time(written: str, turns: int) -> None:
    """N-043, N-048: turns of 5 seconds, 12 to a minute; a bare number is turns."""
    assert clean(f"tiempo: {written}\n").advance_turns == turns


def test_time_defaults_to_one_turn() -> None:
    """N-043: an exchange with no `tiempo` advances one turn."""
    assert clean("escena: x\n").advance_turns == 1


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("tres turnos", "tiempo: cannot read the time 'tres turnos'"),
        ("3 dias", "tiempo: cannot read the time '3 dias'"),
        ("7 segundos", "tiempo: '7 segundos' is not a whole number of 5-second turns"),
        ("200 horas", "tiempo: '200 horas' is more than a week (120960 turns)"),
        ("1.5", "tiempo: 1.5 is no time"),
    ],
)
def test_bad_time(written: str, message: str) -> None:
    """N-048: a time that cannot be read is reported and the default kept."""
    made, issues = read(f"tiempo: {written}\n")
    assert made.advance_turns == 1
    assert messages(issues)[0].startswith(message)


def test_ruling_keys() -> None:
    """A ruling's key: a declaration id, a character (rank word dropped), any spelling."""
    made = clean(
        "reglas:\n  Dreyer-2: {dificultad: 5}\n  Sargento Ward: {dificultad: 6}\n"
        "  Kurt Dreyer: {dificultad: 7}\n"
    )
    assert [r.ref for r in made.rulings] == ["dreyer-2", "ward", "dreyer"]


def test_difficulty_within_two_and_ten() -> None:
    """N-174: a difficulty outside 2..10 is refused: the ruling is dropped, the rest read."""
    made, issues = read("reglas:\n  Dreyer: {dificultad: 12}\n  Müller: {dificultad: 2}\n")
    assert [r.ref for r in made.rulings] == ["muller"]
    assert messages(issues) == ["reglas.Dreyer.dificultad: 12 is not within 2..10"]
    assert issues[0].kind is IssueKind.ILLEGAL
    _, issues = read("reglas:\n  Dreyer: {dificultad: [4, 11]}\n")
    assert messages(issues) == ["reglas.Dreyer.dificultad[1]: 11 is not within 2..10"]


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("{dados: muchos}", "reglas.Dreyer.dados: 'muchos' is not a whole number"),
        ("{dados: 40}", "reglas.Dreyer.dados: 40 is not within -20..20"),
        ("{automatico: quizá}", "reglas.Dreyer.automatico: 'quizá' is not yes or no (true/false)"),
        ("{exitos: 0}", "reglas.Dreyer.exitos: 0 is not within 1..1000"),
        ("{niveles: [1, 2]}", "reglas.Dreyer.niveles: must map successes to words"),
        ("{contra: {dados: 1, nivel: 2}}", "reglas.Dreyer.contra.nivel: unknown key"),
        ("{dificultad: 6, difficulty: 7}", "reglas.Dreyer.difficulty: the same as"),
        ("6", "reglas.Dreyer: must be a mapping of keys, not 6"),
    ],
)
def test_bad_ruling_values(entry: str, message: str) -> None:
    """Every bad value names the key path; the ruling is dropped."""
    made, issues = read(f"reglas:\n  Dreyer: {entry}\n")
    assert made.rulings == ()
    assert messages(issues)[0].startswith(message)


def test_unknown_keys_with_suggestions() -> None:
    """Unknown keys are reported with the nearest known ones."""
    made, issues = read("escena: x\nreglass: {}\nreglas:\n  Dreyer: {dificultat: 6}\n")
    assert made.scene == "x"
    assert [(i.message, i.suggestions[:1]) for i in issues] == [
        ("reglass: unknown key", ("reglas",)),
        ("reglas.Dreyer.dificultat: unknown key", ("dificultad",)),
    ]


def test_unknown_character_in_a_ruling() -> None:
    """A ruling for an unknown character names the nearest ones."""
    _, issues = read("reglas:\n  Dreyre: {dificultad: 6}\n  Kesler-1: {dificultad: 6}\n")
    assert [(i.message, i.suggestions) for i in issues] == [
        ("reglas.Dreyre: unknown character 'Dreyre'", ("Dreyer",)),
        (
            (
                "reglas.Kesler-1: no declaration id (`dreyer-1`) nor character: unknown"
                " character 'Kesler'"
            ),
            ("Kessler",),
        ),
    ]


def test_a_second_ruling_for_one_declaration() -> None:
    """Two rulings for the same declaration: the first stands."""
    made, issues = read("reglas:\n  Dreyer: {dificultad: 6}\n  dreyer: {dificultad: 8}\n")
    assert [r.difficulty for r in made.rulings] == [6]
    assert issues[0].kind is IssueKind.AMBIGUOUS


def test_initiative_problems() -> None:
    """N-024, NAMB-31: the Narrator orders the actions; unknown or repeated
    characters in the initiative are reported."""
    made, issues = read("iniciativa: [Kessler, Drayer, Kessler, Müller]\n")
    assert made.initiative == ("kessler", "muller")
    assert [(i.message, i.suggestions) for i in issues] == [
        ("iniciativa[1]: unknown character 'Drayer'", ("Dreyer",)),
        ("iniciativa[2]: Kessler is named twice", ()),
    ]


def test_checks() -> None:
    """N-052, N-120, N-129: checks by Spanish value or English name; a situation
    written as `motivo` is a situation."""
    made = clean(
        "chequeos:\n"
        "  - {personaje: Dreyer, tipo: moral, motivo: bajo_fuego, situaciones: [hambriento]}\n"
        "  - {personaje: Müller, tipo: fatiga, esfuerzo: run, minutos: 4, oculta: true}\n"
        "  - {personaje: Ward, tipo: fatiga mental, dificultad: 7, dados: -1, mod_dificultad: 1,"
        " razon: guardia}\n"
        "  - {personaje: Ward, tipo: voluntad, emocion: furia, situaciones: humillado}\n"
    )
    moral, fatigue, mental, fury = made.checks
    assert (moral.trigger, moral.situations) == (
        None,
        (Situation.HUNGRY, Situation.UNDER_FIRE),
    )
    assert (fatigue.kind, fatigue.effort, fatigue.minutes, fatigue.hidden) == (
        CheckKind.FATIGUE,
        Effort.RUN,
        4,
        True,
    )
    assert (mental.kind, mental.difficulty, mental.dice, mental.difficulty_mod, mental.reason) == (
        CheckKind.MENTAL_FATIGUE,
        7,
        -1,
        1,
        "guardia",
    )
    assert (fury.emotion, fury.situations) == (Emotion.FURY, (Situation.HUMILIATED,))


@pytest.mark.parametrize(
    ("entry", "message", "suggestions"),
    [
        ("{personaje: Dreyer}", "chequeos[0]: missing `tipo`", ()),
        ("{tipo: moral}", "chequeos[0]: missing `personaje`", ()),
        ("{personaje: Dreyer, tipo: morla}", "chequeos[0].tipo: unknown value 'morla'", ("moral",)),
        (
            "{personaje: Dreyer, tipo: moral, situaciones: [bajo fuegos]}",
            "chequeos[0].situaciones[0]: unknown value 'bajo fuegos'",
            ("bajo_fuego",),
        ),
        (
            "{personaje: Dreyer, tipo: dolor, desencadenante: herido}",
            "chequeos[0].desencadenante: a trigger is for a Moral check (N-061)",
            (),
        ),
        (
            "{personaje: Dreyer, tipo: moral, emocion: miedo}",
            "chequeos[0].emocion: an emotion is for a Voluntad check (N-120)",
            (),
        ),
    ],
)
def test_bad_checks(entry: str, message: str, suggestions: tuple[str, ...]) -> None:
    """A bad check is reported by its path with the nearest values, and dropped."""
    made, issues = read(f"chequeos:\n  - {entry}\n  - {{personaje: Ward, tipo: dolor}}\n")
    assert [c.character for c in made.checks] == ["ward"]
    assert [(i.message, i.suggestions[:1]) for i in issues] == [(message, suggestions[:1])]


def test_bad_rests_and_changes() -> None:
    """N-143, N-089, NAMB-32: rests and changes with bad values are dropped."""
    made, issues = read(
        "descanso:\n  - {personaje: Dreyer}\n  - {personaje: Dreyer, minutos: 0}\n"
        "cambios:\n  - {personaje: Dreyer, moral_historico: {valor: 6}}\n"
        "  - {personaje: Dreyer}\n  - {personaje: Dreyer, estado: dormidos}\n"
        "  - {personaje: Dreyer, moral_historico: -2}\n"
        "descansos: 3\n"
    )
    assert made.rests == ()
    assert [c.historical for c in made.changes] == [(-2, "")]
    assert [(i.message, i.suggestions) for i in issues] == [
        ("descansos: the same as descanso, given twice", ()),
        ("descanso[0]: missing `minutos`", ()),
        ("descanso[1].minutos: 0 is not within 1..10080", ()),
        ("cambios[0].moral_historico.valor: 6 is not within -5..5", ()),
        ("cambios[1]: changes nothing", ()),
        ("cambios[2].estado: unknown condition 'dormidos'", ("dormido",)),
    ]


def test_conditions_match_the_sheet() -> None:
    """The condition words give exactly the sheet's Condition values."""
    assert set(CONDITIONS.values()) == {condition.value for condition in Condition}


def test_npc_lines() -> None:
    """NAMB-31: the Narrator's lines name his own characters, with their file lines."""
    made, issues = read(
        "escena: x\npnj:\n  - 'Kessler: opuesta Fuerza + Pelea contra Dreyer'\n"
        "  - 'Dreyer: Fuerza'\n  - 'Centinela: Astucia'\n  - 'Kessler: elige trauma'\n"
    )
    assert [(d.id, d.kind, d.source and d.source.line) for d in made.npc] == [
        ("kessler-1", ActionKind.OPPOSED_ACTIVE, 3),
        ("centinela-1", ActionKind.SIMPLE, 5),
    ]
    assert [(i.source.line, i.kind) for i in issues] == [
        (4, IssueKind.ILLEGAL),
        (6, IssueKind.ILLEGAL),
    ]


def test_reveal_labels() -> None:
    """Hidden rolls to show: ids and check labels by character name, the rest as written."""
    made = clean("revela: [Kessler-1, 'Centinela:moral', ward:dolor#2, otra-cosa]\n")
    assert made.reveal == ("kessler-1", "centinela:moral", "ward:dolor#2", "otra-cosa")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("- a\n- b\n", "the Narrator's file must be a mapping of keys"),
        ("reglas: [1, 2]\n", "reglas: must map declarations"),
        ("chequeos: {a: 1}\n", "chequeos: must be a list"),
        ("a: [\n", "bad YAML"),
        ("a: &x 1\nb: *x\n", "bad YAML: anchors and aliases"),
    ],
)
def test_bad_files(text: str, message: str) -> None:
    """A file that is no mapping, bad YAML, or a section of the wrong shape."""
    _, issues = read(text)
    assert messages(issues)[0].startswith(message)


def test_empty_file() -> None:
    """An empty file is an exchange of one turn with nothing else."""
    assert clean("") == NarratorFile(source=clean("").source)


def test_huge_file() -> None:
    """A file over the YAML limit is refused before it is parsed."""
    made, issues = read("escena: " + "x" * (300 * 1024) + "\n")
    assert made.scene is None
    assert "bad YAML" in issues[0].message and "bytes or more" in issues[0].message


def test_deep_file() -> None:
    """A file nested too deeply is refused, never a traceback."""
    _, issues = read("a: " + "[" * 20000 + "]" * 20000 + "\n")
    assert issues and issues[0].kind is IssueKind.SYNTAX
