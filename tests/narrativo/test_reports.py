"""narrativo's reports: the public text and JSON, a player's private report
with his characters' sheets, and the Narrator's full report (issue
"narrativo", the "Reports" bullet: each roll with its dice, exploded dice
after the pool, successes, level and outcome in words, the players'
choices, each player's sheets in his private report, hidden rolls only in
the Narrator's report until revealed). Every record is built by hand."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from adjudicator.core.dice import Roll
from adjudicator.core.phase import Phase
from adjudicator.core.receipts import Receipt
from adjudicator.rulesets.narrativo.outcome import (
    ActionResult,
    CheckResult,
    Level,
    NarrativoResolution,
    RestResult,
    Rolled,
    Term,
)
from adjudicator.rulesets.narrativo.pools import DesperateEnd, DesperateRoll, PoolRoll
from adjudicator.rulesets.narrativo.sheet import Character, HistoricalMoral, SheetBook
from adjudicator.rulesets.narrativo.state import (
    Clock,
    Effect,
    ExtendedAction,
    NarrativoState,
    PendingChoice,
)
from orders.issues import IssueKind, OrderIssue, Source
from orders.narrativo.model import (
    ActionKind,
    CheckCall,
    CheckKind,
    ChoiceKind,
    Declaration,
    MoralTrigger,
    Pool,
    RestCall,
    Ruling,
    Situation,
)
from renderers.narrativo.narrator import render_narrator, render_narrator_json
from renderers.narrativo.private import render_private, render_private_json
from renderers.narrativo.report import NarrativoTurnReport, render_public, render_public_json
from renderers.narrativo.words import desperate_steps, rolled_line

BOOK = SheetBook(
    {"Fuerza": (), "Destreza": (), "Astucia": (), "Inteligencia": ()},
    {"Atletismo": (), "Pelea": (), "Esquivar": (), "Mecánica": (), "Alerta": ()},
)


def person(id_: str, player: str | None, **extra: Any) -> Character:
    values: dict[str, Any] = {
        "voluntad": 5,
        "liderazgo": 3,
        "moral": 14,
        "resistencia": 2,
        "aplomo": 2,
    }
    values.update(extra)
    return Character(
        id_, id_, player, {"Destreza": 3, "Fuerza": 2}, {"Pelea": 3, "Atletismo": 2}, **values
    )


def pool(
    label: str, size: int, dice: tuple[int, ...], exploded: tuple[int, ...] = (), at: int = 6
) -> PoolRoll:
    every = dice + exploded
    hits = sum(1 for d in every if d >= at)
    botch = hits == 0 and 1 in every
    return PoolRoll(
        label,
        size,
        at,
        dice,
        exploded,
        hits,
        botch,
        every.count(10) >= 3,
        botch and every.count(1) >= 3,
    )


def rolled(
    label: str,
    terms: tuple[Term, ...],
    dice: PoolRoll | DesperateRoll | None,
    level: Level,
    successes: int,
    at: tuple[Term, ...] = (("base", 6),),
    automatic: bool = False,
    who: str | None = None,
) -> Rolled:
    size = max(0, sum(v for _, v in terms))
    who = who or label.split("-")[0].split(":")[0]
    return Rolled(
        label, who, terms, size, at, sum(v for _, v in at), dice, successes, level, automatic
    )


def declared(
    character: str, number: int, kind: ActionKind, intent: str, **extra: Any
) -> Declaration:
    return Declaration(
        character, kind, (Pool(("Destreza", "Atletismo")),), number, intent=intent, **extra
    )


JUMP = rolled(
    "Dreyer-1",
    (("Destreza", 3), ("Atletismo", 2), ("múltiple", -1)),
    pool("Dreyer-1", 4, (8, 3, 10, 2), (7,)),
    Level.COMPLETE,
    3,
)
PUNCH = rolled(
    "Dreyer-2",
    (("Fuerza", 2), ("Pelea", 3)),
    pool("Dreyer-2", 5, (10, 10, 10, 4, 1), (6, 2, 8)),
    Level.EXCELLENT,
    5,
)
DODGE = rolled(
    "Dreyer-2:rival",
    (("Destreza", 2), ("Esquivar", 1)),
    pool("Dreyer-2:rival", 3, (7, 1, 2)),
    Level.SCANT,
    1,
    who="Kessler",
)
CLIMB = rolled(
    "Muller-1", (("Destreza", 3), ("Atletismo", 3)), None, Level.SCANT, 1, automatic=True
)
LAST = rolled(
    "Muller-2:desesperada",
    (("Destreza", 1), ("salud", -1)),
    DesperateRoll("Muller-2:desesperada", (10, 1, 4), 0, DesperateEnd.DISASTER),
    Level.BOTCH,
    0,
    at=(("base", 7),),
)
ENGINE = rolled(
    "Muller-3",
    (("Inteligencia", 2), ("Mecánica", 1)),
    pool("Muller-3", 3, (1, 1, 1)),
    Level.BOTCH,
    0,
)
WATCH = rolled(
    "Kessler-1",
    (("Astucia", 3), ("Alerta", 2)),
    pool("Kessler-1", 5, (9, 9, 2, 1, 5)),
    Level.MODERATE,
    2,
)
SHAKEN = rolled(
    "Dreyer:moral",
    (("Liderazgo", 3), ("salud", -1)),
    pool("Dreyer:moral", 2, (4, 3)),
    Level.FAILURE,
    0,
    at=(("base", 6), ("bajo_fuego", 1)),
)
FEAR = rolled(
    "Kessler:voluntad",
    (("Voluntad", 4),),
    pool("Kessler:voluntad", 4, (2, 3, 4, 5)),
    Level.FAILURE,
    0,
)
TIRED = rolled(
    "Muller:fatiga",
    (("Resistencia", 2), ("Atletismo", 3)),
    pool("Muller:fatiga", 5, (1, 2, 3, 4, 5)),
    Level.FAILURE,
    0,
    at=(("base", 2), ("peso", 4)),
)
PAIN = rolled(
    "Muller:dolor",
    (("Voluntad", 5),),
    pool("Muller:dolor", 5, (3, 3, 8, 9, 2), at=7),
    Level.MODERATE,
    2,
    at=(("base", 7),),
)
REST = rolled(
    "Dreyer:descanso:fraccion",
    (("fracción", 1),),
    pool("Dreyer:descanso:fraccion", 1, (9,)),
    Level.SCANT,
    1,
)

PANIC = Effect("Kessler", "voluntad", -2, 17, 40, "Kessler:voluntad", "pánico")
ALERT = Effect("Kessler", "bonus", 1, 17, 20, "Kessler-1", "alerta")
FORCED = Effect("Muller", "descanso_forzoso", 0, 17, 136, "Muller:fatiga", "desfallecido")
BONUS = Effect("Dreyer", "bonus", 2, 17, 60, "Dreyer:choice", "bonificado", next_action=True)
HURT = Effect("Muller", "dolor", 0, 17, 30, "Muller:dolor", "dolor oculto")
CHOICE = PendingChoice(
    "Dreyer:moral",
    "Dreyer",
    (ChoiceKind.TRAUMA, ChoiceKind.LOSE_WILLPOWER),
    "Moral 9: tries to desert, or surrenders if threatened (N-085)",
    3,
)
WAITING = Declaration(
    "Muller",
    ActionKind.COMPLEX,
    (Pool(("Inteligencia", "Mecánica")),),
    4,
    source=Source("bob.txt", 3, "Muller: compleja Inteligencia + Mecánica"),
)
NPC_WAITING = Declaration("Kessler", ActionKind.SIMPLE, (Pool(("Astucia",)),), 2)


def states() -> tuple[NarrativoState, NarrativoState]:
    before = (
        person("Dreyer", "ana", historical=HistoricalMoral(3, "Túnez 1943"), fatiga=3),
        person("Muller", "bob", fatiga=5, resistencia=1, load_kg=20),
        person("Kessler", None),
    )
    after = (
        person(
            "Dreyer",
            "ana",
            historical=HistoricalMoral(3, "Túnez 1943"),
            fatiga=2,
            moral=9,
            voluntad_spent=1,
            squad="alfa",
            rank=3,
            rank_name="Sargento",
        ),
        person("Muller", "bob", fatiga=6, resistencia=1, load_kg=25, health_penalty=1),
        person("Kessler", None, moral=11),
    )
    previous = NarrativoState(
        Phase(3, None, "turno"),
        BOOK,
        before,
        Clock(5, 1, "El río"),
        hidden_rolls={"Kessler-9": 2, "Centinela-1": 1},
    )
    state = NarrativoState(
        Phase(4, None, "turno"),
        BOOK,
        after,
        Clock(17, 2, "El puente", 17),
        effects=(PANIC, ALERT, FORCED, BONUS, HURT),
        extended=(
            ExtendedAction("Dreyer-3", ("Dreyer",), 20, 20, rolls_made=5, total=7, difficulty=8),
        ),
        choices=(CHOICE,),
        revealed=frozenset({"Muller:fatiga", "Centinela-1"}),
        hidden_rolls={"Kessler-1": 4, "Kessler:voluntad": 4, "Muller:dolor": 4, "Kessler-9": 2},
    )
    return previous, state


def dice_log() -> tuple[Roll, ...]:
    rolls = (JUMP, PUNCH, DODGE, LAST, ENGINE, WATCH, SHAKEN, FEAR, TIRED, PAIN, REST)
    log: list[Roll] = []
    for r in rolls:
        assert r.dice is not None
        faces = r.dice.dice + (r.dice.exploded if isinstance(r.dice, PoolRoll) else ())
        log += [Roll("g", "3-turno", r.dice.purpose, i, 10, f) for i, f in enumerate(faces)]
    return tuple(log)


def resolution() -> NarrativoResolution:
    previous, state = states()
    actions = (
        ActionResult(
            declared("Dreyer", 1, ActionKind.COMPLEX, "salta el río"),
            None,
            (JUMP,),
            level=Level.COMPLETE,
            words="3 successes: completo — lands on the far bank",
            warnings=("a modifier of +7 held at +5 outside combat (N-173, NAMB-26)",),
        ),
        ActionResult(
            declared(
                "Dreyer", 2, ActionKind.OPPOSED_ACTIVE, "golpea a Kessler", opponent="Kessler"
            ),
            None,
            (PUNCH,),
            (DODGE,),
            net=4,
            level=Level.NOTABLE,
            words="4 levels of bludgeoning damage",
        ),
        ActionResult(
            declared("Muller", 1, ActionKind.SIMPLE, "trepa la tapia"),
            None,
            (CLIMB,),
            level=Level.SCANT,
            words="success",
        ),
        ActionResult(
            declared("Muller", 2, ActionKind.SIMPLE, "salta al tren", desperate=True),
            None,
            (LAST,),
            level=Level.BOTCH,
            words="a catastrophe (N-182)",
        ),
        ActionResult(
            declared("Muller", 3, ActionKind.COMPLEX, "arregla el motor"),
            None,
            (ENGINE,),
            level=Level.BOTCH,
            words="pifia",
        ),
        ActionResult(
            declared("Kessler", 1, ActionKind.OPPOSED_PASSIVE, "vigila", opponent="Dreyer"),
            Ruling("Kessler-1", 6, hidden=True),
            (WATCH,),
            level=Level.MODERATE,
            words="Kessler hears the squad",
            hidden=True,
        ),
    )
    checks = (
        CheckResult(
            CheckCall(
                "Dreyer", CheckKind.MORAL, MoralTrigger.WOUNDED, situations=(Situation.UNDER_FIRE,)
            ),
            SHAKEN,
            "Moral 14 → 9 (loses 5, N-063, NAMB-10)",
        ),
        CheckResult(
            CheckCall("Kessler", CheckKind.WILLPOWER, hidden=True), FEAR, "pánico", hidden=True
        ),
        CheckResult(
            CheckCall("Muller", CheckKind.PAIN, hidden=True),
            PAIN,
            "pain hidden (N-126)",
            hidden=True,
        ),
        CheckResult(
            CheckCall("Muller", CheckKind.FATIGUE, hidden=True),
            TIRED,
            "faints (NAMB-20)",
            hidden=True,
        ),
    )
    rests = (RestResult(RestCall("Dreyer", 30), 3, 2, (REST,), "Fatiga 3 → 2 (NAMB-17)"),)
    return NarrativoResolution(
        previous,
        state,
        actions,
        checks,
        rests,
        (WAITING, NPC_WAITING),
        ("The bridge is guarded.",),
        dice_log(),
    )


ISSUE = OrderIssue(
    IssueKind.SYNTAX,
    "unknown skill 'Atletsmo'",
    Source("bob.txt", 2, "Muller: Destreza + Atletsmo"),
    ("Atletismo",),
)


def facts(**extra: Any) -> NarrativoTurnReport:
    return NarrativoTurnReport(
        resolution(),
        "Operación Puente",
        "Comandos de Guerra",
        issues=(ISSUE,),
        receipts=(Receipt("ana.txt", "ab12"),),
        file_powers={"bob.txt": "bob"},
        **extra,
    )


PUBLIC = render_public(facts())
NARRATOR = render_narrator(facts())
PRIVATE = {p: render_private(facts(), p) for p in ("ana", "bob")}


def block(text: str, first: str) -> list[str]:
    """The lines of the entry starting with `first`, up to the next entry."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == first)
    out = [lines[start].strip()]
    for line in lines[start + 1 :]:
        if not line.startswith("    "):
            break
        out.append(line.strip())
    return out


