"""A whole Orbis year through `turn.resolve_year`, with real dice: every die
face a test needs is found by searching the secrets `s0`, `s1`, ... in order
(deterministic), never stubbed."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from adjudicator.core.dice import Dice, derive
from adjudicator.core.phase import Phase
from adjudicator.rulesets.orbis.attributes import Attribute, Statistic
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.modifiers import SkipReason
from adjudicator.rulesets.orbis.options import OrbisOptions
from adjudicator.rulesets.orbis.prosperity import Resource, TheftLedger
from adjudicator.rulesets.orbis.reach import ReachEntry, ReachLevel, ReachTable
from adjudicator.rulesets.orbis.records import Modifier, ModifierKind
from adjudicator.rulesets.orbis.sheet import Nation
from adjudicator.rulesets.orbis.sheet_files import read_sheets
from adjudicator.rulesets.orbis.state import TURN, OrbisState
from adjudicator.rulesets.orbis.turn import (
    GmInput,
    MedidaResult,
    OrbisOrder,
    OrbisResolution,
    resolve_year,
)
from orders.issues import IssueKind
from orders.orbis.gm_file import read_gm_file
from orders.orbis.model import Medida, NoDefence, OrbisNames, ParsedGm
from orders.orbis.reader import read_post

GAME = "orbis-test"
OPTIONS = OrbisOptions()
SHEETS = {n.id: n for n in read_sheets(Path(__file__).parent / "sheets")}
NAMES = OrbisNames(
    {
        "castilla": ("Castilla", "Reino de Castilla"),
        "avaros": ("Avaros", "Avar Khaganate"),
        "asturias": ("Asturias",),
    },
    {"Córcega": "corcega"},
)


# --- helpers ------------------------------------------------------------------------------


def make_nation(
    nation_id: str,
    *,
    via: int | None = None,
    leg: int | None = None,
    rqu: int = 0,
    pro: int = 0,
    player: str | None = "someone",
    modifiers: Sequence[Modifier] = (),
    vassal_of: str | None = None,
    **values: int,
) -> Nation:
    """A nation with every attribute 20 but those named, indices full unless given."""
    attributes = {a: 20 for a in Attribute}
    attributes.update({Attribute(name): value for name, value in values.items()})
    nation = Nation(
        nation_id,
        nation_id.capitalize(),
        attributes,
        0,
        0,
        rqu,
        pro,
        player=player,
        modifiers=tuple(modifiers),
        vassal_of=vassal_of,
    )
    return replace(
        nation,
        via=nation.via_capacity if via is None else via,
        leg=nation.leg_capacity if leg is None else leg,
    )


def make_state(
    *nations: Nation,
    year: int = 500,
    first_year: int = 500,
    owners: Mapping[str, str] | None = None,
    thefts: TheftLedger | None = None,
    reach: ReachTable | None = None,
    extinct: tuple[str, ...] = (),
) -> OrbisState:
    return OrbisState(
        Phase(year, None, TURN),
        first_year,
        tuple(nations),
        dict(owners or {}),
        thefts=thefts or TheftLedger(),
        reach=reach or ReachTable(),
        extinct=extinct,
    )


def face(secret: str, year: int, purpose: str, index: int = 0) -> int:
    """The d100 face the game's dice give `purpose` in `year` with `secret`."""
    return derive(secret, f"{GAME}|{year}-medidas|{purpose}|{index}", 100)


def secret_where(test: Callable[[str], bool], tries: int = 3000) -> str:
    """The first secret `s<n>` passing `test` (deterministic)."""
    for number in range(tries):
        secret = f"s{number}"
        if test(secret):
            return secret
    raise AssertionError("no secret found: widen the search")


def resolve(state: OrbisState, orders: Sequence[OrbisOrder], secret: str = "s0") -> OrbisResolution:
    return resolve_year(state, orders, OPTIONS, Dice(secret, GAME, state.phase.id))


def only_result(resolution: OrbisResolution, power: str) -> MedidaResult:
    found = [r for r in resolution.results if r.medida.power == power]
    assert len(found) == 1, found
    return found[0]


def gm(text: str, names: OrbisNames = NAMES) -> ParsedGm:
    parsed = read_gm_file(text, file="gm.yaml", names=names)
    assert not parsed.issues, [issue.message for issue in parsed.issues]
    return parsed


def purposes(resolution: OrbisResolution) -> list[str]:
    return [roll.purpose for roll in resolution.rolls]


def ofensiva(power: str, target: str | None) -> Medida:
    return Medida(power, "ofensiva", target=target, mode="contra" if target else None)


# --- O-016 .. O-019: the roll -----------------------------------------------------------


