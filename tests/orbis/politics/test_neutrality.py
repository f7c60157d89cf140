"""A neutrality violated by another nation (O-248, O-252, AMB-40): a war
medida of a non-declarant against a nation whose neutrality is in force
costs the violator the declaration's penalty (its own, capped at +15 and
ten years, else +5 for five years) from the next turn, once per violator,
declaration and year, with a public note; the declarant's own breach keeps
its old path (`clashes.breaches`)."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.dice import Dice
from adjudicator.core.phase import Phase
from adjudicator.rulesets.orbis.attributes import DOMINIO, Statistic
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.options import OrbisOptions
from adjudicator.rulesets.orbis.politics.declarations import (
    Declaration,
    DeclarationKind,
    Party,
    Penalty,
    declare,
)
from adjudicator.rulesets.orbis.politics.register import Politics
from adjudicator.rulesets.orbis.records import ModifierKind
from adjudicator.rulesets.orbis.sheet import Nation
from adjudicator.rulesets.orbis.state import TURN, OrbisState
from adjudicator.rulesets.orbis.turn import MedidaResult, OrbisOrder, OrbisResolution, resolve_year
from orders.orbis.model import Medida
from tests.orbis.politics.test_year_support import YEAR, act, make, run, world

S = Statistic
NATIONS = world("a", "b", "c")
VIOLATED = "B violated the neutrality D500-1 of A by a war medida (O-248, O-252)"


def neutral(penalty: Penalty | None = None, *, reasonable: bool = True) -> Declaration:
    """`a`'s neutrality declared in 500."""
    return declare(
        "D500-1", ("a",), "neutral", DeclarationKind.NEUTRALITY, 500, penalty, reasonable=reasonable
    )


def penalties(nation: Nation) -> set[tuple[int, int, ModifierKind, str]]:
    return {(m.value, m.until, m.kind, m.source) for m in nation.modifiers}


def test_a_violator_bears_the_default_penalty() -> None:
    """O-248, O-252, AMB-40: `b`'s Ofensiva against neutral `a` in 501, the
    declaration stating no penalty: +5 on every Dominio attribute through
    506, a public note; the declaration stays in force, `a` unharmed."""
    done = run(Politics(declarations=(neutral(),)), NATIONS, [act("b", S.OFENSIVA, "a")])
    assert penalties(done.nations["b"]) == {
        (5, YEAR + 5, ModifierKind.BEHAVIOUR, "declaration:D500-1")
    }
    assert {m.attribute for m in done.nations["b"].modifiers} == set(DOMINIO)
    assert len(done.nations["b"].modifiers) == 5
    assert done.notes == (
        VIOLATED,
        "declaration D500-1 states no penalty: +5 for 5 years (O-252)",
        "B: +5 through 506, acted against declaration D500-1 in 501 (O-248)",
    )
    assert done.private_notes == {}
    assert done.politics.declarations == (neutral(),)
    assert done.nations["a"].modifiers == ()


def test_the_declarations_own_penalty_and_its_caps() -> None:
    """O-248, O-252, AMB-40: its own +8 for 3 years (through 504); +20 for 12
    cut to +15 for 10 (through 511) with a note; an unreasonable one gives
    the default +5 for 5."""
    war = [act("b", S.OFENSIVA, "a")]
    own = run(Politics(declarations=(neutral(Penalty(8, 3)),)), NATIONS, war)
    assert {(m.value, m.until) for m in own.nations["b"].modifiers} == {(8, 504)}
    assert own.notes[0] == VIOLATED and len(own.notes) == 2
    capped = run(Politics(declarations=(neutral(Penalty(20, 12)),)), NATIONS, war)
    assert {(m.value, m.until) for m in capped.nations["b"].modifiers} == {(15, 511)}
    assert "declaration D500-1: penalty +20 for 12 years cut to +15 for 10 (O-252)" in capped.notes
    unreasonable = neutral(Penalty(8, 3), reasonable=False)
    default = run(Politics(declarations=(unreasonable,)), NATIONS, war)
    assert {(m.value, m.until) for m in default.nations["b"].modifiers} == {(5, 506)}
    assert "declaration D500-1 has an unreasonable penalty: +5 for 5 years (O-252)" in (
        default.notes
    )


def test_only_once_per_violator_and_year() -> None:
    """O-248, O-252: two war medidas of `b` against `a` in one year: one
    sanction, one note; `c`'s own medida is a second violation."""
    war = [act("b", S.OFENSIVA, "a"), act("b", S.SABOTAJE, "a"), act("c", S.INTRIGA, "a")]
    done = run(Politics(declarations=(neutral(),)), NATIONS, war)
    assert len(done.nations["b"].modifiers) == 5
    assert len(done.nations["c"].modifiers) == 5
    assert done.notes.count(VIOLATED) == 1
    assert sum("violated the neutrality" in n for n in done.notes) == 2