def test_roll_line_pool_then_exploded_dice() -> None:
    """N-001, N-002, N-003, NAMB-01: the pool's terms with names and signs,
    the difficulty and its terms, the pool's dice, then "|" and the dice
    the 10 earned, the successes (8, 10, 7 at 6) and the level."""
    assert rolled_line(JUMP) == (
        "Dreyer-1 Destreza 3 + Atletismo 2 − múltiple 1 = 4 dice at 6 (base 6):"
        " 8 3 10 2 | 7 → 3 successes: completo"
    )
    assert rolled_line(REST) == (
        "Dreyer:descanso:fraccion fracción 1 = 1 die at 6 (base 6): 9 → 1 success: escaso"
    )


def test_roll_line_flags_critical_and_disastrous() -> None:
    """NAMB-30, N-068, N-075: three or more 10s flag a critical; a botch
    with three or more 1s is flagged disastrous."""
    assert rolled_line(PUNCH) == (
        "Dreyer-2 Fuerza 2 + Pelea 3 = 5 dice at 6 (base 6): 10 10 10 4 1 | 6 2 8"
        " → 5 successes: excelente, critical (3+ 10s)"
    )
    assert rolled_line(ENGINE) == (
        "Muller-3 Inteligencia 2 + Mecánica 1 = 3 dice at 6 (base 6): 1 1 1"
        " → 0 successes: pifia, disastrous (3+ 1s)"
    )