def test_worked_example_ofensiva_fifty() -> None:
    """O-016, O-014, O-015, O-093: Castilla's Ofensiva is MIL 20 + GES 30 = 50; a face
    below 50 succeeds and wrecks the target's VIA by the level's size, a face above
    50 fails and changes nothing."""
    castilla, avaros = SHEETS["castilla"], SHEETS["avaros"]
    assert castilla.statistic(Statistic.OFENSIVA) == 50
    state = make_state(castilla, avaros)
    orders: list[OrbisOrder] = [ofensiva("castilla", "avaros"), NoDefence("avaros")]
    below = secret_where(lambda s: 1 < face(s, 500, "medida:castilla") < 50)
    above = secret_where(lambda s: 50 < face(s, 500, "medida:castilla") < 100)

    won = resolve(state, orders, below)
    result = only_result(won, "castilla")
    assert result.outcome is not None and result.exterior and result.target == "avaros"
    roll = result.outcome.roll
    assert (roll.threshold, roll.face, roll.modifier.total) == (
        50,
        face(below, 500, "medida:castilla"),
        0,
    )
    assert roll.level is not None and roll.level.success and result.outcome.prevails
    assert won.state.nation("avaros").via == 70 - roll.level.size

    lost = resolve(state, orders, above)
    result = only_result(lost, "castilla")
    assert result.outcome is not None
    assert result.outcome.roll.level is not None and not result.outcome.roll.level.success
    assert not result.outcome.prevails
    assert lost.state.nation("avaros").via == 70


def test_worked_example_exterior_tie_without_defence() -> None:
    """O-019, O-034, AMB-36, O-043: an exterior Ofensiva whose total equals u = 50,
    against a target that does not defend, is a slight success (LE: −4 VIA)."""
    state = make_state(SHEETS["castilla"], SHEETS["avaros"])
    secret = secret_where(lambda s: face(s, 500, "medida:castilla") == 50)
    resolution = resolve(state, [ofensiva("castilla", "avaros"), NoDefence("avaros")], secret)
    outcome = only_result(resolution, "castilla").outcome
    assert outcome is not None and outcome.roll.level is None
    assert outcome.level is Level.LE and outcome.counter is None
    assert resolution.state.nation("avaros").via == 66


def test_natural_one_always_succeeds() -> None:
    """O-017, O-033, AMB-47: a natural 1 is EC even when penalties push the total
    (1 + 50) far above the threshold (2)."""
    penalties = [
        Modifier(Attribute.MIL, 25, 510, ModifierKind.EVENT, "peste"),
        Modifier(Attribute.GES, 25, 510, ModifierKind.EVENT, "peste"),
    ]
    weak = make_nation("debil", MIL=1, GES=1, modifiers=penalties)
    secret = secret_where(lambda s: face(s, 500, "medida:debil") == 1)
    outcome = only_result(resolve(make_state(weak), [ofensiva("debil", None)], secret), "debil")
    assert outcome.outcome is not None
    roll = outcome.outcome.roll
    assert (roll.face, roll.total, roll.threshold) == (1, 51, 2)
    assert roll.level is Level.EC and outcome.outcome.level is Level.EC


def test_natural_hundred_always_fails() -> None:
    """O-018, O-029, AMB-47: a natural 100 is FC even when bonuses bring the total
    (100 − 50) far below the threshold (99)."""
    bonuses = [
        Modifier(Attribute.MIL, -25, 510, ModifierKind.EVENT, "cosecha"),
        Modifier(Attribute.GES, -25, 510, ModifierKind.EVENT, "cosecha"),
    ]
    strong = make_nation("fuerte", MIL=49, GES=50, modifiers=bonuses)
    secret = secret_where(lambda s: face(s, 500, "medida:fuerte") == 100)
    result = only_result(resolve(make_state(strong), [ofensiva("fuerte", None)], secret), "fuerte")
    assert result.outcome is not None
    roll = result.outcome.roll
    assert (roll.face, roll.total, roll.threshold) == (100, 50, 99)
    assert roll.level is Level.FC and not result.outcome.prevails


# --- counter-measures -------------------------------------------------------------------


def test_counter_measure_only_after_success() -> None:
    """O-044, O-022, O-093: a failed exterior Ofensiva meets no counter-measure; a
    successful one meets the target's Defensa (Ofensiva, its own counter)."""
    state = make_state(make_nation("a", MIL=30, GES=30), make_nation("b"))
    orders = [ofensiva("a", "b")]
    fails = secret_where(lambda s: 60 < face(s, 500, "medida:a") < 100)
    succeeds = secret_where(lambda s: 1 < face(s, 500, "medida:a") < 60)

    failed = resolve(state, orders, fails)
    outcome = only_result(failed, "a").outcome
    assert outcome is not None and outcome.counter is None
    assert purposes(failed) == ["medida:a"]

    won = resolve(state, orders, succeeds)
    outcome = only_result(won, "a").outcome
    assert outcome is not None and outcome.counter is not None
    assert outcome.counter.nation == "b" and outcome.counter.statistic is Statistic.OFENSIVA
    assert outcome.counter.face == face(succeeds, 500, "counter:b:a")
    assert purposes(won) == ["medida:a", "counter:b:a"]