def test_a_failed_war_medida_still_violates() -> None:
    """O-248, O-252 (decision: whether it prevailed or not): a very failed
    Ofensiva against the neutral is still a violation."""
    done = run(Politics(declarations=(neutral(),)), NATIONS, [act("b", S.OFENSIVA, "a", Level.MF)])
    assert {(m.value, m.until) for m in done.nations["b"].modifiers} == {(5, 506)}


def test_peaceful_medidas_and_lapsed_declarations_are_no_violation() -> None:
    """O-248, O-250, AMB-40: Comercio with the neutral, a war medida against
    another nation, a neutrality not yet made or lapsed after notice:
    no penalty."""
    calm = run(
        Politics(declarations=(neutral(),)),
        NATIONS,
        [act("b", S.COMERCIO, "a"), act("b", S.OFENSIVA, "c")],
    )
    assert calm.nations["b"].modifiers == () and VIOLATED not in calm.notes
    later = declare("D500-1", ("a",), "neutral", DeclarationKind.NEUTRALITY, YEAR + 1)
    early = run(Politics(declarations=(later,)), NATIONS, [act("b", S.OFENSIVA, "a")])
    assert early.nations["b"].modifiers == ()
    noticed = Declaration(
        "D500-1", "neutral", DeclarationKind.NEUTRALITY, (Party("a", 500, YEAR - 2),)
    )
    lapsed = run(Politics(declarations=(noticed,)), NATIONS, [act("b", S.OFENSIVA, "a")])
    assert lapsed.nations["b"].modifiers == ()


def test_the_declarants_own_breach_keeps_the_old_path() -> None:
    """O-248, O-250, O-252: the neutral `a` attacking `c` breaks its
    declaration (+5 for 5 on `a`, the declaration broken); `b` attacking
    `a` the same year violates nothing: the neutrality protects nobody once
    broken. A joint declarant attacking its partner breaks, not violates."""
    war = [act("a", S.OFENSIVA, "c"), act("b", S.OFENSIVA, "a")]
    done = run(Politics(declarations=(neutral(),)), NATIONS, war)
    assert done.politics.declarations[0].broken == YEAR
    assert {(m.value, m.until) for m in done.nations["a"].modifiers} == {(5, 506)}
    assert done.nations["b"].modifiers == ()
    assert "A broke its neutrality D500-1 by a war medida (O-248, O-250)" in done.notes
    assert not any("violated" in n for n in done.notes)
    joint = declare("D500-1", ("a", "b"), "neutral", DeclarationKind.NEUTRALITY, 500)
    partner = run(Politics(declarations=(joint,)), NATIONS, [act("b", S.OFENSIVA, "a")])
    assert partner.politics.declarations[0].broken_by == "b"
    assert not any("violated" in n for n in partner.notes)


def test_other_declarations_are_not_neutralities() -> None:
    """O-248: a declaration of another kind protects nobody."""
    other = declare("D500-1", ("a",), "friendship", DeclarationKind.OTHER, 500)
    done = run(Politics(declarations=(other,)), NATIONS, [act("b", S.OFENSIVA, "a")])
    assert done.nations["b"].modifiers == () and done.notes == ()


# --- end to end ---------------------------------------------------------------------------


def _year(state: OrbisState, orders: Sequence[OrbisOrder]) -> OrbisResolution:
    return resolve_year(state, orders, OrbisOptions(), Dice("s0", "neutrality", state.phase.id))


def _only(resolution: OrbisResolution, power: str) -> MedidaResult:
    (found,) = [r for r in resolution.results if r.medida.power == power]
    return found


def test_end_to_end_the_violator_pays_on_next_years_roll() -> None:
    """O-248, O-252, AMB-40 through `turn.resolve_year`: `b`'s Ofensiva against
    neutral `a` in 501 is told publicly and files +5 through 506; `b`'s
    Ofensiva against `c` in 502 carries the +5 (its MIL pool), `c`'s none."""
    sheets = tuple(make(n) for n in ("a", "b", "c"))
    politics = Politics(declarations=(neutral(),))
    state = OrbisState(Phase(501, None, TURN), 500, sheets, politics=politics)
    first = _year(state, [Medida("b", "ofensiva", target="a", mode="contra")])
    assert first.politics is not None and VIOLATED in first.politics.notes
    assert {(m.value, m.until) for m in first.state.nation("b").modifiers} == {(5, 506)}
    assert first.state.politics.declarations == (neutral(),)

    orders = [
        Medida("b", "ofensiva", target="c", mode="contra"),
        Medida("c", "ofensiva", target="b", mode="contra"),
    ]
    second = _year(first.state, orders)
    outcome = _only(second, "b").outcome
    assert outcome is not None
    records = [r for share in outcome.roll.modifier.pools for r in share.records]
    assert [(r.value, r.source) for r in records] == [(5, "declaration:D500-1")]
    assert outcome.roll.modifier.total == 5
    other = _only(second, "c").outcome
    assert other is not None and other.roll.modifier.total == 0