def test_roll_line_automatic_success() -> None:
    """NAMB-02, N-007: an automatic success rolls nothing and counts one."""
    assert rolled_line(CLIMB) == (
        "Muller-1 Destreza 3 + Atletismo 3 = 6 dice at 6 (base 6):"
        " automatic success, nothing rolled (NAMB-02) → 1 success: escaso"
    )


def test_desperate_roll_shows_each_die_and_its_end() -> None:
    """N-177, N-178, N-179, N-180, NAMB-24: each die of the desperate roll
    and what it did; a re-roll leaving no 10 is the disastrous botch."""
    assert rolled_line(LAST) == (
        "Muller-2:desesperada Destreza 1 − salud 1 = 0 dice at 7 (base 7): desperate roll at 10"
        " (N-177): 10 kept, 1 cancels a 10 (rolled again), 4: no 10 left"
        " → 0 successes: pifia, disastrous botch (N-180)"
    )

    def steps(*dice: int) -> tuple[str, ...]:
        return desperate_steps(DesperateRoll("x", dice, 0, DesperateEnd.FAILURE))

    assert steps(10, 10, 3) == ("10 kept", "10 kept", "3 stops")
    assert steps(1) == ("1 with no 10 held",)
    assert steps(5) == ("5 stops",)
    assert steps(10, 10, 1, 7) == ("10 kept", "10 kept", "1 cancels a 10 (rolled again)", "7 stops")
    success = DesperateRoll("x", (10, 6), 1, DesperateEnd.SUCCESS)
    line = rolled_line(rolled("x", (("Fuerza", 0),), success, Level.SCANT, 1))
    assert line.endswith(": 10 kept, 6 stops → 1 success: escaso, success")