def test_no_defence_skips_the_counter_measure() -> None:
    """O-043: a target that says it does not defend rolls no counter-measure; a
    "no defence" against another nation does not cover this attacker."""
    state = make_state(make_nation("a", MIL=30, GES=30), make_nation("b"), make_nation("c"))
    secret = secret_where(lambda s: 1 < face(s, 500, "medida:a") < 60)

    undefended = resolve(state, [ofensiva("a", "b"), NoDefence("b")], secret)
    outcome = only_result(undefended, "a").outcome
    assert outcome is not None and outcome.counter is None and outcome.prevails
    assert "counter:b:a" not in purposes(undefended)

    elsewhere = resolve(state, [ofensiva("a", "b"), NoDefence("b", against="c")], secret)
    outcome = only_result(elsewhere, "a").outcome
    assert outcome is not None and outcome.counter is not None
    assert "counter:b:a" in purposes(elsewhere)


@pytest.mark.parametrize(
    ("statistic", "counter"),
    [
        (Statistic.COMERCIO, Statistic.COMPETENCIA),
        (Statistic.COMPETENCIA, Statistic.COMERCIO),
        (Statistic.INTIMIDACION, Statistic.MORAL),
        (Statistic.HEGEMONIA, Statistic.DISCIPLINA),
        (Statistic.ESPIONAJE, Statistic.SEGURIDAD),
        (Statistic.RETORICA, Statistic.TRADICION),
        (Statistic.INTRIGA, Statistic.PROTOCOLO),
        (Statistic.INCISION, Statistic.INCISION),
        (Statistic.SABOTAJE, Statistic.SABOTAJE),
    ],
)
def test_counter_statistic_by_the_pairs(statistic: Statistic, counter: Statistic) -> None:
    """AMB-12, O-040, O-094, O-095, O-097 .. O-102: a successful medida against
    another nation meets the counter of its pair (Comercio by Competencia...),
    rolled on the defender's own attributes; the rest counter themselves."""
    attacker = make_nation(
        "a", MIL=45, AUX=45, ECN=45, CLT=45, ADM=45, GES=45, LEA=45, TCN=45, INT=45, PRS=45
    )
    defender = make_nation("b", ECN=11, PRS=13, MIL=17, LEA=19, AUX=23, ADM=29, GES=31)
    secret = secret_where(lambda s: 1 < face(s, 500, "medida:a") < 90)
    medida = Medida("a", statistic.value, target="b", mode="contra")
    outcome = only_result(resolve(make_state(attacker, defender), [medida], secret), "a").outcome
    assert outcome is not None and outcome.counter is not None
    assert outcome.counter.statistic is counter
    assert outcome.counter.threshold == defender.statistic(counter)


# --- purchases, one medida, the GM's inputs ----------------------------------------------


def castilla_post(text: str) -> list[OrbisOrder]:
    post = read_post(text, file="castilla.txt", power="castilla", names=NAMES)
    return [*post.medidas, *post.spends, *post.no_defence]


def test_purchase_paid_before_the_rolls_applies_to_the_medida() -> None:
    """AMB-17, O-138, O-055, AMB-07: `Gasto: 5 RQU en -6 a GES` posted with an
    Ofensiva is paid before the roll and its −6 applies to that Ofensiva (MIL + GES),
    then goes at its first use; Castilla's older ECN record is not involved."""
    castilla = SHEETS["castilla"]
    state = make_state(castilla, SHEETS["avaros"])
    orders = castilla_post("Gasto: 5 RQU en -6 a GES.\nMedida: Ofensiva contra Avaros.")
    resolution = resolve(state, orders)
    outcome = only_result(resolution, "castilla").outcome
    assert outcome is not None
    modifier = outcome.roll.modifier
    assert modifier.total == -6
    [used] = modifier.used
    assert (used.attribute, used.value, used.kind) == (Attribute.GES, -6, ModifierKind.PURCHASE)
    after = resolution.state.nation("castilla")
    assert after.rqu == castilla.rqu - 5
    assert after.modifiers == castilla.modifiers
    assert resolution.purchases and resolution.purchases[0][0] == "castilla"


