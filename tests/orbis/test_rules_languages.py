"""Issue 19: what the Orbis resolution tells the players and the GM (effects,
notes, refusals of medidas and purchases, answers to political lines, problems
of the GM's file, of the sheets and of the state file) reads in Spanish and
Catalan, and stays the same English text (domain `orbis_rules`)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from adjudicator.core.phase import Phase
from adjudicator.rulesets.orbis.apply import Won, apply_won
from adjudicator.rulesets.orbis.attributes import Attribute, Statistic
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.modifiers import duration_problem, roll_modifier
from adjudicator.rulesets.orbis.politics.codec import politics_from_dict
from adjudicator.rulesets.orbis.politics.nsj_diplomacy import nsj_diplomacy_note
from adjudicator.rulesets.orbis.politics.register import Politics
from adjudicator.rulesets.orbis.politics.vassals import Vassalage
from adjudicator.rulesets.orbis.politics.year import start_of_year
from adjudicator.rulesets.orbis.prosperity import TheftLedger
from adjudicator.rulesets.orbis.purchases import purchases_of
from adjudicator.rulesets.orbis.records import Modifier, ModifierKind
from adjudicator.rulesets.orbis.sheet_files import read_sheet_data
from adjudicator.rulesets.orbis.state import TURN, OrbisState
from adjudicator.rulesets.orbis.words import joined
from orders.orbis.model import Transfer
from orders.orbis.politics_model import (
    GmCivilWar,
    GmPolitics,
    GmVassalage,
    PoliticalLine,
    TreatyAct,
    TreatyLine,
    VassalAct,
    VassalLine,
)
from tests.orbis.politics.test_year_lines import offer
from tests.orbis.politics.test_year_support import YEAR, make, run, world
from texts import T_, tr, using

NATIONS = world("a", "b", "c", "d", "e", nsj=("n",))


def told(text: object, lang: str) -> str:
    with using(lang, "orbis"):
        return tr(text)


def three(text: object) -> tuple[str, str, str]:
    return told(text, "en"), told(text, "es"), told(text, "ca")


# --- the effects of a medida that prevailed (the yearly report's "effect:") ---


def _won(statistic: Statistic, level: Level, target: str | None, *, against: bool) -> str:
    nations = {"a": make("a"), "b": make("b", via=2)}
    won = Won("a", statistic, level, target, "a", against, f"{statistic.spanish} de a (501)")
    return apply_won(won, nations, TheftLedger(), YEAR).words


def test_a_modifier_effect_reads_in_each_language() -> None:
    words = _won(Statistic.LOGISTICA, Level.ME, None, against=False)
    assert three(words) == (
        "a: bonus -12 on MIL until 505",
        "a: bonificador -12 en MIL hasta 505",
        "a: bonificador -12 en MIL fins a 505",
    )


def test_damage_on_an_emptied_index_says_so() -> None:
    words = _won(Statistic.OFENSIVA, Level.E, "b", against=True)
    assert three(words) == (
        "b -2 VIA (already empty)",
        "b -2 VIA (ya vacío)",
        "b -2 VIA (ja buit)",
    )


def test_a_narrative_effect_is_for_the_gm() -> None:
    words = _won(Statistic.EXPANSION, Level.E, None, against=False)
    assert told(words, "es") == "lo narra el administrador (sin efecto mecánico)"
    assert told(words, "ca") == "ho narra l'administrador (sense efecte mecànic)"


def test_the_roll_modifier_lines_read_in_each_language() -> None:
    record = Modifier(Attribute.ADM, 10, 508, ModifierKind.BEHAVIOUR, "treaty:T503-1")
    conditions: dict[str, int] = {T_("estabilidad"): 5, T_("lejanía"): 10}
    rolled = roll_modifier(
        (record,), Statistic.BUROCRACIA, YEAR, seeks_modifier=False, declined=False,
        conditions=conditions, reach=-20, alcance_exclusive=False,
    )  # fmt: skip
    with using("es", "orbis"):
        assert rolled.lines() == (
            "+10 ADM (conducta: treaty:T503-1)",
            "+5 estabilidad",
            "+10 lejanía",
            "-20 Alcance",
            "total +5",
        )
    with using("ca", "orbis"):
        assert rolled.lines() == (
            "+10 ADM (conducta: treaty:T503-1)",
            "+5 estabilitat",
            "+10 llunyania",
            "-20 Abast",
            "total +5",
        )


# --- notes for the GM ---


def test_the_note_on_a_diplomacia_toward_a_nation_without_player() -> None:
    note = nsj_diplomacy_note("Francos", "Bretones", Level.ME, at_war=False, precedents=0)
    assert told(note, "es") == (
        "Diplomacia de Francos hacia Bretones (sin jugador) con ME: el administrador"
        " responde por Bretones según este nivel y la razonabilidad de los términos"
        " (O-234); se aceptaría un vasallaje (ME o EC, o un éxito con 2 éxitos"
        " anteriores (tiene 0); O-235, AMB-41)"
    )
    assert told(note, "ca").startswith(
        "Diplomàcia de Francos envers Bretones (sense jugador) amb ME: l'administrador"
    )


def test_a_gift_refused_reads_in_each_language() -> None:
    state = OrbisState(Phase(YEAR, None, TURN), 500, (make("a"), make("b")))
    _after, answers = purchases_of(state, [Transfer("a", 50, "RQU", "b")])
    ((nation, words),) = answers
    assert nation == "a"
    assert three(words) == (
        "gift of 50 RQU to b: refused, it has 20",
        "donación de 50 RQU a b: rechazada, tiene 20",
        "donació de 50 RQU a b: rebutjada, en té 20",
    )


def test_a_gm_modifier_with_a_bad_duration() -> None:
    problem = duration_problem(ModifierKind.EVENT, 5, 500, 530)
    assert three(problem) == (
        "it ends in 530, more than 20 years after 500 (O-049)",
        "termina en 530, más de 20 años después de 500 (O-049)",
        "acaba el 530, més de 20 anys després de 500 (O-049)",
    )


# --- answers to political lines ---


def test_refused_political_lines_read_in_each_language() -> None:
    made = run(Politics(), NATIONS, lines=[offer("a", "b")])
    lines: list[PoliticalLine] = [
        TreatyLine("a", TreatyAct.ACCEPT, ref=f"T{YEAR}-1"),
        offer("c", "d", years=25),
        TreatyLine("x", TreatyAct.ACCEPT, ref=f"T{YEAR}-1"),
    ]
    own, long_term, stranger = run(made.politics, NATIONS, lines=lines).answers
    assert three(own.words) == (
        "refused: only its recipient may accept offer 'T501-1' (O-239 .. O-241)",
        "rechazado: solo su destinatario puede aceptar la oferta 'T501-1' (O-239 .. O-241)",
        "rebutjat: només el seu destinatari pot acceptar l'oferta 'T501-1' (O-239 .. O-241)",
    )
    assert told(long_term.words, "es") == (
        "rechazado: un plazo de 25 años: de 1 a 20 (O-245, AMB-39)"
    )
    assert told(stranger.words, "ca") == ("rebutjat: x no és una nació d'aquesta partida")


def test_done_political_lines_and_their_notes() -> None:
    made = run(Politics(), NATIONS, lines=[offer("a", "b")])
    (answer,) = made.answers
    assert three(answer.words) == (
        "offer T501-1 to B published (O-238)",
        "oferta T501-1 a B publicada (O-238)",
        "oferta T501-1 a B publicada (O-238)",
    )
    done = run(made.politics, NATIONS, lines=[TreatyLine("b", TreatyAct.ACCEPT, ref="T501-1")])
    assert [told(n, "es") for n in done.notes] == [
        "Tratado T501-1: tratado T501-1 concluido (O-239)"
    ]


def test_a_vassal_declares_its_independence() -> None:
    politics = Politics(vassalages=(Vassalage("b", "a", 500),))
    nations = {**NATIONS, "b": replace(NATIONS["b"], vassal_of="a")}
    done = run(politics, nations, lines=[VassalLine("b", VassalAct.INDEPENDENCE)])
    (answer,) = done.answers
    assert told(answer.words, "es") == "independencia declarada (O-195, AMB-33)"
    assert told(answer.words, "ca") == "independència declarada (O-195, AMB-33)"
    assert "B declara su independencia (O-195)" in [told(n, "es") for n in done.notes]


# --- the GM's file, the sheets, the state file ---


def test_problems_of_the_gms_file_become_notes_in_each_language() -> None:
    politics = Politics(vassalages=(Vassalage("b", "a", 500),))
    nations = {**NATIONS, "b": replace(NATIONS["b"], vassal_of="a")}
    gm = GmPolitics(
        vassalages=(GmVassalage("x", "a"),),
        freed=("c",),
        civil_wars=(GmCivilWar("a", ("only",), "only"),),
        epoch="half",
    )
    notes = start_of_year(politics, nations, gm, YEAR).notes
    assert [told(n, "es") for n in notes] == [
        "Fichero del administrador: vasallaje x → a: nación desconocida: x",
        "Fichero del administrador: liberado c: no es vasallo",
        (
            "Fichero del administrador: guerra civil en a: una guerra civil necesita dos o más"
            " bandos distintos: ('only',)"
        ),
        "Fichero del administrador: Época 'half': total o parcial (O-300)",
    ]
    assert told(notes[1], "ca") == "Fitxer de l'administrador: alliberat c: no és vassall"
    assert str(notes[1]) == "GM file: freed c: not a vassal"


def test_a_sheet_problem_reads_in_each_language() -> None:
    data = {"name": "Aragón", "dominio": {"MIL": 20, "AUX": 15, "ECN": 15, "CLT": 15}}
    nation, issues = read_sheet_data(data, "aragon.yaml", "aragon")
    assert nation is None
    missing = next(i for i in issues if i.key == "ADM")
    assert told(missing.message, "es") == "falta: Control Administrativo (O-079)"


def test_a_broken_state_file_reads_in_each_language() -> None:
    with pytest.raises(ValueError, match="front capacity") as caught:
        politics_from_dict({"capacity": {"a": -1}}, [make("a")])
    (message,) = caught.value.args
    assert told(message, "es") == (
        "politics.capacity.a: se esperaba una capacidad de frentes de 0 o más (O-211)"
    )


def test_joined_messages_keep_each_part_translatable() -> None:
    parts = [T_("no effect"), T_("Supremacy unchanged")]
    assert three(joined(parts)) == (
        "no effect; Supremacy unchanged",
        "sin efecto; la Supremacía no cambia",
        "sense efecte; la Supremacia no canvia",
    )