def test_public_action_blocks() -> None:
    """N-009, NAMB-03, NAMB-26, NAMB-09: an action's block: id, who, the kind
    and the intent, its roll, the outcome in words and the warnings."""
    assert block(PUBLIC, "Dreyer-1 — Dreyer, compleja: salta el río") == [
        "Dreyer-1 — Dreyer, compleja: salta el río",
        (
            "Dreyer-1 Destreza 3 + Atletismo 2 − múltiple 1 = 4 dice at 6 (base 6):"
            " 8 3 10 2 | 7 → 3 successes: completo"
        ),
        "Result: 3 successes: completo — lands on the far bank",
        "Warning: a modifier of +7 held at +5 outside combat (N-173, NAMB-26)",
    ]


def test_opposed_rival_roll_and_net() -> None:
    """N-023, N-027, NAMB-07: the rival's roll under the active one and the
    net successes, active minus opposing."""
    assert block(PUBLIC, "Dreyer-2 — Dreyer, opuesta: golpea a Kessler, against Kessler")[2:] == [
        (
            "Rival: Dreyer-2:rival Destreza 2 + Esquivar 1 = 3 dice at 6 (base 6): 7 1 2"
            " → 1 success: escaso"
        ),
        "Net: 5 − 1 = 4 (NAMB-07)",
        "Result: 4 levels of bludgeoning damage",
    ]