def test_declined_purchase_bonus_stays() -> None:
    """O-047, AMB-07, AMB-17: a player who declines his bonuses rolls without the
    bought −6, which is not used and stays on the sheet."""
    castilla = SHEETS["castilla"]
    state = make_state(castilla, SHEETS["avaros"])
    orders = castilla_post(
        "Gasto: 5 RQU en -6 a GES.\nMedida: Ofensiva contra Avaros (sin usar bonificadores)."
    )
    resolution = resolve(state, orders)
    outcome = only_result(resolution, "castilla").outcome
    assert outcome is not None and outcome.roll.modifier.total == 0
    kept = [
        m for m in resolution.state.nation("castilla").modifiers if m.attribute is Attribute.GES
    ]
    assert [(m.value, m.kind, m.until) for m in kept] == [(-6, ModifierKind.PURCHASE, 504)]


def test_one_medida_per_nation() -> None:
    """O-020, AMB-43: a post with two medidas and no extra keeps the first; the
    second is refused with a message and the year rolls one medida."""
    post = read_post(
        "Medida: Ofensiva contra Avaros.\nMedida: Comercio contra Avaros.",
        file="castilla.txt",
        power="castilla",
        names=NAMES,
    )
    assert [m.statistic for m in post.medidas] == ["ofensiva"]
    assert [issue.kind for issue in post.issues] == [IssueKind.ILLEGAL]
    assert "O-020" in post.issues[0].message
    resolution = resolve(make_state(SHEETS["castilla"], SHEETS["avaros"]), list(post.medidas))
    assert [r.statistic for r in resolution.results] == [Statistic.OFENSIVA]
    assert purposes(resolution).count("medida:castilla") == 1


def test_vetoed_medida_is_refused() -> None:
    """O-002: the GM vetoes Castilla's medida (ASB): it is refused with the reason,
    never rolled, and changes nothing."""
    state = make_state(SHEETS["castilla"], SHEETS["avaros"])
    parsed = gm("year: 500\nveto:\n  - {nation: Castilla, reason: 'ASB: dragones'}\n")
    resolution = resolve(state, [ofensiva("castilla", "avaros"), GmInput("gm", parsed)])
    result = only_result(resolution, "castilla")
    assert result.refused is not None and "O-002" in result.refused
    assert "dragones" in result.refused
    assert result.outcome is None
    assert resolution.rolls == ()
    assert resolution.state.nations == state.nations


def test_reclassified_medida_rolls_the_gm_statistic() -> None:
    """O-118, O-112: the GM re-classifies Castilla's Ofensiva as Intriga: it rolls
    Intriga (ADM 15 + INT 10 = 25), not Ofensiva (50)."""
    state = make_state(SHEETS["castilla"], SHEETS["avaros"])
    parsed = gm("reclassify:\n  - {nation: Castilla, statistic: Intriga}\n")
    resolution = resolve(state, [ofensiva("castilla", "avaros"), GmInput("gm", parsed)])
    result = only_result(resolution, "castilla")
    assert result.statistic is Statistic.INTRIGA
    assert result.outcome is not None
    assert result.outcome.roll.statistic is Statistic.INTRIGA
    assert result.outcome.roll.threshold == 25


def test_event_modifier_applies_and_expires() -> None:
    """O-009, O-049, O-046, AMB-07: an event's +10 MIL through 502 is on Castilla's
    Ofensiva rolls of 500 .. 502, is not used up by them, and is gone in 503."""
    state = make_state(SHEETS["castilla"])
    parsed = gm(
        "year: 500\nevents:\n  - name: Peste\n    modifiers:\n"
        "      - {nation: Castilla, attribute: MIL, value: 10, until: 502}\n"
    )
    resolution = resolve(state, [ofensiva("castilla", None), GmInput("gm", parsed)])
    assert any("Peste" in note for note in resolution.notes)
    for year in (500, 501, 502):
        outcome = only_result(resolution, "castilla").outcome
        assert outcome is not None and outcome.roll.modifier.total == 10, year
        assert [m.source for m in resolution.state.nation("castilla").modifiers].count("Peste") == (
            1 if year < 502 else 0
        )
        if year < 502:
            resolution = resolve(resolution.state, [ofensiva("castilla", None)])
    assert resolution.state.year == 503


def _with_ges_bonus(castilla: Nation) -> Nation:
    record = Modifier(Attribute.GES, -6, 504, ModifierKind.PURCHASE, "compra GES")
    return replace(castilla, modifiers=(*castilla.modifiers, record))


def test_gm_reach_level_excludes_the_pools() -> None:
    """AMB-09, O-062, O-065: with the GM's Muy Lejano between Castilla and the Avars
    the Ofensiva carries +20 and only that: the GES −6 is shut out, neither applied
    nor used; without a reach level the −6 applies and is used."""
    castilla = _with_ges_bonus(SHEETS["castilla"])
    state = make_state(castilla, SHEETS["avaros"])
    parsed = gm("reach:\n  - {nations: [Castilla, Avaros], level: muy lejano}\n")
    far = resolve(state, [ofensiva("castilla", "avaros"), GmInput("gm", parsed)])
    outcome = only_result(far, "castilla").outcome
    assert outcome is not None
    modifier = outcome.roll.modifier
    assert (modifier.reach, modifier.total, modifier.used) == (20, 20, ())
    assert [(s.modifier.attribute, s.reason) for s in modifier.skipped] == [
        (Attribute.GES, SkipReason.ALCANCE)
    ]
    assert far.state.nation("castilla").modifiers == castilla.modifiers
    assert far.state.reach.level("avaros", "castilla") is ReachLevel.MUY_LEJANO

    near = resolve(state, [ofensiva("castilla", "avaros")])
    outcome = only_result(near, "castilla").outcome
    assert outcome is not None and outcome.roll.modifier.total == -6
    assert near.state.nation("castilla").modifiers == SHEETS["castilla"].modifiers


@pytest.mark.parametrize(
    ("level", "rule"), [(ReachLevel.IMPOSIBLE, "O-063"), (ReachLevel.TRIVIAL, "O-074")]
)
def test_impossible_or_trivial_reach_is_refused(level: ReachLevel, rule: str) -> None:
    """O-063, O-074: an impossible action cannot be attempted and a trivial one
    needs no medida: either way nothing is rolled."""
    table = ReachTable((ReachEntry("castilla", "avaros", level),))
    state = make_state(SHEETS["castilla"], SHEETS["avaros"], reach=table)
    resolution = resolve(state, [ofensiva("castilla", "avaros")])
    result = only_result(resolution, "castilla")
    assert result.refused is not None and rule in result.refused
    assert result.outcome is None and resolution.rolls == ()


def test_gm_file_can_declare_an_impossible_reach() -> None:
    """O-063, AMB-09: the GM declares an action between two nations impossible in
    the year's GM file, and the medida is refused."""
    state = make_state(SHEETS["castilla"], SHEETS["avaros"])
    parsed = read_gm_file(
        "reach:\n  - {nations: [Castilla, Avaros], level: imposible}\n",
        file="gm.yaml",
        names=NAMES,
    )
    assert not parsed.issues
    result = only_result(
        resolve(state, [ofensiva("castilla", "avaros"), GmInput("gm", parsed)]), "castilla"
    )
    assert result.refused is not None and "O-063" in result.refused


# --- the year as a whole ------------------------------------------------------------------


def test_effects_apply_after_every_roll() -> None:
    """O-005, O-114, O-046, AMB-07: the turn is simultaneous. Aragón's Hegemonía
    (−MIL) on Borgoña prevails, yet Borgoña's Ofensiva (MIL + GES) of the same year
    is rolled without that penalty; the penalty is on Borgoña's sheet afterwards."""
    aragon = make_nation("aragon", AUX=45, PRS=45)
    borgona = make_nation("borgona")
    orders: list[OrbisOrder] = [
        Medida("aragon", "hegemonia", target="borgona", mode="contra"),
        ofensiva("borgona", "aragon"),
        NoDefence("borgona"),
        NoDefence("aragon"),
    ]
    secret = secret_where(lambda s: 1 < face(s, 500, "medida:aragon") < 90)
    resolution = resolve(make_state(aragon, borgona), orders, secret)
    hegemonia = only_result(resolution, "aragon")
    assert hegemonia.outcome is not None and hegemonia.outcome.level is not None
    assert hegemonia.outcome.prevails
    ofensiva_roll = only_result(resolution, "borgona").outcome
    assert ofensiva_roll is not None and ofensiva_roll.roll.modifier.total == 0
    [penalty] = resolution.state.nation("borgona").modifiers
    assert (penalty.attribute, penalty.value, penalty.until) == (
        Attribute.MIL,
        hegemonia.outcome.level.size,
        504,
    )


def test_precedent_after_four_failed_years() -> None:
    """O-051, O-052, AMB-05: the same Ofensiva against the same target failing in
    500 .. 503 carries +10 in 504, a condition outside the pools; none before."""
    state = make_state(make_nation("a", MIL=1, GES=1), make_nation("b"))
    secret = secret_where(lambda s: all(face(s, year, "medida:a") > 2 for year in range(500, 504)))
    for year in range(500, 505):
        assert state.year == year
        resolution = resolve(state, [ofensiva("a", "b")], secret)
        outcome = only_result(resolution, "a").outcome
        assert outcome is not None
        conditions = dict(outcome.roll.modifier.conditions)
        if year < 504:
            assert outcome.roll.level is not None and not outcome.roll.level.success
            assert "precedente" not in conditions
        else:
            assert conditions == {"precedente": 10}
            assert outcome.roll.modifier.total == 10
        state = resolution.state