def test_header_scene_clock_and_options() -> None:
    """N-043, N-048: the exchange, the scene and the clock after it (twelve
    turns to a minute) and the time advanced; the options that differ."""
    lines = render_public(facts(changed_options={"ones_cancel": True})).splitlines()
    assert lines[:5] == [
        "Operación Puente — Comandos de Guerra",
        "Exchange 3 resolved",
        "Options that differ from the defaults: ones_cancel = True",
        "Scene 2: El puente (new scene)",
        "Clock: 1 min 5 t (turn 17); time advanced: 12 turns (1 min 0 t)",
    ]
    assert PUBLIC.endswith("\nNext exchange: 4\n")


def test_checks_rests_and_what_changed() -> None:
    """N-052, N-063, NAMB-10, N-143, NAMB-17: a check's roll and words, a
    rest's Fatiga before and after, and the sheet values that moved."""
    assert block(PUBLIC, "Dreyer:moral — Dreyer, moral check (demoralising: herido; bajo_fuego)")[
        1:
    ] == [
        (
            "Dreyer:moral Liderazgo 3 − salud 1 = 2 dice at 7 (base 6 + bajo_fuego 1): 4 3"
            " → 0 successes: fracaso"
        ),
        "Result: Moral 14 → 9 (loses 5, N-063, NAMB-10)",
    ]
    assert block(PUBLIC, "Rest — Dreyer, 30 min awake: Fatiga 3 → 2")[2] == (
        "Result: Fatiga 3 → 2 (NAMB-17)"
    )
    assert "\n  Dreyer: Moral 14 → 9, Fatiga 3 → 2, Voluntad left 5 → 4\n" in PUBLIC
    muller = "\n  Muller: Fatiga 5 → 6, health penalty 0 → 1, load 20 kg → 25 kg\n"
    assert muller in NARRATOR  # Muller rolled in secret (his pain): not in the players' reports
    assert muller not in PUBLIC and muller not in PRIVATE["bob"]
    assert "Moral 14 → 11" not in PUBLIC  # the Narrator's Kessler: his report only
    assert (
        "  Effect begun on Dreyer: bonificado: +2 dice on the next action from turn 17 until turn 60"
        " (from Dreyer:choice)\n"
    ) in PUBLIC