def test_cycle_end_after_504() -> None:
    """O-130, O-137, O-155, O-007, AMB-38, AMB-16: the game starting in 500, after
    504 every nation gains +5 RQU and +1 PRO and a damaged one +5 VIA and LEG,
    capped at capacity; 503 is no cycle end."""
    damaged = make_nation("herida", via=40, leg=58, rqu=1, pro=2)  # capacities 60 / 60
    whole = make_nation("sana", rqu=0, pro=0)
    after = resolve(make_state(damaged, whole, year=504), []).state
    assert after.phase == Phase(505, None, TURN)
    herida, sana = after.nation("herida"), after.nation("sana")
    assert (herida.rqu, herida.pro, herida.via, herida.leg) == (6, 3, 45, 60)
    assert (sana.rqu, sana.pro, sana.via, sana.leg) == (5, 1, 60, 60)

    quiet = resolve(make_state(damaged, whole, year=503), []).state
    assert quiet.nations == (damaged, whole)
    later = resolve(make_state(damaged, year=504, first_year=501), []).state
    assert later.nations == (damaged,)


def test_nation_with_both_indices_empty_is_extinct() -> None:
    """O-135, O-094, O-126: an Incisión takes a nation's last 4 LEG with its VIA
    already at 0: the nation is extinct; one left with LEG is not."""
    raider = make_nation("raider", AUX=45, GES=45)
    victim = make_nation("victim", via=0, leg=4)
    secret = secret_where(lambda s: 1 < face(s, 500, "medida:raider") < 90)
    orders: list[OrbisOrder] = [
        Medida("raider", "incision", target="victim", mode="contra"),
        NoDefence("victim"),
    ]
    resolution = resolve(make_state(raider, victim), orders, secret)
    assert resolution.state.nation("victim").leg == 0
    assert resolution.state.extinct == ("victim",)
    assert any("O-135" in note for note in resolution.notes)

    spared = resolve(make_state(raider, replace(victim, leg=30)), orders, secret)
    assert spared.state.extinct == ()


def _very_successful(nation: str) -> str:
    """A secret whose face gives ME against u = 90 (M > 66: faces 2 .. 30)."""
    return secret_where(lambda s: 1 < face(s, 500, f"medida:{nation}") <= 30)


def test_intervencion_gains_rqu() -> None:
    """O-100, O-147: a very successful Intervención gains +5 RQU."""
    nation = make_nation("rica", ECN=45, LEA=45, rqu=2)
    resolution = resolve(
        make_state(nation), [Medida("rica", "intervencion")], _very_successful("rica")
    )
    outcome = only_result(resolution, "rica").outcome
    assert outcome is not None and outcome.level is Level.ME
    assert resolution.state.nation("rica").rqu == 7


def test_desarrollo_gains_pro() -> None:
    """O-110, O-168: a very successful Desarrollo gains +3 PRO."""
    nation = make_nation("sabia", ECN=45, INT=45, pro=1)
    resolution = resolve(
        make_state(nation), [Medida("sabia", "desarrollo")], _very_successful("sabia")
    )
    outcome = only_result(resolution, "sabia").outcome
    assert outcome is not None and outcome.level is Level.ME
    assert resolution.state.nation("sabia").pro == 4


def test_sabotaje_within_the_cap_of_a_nation_without_player() -> None:
    """O-109, O-149, O-152, AMB-18: a very successful Sabotaje (−5 / +4 by the
    table) against a NsJ that already lost 5 RQU in 496 takes only the 2 RQU left
    under its ten-year cap of 7; the thief gains 2; the ledger records 2 in 500."""
    thief = make_nation("ladron", AUX=45, INT=45, rqu=0)
    victim = make_nation("nsj", player=None, AUX=1, INT=1, rqu=20)
    ledger = TheftLedger({("nsj", 496, Resource.RQU): 5})
    secret = secret_where(
        lambda s: 1 < face(s, 500, "medida:ladron") <= 30 and face(s, 500, "counter:nsj:ladron") > 2
    )
    orders = [Medida("ladron", "sabotaje", target="nsj", mode="contra")]
    resolution = resolve(make_state(thief, victim, thefts=ledger), orders, secret)
    outcome = only_result(resolution, "ladron").outcome
    assert outcome is not None and outcome.level is Level.ME
    assert resolution.state.nation("nsj").rqu == 18
    assert resolution.state.nation("ladron").rqu == 2
    assert resolution.state.thefts.losses[("nsj", 500, Resource.RQU)] == 2

    free = resolve(make_state(thief, victim), orders, secret)
    assert (free.state.nation("nsj").rqu, free.state.nation("ladron").rqu) == (15, 4)


def test_precedent_after_four_successful_years() -> None:
    """O-051, AMB-05: a domestic Intervención succeeding in 500 .. 503 carries −10
    (a bonus) in 504; a year without it (505 skipped) resets the streak."""
    state = make_state(make_nation("a", ECN=45, LEA=45))
    secret = secret_where(
        lambda s: all(1 < face(s, year, "medida:a") < 90 for year in range(500, 504))
    )
    for year in range(500, 505):
        resolution = resolve(state, [Medida("a", "intervencion")], secret)
        outcome = only_result(resolution, "a").outcome
        assert outcome is not None
        expected = {"precedente": -10} if year == 504 else {}
        assert dict(outcome.roll.modifier.conditions) == expected, year
        state = resolution.state
    state = resolve(state, []).state
    resolution = resolve(state, [Medida("a", "intervencion")], secret)
    outcome = only_result(resolution, "a").outcome
    assert outcome is not None and dict(outcome.roll.modifier.conditions) == {}


def test_counter_measure_uses_the_defender_records_and_conditions() -> None:
    """O-055, AMB-07, AMB-16, AMB-20, O-177: the Avars' Defensa carries their GES −6
    (then used up), the horde's −10 on MIL and the +15 of an empty VIA."""
    bonus = Modifier(Attribute.GES, -6, 503, ModifierKind.PURCHASE, "compra avar")
    avaros = replace(SHEETS["avaros"], via=0, modifiers=(bonus,))
    state = make_state(make_nation("a", MIL=45, GES=45), avaros)
    secret = secret_where(lambda s: 1 < face(s, 500, "medida:a") < 90)
    resolution = resolve(state, [ofensiva("a", "avaros")], secret)
    outcome = only_result(resolution, "a").outcome
    assert outcome is not None and outcome.counter is not None
    counter = outcome.counter.modifier
    assert dict(counter.conditions) == {"estabilidad": 15, "tipo de nación": -10}
    assert (counter.total, counter.used) == (-6 + 15 - 10, (bonus,))
    assert resolution.state.nation("avaros").modifiers == ()


def test_unpaid_purchase_refused_and_the_next_bought() -> None:
    """AMB-17, O-141, O-138: with 10 RQU, `20 RQU en VIA` is refused and the
    following `5 RQU en -6 a GES` is still bought, before the roll."""
    castilla = SHEETS["castilla"]
    orders = castilla_post(
        "Gasto: 20 RQU en VIA, 5 RQU en -6 a GES.\nMedida: Ofensiva contra Avaros."
    )
    resolution = resolve(make_state(castilla, SHEETS["avaros"]), orders)
    assert [p[0] for p in resolution.purchases] == ["castilla", "castilla"]
    assert "bought 0" in resolution.purchases[0][1]
    assert "bought 1" in resolution.purchases[1][1]
    after = resolution.state.nation("castilla")
    assert (after.rqu, after.via) == (5, castilla.via)
    outcome = only_result(resolution, "castilla").outcome
    assert outcome is not None and outcome.roll.modifier.total == -6


def test_secret_medida_stays_private_unless_countered() -> None:
    """O-043, O-044: a medida the GM marks secret is private; a successful
    counter-measure reveals it, a failed one does not."""
    state = make_state(make_nation("a", MIL=45, GES=45), make_nation("b", MIL=30, GES=30))
    parsed = gm("secret: [A]\n", OrbisNames({"a": ("A",), "b": ("B",)}))
    orders: list[OrbisOrder] = [ofensiva("a", "b"), GmInput("gm", parsed)]
    hidden = secret_where(
        lambda s: 1 < face(s, 500, "medida:a") < 90 and 60 < face(s, 500, "counter:b:a") < 100
    )
    revealed = secret_where(
        lambda s: 1 < face(s, 500, "medida:a") < 90 and 1 < face(s, 500, "counter:b:a") < 60
    )
    result = only_result(resolve(state, orders, hidden), "a")
    assert result.secret and not result.public
    result = only_result(resolve(state, orders, revealed), "a")
    assert result.secret and result.public


# --- findings -----------------------------------------------------------------------------


def test_invasion_of_a_held_region_meets_the_holder_defence() -> None:
    """O-022, O-043, AMB-32: an Ofensiva into a region another nation holds is an
    exterior medida against that nation: when it succeeds the holder's Defensa is
    rolled automatically."""
    state = make_state(make_nation("a", MIL=30, GES=30), make_nation("b"), owners={"corcega": "b"})
    secret = secret_where(lambda s: 1 < face(s, 500, "medida:a") < 60)
    medida = Medida("a", "ofensiva", target="corcega", region="corcega")
    resolution = resolve(state, [medida], secret)
    result = only_result(resolution, "a")
    assert result.exterior and result.target == "b"
    assert result.outcome is not None and result.outcome.counter is not None