def test_choices_owed_with_the_words_to_write() -> None:
    """NAMB-11, N-082: who owes which choice, its id and the lines the
    player writes; the id is added when the character owes several."""
    line = (
        "  Dreyer:moral: Dreyer owes a choice since exchange 3 — Moral 9: tries to desert, or"
        " surrenders if threatened (N-085); write `Dreyer: elige trauma` or"
        " `Dreyer: elige voluntad` (NAMB-11)\n"
    )
    assert "\nChoices the rules leave to the players:\n" + line in PUBLIC
    gain = PendingChoice(
        "Dreyer:moral:2", "Dreyer", (ChoiceKind.RECOVER_WILLPOWER, ChoiceKind.BONUS_DICE), "", 3
    )
    done = resolution()
    state = replace(done.state, choices=(CHOICE, gain))
    text = render_public(NarrativoTurnReport(replace(done, state=state), "g", "r"))
    assert (
        "  Dreyer:moral:2: Dreyer owes a choice since exchange 3; write"
        " `Dreyer: elige recupera Dreyer:moral:2` or `Dreyer: elige dados Dreyer:moral:2` (N-081)\n"
    ) in text


def test_waiting_declarations_and_issues() -> None:
    """The issue's "Reports": a declaration without a ruling is listed as
    waiting (id, character, line); the Narrator's own only in his report;
    an order issue in the public report and its player's private one."""
    assert (
        "\nWaiting for the Narrator's ruling:\n  Muller-4 (Muller): Muller: compleja Inteligencia + Mecánica\n"
        in PUBLIC
    )
    assert "Kessler-2" not in PUBLIC
    assert "  Kessler-2 (Kessler): Kessler: simple Astucia\n" in NARRATOR
    issue = (
        "  bob.txt, line 2: unknown skill 'Atletsmo': did you mean Atletismo?\n"
        "      > Muller: Destreza + Atletsmo\n"
    )
    assert issue in PUBLIC and issue in PRIVATE["bob"] and issue in NARRATOR
    assert "Atletsmo" not in PRIVATE["ana"]
    assert "\n  ana.txt: ab12\n" in PUBLIC


HIDDEN_TEXTS = (
    "Kessler-1",
    "Kessler:voluntad",
    "Kessler hears",
    "pánico",
    "alerta",
    "Kessler-9",
    "Moral 14 → 11",
    "Muller:dolor",
    "dolor oculto",
    "pain hidden",
)


def test_hidden_rolls_are_absent_from_the_public_report() -> None:
    """The issue's "Reports": a roll the Narrator hid (an NPC's Astucia) is
    only "a roll made in secret by the Narrator" in the public text and
    JSON: no label, words, effect or die of it."""
    assert PUBLIC.count("  A roll made in secret by the Narrator.\n") == 3
    data = json.loads(render_public_json(facts()))
    text = render_public_json(facts())
    for secret in HIDDEN_TEXTS:
        assert secret not in PUBLIC and secret not in text, secret
    assert data["secret_rolls"] == 3
    assert data["actions"][5] == {"secret": True, "text": "A roll made in secret by the Narrator."}
    purposes = {r["purpose"] for r in data["rolls"]}
    assert "Kessler-1" not in purposes and "Muller:fatiga" in purposes
    assert len(data["rolls"]) == 30


def test_hidden_rolls_are_absent_from_every_private_report() -> None:
    """The issue's "Reports": no player's report, text or JSON, shows a
    hidden roll, nor the sheet of another player's or the Narrator's
    character."""
    for player, text in PRIVATE.items():
        data = render_private_json(facts(), player)
        for secret in (*HIDDEN_TEXTS, "A roll made in secret", "Kessler (Kessler)"):
            assert secret not in text and secret not in data, (player, secret)
    assert "Muller (Muller)" not in PRIVATE["ana"] and "Dreyer (Dreyer)" not in PRIVATE["bob"]
    assert "Muller-1" not in PRIVATE["ana"] and "Dreyer-1" not in PRIVATE["bob"]


def test_revealed_roll_is_shown() -> None:
    """The issue's "Reports": a hidden roll the Narrator revealed is shown to
    all, with the effect it began; one revealed from an earlier exchange is
    named with the exchange it was rolled in."""
    assert block(PUBLIC, "Muller:fatiga — Muller, fatiga check") == [
        "Muller:fatiga — Muller, fatiga check",
        (
            "Muller:fatiga Resistencia 2 + Atletismo 3 = 5 dice at 6 (base 2 + peso 4): 1 2 3 4 5"
            " → 0 successes: fracaso"
        ),
        "Result: faints (NAMB-20)",
        "Effect begun on Muller: desfallecido: from turn 17 until turn 136 (from Muller:fatiga)",
    ]
    assert "Muller:fatiga — Muller, fatiga check\n" in PRIVATE["bob"]
    assert (
        "\nRevealed now by the Narrator:\n  Centinela-1 (rolled in secret in exchange 1): see the record\n"
        in PUBLIC
    )


def test_narrator_report_has_everything() -> None:
    """The issue's "Reports": the Narrator sees the hidden rolls, marked, the
    hidden rolls still unrevealed, every sheet (his own characters too) and
    the count of the dice log."""
    assert block(NARRATOR, "Kessler-1 — Kessler, pasiva: vigila, against Dreyer [hidden]") == [
        "Kessler-1 — Kessler, pasiva: vigila, against Dreyer [hidden]",
        "Kessler-1 Astucia 3 + Alerta 2 = 5 dice at 6 (base 6): 9 9 2 1 5 → 2 successes: moderado",
        "Result: Kessler hears the squad",
        "Effect begun on Kessler: alerta: +1 die from turn 17 until turn 20 (from Kessler-1)",
    ]
    assert "Muller:fatiga — Muller, fatiga check [hidden, revealed]\n" in NARRATOR
    assert "A roll made in secret" not in NARRATOR
    assert (
        "\nHidden rolls not yet revealed:\n  Kessler-1 (rolled in exchange 4)\n"
        "  Kessler-9 (rolled in exchange 2)\n  Kessler:voluntad (rolled in exchange 4)\n"
        "  Muller:dolor (rolled in exchange 4)\n"
    ) in NARRATOR
    assert "  Kessler (Kessler), the Narrator's; no squad, rank 0; bien\n" in NARRATOR
    assert "  Kessler: Moral 14 → 11\n" in NARRATOR
    assert "\nDice log: 44 dice rolled, 14 of them in secret rolls\n" in NARRATOR
    assert "      dolor oculto: from turn 17 until turn 30 (from Muller:dolor)\n" in NARRATOR
    data = json.loads(render_narrator_json(facts()))
    assert data["dice_log"] == {"count": 44, "secret": 14}
    assert len(data["rolls"]) == 44 and [s["id"] for s in data["sheets"]] == [
        "Dreyer",
        "Muller",
        "Kessler",
    ]
    assert data["actions"][5]["hidden"] is True and data["actions"][5]["rolls"][0]["dice"] == [
        9,
        9,
        2,
        1,
        5,
    ]


def test_private_sheets_after_the_exchange() -> None:
    """N-089, N-092, NAMB-28, NAMB-29, N-138, N-139, NAMB-27, NAMB-32,
    N-017, N-018, NAMB-04, NAMB-11: each of the player's characters' sheet:
    Voluntad left of the permanent rating, Moral with its historical
    modifier, Fatiga with exhausted, the health penalty, the load, the
    effects with their last turn, an extended action's progress, the
    choices owed."""
    dreyer = PRIVATE["ana"].split("Sheets after the exchange:\n")[1].split("\n\n")[0]
    assert dreyer.splitlines() == [
        "  Dreyer (Dreyer), player ana; squad alfa, Sargento (rank 3); bien",
        "    Attributes: Fuerza 2, Destreza 3",
        "    Skills: Atletismo 2, Pelea 3",
        "    Voluntad 4 left of 5; Liderazgo 3; Resistencia 2; Aplomo 2",
        "    Moral 9, historical modifier +3 (Túnez 1943): 12 (N-089); Fatiga 2",
        "    Health penalty none (NAMB-32); load 0 kg",
        "    Effects running:",
        "      bonificado: +2 dice on the next action from turn 17 until turn 60 (from Dreyer:choice)",
        "    Extended actions:",
        "      Dreyer-3: 7/20 successes, 5/20 rolls, under way",
        "    Choices owed:",
        (
            "      Dreyer:moral: Dreyer owes a choice since exchange 3 — Moral 9: tries to desert, or"
            " surrenders if threatened (N-085); write `Dreyer: elige trauma` or"
            " `Dreyer: elige voluntad` (NAMB-11)"
        ),
    ]
    muller = PRIVATE["bob"].split("Sheets after the exchange:\n")[1].split("\n\n")[0]
    assert muller.splitlines()[4:] == [
        "    Moral 14; Fatiga 6: agotado, −4 dice (N-139, NAMB-27)",
        "    Health penalty 1 die (NAMB-32); load 25 kg",
        "    Effects running:",
        "      desfallecido: from turn 17 until turn 136 (from Muller:fatiga)",
    ]