def test_extinct_nation_no_longer_acts() -> None:
    """O-135: a nation already extinct has no medida: its Ofensiva is not rolled
    and its target's VIA is untouched."""
    state = make_state(
        make_nation("gone", via=0, leg=0, MIL=45, GES=45), make_nation("b"), extinct=("gone",)
    )
    secret = secret_where(lambda s: 1 < face(s, 500, "medida:gone") < 90)
    resolution = resolve(state, [ofensiva("gone", "b"), NoDefence("b")], secret)
    assert "medida:gone" not in purposes(resolution)
    assert resolution.state.nation("b").via == 60


def test_nation_emptied_in_the_cycle_last_year_is_extinct() -> None:
    """O-135, O-130, AMB-38: an Incisión empties a nation's LEG (its VIA already 0)
    in 504, the cycle's last year: it is extinct, not restored by the cycle."""
    raider = make_nation("raider", AUX=45, GES=45)
    victim = make_nation("victim", via=0, leg=4)
    secret = secret_where(lambda s: 1 < face(s, 504, "medida:raider") < 90)
    orders: list[OrbisOrder] = [
        Medida("raider", "incision", target="victim", mode="contra"),
        NoDefence("victim"),
    ]
    resolution = resolve(make_state(raider, victim, year=504), orders, secret)
    assert resolution.state.extinct == ("victim",)


def test_domestic_or_exterior_by_where_the_medida_acts() -> None:
    """O-013, AMB-32: a medida in a region the nation holds is domestic (no
    counter-measure, r = u a success); in a region another nation holds it is
    exterior, against that nation, and meets its counter-measure (O-022)."""
    a, b = make_nation("a"), make_nation("b")
    state = make_state(a, b, owners={"home": "a", "away": "b"})
    at_home = Medida("a", "construccion", target="home", region="home")
    abroad = Medida("a", "ofensiva", target="away", region="away")
    secret = secret_where(lambda s: face(s, 500, "medida:a") < 30)
    inside = only_result(resolve(state, [at_home], secret), "a")
    assert not inside.exterior and inside.outcome is not None and inside.outcome.counter is None
    outside = only_result(resolve(state, [abroad], secret), "a")
    assert outside.exterior and outside.target == "b"
    assert outside.outcome is not None and outside.outcome.counter is not None
    assert outside.outcome.counter.nation == "b"


def test_gifts_of_rqu_and_pro_between_nations() -> None:
    """O-143, O-164: a nation gives RQU or PRO to another (tribute, bribes),
    paid before the rolls, never more than it has."""
    a, b = make_nation("a", rqu=10, pro=2), make_nation("b", rqu=0, pro=0)
    state = make_state(a, b)
    names = OrbisNames({"a": ("A",), "b": ("B", "Bizancio")})
    post = read_post(
        "Medida: Desarrollo\nGasto: 6 RQU a Bizancio, 1 PRO para B\nGasto: 9 RQU a B",
        file="a.txt",
        power="a",
        names=names,
    )
    assert not post.issues
    done = resolve(state, [*post.spends])
    after = {n.id: n for n in done.state.nations}
    assert (after["a"].rqu, after["a"].pro, after["b"].rqu, after["b"].pro) == (4, 1, 6, 1)
    assert ("a", "gift of 9 RQU to b: refused, it has 4") in done.purchases


def test_the_greatest_in_each_attribute_is_shown_at_a_cycle_end() -> None:
    """O-076, AMB-44: at each cycle's end the report names the nation with
    the greatest value of each attribute, for the GM's reward."""
    a, b = make_nation("a", MIL=30), make_nation("b", ECN=35)
    done = resolve(make_state(a, b, year=504), [])
    note = next(n for n in done.notes if n.startswith("Greatest in each attribute"))
    assert "MIL A (30)" in note and "ECN B (35)" in note
    assert not any(n.startswith("Greatest") for n in resolve(make_state(a, b, year=503), []).notes)


def test_a_failed_counter_measure_is_reported_with_its_level() -> None:
    """O-036: the margins of a failure measure the damage to the defending
    nation; the judge reports the defender's failure level for the GM."""
    a, b = make_nation("a"), make_nation("b")
    secret = secret_where(
        lambda s: face(s, 500, "medida:a") < 20 and face(s, 500, "counter:b:a") > 90
    )
    result = only_result(resolve(make_state(a, b), [ofensiva("a", "b")], secret), "a")
    assert result.outcome is not None and result.outcome.counter is not None
    counter_level = result.outcome.counter.level
    assert counter_level is not None and not counter_level.success
    assert counter_level.ordinal >= 2  # a failure past 90 on u = 40 is at least plain