def test_tired_and_extended_states_in_words() -> None:
    """N-138, NAMB-27, N-020, NAMB-04: tired is −2 dice; an extended action
    done, failed for good, out of time or with no limit."""
    from renderers.narrativo.sheets import extended_text, fatigue_text

    assert fatigue_text(person("x", "p", fatiga=3)) == "Fatiga 3: cansado, −2 dice (N-138)"
    base = ExtendedAction("x-1", ("x",), 10, None, rolls_made=3, total=4)
    assert extended_text(base) == "x-1: 4/10 successes, 3 rolls, no limit, under way"
    limited = ExtendedAction("x-1", ("x",), 10, 3, rolls_made=3, total=4)
    assert (
        extended_text(limited)
        == "x-1: 4/10 successes, 3/3 rolls, failed for lack of time (NAMB-04)"
    )
    failed = ExtendedAction("x-1", ("x",), 10, 5, rolls_made=2, failed=True)
    assert extended_text(failed).endswith("failed for good (N-020)")


def test_json_twins_hold_the_same_facts() -> None:
    """The issue's "Reports": each JSON parses, keys sorted, and holds the
    text's facts: every roll's line as the text prints it, the sheets."""
    text = render_public_json(facts())
    data = json.loads(text)
    assert text == json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    shown = [a for a in data["actions"] if not a.get("secret")]
    for action in shown:
        for roll in action["rolls"] + action["opposing"]:
            assert roll["line"] in PUBLIC
    first = data["actions"][0]["rolls"][0]
    assert (first["dice"], first["exploded"], first["successes"], first["level"]) == (
        [8, 3, 10, 2],
        [7],
        3,
        "completo",
    )
    assert data["actions"][1]["net"] == 4 and data["actions"][1]["rolls"][0]["critical"] is True
    assert data["actions"][3]["rolls"][0]["desperate"]["end"] == "disaster"
    assert data["clock"]["label"] == "1 min 5 t" and data["advanced_turns"] == 12
    assert data["choices"][0]["write"] == ["Dreyer: elige trauma", "Dreyer: elige voluntad"]
    assert [w["id"] for w in data["waiting"]] == ["Muller-4"]
    bob = json.loads(render_private_json(facts(), "bob"))
    assert bob["sheets"][0]["tiredness"] == -4 and bob["sheets"][0]["voluntad_left"] == 5
    assert [a["id"] for a in bob["actions"]] == ["Muller-1", "Muller-2", "Muller-3"]
    ana = json.loads(render_private_json(facts(), "ana"))
    assert ana["sheets"][0]["historical"] == {"value": 3, "when": "Túnez 1943"}
    assert ana["sheets"][0]["extended"][0]["total"] == 7


def test_reports_are_deterministic() -> None:
    """Numbers and words deterministic, no timestamps: two renderings are
    identical."""
    assert render_public(facts()) == PUBLIC and render_narrator(facts()) == NARRATOR
    assert render_private_json(facts(), "ana") == render_private_json(facts(), "ana")


def test_unknown_player_is_named() -> None:
    """A private report for a player with no character names the players."""
    with pytest.raises(KeyError, match="no character of player 'zoe'.*ana, bob"):
        render_private(facts(), "zoe")
